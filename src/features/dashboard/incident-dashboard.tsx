import { memo, useCallback, useId, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Flex, Grid, Text } from '@chakra-ui/react';
import { LuCircleCheck, LuClipboardList, LuInbox, LuSiren, LuTruck } from 'react-icons/lu';
import type { WebUser } from '@contract/auth';
import type { IncidentListRow } from '@contract/incidents';
import type { StatusGroup } from '@contract/incident-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/lists';
import { defaultDateRange, nextSort, totalText, withFilter, type ListFilterValues, type ListSortColumn } from '@/lib/incident-list';
import { useListOptions } from '@/lib/incident-list-options';
import { formatDateTime, isoDateToDisplay, todayIso } from '@/lib/time';
import { IncidentFilterBar, GROUP_LABEL } from '@/ui/incident-filter-bar';
import { IncidentList } from '@/ui/incident-list';
import { STATUS_GROUP_PALETTE } from '@/ui/incident-status-badge';
import { dashboardQueries, dashboardRequest } from './dashboard-queries';
import type { DashboardSearch } from './dashboard-search';
import { useLookupLabel } from '@/lib/lookups';
import '@/ui/plain.css';
import './incident-dashboard.css';

/** The groups the dashboard counts and filters by: Tutup and Batal are not on it (§4.2). */
export const DASHBOARD_GROUPS = ['BARU', 'TINDAKAN', 'SELESAI'] as const satisfies readonly StatusGroup[];

const GROUP_ICON = { BARU: <LuSiren />, TINDAKAN: <LuTruck />, SELESAI: <LuCircleCheck /> } as const;
const GROUP_HINT = { BARU: 'lists.groupHint.BARU', TINDAKAN: 'lists.groupHint.TINDAKAN', SELESAI: 'lists.groupHint.SELESAI' } as const;

/** What the dashboard asks the server for, from its URL (dashboard-queries.ts), with the filter bar's options. */
export function useDashboardRequest(user: WebUser, search: DashboardSearch) {
  const options = useListOptions(user, { hideFinalStatuses: true, region: search.region });
  const today = todayIso();
  const range = useMemo(() => defaultDateRange(today), [today]);
  const { patrol, mine, filter, q } = dashboardRequest(user, search, range);
  return { patrol, mine, options, range, filter, q };
}

const FILTER_FIELDS = ['plate', 'km', 'dates', 'region', 'section', 'status'] as const;
const NO_ROWS: IncidentListRow[] = [];
const EMPTY_ICON = <LuInbox />;

