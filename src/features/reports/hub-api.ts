/**
 * The reads of the reports hub (issue #17 item 7) that the incident side has no hook for: the roster reports' totals
 * of the period (PRAverageTimeOnMainline/day, VehicleUsageReport/summary, LoopingReportV2 asked for one row: its
 * totals come with every page). Only the totals are kept; the figures are the server's. The answers are typed by the
 * contract's types only (its zod schemas stay out of the PWA: tests/unit/client-imports.test.ts). The incident KPIs
 * and the assistance totals come from ./reports-api.ts.
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type {
  LoopingPage,
  LoopingTotals,
  MainlineDayChart,
  MainlineFigures,
  Period,
  ReportFilter,
  VehicleUsageChart,
  VehicleUsageTotals,
} from '@contract/reports';
import { REPORT_PATHS } from '@contract/reports-rules';
import { apiPost, dataTables, isApiError } from '@/lib/api';

/** no retry of a refusal (4xx); a network or server error once */
const retry = (count: number, err: unknown) => count < 1 && !(isApiError(err) && err.status >= 400 && err.status < 500);

export const hubKeys = {
  all: ['report-hub'] as const,
  totals: (part: 'mainline' | 'vehicles' | 'looping', filter: ReportFilter | null) => ['report-hub', part, filter] as const,
};

/** A report's totals of the period and of the previous one. */
export interface HubTotals<T> {
  period: Period;
  previousPeriod: Period;
  total: T;
  previousTotal: T;
}
const totalsOf = <T>(a: HubTotals<T>): HubTotals<T> => ({
  period: a.period,
  previousPeriod: a.previousPeriod,
  total: a.total,
  previousTotal: a.previousTotal,
});

/** One totals read: the previous answer kept while the next loads, no retry of a refusal, no refetch on focus. */
function useTotals<T>(queryKey: QueryKey, read: (signal: AbortSignal) => Promise<HubTotals<T>>, enabled: boolean) {
  return useQuery<HubTotals<T>, Error, HubTotals<T>>({
    queryKey,
    queryFn: ({ signal }) => read(signal).then(totalsOf),
    enabled,
    placeholderData: keepPreviousData,
    retry,
    refetchOnWindowFocus: false,
  });
}

/** DLU of the period: the averages over the rosters with a shift summary, now and in the previous period. */
export function useHubMainline(filter: ReportFilter | null, enabled: boolean) {
  return useTotals<MainlineFigures>(
    hubKeys.totals('mainline', filter),
    (signal) => apiPost<MainlineDayChart>(REPORT_PATHS.mainlineDay, filter, { signal }),
    enabled && filter !== null,
  );
}

/** Vehicle usage of the period: km, hours and the checklist completeness of every vehicle together. */
export function useHubVehicles(filter: ReportFilter | null, enabled: boolean) {
  return useTotals<VehicleUsageTotals>(
    hubKeys.totals('vehicles', filter),
    (signal) => apiPost<VehicleUsageChart>(REPORT_PATHS.vehicleSummary, filter, { signal }),
    enabled && filter !== null,
  );
}

/** Rondas of the period against the plan (LoopingReportV2's totals; one row asked for, not shown). */
export function useHubLooping(filter: ReportFilter | null, enabled: boolean) {
  return useTotals<LoopingTotals>(
    hubKeys.totals('looping', filter),
    (signal) => dataTables<LoopingPage['rows'][number]>(REPORT_PATHS.looping, filter!, { start: 0, length: 1 }, { signal }) as Promise<LoopingPage>,
    enabled && filter !== null,
  );
}
