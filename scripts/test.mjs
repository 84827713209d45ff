// npm test: typecheck and lint beside unit → server (PGlite; with DATABASE_URL, shared with PostgreSQL) → build → browser tests.
// Ends with the line `tests: N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const out = path.resolve('.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- unit server`
// the browser tests' servers keep their data under one directory of this run (in memory where /dev/shm is), their
// seeds in it shared by both lanes (tests/e2e/support/server.ts); removed at the end, also when the run is stopped by
// a signal (Ctrl-C, a CI's timeout), with the test processes still running then
const e2eRoot = path.join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), `lebuhraya-e2e-run-${process.pid}`);
const e2eSeeds = path.join(e2eRoot, 'seeds');
mkdirSync(e2eRoot, { recursive: true });
const children = new Set();
process.once('exit', () => {
  // each vitest run leads a process group of its own (detached): its workers and their servers go with it
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
  rmSync(e2eRoot, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => process.exit(128 + os.constants.signals[signal]));

/**
 * Seconds each browser test file took in a fresh-clone CI run of `npm test` (2026-12-06: two lanes on 2 cores, the
 * servers' data in memory and copied from a seed, tests/e2e/support/server.ts), so longer than each alone: the
 * lanes are dealt by these (that run's lanes, dealt by the table before, added up to 828 and
 * 887 s). A file not listed weighs 0.3 s per line of its text; a test that starts servers of its own 10 s
 * more per start. Update the table from a run's JSON results (.tmp/test-results) when files grow or shrink by minutes.
 */
const E2E_SECONDS = {
  'fault-run': 200,
  'offline-sync': 153,
  'tablet-layout': 107,
  accessibility: 104,
  'table-columns': 74,
  'whole-day': 74,
  'comms-background': 70,
  'new-case': 69,
  'incident-lifecycle': 64,
  'offline-journey': 50,
  lists: 48,
  'night-theme': 48,
  'whole-shift': 47,
  journal: 44,
  'menu-roles': 44,
  screens: 43,
  map: 36,
  'child-lists': 34,
  english: 32,
  'every-route-has-data': 30,
  'poison-item': 30,
  'fleet-checklist': 28,
  reports: 27,
  'two-servers': 26,
  'spec-routes': 24,
  'offline-conflicts': 22,
  organisation: 22,
  'duty-roster': 20,
  'field-report': 19,
  'auth-flows': 18,
  comms: 16,
  'photo-evidence': 16,
  offline: 14,
  keyboard: 11,
  'my-shift': 11,
  positions: 11,
  'launch-landing': 9,
  'update-prompt': 8,
  'assign-to-distance': 6,
  tmclog: 5,
};

const phases = [
  // each check counts as one test: passed when the command exits 0
  { name: 'typecheck', check: ['npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']] },
  { name: 'lint', check: ['npx', ['biome', 'ci', '--error-on-warnings', '.']] },
  { name: 'unit', args: ['--project', 'unit'], env: {} },
  // the server suite: on PGlite alone when no PostgreSQL is given; with DATABASE_URL, two lanes at once (PostgreSQL
  // runs in its own process, so the two share the cores better than one after the other), see serverLanes()
  { name: 'server', lanes: serverLanes() },
  { name: 'build', build: true },
  // two lanes at once (the browser tests mostly wait: on the app, its polls, the network they cut), see e2eLanes()
  { name: 'e2e', lanes: e2eLanes() },
].filter((p) => !only.length || only.some((o) => p.name.startsWith(o)));

/**
 * The server suite's lanes. Without DATABASE_URL every file runs on PGlite (the files that need PostgreSQL,
 * `*.postgres.test.ts`, are named as not run). With it, each file runs on ONE of the two databases, dealt in the
 * order of their names (every third to PGlite), so that both drivers carry a share of every kind of test; the
 * files marked `@both-databases` (the ones about the drivers themselves: write tracking, caches, bytes, transactions,
 * backups, the reports' pinned figures) run on both, and `*.postgres.test.ts` on PostgreSQL only. Run one file on
 * both by hand: `npx vitest run --project server <file>` with and without DATABASE_URL.
 */
function serverLanes() {
  const files = readdirSync('tests/server')
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => `tests/server/${f}`);
  const pgOnly = files.filter((f) => f.endsWith('.postgres.test.ts'));
  const url = process.env.DATABASE_URL;
  if (!url) {
    if (pgOnly.length) console.log(`server: ${pgOnly.length} PostgreSQL-only file(s) not run (no DATABASE_URL): ${pgOnly.join(', ')}`);
    return [{ name: 'PGlite', args: ['--project', 'server', ...files.filter((f) => !pgOnly.includes(f))], env: { DATABASE_URL: '' } }];
  }
  const both = files.filter((f) => readFileSync(f, 'utf8').includes('@both-databases'));
  const rest = files.filter((f) => !both.includes(f) && !pgOnly.includes(f));
  return [
    // a file takes longer on PGlite (in the test process) than on PostgreSQL (its own process): PGlite gets every
    // third file, so the two lanes end together (a CI run with half each: PGlite 493 s, PostgreSQL 348 s)
    { name: 'PGlite', args: ['--project', 'server', ...both, ...rest.filter((_, i) => i % 3 === 0)], env: { DATABASE_URL: '' } },
    { name: 'PostgreSQL', args: ['--project', 'server', ...both, ...pgOnly, ...rest.filter((_, i) => i % 3 !== 0)], env: { DATABASE_URL: url } },
  ];
}

