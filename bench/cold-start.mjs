// Cold start of the built server on an embedded database that is already seeded, to its first answered request; and
// the same through `npm start` on a built checkout (issue #32: its check that the build is up to date, then the
// server; the target is under 5 s).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { buildState } from '../scripts/build-stamp.mjs';

if (!existsSync('dist/server/server.mjs')) {
  console.error('build first: npm run build');
  process.exit(1);
}
// npm start would build first, and the figure would be the build's
const state = buildState(process.cwd(), 'dist');
if (state.stale) {
  console.error(`build first (npm run build): ${state.reason}`);
  process.exit(1);
}
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function start(dataDir, how = 'server') {
  const port = await freePort();
  const t0 = performance.now();
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  // npm start as a user types it; its own group, so the signal reaches npm's child (the server) too
  const child =
    how === 'npm start'
      ? spawn('npm', ['start', '--silent'], { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true })
      : spawn(process.execPath, ['dist/server/server.mjs'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t0 > 120_000) throw new Error('server did not answer in 120 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - t0;
  if (how === 'npm start') process.kill(-child.pid, 'SIGTERM');
  else child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return ms;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'lbh-cold-'));
const first = await start(dataDir);
const runs = [];
for (let i = 0; i < 5; i++) runs.push(await start(dataDir));
runs.sort((a, b) => a - b);
// npm start on this built checkout: builds nothing when the build is up to date (scripts/start.mjs)
const npmRuns = [];
for (let i = 0; i < 3; i++) npmRuns.push(await start(dataDir, 'npm start'));
npmRuns.sort((a, b) => a - b);
console.log('\ncold start (embedded PGlite, built server) → first answered GET /healthz');
console.table({
  'first start (migrate + seed)': { ms: Math.round(first) },
  'seeded, median of 5': { ms: Math.round(runs[2]) },
  'seeded, best': { ms: Math.round(runs[0]) },
  'seeded, worst': { ms: Math.round(runs[4]) },
  'npm start, built and seeded, median of 3': { ms: Math.round(npmRuns[1]) },
});
console.log(`npm start on a built checkout: ${(npmRuns[1] / 1000).toFixed(1)} s to the first 200 (target under 5 s)`);
await rm(dataDir, { recursive: true, force: true });
