/**
 * The staffing view by day (issue #15 "Beyond the spec", as dispatch systems have): for one local day and the listed
 * sections of a section, a region or the caller's scope, per section and shift the rosters starting that day (team,
 * vehicle, the people on duty), the section's staff on approved leave that day, and the gaps — a section and shift
 * with no roster — flagged.
 *
 * The shifts (columns) are the active shifts worked in scope: the shift of an active team's schedule there, or of a
 * roster that day (a shift nobody in scope works, say an office shift, would make every section a gap).
 */
import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { leaveTypeName } from '../../../contract/leave';
import { ROSTER_MESSAGES, type StaffingFilter, type StaffingResult, type StaffingRoster } from '../../../contract/rosters';
import type { Db } from '../../db/client';
import { callSign, dutyRoster, dutyRosterAbsence, region, section, shift, staff, staffLeave, team, teamSchedule, vehicle } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { assertSectionInScope, regionScopeOf } from '../../lib/scope';
import { lifecycleSql, peopleBriefOf } from './people';
import { now as clockNow } from '../../lib/clock';

export async function staffingOf(db: Db, user: TokenClaims, f: StaffingFilter, now = clockNow()): Promise<StaffingResult> {
  const scope = regionScopeOf(user);
  // the listed sections in scope (§5: no G section, no specific part of a combined section)
  const conds: (SQL | undefined)[] = [isNull(section.combinedSectionId), sql`${section.name} not like '%G%'`];
  if (f.sectionId) {
    await assertSectionInScope(db, user, f.sectionId);
    const [own] = await db.select({ combinedSectionId: section.combinedSectionId }).from(section).where(eq(section.id, f.sectionId));
    conds.push(eq(section.id, own?.combinedSectionId ?? f.sectionId));
  }
  if (f.regionId) {
    if (scope !== null && f.regionId !== scope) throw forbidden(ROSTER_MESSAGES.otherRegion);
    conds.push(eq(section.regionId, f.regionId));
  } else if (scope !== null) conds.push(eq(section.regionId, scope));
  const sections = await db
    .select({ id: section.id, name: section.name, description: section.description, regionName: region.name })
    .from(section)
    .innerJoin(region, eq(region.id, section.regionId))
    .where(and(...conds))
    .orderBy(asc(region.name), asc(section.name));
  const empty: StaffingResult = { date: f.date, shifts: [], sections: [], totals: { rosters: 0, onDuty: 0, onLeave: 0, gaps: 0 } };
  if (!sections.length) return empty;

  // every section id whose data belong to a listed one (its specific parts)
  const parts = await db
    .select({ id: section.id, parent: section.combinedSectionId })
    .from(section)
    .where(
      inArray(
        section.combinedSectionId,
        sections.map((s) => s.id),
      ),
    );
  const listedOf = new Map<number, number>(sections.map((s) => [s.id, s.id]));
  for (const p of parts) listedOf.set(p.id, p.parent!);
  const allIds = [...listedOf.keys()];

  const [rosters, scheduled, leave] = await Promise.all([
    db
      .select({
        id: dutyRoster.id,
        name: dutyRoster.dutyRosterName,
        sectionId: dutyRoster.sectionId,
        shiftId: dutyRoster.shiftId,
        teamName: team.name,
        startHour: dutyRoster.startHour,
        endHour: dutyRoster.endHour,
        plateNumber: vehicle.plateNumber,
        callSign: callSign.callSign,
        lifecycle: lifecycleSql(now),
      })
      .from(dutyRoster)
      .innerJoin(team, eq(team.id, dutyRoster.teamId))
      .leftJoin(vehicle, eq(vehicle.id, dutyRoster.vehicleId))
      .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
      .where(and(eq(dutyRoster.startDate, f.date), inArray(dutyRoster.sectionId, allIds)))
      .orderBy(asc(dutyRoster.startsAt), asc(team.name)),
    db
      .selectDistinct({ shiftId: teamSchedule.shiftId })
      .from(teamSchedule)
      .innerJoin(team, and(eq(team.id, teamSchedule.teamId), eq(team.isActive, true)))
      .where(inArray(team.sectionId, allIds)),
    db
      .select({
        staffId: staff.id,
        displayName: staff.displayName,
        position: staff.position,
        sectionId: staff.sectionId,
        leaveTypeId: staffLeave.leaveTypeId,
        dateFrom: staffLeave.dateFrom,
        dateTo: staffLeave.dateTo,
        releasedFrom: sql<string | null>`(select dr.duty_roster_name from ${dutyRosterAbsence} a join ${dutyRoster} dr on dr.id = a.duty_roster_id
          where a.staff_id = ${staff.id} and dr.start_date = ${f.date} order by dr.starts_at limit 1)`,
      })
      .from(staffLeave)
      .innerJoin(staff, eq(staff.id, staffLeave.staffId))
      .where(
        and(eq(staffLeave.status, 'approved'), lte(staffLeave.dateFrom, f.date), gte(staffLeave.dateTo, f.date), inArray(staff.sectionId, allIds)),
      )
      .orderBy(asc(staff.displayName)),
  ]);

  const shiftIds = [...new Set([...scheduled.map((s) => s.shiftId), ...rosters.map((r) => r.shiftId)])];
  const shifts = shiftIds.length
    ? await db
        .select({ shiftId: shift.id, shiftName: shift.name, startHour: shift.startHour, endHour: shift.endHour, isActive: shift.isActive })
        .from(shift)
        .where(and(inArray(shift.id, shiftIds), or(eq(shift.isActive, true), inArray(shift.id, rosters.map((r) => r.shiftId).concat(-1)))))
        .orderBy(asc(shift.startHour), asc(shift.name))
    : [];
  const people = await peopleBriefOf(
    db,
    rosters.map((r) => r.id),
  );

  let gaps = 0;
  let onDuty = 0;
  const out = sections.map((s) => {
    const mine = rosters.filter((r) => listedOf.get(r.sectionId) === s.id);
    const cells = shifts.map((sh) => {
      const list: StaffingRoster[] = mine
        .filter((r) => r.shiftId === sh.shiftId)
        .map((r) => {
          const ppl = people.get(r.id) ?? [];
          onDuty += ppl.length;
          return {
            pkDutyRosterId: r.id,
            dutyRosterName: r.name,
            teamName: r.teamName,
            startHour: r.startHour,
            endHour: r.endHour,
            plateNumber: r.plateNumber,
            callSign: r.callSign,
            people: ppl,
            lifecycle: r.lifecycle,
          };
        });
      const gap = list.length === 0 && sh.isActive;
      if (gap) gaps++;
      return { shiftId: sh.shiftId, rosters: list, gap };
    });
    const onLeave = leave
      .filter((l) => listedOf.get(l.sectionId) === s.id)
      .map((l) => ({
        pkStaffId: l.staffId,
        displayName: l.displayName,
        position: l.position,
        leaveTypeName: leaveTypeName(l.leaveTypeId),
        dateFrom: l.dateFrom,
        dateTo: l.dateTo,
        releasedFrom: l.releasedFrom,
      }));
    return { sectionId: s.id, sectionName: s.name, description: s.description, regionName: s.regionName, cells, onLeave };
  });
  return {
    date: f.date,
    shifts: shifts.map(({ isActive: _a, ...sh }) => sh),
    sections: out,
    totals: { rosters: rosters.length, onDuty, onLeave: leave.length, gaps },
  };
}
