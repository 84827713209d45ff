/**
 * Maps and live patrol positions (issue #7), server side: rondaGps save and history, nearestActivePR with live
 * positions, bigMaps, the section network, findPRVehicle(s) from the tablets, the llugps timeline, pruning.
 */
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINLINE_BOUND_METRES, ONCORE_UNAVAILABLE, POSITION_BATCH_MAX } from '../../contract/map-rules';
import { PATHS } from '../../contract/paths';
import {
  appUser,
  dutyRoster,
  gpsKmMarker,
  incident,
  incidentAudit,
  rosterLatestPosition,
  rosterPosition,
  section,
  teamMember,
  vehicle,
} from '../../server/db/schema';
import { geoIndex } from '../../server/modules/maps/geo-index';
import { prunePositions } from '../../server/modules/maps/positions';
import { localDmy, localHms } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';
import { insertIncident } from './support/incident-fixtures';
import { now as clockNow, nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;
interface Loc {
  latitude: number;
  longitude: number;
  lastSeen: string;
  direction: string | null;
  directionId: number | null;
  kmmarker: number | null;
  section: string | null;
  sectionId: number | null;
  offsetMetres: number | null;
  source: string;
}
interface PrRow {
  pkDutyRosterId: number;
  dutyRosterName: string;
  distanceKm: number | null;
  distanceBasis: string;
  crossoverKm?: number | null;
  positionAgeSeconds: number | null;
  stale?: boolean;
  position?: Loc | null;
  busy: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('maps and live positions (issue #7)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const reg: Record<string, number> = {};
  const staffOf: Record<string, number> = {};
  /** the demo patrol user on shift now ('pr' by day, 'pr.malam' by night) and the other one */
  let prOn: string;
  let prOff: string;
  let roster: { id: number; sectionId: number; teamId: number; vehicleId: number | null; startsAt: Date; endsAt: Date };
  let offRoster: { id: number; startsAt: Date; endsAt: Date };
  /** markers of the roster's section as [km, lat, lng] */
  let markers: { km: number; latitude: number; longitude: number; sectionId: number }[];

  const save = (who: string, payload: unknown, headers: Record<string, string> = {}) =>
    call(app, tok[who], { method: 'POST', url: PATHS.rondaGpsSave, payload: payload as object, headers });
  const fix = (m: { latitude: number; longitude: number }, at: number, extra: object = {}) => ({
    latitude: m.latitude,
    longitude: m.longitude,
    recordedAt: iso(at),
    ...extra,
  });

  async function rosterOfUser(username: string, onShift: boolean) {
    const now = clockNow();
    const rows = await app.ctx.db
      .select({
        id: dutyRoster.id,
        sectionId: dutyRoster.sectionId,
        teamId: dutyRoster.teamId,
        vehicleId: dutyRoster.vehicleId,
        startsAt: dutyRoster.startsAt,
        endsAt: dutyRoster.endsAt,
      })
      .from(dutyRoster)
      .innerJoin(teamMember, eq(teamMember.teamId, dutyRoster.teamId))
      .innerJoin(appUser, eq(appUser.staffId, teamMember.staffId))
      .where(eq(appUser.username, username))
      .orderBy(asc(dutyRoster.startsAt));
    return rows.find((r) => (r.startsAt <= now && r.endsAt > now) === onShift && (onShift || r.endsAt < now));
  }

  beforeAll(async () => {
    app = await buildTestApp({
      positions: { staleSeconds: 300, historyDays: 90, pruneEveryHours: 0, shiftGraceMinutes: 15, integrationTimeoutMs: 30_000 },
    });
    for (const u of ['tmca', 'tmcs', 'tmca.utara', 'opsmgmt', 'pr', 'pr.malam', 'tsta']) {
      const s = await login(app, u);
      tok[u] = s.token;
      reg[u] = s.user.section.region.key;
      staffOf[u] = s.user.pkStaffId;
    }
    const day = await rosterOfUser('pr', true);
    prOn = day ? 'pr' : 'pr.malam';
    prOff = day ? 'pr.malam' : 'pr';
    roster = (day ?? (await rosterOfUser('pr.malam', true)))!;
    // near 07:00/19:00 (Asia/Brunei) the roster on shift may have just begun or be about to end while this file runs:
    // give it a window with room on both sides, so no test depends on the time of day it runs at
    const now = nowMs();
    if (now - roster.startsAt.getTime() < 10 * 60_000 || roster.endsAt.getTime() - now < 45 * 60_000) {
      roster = { ...roster, startsAt: new Date(now - 60 * 60_000), endsAt: new Date(now + 2 * 60 * 60_000) };
      await app.ctx.db.update(dutyRoster).set({ startsAt: roster.startsAt, endsAt: roster.endsAt }).where(eq(dutyRoster.id, roster.id));
    }
    offRoster = (await rosterOfUser(prOn, false))!;
    markers = await app.ctx.db
      .select({ km: gpsKmMarker.km, latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude, sectionId: gpsKmMarker.sectionId })
      .from(gpsKmMarker)
      .where(eq(gpsKmMarker.sectionId, roster.sectionId))
      .orderBy(asc(gpsKmMarker.km));
    markers = markers.map((m) => ({ ...m, km: Math.round(m.km * 10) / 10 }));
  });
  afterAll(async () => app?.cleanup());

  // ------------------------------------------------------------------------------------------------ rondaGps/save

  it('a patrol on shift saves its fixes: history and latest position with section, km, offset and carriageway', async () => {
    const t = nowMs() - 60_000;
    const res = await save(
      prOn,
      { pkDutyRosterId: roster.id, positions: [fix(markers[20], t), fix(markers[25], t + 10_000), fix(markers[30], t + 20_000)] },
      { 'Idempotency-Key': 'gps-1' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body;
    expect(body.accepted).toBe(3);
    expect(body.latest).toMatchObject({
      kmmarker: markers[30].km,
      sectionId: roster.sectionId,
      offsetMetres: 0,
      source: 'tablet',
      lastSeen: iso(t + 20_000),
    });
    const inc = (await geoIndex(app.ctx.db)).sections.get(roster.sectionId)!.increasingDirection!;
    expect([1201, 1202]).toContain(inc); // the North–South expressway
    // kilometres rising: the increasing-km carriageway, named
    expect(body.latest.directionId).toBe(inc);
    expect(body.latest.direction).toBe(inc === 1202 ? 'Arah Selatan' : 'Arah Utara');
    // kilometres falling: the other carriageway
    const back = await save(prOn, { pkDutyRosterId: roster.id, positions: [fix(markers[28], t + 30_000), fix(markers[26], t + 40_000)] });
    expect(back.json().body.latest.directionId).toBe(inc === 1202 ? 1201 : 1202);
    const rows = await app.ctx.db.select().from(rosterPosition).where(eq(rosterPosition.dutyRosterId, roster.id));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.sectionId === roster.sectionId && r.offsetMetres === 0)).toBe(true);
  });

  it('the same Idempotency-Key again stores nothing more and answers the first answer', async () => {
    const before = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(rosterPosition);
    const t = nowMs() - 60_000;
    const res = await save(
      prOn,
      { pkDutyRosterId: roster.id, positions: [fix(markers[20], t), fix(markers[25], t + 10_000), fix(markers[30], t + 20_000)] },
      { 'Idempotency-Key': 'gps-1' },
    );
    // same key, other body: refused as a reuse; the genuine repeat is below
    expect(res.statusCode).toBe(422);
    const first = { pkDutyRosterId: roster.id, positions: [fix(markers[31], nowMs() - 5_000)] };
    const a = await save(prOn, first, { 'Idempotency-Key': 'gps-2' });
    const b = await save(prOn, first, { 'Idempotency-Key': 'gps-2' });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    const after = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(rosterPosition);
    expect(after[0].n).toBe(before[0].n + 1);
  });

  it('a late batch (a tablet back from 5 minutes offline) is stored in order; an older fix does not replace a newer latest', async () => {
    const now = nowMs();
    const newest = await save(prOn, { pkDutyRosterId: roster.id, positions: [fix(markers[40], now - 1_000)] });
    expect(newest.statusCode).toBe(200);
    // five minutes of fixes taken offline, sent now, out of order in the body
    const offline = Array.from({ length: 30 }, (_, i) => fix(markers[60 + i], now - 300_000 + i * 10_000)).reverse();
    const late = await save(prOn, { pkDutyRosterId: roster.id, positions: offline });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().body.accepted).toBe(30);
    expect(late.json().body.latest).toMatchObject({ kmmarker: markers[40].km, lastSeen: iso(now - 1_000) });
    const [latest] = await app.ctx.db.select().from(rosterLatestPosition).where(eq(rosterLatestPosition.dutyRosterId, roster.id));
    expect(latest.km).toBeCloseTo(markers[40].km, 3);
    // history holds them, newest first on rondaGps/dataTables
    const hist = await call(app, tok.tmca, { method: 'POST', url: `${PATHS.rondaGpsDataTables}?length=200`, payload: { pkDutyRosterId: roster.id } });
    expect(hist.statusCode, hist.body).toBe(200);
    const rows = hist.json().body.rows as { recordedAt: string; kmmarker: number }[];
    expect(rows[0].recordedAt).toBe(iso(now - 1_000));
    expect(rows.map((r) => r.recordedAt)).toEqual([...rows.map((r) => r.recordedAt)].sort().reverse());
    const sent = new Set(offline.map((f) => f.recordedAt));
    expect(rows.filter((r) => sent.has(r.recordedAt))).toHaveLength(30);
  });

  it('bad input: latitude/longitude out of range, a fix from the future, an empty or 10,000-fix batch, a body too large', async () => {
    const t = nowMs();
    const lat = await save(prOn, { pkDutyRosterId: roster.id, positions: [{ latitude: 91, longitude: 101.5, recordedAt: iso(t) }] });
    expect(lat.statusCode).toBe(400);
    expect(lat.json().body.field).toBe('positions.0.latitude');
    expect(lat.json().statusMsg).toContain('Latitud');
    const lng = await save(prOn, {
      pkDutyRosterId: roster.id,
      positions: [fix(markers[1], t), { latitude: 3, longitude: -181, recordedAt: iso(t) }],
    });
    expect(lng.statusCode).toBe(400);
    expect(lng.json().body.field).toBe('positions.1.longitude');
    const future = await save(prOn, { pkDutyRosterId: roster.id, positions: [fix(markers[1], t), fix(markers[2], t + 3_600_000)] });
    expect(future.statusCode).toBe(400);
    expect(future.json().body.field).toBe('positions.1.recordedAt');
    expect(future.json().statusMsg).toBe('Masa kedudukan tidak boleh melebihi masa semasa.');
    expect((await save(prOn, { pkDutyRosterId: roster.id, positions: [] })).json().body.field).toBe('positions');
    const many = Array.from({ length: 10_000 }, (_, i) => ({ latitude: 3, longitude: 101, recordedAt: iso(t - i * 1000) }));
    const big = await save(prOn, { pkDutyRosterId: roster.id, positions: many });
    expect(big.statusCode).toBe(400);
    expect(big.json().body.field).toBe('positions');
    expect(big.json().statusMsg).toContain(`Maksimum ${POSITION_BATCH_MAX}`);
    const huge = await call(app, tok[prOn], {
      method: 'POST',
      url: PATHS.rondaGpsSave,
      payload: JSON.stringify({ pkDutyRosterId: roster.id, positions: many.map((p) => ({ ...p, pad: 'x'.repeat(100) })) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().statusMsg).toBe('Permintaan terlalu besar.');
    const rows = await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rosterPosition)
      .where(gt(rosterPosition.recordedAt, new Date(t + 60_000)));
    expect(rows[0].n).toBe(0);
  });

  it('who may send: 401 without a token, 403 for a user not on the roster, a TMC user, or a roster not on shift; 404 unknown roster', async () => {
    const body = { pkDutyRosterId: roster.id, positions: [fix(markers[5], nowMs())] };
    expect((await call(app, null, { method: 'POST', url: PATHS.rondaGpsSave, payload: body })).statusCode).toBe(401);
    const other = await save(prOff, body);
    expect(other.statusCode).toBe(403);
    expect(other.json().statusMsg).toBe('Anda bukan ahli pasukan peronda bagi jadual tugas ini.');
    expect((await save('tmca', body)).statusCode).toBe(403);
    expect((await save('tsta', body)).statusCode).toBe(403); // not a patrol role at all
    // the patrol's own roster of an earlier shift: fixes taken now are outside it
    const off = await save(prOn, { pkDutyRosterId: offRoster.id, positions: [fix(markers[5], nowMs())] });
    expect(off.statusCode).toBe(403);
    expect(off.json().statusMsg).toBe('Kedudukan hanya boleh dihantar semasa syif jadual tugas ini.');
    // …while fixes taken during that shift, delivered late, are accepted
    const inShift = await save(prOn, { pkDutyRosterId: offRoster.id, positions: [fix(markers[5], offRoster.endsAt.getTime() - 60_000)] });
    expect(inShift.statusCode, inShift.body).toBe(200);
    expect((await save(prOn, { pkDutyRosterId: 999_999, positions: [fix(markers[5], nowMs())] })).statusCode).toBe(404);
  });

  it('rondaGps/dataTables and llugps: region-scoped for map roles, the own team for a patrol', async () => {
    const body = { pkDutyRosterId: roster.id };
    const url = `${PATHS.rondaGpsDataTables}?length=5`;
    expect((await call(app, tok.tmca, { method: 'POST', url, payload: body })).statusCode).toBe(200);
    expect((await call(app, tok[prOn], { method: 'POST', url, payload: body })).statusCode).toBe(200);
    expect((await call(app, tok[prOff], { method: 'POST', url, payload: body })).statusCode).toBe(403);
    expect((await call(app, tok['tmca.utara'], { method: 'POST', url, payload: body })).statusCode).toBe(403);
    expect((await call(app, tok.opsmgmt, { method: 'POST', url, payload: body })).statusCode).toBe(200);
    expect((await call(app, null, { method: 'POST', url, payload: body })).statusCode).toBe(401);
    expect((await call(app, tok.tmca, { method: 'GET', url: PATHS.lluGps(roster.id) })).statusCode).toBe(200);
    expect((await call(app, tok['tmca.utara'], { method: 'GET', url: PATHS.lluGps(roster.id) })).statusCode).toBe(403);
    expect((await call(app, tok.tmca, { method: 'GET', url: PATHS.lluGps(999_999) })).statusCode).toBe(404);
  });

  // ------------------------------------------------------------------------------------------------ llugps

  it('llugps: a period off the mainline is one LLU History entry at its farthest point; case steps of the roster are listed', async () => {
    const base = roster.startsAt.getTime() + 60_000;
    const m = markers[100];
    // ~1.1 km beside the highway (east of it), for three fixes, then back on the mainline
    const away = (dLng: number) => ({ latitude: m.latitude, longitude: m.longitude + dLng });
    const res = await save(prOn, {
      pkDutyRosterId: roster.id,
      positions: [
        fix(m, base),
        fix(away(0.008), base + 10_000),
        fix(away(0.012), base + 20_000),
        fix(away(0.009), base + 30_000),
        fix(m, base + 40_000),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = await insertIncident(app, { section: 'N9', staffId: staffOf.tmca, rosterId: roster.id });
    await app.ctx.db.insert(incidentAudit).values({
      incidentId: c.id,
      statusId: 203,
      assignerStaffId: staffOf.tmca,
      assignerRoleName: 'TMCA',
      assigneeRosterId: roster.id,
      at: new Date(base + 50_000),
    });
    const tl = await call(app, tok.tmca, { method: 'GET', url: PATHS.lluGps(roster.id) });
    expect(tl.statusCode).toBe(200);
    const entries = tl.json().body as {
      time: string;
      title: string;
      description: string | null;
      location: string | null;
      type: string;
      latitude: number | null;
      longitude: number | null;
    }[];
    expect(entries.map((e) => e.time)).toEqual([...entries.map((e) => e.time)].sort().reverse());
    const llu = entries.filter((e) => e.type === 'LLU History' && e.time === iso(base + 10_000));
    expect(llu).toHaveLength(1);
    const metres = Number(/^(\d+) m dari KM ([\d.]+) \((.+)\)$/.exec(llu[0].location!)?.[1]);
    expect(metres).toBeGreaterThan(MAINLINE_BOUND_METRES);
    expect(llu[0].longitude).toBeCloseTo(m.longitude + 0.012, 6);
    const step = entries.find((e) => e.type === 'Status' && e.description === c.ticket);
    expect(step).toMatchObject({ title: 'Tugasan Dihantar', time: iso(base + 50_000) });
    await app.ctx.db.delete(incidentAudit).where(eq(incidentAudit.incidentId, c.id));
    await app.ctx.db.update(incident).set({ dutyRosterId: null, statusId: 210 }).where(eq(incident.id, c.id));
  });

  // ------------------------------------------------------------------------------------------------ nearestActivePR

  describe('nearestActivePR with live positions', () => {
    let ids: number[];
    let inc: number;
    let ms: { km: number; latitude: number; longitude: number; sectionId: number }[];
    const put = async (rosterId: number, km: number, directionId: number | null, ageSeconds = 5) => {
      const m = ms.find((x) => Math.abs(x.km - km) < 1e-6)!;
      const values = {
        positionId: 1,
        latitude: m.latitude,
        longitude: m.longitude,
        recordedAt: new Date(nowMs() - ageSeconds * 1000),
        sectionId: m.sectionId,
        km: m.km,
        offsetMetres: 0,
        directionId,
      };
      await app.ctx.db
        .insert(rosterLatestPosition)
        .values({ dutyRosterId: rosterId, ...values })
        .onConflictDoUpdate({ target: rosterLatestPosition.dutyRosterId, set: values });
    };
    const nearest = async (payload: object) => {
      // a national role: every region's patrols on shift (a region alone may have only four at night)
      const res = await call(app, tok.opsmgmt, { method: 'POST', url: `${PATHS.nearestActivePr}?length=1000`, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().body.rows as PrRow[];
    };

    beforeAll(async () => {
      // every case off its roster: free patrols; positions only where this block puts them
      await app.ctx.db.update(incident).set({ dutyRosterId: null });
      await app.ctx.db.delete(rosterLatestPosition);
      const now = clockNow();
      const rows = await app.ctx.db
        .select({ id: dutyRoster.id, regionId: section.regionId })
        .from(dutyRoster)
        .innerJoin(section, eq(section.id, dutyRoster.sectionId))
        .where(and(lte(dutyRoster.startsAt, now), gt(dutyRoster.endsAt, now)))
        .orderBy(asc(dutyRoster.id));
      // the patrol's own region first (the section/km query below is scoped to it)
      ids = [...rows.filter((r) => r.regionId === reg.tmca), ...rows.filter((r) => r.regionId !== reg.tmca)].map((r) => r.id);
      expect(ids.length).toBeGreaterThanOrEqual(5);
      ms = markers;
      inc = (await geoIndex(app.ctx.db)).sections.get(roster.sectionId)!.increasingDirection!;
    });

    it('same carriageway before the opposite one (crossover added), stale last, no position by section, busy after free', async () => {
      const opposite = inc === 1202 ? 1201 : 1202;
      const at = ms[150]; // the incident, on the increasing-km carriageway
      const [same, opp, stale, busy, none] = ids;
      await put(same, ms[170].km, inc); // 2 km away, same carriageway
      await put(opp, ms[130].km, opposite); // 2 km away, other carriageway
      await put(stale, ms[151].km, inc, 900); // 100 m away, but 15 minutes old
      await put(busy, ms[149].km, inc); // 100 m away, but on a case
      const c = await insertIncident(app, { section: 'N9', staffId: staffOf.tmca, rosterId: busy });
      const rows = await nearest({ latitude: at.latitude, longitude: at.longitude, direction: inc });
      const byId = new Map(rows.map((r) => [r.pkDutyRosterId, r]));
      expect(byId.get(same)).toMatchObject({ distanceBasis: 'highway', distanceKm: 2, crossoverKm: 0, stale: false, busy: false });
      const o = byId.get(opp)!;
      expect(o.distanceBasis).toBe('highway');
      expect(o.crossoverKm).toBeGreaterThan(0);
      expect(o.distanceKm).toBeCloseTo(2 + o.crossoverKm!, 2);
      expect(byId.get(stale)).toMatchObject({ stale: true, distanceKm: 0.1 });
      expect(byId.get(stale)!.positionAgeSeconds).toBeGreaterThanOrEqual(900);
      expect(byId.get(none)).toMatchObject({ distanceBasis: 'section', position: null, positionAgeSeconds: null });
      expect(byId.get(busy)).toMatchObject({ busy: true, distanceKm: 0.1 });
      const order = rows.map((r) => r.pkDutyRosterId);
      expect(order.indexOf(same)).toBeLessThan(order.indexOf(opp));
      expect(order.indexOf(opp)).toBeLessThan(order.indexOf(none));
      expect(order.indexOf(none)).toBeLessThan(order.indexOf(stale));
      expect(order.at(-1)).toBe(busy);
      expect(byId.get(same)!.position).toMatchObject({ kmmarker: ms[170].km, directionId: inc });
      await app.ctx.db.update(incident).set({ dutyRosterId: null, statusId: 210 }).where(eq(incident.id, c.id));
    });

    it('by section and kilometre the same; without a direction no crossover; off the highway the straight line', async () => {
      const [same, opp] = ids;
      const at = ms[150];
      const byKm = await nearest({ sectionId: roster.sectionId, kilometer: String(at.km) });
      expect(byKm.find((r) => r.pkDutyRosterId === opp)).toMatchObject({ distanceBasis: 'highway', distanceKm: 2, crossoverKm: 0 });
      // an incident point 5 km off the highway: straight lines from the positions
      const off = await nearest({ latitude: at.latitude, longitude: at.longitude + 0.05 });
      const s = off.find((r) => r.pkDutyRosterId === same)!;
      expect(s.distanceBasis).toBe('position');
      expect(s.distanceKm).toBeGreaterThan(5);
    });

    it('activePRList rows carry the position', async () => {
      const res = await call(app, tok.opsmgmt, { method: 'POST', url: `${PATHS.activePrList}?length=1000`, payload: {} });
      const rows = res.json().body.rows as PrRow[];
      expect(rows.find((r) => r.pkDutyRosterId === ids[0])!.position).toMatchObject({ kmmarker: ms[170].km, source: 'tablet' });
    });
  });

  // ------------------------------------------------------------------------------------------------ bigMaps

  it('bigMaps: every open case of the region (not Tutup/Batal), newest first, §3.3 fields; the patrols on shift with positions', async () => {
    const res = await call(app, tok.tmca, { method: 'POST', url: PATHS.bigMaps, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body as {
      incidents: {
        incidentId: number;
        incidentStatus: string;
        incidentStatusId: number | null;
        incidentDate: string;
        incidentTime: string;
        type: string;
      }[];
      activePR: { pkDutyRosterId: number; latlng: [number, number] | null; pointAName: string | null; pointBName: string | null; status: string }[];
    };
    const open = await app.ctx.db
      .select({ id: incident.id })
      .from(incident)
      .where(and(eq(incident.regionId, reg.tmca), sql`(${incident.statusId} IS NULL OR ${incident.statusId} NOT IN (202, 210))`))
      .orderBy(sql`${incident.incidentAt} desc`, sql`${incident.id} desc`);
    expect(open.length).toBeGreaterThan(0);
    expect(body.incidents.map((i) => i.incidentId)).toEqual(open.map((o) => o.id).slice(0, 3000));
    expect(body.incidents.some((i) => i.incidentStatusId === 202 || i.incidentStatusId === 210)).toBe(false);
    for (const i of body.incidents) {
      expect(i.incidentDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(i.incidentTime).toMatch(/^\d{2}:\d{2}$/);
      if (i.incidentStatusId === null) expect(i.incidentStatus).toBe('Tiada Status');
    }
    expect(body.incidents.map((i) => i.type)).toContain('ACCIDENT');
    // dates and times as the Asia/Brunei formatters write them (map times drop the seconds)
    const some = await app.ctx.db
      .select({ id: incident.id, at: incident.incidentAt })
      .from(incident)
      .where(
        inArray(
          incident.id,
          body.incidents.slice(0, 50).map((i) => i.incidentId),
        ),
      );
    for (const c of some) {
      const shown = body.incidents.find((i) => i.incidentId === c.id)!;
      expect([shown.incidentDate, shown.incidentTime]).toEqual([localDmy(c.at), localHms(c.at).slice(0, 5)]);
    }
    const me = body.activePR.find((r) => r.pkDutyRosterId === roster.id)!;
    expect(me.pointAName).toBeTruthy();
    expect(me.pointBName).toBeTruthy();
    expect(['Bebas', 'Sibuk']).toContain(me.status);
    expect(body.activePR.some((r) => r.latlng !== null)).toBe(true);
    // region scope
    expect((await call(app, tok.tmca, { method: 'POST', url: PATHS.bigMaps, payload: { regionId: reg['tmca.utara'] } })).statusCode).toBe(403);
    const utara = await call(app, tok.opsmgmt, { method: 'POST', url: PATHS.bigMaps, payload: { regionId: reg['tmca.utara'] } });
    const utaraIds = new Set((utara.json().body.incidents as { incidentId: number }[]).map((i) => i.incidentId));
    expect([...utaraIds].some((id) => open.some((o) => o.id === id))).toBe(false);
    expect((await call(app, tok[prOn], { method: 'POST', url: PATHS.bigMaps, payload: {} })).statusCode).toBe(403); // not a map role
    expect((await call(app, null, { method: 'POST', url: PATHS.bigMaps, payload: {} })).statusCode).toBe(401);
  });

  it('bigMaps by section; the section network with every alignment and an ETag', async () => {
    const [n9] = await app.ctx.db.select().from(section).where(eq(section.name, 'N9'));
    const one = await call(app, tok.tmca, { method: 'POST', url: PATHS.bigMaps, payload: { sectionId: n9.id } });
    const sections = new Set((one.json().body.incidents as { section: string }[]).map((i) => i.section));
    expect([...sections]).toEqual(['N9']);
    const net = await call(app, tok.tsta, { method: 'GET', url: PATHS.sectionNetwork });
    expect(net.statusCode).toBe(200);
    const rows = net.json().body as { sectionName: string; alignment: [number, number][] }[];
    const withLine = await app.ctx.db.select({ name: section.name }).from(section).where(sql`${section.alignment} is not null`);
    expect(rows.map((r) => r.sectionName).sort()).toEqual(withLine.map((r) => r.name).sort());
    expect(rows.every((r) => r.alignment.length >= 2)).toBe(true);
    const etag = net.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await call(app, tok.tsta, { method: 'GET', url: PATHS.sectionNetwork, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await call(app, null, { method: 'GET', url: PATHS.sectionNetwork })).statusCode).toBe(401);
  });

  // ------------------------------------------------------------------------------------------------ findPRVehicle

  it('findPRVehicle: a plate with spaces and lower case is found from the tablet position; none → Oncore service not available', async () => {
    expect((await save(prOn, { pkDutyRosterId: roster.id, positions: [fix(markers[10], nowMs() - 1000)] })).statusCode).toBe(200);
    const [v] = await app.ctx.db.select({ plate: vehicle.plateNumber }).from(vehicle).where(eq(vehicle.id, roster.vehicleId!));
    const messy = ` ${v.plate.toLowerCase().replace(/(\d)/, ' $1')} `;
    const res = await call(app, tok.tmca, { method: 'GET', url: PATHS.findPrVehicle(messy) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.plateNumber).toBe(v.plate.replace(/\s+/g, '').toUpperCase());
    expect(res.json().body.LOC).toMatchObject({ source: 'tablet', sectionId: roster.sectionId });
    // a vehicle of the region no roster has reported from
    const reported = await app.ctx.db
      .select({ v: dutyRoster.vehicleId })
      .from(rosterLatestPosition)
      .innerJoin(dutyRoster, eq(dutyRoster.id, rosterLatestPosition.dutyRosterId));
    const [silent] = await app.ctx.db
      .select({ plate: vehicle.plateNumber })
      .from(vehicle)
      .innerJoin(section, eq(section.id, vehicle.sectionId))
      .where(
        and(
          eq(section.regionId, reg.tmca),
          sql`${vehicle.id} not in (${sql.join(
            reported.map((r) => sql`${r.v ?? -1}`),
            sql`, `,
          )})`,
        ),
      )
      .limit(1);
    const none = await call(app, tok.tmca, { method: 'GET', url: PATHS.findPrVehicle(silent.plate) });
    expect(none.statusCode).toBe(404);
    expect(none.json().statusMsg).toBe(ONCORE_UNAVAILABLE);
    expect((await call(app, tok.tmca, { method: 'GET', url: PATHS.findPrVehicle('ZZZ 0000') })).statusCode).toBe(404);
    // another region's vehicle
    const [utara] = await app.ctx.db
      .select({ plate: vehicle.plateNumber })
      .from(vehicle)
      .innerJoin(section, eq(section.id, vehicle.sectionId))
      .where(eq(section.regionId, reg['tmca.utara']))
      .limit(1);
    expect((await call(app, tok.tmca, { method: 'GET', url: PATHS.findPrVehicle(utara.plate) })).statusCode).toBe(403);
    expect((await call(app, tok.opsmgmt, { method: 'GET', url: PATHS.findPrVehicle(utara.plate) })).statusCode).toBe(404);
    expect((await call(app, null, { method: 'GET', url: PATHS.findPrVehicle(v.plate) })).statusCode).toBe(401);
    // several plates at once: LOC or null per plate
    const batch = await call(app, tok.tmca, { method: 'POST', url: PATHS.findPrVehicles, payload: { plateNumbers: [messy, silent.plate] } });
    expect(batch.statusCode, batch.body).toBe(200);
    const rows = batch.json().body as { plateNumber: string; LOC: Loc | null }[];
    expect(rows[0].LOC?.sectionId).toBe(roster.sectionId);
    expect(rows[1]).toEqual({ plateNumber: silent.plate.replace(/\s+/g, ''), LOC: null });
    expect((await call(app, tok.tmca, { method: 'POST', url: PATHS.findPrVehicles, payload: { plateNumbers: [utara.plate] } })).statusCode).toBe(403);
    expect((await call(app, tok.tmca, { method: 'POST', url: PATHS.findPrVehicles, payload: { plateNumbers: [] } })).statusCode).toBe(400);
  });

  // ------------------------------------------------------------------------------------------------ pruning

  it('pruning deletes history older than the retention and keeps the rest and the latest positions', async () => {
    const old = new Date(nowMs() - 100 * 86_400_000);
    const m = markers[3];
    await app.ctx.db.insert(rosterPosition).values(
      Array.from({ length: 25 }, (_, i) => ({
        dutyRosterId: roster.id,
        latitude: m.latitude,
        longitude: m.longitude,
        recordedAt: new Date(old.getTime() + i * 1000),
      })),
    );
    const count = async () => (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(rosterPosition))[0].n;
    const before = await count();
    const latest = await app.ctx.db.select().from(rosterLatestPosition);
    expect(await prunePositions(app.ctx.db, 90)).toBe(25);
    expect(await count()).toBe(before - 25);
    expect(await prunePositions(app.ctx.db, 90)).toBe(0);
    expect(await app.ctx.db.select().from(rosterLatestPosition)).toEqual(latest);
    const inUse = await app.ctx.db
      .select({ id: rosterPosition.id })
      .from(rosterPosition)
      .where(inArray(rosterPosition.dutyRosterId, [roster.id]))
      .limit(1);
    expect(inUse).toHaveLength(1);
  });
});
