/**
 * Active patrols (§7.5 dutyroster/activePRList and nearestActivePR): the rosters on shift now (startsAt ≤ now <
 * endsAt) in the caller's region, with their team, vehicle and open cases, for Assign To on the incident form
 * (§6: scoped to the user's region) and the map.
 *
 * Nearest first, from the rosters' live positions (issue #7; roster_latest_position, fed by rondaGps/save):
 * - 'highway': the incident point and the patrol are both on the mainline (within MAINLINE_BOUND_METRES of a
 *   kilometre marker) of the same highway: |km difference|; when the patrol's carriageway is known and is not the
 *   incident's (`direction`), plus the crossover detour (crossoverKm: to the nearest crossover ahead of the patrol,
 *   beyond the incident when that lies ahead, and back; geo-index.ts crossoverDetour);
 * - 'position': otherwise the straight line from the live position to the incident point;
 * - 'section': a roster without a position: the straight line to the alignment of its section, 0 on it;
 * - 'none': no incident point.
 * A position older than POSITION_STALE_SECONDS is `stale`. Rank: free before busy (an open case assigned); then
 * fresh positions, then rosters without a position, then stale positions; then distance, then name.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, isNotNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import distance from '@turf/distance';
import { multiLineString, point } from '@turf/helpers';
import nearestPointOnLine from '@turf/nearest-point-on-line';
import type { TokenClaims } from '../../../contract/auth';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, type DataTablesQuery } from '../../../contract/envelope';
import { ActivePrFilterSchema, ActivePrRowSchema, type ActivePrFilter, type ActivePrRow } from '../../../contract/incidents';
import { STATUS } from '../../../contract/lookups';
import { PATHS } from '../../../contract/paths';
import type { Db } from '../../db/client';
import { callSign, dutyRoster, incident, rosterLatestPosition, section, vehicle } from '../../db/schema';
import { rosterPeople } from './people';
import { MAINLINE_BOUND_METRES, POSITION_STALE_SECONDS_DEFAULT } from '../../../contract/map-rules';
import type { VehicleLocation } from '../../../contract/maps';
import { geoIndex, kmBetween, type GeoIndex } from '../maps/geo-index';
import { latestColumns, toLocation } from '../maps/positions';
import { requireUser, seesAllRegions } from '../../plugins/auth';
import { forbidden, notFound } from '../../lib/http-error';
import { page } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { firstKmNumber, markerSections, nearestMarker, sectionRef, type SectionRef } from '../gps/queries';
import { now as clockNow } from '../../lib/clock';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const OTHER_REGION = 'Anda hanya boleh melihat peronda aktif wilayah anda.';
/** A case no longer occupies its patrol once done (298), negative (209), closed (210) or cancelled (202). */
const NOT_OPEN: number[] = [STATUS.CANCELLED, STATUS.CLOSED, STATUS.CASE_DONE, STATUS.NEGATIVE];
/** the kilometre of the nearest-patrol point may be up to 500 m from a marker (the form's own check is 100 m) */
const POINT_KM_BOUND = 0.5;

interface Scope {
  /** undefined: every region (a national role asking for none) */
  regionId?: number;
  /** only these roster sections (activePRList with a section) */
  sectionIds?: number[];
  section?: SectionRef;
}

/** Region and section of the request, refused (403) outside the caller's region unless the caller sees all. */
async function scopeOf(db: Db, user: TokenClaims, filter: ActivePrFilter, mode: 'list' | 'nearest'): Promise<Scope> {
  const all = seesAllRegions(user);
  if (filter.regionId && !all && filter.regionId !== user.reg) throw forbidden(OTHER_REGION);
  let sec: SectionRef | undefined;
  if (filter.sectionId) {
    sec = await sectionRef(db, filter.sectionId);
    if (!sec) throw notFound('Seksyen tidak dijumpai.');
    if (!all && sec.regionId !== user.reg) throw forbidden(OTHER_REGION);
  }
  const regionId = all ? (filter.regionId ?? sec?.regionId) : user.reg;
  if (mode === 'nearest' || !sec) return { regionId, section: sec };
  // the rosters working a section: on it, on its specific sections (combined), or on its combined group (a part)
  const rows = await db
    .select({ id: section.id, combinedSectionId: section.combinedSectionId })
    .from(section)
    .where(sql`${section.id} = ${sec.id} or ${section.combinedSectionId} = ${sec.id}`);
  const ids = new Set<number>(rows.map((r) => r.id));
  for (const r of rows) if (r.id === sec.id && r.combinedSectionId) ids.add(r.combinedSectionId);
  return { regionId, section: sec, sectionIds: [...ids] };
}

/** Where the incident is: [lng, lat], and its place on a highway's mainline when it is on one. */
export interface IncidentPoint {
  at: [number, number];
  mainline: { highwayId: number; km: number; directionId: number | null } | null;
}

