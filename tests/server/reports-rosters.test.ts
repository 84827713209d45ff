// @both-databases: the reports' pinned figures: numeric and bigint types are parsed by each driver its own way (scripts/test.mjs runs this file on PGlite and on PostgreSQL)
/**
 * The roster reports of issue #17 (server/modules/reports/roster-*.ts): PRAverageTimeOnMainline,
 * PRTotalWorkDurationReport, VehicleUsageReport, LoopingReportV2, report/Report1Section and their CSVs, pinned on the
 * hand-computed fixture of support/roster-report-fixtures.ts (section S2, March 2025: the table and the arithmetic
 * are there and below), and the bad input of every route (400 range, 404 unknown, 403 scope and role, 401).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { REPORT_PATHS } from '../../contract/reports';
import { ACTIVITY_EVENT } from '../../contract/activity-log-rules';
import { activityLog, dutyRoster, rosterPosition, section } from '../../server/db/schema';
import { summarizeAllEnded, summarizeEndedRosters } from '../../server/modules/activity-log/summary-job';
import { buildTestApp, call, login } from './support/build';
import { at, makeRosterFixture, PERIOD, PREVIOUS, type RosterFixture } from './support/roster-report-fixtures';

let app: Awaited<ReturnType<typeof buildTestApp>>;
let fx: RosterFixture;
let admin: string;
let sectmgr: string;
let others: string;

beforeAll(async () => {
  app = await buildTestApp();
  fx = await makeRosterFixture(app);
  [admin, sectmgr, others] = await Promise.all(['opsmgmt', 'sectmgr', 'others'].map(async (u) => (await login(app, u)).token));
}, 120_000);
afterAll(async () => app?.cleanup());

const post = async (token: string | null, url: string, payload: object, query = '') =>
  call(app, token, { method: 'POST', url: `${url}${query}`, payload });
const body = async (url: string, payload: object, token = admin, query = '') => {
  const res = await post(token, url, payload, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
};
const S2 = () => ({ ...PERIOD, sectionId: fx.sectionId });
const sectionIdOf = async (name: string) => (await app.ctx.db.select({ id: section.id }).from(section).where(eq(section.name, name)))[0].id;

describe('PRAverageTimeOnMainline (DLU)', () => {
  // now: R1 (300/100/80), R2 (200/150/130) summarised, R3 ended without a summary → 2 of 3
  const now = { rosters: 2, avgDluMinutes: 250, avgLluMinutes: 125, avgNoGpsMinutes: 105, dluShare: 52.1, completeness: { have: 2, of: 3 } }; // 500 / 960
  const before = { rosters: 1, avgDluMinutes: 400, avgLluMinutes: 40, avgNoGpsMinutes: 40, dluShare: 83.3, completeness: { have: 1, of: 1 } }; // 400 / 480

  it('per day: every day of the period, the averages over the summarised rosters, completeness, totals now and before', async () => {
    const b = await body(REPORT_PATHS.mainlineDay, S2());
    expect(b.period).toEqual({ from: PERIOD.dateFrom, to: PERIOD.dateTo });
    expect(b.previousPeriod).toEqual(PREVIOUS);
    expect(b.items).toHaveLength(7);
    expect(b.items[0]).toEqual({
      date: '2025-03-01',
      rosters: 1,
      avgDluMinutes: 300,
      avgLluMinutes: 100,
      avgNoGpsMinutes: 80,
      dluShare: 62.5,
      completeness: { have: 1, of: 1 },
    });
    expect(b.items[2]).toEqual({
      date: '2025-03-03',
      rosters: 0,
      avgDluMinutes: null,
      avgLluMinutes: null,
      avgNoGpsMinutes: null,
      dluShare: null,
      completeness: { have: 0, of: 1 },
    });
    expect(b.items[5]).toMatchObject({ date: '2025-03-06', rosters: 0, completeness: { have: 0, of: 0 } });
    expect(b.total).toEqual(now);
    expect(b.previousTotal).toEqual(before);
  });

  it('per region and per section (the region of the data only)', async () => {
    const r = await body(REPORT_PATHS.mainlineRegion, { ...PERIOD, regionId: 22 });
    expect(r.items).toEqual([{ id: 22, code: 'TGH', label: 'Tengah', ...now }]);
    expect(r.total).toEqual(now);
    const s = await body(REPORT_PATHS.mainlineSection, { ...PERIOD });
    expect(s.items).toEqual([{ id: fx.sectionId, code: 'S2', label: 'S2', ...now }]);
    expect(s.previousTotal).toEqual(before);
    // sectmgr (Tengah) without a filter: its region only, the same figures
    expect((await body(REPORT_PATHS.mainlineSection, PERIOD, sectmgr)).total).toEqual(now);
  });

  it('the roster table: one row per roster, newest first, with the one-roster report’s path parts; paged; sortable', async () => {
    const b = await body(REPORT_PATHS.mainlineRosters, S2());
    expect(b.recordCount).toBe(3);
    expect(b.rows.map((r: { pkDutyRosterId: number }) => r.pkDutyRosterId)).toEqual([fx.rosters.R3, fx.rosters.R2, fx.rosters.R1]);
    expect(b.rows[2]).toEqual({
      pkDutyRosterId: fx.rosters.R1,
      date: '2025-03-01',
      sectionId: fx.sectionId,
      sectionName: 'S2',
      teamName: 'UJI-A',
      shiftName: 'Syif Uji Laporan',
      dutyRosterName: 'UJI 2025-03-01',
      shiftMinutes: 480,
      dluMinutes: 300,
      lluMinutes: 100,
      noGpsMinutes: 80,
      summaryAt: '2025-03-01T08:30:00.000Z',
      missingReason: null,
    });
    // R3 ended without a summary: the job (off in the tests) has not stored it yet
    expect(b.rows[0]).toMatchObject({ dluMinutes: null, summaryAt: null, missingReason: 'pending' });
    const p2 = await body(REPORT_PATHS.mainlineRosters, S2(), admin, '?start=2&length=2&orderColumn=dluMinutes&direction=desc');
    expect(p2).toMatchObject({ recordCount: 3, page: 1, size: 2 });
    // dluMinutes desc, nulls last: R1 300, R2 200, R3 null → the second page is R3
    expect(p2.rows.map((r: { pkDutyRosterId: number }) => r.pkDutyRosterId)).toEqual([fx.rosters.R3]);
    const past = await body(REPORT_PATHS.mainlineRosters, S2(), admin, '?start=30');
    expect(past).toMatchObject({ rows: [], recordCount: 3 });
    expect((await post(admin, REPORT_PATHS.mainlineRosters, S2(), '?orderColumn=nope')).statusCode).toBe(400);
  });

  it('CSV: BOM, every field quoted, dd-mm-yyyy, minutes as numbers', async () => {
    const res = await post(admin, REPORT_PATHS.mainlineCsv, S2());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/laporan-masa-dalam-laluan-utama-\d{4}-\d{2}-\d{2}\.csv/);
    expect(
      res.body.startsWith('\uFEFF"Tarikh","Seksyen","Pasukan","Syif","Jadual Tugas","Minit Syif","Minit DLU","Minit LLU","Minit Tiada GPS"'),
    ).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('"01-03-2025","S2","UJI-A","Syif Uji Laporan","UJI 2025-03-01","480","300","100","80","01-03-2025 16:30:00",""');
    expect(lines[1]).toBe('"03-03-2025","S2","UJI-B","Syif Uji Laporan","UJI 2025-03-03","480","","","","","Ringkasan belum dikira"');
  });
});

describe('PRTotalWorkDurationReport', () => {
  it('per person: the roster-people rule (absence, member rows, team), planned and worked minutes, previous period', async () => {
    const b = await body(REPORT_PATHS.workTotal, { ...S2(), groupBy: 'person' });
    // R1 (A, B; C released) 480 planned / 465 worked (08:05→15:50); R2 (A, D) 480 / 480 (no log); R3 (D, E) 480 / 480 (one entry)
    // P1 (A, B, C) 480 / 480
    expect(
      b.items.map((i: { code: string; rosters: number; plannedMinutes: number; workedMinutes: number; previousWorkedMinutes: number }) => [
        i.code,
        i.rosters,
        i.plannedMinutes,
        i.workedMinutes,
        i.previousWorkedMinutes,
      ]),
    ).toEqual([
      ['UJIRRD', 2, 960, 960, 0],
      ['UJIRRA', 2, 960, 945, 480],
      ['UJIRRE', 1, 480, 480, 0],
      ['UJIRRB', 1, 480, 465, 480],
    ]);
    expect(b.items[0]).toMatchObject({ id: fx.staff.D, label: 'Peronda Uji D', detail: 'UJI-A, UJI-B', sectionName: 'S2' });
    expect(b.total).toEqual({ people: 4, rosters: 3, plannedMinutes: 2880, workedMinutes: 2850 });
    expect(b.previousTotal).toEqual({ people: 3, rosters: 1, plannedMinutes: 1440, workedMinutes: 1440 });
    expect(b.groupBy).toBe('person');
  });

  it('per team: each roster once', async () => {
    const b = await body(REPORT_PATHS.workTotal, { ...S2(), groupBy: 'team' });
    expect(b.items).toEqual([
      {
        id: fx.teams.A,
        code: null,
        label: 'UJI-A',
        detail: 'S2',
        sectionName: 'S2',
        rosters: 2,
        plannedMinutes: 960,
        workedMinutes: 945,
        previousWorkedMinutes: 480,
      },
      {
        id: fx.teams.B,
        code: null,
        label: 'UJI-B',
        detail: 'S2',
        sectionName: 'S2',
        rosters: 1,
        plannedMinutes: 480,
        workedMinutes: 480,
        previousWorkedMinutes: 0,
      },
    ]);
    expect(b.total).toEqual({ people: 4, rosters: 3, plannedMinutes: 1440, workedMinutes: 1425 });
    expect(b.previousTotal).toEqual({ people: 3, rosters: 1, plannedMinutes: 480, workedMinutes: 480 });
  });

  it('CSV of the grouping asked for', async () => {
    const res = await post(admin, REPORT_PATHS.workCsv, { ...S2(), groupBy: 'person' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"No. Staf","Nama","Pasukan","Seksyen","Jadual Tugas","Minit Dirancang","Minit Bertugas","Minit Bertugas (22-02-2025 – 28-02-2025)"',
    );
    expect(lines[2]).toBe('"UJIRRA","Peronda Uji A","UJI-A","S2","2","960","945","480"');
  });
});

describe('VehicleUsageReport', () => {
  // V1: R1 (1000→1150 complete), R2 (no post): 2 rosters, 1 checklist, 150 km, 16 h, (400 + 350) min = 12.5 h; before P1 100 km, 440 min = 7.3 h
  // V2: R3: 1 roster, no checklist, 8 h, no summary
  const total = {
    vehicles: 2,
    rosters: 3,
    km: 150,
    odometerKm: 150,
    gpsKm: 0,
    gpsRosters: 0,
    distanceCompleteness: { have: 1, of: 3 },
    rosterHours: 24,
    activeHours: 12.5,
    checklistCompleteness: { have: 1, of: 3 },
  };
  const previousTotal = {
    vehicles: 1,
    rosters: 1,
    km: 100,
    odometerKm: 100,
    gpsKm: 0,
    gpsRosters: 0,
    distanceCompleteness: { have: 1, of: 1 },
    rosterHours: 8,
    activeHours: 7.3,
    checklistCompleteness: { have: 1, of: 1 },
  };

  it('km, hour and summary', async () => {
    const km = await body(REPORT_PATHS.vehicleKm, S2());
    expect(km.items.map((i: { plateNumber: string }) => i.plateNumber)).toEqual(['UJI 1', 'UJI 2']);
    expect(km.items[0]).toEqual({
      vehicleId: fx.vehicles.V1,
      plateNumber: 'UJI 1',
      callSign: null,
      sectionName: 'S2',
      rosters: 2,
      checklists: 1,
      gpsRosters: 0,
      odometerKm: 150,
      gpsKm: 0,
      km: 150,
      distanceSource: 'odometer',
      rosterHours: 16,
      activeHours: 12.5,
      previousKm: 100,
      previousActiveHours: 7.3,
    });
    expect(km.items[1]).toMatchObject({ rosters: 1, checklists: 0, km: 0, distanceSource: 'none', rosterHours: 8, activeHours: 0, previousKm: 0 });
    expect(km.total).toEqual(total);
    expect(km.previousTotal).toEqual(previousTotal);
    const hour = await body(REPORT_PATHS.vehicleHour, S2());
    expect(hour.items.map((i: { activeHours: number }) => i.activeHours)).toEqual([12.5, 0]);
    const summary = await body(REPORT_PATHS.vehicleSummary, S2());
    expect(summary.items).toHaveLength(2);
    expect(summary.total).toEqual(total);
  });

  it('CSV', async () => {
    const res = await post(admin, REPORT_PATHS.vehicleCsv, S2());
    const lines = res.body.split('\r\n');
    expect(lines[0]).toContain('"Senarai Semak Lengkap","Jadual Tugas Jarak GPS","KM Odometer","KM GPS","KM","Sumber Jarak"');
    expect(lines[1]).toBe('"UJI 1","","S2","2","1","0","150","0","150","Odometer","16","12.5","100","7.3"');
  });
});

describe('LoopingReportV2', () => {
  it('rondas completed against the plan (2 active loops of S2 per roster), totals now and before, paged', async () => {
    const b = await body(REPORT_PATHS.looping, S2());
    // R1: 2 (two 3003→295 pairs); R2: no log; R3: a 295 with no 3003 before it counts nothing. P1: 3003, 3003, 295 → 1
    expect(
      b.rows.map((r: { pkDutyRosterId: number; planned: number; completed: number; percent: number | null }) => [
        r.pkDutyRosterId,
        r.planned,
        r.completed,
        r.percent,
      ]),
    ).toEqual([
      [fx.rosters.R3, 2, 0, 0],
      [fx.rosters.R2, 2, 0, 0],
      [fx.rosters.R1, 2, 2, 100],
    ]);
    expect(b.rows[2]).toMatchObject({
      date: '2025-03-01',
      sectionName: 'S2',
      teamName: 'UJI-A',
      shiftName: 'Syif Uji Laporan',
      dutyRosterName: 'UJI 2025-03-01',
    });
    expect(b).toMatchObject({ recordCount: 3, page: 0, size: 10, period: { from: PERIOD.dateFrom, to: PERIOD.dateTo }, previousPeriod: PREVIOUS });
    expect(b.total).toEqual({ rosters: 3, planned: 6, completed: 2, achieved: 2, beyond: 0, percent: 33.3 });
    expect(b.previousTotal).toEqual({ rosters: 1, planned: 2, completed: 1, achieved: 1, beyond: 0, percent: 50 });
    const past = await body(REPORT_PATHS.looping, S2(), admin, '?start=10');
    expect(past).toMatchObject({ rows: [], recordCount: 3, total: { rosters: 3 } });
    const sorted = await body(REPORT_PATHS.looping, S2(), admin, '?orderColumn=completed&direction=desc&length=1');
    expect(sorted.rows.map((r: { pkDutyRosterId: number }) => r.pkDutyRosterId)).toEqual([fx.rosters.R1]);
  });

  it('CSV', async () => {
    const res = await post(admin, REPORT_PATHS.loopingCsv, S2());
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"Tarikh","Seksyen","Pasukan","Syif","Jadual Tugas","Rondaan Dirancang","Rondaan Selesai","Melebihi Pelan","Pelan Dicapai (%)"',
    );
    expect(lines[3]).toBe('"01-03-2025","S2","UJI-A","Syif Uji Laporan","UJI 2025-03-01","2","2","0","100"');
  });
});

describe('report/Report1Section', () => {
  it('one section’s figures of every report', async () => {
    const res = await call(app, sectmgr, {
      method: 'GET',
      url: `${REPORT_PATHS.report1Section(fx.sectionId)}?dateFrom=${PERIOD.dateFrom}&dateTo=${PERIOD.dateTo}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().body;
    expect(b.section).toEqual({ id: fx.sectionId, name: 'S2', regionName: 'Tengah' });
    expect(b.mainline).toMatchObject({ rosters: 2, avgDluMinutes: 250, completeness: { have: 2, of: 3 } });
    expect(b.previousMainline).toMatchObject({ rosters: 1, avgDluMinutes: 400 });
    expect(b.looping).toEqual({ rosters: 3, planned: 6, completed: 2, achieved: 2, beyond: 0, percent: 33.3 });
    expect(b.vehicles).toMatchObject({ vehicles: 2, km: 150, activeHours: 12.5 });
    // the incident parts are the incident report's own figures for the section
    const kpi = await body(REPORT_PATHS.incidentKpi, S2(), sectmgr);
    expect({ cases: b.cases, previousCases: b.previousCases, steps: b.steps, tim: b.tim }).toEqual({
      cases: kpi.cases,
      previousCases: kpi.previousCases,
      steps: kpi.steps,
      tim: kpi.tim,
    });
    const assistance = await body(REPORT_PATHS.assistanceType, S2(), sectmgr);
    expect(b.assistance).toEqual({ total: assistance.total, previousTotal: assistance.previousTotal });
  });

  it('bad input: unknown section 404, another region 403, range 400', async () => {
    const get = (token: string, id: number, q = `dateFrom=${PERIOD.dateFrom}&dateTo=${PERIOD.dateTo}`) =>
      call(app, token, { method: 'GET', url: `${REPORT_PATHS.report1Section(id)}?${q}` });
    expect((await get(sectmgr, 99999)).statusCode).toBe(404);
    expect((await get(sectmgr, await sectionIdOf('N5'))).statusCode).toBe(403);
    expect((await get(sectmgr, fx.sectionId, 'dateFrom=2025-03-07&dateTo=2025-03-01')).statusCode).toBe(400);
    expect((await get(others, fx.sectionId)).statusCode).toBe(403);
  });
});

describe('bad input on every route', () => {
  const routes = [
    REPORT_PATHS.mainlineDay,
    REPORT_PATHS.mainlineRegion,
    REPORT_PATHS.mainlineSection,
    REPORT_PATHS.mainlineRosters,
    REPORT_PATHS.mainlineCsv,
    REPORT_PATHS.workTotal,
    REPORT_PATHS.workCsv,
    REPORT_PATHS.vehicleKm,
    REPORT_PATHS.vehicleHour,
    REPORT_PATHS.vehicleSummary,
    REPORT_PATHS.vehicleCsv,
    REPORT_PATHS.looping,
    REPORT_PATHS.loopingCsv,
  ];

  it.each(routes)('%s', async (url) => {
    const expectStatus = async (token: string | null, payload: object, status: number) => {
      const res = await post(token, url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      if (status !== 200) expect(res.json().statusMsg).toMatch(/\S/);
      return res;
    };
    // range ending before it starts; longer than 731 days (2024-01-01..2026-01-01 is 732 days)
    const r1 = await expectStatus(admin, { dateFrom: '2025-03-07', dateTo: '2025-03-01' }, 400);
    expect(r1.body).not.toMatch(/at .*\.ts/);
    await expectStatus(admin, { dateFrom: '2024-01-01', dateTo: '2026-01-01' }, 400);
    await expectStatus(admin, { dateFrom: '2024-01-01', dateTo: '2025-12-31' }, 200);
    await expectStatus(admin, { dateFrom: 'x', dateTo: '2025-03-01' }, 400);
    // unknown region / section
    await expectStatus(admin, { ...PERIOD, regionId: 99 }, 404);
    await expectStatus(admin, { ...PERIOD, sectionId: 99999 }, 404);
    // sectmgr (Tengah): another region, a section of another region; a section outside the region chosen
    await expectStatus(sectmgr, { ...PERIOD, regionId: 21 }, 403);
    await expectStatus(admin, { ...PERIOD, regionId: 21, sectionId: fx.sectionId }, 400);
    // OTHERS: only the other-assistance report; no token
    await expectStatus(others, PERIOD, 403);
    await expectStatus(null, PERIOD, 401);
  });

  it('a section of another region is 403 for a region manager', async () => {
    const n5 = { id: await sectionIdOf('N5') };
    for (const url of routes) expect((await post(sectmgr, url, { ...PERIOD, sectionId: n5.id })).statusCode, url).toBe(403);
    expect(
      (await call(app, sectmgr, { method: 'GET', url: `${REPORT_PATHS.report1Section(n5.id)}?dateFrom=${PERIOD.dateFrom}&dateTo=${PERIOD.dateTo}` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('LoopingReportV2: the plan achieved', () => {
  it('counts each roster’s rondas up to its plan in the total percent (extra rondas do not make up for another roster)', async () => {
    // R1 (plan 2) gets two more Mula/Tamat Rondaan pairs: 4 completed; R2 and R3 stay at 0
    const at = (hhmm: string) => new Date(`2025-03-01T${hhmm}:00+08:00`);
    await app.ctx.db.insert(activityLog).values(
      (
        [
          [ACTIVITY_EVENT.PATROL_START, '12:30'],
          [ACTIVITY_EVENT.PATROL_END, '13:00'],
          [ACTIVITY_EVENT.PATROL_START, '13:30'],
          [ACTIVITY_EVENT.PATROL_END, '14:00'],
        ] as const
      ).map(([eventId, hhmm]) => ({ dutyRosterId: fx.rosters.R1, eventId, occurredAt: at(hhmm), createdBy: fx.staff.A })),
    );
    const b = await body(REPORT_PATHS.looping, S2());
    expect(b.rows.find((r: { pkDutyRosterId: number }) => r.pkDutyRosterId === fx.rosters.R1)).toMatchObject({
      planned: 2,
      completed: 4,
      beyond: 2,
      // the plan met, never over 100 % (issue #31: 700 % badged 'Lengkap'); the extra rondas a figure of their own
      percent: 100,
    });
    // 4 completed of 6 planned, but only 2 of the plan achieved: 33.3 %, not 66.7 %; 2 beyond the plan
    expect(b.total).toEqual({ rosters: 3, planned: 6, completed: 4, achieved: 2, beyond: 2, percent: 33.3 });
  });
});

describe('shift summaries at the roster’s end, GPS distance, why figures are missing (issue #31)', () => {
  // Added to the fixture: R2 gets GPS fixes due north along longitude 101.70 (on the mainline: offset 10 m), R4
  // (2025-03-04, UJI-B, V2) has nothing at all, R1 is verified (its stored summary 300/100/80 is frozen).
  //   07:55 (2.99) — before the shift: not in the summary, not in the track
  //   09:00 (3.00), 09:05 (3.01), 09:10 (4.01: 111 km in 5 min, a stray fix), 09:15 (3.02), 09:20 (3.03)
  // Track: 0.01° of latitude is 6 371 008.8 m × 0.01 × π / 180 = 1 111.95 m (@turf/distance's earth radius); the stray
  // step is skipped and the next one measured from 09:05: 3 × 1 111.95 = 3 335.85 → 3 336 m → 3.3 km.
  // R2's summary: 08:00–09:00 no GPS (the 07:55 fix is 65 min before the next), 09:00–09:20 four 5-minute steps on the
  // mainline = 20 DLU, 09:20–16:00 no GPS (400): 20 / 0 / 460; 0 entries, 5 fixes in the shift.
  // R3 (one entry, no fix): 0 / 0 / 480, has figures; R4 (nothing): 0 / 0 / 480 with 0 entries and 0 fixes: 'noData',
  // out of the averages; P1 (5 entries, no fix): 0 / 0 / 480.
  const rows = async () =>
    (await body(REPORT_PATHS.mainlineRosters, S2())).rows as { pkDutyRosterId: number; missingReason: string | null; dluMinutes: number | null }[];
  let R4 = 0;

  beforeAll(async () => {
    const db = app.ctx.db;
    const [r3] = await db.select().from(dutyRoster).where(eq(dutyRoster.id, fx.rosters.R3));
    [{ id: R4 }] = await db
      .insert(dutyRoster)
      .values({
        ...r3,
        id: undefined,
        dutyRosterName: 'UJI 2025-03-04',
        startDate: '2025-03-04',
        endDate: '2025-03-04',
        startsAt: at('2025-03-04', '08:00'),
        endsAt: at('2025-03-04', '16:00'),
        summaryAt: null,
      })
      .returning({ id: dutyRoster.id });
    await db.insert(rosterPosition).values(
      (
        [
          ['07:55', 2.99],
          ['09:00', 3.0],
          ['09:05', 3.01],
          ['09:10', 4.01],
          ['09:15', 3.02],
          ['09:20', 3.03],
        ] as const
      ).map(([hhmm, latitude]) => ({
        dutyRosterId: fx.rosters.R2,
        latitude,
        longitude: 101.7,
        recordedAt: at('2025-03-02', hhmm),
        offsetMetres: 10,
      })),
    );
    await db.update(dutyRoster).set({ isDisemak: true }).where(eq(dutyRoster.id, fx.rosters.R1));
  });

  it('before the job: R4 ended without a summary is pending', async () => {
    expect((await rows()).find((r) => r.pkDutyRosterId === R4)).toMatchObject({ dluMinutes: null, missingReason: 'pending' });
  });

  it('the job summarises the rosters that have ended, and only those; a second run has nothing to do', async () => {
    const db = app.ctx.db;
    // on 2025-03-04 at noon R4 is on shift: not summarised; R1–R3 and P1 are
    expect(await summarizeEndedRosters(db, { now: at('2025-03-04', '12:00') })).toBe(4);
    expect((await rows()).find((r) => r.pkDutyRosterId === R4)?.missingReason).toBe('pending');
    await summarizeAllEnded(db);
    expect(await summarizeEndedRosters(db)).toBe(0);
    const stored = await db
      .select({
        id: dutyRoster.id,
        dlu: dutyRoster.dluMinutes,
        llu: dutyRoster.lluMinutes,
        nogps: dutyRoster.inactiveGpsMinutes,
        entries: dutyRoster.summaryEntries,
        fixes: dutyRoster.summaryFixes,
        track: dutyRoster.trackMetres,
      })
      .from(dutyRoster)
      .where(inArray(dutyRoster.id, [fx.rosters.R1, fx.rosters.R2, fx.rosters.R3, R4, fx.rosters.P1]));
    const byId = new Map(stored.map((r) => [r.id, r]));
    // R1 verified: the frozen 300/100/80 stays, its inputs (7 entries and the 4 the ronda test added) and track are filled in
    expect(byId.get(fx.rosters.R1)).toMatchObject({ dlu: 300, llu: 100, nogps: 80, entries: 11, fixes: 0, track: 0 });
    expect(byId.get(fx.rosters.R2)).toMatchObject({ dlu: 20, llu: 0, nogps: 460, entries: 0, fixes: 5, track: 3336 });
    expect(byId.get(fx.rosters.R3)).toMatchObject({ dlu: 0, llu: 0, nogps: 480, entries: 1, fixes: 0, track: 0 });
    expect(byId.get(R4)).toMatchObject({ dlu: 0, llu: 0, nogps: 480, entries: 0, fixes: 0, track: 0 });
    expect(byId.get(fx.rosters.P1)).toMatchObject({ dlu: 0, llu: 0, nogps: 480, entries: 5, fixes: 0, track: 0 });
  });

  it('DLU: the averages over the rosters summarised from something; R4 says no data', async () => {
    const b = await body(REPORT_PATHS.mainlineDay, S2());
    // R1 300/100/80, R2 20/0/460, R3 0/0/480: DLU 320 / 3 = 106.7, LLU 100 / 3 = 33.3, no GPS 1020 / 3 = 340,
    // DLU share 320 / 1440 = 22.2 %; 3 of the 4 ended rosters have figures. Before: P1 0/0/480.
    expect(b.total).toEqual({
      rosters: 3,
      avgDluMinutes: 106.7,
      avgLluMinutes: 33.3,
      avgNoGpsMinutes: 340,
      dluShare: 22.2,
      completeness: { have: 3, of: 4 },
    });
    expect(b.previousTotal).toEqual({
      rosters: 1,
      avgDluMinutes: 0,
      avgLluMinutes: 0,
      avgNoGpsMinutes: 480,
      dluShare: 0,
      completeness: { have: 1, of: 1 },
    });
    const r = await rows();
    expect(r.find((x) => x.pkDutyRosterId === R4)).toMatchObject({ dluMinutes: 0, missingReason: 'noData' });
    expect(r.filter((x) => x.missingReason !== null).map((x) => x.pkDutyRosterId)).toEqual([R4]);
    const csv = await post(admin, REPORT_PATHS.mainlineCsv, S2());
    expect(csv.body.split('\r\n')[1]).toMatch(/"UJI 2025-03-04".*"Tiada log aktiviti atau GPS"$/);
  });

  it('vehicles: the odometer where a checklist is complete, else the GPS track, marked as such', async () => {
    const b = await body(REPORT_PATHS.vehicleSummary, S2());
    // V1: R1 odometer 150 km, R2 no post-shift odometer → its track 3 336 m: 150 + 3.336 = 153.3 km (mixed);
    // active: R1 400 min (frozen) + R2 20 min = 7 h. V2: R3, R4 without a track (fewer than 2 fixes): none.
    expect(b.items).toEqual([
      expect.objectContaining({
        vehicleId: fx.vehicles.V1,
        rosters: 2,
        checklists: 1,
        gpsRosters: 1,
        odometerKm: 150,
        gpsKm: 3.3,
        km: 153.3,
        distanceSource: 'mixed',
        rosterHours: 16,
        activeHours: 7,
        previousKm: 100,
      }),
      expect.objectContaining({ vehicleId: fx.vehicles.V2, rosters: 2, checklists: 0, gpsRosters: 0, km: 0, distanceSource: 'none', activeHours: 0 }),
    ]);
    expect(b.total).toEqual({
      vehicles: 2,
      rosters: 4,
      km: 153.3,
      odometerKm: 150,
      gpsKm: 3.3,
      gpsRosters: 1,
      distanceCompleteness: { have: 2, of: 4 },
      rosterHours: 32,
      activeHours: 7,
      checklistCompleteness: { have: 1, of: 4 },
    });
    // a GPS-only vehicle: V2's R3 gets a track of two fixes 0.01° apart (1 111.95 m) → 1.1 km, 'gps'
    await app.ctx.db.insert(rosterPosition).values(
      [
        ['10:00', 3.0],
        ['10:04', 3.01],
      ].map(([hhmm, latitude]) => ({
        dutyRosterId: fx.rosters.R3,
        latitude: latitude as number,
        longitude: 101.7,
        recordedAt: at('2025-03-03', hhmm as string),
        offsetMetres: 10,
      })),
    );
    await app.ctx.db.update(dutyRoster).set({ trackMetres: null }).where(eq(dutyRoster.id, fx.rosters.R3));
    expect(await summarizeEndedRosters(app.ctx.db)).toBe(1);
    const v2 = (await body(REPORT_PATHS.vehicleSummary, S2())).items.find((i: { vehicleId: number }) => i.vehicleId === fx.vehicles.V2);
    expect(v2).toMatchObject({ gpsRosters: 1, gpsKm: 1.1, km: 1.1, distanceSource: 'gps' });
    const csv = await post(admin, REPORT_PATHS.vehicleCsv, S2());
    expect(csv.body.split('\r\n')[2]).toBe('"UJI 2","","S2","2","0","1","0","1.1","1.1","GPS","16","0.1","0","0"');
  });
});
