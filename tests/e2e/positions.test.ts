/**
 * The patrol tablet's live position (issue #7 item 1), in Chromium against the real server: a patrol on an on-shift
 * roster with the location allowed reports while online, goes offline for five minutes of fixes (Playwright's
 * clock runs the reporter's 12 s timer; the faked geolocation moves along), and once back online the server holds
 * every fix exactly once, in the order taken, with the times of the offline period. Needs a build
 * (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RondaGpsRow } from '@contract/maps';
import { POSITION_INTERVAL_MS } from '@contract/map-rules';
import { PATHS } from '@contract/paths';
import { startServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors } from './support/browser';
import { demoUsers } from './support/users';
import { Api, until } from './support/api';
import { patrolOnShift } from './support/cases';
import type { WebUser } from '@contract/auth';
import type { ActivePrRow } from '@contract/incidents';
import type { E2eUser } from './support/users';
import { rosterStatusAt } from '@/lib/roster-status';

let browser: Browser;
let server: RunningServer;
let api: Api;
const users = await demoUsers();
const tmca = users.find((u) => u.username === 'tmca')!;

/**
 * The server's clock: today 12:00 Asia/Brunei by the real date, mid-way through the day shift, so the run never meets a
 * shift change (07:00, 19:00) whatever the hour it runs at. It runs on at the real pace from the server's start.
 */
const CLOCK_AT = Date.parse(`${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)}T12:00:00+08:00`);
let startedAt = 0;
const serverNow = () => CLOCK_AT + (Date.now() - startedAt);

