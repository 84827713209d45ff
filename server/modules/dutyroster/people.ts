/**
 * The people of duty rosters (issue #15), read for many rosters at once: a roster with duty_roster_member rows has
 * exactly those people, with their dutyRosterRoles role; a roster without them (generated from its team's schedule,
 * never edited) has its team's members minus those released from it by approved leave (duty_roster_absence), each
 * with the default role of their position. server/lib/roster-people.ts says the same rule as a SQL condition.
 *
 * Also the roster's lifecycle as one SQL expression (contract/activity-log-rules.ts ROSTER_LIFECYCLE): approved
 * (isDisahkan), verified (isDisemak), ended (event 295 or 'Tamat Syif', or the shift is over), onShift (an activity
 * entry, or the shift has started), planned.
 */
import { and, eq, notExists, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACTIVITY_EVENT } from '../../../contract/activity-log-rules';
import { ROSTER_ROLE, type RosterLifecycleName } from '../../../contract/rosters-rules';
import type { RosterPerson } from '../../../contract/rosters';
import type { Db } from '../../db/client';
import { activityLog, dutyRoster, dutyRosterAbsence, dutyRosterMember, lookupItem, staff, teamMember } from '../../db/schema';
import { oncePerDb } from '../../db/once-per-db';

type Reader = Pick<Db, 'select'>;

/**
 * `column = any($1::int[])`: one array parameter instead of an IN list of one parameter per id (a page of 1,000
 * rosters would send 1,000 parameters, each built and checked by the query builder).
 */
export const anyOf = (column: AnyPgColumn | SQL, ids: number[] | Placeholder): SQL =>
  sql`${column} = any(${Array.isArray(ids) ? sql.param(ids) : ids}::int[])`;

