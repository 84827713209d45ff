/**
 * The incident reports of issue #17 on a hand-made fixture (tests/server/support/report-fixtures.ts) in periods no
 * seed data uses (2019 and 2018, section N9): every KPI (step medians and p90 with percentile_cont semantics, RCT,
 * ICT, lane-closure minutes, secondary crashes, completeness), the count charts and their previous period, the
 * missing-times list, the assistance report, both CSVs, and the refusals (bad ranges, unknown or out-of-scope region
 * and section, OTHERS, no token).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistanceChart, CountChart, IncidentKpi, IncidentSectionChart, SecondaryAnswer } from '../../contract/reports';
import { REPORT_PATHS } from '../../contract/reports';
import { localDate } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';
import { sectionByName } from './support/incident-fixtures';
import { insertCase } from './support/report-fixtures';
import { nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const MARCH = { dateFrom: '2019-03-01', dateTo: '2019-03-31' };
const JUNE = { dateFrom: '2018-06-01', dateTo: '2018-06-30' };
const N = 1201; // Arah Utara: the kilometre grows along it
const S = 1202;
const BOTH = 1205;

describe('incident reports (issue #17)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  let n9: number;
  const ids: Record<string, { id: number; ticket: string }> = {};

  const post = (who: string | null, url: string, payload: object, query = '') =>
    call(app, who ? tok[who] : null, { method: 'POST', url: url + query, payload });
  const body = async <T>(who: string, url: string, payload: object): Promise<T> => {
    const res = await post(who, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as T;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['opsmgmt', 'sectmgr', 'others', 'tmca']) tok[u] = (await login(app, u)).token;
    n9 = (await sectionByName(app, 'N9')).id;

    // ---- March 2019 (previous period: 2019-01-29 .. 2019-02-28)
    ids.A1 = await insertCase(app, {
      at: '2019-03-05 10:00',
      category: 184,
      status: 210,
      km: 100,
      direction: N,
      dispatched: 2,
      received: 5,
      arrived: 15,
      assistanceDone: 60,
      caseDone: 70,
      closures: [
        { close: 3, open: 50 },
        { close: 4, open: 40 },
      ],
      items: [
        { id: 2001, notified: 10, arrived: 30, completed: 55 },
        { id: 2004, notified: 20, arrived: 40, completed: 80 },
      ],
    });
    ids.A2 = await insertCase(app, {
      at: '2019-03-06 08:00',
      category: 185,
      status: 210,
      km: 50,
      direction: S,
      dispatched: 4,
      received: 6,
      arrived: 20,
      assistanceDone: 40,
      caseDone: 45,
      items: [
        { id: 2004, notified: 5, arrived: 25, completed: 35 },
        { id: 2101, kind: 'EXISTING', notified: 1, arrived: 10, completed: 38 },
      ],
    });
    ids.A3 = await insertCase(app, {
      at: '2019-03-07 09:00',
      category: 184,
      status: 206,
      km: 200,
      direction: N,
      dispatched: 1,
      received: 3,
      arrived: 30,
      items: [{ id: 2001, notified: 5 }],
    });
    ids.A4 = await insertCase(app, { at: '2019-03-08 12:00', category: 186, status: 202, km: 10, direction: N, dispatched: 10 });
    ids.A5 = await insertCase(app, { at: '2019-03-09 14:00', category: 187, status: null, km: 20, direction: S });
    ids.A6 = await insertCase(app, {
      at: '2019-03-10 07:00',
      category: 184,
      status: 298,
      km: 300,
      direction: N,
      naLaneClosure: true,
      dispatched: 3,
      received: 4,
      arrived: 12,
      assistanceDone: 30,
      caseDone: 33,
    });
    ids.A7 = await insertCase(app, {
      at: '2019-03-11 07:00',
      category: 188,
      status: 207,
      km: 400,
      direction: N,
      dispatched: 5,
      received: 7,
      arrived: 25,
      assistanceDone: 50,
      closures: [{ close: 26 }],
    });
    ids.B1 = await insertCase(app, {
      at: '2019-02-10 10:00',
      category: 185,
      status: 210,
      km: 60,
      direction: N,
      dispatched: 6,
      received: 8,
      arrived: 26,
      assistanceDone: 50,
      caseDone: 55,
      items: [{ id: 2001, notified: 10, arrived: 20, completed: 30 }],
    });
    ids.B2 = await insertCase(app, { at: '2019-02-15 10:00', category: 184, status: 202, km: 70, direction: N });

    // ---- June 2018: secondary crashes (previous period 2018-05-02 .. 2018-05-31). Each test accident clears a
    // minute after it (assistance done), so it is never a primary of the next one.
    const acc = (at: string, km: number, direction: number) => insertCase(app, { at, category: 184, status: 210, km, direction, assistanceDone: 1 });
    ids.P = await insertCase(app, { at: '2018-06-10 10:00', category: 185, status: 210, km: 100, direction: N, assistanceDone: 90 });
    ids.farUp = await acc('2018-06-10 10:10', 97.5, N); // 2.5 km upstream: too far
    ids.ok = await acc('2018-06-10 10:20', 98.5, N); // 1.5 km upstream, 20 min after: secondary
    ids.down = await acc('2018-06-10 10:25', 101, N); // downstream
    ids.other = await acc('2018-06-10 10:30', 99.5, S); // other direction
    ids.late = await acc('2018-06-10 12:10', 99, N); // 130 min after: too late
    ids.P2 = await insertCase(app, {
      at: '2018-06-12 10:00',
      category: 185,
      status: 210,
      km: 200,
      direction: N,
      assistanceDone: 90,
      closures: [{ close: 5, open: 30 }],
    });
    ids.both = await acc('2018-06-12 10:20', 199.5, BOTH); // both directions, before the lane opened: secondary
    ids.afterClear = await acc('2018-06-12 10:45', 199, N); // after the last lane opening (10:30)
    ids.cancelledPrimary = await insertCase(app, { at: '2018-06-14 10:00', category: 185, status: 202, km: 100, direction: N });
    ids.afterCancelled = await acc('2018-06-14 10:10', 99.5, N); // its primary is cancelled
    ids.P3 = await insertCase(app, { at: '2018-05-20 10:00', category: 184, status: 210, km: 300, direction: S, assistanceDone: 60 });
    ids.prevOk = await acc('2018-05-20 10:15', 301, S); // Arah Selatan: 1 km upstream is a greater KM
  }, 120_000);

  afterAll(async () => {
    await app?.cleanup();
  });

  const march = () => ({ ...MARCH, sectionId: n9 });

  it('pins every response step (median and p90, percentile_cont) with its completeness and the previous period', async () => {
    const k = await body<IncidentKpi>('opsmgmt', REPORT_PATHS.incidentKpi, march());
    expect(k.period).toEqual({ from: '2019-03-01', to: '2019-03-31' });
    expect(k.previousPeriod).toEqual({ from: '2019-01-29', to: '2019-02-28' });
    expect([k.cases, k.closed, k.cancelled]).toEqual([7, 2, 1]);
    expect([k.previousCases, k.previousClosed, k.previousCancelled]).toEqual([2, 1, 1]);
    const step = Object.fromEntries(k.steps.map((s) => [s.key, s]));
    // dispatch [1,2,3,4,5]; receive [1,2,2,2,3]; travel [8,10,14,18,27]; assist [18,20,25,45]; close [3,5,10]; response [12,15,20,25,30]
    expect(step.dispatch).toMatchObject({ median: 3, p90: 4.6, count: 5, completeness: { have: 5, of: 6 }, previousMedian: 6, previousP90: 6 });
    expect(step.receive).toMatchObject({ median: 2, p90: 2.6, completeness: { have: 5, of: 6 }, previousMedian: 2 });
    expect(step.travel).toMatchObject({ median: 14, p90: 23.4, completeness: { have: 5, of: 6 }, previousMedian: 18 });
    expect(step.assist).toMatchObject({ median: 22.5, p90: 39, completeness: { have: 4, of: 6 }, previousMedian: 24 });
    expect(step.close).toMatchObject({ median: 5, p90: 9, completeness: { have: 3, of: 6 }, previousMedian: 5 });
    expect(step.response).toMatchObject({ median: 20, p90: 28, completeness: { have: 5, of: 6 }, previousMedian: 26, previousP90: 26 });
    expect(k.steps.map((s) => s.key)).toEqual(['dispatch', 'receive', 'travel', 'assist', 'close', 'response']);
  });

  it('pins RCT, ICT, lane-closure minutes and their completeness', async () => {
    const k = await body<IncidentKpi>('opsmgmt', REPORT_PATHS.incidentKpi, march());
    const tim = Object.fromEntries(k.tim.map((t) => [t.key, t]));
    // RCT applies to A1 (closures, 50 min to the last opening), A3 (accident, nothing recorded), A7 (a lane still closed)
    expect(tim.rct).toMatchObject({ unit: 'min', value: 50, p90: 50, previous: null, completeness: { have: 1, of: 3 } });
    // ICT [30, 40, 50, 80] of the 6 cases not cancelled (A1: the last item completed at 80 after Selesai Bantuan at 60)
    expect(tim.ict).toMatchObject({ value: 45, p90: 71, previous: 50, completeness: { have: 4, of: 6 } });
    // A1: 47 + 36 minutes; A7's open closure does not count
    expect(tim.laneClosure).toMatchObject({ value: 83, p90: null, previous: 0, completeness: { have: 1, of: 3 } });
    expect(tim.secondary).toMatchObject({ unit: 'count', value: 0, previous: 0, completeness: null });
  });

  it('counts cases per event type, region and status with the previous period, biggest first', async () => {
    const cat = await body<CountChart>('opsmgmt', REPORT_PATHS.incidentCategory, march());
    expect([cat.total, cat.previousTotal]).toEqual([7, 2]);
    expect(cat.items[0]).toMatchObject({ id: 184, label: 'Kemalangan', count: 3, previous: 1, code: null });
    expect(cat.items[1]).toMatchObject({ id: 185, count: 1, previous: 1 });
    expect(cat.items.map((i) => i.id).sort()).toEqual([184, 185, 186, 187, 188]);

    const reg = await body<CountChart>('opsmgmt', REPORT_PATHS.incidentRegion, march());
    expect(reg.items).toEqual([{ id: 22, code: 'TGH', label: 'Tengah', count: 7, previous: 2 }]);

    const st = await body<CountChart>('opsmgmt', REPORT_PATHS.incidentStatusKes, march());
    expect(st.items[0]).toMatchObject({ id: 210, label: 'Tutup', count: 2, previous: 1 });
    expect(st.items[1]).toMatchObject({ id: 202, label: 'Batal', count: 1, previous: 1 });
    expect(st.items.find((i) => i.id === 0)).toMatchObject({ label: 'Tiada Status', count: 1, previous: 0 });
    expect(st.items.map((i) => i.id).sort()).toEqual([0, 202, 206, 207, 210, 298]);

    // an event type filter narrows every figure
    const acc = await body<IncidentKpi>('opsmgmt', REPORT_PATHS.incidentKpi, { ...march(), categoryId: 184 });
    expect([acc.cases, acc.previousCases]).toEqual([3, 1]);
  });

  it('gives one section row with its counts and time figures', async () => {
    const s = await body<IncidentSectionChart>('opsmgmt', REPORT_PATHS.incidentSection, march());
    expect(s.items).toEqual([
      {
        id: n9,
        code: 'N9',
        label: 'N9',
        regionName: 'Tengah',
        count: 7,
        previous: 2,
        closed: 2,
        open: 4,
        cancelled: 1,
        responseMedian: 20,
        responseP90: 28,
        rctMedian: 50,
        ictMedian: 45,
        secondaryCrashes: 0,
        responseCompleteness: { have: 5, of: 6 },
      },
    ]);
    expect([s.total, s.previousTotal]).toEqual([7, 2]);
  });

  it('lists the cases missing a KPI’s times, newest first, paged', async () => {
    const missing = async (kpi: string, query = '') => {
      const res = await post('opsmgmt', REPORT_PATHS.incidentMissing, { ...march(), kpi }, query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().body as {
        rows: { id: number; missing: string; statusKes: string; ticketNumber: string }[];
        recordCount: number;
        page: number;
        size: number;
      };
    };
    const resp = await missing('response');
    expect(resp.rows.map((r) => [r.id, r.missing, r.statusKes])).toEqual([[ids.A5.id, 'Tiada masa Tiba di Lokasi', 'Tiada Status']]);
    const rct = await missing('rct');
    expect(rct.rows.map((r) => r.id)).toEqual([ids.A7.id, ids.A3.id]);
    expect(rct.rows[0].missing).toBe('Tiada Masa Buka bagi 1 daripada 1 penutupan lorong');
    expect(rct.rows[1].missing).toMatch(/^Tiada rekod Penutupan Lorong/);
    const ict = await missing('ict', '?start=1&length=1');
    expect(ict.recordCount).toBe(2);
    expect(ict).toMatchObject({ page: 1, size: 1 });
    expect(ict.rows.map((r) => [r.id, r.missing])).toEqual([[ids.A3.id, 'Tiada masa Selesai Bantuan; Bantuan belum selesai: 1 daripada 1 item']]);
    const past = await missing('ict', '?start=10&length=5');
    expect([past.rows.length, past.recordCount]).toEqual([0, 2]);
    expect((await post('opsmgmt', REPORT_PATHS.incidentMissing, { ...march(), kpi: 'secondary' })).statusCode).toBe(400);
  });

  it('finds secondary crashes: upstream within the window only, once per secondary, in both periods', async () => {
    const a = await body<SecondaryAnswer>('opsmgmt', REPORT_PATHS.incidentSecondary, { ...JUNE, sectionId: n9 });
    expect([a.count, a.previousCount]).toEqual([2, 1]);
    // newest secondary first
    expect(a.items.map((p) => [p.primary.id, p.secondary.id, p.minutesAfter, p.kmUpstream])).toEqual([
      [ids.P2.id, ids.both.id, 20, 0.5],
      [ids.P.id, ids.ok.id, 20, 1.5],
    ]);
    expect(a.items[1].secondary).toMatchObject({
      ticketNumber: ids.ok.ticket,
      categoryLabel: 'Kemalangan',
      sectionName: 'N9',
      km: 98.5,
      directionLabel: 'Arah Utara',
    });
    expect(a.items[1].primary).toMatchObject({ ticketNumber: ids.P.ticket, categoryLabel: 'Kerosakan Kenderaan', km: 100 });
    expect(a.items[1].secondary.incidentAt).toBe('2018-06-10T02:20:00.000Z');

    const k = await body<IncidentKpi>('opsmgmt', REPORT_PATHS.incidentKpi, { ...JUNE, sectionId: n9 });
    expect(k.tim.find((t) => t.key === 'secondary')).toMatchObject({ value: 2, previous: 1 });
    const s = await body<IncidentSectionChart>('opsmgmt', REPORT_PATHS.incidentSection, { ...JUNE, sectionId: n9 });
    expect(s.items[0].secondaryCrashes).toBe(2);
    // a secondary is always an accident: another event type filter finds none
    const other = await body<SecondaryAnswer>('opsmgmt', REPORT_PATHS.incidentSecondary, { ...JUNE, sectionId: n9, categoryId: 185 });
    expect([other.count, other.previousCount]).toEqual([0, 0]);
  });

  it('shows the demo data’s secondary crashes (seed/secondary-crashes.ts)', async () => {
    const today = localDate();
    const a = await body<SecondaryAnswer>('opsmgmt', REPORT_PATHS.incidentSecondary, { dateFrom: localDate(nowMs(), -15), dateTo: today });
    expect(a.count).toBeGreaterThanOrEqual(1);
    for (const p of a.items) {
      expect(p.secondary.categoryLabel).toBe('Kemalangan');
      expect(p.minutesAfter).toBeGreaterThan(0);
      expect(p.minutesAfter).toBeLessThanOrEqual(120);
      expect(p.kmUpstream).toBeGreaterThanOrEqual(0);
      expect(p.kmUpstream).toBeLessThanOrEqual(2);
    }
  });

  it('counts other assistance per type, region and section with its times (OTHERS may read it)', async () => {
    const t = await body<AssistanceChart>('others', REPORT_PATHS.assistanceType, march());
    expect([t.total, t.previousTotal]).toEqual([4, 1]);
    expect(t.items).toEqual([
      {
        id: 2001,
        code: null,
        label: 'Polis (PDRM)',
        count: 2,
        previous: 1,
        notified: 2,
        arrived: 1,
        completed: 1,
        medianToNotify: 7.5,
        medianToArrive: 20,
        medianToComplete: 25,
      },
      {
        id: 2004,
        code: null,
        label: 'Trak Tunda',
        count: 2,
        previous: 0,
        notified: 2,
        arrived: 2,
        completed: 2,
        medianToNotify: 12.5,
        medianToArrive: 20,
        medianToComplete: 25,
      },
    ]);
    // every item at once: the medians of the scope, not of the groups (notify 5, 5, 10, 20; arrive 20 ×3; complete 10, 25, 40)
    expect(t.overall).toEqual({ count: 4, notified: 4, arrived: 3, completed: 3, medianToNotify: 7.5, medianToArrive: 20, medianToComplete: 25 });
    expect(t.previousOverall).toEqual({
      count: 1,
      notified: 1,
      arrived: 1,
      completed: 1,
      medianToNotify: 10,
      medianToArrive: 10,
      medianToComplete: 10,
    });
    const r = await body<AssistanceChart>('others', REPORT_PATHS.assistanceRegion, march());
    expect(r.overall).toEqual(t.overall);
    expect(r.items).toMatchObject([{ id: 22, code: 'TGH', label: 'Tengah', count: 4, previous: 1, notified: 4, arrived: 3, completed: 3 }]);
    const s = await body<AssistanceChart>('sectmgr', REPORT_PATHS.assistanceSection, march());
    expect(s.items).toMatchObject([{ id: n9, code: 'N9', label: 'N9', count: 4, previous: 1 }]);

    const csv = await post('others', REPORT_PATHS.assistanceCsv, march());
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0].startsWith('\uFEFF"Jenis Bantuan","Jumlah Permintaan"')).toBe(true);
    expect(lines[1]).toBe('"Polis (PDRM)","2","1","2","1","1","7.5","20","25"');
  });

  it('writes the section table and the status report as CSV (BOM, quoted, dd-mm-yyyy)', async () => {
    const csv = await post('opsmgmt', REPORT_PATHS.incidentCsv, march());
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="laporan-insiden-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"Seksyen","Wilayah","Jumlah Kes","Tempoh Sebelum","Ditutup","Terbuka","Batal","Median Tindak Balas (min)","P90 Tindak Balas (min)","Median RCT (min)","Median ICT (min)","Kemalangan Sekunder","Kelengkapan Data (%)"',
    );
    expect(lines[1]).toBe('"N9","Tengah","7","2","2","4","1","20","28","50","45","0","83.3"');

    const st = await post('opsmgmt', REPORT_PATHS.incidentStatusCsv, march());
    expect(st.statusCode).toBe(200);
    const rows = st.body.split('\r\n').filter(Boolean);
    expect(rows[0].startsWith('\uFEFF"No. Tiket","Tarikh","Masa","Seksyen","Wilayah","Jenis Kes","Status","Tugasan Dihantar"')).toBe(true);
    expect(rows.length).toBe(1 + 7);
    // newest first: A7 (11-03-2019 07:00) … A1 last
    expect(
      rows[1].startsWith(
        `"${ids.A7.ticket}","11-03-2019","07:00:00","N9","Tengah","Keadaan Jalan Berbahaya","Selesai Bantuan","11-03-2019 07:05:00"`,
      ),
    ).toBe(true);
    expect(rows[7]).toBe(
      `"${ids.A1.ticket}","05-03-2019","10:00:00","N9","Tengah","Kemalangan","Tutup","05-03-2019 10:02:00","05-03-2019 10:05:00","05-03-2019 10:15:00","05-03-2019 11:00:00","05-03-2019 11:10:00","2","3","10","45","10","15"`,
    );
    const a5 = rows.find((r) => r.startsWith(`"${ids.A5.ticket}"`))!;
    expect(a5).toBe(
      `"${ids.A5.ticket}","09-03-2019","14:00:00","N9","Tengah","Haiwan Liar/Terlepas","Tiada Status","","","","","","","","","","",""`,
    );
  });

  it('answers an empty period with zeros and nulls', async () => {
    const k = await body<IncidentKpi>('opsmgmt', REPORT_PATHS.incidentKpi, { dateFrom: '2017-01-01', dateTo: '2017-01-31', sectionId: n9 });
    expect([k.cases, k.previousCases]).toEqual([0, 0]);
    expect(k.steps[0]).toMatchObject({ median: null, p90: null, count: 0, completeness: { have: 0, of: 0 } });
    expect(k.tim.find((t) => t.key === 'rct')).toMatchObject({ value: null, completeness: { have: 0, of: 0 } });
    const c = await body<CountChart>('opsmgmt', REPORT_PATHS.incidentCategory, { dateFrom: '2017-01-01', dateTo: '2017-01-31', sectionId: n9 });
    expect(c).toMatchObject({ items: [], total: 0, previousTotal: 0 });
  });

  it('refuses bad input, out-of-scope places, OTHERS and no token', async () => {
    const status = async (who: string | null, url: string, payload: object) => (await post(who, url, payload)).statusCode;
    expect(await status('opsmgmt', REPORT_PATHS.incidentKpi, { dateFrom: '2019-03-10', dateTo: '2019-03-01' })).toBe(400);
    expect(await status('opsmgmt', REPORT_PATHS.incidentKpi, { dateFrom: '2017-01-01', dateTo: '2019-01-02' })).toBe(400);
    const long = await post('opsmgmt', REPORT_PATHS.incidentCategory, { dateFrom: '2017-01-01', dateTo: '2019-01-02' });
    expect(long.json().statusMsg ?? long.body).toMatch(/731/);
    expect(await status('opsmgmt', REPORT_PATHS.incidentKpi, { dateFrom: '2017-01-01', dateTo: '2019-01-01' })).toBe(200); // 731 days
    expect(await status('opsmgmt', REPORT_PATHS.incidentKpi, { ...MARCH, regionId: 999 })).toBe(404);
    expect(await status('opsmgmt', REPORT_PATHS.incidentKpi, { ...MARCH, sectionId: 99999 })).toBe(404);
    const n5 = (await sectionByName(app, 'N5')).id;
    expect(await status('sectmgr', REPORT_PATHS.incidentSection, { ...MARCH, sectionId: n5 })).toBe(403);
    expect(await status('sectmgr', REPORT_PATHS.incidentSection, { ...MARCH, regionId: 21 })).toBe(403);
    expect(await status('sectmgr', REPORT_PATHS.assistanceType, { ...MARCH, sectionId: n5 })).toBe(403);
    expect(await status('opsmgmt', REPORT_PATHS.incidentKpi, { ...MARCH, regionId: 21, sectionId: n9 })).toBe(400);
    expect(await status('sectmgr', REPORT_PATHS.incidentSection, { ...MARCH, sectionId: n9 })).toBe(200);
    // a region-limited user without a filter sees its own region only
    const reg = await body<CountChart>('tmca', REPORT_PATHS.incidentRegion, MARCH);
    expect(reg.items.map((i) => i.id)).toEqual([22]);
    for (const url of [
      REPORT_PATHS.incidentCategory,
      REPORT_PATHS.incidentRegion,
      REPORT_PATHS.incidentStatusKes,
      REPORT_PATHS.incidentSection,
      REPORT_PATHS.incidentKpi,
      REPORT_PATHS.incidentSecondary,
      REPORT_PATHS.incidentCsv,
      REPORT_PATHS.incidentStatusCsv,
    ]) {
      expect(await status('others', url, MARCH), url).toBe(403);
      expect(await status(null, url, MARCH), url).toBe(401);
    }
    expect(await status('others', REPORT_PATHS.incidentMissing, { ...MARCH, kpi: 'rct' })).toBe(403);
    for (const url of [REPORT_PATHS.assistanceType, REPORT_PATHS.assistanceRegion, REPORT_PATHS.assistanceSection, REPORT_PATHS.assistanceCsv]) {
      expect(await status('others', url, MARCH), url).toBe(200);
      expect(await status(null, url, MARCH), url).toBe(401);
    }
  });
});
