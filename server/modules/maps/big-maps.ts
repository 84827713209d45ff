/**
 * The incident map (§7.8 bigMaps/getIncidentAndActivePR; §3.3 map incident, §3.12 duty roster on the map) and the
 * highway network drawn when no basemap tile can be had.
 *
 * Incidents: every open case of the scope (status none or not Tutup 210 / Batal 202), newest first, at most
 * MAP_INCIDENTS_MAX: one query on incident_open_region_at_idx / incident_open_at_idx with its labels joined.
 * Patrols: the rosters on shift with their live positions (findActivePatrols, a fixed number of queries whatever
 * the count) and the ends of their beat (first and last named place of the section).
 */
import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MAP_INCIDENTS_MAX } from '../../../contract/map-rules';
import type { BigMaps, MapIncident, MapRoster, SectionNetworkRow } from '../../../contract/maps';
import type { Db } from '../../db/client';
import { eventLocation, incident, lookupItem, section } from '../../db/schema';
import { LOCATION_TYPE } from '../../db/seed/data/lookups';
import { findActivePatrols } from '../dutyroster/active-pr';
import { geoIndex } from './geo-index';
import { now as clockNow } from '../../lib/clock';

export const NO_STATUS = 'Tiada Status';

/** Asia/Brunei is UTC+8 all year (no daylight saving): plain arithmetic, as dayjs' zone formatting of 3,000 times
 *  (Intl per call) took seconds */
const BRUNEI_OFFSET_MS = 8 * 3600_000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));
export function bruneiDateTime(at: Date): { date: string; time: string } {
  const d = new Date(at.getTime() + BRUNEI_OFFSET_MS);
  return {
    date: `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`,
    time: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`,
  };
}
export const FREE = 'Bebas';
export const BUSY = 'Sibuk';

const OPEN = sql`(${incident.statusId} IS NULL OR ${incident.statusId} NOT IN (202, 210))`;

export async function mapIncidents(db: Db, scope: { regionId?: number; sectionIds?: number[] }, limit = MAP_INCIDENTS_MAX): Promise<MapIncident[]> {
  const cat = alias(lookupItem, 'cat');
  const st = alias(lookupItem, 'st');
  const dir = alias(lookupItem, 'dir');
  const cond: (SQL | undefined)[] = [OPEN];
  if (scope.regionId) cond.push(eq(incident.regionId, scope.regionId));
  if (scope.sectionIds) cond.push(inArray(incident.sectionId, scope.sectionIds.length ? scope.sectionIds : [-1]));
  const rows = await db
    .select({
      id: incident.id,
      subformId: incident.subformId,
      ticketNumber: incident.ticketNumber,
      categoryId: incident.categoryId,
      type: cat.description,
      typeValue: cat.value,
      section: section.name,
      chainage: incident.chainage,
      direction: dir.value,
      statusId: incident.statusId,
      status: st.value,
      at: incident.incidentAt,
      latitude: incident.latitude,
      longitude: incident.longitude,
      rosterId: incident.dutyRosterId,
    })
    .from(incident)
    .innerJoin(section, eq(section.id, incident.sectionId))
    .leftJoin(cat, eq(cat.key, incident.categoryId))
    .leftJoin(st, eq(st.key, incident.statusId))
    .leftJoin(dir, eq(dir.key, incident.directionId))
    .where(and(...cond))
    .orderBy(desc(incident.incidentAt), desc(incident.id))
    .limit(limit);
  return rows.map((r) => {
    const local = bruneiDateTime(r.at);
    return {
      incidentId: r.id,
      subformId: r.subformId,
      ticketNumber: r.ticketNumber,
      type: r.type ?? r.typeValue ?? String(r.categoryId),
      incidentCategoryId: r.categoryId,
      section: r.section,
      chainage: r.chainage,
      direction: r.direction,
      incidentStatus: r.statusId === null ? NO_STATUS : (r.status ?? NO_STATUS),
      incidentStatusId: r.statusId,
      incidentDate: local.date,
      incidentTime: local.time,
      latitude: r.latitude,
      longtitude: r.longitude,
      pkDutyRosterId: r.rosterId,
    };
  });
}

/** First and last named place (by km) of each section; a combined section's are those of its parts. */
async function beatEnds(db: Db, sectionIds: number[]): Promise<Map<number, { a: string | null; b: string | null }>> {
  const out = new Map<number, { a: string | null; b: string | null }>();
  if (!sectionIds.length) return out;
  const geo = await geoIndex(db);
  const partsOf = new Map<number, number[]>();
  for (const id of sectionIds) {
    const s = geo.sections.get(id);
    partsOf.set(id, s?.isCombined ? [...geo.sections.values()].filter((p) => p.combinedSectionId === id).map((p) => p.id) : [id]);
  }
  const all = [...new Set([...partsOf.values()].flat())];
  const places = all.length
    ? await db
        .select({ sectionId: eventLocation.sectionId, name: eventLocation.name, km: eventLocation.km })
        .from(eventLocation)
        .where(and(inArray(eventLocation.sectionId, all), ne(eventLocation.locationTypeId, LOCATION_TYPE.MAINLINE), isNotNull(eventLocation.km)))
        .orderBy(asc(eventLocation.km), asc(eventLocation.id))
    : [];
  for (const [id, parts] of partsOf) {
    const mine = places.filter((p) => parts.includes(p.sectionId));
    out.set(id, { a: mine[0]?.name ?? null, b: mine.at(-1)?.name ?? null });
  }
  return out;
}

export async function mapRosters(
  db: Db,
  scope: { regionId?: number; sectionIds?: number[] },
  staleSeconds: number,
  now = clockNow(),
): Promise<MapRoster[]> {
  const patrols = await findActivePatrols(db, scope, null, { staleSeconds, now });
  const ends = await beatEnds(db, [...new Set(patrols.map((p) => p.sectionId))]);
  return patrols.map((p) => ({
    pkDutyRosterId: p.pkDutyRosterId,
    dutyRosterName: p.dutyRosterName,
    status: p.busy ? BUSY : FREE,
    busy: p.busy,
    startHour: p.startHour,
    endHour: p.endHour,
    pointAName: ends.get(p.sectionId)?.a ?? null,
    pointBName: ends.get(p.sectionId)?.b ?? null,
    plateNumber: p.plateNumber,
    callSign: p.callSign,
    sectionId: p.sectionId,
    sectionName: p.sectionName,
    latlng: p.position ? [p.position.latitude, p.position.longitude] : null,
    location: p.position ?? null,
    positionAgeSeconds: p.positionAgeSeconds,
    stale: p.stale ?? false,
    members: p.members,
  }));
}

export async function bigMaps(db: Db, scope: { regionId?: number; sectionIds?: number[] }, staleSeconds: number, now = clockNow()): Promise<BigMaps> {
  const [incidents, activePR] = await Promise.all([mapIncidents(db, scope), mapRosters(db, scope, staleSeconds, now)]);
  return { incidents, activePR, serverTime: now.toISOString() };
}

export async function sectionNetwork(db: Db): Promise<SectionNetworkRow[]> {
  const rows = await db
    .select({
      sectionId: section.id,
      sectionName: section.name,
      regionId: section.regionId,
      highwayId: section.highwayId,
      alignment: section.alignment,
      kmStart: section.kmStart,
      kmEnd: section.kmEnd,
    })
    .from(section)
    .where(isNotNull(section.alignment))
    .orderBy(asc(section.id));
  return rows.map((r) => ({ ...r, alignment: r.alignment ?? [] }));
}
