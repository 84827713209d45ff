/**
 * The child lists of a subform (§3.6, §7.3; issue #5): involvedVehicle, collisionList, roadLaneSelection,
 * requestFurtherActionList, roadFurnitureList, roadLaneClosureList, trafficJam and injuryType, each with save (one
 * item: a new row without its id field, an update of a live row of that subform with it), dataTables (the live rows
 * of one subform in creation order) and delete (an array of ids; all or nothing; soft delete).
 *
 * Every call checks access first (the subform is live, its case in the caller's region), then the write rights of
 * subforms.ts (a patrol only on its own roster's case; a final case, Tutup or Batal, only a superadmin, whose change
 * is written to the journal as a CORRECTION entry), then the list's rules. Writes lock the case row, so the per-list
 * limits (CHILD_LIMITS.maxItems, one traffic jam) hold under concurrent saves.
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import {
  CHILD_ID_FIELD,
  CHILD_LIMITS,
  CHILD_LISTS_OF_KIND,
  type ChildList,
  type ChildRows,
  type ChildSaves,
  type CollisionSave,
  type FurtherActionKind,
  type HighwaySectionItem,
  type InjuryTypeSave,
  type InvolvedVehicleSave,
  type RequestFurtherActionSave,
  type RoadFurnitureListSave,
  type RoadLaneClosureSave,
  type RoadLaneSelectionSave,
  type TrafficJamSave,
} from '../../../contract/child-lists';
import type { DataTablesQuery, LookupItem } from '../../../contract/envelope';
import { normalizePlate, SUBFORMS, type EventTypeId, type SubformKind } from '../../../contract/incident-rules';
import { ASSIST_TYPE, COLLISION_TYPE } from '../../../contract/lookups';
import type { Db } from '../../db/client';
import {
  collisionList,
  furtherActionItem,
  injury,
  involvedVehicle,
  laneClosure,
  lookupItem,
  roadFurniture,
  roadFurnitureDamage,
  roadLaneSelection,
  trafficJam,
} from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { subformAccess } from './access';
import { checkLookups, isFinalCase, localDisplay, lookupMap, type Tx } from './refs';
import { writeCorrectionEntry } from './service';
import { checkWriteRights, KIND_LABEL, OTHER_ASSIST_ONLY } from './subforms';
import { now as clockNow } from '../../lib/clock';
import { getOrMake, oncePerDb } from '../../db/once-per-db';

/** A Bahagian Lebuhraya item without a colour of its own is shown in this neutral grey. */
export const NEUTRAL_SECTION_COLOR = '#9ca3af';

/** What the user calls each list, in messages and journal lines. */
export const CHILD_LIST_LABEL: Record<ChildList, string> = {
  involvedVehicle: 'Kenderaan terlibat',
  collisionList: 'Jenis pelanggaran',
  roadLaneSelection: 'Bahagian lebuhraya',
  requestFurtherActionList: 'Bantuan',
  roadFurnitureList: 'Kerosakan aset',
  roadLaneClosureList: 'Penutupan lorong',
  trafficJam: 'Kesesakan jalan',
  injuryType: 'Jenis kecederaan',
};

/** The table of each list. */
const TABLES = {
  involvedVehicle,
  collisionList,
  roadLaneSelection,
  requestFurtherActionList: furtherActionItem,
  roadFurnitureList: roadFurnitureDamage,
  roadLaneClosureList: laneClosure,
  trafficJam,
  injuryType: injury,
} as const satisfies Record<ChildList, unknown>;

/**
 * The columns every child table shares, for the code that works on any list. The tables differ only in their own
 * columns, so one of them stands for all in the query builder's types.
 */
type AnyChildTable = typeof collisionList;
const tableOf = (list: ChildList) => TABLES[list] as unknown as AnyChildTable;
type DbRow<L extends ChildList> = (typeof TABLES)[L]['$inferSelect'];

interface LiveSubform {
  id: number;
  incidentId: number;
  kind: SubformKind;
}

// ------------------------------------------------------------------------------------------------ access

/**
 * The live subform a list call names, its case checked for the caller (404 for a missing or deleted subform, 403
 * for another region), and the list one of its kind's (400).
 */
