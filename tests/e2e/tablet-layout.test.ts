/**
 * Issue #30 item 4 in the browser, through the shared server: on the patrol's tablet (1024×768 held sideways, 800×1280
 * upright) no text of a screen a patrol (PR) may open is cut off without a way to read it, in Malay and in English.
 *
 * The screens are every route the patrol's permissions allow (src/lib/access.ts ROUTE_PERMISSIONS, as the
 * accessibility test derives them), the routes with an id filled with the patrol's roster and a case assigned to it.
 * "Cut off" is the issue's definition: an element whose content is wider than its box (scrollWidth > clientWidth)
 * and that hides the rest (overflow hidden or clip), with no title on it or an ancestor and no tooltip trigger around
 * it. A box that scrolls (overflow auto or scroll) is a way to read it; so is the page scrolling vertically. The page
 * itself must not be wider than the window. A meta-test cuts a real text off and finds it (the check can fail). In
 * English at 1024×768 and in Malay at 800×1280 each screen also has no serious or critical axe finding.
 * Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { can } from '@contract';
import type { ActivePrRow } from '@contract/incidents';
import { EVENT_TYPE } from '@contract/lookups';
import { ROUTE_PERMISSIONS } from '@/lib/access';
import { LANGUAGE_STORAGE_KEY, type Language } from '@/lib/i18n';
import { seriousFindings } from './support/axe';
import { settle, trackRequests } from './support/settle';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, syncReady, watchErrors, goInApp } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { Api } from './support/api';
import { createCase, patrolOnShiftFor } from './support/cases';

let server: RunningServer;
let browser: Browser;
let api: Api;
const users = await demoUsers();
const tmca = users.find((u) => u.username === 'tmca')!;
let patrol: E2eUser;
let roster: ActivePrRow;
let caseId: number;
let subformId: number;

/** The screens the patrol may open, with real ids. */
function patrolScreens(): string[] {
  const out: string[] = [];
  const r = roster.pkDutyRosterId;
  const withIds: Record<string, string[]> = {
    '/insidenView/*': [`/insidenView/${caseId}`],
    '/insiden/*': [`/insiden/${caseId}/${subformId}`],
    '/activitylog/*': [`/activitylog/${r}/view`, `/activitylog/${r}/edit`],
    '/laporanmasalebuhraya/*': [`/laporanmasalebuhraya/${r}`],
    '/senaraisemak/*': [`/senaraisemak/${r}`],
    '/laporanseksyen/*': [`/laporanseksyen/${roster.sectionId}`],
  };
  for (const [path, permission] of Object.entries(ROUTE_PERMISSIONS)) {
    if (path === '/signout' || (permission !== null && !can('PR', permission))) continue;
    if (path.endsWith('/*')) out.push(...(withIds[path] ?? []));
    else out.push(path);
  }
  return out;
}

/** The elements whose text is cut off with no way to read it (see the file's comment), described for the report. */
function clippedIn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const wide = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (wide > 0) out.push(`the page is ${wide}px wider than the window`);
    for (const e of document.querySelectorAll<HTMLElement>('body *')) {
      if (!(e instanceof HTMLElement) || e.getClientRects().length === 0) continue;
      if (e.closest('input, textarea, select, svg, canvas, [aria-hidden=true], .ol-viewport')) continue;
      const cs = getComputedStyle(e);
      if (cs.visibility === 'hidden') continue;
      // cut off sideways (truncate, overflow hidden), or below its last lines (lineClamp)
      const sideways = (cs.overflowX === 'hidden' || cs.overflowX === 'clip') && e.scrollWidth > e.clientWidth + 1;
      const clamped = cs.webkitLineClamp !== 'none' && cs.webkitLineClamp !== '' && e.scrollHeight > e.clientHeight + 1;
      if (!sideways && !clamped) continue;
      // visually hidden texts for screen readers (1 px boxes, clipped on purpose)
      if (e.clientWidth <= 2 || cs.clip !== 'auto' || (cs.clipPath !== 'none' && cs.clipPath !== '')) continue;
      const text = (e.innerText || '').trim();
      if (!text) continue;
      // a title, a tooltip, or a cell's text that shows itself whole on hover and focus (src/ui/table-scroll.tsx CellText)
      if (e.closest('[title], [data-full-text]') || e.closest('[data-scope=tooltip][data-part=trigger]') || e.querySelector('[title]')) continue;
      const id = e.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
      out.push(
        `${e.tagName.toLowerCase()}${id ? ` in [${id}]` : ''} ${sideways ? `${e.scrollWidth}>${e.clientWidth}` : `${e.scrollHeight}>${e.clientHeight} lines`}: ${text.replace(/\s+/g, ' ').slice(0, 60)}`,
      );
    }
    return out;
  });
}

