/**
 * The shift summary (issue #15 item 3; §3.12 Summary): the pure computation (server/modules/activity-log/summary.ts)
 * on small cases, then the acceptance: the DLU/LLU minutes of a roster whose fixes go through the real rondaGps/save
 * route match minutes computed by hand (below, with the arithmetic). The roster is made with a fixed window relative
 * to the moment of the test (ended two hours ago), so nothing depends on the time of day.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_EVENT,
  ACTIVITY_PATHS,
  INACTIVE_GPS_GAP_MS,
  MAINLINE_TRACK_MAX,
  type GpsPeriod,
  type MainlineReport,
  type ShiftSummary,
} from '../../contract/activity-log';
import { MAINLINE_BOUND_METRES } from '../../contract/map-rules';
import { PATHS } from '../../contract/paths';
import { dutyRoster, gpsKmMarker, rosterPosition } from '../../server/db/schema';
import {
  computeSummary,
  downsample,
  gpsSpansOf,
  rehatMsOf,
  rondaCountOf,
  type SummaryEntry,
  type SummaryFix,
} from '../../server/modules/activity-log/summary';
import { buildTestApp, call, login } from './support/build';
import { makeRoster, min } from './support/activity-log-fixtures';
import { nowMs } from '../../server/lib/clock';

// ------------------------------------------------------------------------------------------------ pure

describe('summary.ts (pure)', () => {
  const T0 = Date.UTC(2026, 10, 22, 0, 0, 0); // 08:00 in Asia/Brunei
  const window = { startsAt: T0, endsAt: T0 + min(480) };
  const after = window.endsAt + min(60);
  const e = (eventId: number, m: number, id = m): SummaryEntry => ({ eventId, at: T0 + min(m), id });
  const on = (m: number): SummaryFix => ({ at: T0 + min(m), offsetMetres: 0 });
  const off = (m: number): SummaryFix => ({ at: T0 + min(m), offsetMetres: MAINLINE_BOUND_METRES + 1 });

  it('rondaCount: a 295 counts only when it closes an open 3003', () => {
    const { PATROL_START: S, PATROL_END: E, BREAK: B } = ACTIVITY_EVENT;
    expect(rondaCountOf([])).toBe(0);
    expect(rondaCountOf([e(S, 10), e(E, 50)])).toBe(1);
    // a 295 with nothing open, a second 3003 while one is open (one patrol), then its 295
    expect(rondaCountOf([e(E, 5), e(S, 10), e(S, 20), e(B, 30), e(E, 50), e(E, 60)])).toBe(1);
    expect(rondaCountOf([e(S, 10), e(E, 50), e(S, 60), e(E, 90), e(S, 100)])).toBe(2);
    // time order decides, not the order given
    expect(rondaCountOf([e(E, 50), e(S, 10)])).toBe(1);
  });

  it('rehat: a break lasts until the next entry, the last one until the shift end (or now while on shift)', () => {
    const { BREAK: B, REFUEL: R, PATROL_START: S } = ACTIVITY_EVENT;
    expect(rehatMsOf([e(B, 60), e(R, 90)], window, after)).toBe(min(30));
    // two breaks in a row: each until the next entry (60→70, 70→75)
    expect(rehatMsOf([e(B, 60), e(B, 70), e(S, 75)], window, after)).toBe(min(15));
    // the last entry: until the end (460→480); still on shift at 470: until now (460→470)
    expect(rehatMsOf([e(S, 10), e(B, 460)], window, after)).toBe(min(20));
    expect(rehatMsOf([e(S, 10), e(B, 460)], window, T0 + min(470))).toBe(min(10));
    // clipped to the window: a break logged 10 min before the start until 5 min after it counts 5 min
    expect(rehatMsOf([e(B, -10), e(S, 5)], window, after)).toBe(min(5));
  });

  it('GPS: each interval ≤ 5 min counts for its first fix’s class; longer gaps and the edges are NOGPS; clipped to the window', () => {
    // no fix: all of the shift is NOGPS; not started: nothing
    expect(gpsSpansOf([], window, after)).toEqual([{ from: window.startsAt, to: window.endsAt, kind: 'NOGPS' }]);
    expect(gpsSpansOf([on(-5)], window, T0 - min(1))).toEqual([]);
    const s = computeSummary({ entries: [], fixes: [off(60), on(0), on(5), on(10), off(62), on(67)], window, now: after });
    // 0→5 DLU, 5→10 DLU (exactly 5 min: counts), 10→60 NOGPS (gap), 60→62 LLU, 62→67 LLU, 67→480 NOGPS (edge)
    expect(s.spans.map((x) => [(x.from - T0) / 60_000, (x.to - T0) / 60_000, x.kind])).toEqual([
      [0, 10, 'DLU'],
      [10, 60, 'NOGPS'],
      [60, 67, 'LLU'],
      [67, 480, 'NOGPS'],
    ]);
    expect(s).toMatchObject({ dluMinutes: 10, lluMinutes: 7, inactiveGpsMinutes: 463 });
    // a gap 1 ms over INACTIVE_GPS_GAP_MS is NOGPS
    const six = { startsAt: T0, endsAt: T0 + min(6) };
    expect(gpsSpansOf([on(0), { at: T0 + INACTIVE_GPS_GAP_MS + 1, offsetMetres: 0 }], six, after)).toEqual([
      { from: T0, to: T0 + min(6), kind: 'NOGPS' },
    ]);
    expect(gpsSpansOf([on(0), { at: T0 + INACTIVE_GPS_GAP_MS, offsetMetres: 0 }], six, after)).toEqual([
      { from: T0, to: T0 + INACTIVE_GPS_GAP_MS, kind: 'DLU' },
      { from: T0 + INACTIVE_GPS_GAP_MS, to: T0 + min(6), kind: 'NOGPS' },
    ]);
    // an unknown offset is off the mainline
    expect(computeSummary({ entries: [], fixes: [{ at: T0, offsetMetres: null }, on(3)], window, now: after }).lluMinutes).toBe(3);
    // still on shift at 100: the window ends now, the last fix (90) to now is NOGPS
    const live = computeSummary({ entries: [], fixes: [on(80), on(85), on(90)], window, now: T0 + min(100) });
    expect(live).toMatchObject({ dluMinutes: 10, lluMinutes: 0, inactiveGpsMinutes: 90 });
  });

  it('downsample keeps at most the maximum, evenly, first and last always', () => {
    const xs = Array.from({ length: 4000 }, (_, i) => i);
    const d = downsample(xs, MAINLINE_TRACK_MAX);
    expect(d).toHaveLength(MAINLINE_TRACK_MAX);
    expect(d[0]).toBe(0);
    expect(d.at(-1)).toBe(3999);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    expect(downsample([1, 2, 3], 10)).toEqual([1, 2, 3]);
  });
});

// ------------------------------------------------------------------------------------------------ acceptance

describe('shift summary of a roster from real fixes (acceptance: DLU/LLU minutes by hand)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let pr: string;
  let sc: string;
  let roster: Awaited<ReturnType<typeof makeRoster>>;

  /**
   * The fixture, in minutes from the shift start (the shift is 0→480, 8 hours, ended 2 h before the test runs).
   * ON = at a kilometre marker (offset 0 m); OFF = 0.012° of longitude east of one (about 1.3 km, > 500 m).
   *
   *   fixes                                  interval classes (each interval counts for its FIRST fix)
   *   -2 ON, 2 ON                            -2→2 gap 4 ≤ 5: DLU, clipped to the shift: 0→2 = 2 DLU
   *                                          2→10 gap 8 > 5: NOGPS 8
   *   10, 12, …, 58 ON (every 2), 60 OFF     10→60 DLU = 50
   *   60, 63, …, 87 OFF (every 3), 90 ON     60→90 LLU = 30
   *   90, 94, …, 130 ON (every 4)            90→130 DLU = 40
   *                                          130→140 gap 10: NOGPS 10
   *   140 ON, 145 OFF                        140→145 gap exactly 5: DLU 5
   *                                          145→151 gap 6: NOGPS 6 (the OFF fix at 145 gives no LLU)
   *   151 OFF, 155 OFF, 160 ON               151→160 LLU = 9
   *   160, 165, …, 200 ON (every 5)          160→200 DLU = 40
   *   485 ON (in the 15-min grace after)     200→480 (last fix in the shift to its end): NOGPS 280
   *
   *   DLU   = 2 + 50 + 40 + 5 + 40 = 137
   *   LLU   = 30 + 9               = 39
   *   NOGPS = 8 + 10 + 6 + 280     = 304          (137 + 39 + 304 = 480, the whole shift)
   *
   * Entries (activityLog/save): 3001 at 0, 3003 at 5, Rehat at 100, refuel at 125, 295 at 130 (closes the 3003: one
   * ronda), 295 at 135 (nothing open: not counted), 3003 at 140, 3003 at 150 (already open), 295 at 400 (second
   * ronda), Rehat at 460 (the last entry: until the shift end).
   *   rondaCount = 2;  rehatMinutes = (125 − 100) + (480 − 460) = 25 + 20 = 45
   */
  const EXPECTED = { rondaCount: 2, rehatMinutes: 45, dluMinutes: 137, lluMinutes: 39, inactiveGpsMinutes: 304 };
  const NOGPS_PERIODS: [number, number][] = [
    [2, 10],
    [130, 140],
    [145, 151],
    [200, 480],
  ];

  const range = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
  const ON = [-2, 2, ...range(10, 58, 2), ...range(90, 130, 4), 140, 160, ...range(165, 200, 5), 485];
  const OFF = [...range(60, 87, 3), 145, 151, 155];

  beforeAll(async () => {
    app = await buildTestApp();
    pr = (await login(app, 'pr')).token;
    sc = (await login(app, 'sc')).token;
    roster = await makeRoster(app, { teamName: 'N9-PAGI-A', startsAt: new Date(nowMs() - min(600)), hours: 8 });
  });
  afterAll(async () => app?.cleanup());

  it('the fixes go through rondaGps/save, classified by their stored offset as the fixture says', async () => {
    const markers = await app.ctx.db
      .select({ latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
      .from(gpsKmMarker)
      .where(eq(gpsKmMarker.sectionId, roster.sectionId))
      .orderBy(asc(gpsKmMarker.km));
    const m = markers[Math.floor(markers.length / 2)];
    const fix = (minute: number, onMainline: boolean) => ({
      latitude: m.latitude,
      longitude: m.longitude + (onMainline ? 0 : 0.012),
      recordedAt: new Date(roster.startsAt.getTime() + min(minute)).toISOString(),
    });
    const positions = [...ON.map((t) => fix(t, true)), ...OFF.map((t) => fix(t, false))];
    const res = await call(app, pr, { method: 'POST', url: PATHS.rondaGpsSave, payload: { pkDutyRosterId: roster.id, positions } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.accepted).toBe(ON.length + OFF.length);
    const stored = await app.ctx.db
      .select({ at: rosterPosition.recordedAt, offset: rosterPosition.offsetMetres })
      .from(rosterPosition)
      .where(eq(rosterPosition.dutyRosterId, roster.id));
    for (const f of stored) {
      const minute = (f.at.getTime() - roster.startsAt.getTime()) / 60_000;
      if (ON.includes(minute)) expect(f.offset, `minute ${minute}`).toBeLessThanOrEqual(MAINLINE_BOUND_METRES);
      else expect(f.offset, `minute ${minute}`).toBeGreaterThan(MAINLINE_BOUND_METRES);
    }

    const entries: [number, number][] = [
      [ACTIVITY_EVENT.SHIFT_START, 0],
      [ACTIVITY_EVENT.PATROL_START, 5],
      [ACTIVITY_EVENT.BREAK, 100],
      [ACTIVITY_EVENT.REFUEL, 125],
      [ACTIVITY_EVENT.PATROL_END, 130],
      [ACTIVITY_EVENT.PATROL_END, 135],
      [ACTIVITY_EVENT.PATROL_START, 140],
      [ACTIVITY_EVENT.PATROL_START, 150],
      [ACTIVITY_EVENT.PATROL_END, 400],
      [ACTIVITY_EVENT.BREAK, 460],
    ];
    for (const [eventId, minute] of entries) {
      const r = await call(app, pr, {
        method: 'POST',
        url: ACTIVITY_PATHS.save,
        payload: { dutyRosterId: roster.id, eventId, occurredAt: new Date(roster.startsAt.getTime() + min(minute)).toISOString() },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
  });

  it('updateActivityLogSummary answers and stores the hand-computed minutes', async () => {
    const res = await call(app, pr, { method: 'POST', url: ACTIVITY_PATHS.updateSummary, payload: { pkDutyRosterId: roster.id } });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().body as ShiftSummary;
    expect(s).toMatchObject({ pkDutyRosterId: roster.id, ...EXPECTED });
    expect(s.summaryAt).toEqual(expect.any(String));
    const [row] = await app.ctx.db.select().from(dutyRoster).where(eq(dutyRoster.id, roster.id));
    expect(row).toMatchObject(EXPECTED);
    expect(row.summaryAt?.toISOString()).toBe(s.summaryAt);
  });

  it('inactiveGps answers the NOGPS periods; mainlinePeriods the merged DLU/LLU/NOGPS periods and the track', async () => {
    const rel = (p: GpsPeriod) => [
      (Date.parse(p.from) - roster.startsAt.getTime()) / 60_000,
      (Date.parse(p.to) - roster.startsAt.getTime()) / 60_000,
    ];
    const gaps = await call(app, sc, { method: 'GET', url: ACTIVITY_PATHS.inactiveGps(roster.id) });
    expect(gaps.statusCode, gaps.body).toBe(200);
    const periods = gaps.json().body as GpsPeriod[];
    expect(periods.map(rel)).toEqual(NOGPS_PERIODS);
    expect(periods.every((p) => p.kind === 'NOGPS')).toBe(true);
    expect(periods.map((p) => p.minutes)).toEqual([8, 10, 6, 280]);

    const res = await call(app, sc, { method: 'GET', url: ACTIVITY_PATHS.mainline(roster.id) });
    expect(res.statusCode, res.body).toBe(200);
    const rep = res.json().body as MainlineReport;
    expect(rep).toMatchObject({
      dluMinutes: 137,
      lluMinutes: 39,
      inactiveGpsMinutes: 304,
      startsAt: roster.startsAt.toISOString(),
      endsAt: roster.endsAt.toISOString(),
    });
    expect(rep.periods.map((p) => [...rel(p), p.kind])).toEqual([
      [0, 2, 'DLU'],
      [2, 10, 'NOGPS'],
      [10, 60, 'DLU'],
      [60, 90, 'LLU'],
      [90, 130, 'DLU'],
      [130, 140, 'NOGPS'],
      [140, 145, 'DLU'],
      [145, 151, 'NOGPS'],
      [151, 160, 'LLU'],
      [160, 200, 'DLU'],
      [200, 480, 'NOGPS'],
    ]);
    // the track: the fixes within the shift (not the one at -2 nor at 485), in time order, classified
    const inShift = [...ON, ...OFF].filter((t) => t >= 0 && t <= 480).sort((a, b) => a - b);
    expect(rep.track).toHaveLength(inShift.length);
    expect(rep.track.map((p) => (Date.parse(p.at) - roster.startsAt.getTime()) / 60_000)).toEqual(inShift);
    expect(rep.track.filter((p) => !p.onMainline)).toHaveLength(OFF.length);
    // the report of another region is refused, an unknown roster 404
    const utara = (await login(app, 'tmca.utara')).token;
    expect((await call(app, utara, { method: 'GET', url: ACTIVITY_PATHS.mainline(roster.id) })).statusCode).toBe(403);
    expect((await call(app, sc, { method: 'GET', url: ACTIVITY_PATHS.inactiveGps(999_999) })).statusCode).toBe(404);
  });

  it('the end-of-duty report shows the same summary', async () => {
    const res = await call(app, sc, { method: 'GET', url: ACTIVITY_PATHS.report(roster.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.summary).toMatchObject(EXPECTED);
    expect(res.json().body.inactiveGps).toHaveLength(NOGPS_PERIODS.length);
  });
});