export function IncidentDashboard({
  user,
  search,
  onSearchChange,
}: {
  user: WebUser;
  search: DashboardSearch;
  onSearchChange: (s: DashboardSearch) => void;
}) {
  const t = useT();
  const typeLabel = useLookupLabel('incidentCategory');
  const { patrol, mine, options, range, filter, q } = useDashboardRequest(user, search);
  const reads = dashboardQueries(user.userId, filter, q);
  const list = useQuery(reads.list);
  const groups = useQuery(reads.groups);
  const categories = useQuery(reads.categories);

  const set = useCallback((patch: Partial<DashboardSearch>) => onSearchChange(withFilter(search, patch)), [onSearchChange, search]);
  // the filter bar (two date pickers among its fields) renders again only when the search or its options change, not
  // with each of the counters' and the list's answers
  const values: ListFilterValues = useMemo(() => ({ ...search, from: search.from ?? range.from, to: search.to ?? range.to }), [search, range]);
  const onFilter = useCallback((patch: Partial<DashboardSearch>) => onSearchChange(withFilter(search, patch)), [onSearchChange, search]);
  const onFilterReset = useCallback(
    () => onSearchChange({ tab: search.tab, scope: search.scope, size: search.size }),
    [onSearchChange, search.tab, search.scope, search.size],
  );
  const cachedAt = list.data?.cachedAt ?? null;
  const rows = list.data?.data.rows ?? NO_ROWS;
  // the list's props stay the same objects while its own answer does (the list is memoised on them): the counters'
  // and the types' answers, which render this component again, no longer render the page of cases again with them
  const { refetch } = list;
  const onRetry = useCallback(() => void refetch(), [refetch]);
  const onSort = useCallback(
    (column: ListSortColumn, dir?: 'asc' | 'desc') =>
      onSearchChange({ ...search, ...(dir ? { sort: column, dir } : nextSort(search, column)), page: undefined }),
    [onSearchChange, search],
  );
  const onPage = useCallback((page: number) => onSearchChange({ ...search, page: page || undefined }), [onSearchChange, search]);
  const onSize = useCallback((size: number) => onSearchChange({ ...search, size, page: undefined }), [onSearchChange, search]);
  const listData = list.data?.data;
  const heading = useMemo(
    () => (
      <Text fontSize="sm" color="fg.muted" data-testid="dashboard-range">
        {t(mine ? 'lists.rangeMine' : 'lists.range', {
          from: isoDateToDisplay(filter.dateStart),
          to: isoDateToDisplay(filter.dateEnd),
          total: totalText(listData),
        })}
      </Text>
    ),
    [t, mine, filter.dateStart, filter.dateEnd, listData],
  );

  return (
    <Box data-testid="incident-dashboard">
      {patrol && <ScopeSwitch mine={mine} regionName={options.ownRegion.name} onPick={set} />}

      {cachedAt && (
        <Alert.Root status="warning" mb="4" rounded="md" data-testid="dashboard-cached">
          <Alert.Indicator />
          <Alert.Description>{t('dashboard.cached', { time: formatDateTime(cachedAt) })}</Alert.Description>
        </Alert.Root>
      )}

      {/* the counters and the type chips render again for their own answers, not for the list's (each a few hundred
          components on a tablet's CPU) */}
      <GroupCounters counts={groups.data} group={search.group} status={search.status} onPick={set} />
      <CategoryChips counts={categories.data} category={search.category} onPick={set} typeLabel={typeLabel} />

      <Box mb="4">
        <IncidentFilterBar
          values={values}
          fields={FILTER_FIELDS}
          options={options}
          onChange={onFilter}
          onReset={onFilterReset}
          resetDisabled={!Object.keys(search).some((k) => !['tab', 'scope', 'size', 'sort', 'dir'].includes(k))}
        />
      </Box>

      <IncidentList
        rows={rows}
        total={list.data?.data.recordCount ?? 0}
        page={search.page ?? 0}
        size={q.length}
        sort={search.sort}
        dir={search.dir}
        pending={list.isPending}
        stale={list.isPlaceholderData}
        error={list.error}
        onRetry={onRetry}
        emptyTitle={t(mine ? 'lists.emptyMine' : 'lists.empty')}
        emptyDescription={t('lists.emptyDashboardHint')}
        emptyIcon={EMPTY_ICON}
        onSort={onSort}
        onPage={onPage}
        onSize={onSize}
        showRegion={options.seesAllRegions && !search.region}
        loadingTestId="dashboard-loading"
        heading={heading}
      />
    </Box>
  );
}

type GroupCounts = { total: number; byGroup: Partial<Record<(typeof DASHBOARD_GROUPS)[number], number>> };

/**
 * The patrol's switch between its own cases and its region's: two native radio buttons styled as a segmented control
 * (incident-dashboard.css; the arrow keys move between them as in any radio group). Plain elements: Chakra's
 * SegmentGroup was some fifty components of Ark's machine and contexts, and measured its checked item (a forced
 * layout) in the middle of the dashboard's first commit.
 */
const ScopeSwitch = memo(function ScopeSwitch({
  mine,
  regionName,
  onPick,
}: {
  mine: boolean;
  regionName: string;
  onPick: (patch: Partial<DashboardSearch>) => void;
}) {
  const t = useT();
  const name = useId();
  const option = (value: 'mine' | 'region', label: string) => {
    const checked = (value === 'mine') === mine;
    return (
      <label className="db-scope-item" data-state={checked ? 'checked' : 'unchecked'} data-testid={`scope-${value}`}>
        <input
          type="radio"
          className="u-sr-only"
          name={name}
          value={value}
          checked={checked}
          onChange={() => onPick({ scope: value === 'region' ? 'region' : undefined })}
        />
        {label}
      </label>
    );
  };
  return (
    <div role="radiogroup" className="db-scope" data-testid="scope-switch">
      {option('mine', t('lists.scope.mine'))}
      {option('region', t('lists.scope.region', { region: regionName }))}
    </div>
  );
});

