/**
 * The staff lists' SQL (staff/dataTables, dataTablesAllStatus, csv): one statement per page with its total
 * (server/lib/data-table.ts listPage), filtered by the caller's region scope.
 */
import { and, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { StaffAllStatusFilter, StaffFilter } from '../../../contract/staff';
import type { Db } from '../../db/client';
import { appUser, region, role, section, staff } from '../../db/schema';
import { escapeLike, totalOver, type Sortable } from '../../lib/data-table';
import { inScope } from '../../lib/scope';

/** orderColumn → column; ties are broken by the staff id. */
export const STAFF_SORTABLE: Sortable = {
  staffNo: staff.staffNo,
  displayName: staff.displayName,
  position: staff.position,
  sectionName: section.name,
  regionName: region.name,
  username: appUser.username,
  isActive: staff.isActive,
  pkStaffId: staff.id,
};

/** Words of a free search: each must be in the name, the staff number or the username. */
function searchOf(text: string | undefined): SQL[] {
  if (!text) return [];
  return text
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => {
      const like = `%${escapeLike(w)}%`;
      return or(ilike(staff.displayName, like), ilike(staff.staffNo, like), ilike(appUser.username, like))!;
    });
}

/** The where of staff/dataTables: active staff of the caller's scope. */
export function activeFilterOf(user: TokenClaims, f: StaffFilter): SQL | undefined {
  return and(
    eq(staff.isActive, true),
    inScope(user),
    f.pkSectionId ? eq(staff.sectionId, f.pkSectionId) : undefined,
    f.position ? eq(staff.position, f.position) : undefined,
    f.userId ? eq(appUser.username, f.userId.toLowerCase()) : undefined,
    f.withoutUser ? isNull(appUser.id) : undefined,
    ...searchOf(f.search),
  );
}

/** The where of staff/dataTablesAllStatus and staff/csv: every status (or the one asked for) of the caller's scope. */
export function allStatusFilterOf(user: TokenClaims, f: StaffAllStatusFilter): SQL | undefined {
  return and(
    inScope(user),
    f.isActive !== undefined ? eq(staff.isActive, f.isActive) : undefined,
    f.regionCode ? eq(region.code, f.regionCode.toUpperCase()) : undefined,
    f.pkSectionId ? eq(staff.sectionId, f.pkSectionId) : undefined,
    f.position ? eq(staff.position, f.position) : undefined,
    f.username ? ilike(appUser.username, `%${escapeLike(f.username.toLowerCase())}%`) : undefined,
    ...searchOf(f.search),
  );
}

const rowColumns = {
  pkStaffId: staff.id,
  staffNo: staff.staffNo,
  displayName: staff.displayName,
  position: staff.position,
  pkSectionId: staff.sectionId,
  sectionName: section.name,
  regionCode: region.code,
  regionName: region.name,
  username: appUser.username,
  roleName: role.name,
  isActive: staff.isActive,
};

/** A list page's select (with its total); `where` from activeFilterOf / allStatusFilterOf. */
export const staffListQuery = (db: Db, where: SQL | undefined) =>
  db
    .select({ ...rowColumns, total: totalOver() })
    .from(staff)
    .innerJoin(section, eq(section.id, staff.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .leftJoin(appUser, eq(appUser.staffId, staff.id))
    .leftJoin(role, eq(role.id, appUser.roleId))
    .where(where)
    .$dynamic();

/** The CSV's select: the list row plus the profile. */
export const staffCsvQuery = (db: Db, where: SQL | undefined) =>
  db
    .select({ ...rowColumns, nric: staff.nric, phone: staff.phone, email: staff.email })
    .from(staff)
    .innerJoin(section, eq(section.id, staff.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .leftJoin(appUser, eq(appUser.staffId, staff.id))
    .leftJoin(role, eq(role.id, appUser.roleId))
    .where(where)
    .$dynamic();

export type StaffListDbRow = {
  pkStaffId: number;
  staffNo: string;
  displayName: string;
  position: string;
  pkSectionId: number;
  sectionName: string;
  regionCode: string;
  regionName: string;
  username: string | null;
  roleName: string | null;
  isActive: boolean;
};

export const toStaffRow = (r: StaffListDbRow) => ({
  pkStaffId: r.pkStaffId,
  staffNo: r.staffNo,
  profile: { displayName: r.displayName, position: r.position },
  pkSectionId: r.pkSectionId,
  sectionName: r.sectionName,
  regionCode: r.regionCode,
  regionName: r.regionName,
  username: r.username,
  roleName: r.roleName,
  isActive: r.isActive,
});

/** What a staff member has done or been part of (never erased then): one row per id, a flag per kind. */
export async function historyOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string[]>();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const res = await db.execute(sql`
    select s.id,
      exists(select 1 from team_member tm join duty_roster dr on dr.team_id = tm.team_id where tm.staff_id = s.id)
        or exists(select 1 from duty_roster_absence a where a.staff_id = s.id) as roster,
      exists(select 1 from incident i where i.created_by_staff_id = s.id)
        or exists(select 1 from incident_audit ia where ia.assigner_staff_id = s.id)
        or exists(select 1 from attachment at where at.uploaded_by_staff_id = s.id) as "case",
      exists(select 1 from journal_entry j where j.staff_id = s.id) as journal,
      exists(select 1 from tmc_logsheet l where l.staff_id = s.id or l.modified_by_staff_id = s.id) as logsheet,
      exists(select 1 from message_broadcast b where b.sender_staff_id = s.id) as broadcast,
      exists(select 1 from staff_leave sl where sl.staff_id = s.id or sl.approver_staff_id = s.id) as leave,
      exists(select 1 from admin_change c where c.staff_id = s.id) as admin,
      exists(
        select 1 from app_user u where u.staff_id = s.id and (
          u.last_login_at is not null
          or exists(select 1 from idempotency_key k where k.user_id = u.id)
          or exists(select 1 from alert_notification n where n.user_id = u.id)
          or exists(select 1 from roster_position p where p.user_id = u.id)
          or exists(select 1 from password_reset_link r where r.user_id = u.id)
          or exists(select 1 from incident i2 where i2.created_by_user_id = u.id)
        )
      ) as account
    from staff s where s.id in (${list})`);
  const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
  const LABELS: Record<string, string> = {
    roster: 'jadual tugas',
    case: 'kes',
    journal: 'jurnal',
    logsheet: 'log TMC',
    broadcast: 'siaran',
    leave: 'cuti',
    admin: 'perubahan pentadbiran',
    account: 'akaun pengguna telah digunakan',
  };
  const out = new Map<number, string[]>();
  for (const r of rows)
    out.set(
      Number(r.id),
      Object.keys(LABELS)
        .filter((k) => r[k] === true || r[k] === 't')
        .map((k) => LABELS[k]),
    );
  return out;
}

/** Sections by their code (N9, N1+N2, G1), upper case: for the import. */
export async function sectionsByCode(db: Db) {
  const rows = await db.select({ id: section.id, name: section.name, regionId: section.regionId }).from(section);
  return new Map(rows.map((r) => [r.name.toUpperCase(), r]));
}