/**
 * The browser tests in lanes run side by side, each a vitest run of files one after another. The files that start
 * servers of their own (they kill, restart or stop them) all go to the last lane; the files on the shared server
 * (`sharedServer()`, tests/e2e/support/global-setup.ts) are dealt, heaviest first, to the lightest lane (by
 * E2E_SECONDS), and a lane that gets one starts a shared server of its own (E2E_NO_SHARED_SERVER where none).
 * Two lanes: a CI run with three (2026-11-28) pushed the load average to 13 on 2 cores, tests ran 2–3 times slower
 * and four timed out.
 */
function e2eLanes(count = 2) {
  const files = readdirSync('tests/e2e')
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => {
      const text = readFileSync(`tests/e2e/${f}`, 'utf8');
      const shared = text.includes('sharedServer()');
      const starts = (text.match(/\bstartServer\(/g) ?? []).length;
      const name = f.replace(/\.test\.ts$/, '');
      return { file: `tests/e2e/${f}`, shared, weight: E2E_SECONDS[name] ?? 0.3 * text.split('\n').length + 10 * starts };
    })
    .sort((a, b) => b.weight - a.weight);
  const lanes = Array.from({ length: count }, () => ({ files: [], weight: 0 }));
  // the files with servers of their own first, in the last lane; then the shared ones to whichever lane is lightest
  for (const f of files.filter((x) => !x.shared)) {
    lanes[count - 1].files.push(f);
    lanes[count - 1].weight += f.weight;
  }
  for (const f of files.filter((x) => x.shared)) {
    const lane = lanes.reduce((min, l) => (l.weight < min.weight ? l : min));
    lane.files.push(f);
    lane.weight += f.weight;
  }
  return lanes
    .filter((l) => l.files.length)
    .map((l, i) => {
      const shared = l.files.some((f) => f.shared);
      return {
        name: `lane ${i + 1}${shared ? ' (shared server)' : ''}`,
        weight: Math.round(l.weight),
        args: ['--project', 'e2e', ...l.files.map((f) => f.file)],
        // the servers run on PGlite; the tests that need a PostgreSQL (two servers on one database) make their
        // database through E2E_POSTGRES_URL (else 127.0.0.1:5432)
        env: {
          DATABASE_URL: '',
          E2E_DATA_ROOT: e2eRoot,
          E2E_SEED_DIR: e2eSeeds,
          ...(process.env.DATABASE_URL ? { E2E_POSTGRES_URL: process.env.DATABASE_URL } : {}),
          ...(shared ? {} : { E2E_NO_SHARED_SERVER: '1' }),
        },
      };
    });
}

let passed = 0;
let failed = 0;
let broken = false;
const summary = [];
const slowest = []; // { phase, file, ms }: the ten slowest test files are printed at the end
const started = Date.now();
const failures = []; // every failed test, repeated at the end so the tail of a CI log names it
/**
 * The checks (typecheck, lint) run beside the unit tests: tsc works on one core for most of its 50 s while vitest's
 * workers wait on imports, so the two together take little more than the longer one. Their output is printed, and
 * their line added to the summary, once they are done: before the first phase that is neither a check nor `unit`.
 */
