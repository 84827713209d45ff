/**
 * Active patrols (§7.5 dutyroster/activePRList and nearestActivePR): the rosters on shift now (startsAt ≤ now <
 * endsAt) in the caller's region, with their team, vehicle and open cases, for Assign To on the incident form
 * (§6: scoped to the user's region) and the map.
 *
 * Nearest first, without live vehicle positions (those come with issue #7): the distance is the straight line
 * (km) from the incident point (latitude/longitude, or the GPS kilometre marker of sectionId + kilometer) to the
 * alignment of the roster's section, 0 when the point lies on it (distanceBasis 'section'). Rank: free patrols
 * before busy ones (an open case assigned), then distance, then name. `direction` is accepted for the live
 * positions of #7 and not used yet.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, isNotNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import distance from '@turf/distance';
import { multiLineString, point } from '@turf/helpers';
import nearestPointOnLine from '@turf/nearest-point-on-line';
import type { TokenClaims } from '../../../contract/auth';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, type DataTablesQuery } from '../../../contract/envelope';
import { ActivePrFilterSchema, ActivePrRowSchema, type ActivePrFilter, type ActivePrRow } from '../../../contract/incidents';
import { STATUS } from '../../../contract/lookups';
import { PATHS } from '../../../contract/paths';
import type { Db } from '../../db/client';
import { callSign, dutyRoster, incident, section, staff, teamMember, vehicle } from '../../db/schema';
import { requireUser, seesAllRegions } from '../../plugins/auth';
import { forbidden, notFound } from '../../lib/http-error';
import { page } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { firstKmNumber, markerSections, nearestMarker, sectionRef, type SectionRef } from '../gps/queries';

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

/** The incident point: latitude/longitude as sent, else the km marker of the section, else none. */
async function incidentPoint(db: Db, filter: ActivePrFilter, sec: SectionRef | undefined): Promise<[number, number] | null> {
  if (filter.latitude !== undefined && filter.longitude !== undefined) return [filter.longitude, filter.latitude];
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
  return marker ? [marker.longitude, marker.latitude] : null;
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

export async function findActivePatrols(db: Db, scope: Scope, at: [number, number] | null, now = new Date()): Promise<ActivePrRow[]> {
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
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .leftJoin(vehicle, eq(vehicle.id, dutyRoster.vehicleId))
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .where(and(...cond));
  if (!rosters.length) return [];

  const rosterIds = rosters.map((r) => r.id);
  const teamIds = [...new Set(rosters.map((r) => r.teamId))];
  // a combined section without one alignment of its own (parts on two highways) is measured by its parts' lines
  const combinedWithoutLine = [...new Set(rosters.filter((r) => r.isCombined && !r.alignment).map((r) => r.sectionId))];
  const [members, open, partLines] = await Promise.all([
    db
      .select({ teamId: teamMember.teamId, pkStaffId: staff.id, displayName: staff.displayName, position: staff.position })
      .from(teamMember)
      .innerJoin(staff, eq(staff.id, teamMember.staffId))
      .where(inArray(teamMember.teamId, teamIds))
      .orderBy(asc(staff.position), asc(staff.displayName)),
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
      const lines = r.alignment ? [r.alignment] : partLines.filter((p) => p.combinedSectionId === r.sectionId && p.alignment).map((p) => p.alignment!);
      const d = distanceToLines(at, lines);
      distanceCache.set(r.sectionId, d === null ? null : round2(d));
    }
    return distanceCache.get(r.sectionId)!;
  };

  const rows: ActivePrRow[] = rosters.map((r) => {
    const openCases = openBy.get(r.id) ?? 0;
    const distanceKm = distanceOf(r);
    return {
      pkDutyRosterId: r.id,
      dutyRosterName: r.name,
      sectionId: r.sectionId,
      sectionName: r.sectionName,
      startHour: r.startHour,
      endHour: r.endHour,
      plateNumber: r.plateNumber,
      callSign: r.callSign,
      members: members.filter((m) => m.teamId === r.teamId).map(({ teamId: _t, ...m }) => m),
      distanceKm,
      distanceBasis: distanceKm === null ? 'none' : 'section',
      positionAgeSeconds: null,
      busy: openCases > 0,
      openCases,
    };
  });
  return rows.sort(
    (a, b) =>
      Number(a.busy) - Number(b.busy) ||
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
      return slice(await findActivePatrols(db, scope, null), request.query);
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
      return slice(await findActivePatrols(db, scope, at), request.query);
    },
  });
}
