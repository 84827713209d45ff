import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { rosterPhaseAt } from '../../../contract/shift-time';
import type { DutyRosterRow } from '../../../contract/sections';
import type { Db } from '../../db/client';
import { callSign, dutyRoster, region, section, shift, team, vehicle } from '../../db/schema';
import { rosterPeople } from './people';
import { now as clockNow } from '../../lib/clock';

export interface RosterQuery {
  date?: string;
  /** the rosters covering this instant too, whatever their date (the current shift, issue #29) */
  coveringAt?: Date;
  sectionIds?: number[];
  regionId?: number;
}

const ORDER = {
  pkDutyRosterId: dutyRoster.id,
  dutyRosterName: dutyRoster.dutyRosterName,
  sectionName: section.name,
  startDate: dutyRoster.startsAt,
  startHour: dutyRoster.startsAt,
  shiftName: shift.name,
  teamName: team.name,
} as const;

function where(q: RosterQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (q.coveringAt) {
    const at = q.coveringAt.toISOString();
    const covering = sql`(${dutyRoster.startsAt} <= ${at}::timestamptz and ${dutyRoster.endsAt} > ${at}::timestamptz)`;
    parts.push(q.date ? or(eq(dutyRoster.startDate, q.date), covering)! : covering);
  } else if (q.date) parts.push(eq(dutyRoster.startDate, q.date));
  if (q.sectionIds) parts.push(inArray(dutyRoster.sectionId, q.sectionIds.length ? q.sectionIds : [-1]));
  if (q.regionId) parts.push(eq(section.regionId, q.regionId));
  return parts.length ? and(...parts) : undefined;
}

export async function findRosters(
  db: Db,
  q: RosterQuery,
  paging: { orderColumn?: string; direction: 'asc' | 'desc'; length: number; start: number },
  now = clockNow(),
): Promise<{ rows: DutyRosterRow[]; recordCount: number }> {
  const order = ORDER[(paging.orderColumn ?? 'startDate') as keyof typeof ORDER] ?? dutyRoster.startsAt;
  const from = db
    .select({
      id: dutyRoster.id,
      name: dutyRoster.dutyRosterName,
      sectionId: dutyRoster.sectionId,
      sectionName: section.name,
      regionName: region.name,
      shiftId: shift.id,
      shiftName: shift.name,
      teamId: team.id,
      teamName: team.name,
      startDate: dutyRoster.startDate,
      endDate: dutyRoster.endDate,
      startHour: dutyRoster.startHour,
      endHour: dutyRoster.endHour,
      startsAt: dutyRoster.startsAt,
      endsAt: dutyRoster.endsAt,
      plateNumber: vehicle.plateNumber,
      vehicleModel: vehicle.vehicleModel,
      callSign: callSign.callSign,
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .innerJoin(shift, eq(shift.id, dutyRoster.shiftId))
    .innerJoin(team, eq(team.id, dutyRoster.teamId))
    .leftJoin(vehicle, eq(vehicle.id, dutyRoster.vehicleId))
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .where(where(q));
  const [rows, [{ count }]] = await Promise.all([
    from
      .orderBy(paging.direction === 'desc' ? desc(order) : asc(order), asc(section.name), asc(dutyRoster.id))
      .limit(paging.length)
      .offset(paging.start),
    db.select({ count: sql<number>`count(*)::int` }).from(dutyRoster).innerJoin(section, eq(section.id, dutyRoster.sectionId)).where(where(q)),
  ]);
  // the people of each roster: its member rows, else its team's members minus those released by leave (people.ts)
  const { people } = await rosterPeople(
    db,
    rows.map((r) => r.id),
  );
  return {
    recordCount: count,
    rows: rows.map((r) => ({
      pkDutyRosterId: r.id,
      dutyRosterName: r.name,
      sectionId: r.sectionId,
      sectionName: r.sectionName,
      regionName: r.regionName,
      shiftId: r.shiftId,
      shiftName: r.shiftName,
      teamId: r.teamId,
      teamName: r.teamName,
      startDate: r.startDate,
      endDate: r.endDate,
      startHour: r.startHour,
      endHour: r.endHour,
      plateNumber: r.plateNumber,
      callSign: r.callSign,
      vehicleModel: r.vehicleModel,
      members: (people.get(r.id) ?? []).map((m) => ({ pkStaffId: m.pkStaffId, displayName: m.displayName, position: m.position })),
      status: rosterPhaseAt(r, now),
    })),
  };
}
