/**
 * The daily vehicle and asset checklist, its photos, its defect alerts and its report (issue #16; spec §3.12, §6
 * Laporan Senarai Semak, §7.6 dailyAssetChecklist / dailyAssetChecklistItems, §7.7 laporanSenaraiSemakData).
 *
 * Access first, always: the roster exists (404), then
 * - a PR works only on rosters it is one of the people of (server/lib/roster-people.ts): 403 notOnRoster; it never
 *   writes through portal/save (403);
 * - everyone else only on rosters of their region scope (server/lib/scope.ts): 403.
 * The route's permission (checklistWrite, readOrg, reportChecklist) is checked before by the auth plugin. Reading a
 * photo follows the same rule but answers 404 to anyone who may not read its checklist.
 *
 * Writes (save, portal/save, items save, photo save) lock the roster row (so a save and the end-of-duty verification
 * never cross) and the vehicle row (so two checklists of one vehicle never cross their odometer checks), in one
 * transaction with the alerts they raise. Once the roster's end-of-duty report is verified (isDisemak) nothing
 * changes (409 locked). One checklist per roster and vehicle (the roster's own vehicle, active).
 *
 * PRE creates the checklist or corrects it until POST is recorded; every active master item is counted. POST needs the
 * PRE and covers every item of the checklist. Odometer: a PRE below the vehicle's last reading (the greatest pre/post
 * reading of its other checklists with an earlier pre_at) and a POST below the PRE are refused.
 *
 * Defects (contract itemStatus SHORT or DAMAGED) found by a save that were not defects before it raise one alert per
 * item and phase (event key checklist:<id>:<master>:<phase>) to the vehicle's section managers and coordinators and
 * its region's management, and mark the vehicle "needs attention" (attentionSince kept when already set).
 *
 * The report filters on the local (Asia/Brunei) date of pre_at — the time the pre-shift check was made — not on the
 * roster's start date.
 */
import { and, eq, inArray, or, sql, type Placeholder } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import {
  ALERT_CATEGORY_VEHICLE,
  CHECKLIST_MESSAGES,
  ITEM_STATUS_TEXT,
  PHASE_TEXT,
  isDefect,
  itemStatus,
  type ChecklistDetail,
  type ChecklistFilter,
  type ChecklistForm,
  type ChecklistItemFilter,
  type ChecklistItemRow,
  type ChecklistItemsSave,
  type ChecklistPhase,
  type ChecklistPhoto,
  type ChecklistPhotoSave,
  type ChecklistReportFilter,
  type ChecklistRow,
  type ChecklistSave,
  type ChecklistSummary,
} from '../../../contract/checklist';
import { isTooFarAhead } from '../../../contract/date-rules';
import type { DataTablesQuery } from '../../../contract/envelope';
import { can, isPatrolRole, ROLE_IDS } from '../../../contract/roles';
import type { Db } from '../../db/client';
import {
  appUser,
  assetChecklistMaster,
  callSign,
  checklistPhoto,
  dailyAssetChecklist,
  dailyAssetChecklistItem,
  dutyRoster,
  section,
  staff,
  vehicle,
} from '../../db/schema';
import { CSV_EXPORT_MAX_ROWS, toCsv, type CsvColumn } from '../../lib/data-table';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { isRosterPerson } from '../../lib/roster-people';
import { regionScopeOf } from '../../lib/scope';
import { dayjs, localDisplay, localDmy, localInstant, TZ } from '../../lib/time';
import { raise } from '../comms/alerts';
import { cleanImage, decodeBase64Strict, sanitizeFileName } from '../document/image-check';
import { sectionFamilyIds } from '../section/queries';
import {
  activeMasterItems,
  checklistItems,
  checklistRow,
  lastReading,
  photoColumns,
  runChecklistQuery,
  toPhoto,
  type ChecklistQueryOptions,
} from './queries';
import { now as clockNow } from '../../lib/clock';
import { oncePerDb } from '../../db/once-per-db';

const MESSAGES = {
  outOfRegion: 'Jadual tugas ini di luar wilayah anda.',
  placeOutOfRegion: 'Wilayah atau seksyen ini di luar wilayah anda.',
  portalPatrol: 'Peronda merekod senarai semak melalui tablet, bukan portal.',
  recordedAtFuture: 'Masa semakan tidak boleh melebihi 5 minit dari masa sekarang.',
  postBeforePre: 'Masa semakan pasca-syif tidak boleh sebelum masa semakan pra-syif.',
  sectionNotFound: 'Seksyen tidak dijumpai.',
  vehicleNotFound: 'Kenderaan tidak dijumpai.',
} as const;