async function subformFor(tx: Tx, user: TokenClaims, list: ChildList, subformId: number, opts: { forUpdate?: boolean } = {}) {
  const found = await subformAccess(tx, user, subformId, opts);
  if (!found) throw notFound(`Subform ${subformId} tidak dijumpai atau telah dipadam.`);
  const { subform: row, access: c } = found;
  const kind = SUBFORMS[row.typeId as EventTypeId]?.kind;
  if (!kind || !(CHILD_LISTS_OF_KIND[kind] as readonly ChildList[]).includes(list)) {
    throw badRequest(`${CHILD_LIST_LABEL[list]} tiada pada subform ${kind ? KIND_LABEL[kind] : row.typeId}.`, 'incidentSubFormId');
  }
  return { subform: { id: row.id, incidentId: row.incidentId, kind } satisfies LiveSubform, c };
}

// ------------------------------------------------------------------------------------------------ time checks

const toDate = (iso: string | null | undefined): Date | null => (iso ? new Date(iso) : null);
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function notAfterNow(d: Date | null, now: Date, field: string, label: string) {
  if (d && d.getTime() > now.getTime() + CHILD_LIMITS.clockSkewMs) {
    throw badRequest(`${label} tidak boleh lewat daripada masa sekarang (${localDisplay(now)}).`, field);
  }
}

function inOrder(a: Date | null, b: Date | null, field: string, message: string) {
  if (a && b && b.getTime() < a.getTime()) throw badRequest(message, field);
}

// ------------------------------------------------------------------------------------------------ per list

interface SaveContext {
  tx: Tx;
  subform: LiveSubform;
  /** the row being updated, or null for a new one */
  current: { id: number } | null;
  now: Date;
}

interface ListDef<L extends ChildList> {
  /** the columns of a save, checked against the list's rules */
  values(input: ChildSaves[L], ctx: SaveContext): Promise<Partial<DbRow<L>>>;
  /** rows as the Row schema answers them */
  rows(tx: Tx, rows: DbRow<L>[]): Promise<ChildRows[L][]>;
  /** one line of a correction entry: 'WXY 1234 (Kereta)' */
  describe(row: ChildRows[L]): string;
}

const lookupOf = (map: Map<number, LookupItem>, key: number | null): LookupItem | null =>
  key === null ? null : (map.get(key) ?? { key, value: String(key), description: null });
const lookupOrKey = (map: Map<number, LookupItem>, key: number): LookupItem => lookupOf(map, key)!;
const lookupValue = (l: LookupItem | null) => l?.value ?? '-';

/** Plates as written on the car: upper case, single spaces ('wxy  1234' → 'WXY 1234'). */
const tidyPlate = (plate: string) => plate.trim().toUpperCase().replace(/\s+/g, ' ');

const involvedVehicleDef: ListDef<'involvedVehicle'> = {
  async values(input: InvolvedVehicleSave, { tx }) {
    await checkLookups(tx, [
      { field: 'pkIncidentVehicleTypeId', value: input.pkIncidentVehicleTypeId, category: 'incidentVehicleType', label: 'Jenis kenderaan' },
    ]);
    const plate = tidyPlate(input.platNumber);
    const brand = input.brand?.trim() || null;
    return { vehicleTypeId: input.pkIncidentVehicleTypeId, plateNumber: plate, plateNormalized: normalizePlate(plate), brand };
  },
  async rows(tx, rows) {
    const types = await lookupMap(
      tx,
      rows.map((r) => r.vehicleTypeId),
    );
    return rows.map((r) => ({
      pkInvolvedVehicleId: r.id,
      incidentSubFormId: r.subformId,
      platNumber: r.plateNumber,
      brand: r.brand,
      incidentVehicleType: lookupOf(types, r.vehicleTypeId),
    }));
  },
  describe: (r) => `${r.platNumber} (${lookupValue(r.incidentVehicleType)}${r.brand ? `, ${r.brand}` : ''})`,
};

