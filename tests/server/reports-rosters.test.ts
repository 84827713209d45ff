/**
 * The roster reports of issue #17 (server/modules/reports/roster-*.ts): PRAverageTimeOnMainline,
 * PRTotalWorkDurationReport, VehicleUsageReport, LoopingReportV2, report/Report1Section and their CSVs, pinned on the
 * hand-computed fixture of support/roster-report-fixtures.ts (section S2, March 2025: the table and the arithmetic
 * are there and below), and the bad input of every route (400 range, 404 unknown, 403 scope and role, 401).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPORT_PATHS } from '../../contract/reports';
import { ACTIVITY_EVENT } from '../../contract/activity-log-rules';
import { activityLog, section } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';
import { makeRosterFixture, PERIOD, PREVIOUS, type RosterFixture } from './support/roster-report-fixtures';

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
    });
    expect(b.rows[0]).toMatchObject({ dluMinutes: null, summaryAt: null });
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
    expect(lines[3]).toBe('"01-03-2025","S2","UJI-A","Syif Uji Laporan","UJI 2025-03-01","480","300","100","80","01-03-2025 16:30:00"');
    expect(lines[1]).toBe('"03-03-2025","S2","UJI-B","Syif Uji Laporan","UJI 2025-03-03","480","","","",""');
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
  const total = { vehicles: 2, rosters: 3, km: 150, rosterHours: 24, activeHours: 12.5, checklistCompleteness: { have: 1, of: 3 } };
  const previousTotal = { vehicles: 1, rosters: 1, km: 100, rosterHours: 8, activeHours: 7.3, checklistCompleteness: { have: 1, of: 1 } };

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
      km: 150,
      rosterHours: 16,
      activeHours: 12.5,
      previousKm: 100,
      previousActiveHours: 7.3,
    });
    expect(km.items[1]).toMatchObject({ rosters: 1, checklists: 0, km: 0, rosterHours: 8, activeHours: 0, previousKm: 0 });
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
    expect(lines[1]).toBe('"UJI 1","","S2","2","1","150","16","12.5","100","7.3"');
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
