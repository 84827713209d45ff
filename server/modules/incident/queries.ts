/**
 * Read side of the incident main record (§3.1): incident/get, getByTicketNumber, incidentView/get and
 * searchBySubformId, and the small incidentView/dataTables list (§7.3). Lookup-style fields come back as
 * {key, value, description}; the status label is 'Tiada Status' when there is none.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery, LookupItem } from '../../../contract/envelope';
import type { Incident, IncidentView } from '../../../contract/incidents';
import type { Db } from '../../db/client';
import { callSign, dutyRoster, eventLocation, highway, incident, incidentSubform, region, section, staff, vehicle } from '../../db/schema';
import { seesAllRegions } from '../../plugins/auth';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { incidentAccess, isRosterMember, NO_INCIDENT_MESSAGE, OTHER_REGION_MESSAGE } from './access';
import { localHms, localYmd, lookupMap, NO_STATUS, type Tx } from './refs';
import { oncePerDb } from '../../db/once-per-db';

const specific = alias(section, 'specific_section');

const columns = {
  id: incident.id,
  ticketNumber: incident.ticketNumber,
  cipTicketNumber: incident.cipTicketNumber,
  mhroadsTicketNumber: incident.mhroadsTicketNumber,
  kilometerMarker: incident.kilometerMarker,
  chainage: incident.chainage,
  incidentAt: incident.incidentAt,
  createdByUserId: incident.createdByUserId,
  createdByStaffId: incident.createdByStaffId,
  createdByName: staff.displayName,
  sourceId: incident.sourceId,
  categoryId: incident.categoryId,
  severityId: incident.severityId,
  directionId: incident.directionId,
  locationTypeId: incident.locationTypeId,
  weatherId: incident.weatherId,
  lightingId: incident.lightingId,
  statusId: incident.statusId,
  highwayId: highway.id,
  highwayCode: highway.code,
  highwayName: highway.name,
  sectionId: section.id,
  sectionName: section.name,
  sectionCombined: section.isCombined,
  regionId: region.id,
  regionName: region.name,
  regionCode: region.code,
  specificId: specific.id,
  specificName: specific.name,
  eventLocationId: eventLocation.id,
  eventLocationName: eventLocation.name,
  eventLocationDescription: eventLocation.description,
  rosterId: dutyRoster.id,
  rosterName: dutyRoster.dutyRosterName,
  plateNumber: vehicle.plateNumber,
  callSign: callSign.callSign,
  latitude: incident.latitude,
  longitude: incident.longitude,
  subformId: incident.subformId,
  version: incident.version,
  createdAt: incident.createdAt,
  updatedAt: incident.updatedAt,
  dispatchedAt: incident.dispatchedAt,
  receivedAt: incident.receivedAt,
  arrivedAt: incident.arrivedAt,
  assistanceDoneAt: incident.assistanceDoneAt,
  caseDoneAt: incident.caseDoneAt,
  hasDoneEntry: incident.hasDoneEntry,
  everCancelled: incident.everCancelled,
};

/**
 * The case with its names (incident/get, incidentView/get), built once per database and prepared (named on
 * PostgreSQL), as access.ts does: PostgreSQL planned this read of ten joins on every call (3 ms for 0.07 ms of work,
 * `BENCH_EXPLAIN=1` in bench/uncached-reads.ts), and building it with Drizzle was a good part of the server's own work.
 */
const prepareIncidentById = (db: Tx) =>
  db
    .select(columns)
    .from(incident)
    .innerJoin(section, eq(section.id, incident.sectionId))
    .innerJoin(region, eq(region.id, incident.regionId))
    .innerJoin(highway, eq(highway.id, incident.highwayId))
    .innerJoin(staff, eq(staff.id, incident.createdByStaffId))
    .leftJoin(specific, eq(specific.id, incident.specificSectionId))
    .leftJoin(eventLocation, eq(eventLocation.id, incident.eventLocationId))
    .leftJoin(dutyRoster, eq(dutyRoster.id, incident.dutyRosterId))
    .leftJoin(vehicle, eq(vehicle.id, dutyRoster.vehicleId))
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .where(eq(incident.id, sql.placeholder('id')))
    .limit(1)
    .prepare('incident_by_id');
