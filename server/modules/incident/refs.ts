/**
 * Shared checks and helpers of the incident module: lookup keys against their lists, the duty roster a case is
 * assigned to, the "final case" test, status labels and the local (Asia/Brunei) date and time texts.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { LookupItem } from '../../../contract/envelope';
import type { LookupName } from '../../../contract/lookups';
import { STATUS } from '../../../contract/lookups';
import type { Db } from '../../db/client';
import {
  collisionList,
  dutyRoster,
  furtherActionItem,
  injury,
  involvedVehicle,
  laneClosure,
  lookupItem,
  roadFurnitureDamage,
  roadLaneSelection,
  section,
  trafficJam,
} from '../../db/schema';
import { seesAllRegions } from '../../plugins/auth';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { dayjs, TZ } from '../../lib/time';
import { oncePerDb } from '../../db/once-per-db';

/** A database or an open transaction (Drizzle's transaction is a PgDatabase too). */
export type Tx = Db;

export const ROSTER_NOT_FOUND = 'DutyRoster data not found.';
export const ROSTER_ENDED = 'Jadual tugas ini telah tamat.';
/** A roster may still take a case up to 12 h after its shift ended (late reports of the night shift). */
export const ROSTER_GRACE_MS = 12 * 3600 * 1000;
export const STALE_MESSAGE = 'Kes ini telah dikemaskini oleh pengguna lain. Sila muat semula dan cuba lagi.';
export const NOT_ASSIGNED_TO_YOU = 'Kes ini tidak ditugaskan kepada pasukan anda.';

export const isSuperadmin = (user: TokenClaims) => user.rn === 'SUPERADMIN';

/** Tutup, Batal, or ever cancelled: only a superadmin may still change the case (§4.2, §6). */
export const isFinalCase = (c: { statusId: number | null; everCancelled: boolean }) =>
  c.statusId === STATUS.CLOSED || c.statusId === STATUS.CANCELLED || c.everCancelled;

export const finalCaseMessage = (c: { statusId: number | null; everCancelled: boolean }) =>
  c.statusId === STATUS.CLOSED
    ? 'Kes yang telah ditutup (Tutup) tidak boleh dikemaskini. Hanya superadmin boleh membuat pembetulan.'
    : 'Kes yang telah dibatalkan tidak boleh dikemaskini. Hanya superadmin boleh membuat pembetulan.';

// ------------------------------------------------------------------------------------------------ lookups

export interface LookupCheck {
  /** the payload field, named in the 400 */
  field: string;
  value: number | null | undefined;
  category: LookupName;
  /** what the user calls it, in the message */
  label: string;
}

/** Every non-null key must be a lookup item of its list; one query for all of them. */
export async function checkLookups(db: Tx, checks: LookupCheck[]): Promise<void> {
  const wanted = checks.filter((c) => c.value !== null && c.value !== undefined);
  if (!wanted.length) return;
  const keys = [...new Set(wanted.map((c) => c.value as number))];
  const rows = await db.select({ key: lookupItem.key, category: lookupItem.category }).from(lookupItem).where(inArray(lookupItem.key, keys));
  const byKey = new Map(rows.map((r) => [r.key, r.category]));
  for (const c of wanted) {
    if (byKey.get(c.value as number) !== c.category)
      throw badRequest(`${c.label} tidak sah (kod ${c.value} bukan dalam senarai ${c.category}).`, c.field);
  }
}

/** key → {key, value, description} for the given keys (nulls skipped). */
export async function lookupMap(db: Tx, keys: (number | null | undefined)[]): Promise<Map<number, LookupItem>> {
  const wanted = [...new Set(keys.filter((k): k is number => typeof k === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await lookupItemsOf(db).execute({ keys: wanted });
  return new Map(rows.map((r) => [r.key, r]));
}
/**
 * lookupMap's read: one statement for any number of keys (`= any($1)`, the keys as one array), built once per
 * database and prepared (named on PostgreSQL), as access.ts does: most case reads end with it, and building it with
 * Drizzle on every call was a good part of a small call's own work (bench/uncached-reads.ts).
 */
const prepareLookupItems = (db: Tx) =>
  db
    .select({ key: lookupItem.key, value: lookupItem.value, description: lookupItem.description })
    .from(lookupItem)
    .where(sql`${lookupItem.key} = any(${sql.placeholder('keys')})`)
    .prepare('lookup_items_by_key');
const lookupItemsOf = oncePerDb((db: Tx) => prepareLookupItems(db));

export const NO_STATUS = 'Tiada Status';

export async function statusLabel(db: Tx, statusId: number | null): Promise<string> {
  if (statusId === null) return NO_STATUS;
  return (await lookupMap(db, [statusId])).get(statusId)?.value ?? String(statusId);
}

// ------------------------------------------------------------------------------------------------ rosters

export interface RosterRef {
  id: number;
  name: string;
  sectionId: number;
  regionId: number;
  teamId: number;
  endsAt: Date;
}

/**
 * The roster a case is assigned to: it exists (404 'DutyRoster data not found.', which the PWA shows as 'Tiada rekod
 * DutyRoster dijumpai'), lies in the caller's region (403) and in the case's region (400), and its shift did not
 * end more than 12 h ago (400).
 */
export async function checkRoster(
  db: Tx,
  user: TokenClaims,
  rosterId: number,
  opts: { field: string; caseRegionId: number; now: Date },
): Promise<RosterRef> {
  const [r] = await db
    .select({
      id: dutyRoster.id,
      name: dutyRoster.dutyRosterName,
      sectionId: dutyRoster.sectionId,
      regionId: section.regionId,
      teamId: dutyRoster.teamId,
      endsAt: dutyRoster.endsAt,
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .where(eq(dutyRoster.id, rosterId))
    .limit(1);
  if (!r) throw notFound(ROSTER_NOT_FOUND);
  if (!seesAllRegions(user) && r.regionId !== user.reg) throw forbidden('Jadual tugas ini di luar wilayah anda.');
  if (r.regionId !== opts.caseRegionId) throw badRequest('Jadual tugas ini bukan dari wilayah kes ini.', opts.field);
  if (r.endsAt.getTime() < opts.now.getTime() - ROSTER_GRACE_MS) throw badRequest(ROSTER_ENDED, opts.field);
  return r;
}

// ------------------------------------------------------------------------------------------------ subform children

/** The child-list tables of a subform (§3.6; involved vehicles and the lists of #5). */
export const SUBFORM_CHILD_TABLES = [
  involvedVehicle,
  collisionList,
  roadLaneSelection,
  furtherActionItem,
  roadFurnitureDamage,
  laneClosure,
  trafficJam,
  injury,
] as const;

/** Child rows live and die with their subform: a deleted or replaced subform soft-deletes every live child row. */
export async function softDeleteSubformChildren(db: Tx, subformIds: number[], at: Date): Promise<void> {
  if (!subformIds.length) return;
  for (const table of SUBFORM_CHILD_TABLES) {
    await db
      .update(table)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(inArray(table.subformId, subformIds), isNull(table.deletedAt)));
  }
}

// ------------------------------------------------------------------------------------------------ local time

export { localCompact, localDisplay, localDmy, localHms, localYmd } from '../../lib/time';

/** The UTC instant of a local date (YYYY-MM-DD) and time (hh:mm or hh:mm:ss). */
export function localDateTime(date: string, time: string): Date {
  const t = time.length === 5 ? `${time}:00` : time;
  return dayjs.tz(`${date} ${t}`, 'YYYY-MM-DD HH:mm:ss', TZ).toDate();
}