const collisionDef: ListDef<'collisionList'> = {
  async values(input: CollisionSave, { tx }) {
    const type = input.pkCollisionTypeId;
    const obstacle = input.pkObstacleObejctTypeId ?? null;
    const animal = input.pkStrayAnimalTypeId ?? null;
    await checkLookups(tx, [
      { field: 'pkCollisionTypeId', value: type, category: 'collisionType', label: 'Jenis pelanggaran' },
      { field: 'pkObstacleObejctTypeId', value: obstacle, category: 'obstacleObjectType', label: 'Jenis objek halangan' },
      { field: 'pkStrayAnimalTypeId', value: animal, category: 'strayAnimalType', label: 'Jenis haiwan' },
    ]);
    if (type === COLLISION_TYPE.ANIMAL) {
      if (animal === null) throw badRequest(`Jenis haiwan diperlukan bagi pelanggaran haiwan (${COLLISION_TYPE.ANIMAL}).`, 'pkStrayAnimalTypeId');
      if (obstacle !== null)
        throw badRequest(`Pelanggaran haiwan (${COLLISION_TYPE.ANIMAL}) tidak mengambil jenis objek halangan.`, 'pkObstacleObejctTypeId');
    } else if (type === COLLISION_TYPE.OBSTACLE_A || type === COLLISION_TYPE.OBSTACLE_B) {
      if (obstacle === null) throw badRequest(`Jenis objek halangan diperlukan bagi pelanggaran objek (${type}).`, 'pkObstacleObejctTypeId');
      if (animal !== null) throw badRequest(`Pelanggaran objek (${type}) tidak mengambil jenis haiwan.`, 'pkStrayAnimalTypeId');
    } else {
      if (animal !== null) throw badRequest(`Jenis haiwan hanya bagi pelanggaran haiwan (${COLLISION_TYPE.ANIMAL}).`, 'pkStrayAnimalTypeId');
      if (obstacle !== null) {
        throw badRequest(
          `Jenis objek halangan hanya bagi pelanggaran objek (${COLLISION_TYPE.OBSTACLE_A}, ${COLLISION_TYPE.OBSTACLE_B}).`,
          'pkObstacleObejctTypeId',
        );
      }
    }
    return { collisionTypeId: type, obstacleObjectTypeId: obstacle, strayAnimalTypeId: animal };
  },
  async rows(tx, rows) {
    const m = await lookupMap(
      tx,
      rows.flatMap((r) => [r.collisionTypeId, r.obstacleObjectTypeId, r.strayAnimalTypeId]),
    );
    return rows.map((r) => ({
      pkCollisionListId: r.id,
      incidentSubFormId: r.subformId,
      collisionType: lookupOrKey(m, r.collisionTypeId),
      obstacleObjectType: lookupOf(m, r.obstacleObjectTypeId),
      strayAnimalType: lookupOf(m, r.strayAnimalTypeId),
    }));
  },
  describe: (r) => [r.collisionType.value, r.obstacleObjectType?.value, r.strayAnimalType?.value].filter(Boolean).join(' – '),
};

/** roadLanes items with their colour (the Bahagian Lebuhraya list and the rows that name one). */
export async function highwaySectionItems(tx: Tx, keys?: number[]): Promise<HighwaySectionItem[]> {
  const where = keys
    ? and(eq(lookupItem.category, 'roadLanes'), inArray(lookupItem.key, keys.length ? keys : [-1]))
    : and(eq(lookupItem.category, 'roadLanes'), eq(lookupItem.active, true));
  const rows = await tx
    .select({ key: lookupItem.key, value: lookupItem.value, description: lookupItem.description, color: lookupItem.color })
    .from(lookupItem)
    .where(where)
    .orderBy(asc(lookupItem.sortOrder), asc(lookupItem.key));
  return rows.map((r) => ({ ...r, color: r.color ?? NEUTRAL_SECTION_COLOR }));
}

const roadLaneSelectionDef: ListDef<'roadLaneSelection'> = {
  async values(input: RoadLaneSelectionSave, { tx, subform, current }) {
    await checkLookups(tx, [{ field: 'pkRoadLaneId', value: input.pkRoadLaneId, category: 'roadLanes', label: 'Bahagian lebuhraya' }]);
    const [dup] = await tx
      .select({ id: roadLaneSelection.id })
      .from(roadLaneSelection)
      .where(
        and(
          eq(roadLaneSelection.subformId, subform.id),
          eq(roadLaneSelection.roadLaneId, input.pkRoadLaneId),
          isNull(roadLaneSelection.deletedAt),
          current ? ne(roadLaneSelection.id, current.id) : undefined,
        ),
      )
      .limit(1);
    if (dup) throw badRequest('Bahagian lebuhraya ini telah dipilih bagi subform ini.', 'pkRoadLaneId');
    return { roadLaneId: input.pkRoadLaneId };
  },
  async rows(tx, rows) {
    const items = new Map((await highwaySectionItems(tx, [...new Set(rows.map((r) => r.roadLaneId))])).map((i) => [i.key, i]));
    return rows.map((r) => ({
      pkRoadLaneSelectionId: r.id,
      incidentSubFormId: r.subformId,
      roadLane: items.get(r.roadLaneId) ?? { key: r.roadLaneId, value: String(r.roadLaneId), description: null, color: NEUTRAL_SECTION_COLOR },
    }));
  },
  describe: (r) => r.roadLane.value,
};

