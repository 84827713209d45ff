// Incident lists and incident save on ≥ 1,000,000 incidents in PostgreSQL (issue #3 "Performance"). Printed, never a
// timed test.
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/lebuhraya_bench) is created when missing and
// filled with `seed:scale` up to BENCH_INCIDENTS (default 1,000,000). The app runs in-process on a free port; each
// list call runs under autocannon beside the same SQL sent directly through `pg` in the same run (ratio = the app's
// overhead: auth, validation, scope checks, JSON), and every list query's EXPLAIN ANALYZE plan is printed with a
// check that no Seq Scan on incident appears. Then incident save (main record + 203 audit, then the subform) is
// measured; the cases it made are removed again so repeated runs measure the same data.
import pg from 'pg';
import autocannon from 'autocannon';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { TokenClaims } from '../contract/auth';
import type { DashboardFilter } from '../contract/incidents';
import { EVENT_TYPE, STATUS } from '../contract/lookups';
import { PATHS } from '../contract/paths';
import { build } from '../server/app';
import { openDb } from '../server/db/client';
import { addDays, bruneiDate } from '../server/db/seed';
import { listCountQuery, listRowsQuery } from '../server/modules/dashboard/queries';
import { pagingOf, resolveFilter } from '../server/modules/dashboard/service';
import { seedScale } from '../scripts/seed-scale';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lebuhraya_bench';
const TARGET = Number(process.env.BENCH_INCIDENTS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'Lebuhraya@2026';

const dialect = new PgDialect();
const ms = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------- the database

async function ensureDatabase(url: string) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name} is not a plain identifier`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) {
    console.log(`creating database ${name}`);
    await c.query(`CREATE DATABASE ${name}`);
  }
  await c.end();
}

try {
  await ensureDatabase(URL_);
} catch (err) {
  const safe = new URL(URL_);
  safe.password = '';
  console.log(`\nincident bench skipped: PostgreSQL not reachable at ${safe.host} (${(err as Error).message}); set BENCH_DATABASE_URL`);
  process.exit(0);
}
{
  const handle = await openDb({ databaseUrl: URL_, dataDir: 'unused' });
  const c = new pg.Client({ connectionString: URL_ });
  await c.connect();
  const have = Number((await c.query('SELECT count(*)::bigint AS n FROM incident')).rows[0].n);
  await c.end();
  if (have < TARGET) {
    console.log(`${have.toLocaleString('en')} incidents in ${new URL(URL_).pathname.slice(1)}; seed:scale adds ${(TARGET - have).toLocaleString('en')}`);
    await seedScale(handle, { incidents: TARGET - have });
  }
  await handle.close();
}

const pool = new pg.Pool({ connectionString: URL_, max: Number(process.env.DB_POOL_MAX ?? 10) });
const one = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0] as T;
const size = await one<{ incidents: string; audits: string; journals: string; vehicles: string; open: string }>(`SELECT
  (SELECT count(*) FROM incident) AS incidents, (SELECT count(*) FROM incident_audit) AS audits,
  (SELECT count(*) FROM journal_entry) AS journals, (SELECT count(*) FROM involved_vehicle) AS vehicles,
  (SELECT count(*) FROM incident WHERE status_id IS NULL OR status_id NOT IN (202, 210)) AS open`);
const fmt = (s: string) => Number(s).toLocaleString('en');
console.log(
  `\ndata: ${fmt(size.incidents)} incidents (${fmt(size.open)} open), ${fmt(size.audits)} audit entries, ${fmt(size.journals)} journal entries, ${fmt(size.vehicles)} involved vehicles`,
);

// ---------------------------------------------------------------- the app

const app = await build({ logger: false, config: { databaseUrl: URL_, clientDir: '/nonexistent', seedFastHash: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
async function signIn(username: string) {
  const res = await fetch(`${base}${PATHS.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORD }) });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  const { body } = (await res.json()) as { body: { token: string } };
  return { token: body.token, claims: app.jwt.decode(body.token) as TokenClaims };
}
const tmca = await signIn('tmca');
const opsmgmt = await signIn('opsmgmt');

// a case of last year in Tengah with an involved vehicle: its ticket and plate are what an operator would search
const sample = await one<{ ticket: string; plate: string }>(
  `SELECT i.ticket_number AS ticket, v.plate_number AS plate FROM incident i JOIN involved_vehicle v ON v.incident_id = i.id
   WHERE i.region_id = 22 AND i.incident_at < now() - interval '300 days' ORDER BY i.id DESC LIMIT 1`,
);
const today = bruneiDate();

