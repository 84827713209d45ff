/**
 * Assets (issue #16; /listingasset, /createupdateasset): tagged equipment of a section, carried by one of its
 * vehicles or kept in its store. Region-scoped like vehicles. The category is an assetCategory lookup key (400); the
 * tag is unique (409); the vehicle must be of the asset's section (400) and active (400; a vehicle deactivated since
 * it was given may stay). An asset assigned to a vehicle is deactivated on delete, never erased. Every change is
 * recorded (entity 'asset').
 */
import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import { FLEET_MESSAGES, type AssetFilter, type AssetRow, type FleetDeleteResult } from '../../../contract/fleet';
import type { Db } from '../../db/client';
import { asset, callSign, lookupItem, region, section, vehicle } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { CSV_EXPORT_MAX_ROWS, escapeLike, listPage, orderOf, toCsv, totalOver, type CsvColumn, type Sortable } from '../../lib/data-table';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { assertSectionInScope, regionScopeOf } from '../../lib/scope';
import { assetCategoryName, assetInScope, uniqueViolationOf, type AssetRecord } from './access';
import { now as clockNow } from '../../lib/clock';

export interface AssetSaveInput {
  pkAssetId?: number;
  sectionId: number;
  assetCategoryId: number;
  name: string;
  tagNo: string;
  vehicleId: number | null;
  remark: string | null;
  isActive: boolean;
}

const category = alias(lookupItem, 'asset_category');

const columns = {
  pkAssetId: asset.id,
  sectionId: asset.sectionId,
  sectionName: section.name,
  regionId: section.regionId,
  regionName: region.name,
  assetCategoryId: asset.assetCategoryId,
  assetCategoryName: category.value,
  name: asset.name,
  tagNo: asset.tagNo,
  vehicleId: asset.vehicleId,
  plateNumber: vehicle.plateNumber,
  callSign: callSign.callSign,
  remark: asset.remark,
  isActive: asset.isActive,
};

const SORTABLE: Sortable = {
  pkAssetId: asset.id,
  sectionName: section.name,
  regionName: region.name,
  assetCategoryName: category.value,
  name: asset.name,
  tagNo: asset.tagNo,
  plateNumber: vehicle.plateNumber,
  callSign: callSign.callSign,
  isActive: asset.isActive,
};

