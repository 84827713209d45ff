/**
 * Calls and writes of the patrol's activity log (issue #15; §7.5 activityLog dataTables|save|delete). Reads go
 * through react-query with the last answer kept on the device (src/lib/cached networkFirst), so a tablet that loses
 * the network still shows its shift. Every write goes through the outbox (src/offline/writes.ts): written to the
 * device, sent once (Idempotency-Key), in order within the roster's group `activityLog:<rosterId>`, shown as unsent
 * until the server acknowledges it (use-queued-activities.ts merges them into the timeline).
 */
import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACTIVITY_PATHS, ACTIVITY_PAGE_MAX } from '@contract/activity-log-rules';
import type { ActivityLogRow, ActivityLogSave, EndOfDutyReport } from '@contract/activity-log';
import type { CheckpointRow } from '@contract/rondas';
import type { DataTablesResult } from '@contract/envelope';
import { MANAGE_BASE } from '@contract/paths';
import { TIMING } from '@contract/lookups';
import { apiGet, dataTables, type CallOptions } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { useSession } from '@/lib/session';
import { getDb } from '@/offline/db';
import { discardItem } from '@/offline/outbox';
import { onSyncEvent } from '@/offline/sync-client';
import { sendWrites, type WriteOutcome } from '@/offline/writes';
import { ACTIVITY_DELETE_KIND, ACTIVITY_SAVE_KIND, activityGroup, type ShownEntry } from './activity-rules';
import { planDelete, planEdit, planRecord, refusedItemsOf, type WriteContext, type WritePlan } from './activity-writes';
import { compareNatural } from '@/lib/collate';

/**
 * rondaloopcheckpoints/dataTables (§7.5). Its path is written in contract/rondas.ts, a zod module the PWA takes
 * only types from (tests/unit/client-imports.test.ts): the same path, from the zod-free base.
 */
const CHECKPOINT_DATA_TABLES = `${MANAGE_BASE}/rondaloopcheckpoints/dataTables`;
/** a section's rondas have a few dozen checkpoints; one page holds them all */
const CHECKPOINT_PAGE = 500;
/** how long a save waits for the server before it is left to the outbox (the entry shows as unsent meanwhile) */
const SAVE_WAIT_MS = 8_000;

export const activityKeys = {
  all: ['activityLog'] as const,
  list: (rosterId: number) => ['activityLog', 'list', rosterId] as const,
  /** the end-of-duty report of the roster: the same key as the report screen's, so one answer serves both */
  report: (rosterId: number) => ['endOfDuty', 'report', rosterId] as const,
  checkpoints: (sectionId: number) => ['activityLog', 'checkpoints', sectionId] as const,
};

export interface ActivityList {
  rows: ActivityLogRow[];
  /** null: fresh from the server; else when the copy on the device was made */
  cachedAt: string | null;
}

export const activityListCall = (rosterId: number, opts?: CallOptions) =>
  dataTables<ActivityLogRow>(ACTIVITY_PATHS.dataTables, { dutyRosterId: rosterId }, { length: ACTIVITY_PAGE_MAX, start: 0 }, opts) as Promise<
    DataTablesResult<ActivityLogRow>
  >;

export const rosterReportCall = (rosterId: number, opts?: CallOptions) => apiGet<EndOfDutyReport>(ACTIVITY_PATHS.report(rosterId), opts);

export const checkpointsCall = (sectionId: number, opts?: CallOptions) =>
  dataTables<CheckpointRow>(CHECKPOINT_DATA_TABLES, { sectionId }, { length: CHECKPOINT_PAGE, start: 0 }, opts) as Promise<
    DataTablesResult<CheckpointRow>
  >;

/** The roster's entries (the server's), refreshed every 60 s while shown; the last list is kept for offline use. */
export function useActivityRows(rosterId: number) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: activityKeys.list(rosterId),
    queryFn: async ({ signal }): Promise<ActivityList> => {
      const r = await networkFirst(userId, `activityLog:list:${rosterId}`, () => activityListCall(rosterId, { signal, quiet: true }));
      return { rows: r.data.rows, cachedAt: r.cachedAt };
    },
    refetchInterval: TIMING.refreshMs,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    enabled: rosterId > 0,
  });
}

/** The roster's end-of-duty report (header, lifecycle, what the caller may do), kept on the device too. */
export function useRosterReport(rosterId: number) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: activityKeys.report(rosterId),
    queryFn: async ({ signal }) => {
      const r = await networkFirst(userId, `endOfDuty:report:${rosterId}`, () => rosterReportCall(rosterId, { signal, quiet: true }));
      return { report: r.data, cachedAt: r.cachedAt };
    },
    enabled: rosterId > 0,
    refetchOnWindowFocus: false,
  });
}

