import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { TokenClaims } from '../../contract/auth';
import { CHILD_ID_FIELD, CHILD_LISTS, CHILD_LISTS_OF_KIND, CHILD_LIMITS, type ChildList } from '../../contract/child-lists';
import { SUBFORMS, type EventTypeId } from '../../contract/incident-rules';
import { STATUS } from '../../contract/lookups';
import { PATHS } from '../../contract/paths';
import {
  collisionList,
  furtherActionItem,
  incident,
  incidentSubform,
  injury,
  involvedVehicle,
  journalEntry,
  laneClosure,
  roadFurnitureDamage,
  roadLaneSelection,
  trafficJam,
} from '../../server/db/schema';
import { saveChild } from '../../server/modules/incident/children';
import { buildTestApp, call, login } from './support/build';
import { audit, newCasePayload, saveCase, saveSubformCall, versionOf } from './support/incident-fixtures';
import { now as clockNow, nowMs } from '../../server/lib/clock';

const MIN = 60_000;
const ago = (minutes: number) => new Date(nowMs() - minutes * MIN).toISOString();

/** A valid new item of each list (an accident subform has them all) and a valid change of it. */
const ITEMS: Record<ChildList, { create: Record<string, unknown>; update: Record<string, unknown>; second?: Record<string, unknown> }> = {
  involvedVehicle: {
    create: { pkIncidentVehicleTypeId: 2302, platNumber: 'wxy  1234', brand: 'Perodua Myvi' },
    update: { pkIncidentVehicleTypeId: 2306, platNumber: 'BPM 772', brand: null },
  },
  collisionList: {
    create: { pkCollisionTypeId: 265, pkStrayAnimalTypeId: 2601 },
    update: { pkCollisionTypeId: 266, pkObstacleObejctTypeId: 1801, pkStrayAnimalTypeId: null },
  },
  roadLaneSelection: {
    create: { pkRoadLaneId: 2201 },
    update: { pkRoadLaneId: 2205 },
    second: { pkRoadLaneId: 2202 },
  },
  requestFurtherActionList: {
    create: {
      pkFurtherActionId: 2001,
      isNotified: true,
      isArrived: false,
      isCompleted: false,
      notifiedDateTime: ago(30),
      arrivedDateTime: null,
      completedDateTime: null,
      recordCreatedDate: ago(30),
    },
    update: {
      pkFurtherActionId: 2001,
      isNotified: true,
      isArrived: true,
      isCompleted: false,
      notifiedDateTime: ago(30),
      arrivedDateTime: ago(10),
      completedDateTime: null,
      recordCreatedDate: ago(10),
    },
  },
  roadFurnitureList: {
    create: { pkRoadFurnitureId: 3801, pkRoadFurnitureConditionId: 2702, count: 12.5, pkUnitUkuranId: 3402 },
    update: { pkRoadFurnitureId: 3801, pkRoadFurnitureConditionId: 2703, count: 14.25, pkUnitUkuranId: 3402 },
  },
  roadLaneClosureList: {
    create: { pkRoadlaneid: 2201, pkCardinalDirectionId: 1201, initialClosingTime: ago(40), openingTime: null },
    update: { pkRoadlaneid: 2201, pkCardinalDirectionId: 1201, initialClosingTime: ago(40), openingTime: ago(5) },
  },
  trafficJam: {
    create: { distance: '2.5', startTime: ago(45), endTime: null },
    update: { distance: '3', startTime: '2026-01-10T02:00:00.000Z', endTime: '2026-01-10T02:30:00.000Z', duration: 1800 },
  },
  injuryType: {
    create: { pkCasualtyTypeId: 3203, pkRaceTypeId: 3301, count: 2, pkGenderTypeId: 3501 },
    update: { pkCasualtyTypeId: 3202, pkRaceTypeId: null, count: 3, pkGenderTypeId: null },
  },
};

/** What the answered row holds after each step (beyond the ids). */
const EXPECT: Record<ChildList, { create: Record<string, unknown>; update: Record<string, unknown> }> = {
  involvedVehicle: {
    create: { platNumber: 'WXY 1234', brand: 'Perodua Myvi', incidentVehicleType: { key: 2302, value: 'Kereta', description: expect.any(String) } },
    update: { platNumber: 'BPM 772', brand: null, incidentVehicleType: expect.objectContaining({ key: 2306 }) },
  },
  collisionList: {
    create: {
      collisionType: expect.objectContaining({ key: 265 }),
      strayAnimalType: expect.objectContaining({ key: 2601, value: 'Lembu' }),
      obstacleObjectType: null,
    },
    update: {
      collisionType: expect.objectContaining({ key: 266 }),
      obstacleObjectType: expect.objectContaining({ key: 1801 }),
      strayAnimalType: null,
    },
  },
  roadLaneSelection: {
    create: { roadLane: { key: 2201, value: 'Lorong Kiri', description: 'Left lane', color: '#2563eb' } },
    update: { roadLane: expect.objectContaining({ key: 2205, color: '#dc2626' }) },
  },
  requestFurtherActionList: {
    create: { furtherAction: expect.objectContaining({ key: 2001 }), kind: 'OTHER', isNotified: true, isArrived: false, arrivedDateTime: null },
    update: { isArrived: true, arrivedDateTime: expect.stringMatching(/Z$/) },
  },
  roadFurnitureList: {
    create: {
      roadFurniture: expect.objectContaining({ key: 3801, value: 'Penghadang Jalan (Guardrail)' }),
      count: 12.5,
      unitUkuran: expect.objectContaining({ key: 3402, value: 'Meter' }),
    },
    update: { count: 14.25, roadFurnitureCondition: expect.objectContaining({ key: 2703 }) },
  },
  roadLaneClosureList: {
    create: { roadLane: expect.objectContaining({ key: 2201 }), cardinalDirection: expect.objectContaining({ key: 1201 }), openingTime: null },
    update: { openingTime: expect.stringMatching(/Z$/) },
  },
  trafficJam: {
    create: { distance: '2.5', duration: null, endTime: null },
    update: { distance: '3', duration: 1800, startTime: '2026-01-10T02:00:00.000Z', endTime: '2026-01-10T02:30:00.000Z' },
  },
  injuryType: {
    create: {
      casualtyType: expect.objectContaining({ key: 3203 }),
      race: expect.objectContaining({ key: 3301 }),
      gender: expect.objectContaining({ key: 3501 }),
      count: 2,
    },
    update: { casualtyType: expect.objectContaining({ key: 3202 }), race: null, gender: null, count: 3 },
  },
};

