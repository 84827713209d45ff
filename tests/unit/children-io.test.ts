import { describe, expect, it } from 'vitest';
import {
  InjuryTypeSaveSchema,
  RoadLaneClosureSaveSchema,
  TrafficJamSaveSchema,
  InvolvedVehicleSaveSchema,
  RequestFurtherActionSaveSchema,
  RoadFurnitureListSaveSchema,
  CollisionSaveSchema,
} from '@contract/child-lists';
import {
  applyChildAnswers,
  childrenFromRows,
  laneClosurePayload,
  normalizeChildren,
  planChildSaves,
  trafficJamPayload,
  type ChildRowSet,
} from '@/features/incidents/form/children-io';
import { asNewChildren } from '@/features/incidents/detail/save-plan';
import { emptyChildren } from '@/features/incidents/form/children-model';

const L = (key: number, value: string) => ({ key, value, description: null });

/** What the server answers for an accident with one of everything (times in UTC; Brunei is UTC+8). */
const ROWS: ChildRowSet = {
  involvedVehicle: [
    { pkInvolvedVehicleId: 11, incidentSubFormId: 5, platNumber: 'WXY1234', brand: 'PROTON', incidentVehicleType: L(2302, 'Kereta') },
    { pkInvolvedVehicleId: 12, incidentSubFormId: 5, platNumber: 'JKL9', brand: null, incidentVehicleType: L(2306, 'Lori 2 Gandar') },
  ],
  collisionList: [
    {
      pkCollisionListId: 21,
      incidentSubFormId: 5,
      collisionType: L(265, 'Langgar Haiwan'),
      obstacleObjectType: null,
      strayAnimalType: L(2601, 'Lembu'),
    },
  ],
  injuryType: [
    {
      pkInjuryTypeId: 31,
      incidentSubFormId: 5,
      casualtyType: L(3203, 'Cedera Ringan'),
      race: L(3301, 'Melayu'),
      gender: L(3501, 'Lelaki'),
      count: 2,
    },
  ],
  roadLaneSelection: [{ pkRoadLaneSelectionId: 41, incidentSubFormId: 5, roadLane: { ...L(2201, 'Lorong Kiri'), color: '#2563eb' } }],
  requestFurtherActionList: [
    {
      pkRequestFurtherActionListId: 51,
      incidentSubFormId: 5,
      furtherAction: L(2001, 'Polis (PDRM)'),
      kind: 'OTHER',
      isNotified: true,
      isArrived: true,
      isCompleted: false,
      notifiedDateTime: '2026-03-01T00:05:00.000Z',
      arrivedDateTime: '2026-03-01T00:20:00.000Z',
      completedDateTime: null,
      recordCreatedDate: '2026-03-01T00:20:00.000Z',
    },
  ],
  roadFurnitureList: [
    {
      pkRoadFurnitureListId: 61,
      incidentSubFormId: 5,
      roadFurniture: L(1, 'Penghadang Jalan'),
      roadFurnitureCondition: L(2702, 'Bengkok'),
      count: 12.5,
      unitUkuran: L(3402, 'Meter'),
    },
  ],
  roadLaneClosureList: [
    {
      pkRoadLaneClosureId: 71,
      incidentSubFormId: 5,
      roadLane: L(2201, 'Lorong Kiri'),
      cardinalDirection: L(1, 'Utara'),
      initialClosingTime: '2026-03-01T00:10:00.000Z',
      openingTime: null,
    },
  ],
  trafficJam: [
    {
      pkTrafficJamId: 81,
      incidentSubFormId: 5,
      distance: '2.5',
      duration: 5400,
      startTime: '2026-03-01T00:10:00.000Z',
      endTime: '2026-03-01T01:40:00.000Z',
    },
  ],
};