/** The end of the report's range may be at most this many days after its start (366 days counted with both ends). */
export const REPORT_MAX_DAYS = 366;

// ------------------------------------------------------------------------------------------------ access

interface RosterInfo {
  id: number;
  name: string;
  sectionId: number;
  sectionName: string;
  regionId: number;
  vehicleId: number | null;
  startDate: string;
  startHour: string;
  endHour: string;
  startsAt: Date;
  endsAt: Date;
  isDisemak: boolean;
}

async function findRoster(db: Db, id: number, forUpdate = false): Promise<RosterInfo | undefined> {
  const [row] = forUpdate ? await rosterQuery(db, id).for('update', { of: dutyRoster }) : await formReadsFor(db).roster.execute({ id });
  return row;
}
const rosterQuery = (db: Db, id: number | Placeholder) =>
  db
    .select({
      id: dutyRoster.id,
      name: dutyRoster.dutyRosterName,
      sectionId: dutyRoster.sectionId,
      sectionName: section.name,
      regionId: section.regionId,
      vehicleId: dutyRoster.vehicleId,
      startDate: dutyRoster.startDate,
      startHour: dutyRoster.startHour,
      endHour: dutyRoster.endHour,
      startsAt: dutyRoster.startsAt,
      endsAt: dutyRoster.endsAt,
      isDisemak: dutyRoster.isDisemak,
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .where(eq(dutyRoster.id, id))
    .limit(1);

/**
 * The reads of dailyAssetChecklist/forRoster (the roster, its latest checklist, its vehicle), built once per database
 * and prepared (named on PostgreSQL), as incident/access.ts does: Drizzle building them on every call was a good part
 * of the call's own work (bench/uncached-reads.ts). The locking form of the roster's read is built each time.
 */
const prepareFormReads = (db: Db) => ({
  roster: rosterQuery(db, sql.placeholder('id')).prepare('checklist_roster'),
  latest: db
    .select({ id: dailyAssetChecklist.id, vehicleId: dailyAssetChecklist.vehicleId, preAt: dailyAssetChecklist.preAt })
    .from(dailyAssetChecklist)
    .where(eq(dailyAssetChecklist.dutyRosterId, sql.placeholder('rosterId')))
    .orderBy(sql`${dailyAssetChecklist.vehicleId} = ${sql.placeholder('vehicleId')} desc`, sql`${dailyAssetChecklist.preAt} desc`)
    .limit(1)
    .prepare('checklist_form_latest'),
  vehicle: db
    .select({
      pkVehicleId: vehicle.id,
      plateNumber: vehicle.plateNumber,
      callSign: callSign.callSign,
      vehicleModel: vehicle.vehicleModel,
      vehicleType: vehicle.vehicleType,
      isActive: vehicle.isActive,
      attentionSince: vehicle.attentionSince,
      attentionReason: vehicle.attentionReason,
    })
    .from(vehicle)
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .where(eq(vehicle.id, sql.placeholder('vehicleId')))
    .prepare('checklist_form_vehicle'),
});
const formReadsFor = oncePerDb((db: Db) => prepareFormReads(db));

/** The roster if the caller may read or write it (rule in the module comment); 404 / 403 otherwise. */
async function rosterFor(db: Db, user: TokenClaims, rosterId: number, forUpdate = false): Promise<RosterInfo> {
  const r = await findRoster(db, rosterId, forUpdate);
  if (!r) throw notFound(CHECKLIST_MESSAGES.rosterNotFound);
  if (isPatrolRole(user.rn)) {
    if (!(await isRosterPerson(db, r.id, user.sid))) throw forbidden(CHECKLIST_MESSAGES.notOnRoster);
  } else {
    const scope = regionScopeOf(user);
    if (scope !== null && r.regionId !== scope) throw forbidden(MESSAGES.outOfRegion);
  }
  return r;
}

/** A region / section filter checked against the caller's scope (403), answering the section ids it covers. */
async function scopedPlace(db: Db, user: TokenClaims, f: { regionId?: number; sectionId?: number }): Promise<{ sectionIds?: number[] }> {
  const scope = regionScopeOf(user);
  if (f.regionId && scope !== null && f.regionId !== scope) throw forbidden(MESSAGES.placeOutOfRegion);
  if (!f.sectionId) return {};
  const [s] = await db.select({ regionId: section.regionId }).from(section).where(eq(section.id, f.sectionId));
  if (!s) throw notFound(MESSAGES.sectionNotFound);
  if (scope !== null && s.regionId !== scope) throw forbidden(MESSAGES.placeOutOfRegion);
  return { sectionIds: await sectionFamilyIds(db, f.sectionId) };
}

/** pre_at range of local dates (both included). */
const rangeOf = (dateFrom?: string, dateTo?: string) => ({
  from: dateFrom ? localInstant(dateFrom) : undefined,
  to: dateTo ? localInstant(dayjs.tz(dateTo, TZ).add(1, 'day').format('YYYY-MM-DD')) : undefined,
});

// ------------------------------------------------------------------------------------------------ writes

interface WriteTarget {
  roster: RosterInfo;
  vehicle: { id: number; plateNumber: string; callSign: string | null; sectionId: number; regionId: number; attentionSince: Date | null };
}

/** The access, lock and vehicle rules every write shares; locks the roster and the vehicle rows. */
async function writeTarget(db: Db, user: TokenClaims, input: { dutyRosterId: number; vehicleId: number }, portal: boolean): Promise<WriteTarget> {
  if (portal && isPatrolRole(user.rn)) throw forbidden(MESSAGES.portalPatrol);
  const roster = await rosterFor(db, user, input.dutyRosterId, true);
  if (roster.isDisemak) throw conflict(CHECKLIST_MESSAGES.locked);
  if (roster.vehicleId === null) throw conflict(CHECKLIST_MESSAGES.rosterNoVehicle);
  if (roster.vehicleId !== input.vehicleId) throw badRequest(CHECKLIST_MESSAGES.vehicleNotOnRoster, 'vehicleId');
  const [v] = await db
    .select({
      id: vehicle.id,
      plateNumber: vehicle.plateNumber,
      callSign: callSign.callSign,
      sectionId: vehicle.sectionId,
      regionId: section.regionId,
      isActive: vehicle.isActive,
      attentionSince: vehicle.attentionSince,
    })
    .from(vehicle)
    .innerJoin(section, eq(section.id, vehicle.sectionId))
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .where(eq(vehicle.id, input.vehicleId))
    .for('update', { of: vehicle });
  if (!v) throw notFound(MESSAGES.vehicleNotFound);
  if (!v.isActive) throw conflict(CHECKLIST_MESSAGES.vehicleInactive);
  return { roster, vehicle: v };
}

async function findChecklist(db: Db, rosterId: number, vehicleId: number) {
  const [row] = await db
    .select()
    .from(dailyAssetChecklist)
    .where(and(eq(dailyAssetChecklist.dutyRosterId, rosterId), eq(dailyAssetChecklist.vehicleId, vehicleId)))
    .for('update');
  return row;
}

interface ItemState {
  id: number;
  masterId: number;
  name: string;
  unitLabel: string;
  isMeasurable: boolean;
  expectedQuantity: number;
  preQuantity: number | null;
  preDamaged: boolean;
  postQuantity: number | null;
  postDamaged: boolean;
}

async function itemStates(db: Db, checklistId: number): Promise<ItemState[]> {
  const i = dailyAssetChecklistItem;
  return db
    .select({
      id: i.id,
      masterId: i.assetChecklistMasterId,
      name: assetChecklistMaster.name,
      unitLabel: assetChecklistMaster.unitLabel,
      isMeasurable: assetChecklistMaster.isMeasurable,
      expectedQuantity: i.expectedQuantity,
      preQuantity: i.preQuantity,
      preDamaged: i.preDamaged,
      postQuantity: i.postQuantity,
      postDamaged: i.postDamaged,
    })
    .from(i)
    .innerJoin(assetChecklistMaster, eq(assetChecklistMaster.id, i.assetChecklistMasterId))
    .where(eq(i.dailyAssetChecklistId, checklistId));
}

type ItemInput = ChecklistSave['items'][number] & { damaged?: boolean; remark?: string | null };

/** Items of a PRE: every active master item, no other (400 missingItems / unknownItem / quantityNotMeasurable). */
async function checkPreItems(db: Db, items: ItemInput[]) {
  const masters = await activeMasterItems(db);
  const byId = new Map(masters.map((m) => [m.pkAssetChecklistMasterId, m]));
  for (const it of items) {
    const m = byId.get(it.assetChecklistMasterId);
    if (!m) throw badRequest(CHECKLIST_MESSAGES.unknownItem, 'items');
    if (!m.isMeasurable && it.quantity > 1) throw badRequest(CHECKLIST_MESSAGES.quantityNotMeasurable(m.name), 'items');
  }
  const given = new Set(items.map((i) => i.assetChecklistMasterId));
  const missing = masters.filter((m) => !given.has(m.pkAssetChecklistMasterId));
  if (missing.length) throw badRequest(CHECKLIST_MESSAGES.missingItems(missing.map((m) => m.name)), 'items');
  return byId;
}

/** Items of a POST: exactly the checklist's items. */
function checkPostItems(states: ItemState[], items: ItemInput[]) {
  const byMaster = new Map(states.map((s) => [s.masterId, s]));
  for (const it of items) {
    const s = byMaster.get(it.assetChecklistMasterId);
    if (!s) throw badRequest(CHECKLIST_MESSAGES.unknownItem, 'items');
    if (!s.isMeasurable && it.quantity > 1) throw badRequest(CHECKLIST_MESSAGES.quantityNotMeasurable(s.name), 'items');
  }
  const given = new Set(items.map((i) => i.assetChecklistMasterId));
  const missing = states.filter((s) => !given.has(s.masterId));
  if (missing.length) throw badRequest(CHECKLIST_MESSAGES.missingItems(missing.map((m) => m.name)), 'items');
}

async function writePreItems(db: Db, checklistId: number, items: ItemInput[], masters: Map<number, { defaultQuantity: number }>) {
  const i = dailyAssetChecklistItem;
  for (const it of items) {
    await db
      .insert(i)
      .values({
        dailyAssetChecklistId: checklistId,
        assetChecklistMasterId: it.assetChecklistMasterId,
        expectedQuantity: masters.get(it.assetChecklistMasterId)!.defaultQuantity,
        preQuantity: it.quantity,
        preDamaged: it.damaged ?? false,
        remark: it.remark ?? null,
      })
      .onConflictDoUpdate({
        target: [i.dailyAssetChecklistId, i.assetChecklistMasterId],
        set: { preQuantity: it.quantity, preDamaged: it.damaged ?? false, remark: it.remark ?? null },
      });
  }
}

async function writePostItems(db: Db, states: ItemState[], items: ItemInput[]) {
  const byMaster = new Map(states.map((s) => [s.masterId, s]));
  for (const it of items) {
    const s = byMaster.get(it.assetChecklistMasterId)!;
    await db
      .update(dailyAssetChecklistItem)
      .set({ postQuantity: it.quantity, postDamaged: it.damaged ?? false, ...(it.remark ? { remark: it.remark } : {}) })
      .where(eq(dailyAssetChecklistItem.id, s.id));
  }
}

const defectKeys = (states: ItemState[]) => {
  const keys = new Set<string>();
  for (const s of states) {
    if (isDefect(itemStatus(s.preQuantity, s.preDamaged, s.expectedQuantity))) keys.add(`${s.masterId}:PRE`);
    if (isDefect(itemStatus(s.postQuantity, s.postDamaged, s.expectedQuantity))) keys.add(`${s.masterId}:POST`);
  }
  return keys;
};

/** Active users to alert: SECTMGR and SC of the vehicle's section, REGIONMGMT of its region. */
async function managersOf(db: Db, sectionId: number, regionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .innerJoin(staff, eq(staff.id, appUser.staffId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(
      and(
        eq(appUser.isActive, true),
        eq(staff.isActive, true),
        or(
          and(inArray(appUser.roleId, [ROLE_IDS.SECTMGR, ROLE_IDS.SC]), eq(staff.sectionId, sectionId)),
          and(eq(appUser.roleId, ROLE_IDS.REGIONMGMT), eq(section.regionId, regionId)),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The defects a save found that were not there before it: one alert per item and phase to the managers, and the
 * vehicle marked "needs attention" with their descriptions.
 */
async function alertNewDefects(db: Db, t: WriteTarget, checklistId: number, before: Set<string>, now: Date): Promise<void> {
  const states = await itemStates(db, checklistId);
  const found: { key: string; description: string }[] = [];
  for (const s of states) {
    for (const phase of ['PRE', 'POST'] as ChecklistPhase[]) {
      const q = phase === 'PRE' ? s.preQuantity : s.postQuantity;
      const status = itemStatus(q, phase === 'PRE' ? s.preDamaged : s.postDamaged, s.expectedQuantity);
      const key = `${s.masterId}:${phase}`;
      if (!status || !isDefect(status) || before.has(key)) continue;
      const counted = `${q ?? 0}/${s.expectedQuantity} ${s.unitLabel}`;
      found.push({
        key,
        description: CHECKLIST_MESSAGES.defectAlert(
          t.vehicle.plateNumber,
          t.vehicle.callSign,
          s.name,
          ITEM_STATUS_TEXT[status],
          counted,
          PHASE_TEXT[phase],
        ),
      });
    }
  }
  if (!found.length) return;
  const recipients = await managersOf(db, t.vehicle.sectionId, t.vehicle.regionId);
  for (const d of found) {
    await raise(
      db,
      {
        eventKey: `checklist:${checklistId}:${d.key}`,
        description: d.description,
        remark: null,
        sectionId: t.vehicle.sectionId,
        incidentId: null,
        dutyRosterId: t.roster.id,
        createdAt: now,
        category: ALERT_CATEGORY_VEHICLE,
      },
      recipients,
    );
  }
  await db
    .update(vehicle)
    .set({ attentionSince: t.vehicle.attentionSince ?? now, attentionReason: found.map((d) => d.description).join('; ') })
    .where(eq(vehicle.id, t.vehicle.id));
}

/** The whole checklist (header row and every item with its photos). */
export async function checklistDetail(db: Db, checklistId: number): Promise<ChecklistDetail> {
  const [row, items] = await Promise.all([checklistRow(db, checklistId), checklistItems(db, checklistId)]);
  if (!row) throw notFound(CHECKLIST_MESSAGES.notFound);
  return { ...row, items: items.rows };
}

/** dailyAssetChecklist/save and portal/save (rules in the module comment). */
export async function saveChecklist(
  db: Db,
  user: TokenClaims,
  input: ChecklistSave,
  opts: { portal: boolean },
  now = clockNow(),
): Promise<ChecklistDetail> {
  return db.transaction(async (tx) => {
    const t = await writeTarget(tx, user, input, opts.portal);
    const at = input.recordedAt ? new Date(input.recordedAt) : now;
    if (isTooFarAhead(at, now)) throw badRequest(MESSAGES.recordedAtFuture, 'recordedAt');
    const existing = await findChecklist(tx, t.roster.id, t.vehicle.id);
    const items = input.items as ItemInput[];
    let checklistId: number;
    let before = new Set<string>();
    if (input.phase === 'PRE') {
      if (existing?.postAt) throw conflict(CHECKLIST_MESSAGES.postRecorded);
      const masters = await checkPreItems(tx, items);
      const last = await lastReading(tx, t.vehicle.id, { before: at, exceptId: existing?.id });
      if (last && input.odometer < last.reading) {
        throw badRequest(CHECKLIST_MESSAGES.odometerBelowLast(input.odometer, last.reading, localDmy(last.at)), 'odometer');
      }
      const values = {
        staffId: user.sid,
        odometerPre: input.odometer,
        noKadTng: input.noKadTng ?? null,
        noKadBahanApi: input.noKadBahanApi ?? null,
        remark: input.remark ?? null,
        preAt: at,
        updatedAt: now,
      };
      if (existing) {
        before = defectKeys(await itemStates(tx, existing.id));
        await tx.update(dailyAssetChecklist).set(values).where(eq(dailyAssetChecklist.id, existing.id));
        checklistId = existing.id;
      } else {
        const [row] = await tx
          .insert(dailyAssetChecklist)
          .values({ ...values, vehicleId: t.vehicle.id, dutyRosterId: t.roster.id })
          .returning({ id: dailyAssetChecklist.id });
        checklistId = row.id;
      }
      await writePreItems(tx, checklistId, items, masters);
    } else {
      if (!existing) throw conflict(CHECKLIST_MESSAGES.preMissing);
      const states = await itemStates(tx, existing.id);
      checkPostItems(states, items);
      if (input.odometer < existing.odometerPre)
        throw badRequest(CHECKLIST_MESSAGES.odometerBelowPre(input.odometer, existing.odometerPre), 'odometer');
      if (at.getTime() < existing.preAt.getTime()) throw badRequest(MESSAGES.postBeforePre, 'recordedAt');
      before = defectKeys(states);
      await tx
        .update(dailyAssetChecklist)
        .set({ odometerPost: input.odometer, postAt: at, postStaffId: user.sid, updatedAt: now, ...(input.remark ? { remark: input.remark } : {}) })
        .where(eq(dailyAssetChecklist.id, existing.id));
      await writePostItems(tx, states, items);
      checklistId = existing.id;
    }
    await alertNewDefects(tx, t, checklistId, before, now);
    return checklistDetail(tx, checklistId);
  });
}

/** dailyAssetChecklistItems/save and portal/save: the items of one phase alone, on an existing checklist. */
export async function saveChecklistItems(
  db: Db,
  user: TokenClaims,
  input: ChecklistItemsSave,
  opts: { portal: boolean },
  now = clockNow(),
): Promise<ChecklistDetail> {
  return db.transaction(async (tx) => {
    const t = await writeTarget(tx, user, input, opts.portal);
    const existing = await findChecklist(tx, t.roster.id, t.vehicle.id);
    if (!existing) throw conflict(CHECKLIST_MESSAGES.preMissing);
    const items = input.items as ItemInput[];
    const states = await itemStates(tx, existing.id);
    const before = defectKeys(states);
    if (input.phase === 'PRE') {
      if (existing.postAt) throw conflict(CHECKLIST_MESSAGES.postRecorded);
      const masters = await checkPreItems(tx, items);
      await writePreItems(tx, existing.id, items, masters);
    } else {
      checkPostItems(states, items);
      await writePostItems(tx, states, items);
    }
    await tx.update(dailyAssetChecklist).set({ updatedAt: now }).where(eq(dailyAssetChecklist.id, existing.id));
    await alertNewDefects(tx, t, existing.id, before, now);
    return checklistDetail(tx, existing.id);
  });
}

// ------------------------------------------------------------------------------------------------ photos

/** dailyAssetChecklistItems/photo/save: a photo of an item counted in that phase, re-encoded as a clean JPEG. */
export async function savePhoto(db: Db, user: TokenClaims, input: ChecklistPhotoSave): Promise<ChecklistPhoto> {
  return db.transaction(async (tx) => {
    const t = await writeTarget(tx, user, input, false);
    const existing = await findChecklist(tx, t.roster.id, t.vehicle.id);
    if (!existing) throw conflict(CHECKLIST_MESSAGES.preMissing);
    const [item] = await tx
      .select({ id: dailyAssetChecklistItem.id, pre: dailyAssetChecklistItem.preQuantity, post: dailyAssetChecklistItem.postQuantity })
      .from(dailyAssetChecklistItem)
      .where(
        and(
          eq(dailyAssetChecklistItem.dailyAssetChecklistId, existing.id),
          eq(dailyAssetChecklistItem.assetChecklistMasterId, input.assetChecklistMasterId),
        ),
      );
    const counted = item && (input.phase === 'PRE' ? item.pre : item.post) !== null;
    if (!item || !counted) throw badRequest(CHECKLIST_MESSAGES.itemNotCounted, 'assetChecklistMasterId');
    const image = await cleanImage(decodeBase64Strict(input.fileContent));
    const [row] = await tx
      .insert(checklistPhoto)
      .values({
        dailyAssetChecklistItemId: item.id,
        phase: input.phase,
        fileName: sanitizeFileName(input.documentName, image.ext),
        mimeType: image.mime,
        byteSize: image.bytes.length,
        width: image.width,
        height: image.height,
        sha256: image.sha256,
        content: image.bytes,
        uploadedByStaffId: user.sid,
      })
      .returning(photoColumns);
    return toPhoto(row);
  });
}

/** GET photo/{id}: the bytes, to anyone who may read its checklist (404 to anyone else). */
export async function readPhoto(db: Db, user: TokenClaims, photoId: number): Promise<{ mimeType: string; fileName: string; bytes: Buffer }> {
  const [p] = await db
    .select({ rosterId: dailyAssetChecklist.dutyRosterId })
    .from(checklistPhoto)
    .innerJoin(dailyAssetChecklistItem, eq(dailyAssetChecklistItem.id, checklistPhoto.dailyAssetChecklistItemId))
    .innerJoin(dailyAssetChecklist, eq(dailyAssetChecklist.id, dailyAssetChecklistItem.dailyAssetChecklistId))
    .where(eq(checklistPhoto.id, photoId));
  if (!p) throw notFound(CHECKLIST_MESSAGES.photoNotFound);
  try {
    await rosterFor(db, user, p.rosterId);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 403) throw notFound(CHECKLIST_MESSAGES.photoNotFound);
    throw err;
  }
  const [row] = await db
    .select({ mimeType: checklistPhoto.mimeType, fileName: checklistPhoto.fileName, content: checklistPhoto.content })
    .from(checklistPhoto)
    .where(eq(checklistPhoto.id, photoId));
  return { mimeType: row.mimeType, fileName: row.fileName, bytes: Buffer.from(row.content) };
}

// ------------------------------------------------------------------------------------------------ reads

/** dailyAssetChecklist/forRoster/{id}: what the tablet needs to fill (and show) the roster's checklist. */
export async function formForRoster(db: Db, user: TokenClaims, rosterId: number): Promise<ChecklistForm> {
  const r = await rosterFor(db, user, rosterId);
  const masterItems = await activeMasterItems(db);
  let v: ChecklistForm['vehicle'] = null;
  let checklist: ChecklistDetail | null = null;
  const reads = formReadsFor(db);
  const [any] = await reads.latest.execute({ rosterId: r.id, vehicleId: r.vehicleId ?? -1 });
  if (any) checklist = await checklistDetail(db, any.id);
  if (r.vehicleId !== null) {
    const [row] = await reads.vehicle.execute({ vehicleId: r.vehicleId });
    if (row) {
      const own = any && any.vehicleId === r.vehicleId ? any : undefined;
      const last = await lastReading(db, r.vehicleId, own ? { before: own.preAt, exceptId: own.id } : {});
      // in ChecklistFormSchema's order: the answer is written as built (routes.ts)
      v = {
        pkVehicleId: row.pkVehicleId,
        plateNumber: row.plateNumber,
        callSign: row.callSign,
        vehicleModel: row.vehicleModel,
        vehicleType: row.vehicleType,
        isActive: row.isActive,
        needsAttention: row.attentionSince !== null,
        attentionReason: row.attentionReason,
        lastOdometer: last?.reading ?? null,
        lastOdometerAt: last ? last.at.toISOString() : null,
      };
    }
  }
  return {
    roster: {
      pkDutyRosterId: r.id,
      dutyRosterName: r.name,
      sectionId: r.sectionId,
      sectionName: r.sectionName,
      startDate: r.startDate,
      startHour: r.startHour,
      endHour: r.endHour,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      locked: r.isDisemak,
    },
    vehicle: v,
    masterItems,
    checklist,
    can: { save: can(user.rn, 'checklistWrite') && !r.isDisemak && v?.isActive === true },
  };
}

/** dailyAssetChecklist/dataTables: the checklists of the caller's scope (a patrol: its own rosters), newest first. */
export async function listChecklists(
  db: Db,
  user: TokenClaims,
  f: ChecklistFilter,
  q: DataTablesQuery,
): Promise<{ rows: ChecklistRow[]; recordCount: number }> {
  if (f.dutyRosterId) await rosterFor(db, user, f.dutyRosterId);
  const place = await scopedPlace(db, user, f);
  const o: ChecklistQueryOptions = {
    ...rangeOf(f.dateFrom, f.dateTo),
    vehicleId: f.vehicleId,
    dutyRosterId: f.dutyRosterId,
    regionScope: regionScopeOf(user),
    regionId: f.regionId,
    sectionIds: place.sectionIds,
    personStaffId: isPatrolRole(user.rn) ? user.sid : undefined,
    limit: q.length,
    offset: q.start,
  };
  return runChecklistQuery(db, o);
}

/** dailyAssetChecklistItems/dataTables: the items of one checklist the caller may read (5 a page). */
export async function listChecklistItems(
  db: Db,
  user: TokenClaims,
  f: ChecklistItemFilter,
  q: DataTablesQuery,
): Promise<{ rows: ChecklistItemRow[]; recordCount: number }> {
  const [c] = await db
    .select({ rosterId: dailyAssetChecklist.dutyRosterId })
    .from(dailyAssetChecklist)
    .where(eq(dailyAssetChecklist.id, f.pkDailyAssetChecklistId));
  if (!c) throw notFound(CHECKLIST_MESSAGES.notFound);
  await rosterFor(db, user, c.rosterId);
  return checklistItems(db, f.pkDailyAssetChecklistId, { onlyDefects: f.onlyDefects, page: { start: q.start, length: q.length } });
}

// ------------------------------------------------------------------------------------------------ the report

/**
 * The report's query options for a caller and a filter (scope checks, 403 / 400 first): what
 * laporanSenaraiSemakData/dataTables hands to checklistReportQuery (queries.ts) with the page's limit and offset.
 */
export async function checklistReportOptions(db: Db, user: TokenClaims, f: ChecklistReportFilter): Promise<ChecklistQueryOptions> {
  const place = await scopedPlace(db, user, f);
  if (dayjs(f.dateTo).diff(dayjs(f.dateFrom), 'day') + 1 > REPORT_MAX_DAYS) throw badRequest(CHECKLIST_MESSAGES.rangeTooLong, 'dateTo');
  return {
    ...rangeOf(f.dateFrom, f.dateTo),
    vehicleId: f.vehicleId,
    regionScope: regionScopeOf(user),
    regionId: f.regionId,
    sectionIds: place.sectionIds,
    defectsOnly: f.defectsOnly,
    flaggedOnly: f.flaggedOnly,
  };
}

/** laporanSenaraiSemakData/dataTables: 10 a page, newest first. */
export async function checklistReport(
  db: Db,
  user: TokenClaims,
  f: ChecklistReportFilter,
  q: DataTablesQuery,
): Promise<{ rows: ChecklistRow[]; recordCount: number }> {
  const o = await checklistReportOptions(db, user, f);
  return runChecklistQuery(db, { ...o, limit: q.length, offset: q.start });
}

const dmy = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

const CSV_COLUMNS: CsvColumn<ChecklistRow>[] = [
  { label: 'Tarikh', value: (r) => localDmy(r.preAt) },
  { label: 'Tarikh Jadual', value: (r) => dmy(r.rosterDate) },
  { label: 'Jadual Tugas', value: (r) => r.dutyRosterName },
  { label: 'Wilayah', value: (r) => r.regionName },
  { label: 'Seksyen', value: (r) => r.sectionName },
  { label: 'No. Plat', value: (r) => r.plateNumber },
  { label: 'Callsign', value: (r) => r.callSign },
  { label: 'Disemak Oleh (Pra-Syif)', value: (r) => r.staffName },
  { label: 'Masa Pra-Syif', value: (r) => localDisplay(r.preAt) },
  { label: 'Odometer Pra-Syif (km)', value: (r) => r.odometerPre },
  { label: 'Disemak Oleh (Pasca-Syif)', value: (r) => r.postStaffName },
  { label: 'Masa Pasca-Syif', value: (r) => (r.postAt ? localDisplay(r.postAt) : null) },
  { label: 'Odometer Pasca-Syif (km)', value: (r) => r.odometerPost },
  { label: 'Jarak (km)', value: (r) => r.km },
  { label: 'Bacaan Sebelumnya (km)', value: (r) => r.previousOdometer },
  { label: 'Jurang (km)', value: (r) => r.gapKm },
  { label: 'Lonjakan (km)', value: (r) => r.jumpKm },
  { label: 'No. Kad Touch n Go', value: (r) => r.noKadTng },
  { label: 'No. Kad Bahan Api', value: (r) => r.noKadBahanApi },
  { label: 'Bil. Item', value: (r) => r.itemCount },
  { label: 'Kerosakan Pra-Syif', value: (r) => r.preDefects },
  { label: 'Kerosakan Pasca-Syif', value: (r) => r.postDefects },
  { label: 'Item Kurang / Rosak', value: (r) => r.defectSummary },
  { label: 'Catatan', value: (r) => r.remark },
];

/** laporanSenaraiSemakData/csv: the same rows (up to CSV_EXPORT_MAX_ROWS) as CSV, UTF-8 with BOM, dd-mm-yyyy. */
export async function checklistReportCsv(db: Db, user: TokenClaims, f: ChecklistReportFilter): Promise<string> {
  const o = await checklistReportOptions(db, user, f);
  const { rows } = await runChecklistQuery(db, { ...o, limit: CSV_EXPORT_MAX_ROWS, offset: 0 });
  return toCsv(rows, CSV_COLUMNS);
}

// ------------------------------------------------------------------------------------------------ end-of-duty

/** The checklist part of the roster's end-of-duty report (null when none was recorded); no access check here. */
export async function checklistSummaryOfRoster(db: Db, rosterId: number): Promise<ChecklistSummary | null> {
  const [r] = await db.select({ vehicleId: dutyRoster.vehicleId }).from(dutyRoster).where(eq(dutyRoster.id, rosterId));
  if (!r) return null;
  const { rows } = await runChecklistQuery(db, { dutyRosterId: rosterId });
  const c = rows.find((x) => x.vehicleId === r.vehicleId) ?? rows[0];
  if (!c) return null;
  return {
    pkDailyAssetChecklistId: c.pkDailyAssetChecklistId,
    plateNumber: c.plateNumber,
    callSign: c.callSign,
    odometerPre: c.odometerPre,
    odometerPost: c.odometerPost,
    km: c.km,
    noKadTng: c.noKadTng,
    noKadBahanApi: c.noKadBahanApi,
    preAt: c.preAt,
    postAt: c.postAt,
    itemCount: c.itemCount,
    preDefects: c.preDefects,
    postDefects: c.postDefects,
    defectSummary: c.defectSummary,
    gapKm: c.gapKm,
    jumpKm: c.jumpKm,
  };
}