const assetQuery = (db: Db, where: SQL | undefined) =>
  db
    .select({ ...columns, total: totalOver() })
    .from(asset)
    .innerJoin(section, eq(section.id, asset.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .leftJoin(category, and(eq(category.key, asset.assetCategoryId), eq(category.category, 'assetCategory')))
    .leftJoin(vehicle, eq(vehicle.id, asset.vehicleId))
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .where(where)
    .$dynamic();

type DbRow = AssetRow & { total: number };

function assetWhere(user: TokenClaims, f: AssetFilter): SQL | undefined {
  const scope = regionScopeOf(user);
  const parts: (SQL | undefined)[] = [scope === null ? undefined : eq(section.regionId, scope)];
  for (const word of (f.text ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${escapeLike(word)}%`;
    parts.push(
      or(
        ilike(asset.name, like),
        ilike(asset.tagNo, like),
        ilike(sql`replace(${vehicle.plateNumber}, ' ', '')`, like),
        ilike(callSign.callSign, like),
      ),
    );
  }
  if (f.regionId) parts.push(eq(section.regionId, f.regionId));
  if (f.sectionId) parts.push(eq(asset.sectionId, f.sectionId));
  if (f.assetCategoryId) parts.push(eq(asset.assetCategoryId, f.assetCategoryId));
  if (f.vehicleId) parts.push(eq(asset.vehicleId, f.vehicleId));
  if (f.isActive !== undefined) parts.push(eq(asset.isActive, f.isActive));
  return and(...parts);
}

const assetOrder = (q: Pick<DataTablesQuery, 'orderColumn' | 'direction'>) => orderOf(q, SORTABLE, 'sectionName', [asset.tagNo, asset.id]);

export async function listAssets(db: Db, user: TokenClaims, f: AssetFilter, q: DataTablesQuery): Promise<{ rows: AssetRow[]; recordCount: number }> {
  const qb = assetQuery(db, assetWhere(user, f));
  return listPage<typeof qb, DbRow>(qb, q, assetOrder(q));
}

const ASSET_CSV: CsvColumn<AssetRow>[] = [
  { label: 'Wilayah', value: (r) => r.regionName },
  { label: 'Seksyen', value: (r) => r.sectionName },
  { label: 'Kategori', value: (r) => r.assetCategoryName },
  { label: 'Nama Aset', value: (r) => r.name },
  { label: 'No. Tag', value: (r) => r.tagNo },
  { label: 'No. Plat', value: (r) => r.plateNumber },
  { label: 'Callsign', value: (r) => r.callSign },
  { label: 'Catatan', value: (r) => r.remark },
  { label: 'Status', value: (r) => (r.isActive ? 'Aktif' : 'Tidak Aktif') },
];

export async function assetsCsv(db: Db, user: TokenClaims, f: AssetFilter, q: Pick<DataTablesQuery, 'orderColumn' | 'direction'>): Promise<string> {
  const rows = (await assetQuery(db, assetWhere(user, f))
    .orderBy(...assetOrder(q))
    .limit(CSV_EXPORT_MAX_ROWS)) as unknown as DbRow[];
  return toCsv(
    rows.map(({ total: _t, ...r }) => r),
    ASSET_CSV,
  );
}

async function assetRow(db: Db, id: number): Promise<AssetRow> {
  const [row] = (await assetQuery(db, eq(asset.id, id))) as unknown as DbRow[];
  if (!row) throw notFound(FLEET_MESSAGES.assetNotFound);
  const { total: _t, ...r } = row;
  return r;
}

export async function getAsset(db: Db, user: TokenClaims, id: number): Promise<AssetRow> {
  await assetInScope(db, user, id);
  return assetRow(db, id);
}

async function historyValues(db: Db, a: typeof asset.$inferSelect) {
  const [sec] = await db.select({ name: section.name }).from(section).where(eq(section.id, a.sectionId));
  const [v] = a.vehicleId ? await db.select({ plateNumber: vehicle.plateNumber }).from(vehicle).where(eq(vehicle.id, a.vehicleId)) : [];
  return {
    name: a.name,
    tagNo: a.tagNo,
    section: sec?.name ?? String(a.sectionId),
    category: (await assetCategoryName(db, a.assetCategoryId)) ?? String(a.assetCategoryId),
    vehicle: v?.plateNumber ?? null,
    remark: a.remark,
    isActive: a.isActive,
  };
}

/** asset/save: a new asset or an edit. */
export async function saveAsset(db: Db, user: TokenClaims, input: AssetSaveInput): Promise<AssetRow> {
  if (input.pkAssetId) await assetInScope(db, user, input.pkAssetId);
  await assertSectionInScope(db, user, input.sectionId);
  const tag = input.tagNo;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const current: AssetRecord | null = input.pkAssetId ? await assetInScope(tx, user, input.pkAssetId, { forUpdate: true }) : null;
      if ((await assetCategoryName(tx, input.assetCategoryId)) === undefined) throw badRequest(FLEET_MESSAGES.assetCategory, 'assetCategoryId');
      const [same] = await tx
        .select({ id: asset.id })
        .from(asset)
        .where(and(eq(asset.tagNo, tag), current ? ne(asset.id, current.id) : undefined))
        .limit(1);
      if (same) throw conflict(FLEET_MESSAGES.duplicateAssetTag(tag), 'tagNo');
      if (input.vehicleId !== null) {
        const [v] = await tx
          .select({ id: vehicle.id, sectionId: vehicle.sectionId, isActive: vehicle.isActive })
          .from(vehicle)
          .where(eq(vehicle.id, input.vehicleId));
        if (!v) throw badRequest(FLEET_MESSAGES.vehicleNotFound, 'vehicleId');
        if (v.sectionId !== input.sectionId) throw badRequest(FLEET_MESSAGES.assetVehicleSection, 'vehicleId');
        if (!v.isActive && current?.vehicleId !== v.id) throw badRequest(FLEET_MESSAGES.assetVehicleInactive, 'vehicleId');
      }
      const values = {
        sectionId: input.sectionId,
        assetCategoryId: input.assetCategoryId,
        name: input.name.trim(),
        tagNo: tag,
        vehicleId: input.vehicleId,
        remark: input.remark,
        isActive: input.isActive,
      };
      if (!current) {
        const [created] = await tx.insert(asset).values(values).returning();
        await recordChange(tx, user, 'asset', created.id, 'create', null, await historyValues(tx, created));
        return created.id;
      }
      const [after] = await tx
        .update(asset)
        .set({ ...values, updatedAt: clockNow() })
        .where(eq(asset.id, current.id))
        .returning();
      const before = await historyValues(tx, current);
      const now = await historyValues(tx, after);
      const onlyStatus =
        JSON.stringify({ ...before, isActive: null }) === JSON.stringify({ ...now, isActive: null }) && before.isActive !== now.isActive;
      await recordChange(tx, user, 'asset', current.id, onlyStatus ? (now.isActive ? 'activate' : 'deactivate') : 'update', before, now);
      return current.id;
    });
  } catch (err) {
    if (uniqueViolationOf(err) !== undefined) throw conflict(FLEET_MESSAGES.duplicateAssetTag(tag), 'tagNo');
    throw err;
  }
  return assetRow(db, id);
}

/** asset/delete: assigned to a vehicle → deactivated; else erased. */
export async function deleteAsset(db: Db, user: TokenClaims, id: number): Promise<FleetDeleteResult> {
  await assetInScope(db, user, id);
  return db.transaction(async (tx) => {
    const current = await assetInScope(tx, user, id, { forUpdate: true });
    if (current.vehicleId !== null) {
      if (current.isActive) {
        const [after] = await tx.update(asset).set({ isActive: false, updatedAt: clockNow() }).where(eq(asset.id, id)).returning();
        await recordChange(tx, user, 'asset', id, 'deactivate', await historyValues(tx, current), await historyValues(tx, after));
      }
      return { id, outcome: 'deactivated' as const };
    }
    const before = await historyValues(tx, current);
    await tx.delete(asset).where(eq(asset.id, id));
    await recordChange(tx, user, 'asset', id, 'delete', before, null);
    return { id, outcome: 'deleted' as const };
  });
}