/** §4.6: the status an item shows, from its flags. */
export const assistStatusLabel = (r: { isNotified: boolean; isArrived: boolean; isCompleted: boolean }) =>
  r.isCompleted ? 'Selesai' : r.isArrived ? 'Ketibaan' : r.isNotified ? 'Notifikasi' : 'Minta Bantuan';

const furtherActionDef: ListDef<'requestFurtherActionList'> = {
  async values(input: RequestFurtherActionSave, { tx, subform, now }) {
    const key = input.pkFurtherActionId;
    if (key === ASSIST_TYPE.OTHER || key === ASSIST_TYPE.EXISTING) {
      throw badRequest(`Kod ${key} ialah pilihan jenis bantuan, bukan item bantuan: pilih bantuan daripada senarai.`, 'pkFurtherActionId');
    }
    const [item] = await tx.select({ category: lookupItem.category }).from(lookupItem).where(eq(lookupItem.key, key)).limit(1);
    const kind: FurtherActionKind | null =
      item?.category === 'requestFurtherAction' ? 'OTHER' : item?.category === 'bantuanSediaAda' ? 'EXISTING' : null;
    if (!kind) throw badRequest(`Bantuan tidak sah (kod ${key} bukan dalam senarai requestFurtherAction atau bantuanSediaAda).`, 'pkFurtherActionId');
    if (kind === 'EXISTING' && OTHER_ASSIST_ONLY.includes(subform.kind)) {
      throw badRequest(`Subform ${KIND_LABEL[subform.kind]} hanya menerima bantuan lain-lain, bukan bantuan sedia ada.`, 'pkFurtherActionId');
    }

    const { isNotified, isArrived, isCompleted } = input;
    if (isArrived && !isNotified) throw badRequest('Ketibaan memerlukan Notifikasi ditanda.', 'isNotified');
    if (isCompleted && !isArrived) throw badRequest('Selesai memerlukan Ketibaan ditanda.', 'isArrived');
    // §4.6: existing assistance is already there: its choices are Ketibaan and Selesai only
    if (kind === 'EXISTING' && !isArrived) throw badRequest('Bantuan sedia ada hanya berstatus Ketibaan atau Selesai.', 'isArrived');

    const notified = toDate(input.notifiedDateTime);
    const arrived = toDate(input.arrivedDateTime);
    const completed = toDate(input.completedDateTime);
    const created = toDate(input.recordCreatedDate)!;
    if (arrived && !isArrived) throw badRequest('Masa ketibaan hanya diisi apabila Ketibaan ditanda.', 'arrivedDateTime');
    if (completed && !isCompleted) throw badRequest('Masa selesai hanya diisi apabila Selesai ditanda.', 'completedDateTime');
    if (notified && !isNotified) throw badRequest('Masa notifikasi hanya diisi apabila Notifikasi ditanda.', 'notifiedDateTime');
    if (isArrived && !arrived) throw badRequest('Masa ketibaan diperlukan apabila Ketibaan ditanda.', 'arrivedDateTime');
    if (isCompleted && !completed) throw badRequest('Masa selesai diperlukan apabila Selesai ditanda.', 'completedDateTime');
    inOrder(notified, arrived, 'arrivedDateTime', 'Masa ketibaan tidak boleh sebelum masa notifikasi.');
    inOrder(arrived, completed, 'completedDateTime', 'Masa selesai tidak boleh sebelum masa ketibaan.');
    inOrder(notified, completed, 'completedDateTime', 'Masa selesai tidak boleh sebelum masa notifikasi.');
    notAfterNow(notified, now, 'notifiedDateTime', 'Masa notifikasi');
    notAfterNow(arrived, now, 'arrivedDateTime', 'Masa ketibaan');
    notAfterNow(completed, now, 'completedDateTime', 'Masa selesai');
    notAfterNow(created, now, 'recordCreatedDate', 'Tarikh rekod');
    return {
      furtherActionId: key,
      kind,
      isNotified,
      isArrived,
      isCompleted,
      notifiedAt: notified,
      arrivedAt: arrived,
      completedAt: completed,
      recordCreatedDate: created,
    };
  },
  async rows(tx, rows) {
    const m = await lookupMap(
      tx,
      rows.map((r) => r.furtherActionId),
    );
    return rows.map((r) => ({
      pkRequestFurtherActionListId: r.id,
      incidentSubFormId: r.subformId,
      furtherAction: lookupOrKey(m, r.furtherActionId),
      kind: r.kind as FurtherActionKind,
      isNotified: r.isNotified,
      isArrived: r.isArrived,
      isCompleted: r.isCompleted,
      notifiedDateTime: iso(r.notifiedAt),
      arrivedDateTime: iso(r.arrivedAt),
      completedDateTime: iso(r.completedAt),
      recordCreatedDate: r.recordCreatedDate.toISOString(),
    }));
  },
  describe: (r) => {
    const at = r.isCompleted ? r.completedDateTime : r.isArrived ? r.arrivedDateTime : r.isNotified ? r.notifiedDateTime : r.recordCreatedDate;
    return `${r.furtherAction.value} (${r.kind === 'EXISTING' ? 'sedia ada' : 'lain-lain'}): ${assistStatusLabel(r)}${at ? ` ${localDisplay(new Date(at))}` : ''}`;
  },
};

