// Uncached reads near their floor (issue #33 item 3). Printed, never a timed test.
//
// Every list and detail call the TMC and the patrol use most, with the answer cache off, against its statement floor:
// a bare node:http server in this process that replays the statements the call sent (captured at the app's driver,
// every one: on PostgreSQL the token's revocation read too, sent on every request) and sends the same answer bytes (bench/support/statement-floor.ts). The
// call, its statements through the driver and the floor run in turns on one keep-alive connection each; the goal is
// ours ÷ floor ≤ 1.3 (p50) for every call, on PGlite and on PostgreSQL.
//   - the 17 list calls of the incident lists on 1,000,000 incidents (bench/support/incident-lists.ts, the same as
//     bench/incidents.ts);
//   - the case screen (incidentView/get, the audit trail, the subform, every child list of an accident), its journal;
//   - the patrol's shift: activityLog/dataTables of a roster, its checklist (dailyAssetChecklist/forRoster), the
//     roster (dutyroster/get).
//
// BENCH_DB=pglite|postgres|both (default both: each in a process of its own, one after the other, then both side by
// side). PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/lebuhraya_bench), created and
// filled with seed:scale up to BENCH_INCIDENTS (default 1,000,000) when smaller. PGlite: BENCH_PGLITE_DIR (default
// .tmp/bench-pglite), filled up to BENCH_PGLITE_INCIDENTS (default BENCH_INCIDENTS); the printout says how many
// incidents each database held. BENCH_SECONDS (default 10) per call; BENCH_ONLY=<regexp> runs the calls whose name or
// list matches; BENCH_CPU_PROF=<dir> writes a CPU profile of each call and prints where the time went;
// BENCH_ANSWER_CACHE=1 keeps the answer cache on; BENCH_EXPLAIN=1 (PostgreSQL) adds each statement's planning and
// execution time (EXPLAIN ANALYZE, best of 5): a read PostgreSQL plans on every call shows there; BENCH_TIMELINE=1 adds
// where the call's time goes, ours beside the floor's (before the first statement, between rounds, after the last,
// waiting on the database; medians of 200 calls).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ACTIVITY_PAGE_MAX, ACTIVITY_PATHS } from '../contract/activity-log-rules';
import { CHECKLIST_PATHS } from '../contract/checklist-rules';
import { CHILD_LISTS_OF_KIND } from '../contract/child-rules';
import { SUBFORMS } from '../contract/incident-rules';
import { EVENT_TYPE } from '../contract/lookups';
import { PATHS } from '../contract/paths';
import { ROSTER_PATHS } from '../contract/rosters-rules';
import { build } from '../server/app';
import { openDb } from '../server/db/client';
import { seedScale } from '../scripts/seed-scale';
import { ensureDatabase } from './support/bench-database';
import { cpuProfiler } from './support/cpu-profile';
import { loopbackClient } from './support/driver-compare';
import { fillLogsheets, incidentListCalls, listSample, type Query } from './support/incident-lists';
import { inTurns, isSessionRead, statementFloor, textOf, type Timeline, valuesOf } from './support/statement-floor';

