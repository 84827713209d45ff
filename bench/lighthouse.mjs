// Lighthouse 12, mobile preset (its defaults: a mid-range phone's CPU, slow 4G, simulated throttling), on the built
// app's first screens (issue #33): /signin, the dashboard of a TMC operator (tmca) and the landing screen of a patrol
// on shift now (pr by day, pr.malam by night: Syif saya). The signed-in screens are opened with the
// session already stored where the PWA keeps it (the localStorage mirror, src/lib/session.ts), as on a tablet that
// signed in earlier. Each run is a fresh Chromium profile (nothing cached, no service worker yet); each screen runs 3
// times and the median is printed, with the first load's JavaScript (bench/support/first-load.mjs).
// Goal: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.05; first load ≤ 170 KB gzipped.
//   npm run bench -- lighthouse                        builds first (scripts/bench.mjs)
//   DIST_DIR=.tmp/dist node bench/lighthouse.mjs       that build; RUNS=5 for more runs, DETAIL=1 for where the time goes,
//                                                      ONLY=dashboard for the screens whose name has that, TRACE_OUT=dir
//                                                      for each run's trace and report (.lhr.json)
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, distDir, isBuilt, sessionStorageOf, startBuiltServer } from './support/built-app.mjs';
import { firstLoadSummary, measureFirstLoad, PATROL_ON_SHIFT } from './support/first-load.mjs';

const DIST = distDir();
const RUNS = Number(process.env.RUNS) || 3;
const DETAIL = process.env.DETAIL === '1';
const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const GOAL = { score: 90, lcp: 2500, tbt: 200, cls: 0.05 };

if (!isBuilt(DIST)) {
  console.log(`no build in ${DIST}: building`);
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, DIST_DIR: DIST } });
  if (r.status !== 0) process.exit(1);
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const loadBefore = load();
const app = await startBuiltServer(DIST);
const { base } = app;

