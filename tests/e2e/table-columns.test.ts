/**
 * Issue #31 item 4 in the browser, through the shared server: no hidden column. On every list and report screen, at
 * 1366×768 and 1440×900 (and in English at 1366×768, English words being longer), every table either fits its
 * visible box, or scrolls sideways in a box that shows it does (src/ui/table-scroll.tsx: the edge shadow on the side
 * with more to see, and on that side only) and keeps its first column in view (sticky, on a solid background); no
 * table spills out of its card; no header breaks inside a word (each word's characters on one line) or runs past its
 * column; and a cell whose text is cut off (an ellipsis, a line clamp) shows its whole text on hover and on keyboard
 * focus (a title shows on hover only: not enough). A meta-test breaks a header, hides a column and cuts a text off
 * on a real screen and expects the same checks to report each (the checks can fail).
 *
 * One context for SUPERADMIN, who may open every one of these screens (contract/roles.ts), resized between the sizes.
 * Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACTIVITY_PATHS } from '@contract/activity-log-rules';
import type { EndOfDutyRow } from '@contract/activity-log';
import type { DataTablesResult } from '@contract/envelope';
import { LANGUAGE_STORAGE_KEY, type Language } from '@/lib/i18n';
import { COLOR_MODE_STORAGE_KEY } from '@/lib/color-mode';
import { settle, trackRequests } from './support/settle';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors, goInApp } from './support/browser';
import { demoUsers } from './support/users';
import { Api } from './support/api';
import { createCase, patrolOnShift } from './support/cases';
import { EVENT_TYPE } from '@contract/lookups';

let server: RunningServer;
let browser: Browser;
let api: Api;
const users = await demoUsers();
const superadmin = users.find((u) => u.username === 'superadmin')!;
const tmca = users.find((u) => u.username === 'tmca')!;
/** a roster on shift with a case of this test: its end-of-duty report shows its cases' table */
let roster: EndOfDutyRow;
let sectionId: number;

/**
 * Every list and report screen with a table (the end-of-duty report: the roster with this test's case). /cariankes
 * shows the same list as /incident once searched; the time-on-mainline report's table of a roster on shift is empty.
 */
function screens(): string[] {
  return [
    '/',
    '/incident',
    '/cariantmclogsheet',
    '/laporaninsiden',
    `/laporanseksyen/${sectionId}`,
    '/laporanjenisbantuan',
    '/laporanrondaan',
    '/laporanpenggunaankenderaan',
    '/laporanmasabertugas',
    '/laporanmasalebuhraya',
    '/reportsenaraisemak',
    '/dailyactivitylog',
    `/activitylog/${roster.pkDutyRosterId}/view`,
    '/listingstaff',
    '/listingleave',
    '/listingroster',
    '/staffingroster',
    '/listingteam',
    '/listingshift',
    '/listingronda',
    '/listingcheckpoint',
    '/listingasset',
    '/managevehicle',
    '/maintenance',
    '/manageuser',
    '/registeruser',
  ];
}

interface TableCheck {
  tables: number;
  findings: string[];
}

/**
 * The tables of the screen and what hides part of them (see the file's comment), described for the report. Scrolls
 * each table that overflows to its end and back to see its shadows move and its first column stay.
 */
