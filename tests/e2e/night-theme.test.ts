/**
 * Issue #30 item 3 in the browser, through the shared server: the night theme. A patrol on shift signs in on a
 * 1024×768 tablet with the device's setting at Auto and gets the mode of its roster (dark on a night roster); it
 * picks Malam from the user menu, the choice survives a reload (painted before the app runs), and every screen a
 * patrol may open (the routes its permissions allow, src/lib/access.ts ROUTE_PERMISSIONS, those with an id filled
 * with its roster and a case assigned to it) has no serious or critical axe finding, colour contrast included; the
 * print view stays light; signed out, the sign-in page keeps the night theme and is clean too. The light theme of
 * the same screens is tests/e2e/accessibility.test.ts. Screenshots at 1024×768. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { can } from '@contract';
import type { WebUser } from '@contract/auth';
import { EVENT_TYPE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { ROUTE_PERMISSIONS } from '@/lib/access';
import { eventTypeOfRoute } from '@/lib/spec-routes';
import { COLOR_MODE_STORAGE_KEY, resolveColorMode } from '@/lib/color-mode';
import { nowMs } from '../../server/lib/clock';
import { seriousFindings } from './support/axe';
import { settle, trackRequests } from './support/settle';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, syncReady, watchErrors } from './support/browser';
import { demoUsers } from './support/users';
import { Api } from './support/api';
import { createCase, patrolOnShiftFor } from './support/cases';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const tmca = users.find((u) => u.roleName === 'TMCA')!;

const serious = (page: Page) => seriousFindings(page);

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('the night theme (issue #30 item 3)', () => {
  beforeAll(async () => {
    server = sharedServer();
    api = new Api(server.baseUrl);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('Auto follows the roster, Malam is kept per device, and every patrol screen is clean at night', { timeout: 240_000 }, async () => {
    const { patrol, roster } = await patrolOnShiftFor(api, tmca, users, 15);
    const created = await createCase(api, tmca, roster, EVENT_TYPE.ACCIDENT, '402.7', 'Ujian tema malam');
    const { user } = (await api.call<{ user: WebUser }>(patrol, 'POST', PATHS.webUser, {})).body as { user: WebUser };

    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1024, height: 768 });
    const page = await ctx.newPage();
    trackRequests(page);
    const errors = watchErrors(page);
    try {
      // Auto (nothing stored): dark exactly when the patrol's roster on now is a night roster
      await signIn(page, patrol.username, patrol.password);
      await page.waitForURL((u) => u.pathname === '/syifsaya', { timeout: 30_000 });
      await syncReady(page);
      const auto = resolveColorMode('auto', user.rosters, nowMs());
      expect(await isDark(page)).toBe(auto === 'dark');
      expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe(auto);

      // Malam from the user menu: dark at once, stored on the device, and still dark after a reload
      await page.getByTestId('user-menu').click();
      await page.getByTestId('theme-dark').click();
      await expect.poll(() => isDark(page)).toBe(true);
      await page.keyboard.press('Escape');
      expect(await page.evaluate((k) => localStorage.getItem(k), COLOR_MODE_STORAGE_KEY)).toBe('dark');
      await page.reload();
      // the class is there before the app renders (public/theme-boot.js), not only after
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await page.getByTestId('ms-roster').waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 13, 17)');
      await syncReady(page);

      // every route a patrol may open, client-side as the menu's links go
      const r = roster.pkDutyRosterId;
      const withIds: Record<string, string[]> = {
        '/insidenView/*': [`/insidenView/${created.pkIncidentId}`],
        '/insiden/*': [`/insiden/${created.pkIncidentId}/${created.subformId}`],
        '/activitylog/*': [`/activitylog/${r}/view`, `/activitylog/${r}/edit`],
        '/senaraisemak/*': [`/senaraisemak/${r}`],
        '/laporanseksyen/*': [`/laporanseksyen/${roster.sectionId}`],
      };
      const routes = Object.entries(ROUTE_PERMISSIONS)
        .filter(([path, permission]) => path !== '/signout' && (permission === null || can('PR', permission)))
        .flatMap(([path]) => (path.endsWith('/*') ? (withIds[path] ?? []) : [path]));
      expect(routes).toEqual(expect.arrayContaining(['/syifsaya', '/', '/draf', '/cariankes', `/insidenView/${created.pkIncidentId}`]));
      const shots: Record<string, string> = {
        '/syifsaya': 'night-myshift',
        '/': 'night-dashboard',
        '/cariankes': 'night-casesearch',
        [`/insidenView/${created.pkIncidentId}`]: 'night-caseview',
        [`/activitylog/${r}/view`]: 'night-endofduty',
        [`/activitylog/${r}/edit`]: 'night-activitylog',
        [`/senaraisemak/${r}`]: 'night-checklist',
      };
      // what each screen shows once loaded, where a test id says so
      const loaded: Record<string, string> = {
        '/syifsaya': 'ms-roster',
        [`/insidenView/${created.pkIncidentId}`]: 'incident-detail',
        [`/senaraisemak/${r}`]: 'cl-screen',
      };
      const failures: string[] = [];
      for (const path of routes) {
        await page.evaluate((p) => window.history.pushState(window.history.state, '', p), path);
        await page.waitForURL((u) => u.pathname === (eventTypeOfRoute(path) ? '/kesbaru' : path));
        if (loaded[path]) await page.getByTestId(loaded[path]).waitFor({ timeout: 20_000 });
        await settle(page);
        // the printable case (/insiden/:id/:subform, src/ui/print-frame.tsx) stays light; the others are dark
        expect(await isDark(page), path).toBe(!path.startsWith('/insiden/'));
        if (shots[path]) await screenshot(page, `${shots[path]}-1024`);
        failures.push(...(await serious(page)).map((f) => `${path} ${f}`));
      }
      // the user menu open, at night (after the print view: dark again once it is left)
      await page.evaluate(() => window.history.pushState(window.history.state, '', '/syifsaya'));
      await page.getByTestId('ms-roster').waitFor();
      expect(await isDark(page)).toBe(true);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('theme-auto').waitFor();
      await settle(page);
      await screenshot(page, 'night-usermenu-1024');
      failures.push(...(await serious(page)).map((f) => `user menu ${f}`));
      await page.keyboard.press('Escape');

      // signed out, the sign-in page keeps the device's night theme
      await page.goto('/signout');
      await page.waitForURL((u) => u.pathname === '/signin');
      await page.getByTestId('signin-username').waitFor();
      await settle(page);
      expect(await isDark(page)).toBe(true);
      await screenshot(page, 'night-signin-1024');
      failures.push(...(await serious(page)).map((f) => `/signin ${f}`));

      expect(failures).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
