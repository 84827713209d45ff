/**
 * The activity log's writes as outbox items (src/features/activity-log/activity-writes.ts, issue #15): a new entry
 * creates an entity in the roster's group; an edit or a delete of an entry still on the device refers to it and waits
 * for it; a refused write is replaced (a refused creation is created again, or only taken off the device). Enqueued in
 * a real (fake-indexeddb) outbox and read back through the merge the screen shows.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACTIVITY_EVENT, ACTIVITY_PATHS } from '@contract/activity-log-rules';
import type { ActivityLogRow, ActivityLogSave } from '@contract/activity-log';
import { getDb, resetDbForTests } from '@/offline/db';
import { discardItem, enqueue, listItems, resolveRefs, type OutboxItem } from '@/offline/outbox';
import { mergeEntries, type QueuedWrite, type ShownEntry } from '@/features/activity-log/activity-rules';
import { planDelete, planEdit, planRecord, refusedItemsOf, type WriteContext } from '@/features/activity-log/activity-writes';

const USER = 'u-pr';
const ctx: WriteContext = { userId: USER, rosterId: 300, label: 'Log aktiviti N9-PAGI-A: Mula Rondaan 08:15' };
const body = (p: Partial<ActivityLogSave> = {}): ActivityLogSave => ({
  dutyRosterId: 300,
  eventId: ACTIVITY_EVENT.PATROL_START,
  occurredAt: '2026-03-01T00:15:00.000Z',
  km: null,
  directionId: null,
  rondaCheckpointId: null,
  location: null,
  latitude: null,
  longitude: null,
  remark: null,
  ...p,
});
const serverRow = (id: number, p: Partial<ActivityLogRow> = {}): ActivityLogRow => ({
  pkActivityLogId: id,
  dutyRosterId: 300,
  eventId: ACTIVITY_EVENT.SHIFT_START,
  eventName: 'Mula Syif',
  occurredAt: '2026-03-01T00:00:00.000Z',
  km: null,
  directionId: null,
  directionName: null,
  rondaCheckpointId: null,
  checkpointName: null,
  location: null,
  latitude: null,
  longitude: null,
  remark: null,
  incidentId: null,
  ticketNumber: null,
  createdBy: 1,
  createdByName: 'Ali',
  createdAt: '2026-03-01T00:00:01.000Z',
  ...p,
});

const asQueued = (items: OutboxItem[]): QueuedWrite[] =>
  items.map((i) => ({ clientId: i.clientId, seq: i.seq, kind: i.kind, state: i.state, body: i.body, creates: i.creates, park: i.park }));
const shown = async (rows: ActivityLogRow[] = [], ids = new Map<string, number>()) =>
  mergeEntries(rows, asQueued(await listItems(getDb(), USER)), ids);

beforeEach(async () => {
  await resetDbForTests();
});
afterEach(async () => {
  await resetDbForTests();
});

describe('activity log writes through the outbox', () => {
  it('a new entry is one save creating an entity, in the roster’s group; an id in the body is dropped', async () => {
    const plan = planRecord(ctx, body({ pkActivityLogId: 9 }));
    expect(plan.discard).toBe(false);
    expect(plan.items).toHaveLength(1);
    const [item] = plan.items;
    expect(item).toMatchObject({ kind: 'activityLog.save', path: ACTIVITY_PATHS.save, group: 'activityLog:300', label: ctx.label, userId: USER });
    expect(item.creates).toEqual({ entity: expect.any(String), idField: 'pkActivityLogId', kind: 'activityLog' });
    expect('pkActivityLogId' in (item.body as object)).toBe(false);
    await enqueue(getDb(), plan.items);
    const entries = await shown();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: item.creates!.entity, pending: { op: 'create', state: 'pending' } });
  });

  it('entries recorded offline keep their order and each is its own entity', async () => {
    for (const [eventId, t] of [
      [ACTIVITY_EVENT.SHIFT_START, '00:00'],
      [ACTIVITY_EVENT.PATROL_START, '00:30'],
      [ACTIVITY_EVENT.BREAK, '02:00'],
      [ACTIVITY_EVENT.PATROL_END, '03:00'],
    ] as const)
      await enqueue(getDb(), planRecord(ctx, body({ eventId, occurredAt: `2026-03-01T${t}:00.000Z` })).items);
    const items = await listItems(getDb(), USER);
    expect(items.map((i) => (i.body as ActivityLogSave).eventId)).toEqual([3001, 3003, 3004, 295]);
    expect(new Set(items.map((i) => i.creates!.entity)).size).toBe(4);
    expect(items.every((i) => i.group === 'activityLog:300' && i.dependsOn.length === 0)).toBe(true);
    expect((await shown()).map((e) => e.values.eventId)).toEqual([3001, 3003, 3004, 295]);
  });

  it('an edit of a queued entry refers to its entity and waits until the server id is known', async () => {
    const create = planRecord(ctx, body()).items;
    await enqueue(getDb(), create);
    const entity = create[0].creates!.entity;
    const entry = (await shown())[0];
    const plan = planEdit(ctx, entry, body({ remark: 'ubah', occurredAt: '2026-03-01T00:20:00.000Z' }));
    expect(plan.discard).toBe(false);
    expect(plan.items[0].body).toMatchObject({ pkActivityLogId: { $ref: entity }, remark: 'ubah' });
    expect(plan.items[0].creates).toBeUndefined();
    const [, edit] = await enqueue(getDb(), plan.items).then(async () => listItems(getDb(), USER));
    expect(edit.dependsOn).toEqual([entity]);
    expect(resolveRefs(edit.path, edit.body, new Map())).toBeNull();
    expect((resolveRefs(edit.path, edit.body, new Map([[entity, 41]]))!.body as ActivityLogSave).pkActivityLogId).toBe(41);
    // shown as one queued creation with the edited values
    const after = await shown();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ values: { remark: 'ubah' }, pending: { op: 'create' } });
  });

  it('an edit or a delete of a server entry names its id', async () => {
    const entry = (await shown([serverRow(7)]))[0];
    expect(planEdit(ctx, entry, body({ pkActivityLogId: 7 })).items[0].body).toMatchObject({ pkActivityLogId: 7 });
    const del = planDelete(ctx, entry);
    expect(del).toMatchObject({
      discard: false,
      items: [{ kind: 'activityLog.delete', path: ACTIVITY_PATHS.delete, body: { pkActivityLogId: 7 }, group: 'activityLog:300' }],
    });
    await enqueue(getDb(), del.items);
    expect((await shown([serverRow(7)]))[0].pending?.op).toBe('delete');
  });

  it('a refused creation: editing creates it again (after dropping it and what waits behind); deleting only drops it', async () => {
    const create = planRecord(ctx, body()).items;
    const [c] = await enqueue(getDb(), create);
    const entity = create[0].creates!.entity;
    // an edit queued behind it, then the server refuses the creation
    await enqueue(getDb(), planEdit(ctx, (await shown())[0], body({ remark: 'x' })).items);
    await getDb().outbox.update(c.seq!, {
      state: 'parked',
      park: { reason: 'invalid', status: 400, errorCode: 'OUTSIDE_SHIFT', message: 'Masa aktiviti mesti dalam syif', at: '' },
    });
    const refused = (await shown())[0];
    expect(refused.pending).toMatchObject({ state: 'parked', message: 'Masa aktiviti mesti dalam syif' });
    expect(refusedItemsOf(refused)).toHaveLength(2);

    const fix = planEdit(ctx, refused, body({ occurredAt: '2026-03-01T01:00:00.000Z' }));
    expect(fix.discard).toBe(true);
    expect(fix.items[0].creates?.entity).toBeDefined();
    expect(fix.items[0].creates?.entity).not.toBe(entity);
    expect('pkActivityLogId' in (fix.items[0].body as object)).toBe(false);

    const drop = planDelete(ctx, refused);
    expect(drop).toEqual({ discard: true, entry: refused, items: [] });
    // dropping the creation takes what refers to it too
    expect(await discardItem(getDb(), c.clientId)).toBe(2);
    expect(await shown()).toEqual([]);
  });

  it('a refused edit of a server entry is replaced by the new edit', async () => {
    const [e] = await enqueue(getDb(), planEdit(ctx, (await shown([serverRow(7)]))[0], body({ remark: 'a' })).items);
    await getDb().outbox.update(e.seq!, {
      state: 'parked',
      park: { reason: 'conflict', status: 409, errorCode: 'LOCKED', message: 'telah disemak', at: '' },
    });
    const entry: ShownEntry = (await shown([serverRow(7)]))[0];
    const plan = planEdit(ctx, entry, body({ remark: 'b' }));
    expect(plan).toMatchObject({ discard: true, items: [{ body: { pkActivityLogId: 7, remark: 'b' } }] });
  });
});