const DB = process.env.BENCH_DB ?? 'both';
const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lebuhraya_bench';
const TARGET = Number(process.env.BENCH_INCIDENTS ?? 1_000_000);
const PGLITE_DIR = path.resolve(process.env.BENCH_PGLITE_DIR ?? '.tmp/bench-pglite');
const PGLITE_TARGET = Number(process.env.BENCH_PGLITE_INCIDENTS ?? TARGET);
const LOGSHEETS = Number(process.env.BENCH_LOGSHEETS ?? 60_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const ANSWER_CACHE = process.env.BENCH_ANSWER_CACHE === '1';
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const TIMELINE = process.env.BENCH_TIMELINE === '1';
const PASSWORD = 'Lebuhraya@2026';
/** issue #33 item 3: every call within 1.3× of its statement floor (p50) */
const GOAL = 1.3;

const ms = (n: number) => Math.round(n * 100) / 100;

interface Row {
  n: number;
  list: string;
  name: string;
  statements: number;
  rounds: number;
  bytes: number;
  ours: number;
  driver: number;
  floor: number;
}
interface Result {
  db: 'pglite' | 'postgres';
  incidents: number;
  rows: Row[];
}
const mark = (ratio: number) => (ratio <= GOAL ? 'met' : 'NOT met');

// ---------------------------------------------------------------- both databases: a process each, then side by side

if (DB === 'both') {
  const dir = mkdtempSync(path.join(tmpdir(), 'lbh-uncached-reads-'));
  const results: Result[] = [];
  for (const db of ['pglite', 'postgres'] as const) {
    const file = path.join(dir, `${db}.json`);
    const r = spawnSync('npx', ['tsx', 'bench/uncached-reads.ts'], { stdio: 'inherit', env: { ...process.env, BENCH_DB: db, BENCH_RESULT: file } });
    if (r.status !== 0) process.exitCode = 1;
    try {
      results.push(JSON.parse(readFileSync(file, 'utf8')) as Result);
    } catch {
      console.log(`\n${db}: no result`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const byN = new Map<number, Record<string, string | number>>();
  for (const res of results) {
    const label = `${res.db === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${res.incidents.toLocaleString('en')})`;
    for (const row of res.rows) {
      const line = byN.get(row.n) ?? { call: `${row.list}: ${row.name}` };
      const ratio = row.ours / row.floor;
      line[`${label} ours ÷ floor`] = ms(ratio);
      line[`${label} ≤ ${GOAL}`] = mark(ratio);
      byN.set(row.n, line);
    }
  }
  console.log(`\nuncached reads against their statement floor, both databases (p50, answer cache ${ANSWER_CACHE ? 'on' : 'off'}; goal ≤ ${GOAL}×)`);
  console.table([...byN.values()]);
  const above = results.flatMap((res) => res.rows.filter((row) => row.ours / row.floor > GOAL).map((row) => `${res.db} ${row.n}`));
  console.log(above.length ? `NOT met on: ${above.join(', ')}` : `every call within ${GOAL}× of its floor on both databases`);
} else if (DB === 'pglite' || DB === 'postgres') {
  await runOne(DB);
} else {
  throw new Error(`BENCH_DB=${DB}: pglite, postgres or both`);
}

// ---------------------------------------------------------------- one database

async function runOne(db: 'pglite' | 'postgres') {
  const databaseUrl = db === 'postgres' ? URL_ : undefined;
  const target = db === 'postgres' ? TARGET : PGLITE_TARGET;
  if (databaseUrl) await ensureDatabase(databaseUrl);
  {
    const handle = await openDb({ databaseUrl, dataDir: PGLITE_DIR });
    const have = Number(((await handle.db.execute(sql`SELECT count(*) AS n FROM incident`)) as unknown as { rows: { n: string }[] }).rows[0].n);
    if (have < target) {
      console.log(`${have.toLocaleString('en')} incidents in the ${db} bench database; seed:scale adds ${(target - have).toLocaleString('en')}`);
      await seedScale(handle, { incidents: target - have });
    }
    await handle.close();
  }

  const app = await build({
    logger: false,
    // the shift-summary job off: on a freshly seeded database it catches up on tens of thousands of rosters for minutes,
    // work of its own beside the calls (in steady state it finds nothing to do)
    config: {
      databaseUrl,
      dataDir: PGLITE_DIR,
      clientDir: '/nonexistent',
      seedFastHash: true,
      summaryJobSeconds: 0,
      ...(ANSWER_CACHE ? {} : { answerCacheTtlMs: 0 }),
    },
  });
  const floor = await statementFloor(app.ctx.db);
  const query: Query = (text, params) => floor.driverQuery(text, params ?? []);
  await fillLogsheets(query, LOGSHEETS);
  const incidents = Number((await query('SELECT count(*) AS n FROM incident')).rows[0].n);
  console.log(
    `\n${db}: ${incidents.toLocaleString('en')} incidents${incidents < TARGET ? ` (FEWER than the ${TARGET.toLocaleString('en')} of the goal)` : ''}; answer cache ${ANSWER_CACHE ? 'on' : 'off'}`,
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  const client = loopbackClient((app.server.address() as { port: number }).port);
  const signIn = async (username: string) => {
    const r = await client.call('POST', PATHS.login, { username, password: PASSWORD });
    if (r.status !== 200) throw new Error(`sign-in ${username}: ${r.status} ${r.text}`);
    return { token: (JSON.parse(r.text) as { body: { token: string } }).body.token };
  };
  const tmca = await signIn('tmca');
  const opsmgmt = await signIn('opsmgmt');
  const pr = await signIn('pr');

  // the case screen's case: an accident of last year in Tengah with journal entries and an involved vehicle
  const kase = (
    await query(
      `SELECT i.id, i.subform_id FROM incident i JOIN incident_subform s ON s.id = i.subform_id
       WHERE i.region_id = 22 AND s.type_id = $1 AND i.incident_at < now() - interval '300 days'
         AND EXISTS (SELECT 1 FROM journal_entry j WHERE j.incident_id = i.id) AND EXISTS (SELECT 1 FROM involved_vehicle v WHERE v.incident_id = i.id)
       ORDER BY i.id DESC LIMIT 1`,
      [EVENT_TYPE.ACCIDENT],
    )
  ).rows[0] as { id: number; subform_id: number };
  // the patrol's last ended shift with its activity log and checklist
  const roster = (
    await query(
      `SELECT r.id FROM duty_roster r JOIN team_member tm ON tm.team_id = r.team_id JOIN app_user u ON u.staff_id = tm.staff_id
       WHERE u.username = 'pr' AND r.ends_at <= now()
         AND EXISTS (SELECT 1 FROM activity_log a WHERE a.duty_roster_id = r.id)
         AND EXISTS (SELECT 1 FROM daily_asset_checklist c WHERE c.duty_roster_id = r.id)
       ORDER BY r.starts_at DESC LIMIT 1`,
    )
  ).rows[0] as { id: number };

  interface Call {
    list: string;
    name: string;
    who: { token: string };
    method: 'GET' | 'POST';
    path: string;
    body?: Record<string, unknown>;
    qs?: string;
  }
  const accident = SUBFORMS[EVENT_TYPE.ACCIDENT];
  const calls: Call[] = [
    ...incidentListCalls({ tmca, opsmgmt, sample: await listSample(query) }).map((c) => ({
      ...c,
      method: 'POST' as const,
      qs: c.qs ?? 'length=10&start=0',
    })),
    { list: 'case detail', name: 'incidentView/get (tmca)', who: tmca, method: 'GET', path: PATHS.incidentViewGet(kase.id) },
    { list: 'case detail', name: 'incidentAudit/getByIncidentId (tmca)', who: tmca, method: 'GET', path: PATHS.auditByIncident(kase.id) },
    { list: 'case detail', name: `${accident.path}/get (tmca)`, who: tmca, method: 'GET', path: PATHS.subformGet(accident.path, kase.subform_id) },
    ...CHILD_LISTS_OF_KIND.accident.map((list) => ({
      list: 'case detail',
      name: `${list}/dataTables (tmca)`,
      who: tmca,
      method: 'POST' as const,
      path: PATHS.childDataTables(list),
      body: { incidentSubFormId: kase.subform_id },
      qs: 'length=100&start=0',
    })),
    { list: 'journal', name: 'journal/getAllByIncident (tmca)', who: tmca, method: 'GET', path: PATHS.journalByIncident(kase.id) },
    {
      list: 'activity log',
      name: 'activityLog/dataTables of a roster (pr)',
      who: pr,
      method: 'POST',
      path: ACTIVITY_PATHS.dataTables,
      body: { dutyRosterId: roster.id },
      qs: `length=${ACTIVITY_PAGE_MAX}&start=0`,
    },
    { list: 'checklist', name: 'dailyAssetChecklist/forRoster (pr)', who: pr, method: 'GET', path: CHECKLIST_PATHS.forRoster(roster.id) },
    { list: 'roster', name: 'dutyroster/get (pr)', who: pr, method: 'GET', path: ROSTER_PATHS.get(roster.id) },
  ];

  /** each read's planning and execution time on the server (EXPLAIN ANALYZE, the best of 5 of each) */
  const explained = async (sent: unknown[][]) => {
    const lines: string[] = [];
    for (const args of sent) {
      const text = textOf(args);
      if (!/^\s*\(?\s*(select|with)\b/i.test(text)) continue;
      let planning = Number.POSITIVE_INFINITY;
      let execution = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        const r = await query(`EXPLAIN (ANALYZE, SUMMARY, FORMAT JSON) ${text}`, valuesOf(args));
        const plan = (Object.values(r.rows[0])[0] as { 'Planning Time': number; 'Execution Time': number }[])[0];
        planning = Math.min(planning, plan['Planning Time']);
        execution = Math.min(execution, plan['Execution Time']);
      }
      lines.push(`     planning ${planning.toFixed(3)} ms, execution ${execution.toFixed(3)} ms: ${text.replace(/\s+/g, ' ').slice(0, 100)}`);
    }
    return lines;
  };

  const timelines = async (ours: () => Promise<unknown>, bare: () => Promise<unknown>) => {
    const line = (who: string, t: Timeline) =>
      `     ${who}: ${ms(t.total)} ms: before the first statement ${ms(t.before)}, between rounds ${ms(t.between)}, after the last ${ms(t.after)}, waiting on the database ${ms(t.waiting)}`;
    return [line('ours ', await floor.timeline(ours)), line('floor', await floor.timeline(bare))];
  };

  const profiler = await cpuProfiler(process.env.BENCH_CPU_PROF);
  const rows: Row[] = [];
  const table: Record<string, Record<string, number | string>> = {};
  const statements: string[] = [];
  const profiles: string[] = [];
  for (const [i, c] of calls.entries()) {
    const n = i + 1;
    if (ONLY && !ONLY.test(c.name) && !ONLY.test(c.list)) continue;
    const pathAndQuery = c.qs ? `${c.path}?${c.qs}` : c.path;
    const call = () => client.call(c.method, pathAndQuery, c.body, c.who.token);
    const check = await call();
    if (check.status !== 200) throw new Error(`${n}. ${c.name}: ${check.status} ${check.text.slice(0, 300)}`);
    const rounds = await floor.capture(call);
    const key = `/call/${n}`;
    floor.setFloor(key, rounds, check.text);
    const t = await inTurns(
      call,
      () => floor.replay(rounds),
      () => floor.floorCall(c.method, key, c.body),
      SECONDS,
    );
    const row: Row = {
      n,
      list: c.list,
      name: c.name,
      statements: rounds.flat().length,
      rounds: rounds.length,
      bytes: Buffer.byteLength(check.text),
      ours: t.ours.p50,
      driver: t.bare.p50,
      floor: t.floor.p50,
    };
    rows.push(row);
    table[`${n}. ${c.list}: ${c.name}`] = {
      statements: row.statements,
      'round trips': row.rounds,
      bytes: row.bytes,
      'ours p50': ms(row.ours),
      'driver p50': ms(row.driver),
      'floor p50': ms(row.floor),
      'ours ÷ floor': ms(row.ours / row.floor),
      [`≤ ${GOAL}`]: mark(row.ours / row.floor),
      'floor ÷ driver': ms(row.floor / row.driver),
    };
    statements.push(
      [
        `── ${n}. ${c.name}`,
        ...rounds.map(
          (round, r) =>
            `   [round ${r + 1}] ${round.map((args) => `${isSessionRead(args) ? '⊕ ' : ''}${textOf(args).replace(/\s+/g, ' ').slice(0, 160)}`).join('  ‖  ')}`,
        ),
        ...(EXPLAIN && db === 'postgres' ? await explained(rounds.flat()) : []),
        ...(TIMELINE ? await timelines(call, () => floor.floorCall(c.method, key, c.body)) : []),
      ].join('\n'),
    );
    if (profiler) {
      const { file, summary } = await profiler(`uncached-${db}-${String(n).padStart(2, '0')}`, call, SECONDS);
      profiles.push(`── ${n}. ${c.name} (${file})\n${summary}`);
    }
  }
  client.close();
  await floor.close();
  await app.close();

  console.log(
    `\nthe statements each call sends (${db}; captured at the app's driver; ⊕ marks the token's revocation read, sent beside a read's own statements):\n`,
  );
  console.log(statements.join('\n'));
  if (profiles.length)
    console.log(`\nCPU profile of the process (the app's calls alone, one caller; the HTTP client is in it too):\n\n${profiles.join('\n\n')}`);
  console.log(
    `\nuncached reads on ${db} (${incidents.toLocaleString('en')} incidents), one caller, in turns for ${SECONDS}s each: the call, its statements through the driver, the floor (bare node:http, the same statements, the same bytes); goal ours ÷ floor ≤ ${GOAL} (p50)`,
  );
  console.table(table);
  if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify({ db, incidents, rows } satisfies Result));
}
