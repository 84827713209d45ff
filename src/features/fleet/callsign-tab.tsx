/**
 * The Callsign tab of /managevehicle: the call signs of the caller's scope (section, call sign, status, the active
 * vehicle carrying it), filtered by words, section, status and "free only"; fleetManage adds and edits them in a
 * dialog (CallSignSaveSchema) and deletes them after a confirm (the server erases one no vehicle ever carried, else
 * deactivates it, and says which).
 */
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Text } from '@chakra-ui/react';
import { CALLSIGN_MAX, CallSignSaveSchema, type CallSignFilter, type CallSignRow } from '@contract/fleet';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { AdminForm, CheckboxInput, SelectInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { SearchFilter, SectionFilter, StatusFilter, NewButton, FilterReset, FlagFilter } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { notify } from '@/ui/toaster';
import { callsignsCall, deleteCallsignCall, fleetKeys, refreshFleet, saveCallsignCall } from './fleet-api';
import { EditDeleteActions, notifyDeleteOutcome, RowFormDialog, StatusBadge, useFleetAccess, useFleetSections, useRowAction } from './fleet-parts';
import type { ManageVehicleSearch } from './fleet-search';

const DEFAULT_SORT = { sort: 'callsign', dir: 'asc' } as const;

export function CallsignTab({ search, onSearchChange }: { search: ManageVehicleSearch; onSearchChange: (s: ManageVehicleSearch) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { user, mayManage } = useFleetAccess();
  const sections = useFleetSections();
  const [editing, setEditing] = useState<CallSignRow | 'new' | null>(null);

  const filter: CallSignFilter = useMemo(
    () => ({
      ...(search.q ? { text: search.q } : {}),
      ...(search.sectionId ? { sectionId: search.sectionId } : {}),
      ...(search.status ? { isActive: search.status === 'active' } : {}),
      ...(search.free ? { unassigned: true } : {}),
    }),
    [search.q, search.sectionId, search.status, search.free],
  );
  const q = listQueryOf(search, DEFAULT_SORT);
  const list = useQuery({
    queryKey: [...fleetKeys.callsigns, 'list', user?.userId, filter, q],
    queryFn: () => callsignsCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
  const apply = (patch: Partial<ManageVehicleSearch>) => onSearchChange({ ...search, ...patch, page: undefined });
  const hasFilter = !!(search.q || search.sectionId || search.status || search.free);

  const remove = useRowAction(async (row: CallSignRow) => {
    const out = await deleteCallsignCall(row.pkCallSignId, `${t('fleet.delete')}: ${row.callsign}`);
    if (out.status === 'sent') notifyDeleteOutcome(out.answer.outcome, t('fleet.callsign.deleted'), t('fleet.callsign.deactivated'));
    await refreshFleet(queryClient, { entity: 'callsign', id: row.pkCallSignId });
  });

  const columns: AdminColumn<CallSignRow>[] = [
    { id: 'no', header: t('fleet.col.no'), width: '56px', cell: (_r, i) => <Text fontVariantNumeric="tabular-nums">{q.start + i + 1}</Text> },
    { id: 'regionName', header: t('fleet.col.region'), sortable: true, cell: (r) => r.regionName },
    { id: 'sectionName', header: t('fleet.col.section'), sortable: true, width: '100px', cell: (r) => r.sectionName },
    {
      id: 'callsign',
      header: t('fleet.col.callsign'),
      sortable: true,
      cell: (r) => (
        <Text fontWeight="semibold" fontFamily="mono" data-testid="callsign-name">
          {r.callsign}
        </Text>
      ),
    },
    {
      id: 'isActive',
      header: t('fleet.col.status'),
      sortable: true,
      width: '120px',
      cell: (r) => <StatusBadge active={r.isActive} testId="callsign-status" />,
    },
    {
      id: 'plateNumber',
      header: t('fleet.col.carriedBy'),
      sortable: true,
      cell: (r) => (r.plateNumber ? <Text fontFamily="mono">{r.plateNumber}</Text> : <Text color="fg.subtle">{t('fleet.callsign.free')}</Text>),
    },
  ];
  if (mayManage) {
    columns.push({
      id: 'actions',
      header: '',
      width: '110px',
      align: 'end',
      cell: (r) => (
        <EditDeleteActions
          onEdit={() => setEditing(r)}
          onDelete={() => remove.ask(r)}
          deleteLabel={t('fleet.delete')}
          deleteTitle={r.vehicleId ? t('fleet.callsign.inUse') : undefined}
          deleteDisabled={!!r.vehicleId}
          testIdPrefix="callsign"
        />
      ),
    });
  }

  const toolbar = (
    <Flex gap="3" wrap="wrap" align="flex-end" flex="1" minW="0">
      <SearchFilter
        label={t('fleet.filter.text')}
        value={search.q}
        onSearch={(v) => apply({ q: v })}
        placeholder={t('fleet.filter.callsignPlaceholder')}
        submit={{ label: t('fleet.search'), testId: 'callsign-filter-search' }}
        testId="callsign-filter-text"
      />
      <SectionFilter
        label={t('fleet.filter.section')}
        value={search.sectionId}
        onChange={(sectionId) => apply({ sectionId })}
        sections={sections.data}
        separator=" · "
        allLabel={t('fleet.filter.all')}
        width="170px"
        testId="callsign-filter-section"
      />
      <StatusFilter
        label={t('fleet.filter.status')}
        value={search.status}
        onChange={(status) => apply({ status })}
        width="140px"
        testId="callsign-filter-status"
      />
      <FlagFilter label={t('fleet.filter.freeOnly')} checked={!!search.free} onChange={(free) => apply({ free })} testId="callsign-filter-free" />
      {hasFilter && (
        <FilterReset
          onReset={() => onSearchChange({ tab: 'callsign', size: search.size, sort: search.sort, dir: search.dir })}
          testId="callsign-filter-reset"
        />
      )}
    </Flex>
  );

  return (
    <>
      {mayManage && (
        <Flex justify="flex-end" mb="3">
          <NewButton label={t('fleet.callsign.new')} onClick={() => setEditing('new')} testId="callsign-new" />
        </Flex>
      )}
      <AdminList
        columns={columns}
        rowKey={(r) => r.pkCallSignId}
        query={list}
        search={search}
        onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
        defaultSort={DEFAULT_SORT}
        emptyText={t(hasFilter ? 'fleet.callsigns.emptyFiltered' : 'fleet.callsigns.empty')}
        toolbar={toolbar}
        rowTestId="callsign-row"
        minW="760px"
        testId="callsign-list"
      />
      <RowFormDialog
        editing={editing}
        onClose={() => setEditing(null)}
        titles={{ new: t('fleet.callsign.new'), edit: t('fleet.callsign.edit') }}
        rowKey={(r) => r.pkCallSignId}
        testId="callsign-dialog"
      >
        {(row) => <CallsignForm row={row} onDone={() => setEditing(null)} />}
      </RowFormDialog>
      <ConfirmDialog
        open={!!remove.row}
        title={t('fleet.callsign.deleteTitle')}
        message={remove.row ? t('fleet.callsign.deleteMessage', { callsign: remove.row.callsign }) : undefined}
        confirmLabel={t('fleet.delete')}
        cancelLabel={t('fleet.cancel')}
        colorPalette="red"
        pending={remove.pending}
        onConfirm={() => void remove.confirm()}
        onCancel={remove.cancel}
        testId="callsign-delete-confirm"
      />
    </>
  );
}

function CallsignForm({ row, onDone }: { row?: CallSignRow; onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const sections = useFleetSections();
  const form = useAdminForm(CallSignSaveSchema, {
    pkCallSignId: row?.pkCallSignId,
    sectionId: row?.sectionId,
    callsign: row?.callsign ?? '',
    isActive: row?.isActive ?? true,
  });
  // the call sign's own section may be outside the listed ones (kept so the form shows it)
  const sectionList = sections.data ?? [];
  const options = [
    ...(row && !sectionList.some((s) => s.pkSectionId === row.sectionId) ? [{ value: row.sectionId, label: row.sectionName }] : []),
    ...sectionList.map((s) => ({ value: s.pkSectionId, label: `${s.sectionName} · ${s.description ?? ''}` })),
  ];

  const submit = async (values: z.output<typeof CallSignSaveSchema>) => {
    const out = await saveCallsignCall(
      { ...values, ...(row ? { pkCallSignId: row.pkCallSignId } : {}) },
      `${t('fleet.callsign')}: ${values.callsign}`,
    );
    if (out.status === 'sent') notify.success(t('fleet.callsign.saved'));
    await refreshFleet(queryClient, row ? { entity: 'callsign', id: row.pkCallSignId } : undefined);
    onDone();
  };

  return (
    <AdminForm form={form} onSubmit={submit} onCancel={onDone} testId="callsign-form">
      <SelectInput
        form={form}
        name="sectionId"
        label={t('fleet.field.section')}
        required
        options={options}
        placeholder={t('fleet.choose')}
        helper={row?.vehicleId ? t('fleet.callsign.sectionLocked') : undefined}
        testId="callsign-section"
      />
      <TextInput
        form={form}
        name="callsign"
        label={t('fleet.field.callsign')}
        required
        maxLength={CALLSIGN_MAX}
        autoComplete="off"
        placeholder={t('fleet.field.callsignPlaceholder')}
        helper={t('fleet.field.callsignHint')}
        style={{ textTransform: 'uppercase' }}
        testId="callsign-name-input"
      />
      {row && <CheckboxInput form={form} name="isActive" label={t('fleet.field.active')} testId="callsign-active" />}
    </AdminForm>
  );
}
