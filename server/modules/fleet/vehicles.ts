/**
 * Vehicles (issue #16; §3.12 vehicle, §4.7, §7.6 vehicle/*): the list (one statement, its counts from grouped
 * subqueries joined once), one vehicle, a section's vehicles as options, save, delete, the isActive toggle and
 * clearing "needs attention".
 *
 * Rules. Access first (server/modules/fleet/access.ts: the vehicle and the section it goes to in the caller's region
 * scope). The plate is unique comparing without spaces (409); the model must exist and be active (its name and type
 * are copied into vehicle.vehicle_model / vehicle_type on every save, for the older readers); the call sign must be
 * of the vehicle's own section, active, and not carried by another active vehicle (409; the partial unique index
 * vehicle_active_call_sign_idx holds it too). An edit carries the version it read (409 with the vehicle as it is
 * now when it moved on); every change bumps version and updatedAt and is recorded (entity 'vehicle'). A vehicle
 * referred to by rosters, team schedules, checklists or assets is deactivated, never erased.
 */
import { and, asc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import {
  FLEET_MESSAGES,
  plateKey,
  VEHICLE_STATUS_TEXT,
  type FleetDeleteResult,
  type VehicleFilter,
  type VehicleOption,
  type VehicleRow,
} from '../../../contract/fleet';
import type { Db } from '../../db/client';
import { asset, callSign, dailyAssetChecklist, dutyRoster, region, section, teamSchedule, vehicle, vehicleModel } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { localDisplay } from '../../lib/time';
import { CSV_EXPORT_MAX_ROWS, escapeLike, listPage, orderOf, toCsv, totalOver, type CsvColumn, type Sortable } from '../../lib/data-table';
import { badRequest, conflict, notFound, staleConflict } from '../../lib/http-error';
import { assertSectionInScope, regionScopeOf } from '../../lib/scope';
import { uniqueViolationOf, vehicleInScope, type VehicleRecord } from './access';
import { now as clockNow } from '../../lib/clock';

/** 409 of a vehicle moved to another section while it carries assets (not in FLEET_MESSAGES: a server-only rule). */
export const VEHICLE_ASSETS_SECTION =
  'Kenderaan ini membawa aset seksyennya; keluarkan atau pindahkan aset tersebut dahulu sebelum menukar seksyen kenderaan.';

/** The parsed body of vehicle/save (zod defaults applied). */
export interface VehicleSaveInput {
  pkVehicleId?: number;
  sectionId: number;
  vehicleModelId: number;
  callSignId: number | null;
  plateNumber: string;
  isActive: boolean;
  version?: number;
}

// ------------------------------------------------------------------------------------------------ the list

/** Per vehicle: its checklists (count, highest odometer, latest pre-shift check), rosters and assets. */
function aggregates(db: Db) {
  const checks = db
    .select({
      vehicleId: dailyAssetChecklist.vehicleId,
      n: sql<number>`count(*)::int`.as('checklist_n'),
      odometer: sql<number | null>`max(greatest(${dailyAssetChecklist.odometerPre}, ${dailyAssetChecklist.odometerPost}))::int`.as('last_odometer'),
      lastAt: sql<string | null>`to_char(max(${dailyAssetChecklist.preAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
        'last_checklist_at',
      ),
    })
    .from(dailyAssetChecklist)
    .groupBy(dailyAssetChecklist.vehicleId)
    .as('checks');
  const rosters = db
    .select({ vehicleId: dutyRoster.vehicleId, n: sql<number>`count(*)::int`.as('roster_n') })
    .from(dutyRoster)
    .where(isNotNull(dutyRoster.vehicleId))
    .groupBy(dutyRoster.vehicleId)
    .as('rosters');
  const assets = db
    .select({ vehicleId: asset.vehicleId, n: sql<number>`count(*)::int`.as('asset_n') })
    .from(asset)
    .where(isNotNull(asset.vehicleId))
    .groupBy(asset.vehicleId)
    .as('assets');
  return { checks, rosters, assets };
}

const isoUtc = (instant: SQL) => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function listColumns(db: Db) {
  const agg = aggregates(db);
  const rosterCount = sql<number>`coalesce(${agg.rosters.n}, 0)`;
  const checklistCount = sql<number>`coalesce(${agg.checks.n}, 0)`;
  const assetCount = sql<number>`coalesce(${agg.assets.n}, 0)`;
  // one JSON object per vehicle, built by the database in the shape of VehicleRowSchema (a page of 5,000 is 5,000
  // values to read, not 120,000; the route writes it as it is)
  const row = sql<VehicleRow>`json_build_object(
    'pkVehicleId', ${vehicle.id}, 'regionId', ${section.regionId}, 'regionName', ${region.name},
    'sectionId', ${vehicle.sectionId}, 'sectionName', ${section.name},
    'vehicleModelId', ${vehicle.vehicleModelId}, 'vehicleModel', ${vehicle.vehicleModel}, 'vehicleType', ${vehicle.vehicleType},
    'callSignId', ${vehicle.callSignId}, 'callSign', ${callSign.callSign}, 'plateNumber', ${vehicle.plateNumber},
    'isActive', ${vehicle.isActive},
    'status', case when ${vehicle.isActive} then ${VEHICLE_STATUS_TEXT.active}::text else ${VEHICLE_STATUS_TEXT.inactive}::text end,
    'needsAttention', ${vehicle.attentionSince} is not null,
    'attentionSince', ${isoUtc(sql`${vehicle.attentionSince}`)}, 'attentionReason', ${vehicle.attentionReason},
    'lastOdometer', ${agg.checks.odometer}, 'lastChecklistAt', ${agg.checks.lastAt},
    'rosterCount', ${rosterCount}, 'checklistCount', ${checklistCount}, 'assetCount', ${assetCount},
    'version', ${vehicle.version})`;
  const sortable: Sortable = {
    pkVehicleId: vehicle.id,
    regionName: region.name,
    sectionName: section.name,
    vehicleModel: vehicle.vehicleModel,
    vehicleType: vehicle.vehicleType,
    callSign: callSign.callSign,
    plateNumber: vehicle.plateNumber,
    isActive: vehicle.isActive,
    status: vehicle.isActive,
    needsAttention: sql`(${vehicle.attentionSince} is not null)`,
    attentionSince: vehicle.attentionSince,
    lastOdometer: sql`${agg.checks.odometer}`,
    // the ISO text sorts as the instant does
    lastChecklistAt: sql`${agg.checks.lastAt}`,
    rosterCount,
    checklistCount,
    assetCount,
  };
  return { agg, row, sortable };
}

export interface VehicleListOptions {
  /** vehicle/dataTables: the active vehicles only (the filter's isActive is not used) */
  activeOnly?: boolean;
  /** one vehicle (vehicle/get) */
  id?: number;
}

/** The where-condition of the vehicle list: the filter within a region scope (null: every region). */
export function vehicleWhere(f: VehicleFilter, regionScope: number | null, opts: VehicleListOptions = {}): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (regionScope !== null) parts.push(eq(section.regionId, regionScope));
  if (opts.id !== undefined) parts.push(eq(vehicle.id, opts.id));
  for (const word of (f.text ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${escapeLike(word)}%`;
    parts.push(or(ilike(sql`replace(${vehicle.plateNumber}, ' ', '')`, like), ilike(callSign.callSign, like), ilike(vehicle.vehicleModel, like)));
  }
  if (f.regionId) parts.push(eq(section.regionId, f.regionId));
  if (f.sectionId) parts.push(eq(vehicle.sectionId, f.sectionId));
  if (f.vehicleType) parts.push(sql`lower(${vehicle.vehicleType}) = lower(${f.vehicleType})`);
  if (opts.activeOnly) parts.push(eq(vehicle.isActive, true));
  else if (f.isActive !== undefined) parts.push(eq(vehicle.isActive, f.isActive));
  if (f.needsAttention !== undefined) parts.push(f.needsAttention ? isNotNull(vehicle.attentionSince) : isNull(vehicle.attentionSince));
  return and(...parts);
}

/**
 * The vehicle list's one statement (vehicle/dataTables, dataTablesAllStatus, csv, get): the rows of the filter
 * within the region scope (null: all), with `total` (count(*) over ()); order, limit and offset are added by the
 * caller (listPage). Exported for bench/ to time its SQL through the driver.
 */
export function vehicleListQuery(db: Db, f: VehicleFilter, regionScope: number | null, opts: VehicleListOptions = {}) {
  const { agg, row } = listColumns(db);
  return db
    .select({ row, total: totalOver() })
    .from(vehicle)
    .innerJoin(section, eq(section.id, vehicle.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .leftJoin(agg.checks, eq(agg.checks.vehicleId, vehicle.id))
    .leftJoin(agg.rosters, eq(agg.rosters.vehicleId, vehicle.id))
    .leftJoin(agg.assets, eq(agg.assets.vehicleId, vehicle.id))
    .where(vehicleWhere(f, regionScope, opts))
    .$dynamic();
}

/** The ORDER BY of the vehicle list: the asked column (sortable), then section, plate and id. */
export function vehicleOrder(db: Db, q: Pick<DataTablesQuery, 'orderColumn' | 'direction'>): SQL[] {
  const { sortable } = listColumns(db);
  return orderOf(q, sortable, 'sectionName', [section.name, vehicle.plateNumber, vehicle.id]);
}

export async function listVehicles(
  db: Db,
  user: TokenClaims,
  f: VehicleFilter,
  q: DataTablesQuery,
  opts: { activeOnly: boolean },
): Promise<{ rows: VehicleRow[]; recordCount: number }> {
  const qb = vehicleListQuery(db, f, regionScopeOf(user), { activeOnly: opts.activeOnly });
  const { rows, recordCount } = await listPage<typeof qb, { row: VehicleRow; total: number }>(qb, q, vehicleOrder(db, q));
  return { rows: rows.map((r) => r.row), recordCount };
}

const VEHICLE_CSV: CsvColumn<VehicleRow>[] = [
  { label: 'Wilayah', value: (r) => r.regionName },
  { label: 'Seksyen', value: (r) => r.sectionName },
  { label: 'Jenis Kenderaan', value: (r) => r.vehicleType },
  { label: 'Model', value: (r) => r.vehicleModel },
  { label: 'Callsign', value: (r) => r.callSign },
  { label: 'No. Plat', value: (r) => r.plateNumber },
  { label: 'Status', value: (r) => r.status },
  { label: 'Perlu Perhatian', value: (r) => r.needsAttention },
  { label: 'Sebab Perhatian', value: (r) => r.attentionReason },
  { label: 'Odometer Terakhir (km)', value: (r) => r.lastOdometer },
  { label: 'Senarai Semak Terakhir', value: (r) => r.lastChecklistAt },
  { label: 'Bil. Jadual Tugas', value: (r) => r.rosterCount },
  { label: 'Bil. Senarai Semak', value: (r) => r.checklistCount },
  { label: 'Bil. Aset', value: (r) => r.assetCount },
];

/** vehicle/csv: the filtered list of every status (at most CSV_EXPORT_MAX_ROWS rows), in the list's order. */
export async function vehiclesCsv(
  db: Db,
  user: TokenClaims,
  f: VehicleFilter,
  q: Pick<DataTablesQuery, 'orderColumn' | 'direction'>,
): Promise<string> {
  const rows = (await vehicleListQuery(db, f, regionScopeOf(user))
    .orderBy(...vehicleOrder(db, q))
    .limit(CSV_EXPORT_MAX_ROWS)) as { row: VehicleRow }[];
  return toCsv(
    rows.map((r) => r.row),
    VEHICLE_CSV,
  );
}

/** One vehicle's list row (no scope check: the caller has done it). */
export async function vehicleRow(db: Db, id: number): Promise<VehicleRow> {
  const [found] = await vehicleListQuery(db, {}, null, { id });
  if (!found) throw notFound(FLEET_MESSAGES.vehicleNotFound);
  return found.row;
}

export async function getVehicle(db: Db, user: TokenClaims, id: number): Promise<VehicleRow> {
  await vehicleInScope(db, user, id);
  return vehicleRow(db, id);
}

/** vehicle/getBySectionId: the section's active vehicles as options, with "needs attention". */
export async function vehiclesBySection(db: Db, user: TokenClaims, sectionId: number): Promise<VehicleOption[]> {
  await assertSectionInScope(db, user, sectionId);
  const rows = await db
    .select({
      key: vehicle.id,
      value: vehicle.plateNumber,
      vehicleType: vehicle.vehicleType,
      vehicleModel: vehicle.vehicleModel,
      callSign: callSign.callSign,
      attentionSince: vehicle.attentionSince,
      attentionReason: vehicle.attentionReason,
    })
    .from(vehicle)
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .where(and(eq(vehicle.sectionId, sectionId), eq(vehicle.isActive, true)))
    .orderBy(asc(vehicle.vehicleType), asc(vehicle.plateNumber));
  return rows.map(({ attentionSince, ...r }) => ({ ...r, needsAttention: attentionSince !== null }));
}

// ------------------------------------------------------------------------------------------------ writes

type Tx = Db;

/** The fields of a vehicle its change history keeps, the section and call sign by name. */
async function historyValues(db: Tx, v: typeof vehicle.$inferSelect) {
  const [sec] = await db.select({ name: section.name }).from(section).where(eq(section.id, v.sectionId));
  const [cs] = v.callSignId ? await db.select({ name: callSign.callSign }).from(callSign).where(eq(callSign.id, v.callSignId)) : [];
  return {
    plateNumber: v.plateNumber,
    section: sec?.name ?? String(v.sectionId),
    vehicleModel: v.vehicleModel,
    vehicleType: v.vehicleType,
    callSign: cs?.name ?? null,
    isActive: v.isActive,
    attentionSince: v.attentionSince ? localDisplay(v.attentionSince) : null,
    attentionReason: v.attentionReason,
  };
}

/** The active vehicle other than `exceptId` carrying a call sign, if any. */
async function activeCarrier(db: Tx, callSignId: number, exceptId?: number) {
  const [row] = await db
    .select({ id: vehicle.id, plateNumber: vehicle.plateNumber })
    .from(vehicle)
    .where(and(eq(vehicle.callSignId, callSignId), eq(vehicle.isActive, true), exceptId ? ne(vehicle.id, exceptId) : undefined))
    .limit(1);
  return row;
}

async function checkCallSign(db: Tx, callSignId: number, sectionId: number, opts: { current: VehicleRecord | null; isActive: boolean }) {
  const [cs] = await db
    .select({ id: callSign.id, name: callSign.callSign, sectionId: callSign.sectionId, sectionName: section.name, isActive: callSign.isActive })
    .from(callSign)
    .innerJoin(section, eq(section.id, callSign.sectionId))
    .where(eq(callSign.id, callSignId));
  if (!cs) throw badRequest(FLEET_MESSAGES.callsignNotFound, 'callSignId');
  if (cs.sectionId !== sectionId) throw badRequest(FLEET_MESSAGES.callsignOtherSection(cs.name, cs.sectionName), 'callSignId');
  // a vehicle keeps a call sign deactivated since it was given; a new choice must be active
  if (!cs.isActive && opts.current?.callSignId !== cs.id) throw badRequest(FLEET_MESSAGES.callsignInactive(cs.name), 'callSignId');
  if (opts.isActive) {
    const other = await activeCarrier(db, cs.id, opts.current?.id);
    if (other) throw conflict(FLEET_MESSAGES.callsignTaken(cs.name, other.plateNumber), 'callSignId');
  }
  return cs;
}

/** A broken unique index, when a concurrent write got there between the check and the write. */
function uniqueConflict(err: unknown, plate: string): never {
  const which = uniqueViolationOf(err);
  if (which !== undefined) {
    if (which.includes('call_sign')) throw conflict('Callsign ini sedang digunakan oleh kenderaan aktif lain.', 'callSignId');
    throw conflict(FLEET_MESSAGES.duplicatePlate(plate), 'plateNumber');
  }
  throw err;
}

/** vehicle/save: a new vehicle (no pkVehicleId) or an edit carrying the version it read. */
export async function saveVehicle(db: Db, user: TokenClaims, input: VehicleSaveInput): Promise<VehicleRow> {
  // access first: the vehicle being changed, then the section it goes to
  if (input.pkVehicleId) await vehicleInScope(db, user, input.pkVehicleId);
  await assertSectionInScope(db, user, input.sectionId);
  const plate = input.plateNumber;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const current = input.pkVehicleId ? await vehicleInScope(tx, user, input.pkVehicleId, { forUpdate: true }) : null;
      if (current && input.version !== undefined && current.version !== input.version) {
        throw staleConflict(FLEET_MESSAGES.staleVehicle, await vehicleRow(tx, current.id));
      }
      const [model] = await tx.select().from(vehicleModel).where(eq(vehicleModel.id, input.vehicleModelId));
      // the model a vehicle already has may have been deactivated since; a new choice must be active
      if (!model || (!model.isActive && current?.vehicleModelId !== model.id)) throw badRequest(FLEET_MESSAGES.modelNotFound, 'vehicleModelId');
      const [samePlate] = await tx
        .select({ id: vehicle.id, plateNumber: vehicle.plateNumber })
        .from(vehicle)
        .where(and(sql`replace(${vehicle.plateNumber}, ' ', '') = ${plateKey(plate)}`, current ? ne(vehicle.id, current.id) : undefined))
        .limit(1);
      if (samePlate) throw conflict(FLEET_MESSAGES.duplicatePlate(samePlate.plateNumber), 'plateNumber');
      if (input.callSignId !== null) await checkCallSign(tx, input.callSignId, input.sectionId, { current, isActive: input.isActive });
      if (current && current.sectionId !== input.sectionId) {
        // an asset belongs to the vehicle's section (asset/save's rule): they move first
        const [carried] = await tx.select({ id: asset.id }).from(asset).where(eq(asset.vehicleId, current.id)).limit(1);
        if (carried) throw conflict(VEHICLE_ASSETS_SECTION);
      }

      const values = {
        sectionId: input.sectionId,
        plateNumber: plate,
        vehicleModelId: model.id,
        vehicleModel: model.name,
        vehicleType: model.vehicleType,
        callSignId: input.callSignId,
        isActive: input.isActive,
      };
      if (!current) {
        const [created] = await tx.insert(vehicle).values(values).returning();
        await recordChange(tx, user, 'vehicle', created.id, 'create', null, await historyValues(tx, created));
        return created.id;
      }
      const [after] = await tx
        .update(vehicle)
        .set({ ...values, version: sql`${vehicle.version} + 1`, updatedAt: clockNow() })
        .where(eq(vehicle.id, current.id))
        .returning();
      const before = await historyValues(tx, current);
      const now = await historyValues(tx, after);
      const onlyStatus =
        JSON.stringify({ ...before, isActive: null }) === JSON.stringify({ ...now, isActive: null }) && before.isActive !== now.isActive;
      await recordChange(tx, user, 'vehicle', current.id, onlyStatus ? (now.isActive ? 'activate' : 'deactivate') : 'update', before, now);
      return current.id;
    });
  } catch (err) {
    uniqueConflict(err, plate);
  }
  return vehicleRow(db, id);
}

/** Whether anything refers to a vehicle: rosters, team schedules, checklists, assets. */
async function vehicleInUse(db: Tx, id: number): Promise<boolean> {
  const [row] = await db
    .execute<{ used: boolean }>(sql`select (
      exists (select 1 from ${dutyRoster} where ${dutyRoster.vehicleId} = ${id})
      or exists (select 1 from ${teamSchedule} where ${teamSchedule.vehicleId} = ${id})
      or exists (select 1 from ${dailyAssetChecklist} where ${dailyAssetChecklist.vehicleId} = ${id})
      or exists (select 1 from ${asset} where ${asset.vehicleId} = ${id})
    ) as used`)
    .then((r) => (r as unknown as { rows: { used: boolean }[] }).rows);
  return !!row?.used;
}

/** vehicle/delete: erased when nothing refers to it, else deactivated. */
export async function deleteVehicle(db: Db, user: TokenClaims, id: number): Promise<FleetDeleteResult> {
  await vehicleInScope(db, user, id);
  return db.transaction(async (tx) => {
    const current = await vehicleInScope(tx, user, id, { forUpdate: true });
    if (await vehicleInUse(tx, id)) {
      if (current.isActive) {
        const [after] = await tx
          .update(vehicle)
          .set({ isActive: false, version: sql`${vehicle.version} + 1`, updatedAt: clockNow() })
          .where(eq(vehicle.id, id))
          .returning();
        await recordChange(tx, user, 'vehicle', id, 'deactivate', await historyValues(tx, current), await historyValues(tx, after));
      }
      return { id, outcome: 'deactivated' as const };
    }
    const before = await historyValues(tx, current);
    await tx.delete(vehicle).where(eq(vehicle.id, id));
    await recordChange(tx, user, 'vehicle', id, 'delete', before, null);
    return { id, outcome: 'deleted' as const };
  });
}

/** vehicle/setActive: the isActive toggle; activating one whose call sign another active vehicle now carries: 409. */
export async function setVehicleActive(db: Db, user: TokenClaims, id: number, isActive: boolean): Promise<VehicleRow> {
  await vehicleInScope(db, user, id);
  try {
    await db.transaction(async (tx) => {
      const current = await vehicleInScope(tx, user, id, { forUpdate: true });
      if (current.isActive === isActive) return;
      if (isActive && current.callSignId !== null) {
        const other = await activeCarrier(tx, current.callSignId, id);
        if (other) {
          const [cs] = await tx.select({ name: callSign.callSign }).from(callSign).where(eq(callSign.id, current.callSignId));
          throw conflict(FLEET_MESSAGES.callsignTaken(cs?.name ?? '', other.plateNumber));
        }
      }
      const [after] = await tx
        .update(vehicle)
        .set({ isActive, version: sql`${vehicle.version} + 1`, updatedAt: clockNow() })
        .where(eq(vehicle.id, id))
        .returning();
      await recordChange(
        tx,
        user,
        'vehicle',
        id,
        isActive ? 'activate' : 'deactivate',
        await historyValues(tx, current),
        await historyValues(tx, after),
      );
    });
  } catch (err) {
    uniqueConflict(err, '');
  }
  return vehicleRow(db, id);
}

/** vehicle/clearAttention: a manager clears "needs attention" with the action taken (kept in the history). */
export async function clearVehicleAttention(db: Db, user: TokenClaims, id: number, remark: string): Promise<VehicleRow> {
  await vehicleInScope(db, user, id);
  await db.transaction(async (tx) => {
    const current = await vehicleInScope(tx, user, id, { forUpdate: true });
    if (current.attentionSince === null) throw badRequest(FLEET_MESSAGES.attentionNotSet, 'pkVehicleId');
    const [after] = await tx
      .update(vehicle)
      .set({ attentionSince: null, attentionReason: null, version: sql`${vehicle.version} + 1`, updatedAt: clockNow() })
      .where(eq(vehicle.id, id))
      .returning();
    await recordChange(tx, user, 'vehicle', id, 'update', await historyValues(tx, current), {
      ...(await historyValues(tx, after)),
      attentionRemark: remark,
    });
  });
  return vehicleRow(db, id);
}
