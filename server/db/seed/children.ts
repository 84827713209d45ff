/**
 * The child lists of the demo cases (#5): what a patrol and the TMC record on a case once someone is on the scene.
 * Accidents get collisions, injuries, the parts of the roadway, assistance items, and a lane closure, a traffic jam
 * and asset damage where their N/A flag is not ticked; breakdowns, obstacles, stray animals and road hazards the
 * roadway parts and their assistance; asset-damage cases the damaged assets; an emergency-works case (491) a lane
 * closure. Times lie after the case time, in order, and no later than the case's "assistance done" (or now, for an
 * open case), so a finished case has its items finished and an open one may still have a lane closed.
 *
 * Cases that were cancelled, found Negative or never reached are left without children. Deterministic: the caller
 * passes its own fixed-seed PRNG.
 */
import { ASSIST_TYPE, COLLISION_TYPE, EVENT_TYPE, OTHER_CASE_WITH_LANE_CLOSURE, STATUS } from '../../../contract/lookups';
import type { Db } from '../client';
import {
  collisionList,
  furtherActionItem,
  type incidentSubform,
  injury,
  laneClosure,
  roadFurnitureDamage,
  roadLaneSelection,
  trafficJam,
} from '../schema';
import { UNIT } from './data/lookups';
import type { Rng } from './prng';

const MIN = 60_000;

export interface ChildCase {
  incidentId: number;
  subformId: number;
  category: number;
  sub: Partial<typeof incidentSubform.$inferInsert>;
  /** the case time */
  at: Date;
  directionId: number;
  steps: { status: number; at: Date }[];
}

export interface ChildBatch {
  collisions: (typeof collisionList.$inferInsert)[];
  injuries: (typeof injury.$inferInsert)[];
  lanes: (typeof roadLaneSelection.$inferInsert)[];
  assists: (typeof furtherActionItem.$inferInsert)[];
  damages: (typeof roadFurnitureDamage.$inferInsert)[];
  closures: (typeof laneClosure.$inferInsert)[];
  jams: (typeof trafficJam.$inferInsert)[];
}

export const emptyChildBatch = (): ChildBatch => ({ collisions: [], injuries: [], lanes: [], assists: [], damages: [], closures: [], jams: [] });

function weighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [v, w] of items) {
    x -= w;
    if (x < 0) return v;
  }
  return items[items.length - 1][0];
}

/** Up to n distinct picks, weighted. */
function distinct<T>(rng: Rng, items: readonly (readonly [T, number])[], n: number): T[] {
  const left = [...items];
  const out: T[] = [];
  while (out.length < n && left.length) {
    const v = weighted(rng, left);
    out.push(v);
    left.splice(
      left.findIndex(([x]) => x === v),
      1,
    );
  }
  return out;
}

const COLLISIONS: readonly (readonly [number, number])[] = [
  [1501, 30],
  [1502, 15],
  [1503, 15],
  [1505, 10],
  [1506, 8],
  [1504, 5],
  [1509, 2],
  [COLLISION_TYPE.ANIMAL, 5],
  [COLLISION_TYPE.OBSTACLE_A, 6],
  [COLLISION_TYPE.OBSTACLE_B, 4],
];
/** casualtyType of the accident → the injuries key of its worst injury */
const INJURY_OF_CASUALTY: Record<number, number> = { 1601: 3201, 1602: 3202, 1603: 3203, 1604: 3204 };
const RACES: readonly (readonly [number, number])[] = [
  [3301, 55],
  [3302, 20],
  [3303, 10],
  [3304, 3],
  [3305, 3],
  [3306, 2],
  [3307, 7],
];
const GENDERS: readonly (readonly [number, number])[] = [
  [3501, 65],
  [3502, 35],
];
const MAIN_LANES: readonly (readonly [number, number])[] = [
  [2201, 30],
  [2202, 20],
  [2203, 25],
  [2205, 10],
  [2206, 15],
];
const SHOULDER_LANES: readonly (readonly [number, number])[] = [
  [2205, 45],
  [2206, 40],
  [2201, 10],
  [2210, 5],
];
const JAM_LENGTHS = ['0.5', '1', '1.5', '2', '2.5', '3', '4.5', '6'] as const;

