/**
 * Access to one incident, checked before anything else is read (Immich style): the case exists (404) and lies in
 * the caller's region unless the caller sees all regions (403). Every module that touches a case (incident,
 * journal, document, dashboard, …) goes through here.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { incident, incidentSubform } from '../../db/schema';
import { isRosterPerson } from '../../lib/roster-people';
import { seesAllRegions } from '../../plugins/auth';
import { forbidden, notFound } from '../../lib/http-error';
import { oncePerDb } from '../../db/once-per-db';

export interface IncidentAccess {
  id: number;
  ticketNumber: string;
  regionId: number;
  sectionId: number;
  categoryId: number;
  statusId: number | null;
  dutyRosterId: number | null;
  subformId: number | null;
  hasDoneEntry: boolean;
  everCancelled: boolean;
  version: number;
  incidentAt: Date;
}

const accessColumns = {
  id: incident.id,
  ticketNumber: incident.ticketNumber,
  regionId: incident.regionId,
  sectionId: incident.sectionId,
  categoryId: incident.categoryId,
  statusId: incident.statusId,
  dutyRosterId: incident.dutyRosterId,
  subformId: incident.subformId,
  hasDoneEntry: incident.hasDoneEntry,
  everCancelled: incident.everCancelled,
  version: incident.version,
  incidentAt: incident.incidentAt,
};

export const OTHER_REGION_MESSAGE = 'Kes ini di luar wilayah anda.';
export const NO_INCIDENT_MESSAGE = 'Kes tidak dijumpai.';

const subformColumns = { id: incidentSubform.id, incidentId: incidentSubform.incidentId, typeId: incidentSubform.typeId };
const byIdQuery = (db: Db) =>
  db
    .select(accessColumns)
    .from(incident)
    .where(eq(incident.id, sql.placeholder('id')))
    .limit(1);
const bySubformQuery = (db: Db) =>
  db
    .select({ access: accessColumns, subform: subformColumns })
    .from(incidentSubform)
    .innerJoin(incident, eq(incident.id, incidentSubform.incidentId))
    .where(and(eq(incidentSubform.id, sql.placeholder('id')), isNull(incidentSubform.deletedAt)))
    .limit(1);

/**
 * The two reads of a check, built once per database (or transaction) and prepared: every read of a case, a subform
 * or a child list starts with one, and building it again each time was a good part of a small call's own work
 * (bench/uncached-reads.ts). The locking forms (forUpdate) are built each time.
 */
const prepareById = (db: Db) => byIdQuery(db).prepare('incident_access');
const prepareBySubform = (db: Db) => bySubformQuery(db).prepare('incident_subform_access');
const preparedFor = oncePerDb((db: Db) => ({ byId: prepareById(db), bySubform: prepareBySubform(db) }));

/** Runs inside or outside a transaction (`db` may be a transaction); `forUpdate` locks the row for a write. */
export async function incidentAccess(db: Db, user: TokenClaims, incidentId: number, opts: { forUpdate?: boolean } = {}): Promise<IncidentAccess> {
  const [row] = opts.forUpdate
    ? await byIdQuery(db).for('update').execute({ id: incidentId })
    : await preparedFor(db).byId.execute({ id: incidentId });
  if (!row) throw notFound(NO_INCIDENT_MESSAGE);
  if (!seesAllRegions(user) && row.regionId !== user.reg) throw forbidden(OTHER_REGION_MESSAGE);
  return row;
}

/**
 * A live subform and its case's check in one statement (the subform joined to its case): null when there is no such
 * live subform (the caller says so in its own words); 404 / 403 for the case as incidentAccess; `forUpdate` locks the
 * case's row alone, as incidentAccess does.
 */
export async function subformAccess(
  db: Db,
  user: TokenClaims,
  subformId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<{ subform: { id: number; incidentId: number; typeId: number }; access: IncidentAccess } | null> {
  const [row] = opts.forUpdate
    ? await bySubformQuery(db).for('update', { of: incident }).execute({ id: subformId })
    : await preparedFor(db).bySubform.execute({ id: subformId });
  if (!row) return null;
  if (!seesAllRegions(user) && row.access.regionId !== user.reg) throw forbidden(OTHER_REGION_MESSAGE);
  return row;
}

/** The same check as incidentAccess starting from a live subform id. */
export async function incidentAccessBySubform(db: Db, user: TokenClaims, subformId: number, opts: { forUpdate?: boolean } = {}) {
  const found = await subformAccess(db, user, subformId, opts);
  if (!found) throw notFound('Subform tidak dijumpai.');
  return found.access;
}

/** Is this staff member one of the roster's people (a patrol working its own case; server/lib/roster-people.ts)? */
export async function isRosterMember(db: Db, staffId: number, rosterId: number | null): Promise<boolean> {
  return rosterId ? isRosterPerson(db, rosterId, staffId) : false;
}
