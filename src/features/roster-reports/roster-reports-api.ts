/**
 * The reads of the roster reports (issue #17; §7.7 PRAverageTimeOnMainline, PRTotalWorkDurationReport,
 * VehicleUsageReport, LoopingReportV2): one react-query per chart or table, keyed by the report filter (and the
 * table's paging), the previous answer kept while the next loads; the CSVs through downloadCsv (the server's file:
 * UTF-8 with BOM, quoted, dd-mm-yyyy). Nothing is aggregated here: the server answers the figures.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, type WorkGroup } from '@contract/reports-rules';
import type {
  LoopingPage,
  LoopingRow,
  MainlineDayChart,
  MainlineGroupChart,
  MainlineRosterRow,
  ReportFilter,
  VehicleUsageChart,
  WorkAnswer,
} from '@contract/reports';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import { apiPost, dataTables, isApiError } from '@/lib/api';
import { downloadCsv } from '@/lib/download';

export const rosterReportKeys = {
  all: ['roster-reports'] as const,
  chart: (path: string, filter: ReportFilter | null) => ['roster-reports', path, filter] as const,
  page: (path: string, filter: ReportFilter | null, q: Partial<DataTablesQuery>) => ['roster-reports', path, filter, q] as const,
  work: (filter: ReportFilter | null, groupBy: WorkGroup) => ['roster-reports', REPORT_PATHS.workTotal, filter, groupBy] as const,
};

/** a 4xx (bad filter, out of scope) is not retried; a network or server error once */
const retry = (count: number, err: Error) => count < 1 && !(isApiError(err) && err.status >= 400 && err.status < 500);

/** One chart answer of a report (POST ReportFilter); off while there is no valid filter or `enabled` is false. */
function useChart<T>(path: string, filter: ReportFilter | null, enabled = true) {
  return useQuery({
    queryKey: rosterReportKeys.chart(path, filter),
    queryFn: ({ signal }) => apiPost<T>(path, filter, { signal }),
    enabled: filter !== null && enabled,
    placeholderData: keepPreviousData,
    retry,
  });
}

// ---------------------------------------------------------------- 2. DLU

export const useMainlineDay = (filter: ReportFilter | null) => useChart<MainlineDayChart>(REPORT_PATHS.mainlineDay, filter);
export const useMainlineRegion = (filter: ReportFilter | null, enabled: boolean) =>
  useChart<MainlineGroupChart>(REPORT_PATHS.mainlineRegion, filter, enabled);
export const useMainlineSection = (filter: ReportFilter | null) => useChart<MainlineGroupChart>(REPORT_PATHS.mainlineSection, filter);

export function useMainlineRosters(filter: ReportFilter | null, q: Partial<DataTablesQuery>) {
  return useQuery({
    queryKey: rosterReportKeys.page(REPORT_PATHS.mainlineRosters, filter, q),
    queryFn: ({ signal }) =>
      dataTables<MainlineRosterRow>(REPORT_PATHS.mainlineRosters, filter!, q, { signal }) as Promise<DataTablesResult<MainlineRosterRow>>,
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    retry,
  });
}

export const mainlineCsv = (filter: ReportFilter, q: Partial<DataTablesQuery>) =>
  downloadCsv(REPORT_PATHS.mainlineCsv, filter, q, 'laporan-masa-dalam-laluan-utama.csv');

// ---------------------------------------------------------------- 3. work duration

export function useWorkTotal(filter: ReportFilter | null, groupBy: WorkGroup) {
  return useQuery({
    queryKey: rosterReportKeys.work(filter, groupBy),
    queryFn: ({ signal }) => apiPost<WorkAnswer>(REPORT_PATHS.workTotal, { ...filter, groupBy }, { signal }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    retry,
  });
}

export const workCsv = (filter: ReportFilter, groupBy: WorkGroup) =>
  downloadCsv(REPORT_PATHS.workCsv, { ...filter, groupBy }, {}, `laporan-masa-bertugas-${groupBy === 'team' ? 'pasukan' : 'individu'}.csv`);

// ---------------------------------------------------------------- 4. vehicles

export const useVehicleKm = (filter: ReportFilter | null) => useChart<VehicleUsageChart>(REPORT_PATHS.vehicleKm, filter);
export const useVehicleHour = (filter: ReportFilter | null) => useChart<VehicleUsageChart>(REPORT_PATHS.vehicleHour, filter);
export const useVehicleSummary = (filter: ReportFilter | null) => useChart<VehicleUsageChart>(REPORT_PATHS.vehicleSummary, filter);

export const vehicleCsv = (filter: ReportFilter) => downloadCsv(REPORT_PATHS.vehicleCsv, filter, {}, 'laporan-penggunaan-kenderaan.csv');

// ---------------------------------------------------------------- 8. rondas

export function useLooping(filter: ReportFilter | null, q: Partial<DataTablesQuery>) {
  return useQuery({
    queryKey: rosterReportKeys.page(REPORT_PATHS.looping, filter, q),
    queryFn: ({ signal }) => dataTables<LoopingRow>(REPORT_PATHS.looping, filter!, q, { signal }) as Promise<LoopingPage>,
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    retry,
  });
}

export const loopingCsv = (filter: ReportFilter, q: Partial<DataTablesQuery>) =>
  downloadCsv(REPORT_PATHS.loopingCsv, filter, q, 'laporan-rondaan.csv');
