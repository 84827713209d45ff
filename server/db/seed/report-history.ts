/**
 * Demo history of the roster reports (issue #17, #31): for the rosters whose local start date is one of the past `days`
 * days and whose shift has ended, what a patrol's tablet would have left behind, so the DLU, work-duration, vehicle
 * and ronda reports have figures on the demo. With the server tests' compact history (`days` ≤ HISTORY_DAYS = 14) only
 * the Tengah region (22) gets it, as before; with more (DEMO_HISTORY_DAYS, 90 by default) every region does, the
 * Tengah rosters of the last fortnight first and from the same PRNG, so they are the same either way:
 *
 * - an activity log (activityLogEvents keys, contract ACTIVITY_EVENT): Mula Syif a few minutes after the start, the
 *   vehicle check, 3–6 Mula Rondaan / Tamat Rondaan pairs with layby checks, a refuel or office work between them, one
 *   Rehat around the middle of the shift, Tamat Syif shortly before the end; now and then a patrol left open (a Mula
 *   Rondaan without its Tamat Rondaan) so the ronda report is not all-complete;
 * - sparse position fixes (one every 4–5 minutes, the longest gap the shift summary still counts as moving): along
 *   the section's alignment during the rondas (on the mainline: DLU), about a kilometre off it between them (LLU),
 *   none during the break and in an occasional signal loss (inactive GPS). Each fix gets its section, km, offset and
 *   carriageway from the server's own derivation (maps/positions.ts derive on the geography's GeoIndex);
 * - the shift summary stored on the roster, computed by the server's own code (activity-log/summary.ts
 *   computeSummary) over exactly those entries and fixes with `now` as its time, as updateActivityLogSummary does.
 *
 * About one roster in twelve is left without anything (a tablet that stayed in the drawer): the reports' completeness
 * shows it. Deterministic for a given day (fixed-seed PRNG, rosters in start order); runs once, inside seedDemoData's
 * transaction, after the rosters of the last fortnight exist. Bulk inserts (a few statements), well under a second.
 */
import { and, asc, eq, gte, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { ACTIVITY_EVENT } from '../../../contract/activity-log-rules';
import { MAINLINE_BOUND_METRES } from '../../../contract/map-rules';
import { computeSummary, trackMetresOf, windowEnd, type SummaryEntry, type SummaryFix } from '../../modules/activity-log/summary';
import { GeoIndex, type SectionGeo } from '../../modules/maps/geo-index';
import { derive, type Derived } from '../../modules/maps/positions';
import type { Db } from '../client';
import { type activityLog, appUser, dutyRoster, type rosterPosition, section, teamMember } from '../schema';
import type { Geography } from './geo';
import { createRng, type Rng } from './prng';
import { addDays, bruneiDate, bruneiInstant } from './rosters';
import { now as clockNow } from '../../lib/clock';

export const HISTORY_DAYS = 14;
const TENGAH = 22;
const MIN = 60_000;
const BATCH = 1000;
/** rows per JSON document of the bulk inserts (a 90-day history has a few hundred thousand fixes) */
const JSON_BATCH = 50_000;
const SEED = 20261117;
/** the share of rosters left without a log, fixes or summary */
const SILENT_SHARE = 1 / 12;
/**
 * position fixes are stored for the rosters of this many last days; older rosters keep their activity log and the
 * summary computed from their fixes at seeding (track length and fix count with it), as after the position history's
 * pruning: a 90-day history of every region would be a quarter of a million fixes, the bulk of the seed's time
 */
export const FIX_DAYS = 14;
/** an older roster's fix on the mainline / off it (not stored, so not derived from the markers: the plan says which) */
const ON_OFFSET_METRES = 12;
const OFF_OFFSET_METRES = 1000;

type Entry = { eventId: number; at: number; km: number | null; location: string | null };
type Fix = { at: number; latitude: number; longitude: number; d: Derived };

interface RosterRow {
  id: number;
  sectionId: number;
  teamId: number;
  startsAt: Date;
  endsAt: Date;
}

/** A point along a section: its markers as [km, lat, lng] by km. */
function pointAt(markers: [number, number, number][], km: number): [number, number] {
  let lo = 0;
  let hi = markers.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (markers[mid][0] < km) lo = mid + 1;
    else hi = mid;
  }
  const m = markers[lo];
  return [m[1], m[2]];
}