/** The highway assets (road_furniture) as lookup items with their usual unit. */
export async function roadFurnitureItems(tx: Tx, opts: { ids?: number[]; activeOnly?: boolean } = {}) {
  const conditions = [
    opts.ids ? inArray(roadFurniture.id, opts.ids.length ? opts.ids : [-1]) : undefined,
    opts.activeOnly ? eq(roadFurniture.active, true) : undefined,
  ];
  const rows = await tx
    .select()
    .from(roadFurniture)
    .where(and(...conditions))
    .orderBy(asc(roadFurniture.sortOrder), asc(roadFurniture.id));
  return rows.map((r) => ({ key: r.id, value: r.name, description: r.description, pkUnitUkuranId: r.defaultUnitId }));
}

const roadFurnitureDef: ListDef<'roadFurnitureList'> = {
  async values(input: RoadFurnitureListSave, { tx }) {
    const [asset] = await roadFurnitureItems(tx, { ids: [input.pkRoadFurnitureId] });
    if (!asset) throw badRequest(`Aset lebuhraya tidak sah (kod ${input.pkRoadFurnitureId} bukan dalam senarai aset).`, 'pkRoadFurnitureId');
    await checkLookups(tx, [
      { field: 'pkRoadFurnitureConditionId', value: input.pkRoadFurnitureConditionId, category: 'roadFurnitureConditionType', label: 'Keadaan aset' },
      { field: 'pkUnitUkuranId', value: input.pkUnitUkuranId, category: 'unitMeasurement', label: 'Unit ukuran' },
    ]);
    return {
      roadFurnitureId: input.pkRoadFurnitureId,
      conditionId: input.pkRoadFurnitureConditionId,
      count: Math.round(input.count * 100) / 100,
      unitId: input.pkUnitUkuranId,
    };
  },
  async rows(tx, rows) {
    const m = await lookupMap(
      tx,
      rows.flatMap((r) => [r.conditionId, r.unitId]),
    );
    const assets = new Map((await roadFurnitureItems(tx, { ids: [...new Set(rows.map((r) => r.roadFurnitureId))] })).map((a) => [a.key, a]));
    return rows.map((r) => {
      const a = assets.get(r.roadFurnitureId);
      return {
        pkRoadFurnitureListId: r.id,
        incidentSubFormId: r.subformId,
        roadFurniture: a
          ? { key: a.key, value: a.value, description: a.description }
          : { key: r.roadFurnitureId, value: String(r.roadFurnitureId), description: null },
        roadFurnitureCondition: lookupOrKey(m, r.conditionId),
        count: Number(r.count),
        unitUkuran: lookupOrKey(m, r.unitId),
      };
    });
  },
  describe: (r) => `${r.roadFurniture.value}: ${r.count.toFixed(2)} ${r.unitUkuran.value} (${r.roadFurnitureCondition.value})`,
};

