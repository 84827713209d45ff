/**
 * Starts the REAL server (dist/server/server.mjs, serving the built client from dist/client) on a free port with a
 * fresh data directory, for the browser tests. `npm run build` (client + server) must have run first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

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

export async function startServer(
  opts: { env?: Record<string, string>; timeoutMs?: number; port?: number; dataDir?: string } = {},
): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) throw new Error(`${CLIENT_DIR} is missing: run \`npx vite build\` first`);
  // a restart after kill() reuses the port (the pages' origin) and the data
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'lebuhraya-e2e-')));
  let log = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
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
      ...opts.env,
    },
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
    await waitForHealth(baseUrl, child, output, opts.timeoutMs ?? 90_000);
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
