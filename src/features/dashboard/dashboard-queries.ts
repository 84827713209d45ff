/**
 * The incident dashboard's three reads (the page of cases, the counters per status group, the chips per case type)
 * from the user and the URL: one definition for the dashboard (incident-dashboard.tsx) and for its frame, which asks
 * for them as soon as it shows (dashboard-screen.tsx), while the dashboard's code loads and renders. Their request
 * went out only once the whole dashboard (its filter bar with two date pickers, the panels above it) had rendered:
 * seconds on a tablet's CPU during which the network stood idle.
 */
import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import type { WebUser } from '@contract/auth';
import type { DashboardFilter } from '@contract/incidents';
import { TIMING } from '@contract/lookups';
import { isPatrolRole } from '@contract/roles';
import { networkFirst } from '@/lib/cached';
import { defaultDateRange, toDashboardFilter, toDataTablesQuery } from '@/lib/incident-list';
import { seesAllRegions } from '@/lib/incident-list-options';
import { userRole } from '@/lib/session';
import { todayIso } from '@/lib/time';
import { categoryCountsCall, dashboardIncidentsCall, groupCountsCall } from './dashboard-api';
import type { DashboardSearch } from './dashboard-search';

/** What the dashboard asks the server for, from its URL (dates default to the last week; a patrol's own cases). */
export function dashboardRequest(user: WebUser, search: DashboardSearch, range = defaultDateRange(todayIso())) {
  const patrol = isPatrolRole(userRole(user).name);
  const mine = patrol && search.scope !== 'region';
  const filter = toDashboardFilter(search, { allStatus: false, seesAllRegions: seesAllRegions(user), defaultRange: range, assignedToMe: mine });
  return { patrol, mine, filter, q: toDataTablesQuery(search) };
}

/** The three reads of one request; the counters leave out their own dimension, so every group and type stays visible. */
export function dashboardQueries(userId: string, filter: DashboardFilter, q: ReturnType<typeof toDataTablesQuery>) {
  const groupFilter: DashboardFilter = { ...filter, incidentStatusGroup: undefined, incidentStatus: undefined };
  const categoryFilter: DashboardFilter = { ...filter, incidentCategory: undefined };
  return {
    list: {
      queryKey: ['incidents', 'dashboard', userId, filter, q],
      queryFn: () => networkFirst(userId, `dashboard:${JSON.stringify([filter, q])}`, () => dashboardIncidentsCall(filter, q)),
      placeholderData: keepPreviousData,
      refetchInterval: TIMING.refreshMs,
      refetchOnWindowFocus: true,
    },
    groups: {
      queryKey: ['incidents', 'groupCounts', userId, groupFilter],
      queryFn: async () => (await networkFirst(userId, `dashboardGroups:${JSON.stringify(groupFilter)}`, () => groupCountsCall(groupFilter))).data,
      placeholderData: keepPreviousData,
      refetchInterval: TIMING.refreshMs,
    },
    categories: {
      queryKey: ['incidents', 'categoryCounts', userId, categoryFilter],
      queryFn: async () =>
        (await networkFirst(userId, `dashboardTypes:${JSON.stringify(categoryFilter)}`, () => categoryCountsCall(categoryFilter))).data,
      placeholderData: keepPreviousData,
      refetchInterval: TIMING.refreshMs,
    },
  };
}

/** Starts the three reads (the dashboard's own queries then find them under way, or answered). */
export function prefetchDashboard(client: QueryClient, user: WebUser, search: DashboardSearch) {
  const { filter, q } = dashboardRequest(user, search);
  const reads = dashboardQueries(user.userId, filter, q);
  void client.prefetchQuery(reads.list);
  void client.prefetchQuery(reads.groups);
  void client.prefetchQuery(reads.categories);
}