interface Scenario {
  name: string;
  who: { token: string; claims: TokenClaims };
  body: DashboardFilter;
  qs?: string;
}
const scenarios: Scenario[] = [
  { name: 'dashboard, first page, default filters (tmca, Tengah)', who: tmca, body: {} },
  { name: 'dashboard, first page, default filters (opsmgmt, all regions)', who: opsmgmt, body: {} },
  {
    name: 'dates (30 days) + section N9 + status Tutup (tmca)',
    who: tmca,
    body: { dateStart: addDays(today, -30), dateEnd: today, sectionId: 9, incidentStatus: STATUS.CLOSED },
  },
  { name: `case search by ticket ${sample.ticket} (tmca)`, who: tmca, body: { ticketNumber: sample.ticket, searchAllStatus: true } },
  { name: `case search by plate '${sample.plate}' (tmca)`, who: tmca, body: { plateNumber: sample.plate, searchAllStatus: true } },
];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function cannon(opts: autocannon.Options): Promise<Figures> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

/** The same SQL, straight through pg: CONNECTIONS callers, each running rows and count together as the app does. */
async function direct(queries: { sql: string; params: unknown[] }[]): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        try {
          await Promise.all(queries.map((q) => pool.query(q.sql, q.params)));
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { rps: latencies.length / DURATION, p50: at(0.5), p99: at(0.99), errors };
}

const table: Record<string, Record<string, number | string>> = {};
const plans: string[] = [];
let seqScans = 0;
const row = (f: Figures) => ({ 'req/s': Math.round(f.rps), 'p50 ms': ms(f.p50), 'p99 ms': ms(f.p99), errors: f.errors });