const TABLES = {
  involvedVehicle,
  collisionList,
  roadLaneSelection,
  requestFurtherActionList: furtherActionItem,
  roadFurnitureList: roadFurnitureDamage,
  roadLaneClosureList: laneClosure,
  trafficJam,
  injuryType: injury,
} as const;

describe('child lists of a subform (#5, §3.6, §7.3)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let tmca: string;
  let pr: string;
  let prMalam: string;
  let utara: string;
  let superadmin: string;

  let startedAt: Date;

  beforeAll(async () => {
    app = await buildTestApp();
    startedAt = clockNow();
    tmca = (await login(app, 'tmca')).token;
    pr = (await login(app, 'pr')).token;
    prMalam = (await login(app, 'pr.malam')).token;
    utara = (await login(app, 'tmca.utara')).token;
    superadmin = (await login(app, 'superadmin')).token;
  });
  afterAll(async () => app?.cleanup());

  /** A new case on N9 (roster of `pr`'s team) with its subform; answers both ids. */
  async function newSubform(type: EventTypeId = 184) {
    const res = await saveCase(app, tmca, await newCasePayload(app, { pkIncidentCategoryId: type }));
    expect(res.statusCode, res.body).toBe(200);
    const incidentId = res.json().body.pkIncidentId as number;
    const sub = await saveSubformCall(app, tmca, SUBFORMS[type].path, { pkIncidentId: incidentId, incidentTypeId: type });
    expect(sub.statusCode, sub.body).toBe(200);
    return { incidentId, subformId: sub.json().body.subformId as number };
  }
  const save = (list: ChildList, payload: Record<string, unknown>, token = tmca, headers: Record<string, string> = {}) =>
    call(app, token, { method: 'POST', url: PATHS.childSave(list), payload, headers });
  const rowsOf = (list: ChildList, subformId: number, token = tmca, qs = '') =>
    call(app, token, { method: 'POST', url: `${PATHS.childDataTables(list)}${qs}`, payload: { incidentSubFormId: subformId } });
  const del = (list: ChildList, ids: unknown, token = tmca) =>
    call(app, token, { method: 'POST', url: PATHS.childDelete(list), payload: ids as object });
  async function refused(list: ChildList, payload: Record<string, unknown>, status: number, field?: string, message?: RegExp, token = tmca) {
    const res = await save(list, payload, token);
    expect(res.statusCode, `${list} ${JSON.stringify(payload)}: ${res.body}`).toBe(status);
    if (field) expect(res.json().body.field, res.body).toBe(field);
    if (message) expect(res.json().statusMsg).toMatch(message);
    return res;
  }

  it('every list: save (new), dataTables in creation order, save (update), delete', async () => {
    const { subformId } = await newSubform(184);
    for (const list of CHILD_LISTS) {
      const idField = CHILD_ID_FIELD[list];
      const item = ITEMS[list];
      const created = await save(list, { incidentSubFormId: subformId, ...item.create });
      expect(created.statusCode, `${list}: ${created.body}`).toBe(200);
      const a = created.json().body;
      expect(a, list).toMatchObject({ incidentSubFormId: subformId, ...EXPECT[list].create });
      expect(a[idField], list).toEqual(expect.any(Number));

      // a second row (the traffic jam has one only)
      let b: Record<string, unknown> | null = null;
      if (list !== 'trafficJam') {
        const res = await save(list, { incidentSubFormId: subformId, ...(item.second ?? item.create) });
        expect(res.statusCode, `${list}: ${res.body}`).toBe(200);
        b = res.json().body;
      }
      const listed = await rowsOf(list, subformId);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().body).toMatchObject({ recordCount: b ? 2 : 1, page: 0, size: 100 });
      expect(listed.json().body.rows, list).toEqual(b ? [a, b] : [a]);

      const updated = await save(list, { incidentSubFormId: subformId, [idField]: a[idField], ...item.update });
      expect(updated.statusCode, `${list}: ${updated.body}`).toBe(200);
      expect(updated.json().body, list).toMatchObject({ [idField]: a[idField], ...EXPECT[list].update });
      expect((await rowsOf(list, subformId)).json().body.rows[0], list).toEqual(updated.json().body);

      const gone = await del(list, [a[idField]]);
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json().body).toEqual([a[idField]]);
      const after = (await rowsOf(list, subformId)).json().body;
      expect(after.recordCount, list).toBe(b ? 1 : 0);
      expect(after.rows.map((r: Record<string, unknown>) => r[idField])).toEqual(b ? [b[idField]] : []);
      // a deleted row is gone for delete and update
      expect((await del(list, [a[idField]])).statusCode, list).toBe(404);
      expect((await save(list, { incidentSubFormId: subformId, [idField]: a[idField], ...item.update })).statusCode, list).toBe(404);
    }
    // the deleted rows are kept, soft-deleted
    const [kept] = await app.ctx.db.select().from(involvedVehicle).where(eq(involvedVehicle.subformId, subformId)).limit(1);
    expect(kept.plateNormalized).toMatch(/^(WXY1234|BPM772)$/);
  });

  it('the seeded cases carry child lists that follow the same rules', async () => {
    const seeded = await app.ctx.db
      .select({ subformId: incidentSubform.id, typeId: incidentSubform.typeId, at: incident.incidentAt, statusId: incident.statusId })
      .from(incidentSubform)
      .innerJoin(incident, eq(incident.id, incidentSubform.incidentId))
      .where(and(isNull(incidentSubform.deletedAt), lt(incident.createdAt, startedAt)));
    expect(seeded.length).toBeGreaterThan(40);
    const now = nowMs();
    const seen: Record<string, number> = {};
    const count = (what: string) => (seen[what] = (seen[what] ?? 0) + 1);
    for (const s of seeded) {
      const kind = SUBFORMS[s.typeId as EventTypeId].kind;
      const lists = CHILD_LISTS_OF_KIND[kind] as readonly ChildList[];
      const t0 = s.at.getTime();
      const inCase = (iso: string | null, label: string) => {
        if (iso === null) return;
        const t = Date.parse(iso);
        expect(t, label).toBeGreaterThanOrEqual(t0);
        expect(t, label).toBeLessThanOrEqual(now);
      };
      for (const list of CHILD_LISTS) {
        if (!lists.includes(list)) {
          const t = TABLES[list];
          expect(await app.ctx.db.select({ id: t.id }).from(t).where(eq(t.subformId, s.subformId)), `${list} on ${kind}`).toHaveLength(0);
          continue;
        }
        const res = await rowsOf(list, s.subformId, superadmin);
        expect(res.statusCode, res.body).toBe(200);
        const rows = res.json().body.rows as Record<string, never>[];
        if (rows.length) count(`${kind}:${list}`);
        const label = `${kind} ${s.subformId} ${list}`;
        for (const r of rows) {
          switch (list) {
            case 'collisionList': {
              const type = (r.collisionType as { key: number }).key;
              expect(r.strayAnimalType !== null, label).toBe(type === 265);
              expect(r.obstacleObjectType !== null, label).toBe(type === 266 || type === 267);
              break;
            }
            case 'requestFurtherActionList': {
              const a = r as unknown as {
                kind: string;
                isNotified: boolean;
                isArrived: boolean;
                isCompleted: boolean;
                notifiedDateTime: string | null;
                arrivedDateTime: string | null;
                completedDateTime: string | null;
                recordCreatedDate: string;
              };
              if (a.isArrived) expect(a.isNotified && a.arrivedDateTime !== null, label).toBe(true);
              if (a.isCompleted) expect(a.isArrived && a.completedDateTime !== null, label).toBe(true);
              if (a.kind === 'EXISTING') expect(a.isArrived, label).toBe(true);
              for (const t of [a.notifiedDateTime, a.arrivedDateTime, a.completedDateTime, a.recordCreatedDate]) inCase(t, label);
              const times = [a.notifiedDateTime, a.arrivedDateTime, a.completedDateTime].filter((t): t is string => t !== null).map(Date.parse);
              expect(
                [...times].sort((x, y) => x - y),
                label,
              ).toEqual(times);
              count(`assist:${a.isCompleted ? 'Selesai' : a.isArrived ? 'Ketibaan' : a.isNotified ? 'Notifikasi' : 'Minta Bantuan'}`);
              break;
            }
            case 'roadLaneClosureList': {
              const c = r as unknown as { initialClosingTime: string; openingTime: string | null };
              inCase(c.initialClosingTime, label);
              inCase(c.openingTime, label);
              if (c.openingTime) expect(Date.parse(c.openingTime)).toBeGreaterThanOrEqual(Date.parse(c.initialClosingTime));
              if (s.statusId === STATUS.CLOSED) expect(c.openingTime, `${label}: a closed case's lane is open again`).not.toBeNull();
              count(c.openingTime ? 'closure:open again' : 'closure:still closed');
              break;
            }
            case 'trafficJam': {
              const j = r as unknown as { startTime: string | null; endTime: string | null; duration: number | null; distance: string };
              expect(rows, label).toHaveLength(1);
              inCase(j.startTime, label);
              inCase(j.endTime, label);
              expect(j.distance.length).toBeLessThanOrEqual(4);
              expect(j.duration, label).toBe(j.startTime && j.endTime ? (Date.parse(j.endTime) - Date.parse(j.startTime)) / 1000 : null);
              break;
            }
            case 'roadLaneSelection':
              expect(new Set(rows.map((x) => (x.roadLane as { key: number }).key)).size, label).toBe(rows.length);
              break;
            case 'roadFurnitureList':
            case 'injuryType':
              expect(r.count as number, label).toBeGreaterThan(0);
              break;
          }
        }
      }
    }
    for (const what of [
      'accident:collisionList',
      'accident:injuryType',
      'accident:involvedVehicle',
      'accident:roadLaneSelection',
      'accident:requestFurtherActionList',
      'accident:roadLaneClosureList',
      'accident:trafficJam',
      'breakdown:involvedVehicle',
      'breakdown:roadLaneSelection',
      'roadFurniture:roadFurnitureList',
      'closure:open again',
      'assist:Selesai',
      'assist:Ketibaan',
      'assist:Notifikasi',
    ]) {
      expect(seen[what] ?? 0, `${what} in ${JSON.stringify(seen)}`).toBeGreaterThan(0);
    }
  });

  it('dataTables pages by the query string (100 by default, §9) and keeps creation order', async () => {
    const { subformId } = await newSubform(184);
    const ids: number[] = [];
    for (const lane of [2203, 2201, 2202])
      ids.push((await save('roadLaneSelection', { incidentSubFormId: subformId, pkRoadLaneId: lane })).json().body.pkRoadLaneSelectionId);
    const p = (await rowsOf('roadLaneSelection', subformId, tmca, '?length=2&start=2')).json().body;
    expect(p).toMatchObject({ recordCount: 3, page: 1, size: 2 });
    expect(p.rows.map((r: { pkRoadLaneSelectionId: number }) => r.pkRoadLaneSelectionId)).toEqual([ids[2]]);
    const desc = (await rowsOf('roadLaneSelection', subformId, tmca, '?direction=desc')).json().body.rows;
    expect(desc.map((r: { pkRoadLaneSelectionId: number }) => r.pkRoadLaneSelectionId)).toEqual([...ids].reverse());
    expect((await rowsOf('roadLaneSelection', subformId, tmca, '?length=0')).statusCode).toBe(400);
    expect(
      (await call(app, tmca, { method: 'POST', url: PATHS.childDataTables('injuryType'), payload: { incidentSubFormId: 'x' } })).statusCode,
    ).toBe(400);
  });

  describe('bad input: 400 with a readable message naming the field', () => {
    let sub: number;
    beforeAll(async () => {
      sub = (await newSubform(184)).subformId;
    });

    it('negative and wrongly typed counts (injury, asset damage)', async () => {
      await refused('injuryType', { incidentSubFormId: sub, ...ITEMS.injuryType.create, count: -1 }, 400, 'count', /tidak boleh negatif/);
      await refused('injuryType', { incidentSubFormId: sub, ...ITEMS.injuryType.create, count: 1.5 }, 400, 'count', /nombor bulat/);
      await refused('injuryType', { incidentSubFormId: sub, ...ITEMS.injuryType.create, count: '2' }, 400, 'count');
      await refused(
        'roadFurnitureList',
        { incidentSubFormId: sub, ...ITEMS.roadFurnitureList.create, count: -0.5 },
        400,
        'count',
        /tidak boleh negatif/,
      );
      await refused(
        'roadFurnitureList',
        { incidentSubFormId: sub, ...ITEMS.roadFurnitureList.create, count: 1.234 },
        400,
        'count',
        /2 titik perpuluhan/,
      );
      await refused('roadFurnitureList', { incidentSubFormId: sub, ...ITEMS.roadFurnitureList.create, count: '12' }, 400, 'count');
      await refused(
        'involvedVehicle',
        { incidentSubFormId: sub, pkIncidentVehicleTypeId: 2302, platNumber: '   ' },
        400,
        'platNumber',
        /No\. plat diperlukan/,
      );
      await refused('trafficJam', { incidentSubFormId: sub, distance: '12345', startTime: null, endTime: null }, 400, 'distance');
      expect((await rowsOf('injuryType', sub)).json().body.recordCount).toBe(0);
      expect((await rowsOf('roadFurnitureList', sub)).json().body.recordCount).toBe(0);
    });

    it('end before start (lane closure, traffic jam), times in the future, a second traffic jam', async () => {
      await refused(
        'roadLaneClosureList',
        { incidentSubFormId: sub, pkRoadlaneid: 2201, pkCardinalDirectionId: 1201, initialClosingTime: ago(10), openingTime: ago(20) },
        400,
        'openingTime',
        /Masa Buka tidak boleh sebelum Masa Tutup/,
      );
      await refused(
        'roadLaneClosureList',
        { incidentSubFormId: sub, pkRoadlaneid: 2201, pkCardinalDirectionId: 1201, initialClosingTime: ago(-60), openingTime: null },
        400,
        'initialClosingTime',
        /Masa Tutup tidak boleh lewat/,
      );
      // within the allowed clock skew is fine
      const skew = await save('roadLaneClosureList', {
        incidentSubFormId: sub,
        pkRoadlaneid: 2201,
        pkCardinalDirectionId: 1201,
        initialClosingTime: ago(-2),
        openingTime: null,
      });
      expect(skew.statusCode, skew.body).toBe(200);
      await refused(
        'trafficJam',
        { incidentSubFormId: sub, distance: '1.5', startTime: ago(10), endTime: ago(30) },
        400,
        'endTime',
        /tidak boleh sebelum masa mula/,
      );
      await refused('trafficJam', { incidentSubFormId: sub, distance: '1.5', startTime: ago(-30), endTime: null }, 400, 'startTime');
      await refused(
        'trafficJam',
        { incidentSubFormId: sub, distance: '1.5', startTime: ago(60), endTime: ago(30), duration: 60 },
        400,
        'duration',
        /tidak sepadan/,
      );
      await refused('trafficJam', { incidentSubFormId: sub, distance: '1.5', startTime: ago(60), endTime: null, duration: 60 }, 400, 'duration');
      const first = await save('trafficJam', { incidentSubFormId: sub, distance: '1.5', startTime: ago(60), endTime: ago(30) });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().body.duration).toBe(1800);
      await refused(
        'trafficJam',
        { incidentSubFormId: sub, distance: '4', startTime: null, endTime: null },
        400,
        undefined,
        /Kesesakan jalan hanya satu rekod bagi setiap kes/,
      );
      expect((await rowsOf('trafficJam', sub)).json().body.recordCount).toBe(1);
      // once deleted, a new one may be added
      expect((await del('trafficJam', [first.json().body.pkTrafficJamId])).statusCode).toBe(200);
      expect((await save('trafficJam', { incidentSubFormId: sub, distance: '4', startTime: null, endTime: null })).statusCode).toBe(200);
    });

    it('lookup keys outside their list, in every list', async () => {
      const wrong: [ChildList, Record<string, unknown>, string][] = [
        ['involvedVehicle', { pkIncidentVehicleTypeId: 2601 }, 'pkIncidentVehicleTypeId'],
        ['collisionList', { pkCollisionTypeId: 2601, pkStrayAnimalTypeId: null }, 'pkCollisionTypeId'],
        ['collisionList', { pkStrayAnimalTypeId: 1801 }, 'pkStrayAnimalTypeId'],
        ['roadLaneSelection', { pkRoadLaneId: 2302 }, 'pkRoadLaneId'],
        ['requestFurtherActionList', { pkFurtherActionId: 2302 }, 'pkFurtherActionId'],
        ['requestFurtherActionList', { pkFurtherActionId: 277 }, 'pkFurtherActionId'],
        ['requestFurtherActionList', { pkFurtherActionId: 430 }, 'pkFurtherActionId'],
        ['roadFurnitureList', { pkRoadFurnitureId: 99999 }, 'pkRoadFurnitureId'],
        ['roadFurnitureList', { pkRoadFurnitureConditionId: 3401 }, 'pkRoadFurnitureConditionId'],
        ['roadFurnitureList', { pkUnitUkuranId: 2701 }, 'pkUnitUkuranId'],
        ['roadLaneClosureList', { pkRoadlaneid: 1201 }, 'pkRoadlaneid'],
        ['roadLaneClosureList', { pkCardinalDirectionId: 2201 }, 'pkCardinalDirectionId'],
        ['injuryType', { pkCasualtyTypeId: 1601 }, 'pkCasualtyTypeId'],
        ['injuryType', { pkRaceTypeId: 3501 }, 'pkRaceTypeId'],
        ['injuryType', { pkGenderTypeId: 3301 }, 'pkGenderTypeId'],
      ];
      for (const [list, patch, field] of wrong) {
        await refused(list, { incidentSubFormId: sub, ...ITEMS[list].create, ...patch }, 400, field, /tidak sah|bukan item bantuan/);
      }
      for (const list of CHILD_LISTS.filter((l) => l !== 'trafficJam' && l !== 'roadLaneClosureList')) {
        expect((await rowsOf(list, sub)).json().body.recordCount, list).toBe(0);
      }
    });

    it('collision types: 265 needs the animal, 266/267 the obstacle, others neither', async () => {
      await refused('collisionList', { incidentSubFormId: sub, pkCollisionTypeId: 265 }, 400, 'pkStrayAnimalTypeId', /Jenis haiwan diperlukan/);
      await refused(
        'collisionList',
        { incidentSubFormId: sub, pkCollisionTypeId: 265, pkStrayAnimalTypeId: 2601, pkObstacleObejctTypeId: 1801 },
        400,
        'pkObstacleObejctTypeId',
      );
      await refused(
        'collisionList',
        { incidentSubFormId: sub, pkCollisionTypeId: 267, pkStrayAnimalTypeId: null },
        400,
        'pkObstacleObejctTypeId',
        /Jenis objek halangan diperlukan/,
      );
      await refused('collisionList', { incidentSubFormId: sub, pkCollisionTypeId: 1501, pkStrayAnimalTypeId: 2601 }, 400, 'pkStrayAnimalTypeId');
      await refused(
        'collisionList',
        { incidentSubFormId: sub, pkCollisionTypeId: 1501, pkObstacleObejctTypeId: 1801 },
        400,
        'pkObstacleObejctTypeId',
      );
      const plain = await save('collisionList', { incidentSubFormId: sub, pkCollisionTypeId: 1501 });
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.json().body).toMatchObject({ obstacleObjectType: null, strayAnimalType: null });
    });

    it('a Bahagian Lebuhraya item only once per subform', async () => {
      const first = await save('roadLaneSelection', { incidentSubFormId: sub, pkRoadLaneId: 2206 });
      expect(first.statusCode).toBe(200);
      await refused('roadLaneSelection', { incidentSubFormId: sub, pkRoadLaneId: 2206 }, 400, 'pkRoadLaneId', /telah dipilih/);
      // saving the same row with its own lane again is no duplicate
      const same = await save('roadLaneSelection', {
        incidentSubFormId: sub,
        pkRoadLaneSelectionId: first.json().body.pkRoadLaneSelectionId,
        pkRoadLaneId: 2206,
      });
      expect(same.statusCode, same.body).toBe(200);
    });

    it('assistance flags chain, their times are given and in order, existing assistance arrives', async () => {
      const base = {
        incidentSubFormId: sub,
        pkFurtherActionId: 2003,
        notifiedDateTime: null,
        arrivedDateTime: null,
        completedDateTime: null,
        recordCreatedDate: ago(1),
      };
      const L = 'requestFurtherActionList';
      await refused(
        L,
        { ...base, isNotified: false, isArrived: true, isCompleted: false, arrivedDateTime: ago(5) },
        400,
        'isNotified',
        /Ketibaan memerlukan Notifikasi/,
      );
      await refused(
        L,
        { ...base, isNotified: true, isArrived: false, isCompleted: true, completedDateTime: ago(5) },
        400,
        'isArrived',
        /Selesai memerlukan Ketibaan/,
      );
      await refused(L, { ...base, isNotified: true, isArrived: true, isCompleted: false }, 400, 'arrivedDateTime', /Masa ketibaan diperlukan/);
      await refused(
        L,
        { ...base, isNotified: true, isArrived: true, isCompleted: true, arrivedDateTime: ago(5) },
        400,
        'completedDateTime',
        /Masa selesai diperlukan/,
      );
      await refused(
        L,
        { ...base, isNotified: true, isArrived: false, isCompleted: false, notifiedDateTime: ago(5), arrivedDateTime: ago(3) },
        400,
        'arrivedDateTime',
      );
      await refused(
        L,
        { ...base, isNotified: true, isArrived: true, isCompleted: false, notifiedDateTime: ago(5), arrivedDateTime: ago(9) },
        400,
        'arrivedDateTime',
        /tidak boleh sebelum masa notifikasi/,
      );
      await refused(
        L,
        { ...base, isNotified: true, isArrived: true, isCompleted: true, arrivedDateTime: ago(5), completedDateTime: ago(7) },
        400,
        'completedDateTime',
      );
      await refused(
        L,
        { ...base, isNotified: true, isArrived: false, isCompleted: false, notifiedDateTime: ago(-30) },
        400,
        'notifiedDateTime',
        /tidak boleh lewat/,
      );
      await refused(
        L,
        { ...base, isNotified: true, isArrived: false, isCompleted: false, notifiedDateTime: ago(5), recordCreatedDate: 'semalam' },
        400,
        'recordCreatedDate',
      );
      // §4.6: existing assistance (bantuanSediaAda) is Ketibaan or Selesai
      await refused(
        L,
        { ...base, pkFurtherActionId: 2101, isNotified: true, isArrived: false, isCompleted: false, notifiedDateTime: ago(5) },
        400,
        'isArrived',
        /sedia ada/,
      );
      const existing = await save(L, {
        ...base,
        pkFurtherActionId: 2101,
        isNotified: true,
        isArrived: true,
        isCompleted: false,
        arrivedDateTime: ago(5),
      });
      expect(existing.statusCode, existing.body).toBe(200);
      expect(existing.json().body).toMatchObject({ kind: 'EXISTING', notifiedDateTime: null, isArrived: true });
      // Minta Bantuan: no flag at all
      const asked = await save(L, { ...base, isNotified: false, isArrived: false, isCompleted: false });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().body).toMatchObject({ kind: 'OTHER', isNotified: false });
    });

    it('a list the subform kind does not have; existing assistance where only other assistance is offered', async () => {
      const breakdown = (await newSubform(185)).subformId;
      await refused(
        'injuryType',
        { incidentSubFormId: breakdown, ...ITEMS.injuryType.create },
        400,
        'incidentSubFormId',
        /tiada pada subform kerosakan kenderaan/,
      );
      await refused('trafficJam', { incidentSubFormId: breakdown, ...ITEMS.trafficJam.create }, 400, 'incidentSubFormId');
      expect((await rowsOf('collisionList', breakdown)).statusCode).toBe(400);
      expect((await save('involvedVehicle', { incidentSubFormId: breakdown, ...ITEMS.involvedVehicle.create })).statusCode).toBe(200);
      const asset = (await newSubform(189)).subformId;
      await refused('roadLaneSelection', { incidentSubFormId: asset, pkRoadLaneId: 2201 }, 400, 'incidentSubFormId');
      await refused(
        'requestFurtherActionList',
        {
          incidentSubFormId: asset,
          pkFurtherActionId: 2101,
          isNotified: true,
          isArrived: true,
          isCompleted: false,
          notifiedDateTime: null,
          arrivedDateTime: ago(5),
          completedDateTime: null,
          recordCreatedDate: ago(5),
        },
        400,
        'pkFurtherActionId',
        /hanya menerima bantuan lain-lain/,
      );
      expect((await save('roadFurnitureList', { incidentSubFormId: asset, ...ITEMS.roadFurnitureList.create })).statusCode).toBe(200);
    });

    it(`at most ${CHILD_LIMITS.maxItems} live rows per list per subform`, async () => {
      const own = (await newSubform(185)).subformId;
      const now = clockNow();
      // the first 100 straight through the service (the limit is under test, not 100 HTTP calls), as tmca
      const claims = app.jwt.decode<TokenClaims>((await login(app, 'tmca')).token)!;
      for (let i = 0; i < CHILD_LIMITS.maxItems; i++) {
        await saveChild(
          app.ctx.db,
          claims,
          'involvedVehicle',
          { incidentSubFormId: own, pkIncidentVehicleTypeId: 2302, platNumber: `ABC ${i + 1}` },
          now,
        );
      }
      await refused('involvedVehicle', { incidentSubFormId: own, ...ITEMS.involvedVehicle.create }, 400, 'incidentSubFormId', /maksimum 100 rekod/);
    });
  });

  describe('not found, other regions, other teams, final cases', () => {
    it('404 for an unknown or deleted subform and an unknown row id', async () => {
      for (const list of CHILD_LISTS) {
        const res = await save(list, { incidentSubFormId: 9_999_999, ...ITEMS[list].create });
        expect(res.statusCode, `${list}: ${res.body}`).toBe(404);
        expect(res.json().statusMsg).toMatch(/Subform 9999999 tidak dijumpai/);
        expect((await rowsOf(list, 9_999_999)).statusCode, list).toBe(404);
        expect((await del(list, [9_999_999])).statusCode, list).toBe(404);
      }
      const { subformId } = await newSubform(184);
      const res = await save('injuryType', { incidentSubFormId: subformId, pkInjuryTypeId: 9_999_999, ...ITEMS.injuryType.create });
      expect(res.statusCode).toBe(404);
      // delete is all or nothing: a known id with an unknown one deletes neither
      const known = (await save('injuryType', { incidentSubFormId: subformId, ...ITEMS.injuryType.create })).json().body.pkInjuryTypeId;
      expect((await del('injuryType', [known, 9_999_999])).statusCode).toBe(404);
      expect((await rowsOf('injuryType', subformId)).json().body.recordCount).toBe(1);
      // a row of another subform is not this subform's
      const other = (await newSubform(184)).subformId;
      expect((await save('injuryType', { incidentSubFormId: other, pkInjuryTypeId: known, ...ITEMS.injuryType.update })).statusCode).toBe(404);
      for (const bad of [[], ['x'], [0], {}]) expect((await del('injuryType', bad)).statusCode).toBe(400);
    });

    it('403 for a patrol not on the case roster and for a user of another region', async () => {
      const { subformId } = await newSubform(184);
      const body = { incidentSubFormId: subformId, ...ITEMS.involvedVehicle.create };
      await refused('involvedVehicle', body, 403, undefined, /tidak ditugaskan kepada pasukan anda/, prMalam);
      await refused('involvedVehicle', body, 403, undefined, /luar wilayah/, utara);
      const mine = await save('involvedVehicle', body, pr);
      expect(mine.statusCode, mine.body).toBe(200);
      const id = mine.json().body.pkInvolvedVehicleId;
      expect((await rowsOf('involvedVehicle', subformId, utara)).statusCode).toBe(403);
      expect((await del('involvedVehicle', [id], utara)).statusCode).toBe(403);
      expect((await del('involvedVehicle', [id], prMalam)).statusCode).toBe(403);
      // a patrol reads any case of its region (viewCase), as the subform itself
      expect((await rowsOf('involvedVehicle', subformId, prMalam)).statusCode).toBe(200);
      expect((await rowsOf('involvedVehicle', subformId)).json().body.recordCount).toBe(1);
      expect(
        (await call(app, null, { method: 'POST', url: PATHS.childDataTables('involvedVehicle'), payload: { incidentSubFormId: subformId } }))
          .statusCode,
      ).toBe(401);
    });

    it('a closed case: only a superadmin changes the lists, each change a CORRECTION journal entry', async () => {
      const { incidentId, subformId } = await newSubform(184);
      const v = (await save('involvedVehicle', { incidentSubFormId: subformId, ...ITEMS.involvedVehicle.create })).json().body;
      for (const s of [STATUS.RECEIVED, STATUS.CASE_DONE]) expect((await audit(app, pr, { incidentId, incidentStatusId: s })).statusCode).toBe(200);
      expect((await audit(app, tmca, { incidentId, incidentStatusId: STATUS.CLOSED })).statusCode).toBe(200);

      await refused(
        'involvedVehicle',
        { incidentSubFormId: subformId, pkIncidentVehicleTypeId: 2302, platNumber: 'WXY 1234' },
        409,
        undefined,
        /ditutup/,
      );
      await refused(
        'involvedVehicle',
        { incidentSubFormId: subformId, pkIncidentVehicleTypeId: 2302, platNumber: 'WXY 1234' },
        409,
        undefined,
        undefined,
        pr,
      );
      expect((await del('involvedVehicle', [v.pkInvolvedVehicleId])).statusCode).toBe(409);

      const added = await save(
        'involvedVehicle',
        { incidentSubFormId: subformId, pkIncidentVehicleTypeId: 2302, platNumber: 'wxy 1234' },
        superadmin,
      );
      expect(added.statusCode, added.body).toBe(200);
      const changed = await save('injuryType', { incidentSubFormId: subformId, ...ITEMS.injuryType.create }, superadmin);
      expect(changed.statusCode).toBe(200);
      const fixed = await save(
        'injuryType',
        { incidentSubFormId: subformId, pkInjuryTypeId: changed.json().body.pkInjuryTypeId, ...ITEMS.injuryType.update },
        superadmin,
      );
      expect(fixed.statusCode).toBe(200);
      expect((await del('involvedVehicle', [v.pkInvolvedVehicleId], superadmin)).statusCode).toBe(200);

      const entries = (
        await app.ctx.db
          .select()
          .from(journalEntry)
          .where(and(eq(journalEntry.incidentId, incidentId), eq(journalEntry.kind, 'CORRECTION')))
      ).map((e) => e.entry);
      expect(entries).toHaveLength(4);
      const text = entries.join('\n');
      expect(text).toContain('Kenderaan terlibat ditambah: WXY 1234 (Kereta)');
      expect(text).toContain('Jenis kecederaan ditambah: 2 orang Cedera Ringan (Melayu, Lelaki)');
      expect(text).toContain('Jenis kecederaan dikemaskini: 2 orang Cedera Ringan (Melayu, Lelaki) → 3 orang Cedera Parah');
      expect(text).toContain('Kenderaan terlibat dipadam: WXY 1234 (Kereta, Perodua Myvi)');
      for (const e of entries) expect(e).toMatch(/^Pembetulan kes N9-/);
    });
  });

  it('the same Idempotency-Key replays the answer without a second row', async () => {
    const { subformId } = await newSubform(184);
    const headers = { 'idempotency-key': `child-${subformId}` };
    const body = { incidentSubFormId: subformId, ...ITEMS.collisionList.create };
    const first = await save('collisionList', body, tmca, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await save('collisionList', body, tmca, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await rowsOf('collisionList', subformId)).json().body.recordCount).toBe(1);
    // the delete too
    const id = first.json().body.pkCollisionListId;
    const d1 = await call(app, tmca, {
      method: 'POST',
      url: PATHS.childDelete('collisionList'),
      payload: [id],
      headers: { 'idempotency-key': `del-${id}` },
    });
    const d2 = await call(app, tmca, {
      method: 'POST',
      url: PATHS.childDelete('collisionList'),
      payload: [id],
      headers: { 'idempotency-key': `del-${id}` },
    });
    expect([d1.statusCode, d2.statusCode]).toEqual([200, 200]);
    expect(d2.headers['idempotent-replayed']).toBe('true');
  });

  it('deleting the subform, or changing the event type, soft-deletes its children', async () => {
    const fill = async (subformId: number) => {
      for (const list of CHILD_LISTS) expect((await save(list, { incidentSubFormId: subformId, ...ITEMS[list].create })).statusCode, list).toBe(200);
    };
    const liveCount = async (subformId: number) => {
      let n = 0;
      for (const list of CHILD_LISTS) {
        const t = TABLES[list];
        const rows = await app.ctx.db
          .select({ id: t.id, deletedAt: t.deletedAt })
          .from(t)
          .where(inArray(t.subformId, [subformId]));
        expect(rows.length, list).toBe(1);
        n += rows.filter((r) => r.deletedAt === null).length;
      }
      return n;
    };

    const a = await newSubform(184);
    await fill(a.subformId);
    expect(await liveCount(a.subformId)).toBe(CHILD_LISTS.length);
    expect((await call(app, tmca, { method: 'POST', url: PATHS.subformDelete('incidentAccident'), payload: [a.subformId] })).statusCode).toBe(200);
    expect(await liveCount(a.subformId)).toBe(0);
    expect((await rowsOf('injuryType', a.subformId)).statusCode).toBe(404);

    const b = await newSubform(184);
    await fill(b.subformId);
    const payload = await newCasePayload(app, { pkIncidentCategoryId: 185 });
    const edit = await saveCase(app, tmca, { ...payload, pkIncidentId: b.incidentId, version: await versionOf(app, b.incidentId) });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await liveCount(b.subformId)).toBe(0);
  });

  it('the editors’ lookups: Bahagian Lebuhraya with colours, the highway assets with their unit (signed-in users, ETag)', async () => {
    const sections = await call(app, pr, { method: 'GET', url: PATHS.highwaySections });
    expect(sections.statusCode).toBe(200);
    const items = sections.json().body as { key: number; value: string; color: string }[];
    const lanes = (await app.inject({ method: 'POST', url: '/rest/roster/lookup/roadLanes' })).json().body as { key: number }[];
    expect(items.map((i) => i.key)).toEqual(lanes.map((l) => l.key));
    for (const i of items) expect(i.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(items.map((i) => i.color)).size).toBe(items.length);
    const again = await call(app, pr, { method: 'GET', url: PATHS.highwaySections, headers: { 'if-none-match': sections.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect((await call(app, null, { method: 'GET', url: PATHS.highwaySections })).statusCode).toBe(401);

    const all = await call(app, utara, { method: 'GET', url: PATHS.roadFurnitureAll });
    expect(all.statusCode).toBe(200);
    const assets = all.json().body as { key: number; value: string; pkUnitUkuranId: number | null }[];
    expect(assets.length).toBeGreaterThanOrEqual(15);
    expect(assets[0]).toEqual({ key: 3801, value: 'Penghadang Jalan (Guardrail)', description: expect.any(String), pkUnitUkuranId: 3402 });
    const units = new Set(
      ((await app.inject({ method: 'POST', url: '/rest/roster/lookup/unitMeasurement' })).json().body as { key: number }[]).map((u) => u.key),
    );
    for (const a of assets) expect(units.has(a.pkUnitUkuranId!), a.value).toBe(true);

    const paged = await call(app, tmca, { method: 'POST', url: `${PATHS.roadFurnitureDataTables}?length=5&start=5` });
    expect(paged.statusCode, paged.body).toBe(200);
    expect(paged.json().body).toMatchObject({ recordCount: assets.length, page: 1, size: 5 });
    expect(paged.json().body.rows).toEqual(assets.slice(5, 10));
  });
});