/** The incident point: latitude/longitude as sent, else the km marker of the section, else none. */
async function incidentPoint(db: Db, filter: ActivePrFilter, sec: SectionRef | undefined): Promise<IncidentPoint | null> {
  const geo = await geoIndex(db);
  const directionId = filter.direction ?? null;
  if (filter.latitude !== undefined && filter.longitude !== undefined) {
    const m = geo.nearest(filter.latitude, filter.longitude);
    const on = m && m.metres <= MAINLINE_BOUND_METRES ? { highwayId: m.section.highwayId, km: m.km, directionId } : null;
    return { at: [filter.longitude, filter.latitude], mainline: on };
  }
  if (!sec || !filter.kilometer) return null;
  const km = firstKmNumber(filter.kilometer);
  if (km === null) return null;
  const parts = await markerSections(db, sec);
  const marker = await nearestMarker(
    db,
    parts.map((p) => p.id),
    km,
    POINT_KM_BOUND,
  );
  if (!marker) return null;
  const highwayId = geo.sections.get(marker.sectionId)?.highwayId;
  return { at: [marker.longitude, marker.latitude], mainline: highwayId ? { highwayId, km: marker.km, directionId } : null };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Straight-line km from the point to the nearest point of the lines (0 on the line); null without a line. */
export function distanceToLines(at: [number, number], lines: [number, number][][]): number | null {
  const usable = lines.filter((l) => l.length >= 2);
  if (!usable.length) return null;
  const from = point(at);
  const snapped = nearestPointOnLine(multiLineString(usable), from, { units: 'kilometers' });
  return distance(from, snapped, { units: 'kilometers' });
}

export interface PatrolOptions {
  staleSeconds?: number;
  now?: Date;
}

/** Distance of a roster with a live position to the incident (rule in the module comment). */
export function positionDistance(
  geo: GeoIndex,
  pos: { latitude: number; longitude: number; sectionId: number | null; km: number | null; offsetMetres: number | null; directionId: number | null },
  point: IncidentPoint,
): { distanceKm: number; distanceBasis: 'highway' | 'position'; crossoverKm: number } {
  const sec = pos.sectionId ? geo.sections.get(pos.sectionId) : undefined;
  const on = point.mainline;
  if (on && sec && pos.km !== null && pos.offsetMetres !== null && pos.offsetMetres <= MAINLINE_BOUND_METRES && sec.highwayId === on.highwayId) {
    const along = Math.abs(pos.km - on.km);
    let crossoverKm = 0;
    if (on.directionId && pos.directionId && on.directionId !== pos.directionId && sec.increasingDirection) {
      const travel = pos.directionId === sec.increasingDirection ? 1 : -1;
      crossoverKm = geo.crossoverDetour(on.highwayId, pos.km, on.km, travel)?.km ?? 0;
    }
    return { distanceKm: round2(along + crossoverKm), distanceBasis: 'highway', crossoverKm: round2(crossoverKm) };
  }
  return { distanceKm: round2(kmBetween([pos.longitude, pos.latitude], point.at)), distanceBasis: 'position', crossoverKm: 0 };
}

export async function findActivePatrols(db: Db, scope: Scope, point: IncidentPoint | null, opts: PatrolOptions = {}): Promise<ActivePrRow[]> {
  const now = opts.now ?? clockNow();
  const staleSeconds = opts.staleSeconds ?? POSITION_STALE_SECONDS_DEFAULT;
  const at = point?.at ?? null;
  const geo = await geoIndex(db);
  const cond: (SQL | undefined)[] = [lte(dutyRoster.startsAt, now), gt(dutyRoster.endsAt, now)];
  if (scope.regionId) cond.push(eq(section.regionId, scope.regionId));
  if (scope.sectionIds) cond.push(inArray(dutyRoster.sectionId, scope.sectionIds));
  const rosters = await db
    .select({
      id: dutyRoster.id,
      name: dutyRoster.dutyRosterName,
      sectionId: dutyRoster.sectionId,
      sectionName: section.name,
      isCombined: section.isCombined,
      alignment: section.alignment,
      startHour: dutyRoster.startHour,
      endHour: dutyRoster.endHour,
      teamId: dutyRoster.teamId,
      plateNumber: vehicle.plateNumber,
      callSign: callSign.callSign,
      pos: latestColumns,
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .leftJoin(vehicle, eq(vehicle.id, dutyRoster.vehicleId))
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .leftJoin(rosterLatestPosition, eq(rosterLatestPosition.dutyRosterId, dutyRoster.id))
    .where(and(...cond));
  if (!rosters.length) return [];

  const rosterIds = rosters.map((r) => r.id);
  // a combined section without one alignment of its own (parts on two highways) is measured by its parts' lines
  const combinedWithoutLine = [...new Set(rosters.filter((r) => r.isCombined && !r.alignment).map((r) => r.sectionId))];
  const [members, open, partLines] = await Promise.all([
    // the people of each roster: its member rows, else its team's minus those released by leave (people.ts)
    rosterPeople(db, rosterIds),
    db
      .select({ rosterId: incident.dutyRosterId, count: sql<number>`count(*)::int` })
      .from(incident)
      // the first condition is the predicate of incident_roster_open_idx, written the same way so it is used
      .where(
        and(
          sql`(${incident.statusId} IS NULL OR ${incident.statusId} NOT IN (202, 210))`,
          inArray(incident.dutyRosterId, rosterIds),
          isNotNull(incident.statusId),
          notInArray(incident.statusId, NOT_OPEN),
        ),
      )
      .groupBy(incident.dutyRosterId),
    combinedWithoutLine.length
      ? db
          .select({ combinedSectionId: section.combinedSectionId, alignment: section.alignment })
          .from(section)
          .where(inArray(section.combinedSectionId, combinedWithoutLine))
      : Promise.resolve([] as { combinedSectionId: number | null; alignment: [number, number][] | null }[]),
  ]);
  const openBy = new Map(open.map((o) => [o.rosterId, o.count]));
  const distanceCache = new Map<number, number | null>();
  const distanceOf = (r: (typeof rosters)[number]): number | null => {
    if (!at) return null;
    if (!distanceCache.has(r.sectionId)) {
      const lines = r.alignment
        ? [r.alignment]
        : partLines.filter((p) => p.combinedSectionId === r.sectionId && p.alignment).map((p) => p.alignment!);
      const d = distanceToLines(at, lines);
      distanceCache.set(r.sectionId, d === null ? null : round2(d));
    }
    return distanceCache.get(r.sectionId)!;
  };

  const rows: ActivePrRow[] = rosters.map((r) => {
    const openCases = openBy.get(r.id) ?? 0;
    const pos = r.pos?.recordedAt ? r.pos : null;
    let position: VehicleLocation | null = null;
    let positionAgeSeconds: number | null = null;
    let stale = false;
    let distanceKm: number | null;
    let distanceBasis: ActivePrRow['distanceBasis'];
    let crossoverKm: number | null = null;
    if (pos) {
      position = toLocation(geo, pos);
      positionAgeSeconds = Math.max(0, Math.round((now.getTime() - pos.recordedAt.getTime()) / 1000));
      stale = positionAgeSeconds > staleSeconds;
    }
    if (pos && point) {
      const d = positionDistance(geo, pos, point);
      distanceKm = d.distanceKm;
      distanceBasis = d.distanceBasis;
      crossoverKm = d.crossoverKm;
    } else {
      distanceKm = distanceOf(r);
      distanceBasis = distanceKm === null ? 'none' : 'section';
    }
    return {
      pkDutyRosterId: r.id,
      dutyRosterName: r.name,
      sectionId: r.sectionId,
      sectionName: r.sectionName,
      startHour: r.startHour,
      endHour: r.endHour,
      plateNumber: r.plateNumber,
      callSign: r.callSign,
      members: (members.people.get(r.id) ?? []).map((m) => ({ pkStaffId: m.pkStaffId, displayName: m.displayName, position: m.position })),
      distanceKm,
      distanceBasis,
      crossoverKm,
      positionAgeSeconds,
      stale,
      position,
      busy: openCases > 0,
      openCases,
    };
  });
  /** fresh position 0, no position 1, stale position 2 */
  const freshness = (r: ActivePrRow) => (r.position ? (r.stale ? 2 : 0) : 1);
  return rows.sort(
    (a, b) =>
      Number(a.busy) - Number(b.busy) ||
      freshness(a) - freshness(b) ||
      (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) ||
      a.dutyRosterName.localeCompare(b.dutyRosterName) ||
      a.pkDutyRosterId - b.pkDutyRosterId,
  );
}

const slice = <T>(rows: T[], q: DataTablesQuery) => page(rows.slice(q.start, q.start + q.length), rows.length, q);

export async function activePrRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = {
    tags: ['dutyroster'],
    security: [{ bearerAuth: [] }],
    querystring: DataTablesQuerySchema,
    body: ActivePrFilterSchema.optional().default({}),
    response: { 200: envelope(dataTablesBody(ActivePrRowSchema)), ...errors },
  };

  r.post(PATHS.activePrList, {
    config: { permission: ['newCase', 'editCase', 'map'] },
    schema: { ...common, summary: "Rosters on shift now in the caller's region (optionally one section), free before busy" },
    handler: async (request) => {
      const user = requireUser(request);
      const filter = request.body ?? {};
      const scope = await scopeOf(db, user, filter, 'list');
      return slice(await findActivePatrols(db, scope, null, { staleSeconds: ctx.config.positions.staleSeconds }), request.query);
    },
  });

  r.post(PATHS.nearestActivePr, {
    config: { permission: ['newCase', 'editCase', 'map'] },
    schema: { ...common, summary: "Rosters on shift now in the caller's region, nearest to the incident first (free before busy)" },
    handler: async (request) => {
      const user = requireUser(request);
      const filter = request.body ?? {};
      const scope = await scopeOf(db, user, filter, 'nearest');
      const at = await incidentPoint(db, filter, scope.section);
      return slice(await findActivePatrols(db, scope, at, { staleSeconds: ctx.config.positions.staleSeconds }), request.query);
    },
  });
}
