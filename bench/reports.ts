// Reports (issue #17 "Performance"): every report's answer on 1,000,000 incidents and a year of rosters, activity
// logs and checklists, for one region and one month (regionmgmt, Tengah) and for all regions and a year (opsmgmt).
// Printed, never a timed test.
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/lebuhraya_bench, shared with bench/incidents.ts) is
// created when missing and filled with `seed:scale` up to BENCH_INCIDENTS (default 1,000,000), then given a year of
// report history (seedReportHistory: lane closures, other assistance, activity logs, shift summaries, checklists;
// idempotent). The app listens on loopback; each call's p50 is measured in turns with the very SQL the app sent for it
// (captured at the driver) run through the driver: ratio = the app's overhead, target ≤ 1.3×; the raw SQL's p50
// should stay under 1 s.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { REPORT_PATHS } from '../contract/reports-rules';
import { PATHS } from '../contract/paths';
import { build } from '../server/app';
import { openDb } from '../server/db/client';
import { section } from '../server/db/schema';
import { localDate } from '../server/lib/time';
import { seedReportHistory, seedScale } from '../scripts/seed-scale';
import { loopbackClient, measurePair, sqlCapture } from './support/driver-compare';
import { ensureDatabase } from './support/bench-database';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lebuhraya_bench';
const TARGET = Number(process.env.BENCH_INCIDENTS ?? 1_000_000);
const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 365);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const PASSWORD = 'Lebuhraya@2026';
const TENGAH = 22;
const ms = (n: number) => Math.round(n * 100) / 100;
const fmt = (n: number) => n.toLocaleString('en');
const secs = (t: number) => `${Math.round((performance.now() - t) / 100) / 10} s`;

// ---------------------------------------------------------------- the database

try {
  await ensureDatabase(URL_);
} catch (err) {
  const safe = new URL(URL_);
  safe.password = '';
  console.log(`\nreports bench skipped: PostgreSQL not reachable at ${safe.host} (${(err as Error).message}); set BENCH_DATABASE_URL`);
  process.exit(0);
}

const t0 = performance.now();
{
  // migrate first (the app does it on start), then fill
  const first = await build({ logger: false, config: { databaseUrl: URL_, dataDir: 'unused', clientDir: '/nonexistent', seedFastHash: true } });
  await first.close();
  const handle = await openDb({ databaseUrl: URL_, dataDir: 'unused' });
  const c = new pg.Client({ connectionString: URL_ });
  await c.connect();
  const have = Number((await c.query('SELECT count(*)::bigint AS n FROM incident')).rows[0].n);
  await c.end();
  if (have < TARGET) {
    console.log(`${fmt(have)} incidents; seed:scale adds ${fmt(TARGET - have)}`);
    await seedScale(handle, { incidents: TARGET - have });
  }
  await seedReportHistory(handle, { days: HISTORY_DAYS, log: (line) => console.log(`history: ${line}`) });
  await handle.close();
}
console.log(`database ready in ${secs(t0)}`);

