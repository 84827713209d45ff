import { useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { LuFileSearch, LuList, LuSearchX } from 'react-icons/lu';
import { TIMING } from '@contract/lookups';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/lists';
import { errorText, isApiError } from '@/lib/api';
import {
  defaultDateRange,
  hasCriteria,
  incidentHref,
  isExactTicket,
  nextSort,
  totalText,
  toDashboardFilter,
  toDataTablesQuery,
  withFilter,
  type ListFilterValues,
} from '@/lib/incident-list';
import { useListOptions } from '@/lib/incident-list-options';
import { useSession } from '@/lib/session';
import { isoDateToDisplay, todayIso } from '@/lib/time';
import { IncidentFilterBar, type FilterField } from '@/ui/incident-filter-bar';
import { IncidentList } from '@/ui/incident-list';
import { PageHeader } from '@/ui/page-header';
import { EmptyBlock } from '@/ui/states';
import { caseByTicketCall, casesCall } from './case-search-api';
import type { CaseSearch } from './case-search-search';

const FIELDS: readonly FilterField[] = ['ticket', 'plate', 'km', 'dates', 'region', 'section', 'category', 'group', 'status'];
/** /incident opens on the last 30 days (shown in the date fields); the case search on every date. */
const INCIDENT_LIST_DAYS = 30;

/**
 * `/cariankes` (mode 'search'): find any case, closed and cancelled ones too, by ticket number (an exact number opens
 * the case), plate, KM, section, dates, type or status. `/incident` (mode 'all'): the full list with the same filters.
 */
export function CaseSearchScreen({
  mode,
  search,
  onSearchChange,
}: {
  mode: 'search' | 'all';
  search: CaseSearch;
  /** resolves once the URL shows the new search */
  onSearchChange: (s: CaseSearch) => Promise<void> | void;
}) {
  const t = useT();
  const session = useSession();
  const user = session?.user;
  const navigate = useNavigate();
  const options = useListOptions(user, { hideFinalStatuses: false, region: search.region });
  const today = todayIso();
  const range = useMemo(() => (mode === 'all' ? defaultDateRange(today, INCIDENT_LIST_DAYS) : undefined), [mode, today]);
  const filter = toDashboardFilter(search, { allStatus: true, seesAllRegions: options.seesAllRegions, defaultRange: range });
  const q = toDataTablesQuery(search);
  const searched = mode === 'all' || hasCriteria(search);
  const [ticketMiss, setTicketMiss] = useState<string | null>(null);

  const list = useQuery({
    queryKey: ['incidents', 'cases', user?.userId, filter, q],
    queryFn: () => casesCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user && searched,
    refetchInterval: TIMING.refreshMs,
  });

  const byTicket = useMutation({ mutationFn: caseByTicketCall });

  const apply = (patch: Partial<ListFilterValues>) => {
    const next = withFilter(search, patch);
    const ticket = 'ticket' in patch ? patch.ticket : undefined;
    setTicketMiss(null);
    byTicket.reset();
    if (!ticket || !isExactTicket(ticket)) return void onSearchChange(next);
    // an exact ticket number opens the case; the search stays in the URL so Back returns to it
    byTicket.mutate(ticket, {
      onSuccess: async (incident) => {
        // the search first (it replaces this history entry), then the case on top of it
        await onSearchChange(next);
        await navigate({ href: incidentHref(incident.pkIncidentId) });
      },
      onError: (err) => {
        if (isApiError(err) && err.status === 404) setTicketMiss(ticket);
        void onSearchChange(next);
      },
    });
  };

  const values: ListFilterValues = { ...search, from: search.from ?? range?.from, to: search.to ?? range?.to };
  const rows = list.data?.rows ?? [];
  const title = mode === 'all' ? t('lists.incidentTitle') : t('lists.searchTitle');

  return (
    <Box data-testid={mode === 'all' ? 'incident-list-screen' : 'case-search'}>
      <PageHeader
        title={title}
        subtitle={mode === 'all' ? t('lists.incidentSubtitle') : t('lists.searchSubtitle')}
        actions={
          mode === 'search' ? (
            <Button asChild variant="outline" bg="bg.panel" minH="11">
              <RouterLink to="/incident" data-testid="link-incident-list">
                <LuList /> {t('lists.allIncidents')}
              </RouterLink>
            </Button>
          ) : (
            <Button asChild variant="outline" bg="bg.panel" minH="11">
              <RouterLink to="/cariankes">
                <LuFileSearch /> {t('lists.searchTitle')}
              </RouterLink>
            </Button>
          )
        }
      />

      <Box mb="4">
        <IncidentFilterBar
          values={values}
          fields={FIELDS}
          options={options}
          onChange={apply}
          onReset={() => {
            setTicketMiss(null);
            byTicket.reset();
            void onSearchChange({ size: search.size });
          }}
          resetDisabled={!hasCriteria(search) && !ticketMiss}
          testId="case-filters"
          defaultAdvancedOpen={mode === 'search'}
        />
      </Box>

      {byTicket.isPending && (
        <Text fontSize="sm" color="fg.muted" mb="3" data-testid="ticket-lookup">
          {t('lists.ticketLookup', { ticket: byTicket.variables ?? '' })}
        </Text>
      )}
      {ticketMiss && (
        <Alert.Root status="info" mb="4" rounded="md" data-testid="ticket-miss">
          <Alert.Indicator />
          <Alert.Description>{t('lists.ticketMiss', { ticket: ticketMiss })}</Alert.Description>
        </Alert.Root>
      )}
      {byTicket.isError && !ticketMiss && (
        <Alert.Root status="error" mb="4" rounded="md" data-testid="ticket-error">
          <Alert.Indicator />
          <Alert.Description>{errorText(byTicket.error)}</Alert.Description>
        </Alert.Root>
      )}

      {!searched ? (
        <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" data-testid="search-prompt">
          <EmptyBlock title={t('lists.searchPrompt')} description={t('lists.searchPromptHint')} icon={<LuFileSearch />} />
        </Box>
      ) : (
        <IncidentList
          rows={rows}
          total={list.data?.recordCount ?? 0}
          page={search.page ?? 0}
          size={q.length}
          sort={search.sort}
          dir={search.dir}
          pending={list.isPending}
          stale={list.isPlaceholderData}
          error={list.error}
          onRetry={() => list.refetch()}
          emptyTitle={t('lists.notFound')}
          emptyDescription={t('lists.notFoundHint')}
          emptyIcon={<LuSearchX />}
          onSort={(column, dir) => onSearchChange({ ...search, ...(dir ? { sort: column, dir } : nextSort(search, column)), page: undefined })}
          onPage={(page) => onSearchChange({ ...search, page: page || undefined })}
          onSize={(size) => onSearchChange({ ...search, size, page: undefined })}
          showRegion={options.seesAllRegions && !search.region}
          testId="case-list"
          loadingTestId="case-list-loading"
          heading={
            <Text fontSize="sm" color="fg.muted" data-testid="search-summary">
              {filter.dateStart || filter.dateEnd
                ? t('lists.foundRange', {
                    total: totalText(list.data),
                    from: isoDateToDisplay(filter.dateStart) || '…',
                    to: isoDateToDisplay(filter.dateEnd) || '…',
                  })
                : t('lists.found', { total: totalText(list.data) })}
            </Text>
          }
        />
      )}
    </Box>
  );
}
