/**
 * The child lists between the form and the server (issue #5, §3.6, §4.7, §5): the rows of each list's dataTables as
 * form items, the form items as each list's save payload, and the plan of a subform save — the deferred deletes of
 * removed saved items first, then the saves of new and changed items. Pure (no React, no network).
 */
import type { ChildRows, ChildSaves } from '@contract/child-lists';
import { CHILD_ID_FIELD, CHILD_LISTS_OF_KIND, type ChildList } from '@contract/child-rules';
import { COLLISION_TYPE } from '@contract/lookups';
import type { SubformKind } from '@contract/incident-rules';
import { instantOfWall, wallDateTime } from '@/lib/time';
import {
  LIST_OF,
  emptyChildren,
  emptyRemoved,
  type AssetDamageItem,
  type AssistItem,
  type ChildField,
  type CollisionItem,
  type InjuryItem,
  type LaneClosureItem,
  type SectionItem,
  type SubformChildren,
  type TrafficJamItem,
  type VehicleItem,
} from './children-model';

/** The rows of every list of a subform, as the server answered them. */
export type ChildRowSet = { [L in ChildList]?: ChildRows[L][] };

const kv = (l: { key: number; value: string } | null | undefined) => (l ? { key: l.key, value: l.value } : null);
const wallOrNull = (iso: string | null) => {
  if (!iso) return { date: null, time: null };
  const w = wallDateTime(iso);
  return { date: w.date || null, time: w.time || null };
};

// ---------------------------------------------------------------- rows → items

export function childrenFromRows(rows: ChildRowSet): SubformChildren {
  const c = emptyChildren();
  c.vehicles = (rows.involvedVehicle ?? []).map<VehicleItem>((r) => ({
    uid: `s${r.pkInvolvedVehicleId}`,
    involvedVehicleId: r.pkInvolvedVehicleId,
    plateNo: r.platNumber,
    jenisKenderaan: kv(r.incidentVehicleType),
    brand: r.brand ?? '',
  }));
  c.collisions = (rows.collisionList ?? []).map<CollisionItem>((r) => ({
    uid: `s${r.pkCollisionListId}`,
    collisionListId: r.pkCollisionListId,
    jenisPerlanggaran: kv(r.collisionType)!,
    jenisHalangan: kv(r.strayAnimalType) ?? kv(r.obstacleObjectType),
  }));
  c.injuries = (rows.injuryType ?? []).map<InjuryItem>((r) => ({
    uid: `s${r.pkInjuryTypeId}`,
    injuryId: r.pkInjuryTypeId,
    pkCasualtyTypeId: r.casualtyType.key,
    casualtyType: r.casualtyType.value,
    count: r.count,
    pkGenderTypeId: r.gender?.key ?? null,
    gender: r.gender?.value ?? '',
    pkRaceTypeId: r.race?.key ?? null,
    race: r.race?.value ?? '',
  }));
  c.sections = (rows.roadLaneSelection ?? []).map<SectionItem>((r) => ({
    key: r.roadLane.key,
    value: r.roadLane.value,
    color: r.roadLane.color,
    bahagianLebuhrayaId: r.pkRoadLaneSelectionId,
  }));
  c.assists = (rows.requestFurtherActionList ?? []).map<AssistItem>((r) => ({
    uid: `s${r.pkRequestFurtherActionListId}`,
    kind: r.kind,
    bantuan: kv(r.furtherAction)!,
    notifikasi: r.isNotified,
    ketibaan: r.isArrived,
    selesai: r.isCompleted,
    recordCreatedDate: r.recordCreatedDate,
    notifiedDateTime: r.notifiedDateTime,
    arrivedDateTime: r.arrivedDateTime,
    completedDateTime: r.completedDateTime,
    furtherActionId: r.pkRequestFurtherActionListId,
  }));
  c.assetDamages = (rows.roadFurnitureList ?? []).map<AssetDamageItem>((r) => ({
    uid: `s${r.pkRoadFurnitureListId}`,
    asetId: r.pkRoadFurnitureListId,
    count: r.count,
    pkRoadFurnitureId: r.roadFurniture.key,
    type: r.roadFurniture.value,
    pkRoadFurnitureConditionId: r.roadFurnitureCondition.key,
    condition: r.roadFurnitureCondition.value,
    pkUnitUkuranId: r.unitUkuran.key,
    unitUkuran: r.unitUkuran.value,
  }));
  c.laneClosures = (rows.roadLaneClosureList ?? []).map<LaneClosureItem>((r) => {
    const start = wallDateTime(r.initialClosingTime);
    const end = wallOrNull(r.openingTime);
    return {
      uid: `s${r.pkRoadLaneClosureId}`,
      asetId: r.pkRoadLaneClosureId,
      pkRoadlaneId: r.roadLane.key,
      roadLane: r.roadLane.value,
      pkCardinalDirectionId: r.cardinalDirection.key,
      cardinalDirection: r.cardinalDirection.value,
      dateStartSelected: start.date,
      timeStartSelected: start.time,
      dateEndSelected: end.date,
      timeEndSelected: end.time,
    };
  });
  c.trafficJams = (rows.trafficJam ?? []).map<TrafficJamItem>((r) => {
    const s = wallOrNull(r.startTime);
    const e = wallOrNull(r.endTime);
    const seconds = r.duration;
    return {
      uid: `s${r.pkTrafficJamId}`,
      trafficJamId: r.pkTrafficJamId,
      sesakJalanSelected: r.distance,
      dateStart: s.date,
      timeStart: s.time,
      dateEnd: e.date,
      timeEnd: e.time,
      hourCalculated: seconds === null ? null : Math.floor(seconds / 3600),
      minuteCalculated: seconds === null ? null : Math.floor((seconds % 3600) / 60),
      seconds,
    };
  });
  return c;
}

