/**
 * Who is on a duty roster (issue #15), one rule for every module: a roster with duty_roster_member rows (written by
 * dutyroster/save) has exactly those people; a roster without them (generated from a team's schedule, never edited)
 * has its team's members minus those released from it by approved leave (duty_roster_absence, #14).
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dutyRoster, dutyRosterAbsence, dutyRosterMember, teamMember } from '../db/schema';
import { oncePerDb } from '../db/once-per-db';

type Ref = AnyPgColumn | SQL | Placeholder | number;

/**
 * A condition on the `duty_roster` row in the query: the staff member is one of its people. Written as two index
 * lookups on the staff member's rows (member rows; team memberships) so it stays cheap over many rosters.
 */
export function rosterHasPerson(staffId: Ref): SQL {
  return sql`(${dutyRoster.id} in (select ${dutyRosterMember.dutyRosterId} from ${dutyRosterMember} where ${dutyRosterMember.staffId} = ${staffId})
    or (${dutyRoster.teamId} in (select ${teamMember.teamId} from ${teamMember} where ${teamMember.staffId} = ${staffId})
      and not exists (select 1 from ${dutyRosterMember} where ${dutyRosterMember.dutyRosterId} = ${dutyRoster.id})
      and not exists (select 1 from ${dutyRosterAbsence} where ${dutyRosterAbsence.dutyRosterId} = ${dutyRoster.id} and ${dutyRosterAbsence.staffId} = ${staffId})))`;
}

/** Is the staff member one of the roster's people (the rule above, for one roster). */
export async function isRosterPerson(db: Db, rosterId: number, staffId: number): Promise<boolean> {
  const [row] = await isPersonOf(db).execute({ rosterId, staffId });
  return !!row;
}
/**
 * Its read, built once per database (or transaction) and prepared (named on PostgreSQL), as incident/access.ts does:
 * a patrol's every read of a case or a checklist asks it (bench/uncached-reads.ts).
 */
const prepareIsPerson = (db: Db) =>
  db
    .select({ id: dutyRoster.id })
    .from(dutyRoster)
    .where(and(eq(dutyRoster.id, sql.placeholder('rosterId')), rosterHasPerson(sql.placeholder('staffId'))))
    .limit(1)
    .prepare('roster_has_person');
const isPersonOf = oncePerDb((db: Db) => prepareIsPerson(db));
