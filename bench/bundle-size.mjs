// JavaScript needed to show /signin and the dashboard shell, gzipped, per chunk (budget 250 KB).
// Measured as a user gets it: the built app served by the real server, loaded in Chromium with the service worker
// blocked (its precache would fetch every chunk), signing in as a TMC operator.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const BUDGET = 250 * 1024;
if (!existsSync('dist/server/server.mjs') || !existsSync('dist/client/index.html')) {
  console.error('build first: npm run build');
  process.exit(1);
}
const freePort = () => new Promise((resolve) => { const s = net.createServer().listen(0, () => { const { port } = s.address(); s.close(() => resolve(port)); }); });
const port = await freePort();
const dataDir = await mkdtemp(path.join(tmpdir(), 'lbh-bundle-'));
const server = spawn(process.execPath, ['dist/server/server.mjs'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_FAST_HASH: '1', DATABASE_URL: '' }, stdio: ['ignore', 'ignore', 'inherit'] });
const serverExited = new Promise((resolve) => server.once('exit', resolve));
// a failure below must not leave the server running (it holds this process's stderr open)
process.once('uncaughtException', (err) => { server.kill('SIGTERM'); console.error(err); process.exitCode = 1; });
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try { if ((await fetch(`${base}/healthz`)).ok) break; } catch { /* starting */ }
  if (i > 1200) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
const context = await browser.newContext({ serviceWorkers: 'block' });
const page = await context.newPage();
const chunks = new Map();
const bodies = [];
let stage = 'signin';
let lastActivity = Date.now();
const stageOf = new Map();
page.on('request', (req) => {
  lastActivity = Date.now();
  stageOf.set(req.url(), stage); // the stage when the request started (responses can arrive later)
});
page.on('requestfinished', () => { lastActivity = Date.now(); });
page.on('response', (res) => {
  const url = new URL(res.url());
  if (!url.pathname.endsWith('.js')) return;
  const loadedAt = stageOf.get(res.url()) ?? stage;
  bodies.push(
    res.body().then(
      (buf) => { if (!chunks.has(url.pathname)) chunks.set(url.pathname, { stage: loadedAt, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length }); },
      () => { /* redirected or aborted */ },
    ),
  );
});
/** No request started or finished for `ms` (page.waitForLoadState('networkidle') does not see client-side navigations). */
async function quiet(ms = 1000) {
  while (Date.now() - lastActivity < ms) await new Promise((r) => setTimeout(r, 100));
}
await page.goto(`${base}/signin`, { waitUntil: 'networkidle' });
await page.locator('input[name="username"]').waitFor();
await quiet();
stage = 'dashboard';
await page.locator('input[name="username"]').fill('tmca');
await page.locator('input[name="password"]').fill('Lebuhraya@2026');
await page.locator('button[type="submit"]').click();
await page.waitForURL(`${base}/`, { timeout: 30_000 });
// the shell and the dashboard with its first answer (and whatever that answer loads, e.g. the offline copy)
await page.locator('[data-testid=app-shell] [data-testid=dashboard]').waitFor({ timeout: 30_000 });
await page.waitForFunction(() => !document.querySelector('[data-testid=dashboard-loading]'), null, { timeout: 30_000 });
await quiet();
await Promise.all(bodies);
await browser.close();
server.kill('SIGTERM');
await serverExited;
await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });

const rows = {};
let total = 0;
for (const [name, c] of [...chunks].sort((a, b) => b[1].gzip - a[1].gzip)) {
  rows[name] = { loaded: c.stage, 'raw KB': +(c.raw / 1024).toFixed(1), 'gzip KB': +(c.gzip / 1024).toFixed(1) };
  total += c.gzip;
}
console.log('\nJavaScript to show /signin and the dashboard shell');
console.table(rows);
const heavy = [...chunks.keys()].filter((n) => /(^|\/)(ol|openlayers|chart)[-.]/i.test(path.basename(n)));
console.log(`total gzip: ${(total / 1024).toFixed(1)} KB of a ${BUDGET / 1024} KB budget → ${total <= BUDGET ? 'within budget' : 'OVER BUDGET'}`);
console.log(heavy.length ? `map/chart code in the shell: ${heavy.join(', ')}` : 'no map or chart chunk in the shell');