for (const s of scenarios) {
  const url = `${base}${PATHS.dashboardDataTables}?${s.qs ?? 'length=10&start=0'}`;
  const headers = { authorization: `Bearer ${s.who.token}`, 'content-type': 'application/json' };
  const body = JSON.stringify(s.body);
  const check = await fetch(url, { method: 'POST', headers, body });
  const answer = (await check.json()) as { body: { recordCount: number; rows: unknown[] } };
  if (!check.ok) throw new Error(`${s.name}: ${check.status} ${JSON.stringify(answer)}`);

  // the SQL the service sends for this call
  const { filter } = await resolveFilter(app.ctx.db, s.who.claims, s.body);
  const paging = pagingOf({ direction: 'asc', length: 10, start: 0 });
  const queries = [listRowsQuery(filter, paging), listCountQuery(filter)].map((q: SQL) => dialect.sqlToQuery(q));

  await cannon({ url, method: 'POST', headers, body, duration: 2 }); // warm-up
  const ours = await cannon({ url, method: 'POST', headers, body });
  const bare = await direct(queries);
  const n = scenarios.indexOf(s) + 1;
  table[`${n}. ${s.name} · ${answer.body.recordCount.toLocaleString('en')} found`] = row(ours);
  table[`${n}.    same SQL through pg`] = row(bare);
  table[`${n}.    ratio ours / pg`] = { 'req/s': ms(ours.rps / bare.rps), 'p50 ms': ms(ours.p50 / Math.max(bare.p50, 0.01)), 'p99 ms': ms(ours.p99 / Math.max(bare.p99, 0.01)), errors: '' };

  for (const [kind, q] of [['rows', queries[0]], ['count', queries[1]]] as const) {
    const plan = (await pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${q.sql}`, q.params)).rows.map((r) => r['QUERY PLAN'] as string).join('\n');
    const seq = /Seq Scan on incident\b/.test(plan);
    if (seq) seqScans++;
    plans.push(`── ${s.name} [${kind}]${seq ? '  WARNING: Seq Scan on incident' : ''}\n${plan}`);
  }
}

// ---------------------------------------------------------------- incident save

const roster = await one<{ id: number }>(
  `SELECT id FROM duty_roster WHERE section_id = 9 AND starts_at <= now() AND ends_at > now() ORDER BY id LIMIT 1`,
);
const place = await one<{ id: number; km: number }>(`SELECT id, km FROM event_location WHERE section_id = 9 ORDER BY id LIMIT 1 OFFSET 3`);
const firstNewId = Number((await one<{ n: string }>(`SELECT coalesce(max(id), 0) AS n FROM incident`)).n);
const saveBody = JSON.stringify({
  pkIncidentSourceId: 1101,
  pkSectionId: 9,
  pkDutyRosterId: roster.id,
  pkIncidentCategoryId: EVENT_TYPE.BREAKDOWN,
  pkEventLocationId: place.id,
  pkCardinalDirectionId: 1202,
  pkWeatherConditionId: 1301,
  pkLightingConditionId: 1401,
  kilometerMarker: (place.km + 0.4).toFixed(1),
  pkHighwayId: 1,
});
const tmcaHeaders = { authorization: `Bearer ${tmca.token}`, 'content-type': 'application/json' };
const saveUrl = `${base}${PATHS.incidentSave}`;

const probe = await fetch(saveUrl, { method: 'POST', headers: tmcaHeaders, body: saveBody });
let saveFigures: Figures | null = null;
let pairFigures: Figures | null = null;
if (!probe.ok) {
  console.log(`\nincident save: skipped (${probe.status} ${await probe.text()})`);
} else {
  await cannon({ url: saveUrl, method: 'POST', headers: tmcaHeaders, body: saveBody, duration: 2 });
  saveFigures = await cannon({ url: saveUrl, method: 'POST', headers: tmcaHeaders, body: saveBody });
  // a whole case as the new-case screen sends it: incident/save (main record + 203 audit), then the subform
  pairFigures = await cannon({
    url: saveUrl,
    method: 'POST',
    headers: tmcaHeaders,
    requests: [
      {
        method: 'POST',
        path: PATHS.incidentSave,
        body: saveBody,
        onResponse: (_status: number, resBody: string, context: Record<string, unknown>) => {
          context.id = (JSON.parse(resBody) as { body: { pkIncidentId: number } }).body.pkIncidentId;
        },
      },
      {
        method: 'POST',
        path: PATHS.subformSave('incidentBreakdown'),
        setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => ({
          ...req,
          body: JSON.stringify({ pkIncidentId: context.id, incidentTypeId: EVENT_TYPE.BREAKDOWN, pkBreakdownCauseId: 2401, pkAssistTypeId: 1902, remark: 'Tayar pancit di lorong kecemasan' }),
        }),
      },
    ],
  } as autocannon.Options);
}

// ---------------------------------------------------------------- report

console.log(`\nincident lists (postgres, ${CONNECTIONS} connections, ${DURATION}s each; first page of 10)`);
console.table(table);
if (saveFigures && pairFigures) {
  console.log(`\nincident save (tmca, new breakdown case in N9, ${CONNECTIONS} connections, ${DURATION}s each)`);
  console.table({
    'incident/save (main record + 203 audit, one transaction)': row(saveFigures),
    'incident/save then incidentBreakdown/save (per request)': row(pairFigures),
    '   whole cases per second': { 'req/s': Math.round(pairFigures.rps / 2), 'p50 ms': '', 'p99 ms': '', errors: '' },
  });
}
console.log('\nEXPLAIN ANALYZE of every list query (rows, then count):\n');
console.log(plans.join('\n\n'));
console.log(seqScans ? `\nWARNING: ${seqScans} list quer${seqScans === 1 ? 'y uses' : 'ies use'} a Seq Scan on incident` : '\nOK: every list query uses an index (no Seq Scan on incident)');

// the server is drained first: a save still in flight when autocannon stopped lands before the clean-up
await app.close();

// the cases the save benchmark made go again, so the next run measures the same data
const made = await pool.query(`SELECT id FROM incident WHERE id > $1`, [firstNewId]);
if (made.rowCount) {
  const ids = made.rows.map((r) => r.id as number);
  const c = await pool.connect();
  try {
    // the rows referencing these cases go first, so the per-row foreign-key checks can be skipped where allowed
    // (superuser): involved_vehicle has no index on incident_id, and each check would read it whole
    await c.query('SET session_replication_role = replica').catch(() => {});
    await c.query('BEGIN');
    for (const t of ['incident_notification', 'alert_notification', 'journal_entry', 'involved_vehicle', 'incident_audit']) await c.query(`DELETE FROM ${t} WHERE incident_id = ANY($1)`, [ids]);
    await c.query(`DELETE FROM attachment_content WHERE attachment_id IN (SELECT id FROM attachment WHERE incident_id = ANY($1))`, [ids]);
    await c.query(`DELETE FROM attachment WHERE incident_id = ANY($1)`, [ids]);
    await c.query(`DELETE FROM incident_subform WHERE incident_id = ANY($1)`, [ids]);
    await c.query(`DELETE FROM incident WHERE id = ANY($1)`, [ids]);
    await c.query('COMMIT');
    console.log(`\n(removed the ${ids.length.toLocaleString('en')} cases the save benchmark made)`);
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  } finally {
    c.release(true);
  }
}

await pool.end();

