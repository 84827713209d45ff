/**
 * The patrol tablet's position fixes on their way to rondaGps/save (issue #7), through the outbox.
 *
 * Fixes are kept in a Dexie table of their own (`positions`, in the order taken) and leave in batches, one outbox
 * item each (group `positions:<roster>`, so a refusal never holds back the user's other work, and its
 * Idempotency-Key makes a batch arrive exactly once):
 * - while no batch of the user waits in the outbox, the fixes taken so far become one (online: every fix goes at
 *   once, as a batch of one);
 * - while one waits (offline, or the server is unreachable), new fixes stay in the table; a full batch
 *   (POSITION_BATCH_MAX) is queued behind it; the rest become the next batch once the waiting one is acknowledged.
 * So the outbox holds one line 'Kedudukan GPS (n)' (more only after hours offline), and the batches go in the order
 * the fixes were taken, also across a reload (everything is in IndexedDB).
 * A batch the server refused (403: the roster is no longer on shift; 400) is dropped with its message: nothing the
 * patrol could fix, and it must not block the next fixes.
 */
import { PATHS } from '@contract/paths';
import type { PositionFix, RondaGpsSave } from '@contract/maps';
import { POSITION_BATCH_MAX } from '@contract/map-rules';
import type { LebuhrayaDb, PositionRow } from '@/offline/db';
import { enqueue, newId, type OutboxItem, type ParkInfo } from '@/offline/outbox';

export const POSITIONS_KIND = 'positions.save';

export const isPositionsItem = (i: Pick<OutboxItem, 'kind'>) => i.kind === POSITIONS_KIND;

/** Keeps a fix of the roster (in the order taken). */
export async function recordFix(db: LebuhrayaDb, userId: string, pkDutyRosterId: number, fix: PositionFix): Promise<void> {
  await db.positions.add({ userId, pkDutyRosterId, fix });
}

/** The outbox items of the user's position batches, oldest first. */
async function batchesOf(db: LebuhrayaDb, userId: string): Promise<OutboxItem[]> {
  return (await db.outbox.where('userId').equals(userId).sortBy('seq')).filter(isPositionsItem);
}

export interface FlushResult {
  /** batches queued now */
  queued: number;
  /** refused batches dropped now (their messages) */
  refused: ParkInfo[];
}

/**
 * Moves the fixes into outbox batches following the rule above. Call it after a fix, when a batch was
 * acknowledged and when the line is back; then replay the outbox. One transaction: a drain running meanwhile sees
 * either the fixes or the batch, never both or neither.
 */
export async function flushPositions(
  db: LebuhrayaDb,
  userId: string,
  label: (n: number) => string,
  batchMax = POSITION_BATCH_MAX,
): Promise<FlushResult> {
  const out: FlushResult = { queued: 0, refused: [] };
  await db.transaction('rw', db.positions, db.outbox, async () => {
    let waiting = 0;
    for (const b of await batchesOf(db, userId)) {
      if (b.state === 'parked') {
        if (b.park) out.refused.push(b.park);
        await db.outbox.delete(b.seq!);
      } else waiting++;
    }
    for (;;) {
      const rows = await db.positions.where('userId').equals(userId).limit(batchMax).toArray();
      if (!rows.length || (waiting > 0 && rows.length < batchMax)) break;
      // one roster per batch: a roster change mid-way ends the batch
      const roster = rows[0].pkDutyRosterId;
      const end = rows.findIndex((r) => r.pkDutyRosterId !== roster);
      const batch = end === -1 ? rows : rows.slice(0, end);
      const body: RondaGpsSave = { pkDutyRosterId: roster, positions: batch.map((r) => r.fix) };
      await enqueue(db, [
        {
          clientId: newId(),
          userId,
          kind: POSITIONS_KIND,
          label: label(batch.length),
          path: PATHS.rondaGpsSave,
          body,
          group: `positions:${roster}`,
          dependsOn: [],
        },
      ]);
      await db.positions.bulkDelete(batch.map((r) => r.id!));
      waiting++;
      out.queued++;
    }
  });
  return out;
}

/**
 * The line is back: the waiting batches go now rather than at the end of their backoff (which grows to minutes
 * while a tablet is offline). Only the user's position batches: the other items keep the engine's rules.
 */
export async function resumePositions(db: LebuhrayaDb, userId: string): Promise<number> {
  return db.outbox
    .where('userId')
    .equals(userId)
    .filter((i) => isPositionsItem(i) && i.state === 'pending' && i.nextAttemptAt > 0)
    .modify({ nextAttemptAt: 0 });
}

/** Fixes not yet acknowledged by the server: those in the table and those in waiting batches. */
export async function unsentFixes(db: LebuhrayaDb, userId: string): Promise<number> {
  const [table, batches] = await Promise.all([db.positions.where('userId').equals(userId).count(), batchesOf(db, userId)]);
  return table + batches.filter((b) => b.state !== 'parked').reduce((n, b) => n + ((b.body as RondaGpsSave).positions?.length ?? 0), 0);
}

export type { PositionRow };
