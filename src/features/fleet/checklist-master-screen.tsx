/**
 * /maintenance (issue #16; §2.1 asset checklist master, §3.12 master): per asset category the items a daily checklist
 * counts — name, unit, measured or not (present / missing), default quantity, sort order, status and how many
 * checklist items counted it. Filtered by category, words and status (sorted by category, so a category's items
 * stand together). fleetManage adds and edits items in a dialog (ChecklistMasterSaveSchema: an item that is not
 * measured has quantity 1) and deletes them after a confirm (an item a checklist counted is deactivated instead).
 */
import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Box, Flex, Grid, Input, Text } from '@chakra-ui/react';
import {
  ChecklistMasterSaveSchema,
  FLEET_NAME_MAX,
  QUANTITY_MAX,
  UNIT_LABEL_MAX,
  type ChecklistMasterFilter,
  type ChecklistMasterRow,
} from '@contract/fleet';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { useLookup } from '@/lib/lookups';
import { AdminForm, CheckboxInput, FormField, SelectInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { FilterSelect, SearchFilter, StatusFilter, NewButton, FilterReset } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageHeader } from '@/ui/page-header';
import { notify } from '@/ui/toaster';
import { deleteMasterCall, fleetKeys, masterCall, refreshFleet, saveMasterCall } from './fleet-api';
import { EditDeleteActions, keyOptions, notifyDeleteOutcome, RowFormDialog, StatusBadge, useFleetAccess, useRowAction } from './fleet-parts';
import type { MasterListSearch } from './fleet-search';

const DEFAULT_SORT = { sort: 'assetCategoryName', dir: 'asc' } as const;

