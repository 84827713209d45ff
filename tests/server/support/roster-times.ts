import { eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { dutyRoster, section } from '../../../server/db/schema';

/** Every roster with its section, region, shift, dates and hours: what the contract's rule (shift-time.ts) reads. */
export function allRosterTimes(db: Db) {
  return db
    .select({
      id: dutyRoster.id,
      sectionId: dutyRoster.sectionId,
      regionId: section.regionId,
      shiftId: dutyRoster.shiftId,
      startDate: dutyRoster.startDate,
      endDate: dutyRoster.endDate,
      startHour: dutyRoster.startHour,
      endHour: dutyRoster.endHour,
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId));
}

export type RosterTimes = Awaited<ReturnType<typeof allRosterTimes>>[number];