/** The plan of one roster's shift: entries, and the stretches with their kind (on / off the mainline, none). */
function planShift(rng: Rng, r: RosterRow, kmLo: number, kmHi: number) {
  const S = r.startsAt.getTime();
  const E = r.endsAt.getTime();
  const entries: Entry[] = [];
  const stretches: { from: number; to: number; kind: 'on' | 'off' | 'none'; kmFrom: number; kmTo: number }[] = [];
  const kmText = (km: number) => `KM ${km.toFixed(1)}`;
  let t = S + rng.int(2, 10) * MIN;
  let km = kmLo + rng.next() * (kmHi - kmLo);
  entries.push({ eventId: ACTIVITY_EVENT.SHIFT_START, at: t, km: null, location: 'Pejabat Seksyen' });
  stretches.push({ from: S, to: t, kind: 'none', kmFrom: km, kmTo: km });
  const checkEnd = t + rng.int(10, 20) * MIN;
  entries.push({ eventId: ACTIVITY_EVENT.VEHICLE_CHECK, at: t + 3 * MIN, km: null, location: 'Pejabat Seksyen' });
  stretches.push({ from: t, to: checkEnd, kind: 'off', kmFrom: km, kmTo: km });
  t = checkEnd;
  const mid = S + (E - S) / 2;
  let rested = false;
  const endOfWork = E - rng.int(20, 35) * MIN;
  while (t < endOfWork - 40 * MIN) {
    // a ronda: from here to the far end of the section's range and partly back, at 60–90 km/h
    const minutes = rng.int(45, 90);
    const to = Math.min(t + minutes * MIN, endOfWork - 10 * MIN);
    const target = km - kmLo > (kmHi - kmLo) / 2 ? kmLo + rng.next() * (kmHi - kmLo) * 0.3 : kmHi - rng.next() * (kmHi - kmLo) * 0.3;
    entries.push({ eventId: ACTIVITY_EVENT.PATROL_START, at: t, km, location: kmText(km) });
    stretches.push({ from: t, to, kind: 'on', kmFrom: km, kmTo: target });
    km = target;
    // now and then a ronda left open (no Tamat Rondaan recorded)
    if (!rng.chance(0.08)) entries.push({ eventId: ACTIVITY_EVENT.PATROL_END, at: to, km, location: kmText(km) });
    t = to;
    if (t >= endOfWork - 30 * MIN) break;
    if (!rested && t >= mid - 90 * MIN) {
      // the break: the tablet is off (no fixes)
      const rest = rng.int(30, 60) * MIN;
      entries.push({ eventId: ACTIVITY_EVENT.BREAK, at: t + 5 * MIN, km: null, location: 'Kawasan Rehat' });
      stretches.push({ from: t, to: t + 5 * MIN, kind: 'off', kmFrom: km, kmTo: km });
      stretches.push({ from: t + 5 * MIN, to: t + 5 * MIN + rest, kind: 'none', kmFrom: km, kmTo: km });
      t += 5 * MIN + rest;
      rested = true;
      continue;
    }
    // between rondas: a layby check, a refuel or office work, off the mainline
    const what = rng.pick([
      ACTIVITY_EVENT.LAYBY_CHECK,
      ACTIVITY_EVENT.LAYBY_CHECK,
      ACTIVITY_EVENT.REFUEL,
      ACTIVITY_EVENT.OFFICE,
      ACTIVITY_EVENT.TRAFFIC_CONTROL,
    ]);
    const gap = rng.int(10, 40) * MIN;
    entries.push({ eventId: what, at: t + 2 * MIN, km, location: kmText(km) });
    stretches.push({ from: t, to: t + gap, kind: what === ACTIVITY_EVENT.TRAFFIC_CONTROL ? 'on' : 'off', kmFrom: km, kmTo: km });
    t += gap;
  }
  if (t < endOfWork) stretches.push({ from: t, to: endOfWork, kind: 'off', kmFrom: km, kmTo: km });
  const end = E - rng.int(3, 15) * MIN;
  entries.push({ eventId: ACTIVITY_EVENT.SHIFT_END, at: end, km: null, location: 'Pejabat Seksyen' });
  // a signal loss now and then: a stretch of 10–25 minutes with no fix
  const loss = rng.chance(0.3) ? { from: S + rng.next() * (E - S), minutes: rng.int(10, 25) } : null;
  return { entries, stretches, loss };
}