const app = await build({ logger: false, config: { databaseUrl: URL_, dataDir: 'unused', clientDir: '/nonexistent', seedFastHash: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const db = app.ctx.db;
const pool = new pg.Pool({ connectionString: URL_, max: 2 });
const count = async (text: string) => Number((await pool.query(text)).rows[0].n);
const today = localDate(Date.now(), 0);
const monthFrom = localDate(Date.now(), -29);
const yearFrom = localDate(Date.now(), -364);
const sizes = {
  incidents: await count('SELECT count(*)::bigint AS n FROM incident'),
  yearIncidents: await count(`SELECT count(*)::bigint AS n FROM incident WHERE incident_at >= '${yearFrom}'`),
  monthTengah: await count(`SELECT count(*)::bigint AS n FROM incident WHERE incident_at >= '${monthFrom}' AND region_id = ${TENGAH}`),
  laneClosures: await count('SELECT count(*)::bigint AS n FROM lane_closure'),
  assistance: await count(`SELECT count(*)::bigint AS n FROM further_action_item WHERE kind = 'OTHER'`),
  rosters: await count(`SELECT count(*)::bigint AS n FROM duty_roster WHERE start_date >= '${yearFrom}'`),
  activities: await count(`SELECT count(*)::bigint AS n FROM activity_log a WHERE a.occurred_at >= '${yearFrom}'`),
  checklists: await count(`SELECT count(*)::bigint AS n FROM daily_asset_checklist WHERE pre_at >= '${yearFrom}'`),
};
await pool.end();
console.log(
  `${fmt(sizes.incidents)} incidents (${fmt(sizes.yearIncidents)} in the last year, ${fmt(sizes.monthTengah)} in Tengah's last 30 days), ${fmt(sizes.laneClosures)} lane closures, ${fmt(sizes.assistance)} other-assistance items; last year: ${fmt(sizes.rosters)} rosters, ${fmt(sizes.activities)} activity entries, ${fmt(sizes.checklists)} checklists`,
);

// ---------------------------------------------------------------- the calls and their SQL

const client = loopbackClient(port);
const capture = sqlCapture(db);
async function signIn(username: string) {
  const r = await client.call('POST', PATHS.login, { username, password: PASSWORD });
  if (r.status !== 200) throw new Error(`sign-in ${username}: ${r.status} ${r.text}`);
  return (JSON.parse(r.text) as { body: { token: string } }).body.token;
}
const regionmgmt = await signIn('regionmgmt');
const opsmgmt = await signIn('opsmgmt');

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token: string;
}
const month = { dateFrom: monthFrom, dateTo: today, regionId: TENGAH };
const year = { dateFrom: yearFrom, dateTo: today };
const scopes = [
  { label: 'Tengah · 30 days', body: month, token: regionmgmt },
  { label: 'all regions · a year', body: year, token: opsmgmt },
];
const posts: Array<[string, string, Record<string, unknown>?]> = [
  ['IncidentAndResponseTimeReport/incidentCategory', REPORT_PATHS.incidentCategory],
  ['IncidentAndResponseTimeReport/region', REPORT_PATHS.incidentRegion],
  ['IncidentAndResponseTimeReport/section', REPORT_PATHS.incidentSection],
  ['IncidentAndResponseTimeReport/statusKes', REPORT_PATHS.incidentStatusKes],
  ['IncidentAndResponseTimeReport/kpi', REPORT_PATHS.incidentKpi],
  ['IncidentAndResponseTimeReport/secondaryCrash', REPORT_PATHS.incidentSecondary],
  ['IncidentAndResponseTimeReport/missing rct · 10 a page', `${REPORT_PATHS.incidentMissing}?length=10&start=0`, { kpi: 'rct' }],
  ['IncidentAndResponseTimeReport/csv', REPORT_PATHS.incidentCsv],
  ['LaporanBantuanLainLainReport/jenisBantuan', REPORT_PATHS.assistanceType],
  ['LaporanBantuanLainLainReport/section', REPORT_PATHS.assistanceSection],
  ['PRAverageTimeOnMainline/day', REPORT_PATHS.mainlineDay],
  ['PRAverageTimeOnMainline/section', REPORT_PATHS.mainlineSection],
  ['PRAverageTimeOnMainline/dataTables · 10 a page', `${REPORT_PATHS.mainlineRosters}?length=10&start=0`],
  ['PRTotalWorkDurationReport/total · person', REPORT_PATHS.workTotal, { groupBy: 'person' }],
  ['PRTotalWorkDurationReport/total · team', REPORT_PATHS.workTotal, { groupBy: 'team' }],
  ['VehicleUsageReport/summary', REPORT_PATHS.vehicleSummary],
  ['VehicleUsageReport/km', REPORT_PATHS.vehicleKm],
  ['LoopingReportV2 · 10 a page', `${REPORT_PATHS.looping}?length=10&start=0`],
];
const targets: Target[] = [];
for (const s of scopes)
  for (const [name, path, extra] of posts)
    targets.push({ name: `${name} · ${s.label}`, method: 'POST', path, body: { ...s.body, ...extra }, token: s.token });
// one section's report: N9 (Tengah) for 30 days and a year
const [n9] = await db.select({ id: section.id }).from(section).where(eq(section.name, 'N9'));
const n9Id = n9?.id;
if (n9Id) {
  targets.push({
    name: 'report/Report1Section N9 · 30 days',
    method: 'GET',
    path: `${REPORT_PATHS.report1Section(n9Id)}?dateFrom=${monthFrom}&dateTo=${today}`,
    token: regionmgmt,
  });
  targets.push({
    name: 'report/Report1Section N9 · a year',
    method: 'GET',
    path: `${REPORT_PATHS.report1Section(n9Id)}?dateFrom=${yearFrom}&dateTo=${today}`,
    token: opsmgmt,
  });
}

const table: Record<string, Record<string, number | string>> = {};
const slow: string[] = [];
for (const t of targets) {
  if (ONLY && !ONLY.test(t.name)) continue;
  const call = () => client.call(t.method, t.path, t.body, t.token);
  const first = await call();
  if (first.status !== 200) {
    table[t.name] = { 'app p50 ms': 'n/a', ratio: 'n/a', note: `answered ${first.status}: ${first.text.slice(0, 100)}` };
    continue;
  }
  const sent = await capture.during(call);
  const { ours, bare } = await measurePair(call, () => capture.replay(sent), { requests: REQUESTS, seconds: SECONDS, warmup: 3 });
  const ratio = ours.p50 / Math.max(bare.p50, 0.001);
  table[t.name] = {
    'app p50 ms': ms(ours.p50),
    'SQL p50 ms': ms(bare.p50),
    ratio: `${ms(ratio)}×`,
    statements: sent.length,
    KB: Math.round(Buffer.byteLength(first.text) / 1024),
    runs: ours.n,
  };
  if (bare.p50 > 1000) slow.push(`${t.name}: SQL ${ms(bare.p50)} ms`);
}
console.log(
  `\nreports (${app.ctx.dbKind}; loopback HTTP keep-alive, one client; the app call and the same SQL through the driver in turns: up to ${REQUESTS} of each or ${SECONDS} s after 3 warm-up pairs; target ratio ≤ 1.3×, SQL under 1 s)`,
);
console.table(table);
console.log(slow.length ? `SQL over 1 s:\n${slow.join('\n')}` : 'every report SQL under 1 s');
client.close();
await app.close();
process.exit(0);
