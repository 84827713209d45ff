// npm run bench: builds once, then runs every benchmark in bench/ and prints its figures.
// `npm run bench -- fault-run web-user` runs only the benchmarks named (their file names in bench/, without the
// ending); `--no-build` uses the build there is. The fault run (bench/fault-run.ts) runs only when named.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const named = args.filter((a) => !a.startsWith('--'));
for (const n of named) {
  if (!existsSync(`bench/${n}.ts`) && !existsSync(`bench/${n}.mjs`)) {
    console.error(`no benchmark bench/${n}.ts or bench/${n}.mjs`);
    process.exit(2);
  }
}
const wanted = (argv) => {
  const file = argv.find((a) => a.startsWith('bench/'));
  const name = file?.replace(/^bench\//, '').replace(/\.(ts|mjs)$/, '');
  return named.length ? named.includes(name) : name !== 'fault-run';
};
const run = (cmd, argv) => {
  if (cmd !== 'npm' && !wanted(argv)) return;
  const r = spawnSync(cmd, argv, { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
};
if (!args.includes('--no-build')) run('npm', ['run', 'build']);
run('node', ['bench/bundle-size.mjs']);
run('node', ['bench/cold-start.mjs']);
// Lighthouse 12 mobile preset on /signin, the TMC operator's dashboard and the patrol's landing screen (median of 3
// runs each, issue #33), with the first load's JavaScript per role
run('node', ['bench/lighthouse.mjs']);
// where the CPU of one request goes, per layer (auth, validation, Fastify, Node HTTP, the database…): issue #18
run('npx', ['tsx', 'bench/request-profile.ts']);
// getDetailWebUser and the dashboard's first page against a bare Node server (PGlite; PostgreSQL with BENCH_DATABASE_URL)
run('npx', ['tsx', 'bench/web-user.ts']);
// 1,000 queued mutations (100 photos) drained by the outbox beside straight fetch; enqueue cost in Chromium
run('npx', ['tsx', 'bench/outbox.ts']);
// the detail page of an accident with 10 vehicles, 10 injuries, 5 closures, 20 assistance items: requests, time to
// the rendered form, overlap of the child-list calls; baseline the same page without child items
run('npx', ['tsx', 'bench/detail-page.ts']);
// 2,000 signed-in clients polling the bell and the broadcasts every 60 s (67 req/s): ceilings with p99 < 100 ms, 304 share, server CPU/memory
run('npx', ['tsx', 'bench/comms-poll.ts']);
// 500 patrols reporting their position every 10 s (50 req/s) and 10x under autocannon beside a bare route; history growth per day and pruning
run('npx', ['tsx', 'bench/positions-ingest.ts']);
// /map with 3,000 case markers + 300 patrols: time to first render, frame times while panning; baseline the same map empty
run('npx', ['tsx', 'bench/map-render.ts']);
// staff, user and team lists on 20,000 staff / 500 teams: API p50 of a filtered, sorted page against the same SQL
// through the driver (ratio, target ≤ 1.3×); CSV import of 5,000 rows (rows/s). A fresh database, dropped afterwards
run('npx', ['tsx', 'bench/admin-lists.ts']);
// needs PostgreSQL (BENCH_DATABASE_URL, default 127.0.0.1:5432/lebuhraya_bench); fills it to 1,000,000 incidents once
run('npx', ['tsx', 'bench/incidents.ts']);
// issue #33 item 3: every list and detail call of the TMC and the patrol against its statement floor (a bare node:http
// server replaying the statements it sends), answer cache off, on PGlite and PostgreSQL with 1,000,000 incidents each
run('npx', ['tsx', 'bench/uncached-reads.ts']);
// shift summary of a roster with 4,000 GPS fixes (issue #15): computeSummary alone, with its reads, the API call
// updateActivityLogSummary; activityLog/dataTables of the roster against the same SQL through the driver (ratio)
run('npx', ['tsx', 'bench/shift-summary.ts']);
// duty roster month view (issue #15): dutyRosterView/dataTables of a region with 2 years of rosters (~40,000) and
// 2,000,000 activity entries against the same SQL through the driver (ratio, target ≤ 1.3×); PGlite, or PostgreSQL
// beside DATABASE_URL / BENCH_DATABASE_URL (a fresh database, dropped afterwards)
run('npx', ['tsx', 'bench/rosters-month.ts']);
// fleet (issue #16): vehicle/dataTables with 5,000 vehicles and the checklist report over a year of checklists for 500
// vehicles (~365,000 checklists, ~5.5 million items) against the same SQL through the driver (ratio, target ≤ 1.3× for
// the vehicle list); PGlite, or PostgreSQL beside DATABASE_URL / BENCH_DATABASE_URL (a fresh database, dropped after)
run('npx', ['tsx', 'bench/fleet.ts']);
// reports (issue #17): every report endpoint on 1,000,000 incidents and a year of rosters, activity logs and checklists
// (the bench/incidents.ts database plus seedReportHistory), one region and month and all regions and a year, against
// the same SQL through the driver (ratio, target ≤ 1.3×; SQL under 1 s); needs PostgreSQL (BENCH_DATABASE_URL)
run('npx', ['tsx', 'bench/reports.ts']);
// the randomised fault run at length (issue #19, #28): 1,000+ mutations per database through the outbox under network
// flaps, SIGKILL restarts and token expiry; only when named (`npm run bench -- fault-run`)
run('npx', ['tsx', 'bench/fault-run.ts']);
