/**
 * The outbox items of the activity log (issue #15), planned without touching the outbox: a new entry creates an
 * entity (its server id lands in the id map when acknowledged); an edit or a delete names its entry by the server id,
 * or — for an entry still on the device — by that entity (`{ $ref }`), so it waits until the entry exists and goes
 * after it, in the roster's group. A write the server refused is replaced rather than queued behind: the plan says to
 * drop the entry's refused items first (a refused creation is created again with the new values; deleting it only
 * takes it off the device). Pure: unit tested (tests/unit/activity-log-writes.test.ts).
 */
import { ACTIVITY_PATHS } from '@contract/activity-log-rules';
import type { ActivityLogSave } from '@contract/activity-log';
import { newId, ref, type NewOutboxItem, type Ref } from '@/offline/outbox';
import { ACTIVITY_DELETE_KIND, ACTIVITY_ENTITY_KIND, ACTIVITY_SAVE_KIND, activityGroup, type ShownEntry } from './activity-rules';

export interface WriteContext {
  userId: string;
  rosterId: number;
  /** what the sync panel shows: 'Log aktiviti N9-PAGI-A: Mula Rondaan 08:15' */
  label: string;
}

export interface WritePlan {
  /** drop the entry's refused writes (and those waiting behind them) first */
  discard: boolean;
  entry?: ShownEntry;
  /** what to send, in order (none: the discard was all) */
  items: NewOutboxItem[];
}

export function saveItem(ctx: WriteContext, body: object, creates?: string): NewOutboxItem {
  return {
    clientId: newId(),
    userId: ctx.userId,
    kind: ACTIVITY_SAVE_KIND,
    label: ctx.label,
    path: ACTIVITY_PATHS.save,
    body,
    group: activityGroup(ctx.rosterId),
    ...(creates ? { creates: { entity: creates, idField: 'pkActivityLogId', kind: ACTIVITY_ENTITY_KIND } } : {}),
  };
}

export function deleteItem(ctx: WriteContext, pk: number | Ref): NewOutboxItem {
  return {
    clientId: newId(),
    userId: ctx.userId,
    kind: ACTIVITY_DELETE_KIND,
    label: ctx.label,
    path: ACTIVITY_PATHS.delete,
    body: { pkActivityLogId: pk },
    group: activityGroup(ctx.rosterId),
  };
}

/** The id to name an entry by: its server id, or its entity (resolved when the entry has been created). */
export const pkOf = (entry: Pick<ShownEntry, 'serverId' | 'entity'>): number | Ref | null =>
  entry.serverId !== null ? entry.serverId : entry.entity ? ref(entry.entity) : null;

/** The entry's writes to drop before a new one: all of them when one was refused, else none. */
export const refusedItemsOf = (entry: ShownEntry): string[] => (entry.pending?.state === 'parked' ? entry.pending.items : []);

const withoutPk = (body: ActivityLogSave): Omit<ActivityLogSave, 'pkActivityLogId'> => {
  const { pkActivityLogId: _drop, ...rest } = body;
  void _drop;
  return rest;
};

/** A new entry: one save creating a fresh entity. */
export function planRecord(ctx: WriteContext, body: ActivityLogSave): WritePlan {
  return { discard: false, items: [saveItem(ctx, withoutPk(body), newId())] };
}

/** Whether the entry exists only as a creation on this device (the server has not got it). */
const queuedCreation = (entry: ShownEntry) => entry.serverId === null && entry.pending?.op === 'create';

/**
 * An edit: after the writes already queued for the entry (named by server id or entity). When one of its writes was
 * refused, those are dropped and — for a creation the server never took — the entry is created again with the new
 * values.
 */
export function planEdit(ctx: WriteContext, entry: ShownEntry, body: ActivityLogSave): WritePlan {
  const values = withoutPk(body);
  const discard = refusedItemsOf(entry).length > 0;
  if (discard && queuedCreation(entry)) return { discard, entry, items: [saveItem(ctx, values, newId())] };
  const pk = pkOf(entry);
  if (pk === null) throw new Error('planEdit: the entry has neither a server id nor an entity');
  return { discard, entry, items: [saveItem(ctx, { ...values, pkActivityLogId: pk })] };
}

/** A delete: of a refused creation, only the discard; else a delete of the server id or the entity. */
export function planDelete(ctx: WriteContext, entry: ShownEntry): WritePlan {
  const discard = refusedItemsOf(entry).length > 0;
  if (discard && queuedCreation(entry)) return { discard, entry, items: [] };
  const pk = pkOf(entry);
  if (pk === null) throw new Error('planDelete: the entry has neither a server id nor an entity');
  return { discard, entry, items: [deleteItem(ctx, pk)] };
}
