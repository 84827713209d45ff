/**
 * /listingshift: the shifts every region's rosters use (§9: 50 a page), filtered by name, category, roster type and
 * state; the hours show when a shift ends the next day. Everyone who works with rosters reads them; the national
 * roles (adminShifts) add and change them.
 */
import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Box, Flex, Text } from '@chakra-ui/react';
import { can } from '@contract/roles';
import { SHIFT_PAGE_SIZE, type ShiftFilter, type ShiftRow } from '@contract/shifts';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/shifts';
import { useLookup, shiftLabel } from '@/lib/lookups';
import { useSession, userRole } from '@/lib/session';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { FilterSelect, SearchFilter, StatusFilter, FilterReset, NewButton } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { PageHeader } from '@/ui/page-header';
import { SHIFTS_KEY, shiftsCall } from './shifts-api';
import { ActiveBadge, ShiftHours, useDurationText } from './shift-parts';
import type { ShiftListSearch } from './shift-search';

const DEFAULT_SORT = { sort: 'startHour', dir: 'asc' } as const;

export function ShiftListScreen({ search: rawSearch, onSearchChange }: { search: ShiftListSearch; onSearchChange: (s: ShiftListSearch) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const mayWrite = can(userRole(user).name, 'adminShifts');
  const categories = useLookup('shiftCategory');
  const rosterTypes = useLookup('jenisRoster');
  const duration = useDurationText();
  // §9: shifts come 50 a page unless the URL says otherwise
  const search = { size: SHIFT_PAGE_SIZE, ...rawSearch };

  const filter: ShiftFilter = useMemo(
    () => ({
      ...(rawSearch.q ? { text: rawSearch.q } : {}),
      ...(rawSearch.category ? { categoryId: rawSearch.category } : {}),
      ...(rawSearch.jenis ? { jenisRosterId: rawSearch.jenis } : {}),
      ...(rawSearch.state ? { isActive: rawSearch.state === 'active' } : {}),
    }),
    [rawSearch.q, rawSearch.category, rawSearch.jenis, rawSearch.state],
  );
  const q = listQueryOf(search, DEFAULT_SORT);
  const list = useQuery({
    queryKey: [SHIFTS_KEY, 'list', user?.userId, filter, q],
    queryFn: () => shiftsCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
  const apply = (patch: Partial<ShiftListSearch>) => onSearchChange({ ...rawSearch, ...patch, page: undefined });
  const hasFilter = !!(rawSearch.q || rawSearch.category || rawSearch.jenis || rawSearch.state);

  const columns: AdminColumn<ShiftRow>[] = [
    {
      id: 'pkShiftId',
      header: t('shifts.col.id'),
      sortable: true,
      width: '70px',
      cell: (r) => <Text fontVariantNumeric="tabular-nums">{r.pkShiftId}</Text>,
    },
    { id: 'name', header: t('shifts.col.name'), sortable: true, cell: (r) => <Text fontWeight="semibold">{shiftLabel(r.name)}</Text> },
    {
      id: 'categoryName',
      header: t('shifts.col.category'),
      sortable: true,
      cell: (r) => categories.data?.find((c) => c.key === r.categoryId)?.value ?? r.categoryName ?? <Text color="fg.subtle">—</Text>,
    },
    { id: 'startHour', header: t('shifts.col.hours'), sortable: true, cell: (r) => <ShiftHours {...r} /> },
    { id: 'duration', header: t('shifts.col.duration'), cell: (r) => duration(r.durationMinutes) },
    {
      id: 'jenisRosterName',
      header: t('shifts.col.rosterType'),
      sortable: true,
      cell: (r) => rosterTypes.data?.find((c) => c.key === r.jenisRosterId)?.value ?? r.jenisRosterName ?? <Text color="fg.subtle">—</Text>,
    },
    {
      id: 'usage',
      header: t('shifts.col.usage'),
      cell: (r) => (
        <Text fontSize="sm" color={r.rosterCount || r.scheduleCount ? undefined : 'fg.subtle'}>
          {t('shifts.usage', { rosters: r.rosterCount, schedules: r.scheduleCount })}
        </Text>
      ),
    },
    { id: 'isActive', header: t('shifts.col.state'), sortable: true, cell: (r) => <ActiveBadge active={r.isActive} /> },
  ];

  const toolbar = (
    <Flex gap="3" wrap="wrap" align="flex-end" flex="1" minW="0">
      <SearchFilter
        label={t('shifts.filter.text')}
        labelWeight="medium"
        value={rawSearch.q}
        onSearch={(q) => apply({ q })}
        placeholder={t('shifts.filter.textPlaceholder')}
        submit={{ label: t('shifts.search'), testId: 'shift-filter-search' }}
        testId="shift-filter-text"
      />
      <FilterSelect<number>
        label={t('shifts.filter.category')}
        labelWeight="medium"
        value={rawSearch.category}
        onChange={(category) => apply({ category })}
        options={(categories.data ?? []).map((c) => ({ value: c.key, label: c.value }))}
        allLabel={t('shifts.filter.all')}
        width="170px"
        testId="shift-filter-category"
      />
      <FilterSelect<number>
        label={t('shifts.filter.rosterType')}
        labelWeight="medium"
        value={rawSearch.jenis}
        onChange={(jenis) => apply({ jenis })}
        options={(rosterTypes.data ?? []).map((c) => ({ value: c.key, label: c.value }))}
        allLabel={t('shifts.filter.all')}
        width="220px"
        testId="shift-filter-roster-type"
      />
      <StatusFilter
        label={t('shifts.filter.state')}
        labelWeight="medium"
        value={rawSearch.state}
        onChange={(state) => apply({ state })}
        allLabel={t('shifts.filter.all')}
        activeLabel={t('shifts.active')}
        inactiveLabel={t('shifts.inactive')}
        width="140px"
        testId="shift-filter-state"
      />
      {hasFilter && (
        <FilterReset onReset={() => onSearchChange({ size: rawSearch.size, sort: rawSearch.sort, dir: rawSearch.dir })} testId="shift-filter-reset" />
      )}
    </Flex>
  );

  return (
    <Box>
      <PageHeader
        title={t('shifts.list.title')}
        subtitle={t(mayWrite ? 'shifts.list.subtitle' : 'shifts.list.subtitleReadOnly')}
        actions={
          mayWrite ? <NewButton label={t('shifts.new')} onClick={() => void navigate({ to: '/createupdateshift' })} testId="shift-new" /> : undefined
        }
      />
      <AdminList
        columns={columns}
        rowKey={(r) => r.pkShiftId}
        query={list}
        search={search}
        onSearchChange={(patch) => onSearchChange({ ...rawSearch, ...patch })}
        defaultSort={DEFAULT_SORT}
        emptyText={t(hasFilter ? 'shifts.list.emptyFiltered' : 'shifts.list.empty')}
        toolbar={toolbar}
        onRowClick={(r) => void navigate({ to: '/createupdateshift/$shiftId', params: { shiftId: String(r.pkShiftId) } })}
        rowTestId="shift-row"
        testId="shift-list"
      />
    </Box>
  );
}
