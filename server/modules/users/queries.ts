/**
 * The user lists' SQL (user/getusers, user/dataTables, user/csv, user/staffWithoutAccount): one statement per page with
 * its total (server/lib/data-table.ts listPage). Every role that administers users sees every region, so there is no
 * region scope here (contract/roles.ts SEES_ALL_REGIONS holds Administrator, PRIMEADMIN and SUPERADMIN).
 */
import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ROLES } from '../../../contract/roles';
import type { DataTablesQuery } from '../../../contract/envelope';
import type { StaffCandidate, UserFilter, UserRow } from '../../../contract/users';
import type { Db } from '../../db/client';
import { appUser, region, role, section, staff } from '../../db/schema';
import { CSV_EXPORT_MAX_ROWS, escapeLike, listPage, orderOf, totalOver, type Sortable } from '../../lib/data-table';

/** orderColumn → column (contract/users.ts USER_SORTABLE); ties are broken by the user id. */
export const USER_SORTABLE: Sortable = {
  username: appUser.username,
  displayName: staff.displayName,
  nric: staff.nric,
  employeeId: staff.staffNo,
  region: region.name,
  sectionName: section.name,
  position: staff.position,
  roleName: role.name,
  status: appUser.isActive,
  lastLoginAt: appUser.lastLoginAt,
};

/** Words of a free search: each must be in the username, the name, the staff number or the NRIC. */
function searchOf(text: string | undefined, withUser: boolean): SQL[] {
  if (!text) return [];
  return text
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => {
      const like = `%${escapeLike(w)}%`;
      return or(
        ilike(staff.displayName, like),
        ilike(staff.staffNo, like),
        ilike(staff.nric, like),
        ...(withUser ? [ilike(appUser.username, like)] : []),
      )!;
    });
}

export function userWhere(f: UserFilter): SQL | undefined {
  return and(
    f.roleId ? eq(appUser.roleId, f.roleId) : undefined,
    f.regionId ? eq(section.regionId, f.regionId) : undefined,
    f.sectionId ? eq(staff.sectionId, f.sectionId) : undefined,
    f.status ? eq(appUser.isActive, f.status === 'active') : undefined,
    f.authType ? eq(appUser.authType, f.authType) : undefined,
    ...searchOf(f.search, true),
  );
}

const userColumns = {
  userId: appUser.id,
  pkStaffId: staff.id,
  username: appUser.username,
  displayName: staff.displayName,
  nric: staff.nric,
  employeeId: staff.staffNo,
  region: region.name,
  regionId: region.id,
  sectionName: section.name,
  sectionId: section.id,
  position: staff.position,
  roleId: role.id,
  roleName: role.name,
  authType: appUser.authType,
  isActive: appUser.isActive,
  resetPasswordCount: appUser.resetPasswordCount,
  lastLoginAt: appUser.lastLoginAt,
};

type UserSelectRow = { [K in keyof typeof userColumns]: (typeof userColumns)[K]['_']['data'] } & { lastLoginAt: Date | null; nric: string | null };