export async function seedReportHistory(
  db: Db,
  geography: Geography,
  opts: { now?: Date; days?: number } = {},
): Promise<{ rosters: number; entries: number; fixes: number }> {
  const now = opts.now ?? clockNow();
  const today = bruneiDate(now);
  const days = Math.max(HISTORY_DAYS, opts.days ?? HISTORY_DAYS);
  // the ended rosters of a window, in start order
  const endedRosters = (where: SQL | undefined): Promise<RosterRow[]> =>
    db
      .select({
        id: dutyRoster.id,
        sectionId: dutyRoster.sectionId,
        teamId: dutyRoster.teamId,
        startsAt: dutyRoster.startsAt,
        endsAt: dutyRoster.endsAt,
      })
      .from(dutyRoster)
      .innerJoin(section, eq(section.id, dutyRoster.sectionId))
      .where(and(lte(dutyRoster.startDate, addDays(today, -1)), lte(dutyRoster.endsAt, now), where))
      .orderBy(asc(dutyRoster.startsAt), asc(dutyRoster.id));
  const recentTengah = await endedRosters(and(eq(section.regionId, TENGAH), gte(dutyRoster.startDate, addDays(today, -HISTORY_DAYS))));
  const rest =
    days > HISTORY_DAYS
      ? await endedRosters(
          and(
            gte(dutyRoster.startDate, addDays(today, -days)),
            or(ne(section.regionId, TENGAH), lt(dutyRoster.startDate, addDays(today, -HISTORY_DAYS))),
          ),
        )
      : [];
  const rosters = [...recentTengah, ...rest];
  if (!rosters.length) return { rosters: 0, entries: 0, fixes: 0 };

  // who writes the log and whose tablet sends the fixes: the team's first member (and their account)
  const members = await db
    .select({ teamId: teamMember.teamId, staffId: teamMember.staffId, userId: appUser.id })
    .from(teamMember)
    .leftJoin(appUser, eq(appUser.staffId, teamMember.staffId))
    .where(inArray(teamMember.teamId, [...new Set(rosters.map((r) => r.teamId))]))
    .orderBy(asc(teamMember.id));
  const firstOf = new Map<number, { staffId: number; userId: number | null }>();
  for (const m of members) if (!firstOf.has(m.teamId)) firstOf.set(m.teamId, { staffId: m.staffId, userId: m.userId });

  const geo = new GeoIndex(
    geography.sections.map((s) => ({
      id: s.id,
      name: s.name,
      regionId: s.regionId,
      highwayId: s.highwayId,
      isCombined: s.isCombined ?? false,
      combinedSectionId: s.combinedSectionId ?? null,
      alignment: (s.alignment as [number, number][] | null | undefined) ?? null,
    })),
    geography.markers,
    [],
  );

  const partsOf = new Map<number, SectionGeo[]>();
  for (const p of geo.sections.values())
    if (p.combinedSectionId !== null && p.markers.length >= 2) partsOf.set(p.combinedSectionId, [...(partsOf.get(p.combinedSectionId) ?? []), p]);
  const rng = createRng(SEED);
  const logRows: (typeof activityLog.$inferInsert)[] = [];
  const fixRows: (typeof rosterPosition.$inferInsert)[] = [];
  const summaries: {
    id: number;
    rondaCount: number;
    rehatMinutes: number;
    dluMinutes: number;
    lluMinutes: number;
    inactiveGpsMinutes: number;
    entries: number;
    fixes: number;
    trackMetres: number;
  }[] = [];
  const fixesFrom = bruneiInstant(addDays(today, -FIX_DAYS), '00:00').getTime();
  for (const r of rosters) {
    const who = firstOf.get(r.teamId);
    // a combined section (N1+N2) has no markers of its own: its patrol works one of its parts this shift
    const own = geo.sections.get(r.sectionId);
    const sec = own && own.markers.length >= 2 ? own : partsOf.get(r.sectionId)?.[r.id % (partsOf.get(r.sectionId)?.length ?? 1)];
    if (!who || !sec || sec.markers.length < 2 || rng.chance(SILENT_SHARE)) continue;
    const kmLo = sec.markers[0][0];
    const kmHi = sec.markers.at(-1)![0];
    const plan = planShift(rng, r, kmLo, kmHi);
    // the fixes of the last FIX_DAYS are stored (and derived as the server derives them); older ones only summarised
    const stored = r.startsAt.getTime() >= fixesFrom;

    const fixes: Fix[] = [];
    let prev: { sectionId: number | null; km: number | null; directionId: number | null; recordedAt: Date; offsetMetres: number | null } | null =
      null;
    for (const s of plan.stretches) {
      if (s.kind === 'none') continue;
      // a side road about a kilometre away from the mainline for the whole stop
      const side = rng.chance(0.5) ? 1 : -1;
      for (let at = s.from + rng.int(0, 60) * 1000; at < s.to; at += rng.int(240, 300) * 1000) {
        if (plan.loss && at >= plan.loss.from && at < plan.loss.from + plan.loss.minutes * MIN) continue;
        const f = s.to > s.from ? (at - s.from) / (s.to - s.from) : 0;
        const km = s.kmFrom + (s.kmTo - s.kmFrom) * f;
        let [lat, lng] = pointAt(sec.markers, km);
        if (s.kind === 'on') {
          lat += (rng.next() - 0.5) * 0.0003;
          lng += (rng.next() - 0.5) * 0.0003;
        } else {
          lat += side * 0.009;
          lng += side * 0.006;
        }
        const latitude = Math.round(lat * 1e6) / 1e6;
        const longitude = Math.round(lng * 1e6) / 1e6;
        const d: Derived = stored
          ? derive(geo, { latitude, longitude }, prev)
          : { sectionId: r.sectionId, km, offsetMetres: s.kind === 'on' ? ON_OFFSET_METRES : OFF_OFFSET_METRES, directionId: null };
        // a stop that happens to come near another road's markers still counts as off the mainline only if it is
        if (s.kind === 'off' && d.offsetMetres !== null && d.offsetMetres <= MAINLINE_BOUND_METRES) continue;
        fixes.push({ at, latitude, longitude, d });
        prev = { ...d, recordedAt: new Date(at) };
      }
    }

    const summaryEntries: SummaryEntry[] = plan.entries.map((e, i) => ({ id: i, eventId: e.eventId, at: e.at }));
    const summaryFixes: SummaryFix[] = fixes.map((f) => ({ at: f.at, offsetMetres: f.d.offsetMetres }));
    const window = { startsAt: r.startsAt.getTime(), endsAt: r.endsAt.getTime() };
    const s = computeSummary({ entries: summaryEntries, fixes: summaryFixes, window, now: now.getTime() });
    const end = windowEnd(window, now.getTime());
    summaries.push({
      id: r.id,
      rondaCount: s.rondaCount,
      rehatMinutes: s.rehatMinutes,
      dluMinutes: s.dluMinutes,
      lluMinutes: s.lluMinutes,
      inactiveGpsMinutes: s.inactiveGpsMinutes,
      // what the summary was computed from and the track's length, as the server stores them (activity-log/summary-job.ts)
      entries: summaryEntries.length,
      fixes: fixes.filter((f) => f.at >= window.startsAt && f.at <= end).length,
      trackMetres: trackMetresOf(fixes, window, now.getTime()),
    });
    for (const e of plan.entries) {
      const at = new Date(e.at);
      logRows.push({
        dutyRosterId: r.id,
        eventId: e.eventId,
        occurredAt: at,
        km: e.km === null ? null : Math.round(e.km * 10) / 10,
        location: e.location,
        createdBy: who.staffId,
        createdAt: at,
        updatedAt: at,
      });
    }
    for (const f of stored ? fixes : []) {
      fixRows.push({
        dutyRosterId: r.id,
        userId: who.userId,
        latitude: f.latitude,
        longitude: f.longitude,
        recordedAt: new Date(f.at),
        receivedAt: new Date(f.at + 2000),
        accuracy: 8,
        sectionId: f.d.sectionId,
        km: f.d.km,
        offsetMetres: f.d.offsetMetres,
        directionId: f.d.directionId,
      });
    }
  }

  // entries in time order per roster, so their ids follow the order the summary sorted them in; each table in one
  // statement from a JSON document (thousands of rows: far cheaper than bound multi-row VALUES on the embedded database)
  const json = (rows: unknown[]) => JSON.stringify(rows);
  for (let i = 0; i < logRows.length; i += JSON_BATCH) {
    await db.execute(sql`insert into activity_log (duty_roster_id, event_id, occurred_at, km, location, created_by, created_at, updated_at)
      select x.r, x.e, x.t, x.km, x.loc, x.by, x.t, x.t
      from json_to_recordset(${json(logRows.slice(i, i + JSON_BATCH).map((l) => ({ r: l.dutyRosterId, e: l.eventId, t: (l.occurredAt as Date).toISOString(), km: l.km, loc: l.location, by: l.createdBy })))}::json)
        as x(r int, e int, t timestamptz, km real, loc text, by int)
      order by x.r, x.t`);
  }
  for (let i = 0; i < fixRows.length; i += JSON_BATCH) {
    await db.execute(sql`insert into roster_position (duty_roster_id, user_id, latitude, longitude, recorded_at, received_at, accuracy, section_id, km, offset_metres, direction_id)
      select x.r, x.u, x.lat, x.lng, x.t, x.t + interval '2 seconds', 8, x.s, x.km, x.o, x.d
      from json_to_recordset(${json(fixRows.slice(i, i + JSON_BATCH).map((f) => ({ r: f.dutyRosterId, u: f.userId, lat: f.latitude, lng: f.longitude, t: (f.recordedAt as Date).toISOString(), s: f.sectionId, km: f.km, o: f.offsetMetres, d: f.directionId })))}::json)
        as x(r int, u int, lat float8, lng float8, t timestamptz, s int, km real, o real, d int)`);
  }
  for (let i = 0; i < summaries.length; i += BATCH) {
    const part = summaries.slice(i, i + BATCH);
    const values = sql.join(
      part.map(
        (s) =>
          sql`(${s.id}::int, ${s.rondaCount}::int, ${s.rehatMinutes}::int, ${s.dluMinutes}::int, ${s.lluMinutes}::int, ${s.inactiveGpsMinutes}::int, ${s.entries}::int, ${s.fixes}::int, ${s.trackMetres}::int)`,
      ),
      sql`, `,
    );
    await db.execute(sql`update duty_roster d set ronda_count = v.ronda, rehat_minutes = v.rehat, dlu_minutes = v.dlu, llu_minutes = v.llu,
        inactive_gps_minutes = v.nogps, summary_at = ${now.toISOString()}::timestamptz,
        summary_entries = v.entries, summary_fixes = v.fixes, track_metres = v.track
      from (values ${values}) as v(id, ronda, rehat, dlu, llu, nogps, entries, fixes, track) where d.id = v.id`);
  }
  return { rosters: summaries.length, entries: logRows.length, fixes: fixRows.length };
}
