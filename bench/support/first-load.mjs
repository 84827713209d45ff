// JavaScript needed to show /signin and the dashboard shell, gzipped, per chunk (budget 250 KB, target 170 KB).
// Measured as a user gets it: the built app served by the real server, loaded in Chromium with the service worker
// blocked (its precache would fetch every chunk), signing in as a TMC operator and as a patrol (each in a fresh
// browser context: nothing cached). A patrol whose roster covers now lands on Syif saya instead of the dashboard: its
// frame (title and the steps' skeletons) is marked as the dashboard's is (src/lib/frame-mark.ts). Two figures each:
// - first load: what /signin loads, then what is requested until the dashboard's frame (shell, top bar, menu, title
//   and tabs) has been committed (the page's performance mark 'dashboard-frame'): the budget applies to it;
// - total: everything loaded once the dashboard's list has shown its first answer and the network is quiet (the
//   list's chunk, which loads right after the frame, and what loads when idle, e.g. the sync runtime and Dexie).
// Used by bench/bundle-size.mjs (every chunk) and bench/lighthouse.mjs (the summary beside the Lighthouse figures).
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const BUDGET = 250 * 1024;
// issue #18's and #33's target for the same figure
export const TARGET = 170 * 1024;
/** the demo's patrol on shift now: its day patrol from 07:00 to 19:00 Asia/Brunei, its night patrol otherwise */
const bruneiHour = (new Date().getUTCHours() + 8) % 24;
export const PATROL_ON_SHIFT = bruneiHour >= 7 && bruneiHour < 19 ? 'pr' : 'pr.malam';
export const ROLES = [
  ['tmca', 'TMC operator (tmca)'],
  [PATROL_ON_SHIFT, `patrol on shift (${PATROL_ON_SHIFT})`],
];
const STAGE = { signin: '1 /signin', frame: '2 dashboard frame', after: '3 after the frame' };

/** Loads /signin, signs in as `username`, waits for the dashboard's list with its first answer; scripts by stage. */
async function measure(browser, base, username) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  // resource timing keeps every request of the run (the default buffer holds 250)
  await page.addInitScript(() => performance.setResourceTimingBufferSize(2000));
  const chunks = new Map();
  const bodies = [];
  let stage = 'signin';
  let lastActivity = Date.now();
  const stageOf = new Map();
  page.on('request', (req) => {
    lastActivity = Date.now();
    stageOf.set(req.url(), stage); // the stage when the request started (responses can arrive later)
  });
  page.on('requestfinished', () => {
    lastActivity = Date.now();
  });
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith('.js')) return;
    const loadedAt = stageOf.get(res.url()) ?? stage;
    bodies.push(
      res.body().then(
        (buf) => {
          if (!chunks.has(url.pathname)) chunks.set(url.pathname, { stage: loadedAt, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
        },
        () => {
          /* redirected or aborted */
        },
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
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('Lebuhraya@2026');
  await page.locator('button[type="submit"]').click();
  // a patrol whose roster covers now lands on Syif saya (src/lib/shift-landing.ts), everyone else on the dashboard
  await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/syifsaya', { timeout: 30_000 });
  const landing = new URL(page.url()).pathname;
  if (landing === '/syifsaya') {
    // Syif saya marks its frame as the dashboard does (src/lib/frame-mark.ts): the moment the screen (title, the steps'
    // skeletons) is committed; the roster's answer, Dexie for its unsent writes and idle loads come after
    await page.locator('[data-testid=app-shell] [data-testid=ms-screen]').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid=ms-steps-loading]'), null, { timeout: 30_000 });
  } else {
    // the shell and the dashboard with its first answer (and whatever that answer loads, e.g. the offline copy)
    await page.locator('[data-testid=app-shell] [data-testid=dashboard]').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid=dashboard-loading]'), null, { timeout: 30_000 });
  }
  await quiet();
  await Promise.all(bodies);
  // when each script was requested, against the frame's mark (one document: sign-in leads to '/' client-side)
  const timing = await page.evaluate(() => ({
    mark: performance.getEntriesByName('dashboard-frame', 'mark')[0]?.startTime ?? null,
    scripts: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime]),
  }));
  await context.close();
  timing.frame = timing.mark;
  if (timing.frame === null) throw new Error(`no 'dashboard-frame' mark: ${landing} did not say when its frame was committed`);
  const requestedAt = new Map(timing.scripts);
  const stageName = (name, c) => {
    if (c.stage === 'signin') return STAGE.signin;
    const at = requestedAt.get(name);
    // a script without a timing entry counts as first load (never hidden from the budget)
    return at === undefined || at < timing.frame ? STAGE.frame : STAGE.after;
  };
  return [...chunks].map(([name, c]) => ({ name, stage: stageName(name, c), raw: c.raw, gzip: c.gzip, landing }));
}

/** Scripts per stage for each role, measured against the app at `base`: [[who, scripts]]. */
export async function measureFirstLoad(base) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const results = [];
  try {
    for (const [username, who] of ROLES) results.push([who, await measure(browser, base, username)]);
  } finally {
    await browser.close();
  }
  return results;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * The figures of measureFirstLoad's results: per role, the chunks by stage (printed when `chunks` is set) and the
 * summary row (first load against budget and target, total with the list).
 */
export function firstLoadSummary(results, { chunks = false } = {}) {
  const summary = {};
  for (const [who, scripts] of results) {
    const rows = {};
    const sum = { [STAGE.signin]: 0, [STAGE.frame]: 0, [STAGE.after]: 0 };
    for (const s of scripts.sort((a, b) => a.stage.localeCompare(b.stage) || b.gzip - a.gzip)) {
      rows[s.name] = { loaded: s.stage, 'raw KB': +(s.raw / 1024).toFixed(1), 'gzip KB': +(s.gzip / 1024).toFixed(1) };
      sum[s.stage] += s.gzip;
    }
    const first = sum[STAGE.signin] + sum[STAGE.frame];
    const total = first + sum[STAGE.after];
    if (chunks) {
      console.log(`\nJavaScript to show /signin, then the dashboard of a ${who}: its frame first, then its list with the first answer`);
      console.table(rows);
      console.log(
        `/signin: ${kb(sum[STAGE.signin])}; dashboard frame: ${kb(sum[STAGE.frame])}; after the frame (the list's chunk, idle loads): ${kb(sum[STAGE.after])}`,
      );
      const heavy = scripts.filter((s) => /(^|\/)(ol|openlayers|charts?)[-.]/i.test(path.basename(s.name))).map((s) => s.name);
      console.log(heavy.length ? `map/chart code loaded: ${heavy.join(', ')}` : 'no map or chart chunk in the shell or the dashboard');
    }
    summary[who] = {
      landing: scripts[0]?.landing ?? '?',
      'first load (signin + frame) KB': +(first / 1024).toFixed(1),
      'budget KB': BUDGET / 1024,
      verdict: first <= BUDGET ? 'within budget' : 'OVER BUDGET',
      'target KB': TARGET / 1024,
      'vs target': first <= TARGET ? 'met' : `NOT met (+${((first - TARGET) / 1024).toFixed(1)} KB)`,
      'total with the list KB': +(total / 1024).toFixed(1),
    };
  }
  return summary;
}