/**
 * Opens a screen inside the running app, as its links do (the router follows the browser's history), not with a
 * reload: the check is about layout, and a reload per screen costs a second or two each.
 */
async function go(page: Page, path: string) {
  await goInApp(page, path, 'main, [data-testid=incident-print]');
}

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  api = new Api(server.baseUrl);
  ({ patrol, roster } = await patrolOnShiftFor(api, tmca, users, 10));
  const created = await createCase(api, tmca, roster, EVENT_TYPE.ACCIDENT, '402.7', 'Ujian susun atur tablet');
  caseId = created.pkIncidentId;
  subformId = created.subformId;
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { width: 1024, height: 768 },
  { width: 800, height: 1280 },
];

describe('the patrol’s tablet: no text cut off (issue #30 item 4)', () => {
  for (const lang of ['ms', 'en'] as Language[]) {
    it(`every screen a patrol may open, at 1024×768 and 800×1280, in ${lang}`, { timeout: 240_000 }, async () => {
      const ctx = await newContext(browser, { baseUrl: server.baseUrl, ...SIZES[0] });
      await ctx.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, lang] as const);
      const page = await ctx.newPage();
      trackRequests(page);
      const errors = watchErrors(page);
      const found: string[] = [];
      const axe: string[] = [];
      try {
        await signIn(page, patrol.username, patrol.password);
        await page.waitForURL((u) => u.pathname === '/syifsaya' || u.pathname === '/', { timeout: 30_000 });
        await syncReady(page);
        const screens = patrolScreens();
        expect(screens).toContain('/syifsaya');
        for (const size of SIZES) {
          await page.setViewportSize(size);
          for (const path of screens) {
            await go(page, path);
            await settle(page);
            for (const row of await clippedIn(page)) found.push(`${lang} ${size.width}×${size.height} ${path}: ${row}`);
            // and no serious or critical axe finding: in English on the tablet held sideways, in Malay held upright (the
            // patrol's screens are checked here, once each way; accessibility.test.ts checks its dialogs and the phone's
            // drawer menu, night-theme.test.ts every screen at night)
            if ((lang === 'en' && size === SIZES[0]) || (lang === 'ms' && size === SIZES[1])) {
              for (const row of await seriousFindings(page)) axe.push(`${path}: ${row}`);
            }
          }
        }
        // offline, the top bar carries more (the offline badge, the unsent count, the GPS chip's waiting fixes)
        await page.setViewportSize(SIZES[0]);
        await ctx.setOffline(true);
        for (const path of ['/syifsaya', '/']) {
          await go(page, path);
          await settle(page);
          for (const row of await clippedIn(page)) found.push(`${lang} offline 1024×768 ${path}: ${row}`);
        }
        await ctx.setOffline(false);
        await page.goto('/syifsaya');
        await settle(page);
        await screenshot(page, `tablet-layout-syifsaya-${lang}-1024x768`);
        await page.goto('/');
        await settle(page);
        await screenshot(page, `tablet-layout-dashboard-${lang}-1024x768`);
        if (found.length) console.log(`cut off:\n${found.join('\n')}`);
        expect(found).toEqual([]);
        expect(axe).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }

  it('finds a text cut off on purpose (the check can fail)', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, ...SIZES[0] });
    const page = await ctx.newPage();
    try {
      await signIn(page, patrol.username, patrol.password);
      await page.waitForURL((u) => u.pathname === '/syifsaya' || u.pathname === '/', { timeout: 30_000 });
      await syncReady(page);
      // one screen, reached the way the other test reaches them (the landing may still be redirecting or re-rendering
      // its heading right after sign-in: the styled h1 must be the one on the page when the check runs)
      await go(page, '/syifsaya');
      await settle(page);
      await page.locator('main h1').first().waitFor();
      expect(await clippedIn(page)).toEqual([]);
      const cutOff = () =>
        page.evaluate(() => {
          const h = document.querySelector<HTMLElement>('main h1')!;
          h.removeAttribute('title');
          Object.assign(h.style, { width: '40px', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' });
        });
      // styled and checked again until the check sees it (a re-render may replace the heading in between)
      let rows: string[] = [];
      await expect
        .poll(
          async () => {
            await cutOff();
            rows = await clippedIn(page);
            return rows.length;
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      expect(rows[0]).toMatch(/^h1 .*40/);
      // a title makes it readable
      await expect
        .poll(
          async () => {
            await cutOff();
            await page.evaluate(() => document.querySelector<HTMLElement>('main h1')!.setAttribute('title', 'x'));
            return clippedIn(page);
          },
          { timeout: 10_000 },
        )
        .toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
