// Where the main thread's time goes while a screen of the built app loads (issue #33: Lighthouse's TBT). Chromium with
// the CPU slowed 4× (as Lighthouse's mobile preset assumes), a fresh profile, the session stored as the PWA keeps it;
// a V8 CPU profile of the load, its self time attributed through the build's source maps to the original files
// (node_modules by package), and the long tasks (over 50 ms) the page saw with their blocking time.
//   PROFILE_BUILD=1 DIST_DIR=.tmp/dist npm run build     a build with maps and names (vite.config.ts)
//   DIST_DIR=.tmp/dist node bench/profile-load.mjs [path] [user] [seconds]     e.g. / tmca 10; /signin with no user
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map';
import { CHROMIUM_ARGS, distDir, sessionStorageOf, startBuiltServer } from './support/built-app.mjs';

const [route = '/', user = 'tmca', seconds = '10'] = process.argv.slice(2);
const DIST = distDir();
const BUCKET_MS = Number(process.env.BUCKET_MS) || 500;
const app = await startBuiltServer(DIST);
const { base } = app;
try {
  const storage = user === '-' ? null : await sessionStorageOf(base, user);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  if (storage)
    await context.addInitScript((s) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, storage);
  await context.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
    window.__shifts = [];
    const describe = (n) =>
      n
        ? `${n.nodeName.toLowerCase()}${n.dataset?.testid ? `[${n.dataset.testid}]` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.split(' ')[0]}` : ''} "${(n.textContent || '').slice(0, 40)}"`
        : '?';
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        if (!e.hadRecentInput)
          window.__shifts.push(`${e.value.toFixed(3)}@${Math.round(e.startTime)} ${e.sources.map((x) => describe(x.node)).join(' | ')}`);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // React's commits: when, and how many components rendered in each (the devtools hook React calls on every commit)
  await context.addInitScript(() => {
    window.__commits = [];
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberRoot(_id, root) {
        let n = 0;
        const names = new Map();
        const roots = new Set();
        const nameOf = (t) => (t && (t.displayName || t.name || (t.render && (t.render.displayName || t.render.name)))) || '?';
        const walk = (f, parentRendered) => {
          for (let c = f; c; c = c.sibling) {
            const rendered = !!(c.flags & 1 && typeof c.type !== 'string' && c.type);
            if (rendered && !parentRendered && c.alternate) {
              let o = c.return;
              while (o && typeof o.type === 'string') o = o.return;
              roots.add(`${nameOf(c.type)}<${nameOf(o?.type)}`);
            }
            if (rendered) {
              n++;
              const name = c.type.displayName || c.type.name || (c.type.render && (c.type.render.displayName || c.type.render.name)) || '?';
              names.set(name, (names.get(name) ?? 0) + 1);
            }
            // a subtree React did not enter this commit shares its child fibers with the previous tree
            if (c.child && !(c.alternate && c.alternate.child === c.child)) walk(c.child, rendered || (parentRendered && typeof c.type === 'string'));
          }
        };
        walk(root.current, false);
        const top = [...names]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([k, v]) => `${k}×${v}`)
          .join(',');
        window.__commits.push(`${Math.round(performance.now())}:${n}[${top}] from ${[...roots].slice(0, 6).join(' ')}`);
      },
    };
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  const requests = [];
  page.on('requestfinished', (r) => {
    const t = r.timing();
    requests.push(`${Math.round(r.timing().startTime - t0)}+${Math.round(t.responseEnd)} ${r.method()} ${r.url().replace(base, '')}`);
  });
  await page.goto(`${base}${route}`);
  await page.waitForTimeout(Number(seconds) * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  // the raw profile (PROFILE_OUT=file.cpuprofile): for Chromium's DevTools, or for time inclusive of callees
  if (process.env.PROFILE_OUT) await writeFile(process.env.PROFILE_OUT, JSON.stringify(profile));
  const long = await page.evaluate(() => window.__long);
  const commits = await page.evaluate(() => window.__commits);
  const shifts = await page.evaluate(() => window.__shifts);
  await browser.close();

  // self time per node: samples × interval
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const maps = new Map();
  async function mapOf(url) {
    if (!maps.has(url)) {
      let c = null;
      try {
        const file = path.join(DIST, 'client', new URL(url).pathname);
        c = await new SourceMapConsumer(JSON.parse(await readFile(`${file}.map`, 'utf8')));
      } catch {
        /* no map */
      }
      maps.set(url, c);
    }
    return maps.get(url);
  }
  // the time line: per 500 ms of the profile, the busiest sources (TIMELINE=1)
  const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
  const buckets = new Map();
  {
    let t = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i] ?? 0;
      const n = nodeById.get(profile.samples[i]);
      const b = Math.floor(t / (BUCKET_MS * 1000));
      if (!buckets.has(b)) buckets.set(b, []);
      buckets.get(b).push([n, profile.timeDeltas[i + 1] ?? 0]);
    }
  }
  const bySource = new Map();
  const byFn = new Map();
  let total = 0;
  for (const n of profile.nodes) {
    const us = dt.get(n.id) ?? 0;
    if (!us) continue;
    total += us;
    const { url, lineNumber, columnNumber, functionName } = n.callFrame;
    let where = url ? url.replace(base, '') : `(${functionName || 'native'})`;
    let fn = functionName;
    const c = url.startsWith(base) ? await mapOf(url) : null;
    if (c) {
      const o = c.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
      if (o.source) {
        const m = o.source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
        where = m ? m[1] : o.source.replace(/^.*?\/src\//, 'src/');
        fn = `${o.name ?? functionName} ${where}:${o.line}`;
      }
    }
    bySource.set(where, (bySource.get(where) ?? 0) + us);
    byFn.set(fn || where, (byFn.get(fn || where) ?? 0) + us);
  }
  if (process.env.TIMELINE === '1') {
    console.log('time line (500 ms of the profile: busy ms, the busiest sources)');
    for (const [b, samples] of [...buckets].sort((x, y) => x[0] - y[0])) {
      const per = new Map();
      let busy = 0;
      for (const [n, us] of samples) {
        const { url, lineNumber, columnNumber, functionName } = n.callFrame;
        if (functionName === '(idle)') continue;
        busy += us;
        let where = url ? url.replace(base, '') : `(${functionName})`;
        const c = url.startsWith(base) ? await mapOf(url) : null;
        if (c) {
          const o = c.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
          if (o.source) where = o.source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? o.source.replace(/^.*?\/src\//, 'src/');
        }
        per.set(where, (per.get(where) ?? 0) + us);
      }
      const tops = [...per]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 5)
        .map(([w, us]) => `${w} ${Math.round(us / 1000)}`);
      console.log(`${String(b * BUCKET_MS).padStart(6)} ms: ${String(Math.round(busy / 1000)).padStart(3)} busy · ${tops.join(' · ')}`);
    }
  }
  // CALLERS=<regexp>: the self time of sources matching it (a package, src/offline/…), by the first calling frame of
  // ours (src/) outside them: who made that package work
  if (process.env.CALLERS) {
    const re = new RegExp(process.env.CALLERS);
    const parentOf = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
    const frameOf = async (n) => {
      const { url, lineNumber, columnNumber, functionName } = n.callFrame;
      const c = url.startsWith(base) ? await mapOf(url) : null;
      const o = c?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
      if (!o?.source) return { where: url ? url.replace(base, '') : `(${functionName || 'native'})`, fn: functionName };
      const m = o.source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      return { where: m ? m[1] : o.source.replace(/^.*?\/src\//, 'src/'), fn: `${o.name ?? functionName} :${o.line}` };
    };
    const byCaller = new Map();
    let matched = 0;
    for (const n of profile.nodes) {
      const us = dt.get(n.id) ?? 0;
      if (!us || !re.test((await frameOf(n)).where)) continue;
      matched += us;
      let caller = '(none of ours)';
      for (let id = parentOf.get(n.id); id !== undefined; id = parentOf.get(id)) {
        const f = await frameOf(nodeById.get(id));
        if (f.where.startsWith('src/') && !re.test(f.where)) {
          caller = `${f.where} ${f.fn}`;
          break;
        }
      }
      byCaller.set(caller, (byCaller.get(caller) ?? 0) + us);
    }
    console.log(`${process.env.CALLERS}: ${Math.round(matched / 1000)} ms of self time, by the first caller of ours outside it`);
    for (const [k, us] of [...byCaller].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`${String(Math.round(us / 1000)).padStart(6)} ms  ${k}`);
  }
  const top = (m, k) =>
    Object.fromEntries(
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, k)
        .map(([w, us]) => [w, { ms: Math.round(us / 1000), '%': Math.round((us / total) * 1000) / 10 }]),
    );
  console.log(`${route} as ${user}, CPU 4× slower, ${seconds} s: ${Math.round(total / 1000)} ms sampled`);
  console.table(top(bySource, 30));
  console.table(top(byFn, 30));
  const tbt = long.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
  console.log(`React commits (ms: components rendered [most rendered]):\n${commits.join('\n')}`);
  if (process.env.REQUESTS === '1') console.log(`requests (start ms after navigation + ms to the end):\n${requests.join('\n')}`);
  console.log(`layout shifts (value@ms sources):\n${shifts.join('\n')}`);
  console.log(`long tasks (start ms, duration ms): ${long.map(([s, d]) => `${d}@${s}`).join(' ')}; blocking ${tbt} ms`);
} finally {
  await app.stop();
}
