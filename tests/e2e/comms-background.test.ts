/**
 * Issue #6 item 4 in Chromium against the real server: the TMC operator's page goes to the background (its
 * visibility and focus emulated in the page, so the screens' own refresh stops and the page reports it to the
 * worker), a patrol writes a journal entry through the API, and the service worker's poll — asked for by the
 * hidden page's 60 s timer — shows a system notification (read back with registration.getNotifications()); an
 * unchanged poll is answered 304; the patrol's next entry and a reassignment alert notify as well. Headless Chromium cannot fire Periodic Background Sync: its handler calls the same
 * poll as the page's message, which is what runs here. A click on a system notification cannot be made headless
 * either: the worker's message it sends (COMMS_OPEN) is posted from the worker's context, and the page opens the
 * case or the alerts drawer. The permission prompt: 'Tidak sekarang' hides it for good for this user.
 * Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import type { ActivePrRow } from '@contract/incidents';
import { EVENT_TYPE, STATUS } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import type { PollResult } from '@/features/comms/poll-core';
import { startServer, type RunningServer } from './support/server';
import { deviceHas, launchBrowser, newContext, screenshot, signIn, swControlling, watchErrors } from './support/browser';
import { demoUsers } from './support/users';
import { Api } from './support/api';
import { createCase, patrolOnShift } from './support/cases';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const tmca = users.find((u) => u.roleName === 'TMCA')!;
const tmcs = users.find((u) => u.roleName === 'TMCS')!;

/** The page as a tab in the background: hidden and without focus (what the browser reports for a covered tab). */
async function sendToBackground(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.hasFocus = () => false;
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('blur'));
  });
}

/** Asks the worker for a poll now (what the page's timer and the periodic sync do) and returns its result. */
const pollNow = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<PollResult>((resolve, reject) => {
        const on = (e: MessageEvent) => {
          if (e.data?.type !== 'COMMS_POLLED') return;
          navigator.serviceWorker.removeEventListener('message', on);
          resolve(e.data.result as PollResult);
        };
        navigator.serviceWorker.addEventListener('message', on);
        const sw = navigator.serviceWorker.controller;
        if (!sw) reject(new Error('no controlling service worker'));
        else sw.postMessage({ type: 'COMMS_POLL', force: true, focused: false, lang: 'ms' });
        setTimeout(() => reject(new Error('no answer from the worker')), 20_000);
      }),
  );

const systemNotifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });

async function serviceWorkerOf(ctx: BrowserContext): Promise<Worker> {
  return ctx.serviceWorkers()[0] ?? (await ctx.waitForEvent('serviceworker'));
}

