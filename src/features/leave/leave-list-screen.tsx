/**
 * /listingleave: the leave of the staff in the manager's region (all regions for national roles), filtered by
 * name, section, status, type, period and roster conflicts; paged and sorted by the server; CSV of the filtered
 * list. A requested leave is approved or rejected from its row (never one's own); one that meets rosters asks what
 * to do with them.
 */
import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Badge, Box, Button, Checkbox, Flex, HStack, Text } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { LuCheck, LuTriangleAlert, LuX } from 'react-icons/lu';
import { LEAVE_STATUSES, LEAVE_TYPES, type LeaveFilter, type LeaveRow } from '@contract/leave';
import { SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/leave';
import { useListedSections } from '@/lib/sections';
import { useSession, userRole } from '@/lib/session';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { FilterSelect, SearchFilter, SectionFilter, FilterReset, NewButton } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { DateField } from '@/ui/date-field';
import { PageHeader } from '@/ui/page-header';
import { DecideDialog, type Decision } from './decide-dialog';
import { downloadLeaveCsv, LEAVE_KEY, leavesCall } from './leave-api';
import { conflictLine, LeaveStatusBadge, leaveRange } from './leave-parts';
import type { LeaveListSearch, LeaveStatusFilter } from './leave-search';

const DEFAULT_SORT = { sort: 'dateFrom', dir: 'desc' } as const;

export function LeaveListScreen({ search, onSearchChange }: { search: LeaveListSearch; onSearchChange: (s: LeaveListSearch) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const seesAll = SEES_ALL_REGIONS.includes(userRole(user).name as RoleName);
  const sections = useListedSections(seesAll ? undefined : user?.section.region.key);
  const [deciding, setDeciding] = useState<{ leave: LeaveRow; decision: Decision } | null>(null);

  const filter: LeaveFilter = useMemo(
    () => ({
      ...(search.q ? { text: search.q } : {}),
      ...(search.section ? { pkSectionId: search.section } : {}),
      ...(search.status ? { status: search.status } : {}),
      ...(search.type ? { leaveTypeId: search.type } : {}),
      ...(search.from ? { dateFrom: search.from } : {}),
      ...(search.to && (!search.from || search.to >= search.from) ? { dateTo: search.to } : {}),
      ...(search.conflicts ? { conflictsOnly: true } : {}),
    }),
    [search.q, search.section, search.status, search.type, search.from, search.to, search.conflicts],
  );
  const q = listQueryOf(search, DEFAULT_SORT);
  const list = useQuery({
    queryKey: [LEAVE_KEY, 'list', user?.userId, filter, q],
    queryFn: () => leavesCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });

  const apply = (patch: Partial<LeaveListSearch>) => onSearchChange({ ...search, ...patch, page: undefined });
  const hasFilter = !!(search.q || search.section || search.status || search.type || search.from || search.to || search.conflicts);
  const open = (row: LeaveRow) => void navigate({ to: '/createleave/$leaveId', params: { leaveId: String(row.pkLeaveId) } });

  const columns: AdminColumn<LeaveRow>[] = [
    {
      id: 'displayName',
      header: t('leave.col.staff'),
      sortable: true,
      width: '250px',
      cell: (r) => (
        <Box minW="200px">
          <Text fontWeight="semibold">{r.displayName}</Text>
          <Text fontSize="xs" color="fg.muted">
            {r.staffNo} · {r.sectionName}
            {seesAll ? ` · ${r.regionName}` : ''}
          </Text>
        </Box>
      ),
    },
    { id: 'leaveTypeId', header: t('leave.col.type'), sortable: true, cell: (r) => r.leaveTypeName },
    {
      id: 'dateFrom',
      header: t('leave.col.dates'),
      sortable: true,
      cell: (r) => (
        <Text whiteSpace="nowrap" fontVariantNumeric="tabular-nums" data-testid="leave-dates">
          {leaveRange(r.dateFrom, r.dateTo)}
        </Text>
      ),
    },
    { id: 'days', header: t('leave.col.days'), sortable: true, align: 'end', width: '70px', cell: (r) => r.days },
    { id: 'status', header: t('leave.col.status'), sortable: true, cell: (r) => <LeaveStatusBadge status={r.status} /> },
    { id: 'approverName', header: t('leave.col.approver'), sortable: true, cell: (r) => r.approver?.displayName ?? <Text color="fg.subtle">—</Text> },
    {
      id: 'conflicts',
      header: t('leave.col.conflicts'),
      cell: (r) =>
        r.conflicts.length ? (
          <Badge
            colorPalette="orange"
            variant="solid"
            size="sm"
            title={r.conflicts.map(conflictLine).join('\n')}
            data-testid="leave-conflict-marker"
            data-count={r.conflicts.length}
          >
            <LuTriangleAlert /> {r.conflicts.length}
          </Badge>
        ) : r.releasedRosterIds.length ? (
          <Text fontSize="xs" color="fg.muted">
            {t('leave.releasedN', { n: r.releasedRosterIds.length })}
          </Text>
        ) : (
          <Text color="fg.subtle">—</Text>
        ),
    },
    {
      id: 'actions',
      header: t('leave.col.actions'),
      width: '200px',
      cell: (r) =>
        r.status !== 'requested' ? null : r.pkStaffId === user?.pkStaffId ? (
          <Text fontSize="xs" color="fg.muted">
            {t('leave.ownLeave')}
          </Text>
        ) : (
          <HStack gap="2" onClick={(e) => e.stopPropagation()}>
            <Button
              size="sm"
              minH="11"
              colorPalette="green"
              variant="outline"
              onClick={() => setDeciding({ leave: r, decision: 'approved' })}
              data-testid="leave-approve"
            >
              <LuCheck /> {t('leave.approve')}
            </Button>
            <Button
              size="sm"
              minH="11"
              colorPalette="red"
              variant="outline"
              onClick={() => setDeciding({ leave: r, decision: 'rejected' })}
              data-testid="leave-reject"
            >
              <LuX /> {t('leave.reject')}
            </Button>
          </HStack>
        ),
    },
  ];

  const toolbar = (
    <Flex gap="3" wrap="wrap" align="flex-end" flex="1" minW="0">
      <SearchFilter
        label={t('leave.filter.text')}
        labelWeight="medium"
        value={search.q}
        onSearch={(q) => apply({ q })}
        placeholder={t('leave.filter.textPlaceholder')}
        submit={{ label: t('leave.search'), testId: 'leave-filter-search' }}
        testId="leave-filter-text"
      />
      <SectionFilter
        label={t('leave.filter.section')}
        labelWeight="medium"
        value={search.section}
        onChange={(section) => apply({ section })}
        sections={sections.data}
        separator={null}
        allLabel={t('leave.filter.all')}
        width="150px"
        testId="leave-filter-section"
      />
      <FilterSelect<LeaveStatusFilter>
        label={t('leave.filter.status')}
        labelWeight="medium"
        value={search.status}
        onChange={(status) => apply({ status })}
        options={LEAVE_STATUSES.map((s) => ({ value: s, label: t(`leave.status.${s}`) }))}
        allLabel={t('leave.filter.all')}
        width="150px"
        testId="leave-filter-status"
      />
      <FilterSelect<number>
        label={t('leave.filter.type')}
        labelWeight="medium"
        value={search.type}
        onChange={(type) => apply({ type })}
        options={LEAVE_TYPES.map((lt) => ({ value: lt.key, label: lt.value }))}
        allLabel={t('leave.filter.all')}
        width="190px"
        testId="leave-filter-type"
      />
      <DateField
        label={t('leave.filter.from')}
        value={search.from ?? ''}
        onChange={(from) => apply({ from })}
        testId="leave-filter-from"
        width="170px"
      />
      <DateField label={t('leave.filter.to')} value={search.to ?? ''} onChange={(to) => apply({ to })} testId="leave-filter-to" width="170px" />
      <Checkbox.Root
        recipe={checkboxSlotRecipe}
        checked={!!search.conflicts}
        onCheckedChange={(d) => apply({ conflicts: d.checked === true ? true : undefined })}
        colorPalette="brand"
        minH="11"
        data-testid="leave-filter-conflicts"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontSize="sm">{t('leave.filter.conflictsOnly')}</Checkbox.Label>
      </Checkbox.Root>
      {hasFilter && (
        <FilterReset onReset={() => onSearchChange({ size: search.size, sort: search.sort, dir: search.dir })} testId="leave-filter-reset" />
      )}
    </Flex>
  );

  return (
    <Box>
      <PageHeader
        title={t('leave.list.title')}
        subtitle={t(seesAll ? 'leave.list.subtitleAll' : 'leave.list.subtitleRegion', { region: user?.section.region.value ?? '' })}
        actions={<NewButton label={t('leave.new')} onClick={() => void navigate({ to: '/createleave' })} testId="leave-new" />}
      />
      <AdminList
        columns={columns}
        rowKey={(r) => r.pkLeaveId}
        query={list}
        search={search}
        onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
        defaultSort={DEFAULT_SORT}
        emptyText={t(hasFilter ? 'leave.list.emptyFiltered' : 'leave.list.empty')}
        emptyHint={hasFilter ? t('leave.list.emptyFilteredHint') : t('leave.list.emptyHint')}
        onExportCsv={() => downloadLeaveCsv(filter, { orderColumn: q.orderColumn, direction: q.direction })}
        toolbar={toolbar}
        onRowClick={open}
        rowTestId="leave-row"
        minW="1000px"
        testId="leave-list"
      />
      <DecideDialog leave={deciding?.leave ?? null} decision={deciding?.decision ?? 'approved'} onClose={() => setDeciding(null)} />
    </Box>
  );
}
