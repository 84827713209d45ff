// The incident map /map with 3,000 open cases and 300 active patrols (issue #7) in headless system Chromium against
// the built app on the local server. The bigMaps answer is served from this script (page.route: the same answer
// every run, recorded in the contract's shape; the server tests cover the real one) and the basemap tiles are one
// generated 256 px PNG (no network). Printed: time to the first render with every marker (navigation start → the
// map's rendercomplete after the markers were set), and the frame times (ms between animation frames) while the view
// pans 120 frames, as a drag does (vector layers moved, not redrawn) and as an animation does (redrawn each frame).
// Baseline in the same run: the same map with 0 cases and 0 patrols; the figures are ratios to it.
//   DIST_DIR=dist npm run build && npx tsx bench/map-render.ts        (BENCH_RUNS to change the number of loads, default 3)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { build } from '../server/app';
import { PATHS } from '../contract/paths';
import { EVENT_TYPE, STATUS } from '../contract/lookups';
import { TILE_URL_DEFAULT, tileOrigin } from '../contract/map-rules';
import type { BigMaps, MapIncident, MapRoster } from '../contract/maps';
import { png } from '../tests/support/images';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DIST = process.env.DIST_DIR ?? 'dist';
const PASSWORD = 'Lebuhraya@2026';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CASES = 3000;
const PATROLS = 300;
const FRAMES = 120;

/** A small deterministic PRNG (mulberry32), so every run draws the same map. */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Places along the North–South corridor (Bukit Kayu Hitam → Johor Bahru), a few km either side. */
function corridor(rand: () => number): [number, number] {
  const f = rand();
  const lat = 6.5 - f * 5.0 + (rand() - 0.5) * 0.08;
  const lng = 100.4 + f * 3.3 + (rand() - 0.5) * 0.08;
  return [lat, lng];
}

function answer(cases: number, patrols: number): BigMaps {
  const rand = prng(7);
  const types = Object.values(EVENT_TYPE);
  const statuses = [null, STATUS.ASSIGNED, STATUS.RECEIVED, STATUS.ARRIVED, STATUS.ASSISTANCE_DONE];
  const incidents: MapIncident[] = Array.from({ length: cases }, (_, i) => {
    const [lat, lng] = corridor(rand);
    const statusId = statuses[i % statuses.length];
    return {
      incidentId: 100_000 + i,
      subformId: null,
      ticketNumber: `B${String(i).padStart(6, '0')}`,
      type: 'ACCIDENT',
      incidentCategoryId: types[i % types.length],
      section: 'N1',
      chainage: `${(i % 400).toFixed(1)} (N1)`,
      direction: 'Arah Utara',
      incidentStatus: statusId === null ? 'Tiada Status' : 'Tugasan Dihantar',
      incidentStatusId: statusId,
      incidentDate: '23-11-2026',
      incidentTime: '08:15',
      latitude: lat,
      longtitude: lng,
      pkDutyRosterId: null,
    };
  });
  const activePR: MapRoster[] = Array.from({ length: patrols }, (_, i) => {
    const [lat, lng] = corridor(rand);
    return {
      pkDutyRosterId: 50_000 + i,
      dutyRosterName: `RONDA ${i}`,
      status: i % 4 === 0 ? 'Sibuk' : 'Bebas',
      busy: i % 4 === 0,
      startHour: '07:00',
      endHour: '19:00',
      pointAName: 'Plaza Tol A',
      pointBName: 'Plaza Tol B',
      plateNumber: `WBN ${1000 + i}`,
      callSign: `PR${i}`,
      sectionId: 1,
      sectionName: 'N1',
      latlng: [lat, lng],
      location: null,
      positionAgeSeconds: 30,
      stale: i % 10 === 0,
      members: [],
    };
  });
  return { incidents, activePR, serverTime: new Date().toISOString() };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'lbh-bench-map-'));
