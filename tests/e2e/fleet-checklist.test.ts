/**
 * Issue #16's acceptance in the browser, through the real server: the section manager of N9 adds a call sign,
 * registers a vehicle carrying it (/registervehicle) and adds a checklist master item (/maintenance); a new patrol
 * officer rostered with that vehicle opens the daily checklist on a tablet, goes offline and fills the pre-shift
 * checklist, the new item found short and photographed; back online the checklist and its photo reach the server
 * exactly once; the manager sees the alert and the vehicle marked "Perlu perhatian"; a post-shift odometer below the
 * pre-shift one is refused with a clear message (on the tablet before anything is queued, and by the server).
 * The officer, team and roster are made through the API (their screens have their own tests).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { CHECKLIST_MESSAGES, CHECKLIST_PATHS, type ChecklistForm, type ChecklistItemRow, type ChecklistRow } from '@contract/checklist';
import { normalisePlate, VEHICLE_PATHS, type VehicleRow } from '@contract/fleet';
import { png } from '../support/images';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, swControlling, watchErrors, dialogClosed } from './support/browser';
import { demoUsers } from './support/users';
import { Api } from './support/api';
import { newOfficerAndTeam, ok, selectFirst, selectStarting, rosterNow } from './support/organisation';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const user = (name: string) => users.find((u) => u.username === name)!;
const superadmin = user('superadmin');
const sectmgr = user('sectmgr');

describe('fleet and the offline daily checklist (issue #16 acceptance)', () => {
  beforeAll(async () => {
    server = sharedServer();
    api = new Api(server.baseUrl);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a manager registers a vehicle, call sign and master item; its patrol checks it offline; a short item alerts and marks it; a lower odometer is refused', async () => {
    const suffix = String(Date.now() % 100_000).padStart(5, '0');
    const callsign = `RONDA E2E-${suffix}`;
    const plate = normalisePlate(`wxe  ${suffix}`);
    const itemName = `Kon mini E2E ${suffix}`;
    const contexts: BrowserContext[] = [];
    const errors: string[][] = [];
    const open = async (o: { width: number; height: number; serviceWorkers?: 'allow' | 'block' } = { width: 1440, height: 900 }) => {
      const ctx = await newContext(browser, { baseUrl: server.baseUrl, ...o });
      contexts.push(ctx);
      const page = await ctx.newPage();
      errors.push(watchErrors(page));
      return { ctx, page };
    };
    try {
      // ------------------------------------------------------------------ 1. the manager: call sign, vehicle, master item
      const mgr = await open();
      const m = mgr.page;
      await signIn(m, sectmgr.username, sectmgr.password);
      await m.waitForURL((u) => u.pathname === '/');

      await m.goto('/managevehicle?tab=callsign');
      await m.getByTestId('callsign-new').click();
      await m.getByTestId('callsign-dialog').waitFor();
      await selectStarting(m.getByTestId('callsign-section'), 'N9');
      await m.getByTestId('callsign-name-input').fill(`ronda  e2e-${suffix}`);
      await m.getByTestId('callsign-form-submit').click();
      await dialogClosed(m.getByTestId('callsign-dialog'));
      await m.getByTestId('callsign-name').filter({ hasText: callsign }).first().waitFor();

      await m.goto('/registervehicle');
      await m.getByTestId('vehicle-form').waitFor();
      await selectStarting(m.getByTestId('vehicle-section'), 'N9');
      await selectFirst(m.getByTestId('vehicle-model'));
      await selectStarting(m.getByTestId('vehicle-callsign'), callsign);
      await m.getByTestId('vehicle-plate-input').fill(`wxe  ${suffix}`);
      await screenshot(m, 'fleet-1-register');
      await m.getByTestId('vehicle-form-submit').click();
      await m.waitForURL((u) => u.pathname === '/managevehicle');
      const vehicles = await ok(
        api.call<{ rows: VehicleRow[] }>(sectmgr, 'POST', `${VEHICLE_PATHS.dataTablesAllStatus}?length=10&start=0`, { text: suffix }),
        'vehicles',
      );
      expect(vehicles.rows).toHaveLength(1);
      const vehicle = vehicles.rows[0];
      expect(vehicle).toMatchObject({ plateNumber: plate, callSign: callsign, sectionName: 'N9', isActive: true, needsAttention: false });

      await m.goto('/maintenance');
      await m.getByTestId('master-new').click();
      await m.getByTestId('master-dialog').waitFor();
      await selectStarting(m.getByTestId('master-category-input'), 'Peralatan Kawalan Trafik');
      await m.getByTestId('master-name-input').fill(itemName);
      await m.getByTestId('master-unit-input').fill('unit');
      if ((await m.getByTestId('master-measurable').getAttribute('data-state')) !== 'checked') await m.getByTestId('master-measurable').click();
      await m.getByTestId('master-quantity-input').fill('4');
      await m.getByTestId('master-form-submit').click();
      await dialogClosed(m.getByTestId('master-dialog'));
      await m.getByTestId('master-name').filter({ hasText: itemName }).first().waitFor();

      // ------------------------------------------------------------------ 2. a new officer rostered with that vehicle (API)
      const { officer, team, n9 } = await newOfficerAndTeam(api, server.baseUrl, { superadmin, sectmgr }, suffix);
      const rosterId = await rosterNow(api, sectmgr, { sectionId: n9.sectionId, teamId: team.pkTeamId, vehicleId: vehicle.pkVehicleId });
      const form = await ok(api.call<ChecklistForm>(officer, 'GET', CHECKLIST_PATHS.forRoster(rosterId)), 'forRoster');
      expect(form.vehicle).toMatchObject({ pkVehicleId: vehicle.pkVehicleId, plateNumber: plate, lastOdometer: null });
      const shortItem = form.masterItems.find((i) => i.name === itemName)!;
      expect(shortItem).toMatchObject({ isMeasurable: true, defaultQuantity: 4 });
      const total = form.masterItems.length;

      // ------------------------------------------------------------------ 3. the patrol, on a tablet, offline: the pre-shift checklist
      const tab = await open({ width: 1024, height: 768, serviceWorkers: 'allow' });
      const pr = tab.page;
      await signIn(pr, officer.username, officer.password);
      await pr.waitForURL((u) => u.pathname === '/' || u.pathname === '/syifsaya'); // a patrol on shift lands on Syif saya (issue #30)
      await swControlling(pr);
      await pr.goto('/dailyactivitylog');
      await pr.getByTestId('my-shift-checklist').click();
      await pr.waitForURL((u) => u.pathname === `/senaraisemak/${rosterId}`);
      await expect.poll(() => pr.getByTestId('cl-screen').getAttribute('data-phase')).toBe('PRE');
      await expect.poll(() => pr.getByTestId('cl-vehicle-plate').innerText()).toContain(plate);

      await tab.ctx.setOffline(true);
      await pr.getByTestId('cl-offline').waitFor();
      await pr.getByTestId('cl-odometer').fill('15230');
      await pr.getByTestId('cl-card-tng').fill('TNG-88001');
      await pr.getByTestId('cl-card-fuel').fill('BA-55012');
      for (const item of form.masterItems) await pr.getByTestId(`cl-item-${item.pkAssetChecklistMasterId}-ok`).first().click();
      // the new item: two of four on board
      await pr.getByTestId(`cl-item-${shortItem.pkAssetChecklistMasterId}-minus`).click();
      await pr.getByTestId(`cl-item-${shortItem.pkAssetChecklistMasterId}-minus`).click();
      await expect.poll(() => pr.getByTestId(`cl-item-${shortItem.pkAssetChecklistMasterId}`).getAttribute('data-status')).toBe('SHORT');
      await expect.poll(() => pr.getByTestId('cl-progress').innerText()).toContain(`${total}/${total}`);
      // a short item wants its photo before the checklist can go
      await pr.getByTestId(`cl-item-${shortItem.pkAssetChecklistMasterId}-photo-needed`).waitFor();
      expect(await pr.getByTestId('cl-submit').isDisabled()).toBe(true);
      await pr
        .getByTestId(`cl-item-${shortItem.pkAssetChecklistMasterId}-photo`)
        .setInputFiles({ name: 'kon-kurang.png', mimeType: 'image/png', buffer: png(1200, 900) });
      await pr.getByTestId(`cl-item-${shortItem.pkAssetChecklistMasterId}-photo-thumb`).waitFor();
      await expect.poll(() => pr.getByTestId('cl-submit').isDisabled()).toBe(false);
      await pr.getByTestId('cl-submit').click();
      await pr.getByTestId('cl-unsent').first().waitFor();
      await screenshot(pr, 'fleet-2-offline-queued');
      const checklistsOnServer = async () =>
        (
          await ok(
            api.call<{ rows: ChecklistRow[] }>(sectmgr, 'POST', `${CHECKLIST_PATHS.dataTables}?length=10&start=0`, { dutyRosterId: rosterId }),
            'checklists',
          )
        ).rows;
      expect(await checklistsOnServer()).toEqual([]);

      // back online: the checklist and its one photo arrive exactly once
      await tab.ctx.setOffline(false);
      await expect.poll(async () => (await checklistsOnServer()).length, { timeout: 60_000 }).toBe(1);
      const itemsOnServer = async (id: number) =>
        (
          await ok(
            api.call<{ rows: ChecklistItemRow[] }>(sectmgr, 'POST', `${CHECKLIST_PATHS.itemsDataTables}?length=500&start=0`, {
              pkDailyAssetChecklistId: id,
            }),
            'items',
          )
        ).rows;
      const [checklist] = await checklistsOnServer();
      expect(checklist).toMatchObject({
        vehicleId: vehicle.pkVehicleId,
        odometerPre: 15230,
        noKadTng: 'TNG-88001',
        noKadBahanApi: 'BA-55012',
        itemCount: total,
        preDefects: 1,
      });
      await expect
        .poll(
          async () =>
            (await itemsOnServer(checklist.pkDailyAssetChecklistId)).find((i) => i.assetChecklistMasterId === shortItem.pkAssetChecklistMasterId)
              ?.photos.length,
          { timeout: 60_000 },
        )
        .toBe(1);
      const items = await itemsOnServer(checklist.pkDailyAssetChecklistId);
      expect(items).toHaveLength(total);
      expect(items.flatMap((i) => i.photos)).toHaveLength(1);
      expect(items.find((i) => i.assetChecklistMasterId === shortItem.pkAssetChecklistMasterId)).toMatchObject({
        preQuantity: 2,
        preStatus: 'SHORT',
        expectedQuantity: 4,
      });
      await expect.poll(() => pr.getByTestId('cl-unsent').count(), { timeout: 30_000 }).toBe(0);
      await pr.getByTestId('cl-recorded-PRE').waitFor();
      await screenshot(pr, 'fleet-3-sent');

      // ------------------------------------------------------------------ 4. the manager sees the alert and the vehicle marked
      await m.goto('/managevehicle');
      await m.getByTestId('broadcast-button').click();
      await m.getByTestId('comms-drawer').waitFor();
      await m.getByTestId('mode-alerts').click();
      await m.getByTestId('alert-item').filter({ hasText: plate }).filter({ hasText: itemName }).first().waitFor({ timeout: 60_000 });
      await screenshot(m, 'fleet-4-alert');
      await m.keyboard.press('Escape');
      await m.getByTestId('vehicle-filter-text').fill(suffix);
      await m.getByTestId('vehicle-filter-search').click();
      const row = m.getByTestId('vehicle-row').filter({ hasText: plate });
      await row.getByTestId('vehicle-attention-badge').waitFor();
      expect(await row.getByTestId('vehicle-attention-reason').innerText()).toContain(itemName);
      await screenshot(m, 'fleet-5-marked');

      // the checklist report lists it (the short item among its defects) and exports it as CSV
      await m.goto('/reportsenaraisemak');
      await m.getByTestId('cl-report-screen').waitFor();
      const reportRow = m.getByTestId('cl-report-row').filter({ hasText: plate });
      await reportRow.first().waitFor();
      expect(await reportRow.getByTestId('cl-report-row-defects').getAttribute('data-pre')).toBe('1');
      await reportRow.first().click();
      await m.getByTestId('cl-items-dialog').waitFor();
      await m.getByTestId('cl-items-close').click();
      const [download] = await Promise.all([m.waitForEvent('download'), m.getByTestId('cl-report-list-csv').click()]);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = bytes.toString('utf8').slice(1);
      expect(csv.split('\r\n')[0]).toContain('"Tarikh"');
      expect(csv).toContain(`"${plate}"`);
      expect(csv).toContain(itemName);
      await screenshot(m, 'fleet-5b-report');

      // ------------------------------------------------------------------ 5. the post-shift odometer below the pre-shift one is refused
      await pr.getByTestId('cl-next-phase').click();
      await expect.poll(() => pr.getByTestId('cl-screen').getAttribute('data-phase')).toBe('POST');
      await pr.getByTestId('cl-odometer').fill('15200');
      await pr.getByTestId('cl-odometer').press('Tab');
      await pr.getByTestId('cl-odometer-error').getByText(CHECKLIST_MESSAGES.odometerBelowPre(15200, 15230)).waitFor();
      // with every item counted, Hantar still sends nothing: the same message, nothing queued
      for (const item of form.masterItems) await pr.getByTestId(`cl-item-${item.pkAssetChecklistMasterId}-ok`).first().click();
      await expect.poll(() => pr.getByTestId('cl-progress').innerText()).toContain(`${total}/${total}`);
      await pr.getByTestId('cl-submit').click();
      await pr.getByTestId('cl-odometer-error').getByText(CHECKLIST_MESSAGES.odometerBelowPre(15200, 15230)).waitFor();
      expect(await pr.getByTestId('cl-unsent').count()).toBe(0);
      await screenshot(pr, 'fleet-6-lower-odometer');
      // the server refuses it too, with the same words, and writes nothing
      const refused = await api.call(officer, 'POST', CHECKLIST_PATHS.save, {
        phase: 'POST',
        dutyRosterId: rosterId,
        vehicleId: vehicle.pkVehicleId,
        odometer: 15200,
        items: form.masterItems.map((i) => ({ assetChecklistMasterId: i.pkAssetChecklistMasterId, quantity: i.defaultQuantity })),
      });
      expect(refused.status).toBe(400);
      expect(refused.statusMsg).toBe(CHECKLIST_MESSAGES.odometerBelowPre(15200, 15230));
      expect((await checklistsOnServer())[0]).toMatchObject({ odometerPost: null, postAt: null });
    } finally {
      for (const c of contexts) await c.close();
    }
    for (const e of errors) expect(e).toEqual([]);
  }, 240_000);
});
