/**
 * Reads of the activity log, the shift summary and the end-of-duty report (issue #15). No access checks here: the
 * service checks first, then calls these. Rosters are read straight from the schema (the roster CRUD is another
 * module's).
 */
import { and, asc, eq, gte, inArray, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { ACTIVITY_EVENT, INACTIVE_GPS_GAP_MS, type RosterLifecycle } from '../../../contract/activity-log-rules';
import type { ActivityLogRow, EndOfDutyCase } from '../../../contract/activity-log';
import { STATUS } from '../../../contract/lookups';
import type { Db } from '../../db/client';
import { parsePgTimestamp } from '../../db/timestamp';
import { totalOver } from '../../lib/data-table';
import {
  activityLog,
  callSign,
  deviceNo,
  dutyRoster,
  dutyRosterAbsence,
  dutyRosterMember,
  hpNoSection,
  incident,
  incidentAudit,
  lookupItem,
  region,
  rondaCheckpoint,
  rondaLoop,
  rosterPosition,
  section,
  shift,
  staff,
  team,
  teamMember,
  vehicle,
} from '../../db/schema';
import type { SummaryEntry, SummaryFix } from './summary';
import { oncePerDb } from '../../db/once-per-db';

// ------------------------------------------------------------------------------------------------ the roster

export interface RosterRef {
  id: number;
  name: string;
  sectionId: number;
  regionId: number;
  teamId: number;
  startsAt: Date;
  endsAt: Date;
  rondaCount: number | null;
  rehatMinutes: number | null;
  dluMinutes: number | null;
  lluMinutes: number | null;
  inactiveGpsMinutes: number | null;
  summaryAt: Date | null;
  isDisemak: boolean;
  acknowledgedBy: number | null;
  acknowledgedAt: Date | null;
  isDisahkan: boolean;
  approvedBy: number | null;
  approvedAt: Date | null;
}

const rosterColumns = {
  id: dutyRoster.id,
  name: dutyRoster.dutyRosterName,
  sectionId: dutyRoster.sectionId,
  regionId: section.regionId,
  teamId: dutyRoster.teamId,
  startsAt: dutyRoster.startsAt,
  endsAt: dutyRoster.endsAt,
  rondaCount: dutyRoster.rondaCount,
  rehatMinutes: dutyRoster.rehatMinutes,
  dluMinutes: dutyRoster.dluMinutes,
  lluMinutes: dutyRoster.lluMinutes,
  inactiveGpsMinutes: dutyRoster.inactiveGpsMinutes,
  summaryAt: dutyRoster.summaryAt,
  isDisemak: dutyRoster.isDisemak,
  acknowledgedBy: dutyRoster.acknowledgedBy,
  acknowledgedAt: dutyRoster.acknowledgedAt,
  isDisahkan: dutyRoster.isDisahkan,
  approvedBy: dutyRoster.approvedBy,
  approvedAt: dutyRoster.approvedAt,
};

/** One roster with its region; `forUpdate` locks the roster row only (not its section). */
export async function findRoster(db: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<RosterRef | undefined> {
  if (opts.forUpdate) return (await rosterQuery(db, id).for('update', { of: dutyRoster }))[0];
  return (await rosterReadOf(db).execute({ id }))[0];
}
const rosterQuery = (db: Db, id: number | Placeholder) =>
  db.select(rosterColumns).from(dutyRoster).innerJoin(section, eq(section.id, dutyRoster.sectionId)).where(eq(dutyRoster.id, id)).limit(1);
/**
 * The roster's read of every activity call, built once per database (or transaction) and prepared (named on
 * PostgreSQL), as incident/access.ts does (bench/uncached-reads.ts). The locking form is built each time.
 */
const rosterReadOf = oncePerDb((db: Db) => prepareRosterRead(db));
const prepareRosterRead = (db: Db) => rosterQuery(db, sql.placeholder('id')).prepare('activity_roster');

/** Has the roster an entry that ends it (295 'Tamat Rondaan' or 3011 'Tamat Syif'), and any entry at all. */
export async function entryFlags(db: Db, rosterId: number): Promise<{ hasEnd: boolean; hasAny: boolean }> {
  const [row] = await db
    .select({
      hasAny: sql<boolean>`count(*) > 0`,
      hasEnd: sql<boolean>`coalesce(bool_or(${activityLog.eventId} in (${ACTIVITY_EVENT.PATROL_END}, ${ACTIVITY_EVENT.SHIFT_END})), false)`,
    })
    .from(activityLog)
    .where(eq(activityLog.dutyRosterId, rosterId));
  return { hasEnd: !!row?.hasEnd, hasAny: !!row?.hasAny };
}

/** ROSTER_LIFECYCLE of one roster (contract/activity-log-rules.ts). */
export function lifecycleOf(
  r: { isDisahkan: boolean; isDisemak: boolean; startsAt: Date; endsAt: Date },
  flags: { hasEnd: boolean; hasAny: boolean },
  now: Date,
): RosterLifecycle {
  if (r.isDisahkan) return 'approved';
  if (r.isDisemak) return 'verified';
  if (r.endsAt.getTime() <= now.getTime() || flags.hasEnd) return 'ended';
  if (r.startsAt.getTime() <= now.getTime() || flags.hasAny) return 'onShift';
  return 'planned';
}

/** The same rule in SQL, on the `duty_roster` row of the query (lists filter and show it). */
export function lifecycleSql(now: Date): SQL<RosterLifecycle> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<RosterLifecycle>`(case
    when ${dutyRoster.isDisahkan} then 'approved'
    when ${dutyRoster.isDisemak} then 'verified'
    when ${dutyRoster.endsAt} <= ${at} or exists (select 1 from ${activityLog} where ${activityLog.dutyRosterId} = ${dutyRoster.id}
      and ${activityLog.eventId} in (${ACTIVITY_EVENT.PATROL_END}, ${ACTIVITY_EVENT.SHIFT_END})) then 'ended'
    when ${dutyRoster.startsAt} <= ${at} or exists (select 1 from ${activityLog} where ${activityLog.dutyRosterId} = ${dutyRoster.id}) then 'onShift'
    else 'planned' end)`;
}

// ------------------------------------------------------------------------------------------------ lookups

export async function lookupIn(db: Db, category: string, key: number): Promise<boolean> {
  const [row] = await db
    .select({ key: lookupItem.key })
    .from(lookupItem)
    .where(and(eq(lookupItem.key, key), eq(lookupItem.category, category), eq(lookupItem.active, true)))
    .limit(1);
  return !!row;
}

/** Is the checkpoint on a ronda of one of these sections (the roster's section and, when combined, its parts). */
export async function checkpointOnSections(db: Db, checkpointId: number, sectionIds: number[]): Promise<boolean> {
  const [row] = await db
    .select({ id: rondaCheckpoint.id })
    .from(rondaCheckpoint)
    .innerJoin(rondaLoop, eq(rondaLoop.id, rondaCheckpoint.rondaLoopId))
    .where(and(eq(rondaCheckpoint.id, checkpointId), inArray(rondaLoop.sectionId, sectionIds.length ? sectionIds : [-1])))
    .limit(1);
  return !!row;
}

// ------------------------------------------------------------------------------------------------ activity rows

const ev = alias(lookupItem, 'ev');
const dir = alias(lookupItem, 'dir');
const creator = alias(staff, 'creator');

export const activitySelect = {
  pkActivityLogId: activityLog.id,
  dutyRosterId: activityLog.dutyRosterId,
  eventId: activityLog.eventId,
  eventName: sql<string>`coalesce(${ev.value}, ${activityLog.eventId}::text)`,
  occurredAt: activityLog.occurredAt,
  km: activityLog.km,
  directionId: activityLog.directionId,
  directionName: dir.value,
  rondaCheckpointId: activityLog.rondaCheckpointId,
  checkpointName: rondaCheckpoint.name,
  location: activityLog.location,
  latitude: activityLog.latitude,
  longitude: activityLog.longitude,
  remark: activityLog.remark,
  incidentId: activityLog.incidentId,
  ticketNumber: incident.ticketNumber,
  createdBy: activityLog.createdBy,
  createdByName: creator.displayName,
  createdAt: activityLog.createdAt,
};

export type ActivityDbRow = {
  pkActivityLogId: number;
  dutyRosterId: number;
  eventId: number;
  eventName: string;
  occurredAt: Date;
  km: number | null;
  directionId: number | null;
  directionName: string | null;
  rondaCheckpointId: number | null;
  checkpointName: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  remark: string | null;
  incidentId: number | null;
  ticketNumber: string | null;
  createdBy: number;
  createdByName: string;
  createdAt: Date;
};

/** The activity list's select, joined for the names; the caller adds the roster/section joins it filters on. */
export function activityFrom<T extends SelectedFields>(db: Db, extra: T, fields: SelectedFields = activitySelect) {
  return db
    .select({ ...(fields as typeof activitySelect), ...extra })
    .from(activityLog)
    .innerJoin(dutyRoster, eq(dutyRoster.id, activityLog.dutyRosterId))
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .innerJoin(creator, eq(creator.id, activityLog.createdBy))
    .leftJoin(ev, eq(ev.key, activityLog.eventId))
    .leftJoin(dir, eq(dir.key, activityLog.directionId))
    .leftJoin(rondaCheckpoint, eq(rondaCheckpoint.id, activityLog.rondaCheckpointId))
    .leftJoin(incident, eq(incident.id, activityLog.incidentId));
}

/**
 * activitySelect with each field selected under its answer's name, for a prepared read taken with `.all()`: its rows
 * come as the driver reads them (times as PostgreSQL's text), not mapped field by field by Drizzle, which was most of
 * the JavaScript of a roster's log (bench/uncached-reads.ts); `activityRowOfText` writes them in the answer's order.
 */
export const activitySelectByName = Object.fromEntries(Object.entries(activitySelect).map(([key, field]) => [key, sql`${field}`.as(key)])) as {
  [K in keyof typeof activitySelect]: SQL.Aliased<ActivityDbRow[K]>;
};

/** A row of activitySelectByName as the answer writes it (ActivityLogRowSchema's order, times in ISO 8601). */
export const activityRowOfText = (
  r: Omit<ActivityDbRow, 'occurredAt' | 'createdAt'> & { occurredAt: string; createdAt: string },
): ActivityLogRow => ({
  pkActivityLogId: r.pkActivityLogId,
  dutyRosterId: r.dutyRosterId,
  eventId: r.eventId,
  eventName: r.eventName,
  occurredAt: parsePgTimestamp(r.occurredAt).toISOString(),
  km: r.km,
  directionId: r.directionId,
  directionName: r.directionName,
  rondaCheckpointId: r.rondaCheckpointId,
  checkpointName: r.checkpointName,
  location: r.location,
  latitude: r.latitude,
  longitude: r.longitude,
  remark: r.remark,
  incidentId: r.incidentId,
  ticketNumber: r.ticketNumber,
  createdBy: r.createdBy,
  createdByName: r.createdByName,
  createdAt: parsePgTimestamp(r.createdAt).toISOString(),
});

export const toActivityRow = (r: ActivityDbRow): ActivityLogRow => ({
  ...r,
  occurredAt: r.occurredAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

export async function activityById(db: Db, id: number): Promise<ActivityLogRow | undefined> {
  const [row] = await activityFrom(db, {}).where(eq(activityLog.id, id));
  return row ? toActivityRow(row) : undefined;
}

/** Every entry of a roster in time order. */
export async function activitiesOf(db: Db, rosterId: number): Promise<ActivityLogRow[]> {
  const rows = await activityFrom(db, {}).where(eq(activityLog.dutyRosterId, rosterId)).orderBy(asc(activityLog.occurredAt), asc(activityLog.id));
  return rows.map(toActivityRow);
}

// ------------------------------------------------------------------------------------------------ summary inputs

/** The entries and fixes the summary needs (fixes from INACTIVE_GPS_GAP_MS before the start: see summary.ts). */
export async function summaryInputs(
  db: Db,
  r: { id: number; startsAt: Date; endsAt: Date },
): Promise<{ entries: SummaryEntry[]; fixes: (SummaryFix & FixPoint)[] }> {
  const [entries, fixes] = await Promise.all([
    db
      .select({ id: activityLog.id, eventId: activityLog.eventId, at: activityLog.occurredAt })
      .from(activityLog)
      .where(eq(activityLog.dutyRosterId, r.id)),
    db
      .select({
        at: rosterPosition.recordedAt,
        offsetMetres: rosterPosition.offsetMetres,
        latitude: rosterPosition.latitude,
        longitude: rosterPosition.longitude,
        km: rosterPosition.km,
      })
      .from(rosterPosition)
      .where(
        and(
          eq(rosterPosition.dutyRosterId, r.id),
          gte(rosterPosition.recordedAt, new Date(r.startsAt.getTime() - INACTIVE_GPS_GAP_MS)),
          lte(rosterPosition.recordedAt, r.endsAt),
        ),
      )
      .orderBy(asc(rosterPosition.recordedAt), asc(rosterPosition.id)),
  ]);
  return {
    entries: entries.map((e) => ({ id: e.id, eventId: e.eventId, at: e.at.getTime() })),
    fixes: fixes.map((f) => ({ at: f.at.getTime(), offsetMetres: f.offsetMetres, latitude: f.latitude, longitude: f.longitude, km: f.km })),
  };
}

export interface FixPoint {
  latitude: number;
  longitude: number;
  km: number | null;
}

// ------------------------------------------------------------------------------------------------ the report

const jenis = alias(lookupItem, 'jenis');
const roleItem = alias(lookupItem, 'role_item');
export const ackStaff = alias(staff, 'ack_staff');
export const approveStaff = alias(staff, 'approve_staff');

export async function rosterHeader(db: Db, rosterId: number) {
  const [row] = await db
    .select({
      pkDutyRosterId: dutyRoster.id,
      dutyRosterName: dutyRoster.dutyRosterName,
      sectionId: dutyRoster.sectionId,
      sectionName: section.name,
      regionId: section.regionId,
      regionName: region.name,
      teamId: dutyRoster.teamId,
      teamName: team.name,
      shiftName: shift.name,
      jenisRosterName: jenis.value,
      startDate: dutyRoster.startDate,
      endDate: dutyRoster.endDate,
      startHour: dutyRoster.startHour,
      endHour: dutyRoster.endHour,
      startsAt: dutyRoster.startsAt,
      endsAt: dutyRoster.endsAt,
      plateNumber: vehicle.plateNumber,
      callSign: callSign.callSign,
      deviceNo: deviceNo.deviceNo,
      hpNo: hpNoSection.phoneNo,
      remark: dutyRoster.remark,
      acknowledgedByName: ackStaff.displayName,
      approvedByName: approveStaff.displayName,
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .innerJoin(team, eq(team.id, dutyRoster.teamId))
    .innerJoin(shift, eq(shift.id, dutyRoster.shiftId))
    .leftJoin(jenis, eq(jenis.key, sql`coalesce(${dutyRoster.jenisRosterId}, ${shift.jenisRosterId})`))
    .leftJoin(vehicle, eq(vehicle.id, dutyRoster.vehicleId))
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .leftJoin(deviceNo, eq(deviceNo.id, dutyRoster.deviceNoId))
    .leftJoin(hpNoSection, eq(hpNoSection.id, dutyRoster.hpNoSectionId))
    .leftJoin(ackStaff, eq(ackStaff.id, dutyRoster.acknowledgedBy))
    .leftJoin(approveStaff, eq(approveStaff.id, dutyRoster.approvedBy))
    .where(eq(dutyRoster.id, rosterId));
  return row;
}

/** The roster's people: its member rows with their roles, else its team less those released from it. */
export async function rosterPeople(db: Db, r: { id: number; teamId: number }) {
  const named = await db
    .select({ pkStaffId: staff.id, displayName: staff.displayName, rosterRoleName: roleItem.value })
    .from(dutyRosterMember)
    .innerJoin(staff, eq(staff.id, dutyRosterMember.staffId))
    .leftJoin(roleItem, eq(roleItem.key, dutyRosterMember.rosterRoleId))
    .where(eq(dutyRosterMember.dutyRosterId, r.id))
    .orderBy(sql`${dutyRosterMember.rosterRoleId} nulls last`, asc(staff.displayName));
  if (named.length) return named;
  return db
    .select({ pkStaffId: staff.id, displayName: staff.displayName, rosterRoleName: sql<string | null>`null` })
    .from(teamMember)
    .innerJoin(staff, eq(staff.id, teamMember.staffId))
    .where(
      and(
        eq(teamMember.teamId, r.teamId),
        sql`not exists (select 1 from ${dutyRosterAbsence} where ${dutyRosterAbsence.dutyRosterId} = ${r.id} and ${dutyRosterAbsence.staffId} = ${staff.id})`,
      ),
    )
    .orderBy(asc(teamMember.id));
}

/** The ids of the cases a roster attended: assigned to it now, or with audit entries assigned to it (both indexed). */
function caseIdsSql(rosterIds: number[]): SQL {
  const ids = sql.join(
    rosterIds.map((i) => sql`${i}`),
    sql`, `,
  );
  return sql`select i.duty_roster_id as roster_id, i.id as incident_id from incident i where i.duty_roster_id in (${ids})
    union
    select a.assignee_roster_id, a.incident_id from incident_audit a where a.assignee_roster_id in (${ids})`;
}

/** How many cases each roster attended (the list's caseCount): one statement for a page. */
export async function caseCounts(db: Db, rosters: { id: number }[]): Promise<Map<number, number>> {
  if (!rosters.length) return new Map();
  const res = (await db.execute(
    sql`select roster_id, count(*)::int as n from (${caseIdsSql(rosters.map((r) => r.id))}) c group by roster_id`,
  )) as unknown as {
    rows: { roster_id: number; n: number }[];
  };
  return new Map(res.rows.map((r) => [Number(r.roster_id), Number(r.n)]));
}

/** The cases of a roster with the times of the patrol's steps written for it (the latest of each). */
export async function casesOf(db: Db, r: { id: number; regionId: number; startsAt: Date; endsAt: Date }): Promise<EndOfDutyCase[]> {
  const idRes = (await db.execute(sql`select distinct incident_id from (${caseIdsSql([r.id])}) c`)) as unknown as {
    rows: { incident_id: number }[];
  };
  const ids = idRes.rows.map((x) => Number(x.incident_id));
  if (!ids.length) return [];
  const cat = alias(lookupItem, 'cat');
  const st = alias(lookupItem, 'st');
  const [cases, steps] = await Promise.all([
    db
      .select({
        id: incident.id,
        ticketNumber: incident.ticketNumber,
        eventTypeName: cat.value,
        statusName: st.value,
        km: incident.kilometerMarker,
        dutyRosterId: incident.dutyRosterId,
        incidentAt: incident.incidentAt,
        dispatchedAt: incident.dispatchedAt,
        receivedAt: incident.receivedAt,
        arrivedAt: incident.arrivedAt,
        assistanceDoneAt: incident.assistanceDoneAt,
        caseDoneAt: incident.caseDoneAt,
      })
      .from(incident)
      .leftJoin(cat, eq(cat.key, incident.categoryId))
      .leftJoin(st, eq(st.key, incident.statusId))
      .where(inArray(incident.id, ids))
      .orderBy(asc(incident.incidentAt), asc(incident.id)),
    db
      .select({
        incidentId: incidentAudit.incidentId,
        statusId: incidentAudit.statusId,
        at: sql<Date>`max(${incidentAudit.at})`.mapWith(incidentAudit.at),
      })
      .from(incidentAudit)
      .where(and(inArray(incidentAudit.incidentId, ids), eq(incidentAudit.assigneeRosterId, r.id)))
      .groupBy(incidentAudit.incidentId, incidentAudit.statusId),
  ]);
  const stepOf = (incidentId: number, statuses: number[]): Date | null => {
    const times = steps.filter((s) => s.incidentId === incidentId && statuses.includes(s.statusId)).map((s) => s.at.getTime());
    return times.length ? new Date(Math.max(...times)) : null;
  };
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return cases.map((c) => {
    const hasSteps = steps.some((s) => s.incidentId === c.id);
    // a case held by the roster with no audit entry written for it (imported, or older data): its own list times
    const own = (d: Date | null) => (!hasSteps && c.dutyRosterId === r.id ? d : null);
    return {
      incidentId: c.id,
      ticketNumber: c.ticketNumber,
      eventTypeName: c.eventTypeName,
      statusName: c.statusName,
      km: c.km,
      assignedAt: iso(stepOf(c.id, [STATUS.ASSIGNED]) ?? own(c.dispatchedAt)),
      receivedAt: iso(stepOf(c.id, [STATUS.RECEIVED]) ?? own(c.receivedAt)),
      arrivedAt: iso(stepOf(c.id, [STATUS.ARRIVED]) ?? own(c.arrivedAt)),
      assistanceDoneAt: iso(stepOf(c.id, [STATUS.ASSISTANCE_DONE]) ?? own(c.assistanceDoneAt)),
      doneAt: iso(stepOf(c.id, [STATUS.CASE_DONE, STATUS.NEGATIVE]) ?? own(c.caseDoneAt)),
    };
  });
}

// ------------------------------------------------------------------------------------------------ end-of-duty list

export const endOfDutySelect = (now: Date) => ({
  pkDutyRosterId: dutyRoster.id,
  dutyRosterName: dutyRoster.dutyRosterName,
  startDate: dutyRoster.startDate,
  startHour: dutyRoster.startHour,
  endHour: dutyRoster.endHour,
  regionId: section.regionId,
  regionName: region.name,
  sectionName: section.name,
  teamName: team.name,
  shiftName: shift.name,
  plateNumber: vehicle.plateNumber,
  startsAt: dutyRoster.startsAt,
  endsAt: dutyRoster.endsAt,
  lifecycle: lifecycleSql(now),
  activityCount: sql<number>`(select count(*)::int from ${activityLog} where ${activityLog.dutyRosterId} = ${dutyRoster.id})`,
  rondaCount: dutyRoster.rondaCount,
  rehatMinutes: dutyRoster.rehatMinutes,
  dluMinutes: dutyRoster.dluMinutes,
  lluMinutes: dutyRoster.lluMinutes,
  acknowledgedByName: ackStaff.displayName,
  acknowledgedAt: dutyRoster.acknowledgedAt,
  approvedByName: approveStaff.displayName,
  approvedAt: dutyRoster.approvedAt,
});

/** The list's select (with its total, totalOver) from the roster and the tables its row names. */
export function endOfDutyFrom(db: Db, now: Date) {
  return db
    .select({ ...endOfDutySelect(now), total: totalOver() })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .innerJoin(team, eq(team.id, dutyRoster.teamId))
    .innerJoin(shift, eq(shift.id, dutyRoster.shiftId))
    .leftJoin(vehicle, eq(vehicle.id, dutyRoster.vehicleId))
    .leftJoin(ackStaff, eq(ackStaff.id, dutyRoster.acknowledgedBy))
    .leftJoin(approveStaff, eq(approveStaff.id, dutyRoster.approvedBy));
}

/** The sections a section filter covers: the section and, for a combined one, its parts. */
export async function sectionFamily(db: Db, sectionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: section.id })
    .from(section)
    .where(or(eq(section.id, sectionId), eq(section.combinedSectionId, sectionId)));
  return rows.map((r) => r.id);
}