/** The checkpoints of the section's rondas, ordered by ronda and sequence, kept on the device for offline use. */
export function useSectionCheckpoints(sectionId: number | null | undefined) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: activityKeys.checkpoints(sectionId ?? 0),
    queryFn: async ({ signal }) =>
      (await networkFirst(userId, `activityLog:checkpoints:${sectionId}`, () => checkpointsCall(sectionId!, { signal, quiet: true }))).data.rows,
    select: (rows) => [...rows].sort((a, b) => compareNatural(a.rondaName, b.rondaName) || a.seq - b.seq),
    enabled: !!sectionId && sectionId > 0,
    staleTime: 30 * 60_000,
  });
}

const isRow = (v: unknown): v is ActivityLogRow =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ActivityLogRow).pkActivityLogId === 'number' &&
  typeof (v as ActivityLogRow).occurredAt === 'string' &&
  typeof (v as ActivityLogRow).eventName === 'string';

/**
 * When the outbox delivers a write of this roster (here, in another tab or from the service worker), its answer goes
 * into the list at once: an entry does not blink out between its 'unsent' mark going and the list's refresh.
 */
export function useDeliveredIntoList(rosterId: number) {
  const qc = useQueryClient();
  useEffect(() => {
    const group = activityGroup(rosterId);
    return onSyncEvent((e) => {
      if (e.type !== 'acked' || e.item.group !== group) return;
      const key = activityKeys.list(rosterId);
      if (e.item.kind === ACTIVITY_SAVE_KIND && isRow(e.answer)) {
        const row = e.answer;
        qc.setQueryData<ActivityList>(key, (old) =>
          old ? { ...old, rows: [...old.rows.filter((r) => r.pkActivityLogId !== row.pkActivityLogId), row] } : old,
        );
      } else if (e.item.kind === ACTIVITY_DELETE_KIND) {
        const id = (e.answer as { pkActivityLogId?: unknown } | null)?.pkActivityLogId;
        if (typeof id === 'number')
          qc.setQueryData<ActivityList>(key, (old) => (old ? { ...old, rows: old.rows.filter((r) => r.pkActivityLogId !== id) } : old));
      }
    });
  }, [qc, rosterId]);
}

// ---------------------------------------------------------------- writes

export type { WriteContext } from './activity-writes';

/**
 * Takes the entry's queued writes out of the outbox when one of them was refused (the others wait behind it and are
 * replaced by what the user sends now). Items being sent right now are left alone.
 */
async function dropRefused(entry: ShownEntry): Promise<void> {
  const db = getDb();
  for (const clientId of refusedItemsOf(entry)) {
    const item = await db.outbox.where('clientId').equals(clientId).first();
    if (item && item.state !== 'sending') await discardItem(db, clientId);
  }
}

async function run(plan: WritePlan): Promise<WriteOutcome | 'discarded'> {
  if (plan.discard) await dropRefused(plan.entry!);
  if (!plan.items.length) return 'discarded';
  // silent: the screen marks each entry still on the device ('Belum dihantar'); a toast would only cover the dialog
  return sendWrites(plan.items, { waitMs: SAVE_WAIT_MS, silent: true });
}

/** A new entry: created on the device, sent through the outbox. Throws ParkedWriteError when refused at once. */
export const recordEntry = (ctx: WriteContext, body: ActivityLogSave) => run(planRecord(ctx, body)) as Promise<WriteOutcome>;

/** An edit of an entry, online or still queued (see planEdit). */
export const editEntry = (ctx: WriteContext, entry: ShownEntry, body: ActivityLogSave) => run(planEdit(ctx, entry, body)) as Promise<WriteOutcome>;

/** Deletes an entry (see planDelete): 'discarded' when a refused creation only left the device. */
export const deleteEntry = (ctx: WriteContext, entry: ShownEntry) => run(planDelete(ctx, entry));

/** The user's 'Buang': the entry's refused writes leave the device (the server's values show again). */
export const discardRefused = (entry: ShownEntry) => dropRefused(entry);

/** Puts what the roster's activity log reads on the device (Syif saya warms the shift's screens: they open offline). */
export async function warmActivityLog(userId: string, rosterId: number, sectionId: number | null) {
  await Promise.all([
    networkFirst(userId, `activityLog:list:${rosterId}`, () => activityListCall(rosterId, { quiet: true })),
    networkFirst(userId, `endOfDuty:report:${rosterId}`, () => rosterReportCall(rosterId, { quiet: true })),
    sectionId ? networkFirst(userId, `activityLog:checkpoints:${sectionId}`, () => checkpointsCall(sectionId, { quiet: true })) : null,
  ]);
}
