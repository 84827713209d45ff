import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DASHBOARD_HIDDEN_STATUSES, STATUS } from '../../contract/lookups';
import { LIST_COUNT_CAP, STATUS_GROUPS } from '../../contract/incident-rules';
import { compiledRows, listCountQuery } from '../../server/modules/dashboard/queries';
import { buildTestApp, call, login } from './support/build';

const LIST = '/rest/roster/manage/dashboard/dataTables';
const BY_CATEGORY = '/rest/roster/manage/dashboard/getIncidentItemsCount';
const BY_STATUS = '/rest/roster/manage/dashboard/getDashboardItemsCount';

interface Row {
  incidentId: number;
  subformId: number | null;
  createdDate: string;
  jenisKes: string;
  incidentCategoryId: number;
  ticketNumber: string;
  kilometermarker: string;
  direction: string;
  eventLocation: string | null;
  section: string;
  regionName: string;
  creationSource: string;
  statusKes: string;
  statusId: number | null;
  dutyRosterName: string | null;
  plateNumbers: string[];
  dihantar: string | null;
  diterima: string | null;
  tiba: string | null;
  selesaiBantuan: string | null;
  selesaiKes: string | null;
}
interface Page {
  rows: Row[];
  recordCount: number;
  page: number;
  size: number;
}
/** What the database holds, read directly: the reference the answers are checked against. */
interface Truth {
  id: number;
  ticket: string;
  regionId: number;
  regionCode: string;
  section: string;
  unit: string;
  sectionId: number;
  specificSectionId: number | null;
  statusId: number | null;
  categoryId: number;
  km: number | null;
  localDate: string;
  rosterId: number | null;
  plates: string[];
}

/**
 * The latest key (a local date, a ticket prefix) with more than three cases: the seed's "today" cases lie in the
 * roster on shift now, which after midnight Asia/Brunei is the night shift that began the day before, so the
 * calendar's today may hold none yet.
 */
const latestBusy = (keys: string[]) => {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n > 3)
    .map(([k]) => k)
    .sort()
    .at(-1)!;
};