const laneClosureDef: ListDef<'roadLaneClosureList'> = {
  async values(input: RoadLaneClosureSave, { tx, now }) {
    await checkLookups(tx, [
      { field: 'pkRoadlaneid', value: input.pkRoadlaneid, category: 'roadLanes', label: 'Lorong' },
      { field: 'pkCardinalDirectionId', value: input.pkCardinalDirectionId, category: 'cardinalDirection', label: 'Arah' },
    ]);
    const closing = toDate(input.initialClosingTime)!;
    const opening = toDate(input.openingTime);
    notAfterNow(closing, now, 'initialClosingTime', 'Masa Tutup');
    inOrder(closing, opening, 'openingTime', 'Masa Buka tidak boleh sebelum Masa Tutup.');
    notAfterNow(opening, now, 'openingTime', 'Masa Buka');
    return { roadLaneId: input.pkRoadlaneid, cardinalDirectionId: input.pkCardinalDirectionId, initialClosingTime: closing, openingTime: opening };
  },
  async rows(tx, rows) {
    const m = await lookupMap(
      tx,
      rows.flatMap((r) => [r.roadLaneId, r.cardinalDirectionId]),
    );
    return rows.map((r) => ({
      pkRoadLaneClosureId: r.id,
      incidentSubFormId: r.subformId,
      roadLane: lookupOrKey(m, r.roadLaneId),
      cardinalDirection: lookupOrKey(m, r.cardinalDirectionId),
      initialClosingTime: r.initialClosingTime.toISOString(),
      openingTime: iso(r.openingTime),
    }));
  },
  describe: (r) =>
    `${r.roadLane.value}, ${r.cardinalDirection.value}, Masa Tutup ${localDisplay(new Date(r.initialClosingTime))}, ${r.openingTime ? `Masa Buka ${localDisplay(new Date(r.openingTime))}` : 'masih ditutup'}`,
};

export const JAM_ONE_ONLY = 'Kesesakan jalan hanya satu rekod bagi setiap kes.';

const trafficJamDef: ListDef<'trafficJam'> = {
  async values(input: TrafficJamSave, { tx, subform, current, now }) {
    if (!current) {
      const [other] = await tx
        .select({ id: trafficJam.id })
        .from(trafficJam)
        .where(and(eq(trafficJam.subformId, subform.id), isNull(trafficJam.deletedAt)))
        .limit(1);
      if (other) throw badRequest(`${JAM_ONE_ONLY} Kemaskini rekod sedia ada (${CHILD_ID_FIELD.trafficJam} ${other.id}).`, CHILD_ID_FIELD.trafficJam);
    }
    const start = toDate(input.startTime);
    const end = toDate(input.endTime);
    notAfterNow(start, now, 'startTime', 'Masa mula kesesakan');
    inOrder(start, end, 'endTime', 'Masa tamat kesesakan tidak boleh sebelum masa mula.');
    const duration = start && end ? Math.round((end.getTime() - start.getTime()) / 1000) : null;
    if (input.duration !== undefined && input.duration !== null) {
      if (duration === null) throw badRequest('Tempoh kesesakan dikira oleh pelayan dan memerlukan masa mula dan masa tamat.', 'duration');
      if (Math.abs(input.duration - duration) > 1) {
        throw badRequest(`Tempoh kesesakan (${input.duration} saat) tidak sepadan dengan masa mula dan tamat (${duration} saat).`, 'duration');
      }
    }
    return { distance: input.distance, durationSeconds: duration, startTime: start, endTime: end };
  },
  async rows(_tx, rows) {
    return rows.map((r) => ({
      pkTrafficJamId: r.id,
      incidentSubFormId: r.subformId,
      distance: r.distance,
      duration: r.durationSeconds,
      startTime: iso(r.startTime),
      endTime: iso(r.endTime),
    }));
  },
  describe: (r) => {
    const span = (s: number) => `${Math.floor(s / 3600)} jam ${Math.floor((s % 3600) / 60)} minit`;
    const when = [
      r.startTime ? `mula ${localDisplay(new Date(r.startTime))}` : null,
      r.endTime ? `tamat ${localDisplay(new Date(r.endTime))}` : null,
      r.duration !== null ? span(r.duration) : null,
    ];
    return [`${r.distance} km`, ...when.filter(Boolean)].join(', ');
  },
};