// ---------------------------------------------------------------- items → payloads

/** A save payload without its subform id (filled in by the writer: the id or a reference to a subform made offline). */
export type ChildPayload<L extends ChildList> = Omit<ChildSaves[L], 'incidentSubFormId'>;

const withId = <T extends object>(field: string, id: number | null, body: T) => (id ? { [field]: id, ...body } : body);

export function vehiclePayload(v: VehicleItem): ChildPayload<'involvedVehicle'> | null {
  if (!v.jenisKenderaan || !v.plateNo.trim()) return null;
  return withId(CHILD_ID_FIELD.involvedVehicle, v.involvedVehicleId, {
    pkIncidentVehicleTypeId: v.jenisKenderaan.key,
    platNumber: v.plateNo.trim().toUpperCase(),
    brand: v.brand.trim() || null,
  });
}

export function collisionPayload(c: CollisionItem): ChildPayload<'collisionList'> {
  const type = c.jenisPerlanggaran.key;
  const animal = type === COLLISION_TYPE.ANIMAL;
  const obstacle = type === COLLISION_TYPE.OBSTACLE_A || type === COLLISION_TYPE.OBSTACLE_B;
  return withId(CHILD_ID_FIELD.collisionList, c.collisionListId, {
    pkCollisionTypeId: type,
    pkObstacleObejctTypeId: obstacle ? (c.jenisHalangan?.key ?? null) : null,
    pkStrayAnimalTypeId: animal ? (c.jenisHalangan?.key ?? null) : null,
  });
}

export function injuryPayload(i: InjuryItem): ChildPayload<'injuryType'> {
  return withId(CHILD_ID_FIELD.injuryType, i.injuryId, {
    pkCasualtyTypeId: i.pkCasualtyTypeId,
    pkRaceTypeId: i.pkRaceTypeId,
    count: i.count,
    pkGenderTypeId: i.pkGenderTypeId,
  });
}

export function sectionPayload(s: SectionItem): ChildPayload<'roadLaneSelection'> {
  return withId(CHILD_ID_FIELD.roadLaneSelection, s.bahagianLebuhrayaId, { pkRoadLaneId: s.key });
}

export function assistPayload(a: AssistItem): ChildPayload<'requestFurtherActionList'> {
  return withId(CHILD_ID_FIELD.requestFurtherActionList, a.furtherActionId, {
    pkFurtherActionId: a.bantuan.key,
    isNotified: a.notifikasi,
    isArrived: a.ketibaan,
    isCompleted: a.selesai,
    notifiedDateTime: a.notifiedDateTime,
    arrivedDateTime: a.arrivedDateTime,
    completedDateTime: a.completedDateTime,
    recordCreatedDate: a.recordCreatedDate,
  });
}

