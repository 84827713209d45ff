// The incident detail page of a full accident (issue #5): 10 vehicles, 10 injuries, 5 lane closures and 20 assistance
// items, opened in system Chromium against the local server. Printed: the requests the page makes, the time until
// the whole form is rendered (every child row on screen), and how the child-list calls overlap (they go in parallel:
// the span of all of them beside the sum of their durations). Baseline in the same run: the same page for an
// accident with no child items; the figure is the ratio.
//   npm run build && npx tsx bench/detail-page.ts        (BENCH_RUNS to change the number of loads, default 7)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { build } from '../server/app';
import { PATHS } from '../contract/paths';
import { CHILD_LISTS } from '../contract/child-lists';
import { EVENT_TYPE } from '../contract/lookups';
import { SUBFORMS } from '../contract/incident-rules';
import type { ActivePrRow, IncidentSaved } from '../contract/incidents';
import type { EventLocation, Section } from '../contract/sections';
import type { LookupItem } from '../contract/envelope';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DIST = process.env.DIST_DIR ?? 'dist';
const PASSWORD = 'Lebuhraya@2026';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const dataDir = await mkdtemp(path.join(tmpdir(), 'lbh-bench-detail-'));
const app = await build({ logger: false, config: { dataDir, clientDir: path.resolve(DIST, 'client'), seedFastHash: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const loginRes = await fetch(`${base}${PATHS.login}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'tmca', password: PASSWORD }),
});
const token = ((await loginRes.json()) as { body: { token: string } }).body.token;

async function call<T>(method: 'GET' | 'POST', p: string, body?: unknown): Promise<T> {
  const r = await fetch(`${base}${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const j = (await r.json()) as { body: T; statusMsg: string };
  if (!r.ok) throw new Error(`${method} ${p} → ${r.status} ${j.statusMsg}`);
  return j.body;
}

/** An accident on a roster on shift, with the given numbers of child items. */
async function accident(n: { vehicles: number; injuries: number; closures: number; assists: number }): Promise<number> {
  const { rows } = await call<{ rows: ActivePrRow[] }>('POST', `${PATHS.nearestActivePr}?length=100&start=0`, {});
  const roster = rows[0];
  const sec = await call<Section>('GET', PATHS.sectionGet(roster.sectionId));
  const locations = await call<EventLocation[]>('GET', PATHS.eventLocationsBySection(roster.sectionId));
  const source = (await call<LookupItem[]>('POST', PATHS.lookup('incidentSource')))[0];
  const direction = (await call<LookupItem[]>('POST', PATHS.lookup('cardinalDirection')))[0];
  const saved = await call<IncidentSaved>('POST', PATHS.incidentSave, {
    pkIncidentSourceId: source.key,
    pkSectionId: sec.pkSectionId,
    pkDutyRosterId: roster.pkDutyRosterId,
    pkIncidentCategoryId: EVENT_TYPE.ACCIDENT,
    pkEventLocationId: locations[0].key,
    pkLocationTypeId: locations[0].locationTypeId,
    pkCardinalDirectionId: direction.key,
    kilometerMarker: '420.5',
    pkHighwayId: sec.highwayId,
  });
  const sub = await call<{ subformId: number }>('POST', PATHS.subformSave(SUBFORMS[EVENT_TYPE.ACCIDENT].path), {
    pkIncidentId: saved.pkIncidentId,
    incidentTypeId: EVENT_TYPE.ACCIDENT,
    remark: 'PENANDA ARAS',
    pkAssistTypeId: 277,
  });
  const s = { incidentSubFormId: sub.subformId };
  const now = Date.now();
  const ago = (min: number) => new Date(now - min * 60_000).toISOString();
  for (let i = 0; i < n.vehicles; i++)
    await call('POST', PATHS.childSave('involvedVehicle'), { ...s, pkIncidentVehicleTypeId: 2302, platNumber: `WBN ${1000 + i}`, brand: 'Proton' });
  for (let i = 0; i < n.injuries; i++)
    await call('POST', PATHS.childSave('injuryType'), { ...s, pkCasualtyTypeId: 3203, pkRaceTypeId: 3301, pkGenderTypeId: 3501, count: 1 + (i % 3) });
  for (let i = 0; i < n.closures; i++)
    await call('POST', PATHS.childSave('roadLaneClosureList'), {
      ...s,
      pkRoadlaneid: 2201 + (i % 4),
      pkCardinalDirectionId: direction.key,
      initialClosingTime: ago(90 - i),
      openingTime: ago(20 - i),
    });
  for (let i = 0; i < n.assists; i++)
    await call('POST', PATHS.childSave('requestFurtherActionList'), {
      ...s,
      pkFurtherActionId: 2001 + (i % 14),
      isNotified: true,
      isArrived: i % 2 === 0,
      isCompleted: false,
      notifiedDateTime: ago(60),
      arrivedDateTime: i % 2 === 0 ? ago(40) : null,
      completedDateTime: null,
      recordCreatedDate: ago(40),
    });
  return saved.pkIncidentId;
}

const full = { vehicles: 10, injuries: 10, closures: 5, assists: 20 };
const fullId = await accident(full);
const emptyId = await accident({ vehicles: 0, injuries: 0, closures: 0, assists: 0 });

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const ctx = await browser.newContext({
  baseURL: base,
  viewport: { width: 1440, height: 900 },
  serviceWorkers: 'block',
  timezoneId: 'Asia/Kuala_Lumpur',
});
const signin = await ctx.newPage();
await signin.goto('/signin');
await signin.getByTestId('signin-username').fill('tmca');
await signin.getByTestId('signin-password').fill(PASSWORD);
await signin.getByTestId('signin-submit').click();
await signin.waitForURL((u) => u.pathname !== '/signin');
await signin.close();

interface Load {
  ms: number;
  requests: number;
  apiRequests: number;
  childCalls: number;
  /** first child call start → last child call end */
  childSpanMs: number;
  /** the child calls' durations added up */
  childSumMs: number;
}

async function load(page: Page, id: number, rows: { vehicles: number; injuries: number; closures: number; assists: number }): Promise<Load> {
  const seen: { url: string; start: number; end: number }[] = [];
  const starts = new Map<object, number>();
  page.on('request', (r) => starts.set(r, performance.now()));
  page.on('requestfinished', (r) => seen.push({ url: r.url(), start: starts.get(r) ?? 0, end: performance.now() }));
  const t0 = performance.now();
  await page.goto(`/insidenView/${id}`);
  await page.getByTestId('subform-accident').waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid=child-row-involvedVehicle]').length === n.vehicles &&
      document.querySelectorAll('[data-testid=child-row-injuryType]').length === n.injuries &&
      document.querySelectorAll('[data-testid=child-row-roadLaneClosureList]').length === n.closures &&
      document.querySelectorAll('[data-testid=child-row-requestFurtherActionList-OTHER]').length === n.assists &&
      !document.querySelector('[data-testid=audit-trail] .chakra-skeleton'),
    rows,
    { timeout: 30_000 },
  );
  const ms = performance.now() - t0;
  const child = seen.filter((s) => CHILD_LISTS.some((l) => s.url.includes(`/${l}/dataTables`)));
  return {
    ms,
    requests: seen.length,
    apiRequests: seen.filter((s) => s.url.includes('/rest/')).length,
    childCalls: child.length,
    childSpanMs: child.length ? Math.max(...child.map((c) => c.end)) - Math.min(...child.map((c) => c.start)) : 0,
    childSumMs: child.reduce((a, c) => a + (c.end - c.start), 0),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(id: number, rows: typeof full) {
  const out: Load[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const page = await ctx.newPage();
    const r = await load(page, id, rows);
    await page.close();
    if (i > 0) out.push(r); // the first load warms the HTTP cache of the static files
  }
  return out;
}

const fullRuns = await measure(fullId, full);
const emptyRuns = await measure(emptyId, { vehicles: 0, injuries: 0, closures: 0, assists: 0 });
const f = fullRuns[0];
console.log(`\n━━ detail page of an accident (${RUNS} loads each, median) ━━`);
console.log(`full accident (10 vehicles, 10 injuries, 5 closures, 20 assistance items):`);
console.log(`  time to the fully rendered form  ${median(fullRuns.map((r) => r.ms)).toFixed(0)} ms`);
console.log(`  requests                          ${f.requests} (${f.apiRequests} to the API, ${f.childCalls} child-list calls)`);
console.log(
  `  child-list calls: span ${median(fullRuns.map((r) => r.childSpanMs)).toFixed(0)} ms beside a sum of ${median(fullRuns.map((r) => r.childSumMs)).toFixed(0)} ms (parallel when the span is well under the sum)`,
);
console.log(
  `baseline, the same page of an accident without child items: ${median(emptyRuns.map((r) => r.ms)).toFixed(0)} ms, ${emptyRuns[0].requests} requests`,
);
console.log(`ratio full / baseline: ${(median(fullRuns.map((r) => r.ms)) / median(emptyRuns.map((r) => r.ms))).toFixed(2)}×`);

await browser.close();
await app.close();
await rm(dataDir, { recursive: true, force: true });