const incidentByIdOf = oncePerDb((db: Tx) => prepareIncidentById(db));

const selectIncident = (db: Tx, id: number) => incidentByIdOf(db).execute({ id });

type Row = Awaited<ReturnType<typeof selectIncident>>[number];

async function toIncident(db: Tx, r: Row): Promise<Incident & { _row: Row }> {
  const lookups = await lookupMap(db, [
    r.sourceId,
    r.categoryId,
    r.severityId,
    r.directionId,
    r.locationTypeId,
    r.weatherId,
    r.lightingId,
    r.statusId,
  ]);
  const lk = (key: number): LookupItem => lookups.get(key) ?? { key, value: String(key), description: null };
  const lkn = (key: number | null): LookupItem | null => (key === null ? null : lk(key));
  return {
    pkIncidentId: r.id,
    ticketNumber: r.ticketNumber,
    cipTicketNumber: r.cipTicketNumber,
    mhroadsTicketNumber: r.mhroadsTicketNumber,
    kilometerMarker: r.kilometerMarker,
    chainage: r.chainage,
    date: localYmd(r.incidentAt),
    time: localHms(r.incidentAt),
    incidentDateTime: r.incidentAt.toISOString(),
    createdBy: { userId: r.createdByUserId, pkStaffId: r.createdByStaffId, displayName: r.createdByName },
    incidentSource: lk(r.sourceId),
    incidentCategory: lk(r.categoryId),
    incidentSeverity: lkn(r.severityId),
    cardinalDirection: lk(r.directionId),
    locationType: lkn(r.locationTypeId),
    weatherCondition: lkn(r.weatherId),
    lightingCondition: lkn(r.lightingId),
    // the same triple as the highway lookup list
    highway: { key: r.highwayId, value: `${r.highwayCode} – ${r.highwayName}`, description: r.highwayCode },
    section: {
      pkSectionId: r.sectionId,
      sectionName: r.sectionName,
      isCombined: r.sectionCombined,
      region: { key: r.regionId, value: r.regionName, description: r.regionCode },
    },
    specificSection: r.specificId === null ? null : { pkSectionId: r.specificId, sectionName: r.specificName ?? '' },
    eventLocation:
      r.eventLocationId === null ? null : { key: r.eventLocationId, value: r.eventLocationName ?? '', description: r.eventLocationDescription },
    dutyRoster:
      r.rosterId === null
        ? null
        : { pkDutyRosterId: r.rosterId, dutyRosterName: r.rosterName ?? '', plateNumber: r.plateNumber, callSign: r.callSign },
    latitude: r.latitude,
    longtitude: r.longitude,
    incidentStatusId: r.statusId,
    incidentStatus: r.statusId === null ? NO_STATUS : lk(r.statusId).value,
    subformId: r.subformId,
    version: r.version,
    createdDate: r.createdAt.toISOString(),
    modifiedDate: r.updatedAt.toISOString(),
    _row: r,
  };
}

/** incident/get/{id}: the access check first, then the record. */
export async function getIncident(db: Db, user: TokenClaims, id: number): Promise<Incident> {
  await incidentAccess(db, user, id);
  const [r] = await selectIncident(db, id);
  if (!r) throw notFound();
  const { _row: _r, ...out } = await toIncident(db, r);
  return out;
}

/** incident/getByTicketNumber/{ticket} (unique index on ticket_number). */
export async function incidentIdByTicket(db: Db, ticket: string): Promise<number> {
  const [r] = await db.select({ id: incident.id }).from(incident).where(eq(incident.ticketNumber, ticket.trim().toUpperCase())).limit(1);
  if (!r) throw notFound(`Tiada kes dengan nombor tiket ${ticket}.`);
  return r.id;
}