export function assetPayload(a: AssetDamageItem): ChildPayload<'roadFurnitureList'> {
  return withId(CHILD_ID_FIELD.roadFurnitureList, a.asetId, {
    pkRoadFurnitureId: a.pkRoadFurnitureId,
    pkRoadFurnitureConditionId: a.pkRoadFurnitureConditionId,
    count: Math.round(a.count * 100) / 100,
    pkUnitUkuranId: a.pkUnitUkuranId,
  });
}

/** §5: the opening time is null when the end date or time is missing. */
export function laneClosurePayload(l: LaneClosureItem): ChildPayload<'roadLaneClosureList'> | null {
  const initialClosingTime = instantOfWall(l.dateStartSelected, l.timeStartSelected);
  if (!initialClosingTime) return null;
  return withId(CHILD_ID_FIELD.roadLaneClosureList, l.asetId, {
    pkRoadlaneid: l.pkRoadlaneId,
    pkCardinalDirectionId: l.pkCardinalDirectionId,
    initialClosingTime,
    openingTime: instantOfWall(l.dateEndSelected, l.timeEndSelected),
  });
}

/** §5: a start or end with a null part is sent as null; the duration only when both exist. */
export function trafficJamPayload(j: TrafficJamItem): ChildPayload<'trafficJam'> {
  const startTime = instantOfWall(j.dateStart, j.timeStart);
  const endTime = instantOfWall(j.dateEnd, j.timeEnd);
  const duration = startTime && endTime ? Math.round((Date.parse(endTime) - Date.parse(startTime)) / 1000) : null;
  return withId(CHILD_ID_FIELD.trafficJam, j.trafficJamId, {
    distance: j.sesakJalanSelected.trim().slice(0, 4),
    duration,
    startTime,
    endTime,
  });
}

interface Entry {
  field: ChildField;
  uid: string;
  id: number | null;
  payload: object | null;
  /** for the outbox label */
  label: string;
}

function entries(c: SubformChildren): Entry[] {
  return [
    ...c.vehicles.map((v) => ({ field: 'vehicles' as const, uid: v.uid, id: v.involvedVehicleId, payload: vehiclePayload(v), label: v.plateNo })),
    ...c.collisions.map((x) => ({
      field: 'collisions' as const,
      uid: x.uid,
      id: x.collisionListId,
      payload: collisionPayload(x),
      label: x.jenisPerlanggaran.value,
    })),
    ...c.injuries.map((x) => ({
      field: 'injuries' as const,
      uid: x.uid,
      id: x.injuryId,
      payload: injuryPayload(x),
      label: `${x.casualtyType} × ${x.count}`,
    })),
    ...c.sections.map((x) => ({
      field: 'sections' as const,
      uid: `k${x.key}`,
      id: x.bahagianLebuhrayaId,
      payload: sectionPayload(x),
      label: x.value,
    })),
    ...c.assists.map((x) => ({ field: 'assists' as const, uid: x.uid, id: x.furtherActionId, payload: assistPayload(x), label: x.bantuan.value })),
    ...c.assetDamages.map((x) => ({
      field: 'assetDamages' as const,
      uid: x.uid,
      id: x.asetId,
      payload: assetPayload(x),
      label: `${x.type} ${x.count} ${x.unitUkuran}`,
    })),
    ...c.laneClosures.map((x) => ({
      field: 'laneClosures' as const,
      uid: x.uid,
      id: x.asetId,
      payload: laneClosurePayload(x),
      label: `${x.roadLane} (${x.cardinalDirection})`,
    })),
    ...c.trafficJams.map((x) => ({
      field: 'trafficJams' as const,
      uid: x.uid,
      id: x.trafficJamId,
      payload: trafficJamPayload(x),
      label: `${x.sesakJalanSelected} km`,
    })),
  ];
}

// ---------------------------------------------------------------- the save plan

