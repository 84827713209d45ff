// Incident lists, the TMC logsheet list and incident save on ≥ 1,000,000 incidents in PostgreSQL (issue #3
// "Performance", issue #18 item 2 "Lists at their SQL's cost"). Printed, never a timed test.
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/lebuhraya_bench) is created when missing and
// filled with `seed:scale` up to BENCH_INCIDENTS (default 1,000,000) and with BENCH_LOGSHEETS TMC logsheets (default
// 60,000: about six years of a logsheet every 50 minutes, by the TMC staff of every region). The app runs in-process
// on a free port.
//
// Every dataTables call of the dashboard, the case search (/cariankes), the incident lists (/incident and
// incidentView/dataTables) and the logsheet is measured against ITS OWN STATEMENTS: the statements the app sends for
// the call are captured at the app's driver (the cached per-request token check left out, every other statement
// kept: scope reads, the page, its count, the label lookups) and replayed through the same driver and pool, in the
// same order and with the same parallelism (statements the app runs side by side are replayed side by side). So the
// ratio is the app's whole overhead: HTTP, auth, validation, the scope checks' JS, row mapping, JSON.
//   - "one caller, in turns": the call and its replay alternate on one connection (a latency comparison, no queue);
//   - "N connections": autocannon against N callers of the replay (a throughput comparison; the load generator runs
//     in this process, on the same event loop as the app, so its cost is counted against the app here).
// Every list statement's EXPLAIN ANALYZE plan is printed with a check that no Seq Scan on incident appears. Then
// incident save (main record + 203 audit, then the subform) is measured; the cases it made are removed again so
// repeated runs measure the same data.
//
// BENCH_ONLY=<regexp> runs only the calls whose name matches (and skips the save bench). BENCH_CPU_PROF=<dir> writes
// a V8 CPU profile of the app's process for each call's "in turns" phase there and prints where the time went.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import autocannon from 'autocannon';
import type { TokenClaims } from '../contract/auth';
import { EVENT_TYPE, STATUS } from '../contract/lookups';
import { PATHS } from '../contract/paths';
import { build } from '../server/app';
import { openDb } from '../server/db/client';
import { addDays, bruneiDate } from '../server/db/seed';
import { seedScale } from '../scripts/seed-scale';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lebuhraya_bench';
const TARGET = Number(process.env.BENCH_INCIDENTS ?? 1_000_000);
const LOGSHEETS = Number(process.env.BENCH_LOGSHEETS ?? 60_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const CPU_PROF = process.env.BENCH_CPU_PROF;
const PASSWORD = 'Lebuhraya@2026';
/** issue #18: a list answers within 1.3× of its own SQL (p50) */
const TARGET_RATIO = 1.3;

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
    console.log(
      `${have.toLocaleString('en')} incidents in ${new URL(URL_).pathname.slice(1)}; seed:scale adds ${(TARGET - have).toLocaleString('en')}`,
    );
    await seedScale(handle, { incidents: TARGET - have });
  }
  await handle.close();
}

// the same connection settings as the app's pool (server/db/client.ts): a replay runs as the app's statements do
const pool = new pg.Pool({ connectionString: URL_, max: Number(process.env.DB_POOL_MAX ?? 10), options: '-c jit=off' });
const one = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0] as T;

// TMC logsheets: one every 50 minutes back from now, written in turn by the TMC staff (TMCA, TMCS) of every region
{
  const have = Number((await one<{ n: string }>('SELECT count(*) AS n FROM tmc_logsheet')).n);
  if (have < LOGSHEETS) {
    const t = performance.now();
    await pool.query(
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
      [LOGSHEETS - have, have],
    );
    await pool.query('ANALYZE tmc_logsheet');
    console.log(`${(LOGSHEETS - have).toLocaleString('en')} TMC logsheets added in ${Math.round(performance.now() - t)} ms`);
  }
}

const size = await one<{ incidents: string; audits: string; journals: string; vehicles: string; open: string; logsheets: string }>(`SELECT
  (SELECT count(*) FROM incident) AS incidents, (SELECT count(*) FROM incident_audit) AS audits,
  (SELECT count(*) FROM journal_entry) AS journals, (SELECT count(*) FROM involved_vehicle) AS vehicles,
  (SELECT count(*) FROM incident WHERE status_id IS NULL OR status_id NOT IN (202, 210)) AS open,
  (SELECT count(*) FROM tmc_logsheet) AS logsheets`);