let checksRunning = [];
async function finishChecks() {
  for (const c of checksRunning) {
    const { ok, output, ms } = await c.done;
    console.log(`\n── ${c.name} (run beside the unit tests; its output) ──`);
    if (output.trim()) console.log(output.trimEnd());
    if (ok) passed += 1;
    else failed += 1;
    summary.push(`${c.name}: ${ok ? '1 passed, 0 failed' : '0 passed, 1 failed'} (${duration(ms)})`);
  }
  checksRunning = [];
}
for (const [i, phase] of phases.entries()) {
  if (!phase.check && phase.name !== 'unit') await finishChecks();
  console.log(`\n━━ ${phase.name} ━━`);
  const t0 = Date.now();
  const took = () => ` (${duration(Date.now() - t0)})`;
  if (phase.check) {
    console.log('(started; its result follows the unit tests)');
    const child = spawn(phase.check[0], phase.check[1], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b) => {
      output += b;
    });
    child.stderr.on('data', (b) => {
      output += b;
    });
    checksRunning.push({
      name: phase.name,
      done: new Promise((resolve) => child.on('close', (status) => resolve({ ok: status === 0, output, ms: Date.now() - t0 }))),
    });
    continue;
  }
  if (phase.build) {
    const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (r.status !== 0) {
      broken = true;
      summary.push(`build: FAILED${took()}`);
      break;
    }
    summary.push(`build: ok${took()}`);
    continue;
  }
  const lanes = phase.lanes ?? [{ name: phase.name, args: phase.args, env: phase.env }];
  for (const l of lanes.length > 1 ? lanes : [])
    console.log(
      `${l.name}: ${l.args.filter((a) => a.endsWith('.ts')).length} files${l.weight ? ` (about ${Math.round(l.weight / 60)} min as dealt)` : ''}`,
    );
  const results = await Promise.all(lanes.map((lane, j) => runVitest(lane, path.join(out, `phase-${i}-${j}.json`), j > 0)));
  let p = 0;
  let f = 0;
  const perLane = [];
  for (const [j, { status, file, log }] of results.entries()) {
    const p0 = p;
    const f0 = f;
    const where = lanes.length > 1 ? `${phase.name} (${lanes[j].name})` : phase.name;
    if (log) {
      console.log(`\n── ${phase.name} · ${lanes[j].name} (run beside the first lane; its output) ──`);
      console.log(readFileSync(log, 'utf8'));
    }
    let lf = 0;
    try {
      const json = JSON.parse(readFileSync(file, 'utf8'));
      p += json.numPassedTests;
      lf += json.numFailedTests;
      // a file that failed to load counts as one failure
      lf += json.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0).length;
      for (const t of json.testResults) {
        const file = path.relative(process.cwd(), t.name);
        if (t.startTime && t.endTime) slowest.push({ phase: where, file, ms: t.endTime - t.startTime });
        if (t.status === 'failed' && t.assertionResults.length === 0) failures.push(`${where} · ${file}: ${firstLine(t.message)}`);
        for (const a of t.assertionResults.filter((x) => x.status === 'failed')) {
          failures.push(`${where} · ${file} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
        }
      }
    } catch {
      lf += 1;
    }
    if (status !== 0 && lf === 0) lf = 1;
    f += lf;
    if (lanes.length > 1) perLane.push(`${lanes[j].name} ${p - p0}/${f - f0}`);
  }
  passed += p;
  failed += f;
  summary.push(`${phase.name}: ${p} passed, ${f} failed${took()}${perLane.length ? ` (passed/failed per lane: ${perLane.join(', ')})` : ''}`);
}
await finishChecks();
if (failures.length) console.log(`\nFailed:\n${failures.map((x) => `  ✗ ${x}`).join('\n')}`);
if (slowest.length) {
  console.log('\nSlowest test files:');
  for (const s of slowest.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${duration(s.ms).padStart(7)}  ${s.phase} · ${s.file}`);
}
console.log(`\n${summary.join('\n')}`);
console.log(`total: ${duration(Date.now() - started)}`);
if (broken) failed += 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

/**
 * One vitest run with the default and JSON reporters. The first lane of a phase writes to the terminal; a lane run
 * beside it writes to a log file, printed once it is done (so the CI log keeps each lane's lines together).
 */
function runVitest(lane, file, beside) {
  const env = { ...process.env, ...lane.env };
  if (env.DATABASE_URL === '') delete env.DATABASE_URL;
  const args = ['vitest', 'run', ...lane.args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const log = beside ? file.replace(/\.json$/, '.log') : null;
  return new Promise((resolve) => {
    const child = spawn('npx', args, { env, stdio: beside ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: true });
    children.add(child);
    child.on('close', () => children.delete(child));
    if (log) {
      const stream = createWriteStream(log);
      child.stdout.pipe(stream);
      child.stderr.pipe(stream);
      child.on('close', (status) => stream.end(() => resolve({ status, file, log })));
    } else {
      child.on('close', (status) => resolve({ status, file, log }));
    }
  });
}

function duration(ms) {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

function firstLine(message) {
  return String(message ?? '')
    .split('\n')
    .slice(0, 3)
    .join(' ')
    .slice(0, 400);
}
