/**
 * The daily vehicle checklist on the patrol's tablet (src/features/checklist/checklist-rules.ts, issue #16): what the
 * taps make of an item, the progress and defects, the odometer checks with the contract's messages, the save payload,
 * and the outbox plan of a submit with photos (enqueued in a real fake-indexeddb outbox and read back as the screen
 * reads it), the phases' states and the report's filter.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECKLIST_MESSAGES, CHECKLIST_PATHS } from '@contract/checklist-rules';
import { FLEET_MESSAGES, thousands } from '@contract/fleet-rules';
import type { ChecklistDetail, ChecklistMasterItem } from '@contract/checklist';
import { getDb, resetDbForTests } from '@/offline/db';
import { enqueue, listItems, type OutboxItem } from '@/offline/outbox';
import {
  buildSave,
  CHECKLIST_PHOTO_KIND,
  CHECKLIST_SAVE_KIND,
  checklistGroup,
  emptyValues,
  groupByCategory,
  markEnough,
  markNone,
  odometerError,
  parseOdometer,
  phaseStates,
  planSubmit,
  progressOf,
  progressText,
  queuedPhases,
  recordedOfQueued,
  reportFilterOf,
  specOfMaster,
  specsFor,
  statusOf,
  stepQuantity,
  toggleDamaged,
  typeQuantity,
  EMPTY_ENTRY,
  type ItemEntry,
  type PhaseValues,
} from '@/features/checklist/checklist-rules';

const master = (id: number, p: Partial<ChecklistMasterItem> = {}): ChecklistMasterItem => ({
  pkAssetChecklistMasterId: id,
  assetCategoryId: 1,
  assetCategoryName: 'Peralatan Trafik',
  name: `Item ${id}`,
  unitLabel: 'unit',
  isMeasurable: true,
  defaultQuantity: 5,
  sortOrder: id,
  ...p,
});

const cones = specOfMaster(master(1, { name: 'Kon trafik', defaultQuantity: 10 }));
const kit = specOfMaster(
  master(2, { name: 'Peti pertolongan cemas', isMeasurable: false, defaultQuantity: 1, assetCategoryId: 2, assetCategoryName: 'Keselamatan' }),
);
const lamp = specOfMaster(master(3, { name: 'Lampu isyarat', defaultQuantity: 2 }));
const specs = [cones, kit, lamp];

const jpeg = (n = 4) => new Blob([new Uint8Array(n).fill(7)], { type: 'image/jpeg' });
const values = (items: Record<number, ItemEntry>, p: Partial<PhaseValues> = {}): PhaseValues => ({
  ...emptyValues(),
  odometer: '12500',
  items: Object.fromEntries(Object.entries(items).map(([k, v]) => [k, v])),
  ...p,
});

describe("the contract's numbers in messages", () => {
  it('are grouped as English writes them, without Intl (its data loaded as the module was evaluated)', () => {
    for (const n of [0, 7, 999, 1000, 10_000, 100_000, 9_999_999, 1_234_567_890]) expect(thousands(n)).toBe(n.toLocaleString('en'));
    expect(CHECKLIST_MESSAGES.odometerMax).toBe('Bacaan odometer maksimum 9,999,999 km.');
    expect(CHECKLIST_MESSAGES.quantity).toBe('Kuantiti mesti nombor bulat 0 hingga 10,000.');
    expect(FLEET_MESSAGES.masterQuantity).toBe('Kuantiti lalai mesti nombor bulat 0 hingga 10,000.');
  });
});

describe('item taps', () => {
  it('steps from the expected quantity, clamps at 0, and an item not measured only 0 or 1', () => {
    expect(stepQuantity(cones, EMPTY_ENTRY, -1).quantity).toBe(9);
    expect(stepQuantity(cones, EMPTY_ENTRY, 1).quantity).toBe(11);
    expect(stepQuantity(cones, { ...EMPTY_ENTRY, quantity: 0 }, -1).quantity).toBe(0);
    expect(stepQuantity(kit, { ...EMPTY_ENTRY, quantity: 1 }, 1).quantity).toBe(1);
    expect(markEnough(cones, EMPTY_ENTRY).quantity).toBe(10);
    expect(markEnough(kit, EMPTY_ENTRY).quantity).toBe(1);
    expect(markNone(EMPTY_ENTRY).quantity).toBe(0);
  });

  it('reads a typed quantity: empty uncounts, junk is ignored, an item not measured caps at 1', () => {
    const e = { ...EMPTY_ENTRY, quantity: 4 };
    expect(typeQuantity(cones, e, '7').quantity).toBe(7);
    expect(typeQuantity(cones, e, '').quantity).toBeNull();
    expect(typeQuantity(cones, e, '3.5')).toBe(e);
    expect(typeQuantity(cones, e, '-1')).toBe(e);
    expect(typeQuantity(kit, e, '3').quantity).toBe(1);
  });

  it('Rosak toggles; marking an uncounted item damaged counts it as there', () => {
    const d = toggleDamaged(cones, EMPTY_ENTRY);
    expect(d).toMatchObject({ damaged: true, quantity: 10 });
    expect(toggleDamaged(cones, d)).toMatchObject({ damaged: false, quantity: 10 });
    expect(toggleDamaged(kit, EMPTY_ENTRY)).toMatchObject({ damaged: true, quantity: 1 });
  });

  it('tells short and damaged apart (damaged wins) and null until counted', () => {
    expect(statusOf(cones, EMPTY_ENTRY)).toBeNull();
    expect(statusOf(cones, { ...EMPTY_ENTRY, quantity: 10 })).toBe('OK');
    expect(statusOf(cones, { ...EMPTY_ENTRY, quantity: 12 })).toBe('OK');
    expect(statusOf(cones, { ...EMPTY_ENTRY, quantity: 9 })).toBe('SHORT');
    expect(statusOf(kit, { ...EMPTY_ENTRY, quantity: 0 })).toBe('SHORT');
    expect(statusOf(cones, { ...EMPTY_ENTRY, quantity: 9, damaged: true })).toBe('DAMAGED');
  });
});

describe('progress', () => {
  it('counts checked items, defects and defects without a photo; complete only with all of them', () => {
    expect(progressOf(specs, emptyValues())).toEqual({ checked: 0, total: 3, defects: 0, missingPhotos: 0, complete: false });
    const v = values({ 1: { ...EMPTY_ENTRY, quantity: 8 }, 2: { ...EMPTY_ENTRY, quantity: 1 } });
    const p = progressOf(specs, v);
    expect(p).toEqual({ checked: 2, total: 3, defects: 1, missingPhotos: 1, complete: false });
    expect(progressText(p)).toBe('2/3');
    const all = values({
      1: { quantity: 8, damaged: false, photo: { name: 'kon.jpg', blob: jpeg() } },
      2: { ...EMPTY_ENTRY, quantity: 1 },
      3: { ...EMPTY_ENTRY, quantity: 2 },
    });
    expect(progressOf(specs, all)).toEqual({ checked: 3, total: 3, defects: 1, missingPhotos: 0, complete: true });
    // a photo of an item no longer a defect is not needed, and nothing to count is never complete
    expect(progressOf([], emptyValues()).complete).toBe(false);
  });

  it('groups the items by category in the order they come', () => {
    expect(groupByCategory(specs).map((g) => [g.categoryName, g.items.map((i) => i.masterId)])).toEqual([
      ['Peralatan Trafik', [1, 3]],
      ['Keselamatan', [2]],
    ]);
  });

  it('POST counts the checklist items, PRE the master items', () => {
    const form = { masterItems: [master(1), master(2)], checklist: null };
    expect(specsFor(form).map((s) => s.masterId)).toEqual([1, 2]);
    const checklist = {
      items: [
        {
          assetChecklistMasterId: 2,
          assetCategoryId: 1,
          assetCategoryName: null,
          name: 'X',
          unitLabel: 'u',
          isMeasurable: true,
          expectedQuantity: 3,
        },
      ],
    } as unknown as ChecklistDetail;
    expect(specsFor({ ...form, checklist }).map((s) => [s.masterId, s.expected])).toEqual([[2, 3]]);
  });
});

describe('odometer', () => {
  it('is a whole number of km, 0 or more', () => {
    expect(parseOdometer(' 12 500 ')).toBe(12500);
    expect(parseOdometer('')).toBeNull();
    for (const bad of ['', 'abc', '-5', '12.5', '1e3']) expect(odometerError(bad, { phase: 'PRE' })).toBe(CHECKLIST_MESSAGES.odometer);
    expect(odometerError('0', { phase: 'PRE' })).toBeNull();
    expect(odometerError('99999999', { phase: 'PRE' })).toBe(CHECKLIST_MESSAGES.odometerMax);
  });

  it('PRE not below the vehicle last reading, POST not below PRE (the contract messages)', () => {
    expect(odometerError('12000', { phase: 'PRE', lastOdometer: 12100, lastOdometerDate: '24-11-2026' })).toBe(
      CHECKLIST_MESSAGES.odometerBelowLast(12000, 12100, '24-11-2026'),
    );
    expect(odometerError('12100', { phase: 'PRE', lastOdometer: 12100 })).toBeNull();
    expect(odometerError('12099', { phase: 'POST', preOdometer: 12100 })).toBe(CHECKLIST_MESSAGES.odometerBelowPre(12099, 12100));
    expect(odometerError('12400', { phase: 'POST', preOdometer: 12100 })).toBeNull();
    // the last reading does not bind POST
    expect(odometerError('12150', { phase: 'POST', lastOdometer: 13000, preOdometer: 12100 })).toBeNull();
  });
});

describe('the save and its outbox plan', () => {
  beforeEach(async () => {
    await resetDbForTests();
  });
  afterEach(async () => {
    await resetDbForTests();
  });

  const photo = { name: 'Kon trafik-IMG_1.jpg', blob: jpeg(32) };
  const filled = values(
    {
      1: { quantity: 8, damaged: false, photo },
      2: { ...EMPTY_ENTRY, quantity: 1 },
      3: { quantity: 2, damaged: false, photo: { name: 'old.jpg', blob: jpeg() } },
    },
    { noKadTng: ' TNG-77 ', noKadBahanApi: '' },
  );

  it('refuses what the server would, nothing built', () => {
    const r = buildSave({
      phase: 'PRE',
      rosterId: 9,
      vehicleId: 4,
      specs,
      values: values({ 1: { ...EMPTY_ENTRY, quantity: 10 } }, { odometer: '900', noKadTng: 'x'.repeat(31) }),
      odometer: { phase: 'PRE', lastOdometer: 1000, lastOdometerDate: '24-11-2026' },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.odometer).toBe(CHECKLIST_MESSAGES.odometerBelowLast(900, 1000, '24-11-2026'));
    expect(r.errors.noKadTng).toBe(CHECKLIST_MESSAGES.cardLong);
    expect(r.errors.items).toBe(CHECKLIST_MESSAGES.missingItems(['Peti pertolongan cemas', 'Lampu isyarat']));
  });

  it('builds the PRE body with every item and a photo per defect only', () => {
    const r = buildSave({
      phase: 'PRE',
      rosterId: 9,
      vehicleId: 4,
      specs,
      values: filled,
      odometer: { phase: 'PRE', lastOdometer: 12000 },
      recordedAt: '2026-11-25T01:00:00.000Z',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.body).toEqual({
      phase: 'PRE',
      dutyRosterId: 9,
      vehicleId: 4,
      odometer: 12500,
      noKadTng: 'TNG-77',
      noKadBahanApi: null,
      recordedAt: '2026-11-25T01:00:00.000Z',
      items: [
        { assetChecklistMasterId: 1, quantity: 8, damaged: false, remark: null },
        { assetChecklistMasterId: 2, quantity: 1, damaged: false, remark: null },
        { assetChecklistMasterId: 3, quantity: 2, damaged: false, remark: null },
      ],
    });
    expect(r.photos.map((p) => [p.spec.masterId, p.photo.name])).toEqual([[1, 'Kon trafik-IMG_1.jpg']]);
    // POST leaves the cards out
    const post = buildSave({ phase: 'POST', rosterId: 9, vehicleId: 4, specs, values: filled, odometer: { phase: 'POST', preOdometer: 12500 } });
    expect(post.ok && 'noKadTng' in post.body).toBe(false);
  });

  it('queues the save then one photo item per photo in the roster group, the JPEG as the item Blob', async () => {
    const r = buildSave({ phase: 'PRE', rosterId: 9, vehicleId: 4, specs, values: filled, odometer: { phase: 'PRE' } });
    if (!r.ok) throw new Error('not built');
    const plan = planSubmit(
      { userId: 'u-pr', rosterId: 9, label: 'Senarai semak pra-syif WXY 1234', photoLabel: (n) => `Gambar: ${n}` },
      r.body,
      r.photos,
    );
    expect(plan.map((i) => [i.kind, i.path, i.group])).toEqual([
      [CHECKLIST_SAVE_KIND, CHECKLIST_PATHS.save, 'checklist:9'],
      [CHECKLIST_PHOTO_KIND, CHECKLIST_PATHS.photoSave, 'checklist:9'],
    ]);
    expect(plan[1].body).toEqual({
      dutyRosterId: 9,
      vehicleId: 4,
      assetChecklistMasterId: 1,
      phase: 'PRE',
      documentName: 'Kon trafik-IMG_1.jpg',
      documentType: 'image/jpeg',
    });
    expect(plan[1].body).not.toHaveProperty('fileContent');
    expect(plan[1].blob).toBe(photo.blob);
    expect(plan[1].label).toBe('Gambar: Kon trafik');

    const db = getDb();
    await enqueue(db, plan);
    const stored = await listItems(db, 'u-pr');
    expect(stored.map((i) => i.kind)).toEqual([CHECKLIST_SAVE_KIND, CHECKLIST_PHOTO_KIND]);
    expect(stored[0].seq! < stored[1].seq!).toBe(true);
    expect(stored.every((i) => i.group === checklistGroup(9) && i.dependsOn.length === 0)).toBe(true);
    expect((stored[1].blob as Blob).size).toBe(32);

    // read back as the screen reads it: PRE waits on the device, with its photo
    const asQueued = (i: OutboxItem) => ({ clientId: i.clientId, seq: i.seq, kind: i.kind, state: i.state, body: i.body, blob: i.blob });
    const q = queuedPhases(stored.map(asQueued));
    expect(q.PRE).toMatchObject({ state: 'pending', message: null, items: stored.map((i) => i.clientId) });
    expect(q.POST).toBeUndefined();
    expect(phaseStates(null, q)).toEqual({ PRE: 'queued', POST: 'open' });
    const shown = recordedOfQueued(specs, q.PRE!)!;
    expect(shown.odometer).toBe(12500);
    expect(shown.items.map((i) => [i.spec.masterId, i.status, !!i.localPhoto])).toEqual([
      [1, 'SHORT', true],
      [2, 'OK', false],
      [3, 'OK', false],
    ]);

    // refused: the phase shows the server's message and opens for correction
    const parked = queuedPhases([
      { ...asQueued(stored[0]), state: 'parked', park: { message: 'Anda tiada dalam jadual tugas ini' } },
      asQueued(stored[1]),
    ]);
    expect(parked.PRE).toMatchObject({ state: 'parked', message: 'Anda tiada dalam jadual tugas ini' });
    expect(phaseStates(null, parked)).toEqual({ PRE: 'refused', POST: 'blocked' });
  });
});

describe('phases', () => {
  it('POST waits for PRE; the server says what is recorded', () => {
    expect(phaseStates(null, {})).toEqual({ PRE: 'open', POST: 'blocked' });
    const c = { postAt: null } as ChecklistDetail;
    expect(phaseStates(c, {})).toEqual({ PRE: 'recorded', POST: 'open' });
    expect(phaseStates({ ...c, postAt: '2026-11-25T10:00:00Z' }, {})).toEqual({ PRE: 'recorded', POST: 'recorded' });
  });
});

describe('the report filter', () => {
  it('defaults to the last 7 days, keeps the scope region and the flags, refuses a backwards range', () => {
    expect(reportFilterOf({}, '2026-11-25', undefined)).toEqual({ dateFrom: '2026-11-19', dateTo: '2026-11-25' });
    expect(reportFilterOf({ regionId: 9, sectionId: 3, vehicleId: 4, defects: true, flagged: true }, '2026-11-25', 2)).toEqual({
      dateFrom: '2026-11-19',
      dateTo: '2026-11-25',
      regionId: 2,
      sectionId: 3,
      vehicleId: 4,
      defectsOnly: true,
      flaggedOnly: true,
    });
    expect(reportFilterOf({ from: '2026-11-26', to: '2026-11-25' }, '2026-11-25', undefined)).toBeNull();
  });
});