const fmt = (s: string) => Number(s).toLocaleString('en');
console.log(
  `\ndata: ${fmt(size.incidents)} incidents (${fmt(size.open)} open), ${fmt(size.audits)} audit entries, ${fmt(size.journals)} journal entries, ${fmt(size.vehicles)} involved vehicles, ${fmt(size.logsheets)} TMC logsheets`,
);

// ---------------------------------------------------------------- the app

// the answer cache (plugins/answer-cache.ts) would answer a repeated call from memory without a statement: off here,
// so every call is the list's own work (the first call, and every call after a write); BENCH_ANSWER_CACHE=1 keeps it
const ANSWER_CACHE = process.env.BENCH_ANSWER_CACHE === '1';
const app = await build({
  logger: false,
  config: { databaseUrl: URL_, clientDir: '/nonexistent', seedFastHash: true, ...(ANSWER_CACHE ? {} : { answerCacheTtlMs: 0 }) },
});
console.log(
  ANSWER_CACHE
    ? 'answer cache on: a repeated call may be answered from memory'
    : 'answer cache off (BENCH_ANSWER_CACHE=1 turns it on): every call does its own work',
);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}`;
async function signIn(username: string) {
  const res = await fetch(`${base}${PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  const { body } = (await res.json()) as { body: { token: string } };
  return { token: body.token, claims: app.jwt.decode(body.token) as TokenClaims };
}
const tmca = await signIn('tmca');
const opsmgmt = await signIn('opsmgmt');

// ---------------------------------------------------------------- the app's statements, captured at its driver

type QueryArgs = unknown[];
interface Sent {
  args: QueryArgs;
  start: number;
  end: number;
}
type Driver = { query: (...args: QueryArgs) => Promise<unknown> };
const driver = (app.ctx.db as unknown as { $client: Driver }).$client;
const driverQuery = driver.query.bind(driver);
let capturing: Sent[] | null = null;
driver.query = (...args: QueryArgs) => {
  const p = driverQuery(...args);
  if (capturing) {
    const sent: Sent = { args, start: performance.now(), end: Number.POSITIVE_INFINITY };
    capturing.push(sent);
    const done = () => (sent.end = performance.now());
    p.then(done, done);
  }
  return p;
};
const textOf = (args: QueryArgs) => (typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? ''));
const valuesOf = (args: QueryArgs) => (Array.isArray(args[1]) ? args[1] : ((args[0] as { values?: unknown[] }).values ?? []));
/** the per-request token check (auth plugin): read once every 5 s per user, not per request */
const isTokenCheck = (args: QueryArgs) => /tokens_valid_after/.test(textOf(args));

/**
 * The statements of one call in rounds: a statement sent while an earlier one of the call was still running joins
 * that round (the app ran them side by side, Promise.all); one sent after all earlier ones ended starts a new round.
 */
async function captureCall(call: () => Promise<unknown>): Promise<QueryArgs[][]> {
  capturing = [];
  try {
    await call();
    const sent = capturing.filter((s) => !isTokenCheck(s.args));
    const rounds: QueryArgs[][] = [];
    let endOfRound = Number.NEGATIVE_INFINITY;
    for (const s of sent) {
      if (!rounds.length || s.start >= endOfRound) rounds.push([]);
      rounds[rounds.length - 1].push(s.args);
      endOfRound = Math.max(endOfRound, s.end);
    }
    return rounds;
  } finally {
    capturing = null;
  }
}
const replay = async (rounds: QueryArgs[][]) => {
  for (const round of rounds) await Promise.all(round.map((args) => driverQuery(...args)));
};

// ---------------------------------------------------------------- one caller: the call and its replay in turns

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function post(pathAndQuery: string, body: string, token: string): Promise<{ status: number; bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathAndQuery,
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, bytes: buf.length, text: buf.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const figuresOf = (times: number[], seconds: number, errors = 0): Figures => {
  times.sort((a, b) => a - b);
  return { rps: times.length / seconds, p50: percentile(times, 0.5), p99: percentile(times, 0.99), errors };
};

/** The call, its statements through the driver and the floor (bare HTTP + the statements), one after the other. */
async function inTurns(ours: () => Promise<unknown>, bare: () => Promise<unknown>, floor: () => Promise<unknown>, seconds: number) {
  for (let i = 0; i < 20; i++) {
    await ours();
    await bare();
    await floor();
  }
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    let t = performance.now();
    await ours();
    a.push(performance.now() - t);
    t = performance.now();
    await bare();
    b.push(performance.now() - t);
    t = performance.now();
    await floor();
    c.push(performance.now() - t);
  }
  const spent = (x: number[]) => x.reduce((s, v) => s + v, 0) / 1000;
  return { ours: figuresOf(a, spent(a)), bare: figuresOf(b, spent(b)), floor: figuresOf(c, spent(c)) };
}

