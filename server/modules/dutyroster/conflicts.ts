/**
 * What keeps a person or a vehicle off a roster (issue #15 item 1), for dutyroster/save and generateMonth alike:
 * - approved leave (staff_leave status 'approved', as the leave module decides it) over any of the roster's days;
 * - another roster overlapping it in time (startsAt < other.endsAt and endsAt > other.startsAt) that has the person
 *   among its people (its member rows; or, without member rows, its team's members minus duty_roster_absence);
 * - for a vehicle, another overlapping roster with that vehicle.
 * Each read covers a window and many people at once; callers test the overlap of each roster in memory.
 */
import { and, asc, eq, gt, gte, inArray, lt, lte, ne, notExists, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dutyRoster, dutyRosterAbsence, dutyRosterMember, staff, staffLeave, teamMember } from '../../db/schema';

export interface LeaveHit {
  staffId: number;
  displayName: string;
  leaveTypeId: number;
  dateFrom: string;
  dateTo: string;
}

/** Approved leave of these people meeting the local days from..to (both included). */
export async function approvedLeave(db: Db, staffIds: number[], from: string, to: string): Promise<LeaveHit[]> {
  if (!staffIds.length) return [];
  return db
    .select({
      staffId: staffLeave.staffId,
      displayName: staff.displayName,
      leaveTypeId: staffLeave.leaveTypeId,
      dateFrom: staffLeave.dateFrom,
      dateTo: staffLeave.dateTo,
    })
    .from(staffLeave)
    .innerJoin(staff, eq(staff.id, staffLeave.staffId))
    .where(and(inArray(staffLeave.staffId, staffIds), eq(staffLeave.status, 'approved'), lte(staffLeave.dateFrom, to), gte(staffLeave.dateTo, from)))
    .orderBy(asc(staffLeave.dateFrom), asc(staff.displayName));
}

export interface RosterHit {
  staffId: number;
  rosterId: number;
  rosterName: string;
  teamId: number;
  shiftId: number;
  startDate: string;
  startsAt: Date;
  endsAt: Date;
}

export interface VehicleHit {
  vehicleId: number;
  rosterId: number;
  rosterName: string;
  startsAt: Date;
  endsAt: Date;
}

const hitColumns = {
  rosterId: dutyRoster.id,
  rosterName: dutyRoster.dutyRosterName,
  teamId: dutyRoster.teamId,
  shiftId: dutyRoster.shiftId,
  startDate: dutyRoster.startDate,
  startsAt: dutyRoster.startsAt,
  endsAt: dutyRoster.endsAt,
};

/** The rosters overlapping from..to (instants) that have any of these people, one row per person and roster. */
export async function rostersOfPeople(db: Db, staffIds: number[], from: Date, to: Date, excludeRosterIds: number[] = []): Promise<RosterHit[]> {
  if (!staffIds.length) return [];
  const window = (extra: SQL[]) =>
    and(
      lt(dutyRoster.startsAt, to),
      gt(dutyRoster.endsAt, from),
      excludeRosterIds.length ? notInArray(dutyRoster.id, excludeRosterIds) : undefined,
      ...extra,
    );
  const [own, byTeam] = await Promise.all([
    db
      .select({ staffId: dutyRosterMember.staffId, ...hitColumns })
      .from(dutyRosterMember)
      .innerJoin(dutyRoster, eq(dutyRoster.id, dutyRosterMember.dutyRosterId))
      .where(window([inArray(dutyRosterMember.staffId, staffIds)])),
    db
      .select({ staffId: teamMember.staffId, ...hitColumns })
      .from(teamMember)
      .innerJoin(dutyRoster, eq(dutyRoster.teamId, teamMember.teamId))
      .where(
        window([
          inArray(teamMember.staffId, staffIds),
          notExists(db.select({ one: sql`1` }).from(dutyRosterMember).where(eq(dutyRosterMember.dutyRosterId, dutyRoster.id))),
          notExists(
            db
              .select({ one: sql`1` })
              .from(dutyRosterAbsence)
              .where(and(eq(dutyRosterAbsence.dutyRosterId, dutyRoster.id), eq(dutyRosterAbsence.staffId, teamMember.staffId))),
          ),
        ]),
      ),
  ]);
  return [...own, ...byTeam].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.rosterId - b.rosterId);
}

/** The rosters overlapping from..to that use any of these vehicles. */
export async function rostersOfVehicles(db: Db, vehicleIds: number[], from: Date, to: Date, excludeRosterId?: number): Promise<VehicleHit[]> {
  if (!vehicleIds.length) return [];
  const rows = await db
    .select({
      vehicleId: dutyRoster.vehicleId,
      rosterId: dutyRoster.id,
      rosterName: dutyRoster.dutyRosterName,
      startsAt: dutyRoster.startsAt,
      endsAt: dutyRoster.endsAt,
    })
    .from(dutyRoster)
    .where(
      and(
        inArray(dutyRoster.vehicleId, vehicleIds),
        lt(dutyRoster.startsAt, to),
        gt(dutyRoster.endsAt, from),
        excludeRosterId ? ne(dutyRoster.id, excludeRosterId) : undefined,
      ),
    )
    .orderBy(asc(dutyRoster.startsAt), asc(dutyRoster.id));
  return rows.map((r) => ({ ...r, vehicleId: r.vehicleId! }));
}

/** Two time spans overlap (touching ends do not: a 07:00–19:00 and a 19:00–07:00 shift follow each other). */
export const overlaps = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) => a.startsAt < b.endsAt && a.endsAt > b.startsAt;

/** One roster write at a time (save, delete, generate): the person and vehicle checks then see each other's rows. */
export async function lockRosterWrites(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(15015001)`);
}
