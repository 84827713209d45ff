/**
 * Fleet access (issue #16): vehicles, call signs and assets belong to a section, so a manager works on those of the
 * region of their own section and the national roles on all (server/lib/scope.ts). Each helper reads the record a
 * call is about first, before anything else of the call: 404 when there is none, 403 when it is another region's.
 * `forUpdate` locks the record's row (writes). Vehicle models and the checklist master are national: no scope.
 */
import { and, eq } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { FLEET_MESSAGES } from '../../../contract/fleet';
import type { Db } from '../../db/client';
import { asset, callSign, lookupItem, section, vehicle } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
import { regionScopeOf } from '../../lib/scope';

export const OUT_OF_REGION = 'Rekod ini di luar wilayah anda.';

function refuseOutOfScope(user: TokenClaims, regionId: number) {
  const scope = regionScopeOf(user);
  if (scope !== null && regionId !== scope) throw forbidden(OUT_OF_REGION);
}

export type VehicleRecord = typeof vehicle.$inferSelect & { regionId: number; sectionName: string };

export async function vehicleInScope(db: Db, user: TokenClaims, id: number, opts: { forUpdate?: boolean } = {}): Promise<VehicleRecord> {
  const q = db
    .select({ v: vehicle, regionId: section.regionId, sectionName: section.name })
    .from(vehicle)
    .innerJoin(section, eq(section.id, vehicle.sectionId))
    .where(eq(vehicle.id, id));
  const [row] = opts.forUpdate ? await q.for('update', { of: vehicle }) : await q;
  if (!row) throw notFound(FLEET_MESSAGES.vehicleNotFound);
  refuseOutOfScope(user, row.regionId);
  return { ...row.v, regionId: row.regionId, sectionName: row.sectionName };
}

export type CallSignRecord = typeof callSign.$inferSelect & { regionId: number; sectionName: string };

export async function callSignInScope(db: Db, user: TokenClaims, id: number, opts: { forUpdate?: boolean } = {}): Promise<CallSignRecord> {
  const q = db
    .select({ c: callSign, regionId: section.regionId, sectionName: section.name })
    .from(callSign)
    .innerJoin(section, eq(section.id, callSign.sectionId))
    .where(eq(callSign.id, id));
  const [row] = opts.forUpdate ? await q.for('update', { of: callSign }) : await q;
  if (!row) throw notFound(FLEET_MESSAGES.callsignNotFound);
  refuseOutOfScope(user, row.regionId);
  return { ...row.c, regionId: row.regionId, sectionName: row.sectionName };
}

export type AssetRecord = typeof asset.$inferSelect & { regionId: number; sectionName: string };

export async function assetInScope(db: Db, user: TokenClaims, id: number, opts: { forUpdate?: boolean } = {}): Promise<AssetRecord> {
  const q = db
    .select({ a: asset, regionId: section.regionId, sectionName: section.name })
    .from(asset)
    .innerJoin(section, eq(section.id, asset.sectionId))
    .where(eq(asset.id, id));
  const [row] = opts.forUpdate ? await q.for('update', { of: asset }) : await q;
  if (!row) throw notFound(FLEET_MESSAGES.assetNotFound);
  refuseOutOfScope(user, row.regionId);
  return { ...row.a, regionId: row.regionId, sectionName: row.sectionName };
}

/** The name of an assetCategory lookup key, or undefined when it is not one. */
export async function assetCategoryName(db: Db, key: number): Promise<string | undefined> {
  const [row] = await db
    .select({ value: lookupItem.value })
    .from(lookupItem)
    .where(and(eq(lookupItem.category, 'assetCategory'), eq(lookupItem.key, key)));
  return row?.value;
}

/** Whether a failed statement broke the named unique index or constraint (SQLSTATE 23505). */
export function uniqueViolationOf(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 3;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : typeof e.message === 'string' ? e.message : '';
  }
  return undefined;
}