describe('child lists between the form and the server', () => {
  it('reads rows as form items in Asia/Brunei wall-clock dates and times', () => {
    const c = childrenFromRows(ROWS);
    expect(c.vehicles[0]).toMatchObject({
      involvedVehicleId: 11,
      plateNo: 'WXY1234',
      jenisKenderaan: { key: 2302, value: 'Kereta' },
      brand: 'PROTON',
    });
    expect(c.collisions[0]).toMatchObject({ collisionListId: 21, jenisPerlanggaran: { key: 265 }, jenisHalangan: { key: 2601, value: 'Lembu' } });
    expect(c.laneClosures[0]).toMatchObject({
      asetId: 71,
      dateStartSelected: '2026-03-01',
      timeStartSelected: '08:10:00',
      dateEndSelected: null,
      timeEndSelected: null,
    });
    expect(c.trafficJams[0]).toMatchObject({
      trafficJamId: 81,
      dateStart: '2026-03-01',
      timeStart: '08:10:00',
      timeEnd: '09:40:00',
      hourCalculated: 1,
      minuteCalculated: 30,
      seconds: 5400,
    });
    expect(c.sections[0]).toEqual({ key: 2201, value: 'Lorong Kiri', color: '#2563eb', bahagianLebuhrayaId: 41 });
  });

  it('an unchanged form plans nothing; a changed item is saved with its id; a new one without; removed ids are deleted first', () => {
    const base = childrenFromRows(ROWS);
    expect(planChildSaves('accident', base, base)).toEqual({ deletes: [], saves: [] });

    const edited = childrenFromRows(ROWS);
    edited.injuries[0] = { ...edited.injuries[0], count: 3 };
    edited.vehicles = edited.vehicles.filter((v) => v.involvedVehicleId !== 12);
    edited.removed.involvedVehicle = [12];
    edited.vehicles.push({ uid: 'n1', involvedVehicleId: null, plateNo: ' bcd 55 ', jenisKenderaan: { key: 2301, value: 'Motosikal' }, brand: '' });
    const plan = planChildSaves('accident', edited, base);
    expect(plan.deletes).toEqual([{ list: 'involvedVehicle', ids: [12] }]);
    expect(plan.saves.map((s) => [s.list, s.create, s.uid])).toEqual([
      ['involvedVehicle', true, 'n1'],
      ['injuryType', false, 's31'],
    ]);
    expect(plan.saves[0].payload).toEqual({ pkIncidentVehicleTypeId: 2301, platNumber: 'BCD 55', brand: null });
    expect(plan.saves[1].payload).toMatchObject({ pkInjuryTypeId: 31, count: 3 });
  });

  it('every payload passes the server schema', () => {
    const c = childrenFromRows(ROWS);
    const plan = planChildSaves('accident', c, null);
    const schemas = {
      involvedVehicle: InvolvedVehicleSaveSchema,
      collisionList: CollisionSaveSchema,
      injuryType: InjuryTypeSaveSchema,
      roadLaneSelection: null,
      requestFurtherActionList: RequestFurtherActionSaveSchema,
      roadFurnitureList: RoadFurnitureListSaveSchema,
      roadLaneClosureList: RoadLaneClosureSaveSchema,
      trafficJam: TrafficJamSaveSchema,
    } as const;
    for (const s of plan.saves) {
      const schema = schemas[s.list];
      if (!schema) continue;
      const r = schema.safeParse({ ...s.payload, incidentSubFormId: 5 });
      expect(r.success, `${s.list}: ${JSON.stringify(r.error?.issues)}`).toBe(true);
    }
  });

  it('sends a lane closure without Masa Buka as null and a traffic jam duration only with both ends (§5)', () => {
    const c = childrenFromRows(ROWS);
    expect(laneClosurePayload(c.laneClosures[0])).toMatchObject({ initialClosingTime: '2026-03-01T00:10:00.000Z', openingTime: null });
    expect(laneClosurePayload({ ...c.laneClosures[0], dateEndSelected: '2026-03-01', timeEndSelected: null })?.openingTime).toBeNull();
    expect(trafficJamPayload(c.trafficJams[0])).toEqual({
      pkTrafficJamId: 81,
      distance: '2.5',
      duration: 5400,
      startTime: '2026-03-01T00:10:00.000Z',
      endTime: '2026-03-01T01:40:00.000Z',
    });
    const open = trafficJamPayload({ ...c.trafficJams[0], dateEnd: null, timeEnd: '09:00:00', sesakJalanSelected: '12.345' });
    expect(open).toMatchObject({ endTime: null, duration: null, distance: '12.3' });
  });

  it('keeps only the lists of the subform kind', () => {
    const c = childrenFromRows(ROWS);
    const plan = planChildSaves('breakdown', c, null);
    expect([...new Set(plan.saves.map((s) => s.list))].sort()).toEqual(['involvedVehicle', 'requestFurtherActionList', 'roadLaneSelection']);
  });

  it('after a partial save, answered creates take their ids and answered deletes leave `removed`', () => {
    const c = childrenFromRows(ROWS);
    c.vehicles.push({ uid: 'n1', involvedVehicleId: null, plateNo: 'ABC1', jenisKenderaan: { key: 2301, value: 'Motosikal' }, brand: '' });
    c.removed.injuryType = [31, 32];
    const plan = planChildSaves('accident', c, childrenFromRows(ROWS));
    const next = applyChildAnswers(c, {
      saves: [{ step: plan.saves[0], row: { pkInvolvedVehicleId: 99 } }],
      deletes: [{ list: 'injuryType', ids: [31] }],
    });
    expect(next.vehicles.find((v) => v.uid === 'n1')?.involvedVehicleId).toBe(99);
    expect(next.removed.injuryType).toEqual([32]);
    // a second plan no longer creates the vehicle
    expect(planChildSaves('accident', next, childrenFromRows(ROWS)).saves.filter((s) => s.create)).toEqual([]);
  });

  it('a changed event type sends every item as new; old drafts get empty lists', () => {
    const c = asNewChildren(childrenFromRows(ROWS));
    expect(c.vehicles.every((v) => v.involvedVehicleId === null)).toBe(true);
    expect(planChildSaves('breakdown', c, null).saves.every((s) => s.create)).toBe(true);
    expect(normalizeChildren(undefined)).toEqual(emptyChildren());
    expect(normalizeChildren({ vehicles: c.vehicles }).removed.trafficJam).toEqual([]);
  });
});
