/**
 * Issue #31 item 2 in the browser, through the shared server on fresh demo data (DEMO_HISTORY_DAYS, 90 by default):
 * every list and report route, opened as a role that uses it with the filters a newcomer gets (no search in the URL),
 * shows data: at least one row of its table (or list) with text in it, or a figure above zero, and never its empty
 * state in place of its list. Laporan Penggunaan Kenderaan also has a previous period with figures (its 'Tempoh
 * sebelum' is not 0), and so do the case report's headline figures.
 *
 * One browser context per role (TMC operator, section manager, administrator), each signed in once; routes are
 * entered in the app (history push), no fixed sleeps: each screen is read once it has settled (support/settle.ts).
 * Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { settle, trackRequests } from './support/settle';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors, goInApp } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { PATHS } from '@contract/paths';
import { EVENT_TYPE } from '@contract/lookups';

let server: RunningServer;
let browser: Browser;
const users = await demoUsers();
const user = (name: string) => users.find((u) => u.username === name)!;

/** What a route must show: rows of a table or list (the default), or a figure above zero in an element. */
interface RouteCheck {
  path: string | (() => string);
  /** rows: elements that each hold one record (default: the main table's body rows and the case list's rows) */
  rows?: string;
  /** figures: elements whose number must be above zero (at least one of them) */
  figures?: string;
}

const ROWS = 'main table tbody tr, main [data-testid=incident-row]';
/** the empty state (src/ui/states.tsx EmptyBlock: Chakra's EmptyState) */
const EMPTY = 'main .chakra-empty-state__root';

let n9SectionId = 0;

/** The routes of each role: the lists and reports it uses (contract/menu.ts, contract/roles.ts). */
const ROLES: { username: string; landing: string; routes: RouteCheck[] }[] = [
  {
    username: 'tmca',
    landing: '/',
    routes: [
      { path: '/' },
      { path: '/incident' },
      // the case search asks for a criterion first (checked below: its prompt is an empty state); a newcomer picks an event type
      { path: `/cariankes?category=${EVENT_TYPE.BREAKDOWN}` },
      { path: '/cariantmclogsheet' },
      // the map: its count of cases and patrols on it
      { path: '/map', rows: 'main [data-testid=map-roster-row]', figures: 'main [data-testid=map-counts]' },
      { path: '/listingroster' },
      // the hub: its headline figures
      { path: '/reportingmodule', figures: 'main [data-testid^=report-hub-kpi-][data-testid$=-value]' },
      { path: '/laporaninsiden' },
      { path: () => `/laporanseksyen/${n9SectionId}` },
      { path: '/laporanjenisbantuan' },
      { path: '/laporanrondaan' },
      { path: '/laporanpenggunaankenderaan' },
      { path: '/laporanmasabertugas' },
      { path: '/laporanmasalebuhraya' },
      { path: '/dailyactivitylog' },
    ],
  },
  {
    username: 'sectmgr',
    landing: '/',
    routes: [
      { path: '/reportsenaraisemak' },
      { path: '/listingstaff' },
      { path: '/listingleave' },
      { path: '/listingteam' },
      { path: '/listingshift' },
      { path: '/listingronda' },
      { path: '/listingcheckpoint' },
      { path: '/listingasset' },
      { path: '/managevehicle' },
      { path: '/staffingroster' },
    ],
  },
  {
    username: 'admin',
    landing: '/primesupport',
    routes: [{ path: '/manageuser' }, { path: '/registeruser' }],
  },
];

/** Enters a route in the app (as its links do: no reload) and waits for its screen to settle. */
async function go(page: Page, path: string) {
  await goInApp(page, path);
  await settle(page, path);
}