export function ChecklistMasterScreen({ search, onSearchChange }: { search: MasterListSearch; onSearchChange: (s: MasterListSearch) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { user, mayManage } = useFleetAccess();
  const categories = useLookup('assetCategory');
  const [editing, setEditing] = useState<ChecklistMasterRow | 'new' | null>(null);

  const filter: ChecklistMasterFilter = useMemo(
    () => ({
      ...(search.q ? { text: search.q } : {}),
      ...(search.category ? { assetCategoryId: search.category } : {}),
      ...(search.status ? { isActive: search.status === 'active' } : {}),
    }),
    [search.q, search.category, search.status],
  );
  const q = listQueryOf({ size: 50, ...search }, DEFAULT_SORT);
  const list = useQuery({
    queryKey: [...fleetKeys.master, 'list', user?.userId, filter, q],
    queryFn: () => masterCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
  const apply = (patch: Partial<MasterListSearch>) => onSearchChange({ ...search, ...patch, page: undefined });
  const hasFilter = !!(search.q || search.category || search.status);

  const remove = useRowAction(async (row: ChecklistMasterRow) => {
    const out = await deleteMasterCall(row.pkAssetChecklistMasterId, `${t('fleet.delete')}: ${row.name}`);
    if (out.status === 'sent') notifyDeleteOutcome(out.answer.outcome, t('fleet.master.deleted'), t('fleet.master.deactivated'));
    await refreshFleet(queryClient, { entity: 'checklistMaster', id: row.pkAssetChecklistMasterId });
  });

  const deleting = remove.row;
  const rows = list.data?.rows ?? [];
  const columns: AdminColumn<ChecklistMasterRow>[] = [
    {
      id: 'assetCategoryName',
      header: t('fleet.col.category'),
      sortable: true,
      cell: (r, i) =>
        // the category once per run of its items (the list is sorted by category unless the user sorts otherwise)
        i > 0 && rows[i - 1]?.assetCategoryId === r.assetCategoryId ? (
          <Text srOnly>{r.assetCategoryName ?? ''}</Text>
        ) : (
          <Badge colorPalette="brand" variant="subtle" data-testid="master-category">
            {r.assetCategoryName ?? '—'}
          </Badge>
        ),
    },
    {
      id: 'name',
      header: t('fleet.col.itemName'),
      sortable: true,
      cell: (r) => (
        <Text fontWeight="semibold" data-testid="master-name">
          {r.name}
        </Text>
      ),
    },
    { id: 'unitLabel', header: t('fleet.col.unit'), sortable: true, width: '80px', cell: (r) => r.unitLabel },
    {
      id: 'isMeasurable',
      header: t('fleet.col.measured'),
      sortable: true,
      width: '130px',
      cell: (r) => (
        <Text fontSize="sm" color={r.isMeasurable ? undefined : 'fg.muted'}>
          {t(r.isMeasurable ? 'fleet.master.measured' : 'fleet.master.presence')}
        </Text>
      ),
    },
    {
      id: 'defaultQuantity',
      header: t('fleet.col.defaultQuantity'),
      sortable: true,
      width: '100px',
      align: 'end',
      cell: (r) => <Text fontVariantNumeric="tabular-nums">{r.defaultQuantity}</Text>,
    },
    {
      id: 'sortOrder',
      header: t('fleet.col.sortOrder'),
      sortable: true,
      width: '90px',
      align: 'end',
      cell: (r) => <Text fontVariantNumeric="tabular-nums">{r.sortOrder}</Text>,
    },
    {
      id: 'isActive',
      header: t('fleet.col.status'),
      sortable: true,
      width: '110px',
      cell: (r) => <StatusBadge active={r.isActive} testId="master-status" />,
    },
    {
      id: 'usedCount',
      header: t('fleet.col.used'),
      sortable: true,
      width: '100px',
      align: 'end',
      cell: (r) => <Text fontVariantNumeric="tabular-nums">{r.usedCount.toLocaleString('ms-MY')}</Text>,
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
          deleteLabel={t(r.usedCount > 0 ? 'fleet.deactivate' : 'fleet.delete')}
          deleteDisabled={!r.isActive && r.usedCount > 0}
          testIdPrefix="master"
        />
      ),
    });
  }

  const toolbar = (
    <Flex gap="3" wrap="wrap" align="flex-end" flex="1" minW="0">
      <FilterSelect<number>
        label={t('fleet.filter.category')}
        value={search.category}
        onChange={(category) => apply({ category })}
        options={keyOptions(categories.data)}
        allLabel={t('fleet.filter.all')}
        width="200px"
        testId="master-filter-category"
      />
      <SearchFilter
        label={t('fleet.filter.text')}
        value={search.q}
        onSearch={(v) => apply({ q: v })}
        placeholder={t('fleet.filter.masterPlaceholder')}
        submit={{ label: t('fleet.search'), testId: 'master-filter-search' }}
        testId="master-filter-text"
      />
      <StatusFilter
        label={t('fleet.filter.status')}
        value={search.status}
        onChange={(status) => apply({ status })}
        width="140px"
        testId="master-filter-status"
      />
      {hasFilter && (
        <FilterReset onReset={() => onSearchChange({ size: search.size, sort: search.sort, dir: search.dir })} testId="master-filter-reset" />
      )}
    </Flex>
  );

  return (
    <Box>
      <PageHeader
        title={t('fleet.master.title')}
        subtitle={t(mayManage ? 'fleet.master.subtitle' : 'fleet.readOnly')}
        actions={mayManage ? <NewButton label={t('fleet.master.new')} onClick={() => setEditing('new')} testId="master-new" /> : undefined}
      />
      <AdminList
        columns={columns}
        rowKey={(r) => r.pkAssetChecklistMasterId}
        query={list}
        search={{ size: 50, ...search }}
        onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
        defaultSort={DEFAULT_SORT}
        emptyText={t(hasFilter ? 'fleet.master.emptyFiltered' : 'fleet.master.empty')}
        emptyHint={mayManage && !hasFilter ? t('fleet.master.emptyHint') : undefined}
        toolbar={toolbar}
        rowTestId="master-row"
        minW="880px"
        testId="master-list"
      />
      <RowFormDialog
        editing={editing}
        onClose={() => setEditing(null)}
        titles={{ new: t('fleet.master.new'), edit: t('fleet.master.edit') }}
        rowKey={(r) => r.pkAssetChecklistMasterId}
        testId="master-dialog"
      >
        {(row) => <MasterForm row={row} categoryId={search.category} categories={keyOptions(categories.data)} onDone={() => setEditing(null)} />}
      </RowFormDialog>
      <ConfirmDialog
        open={!!deleting}
        title={t(deleting && deleting.usedCount > 0 ? 'fleet.master.deactivateTitle' : 'fleet.master.deleteTitle')}
        message={
          deleting
            ? t(deleting.usedCount > 0 ? 'fleet.master.deactivateMessage' : 'fleet.master.deleteMessage', {
                name: deleting.name,
                n: deleting.usedCount,
              })
            : undefined
        }
        confirmLabel={t(deleting && deleting.usedCount > 0 ? 'fleet.deactivate' : 'fleet.delete')}
        cancelLabel={t('fleet.cancel')}
        colorPalette="red"
        pending={remove.pending}
        onConfirm={() => void remove.confirm()}
        onCancel={remove.cancel}
        testId="master-delete-confirm"
      />
    </Box>
  );
}

function MasterForm({
  row,
  categoryId,
  categories,
  onDone,
}: {
  row?: ChecklistMasterRow;
  categoryId?: number;
  categories: { value: number; label: string }[];
  onDone: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useAdminForm(ChecklistMasterSaveSchema, {
    pkAssetChecklistMasterId: row?.pkAssetChecklistMasterId,
    assetCategoryId: row?.assetCategoryId ?? categoryId,
    name: row?.name ?? '',
    unitLabel: row?.unitLabel ?? 'unit',
    isMeasurable: row?.isMeasurable ?? false,
    defaultQuantity: row?.defaultQuantity ?? 1,
    sortOrder: row?.sortOrder ?? 0,
    isActive: row?.isActive ?? true,
  });
  const measurable = form.watch('isMeasurable');
  // an item that is not measured is present (1) or missing (0): its expected quantity is 1
  useEffect(() => {
    if (!measurable) form.setValue('defaultQuantity', 1, { shouldValidate: form.formState.isSubmitted });
  }, [measurable, form]);

  const submit = async (values: z.output<typeof ChecklistMasterSaveSchema>) => {
    const out = await saveMasterCall(
      { ...values, ...(row ? { pkAssetChecklistMasterId: row.pkAssetChecklistMasterId } : {}) },
      `${t('fleet.master')}: ${values.name}`,
    );
    if (out.status === 'sent') notify.success(t('fleet.master.saved'));
    await refreshFleet(queryClient, row ? { entity: 'checklistMaster', id: row.pkAssetChecklistMasterId } : undefined);
    onDone();
  };
  const numberField = (
    name: 'defaultQuantity' | 'sortOrder',
    label: string,
    opts: { max: number; disabled?: boolean; helper?: string; testId: string },
  ) => {
    const error = form.getFieldState(name, form.formState).error?.message;
    return (
      <FormField label={label} error={error} required={name === 'defaultQuantity'} helper={opts.helper}>
        <Input
          bg="bg.panel"
          minH="11"
          type="number"
          inputMode="numeric"
          min={0}
          max={opts.max}
          step={1}
          readOnly={opts.disabled}
          {...form.register(name, { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) })}
          data-testid={opts.testId}
        />
      </FormField>
    );
  };

  return (
    <AdminForm form={form} onSubmit={submit} onCancel={onDone} testId="master-form">
      <SelectInput
        form={form}
        name="assetCategoryId"
        label={t('fleet.field.category')}
        required
        options={categories}
        placeholder={t('fleet.choose')}
        testId="master-category-input"
      />
      <TextInput
        form={form}
        name="name"
        label={t('fleet.field.itemName')}
        required
        maxLength={FLEET_NAME_MAX}
        autoComplete="off"
        placeholder={t('fleet.field.itemNamePlaceholder')}
        testId="master-name-input"
      />
      <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="4">
        <TextInput
          form={form}
          name="unitLabel"
          label={t('fleet.field.unit')}
          required
          maxLength={UNIT_LABEL_MAX}
          autoComplete="off"
          testId="master-unit-input"
        />
        {numberField('sortOrder', t('fleet.field.sortOrder'), { max: 10_000, testId: 'master-sort-input', helper: t('fleet.field.sortOrderHint') })}
      </Grid>
      <CheckboxInput form={form} name="isMeasurable" label={t('fleet.field.measurable')} testId="master-measurable" />
      {numberField('defaultQuantity', t('fleet.field.defaultQuantity'), {
        max: QUANTITY_MAX,
        disabled: !measurable,
        helper: measurable ? t('fleet.field.quantityHint', { max: QUANTITY_MAX.toLocaleString('ms-MY') }) : t('fleet.field.quantityFixed'),
        testId: 'master-quantity-input',
      })}
      {row && <CheckboxInput form={form} name="isActive" label={t('fleet.field.active')} testId="master-active" />}
    </AdminForm>
  );
}
