/**
 * The demo at any hour (issue #29 item 5) and the GPS-silent alert across the night (item 1): started at 06:30 local
 * time, the demo database has the night rosters of the previous evening on duty with their last minutes of GPS
 * fixes, so the active patrols and nearest patrol show them with a fresh position; a night patrol whose tablet fell
 * silent alerts the TMC at 23:59, 00:30 and 06:59 alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { PATHS } from '../../contract/paths';
import { rostersCovering } from '../../contract/shift-time';
import { SHIFT_ID } from '../../server/db/seed/data/people';
import { alertNotification, appUser, rosterLatestPosition } from '../../server/db/schema';
import { ensureLivePositions, tickLivePositions } from '../../server/db/seed/live';
import { addDays } from '../../server/db/seed/rosters';
import { sweepGpsSilent } from '../../server/modules/comms/alerts';
import { geoIndex } from '../../server/modules/maps/geo-index';
import { derive, writeBatch } from '../../server/modules/maps/positions';
import { nowMs, setClock } from '../../server/lib/clock';
import { localDate } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';
import { allRosterTimes } from './support/roster-times';

type App = Awaited<ReturnType<typeof buildTestApp>>;

describe('the demo at any hour: the rosters on duty now with recent GPS positions (issue #29)', () => {
  let app: App;
  let tmca: { token: string; region: number };
  /** the local date the app starts on, at 06:30: its night roster of the previous evening is on duty */
  const day = localDate(nowMs());
  const at = (date: string, hms: string) => `${date}T${hms}+08:00`;
  const onDuty = async (instant: string) => {
    const rows = await allRosterTimes(app.ctx.db);
    return rostersCovering(rows, instant);
  };

  beforeAll(async () => {
    setClock(at(day, '06:30:00'));
    app = await buildTestApp({ demoLive: true });
    const s = await login(app, 'tmca');
    tmca = { token: s.token, region: s.user.section.region.key };
  });
  afterAll(async () => {
    setClock(null);
    await app?.cleanup();
  });

  it('started at 06:30: every night roster on duty (on a mapped section) has a position from the last five minutes', async () => {
    const night = await onDuty(at(day, '06:30:00'));
    expect(night.length).toBeGreaterThan(0);
    for (const r of night) expect([r.shiftId, r.startDate]).toEqual([SHIFT_ID.NIGHT, addDays(day, -1)]);
    const geo = await geoIndex(app.ctx.db);
    const mapped = night.filter((r) => (geo.sections.get(r.sectionId)?.markers.length ?? 0) > 1);
    expect(mapped.length).toBeGreaterThan(0);
    const latest = await app.ctx.db.select().from(rosterLatestPosition);
    const byRoster = new Map(latest.map((p) => [p.dutyRosterId, p]));
    for (const r of mapped) {
      const p = byRoster.get(r.id);
      expect(p, `roster ${r.id}`).toBeDefined();
      expect(nowMs() - p!.recordedAt.getTime()).toBeLessThan(5 * 60_000);
      expect(p!.sectionId, `roster ${r.id} derived on the geography`).not.toBeNull();
    }
    // only the rosters on duty now got one
    expect(latest.every((p) => night.some((r) => r.id === p.dutyRosterId))).toBe(true);
    // idempotent: a second start writes nothing
    expect(await ensureLivePositions(app.ctx.db)).toBe(0);
  });

  it('activePRList and nearestActivePR show the night patrols with a fresh position', async () => {
    const mine = (await onDuty(at(day, '06:30:00'))).filter((r) => r.regionId === tmca.region).map((r) => r.id);
    expect(mine.length).toBeGreaterThan(0);
    const near = await call(app, tmca.token, {
      method: 'POST',
      url: `${PATHS.nearestActivePr}?length=500`,
      payload: { regionId: tmca.region, latitude: 2.9, longitude: 101.7 },
    });
    expect(near.statusCode).toBe(200);
    const rows = near.json().body.rows as { pkDutyRosterId: number; positionAgeSeconds: number | null }[];
    expect(rows.map((r) => r.pkDutyRosterId).sort((a, b) => a - b)).toEqual(mine.sort((a, b) => a - b));
    for (const r of rows) expect(r.positionAgeSeconds, `roster ${r.pkDutyRosterId}`).not.toBeNull();
    for (const r of rows) expect(r.positionAgeSeconds!).toBeLessThan(300);
  });

  it("the map (bigMaps): the night patrols on duty at 06:30 with their position (the map's active patrols)", async () => {
    const mine = (await onDuty(at(day, '06:30:00'))).filter((r) => r.regionId === tmca.region).map((r) => r.id);
    const res = await call(app, tmca.token, { method: 'POST', url: PATHS.bigMaps, payload: {} });
    expect(res.statusCode).toBe(200);
    const active = res.json().body.activePR as { pkDutyRosterId: number; latlng: [number, number] | null }[];
    expect(active.map((r) => r.pkDutyRosterId).sort((a, b) => a - b)).toEqual([...mine].sort((a, b) => a - b));
    expect(active.filter((r) => r.latlng !== null).length).toBeGreaterThan(0);
  });

  it("the demo's tablets keep reporting: a fix a minute while on duty, the day rosters started at the 07:00 handover", async () => {
    const night = (await onDuty(at(day, '06:30:00'))).map((r) => r.id);
    const latestOf = async () => new Map((await app.ctx.db.select().from(rosterLatestPosition)).map((p) => [p.dutyRosterId, p]));
    const before = await latestOf();
    const driven = night.filter((id) => before.has(id));
    expect(driven.length).toBeGreaterThan(0);
    const t1 = new Date(at(day, '06:45:00'));
    expect(await tickLivePositions(app.ctx.db, { now: t1 })).toBe(driven.length);
    const after = await latestOf();
    for (const id of driven) expect(after.get(id)!.recordedAt.getTime(), `roster ${id}`).toBe(t1.getTime());
    // after 07:00 the night rosters are no longer driven; the day rosters on duty get their first fixes
    const t2 = new Date(at(day, '07:05:00'));
    const day1 = (await onDuty(at(day, '07:05:00'))).filter((r) => r.shiftId === SHIFT_ID.DAY).map((r) => r.id);
    expect(day1.length).toBeGreaterThan(0);
    await tickLivePositions(app.ctx.db, { now: t2 });
    const later = await latestOf();
    for (const id of driven) expect(later.get(id)!.recordedAt.getTime(), `roster ${id}`).toBe(t1.getTime());
    expect(day1.filter((id) => later.has(id)).length).toBeGreaterThan(0);
    // and none of them falls silent while the demo drives it
    await tickLivePositions(app.ctx.db, { now: new Date(at(day, '07:20:00')) });
    const swept = await sweepGpsSilent(app.ctx.db, { minutes: 10, now: new Date(at(day, '07:21:00')) });
    expect(swept.cases).toBe(0);
  });

  it('GPS-silent alerts count the night roster at 23:59, 00:30 and 06:59 (its last fix 20 minutes before)', async () => {
    const geo = await geoIndex(app.ctx.db);
    const [patrol] = await app.ctx.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'pr.malam'));
    for (const instant of [at(day, '23:59:00'), at(addDays(day, 1), '00:30:00'), at(addDays(day, 1), '06:59:00')]) {
      const now = new Date(instant);
      const night = (await onDuty(instant)).filter((r) => r.regionId === tmca.region);
      expect(night.length, instant).toBeGreaterThan(0);
      for (const r of night) expect([r.shiftId, r.startDate], instant).toEqual([SHIFT_ID.NIGHT, day]);
      const r = night[0];
      // its tablet's last fix, 20 minutes before, somewhere on the network
      const fixAt = new Date(now.getTime() - 20 * 60_000);
      const [m] = [...geo.sections.values()].filter((s) => s.markers.length > 1).map((s) => s.markers[0]);
      const d = derive(geo, { latitude: m[1], longitude: m[2] }, null);
      await writeBatch(app.ctx.db, r.id, patrol.id, fixAt, [
        { ...d, latitude: m[1], longitude: m[2], recordedAt: fixAt, accuracy: 8, heading: null, speed: 0 },
      ]);
      const before = await alertsOf(r.id);
      const swept = await sweepGpsSilent(app.ctx.db, { minutes: 15, now });
      expect(swept.cases, instant).toBeGreaterThan(0);
      expect((await alertsOf(r.id)).length, instant).toBeGreaterThan(before.length);
    }
  });

  const alertsOf = (rosterId: number) =>
    app.ctx.db
      .select({ id: alertNotification.id })
      .from(alertNotification)
      .where(like(alertNotification.eventKey, `gps-silent:${rosterId}:%`));
});