beforeAll(async () => {
  // its own server: the test reads the roster's whole position history, which other files' patrols add to
  server = await startServer({ env: { LEBUHRAYA_CLOCK: new Date(CLOCK_AT).toISOString() } });
  startedAt = Date.now();
  browser = await launchBrowser();
  api = new Api(server.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The k-th place of the drive: 100 m steps north along the N9 area. */
const place = (k: number) => ({ latitude: Number((2.75 + k * 0.001).toFixed(6)), longitude: 101.85 });

const chip = (page: Page) => page.getByTestId('gps-status');
const attr = async (page: Page, name: string) => (await chip(page).getAttribute(name)) ?? '';
const recorded = async (page: Page) => Number(await attr(page, 'data-recorded'));
const pending = async (page: Page) => Number(await attr(page, 'data-pending'));

/** Moves the device and runs one reporting interval on the page's clock: one more fix is recorded. */
async function driveOneInterval(page: Page, setGeo: (k: number) => Promise<void>, k: number) {
  const before = await recorded(page);
  await setGeo(k);
  const want = `${place(k).latitude},${place(k).longitude}`;
  await until(`the watch to report place ${k}`, async () => (await attr(page, 'data-fix')) === want, 10_000, 50);
  await page.clock.runFor(POSITION_INTERVAL_MS);
  await until(`fix ${k} to be recorded`, async () => (await recorded(page)) > before, 10_000, 50);
}

/** The page's clock runs this far behind the server's, so five minutes run on it never put a fix in the future. */
const CLOCK_BACK_MS = 6 * 60_000;

/** The demo patrol on shift now, whose roster is also on shift on the page's clock (six minutes back). */
async function patrolForClock(): Promise<{ patrol: E2eUser; roster: ActivePrRow }> {
  const found = await patrolOnShift(api, tmca, users);
  const { user } = (await api.call<{ user: WebUser }>(found.patrol, 'POST', PATHS.webUser, {})).body;
  const mine = user.rosters.find((r) => r.pkDutyRosterId === found.roster.pkDutyRosterId);
  const at = (t: number) => (mine ? rosterStatusAt({ ...mine, status: 'upcoming' }, t) : 'ended');
  expect(at(serverNow() - CLOCK_BACK_MS - 60_000)).toBe('active');
  return found;
}

describe('live position of the patrol tablet (issue #7)', () => {
  it('offline for five minutes of fixes: delivered afterwards, each once, in the order taken', { timeout: 20 * 60_000 }, async () => {
    const { patrol, roster } = await patrolForClock();
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 800, height: 1280 });
    await ctx.grantPermissions(['geolocation']);
    await ctx.setGeolocation(place(0));
    const setGeo = (k: number) => ctx.setGeolocation(place(k));
    try {
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      // the page's clock starts six minutes back, so five minutes run on it never put a fix in the server's future
      await page.clock.install({ time: serverNow() - CLOCK_BACK_MS });
      await signIn(page, patrol.username, patrol.password);
      await page.waitForURL((u) => u.pathname !== '/signin');

      // allowed already: no banner; the first fix goes at once
      await until('the reporter to be active', async () => (await attr(page, 'data-phase')) === 'active', 30_000);
      expect(await page.getByTestId('gps-banner').count()).toBe(0);
      await until('the first fix to be sent', async () => (await recorded(page)) >= 1 && (await pending(page)) === 0, 30_000);
      await expect.poll(() => page.getByTestId('gps-status-text').textContent(), { timeout: 10_000 }).toMatch(/^GPS: dihantar \d+ s lalu$/);

      // two intervals online: each fix leaves at once
      for (let k = 1; k <= 2; k++) await driveOneInterval(page, setGeo, k);
      await until('the online fixes to be sent', async () => (await pending(page)) === 0, 30_000);

      // five minutes offline: 25 intervals of 12 s
      await ctx.setOffline(true);
      // what reached the server before the line went: the page's clock runs on, so its own 12 s timer may have taken
      // and sent one more fix between the wait above and the cut (seen on a loaded CI machine)
      const onlineCount = (await history(roster.pkDutyRosterId, patrol)).length;
      expect(onlineCount).toBeGreaterThanOrEqual(3);
      const OFFLINE_STEPS = Math.round((5 * 60_000) / POSITION_INTERVAL_MS);
      for (let k = 3; k < 3 + OFFLINE_STEPS; k++) await driveOneInterval(page, setGeo, k);
      const offlineTo = await page.evaluate(() => Date.now());
      const total = await recorded(page);
      expect(total - onlineCount).toBeGreaterThanOrEqual(OFFLINE_STEPS);
      expect(await pending(page)).toBe(total - onlineCount);
      expect(await page.getByTestId('gps-status-text').textContent()).toBe(`GPS: ${total - onlineCount} kedudukan menunggu talian`);
      // the outbox shows the positions as one line, not one per fix
      expect(Number(await page.getByTestId('sync-status').getAttribute('data-unsent'))).toBe(1);
      await screenshot(page, 'positions-offline-800x1280');

      // the server has none of them yet
      const before = await history(roster.pkDutyRosterId, patrol);
      expect(before.length).toBe(onlineCount);

      // back online: everything goes, in order, exactly once
      await ctx.setOffline(false);
      await until('every fix to be sent', async () => (await pending(page)) === 0, 60_000, 200);
      await expect.poll(() => page.getByTestId('gps-status-text').textContent(), { timeout: 10_000 }).toMatch(/^GPS: dihantar \d+ s lalu$/);
      expect(Number(await page.getByTestId('sync-status').getAttribute('data-unsent'))).toBe(0);
      await screenshot(page, 'positions-back-online-800x1280');

      const rows = await history(roster.pkDutyRosterId, patrol);
      expect(rows.length).toBe(total);
      const times = rows.map((r) => Date.parse(r.recordedAt));
      // stored in the order taken (ids follow the times), no time twice
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(times).size).toBe(times.length);
      // the offline period's fixes carry the times they were taken (page clock), spread over five minutes
      const offline = times.slice(onlineCount);
      expect(offline.length).toBe(total - onlineCount);
      expect(offline.every((t) => t <= offlineTo)).toBe(true);
      expect(offline[offline.length - 1] - offline[0]).toBeGreaterThanOrEqual(4.5 * 60_000);
      // and the places in the order driven
      const lats = rows.map((r) => r.latitude);
      const driven = [...new Set(lats)];
      expect(driven).toEqual(Array.from({ length: 3 + OFFLINE_STEPS }, (_, k) => place(k).latitude));
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('location not allowed yet: a banner explains why and asks once; a refusal is shown, never asked again', async () => {
    const { patrol } = await patrolOnShift(api, tmca, users);
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1280, height: 800, clockAt: serverNow() });
    try {
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      let asks = 0;
      await page.exposeFunction('__countGeoAsk', () => void asks++);
      await page.addInitScript(() => {
        const geo = navigator.geolocation;
        const watch = geo.watchPosition.bind(geo);
        geo.watchPosition = (ok, err, opts) => {
          (window as unknown as { __countGeoAsk: () => void }).__countGeoAsk();
          return watch(ok, err, opts);
        };
      });
      await signIn(page, patrol.username, patrol.password);
      await page.waitForURL((u) => u.pathname !== '/signin');
      const banner = page.getByTestId('gps-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Benarkan lokasi untuk syif ini');
      expect(await banner.textContent()).toContain('dihantar kepada TMC setiap 12 saat sepanjang syif sahaja');
      expect(await attr(page, 'data-phase')).toBe('permission');
      expect(await page.getByTestId('gps-status-text').textContent()).toBe('GPS: perlu kebenaran lokasi');
      await page.waitForTimeout(1_000);
      expect(asks).toBe(0);
      await screenshot(page, 'positions-permission-banner-1280');

      // the browser (headless, nothing granted) refuses
      await page.getByTestId('gps-allow').click();
      await until('the refusal to be shown', async () => (await attr(page, 'data-phase')) === 'denied', 10_000, 100);
      expect(await page.getByTestId('gps-status-text').textContent()).toBe('GPS: kebenaran lokasi ditolak');
      expect(await banner.count()).toBe(0);
      await page.waitForTimeout(2_000);
      expect(asks).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

/** The roster's position history on the server, oldest first by id. */
async function history(rosterId: number, patrol: Parameters<Api['call']>[0]): Promise<RondaGpsRow[]> {
  const r = await api.call<{ rows: RondaGpsRow[] }>(
    patrol,
    'POST',
    `${PATHS.rondaGpsDataTables}?length=5000&start=0&orderColumn=pkRondaGpsId&direction=asc`,
    {
      pkDutyRosterId: rosterId,
    },
  );
  if (r.status !== 200) throw new Error(`rondaGps/dataTables: ${r.status} ${r.statusMsg}`);
  return r.body.rows;
}
