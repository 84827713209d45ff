/**
 * Issue #4: what the server refuses after a replay is shown with its own message and resolved by the user; nothing
 * leaves the outbox without the user's confirmation.
 * - 409: a TMC operator's offline edit meets another operator's change: the panel shows both values; 'Simpan versi
 *   saya' resends on top of the server's version; 'Guna versi pelayan' discards after confirming.
 * - 400: a patrol tablet whose clock runs an hour ahead taps Terima offline: the server refuses a status time in the
 *   future; the panel shows the message; 'Buang' asks first, and only 'yes' removes it.
 * Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ActivePrRow, IncidentSaved, IncidentView } from '@contract/incidents';
import type { WebUser } from '@contract/auth';
import { PATHS } from '@contract/paths';
import { STATUS } from '@contract/lookups';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, signIn, syncReady } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { Api, saveOf } from './support/api';

let server: RunningServer;
let browser: Browser;
let api: Api;
const users = await demoUsers();
const tmca = users.find((u) => u.roleName === 'TMCA')!;
const tmcs = users.find((u) => u.roleName === 'TMCS')!;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  api = new Api(server.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const view = async (id: number) => (await api.call<IncidentView>(tmca, 'GET', PATHS.incidentViewGet(id))).body;

async function openPanel(page: Page) {
  await page.getByTestId('sync-status').click();
  await page.getByTestId('sync-panel').waitFor();
}

const unsent = async (page: Page) => Number((await page.getByTestId('sync-status').getAttribute('data-unsent')) ?? 'NaN');

describe('the sync starts late rather than never', () => {
  it('its code could not be fetched when the device went offline: the top bar counts nothing yet, and once back online the sync starts and sends the waiting edit', async () => {
    const [c] = await api.openCases(tmca, { limit: 1 });
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    try {
      const page = await ctx.newPage();
      // the sync's chunk does not arrive (the connection dropped before it loaded, no service worker yet)
      const blocked = (u: URL) => /\/assets\/sync-runtime-[^/]*\.js$/.test(u.pathname);
      let refused = 0;
      await ctx.route(blocked, (route) => {
        refused++;
        return route.abort('internetdisconnected');
      });
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto(`/insidenView/${c.pkIncidentId}`);
      await page.getByTestId('detail-edit').waitFor();
      await expect.poll(() => refused).toBeGreaterThan(0);
      expect(await page.locator('[data-testid=sync-status][data-ready]').count()).toBe(0);
      // the outbox not read yet: the top bar does not claim that everything was sent
      expect(await page.getByTestId('sync-status').getAttribute('aria-label')).not.toContain('Semua dihantar');
      // an edit made offline meanwhile waits on the device
      await page.getByTestId('detail-edit').click();
      await ctx.setOffline(true);
      await page.getByTestId('case-km').fill('403.3');
      await page.getByTestId('detail-save').click();
      await page.getByTestId('audit-row-queued').first().waitFor();
      expect((await view(c.pkIncidentId)).kilometerMarker).not.toBe('403.3');

      // back online, the chunk can be had again: the sync starts without a reload and sends the edit
      await ctx.unroute(blocked);
      await ctx.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await syncReady(page);
      await expect.poll(async () => (await view(c.pkIncidentId)).kilometerMarker, { timeout: 30_000 }).toBe('403.3');
      await expect.poll(() => unsent(page)).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});

describe('refused replays', () => {
  it('409: the offline edit meets another change; the panel shows both; keep mine resends on the server version, use the server’s asks first', async () => {
    const [c1, c2] = await api.openCases(tmca, { limit: 2 });
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    try {
      // two cases open in edit mode (each page loaded its version), then the network goes
      const page = await ctx.newPage();
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname === '/');
      const other = await ctx.newPage();
      const edits = [
        { c: c1, km: '401.2', p: page },
        { c: c2, km: '402.2', p: other },
      ];
      for (const e of edits) {
        await e.p.goto(`/insidenView/${e.c.pkIncidentId}`);
        await e.p.getByTestId('detail-edit').click();
        await syncReady(e.p);
      }
      await ctx.setOffline(true);
      for (const e of edits) {
        await e.p.getByTestId('case-km').fill(e.km);
        await e.p.getByTestId('detail-save').click();
        await e.p.getByTestId('audit-row-queued').first().waitFor();
        // meanwhile, another operator saves the same case
        const v = await view(e.c.pkIncidentId);
        const saved = await api.call<IncidentSaved>(tmcs, 'POST', PATHS.incidentSave, saveOf(v, { kilometerMarker: `${e.km}9` }));
        expect(saved.status).toBe(200);
      }
      await other.close();
      // each edit: the main record and its subform
      expect(await unsent(page)).toBe(4);
      await ctx.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));

      await openPanel(page);
      const conflicts = page.locator('[data-testid=outbox-item][data-reason=conflict]');
      await expect.poll(() => conflicts.count(), { timeout: 30_000 }).toBe(2);
      const first = conflicts.filter({ hasText: c1.ticketNumber });
      expect(await first.getByTestId('outbox-park-message').textContent()).toBeTruthy();
      const km = first.locator('[data-testid=outbox-conflict-row][data-field=kilometerMarker]');
      expect(await km.getByTestId('outbox-conflict-mine').textContent()).toBe('401.2');
      expect(await km.getByTestId('outbox-conflict-server').textContent()).toBe('401.29');

      // keep mine: resent on top of the server's version
      await first.getByTestId('outbox-keep-mine').click();
      await expect.poll(async () => (await view(c1.pkIncidentId)).kilometerMarker, { timeout: 30_000 }).toBe('401.2');

      // use the server's: asks first; 'no' keeps it, 'yes' removes it and the server keeps its value
      const second = conflicts.filter({ hasText: c2.ticketNumber });
      await second.getByTestId('outbox-use-server').click();
      await page.getByTestId('outbox-discard-confirm-no').click();
      expect(await conflicts.count()).toBe(1);
      await second.getByTestId('outbox-use-server').click();
      await page.getByTestId('outbox-discard-confirm-yes').click();
      await expect.poll(() => conflicts.count()).toBe(0);
      await expect.poll(() => unsent(page)).toBe(0);
      expect((await view(c2.pkIncidentId)).kilometerMarker).toBe('402.29');
    } finally {
      await ctx.close();
    }
  });

  it('400: a status time in the future (tablet clock an hour ahead) is parked with the server’s message; discarding asks first', async () => {
    // a new case for the roster of whichever demo patrol is on shift now
    const region = (await api.call<{ user: WebUser }>(tmca, 'POST', PATHS.webUser, {})).body.user.section.region.key;
    const active = (await api.call<{ rows: ActivePrRow[] }>(tmca, 'POST', `${PATHS.nearestActivePr}?length=100&start=0`, { regionId: region })).body
      .rows;
    let patrol: E2eUser | undefined;
    let rosterId = 0;
    for (const u of users.filter((x) => x.roleName === 'PR')) {
      const me = (await api.call<{ user: WebUser }>(u, 'POST', PATHS.webUser, {})).body.user;
      const on = active.find((a) => me.rosters.some((r) => r.pkDutyRosterId === a.pkDutyRosterId));
      if (on) {
        patrol = u;
        rosterId = on.pkDutyRosterId;
        break;
      }
    }
    expect(patrol, 'a demo patrol on a roster on shift').toBeTruthy();
    const [template] = await api.openCases(tmca, { limit: 1 });
    const created = await api.call<IncidentSaved>(
      tmca,
      'POST',
      PATHS.incidentSave,
      saveOf(template, { pkIncidentId: undefined, version: undefined, pkDutyRosterId: rosterId, kilometerMarker: '405.5' }),
    );
    expect(created.status).toBe(200);
    const id = created.body.pkIncidentId;

    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    await ctx.clock.install({ time: Date.now() + 60 * 60_000 });
    try {
      const page = await ctx.newPage();
      await signIn(page, patrol!.username, patrol!.password);
      await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/syifsaya'); // a patrol on shift lands on Syif saya (issue #30)
      await page.goto(`/insidenView/${id}`);
      await page.getByTestId(`patrol-step-${STATUS.RECEIVED}`).waitFor();
      await syncReady(page);
      await ctx.setOffline(true);
      await page.getByTestId(`patrol-step-${STATUS.RECEIVED}`).click();
      // the step first waits up to POSITION_WAIT_MS (3 s) for a GPS fix, then goes into the outbox
      await expect.poll(() => unsent(page), { timeout: 20_000 }).toBe(1);
      await ctx.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));

      await openPanel(page);
      const item = page.locator('[data-testid=outbox-item][data-reason=invalid]');
      await item.waitFor({ timeout: 30_000 });
      expect(await item.getByTestId('outbox-park-message').textContent()).toContain('Masa status tidak boleh pada masa hadapan.');
      expect((await view(id)).incidentStatusId).toBe(STATUS.ASSIGNED);

      await item.getByTestId('outbox-discard').click();
      await page.getByTestId('outbox-discard-confirm-no').click();
      expect(await item.count()).toBe(1);
      expect(await unsent(page)).toBe(1);
      await item.getByTestId('outbox-discard').click();
      await page.getByTestId('outbox-discard-confirm-yes').click();
      await expect.poll(() => unsent(page)).toBe(0);
      expect((await view(id)).incidentStatusId).toBe(STATUS.ASSIGNED);
    } finally {
      await ctx.close();
    }
  });
});
