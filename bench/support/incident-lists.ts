/**
 * The 17 list calls of the incident lists on ≥ 1,000,000 incidents (issue #18 item 2, issue #33 item 3): every
 * dataTables call of the dashboard, the case search (/cariankes), the incident lists (/incident and
 * incidentView/dataTables) and the TMC logsheet, as the screens send them; the case they search for and the TMC
 * logsheets they list. `query` is the driver's query (pg Pool or PGlite: both answer { rows }).
 */
import { EVENT_TYPE, STATUS } from '../../contract/lookups';
import { PATHS } from '../../contract/paths';
import { addDays, bruneiDate } from '../../server/db/seed';

export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface ListCall {
  /** dashboard | case search | incident list | logsheet */
  list: string;
  name: string;
  who: { token: string };
  path: string;
  body: Record<string, unknown>;
  qs?: string;
}

export interface ListSample {
  id: number;
  ticket: string;
  plate: string;
}

/** a case of last year in Tengah with an involved vehicle: its ticket and plate are what an operator would search */
export async function listSample(query: Query): Promise<ListSample> {
  const { rows } = await query(
    `SELECT i.id, i.ticket_number AS ticket, v.plate_number AS plate FROM incident i JOIN involved_vehicle v ON v.incident_id = i.id
     WHERE i.region_id = 22 AND i.incident_at < now() - interval '300 days' ORDER BY i.id DESC LIMIT 1`,
  );
  return rows[0] as unknown as ListSample;
}

/** TMC logsheets up to `target`: one every 50 minutes back from now, written in turn by the TMC staff (TMCA, TMCS) of every region */
export async function fillLogsheets(query: Query, target: number, log: (line: string) => void = console.log) {
  const have = Number((await query('SELECT count(*) AS n FROM tmc_logsheet')).rows[0].n);
  if (have >= target) return;
  const t = performance.now();
  await query(
    `WITH w AS (
       SELECT row_number() OVER (ORDER BY s.id) - 1 AS k, s.id AS staff_id, sec.region_id
       FROM app_user u JOIN staff s ON s.id = u.staff_id JOIN section sec ON sec.id = s.section_id
       WHERE u.role_id IN (104, 105) AND u.is_active),
     n AS (SELECT count(*) AS c FROM w)
     INSERT INTO tmc_logsheet (staff_id, region_id, from_at, to_at, remarks, created_at, modified_by_staff_id, modified_at)
     SELECT w.staff_id, w.region_id, f.at, f.at + interval '8 hours',
       (ARRAY['Lalu lintas lancar di semua seksyen.', 'Kerja penyelenggaraan lorong kiri KM 12 hingga KM 14.',
              'Hujan lebat, jarak penglihatan terhad di seksyen utara.', 'Peronda melaporkan haiwan liar berhampiran plaza tol.',
              'Kesesakan di persimpangan bertingkat selepas kemalangan kecil.'])[1 + g % 5] || ' (#' || g || ')',
       f.at + interval '8 hours 10 minutes',
       CASE WHEN g % 7 = 0 THEN w.staff_id END, CASE WHEN g % 7 = 0 THEN f.at + interval '9 hours' END
     FROM generate_series(1, $1::int) AS g
     CROSS JOIN n
     CROSS JOIN LATERAL (SELECT now() - (g + $2::int) * interval '50 minutes' AS at) f
     JOIN w ON w.k = g % n.c`,
    [target - have, have],
  );
  await query('ANALYZE tmc_logsheet');
  log(`${(target - have).toLocaleString('en')} TMC logsheets added in ${Math.round(performance.now() - t)} ms`);
}

/** what the screens send: 25 rows, newest first (src/lib/incident-list.ts) */
const SCREEN_QS = 'orderColumn=createdDate&direction=desc&length=25&start=0';

