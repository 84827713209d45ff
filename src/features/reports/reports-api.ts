/**
 * Reads of the incident-side report screens (issue #17, §7.7): IncidentAndResponseTimeReport (counts per event type,
 * region, status, the section table, the KPIs, the secondary crashes, the cases missing a KPI's times), the CSVs,
 * LaporanBantuanLainLainReport and report/Report1Section/{id}. The answers are typed by the contract's types only (its
 * zod schemas stay out of the PWA: tests/unit/client-imports.test.ts); the figures are the server's (the client never
 * aggregates rows).
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type {
  AssistanceChart,
  CountChart,
  IncidentKpi,
  IncidentReportFilter,
  IncidentSectionChart,
  MissingRow,
  Report1Section,
  ReportFilter,
  SecondaryAnswer,
} from '@contract/reports';
import { REPORT_PAGE_SIZE, REPORT_PATHS, type MissingKpiKey } from '@contract/reports-rules';
import { apiGet, apiPost, dataTables, isApiError } from '@/lib/api';
import { downloadCsv } from '@/lib/download';

const post = <T>(path: string, body: object, signal?: AbortSignal) => apiPost<T>(path, body, { signal });

/** no retry of a refusal (400/403/404 say what is wrong at once) */
const retry = (count: number, err: unknown) => count < 1 && !(isApiError(err) && err.status >= 400 && err.status < 500);

export const reportKeys = {
  all: ['reports'] as const,
  incident: (part: string, filter: object | null) => ['reports', 'incident', part, filter] as const,
  missing: (filter: object | null, kpi: MissingKpiKey, page: number) => ['reports', 'incident', 'missing', filter, kpi, page] as const,
  assistance: (by: string, filter: object | null) => ['reports', 'assistance', by, filter] as const,
  section: (id: number, from: string, to: string) => ['reports', 'section', id, from, to] as const,
};

/**
 * One report read: the previous answer kept while the next loads (placeholderData), no retry of a refusal, no refetch
 * on focus. Typed through T so that keepPreviousData is instantiated with the answer's type (spreading it from a
 * shared options object left TanStack's TQueryData inferred as the placeholder function itself).
 */
function useReportQuery<T>(queryKey: QueryKey, read: (signal: AbortSignal) => Promise<T>, enabled: boolean) {
  return useQuery<T, Error, T>({
    queryKey,
    queryFn: ({ signal }) => read(signal),
    enabled,
    placeholderData: keepPreviousData,
    retry,
    refetchOnWindowFocus: false,
  });
}

export type CountBy = 'category' | 'region' | 'status';
const COUNT_PATHS: Record<CountBy, string> = {
  category: REPORT_PATHS.incidentCategory,
  region: REPORT_PATHS.incidentRegion,
  status: REPORT_PATHS.incidentStatusKes,
};

export function useIncidentCounts(by: CountBy, filter: IncidentReportFilter | null, enabled = true) {
  return useReportQuery(reportKeys.incident(by, filter), (signal) => post<CountChart>(COUNT_PATHS[by], filter!, signal), enabled && filter !== null);
}

export function useIncidentSections(filter: IncidentReportFilter | null) {
  return useReportQuery(
    reportKeys.incident('section', filter),
    (signal) => post<IncidentSectionChart>(REPORT_PATHS.incidentSection, filter!, signal),
    filter !== null,
  );
}

export function useIncidentKpi(filter: IncidentReportFilter | null) {
  return useReportQuery(
    reportKeys.incident('kpi', filter),
    (signal) => post<IncidentKpi>(REPORT_PATHS.incidentKpi, filter!, signal),
    filter !== null,
  );
}

export function useIncidentSecondary(filter: IncidentReportFilter | null) {
  return useReportQuery(
    reportKeys.incident('secondary', filter),
    (signal) => post<SecondaryAnswer>(REPORT_PATHS.incidentSecondary, filter!, signal),
    filter !== null,
  );
}

/** The cases a KPI applies to that lack its times, REPORT_PAGE_SIZE a page (the server's order: newest first). */
export function useIncidentMissing(filter: IncidentReportFilter | null, kpi: MissingKpiKey, page: number, enabled: boolean) {
  return useReportQuery(
    reportKeys.missing(filter, kpi, page),
    (signal) =>
      dataTables<MissingRow>(
        REPORT_PATHS.incidentMissing,
        { ...filter!, kpi },
        { start: page * REPORT_PAGE_SIZE, length: REPORT_PAGE_SIZE },
        { signal },
      ),
    enabled && filter !== null,
  );
}

export const incidentCsv = (filter: IncidentReportFilter) =>
  downloadCsv(REPORT_PATHS.incidentCsv, filter, {}, 'laporan-insiden.csv').then(() => undefined);
export const incidentStatusCsv = (filter: IncidentReportFilter) =>
  downloadCsv(REPORT_PATHS.incidentStatusCsv, filter, {}, 'laporan-status-insiden.csv').then(() => undefined);

// ---------------------------------------------------------------- Laporan Jenis Bantuan Lain-Lain

export type AssistanceBy = 'type' | 'region' | 'section';
const ASSISTANCE_PATHS: Record<AssistanceBy, string> = {
  type: REPORT_PATHS.assistanceType,
  region: REPORT_PATHS.assistanceRegion,
  section: REPORT_PATHS.assistanceSection,
};

export function useAssistance(by: AssistanceBy, filter: ReportFilter | null, enabled = true) {
  return useReportQuery(
    reportKeys.assistance(by, filter),
    (signal) => post<AssistanceChart>(ASSISTANCE_PATHS[by], filter!, signal),
    enabled && filter !== null,
  );
}

export const assistanceCsv = (filter: ReportFilter) =>
  downloadCsv(REPORT_PATHS.assistanceCsv, filter, {}, 'laporan-jenis-bantuan.csv').then(() => undefined);

// ---------------------------------------------------------------- one section

export function useSectionReport(sectionId: number, range: { from: string; to: string } | null) {
  return useReportQuery(
    reportKeys.section(sectionId, range?.from ?? '', range?.to ?? ''),
    (signal) =>
      apiGet<Report1Section>(REPORT_PATHS.report1Section(sectionId), { signal, searchParams: { dateFrom: range!.from, dateTo: range!.to } }),
    range !== null && sectionId > 0,
  );
}
