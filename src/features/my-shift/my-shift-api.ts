/**
 * What "Syif saya" reads (issue #30 item 1), all of it kept on the device: the roster's end-of-duty report (its
 * cases, activity entries and checklist summary; GET report/LaporanTamatTugas/{id}, the same call and device copy
 * as the activity log and the end-of-duty report use, `endOfDuty:report:<id>`), network first and the last answer
 * offline; and the user's writes of the roster still in the outbox (live from IndexedDB: they survive a reload).
 */
import { useQuery } from '@tanstack/react-query';
import { ACTIVITY_PATHS } from '@contract/activity-log-rules';
import type { EndOfDutyReport } from '@contract/activity-log';
import { TIMING } from '@contract/lookups';
import { apiGet } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { useSession } from '@/lib/session';
import { useDbLive } from '@/offline/use-db-live';
import { AUDIT_SAVE_KIND, activityGroupOf, checklistGroupOf, queuedCaseSteps, type QueuedShiftWrite } from './my-shift-rules';

export interface ShiftReport {
  report: EndOfDutyReport;
  /** null: fresh from the server; else when the copy on the device was made */
  cachedAt: string | null;
}

/** The roster's report, refreshed every 60 s while shown; the copy on the device when the network is gone. */
export function useShiftReport(rosterId: number | null) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: ['myShift', 'report', rosterId ?? 0],
    queryFn: async ({ signal }): Promise<ShiftReport> => {
      const r = await networkFirst(userId, `endOfDuty:report:${rosterId}`, () =>
        apiGet<EndOfDutyReport>(ACTIVITY_PATHS.report(rosterId!), { signal, quiet: true }),
      );
      return { report: r.data, cachedAt: r.cachedAt };
    },
    enabled: !!rosterId && rosterId > 0,
    refetchInterval: TIMING.refreshMs,
    refetchIntervalInBackground: false,
    retry: 1,
  });
}

/** The user's activity-log and checklist writes of the roster still in the outbox (undefined until IndexedDB answers). */
export function useQueuedShiftWrites(rosterId: number | null): QueuedShiftWrite[] | undefined {
  const userId = useSession()?.user.userId;
  return useDbLive(
    async (db) => {
      if (!userId || !rosterId) return [];
      const groups = new Set([activityGroupOf(rosterId), checklistGroupOf(rosterId)]);
      const rows = await db.outbox.where('userId').equals(userId).sortBy('seq');
      return rows.filter((i) => groups.has(i.group)).map((i) => ({ group: i.group, kind: i.kind, state: i.state, body: i.body }));
    },
    [userId, rosterId],
  );
}

/** The patrol's case steps still in the outbox, by case (queuedCaseSteps): Syif saya shows them as not sent. */
export function useQueuedCaseSteps(): Map<number, { statusId: number; refused: boolean }> | undefined {
  const userId = useSession()?.user.userId;
  return useDbLive(
    async (db) => {
      if (!userId) return new Map();
      const rows = await db.outbox.where('userId').equals(userId).sortBy('seq');
      return queuedCaseSteps(
        rows.filter((i) => i.kind === AUDIT_SAVE_KIND).map((i) => ({ kind: i.kind, state: i.state, body: i.body, incidentId: i.incidentRef?.id })),
      );
    },
    [userId],
  );
}
