/**
 * Region scope of the administration (issue #14 item 7): a manager works on the staff, teams, leave, shifts' use,
 * rondas and checkpoints of the region of their own section; national roles (SEES_ALL_REGIONS, and staff seated at
 * the headquarters region) on all. The server applies it on every call, reads and writes alike.
 */
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../contract/auth';
import type { Db } from '../db/client';
import { section } from '../db/schema';
import { seesAllRegions } from '../plugins/auth';
import { forbidden, notFound } from './http-error';

/** The region a user is limited to, or null when it sees every region. */
export const regionScopeOf = (user: TokenClaims): number | null => (seesAllRegions(user) ? null : user.reg);

/** A where-condition on `section.region_id` for the user's scope (undefined: no limit). Join `section` to use it. */
export const inScope = (user: TokenClaims): SQL | undefined => {
  const region = regionScopeOf(user);
  return region === null ? undefined : eq(section.regionId, region);
};

/**
 * Refuses a section outside the user's scope: 404 when it does not exist, 403 'di luar wilayah anda' when it is
 * another region's. Answers the section's region.
 */
export async function assertSectionInScope(db: Db, user: TokenClaims, sectionId: number): Promise<number> {
  const [row] = await db.select({ regionId: section.regionId }).from(section).where(eq(section.id, sectionId));
  if (!row) throw notFound('Seksyen tidak dijumpai.');
  const region = regionScopeOf(user);
  if (region !== null && row.regionId !== region) throw forbidden('Seksyen ini di luar wilayah anda.');
  return row.regionId;
}

/** The ids of the sections a user may work on (null: all). */
export async function sectionIdsInScope(db: Db, user: TokenClaims): Promise<number[] | null> {
  const region = regionScopeOf(user);
  if (region === null) return null;
  const rows = await db
    .select({ id: section.id })
    .from(section)
    .where(inArray(section.regionId, [region]));
  return rows.map((r) => r.id);
}
