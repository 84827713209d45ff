/**
 * The Callsign tab of /managevehicle: the call signs of the caller's scope (section, call sign, status, the active
 * vehicle carrying it), filtered by words, section, status and "free only"; fleetManage adds and edits them in a
 * dialog (CallSignSaveSchema) and deletes them after a confirm (the server erases one no vehicle ever carried, else
 * deactivates it, and says which).
 */
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Text } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { LuCirclePlus, LuRotateCcw } from 'react-icons/lu';
import { CALLSIGN_MAX, CallSignSaveSchema, type CallSignFilter, type CallSignRow } from '@contract/fleet';
import { errorText } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { AdminForm, CheckboxInput, SelectInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { SearchFilter, SectionFilter, StatusFilter } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { notify } from '@/ui/toaster';
import { callsignsCall, deleteCallsignCall, fleetKeys, refreshFleet, saveCallsignCall } from './fleet-api';
import { EditDeleteActions, FleetDialog, StatusBadge, useFleetAccess, useFleetSections } from './fleet-parts';
import type { ManageVehicleSearch } from './fleet-search';

const DEFAULT_SORT = { sort: 'callsign', dir: 'asc' } as const;

export function CallsignTab({ search, onSearchChange }: { search: ManageVehicleSearch; onSearchChange: (s: ManageVehicleSearch) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { user, mayManage } = useFleetAccess();
  const sections = useFleetSections();
  const [editing, setEditing] = useState<CallSignRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CallSignRow | null>(null);
  const [pending, setPending] = useState(false);

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

  const remove = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      const out = await deleteCallsignCall(deleting.pkCallSignId, `${t('fleet.delete')}: ${deleting.callsign}`);
      if (out.status === 'sent') {
        if (out.answer.outcome === 'deleted') notify.success(t('fleet.callsign.deleted'));
        else notify.warning(t('fleet.callsign.deactivated'));
      }
      await refreshFleet(queryClient, { entity: 'callsign', id: deleting.pkCallSignId });
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setPending(false);
      setDeleting(null);
    }
  };

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
          onDelete={() => setDeleting(r)}
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
      <Checkbox.Root
        recipe={checkboxSlotRecipe}
        checked={!!search.free}
        onCheckedChange={(e) => apply({ free: e.checked === true ? true : undefined })}
        minH="11"
        alignItems="center"
        data-testid="callsign-filter-free"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontSize="sm">{t('fleet.filter.freeOnly')}</Checkbox.Label>
      </Checkbox.Root>
      {hasFilter && (
        <Button
          variant="ghost"
          minH="11"
          onClick={() => onSearchChange({ tab: 'callsign', size: search.size, sort: search.sort, dir: search.dir })}
          data-testid="callsign-filter-reset"
        >
          <LuRotateCcw /> {t('fleet.filter.reset')}
        </Button>
      )}
    </Flex>
  );

  return (
    <>
      {mayManage && (
        <Flex justify="flex-end" mb="3">
          <Button colorPalette="brand" minH="11" onClick={() => setEditing('new')} data-testid="callsign-new">
            <LuCirclePlus /> {t('fleet.callsign.new')}
          </Button>
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
      <FleetDialog
        open={editing !== null}
        title={t(editing === 'new' ? 'fleet.callsign.new' : 'fleet.callsign.edit')}
        onClose={() => setEditing(null)}
        testId="callsign-dialog"
      >
        {editing !== null && (
          <CallsignForm
            key={editing === 'new' ? 'new' : editing.pkCallSignId}
            row={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </FleetDialog>
      <ConfirmDialog
        open={!!deleting}
        title={t('fleet.callsign.deleteTitle')}
        message={deleting ? t('fleet.callsign.deleteMessage', { callsign: deleting.callsign }) : undefined}
        confirmLabel={t('fleet.delete')}
        cancelLabel={t('fleet.cancel')}
        colorPalette="red"
        pending={pending}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
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