/** dutyRosterRoles key → its label ('Ketua Pasukan', …). */
export async function rosterRoleNames(db: Reader): Promise<Map<number, string>> {
  const rows = await db.select({ key: lookupItem.key, value: lookupItem.value }).from(lookupItem).where(eq(lookupItem.category, 'dutyRosterRoles'));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** contract/rosters-rules.ts defaultRosterRole, in SQL: the role a team member has by default, from the position. */
const role = (key: number) => sql.raw(String(Math.trunc(key)));
const defaultRoleSql = sql<number>`(case when lower(${staff.position}) like '%ketua%' then ${role(ROSTER_ROLE.LEADER)}
  when lower(${staff.position}) like '%pemandu%' then ${role(ROSTER_ROLE.DRIVER)}
  when lower(${staff.position}) like '%pelatih%' then ${role(ROSTER_ROLE.TRAINEE)} else ${role(ROSTER_ROLE.PATROLLER)} end)`;

export interface PeopleOf {
  /** roster id → its people: leader first, then driver, patroller, trainee; then by name */
  people: Map<number, RosterPerson[]>;
  /** the rosters among those asked whose people are their team's (no member rows) */
  fromTeam: Set<number>;
  /** roster id → staff id → duty_roster_member id */
  memberRowIds: Map<number, Map<number, number>>;
}

/**
 * The people of the rosters `ids` as one union: the member rows of those that have them, and (union all) the team's
 * members of those that have none, minus those released by leave; each with its role (the member row's, or the
 * default of the position) and the role's label. Columns: roster_id, row_id, role_id, role_name, staff_id, staff_no,
 * display_name, position.
 */
function peopleUnion(db: Reader, ids: number[] | Placeholder) {
  const person = {
    pkStaffId: sql<number>`${staff.id}`.as('staff_id'),
    staffNo: sql<string>`${staff.staffNo}`.as('staff_no'),
    displayName: sql<string>`${staff.displayName}`.as('display_name'),
    position: sql<string>`${staff.position}`.as('position'),
  };
  const own = db
    .select({
      rosterId: sql<number>`${dutyRosterMember.dutyRosterId}`.as('roster_id'),
      rowId: sql<number | null>`${dutyRosterMember.id}`.as('row_id'),
      rosterRoleId: sql<number | null>`${dutyRosterMember.rosterRoleId}`.as('role_id'),
      rosterRoleName: sql<string | null>`${lookupItem.value}`.as('role_name'),
      ...person,
    })
    .from(dutyRosterMember)
    .innerJoin(staff, eq(staff.id, dutyRosterMember.staffId))
    .leftJoin(lookupItem, and(eq(lookupItem.key, dutyRosterMember.rosterRoleId), eq(lookupItem.category, 'dutyRosterRoles')))
    .where(anyOf(dutyRosterMember.dutyRosterId, ids));
  const ofTeam = db
    .select({
      rosterId: sql<number>`${dutyRoster.id}`.as('roster_id'),
      rowId: sql<number | null>`null::int`.as('row_id'),
      rosterRoleId: sql<number | null>`${defaultRoleSql}`.as('role_id'),
      rosterRoleName: sql<string | null>`${lookupItem.value}`.as('role_name'),
      ...person,
    })
    .from(dutyRoster)
    .innerJoin(teamMember, eq(teamMember.teamId, dutyRoster.teamId))
    .innerJoin(staff, eq(staff.id, teamMember.staffId))
    .leftJoin(lookupItem, and(sql`${lookupItem.key} = ${defaultRoleSql}`, eq(lookupItem.category, 'dutyRosterRoles')))
    .where(
      and(
        anyOf(dutyRoster.id, ids),
        notExists(db.select({ one: sql`1` }).from(dutyRosterMember).where(eq(dutyRosterMember.dutyRosterId, dutyRoster.id))),
        notExists(
          db
            .select({ one: sql`1` })
            .from(dutyRosterAbsence)
            .where(and(eq(dutyRosterAbsence.dutyRosterId, dutyRoster.id), eq(dutyRosterAbsence.staffId, teamMember.staffId))),
        ),
      ),
    );
  return own.unionAll(ofTeam);
}

/** by roster, then role (none last), then name */
const PEOPLE_ORDER = sql.raw('roster_id, role_id nulls last, display_name, staff_id');
/**
 * The people of one roster (a roster's get, its roles, the activity log of a roster): the same statement, built once
 * per database and prepared (named on PostgreSQL), as incident/access.ts does: Drizzle building the union on every
 * call was a good part of the call's own work (bench/uncached-reads.ts).
 */
const preparePeopleOfOne = (db: Db) => peopleUnion(db, sql.placeholder('ids')).orderBy(PEOPLE_ORDER).prepare('roster_people_of_one');
const peopleOfOneFor = oncePerDb((db: Db) => preparePeopleOfOne(db));

/** The people of these rosters (one statement whatever their number), in the order every screen shows them. */
export async function rosterPeople(db: Db, rosterIds: number[]): Promise<PeopleOf> {
  const people = new Map<number, RosterPerson[]>();
  const memberRowIds = new Map<number, Map<number, number>>();
  const fromTeam = new Set<number>();
  const ids = [...new Set(rosterIds)];
  if (!ids.length) return { people, fromTeam, memberRowIds };
  const rows = ids.length === 1 ? await peopleOfOneFor(db).execute({ ids }) : await peopleUnion(db, ids).orderBy(PEOPLE_ORDER);
  let list: RosterPerson[] = [];
  let current = -1;
  for (const r of rows) {
    if (r.rosterId !== current) {
      current = r.rosterId;
      list = [];
      people.set(current, list);
    }
    list.push({
      pkStaffId: r.pkStaffId,
      staffNo: r.staffNo,
      displayName: r.displayName,
      position: r.position,
      rosterRoleId: r.rosterRoleId,
      rosterRoleName: r.rosterRoleName,
    });
    if (r.rowId !== null) {
      let byStaff = memberRowIds.get(current);
      if (!byStaff) {
        byStaff = new Map();
        memberRowIds.set(current, byStaff);
      }
      byStaff.set(r.pkStaffId, r.rowId);
    }
  }
  for (const id of ids) if (!memberRowIds.has(id)) fromTeam.add(id);
  return { people, fromTeam, memberRowIds };
}

/** A person of a roster as the lists show it. */
export interface PersonBrief {
  pkStaffId: number;
  displayName: string;
  rosterRoleName: string | null;
}

/**
 * The people of many rosters as the lists show them (the month view, the staffing view): one JSON array per roster,
 * built and ordered by the database, so a page of 1,000 rosters is 1,000 rows to read, not 3,000 people.
 */
export async function peopleBriefOf(db: Reader, rosterIds: number[]): Promise<Map<number, PersonBrief[]>> {
  const ids = [...new Set(rosterIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      rosterId: sql<number>`p.roster_id`,
      people: sql<PersonBrief[]>`json_agg(json_build_object('pkStaffId', p.staff_id, 'displayName', p.display_name, 'rosterRoleName', p.role_name)
        order by p.role_id nulls last, p.display_name, p.staff_id)`,
    })
    .from(sql`(${peopleUnion(db, ids)}) as p`)
    .groupBy(sql`p.roster_id`);
  return new Map(rows.map((r) => [r.rosterId, r.people]));
}

/** The lifecycle of the `duty_roster` row of the query at `now` (see the module comment). */
export function lifecycleSql(now: Date | Placeholder): SQL<RosterLifecycleName> {
  const ends = [ACTIVITY_EVENT.PATROL_END, ACTIVITY_EVENT.SHIFT_END];
  // a placeholder (a prepared statement) takes the instant as its ISO text
  const at = now instanceof Date ? now.toISOString() : now;
  return sql<RosterLifecycleName>`(case
    when ${dutyRoster.isDisahkan} then 'approved'
    when ${dutyRoster.isDisemak} then 'verified'
    when ${dutyRoster.endsAt} <= ${at}::timestamptz
      or exists (select 1 from ${activityLog} al where al.duty_roster_id = ${dutyRoster.id} and al.event_id in (${sql.join(
        ends.map((e) => sql`${e}`),
        sql`, `,
      )})) then 'ended'
    when ${dutyRoster.startsAt} <= ${at}::timestamptz
      or exists (select 1 from ${activityLog} al where al.duty_roster_id = ${dutyRoster.id}) then 'onShift'
    else 'planned' end)`;
}

/** upcoming / active / ended by the clock alone, in SQL (a list reads no instants it does not show). */
export function clockStatusSql(now: Date): SQL<'upcoming' | 'active' | 'ended'> {
  const at = now.toISOString();
  return sql<
    'upcoming' | 'active' | 'ended'
  >`(case when ${dutyRoster.startsAt} > ${at}::timestamptz then 'upcoming' when ${dutyRoster.endsAt} <= ${at}::timestamptz then 'ended' else 'active' end)`;
}

/** upcoming / active / ended by the clock alone (the day list's status). */
export const clockStatus = (r: { startsAt: Date; endsAt: Date }, now: Date): 'upcoming' | 'active' | 'ended' =>
  now < r.startsAt ? 'upcoming' : now >= r.endsAt ? 'ended' : 'active';
