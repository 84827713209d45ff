/**
 * Reads of the leave administration: the list (one statement: page and total), one leave, and the roster conflicts
 * of leave — the duty rosters of the teams the person is a member of whose dates meet the leave and from which the
 * person has not been released (duty_roster_absence).
 */
import { and, asc, eq, gte, ilike, inArray, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import { leaveDays, leaveTypeName, type LeaveConflict, type LeaveFilter, type LeaveRow, type LeaveStatus } from '../../../contract/leave';
import type { Db } from '../../db/client';
import { dutyRoster, dutyRosterAbsence, region, section, shift, staff, staffLeave, team, teamMember } from '../../db/schema';
import { escapeLike, listPage, orderOf, totalOver, type Sortable } from '../../lib/data-table';
import { inScope } from '../../lib/scope';

const approver = alias(staff, 'approver');
const creator = alias(staff, 'creator');

/** The columns of a listed leave. */
const rowColumns = {
  l: staffLeave,
  staffNo: staff.staffNo,
  displayName: staff.displayName,
  position: staff.position,
  sectionId: section.id,
  sectionName: section.name,
  regionName: region.name,
  approverName: approver.displayName,
  creatorName: creator.displayName,
};
type DbRow = {
  l: typeof staffLeave.$inferSelect;
  staffNo: string;
  displayName: string;
  position: string;
  sectionId: number;
  sectionName: string;
  regionName: string;
  approverName: string | null;
  creatorName: string | null;
};

/** Does this leave meet a roster the person is on (and has not been released from)? For list filters. */
export const hasConflictSql = sql<boolean>`(${staffLeave.status} <> 'rejected' and exists (
  select 1 from ${teamMember} tm
  join ${dutyRoster} dr on dr.team_id = tm.team_id
  where tm.staff_id = ${staffLeave.staffId}
    and dr.start_date <= ${staffLeave.dateTo} and dr.end_date >= ${staffLeave.dateFrom}
    and not exists (select 1 from ${dutyRosterAbsence} a where a.duty_roster_id = dr.id and a.staff_id = ${staffLeave.staffId})
))`;

/** How many rosters a leave meets (CSV). */
export const conflictCountSql = sql<number>`(case when ${staffLeave.status} = 'rejected' then 0 else (
  select count(*)::int from ${teamMember} tm
  join ${dutyRoster} dr on dr.team_id = tm.team_id
  where tm.staff_id = ${staffLeave.staffId}
    and dr.start_date <= ${staffLeave.dateTo} and dr.end_date >= ${staffLeave.dateFrom}
    and not exists (select 1 from ${dutyRosterAbsence} a where a.duty_roster_id = dr.id and a.staff_id = ${staffLeave.staffId})
) end)`;

/** The where-condition of a filter within the user's scope (the caller has checked a section or region filter). */
export function leaveWhere(user: TokenClaims, f: LeaveFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [inScope(user)];
  if (f.pkStaffId) conds.push(eq(staffLeave.staffId, f.pkStaffId));
  if (f.pkSectionId) conds.push(eq(staff.sectionId, f.pkSectionId));
  if (f.pkRegionId) conds.push(eq(section.regionId, f.pkRegionId));
  if (f.status) conds.push(eq(staffLeave.status, f.status));
  if (f.leaveTypeId) conds.push(eq(staffLeave.leaveTypeId, f.leaveTypeId));
  // leave that meets the period
  if (f.dateFrom) conds.push(gte(staffLeave.dateTo, f.dateFrom));
  if (f.dateTo) conds.push(lte(staffLeave.dateFrom, f.dateTo));
  if (f.text) {
    for (const word of f.text.split(/\s+/).filter(Boolean).slice(0, 5)) {
      const like = `%${escapeLike(word)}%`;
      conds.push(or(ilike(staff.displayName, like), ilike(staff.staffNo, like)));
    }
  }
  if (f.conflictsOnly) conds.push(hasConflictSql);
  return and(...conds);
}

export const LEAVE_SORTABLE: Sortable = {
  displayName: staff.displayName,
  staffNo: staff.staffNo,
  sectionName: section.name,
  leaveTypeId: staffLeave.leaveTypeId,
  dateFrom: staffLeave.dateFrom,
  dateTo: staffLeave.dateTo,
  days: sql`(${staffLeave.dateTo} - ${staffLeave.dateFrom})`,
  status: staffLeave.status,
  approverName: approver.displayName,
  createdAt: staffLeave.createdAt,
};

/** Every leave read joins the staff member, section, region, approver and creator; `extraColumns` add to rowColumns. */
const selectLeave = <E extends SelectedFields>(db: Db, extraColumns: E) =>
  db
    .select({ ...rowColumns, ...extraColumns })
    .from(staffLeave)
    .innerJoin(staff, eq(staff.id, staffLeave.staffId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .leftJoin(approver, eq(approver.id, staffLeave.approverStaffId))
    .leftJoin(creator, eq(creator.id, staffLeave.createdByStaffId));

const selectRows = (db: Db) => selectLeave(db, {});
const selectListRows = (db: Db) => selectLeave(db, { total: totalOver() });
const selectCsvRows = (db: Db) => selectLeave(db, { conflictCount: conflictCountSql });

function toRow(r: DbRow, conflicts: LeaveConflict[], released: number[]): LeaveRow {
  const l = r.l;
  return {
    pkLeaveId: l.id,
    pkStaffId: l.staffId,
    staffNo: r.staffNo,
    displayName: r.displayName,
    position: r.position,
    pkSectionId: r.sectionId,
    sectionName: r.sectionName,
    regionName: r.regionName,
    leaveTypeId: l.leaveTypeId,
    leaveTypeName: leaveTypeName(l.leaveTypeId),
    dateFrom: l.dateFrom,
    dateTo: l.dateTo,
    days: leaveDays(l.dateFrom, l.dateTo),
    remark: l.remark,
    status: l.status as LeaveStatus,
    approver: l.approverStaffId && r.approverName ? { pkStaffId: l.approverStaffId, displayName: r.approverName } : null,
    decidedAt: l.decidedAt ? l.decidedAt.toISOString() : null,
    createdBy: { pkStaffId: l.createdByStaffId, displayName: r.creatorName ?? '—' },
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
    conflicts: l.status === 'rejected' ? [] : conflicts,
    releasedRosterIds: released,
  };
}

// ------------------------------------------------------------------------------------------------ conflicts

const conflictColumns = {
  pkDutyRosterId: dutyRoster.id,
  dutyRosterName: dutyRoster.dutyRosterName,
  date: dutyRoster.startDate,
  shift: shift.name,
  startHour: dutyRoster.startHour,
  endHour: dutyRoster.endHour,
  sectionName: section.name,
  teamName: team.name,
};

const notReleased = (staffId: SQL | number) =>
  notExists(
    sql`(select 1 from ${dutyRosterAbsence} where ${dutyRosterAbsence.dutyRosterId} = ${dutyRoster.id} and ${dutyRosterAbsence.staffId} = ${staffId})`,
  );

/** The rosters a leave of these dates for this person would meet, in the order they start. */
export async function rosterConflicts(db: Db, staffId: number, from: string, to: string): Promise<LeaveConflict[]> {
  return db
    .select(conflictColumns)
    .from(teamMember)
    .innerJoin(dutyRoster, eq(dutyRoster.teamId, teamMember.teamId))
    .innerJoin(team, eq(team.id, dutyRoster.teamId))
    .innerJoin(shift, eq(shift.id, dutyRoster.shiftId))
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .where(and(eq(teamMember.staffId, staffId), lte(dutyRoster.startDate, to), gte(dutyRoster.endDate, from), notReleased(staffId)))
    .orderBy(asc(dutyRoster.startsAt), asc(dutyRoster.id))
    .limit(1000);
}

/** The conflicts of several leaves at once (a page of the list), by leave id. Rejected leave has none. */
async function conflictsOfLeaves(db: Db, leaveIds: number[]): Promise<Map<number, LeaveConflict[]>> {
  const out = new Map<number, LeaveConflict[]>();
  if (!leaveIds.length) return out;
  const rows = await db
    .select({ leaveId: staffLeave.id, ...conflictColumns })
    .from(staffLeave)
    .innerJoin(teamMember, eq(teamMember.staffId, staffLeave.staffId))
    .innerJoin(
      dutyRoster,
      and(eq(dutyRoster.teamId, teamMember.teamId), lte(dutyRoster.startDate, staffLeave.dateTo), gte(dutyRoster.endDate, staffLeave.dateFrom)),
    )
    .innerJoin(team, eq(team.id, dutyRoster.teamId))
    .innerJoin(shift, eq(shift.id, dutyRoster.shiftId))
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .where(and(inArray(staffLeave.id, leaveIds), ne(staffLeave.status, 'rejected'), notReleased(sql`${staffLeave.staffId}`)))
    .orderBy(asc(dutyRoster.startsAt), asc(dutyRoster.id));
  for (const { leaveId, ...c } of rows) {
    const list = out.get(leaveId) ?? [];
    list.push(c);
    out.set(leaveId, list);
  }
  return out;
}

/** The rosters each leave released its person from when it was approved. */
async function releasedOf(db: Db, leaveIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!leaveIds.length) return out;
  const rows = await db
    .select({ leaveId: dutyRosterAbsence.leaveId, rosterId: dutyRosterAbsence.dutyRosterId })
    .from(dutyRosterAbsence)
    .where(inArray(dutyRosterAbsence.leaveId, leaveIds))
    .orderBy(asc(dutyRosterAbsence.dutyRosterId));
  for (const r of rows) {
    if (r.leaveId === null) continue;
    out.set(r.leaveId, [...(out.get(r.leaveId) ?? []), r.rosterId]);
  }
  return out;
}

async function withDetails(db: Db, rows: DbRow[]): Promise<LeaveRow[]> {
  const ids = rows.map((r) => r.l.id);
  const [conflicts, released] = await Promise.all([conflictsOfLeaves(db, ids), releasedOf(db, ids)]);
  return rows.map((r) => toRow(r, conflicts.get(r.l.id) ?? [], released.get(r.l.id) ?? []));
}

// ------------------------------------------------------------------------------------------------ list and one

export async function findLeaves(db: Db, user: TokenClaims, f: LeaveFilter, q: DataTablesQuery): Promise<{ rows: LeaveRow[]; recordCount: number }> {
  const qb = selectListRows(db).where(leaveWhere(user, f)).$dynamic();
  const { rows, recordCount } = await listPage<typeof qb, DbRow & { total: number }>(qb, q, orderOf(q, LEAVE_SORTABLE, 'dateFrom', [staffLeave.id]));
  return { rows: await withDetails(db, rows), recordCount };
}

/** The rows of the CSV (no paging), with their conflict counts. */
export async function leaveCsvRows(db: Db, user: TokenClaims, f: LeaveFilter, q: Pick<DataTablesQuery, 'orderColumn' | 'direction'>, max: number) {
  const rows = await selectCsvRows(db)
    .where(leaveWhere(user, f))
    .orderBy(...orderOf(q, LEAVE_SORTABLE, 'dateFrom', [staffLeave.id]))
    .limit(max);
  return rows.map((r) => ({ ...toRow(r, [], []), conflictCount: Number(r.conflictCount) }));
}

export async function findLeave(db: Db, id: number): Promise<LeaveRow | undefined> {
  const [row] = await selectRows(db).where(eq(staffLeave.id, id));
  if (!row) return undefined;
  return (await withDetails(db, [row]))[0];
}

/** The leave's staff member and region, for the access check before anything else is read. */
export async function leaveOwner(db: Db, id: number, lock = false) {
  const q = db
    .select({ l: staffLeave, regionId: section.regionId })
    .from(staffLeave)
    .innerJoin(staff, eq(staff.id, staffLeave.staffId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(eq(staffLeave.id, id));
  const [row] = lock ? await q.for('update', { of: staffLeave }) : await q;
  return row;
}

/** Other requested or approved leave of the person that meets these dates. */
export async function overlappingLeaves(db: Db, staffId: number, from: string, to: string, exceptId?: number) {
  return db
    .select({
      pkLeaveId: staffLeave.id,
      leaveTypeId: staffLeave.leaveTypeId,
      dateFrom: staffLeave.dateFrom,
      dateTo: staffLeave.dateTo,
      status: staffLeave.status,
    })
    .from(staffLeave)
    .where(
      and(
        eq(staffLeave.staffId, staffId),
        inArray(staffLeave.status, ['requested', 'approved']),
        lte(staffLeave.dateFrom, to),
        gte(staffLeave.dateTo, from),
        exceptId ? ne(staffLeave.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(staffLeave.dateFrom))
    .limit(20);
}