/** incidentView/get/{id}: the record plus the times and flags the detail page decides its buttons with. */
export async function getIncidentView(db: Db, user: TokenClaims, id: number): Promise<IncidentView> {
  await incidentAccess(db, user, id);
  const [r] = await selectIncident(db, id);
  if (!r) throw notFound();
  const [{ _row: row, ...base }, assignedToCaller] = await Promise.all([toIncident(db, r), isRosterMember(db, user.sid, r.rosterId)]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    ...base,
    times: {
      dihantar: iso(row.dispatchedAt),
      diterima: iso(row.receivedAt),
      tiba: iso(row.arrivedAt),
      selesaiBantuan: iso(row.assistanceDoneAt),
      selesaiKes: iso(row.caseDoneAt),
    },
    hasDoneEntry: row.hasDoneEntry,
    everCancelled: row.everCancelled,
    assignedToCaller,
  };
}

/** incidentView/searchBySubformId/{id}: the case a subform (live or replaced) belongs to. */
export async function incidentIdBySubform(db: Db, subformId: number): Promise<number> {
  const [r] = await db.select({ incidentId: incidentSubform.incidentId }).from(incidentSubform).where(eq(incidentSubform.id, subformId)).limit(1);
  if (!r) throw notFound('Subform tidak dijumpai.');
  return r.incidentId;
}

// ------------------------------------------------------------------------------------------------ incidentView/dataTables

/**
 * The ORDER BY of incidentView/dataTables. Time orders are written as incident's indexes are (incident_at DESC NULLS
 * LAST, id DESC NULLS LAST; read backwards for ASC NULLS FIRST): the columns are NOT NULL, so the order is the same,
 * but PostgreSQL only walks an index whose null order matches, and otherwise sorts every case of the region.
 */
function viewOrder(paging: Pick<DataTablesQuery, 'orderColumn' | 'direction'>): SQL {
  const asc = paging.direction !== 'desc';
  const d = asc ? 'ASC' : 'DESC';
  switch (paging.orderColumn) {
    case 'incidentId':
      return sql.raw(`i.id ${d}`);
    case 'ticketNumber':
      return sql.raw(`i.ticket_number ${d}, i.id ${d}`);
    case 'createdDate':
    case 'incidentDateTime':
      return sql.raw(asc ? 'i.incident_at ASC NULLS FIRST, i.id ASC NULLS FIRST' : 'i.incident_at DESC NULLS LAST, i.id DESC NULLS LAST');
    default:
      // newest first unless a known column is asked for
      return sql.raw('i.incident_at DESC NULLS LAST, i.id DESC NULLS LAST');
  }
}

/** A listed case with its status label (the lookup's value; 'Tiada Status' when none), named as the answer names it. */
const statusLabelOf = (column: string) =>
  `CASE WHEN ${column} IS NULL THEN '${NO_STATUS}'
       ELSE coalesce((SELECT li.value FROM lookup_item li WHERE li.key = ${column}), ${column}::text) END`;
const VIEW_COLUMNS = sql.raw(`i.id AS "incidentId", i.subform_id AS "subFormincidentId", i.category_id AS "incidentCategoryId",
  i.ticket_number AS "ticketNumber", i.status_id AS "incidentStatusId", ${statusLabelOf('i.status_id')} AS "incidentStatus"`);

interface ViewRow {
  incidentId: number;
  subFormincidentId: number | null;
  incidentCategoryId: number;
  ticketNumber: string;
  incidentStatusId: number | null;
  incidentStatus: string;
}

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * incidentView/dataTables by incident id alone (how the tablet and the case screen ask it): VIEW_COLUMNS and the
 * case's region, built once per database and prepared (named on PostgreSQL), as access.ts does: Drizzle building the
 * statement on every call was a good part of the call's own work (bench/uncached-reads.ts).
 */
const prepareViewById = (db: Db) =>
  db
    .select({
      incidentId: incident.id,
      subFormincidentId: incident.subformId,
      incidentCategoryId: incident.categoryId,
      ticketNumber: incident.ticketNumber,
      incidentStatusId: incident.statusId,
      incidentStatus: sql<string>`${sql.raw(statusLabelOf('"incident"."status_id"'))}`,
      regionId: incident.regionId,
    })
    .from(incident)
    .where(eq(incident.id, sql.placeholder('id')))
    .limit(1)
    .prepare('incident_view_by_id');
const viewByIdOf = oncePerDb((db: Db) => prepareViewById(db));