/** Other assistance (requestFurtherAction) asked for, by event type. */
const OTHER_HELP: Record<number, readonly (readonly [number, number])[]> = {
  [EVENT_TYPE.ACCIDENT]: [
    [2001, 40],
    [2003, 30],
    [2004, 30],
    [2002, 10],
    [2007, 8],
    [2008, 5],
  ],
  [EVENT_TYPE.STRAY_ANIMAL]: [
    [2009, 50],
    [2010, 30],
    [2013, 20],
  ],
  [EVENT_TYPE.ROAD_CONDITION]: [
    [2006, 50],
    [2007, 35],
    [2002, 10],
    [2014, 5],
  ],
  [EVENT_TYPE.ROAD_FURNITURE]: [
    [2006, 80],
    [2014, 20],
  ],
  [EVENT_TYPE.OTHERS]: [
    [2001, 40],
    [2013, 30],
    [2006, 20],
    [2003, 10],
  ],
};
/** Existing assistance (bantuanSediaAda) found on the scene, by event type. */
const EXISTING_HELP: Record<number, readonly (readonly [number, number])[]> = {
  [EVENT_TYPE.ACCIDENT]: [
    [2101, 40],
    [2103, 20],
    [2104, 30],
    [2107, 20],
  ],
  [EVENT_TYPE.BREAKDOWN]: [
    [2104, 50],
    [2108, 40],
    [2107, 10],
  ],
  [EVENT_TYPE.OTHERS]: [
    [2101, 50],
    [2106, 30],
    [2107, 20],
  ],
};
/** [asset, unit, condition, count range] */
const DAMAGES: readonly (readonly [readonly [number, number, readonly number[], readonly [number, number]], number])[] = [
  [[3801, UNIT.METER, [2702, 2701, 2704], [4, 24]], 40],
  [[3810, UNIT.POST, [2703, 2704, 2706], [2, 8]], 15],
  [[3804, UNIT.PANEL, [2702, 2704], [1, 2]], 12],
  [[3809, UNIT.UNIT, [2703, 2704], [4, 20]], 8],
  [[3802, UNIT.METER, [2703, 2701], [2, 6]], 6],
  [[3807, UNIT.POST, [2702, 2707], [1, 2]], 6],
  [[3803, UNIT.METER, [2701, 2704], [5, 30]], 6],
  [[3811, UNIT.SET, [2701], [1, 1]], 4],
  [[3815, UNIT.SQUARE_METER, [2705, 2701], [10, 60]], 3],
];