const app = await build({ logger: false, config: { dataDir, clientDir: path.resolve(DIST, 'client'), seedFastHash: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const ctx: BrowserContext = await browser.newContext({
  baseURL: base,
  viewport: { width: 1440, height: 900 },
  serviceWorkers: 'block',
  timezoneId: 'Asia/Kuala_Lumpur',
});
const tile = png(256, 256);
const tileHost = tileOrigin(process.env.VITE_TILE_URL || TILE_URL_DEFAULT)!.replace('*.', '');
await ctx.route(
  (u) => u.host.endsWith(new URL(tileHost).host),
  (r) => r.fulfill({ status: 200, contentType: 'image/png', headers: { 'access-control-allow-origin': '*' }, body: tile }),
);
const signin = await ctx.newPage();
await signin.goto('/signin');
await signin.getByTestId('signin-username').fill('tmca');
await signin.getByTestId('signin-password').fill(PASSWORD);
await signin.getByTestId('signin-submit').click();
await signin.waitForURL((u) => u.pathname !== '/signin');
await signin.close();

interface Run {
  firstRenderMs: number;
  drag: number[];
  animated: number[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function load(cases: number, patrols: number): Promise<Run> {
  const body = JSON.stringify({ statusCode: 200, statusMsg: 'OK', body: answer(cases, patrols) });
  const page = await ctx.newPage();
  await page.route(`**${PATHS.bigMaps}`, (r) => r.fulfill({ status: 200, contentType: 'application/json', body }));
  await page.goto('/map');
  await page.waitForFunction(
    ([n, p]) => {
      const m = (
        window as unknown as { __lebuhrayaMap?: { cases(): unknown[]; patrols(): unknown[]; casesChangedAt(): number; lastRenderAt(): number } }
      ).__lebuhrayaMap;
      return !!m && m.casesChangedAt() > 0 && m.cases().length === n && m.patrols().length === p && m.lastRenderAt() > m.casesChangedAt();
    },
    [cases, patrols] as const,
    { timeout: 60_000, polling: 50 },
  );
  const firstRenderMs = await page.evaluate(() =>
    (window as unknown as { __lebuhrayaMap: { lastRenderAt(): number } }).__lebuhrayaMap.lastRenderAt(),
  );
  const tiles = await page.evaluate(() =>
    (window as unknown as { __lebuhrayaMap: { tiles(): { loaded: number; failed: number } } }).__lebuhrayaMap.tiles(),
  );
  if (!tiles.loaded || tiles.failed) throw new Error(`the basemap did not draw: ${JSON.stringify(tiles)}`);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
  const pan = (drag: boolean) =>
    page.evaluate(
      ([f, d]) =>
        (window as unknown as { __lebuhrayaMap: { panFrames(f: number, dx: number, drag: boolean): Promise<number[]> } }).__lebuhrayaMap.panFrames(
          f,
          4,
          d,
        ),
      [FRAMES, drag] as const,
    );
  // one pan first, discarded: the tiles and glyphs of the first frames after the first render are still coming in
  await pan(false);
  const animated = await pan(false);
  const drag = await pan(true);
  await page.close();
  return { firstRenderMs, drag, animated };
}

async function measure(cases: number, patrols: number) {
  const out: Run[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const r = await load(cases, patrols);
    if (i > 0) out.push(r); // the first load warms the HTTP cache of the static files
  }
  return {
    firstRender: median(out.map((r) => r.firstRenderMs)),
    drag: out.flatMap((r) => r.drag),
    animated: out.flatMap((r) => r.animated),
  };
}

const full = await measure(CASES, PATROLS);
const empty = await measure(0, 0);
const line = (label: string, xs: number[], basexs: number[]) =>
  console.log(
    `  ${label.padEnd(34)} median ${median(xs).toFixed(1)} ms, p95 ${pct(xs, 0.95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms` +
      `  (baseline median ${median(basexs).toFixed(1)}, p95 ${pct(basexs, 0.95).toFixed(1)}; p95 ratio ${(pct(xs, 0.95) / pct(basexs, 0.95)).toFixed(2)}×)`,
  );
console.log(
  `\n━━ /map with ${CASES.toLocaleString('en')} case markers + ${PATROLS} patrols (${RUNS} loads each; canvas vector layers, cached styles) ━━`,
);
console.log(
  `  time to first render with every marker  ${full.firstRender.toFixed(0)} ms  (baseline, 0 markers: ${empty.firstRender.toFixed(0)} ms; ratio ${(full.firstRender / empty.firstRender).toFixed(2)}×)`,
);
console.log(`  frame time while panning, ${FRAMES} frames × ${RUNS} loads (60 Hz = 16.7 ms):`);
line('drag (layers moved, not redrawn)', full.drag, empty.drag);
line('animation (redrawn every frame)', full.animated, empty.animated);

await browser.close();
await app.close();
await rm(dataDir, { recursive: true, force: true });