// ---------------------------------------------------------------- the floor: a bare HTTP server, the same statements, the same bytes

/**
 * A bare node:http server in this process that, for call n, replays the call's statements through the app's driver
 * and sends the app's answer bytes: what any HTTP API over these statements costs at least (no framework, no auth,
 * no validation, no mapping, no serialisation).
 */
const floorCalls = new Map<string, { rounds: QueryArgs[][]; answer: string }>();
const floorServer = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const c = floorCalls.get(req.url ?? '');
    if (!c) {
      res.writeHead(404).end();
      return;
    }
    replay(c.rounds).then(
      () => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(c.answer) }).end(c.answer),
      () => res.writeHead(500).end(),
    );
  });
});
await new Promise<void>((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
const floorPort = (floorServer.address() as { port: number }).port;
const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function floorCall(key: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: floorPort,
        path: key,
        method: 'POST',
        agent: floorAgent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve());
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// ---------------------------------------------------------------- N connections

async function cannon(opts: autocannon.Options): Promise<Figures> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

/** The same statements, straight through the driver: CONNECTIONS callers, each replaying the call's rounds. */
async function direct(rounds: QueryArgs[][]): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        try {
          await replay(rounds);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  return figuresOf(latencies, DURATION, errors);
}

// ---------------------------------------------------------------- CPU profile (BENCH_CPU_PROF)

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
const inspector = CPU_PROF ? new Session() : null;
if (inspector) {
  mkdirSync(CPU_PROF!, { recursive: true });
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
}

/** Where a sampled function lives: a package of node_modules, a folder of this repository, node itself. */
function placeOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : 'node (native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const m = /\/(server|contract|bench|scripts)\/(.*)$/.exec(url);
  return m ? `${m[1]}/${m[2]}` : url;
}

function summarise(profile: CpuProfile, requests: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byPlace = new Map<string, number>();
  const byFn = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const fn = n.callFrame.functionName || '(anonymous)';
    if (fn === '(idle)') continue;
    busy += us;
    const place = placeOf(n.callFrame.url, fn);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
    const key = `${fn} ${place}:${n.callFrame.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, us]) => `    ${(us / 1000 / requests).toFixed(3).padStart(7)} ms/request ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${name}`);
  return [
    `  busy ${(busy / 1000 / requests).toFixed(2)} ms of CPU per call, client included (${requests} calls); by place:`,
    ...top(byPlace, 14),
    '  heaviest functions (self time):',
    ...top(byFn, 14),
  ].join('\n');
}

// ---------------------------------------------------------------- the calls

// a case of last year in Tengah with an involved vehicle: its ticket and plate are what an operator would search
const sample = await one<{ id: number; ticket: string; plate: string }>(
  `SELECT i.id, i.ticket_number AS ticket, v.plate_number AS plate FROM incident i JOIN involved_vehicle v ON v.incident_id = i.id
   WHERE i.region_id = 22 AND i.incident_at < now() - interval '300 days' ORDER BY i.id DESC LIMIT 1`,
);
const today = bruneiDate();
/** what the screens send: 25 rows, newest first (src/lib/incident-list.ts) */
const SCREEN_QS = 'orderColumn=createdDate&direction=desc&length=25&start=0';

interface Scenario {
  /** dashboard | case search | incident list | logsheet */
  list: string;
  name: string;
  who: { token: string; claims: TokenClaims };
  path: string;
  body: Record<string, unknown>;
  qs?: string;
}
const dashboard = PATHS.dashboardDataTables;
const scenarios: Scenario[] = [
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
].filter((s) => !ONLY || ONLY.test(s.name) || ONLY.test(s.list));

const table: Record<string, Record<string, number | string>> = {};
const turns: Record<string, Record<string, number | string>> = {};
const summary: Record<string, Record<string, number | string>> = {};
const statementsText: string[] = [];
const profiles: string[] = [];
const plans: string[] = [];
let seqScans = 0;
const row = (f: Figures) => ({ 'req/s': Math.round(f.rps), 'p50 ms': ms(f.p50), 'p99 ms': ms(f.p99), errors: f.errors });
const short = (s: string, n = 220) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n)}…` : flat;
};

for (const s of scenarios) {
  const n = scenarios.indexOf(s) + 1;
  const pathAndQuery = `${s.path}?${s.qs ?? 'length=10&start=0'}`;
  const url = `${base}${pathAndQuery}`;
  const headers = { authorization: `Bearer ${s.who.token}`, 'content-type': 'application/json' };
  const body = JSON.stringify(s.body);
  const call = () => post(pathAndQuery, body, s.who.token);
  const check = await call();
  if (check.status !== 200) throw new Error(`${s.name}: ${check.status} ${check.text}`);
  const answer = JSON.parse(check.text) as { body: { recordCount: number; rows: unknown[] } };

  // the statements the app sends for this call (later calls: the token check is cached by then); the fewest of three
  // captures, so a statement of a background job (the alert sweep) that ran during a capture is not counted
  let rounds = await captureCall(call);
  for (let i = 0; i < 2; i++) {
    const again = await captureCall(call);
    if (again.flat().length < rounds.flat().length) rounds = again;
  }
  const statements = rounds.flat();
  const bare = () => replay(rounds);

  // each statement alone, to say where the SQL time goes
  const each: number[] = [];
  for (const args of statements) {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      await driverQuery(...args);
      times.push(performance.now() - t);
    }
    each.push(figuresOf(times, 1).p50);
  }
  statementsText.push(
    [
      `── ${n}. ${s.name}: ${statements.length} statement${statements.length === 1 ? '' : 's'} in ${rounds.length} round trip${rounds.length === 1 ? '' : 's'}, answer ${check.bytes.toLocaleString('en')} bytes`,
      ...rounds.flatMap((round, r) =>
        round.map((args) => {
          const i = statements.indexOf(args);
          return `   [round ${r + 1}${round.length > 1 ? `, ${round.length} side by side` : ''}] ${ms(each[i]).toFixed(2)} ms alone · ${short(textOf(args))}  ${JSON.stringify(valuesOf(args)).slice(0, 120)}`;
        }),
      ),
    ].join('\n'),
  );

  // one caller, in turns
  const floorKey = `/call/${n}`;
  floorCalls.set(floorKey, { rounds, answer: check.text });
  const t = await inTurns(call, bare, () => floorCall(floorKey, body), DURATION);
  // the CPU profile, when asked: the app's calls alone, one caller
  if (inspector) {
    await inspector.post('Profiler.start');
    let calls = 0;
    const end = performance.now() + DURATION * 1000;
    while (performance.now() < end) {
      await call();
      calls++;
    }
    const { profile } = (await inspector.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    const file = path.join(CPU_PROF!, `incidents-${String(n).padStart(2, '0')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    profiles.push(`── ${n}. ${s.name} (${file})\n${summarise(profile, calls)}`);
  }
  const found = `${answer.body.recordCount.toLocaleString('en')} found`;
  turns[`${n}. ${s.name} · ${found}`] = row(t.ours);
  turns[`${n}.    its ${statements.length} statement(s) through the driver`] = row(t.bare);
  turns[`${n}.    floor: bare node:http, the same statements, the same bytes`] = row(t.floor);
  turns[`${n}.    ratio ours / driver`] = {
    'req/s': ms(t.ours.rps / t.bare.rps),
    'p50 ms': ms(t.ours.p50 / t.bare.p50),
    'p99 ms': ms(t.ours.p99 / t.bare.p99),
    errors: '',
  };
  turns[`${n}.    ratio floor / driver`] = {
    'req/s': ms(t.floor.rps / t.bare.rps),
    'p50 ms': ms(t.floor.p50 / t.bare.p50),
    'p99 ms': ms(t.floor.p99 / t.bare.p99),
    errors: '',
  };

  // N connections
  await cannon({ url, method: 'POST', headers, body, duration: 2 }); // warm-up
  const ours = await cannon({ url, method: 'POST', headers, body });
  const many = await direct(rounds);
  table[`${n}. ${s.name} · ${found}`] = row(ours);
  table[`${n}.    same SQL through pg`] = row(many);
  table[`${n}.    ratio ours / pg`] = {
    'req/s': ms(ours.rps / many.rps),
    'p50 ms': ms(ours.p50 / Math.max(many.p50, 0.01)),
    'p99 ms': ms(ours.p99 / Math.max(many.p99, 0.01)),
    errors: '',
  };

  summary[`${n}. ${s.list}: ${s.name}`] = {
    statements: statements.length,
    'round trips': rounds.length,
    'API p50': ms(t.ours.p50),
    'API p99': ms(t.ours.p99),
    'SQL p50': ms(t.bare.p50),
    ratio: ms(t.ours.p50 / t.bare.p50),
    [`≤ ${TARGET_RATIO}`]: t.ours.p50 / t.bare.p50 <= TARGET_RATIO ? 'yes' : 'NO',
    'floor p50': ms(t.floor.p50),
    'floor ratio': ms(t.floor.p50 / t.bare.p50),
    [`×${CONNECTIONS}: API p50`]: ms(ours.p50),
    [`×${CONNECTIONS}: SQL p50`]: ms(many.p50),
    [`×${CONNECTIONS}: ratio`]: ms(ours.p50 / Math.max(many.p50, 0.01)),
  };

  for (const args of statements) {
    const text = textOf(args);
    if (!/\bfrom (incident|tmc_logsheet)\b/i.test(text)) continue;
    const plan = (await pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, valuesOf(args))).rows.map((r) => r['QUERY PLAN'] as string).join('\n');
    const seq = /Seq Scan on incident\b/.test(plan);
    if (seq) seqScans++;
    plans.push(`── ${n}. ${s.name}: ${short(text, 100)}${seq ? '  WARNING: Seq Scan on incident' : ''}\n${plan}`);
  }
}
agent.destroy();
floorAgent.destroy();
floorServer.close();

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

let saveFigures: Figures | null = null;
let pairFigures: Figures | null = null;
const probe = ONLY ? null : await fetch(saveUrl, { method: 'POST', headers: tmcaHeaders, body: saveBody });
if (!probe) {
  console.log('\nincident save: skipped (BENCH_ONLY)');
} else if (!probe.ok) {
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
          body: JSON.stringify({
            pkIncidentId: context.id,
            incidentTypeId: EVENT_TYPE.BREAKDOWN,
            pkBreakdownCauseId: 2401,
            pkAssistTypeId: 1902,
            remark: 'Tayar pancit di lorong kecemasan',
          }),
        }),
      },
    ],
  } as autocannon.Options);
}

// ---------------------------------------------------------------- report

console.log(`\nthe statements each list call sends (captured at the app's driver; the cached token check left out) and each one's p50 alone:\n`);
console.log(statementsText.join('\n'));
console.log(
  `\nincident lists, one caller: the call and the very statements it sent, replayed through the same driver and pool in the same rounds, in turns (${DURATION}s each)`,
);
console.table(turns);
console.log(
  `\nincident lists (postgres, ${CONNECTIONS} connections, ${DURATION}s each; first page of 10 unless the call says; "same SQL" = the call's captured statements replayed)`,
);
console.table(table);
console.log(`\nsummary (issue #18: every list within ${TARGET_RATIO}× of its own statements through the driver, p50; ms)`);
console.table(summary);
if (profiles.length)
  console.log(
    `\nCPU profile of the app's process (one caller, the app's calls alone; the HTTP client is in this process too):\n\n${profiles.join('\n\n')}`,
  );
if (saveFigures && pairFigures) {
  console.log(`\nincident save (tmca, new breakdown case in N9, ${CONNECTIONS} connections, ${DURATION}s each)`);
  console.table({
    'incident/save (main record + 203 audit, one transaction)': row(saveFigures),
    'incident/save then incidentBreakdown/save (per request)': row(pairFigures),
    '   whole cases per second': { 'req/s': Math.round(pairFigures.rps / 2), 'p50 ms': '', 'p99 ms': '', errors: '' },
  });
}
console.log('\nEXPLAIN ANALYZE of every list statement on incident or tmc_logsheet:\n');
console.log(plans.join('\n\n'));
console.log(
  seqScans
    ? `\nWARNING: ${seqScans} list quer${seqScans === 1 ? 'y uses' : 'ies use'} a Seq Scan on incident`
    : '\nOK: every list query uses an index (no Seq Scan on incident)',
);

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
    for (const t of ['incident_notification', 'alert_notification', 'journal_entry', 'involved_vehicle', 'incident_audit'])
      await c.query(`DELETE FROM ${t} WHERE incident_id = ANY($1)`, [ids]);
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