export interface ChildSaveStep {
  list: ChildList;
  field: ChildField;
  /** the form item it saves (sections: `k<key>`) */
  uid: string;
  /** true: creates a row (no id yet) */
  create: boolean;
  payload: object;
  label: string;
}
export interface ChildDeleteStep {
  list: ChildList;
  ids: number[];
}
export interface ChildPlan {
  deletes: ChildDeleteStep[];
  saves: ChildSaveStep[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a subform save sends for its child lists (§4.7): the deletes of the saved items the user removed, then a save
 * of each new item and of each saved item that differs from `baseline` (what the server had when the form opened;
 * null: everything is new). Only the lists of the subform's kind; items that cannot be sent (a vehicle without plate
 * or type, a closure without Masa Tutup) are left out — the editors never add those.
 */
export function planChildSaves(kind: SubformKind, children: SubformChildren, baseline: SubformChildren | null): ChildPlan {
  const lists = new Set<ChildList>(CHILD_LISTS_OF_KIND[kind]);
  const before = new Map<string, Entry>();
  if (baseline) for (const e of entries(baseline)) if (e.id) before.set(`${e.field}:${e.id}`, e);
  const deletes: ChildDeleteStep[] = [];
  for (const list of lists) {
    const ids = [...new Set(children.removed[list] ?? [])].filter((n) => n > 0);
    if (ids.length) deletes.push({ list, ids });
  }
  const saves: ChildSaveStep[] = [];
  for (const e of entries(children)) {
    const list = LIST_OF[e.field];
    if (!lists.has(list) || !e.payload) continue;
    if (e.id) {
      const old = before.get(`${e.field}:${e.id}`);
      if (old && same(old.payload, e.payload)) continue;
    }
    saves.push({ list, field: e.field, uid: e.uid, create: !e.id, payload: e.payload, label: e.label });
  }
  return { deletes, saves };
}

export const planIsEmpty = (p: ChildPlan) => p.deletes.length === 0 && p.saves.length === 0;

/**
 * After a save that went partly through (the server refused one item): the answered creates get their row ids in
 * the form and the answered deletes leave `removed`, so sending again neither duplicates nor repeats anything.
 * `answers` maps a step to the server's answer row (undefined: not sent).
 */
export function applyChildAnswers(
  children: SubformChildren,
  answered: { saves: { step: ChildSaveStep; row: Record<string, unknown> }[]; deletes: ChildDeleteStep[] },
): SubformChildren {
  const next: SubformChildren = {
    ...children,
    removed: { ...emptyRemoved(), ...children.removed },
  };
  for (const d of answered.deletes) next.removed[d.list] = (next.removed[d.list] ?? []).filter((id) => !d.ids.includes(id));
  for (const { step, row } of answered.saves) {
    const id = row[CHILD_ID_FIELD[step.list]];
    if (typeof id !== 'number') continue;
    switch (step.field) {
      case 'vehicles':
        next.vehicles = next.vehicles.map((x) => (x.uid === step.uid ? { ...x, involvedVehicleId: id } : x));
        break;
      case 'collisions':
        next.collisions = next.collisions.map((x) => (x.uid === step.uid ? { ...x, collisionListId: id } : x));
        break;
      case 'injuries':
        next.injuries = next.injuries.map((x) => (x.uid === step.uid ? { ...x, injuryId: id } : x));
        break;
      case 'sections':
        next.sections = next.sections.map((x) => (`k${x.key}` === step.uid ? { ...x, bahagianLebuhrayaId: id } : x));
        break;
      case 'assists':
        next.assists = next.assists.map((x) => (x.uid === step.uid ? { ...x, furtherActionId: id } : x));
        break;
      case 'assetDamages':
        next.assetDamages = next.assetDamages.map((x) => (x.uid === step.uid ? { ...x, asetId: id } : x));
        break;
      case 'laneClosures':
        next.laneClosures = next.laneClosures.map((x) => (x.uid === step.uid ? { ...x, asetId: id } : x));
        break;
      case 'trafficJams':
        next.trafficJams = next.trafficJams.map((x) => (x.uid === step.uid ? { ...x, trafficJamId: id } : x));
        break;
    }
  }
  return next;
}

/** Old drafts (before issue #5) have no child lists: give them empty ones; a draft's lists get every field. */
export function normalizeChildren(c: Partial<SubformChildren> | undefined | null): SubformChildren {
  const e = emptyChildren();
  if (!c) return e;
  return {
    vehicles: c.vehicles ?? e.vehicles,
    collisions: c.collisions ?? e.collisions,
    injuries: c.injuries ?? e.injuries,
    sections: c.sections ?? e.sections,
    assists: c.assists ?? e.assists,
    assetDamages: c.assetDamages ?? e.assetDamages,
    laneClosures: c.laneClosures ?? e.laneClosures,
    trafficJams: c.trafficJams ?? e.trafficJams,
    removed: { ...emptyRemoved(), ...(c.removed ?? {}) },
  };
}