describe('background polling and system notifications (issue #6 item 4)', () => {
  beforeAll(async () => {
    // no unacknowledged-case sweep: an alert it raised mid-test would make an 'unchanged' poll a 200
    server = await startServer({ env: { ALERT_SWEEP_SECONDS: '0' } });
    api = new Api(server.baseUrl);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a patrol's journal entry on a case reaches the TMC operator as a system notification while the app is in the background; an unchanged poll is 304; a reassignment alert notifies too", async () => {
    const { patrol, roster } = await patrolOnShift(api, tmca, users);
    const created = await createCase(api, tmca, roster, EVENT_TYPE.BREAKDOWN, '405.2');
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 900, serviceWorkers: 'allow' });
    await ctx.grantPermissions(['notifications'], { origin: server.baseUrl });
    try {
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname !== '/signin');
      await swControlling(page);
      await page.getByTestId('notification-bell').waitFor();
      // the focused screen has told the worker what it shows (its per-user poll state exists)
      await deviceHas(page, ['comms:poll']);
      expect(await page.evaluate(() => Notification.permission)).toBe('granted');
      // permission granted: no prompt in the drawer
      await page.getByTestId('broadcast-button').click();
      await page.getByTestId('comms-drawer').waitFor();
      expect(await page.getByTestId('notify-prompt').count()).toBe(0);
      await page.keyboard.press('Escape');

      await sendToBackground(page);
      const polls: { status: number; inm: boolean }[] = [];
      // the worker's own requests (Chromium reports them on the context)
      ctx.on('response', (r) => {
        if (r.url().includes(PATHS.notificationGetAll)) polls.push({ status: r.status(), inm: !!r.request().headers()['if-none-match'] });
      });

      // the patrol writes on its case (through the API, as its tablet does)
      const write = await api.call(patrol, 'POST', PATHS.journalEntrySave, {
        pkIncidentId: created.pkIncidentId,
        incidentSubFormId: created.subformId,
        entry: 'Trak tunda tiba, kenderaan sedang ditunda keluar.',
      });
      expect(write.status).toBe(200);

      // no forced poll: the hidden page's 60 s timer asks the worker, which polls and notifies
      await expect
        .poll(async () => (await systemNotifications(page)).filter((n) => n.title.includes(created.ticketNumber)), {
          timeout: 80_000,
          interval: 1000,
        })
        .toHaveLength(1);
      const [shown] = (await systemNotifications(page)).filter((n) => n.title.includes(created.ticketNumber));
      expect(shown.title).toBe(`Notifikasi kes ${created.ticketNumber}`);
      expect(shown.body).toMatch(/^Status: .+\. Peronda telah mengemas kini kes ini\.$/);
      expect(shown.tag).toMatch(new RegExp(`^case:${created.pkIncidentId}:\\d{4}-`));
      expect(shown.data).toEqual({ app: 'lebuhraya-comms', target: { kind: 'case', incidentId: created.pkIncidentId }, key: shown.tag });

      // nothing changed since: both lists answer 304 (no body), nothing is notified again
      const again = await pollNow(page);
      expect(again).toMatchObject({ outcome: 'polled', lists: { notifications: 304, alerts: 304 }, shown: [] });
      expect(polls.length).toBeGreaterThan(0);
      expect(polls.at(-1)).toEqual({ status: 304, inm: true });
      expect((await systemNotifications(page)).filter((n) => n.title.includes(created.ticketNumber))).toHaveLength(1);

      // the patrol writes again: a new event on the same case (the browser replaces nothing: a new tag)
      await api.call(patrol, 'POST', PATHS.journalEntrySave, {
        pkIncidentId: created.pkIncidentId,
        incidentSubFormId: created.subformId,
        entry: 'Laluan dibuka semula.',
      });
      const third = await pollNow(page);
      expect(third.lists.notifications).toBe(200);
      expect(third.shown).toHaveLength(1);
      expect(third.shown[0]).not.toBe(shown.tag);

      // the supervisor reassigns the case to another roster: the operator gets an alert, notified with its text
      const { rows } = (await api.call<{ rows: ActivePrRow[] }>(tmca, 'POST', `${PATHS.nearestActivePr}?length=100&start=0`, {})).body;
      const other = rows.find((r) => r.pkDutyRosterId !== roster.pkDutyRosterId);
      expect(other, 'a second roster on shift in the region').toBeTruthy();
      const reassign = await api.call(tmcs, 'POST', PATHS.auditSave, {
        incidentId: created.pkIncidentId,
        incidentStatusId: STATUS.ASSIGNED,
        assigneeId: other!.pkDutyRosterId,
      });
      expect(reassign.status, reassign.statusMsg).toBe(200);
      const fourth = await pollNow(page);
      expect(fourth.lists.alerts).toBe(200);
      expect(fourth.shown).toHaveLength(1);
      expect(fourth.shown[0]).toMatch(/^alert:\d+$/);
      const alertShown = (await systemNotifications(page)).find((n) => n.tag === fourth.shown[0])!;
      expect(alertShown.title).toBe('Notifikasi baharu');
      expect(alertShown.body).toContain(`Kes ${created.ticketNumber} ditugaskan semula kepada ${other!.dutyRosterName}`);
      expect(alertShown.data).toMatchObject({ target: { kind: 'alerts' } });

      // a click on it: the worker focuses this window and asks it to open the case (posted from the worker here)
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
        document.hasFocus = () => true;
        document.dispatchEvent(new Event('visibilitychange'));
      });
      const sw = await serviceWorkerOf(ctx);
      const post = (target: unknown) =>
        sw.evaluate(async (t) => {
          const list = await (self as unknown as ServiceWorkerGlobalScope).clients.matchAll({ type: 'window' });
          list.forEach((c) => {
            c.postMessage({ type: 'COMMS_OPEN', target: t });
          });
          return list.length;
        }, target);
      expect(await post({ kind: 'case', incidentId: created.pkIncidentId })).toBe(1);
      await page.waitForURL((u) => u.pathname === `/insidenView/${created.pkIncidentId}`);
      await page.getByTestId('incident-detail').waitFor();
      await post({ kind: 'alerts' });
      await expect.poll(() => page.getByTestId('comms-drawer').getAttribute('data-mode')).toBe('alerts');
      await screenshot(page, 'comms-background-alerts-drawer');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 180_000);

  it("the permission prompt is asked in the drawer only, and 'Tidak sekarang' is remembered for the user", async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 900, serviceWorkers: 'allow' });
    try {
      const page = await ctx.newPage();
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname !== '/signin');
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      // never on page load by itself
      expect(await page.getByTestId('notify-prompt').count()).toBe(0);
      await page.getByTestId('broadcast-button').click();
      const prompt = page.getByTestId('comms-drawer').getByTestId('notify-prompt');
      await prompt.waitFor();
      expect(await prompt.innerText()).toContain('Benarkan pemberitahuan supaya anda tahu kes baharu walaupun tab ini tidak dibuka.');
      await screenshot(page, 'comms-background-prompt');
      await prompt.getByTestId('notify-later').click();
      await prompt.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => Notification.permission)).toBe('default');

      await page.reload();
      await page.getByTestId('broadcast-button').click();
      await page.getByTestId('comms-drawer').getByTestId('mode-broadcast').waitFor();
      expect(await page.getByTestId('notify-prompt').count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.getByTestId('comms-drawer').waitFor({ state: 'hidden' });
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-list').waitFor();
      expect(await page.getByTestId('notify-prompt').count()).toBe(0);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
