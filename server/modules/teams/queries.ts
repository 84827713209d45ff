/**
 * Reads of the teams administration: the team list (team/dataTables, team/csv, team/get), the members of a team, the
 * staff who may join it, its schedule and the calendar of the next 28 days. Region scope is applied by the callers
 * (service.ts) through `teamInScope` or the list's where-condition.
 */
import { and, asc, eq, ilike, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import {
  TEAM_CALENDAR_DAYS,
  TEAM_LEADER_POSITION_PREFIX,
  TEAM_MESSAGES,
  type TeamCalendarDay,
  type TeamFilter,
  type TeamMemberCandidate,
  type TeamMemberCandidateFilter,
  type TeamMemberRow,
  type TeamRow,
  type TeamScheduleRow,
} from '../../../contract/teams';
import type { Db } from '../../db/client';
import { dutyRoster, region, section, shift, staff, team, teamMember, teamSchedule, vehicle } from '../../db/schema';
import { addDays, rosterRows } from '../../db/seed/rosters';
import { escapeLike, listPage, orderOf, totalOver, type Sortable } from '../../lib/data-table';
import { forbidden, notFound } from '../../lib/http-error';
import { inScope, regionScopeOf } from '../../lib/scope';
import { localDate } from '../../lib/time';

// ------------------------------------------------------------------------------------------------ access

export interface TeamRef {
  id: number;
  name: string;
  sectionId: number;
  sectionName: string;
  regionId: number;
  isActive: boolean;
}

/**
 * The team a call is about, if the user may touch it: 404 when there is none, 403 when it is of another region than
 * the user's scope. Read first, before anything else of the call. `forUpdate` locks the team row (writes).
 */
export async function teamInScope(db: Db, user: TokenClaims, teamId: number, opts: { forUpdate?: boolean } = {}): Promise<TeamRef> {
  const q = db
    .select({
      id: team.id,
      name: team.name,
      sectionId: team.sectionId,
      sectionName: section.name,
      regionId: section.regionId,
      isActive: team.isActive,
    })
    .from(team)
    .innerJoin(section, eq(section.id, team.sectionId))
    .where(eq(team.id, teamId));
  const [row] = opts.forUpdate ? await q.for('update', { of: team }) : await q;
  if (!row) throw notFound(TEAM_MESSAGES.notFound);
  const scope = regionScopeOf(user);
  if (scope !== null && row.regionId !== scope) throw forbidden(TEAM_MESSAGES.outOfRegion);
  return row;
}

// ------------------------------------------------------------------------------------------------ team list

/** The team's first schedule (a team has one; the lowest id if more were ever written). */
const firstSchedule = alias(teamSchedule, 'first_schedule');

const memberCount = sql<number>`(select count(*)::int from ${teamMember} where ${teamMember.teamId} = ${team.id})`;
const leaderName = sql<string | null>`(select s.display_name from ${teamMember} tm join ${staff} s on s.id = tm.staff_id
  where tm.team_id = ${team.id} and s.position like ${`${escapeLike(TEAM_LEADER_POSITION_PREFIX)}%`} order by tm.id limit 1)`;

const teamColumns = {
  pkTeamId: team.id,
  teamName: team.name,
  sectionId: team.sectionId,
  sectionName: section.name,
  regionId: section.regionId,
  regionCode: region.code,
  memberCount,
  leaderName,
  shiftId: shift.id,
  shiftName: shift.name,
  plateNumber: vehicle.plateNumber,
  isActive: team.isActive,
};

const TEAM_SORTABLE: Sortable = {
  pkTeamId: team.id,
  teamName: team.name,
  sectionName: section.name,
  regionCode: region.code,
  memberCount,
  leaderName,
  shiftName: shift.name,
  plateNumber: vehicle.plateNumber,
  isActive: team.isActive,
};

function teamWhere(user: TokenClaims, f: TeamFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [inScope(user)];
  if (f.sectionId) parts.push(eq(team.sectionId, f.sectionId));
  if (f.regionId) parts.push(eq(section.regionId, f.regionId));
  if (f.name) parts.push(ilike(team.name, `%${escapeLike(f.name)}%`));
  if (f.isActive !== undefined) parts.push(eq(team.isActive, f.isActive));
  return and(...parts);
}

function teamSelect(db: Db, withTotal: boolean) {
  return db
    .select(withTotal ? { ...teamColumns, total: totalOver() } : teamColumns)
    .from(team)
    .innerJoin(section, eq(section.id, team.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .leftJoin(firstSchedule, eq(firstSchedule.id, sql`(select min(ts.id) from ${teamSchedule} ts where ts.team_id = ${team.id})`))
    .leftJoin(shift, eq(shift.id, firstSchedule.shiftId))
    .leftJoin(vehicle, eq(vehicle.id, firstSchedule.vehicleId));
}

/** team/dataTables: a page of the teams in the user's scope. */
export async function listTeams(db: Db, user: TokenClaims, f: TeamFilter, q: DataTablesQuery): Promise<{ rows: TeamRow[]; recordCount: number }> {
  const qb = teamSelect(db, true).where(teamWhere(user, f)).$dynamic();
  return listPage<typeof qb, TeamRow & { total: number }>(qb, q, orderOf(q, TEAM_SORTABLE, 'teamName', [section.name, team.id]));
}

/** team/csv: the whole filtered list (at most `max` rows), in the list's order. */
export async function allTeams(
  db: Db,
  user: TokenClaims,
  f: TeamFilter,
  q: Pick<DataTablesQuery, 'orderColumn' | 'direction'>,
  max: number,
): Promise<TeamRow[]> {
  return (await teamSelect(db, false)
    .where(teamWhere(user, f))
    .orderBy(...orderOf(q, TEAM_SORTABLE, 'teamName', [section.name, team.id]))
    .limit(max)) as TeamRow[];
}

/** One team's row (no scope check: the caller has done it). */
export async function teamRow(db: Db, teamId: number): Promise<TeamRow | undefined> {
  const [row] = await teamSelect(db, false).where(eq(team.id, teamId));
  return row as TeamRow | undefined;
}

export async function rosterCountOf(db: Db, teamId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(dutyRoster).where(eq(dutyRoster.teamId, teamId));
  return row?.n ?? 0;
}

// ------------------------------------------------------------------------------------------------ members

/** The team's leader member id: the first member whose position starts with the leader prefix. */
const leaderMemberId = sql<number | null>`(select tm.id from ${teamMember} tm join ${staff} s on s.id = tm.staff_id
  where tm.team_id = ${teamMember.teamId} and s.position like ${`${escapeLike(TEAM_LEADER_POSITION_PREFIX)}%`} order by tm.id limit 1)`;

const memberColumns = {
  pkTeamMemberId: teamMember.id,
  teamId: teamMember.teamId,
  pkStaffId: staff.id,
  staffNo: staff.staffNo,
  displayName: staff.displayName,
  position: staff.position,
  sectionName: section.name,
  isActive: staff.isActive,
  isLeader: sql<boolean>`coalesce(${teamMember.id} = ${leaderMemberId}, false)`,
};

const MEMBER_SORTABLE: Sortable = {
  pkTeamMemberId: teamMember.id,
  displayName: staff.displayName,
  staffNo: staff.staffNo,
  position: staff.position,
  sectionName: section.name,
  isActive: staff.isActive,
};

/** teamMembers/dataTables: the members of one team (scope checked by the caller). */
export async function listMembers(db: Db, teamId: number, q: DataTablesQuery): Promise<{ rows: TeamMemberRow[]; recordCount: number }> {
  const qb = db
    .select({ ...memberColumns, total: totalOver() })
    .from(teamMember)
    .innerJoin(staff, eq(staff.id, teamMember.staffId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(eq(teamMember.teamId, teamId))
    .$dynamic();
  return listPage<typeof qb, TeamMemberRow & { total: number }>(qb, q, orderOf(q, MEMBER_SORTABLE, 'pkTeamMemberId', [teamMember.id]));
}

export async function membersByIds(db: Db, teamId: number, ids: number[]): Promise<TeamMemberRow[]> {
  if (!ids.length) return [];
  return db
    .select(memberColumns)
    .from(teamMember)
    .innerJoin(staff, eq(staff.id, teamMember.staffId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(and(eq(teamMember.teamId, teamId), inArray(teamMember.id, ids)))
    .orderBy(asc(teamMember.id));
}

const otherTeam = alias(team, 'other_team');
const otherMember = alias(teamMember, 'other_member');

/**
 * teamMembers/candidates: active staff of the team's region (or only its section) who are in no active team and not
 * in this one, by name or staff number.
 */
export async function listCandidates(
  db: Db,
  t: TeamRef,
  f: TeamMemberCandidateFilter,
  q: DataTablesQuery,
): Promise<{ rows: TeamMemberCandidate[]; recordCount: number }> {
  const parts: (SQL | undefined)[] = [
    eq(staff.isActive, true),
    eq(section.regionId, t.regionId),
    f.sameSection === false ? undefined : eq(staff.sectionId, t.sectionId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(otherMember)
        .innerJoin(otherTeam, eq(otherTeam.id, otherMember.teamId))
        .where(and(eq(otherMember.staffId, staff.id), or(eq(otherTeam.isActive, true), eq(otherTeam.id, t.id)))),
    ),
  ];
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    parts.push(or(ilike(staff.displayName, like), ilike(staff.staffNo, like)));
  }
  const qb = db
    .select({
      pkStaffId: staff.id,
      staffNo: staff.staffNo,
      displayName: staff.displayName,
      position: staff.position,
      sectionId: staff.sectionId,
      sectionName: section.name,
      total: totalOver(),
    })
    .from(staff)
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(and(...parts))
    .$dynamic();
  const sortable: Sortable = {
    // patrol staff (positions starting with 'PR -', §4.4) first, then by name
    patrolFirst: sql`case when ${staff.position} like 'PR -%' then 0 else 1 end`,
    displayName: staff.displayName,
    staffNo: staff.staffNo,
    position: staff.position,
    sectionName: section.name,
  };
  return listPage<typeof qb, TeamMemberCandidate & { total: number }>(qb, q, orderOf(q, sortable, 'patrolFirst', [staff.displayName, staff.id]));
}

/** The active teams (other than `exceptTeamId`) the given staff are members of. */
export async function activeTeamsOf(
  db: Db,
  staffIds: number[],
  exceptTeamId: number,
): Promise<{ staffId: number; displayName: string; teamId: number; teamName: string; sectionName: string }[]> {
  if (!staffIds.length) return [];
  return db
    .select({ staffId: staff.id, displayName: staff.displayName, teamId: team.id, teamName: team.name, sectionName: section.name })
    .from(teamMember)
    .innerJoin(team, eq(team.id, teamMember.teamId))
    .innerJoin(staff, eq(staff.id, teamMember.staffId))
    .innerJoin(section, eq(section.id, team.sectionId))
    .where(and(inArray(teamMember.staffId, staffIds), eq(team.isActive, true), sql`${team.id} <> ${exceptTeamId}`))
    .orderBy(asc(staff.displayName));
}

// ------------------------------------------------------------------------------------------------ schedule

const scheduleColumns = {
  pkTeamScheduleId: teamSchedule.id,
  teamId: teamSchedule.teamId,
  shiftId: teamSchedule.shiftId,
  shiftName: shift.name,
  startHour: shift.startHour,
  endHour: shift.endHour,
  vehicleId: teamSchedule.vehicleId,
  plateNumber: vehicle.plateNumber,
  cycleDays: teamSchedule.cycleDays,
  workDays: teamSchedule.workDays,
};

export async function schedulesOf(db: Db, teamId: number): Promise<TeamScheduleRow[]> {
  return db
    .select(scheduleColumns)
    .from(teamSchedule)
    .innerJoin(shift, eq(shift.id, teamSchedule.shiftId))
    .leftJoin(vehicle, eq(vehicle.id, teamSchedule.vehicleId))
    .where(eq(teamSchedule.teamId, teamId))
    .orderBy(asc(teamSchedule.id));
}

/**
 * The next 28 local days from `from`: whether the team works each by its schedules and which shift. The day rule is
 * the one rosters are generated with (rosterRows of server/db/seed/rosters.ts), so the calendar shows what the next
 * generation of rosters will make of the schedule.
 */
export async function calendarOf(db: Db, t: TeamRef, schedules: TeamScheduleRow[], from = localDate()): Promise<TeamCalendarDay[]> {
  const rows = rosterRows(
    schedules.map((s) => ({
      teamId: t.id,
      teamName: t.name,
      sectionId: t.sectionId,
      shiftId: s.shiftId,
      startHour: s.startHour,
      endHour: s.endHour,
      vehicleId: s.vehicleId,
      cycleDays: s.cycleDays,
      workDays: s.workDays,
    })),
    from,
    TEAM_CALENDAR_DAYS,
  );
  const to = addDays(from, TEAM_CALENDAR_DAYS - 1);
  const rosters = await db
    .select({ startDate: dutyRoster.startDate })
    .from(dutyRoster)
    .where(and(eq(dutyRoster.teamId, t.id), sql`${dutyRoster.startDate} between ${from} and ${to}`));
  const withRoster = new Set(rosters.map((r) => r.startDate));
  const shiftName = new Map(schedules.map((s) => [s.shiftId, s.shiftName]));
  const days: TeamCalendarDay[] = [];
  for (let i = 0; i < TEAM_CALENDAR_DAYS; i++) {
    const date = addDays(from, i);
    const names = rows.filter((r) => r.startDate === date).map((r) => shiftName.get(r.shiftId) ?? '');
    days.push({ date, works: names.length > 0, shiftName: names.length ? names.join(' / ') : null, hasRoster: withRoster.has(date) });
  }
  return days;
}

/** The section a team may belong to: listed (§5: no G section, no specific part of a combined one). */
export async function listedSection(db: Db, sectionId: number): Promise<{ id: number; name: string; regionId: number } | undefined> {
  const [row] = await db
    .select({ id: section.id, name: section.name, regionId: section.regionId })
    .from(section)
    .where(and(eq(section.id, sectionId), isNull(section.combinedSectionId), sql`${section.name} not like '%G%'`));
  return row;
}
