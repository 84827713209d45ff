/**
 * Who may read or change a duty roster (issue #15; docs/roles.md "Who may do what"). Checked first in every call, before
 * anything of the roster is read for the answer:
 * - 404 when the roster does not exist;
 * - 403 when its section is of another region than the caller's scope (national roles see all, server/lib/scope.ts);
 * - a patrol (PR) reads only a roster it is one of the people of, or one of its own team's (403 otherwise);
 * - writes need rosterManage (checked by the route) within the region scope.
 */
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { isPatrolRole } from '../../../contract/roles';
import { ROSTER_MESSAGES } from '../../../contract/rosters-rules';
import type { Db } from '../../db/client';
import { dutyRoster, section, teamMember } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
import { rosterHasPerson } from '../../lib/roster-people';
import { regionScopeOf } from '../../lib/scope';
import { oncePerDb } from '../../db/once-per-db';

export interface RosterRef {
  id: number;
  name: string;
  sectionId: number;
  regionId: number;
  teamId: number;
  version: number;
  isDisemak: boolean;
  isDisahkan: boolean;
}

const refColumns = {
  id: dutyRoster.id,
  name: dutyRoster.dutyRosterName,
  sectionId: dutyRoster.sectionId,
  regionId: section.regionId,
  teamId: dutyRoster.teamId,
  version: dutyRoster.version,
  isDisemak: dutyRoster.isDisemak,
  isDisahkan: dutyRoster.isDisahkan,
};

/** The roster, or 404; 403 when it is outside the caller's region scope. `forUpdate` locks the row (writes). */
export async function rosterInScope(db: Db, user: TokenClaims, id: number, opts: { forUpdate?: boolean } = {}): Promise<RosterRef> {
  const [row] = opts.forUpdate ? await refQuery(db, id).for('update', { of: dutyRoster }) : await checksFor(db).ref.execute({ id });
  if (!row) throw notFound(ROSTER_MESSAGES.notFound);
  const scope = regionScopeOf(user);
  if (scope !== null && row.regionId !== scope) throw forbidden(ROSTER_MESSAGES.outOfRegion);
  return row;
}

/** Read access: the region scope, and for a patrol its own rosters or its own team's. */
export async function rosterReadable(db: Db, user: TokenClaims, id: number): Promise<RosterRef> {
  const ref = await rosterInScope(db, user, id);
  if (isPatrolRole(user.rn)) {
    const [mine] = await checksFor(db).patrolOwn.execute({ id, sid: user.sid });
    if (!mine) throw forbidden(ROSTER_MESSAGES.notOwnRoster);
  }
  return ref;
}

const refQuery = (db: Db, id: number | Placeholder) =>
  db.select(refColumns).from(dutyRoster).innerJoin(section, eq(section.id, dutyRoster.sectionId)).where(eq(dutyRoster.id, id));
const patrolOwnQuery = (db: Db) => {
  const sid = sql.placeholder('sid');
  return db
    .select({ one: sql<number>`1` })
    .from(dutyRoster)
    .where(
      and(
        eq(dutyRoster.id, sql.placeholder('id')),
        sql`(${rosterHasPerson(sid)} or ${dutyRoster.teamId} in (select ${teamMember.teamId} from ${teamMember} where ${teamMember.staffId} = ${sid}))`,
      ),
    );
};
/**
 * The two reads of a read check, built once per database (or transaction) and prepared (named on PostgreSQL), as
 * incident/access.ts does: every read of a roster starts with them (bench/uncached-reads.ts). The locking form
 * (forUpdate) is built each time.
 */
const prepareRef = (db: Db) => refQuery(db, sql.placeholder('id')).prepare('roster_ref');
const preparePatrolOwn = (db: Db) => patrolOwnQuery(db).prepare('roster_patrol_own');
const checksFor = oncePerDb((db: Db) => ({ ref: prepareRef(db), patrolOwn: preparePatrolOwn(db) }));
