import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Checkbox, Field, Input, Text } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { LuFileUp, LuSearch, LuUserPlus } from 'react-icons/lu';
import type { StaffAllStatusFilter, StaffRow } from '@contract/staff';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/staff';
import '@/lib/i18n/parts/admin';
import { useSession } from '@/lib/session';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { FilterSelect, SectionFilter, FilterReset } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { PageHeader } from '@/ui/page-header';
import { staffCsv, staffKeys, staffListCall, useStaffChoices } from './staff-api';
import { StaffImportDialog } from './staff-import-dialog';
import type { StaffListSearch } from './staff-search';

const DEFAULT_SORT = { sort: 'displayName', dir: 'asc' as const };

/**
 * /listingstaff: the staff of the manager's region, every status on request (staff/dataTablesAllStatus), filtered by
 * section, position and words of the name / staff number / username, sorted and paged on the server; CSV of the
 * filtered list; 'Tambah Staf' and 'Import CSV'.
 */
export function StaffListScreen({
  search,
  onSearchChange,
  onOpen,
  onNew,
}: {
  search: StaffListSearch;
  onSearchChange: (s: StaffListSearch) => void;
  onOpen: (pkStaffId: number) => void;
  onNew: () => void;
}) {
  const t = useT();
  const user = useSession()?.user;
  const queryClient = useQueryClient();
  const choices = useStaffChoices();
  const [text, setText] = useState(search.q ?? '');
  const [importing, setImporting] = useState(false);
  useEffect(() => setText(search.q ?? ''), [search.q]);

  const filter: StaffAllStatusFilter = {
    ...(search.sectionId ? { pkSectionId: search.sectionId } : {}),
    ...(search.position ? { position: search.position } : {}),
    ...(search.q ? { search: search.q } : {}),
    ...(search.all ? {} : { isActive: true }),
  };
  const q = listQueryOf(search, DEFAULT_SORT);
  const list = useQuery({
    queryKey: [...staffKeys.list(filter, q), user?.userId],
    queryFn: () => staffListCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
  const apply = (patch: Partial<StaffListSearch>) => onSearchChange({ ...search, ...patch, page: undefined });
  const hasFilter = !!(search.sectionId || search.position || search.q || search.all);

  const columns = useMemo<AdminColumn<StaffRow>[]>(
    () => [
      { id: 'no', header: t('staff.col.no'), width: '60px', cell: (_r, i) => q.start + i + 1 },
      {
        id: 'staffNo',
        header: t('staff.col.staffNo'),
        sortable: true,
        cell: (r) => (
          <Text fontFamily="mono" fontSize="sm">
            {r.staffNo}
          </Text>
        ),
      },
      { id: 'displayName', header: t('staff.col.name'), sortable: true, cell: (r) => <Text fontWeight="medium">{r.profile.displayName}</Text> },
      { id: 'position', header: t('staff.col.position'), sortable: true, cell: (r) => r.profile.position },
      { id: 'sectionName', header: t('staff.col.section'), sortable: true, cell: (r) => r.sectionName },
      { id: 'regionName', header: t('staff.col.region'), sortable: true, cell: (r) => r.regionName },
      {
        id: 'username',
        header: t('staff.col.user'),
        sortable: true,
        cell: (r) =>
          r.username ? (
            <Text fontFamily="mono" fontSize="sm">
              {r.username}
            </Text>
          ) : (
            <Text color="fg.muted">—</Text>
          ),
      },
      {
        id: 'isActive',
        header: t('staff.col.status'),
        sortable: true,
        cell: (r) => (
          <Badge colorPalette={r.isActive ? 'green' : 'gray'} data-testid="staff-status">
            {r.isActive ? t('staff.status.active') : t('staff.status.inactive')}
          </Badge>
        ),
      },
    ],
    [t, q.start],
  );

  const sections = choices.data?.sections ?? [];
  const positions = choices.data?.positions ?? [];
  const toolbar = (
    <>
      <SectionFilter
        label={t('staff.filter.section')}
        value={search.sectionId}
        onChange={(sectionId) => apply({ sectionId })}
        sections={sections}
        separator=" · "
        allLabel={t('staff.filter.all')}
        width={{ base: 'full', md: '44' }}
        testId="staff-filter-section"
      />
      <FilterSelect<string>
        label={t('staff.filter.position')}
        value={search.position}
        onChange={(position) => apply({ position })}
        options={positions.map((p) => ({ value: p, label: p }))}
        allLabel={t('staff.filter.all')}
        width={{ base: 'full', md: '56' }}
        testId="staff-filter-position"
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply({ q: text.trim() || undefined });
        }}
        style={{ display: 'contents' }}
      >
        <Field.Root width={{ base: 'full', md: '64' }}>
          <Field.Label fontSize="sm">{t('staff.filter.search')}</Field.Label>
          <Input bg="bg.panel" minH="11" value={text} maxLength={100} onChange={(e) => setText(e.currentTarget.value)} data-testid="staff-filter-q" />
        </Field.Root>
        <Button type="submit" variant="outline" minH="11" data-testid="staff-filter-go">
          <LuSearch /> {t('admin.search')}
        </Button>
      </form>
      <Checkbox.Root
        recipe={checkboxSlotRecipe}
        checked={!!search.all}
        onCheckedChange={(e) => apply({ all: e.checked === true ? true : undefined })}
        minH="11"
        alignItems="center"
        data-testid="staff-filter-all"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontSize="sm">{t('staff.filter.inactive')}</Checkbox.Label>
      </Checkbox.Root>
      {hasFilter && (
        <FilterReset onReset={() => onSearchChange({ size: search.size, sort: search.sort, dir: search.dir })} testId="staff-filter-reset" />
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        actions={
          <>
            <Button variant="outline" minH="11" onClick={() => setImporting(true)} data-testid="staff-import">
              <LuFileUp /> {t('staff.import')}
            </Button>
            <Button colorPalette="brand" minH="11" onClick={onNew} data-testid="staff-add">
              <LuUserPlus /> {t('staff.add')}
            </Button>
          </>
        }
      />
      <AdminList
        columns={columns}
        rowKey={(r) => r.pkStaffId}
        query={list}
        search={search}
        onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
        defaultSort={DEFAULT_SORT}
        emptyText={t('staff.empty')}
        emptyHint={t('staff.emptyHint')}
        onExportCsv={() => staffCsv(filter, q)}
        toolbar={toolbar}
        onRowClick={(r) => onOpen(r.pkStaffId)}
        rowTestId="staff-row"
        minW="960px"
        testId="staff-list"
      />
      <StaffImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void queryClient.invalidateQueries({ queryKey: staffKeys.all })}
      />
    </>
  );
}