describe('incident lists (dashboard dataTables and counters)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const tokens: Record<string, string> = {};
  let truth: Truth[] = [];
  let prRosterIds: number[] = [];

  const list = async (who: string, body: object, qs = 'length=1000') => {
    const res = await call(app, tokens[who], { method: 'POST', url: `${LIST}?${qs}`, payload: body });
    return {
      status: res.statusCode,
      json: res.json() as { statusCode: number; statusMsg: string; body: Page & { errorCode?: string; field?: string } },
    };
  };
  const rowsOf = async (who: string, body: object, qs?: string) => {
    const res = await list(who, body, qs);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.body;
  };
  const ids = (rows: Row[]) => rows.map((r) => r.incidentId).sort((a, b) => a - b);
  const truthIds = (pred: (t: Truth) => boolean) =>
    truth
      .filter(pred)
      .map((t) => t.id)
      .sort((a, b) => a - b);
  const open = (t: Truth) => !DASHBOARD_HIDDEN_STATUSES.includes(t.statusId ?? -1);

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['tmca', 'tmca.utara', 'tmca.selatan', 'opsmgmt', 'pr', 'others']) tokens[u] = (await login(app, u)).token;
    const res = (await app.ctx.db.execute(sql`
      SELECT i.id, i.ticket_number AS ticket, i.region_id AS "regionId", r.code AS "regionCode",
        coalesce(ss.name, s.name) AS section, s.name AS unit, i.section_id AS "sectionId", i.specific_section_id AS "specificSectionId",
        i.status_id AS "statusId", i.category_id AS "categoryId", i.km,
        to_char(i.incident_at AT TIME ZONE 'Asia/Brunei', 'YYYY-MM-DD') AS "localDate", i.duty_roster_id AS "rosterId",
        coalesce((SELECT array_agg(v.plate_number ORDER BY v.id) FROM involved_vehicle v WHERE v.incident_id = i.id AND v.deleted_at IS NULL), '{}') AS plates
      FROM incident i JOIN section s ON s.id = i.section_id LEFT JOIN section ss ON ss.id = i.specific_section_id
      JOIN region r ON r.id = i.region_id`)) as unknown as { rows: Truth[] };
    truth = res.rows;
    const pr = (await app.ctx.db.execute(sql`
      SELECT dr.id FROM duty_roster dr JOIN team_member tm ON tm.team_id = dr.team_id JOIN app_user u ON u.staff_id = tm.staff_id
      WHERE u.username = 'pr'`)) as unknown as { rows: { id: number }[] };
    prRosterIds = pr.rows.map((r) => r.id);
  });
  afterAll(async () => app?.cleanup());

  it('the demo data gives the lists something to show in every region', () => {
    expect(truth.length).toBeGreaterThanOrEqual(50);
    for (const code of ['UTR', 'TGH', 'SEL'])
      expect(
        truth.some((t) => t.regionCode === code && open(t)),
        code,
      ).toBe(true);
  });

  it('answers the rows of §3.2 with Malay labels, newest first, without Tutup and Batal by default', async () => {
    const body = await rowsOf('tmca', {});
    expect(body.rows.length).toBeGreaterThan(3);
    expect(ids(body.rows)).toEqual(truthIds((t) => t.regionCode === 'TGH' && open(t)));
    expect(body.recordCount).toBe(body.rows.length);
    for (const r of body.rows) {
      expect(DASHBOARD_HIDDEN_STATUSES).not.toContain(r.statusId);
      expect(r.regionName).toBe('Tengah');
      expect(r.ticketNumber).toMatch(/^[A-Z0-9+]+-\d{8}-\d{4}$/);
      expect(r.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(r.dihantar).toMatch(/Z$/);
      expect(r.jenisKes.length).toBeGreaterThan(3);
      expect(r.statusKes).not.toMatch(/^\d+$/);
      expect(['Arah Utara', 'Arah Selatan', 'Arah Timur', 'Arah Barat', 'Kedua-dua Arah']).toContain(r.direction);
      expect(r.creationSource.length).toBeGreaterThan(0);
    }
    const times = body.rows.map((r) => r.createdDate);
    expect([...times].sort().reverse()).toEqual(times);
    const accident = body.rows.find((r) => r.incidentCategoryId === 184)!;
    expect(accident.jenisKes).toBe('Kemalangan');
    const rejected = body.rows.find((r) => r.statusId === STATUS.REJECTED);
    expect(rejected?.statusKes).toBe('Ditolak');
    expect(rejected?.dutyRosterName).toBeNull();
    const onScene = body.rows.find((r) => r.statusId === STATUS.ARRIVED)!;
    expect(onScene.tiba! >= onScene.dihantar!).toBe(true);
  });

  it('shows Tutup and Batal with searchAllStatus, or when a status or group names them', async () => {
    const all = await rowsOf('tmca', { searchAllStatus: true });
    expect(ids(all.rows)).toEqual(truthIds((t) => t.regionCode === 'TGH'));
    expect(all.rows.some((r) => r.statusId === STATUS.CLOSED)).toBe(true);
    expect(all.rows.some((r) => r.statusId === STATUS.CANCELLED)).toBe(true);

    const closed = await rowsOf('tmca', { incidentStatus: STATUS.CLOSED });
    expect(closed.rows.length).toBeGreaterThan(0);
    expect(ids(closed.rows)).toEqual(truthIds((t) => t.regionCode === 'TGH' && t.statusId === STATUS.CLOSED));

    const batal = await rowsOf('tmca', { incidentStatusGroup: 'BATAL' });
    expect(ids(batal.rows)).toEqual(truthIds((t) => t.regionCode === 'TGH' && t.statusId === STATUS.CANCELLED));

    const done = await rowsOf('opsmgmt', { incidentStatusGroup: 'SELESAI' });
    expect(done.rows.length).toBeGreaterThan(0);
    for (const r of done.rows) expect(STATUS_GROUPS.SELESAI as readonly number[]).toContain(r.statusId);
    expect(ids(done.rows)).toEqual(truthIds((t) => (STATUS_GROUPS.SELESAI as readonly number[]).includes(t.statusId ?? -1)));

    // a status outside the group asked for: nothing
    expect((await rowsOf('tmca', { incidentStatusGroup: 'BARU', incidentStatus: STATUS.CLOSED })).recordCount).toBe(0);
  });

  describe('region scope, enforced by the server', () => {
    it('tmca sees only Tengah, tmca.selatan only Selatan, opsmgmt every region', async () => {
      const tgh = await rowsOf('tmca', { searchAllStatus: true });
      expect(new Set(tgh.rows.map((r) => r.regionName))).toEqual(new Set(['Tengah']));
      const sel = await rowsOf('tmca.selatan', { searchAllStatus: true });
      expect(ids(sel.rows)).toEqual(truthIds((t) => t.regionCode === 'SEL'));
      const all = await rowsOf('opsmgmt', { searchAllStatus: true });
      expect(all.recordCount).toBe(truth.length);
      expect(new Set(all.rows.map((r) => r.regionName))).toEqual(new Set(['Utara', 'Tengah', 'Selatan']));
    });

    it("another region's code or section is refused with 403 and a clear message, not silently narrowed", async () => {
      for (const body of [{ regionCode: 'TGH' }, { regionCode: '22' }, { sectionId: 9 }]) {
        const res = await list('tmca.utara', body);
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(res.json.statusMsg).toBe('Anda hanya boleh melihat kes wilayah anda.');
        expect(res.json.body.errorCode).toBe('FORBIDDEN');
      }
      // the caller's own region, asked for by code, is fine
      const own = await rowsOf('tmca.utara', { regionCode: 'utr', searchAllStatus: true });
      expect(ids(own.rows)).toEqual(truthIds((t) => t.regionCode === 'UTR'));
    });

    it('a national role narrows by region code; an unknown code or section is a 400', async () => {
      const utr = await rowsOf('opsmgmt', { regionCode: 'UTR', searchAllStatus: true });
      expect(ids(utr.rows)).toEqual(truthIds((t) => t.regionCode === 'UTR'));
      const bad = await list('opsmgmt', { regionCode: 'XYZ' });
      expect(bad.status).toBe(400);
      expect(bad.json.body.field).toBe('regionCode');
      const noSection = await list('opsmgmt', { sectionId: 9999 });
      expect(noSection.status).toBe(400);
      expect(noSection.json.body.field).toBe('sectionId');
    });

    it('roles without the case permission get 403; no token 401', async () => {
      expect((await list('others', {})).status).toBe(403);
      const anon = await app.inject({ method: 'POST', url: LIST, payload: {} });
      expect(anon.statusCode).toBe(401);
    });
  });

  describe('filters', () => {
    it('section: a plain section, a combined one with its parts, and a part with the cases recorded on the combined one', async () => {
      const n9 = await rowsOf('tmca', { sectionId: 9, searchAllStatus: true });
      expect(n9.rows.length).toBeGreaterThan(5);
      expect(ids(n9.rows)).toEqual(truthIds((t) => t.sectionId === 9));

      const combined = await rowsOf('opsmgmt', { sectionId: 31, searchAllStatus: true });
      expect(combined.rows.length).toBeGreaterThan(0);
      expect(ids(combined.rows)).toEqual(truthIds((t) => [31, 1, 2].includes(t.sectionId)));
      for (const r of combined.rows) expect(['N1', 'N2']).toContain(r.section);

      for (const part of [1, 2]) {
        const rows = (await rowsOf('opsmgmt', { sectionId: part, searchAllStatus: true })).rows;
        expect(ids(rows)).toEqual(truthIds((t) => t.sectionId === part || t.specificSectionId === part));
      }
      expect(truth.some((t) => t.sectionId === 31 && t.specificSectionId === 2)).toBe(true);
    });

    it('dates are local Asia/Brunei dates, both ends inclusive; a reversed or impossible date is a 400', async () => {
      const today = latestBusy(truth.filter((t) => t.regionCode === 'TGH').map((t) => t.localDate));
      const todays = await rowsOf('tmca', { dateStart: today, dateEnd: today, searchAllStatus: true });
      expect(todays.rows.length).toBeGreaterThan(3);
      expect(ids(todays.rows)).toEqual(truthIds((t) => t.regionCode === 'TGH' && t.localDate === today));
      const days = [...new Set(truth.map((t) => t.localDate))].sort();
      const [a, b] = [days[2], days[5]];
      const range = await rowsOf('opsmgmt', { dateStart: a, dateEnd: b, searchAllStatus: true });
      expect(ids(range.rows)).toEqual(truthIds((t) => t.localDate >= a && t.localDate <= b));

      const reversed = await list('tmca', { dateStart: today, dateEnd: days[0] });
      expect(reversed.status).toBe(400);
      expect(reversed.json.body.field).toBe('dateEnd');
      expect((await list('tmca', { dateStart: '2026-02-31' })).status).toBe(400);
      expect((await list('tmca', { dateStart: '22-11-2026' })).status).toBe(400);
    });

    it('event type', async () => {
      const rows = (await rowsOf('opsmgmt', { incidentCategory: 185, searchAllStatus: true })).rows;
      expect(rows.length).toBeGreaterThan(0);
      expect(ids(rows)).toEqual(truthIds((t) => t.categoryId === 185));
      for (const r of rows) expect(r.jenisKes).toBe('Kerosakan Kenderaan');
      expect((await list('opsmgmt', { incidentCategory: 999 })).status).toBe(400);
    });

    it('plate number: spaces and case ignored, prefix match, the plates shown on the row', async () => {
      const exact = await rowsOf('tmca', { plateNumber: 'wxy1234' });
      expect(exact.recordCount).toBe(1);
      expect(exact.rows[0].plateNumbers).toContain('WXY 1234');
      expect(exact.rows[0].section).toBe('N9');
      const spaced = await rowsOf('tmca', { plateNumber: ' WXY 1234 ' });
      expect(ids(spaced.rows)).toEqual(ids(exact.rows));

      const prefix = await rowsOf('opsmgmt', { plateNumber: 'bkt', searchAllStatus: true });
      expect(prefix.rows.length).toBeGreaterThan(1);
      expect(ids(prefix.rows)).toEqual(truthIds((t) => t.plates.some((p) => p.replace(/\s/g, '').startsWith('BKT'))));
      for (const r of prefix.rows) expect(r.plateNumbers.some((p) => p.startsWith('BKT'))).toBe(true);

      expect((await rowsOf('tmca', { plateNumber: 'ZZZ 0' })).recordCount).toBe(0);
      const tooShort = await list('tmca', { plateNumber: 'W' });
      expect(tooShort.status).toBe(400);
      expect(tooShort.json.body.field).toBe('plateNumber');
    });

    it('ticket number: exact in any case, or a prefix ending in *; scoped like every other filter', async () => {
      const one = truth.find((t) => t.regionCode === 'TGH' && t.statusId === STATUS.CLOSED)!;
      // an exact ticket names one case: it is found whatever its status, without searchAllStatus
      const exact = await rowsOf('tmca', { ticketNumber: one.ticket.toLowerCase() });
      expect(exact.recordCount).toBe(1);
      expect(exact.rows[0].ticketNumber).toBe(one.ticket);
      expect(exact.rows[0].statusId).toBe(STATUS.CLOSED);

      const prefix = latestBusy(truth.filter((t) => t.ticket.startsWith('N9-')).map((t) => t.ticket.slice(0, 'N9-yyyymmdd-'.length)));
      const todays = await rowsOf('tmca', { ticketNumber: `${prefix}*`, searchAllStatus: true });
      expect(todays.rows.length).toBeGreaterThan(3);
      expect(ids(todays.rows)).toEqual(truthIds((t) => t.ticket.startsWith(prefix)));
      // a prefix is a search like any other: the dashboard default still hides Tutup and Batal
      const openOnes = await rowsOf('tmca', { ticketNumber: `${prefix.toLowerCase()}*` });
      expect(ids(openOnes.rows)).toEqual(truthIds((t) => t.ticket.startsWith(prefix) && open(t)));
      expect(openOnes.recordCount).toBeLessThan(todays.recordCount);

      // another region's ticket is simply not in the caller's list
      expect((await rowsOf('tmca.utara', { ticketNumber: one.ticket })).recordCount).toBe(0);
      expect((await list('tmca', { ticketNumber: 'N*' })).status).toBe(400);
      expect((await list('tmca', { ticketNumber: 'N9*2026' })).status).toBe(400);
    });

    it('kilometre: a number matches ± 0.5 km, text matches the kilometre as written', async () => {
      const t = truth.find((x) => x.regionCode === 'TGH' && x.km !== null)!;
      const rows = (await rowsOf('tmca', { kmSearch: String(t.km), searchAllStatus: true })).rows;
      expect(ids(rows)).toEqual(truthIds((x) => x.regionCode === 'TGH' && x.km !== null && Math.abs(x.km - t.km!) <= 0.5 + 1e-6));
      expect(rows.map((r) => r.incidentId)).toContain(t.id);
      const text = (await rowsOf('tmca', { kmSearch: 'KM', searchAllStatus: true })).rows;
      expect(text).toHaveLength(0);
    });

    it("assignedToMe: a patrol's own cases (rosters of its teams)", async () => {
      const mine = await rowsOf('pr', { assignedToMe: true });
      expect(mine.rows.length).toBeGreaterThanOrEqual(3);
      expect(ids(mine.rows)).toEqual(truthIds((t) => open(t) && t.rosterId !== null && prRosterIds.includes(t.rosterId)));
      for (const r of mine.rows) expect(r.dutyRosterName).toMatch(/^N9-PAGI-A /);
      const waiting = mine.rows.filter((r) => r.statusId === STATUS.ASSIGNED);
      expect(waiting.length).toBeGreaterThan(0);
    });

    it('refuses an unknown status', async () => {
      expect((await list('tmca', { incidentStatus: 999 })).status).toBe(400);
      expect((await list('tmca', { incidentStatusGroup: 'SEMUA' })).status).toBe(400);
    });
  });

  describe('sorting and paging', () => {
    it('every sort column pages without gaps or repeats, in its order', async () => {
      const all = await rowsOf('opsmgmt', { searchAllStatus: true });
      const byId = new Map(all.rows.map((r) => [r.incidentId, r]));
      for (const orderColumn of ['createdDate', 'ticketNumber', 'statusKes', 'section', 'jenisKes']) {
        for (const direction of ['asc', 'desc'] as const) {
          const seen: number[] = [];
          for (let start = 0; start < all.recordCount; start += 7) {
            const p = await rowsOf('opsmgmt', { searchAllStatus: true }, `orderColumn=${orderColumn}&direction=${direction}&length=7&start=${start}`);
            expect(p.recordCount).toBe(all.recordCount);
            expect(p.page).toBe(start / 7);
            expect(p.size).toBe(7);
            seen.push(...p.rows.map((r) => r.incidentId));
          }
          expect(seen.length, `${orderColumn} ${direction}`).toBe(all.recordCount);
          expect(new Set(seen).size, `${orderColumn} ${direction}`).toBe(all.recordCount);
          const key = (id: number) => {
            const r = byId.get(id)!;
            return orderColumn === 'createdDate'
              ? r.createdDate
              : orderColumn === 'ticketNumber'
                ? r.ticketNumber
                : orderColumn === 'section'
                  ? r.section
                  : orderColumn === 'jenisKes'
                    ? r.incidentCategoryId
                    : null;
          };
          if (orderColumn !== 'statusKes') {
            const keys = seen.map(key) as (string | number)[];
            const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
            expect(keys, `${orderColumn} ${direction}`).toEqual(direction === 'asc' ? sorted : sorted.reverse());
          }
        }
      }
    });

    it('statusKes follows the status list (Tugasan Dihantar first, Batal last)', async () => {
      const rows = (await rowsOf('opsmgmt', { searchAllStatus: true }, 'orderColumn=statusKes&direction=asc&length=1000')).rows;
      const order = [
        STATUS.ASSIGNED,
        STATUS.RECEIVED,
        STATUS.ARRIVED,
        STATUS.ASSISTANCE_DONE,
        STATUS.CASE_DONE,
        STATUS.CLOSED,
        STATUS.REJECTED,
        STATUS.NEGATIVE,
        STATUS.CANCELLED,
      ];
      const ranks = rows.map((r) => order.indexOf(r.statusId as (typeof order)[number]));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(rows[0].statusId).toBe(STATUS.ASSIGNED);
      expect(rows.at(-1)!.statusId).toBe(STATUS.CANCELLED);
    });

    it('counts up to the cap and says when there are more', async () => {
      const res = await rowsOf('opsmgmt', { searchAllStatus: true }, 'length=5');
      expect(res.recordCount).toBe(truth.length);
      expect((res as Page & { recordCountCapped?: boolean }).recordCountCapped).toBe(false);
      expect(truth.length).toBeLessThan(LIST_COUNT_CAP);
      // the count query itself stops one past its cap
      const capped = await compiledRows<{ n: number }>(app.ctx.db, 'count cap 5', () => listCountQuery({ hideClosed: false }, 5));
      expect(capped[0].n).toBe(6);
      const exact = await compiledRows<{ n: number }>(app.ctx.db, `count cap ${truth.length + 10}`, () =>
        listCountQuery({ hideClosed: false }, truth.length + 10),
      );
      expect(exact[0].n).toBe(truth.length);
    });

    it('refuses an unknown sort column with a 400 naming the allowed ones', async () => {
      const res = await list('tmca', {}, 'orderColumn=password');
      expect(res.status).toBe(400);
      expect(res.json.statusMsg).toContain('createdDate');
      expect(res.json.body.field).toBe('orderColumn');
    });
  });

  describe('counters', () => {
    it('getIncidentItemsCount: all seven event types, each matching the list filtered by it', async () => {
      for (const [who, filter] of [
        ['tmca', {}],
        ['opsmgmt', { searchAllStatus: true }],
        ['tmca', { sectionId: 9, searchAllStatus: true, incidentCategory: 184 }],
      ] as const) {
        const res = await call(app, tokens[who], { method: 'POST', url: BY_CATEGORY, payload: filter });
        expect(res.statusCode).toBe(200);
        const body = res.json().body as { total: number; byCategory: { key: number; value: string; count: number }[] };
        expect(body.byCategory.map((c) => c.key)).toEqual([184, 185, 186, 187, 188, 189, 190]);
        expect(body.byCategory[0].value).toBe('Kemalangan');
        const { incidentCategory: _ignored, ...rest } = filter as { incidentCategory?: number };
        expect(body.total).toBe((await rowsOf(who, rest)).recordCount);
        expect(body.byCategory.reduce((s, c) => s + c.count, 0)).toBe(body.total);
        for (const c of body.byCategory)
          expect(c.count, `${who} ${c.key}`).toBe((await rowsOf(who, { ...rest, incidentCategory: c.key })).recordCount);
      }
    });

    it('getDashboardItemsCount: per group and status, matching the list; Tutup and Batal only with searchAllStatus', async () => {
      const counts = async (who: string, filter: object) => {
        const res = await call(app, tokens[who], { method: 'POST', url: BY_STATUS, payload: filter });
        expect(res.statusCode).toBe(200);
        return res.json().body as { total: number; byGroup: Record<string, number>; byStatus: { key: number; value: string; count: number }[] };
      };
      const dflt = await counts('tmca', {});
      expect(dflt.total).toBe((await rowsOf('tmca', {})).recordCount);
      expect(dflt.byGroup.TUTUP).toBe(0);
      expect(dflt.byGroup.BATAL).toBe(0);
      expect(Object.keys(dflt.byGroup).sort()).toEqual(['BARU', 'BATAL', 'SELESAI', 'TINDAKAN', 'TUTUP']);
      for (const [group, n] of Object.entries(dflt.byGroup)) {
        if (group === 'TUTUP' || group === 'BATAL') continue;
        expect(n, group).toBe((await rowsOf('tmca', { incidentStatusGroup: group })).recordCount);
      }
      // the status choice itself does not narrow the counters
      expect(await counts('tmca', { incidentStatus: STATUS.ASSIGNED })).toEqual(dflt);

      const all = await counts('opsmgmt', { searchAllStatus: true });
      expect(all.total).toBe(truth.length);
      expect(all.byGroup.TUTUP).toBe(truth.filter((t) => t.statusId === STATUS.CLOSED).length);
      expect(all.byGroup.BATAL).toBe(truth.filter((t) => t.statusId === STATUS.CANCELLED).length);
      for (const s of all.byStatus) expect(s.count, `${s.key}`).toBe(truth.filter((t) => t.statusId === s.key).length);
      expect(all.byStatus.find((s) => s.key === STATUS.CLOSED)!.value).toBe('Tutup');
    });

    it('the counters are scoped like the list', async () => {
      const res = await call(app, tokens['tmca.utara'], { method: 'POST', url: BY_STATUS, payload: { regionCode: 'TGH' } });
      expect(res.statusCode).toBe(403);
      const own = await call(app, tokens['tmca.utara'], { method: 'POST', url: BY_CATEGORY, payload: { searchAllStatus: true } });
      expect(own.json().body.total).toBe(truth.filter((t) => t.regionCode === 'UTR').length);
    });
  });
});