const injuryDef: ListDef<'injuryType'> = {
  async values(input: InjuryTypeSave, { tx }) {
    await checkLookups(tx, [
      { field: 'pkCasualtyTypeId', value: input.pkCasualtyTypeId, category: 'injuries', label: 'Jenis kecederaan' },
      { field: 'pkRaceTypeId', value: input.pkRaceTypeId, category: 'race', label: 'Bangsa' },
      { field: 'pkGenderTypeId', value: input.pkGenderTypeId, category: 'genderType', label: 'Jantina' },
    ]);
    return { casualtyTypeId: input.pkCasualtyTypeId, raceId: input.pkRaceTypeId, genderId: input.pkGenderTypeId, count: input.count };
  },
  async rows(tx, rows) {
    const m = await lookupMap(
      tx,
      rows.flatMap((r) => [r.casualtyTypeId, r.raceId, r.genderId]),
    );
    return rows.map((r) => ({
      pkInjuryTypeId: r.id,
      incidentSubFormId: r.subformId,
      casualtyType: lookupOrKey(m, r.casualtyTypeId),
      race: lookupOf(m, r.raceId),
      gender: lookupOf(m, r.genderId),
      count: r.count,
    }));
  },
  describe: (r) =>
    `${r.count} orang ${r.casualtyType.value}${r.race || r.gender ? ` (${[r.race?.value, r.gender?.value].filter(Boolean).join(', ')})` : ''}`,
};

const DEFS: { [L in ChildList]: ListDef<L> } = {
  involvedVehicle: involvedVehicleDef,
  collisionList: collisionDef,
  roadLaneSelection: roadLaneSelectionDef,
  requestFurtherActionList: furtherActionDef,
  roadFurnitureList: roadFurnitureDef,
  roadLaneClosureList: laneClosureDef,
  trafficJam: trafficJamDef,
  injuryType: injuryDef,
};

// ------------------------------------------------------------------------------------------------ service

/** `<list>/save`: one item; a new row without its id field, else an update of that live row of the subform. */
export async function saveChild<L extends ChildList>(
  db: Db,
  user: TokenClaims,
  list: L,
  input: ChildSaves[L],
  now = clockNow(),
): Promise<ChildRows[L]> {
  const def = DEFS[list] as ListDef<L>;
  const table = tableOf(list);
  const label = CHILD_LIST_LABEL[list];
  const ownId = (input as Record<string, unknown>)[CHILD_ID_FIELD[list]] as number | undefined;
  return db.transaction(async (tx) => {
    const { subform, c } = await subformFor(tx, user, list, input.incidentSubFormId, { forUpdate: true });
    await checkWriteRights(tx, user, c);

    let before: DbRow<L> | null = null;
    if (ownId !== undefined) {
      const [row] = await tx
        .select()
        .from(table)
        .where(and(eq(table.id, ownId), eq(table.subformId, subform.id), isNull(table.deletedAt)))
        .limit(1);
      if (!row) throw notFound(`${label} ${ownId} tidak dijumpai pada subform ini (mungkin telah dipadam).`);
      before = row as unknown as DbRow<L>;
    } else {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.subformId, subform.id), isNull(table.deletedAt)));
      if (n >= CHILD_LIMITS.maxItems) throw badRequest(`${label}: maksimum ${CHILD_LIMITS.maxItems} rekod bagi setiap subform.`, 'incidentSubFormId');
    }

    const values = await def.values(input, { tx, subform, current: before ? { id: ownId! } : null, now });
    let saved: DbRow<L>;
    if (before) {
      const [row] = await tx
        .update(table)
        .set({ ...(values as object), updatedAt: now })
        .where(eq(table.id, ownId!))
        .returning();
      saved = row as unknown as DbRow<L>;
    } else {
      const [row] = await tx
        .insert(table)
        .values({ ...(values as object), incidentId: subform.incidentId, subformId: subform.id, createdAt: now, updatedAt: now } as never)
        .returning();
      saved = row as unknown as DbRow<L>;
    }
    const [out] = await def.rows(tx, [saved]);

    if (isFinalCase(c)) {
      let line: string | null;
      if (before) {
        const [old] = await def.rows(tx, [before]);
        const was = def.describe(old);
        const is = def.describe(out);
        line = was === is ? null : `${label} dikemaskini: ${was} → ${is}`;
      } else {
        line = `${label} ditambah: ${def.describe(out)}`;
      }
      if (line) await writeCorrectionEntry(tx, user, { incidentId: c.id, subformId: subform.id }, `Pembetulan kes ${c.ticketNumber}:`, [line]);
    }
    return out;
  });
}

