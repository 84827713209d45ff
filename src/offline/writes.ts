/**
 * Sending a write through the outbox while the user waits (issue #4): any screen's writes, whatever their feature.
 * queue → wait a while for the server → 'sent' with the answers, 'queued' (kept on the device, a toast says so), or
 * a refusal thrown as ParkedWriteError after the write's items are taken out again (the screen keeps what was typed).
 */
import { ApiError } from '@/lib/api';
import { getDb } from './db';
import { discardItem, newId, type NewOutboxItem, type OutboxItem, type ParkInfo } from './outbox';
import { queueAndWait } from './sync-client';
import { notifyIfStorageFull, notifyQueued } from '@/ui/sync-toasts';

/** The server refused a queued write while the user was still on the screen: its message, as an ApiError. */
export class ParkedWriteError extends ApiError {
  constructor(
    readonly park: ParkInfo,
    /** answers of the items that went through before the refused one, by client id */
    readonly answers: Record<string, unknown>,
    /** the item the server refused */
    readonly item: OutboxItem,
  ) {
    super(park.status, park.errorCode, park.message, { field: park.field, kind: 'http' });
    this.name = 'ParkedWriteError';
  }
  get current() {
    return this.park.current;
  }
}

export type WriteOutcome =
  | { status: 'sent'; answers: Record<string, unknown>; items: OutboxItem[] }
  | { status: 'queued'; answers: Record<string, unknown>; items: OutboxItem[] };

/**
 * Queues the items and waits for their fate. 'sent': the server's answers by client id. 'queued': kept on the
 * device (the toast says so unless `silent`). A refusal (400/403/409) while the user is still on the screen is
 * thrown as ParkedWriteError after the items of this write are taken out of the outbox again: the screen still
 * holds what the user typed, shows the message, and the user fixes and resends (no duplicate stays behind).
 */
export async function sendWrites(
  items: NewOutboxItem[],
  opts: { waitMs?: number; replaces?: string[]; silent?: boolean } = {},
): Promise<WriteOutcome> {
  let outcome: Awaited<ReturnType<typeof queueAndWait>>;
  try {
    outcome = await queueAndWait(items, { waitMs: opts.waitMs, replaces: opts.replaces });
  } catch (err) {
    notifyIfStorageFull(err);
    throw err;
  }
  if (outcome.status === 'parked') {
    const db = getDb();
    for (const i of outcome.items) if (!(i.clientId in outcome.answers)) await discardItem(db, i.clientId);
    throw new ParkedWriteError(outcome.park, outcome.answers, outcome.item);
  }
  if (outcome.status === 'queued' && !opts.silent) notifyQueued();
  return outcome;
}

/** The answer of one item of a write, when the server gave it. */
export const answerOf = <T>(o: WriteOutcome, item: NewOutboxItem | undefined): T | undefined =>
  item?.clientId && item.clientId in o.answers ? (o.answers[item.clientId] as T) : undefined;

/** A write of its own (read marks, broadcasts): its own group, nothing waits for it. */
export function miscItem(userId: string, kind: string, label: string, path: string, body: unknown): NewOutboxItem {
  const clientId = newId();
  return { clientId, userId, kind, label, path, body, group: `misc:${clientId}` };
}
