/**
 * Rondas (patrol loops) and their ordered checkpoints (issue #14 item 6; §7.5 rondaloop, rondaloopcheckpoints).
 *
 * Access first: every call reads the region of the record it is about (or of the section it names) and refuses a
 * record outside the caller's region scope (403) before anything else is read or written. Lists are limited to the
 * scope. Every create, update, (de)activation, move and delete is recorded in admin_change in its own transaction.
 *
 * Order: a ronda's checkpoints are numbered 1…n without gaps (seq). A new one goes last unless it says where; a move
 * shifts the ones between; a delete closes the gap. The ronda row is locked while its order changes.
 */
import { and, asc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import {
  CHECKPOINT_KM_TOLERANCE,
  CHECKPOINT_MAX_OFF_LINE_KM,
  RONDA_MESSAGES,
  type CheckpointFilter,
  type CheckpointReorder,
  type CheckpointRow,
  type CheckpointSave,
  type RondaDeleteResult,
  type RondaDetail,
  type RondaFilter,
  type RondaRow,
  type RondaSave,
} from '../../../contract/rondas';
import type { Db } from '../../db/client';
import { adminChange, lookupItem, region, rondaCheckpoint, rondaLoop, section } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { CSV_EXPORT_MAX_ROWS, escapeLike, listPage, orderOf, totalOver, type Sortable } from '../../lib/data-table';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { assertSectionInScope, inScope, regionScopeOf } from '../../lib/scope';
import { placeOnSection } from './geometry';
import { now } from '../../lib/clock';

const OTHER_REGION_RONDA = 'Ronda ini di luar wilayah anda.';

/** `%text%` for ilike, with the user's % and _ taken literally. */
const like = (s: string) => `%${escapeLike(s)}%`;
const fmtKm = (n: number) => n.toFixed(1);

// ------------------------------------------------------------------------------------------------ access

interface RondaRef {
  id: number;
  sectionId: number;
  regionId: number;
  isActive: boolean;
}

async function findRonda(db: Db, id: number): Promise<RondaRef | undefined> {
  const [row] = await db
    .select({ id: rondaLoop.id, sectionId: rondaLoop.sectionId, regionId: section.regionId, isActive: rondaLoop.isActive })
    .from(rondaLoop)
    .innerJoin(section, eq(section.id, rondaLoop.sectionId))
    .where(eq(rondaLoop.id, id));
  return row;
}

function assertRegion(user: TokenClaims, regionId: number, message = OTHER_REGION_RONDA) {
  const scope = regionScopeOf(user);
  if (scope !== null && scope !== regionId) throw forbidden(message);
}

/** The ronda, when it exists (404) and lies in the caller's region scope (403). */
export async function rondaInScope(db: Db, user: TokenClaims, id: number): Promise<RondaRef> {
  const ronda = await findRonda(db, id);
  if (!ronda) throw notFound(RONDA_MESSAGES.rondaNotFound);
  assertRegion(user, ronda.regionId);
  return ronda;
}

interface CheckpointRef {
  id: number;
  rondaLoopId: number;
  seq: number;
  regionId: number;
}

async function findCheckpoints(db: Db, ids: number[]): Promise<CheckpointRef[]> {
  if (!ids.length) return [];
  return db
    .select({ id: rondaCheckpoint.id, rondaLoopId: rondaCheckpoint.rondaLoopId, seq: rondaCheckpoint.seq, regionId: section.regionId })
    .from(rondaCheckpoint)
    .innerJoin(rondaLoop, eq(rondaLoop.id, rondaCheckpoint.rondaLoopId))
    .innerJoin(section, eq(section.id, rondaLoop.sectionId))
    .where(inArray(rondaCheckpoint.id, ids));
}

/** The checkpoint, when it exists (404) and its ronda lies in the caller's region scope (403). */
export async function checkpointInScope(db: Db, user: TokenClaims, id: number): Promise<CheckpointRef> {
  const [cp] = await findCheckpoints(db, [id]);
  if (!cp) throw notFound(RONDA_MESSAGES.checkpointNotFound);
  assertRegion(user, cp.regionId, 'Pusat semakan ini di luar wilayah anda.');
  return cp;
}

/**
 * Who may read the history of a ronda or a checkpoint: whoever may read the record. A deleted record is judged by
 * what its history says it belonged to (the ronda's section, the checkpoint's ronda).
 */
export async function historyAccess(db: Db, user: TokenClaims, entity: 'ronda' | 'checkpoint', id: number): Promise<void> {
  if (entity === 'ronda' && (await findRonda(db, id))) {
    await rondaInScope(db, user, id);
    return;
  }
  if (entity === 'checkpoint' && (await findCheckpoints(db, [id])).length) {
    await checkpointInScope(db, user, id);
    return;
  }
  const [last] = await db
    .select({ changes: adminChange.changes })
    .from(adminChange)
    .where(and(eq(adminChange.entity, entity), eq(adminChange.entityId, id), eq(adminChange.action, 'delete')))
    .limit(1);
  const field = entity === 'ronda' ? 'sectionId' : 'rondaLoopId';
  const owner = last?.changes.find((c) => c.field === field)?.old;
  if (typeof owner !== 'number') throw notFound(entity === 'ronda' ? RONDA_MESSAGES.rondaNotFound : RONDA_MESSAGES.checkpointNotFound);
  if (entity === 'ronda') {
    await assertSectionInScope(db, user, owner);
    return;
  }
  const ronda = await findRonda(db, owner);
  if (!ronda) throw notFound(RONDA_MESSAGES.checkpointNotFound);
  assertRegion(user, ronda.regionId, 'Pusat semakan ini di luar wilayah anda.');
}

// ------------------------------------------------------------------------------------------------ sections

interface SectionGeo {
  id: number;
  name: string;
  description: string;
  regionId: number;
  kmStart: number | null;
  kmEnd: number | null;
  alignment: [number, number][] | null;
  mapCenter: string;
  mapZoom: number;
}

async function sectionGeo(db: Db, id: number): Promise<SectionGeo | undefined> {
  const [row] = await db
    .select({
      id: section.id,
      name: section.name,
      description: section.description,
      regionId: section.regionId,
      kmStart: section.kmStart,
      kmEnd: section.kmEnd,
      alignment: section.alignment,
      mapCenter: section.mapCenter,
      mapZoom: section.mapZoom,
    })
    .from(section)
    .where(eq(section.id, id));
  return row;
}

function rangeOf(sec: SectionGeo): { kmStart: number; kmEnd: number } {
  if (sec.kmStart === null || sec.kmEnd === null) throw badRequest(RONDA_MESSAGES.sectionWithoutRange, 'sectionId');
  return { kmStart: Math.min(sec.kmStart, sec.kmEnd), kmEnd: Math.max(sec.kmStart, sec.kmEnd) };
}

const outsideSection = (label: string, km: number, sec: SectionGeo, r: { kmStart: number; kmEnd: number }) =>
  `${label} ${fmtKm(km)} di luar julat seksyen ${sec.name} (KM ${fmtKm(r.kmStart)} – KM ${fmtKm(r.kmEnd)}).`;

// ------------------------------------------------------------------------------------------------ rondas: read

const checkpointCount = sql<number>`(select count(*)::int from ${rondaCheckpoint} where ${rondaCheckpoint.rondaLoopId} = ${rondaLoop.id})`;

const rondaColumns = {
  pkRondaLoopId: rondaLoop.id,
  rondaName: rondaLoop.name,
  sectionId: rondaLoop.sectionId,
  sectionName: section.name,
  regionId: section.regionId,
  regionName: region.name,
  pointAName: rondaLoop.pointAName,
  pointBName: rondaLoop.pointBName,
  kmFrom: rondaLoop.kmFrom,
  kmTo: rondaLoop.kmTo,
  isActive: rondaLoop.isActive,
  checkpointCount,
};

export const RONDA_SORTABLE: Sortable = {
  pkRondaLoopId: rondaLoop.id,
  rondaName: rondaLoop.name,
  sectionName: section.name,
  regionName: region.name,
  pointAName: rondaLoop.pointAName,
  pointBName: rondaLoop.pointBName,
  kmFrom: rondaLoop.kmFrom,
  kmTo: rondaLoop.kmTo,
  isActive: rondaLoop.isActive,
  checkpointCount,
};

function rondaWhere(user: TokenClaims, f: RondaFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [inScope(user)];
  if (f.sectionId) parts.push(eq(rondaLoop.sectionId, f.sectionId));
  if (f.regionId) parts.push(eq(section.regionId, f.regionId));
  if (f.active !== undefined) parts.push(eq(rondaLoop.isActive, f.active));
  if (f.search)
    parts.push(or(ilike(rondaLoop.name, like(f.search)), ilike(rondaLoop.pointAName, like(f.search)), ilike(rondaLoop.pointBName, like(f.search))));
  return and(...parts);
}

const toRondaRow = (r: Omit<RondaRow, 'checkpointCount'> & { checkpointCount: number | string }): RondaRow => ({
  ...r,
  checkpointCount: Number(r.checkpointCount),
});

export async function listRondas(db: Db, user: TokenClaims, f: RondaFilter, q: DataTablesQuery): Promise<{ rows: RondaRow[]; recordCount: number }> {
  const qb = db
    .select({ ...rondaColumns, total: totalOver() })
    .from(rondaLoop)
    .innerJoin(section, eq(section.id, rondaLoop.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .where(rondaWhere(user, f))
    .$dynamic();
  const { rows, recordCount } = await listPage<typeof qb, RondaRow & { total: number }>(
    qb,
    q,
    orderOf(q, RONDA_SORTABLE, 'rondaName', [rondaLoop.id]),
  );
  return { rows: rows.map(toRondaRow), recordCount };
}

export async function rondasForCsv(
  db: Db,
  user: TokenClaims,
  f: RondaFilter,
  q: Pick<DataTablesQuery, 'orderColumn' | 'direction'>,
): Promise<RondaRow[]> {
  const { rows } = await listRondas(db, user, f, { ...q, start: 0, length: CSV_EXPORT_MAX_ROWS });
  return rows;
}

async function rondaRowById(db: Db, id: number): Promise<RondaRow> {
  const [row] = await db
    .select(rondaColumns)
    .from(rondaLoop)
    .innerJoin(section, eq(section.id, rondaLoop.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .where(eq(rondaLoop.id, id));
  if (!row) throw notFound(RONDA_MESSAGES.rondaNotFound);
  return toRondaRow(row);
}

/** rondaloop/get: the ronda with its section's range and alignment (for the checkpoint map). */
export async function getRonda(db: Db, user: TokenClaims, id: number): Promise<RondaDetail> {
  const ref = await rondaInScope(db, user, id);
  const [row, sec] = await Promise.all([rondaRowById(db, id), sectionGeo(db, ref.sectionId)]);
  return {
    ...row,
    section: {
      sectionId: sec!.id,
      sectionName: sec!.name,
      description: sec!.description,
      kmStart: sec!.kmStart,
      kmEnd: sec!.kmEnd,
      alignment: sec!.alignment ?? [],
      mapcenter: sec!.mapCenter,
      mapzoom: sec!.mapZoom,
    },
  };
}

// ------------------------------------------------------------------------------------------------ rondas: write

/** The fields of a ronda as its history shows them. */
const rondaValues = (r: typeof rondaLoop.$inferSelect) => ({
  sectionId: r.sectionId,
  rondaName: r.name,
  pointAName: r.pointAName,
  pointBName: r.pointBName,
  kmFrom: r.kmFrom,
  kmTo: r.kmTo,
  isActive: r.isActive,
});

export async function saveRonda(db: Db, user: TokenClaims, input: RondaSave & { isActive: boolean }): Promise<RondaRow> {
  return db.transaction(async (tx) => {
    // access first: the ronda being changed, then the section it is (or goes) in
    let before: typeof rondaLoop.$inferSelect | undefined;
    if (input.pkRondaLoopId) {
      await rondaInScope(tx, user, input.pkRondaLoopId);
      [before] = await tx.select().from(rondaLoop).where(eq(rondaLoop.id, input.pkRondaLoopId)).for('update');
      // deleted since the access check (a concurrent delete): not a new ronda
      if (!before) throw notFound(RONDA_MESSAGES.rondaNotFound);
    }
    const sec = await sectionGeo(tx, input.sectionId);
    if (!sec) throw badRequest('Seksyen tidak dijumpai.', 'sectionId');
    assertRegion(user, sec.regionId, 'Seksyen ini di luar wilayah anda.');

    const range = rangeOf(sec);
    for (const [field, label] of [
      ['kmFrom', 'KM Dari'],
      ['kmTo', 'KM Hingga'],
    ] as const) {
      const km = input[field];
      if (km < range.kmStart || km > range.kmEnd) throw badRequest(outsideSection(label, km, sec, range), field);
    }
    if (before && before.sectionId !== input.sectionId) {
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(rondaCheckpoint).where(eq(rondaCheckpoint.rondaLoopId, before.id));
      if (Number(n) > 0)
        throw badRequest('Seksyen ronda yang sudah mempunyai pusat semakan tidak boleh ditukar; padam pusat semakannya dahulu.', 'sectionId');
    }

    const values = {
      sectionId: input.sectionId,
      name: input.rondaName.trim(),
      pointAName: input.pointAName.trim(),
      pointBName: input.pointBName.trim(),
      kmFrom: input.kmFrom,
      kmTo: input.kmTo,
      isActive: input.isActive,
    };
    let after: typeof rondaLoop.$inferSelect;
    if (before) {
      [after] = await tx
        .update(rondaLoop)
        .set({ ...values, updatedAt: now() })
        .where(eq(rondaLoop.id, before.id))
        .returning();
      const action = before.isActive !== after.isActive ? (after.isActive ? 'activate' : 'deactivate') : 'update';
      await recordChange(tx, user, 'ronda', after.id, action, rondaValues(before), rondaValues(after));
    } else {
      [after] = await tx.insert(rondaLoop).values(values).returning();
      await recordChange(tx, user, 'ronda', after.id, 'create', null, rondaValues(after));
    }
    return rondaRowById(tx, after.id);
  });
}

/** rondaloop/delete: a ronda with checkpoints is deactivated (kept for its history), one without is deleted. */
export async function deleteRondas(db: Db, user: TokenClaims, ids: number[]): Promise<RondaDeleteResult> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    // access to every one before touching any
    for (const id of unique) await rondaInScope(tx, user, id);
    const result: RondaDeleteResult = { deleted: [], deactivated: [] };
    for (const id of unique) {
      const [before] = await tx.select().from(rondaLoop).where(eq(rondaLoop.id, id)).for('update');
      if (!before) throw notFound(RONDA_MESSAGES.rondaNotFound);
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(rondaCheckpoint).where(eq(rondaCheckpoint.rondaLoopId, id));
      if (Number(n) > 0) {
        if (before.isActive) {
          const [after] = await tx.update(rondaLoop).set({ isActive: false, updatedAt: now() }).where(eq(rondaLoop.id, id)).returning();
          await recordChange(tx, user, 'ronda', id, 'deactivate', rondaValues(before), rondaValues(after));
        }
        result.deactivated.push(id);
      } else {
        await tx.delete(rondaLoop).where(eq(rondaLoop.id, id));
        await recordChange(tx, user, 'ronda', id, 'delete', rondaValues(before), null);
        result.deleted.push(id);
      }
    }
    return result;
  });
}

// ------------------------------------------------------------------------------------------------ checkpoints: read

const directionName = sql<string>`coalesce(${lookupItem.value}, '—')`;

const checkpointColumns = {
  pkRondaLoopCheckpointId: rondaCheckpoint.id,
  rondaLoopId: rondaCheckpoint.rondaLoopId,
  rondaName: rondaLoop.name,
  sectionId: rondaLoop.sectionId,
  sectionName: section.name,
  regionId: section.regionId,
  seq: rondaCheckpoint.seq,
  checkpointName: rondaCheckpoint.name,
  km: rondaCheckpoint.km,
  directionId: rondaCheckpoint.directionId,
  directionName,
  latitude: rondaCheckpoint.latitude,
  longitude: rondaCheckpoint.longitude,
};

export const CHECKPOINT_SORTABLE: Sortable = {
  pkRondaLoopCheckpointId: rondaCheckpoint.id,
  rondaName: rondaLoop.name,
  sectionName: section.name,
  seq: rondaCheckpoint.seq,
  checkpointName: rondaCheckpoint.name,
  km: rondaCheckpoint.km,
  directionName,
};

const checkpointQuery = (db: Db) =>
  db
    .select({ ...checkpointColumns, total: totalOver() })
    .from(rondaCheckpoint)
    .innerJoin(rondaLoop, eq(rondaLoop.id, rondaCheckpoint.rondaLoopId))
    .innerJoin(section, eq(section.id, rondaLoop.sectionId))
    .leftJoin(lookupItem, eq(lookupItem.key, rondaCheckpoint.directionId));

function checkpointWhere(user: TokenClaims, f: CheckpointFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [inScope(user)];
  if (f.rondaLoopId) parts.push(eq(rondaCheckpoint.rondaLoopId, f.rondaLoopId));
  if (f.sectionId) parts.push(eq(rondaLoop.sectionId, f.sectionId));
  if (f.regionId) parts.push(eq(section.regionId, f.regionId));
  if (f.search) parts.push(or(ilike(rondaCheckpoint.name, like(f.search)), ilike(rondaLoop.name, like(f.search))));
  return and(...parts);
}

/** rondaloopcheckpoints/dataTables: by default each ronda's checkpoints in their order. */
export async function listCheckpoints(
  db: Db,
  user: TokenClaims,
  f: CheckpointFilter,
  q: DataTablesQuery,
): Promise<{ rows: CheckpointRow[]; recordCount: number }> {
  if (f.rondaLoopId) await rondaInScope(db, user, f.rondaLoopId);
  const qb = checkpointQuery(db).where(checkpointWhere(user, f)).$dynamic();
  return listPage<typeof qb, CheckpointRow & { total: number }>(
    qb,
    q,
    orderOf(q, CHECKPOINT_SORTABLE, 'rondaName', [rondaCheckpoint.rondaLoopId, rondaCheckpoint.seq, rondaCheckpoint.id]),
  );
}

export async function checkpointsForCsv(
  db: Db,
  user: TokenClaims,
  f: CheckpointFilter,
  q: Pick<DataTablesQuery, 'orderColumn' | 'direction'>,
): Promise<CheckpointRow[]> {
  const { rows } = await listCheckpoints(db, user, f, { ...q, start: 0, length: CSV_EXPORT_MAX_ROWS });
  return rows;
}

async function checkpointRowById(db: Db, id: number): Promise<CheckpointRow> {
  const [row] = await checkpointQuery(db).where(eq(rondaCheckpoint.id, id));
  if (!row) throw notFound(RONDA_MESSAGES.checkpointNotFound);
  const { total: _total, ...rest } = row;
  return rest;
}

export async function getCheckpoint(db: Db, user: TokenClaims, id: number): Promise<CheckpointRow> {
  await checkpointInScope(db, user, id);
  return checkpointRowById(db, id);
}

async function orderedCheckpoints(db: Db, rondaLoopId: number): Promise<CheckpointRow[]> {
  const rows = await checkpointQuery(db)
    .where(eq(rondaCheckpoint.rondaLoopId, rondaLoopId))
    .orderBy(asc(rondaCheckpoint.seq), asc(rondaCheckpoint.id));
  return rows.map(({ total: _total, ...rest }) => rest);
}

// ------------------------------------------------------------------------------------------------ checkpoints: write

const checkpointValues = (c: typeof rondaCheckpoint.$inferSelect) => ({
  rondaLoopId: c.rondaLoopId,
  seq: c.seq,
  checkpointName: c.name,
  km: c.km,
  directionId: c.directionId,
  latitude: c.latitude,
  longitude: c.longitude,
});

/** Locks the ronda (its order changes one writer at a time) and answers how many checkpoints it has. */
async function lockOrder(tx: Db, rondaLoopId: number): Promise<number> {
  await tx.select({ id: rondaLoop.id }).from(rondaLoop).where(eq(rondaLoop.id, rondaLoopId)).for('update');
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(rondaCheckpoint).where(eq(rondaCheckpoint.rondaLoopId, rondaLoopId));
  return Number(n);
}

/** Moves a checkpoint from place `from` to place `to` (both within 1…count), shifting the ones between. */
async function move(tx: Db, rondaLoopId: number, id: number, from: number, to: number) {
  if (from === to) return;
  const inRonda = eq(rondaCheckpoint.rondaLoopId, rondaLoopId);
  if (to < from) {
    await tx
      .update(rondaCheckpoint)
      .set({ seq: sql`${rondaCheckpoint.seq} + 1` })
      .where(and(inRonda, gte(rondaCheckpoint.seq, to), lt(rondaCheckpoint.seq, from)));
  } else {
    await tx
      .update(rondaCheckpoint)
      .set({ seq: sql`${rondaCheckpoint.seq} - 1` })
      .where(and(inRonda, gt(rondaCheckpoint.seq, from), lte(rondaCheckpoint.seq, to)));
  }
  await tx.update(rondaCheckpoint).set({ seq: to }).where(eq(rondaCheckpoint.id, id));
}

/** Numbers a ronda's checkpoints 1…n again in their order (after a delete). */
async function renumber(tx: Db, rondaLoopId: number) {
  await tx.execute(sql`
    update ${rondaCheckpoint} set seq = o.rn
    from (select id, row_number() over (order by seq, id)::int as rn from ${rondaCheckpoint} where ronda_loop_id = ${rondaLoopId}) o
    where ${rondaCheckpoint}.id = o.id and ${rondaCheckpoint}.seq <> o.rn`);
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Refuses a checkpoint outside its ronda's section: KM out of the section's range, or coordinates off its line. */
async function assertInsideSection(tx: Db, sectionId: number, input: CheckpointSave) {
  const sec = (await sectionGeo(tx, sectionId))!;
  const range = rangeOf(sec);
  if (input.km < range.kmStart || input.km > range.kmEnd) throw badRequest(outsideSection('KM', input.km, sec, range), 'km');
  if (!sec.alignment || sec.alignment.length < 2) throw badRequest(RONDA_MESSAGES.sectionWithoutAlignment, 'latitude');
  const place = placeOnSection(sec.alignment, sec.kmStart!, sec.kmEnd!, input.longitude, input.latitude);
  if (place.offLineKm > CHECKPOINT_MAX_OFF_LINE_KM) {
    throw badRequest(
      `Koordinat (${input.latitude.toFixed(5)}, ${input.longitude.toFixed(5)}) berada ${place.offLineKm.toFixed(1)} km dari lebuh raya seksyen ${sec.name}; ` +
        `pusat semakan mesti dalam ${CHECKPOINT_MAX_OFF_LINE_KM} km dari jajaran seksyen.`,
      'latitude',
    );
  }
  if (Math.abs(place.km - input.km) > CHECKPOINT_KM_TOLERANCE) {
    throw badRequest(`KM ${fmtKm(input.km)} tidak sepadan dengan koordinat yang dipilih (di sekitar KM ${fmtKm(place.km)}).`, 'km');
  }
}

/** rondaloopcheckpoints/save: a new checkpoint (last, or at `seq`) or an update (a `seq` moves it). */
export async function saveCheckpoint(db: Db, user: TokenClaims, input: CheckpointSave): Promise<CheckpointRow> {
  return db.transaction(async (tx) => {
    let before: typeof rondaCheckpoint.$inferSelect | undefined;
    if (input.pkRondaLoopCheckpointId) {
      const cp = await checkpointInScope(tx, user, input.pkRondaLoopCheckpointId);
      if (cp.rondaLoopId !== input.rondaLoopId) throw badRequest('Pusat semakan tidak boleh dipindahkan ke ronda lain.', 'rondaLoopId');
    }
    const ronda = await findRonda(tx, input.rondaLoopId);
    if (!ronda) throw badRequest(RONDA_MESSAGES.rondaNotFound, 'rondaLoopId');
    assertRegion(user, ronda.regionId);
    if (!input.pkRondaLoopCheckpointId && !ronda.isActive) throw badRequest(RONDA_MESSAGES.inactiveRonda, 'rondaLoopId');

    const [dir] = await tx
      .select({ key: lookupItem.key })
      .from(lookupItem)
      .where(and(eq(lookupItem.key, input.directionId), eq(lookupItem.category, 'cardinalDirection')));
    if (!dir) throw badRequest(RONDA_MESSAGES.badDirection, 'directionId');
    await assertInsideSection(tx, ronda.sectionId, input);

    const count = await lockOrder(tx, ronda.id);
    const values = {
      name: input.checkpointName.trim(),
      km: input.km,
      directionId: input.directionId,
      latitude: input.latitude,
      longitude: input.longitude,
    };
    let id: number;
    if (input.pkRondaLoopCheckpointId) {
      [before] = await tx.select().from(rondaCheckpoint).where(eq(rondaCheckpoint.id, input.pkRondaLoopCheckpointId));
      if (!before) throw notFound(RONDA_MESSAGES.checkpointNotFound);
      id = before.id;
      await tx.update(rondaCheckpoint).set(values).where(eq(rondaCheckpoint.id, id));
      if (input.seq !== undefined) await move(tx, ronda.id, id, before.seq, clamp(input.seq, 1, count));
    } else {
      const seq = input.seq === undefined ? count + 1 : clamp(input.seq, 1, count + 1);
      await tx
        .update(rondaCheckpoint)
        .set({ seq: sql`${rondaCheckpoint.seq} + 1` })
        .where(and(eq(rondaCheckpoint.rondaLoopId, ronda.id), gte(rondaCheckpoint.seq, seq)));
      [{ id }] = await tx
        .insert(rondaCheckpoint)
        .values({ ...values, rondaLoopId: ronda.id, seq })
        .returning({ id: rondaCheckpoint.id });
    }
    const [after] = await tx.select().from(rondaCheckpoint).where(eq(rondaCheckpoint.id, id));
    await recordChange(tx, user, 'checkpoint', id, before ? 'update' : 'create', before ? checkpointValues(before) : null, checkpointValues(after));
    return checkpointRowById(tx, id);
  });
}

/** rondaloopcheckpoints/reorder: moves one checkpoint; answers its ronda's checkpoints in their new order. */
export async function reorderCheckpoint(db: Db, user: TokenClaims, input: CheckpointReorder): Promise<CheckpointRow[]> {
  return db.transaction(async (tx) => {
    const cp = await checkpointInScope(tx, user, input.pkRondaLoopCheckpointId);
    const count = await lockOrder(tx, cp.rondaLoopId);
    const [before] = await tx.select().from(rondaCheckpoint).where(eq(rondaCheckpoint.id, cp.id));
    if (!before) throw notFound(RONDA_MESSAGES.checkpointNotFound);
    const to = clamp(input.seq, 1, count);
    await move(tx, cp.rondaLoopId, cp.id, before.seq, to);
    await recordChange(tx, user, 'checkpoint', cp.id, 'update', checkpointValues(before), { ...checkpointValues(before), seq: to });
    return orderedCheckpoints(tx, cp.rondaLoopId);
  });
}

/** rondaloopcheckpoints/delete: deletes the checkpoints and closes the gaps in their rondas' order. */
export async function deleteCheckpoints(db: Db, user: TokenClaims, ids: number[]): Promise<{ deleted: number[] }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await findCheckpoints(tx, unique);
    // access to every one before touching any: a missing id is a 404, another region's a 403
    for (const id of unique) {
      const cp = found.find((c) => c.id === id);
      if (!cp) throw notFound(`${RONDA_MESSAGES.checkpointNotFound} (id ${id})`);
      assertRegion(user, cp.regionId, 'Pusat semakan ini di luar wilayah anda.');
    }
    const rondas = [...new Set(found.map((c) => c.rondaLoopId))].sort((a, b) => a - b);
    for (const r of rondas) await lockOrder(tx, r);
    for (const id of unique) {
      const [before] = await tx.delete(rondaCheckpoint).where(eq(rondaCheckpoint.id, id)).returning();
      if (!before) throw notFound(`${RONDA_MESSAGES.checkpointNotFound} (id ${id})`);
      await recordChange(tx, user, 'checkpoint', id, 'delete', checkpointValues(before), null);
    }
    for (const r of rondas) await renumber(tx, r);
    return { deleted: unique };
  });
}