const GroupCounters = memo(function GroupCounters({
  counts,
  group,
  status,
  onPick,
}: {
  counts: GroupCounts | undefined;
  group: DashboardSearch['group'];
  status: DashboardSearch['status'];
  onPick: (patch: Partial<DashboardSearch>) => void;
}) {
  const t = useT();
  return (
    <Grid
      templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}
      gap="3"
      mb="3"
      role="group"
      aria-label={t('lists.filter.group')}
    >
      <Counter
        testId="count-open"
        label={t('lists.count.open')}
        hint={t('lists.count.openHint')}
        value={counts?.total}
        icon={<LuClipboardList />}
        palette="brand"
        active={!group && !status}
        onClick={() => onPick({ group: undefined, status: undefined })}
      />
      {DASHBOARD_GROUPS.map((g) => (
        <Counter
          key={g}
          testId={`count-${g}`}
          label={t(GROUP_LABEL[g])}
          hint={t(GROUP_HINT[g])}
          value={counts ? (counts.byGroup[g] ?? 0) : undefined}
          icon={GROUP_ICON[g]}
          palette={STATUS_GROUP_PALETTE[g]}
          active={group === g}
          onClick={() => onPick({ group: group === g ? undefined : g, status: undefined })}
        />
      ))}
    </Grid>
  );
});

type CategoryCounts = { total: number; byCategory: { key: number; value: string; count: number }[] };

const CategoryChips = memo(function CategoryChips({
  counts,
  category,
  onPick,
  typeLabel,
}: {
  counts: CategoryCounts | undefined;
  category: DashboardSearch['category'];
  onPick: (patch: Partial<DashboardSearch>) => void;
  typeLabel: (key: number | null | undefined, fallback?: string | null) => string;
}) {
  const t = useT();
  return (
    <Flex gap="2" mb="3" wrap="wrap" role="group" aria-label={t('lists.filter.category')} data-testid="category-counts">
      <Chip active={!category} onClick={() => onPick({ category: undefined })} count={counts?.total} testId="category-all">
        {t('lists.filter.allCategories')}
      </Chip>
      {/* types with no case under the other filters add nothing but noise; a chosen one always shows */}
      {(counts?.byCategory ?? [])
        .filter((c) => c.count > 0 || category === c.key)
        .map((c) => (
          <Chip
            key={c.key}
            active={category === c.key}
            onClick={() => onPick({ category: category === c.key ? undefined : c.key })}
            count={c.count}
            testId={`category-${c.key}`}
          >
            {typeLabel(c.key, c.value)}
          </Chip>
        ))}
    </Flex>
  );
});

/** A counter of the dashboard (plain elements: ui/plain.css says why). */
function Counter({
  label,
  hint,
  value,
  icon,
  palette,
  active,
  onClick,
  testId,
}: {
  label: string;
  hint: string;
  value: number | undefined;
  icon: React.ReactNode;
  palette: string;
  active: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="db-counter"
      data-palette={palette}
      onClick={onClick}
      aria-pressed={active}
      data-testid={testId}
      data-active={active || undefined}
    >
      <span className="u-min0">
        <span className="db-counter-label">{label}</span>
        <span className="db-counter-value" data-testid={`${testId}-value`}>
          {value ?? '–'}
        </span>
        <span className="db-counter-hint">{hint}</span>
      </span>
      <span className="db-counter-icon">{icon}</span>
    </button>
  );
}

/** A case type's chip with its count (plain elements). */
function Chip({
  active,
  onClick,
  count,
  children,
  testId,
}: {
  active: boolean;
  onClick: () => void;
  count?: number;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <button type="button" className="db-chip" onClick={onClick} aria-pressed={active} data-testid={testId}>
      {children}
      {count !== undefined && (
        <span className="db-chip-count" data-testid={`${testId}-count`}>
          {count}
        </span>
      )}
    </button>
  );
}
