/**
 * dutyRosterView/dataTables (§7.5; §9 "rosters by month 1000"): the rosters starting in a month (Asia/Brunei dates)
 * of a section or a region within the caller's scope, one row per roster with its people, vehicle, device, phone and
 * lifecycle. One statement for the page and its total (count over()), one for the people.
 */
import { and, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import { ROSTER_MESSAGES, monthDays, type RosterMonthFilter, type RosterMonthRow } from '../../../contract/rosters';
import type { Db } from '../../db/client';
import { callSign, deviceNo, dutyRoster, hpNoSection, region, section, shift, team, vehicle } from '../../db/schema';
import { listPage, orderOf, totalOver, type Sortable } from '../../lib/data-table';
import { badRequest, forbidden } from '../../lib/http-error';
import { assertSectionInScope, regionScopeOf } from '../../lib/scope';
import { clockStatusSql, lifecycleSql, peopleBriefOf } from './people';
import { now as clockNow } from '../../lib/clock';

const SORTABLE: Sortable = {
  startDate: dutyRoster.startsAt,
  startsAt: dutyRoster.startsAt,
  sectionName: section.name,
  teamName: team.name,
  shiftName: shift.name,
  dutyRosterName: dutyRoster.dutyRosterName,
  pkDutyRosterId: dutyRoster.id,
};

export async function monthRosters(
  db: Db,
  user: TokenClaims,
  f: RosterMonthFilter,
  q: DataTablesQuery,
  now = clockNow(),
): Promise<{ rows: RosterMonthRow[]; recordCount: number }> {
  const m = monthDays(f.month);
  if (!m) throw badRequest(ROSTER_MESSAGES.month, 'month');
  const scope = regionScopeOf(user);
  const conds: (SQL | undefined)[] = [gte(dutyRoster.startDate, m.first), lte(dutyRoster.startDate, m.last)];
  if (f.regionId) {
    if (scope !== null && f.regionId !== scope) throw forbidden(ROSTER_MESSAGES.otherRegion);
    conds.push(eq(section.regionId, f.regionId));
  } else if (scope !== null) conds.push(eq(section.regionId, scope));
  if (f.sectionId) {
    await assertSectionInScope(db, user, f.sectionId);
    conds.push(or(eq(dutyRoster.sectionId, f.sectionId), eq(section.combinedSectionId, f.sectionId)));
  }
  if (f.teamId) conds.push(eq(dutyRoster.teamId, f.teamId));
  const lifecycle = lifecycleSql(now);
  if (f.lifecycle) conds.push(eq(lifecycle, f.lifecycle));

  // one JSON object per roster, built by the database (a page of 1,000 is 1,000 values to read, not 22,000)
  const row = sql<Omit<RosterMonthRow, 'members'>>`json_build_object(
    'pkDutyRosterId', ${dutyRoster.id}, 'dutyRosterName', ${dutyRoster.dutyRosterName},
    'sectionId', ${dutyRoster.sectionId}, 'sectionName', ${section.name}, 'regionName', ${region.name},
    'shiftId', ${dutyRoster.shiftId}, 'shiftName', ${shift.name}, 'teamId', ${dutyRoster.teamId}, 'teamName', ${team.name},
    'startDate', ${dutyRoster.startDate}, 'endDate', ${dutyRoster.endDate}, 'startHour', ${dutyRoster.startHour}, 'endHour', ${dutyRoster.endHour},
    'plateNumber', ${vehicle.plateNumber}, 'callSign', ${callSign.callSign}, 'deviceNo', ${deviceNo.deviceNo}, 'phoneNo', ${hpNoSection.phoneNo},
    'statusAlert', ${dutyRoster.statusAlert}, 'status', ${clockStatusSql(now)}, 'lifecycle', ${lifecycle})`;
  const qb = db
    .select({ row, total: totalOver() })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .innerJoin(shift, eq(shift.id, dutyRoster.shiftId))
    .innerJoin(team, eq(team.id, dutyRoster.teamId))
    .leftJoin(vehicle, eq(vehicle.id, dutyRoster.vehicleId))
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .leftJoin(deviceNo, eq(deviceNo.id, dutyRoster.deviceNoId))
    .leftJoin(hpNoSection, eq(hpNoSection.id, dutyRoster.hpNoSectionId))
    .where(and(...conds))
    .$dynamic();
  const { rows, recordCount } = await listPage<typeof qb, Awaited<typeof qb>[number]>(
    qb,
    q,
    orderOf(q, SORTABLE, 'startDate', [section.name, dutyRoster.id]),
  );
  const people = await peopleBriefOf(
    db,
    rows.map((r) => r.row.pkDutyRosterId),
  );
  return { recordCount, rows: rows.map(({ row: r }) => ({ ...r, members: people.get(r.pkDutyRosterId) ?? [] })) };
}