function checkTables(page: Page): Promise<TableCheck> {
  return page.evaluate(async () => {
    const out: string[] = [];
    // two frames for the scroll event's render, then the shadows' fade
    const frame = async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      await Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => {})),
      );
    };
    const visible = (e: Element | null) => {
      if (!e) return false;
      const r = e.getBoundingClientRect();
      const cs = getComputedStyle(e);
      return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && Number(cs.opacity) > 0.3 && cs.display !== 'none';
    };
    const opaque = (e: Element) => {
      const m = getComputedStyle(e).backgroundColor.match(/rgba?\(([^)]+)\)/);
      if (!m) return false;
      const parts = m[1].split(/[ ,/]+/).filter(Boolean);
      return parts.length < 4 || Number(parts[3]) === 1;
    };
    const wide = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (wide > 0) out.push(`the page is ${wide}px wider than the window`);
    // the shell scrolls inside <main>: nothing makes the page itself taller than the window
    const tall = document.documentElement.scrollHeight - document.documentElement.clientHeight;
    if (tall > 0) out.push(`the page is ${tall}px taller than the window`);
    const main = document.querySelector('main');
    const tables = [...document.querySelectorAll<HTMLTableElement>('main table')].filter(
      (t) => t.getClientRects().length > 0 && !t.closest('[aria-hidden=true]') && !t.closest('[role=dialog]'),
    );
    for (const [i, table] of tables.entries()) {
      const name = table.closest('[data-testid]')?.getAttribute('data-testid') ?? `table ${i + 1}`;
      // the nearest box that scrolls or clips sideways
      let box: HTMLElement | null = table.parentElement;
      while (box && box !== main && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      const scrolls = !!box && box !== main && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
      // nothing around it spills out of its card or panel (a box whose content is wider than it, showing the rest)
      for (let a: HTMLElement | null = (scrolls ? box : table)?.parentElement ?? null; a && a !== main; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible' && a.scrollWidth > a.clientWidth + 1) {
          out.push(
            `${name}: spills ${a.scrollWidth - a.clientWidth}px out of its ${a.tagName.toLowerCase()}${a.dataset.testid ? ` [${a.dataset.testid}]` : ''}`,
          );
          break;
        }
      }
      // headers: no word on two lines, no text past its column
      for (const th of table.querySelectorAll<HTMLElement>('thead th')) {
        const label = (th.innerText || '').replace(/\s+/g, ' ').trim();
        if (!label) continue;
        if (th.scrollWidth > th.clientWidth + 1) out.push(`${name}: header "${label}" is ${th.scrollWidth - th.clientWidth}px wider than its column`);
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = n.textContent ?? '';
          for (const m of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(n, m.index);
            range.setEnd(n, m.index + m[0].length);
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (tops.size > 1) out.push(`${name}: header "${label}" breaks inside the word "${m[0]}"`);
          }
        }
      }
      // cells cut off: readable on hover and on focus
      for (const e of table.querySelectorAll<HTMLElement>('td, th, td *, th *')) {
        if (e.getClientRects().length === 0 || e.closest('svg, [aria-hidden=true]')) continue;
        const cs = getComputedStyle(e);
        const sideways = (cs.overflowX === 'hidden' || cs.overflowX === 'clip') && e.scrollWidth > e.clientWidth + 1;
        const clamped = cs.webkitLineClamp !== 'none' && cs.webkitLineClamp !== '' && e.scrollHeight > e.clientHeight + 1;
        if (!sideways && !clamped) continue;
        if (e.clientWidth <= 2 || cs.clip !== 'auto') continue;
        const text = (e.innerText || '').trim();
        if (!text) continue;
        const shows = e.closest<HTMLElement>('[data-full-text]');
        if (!shows || shows.tabIndex < 0)
          out.push(`${name}: "${text.replace(/\s+/g, ' ').slice(0, 50)}" is cut off with no way to read it on hover and focus`);
      }
      if (!box || !scrolls) {
        const r = table.getBoundingClientRect();
        const b = (box ?? main)?.getBoundingClientRect();
        if (b && r.right > b.right + 1) out.push(`${name}: ${Math.round(r.right - b.right)}px of its columns hidden`);
        continue;
      }
      const over = box.scrollWidth - box.clientWidth;
      if (over <= 1) continue;
      // it scrolls sideways: it must show it, keep its first column and be reachable from the keyboard
      const holder = box.closest<HTMLElement>('[data-table-scroll]');
      const start = holder?.querySelector('[data-scroll-shadow=start]') ?? null;
      const end = holder?.querySelector('[data-scroll-shadow=end]') ?? null;
      if (!holder) {
        out.push(`${name}: ${over}px of columns scroll out of sight with nothing showing it`);
        continue;
      }
      if (box.tabIndex < 0 || !box.getAttribute('aria-label')) out.push(`${name}: its scroll box cannot be focused or has no name`);
      box.scrollLeft = 0;
      box.dispatchEvent(new Event('scroll'));
      await frame();
      if (!visible(end)) out.push(`${name}: scrolled to its start, no shadow shows the ${over}px at its end`);
      if (visible(start)) out.push(`${name}: scrolled to its start, a shadow shows more at its start`);
      box.scrollLeft = over;
      box.dispatchEvent(new Event('scroll'));
      await frame();
      if (!visible(start)) out.push(`${name}: scrolled to its end, no shadow shows the columns before`);
      if (visible(end)) out.push(`${name}: scrolled to its end, a shadow still shows more at its end`);
      const left = box.getBoundingClientRect().left;
      for (const row of [...table.rows].slice(0, 3)) {
        const first = row.cells[0];
        if (!first || first.colSpan > 1) continue;
        const gap = Math.abs(first.getBoundingClientRect().left - left);
        if (gap > 2) out.push(`${name}: its first column does not stay in view (${Math.round(gap)}px off)`);
        else if (!opaque(first)) out.push(`${name}: its first column stays on a see-through background`);
        if (gap > 2 || !opaque(first)) break;
      }
      box.scrollLeft = 0;
      box.dispatchEvent(new Event('scroll'));
      await frame();
    }
    return { tables: tables.length, findings: out };
  });
}

