/**
 * Shift summaries for every roster once it has ended (issue #31): a roster whose patrol wrote nothing after the shift
 * (or nothing at all) had no stored summary, and the DLU and vehicle reports left it out. Two parts:
 *
 * - `summaryColumns`: the stored form of a roster's summary, computed from its activity-log entries and GPS fixes
 *   (summary.ts computeSummary, unchanged) plus what it was computed from (entries, fixes in the shift) and the length
 *   of its GPS track (summary.ts trackMetresOf). Every activity-log write stores it (service.ts storeSummary), and so
 *   does the job.
 * - `summarizeEndedRosters`: the job. It takes, oldest end first, up to `batch` rosters that have ended (ends_at ≤ the
 *   clock's now) and lack a final summary: no summary, or one computed before the shift ended (while on shift), or
 *   no track length yet (rosters summarised before #31). A verified roster (isDisemak) keeps its frozen summary: only
 *   its entry and fix counts and its track length are filled in. The rows are locked `for update skip locked` in the
 *   job's transaction, so several server processes on one database share the work and never compute one roster twice
 *   at once, and an activity-log write of that roster (which locks it too) waits for it. Idempotent: a summarised
 *   roster is not picked again. A roster with no entry and no fix gets a summary all the same (all its window
 *   without GPS, 0 entries, 0 fixes): the reports say 'no activity log or GPS' for it rather than 'no summary'.
 *   Fixes that reach the server after the job (a tablet offline past the shift end) count from the next activity-log
 *   write or updateActivityLogSummary of that roster.
 * - `startSummaryJob`: runs the job every `everySeconds` (SUMMARY_JOB_SECONDS, default 60; 0 turns it off, as the
 *   server tests do, calling it directly), in batches until nothing is left, first a few seconds after the start.
 */
import { and, asc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { dutyRoster } from '../../db/schema';
import { now as clockNow } from '../../lib/clock';
import { summaryInputs } from './queries';
import { computeSummary, trackMetresOf, windowEnd, type ComputedSummary } from './summary';

/** The summary of a roster as stored on it, and the computed summary itself. */
export async function summaryColumns(
  db: Db,
  r: { id: number; startsAt: Date; endsAt: Date },
  now: Date,
): Promise<{
  summary: ComputedSummary;
  columns: Pick<
    typeof dutyRoster.$inferInsert,
    | 'rondaCount'
    | 'rehatMinutes'
    | 'dluMinutes'
    | 'lluMinutes'
    | 'inactiveGpsMinutes'
    | 'summaryAt'
    | 'summaryEntries'
    | 'summaryFixes'
    | 'trackMetres'
  >;
}> {
  const { entries, fixes } = await summaryInputs(db, r);
  const window = { startsAt: r.startsAt.getTime(), endsAt: r.endsAt.getTime() };
  const summary = computeSummary({ entries, fixes, window, now: now.getTime() });
  const end = windowEnd(window, now.getTime());
  return {
    summary,
    columns: {
      rondaCount: summary.rondaCount,
      rehatMinutes: summary.rehatMinutes,
      dluMinutes: summary.dluMinutes,
      lluMinutes: summary.lluMinutes,
      inactiveGpsMinutes: summary.inactiveGpsMinutes,
      summaryAt: now,
      summaryEntries: entries.length,
      summaryFixes: fixes.filter((f) => f.at >= window.startsAt && f.at <= end).length,
      trackMetres: trackMetresOf(fixes, window, now.getTime()),
    },
  };
}

export const SUMMARY_JOB_BATCH = 50;

/** One batch of the job (rules in the module comment): answers how many rosters it summarised. */
export async function summarizeEndedRosters(db: Db, opts: { batch?: number; now?: Date } = {}): Promise<number> {
  const now = opts.now ?? clockNow();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: dutyRoster.id, startsAt: dutyRoster.startsAt, endsAt: dutyRoster.endsAt, verified: dutyRoster.isDisemak })
      .from(dutyRoster)
      .where(
        and(
          lte(dutyRoster.endsAt, now),
          or(
            isNull(dutyRoster.trackMetres),
            and(eq(dutyRoster.isDisemak, false), or(isNull(dutyRoster.summaryAt), lt(dutyRoster.summaryAt, dutyRoster.endsAt))),
          ),
        ),
      )
      .orderBy(asc(dutyRoster.endsAt), asc(dutyRoster.id))
      .limit(opts.batch ?? SUMMARY_JOB_BATCH)
      .for('update', { skipLocked: true });
    for (const r of due) {
      const { columns } = await summaryColumns(tx, r, now);
      const set = r.verified
        ? { summaryEntries: columns.summaryEntries, summaryFixes: columns.summaryFixes, trackMetres: columns.trackMetres }
        : columns;
      await tx.update(dutyRoster).set(set).where(eq(dutyRoster.id, r.id));
    }
    return due.length;
  });
}

/** Every batch due now, one after another (a start on a database with a long history catches up at once). */
export async function summarizeAllEnded(db: Db, now = clockNow()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await summarizeEndedRosters(db, { now });
    total += n;
    if (n < SUMMARY_JOB_BATCH) return total;
  }
}

/** Runs the job every `everySeconds` (unref'd; stopped when the app closes); 0 turns it off. */
export function startSummaryJob(app: FastifyInstance, db: Db, everySeconds: number) {
  if (!everySeconds) return;
  let running = false;
  let closed = false;
  const tick = async () => {
    if (running || closed) return;
    running = true;
    try {
      const n = await summarizeAllEnded(db);
      if (n) app.log.info({ event: 'shift_summaries', rosters: n }, 'shift summaries of ended rosters stored');
    } catch (err) {
      if (!closed) app.log.error({ err }, 'shift summary job failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), Math.min(5, everySeconds) * 1000);
  const timer = setInterval(() => void tick(), everySeconds * 1000);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(first);
    clearInterval(timer);
  });
}
