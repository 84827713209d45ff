/**
 * Calls of the end-of-duty report (issue #15; §7.7 report/LaporanTamatTugas, laporanTamatTugasData dataTables and
 * csv; §7.5 dutyroster/updateDutyRosterAck and updateActivityLogSummary). Reads with react-query (the report kept on
 * the device for offline use); the verification, approval, revocation and summary update go through the outbox
 * (src/ui/admin/admin-api.ts adminWrite): answered while the user waits, kept on the device when offline, thrown
 * with the server's message when refused.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACTIVITY_PATHS, type AckAction } from '@contract/activity-log-rules';
import type { DutyRosterAck, EndOfDutyFilter, EndOfDutyReport, EndOfDutyRow, ShiftSummary } from '@contract/activity-log';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import { apiGet, dataTables, type CallOptions } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { useSession } from '@/lib/session';
import { adminWrite, downloadCsv } from '@/ui/admin/admin-api';

export const endOfDutyKeys = {
  all: ['endOfDuty'] as const,
  list: (filter: EndOfDutyFilter | null, q: Partial<DataTablesQuery>) => ['endOfDuty', 'list', filter, q] as const,
  /** the same key as the activity log's header read: one answer serves both screens */
  report: (rosterId: number) => ['endOfDuty', 'report', rosterId] as const,
};

export const endOfDutyListCall = (filter: EndOfDutyFilter, q: Partial<DataTablesQuery>, opts?: CallOptions) =>
  dataTables<EndOfDutyRow>(ACTIVITY_PATHS.reportDataTables, filter, q, opts) as Promise<DataTablesResult<EndOfDutyRow>>;

export const endOfDutyCsv = (filter: EndOfDutyFilter, q: Partial<DataTablesQuery>) =>
  downloadCsv(ACTIVITY_PATHS.reportCsv, filter, q, 'laporan-tamat-tugas.csv');

export const reportCall = (rosterId: number, opts?: CallOptions) => apiGet<EndOfDutyReport>(ACTIVITY_PATHS.report(rosterId), opts);

/** The end-of-duty reports of the filter, one page (nothing is asked while the filter is invalid). */
export function useEndOfDutyList(filter: EndOfDutyFilter | null, q: Partial<DataTablesQuery>) {
  return useQuery({
    queryKey: endOfDutyKeys.list(filter, q),
    queryFn: ({ signal }) => endOfDutyListCall(filter!, q, { signal }),
    placeholderData: keepPreviousData,
    enabled: filter !== null,
  });
}

/** One roster's report; the last answer is kept on the device (a patrol offline still reads its shift). */
export function useEndOfDutyReport(rosterId: number) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: endOfDutyKeys.report(rosterId),
    queryFn: async ({ signal }) => {
      const r = await networkFirst(userId, `endOfDuty:report:${rosterId}`, () => reportCall(rosterId, { signal, quiet: true }));
      return { report: r.data, cachedAt: r.cachedAt };
    },
    enabled: rosterId > 0,
    refetchOnWindowFocus: false,
  });
}

// ---------------------------------------------------------------- writes

/** One roster's acknowledgement writes go in order (a revoke after an approval). */
const ackGroup = (rosterId: number) => `dutyRosterAck:${rosterId}`;

/** Semak (verify), Sahkan (approve) or, for SUPERADMIN, the revocation with its justification. */
export function sendAck(rosterId: number, action: AckAction, label: string, justification?: string) {
  const body: DutyRosterAck = { pkDutyRosterId: rosterId, action, ...(justification ? { justification } : {}) };
  return adminWrite<unknown>(`endOfDuty.${action}`, label, ACTIVITY_PATHS.updateAck, body, ackGroup(rosterId));
}

/** Kemaskini ringkasan: the server computes the summary again from the activity log and the GPS positions. */
export function sendSummaryUpdate(rosterId: number, label: string) {
  return adminWrite<ShiftSummary>('endOfDuty.summary', label, ACTIVITY_PATHS.updateSummary, { pkDutyRosterId: rosterId }, ackGroup(rosterId));
}