/** Opens a screen inside the running app, as its links do (no reload: a second or two each). */
async function go(page: Page, path: string) {
  await goInApp(page, path);
}

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  api = new Api(server.baseUrl);
  const onShift = await patrolOnShift(api, tmca, users);
  await createCase(api, tmca, onShift.roster, EVENT_TYPE.ACCIDENT, '402.7', `Ujian lajur jadual ${Date.now()}`);
  const list = await api.call<DataTablesResult<EndOfDutyRow>>(superadmin, 'POST', `${ACTIVITY_PATHS.reportDataTables}?length=50&start=0`, {
    sectionId: onShift.roster.sectionId,
  });
  expect(list.status).toBe(200);
  roster = list.body.rows.find((r) => r.pkDutyRosterId === onShift.roster.pkDutyRosterId)!;
  expect(roster, list.body.rows.map((r) => `${r.pkDutyRosterId} ${r.dutyRosterName}`).join(', ')).toBeDefined();
  expect(roster.caseCount).toBeGreaterThan(0);
  sectionId = onShift.roster.sectionId;
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

/** the screens the issue names, photographed at each size (test-results/screenshots/table-columns-*) */
const SHOTS = ['/reportsenaraisemak', '/dailyactivitylog', '/activitylog', '/listingleave', '/incident', '/maintenance'];

const PASSES: { lang: Language; sizes: typeof SIZES }[] = [
  { lang: 'ms', sizes: SIZES },
  { lang: 'en', sizes: [SIZES[0]] },
];

/** Signed in as SUPERADMIN at 1366×768, on `path`, settled (in the night theme with `night`). */
async function openAt(path: string, night = false) {
  const ctx = await newContext(browser, { baseUrl: server.baseUrl, ...SIZES[0] });
  if (night) await ctx.addInitScript(([key]) => localStorage.setItem(key, 'dark'), [COLOR_MODE_STORAGE_KEY] as const);
  const page = await ctx.newPage();
  trackRequests(page);
  await signIn(page, superadmin.username, superadmin.password);
  await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
  await go(page, path);
  await settle(page);
  return { ctx, page };
}

