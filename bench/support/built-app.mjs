// The built app served by the real server (dist/server/server.mjs) on a free port with a fresh embedded database,
// as the browser benches need it (bench/bundle-size.mjs, bench/lighthouse.mjs).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** DIST_DIR: the build folder (default dist), as for `DIST_DIR=dist-x npm run build`. */
export const distDir = () => process.env.DIST_DIR || 'dist';

export const isBuilt = (dist = distDir()) => existsSync(`${dist}/server/server.mjs`) && existsSync(`${dist}/client/index.html`);

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * Starts `<dist>/server/server.mjs` on PGlite in a temp DATA_DIR (the demo seeded with fast password hashes) and waits
 * for /healthz. `stop()` ends it and removes the data.
 */
export async function startBuiltServer(dist = distDir()) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lbh-bench-'));
  const server = spawn(process.execPath, [`${dist}/server/server.mjs`], {
    env: {
      ...process.env,
      CLIENT_DIR: `${dist}/client`,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_FAST_HASH: '1',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  // a failure of the bench must not leave the server running (it holds this process's stderr open)
  process.once('uncaughtException', (err) => {
    server.kill('SIGTERM');
    console.error(err);
    process.exitCode = 1;
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    // up to 5 minutes: seeding the demo on a 2-core machine busy with other work took over 2
    if (i > 3000) {
      await stop();
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop };
}

/** The flags every bench's Chromium runs with (headless in a container). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * Signs in through the API as the sign-in screen does (login, then getDetailWebUser) and returns the localStorage the
 * PWA reads at start (src/lib/session.ts SESSION_MIRROR_KEY): a screen behind sign-in opened as on a tablet that
 * signed in earlier.
 */
export async function sessionStorageOf(base, username, password = 'Lebuhraya@2026') {
  const post = async (p, body, token) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok || json.statusCode >= 400) throw new Error(`${p} as ${username}: ${res.status} ${json.statusMsg}`);
    return json.body;
  };
  const { token, expiresAt } = await post('/rest/auth/jwt/login', { username, password });
  const { user } = await post('/rest/auth/getDetailWebUser', {}, token);
  return { 'lebuhraya.session': JSON.stringify({ token, expiresAt, user }) };
}