export function incidentListCalls({
  tmca,
  opsmgmt,
  sample,
}: {
  tmca: { token: string };
  opsmgmt: { token: string };
  sample: ListSample;
}): ListCall[] {
  const today = bruneiDate();
  const dashboard = PATHS.dashboardDataTables;
  return [
    { list: 'dashboard', name: 'dashboard, first page, default filters (tmca, Tengah)', who: tmca, path: dashboard, body: {} },
    { list: 'dashboard', name: 'dashboard, first page, default filters (opsmgmt, all regions)', who: opsmgmt, path: dashboard, body: {} },
    {
      list: 'dashboard',
      name: 'dates (30 days) + section N9 + status Tutup (tmca)',
      who: tmca,
      path: dashboard,
      body: { dateStart: addDays(today, -30), dateEnd: today, sectionId: 9, incidentStatus: STATUS.CLOSED },
    },
    {
      list: 'case search',
      name: `case search by ticket ${sample.ticket} (tmca)`,
      who: tmca,
      path: dashboard,
      body: { ticketNumber: sample.ticket, searchAllStatus: true },
    },
    {
      list: 'case search',
      name: `case search by plate '${sample.plate}' (tmca)`,
      who: tmca,
      path: dashboard,
      body: { plateNumber: sample.plate, searchAllStatus: true },
    },
    // as the screens ask: the dashboard's 7 days, 25 rows, newest first
    {
      list: 'dashboard',
      name: 'dashboard as the screen asks: 7 days, 25 rows (tmca)',
      who: tmca,
      path: dashboard,
      body: { dateStart: addDays(today, -7), dateEnd: today },
      qs: SCREEN_QS,
    },
    {
      list: 'dashboard',
      name: 'dashboard, 7 days, event type accident, sorted by status, page 2 (opsmgmt)',
      who: opsmgmt,
      path: dashboard,
      body: { dateStart: addDays(today, -7), dateEnd: today, incidentCategory: EVENT_TYPE.ACCIDENT },
      qs: 'orderColumn=statusKes&direction=asc&length=25&start=25',
    },
    {
      list: 'case search',
      name: '/cariankes: section N9, one year, all statuses, 25 rows (tmca)',
      who: tmca,
      path: dashboard,
      body: { sectionId: 9, dateStart: addDays(today, -365), dateEnd: today, searchAllStatus: true },
      qs: SCREEN_QS,
    },
    {
      list: 'case search',
      name: `/cariankes: ticket prefix ${sample.ticket.slice(0, 11)}* (tmca)`,
      who: tmca,
      path: dashboard,
      body: { ticketNumber: `${sample.ticket.slice(0, 11)}*`, searchAllStatus: true },
      qs: SCREEN_QS,
    },
    {
      list: 'incident list',
      name: '/incident: 30 days, all statuses, 25 rows (tmca)',
      who: tmca,
      path: dashboard,
      body: { dateStart: addDays(today, -30), dateEnd: today, searchAllStatus: true },
      qs: SCREEN_QS,
    },
    {
      list: 'incident list',
      name: '/incident: 30 days, all statuses, 25 rows (opsmgmt)',
      who: opsmgmt,
      path: dashboard,
      body: { dateStart: addDays(today, -30), dateEnd: today, searchAllStatus: true },
      qs: SCREEN_QS,
    },
    {
      list: 'incident list',
      name: 'incidentView/dataTables by incident id (tmca)',
      who: tmca,
      path: PATHS.incidentViewDataTables,
      body: { incidentId: sample.id },
    },
    {
      list: 'incident list',
      name: 'incidentView/dataTables by section N9 (tmca)',
      who: tmca,
      path: PATHS.incidentViewDataTables,
      body: { sectionId: 9 },
    },
    { list: 'incident list', name: 'incidentView/dataTables, own region (tmca)', who: tmca, path: PATHS.incidentViewDataTables, body: {} },
    {
      list: 'logsheet',
      name: 'logsheet, first page (tmca: own region + own entries)',
      who: tmca,
      path: PATHS.tmcLogSheetDataTables,
      body: {},
      qs: 'length=20&start=0',
    },
    {
      list: 'logsheet',
      name: 'logsheet, first page (opsmgmt, all regions)',
      who: opsmgmt,
      path: PATHS.tmcLogSheetDataTables,
      body: {},
      qs: 'length=20&start=0',
    },
    {
      list: 'logsheet',
      name: "logsheet, 90 days + text 'hujan' (opsmgmt)",
      who: opsmgmt,
      path: PATHS.tmcLogSheetDataTables,
      body: { dateFrom: addDays(today, -90), dateTo: today, text: 'hujan' },
      qs: 'length=20&start=0',
    },
  ];
}
