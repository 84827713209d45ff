/**
 * The Model Kenderaan tab of /managevehicle: the vehicle models (name, vehicle type, status, vehicles using it),
 * filtered by words and status; fleetManage adds and edits them in a dialog (VehicleModelSaveSchema).
 */
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Text } from '@chakra-ui/react';
import { LuPencil } from 'react-icons/lu';
import { FLEET_NAME_MAX, VehicleModelSaveSchema, type VehicleModelFilter, type VehicleModelRow } from '@contract/fleet';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { AdminForm, CheckboxInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { SearchFilter, StatusFilter, NewButton, FilterReset } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { notify } from '@/ui/toaster';
import { fleetKeys, modelsCall, refreshFleet, saveModelCall } from './fleet-api';
import { RowFormDialog, StatusBadge, useFleetAccess } from './fleet-parts';
import type { ManageVehicleSearch } from './fleet-search';

const DEFAULT_SORT = { sort: 'name', dir: 'asc' } as const;

export function ModelTab({ search, onSearchChange }: { search: ManageVehicleSearch; onSearchChange: (s: ManageVehicleSearch) => void }) {
  const t = useT();
  const { user, mayManage } = useFleetAccess();
  const [editing, setEditing] = useState<VehicleModelRow | 'new' | null>(null);

  const filter: VehicleModelFilter = useMemo(
    () => ({ ...(search.q ? { text: search.q } : {}), ...(search.status ? { isActive: search.status === 'active' } : {}) }),
    [search.q, search.status],
  );
  const q = listQueryOf(search, DEFAULT_SORT);
  const list = useQuery({
    queryKey: [...fleetKeys.models, 'list', user?.userId, filter, q],
    queryFn: () => modelsCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
  const apply = (patch: Partial<ManageVehicleSearch>) => onSearchChange({ ...search, ...patch, page: undefined });
  const hasFilter = !!(search.q || search.status);

  const columns: AdminColumn<VehicleModelRow>[] = [
    { id: 'no', header: t('fleet.col.no'), width: '56px', cell: (_r, i) => <Text fontVariantNumeric="tabular-nums">{q.start + i + 1}</Text> },
    {
      id: 'name',
      header: t('fleet.col.model'),
      sortable: true,
      cell: (r) => (
        <Text fontWeight="semibold" data-testid="model-name">
          {r.name}
        </Text>
      ),
    },
    { id: 'vehicleType', header: t('fleet.col.vehicleType'), sortable: true, cell: (r) => r.vehicleType },
    {
      id: 'vehicleCount',
      header: t('fleet.col.vehicleCount'),
      sortable: true,
      width: '120px',
      align: 'end',
      cell: (r) => <Text fontVariantNumeric="tabular-nums">{r.vehicleCount}</Text>,
    },
    {
      id: 'isActive',
      header: t('fleet.col.status'),
      sortable: true,
      width: '120px',
      cell: (r) => <StatusBadge active={r.isActive} testId="model-status" />,
    },
  ];
  if (mayManage) {
    columns.push({
      id: 'actions',
      header: '',
      width: '120px',
      align: 'end',
      cell: (r) => (
        <Button size="sm" minH="11" variant="outline" onClick={() => setEditing(r)} data-testid="model-edit">
          <LuPencil /> {t('fleet.edit')}
        </Button>
      ),
    });
  }

  const toolbar = (
    <Flex gap="3" wrap="wrap" align="flex-end" flex="1" minW="0">
      <SearchFilter
        label={t('fleet.filter.text')}
        value={search.q}
        onSearch={(v) => apply({ q: v })}
        placeholder={t('fleet.filter.modelPlaceholder')}
        submit={{ label: t('fleet.search'), testId: 'model-filter-search' }}
        testId="model-filter-text"
      />
      <StatusFilter
        label={t('fleet.filter.status')}
        value={search.status}
        onChange={(status) => apply({ status })}
        width="140px"
        testId="model-filter-status"
      />
      {hasFilter && (
        <FilterReset
          onReset={() => onSearchChange({ tab: 'model', size: search.size, sort: search.sort, dir: search.dir })}
          testId="model-filter-reset"
        />
      )}
    </Flex>
  );

  return (
    <>
      {mayManage && (
        <Flex justify="flex-end" mb="3">
          <NewButton label={t('fleet.model.new')} onClick={() => setEditing('new')} testId="model-new" />
        </Flex>
      )}
      <AdminList
        columns={columns}
        rowKey={(r) => r.pkVehicleModelId}
        query={list}
        search={search}
        onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
        defaultSort={DEFAULT_SORT}
        emptyText={t(hasFilter ? 'fleet.models.emptyFiltered' : 'fleet.models.empty')}
        toolbar={toolbar}
        rowTestId="model-row"
        minW="700px"
        testId="model-list"
      />
      <RowFormDialog
        editing={editing}
        onClose={() => setEditing(null)}
        titles={{ new: t('fleet.model.new'), edit: t('fleet.model.edit') }}
        rowKey={(r) => r.pkVehicleModelId}
        testId="model-dialog"
      >
        {(row) => <ModelForm row={row} onDone={() => setEditing(null)} />}
      </RowFormDialog>
    </>
  );
}

function ModelForm({ row, onDone }: { row?: VehicleModelRow; onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const types = useQuery({ queryKey: [...fleetKeys.models, 'options'], queryFn: () => modelsCall({}), staleTime: 5 * 60_000 });
  const typeNames = [...new Set((types.data?.rows ?? []).map((m) => m.vehicleType))].sort();
  const form = useAdminForm(VehicleModelSaveSchema, {
    pkVehicleModelId: row?.pkVehicleModelId,
    name: row?.name ?? '',
    vehicleType: row?.vehicleType ?? '',
    isActive: row?.isActive ?? true,
  });

  const submit = async (values: z.output<typeof VehicleModelSaveSchema>) => {
    const out = await saveModelCall({ ...values, ...(row ? { pkVehicleModelId: row.pkVehicleModelId } : {}) }, `${t('fleet.model')}: ${values.name}`);
    if (out.status === 'sent') notify.success(t('fleet.model.saved'));
    await refreshFleet(queryClient);
    onDone();
  };

  return (
    <AdminForm form={form} onSubmit={submit} onCancel={onDone} testId="model-form">
      <TextInput
        form={form}
        name="name"
        label={t('fleet.field.modelName')}
        required
        maxLength={FLEET_NAME_MAX}
        autoComplete="off"
        placeholder={t('fleet.field.modelNamePlaceholder')}
        testId="model-name-input"
      />
      <TextInput
        form={form}
        name="vehicleType"
        label={t('fleet.field.vehicleType')}
        required
        maxLength={50}
        autoComplete="off"
        list="fleet-vehicle-types"
        helper={t('fleet.field.vehicleTypeHint')}
        testId="model-type-input"
      />
      <datalist id="fleet-vehicle-types">
        {typeNames.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      {row && <CheckboxInput form={form} name="isActive" label={t('fleet.field.active')} testId="model-active" />}
    </AdminForm>
  );
}