/** What the screen shows: its rows with text, its figures above zero, and whether an empty state is shown. */
function readScreen(page: Page, check: RouteCheck) {
  return page.evaluate(
    ({ rows, figures, empty }) => {
      const visible = (e: Element) => (e as HTMLElement).offsetParent !== null || getComputedStyle(e).position === 'fixed';
      const rowTexts = [...document.querySelectorAll(rows)].filter(visible).map((e) => (e.textContent ?? '').trim());
      const figureValues = figures
        ? [...document.querySelectorAll(figures)]
            .filter(visible)
            .map((e) => Number.parseFloat(e.getAttribute('data-value') ?? (e.textContent ?? '').replace(/[^\d.]/g, '')))
            .filter((v) => Number.isFinite(v))
        : [];
      const empties = [...document.querySelectorAll(empty)].filter(visible).map((e) => (e.textContent ?? '').trim());
      return { rows: rowTexts.filter((t) => t.length > 0).length, figures: figureValues.filter((v) => v > 0).length, empties };
    },
    { rows: check.rows ?? ROWS, figures: check.figures ?? '', empty: EMPTY },
  );
}

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  // the N9 section (the TMC operator's) for its section report
  const res = await fetch(`${server.baseUrl}${PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user('tmca').username, password: user('tmca').password }),
  });
  const body = (await res.json()) as { body: { user: { section: { pkSectionId: number } } } };
  n9SectionId = body.body.user.section.pkSectionId;
  expect(n9SectionId).toBeGreaterThan(0);
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(u: E2eUser, landing: string): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1440, height: 900 });
  const page = await ctx.newPage();
  trackRequests(page);
  const errors = watchErrors(page);
  await signIn(page, u.username, u.password);
  await page.waitForURL((url) => url.pathname === landing, { timeout: 30_000 });
  return { ctx, page, errors };
}

describe('every list and report route has data on the demo (issue #31 item 2)', () => {
  for (const role of ROLES) {
    it(`as ${role.username}: ${role.routes.length} routes`, { timeout: 60_000 }, async () => {
      const { ctx, page, errors } = await signedIn(user(role.username), role.landing);
      const bare: string[] = [];
      try {
        for (const route of role.routes) {
          const path = typeof route.path === 'function' ? route.path() : route.path;
          await go(page, path);
          const seen = await readScreen(page, route);
          if (seen.rows + seen.figures === 0 || seen.empties.length > 0) {
            bare.push(
              `${path}: ${seen.rows} rows, ${seen.figures} figures above 0${seen.empties.length ? `, empty state: ${seen.empties.join(' | ')}` : ''}`,
            );
            await screenshot(page, `every-route-has-data${path.replaceAll('/', '-')}`);
          }
        }
        expect(bare).toEqual([]);
        if (role.username === 'tmca') {
          // the check can fail: the case search before any criterion shows its prompt, an empty state, and no row
          await go(page, '/cariankes');
          const prompt = await readScreen(page, { path: '/cariankes' });
          expect(prompt.empties.length, '/cariankes without a criterion shows its empty state').toBe(1);
          expect(prompt.rows).toBe(0);
        }
        expect(errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }

  it('every headline figure of the reports has a previous period with figures (no "Tempoh sebelum: 0" everywhere)', { timeout: 60_000 }, async () => {
    const { ctx, page } = await signedIn(user('tmca'), '/');
    const zero: string[] = [];
    try {
      for (const path of [
        '/reportingmodule',
        '/laporaninsiden',
        '/laporanmasabertugas',
        '/laporanpenggunaankenderaan',
        '/laporanrondaan',
        '/laporanmasalebuhraya',
      ]) {
        await go(page, path);
        const previous = await page.$$eval('main [data-testid$=-previous][data-value]', (els) =>
          els.map((e) => ({
            id: e.closest('[data-key]')?.getAttribute('data-key') ?? e.getAttribute('data-testid'),
            value: e.getAttribute('data-value'),
          })),
        );
        expect(previous.length, `${path}: headline figures with a previous period`).toBeGreaterThan(0);
        for (const p of previous) if (!(Number(p.value) > 0)) zero.push(`${path} ${p.id}: ${p.value || '—'}`);
      }
      expect(zero).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
