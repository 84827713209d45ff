import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Box, Text } from '@chakra-ui/react';
import { LuSearchX } from 'react-icons/lu';
import { PATHS } from '@contract/paths';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import type { DashboardFilter, IncidentListRow } from '@contract/incidents';
import { TIMING } from '@contract/lookups';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/lists';
import '@/lib/i18n/parts/case-parts';
import { dataTables } from '@/lib/api';
import {
  defaultDateRange,
  hasCriteria,
  nextSort,
  totalText,
  toDashboardFilter,
  toDataTablesQuery,
  withFilter,
  type ListFilterValues,
} from '@/lib/incident-list';
import { useListOptions } from '@/lib/incident-list-options';
import { useSession } from '@/lib/session';
import { caseSectionHref, type CaseSection } from '@/lib/spec-routes';
import { isoDateToDisplay, todayIso } from '@/lib/time';
import { IncidentFilterBar, type FilterField } from '@/ui/incident-filter-bar';
import { IncidentList } from '@/ui/incident-list';
import { PageHeader } from '@/ui/page-header';
import type { CasePickerSearch } from './case-picker-search';

const FIELDS: readonly FilterField[] = ['ticket', 'plate', 'km', 'dates', 'region', 'section', 'category', 'group', 'status'];
/** the picker opens on the last 30 days (as /incident does), newest first; the dates widen it */
const PICKER_DAYS = 30;

/** manage/dashboard/dataTables with searchAllStatus (§7.3): every case the server lets the caller see. */
const casesCall = (filter: DashboardFilter, q: Partial<DataTablesQuery>) =>
  dataTables<IncidentListRow>(PATHS.dashboardDataTables, { ...filter, searchAllStatus: true }, q) as Promise<DataTablesResult<IncidentListRow>>;

/**
 * /journalEntry, /furtheractions, /bantuan (§2.1, issue #19): the cases the caller may see, filtered like the case
 * search; a row opens that case's detail page at the part the route stands for (?section= of /insidenView/{id}).
 */
export function CasePickerScreen({
  section,
  search,
  onSearchChange,
}: {
  section: CaseSection;
  search: CasePickerSearch;
  onSearchChange: (s: CasePickerSearch) => Promise<void> | void;
}) {
  const t = useT();
  const user = useSession()?.user;
  const options = useListOptions(user, { hideFinalStatuses: false, region: search.region });
  const today = todayIso();
  const range = useMemo(() => defaultDateRange(today, PICKER_DAYS), [today]);
  const filter = toDashboardFilter(search, { allStatus: true, seesAllRegions: options.seesAllRegions, defaultRange: range });
  const q = toDataTablesQuery(search);

  const list = useQuery({
    queryKey: ['incidents', 'case-picker', user?.userId, filter, q],
    queryFn: () => casesCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
    refetchInterval: TIMING.refreshMs,
  });

  const values: ListFilterValues = { ...search, from: search.from ?? range.from, to: search.to ?? range.to };
  return (
    <Box data-testid="case-picker" data-section={section}>
      <PageHeader title={t(`caseParts.title.${section}`)} subtitle={t(`caseParts.subtitle.${section}`)} />
      <Box mb="4">
        <IncidentFilterBar
          values={values}
          fields={FIELDS}
          options={options}
          onChange={(patch: Partial<ListFilterValues>) => void onSearchChange(withFilter(search, patch))}
          onReset={() => void onSearchChange({ size: search.size })}
          resetDisabled={!hasCriteria(search)}
          testId="case-picker-filters"
        />
      </Box>
      <IncidentList
        rows={list.data?.rows ?? []}
        total={list.data?.recordCount ?? 0}
        page={search.page ?? 0}
        size={q.length}
        sort={search.sort}
        dir={search.dir}
        pending={list.isPending}
        stale={list.isPlaceholderData}
        error={list.error}
        onRetry={() => list.refetch()}
        emptyTitle={t('caseParts.empty')}
        emptyDescription={t('caseParts.emptyHint')}
        emptyIcon={<LuSearchX />}
        onSort={(column, dir) => onSearchChange({ ...search, ...(dir ? { sort: column, dir } : nextSort(search, column)), page: undefined })}
        onPage={(page) => onSearchChange({ ...search, page: page || undefined })}
        onSize={(size) => onSearchChange({ ...search, size, page: undefined })}
        showRegion={options.seesAllRegions && !search.region}
        rowHref={(row) => caseSectionHref(row.incidentId, section)}
        testId="case-picker-list"
        loadingTestId="case-picker-loading"
        heading={
          <Text fontSize="sm" color="fg.muted" data-testid="case-picker-summary">
            {t('caseParts.found', {
              total: totalText(list.data),
              from: isoDateToDisplay(filter.dateStart) || '…',
              to: isoDateToDisplay(filter.dateEnd) || '…',
            })}
          </Text>
        }
      />
    </Box>
  );
}