const usersFrom = (db: Db, withTotal: boolean) =>
  db
    .select(withTotal ? { ...userColumns, total: totalOver() } : userColumns)
    .from(appUser)
    .innerJoin(staff, eq(staff.id, appUser.staffId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .innerJoin(role, eq(role.id, appUser.roleId));

const roleLabelOf = (id: number, fallback: string) => ROLES.find((r) => r.id === id)?.label ?? fallback;

function toUserRow(r: UserSelectRow, no: number): UserRow {
  return {
    userId: r.userId,
    incidentId: r.pkStaffId,
    pkStaffId: r.pkStaffId,
    No: no,
    username: r.username,
    displayName: r.displayName,
    nric: r.nric,
    employeeId: r.employeeId,
    region: r.region,
    regionId: r.regionId,
    sectionName: r.sectionName,
    sectionId: r.sectionId,
    position: r.position,
    roleId: r.roleId,
    roleName: r.roleName,
    roleLabel: roleLabelOf(r.roleId, r.roleName),
    authType: r.authType === 'LDAP' ? 'LDAP' : 'LOCAL',
    status: r.isActive ? 'AKTIF' : 'TIDAK AKTIF',
    isActive: r.isActive,
    resetPasswordCount: r.resetPasswordCount,
    lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
  };
}

/** One page of users (every status unless filtered), numbered from start + 1. */
export async function listUsers(db: Db, f: UserFilter, q: DataTablesQuery): Promise<{ rows: UserRow[]; recordCount: number }> {
  const qb = usersFrom(db, true).where(userWhere(f)).$dynamic();
  const { rows, recordCount } = await listPage(qb, q, orderOf(q, USER_SORTABLE, 'username', [appUser.id]));
  return { rows: (rows as unknown as UserSelectRow[]).map((r, i) => toUserRow(r, q.start + i + 1)), recordCount };
}

/** The whole filtered list for the CSV (at most CSV_EXPORT_MAX_ROWS). */
export async function usersForCsv(db: Db, f: UserFilter, q: Partial<Pick<DataTablesQuery, 'orderColumn' | 'direction'>>): Promise<UserRow[]> {
  const rows = (await usersFrom(db, false)
    .where(userWhere(f))
    .orderBy(...orderOf({ orderColumn: q.orderColumn, direction: q.direction ?? 'asc' }, USER_SORTABLE, 'username', [appUser.id]))
    .limit(CSV_EXPORT_MAX_ROWS)) as unknown as UserSelectRow[];
  return rows.map((r, i) => toUserRow(r, i + 1));
}

export async function userById(db: Pick<Db, 'select'>, id: number): Promise<UserRow | undefined> {
  const [r] = (await (db as Db)
    .select(userColumns)
    .from(appUser)
    .innerJoin(staff, eq(staff.id, appUser.staffId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .innerJoin(role, eq(role.id, appUser.roleId))
    .where(eq(appUser.id, id))
    .limit(1)) as unknown as UserSelectRow[];
  return r ? toUserRow(r, 1) : undefined;
}

// ------------------------------------------------------------------------------------------------ staff without a user

export const STAFF_CANDIDATE_SORTABLE: Sortable = {
  displayName: staff.displayName,
  staffNo: staff.staffNo,
  position: staff.position,
  sectionName: section.name,
  region: region.name,
};

/** Active staff members who have no user yet (for /registeruser). */
export async function staffWithoutAccount(
  db: Db,
  f: { search?: string; sectionId?: number },
  q: DataTablesQuery,
): Promise<{ rows: StaffCandidate[]; recordCount: number }> {
  const qb = db
    .select({
      pkStaffId: staff.id,
      staffNo: staff.staffNo,
      displayName: staff.displayName,
      position: staff.position,
      nric: staff.nric,
      sectionId: section.id,
      sectionName: section.name,
      region: region.name,
      total: totalOver(),
    })
    .from(staff)
    .innerJoin(section, eq(section.id, staff.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .leftJoin(appUser, eq(appUser.staffId, staff.id))
    .where(
      and(isNull(appUser.id), eq(staff.isActive, true), f.sectionId ? eq(staff.sectionId, f.sectionId) : undefined, ...searchOf(f.search, false)),
    )
    .$dynamic();
  const { rows, recordCount } = await listPage(qb, q, orderOf(q, STAFF_CANDIDATE_SORTABLE, 'displayName', [staff.id]));
  return { rows: rows as unknown as StaffCandidate[], recordCount };
}

/** The roles of contract/roles.ts as the database has them (the seed writes ROLES). */
export async function roleList(db: Db) {
  const rows = await db.select({ pkRoleId: role.id, roleName: role.name, label: role.label }).from(role).orderBy(asc(role.id));
  return rows;
}

/** Is there a user with this username (lower-case)? */
export async function usernameTaken(db: Pick<Db, 'select'>, username: string): Promise<boolean> {
  const [r] = await (db as Db).select({ one: sql<number>`1` }).from(appUser).where(eq(appUser.username, username)).limit(1);
  return !!r;
}
