/**
 * Starts the REAL server (dist/server/server.mjs, serving the built client from dist/client) on a free port with a
 * fresh data directory, for the browser tests. `npm run build` (client + server) must have run first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, rmSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { nowMs } from '../../../server/lib/clock';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** DIST_DIR (default dist) is where `npm run build` wrote the client and server; E2E_SERVER_ENTRY overrides the server. */
const DIST = path.resolve(ROOT, process.env.DIST_DIR || 'dist');
export const SERVER_ENTRY = process.env.E2E_SERVER_ENTRY ? path.resolve(ROOT, process.env.E2E_SERVER_ENTRY) : path.join(DIST, 'server/server.mjs');
export const CLIENT_DIR = path.join(DIST, 'client');

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** the server's output so far (for failure messages) */
  output: () => string;
  /** SIGTERM (a clean shutdown); the data directory is removed unless keepData (to read the database afterwards) */
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
  /** SIGKILL, keeping the data directory (a crash): start it again with `startServer({ port, dataDir })` */
  kill: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms (${last})\n${output()}`);
}

/**
 * Where the servers' data directories are made: a memory file system (/dev/shm) where there is one. On the CI machine's
 * disk a PGlite directory of the demo (65 MB, 1,400 files) took 1.9 s to copy, 0.1 s in memory, and every write of
 * the database goes the same way. E2E_DATA_ROOT chooses another place.
 */
export const DATA_ROOT = process.env.E2E_DATA_ROOT || (existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());

/** The server's environment: the test run's, the test server's settings, then the test's own. */
function serverEnv(port: number, dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIR,
    SEED_FAST_HASH: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // the demo's live positions (#29 item 5) only for the tests that ask for them (opts.env DEMO_LIVE: '1')
    DEMO_LIVE: '0',
    // the fortnight of history the tests of a server of their own were written on (7 s less a start on PGlite than
    // the demo's 90 days); the shared server (global-setup.ts) seeds the demo's full history
    DEMO_HISTORY_DAYS: '14',
    ...env,
  };
}

/**
 * Seeded data directories, shared by the servers of one e2e run. A server on a fresh PGlite directory seeds the demo
 * first: about 10 s of CPU and 7 s before it answers on a 2-core machine, against 2.5 s of CPU and 2.6 s for the same
 * server on a copy of a directory seeded earlier, so a start copies the seed of an earlier one with the same data
 * settings (SEED_KEYS). The demo's data is written relative to "now", so a seed serves for 15 minutes at most and
 * never across a shift change (07:00, 19:00 Asia/Brunei): a server started later gets data as fresh as its own seeding
 * would give, give or take those minutes (the rosters are topped up at every start anyway). Not copied: servers on a
 * PostgreSQL (DATABASE_URL), restarts on a kept directory, and a server at a clock of its own (a one-off). The first
 * start of a kind seeds the directory with a server of its own, stopped cleanly before the copy; the other lane waits
 * for it. The seeds live in the run's E2E_SEED_DIR (npm test's, shared by its two lanes, else one made by
 * global-setup.ts), removed at the run's end. E2E_FRESH_SEED=1: every server seeds its own.
 */
/** what the seeded data depends on (server/app.ts seedDemoData, ensure*) */
const SEED_KEYS = ['SEED_DEMO', 'DEMO_HISTORY_DAYS', 'DEMO_LIVE', 'SEED_FAST_HASH', 'LEBUHRAYA_CLOCK'] as const;
const SEED_MAX_AGE_MS = 15 * 60_000;
const HOUR = 3_600_000;

async function seededDataDir(env: Record<string, string>, timeoutMs: number): Promise<string | null> {
  const merged = serverEnv(0, '', env);
  const seeds = process.env.E2E_SEED_DIR;
  if (!seeds || process.env.E2E_FRESH_SEED === '1' || merged.DATABASE_URL || env.LEBUHRAYA_CLOCK) return null;
  // the 15-minute slice of the real time and the shift (07:00 and 19:00 local, UTC+8) of the server's clock
  const slice = Math.floor(Date.now() / SEED_MAX_AGE_MS);
  const shift = Math.floor((nowMs() + HOUR) / (12 * HOUR));
  const key = JSON.stringify([SEED_KEYS.map((k) => merged[k] ?? ''), statSync(SERVER_ENTRY).mtimeMs, slice, shift]);
  const name = createHash('sha1').update(key).digest('hex').slice(0, 16);
  const seed = path.join(seeds, name);
  const lock = `${seed}.lock`;
  const target = await newDataDir();
  const copy = async () => {
    await cp(seed, target, { recursive: true });
    return target;
  };
  await mkdir(seeds, { recursive: true });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(seed)) return copy();
    try {
      await mkdir(lock);
    } catch {
      // another process seeds it (a lock older than the start's timeout is left by a process that died)
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > timeoutMs) await rm(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      const dir = `${seed}.tmp`;
      await rm(dir, { recursive: true, force: true });
      const seeder = await launch(await freePort(), dir, env, timeoutMs);
      await seeder.stop({ keepData: true });
      await rename(dir, seed);
      await writeFile(path.join(seeds, `${name}.json`), key);
      return copy();
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
  await rm(target, { recursive: true, force: true });
  return null;
}

/**
 * The data directories this process made. A test that stops its server keeping the data (to read the database) leaves
 * its directory behind, in memory where /dev/shm is used: they are removed when the process ends.
 */
const made = new Set<string>();
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
async function newDataDir() {
  const dir = await mkdtemp(path.join(DATA_ROOT, 'lebuhraya-e2e-'));
  made.add(dir);
  return dir;
}

export async function startServer(
  opts: { env?: Record<string, string>; timeoutMs?: number; port?: number; dataDir?: string } = {},
): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) throw new Error(`${CLIENT_DIR} is missing: run \`npx vite build\` first`);
  const timeoutMs = opts.timeoutMs ?? 90_000;
  // a restart after kill() reuses the port (the pages' origin) and the data
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? (await seededDataDir(opts.env ?? {}, timeoutMs)) ?? (await newDataDir());
  return launch(port, dataDir, opts.env, timeoutMs);
}

async function launch(port: number, dataDir: string, env: Record<string, string> | undefined, timeoutMs: number): Promise<RunningServer> {
  let log = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: serverEnv(port, dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  const output = () => log;
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[e2e] server exited unexpectedly (code ${code}, signal ${signal})\n${log.slice(-6000)}`);
  });
  const stop = async (o: { keepData?: boolean } = {}) => {
    stopping = true;
    if (child.exitCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      // a clean shutdown closes the database; when its data is kept (to be read or restarted), give a loaded machine
      // time to finish that rather than kill it half-written
      const timer = setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), o.keepData ? 30_000 : 5_000);
      await exited;
      clearTimeout(timer);
    }
    if (!o.keepData) await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  };
  const kill = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGKILL');
      await exited;
    }
  };
  try {
    await waitForHealth(baseUrl, child, output, timeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, port, dataDir, output, stop, kill };
}

/**
 * The e2e run's shared server (support/global-setup.ts): one for all the files that do not need their own. Its
 * stop() does nothing (the run stops it at the end); it cannot be killed from a test file.
 */
export function sharedServer(): RunningServer {
  const s = inject('e2eSharedServer');
  if (!s) throw new Error('no shared server: run the file through the e2e project (vitest --project e2e), without E2E_NO_SHARED_SERVER');
  return {
    ...s,
    output: () => '(the shared server: its output goes to the test run)',
    stop: async () => {},
    kill: async () => {
      throw new Error('the shared server cannot be killed by a test file: start one of its own with startServer()');
    },
  };
}
