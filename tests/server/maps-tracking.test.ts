/**
 * Issue #7 beyond the tablets: findPRVehicle through an external tracking service (a real HTTP server on 127.0.0.1
 * started here, with a short timeout), the GPS-silent alert of the sweep (issue #6 item 2), and the crossovers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONCORE_UNAVAILABLE } from '../../contract/map-rules';
import { PATHS } from '../../contract/paths';
import { alertNotification, appUser, crossover, gpsKmMarker, rosterLatestPosition, section, staff, vehicle } from '../../server/db/schema';
import { sweepGpsSilent } from '../../server/modules/comms/alerts';
import { localHms } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';
import { demoPatrolOnShift } from './support/incident-fixtures';
import { now as clockNow, nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;

describe('tracking service, GPS-silent alert, crossovers (issue #7)', () => {
  let app: App;
  let tracker: Server;
  const asked: string[] = [];
  const tok: Record<string, string> = {};
  let prOn: string;
  let roster: { id: number; name: string; sectionId: number; vehicleId: number | null; startsAt: Date; endsAt: Date };
  let plate: string;
  let marker: { km: number; latitude: number; longitude: number };
  /** what the tracking service answers per plate */
  const answers = new Map<string, { status: number; body?: unknown; delayMs?: number }>();

  beforeAll(async () => {
    tracker = createServer((req, res) => {
      const m = /^\/vehicles\/([^/?]+)$/.exec(req.url ?? '');
      const p = m ? decodeURIComponent(m[1]) : '';
      asked.push(p);
      const a = answers.get(p) ?? { status: 404, body: { error: 'unknown' } };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(a.body ?? {}));
      }, a.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
    const port = (tracker.address() as AddressInfo).port;
    app = await buildTestApp({
      positions: {
        staleSeconds: 300,
        historyDays: 90,
        pruneEveryHours: 0,
        shiftGraceMinutes: 15,
        trackingUrl: `http://127.0.0.1:${port}`,
        integrationTimeoutMs: 2000,
      },
    });
    for (const u of ['tmca', 'tmcs', 'opsmgmt', 'pr', 'pr.malam']) tok[u] = (await login(app, u)).token;
    const r = await demoPatrolOnShift(app);
    roster = r;
    prOn = r.username;
    const [v] = await app.ctx.db.select({ plate: vehicle.plateNumber }).from(vehicle).where(eq(vehicle.id, r.vehicleId!));
    plate = v.plate.replace(/\s+/g, '').toUpperCase();
    [marker] = await app.ctx.db
      .select({ km: gpsKmMarker.km, latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
      .from(gpsKmMarker)
      .where(eq(gpsKmMarker.sectionId, r.sectionId))
      .orderBy(asc(gpsKmMarker.km))
      .offset(50)
      .limit(1);
  });
  afterAll(async () => {
    await app?.cleanup();
    tracker?.closeAllConnections();
    await new Promise((resolve) => tracker?.close(resolve));
  });

  const find = (p: string) => call(app, tok.tmca, { method: 'GET', url: PATHS.findPrVehicle(p) });

  it('the tracking service is asked first (plate without spaces); its position gets the section and km of the nearest marker', async () => {
    answers.set(plate, {
      status: 200,
      body: {
        plateNumber: plate,
        latitude: marker.latitude,
        longitude: marker.longitude,
        recordedAt: clockNow().toISOString(),
        heading: 90,
        speed: 20,
      },
    });
    const res = await find(` ${plate.slice(0, 3)} ${plate.slice(3).toLowerCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(asked.at(-1)).toBe(plate);
    expect(res.json().body).toMatchObject({
      plateNumber: plate,
      LOC: { source: 'oncore', latitude: marker.latitude, kmmarker: Math.round(marker.km * 10) / 10, sectionId: roster.sectionId, offsetMetres: 0 },
    });
  });

  it('no answer, a late answer or a malformed one: the tablet position; with none either, Oncore service not available', {
    timeout: 30_000,
  }, async () => {
    answers.set(plate, { status: 404 });
    const none = await find(plate);
    expect(none.statusCode).toBe(404);
    expect(none.json().statusMsg).toBe(ONCORE_UNAVAILABLE);
    const fix = { latitude: marker.latitude, longitude: marker.longitude, recordedAt: new Date(nowMs() - 2000).toISOString() };
    expect(
      (await call(app, tok[prOn], { method: 'POST', url: PATHS.rondaGpsSave, payload: { pkDutyRosterId: roster.id, positions: [fix] } })).statusCode,
    ).toBe(200);
    const tablet = await find(plate);
    expect(tablet.statusCode).toBe(200);
    expect(tablet.json().body.LOC).toMatchObject({ source: 'tablet', lastSeen: fix.recordedAt });
    // slower than INTEGRATION_TIMEOUT_MS (2 s here): not waited for
    answers.set(plate, { status: 200, delayMs: 10_000, body: { latitude: 1, longitude: 103, recordedAt: clockNow().toISOString() } });
    const t0 = Date.now();
    const late = await find(plate);
    expect(Date.now() - t0).toBeLessThan(8000);
    expect(late.json().body.LOC.source).toBe('tablet');
    answers.set(plate, { status: 200, body: { latitude: 'north', longitude: 103 } });
    expect((await find(plate)).json().body.LOC.source).toBe('tablet');
    // the batch: one row per plate asked, the tracking service per plate
    answers.set(plate, { status: 200, body: { latitude: marker.latitude, longitude: marker.longitude, recordedAt: clockNow().toISOString() } });
    const batch = await call(app, tok.tmca, { method: 'POST', url: PATHS.findPrVehicles, payload: { plateNumbers: [plate, 'ZZZ 1'] } });
    expect(batch.statusCode).toBe(200);
    expect(batch.json().body).toMatchObject([
      { plateNumber: plate, LOC: { source: 'oncore' } },
      { plateNumber: 'ZZZ1', LOC: null },
    ]);
  });

  it('GPS silent: a roster on shift that reported this shift and then nothing for 10 minutes alerts its TMC users once per silence', async () => {
    const db = app.ctx.db;
    await db.delete(rosterLatestPosition);
    const start = roster.startsAt.getTime();
    const put = async (positionId: number, at: number) => {
      const values = {
        positionId,
        latitude: marker.latitude,
        longitude: marker.longitude,
        recordedAt: new Date(at),
        sectionId: roster.sectionId,
        km: marker.km,
        offsetMetres: 0,
        directionId: 1202,
      };
      await db
        .insert(rosterLatestPosition)
        .values({ dutyRosterId: roster.id, ...values })
        .onConflictDoUpdate({ target: rosterLatestPosition.dutyRosterId, set: values });
    };
    // the roster's GPS alerts (the demo data's field reports alert on rosters on shift too)
    const mine = () =>
      db
        .select()
        .from(alertNotification)
        .where(and(eq(alertNotification.dutyRosterId, roster.id), eq(alertNotification.category, 'GPS')));
    // before the shift: not this shift's silence
    await put(9001, start - 30 * 60_000);
    expect((await sweepGpsSilent(db, { minutes: 10, now: new Date(start + 20 * 60_000) })).cases).toBe(0);
    // reported at +5 min, silent since: at +12 nothing yet, at +20 one alert per TMC user of the region
    await put(9002, start + 5 * 60_000);
    expect((await sweepGpsSilent(db, { minutes: 10, now: new Date(start + 12 * 60_000) })).alerts).toBe(0);
    const first = await sweepGpsSilent(db, { minutes: 10, now: new Date(start + 20 * 60_000) });
    expect(first.cases).toBe(1);
    expect(first.alerts).toBeGreaterThan(0);
    const rows = await mine();
    expect(rows).toHaveLength(first.alerts);
    expect(rows[0]).toMatchObject({
      category: 'GPS',
      eventKey: `gps-silent:${roster.id}:9002`,
      description: `GPS peronda ${roster.name} senyap sejak ${localHms(new Date(start + 5 * 60_000))}`,
      incidentId: null,
    });
    const users = await db
      .select({ id: appUser.id, username: appUser.username, regionId: section.regionId })
      .from(appUser)
      .innerJoin(staff, eq(staff.id, appUser.staffId))
      .innerJoin(section, eq(section.id, staff.sectionId))
      .where(
        sql`${appUser.id} in (${sql.join(
          rows.map((r) => sql`${r.userId}`),
          sql`, `,
        )})`,
      );
    expect(users.map((u) => u.username)).toEqual(expect.arrayContaining(['tmca', 'tmcs']));
    // again: nothing new
    expect((await sweepGpsSilent(db, { minutes: 10, now: new Date(start + 30 * 60_000) })).alerts).toBe(0);
    // it reports again, then falls silent again: a new alert
    await put(9003, start + 35 * 60_000);
    expect((await sweepGpsSilent(db, { minutes: 10, now: new Date(start + 40 * 60_000) })).alerts).toBe(0);
    expect((await sweepGpsSilent(db, { minutes: 10, now: new Date(start + 50 * 60_000) })).alerts).toBe(first.alerts);
    // after the shift: no more
    expect((await sweepGpsSilent(db, { minutes: 10, now: new Date(roster.endsAt.getTime() + 60_000) })).cases).toBe(0);
    // the TMC user sees it in the drawer's list
    const list = await call(app, tok.tmca, { method: 'POST', url: `${PATHS.alertDataTables}?length=100`, payload: { viewed: 0 } });
    expect(list.statusCode).toBe(200);
    expect(
      (list.json().body.rows as { category: string; description: string }[]).some(
        (a) => a.category === 'GPS' && a.description.startsWith(`GPS peronda ${roster.name} senyap sejak `),
      ),
    ).toBe(true);
  });

  it('every specific section with kilometres has crossovers, in its kilometre range', async () => {
    const secs = await app.ctx.db
      .select()
      .from(section)
      .where(and(eq(section.isCombined, false), sql`${section.kmStart} is not null`));
    const xs = await app.ctx.db.select().from(crossover);
    expect(secs.length).toBeGreaterThan(5);
    for (const s of secs) {
      const mine = xs.filter((x) => x.sectionId === s.id);
      expect(mine.length, s.name).toBeGreaterThan(0);
      const lo = Math.min(s.kmStart!, s.kmEnd!);
      const hi = Math.max(s.kmStart!, s.kmEnd!);
      for (const x of mine) expect(x.km >= lo - 0.05 && x.km <= hi + 0.05, `${s.name} ${x.name}`).toBe(true);
      // no stretch longer than 20 km without one (ends included)
      const stops = [lo, ...mine.map((x) => x.km).sort((a, b) => a - b), hi];
      for (let i = 1; i < stops.length; i++) expect(stops[i] - stops[i - 1], s.name).toBeLessThanOrEqual(20.1);
    }
  });
});