/** Where the app lands with this session on '/' (a throwaway browser: the measured profiles stay cold). */
async function landingOf(storage) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript((s) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, storage);
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.locator('[data-testid=app-shell]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500); // a landing redirect (Syif saya) follows the first render
    return new URL(page.url()).pathname;
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run of `url` in a fresh profile, with `storage` written into the origin's localStorage first. */
async function runOnce(url, storage) {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'lbh-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    userDataDir,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    if (storage) {
      // a page of the origin that loads no app code (the manifest), only to write its localStorage
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(`${base}/manifest.webmanifest`);
      await page.evaluate((s) => {
        for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
      }, storage);
      await page.close();
      await browser.close(); // disconnects; Chromium stays up
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // keep the session just written (the profile is fresh: nothing else is stored or cached)
      disableStorageReset: !!storage,
    });
    // TRACE_OUT=dir: each run's trace, for Chromium's performance panel (or a script) to say what a long task was
    if (process.env.TRACE_OUT && result.artifacts?.Trace) {
      await mkdir(process.env.TRACE_OUT, { recursive: true });
      const file = path.join(process.env.TRACE_OUT, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`);
      await writeFile(file, JSON.stringify(result.artifacts.Trace));
      // and Lighthouse's report (its audits: the requests' timings, the LCP's element, the long tasks)
      await writeFile(file.replace(/\.json$/, '.lhr.json'), JSON.stringify(result.lhr));
    }
    return result.lhr;
  } finally {
    await chrome.kill();
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Where the main thread's time went in one run (DETAIL=1). */
function detail(name, lhr) {
  const a = lhr.audits;
  console.log(`\n${name}: where the time goes (one run)`);
  const lcpEl = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpEl) console.log(`LCP element: ${lcpEl.snippet} (${lcpEl.nodeLabel})`);
  const phases = a['largest-contentful-paint-element']?.details?.items?.[1]?.items;
  if (phases) console.log(`LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`);
  const boot = a['bootup-time']?.details?.items ?? [];
  console.table(
    Object.fromEntries(
      boot
        .slice(0, 8)
        .map((i) => [
          i.url.replace(base, ''),
          { total: Math.round(i.total), script: Math.round(i.scripting), parse: Math.round(i.scriptParseCompile) },
        ]),
    ),
  );
  const mt = a['mainthread-work-breakdown']?.details?.items ?? [];
  console.log(`main thread: ${mt.map((i) => `${i.groupLabel} ${Math.round(i.duration)} ms`).join(', ')}`);
  const rb = a['render-blocking-resources']?.details?.items ?? [];
  if (rb.length) console.log(`render-blocking: ${rb.map((i) => `${i.url.replace(base, '')} ${Math.round(i.wastedMs)} ms`).join(', ')}`);
  const chains = a['critical-request-chains']?.displayValue;
  if (chains) console.log(`critical request chains: ${chains}`);
  const lt = a['long-tasks']?.details?.items ?? [];
  console.log(`long tasks: ${lt.map((i) => `${i.url.replace(base, '')} ${Math.round(i.duration)} ms @${Math.round(i.startTime)}`).join(', ')}`);
}

const rows = {};
const benchmarkIndexes = [];
let firstLoad;
try {
  const tmca = await sessionStorageOf(base, 'tmca');
  // the demo's patrol on shift now (bench/support/first-load.mjs): Syif saya is its landing
  const patrolStorage = await sessionStorageOf(base, PATROL_ON_SHIFT);
  const patrol = { username: PATROL_ON_SHIFT, storage: patrolStorage, landing: await landingOf(patrolStorage) };
  const screens = [
    ['/signin', '/signin', null],
    ['dashboard (tmca) /', '/', tmca],
    [`patrol landing (${patrol.username}) ${patrol.landing}`, patrol.landing, patrol.storage],
  ];
  // ONLY=dashboard (a part of the screens' names) runs only those
  for (const [name, p, storage] of screens.filter(([n]) => !process.env.ONLY || n.includes(process.env.ONLY))) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // a trace Lighthouse could not read (NO_NAVSTART, NO_FCP: seen on a machine busy with other work) is run again
      let lhr = await runOnce(`${base}${p}`, storage);
      for (let retry = 0; lhr.runtimeError && retry < 2; retry++) lhr = await runOnce(`${base}${p}`, storage);
      if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
      if (finalPath !== p) throw new Error(`${name}: ended on ${finalPath} (the stored session was not taken?)`);
      runs.push(lhr);
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      process.stdout.write('.');
    }
    const m = (id) => median(runs.map((l) => l.audits[id].numericValue));
    const score = median(runs.map((l) => Math.round(l.categories.performance.score * 100)));
    rows[name] = {
      performance: score,
      'LCP s': +(m('largest-contentful-paint') / 1000).toFixed(2),
      'TBT ms': Math.round(m('total-blocking-time')),
      CLS: +m('cumulative-layout-shift').toFixed(3),
      'FCP s': +(m('first-contentful-paint') / 1000).toFixed(2),
      'SI s': +(m('speed-index') / 1000).toFixed(2),
      runs: runs.map((l) => Math.round(l.categories.performance.score * 100)).join(' '),
      goal:
        score >= GOAL.score &&
        m('largest-contentful-paint') <= GOAL.lcp &&
        m('total-blocking-time') <= GOAL.tbt &&
        m('cumulative-layout-shift') <= GOAL.cls
          ? 'met'
          : 'NOT met',
    };
    if (DETAIL) detail(name, runs[Math.floor(runs.length / 2)]);
  }
  firstLoad = firstLoadSummary(await measureFirstLoad(base));
} finally {
  await app.stop();
}

console.log(`\nLighthouse ${lighthouse.version ?? '12'} mobile preset (simulated slow 4G, 4x CPU slowdown), median of ${RUNS} runs per screen`);
console.log(`goal: performance ≥ ${GOAL.score}, LCP ≤ ${GOAL.lcp / 1000} s, TBT ≤ ${GOAL.tbt} ms, CLS ≤ ${GOAL.cls}`);
console.table(rows);
console.log('\nFirst load (gzip): /signin plus the dashboard frame, per role (bench/support/first-load.mjs)');
console.table(firstLoad);
// Lighthouse scales the CPU time it observes: a busy machine's figures are worse than an idle one's
console.log(`load average (1 / 5 / 15 min) on ${os.cpus().length} cores: ${loadBefore} before, ${load()} after`);
console.log(
  `Lighthouse's benchmark index of this machine (median of the runs; the 4× CPU slowdown assumes a desktop of 1,000 or more: lower is a slower or busier machine, and its figures are worse than a tablet's): ${Math.round(median(benchmarkIndexes))}`,
);