/** Children of one case, appended to the batch. */
export function buildChildren(rng: Rng, c: ChildCase, now: Date, batch: ChildBatch): void {
  const statuses = c.steps.map((s) => s.status);
  if (statuses.includes(STATUS.CANCELLED) || statuses.includes(STATUS.NEGATIVE)) return;
  const stepAt = (st: number) => c.steps.find((s) => s.status === st)?.at ?? null;
  const onScene = stepAt(STATUS.ARRIVED) ?? stepAt(STATUS.CASE_DONE);
  if (!onScene) return;
  const t0 = c.at.getTime();
  /** items end by the assistance (or case) done step; an open case's items may run up to now */
  const doneAt = stepAt(STATUS.ASSISTANCE_DONE) ?? stepAt(STATUS.CASE_DONE);
  const limit = doneAt ? doneAt.getTime() : now.getTime() - MIN;
  const finished = doneAt !== null;
  /** offsets (ms after the case time) squeezed into the case's window when it is finished */
  const span = Math.max(limit - t0, MIN);
  const base = { incidentId: c.incidentId, subformId: c.subformId };
  let order = 0;
  /** rows are created one after another a little after the arrival, in the order written */
  const created = () => new Date(Math.min(Math.max(onScene.getTime(), t0) + ++order * 20_000, Math.max(limit, t0)));
  const stamps = (d: Date) => ({ createdAt: d, updatedAt: d });
  const at = (offsetMs: number) => new Date(t0 + offsetMs);
  const within = (offsetMs: number) => t0 + offsetMs <= limit;
  const squeeze = (offsets: number[]) => {
    const last = offsets[offsets.length - 1];
    const k = finished && last > span ? (span * 0.95) / last : 1;
    return offsets.map((o) => Math.round((o * k) / 1000) * 1000);
  };

  const lanes = (pool: readonly (readonly [number, number])[], max: number) => {
    const picked = distinct(rng, pool, rng.int(1, max));
    for (const roadLaneId of picked) batch.lanes.push({ ...base, roadLaneId, ...stamps(created()) });
    return picked;
  };

  const otherHelp = (pool: readonly (readonly [number, number])[], max: number) => {
    for (const key of distinct(rng, pool, rng.int(1, max))) {
      const marks: number[] = [];
      for (const m of [rng.int(1, 5), rng.int(2, 4), rng.int(10, 35), rng.int(10, 50)])
        marks.push((marks.at(-1) ?? 0) + m * MIN + rng.int(0, 59) * 1000);
      const [req, notified, arrived, completed] = squeeze(marks);
      // some never come (the police sent nobody, the tow was called off): they stay at Notifikasi
      const stalls = rng.chance(0.15);
      // and some were left at Ketibaan when the patrol moved on
      const leftArrived = rng.chance(0.2);
      const isNotified = within(notified);
      const isArrived = isNotified && !stalls && within(arrived);
      const isCompleted = isArrived && !leftArrived && within(completed);
      const last = isCompleted ? completed : isArrived ? arrived : isNotified ? notified : req;
      batch.assists.push({
        ...base,
        furtherActionId: key,
        kind: 'OTHER',
        isNotified,
        isArrived,
        isCompleted,
        notifiedAt: isNotified ? at(notified) : null,
        arrivedAt: isArrived ? at(arrived) : null,
        completedAt: isCompleted ? at(completed) : null,
        recordCreatedDate: at(Math.min(last, limit - t0)),
        ...stamps(created()),
      });
    }
  };

  const existingHelp = (pool: readonly (readonly [number, number])[], max: number) => {
    for (const key of distinct(rng, pool, rng.int(1, max))) {
      const [arrived, completed] = squeeze([rng.int(3, 15) * MIN, rng.int(25, 70) * MIN]);
      const arrivedAt = Math.min(arrived, limit - t0);
      const isCompleted = within(completed) && !rng.chance(0.2);
      batch.assists.push({
        ...base,
        furtherActionId: key,
        kind: 'EXISTING',
        // §4.6: existing assistance is added straight as Ketibaan (notified without a time of its own)
        isNotified: true,
        isArrived: true,
        isCompleted,
        notifiedAt: null,
        arrivedAt: at(arrivedAt),
        completedAt: isCompleted ? at(completed) : null,
        recordCreatedDate: at(isCompleted ? completed : arrivedAt),
        ...stamps(created()),
      });
    }
  };

  const closure = (roadLaneId: number) => {
    const [closing, opening] = squeeze([rng.int(4, 15) * MIN, rng.int(25, 100) * MIN]);
    const closingAt = Math.min(closing, limit - t0);
    batch.closures.push({
      ...base,
      roadLaneId,
      cardinalDirectionId: c.directionId,
      initialClosingTime: at(closingAt),
      openingTime: within(opening) && opening >= closingAt ? at(opening) : null,
      ...stamps(created()),
    });
  };

  const assistance = () => {
    if (c.sub.assistTypeId === ASSIST_TYPE.OTHER && OTHER_HELP[c.category])
      otherHelp(OTHER_HELP[c.category], c.category === EVENT_TYPE.ACCIDENT ? 3 : 2);
    if (c.sub.assistTypeId === ASSIST_TYPE.EXISTING && EXISTING_HELP[c.category]) existingHelp(EXISTING_HELP[c.category], 2);
  };

  switch (c.category) {
    case EVENT_TYPE.ACCIDENT: {
      for (const type of distinct(rng, COLLISIONS, rng.chance(0.8) ? 1 : 2)) {
        batch.collisions.push({
          ...base,
          collisionTypeId: type,
          strayAnimalTypeId: type === COLLISION_TYPE.ANIMAL ? rng.pick([2601, 2602, 2604, 2606]) : null,
          obstacleObjectTypeId:
            type === COLLISION_TYPE.OBSTACLE_A
              ? rng.pick([1802, 1803, 1804, 1806])
              : type === COLLISION_TYPE.OBSTACLE_B
                ? rng.pick([1801, 1809])
                : null,
          ...stamps(created()),
        });
      }
      const worst = INJURY_OF_CASUALTY[c.sub.casualTypeId ?? 1604] ?? 3204;
      const kinds = worst === 3204 || rng.chance(0.6) ? [worst] : [worst, Math.min(3204, worst + 1)];
      for (const casualtyTypeId of kinds) {
        batch.injuries.push({
          ...base,
          casualtyTypeId,
          count: casualtyTypeId === 3204 ? rng.int(1, 4) : rng.int(1, casualtyTypeId === 3201 ? 1 : 3),
          raceId: weighted(rng, RACES),
          genderId: weighted(rng, GENDERS),
          ...stamps(created()),
        });
      }
      const picked = lanes(MAIN_LANES, 3);
      assistance();
      if (!c.sub.naFlagLaneClosure) closure(picked[0]);
      if (!c.sub.naFlagTrafficJam) {
        const [start, end] = squeeze([rng.int(2, 8) * MIN, rng.int(20, 100) * MIN]);
        const startAt = Math.min(start, limit - t0);
        const ended = within(end) && end >= startAt;
        batch.jams.push({
          ...base,
          distance: rng.pick(JAM_LENGTHS),
          startTime: at(startAt),
          endTime: ended ? at(end) : null,
          durationSeconds: ended ? Math.round((end - startAt) / 1000) : null,
          ...stamps(created()),
        });
      }
      if (!c.sub.naFlagRoadFurniture) damages(1);
      break;
    }
    case EVENT_TYPE.BREAKDOWN:
      if (rng.chance(0.8)) lanes(SHOULDER_LANES, 1);
      assistance();
      break;
    case EVENT_TYPE.OBSTACLE:
      lanes(MAIN_LANES, 2);
      break;
    case EVENT_TYPE.STRAY_ANIMAL:
      lanes(SHOULDER_LANES, 2);
      assistance();
      break;
    case EVENT_TYPE.ROAD_CONDITION:
      lanes(MAIN_LANES, 2);
      assistance();
      break;
    case EVENT_TYPE.ROAD_FURNITURE:
      damages(2);
      assistance();
      break;
    case EVENT_TYPE.OTHERS:
      assistance();
      if (c.sub.othersTypeId === OTHER_CASE_WITH_LANE_CLOSURE) closure(weighted(rng, MAIN_LANES));
      break;
  }

  function damages(max: number) {
    for (const [asset, unitId, conditions, [lo, hi]] of distinct(rng, DAMAGES, rng.int(1, max))) {
      // guardrail and fences are measured to the half metre
      const count = unitId === UNIT.METER || unitId === UNIT.SQUARE_METER ? rng.int(lo * 2, hi * 2) / 2 : rng.int(lo, hi);
      batch.damages.push({ ...base, roadFurnitureId: asset, conditionId: rng.pick(conditions), count, unitId, ...stamps(created()) });
    }
  }
}

/** One insert per table. */
export async function insertChildren(db: Db, b: ChildBatch): Promise<void> {
  if (b.collisions.length) await db.insert(collisionList).values(b.collisions);
  if (b.injuries.length) await db.insert(injury).values(b.injuries);
  if (b.lanes.length) await db.insert(roadLaneSelection).values(b.lanes);
  if (b.assists.length) await db.insert(furtherActionItem).values(b.assists);
  if (b.damages.length) await db.insert(roadFurnitureDamage).values(b.damages);
  if (b.closures.length) await db.insert(laneClosure).values(b.closures);
  if (b.jams.length) await db.insert(trafficJam).values(b.jams);
}