describe('no hidden column (issue #31 item 4)', () => {
  for (const { lang, sizes } of PASSES) {
    it(`every list and report screen, at ${sizes.map((s) => `${s.width}×${s.height}`).join(' and ')}, in ${lang}`, { timeout: 150_000 }, async () => {
      const ctx = await newContext(browser, { baseUrl: server.baseUrl, ...sizes[0] });
      await ctx.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, lang] as const);
      const page = await ctx.newPage();
      trackRequests(page);
      const errors = watchErrors(page);
      const found: string[] = [];
      const counts: Record<string, number> = {};
      try {
        await signIn(page, superadmin.username, superadmin.password);
        await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
        for (const size of sizes) {
          await page.setViewportSize(size);
          for (const path of screens()) {
            await go(page, path);
            await settle(page);
            const { tables, findings } = await checkTables(page);
            counts[path] = Math.max(counts[path] ?? 0, tables);
            for (const row of findings) found.push(`${lang} ${size.width}×${size.height} ${path}: ${row}`);
            const shot = SHOTS.find((s) => path.startsWith(s));
            if (shot) await screenshot(page, `table-columns${shot.replaceAll('/', '-')}-${lang}-${size.width}x${size.height}`);
          }
        }
        if (found.length) console.log(`hidden columns:\n${found.join('\n')}`);
        expect(found).toEqual([]);
        // the check looked at tables: every screen of the list has one
        expect(Object.entries(counts).filter(([, n]) => n === 0)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }

  it('a cut cell’s text shows whole on hover and on keyboard focus', async () => {
    const { ctx, page } = await openAt('/incident');
    try {
      const cut = page.locator('main table [data-full-text]').first();
      const full = ((await cut.textContent()) ?? '').trim();
      expect(full.length).toBeGreaterThan(0);
      const tip = page.locator('[data-scope=tooltip][data-part=content]', { hasText: full });
      await cut.hover();
      await expect.poll(() => tip.isVisible()).toBe(true);
      await page.mouse.move(1, 1);
      await expect.poll(() => tip.isVisible()).toBe(false);
      // from the keyboard: Tab onto it
      await cut.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await cut.evaluate((e) => e === document.activeElement)).toBe(true);
      await expect.poll(() => tip.isVisible()).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it('in the night theme too, a table that scrolls keeps its first column on a solid background', async () => {
    const { ctx, page } = await openAt('/reportsenaraisemak', true);
    try {
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      // narrower than any screen it is used on, so that it scrolls
      await page.setViewportSize({ width: 1100, height: 768 });
      await settle(page);
      expect(await page.locator('main [data-table-scroll][data-overflow=true]').count()).toBeGreaterThan(0);
      expect((await checkTables(page)).findings).toEqual([]);
      await page
        .locator('main [data-table-scroll][data-overflow=true] > div')
        .first()
        .evaluate((e) => {
          e.scrollLeft = 200;
        });
      await settle(page);
      await screenshot(page, 'table-columns-reportsenaraisemak-night-scrolled');
    } finally {
      await ctx.close();
    }
  });

  it('finds a header broken inside a word, hidden columns, a scroll with no shadow, a page taller than the window and a text cut off (the checks can fail)', async () => {
    const { ctx, page } = await openAt('/listingstaff');
    try {
      const again = async () => {
        await page.reload();
        await page.locator('main table tbody tr td').first().waitFor();
        await settle(page);
      };
      expect((await checkTables(page)).findings).toEqual([]);
      // a header squeezed until its word breaks
      await page.evaluate(() => {
        const th = document.querySelector<HTMLElement>('main thead th')!;
        for (const e of th.querySelectorAll<HTMLElement>('*')) Object.assign(e.style, { wordBreak: 'break-all', whiteSpace: 'normal' });
        Object.assign(th.style, { wordBreak: 'break-all', width: '24px', maxWidth: '24px' });
        th.closest('table')!.style.tableLayout = 'fixed';
      });
      expect((await checkTables(page)).findings.join('\n')).toMatch(/breaks inside the word/);
      // columns hidden by a box that clips
      await again();
      await page.evaluate(() => {
        const table = document.querySelector<HTMLElement>('main table')!;
        table.style.minWidth = '3000px';
        table.parentElement!.style.overflowX = 'hidden';
      });
      expect((await checkTables(page)).findings.join('\n')).toMatch(/px of its columns hidden/);
      // a table that scrolls with its shadow gone
      await again();
      await page.evaluate(() => {
        document.querySelector<HTMLElement>('main table')!.style.minWidth = '3000px';
      });
      await page.locator('main [data-table-scroll][data-overflow=true]').first().waitFor();
      expect((await checkTables(page)).findings).toEqual([]);
      await page.evaluate(() => {
        for (const e of document.querySelectorAll<HTMLElement>('main [data-scroll-shadow]')) e.style.display = 'none';
      });
      expect((await checkTables(page)).findings.join('\n')).toMatch(/no shadow shows/);
      // a screen-reader-only text in a cell whose containing block is the page, below the window (/maintenance grew 369 px)
      await again();
      await page.evaluate(() => {
        const p = document.createElement('p');
        p.textContent = 'Dokumen dan Kad';
        Object.assign(p.style, { position: 'absolute', top: '3000px', width: '1px', height: '1px', overflow: 'hidden' });
        document.body.append(p);
      });
      expect((await checkTables(page)).findings.join('\n')).toMatch(/the page is \d+px taller than the window/);
      // a cell's text cut off
      await again();
      await page.evaluate(() => {
        const td = document.querySelector<HTMLElement>('main tbody td:nth-child(2)')!;
        const span = document.createElement('span');
        span.textContent = 'Teks yang panjang dipotong di sini';
        Object.assign(span.style, { display: 'block', width: '30px', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' });
        td.append(span);
      });
      expect((await checkTables(page)).findings.join('\n')).toMatch(/is cut off with no way to read it/);
    } finally {
      await ctx.close();
    }
  });
});
