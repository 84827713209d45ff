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
// the call are captured at the app's driver (every statement: on PostgreSQL the token's revocation read, scope reads,
// the page, its count, the label lookups) and replayed through the same driver and pool, in the
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
import pg from 'pg';
import autocannon from 'autocannon';
import { EVENT_TYPE } from '../contract/lookups';
import { PATHS } from '../contract/paths';
import { build } from '../server/app';
import { openDb } from '../server/db/client';
import { seedScale } from '../scripts/seed-scale';
import { cpuProfiler } from './support/cpu-profile';
import { fillLogsheets, incidentListCalls, listSample } from './support/incident-lists';
import { type Figures, figuresOf, inTurns, type QueryArgs, statementFloor, textOf, valuesOf } from './support/statement-floor';
import { ensureDatabase } from './support/bench-database';
import { loopbackClient } from './support/driver-compare';

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

await fillLogsheets((text, params) => pool.query(text, params), LOGSHEETS);

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
  return { token: body.token };
}
const tmca = await signIn('tmca');
const opsmgmt = await signIn('opsmgmt');

// ---------------------------------------------------------------- the app's statements, captured at its driver, and the floor

const floor = await statementFloor(app.ctx.db);
const { driverQuery, replay } = floor;
const client = loopbackClient(port);
const post = async (pathAndQuery: string, body: string, token: string) => {
  const r = await client.call('POST', pathAndQuery, JSON.parse(body), token);
  return { ...r, bytes: Buffer.byteLength(r.text) };
};

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

const profiler = await cpuProfiler(CPU_PROF);

// ---------------------------------------------------------------- the calls

const sample = await listSample((text, params) => pool.query(text, params));
const scenarios = incidentListCalls({ tmca, opsmgmt, sample }).filter((s) => !ONLY || ONLY.test(s.name) || ONLY.test(s.list));

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

  // the statements the app sends for this call; the fewest of three
  // captures, so a statement of a background job (the alert sweep) that ran during a capture is not counted
  const rounds = await floor.capture(call);
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
  floor.setFloor(floorKey, rounds, check.text);
  const t = await inTurns(call, bare, () => floor.floorCall('POST', floorKey, s.body), DURATION);
  // the CPU profile, when asked: the app's calls alone, one caller
  if (profiler) {
    const { file, summary } = await profiler(`incidents-${String(n).padStart(2, '0')}`, call, DURATION);
    profiles.push(`── ${n}. ${s.name} (${file})\n${summary}`);
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
client.close();
await floor.close();

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

console.log(`\nthe statements each list call sends (captured at the app's driver) and each one's p50 alone:\n`);
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
