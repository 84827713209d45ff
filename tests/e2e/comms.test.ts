/**
 * Issue #6 in the browser, two users at once against the real server: a patrol writes on its case and the TMC
 * operator's bell rises within the 60 s refresh; opening the notification shows the case in a full-screen dialog,
 * appends 'Read by: …' to the patrol's entry and clears the badge. A broadcast reaches another user within 60 s, and
 * one sent offline arrives exactly once after reconnecting; its sender sees how many have seen it.
 * "Within 60 s" is checked on the page's own clock (Playwright's, installed in each context): after the write the
 * watching page's clock moves on 60 s at once, so its 60 s refresh comes without waiting a real minute.
 * Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BroadcastRow } from '@contract/comms';
import type { JournalEntry } from '@contract/incidents';
import { EVENT_TYPE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { clockIsSet } from '../../server/lib/clock';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors, dialogClosed, fastForwardWhenIdle, trackRequests } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { Api, until } from './support/api';
import { createCase, patrolOnShift } from './support/cases';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const tmca = users.find((u) => u.roleName === 'TMCA')!;
const tmcs = users.find((u) => u.roleName === 'TMCS')!;

const bellCount = async (page: Page) => {
  const badge = page.getByTestId('notification-count');
  return (await badge.count()) ? Number(await badge.innerText()) : 0;
};

async function signedIn(user: E2eUser) {
  const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 900 });
  // the page's clock runs at the real pace and can be moved on (newContext installs it already when the clock is set)
  if (!clockIsSet()) await ctx.clock.install();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  const requests = trackRequests(page);
  await signIn(page, user.username, user.password);
  await page.waitForURL((u) => u.pathname !== '/signin');
  return { ctx, page, errors, requests };
}

describe('control-room communications (issue #6)', () => {
  beforeAll(async () => {
    server = sharedServer();
    api = new Api(server.baseUrl);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a patrol writes on its case; the TMC bell rises within 60 s; opening it shows the case, appends Read by and clears it', async () => {
    const { patrol, roster } = await patrolOnShift(api, tmca, users);
    const created = await createCase(api, tmca, roster, EVENT_TYPE.BREAKDOWN, '404.4');
    const tmc = await signedIn(tmca);
    const pr = await signedIn(patrol);
    try {
      // the count once the bell's lists have answered (the notifications and the field reports waiting)
      await tmc.page.locator('[data-testid=notification-bell][data-ready]').waitFor();
      const before = await bellCount(tmc.page);

      await pr.page.goto(`/insidenView/${created.pkIncidentId}`);
      await pr.page.getByTestId('journal-input').fill('Kenderaan dialihkan ke bahu jalan, menunggu trak tunda.');
      await pr.page.getByTestId('journal-send').click();
      await pr.page.getByTestId('journal-entry').filter({ hasText: 'menunggu trak tunda' }).first().waitFor();

      // the bell's 60 s refresh: once the server has the entry, at most 60 s of the page's clock later
      await until('the entry on the server', async () =>
        (await api.call<JournalEntry[]>(tmca, 'GET', PATHS.journalByIncident(created.pkIncidentId))).body.some((e) =>
          e.entry.includes('menunggu trak tunda'),
        ),
      );
      await tmc.page.bringToFront();
      await fastForwardWhenIdle(tmc.page, tmc.requests, 60_000);
      await expect.poll(() => bellCount(tmc.page), { timeout: 20_000, interval: 500 }).toBe(before + 1);
      await tmc.page.getByTestId('notification-bell').click();
      const item = tmc.page.getByTestId('notification-item').filter({ hasText: created.ticketNumber });
      await item.click();
      const dialog = tmc.page.getByTestId('case-dialog');
      await dialog.waitFor();
      expect(await dialog.getAttribute('data-incident-id')).toBe(String(created.pkIncidentId));
      await dialog.getByTestId('incident-detail').waitFor();
      await expect.poll(() => bellCount(tmc.page), { timeout: 20_000 }).toBe(before);

      // the patrol's entry carries the reader's mark, on the server and in the dialog's journal
      await until('Read by on the server', async () => {
        const list = (await api.call<JournalEntry[]>(tmca, 'GET', PATHS.journalByIncident(created.pkIncidentId))).body;
        return list.some(
          (e) => e.entry.includes('menunggu trak tunda') && /Read by: .+ \(TMCA\) Read Date: \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/.test(e.entry),
        );
      });
      await dialog.getByTestId('journal-entry').filter({ hasText: 'Read by:' }).first().waitFor({ timeout: 20_000 });
      await screenshot(tmc.page, 'comms-case-dialog');
      await tmc.page.getByTestId('case-dialog-close').click();
      await dialogClosed(dialog);
      expect(tmc.errors).toEqual([]);
      expect(pr.errors).toEqual([]);
    } finally {
      await tmc.ctx.close();
      await pr.ctx.close();
    }
  }, 180_000);

  it('a broadcast reaches another user within 60 s; one sent offline arrives once; the sender sees it seen', async () => {
    const onServer = async (message: string) =>
      (await api.call<{ rows: BroadcastRow[] }>(tmca, 'POST', `${PATHS.broadcastDataTables}?length=100&start=0`, {})).body.rows.some(
        (r) => r.message === message,
      );
    const sender = await signedIn(tmca);
    const reader = await signedIn(tmcs);
    // the reader's page clock moved on one refresh period (60 s): its list is asked again and shows the message. Its
    // requests and answers are counted, so a failure says which step did not happen: no request within the period,
    // a request without an answer, or answers without the message.
    const lists: string[] = [];
    const list = { asked: 0, pending: 0, unreadable: 0 };
    const isList = (url: string) => url.includes(PATHS.broadcastDataTables);
    reader.page.on('request', (r) => {
      if (!isList(r.url())) return;
      list.asked++;
      list.pending++;
    });
    const failures: string[] = [];
    reader.page.on('requestfailed', (r) => {
      if (!isList(r.url())) return;
      list.pending--;
      failures.push(r.failure()?.errorText ?? '?');
    });
    reader.page.on('requestfinished', (r) => {
      if (!isList(r.url())) return;
      list.pending--;
      r.response()
        .then((res) => res?.text())
        .then(
          (text) => (text === undefined ? list.unreadable++ : lists.push(text)),
          () => list.unreadable++,
        );
    });
    const refreshedWith = async (message: string) => {
      const before = { answers: lists.length, asked: list.asked, failures: failures.length };
      // the list refreshes while its page is visible (TanStack Query's refetchInterval): the sender's page was the one
      // used last. A list request still on its way when the clock moves on would take the refresh's place (TanStack
      // Query joins a running fetch) and be aborted by the jump (its timeout falls due): the clock moves on once none is
      await reader.page.bringToFront();
      await fastForwardWhenIdle(reader.page, reader.requests, 60_000);
      const item = reader.page.getByTestId('broadcast-item').filter({ hasText: message });
      try {
        await expect
          .poll(async () => lists.slice(before.answers).some((text) => text.includes(message)) || (await item.count()) > 0, { timeout: 45_000 })
          .toBe(true);
      } catch {
        const visibility = await reader.page.evaluate(() => document.visibilityState).catch(() => '?');
        throw new Error(
          `no refresh after 60 s listed "${message}": ${list.asked - before.asked} list requests meanwhile, ` +
            `${lists.length - before.answers} answers read, ${list.unreadable} unreadable, ${list.pending} pending, ` +
            `failed: [${failures.slice(before.failures).join(', ')}]; page ${visibility}`,
        );
      }
      await item.waitFor({ timeout: 20_000 });
    };
    try {
      for (const p of [sender.page, reader.page]) {
        await p.getByTestId('broadcast-button').click();
        await p.getByTestId('broadcast-list').waitFor();
      }
      const online = `Siaran ujian dalam talian ${Date.now()}`;
      await sender.page.getByTestId('broadcast-input').fill(online);
      await sender.page.getByTestId('broadcast-send').click();
      // once the server has it, the reader's 60 s refresh brings it
      await until('the broadcast on the server', () => onServer(online));
      await refreshedWith(online);

      const offline = `Siaran ujian luar talian ${Date.now()}`;
      await sender.ctx.setOffline(true);
      await sender.page.getByTestId('broadcast-input').fill(offline);
      await sender.page.getByTestId('broadcast-send').click();
      await sender.page.getByTestId('sync-status').and(sender.page.locator('[data-unsent="1"]')).waitFor({ timeout: 20_000 });
      await sender.ctx.setOffline(false);
      await until('the offline broadcast on the server', () => onServer(offline));
      await refreshedWith(offline);
      const rows = (await api.call<{ rows: BroadcastRow[] }>(tmca, 'POST', `${PATHS.broadcastDataTables}?length=100&start=0`, {})).body.rows;
      expect(rows.filter((r) => r.message === offline)).toHaveLength(1);
      expect(rows.filter((r) => r.message === online)).toHaveLength(1);

      // the reader had it on screen: the sender's line counts at least that one
      await until('seen by the reader', async () => {
        const r = (await api.call<{ rows: BroadcastRow[] }>(tmca, 'POST', `${PATHS.broadcastDataTables}?length=100&start=0`, {})).body.rows.find(
          (x) => x.message === online,
        );
        return (r?.seenCount ?? 0) >= 1;
      });
      await sender.page.reload();
      await sender.page.getByTestId('broadcast-button').click();
      const seen = sender.page.getByTestId('broadcast-item').filter({ hasText: online }).getByTestId('broadcast-seen');
      await expect.poll(async () => Number((await seen.getAttribute('data-seen')) ?? 0), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
      expect(sender.errors).toEqual([]);
      expect(reader.errors).toEqual([]);
    } finally {
      await sender.ctx.close();
      await reader.ctx.close();
    }
  }, 240_000);
});