/** `<list>/dataTables`: the live rows of one subform, in creation order (`direction=desc`: newest first). */
export async function listChildren<L extends ChildList>(
  db: Db,
  user: TokenClaims,
  list: L,
  subformId: number,
  q: DataTablesQuery,
): Promise<{ rows: ChildRows[L][]; recordCount: number }> {
  const def = DEFS[list] as ListDef<L>;
  const { subform } = await subformFor(db, user, list, subformId);
  const reads = listReadsFor(db, list);
  const page = { subformId: subform.id, limit: q.length, offset: q.start };
  const [rows, [{ n }]] = await Promise.all([
    (q.direction === 'desc' ? reads.rowsDesc : reads.rowsAsc).execute(page),
    reads.count.execute({ subformId: subform.id }),
  ]);
  // an empty page reads no lookups (roadLaneSelection and roadFurnitureList asked for key -1)
  return { rows: rows.length ? await def.rows(db, rows as unknown as DbRow<L>[]) : [], recordCount: n };
}

/**
 * The reads of `<list>/dataTables` (a page of live rows either way round, their count), built once per database and
 * list and prepared (named statements on PostgreSQL), as access.ts does for the access checks: building them with
 * Drizzle on every call was a good part of a small list's own work (bench/uncached-reads.ts).
 */
function listReads(db: Db, list: ChildList) {
  const table = tableOf(list);
  const where = and(eq(table.subformId, sql.placeholder('subformId')), isNull(table.deletedAt));
  const rows = (dir: 'asc' | 'desc') =>
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...(dir === 'desc' ? [desc(table.createdAt), desc(table.id)] : [asc(table.createdAt), asc(table.id)]))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`child_rows_${list}_${dir}`);
  return {
    rowsAsc: rows('asc'),
    rowsDesc: rows('desc'),
    count: db.select({ n: count() }).from(table).where(where).prepare(`child_count_${list}`),
  };
}
const listReadsOf = oncePerDb((_db: Db) => new Map<ChildList, ReturnType<typeof listReads>>());
const listReadsFor = (db: Db, list: ChildList) => getOrMake(listReadsOf(db), list, () => listReads(db, list));

/** `<list>/delete`: soft-deletes the given live rows, each under its case's rules; all or nothing. */
export async function deleteChildren(db: Db, user: TokenClaims, list: ChildList, ids: number[], now = clockNow()): Promise<number[]> {
  const def = DEFS[list] as ListDef<ChildList>;
  const table = tableOf(list);
  const label = CHILD_LIST_LABEL[list];
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(table).where(inArray(table.id, unique));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of unique) {
      const row = byId.get(id);
      if (!row || row.deletedAt) throw notFound(`${label} ${id} tidak dijumpai (mungkin telah dipadam).`);
    }
    // each case once: access, write rights, and for a final case one correction entry listing what went
    const bySubform = new Map<number, typeof rows>();
    for (const r of rows) bySubform.set(r.subformId, [...(bySubform.get(r.subformId) ?? []), r]);
    for (const [subformId, mine] of [...bySubform].sort(([a], [b]) => a - b)) {
      const { subform, c } = await subformFor(tx, user, list, subformId, { forUpdate: true });
      await checkWriteRights(tx, user, c);
      if (isFinalCase(c)) {
        const shown = await def.rows(tx, mine as unknown as DbRow<ChildList>[]);
        await writeCorrectionEntry(
          tx,
          user,
          { incidentId: c.id, subformId: subform.id },
          `Pembetulan kes ${c.ticketNumber}:`,
          shown.map((r) => `${label} dipadam: ${def.describe(r as never)}`),
        );
      }
    }
    await tx.update(table).set({ deletedAt: now, updatedAt: now }).where(inArray(table.id, unique));
    return unique;
  });
}
