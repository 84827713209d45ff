/**
 * Field reports (issue #30 item 2) as more than one feature reads them: the TMC's pending reports (the dashboard's
 * "Laporan peronda" panel and the bell share one query), one report (the new-case form's prefill), the outbox kinds.
 * The patrol's side (the form, "Laporan saya") is src/features/field-report/.
 */
import { useQuery } from '@tanstack/react-query';
import type { FieldReportRow } from '@contract/field-reports';
import { FIELD_REPORT_PATHS, type FieldReportStatus } from '@contract/field-report-rules';
import { can } from '@contract/roles';
import { apiGet, type CallOptions } from './api';
import { useSession, userRole } from './session';

/** The outbox kinds of the field report's writes (src/features/field-report/, docs/offline.md). */
export const FIELD_REPORT_SAVE_KIND = 'fieldReport.save';
export const FIELD_REPORT_REJECT_KIND = 'fieldReport.reject';
/** The dashboard panel's element id: the bell's link scrolls to it. */
export const FIELD_REPORT_PANEL_ANCHOR = 'laporan-peronda';
/** How often the TMC's pending reports are read again (the server alerts the bell's poll at once too). */
export const FIELD_REPORT_REFRESH_MS = 30_000;

export const fieldReportKeys = {
  all: ['fieldReports'] as const,
  pending: (userId: string | undefined) => ['fieldReports', 'pending', userId ?? ''] as const,
  mine: (userId: string | undefined) => ['fieldReports', 'mine', userId ?? ''] as const,
  one: (id: number) => ['fieldReports', 'one', id] as const,
};

export const fieldReportListCall = (filter: { status?: FieldReportStatus } = {}, opts: CallOptions = {}) =>
  apiGet<FieldReportRow[]>(FIELD_REPORT_PATHS.list, { ...opts, searchParams: { status: filter.status } });

/** Whether the signed-in user decides field reports (TMCA/TMCS). */
export function useDecidesFieldReports(): boolean {
  const user = useSession()?.user;
  return can(userRole(user).name, 'fieldReportDecide');
}

/** The region's reports waiting for the TMC (only for those who decide them). */
export function usePendingFieldReports() {
  const userId = useSession()?.user.userId;
  const decides = useDecidesFieldReports();
  return useQuery({
    queryKey: fieldReportKeys.pending(userId),
    queryFn: ({ signal }) => fieldReportListCall({ status: 'PENDING' }, { signal, quiet: true }),
    enabled: !!userId && decides,
    refetchInterval: FIELD_REPORT_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** One report (the new-case form's prefill). */
export function useFieldReport(id: number | null | undefined) {
  return useQuery({
    queryKey: fieldReportKeys.one(id ?? 0),
    queryFn: ({ signal }) => apiGet<FieldReportRow>(FIELD_REPORT_PATHS.get(id!), { signal }),
    enabled: !!id && id > 0,
    retry: 1,
  });
}
