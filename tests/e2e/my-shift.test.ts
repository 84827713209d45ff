/**
 * Issue #30 item 1 in the browser, through the shared server: "Syif saya" (/syifsaya), the patrol's one home for the
 * shift. A patrol on shift signs in on a 1024×768 tablet and lands on Syif saya (its menu's labelled entry leads back
 * to it from the dashboard), sees its roster and the shift's steps; the checklist step opens the roster's checklist,
 * the activity-log step its activity log, and the case the TMC assigned to the roster (made through the API first)
 * opens the case. Offline, after a reload, the screen still shows the roster and the case (from the device's copies).
 * Screenshots at 1024×768 and 800×1280 (and English), nothing cut off, no serious axe finding. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { EVENT_TYPE } from '@contract/lookups';
import { seriousFindings } from './support/axe';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, swControlling, watchErrors } from './support/browser';
import { demoUsers } from './support/users';
import { Api } from './support/api';
import { createCase, patrolOnShiftFor } from './support/cases';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const tmca = users.find((u) => u.roleName === 'TMCA')!;

/** Nothing wider than the window (no sideways scroll), and no element of the screen cut off sideways. */
async function nothingCutOff(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide).toBeLessThanOrEqual(0);
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid=ms-screen] *')]
      .filter(
        (e) =>
          e instanceof HTMLElement && e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible',
      )
      .map((e) => `${e.tagName}.${(e as HTMLElement).dataset.testid ?? ''}: ${(e as HTMLElement).innerText.slice(0, 40)}`),
  );
  expect(clipped).toEqual([]);
}

/** No serious or critical axe-core finding on the screen. */
const axeClean = async (page: Page) => expect(await seriousFindings(page, '[data-testid=ms-screen]')).toEqual([]);

describe('Syif saya: the patrol’s home for the shift (issue #30 item 1)', () => {
  beforeAll(async () => {
    server = sharedServer();
    api = new Api(server.baseUrl);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('a patrol on shift lands on Syif saya, reaches each step in one tap, and keeps it offline', async () => {
    const { patrol, roster } = await patrolOnShiftFor(api, tmca, users, 15);
    const created = await createCase(api, tmca, roster, EVENT_TYPE.ACCIDENT, '402.3', 'Ujian Syif saya');

    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1024, height: 768, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    try {
      // a patrol on shift lands on Syif saya
      await signIn(page, patrol.username, patrol.password);
      await page.waitForURL((u) => u.pathname === '/syifsaya', { timeout: 30_000 });
      await page.getByTestId('ms-roster').waitFor();
      await swControlling(page);

      // its menu's entry keeps its label in the tablet's icon rail, and leads back from the dashboard
      const entry = page.locator('[data-testid=side-nav] [data-menu-key=myShift]');
      await expect.poll(() => page.getByTestId('side-nav').getAttribute('data-variant')).toBe('rail');
      await expect.poll(() => entry.innerText()).toContain('Syif saya');
      expect(await entry.getAttribute('aria-current')).toBe('page');
      await page.locator('[data-testid=side-nav] [data-menu-key=dashboard]').click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByTestId('dashboard').waitFor();
      await entry.click();
      await page.waitForURL((u) => u.pathname === '/syifsaya');

      // the roster on shift and its steps; the case the TMC assigned to it
      await page.getByTestId('ms-roster').waitFor();
      expect(await page.getByTestId('ms-roster').getAttribute('data-roster-id')).toBe(String(roster.pkDutyRosterId));
      await expect.poll(() => page.getByTestId('ms-roster-name').first().innerText()).toBe(roster.dutyRosterName);
      const caseRow = page.locator(`[data-testid=ms-case][data-incident-id="${created.pkIncidentId}"]`);
      await caseRow.waitFor({ timeout: 30_000 });
      await expect.poll(() => caseRow.innerText()).toContain(created.ticketNumber);
      for (const step of ['ms-step-pre', 'ms-step-activity', 'ms-step-post']) {
        await expect.poll(() => page.getByTestId(step).getAttribute('data-state'), { message: step }).toMatch(/^(todo|ongoing|done|unsent|blocked)$/);
      }
      await page.getByTestId('ms-next-event').waitFor();
      // every tap target is at least 48 px high
      for (const id of ['ms-step-pre-open', 'ms-step-activity-open', 'ms-next-event', 'ms-step-post-open', 'ms-step-report-open']) {
        const box = await page.getByTestId(id).boundingBox();
        expect(box?.height, id).toBeGreaterThanOrEqual(48);
      }
      expect((await caseRow.boundingBox())?.height).toBeGreaterThanOrEqual(48);
      await nothingCutOff(page);
      await axeClean(page);
      await screenshot(page, 'my-shift-1-1024x768');

      // (1) the pre-shift checklist: one tap
      await page.getByTestId('ms-step-pre-open').click();
      await page.waitForURL((u) => u.pathname === `/senaraisemak/${roster.pkDutyRosterId}`);
      await page.getByTestId('cl-screen').waitFor();
      await page.goBack();
      await page.getByTestId('ms-screen').waitFor();

      // (2) the activity log: one tap
      await page.getByTestId('ms-step-activity-open').click();
      await page.waitForURL((u) => u.pathname === `/activitylog/${roster.pkDutyRosterId}/edit`);
      await page.getByTestId('activity-screen').waitFor();
      await page.goBack();
      await page.getByTestId('ms-screen').waitFor();

      // (3) the case: one tap opens it
      await caseRow.click();
      await page.waitForURL((u) => u.pathname === `/insidenView/${created.pkIncidentId}`);
      await page.getByTestId('incident-detail').waitFor({ timeout: 30_000 });
      await page.goBack();
      await page.getByTestId('ms-screen').waitFor();
      await caseRow.waitFor();

      // the tall tablet (portrait)
      await page.setViewportSize({ width: 800, height: 1280 });
      await caseRow.waitFor();
      await nothingCutOff(page);
      await screenshot(page, 'my-shift-2-800x1280');

      // the English mode
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.evaluate(() => localStorage.setItem('lebuhraya.lang', 'en'));
      await page.reload();
      await expect.poll(() => page.getByTestId('ms-screen').locator('h1').innerText(), { timeout: 30_000 }).toBe('My shift');
      await caseRow.waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('ms-step-pre').innerText()).toContain('Pre-shift vehicle checklist');
      await nothingCutOff(page);
      await axeClean(page);
      await screenshot(page, 'my-shift-3-en-1024x768');

      // offline: after a reload, the roster and the case from the device's copies
      await ctx.setOffline(true);
      await page.reload();
      await page.getByTestId('ms-roster').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('ms-roster-name').first().innerText()).toBe(roster.dutyRosterName);
      await caseRow.waitFor({ timeout: 30_000 });
      await page.getByTestId('ms-cached').waitFor();
      await screenshot(page, 'my-shift-4-offline-1024x768');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