/**
 * By incident id (§7.3: body.rows[0].incidentId and subFormincidentId), by section (a specific section of a combined
 * one matches through specific_section_id), else the caller's region; newest first unless an order column is given.
 * Each branch runs on an index of incident (pkey, incident_section_at_idx, incident_specific_section_at_idx,
 * incident_region_at_idx, incident_at_idx). By id it is one statement (the case, its region for the access check and
 * whether the other conditions hold); otherwise the page and its count side by side, after the section's check.
 */
export async function incidentViewRows(
  db: Db,
  user: TokenClaims,
  filter: { incidentId?: number; sectionId?: number; companyId?: number },
  paging: DataTablesQuery,
): Promise<{ recordCount: number; rows: ViewRow[] }> {
  const all = seesAllRegions(user);
  const sectionRead = filter.sectionId
    ? db
        .select({ id: section.id, regionId: section.regionId, combinedSectionId: section.combinedSectionId })
        .from(section)
        .where(eq(section.id, filter.sectionId))
        .limit(1)
    : undefined;

  if (filter.incidentId && !filter.sectionId) {
    // the case whatever its region (the access check: 404, then 403)
    const [c] = await viewByIdOf(db).execute({ id: filter.incidentId });
    if (!c) throw notFound(NO_INCIDENT_MESSAGE);
    if (!all && c.regionId !== user.reg) throw forbidden(OTHER_REGION_MESSAGE);
    const { regionId: _r, ...row } = c;
    return { recordCount: 1, rows: paging.start === 0 ? [row] : [] };
  }
  if (filter.incidentId) {
    // by id and section: the case as above, and whether the section condition holds
    const sectionCondition = sql`(i.specific_section_id = ${filter.sectionId} AND EXISTS (SELECT 1 FROM section s WHERE s.id = ${filter.sectionId} AND s.combined_section_id IS NOT NULL))
          OR (i.section_id = ${filter.sectionId} AND NOT EXISTS (SELECT 1 FROM section s WHERE s.id = ${filter.sectionId} AND s.combined_section_id IS NOT NULL))`;
    const [found, sections] = await Promise.all([
      rowsOf<ViewRow & { regionId: number; listed: boolean }>(
        db,
        sql`SELECT ${VIEW_COLUMNS}, i.region_id AS "regionId", (${sectionCondition}) AS "listed" FROM incident i WHERE i.id = ${filter.incidentId}`,
      ),
      sectionRead,
    ]);
    const [c] = found;
    if (!c) throw notFound(NO_INCIDENT_MESSAGE);
    if (!all && c.regionId !== user.reg) throw forbidden(OTHER_REGION_MESSAGE);
    if (sections) checkSection(user, sections[0]);
    if (!c.listed) return { recordCount: 0, rows: [] };
    const { regionId: _r, listed: _l, ...row } = c;
    return { recordCount: 1, rows: paging.start === 0 ? [row] : [] };
  }

  const parts: SQL[] = [];
  if (sectionRead) {
    const s = checkSection(user, (await sectionRead)[0]);
    parts.push(s.combinedSectionId ? sql`i.specific_section_id = ${s.id}` : sql`i.section_id = ${s.id}`);
  }
  if (!all) parts.push(sql`i.region_id = ${user.reg}`);
  const where = parts.length ? sql.join(parts, sql` AND `) : sql`true`;
  const [rows, [{ n }]] = await Promise.all([
    rowsOf<ViewRow>(
      db,
      sql`SELECT ${VIEW_COLUMNS} FROM incident i WHERE ${where} ORDER BY ${viewOrder(paging)} LIMIT ${paging.length} OFFSET ${paging.start}`,
    ),
    rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM incident i WHERE ${where}`),
  ]);
  return { recordCount: n, rows };
}

function checkSection<S extends { regionId: number }>(user: TokenClaims, s: S | undefined): S {
  if (!s) throw badRequest('Seksyen tidak wujud.', 'sectionId');
  if (!seesAllRegions(user) && s.regionId !== user.reg) throw forbidden('Seksyen ini di luar wilayah anda.');
  return s;
}
