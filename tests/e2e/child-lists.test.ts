/**
 * Issue #5 in the browser, through the real server: the patrol assigned to an accident opens it, loses coverage, and
 * fills the further details at the roadside — two vehicles, an injury, a collision with an animal, a part of the
 * highway, a lane closure, a traffic jam, an assistance item moved Notifikasi → Ketibaan → Selesai and an asset
 * damage — and saves (kept on the device). Back online the outbox sends it; the server holds exactly that; the
 * detail page shows it read-only as entered, and again after a reload; the incident clock counts the lane-minutes.
 * Editing again and removing a vehicle removes it on the server. Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ChildList, ChildRows } from '@contract/child-lists';
import { EVENT_TYPE } from '@contract/lookups';
import type { IncidentView } from '@contract/incidents';
import { PATHS } from '@contract/paths';
import { sharedServer, type RunningServer } from './support/server';
import { deviceHas, launchBrowser, newContext, screenshot, signIn, swControlling, watchErrors, dialogClosed } from './support/browser';
import { demoUsers } from './support/users';
import { Api, until } from './support/api';
import { choose, fillStep1, newCaseSetting } from './support/new-case-form';
import { createCase, patrolOnShift } from './support/cases';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const tmca = users.find((u) => u.roleName === 'TMCA')!;

/**
 * Asia/Brunei wall clock `minutesAgo` before one instant taken when the file loads: date 'YYYY-MM-DD' and time
 * 'HH:mm:ss'. One anchor keeps two wall times exactly the asked minutes apart however long the browser takes between
 * filling them (a start and an end read off the clock a second apart once made a 30-minute jam 1801 s long). Shortly
 * after midnight a start falls on yesterday, which §5 allows (a start may not be after today); the durations hold.
 */
const ANCHOR = Date.now();
function wall(minutesAgo: number): { date: string; time: string } {
  const at = new Date(ANCHOR + 8 * 3_600_000 - minutesAgo * 60_000);
  return { date: at.toISOString().slice(0, 10), time: at.toISOString().slice(11, 19) };
}

async function rowsOf<L extends ChildList>(list: L, subformId: number): Promise<ChildRows[L][]> {
  const r = await api.call<{ rows: ChildRows[L][] }>(tmca, 'POST', `${PATHS.childDataTables(list)}?length=100&start=0`, {
    incidentSubFormId: subformId,
  });
  expect(r.status, r.statusMsg).toBe(200);
  return r.body.rows;
}

const unsent = async (page: Page) => Number((await page.getByTestId('sync-status').getAttribute('data-unsent')) ?? 'NaN');

/** The text of every child row on the page, per list (what the user reads). */
async function rowTexts(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const out: Record<string, string[]> = {};
    for (const el of document.querySelectorAll<HTMLElement>('[data-testid^="child-row-"]')) {
      const list = el.dataset.testid!.slice('child-row-'.length);
      const clone = el.cloneNode(true) as HTMLElement;
      clone.querySelectorAll('button').forEach((b) => {
        b.remove();
      });
      out[list] ??= [];
      out[list].push(clone.innerText.replace(/\s+/g, ' ').trim());
    }
    return out;
  });
}

async function openDialog(page: Page, list: string) {
  await page.getByTestId(`child-add-${list}`).click();
  const dialog = page.getByTestId(`child-dialog-${list}`);
  await dialog.waitFor();
  return dialog;
}

async function saveDialog(page: Page, list: string) {
  await page.getByTestId(`child-dialog-${list}`).getByTestId('child-dialog-save').click();
  await dialogClosed(page.getByTestId(`child-dialog-${list}`));
}

async function fillDateTime(page: Page, prefix: string, at: { date: string; time: string }) {
  await page.getByTestId(`${prefix}-date`).fill(at.date);
  await page.getByTestId(`${prefix}-time`).fill(at.time);
}

describe('child lists of a subform (issue #5)', () => {
  beforeAll(async () => {
    server = sharedServer();
    api = new Api(server.baseUrl);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a patrol enters an accident offline; synced, the server holds it and the page shows it as entered; a removed vehicle is deleted', async () => {
    const { patrol, roster } = await patrolOnShift(api, tmca, users);
    const created = await createCase(api, tmca, roster, EVENT_TYPE.ACCIDENT, '402.7');
    const ctx: BrowserContext = await newContext(browser, { baseUrl: server.baseUrl, width: 1280, height: 1000, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    try {
      await signIn(page, patrol.username, patrol.password);
      await page.waitForURL((u) => u.pathname !== '/signin');
      await page.goto(`/insidenView/${created.pkIncidentId}`);
      await page.getByTestId('incident-detail').waitFor();
      await page.getByTestId('subform-accident').waitFor();
      await deviceHas(page, [
        'list:highwaySections',
        'list:roadFurniture',
        'lookup:incidentVehicleType',
        'lookup:injuries',
        'lookup:requestFurtherAction',
        'lookup:roadLanes',
        'lookup:unitMeasurement',
        'lookup:roadFurnitureConditionType',
        'lookup:collisionType',
        'lookup:strayAnimalType',
        `incident:children:${EVENT_TYPE.ACCIDENT}:${created.subformId}`,
      ]);
      await swControlling(page);

      // ---------------------------------------------------------------- offline at the roadside
      await ctx.setOffline(true);
      await page.getByTestId('detail-edit-details').click();
      await page
        .getByTestId('case-form')
        .locator('[data-editing=true]')
        .or(page.locator('[data-testid=case-form][data-editing=true]'))
        .first()
        .waitFor();

      // two vehicles; a third without a plate is not added (§5)
      for (const [plate, type, brand] of [
        ['WXY 1234', 'Kereta', 'Proton Saga'],
        ['JKL 88', 'Lori 2 Gandar', 'Hino'],
      ]) {
        await openDialog(page, 'involvedVehicle');
        await page.getByTestId('child-vehicle-plate').fill(plate);
        await choose(page, 'child-vehicle-type', type);
        await page.getByTestId('child-vehicle-brand').fill(brand);
        await saveDialog(page, 'involvedVehicle');
      }
      await openDialog(page, 'involvedVehicle');
      await choose(page, 'child-vehicle-type', 'Kereta');
      await page.getByTestId('child-dialog-involvedVehicle').getByTestId('child-dialog-save').click();
      await page.getByTestId('child-dialog-error').waitFor();
      await page.getByTestId('child-dialog-involvedVehicle').getByTestId('child-dialog-cancel').click();
      await expect.poll(() => page.getByTestId('child-row-involvedVehicle').count()).toBe(2);

      // one injury (count ≥ 0)
      await openDialog(page, 'injuryType');
      await choose(page, 'child-injury-type', 'Cedera Ringan');
      await page.getByTestId('child-injury-count').fill('2');
      await choose(page, 'child-injury-gender', 'Lelaki');
      await choose(page, 'child-injury-race', 'Melayu');
      await saveDialog(page, 'injuryType');

      // a collision with an animal (265 asks the animal type)
      await openDialog(page, 'collisionList');
      await choose(page, 'child-collision-type', 'Langgar Haiwan');
      await choose(page, 'child-collision-animal', 'Lembu');
      await saveDialog(page, 'collisionList');

      // a part of the highway
      const chip = page.getByTestId('child-section-chip').first();
      await chip.click();
      await expect.poll(() => chip.getAttribute('data-selected')).toBe('true');

      // a lane closure 40 → 10 minutes ago
      await openDialog(page, 'roadLaneClosureList');
      await choose(page, 'child-lane-lane', 'Lorong Kiri');
      await choose(page, 'child-lane-direction');
      await fillDateTime(page, 'child-lane-start', wall(40));
      await fillDateTime(page, 'child-lane-end', wall(10));
      await saveDialog(page, 'roadLaneClosureList');

      // a traffic jam of 2.5 km, 35 → 5 minutes ago; the add button is then disabled (one only)
      await openDialog(page, 'trafficJam');
      await page.getByTestId('child-jam-length').fill('2.5');
      await fillDateTime(page, 'child-jam-start', wall(35));
      await fillDateTime(page, 'child-jam-end', wall(5));
      await saveDialog(page, 'trafficJam');
      await expect.poll(() => page.getByTestId('child-add-trafficJam').isDisabled()).toBe(true);

      // other assistance (277): Polis, Notifikasi → Ketibaan → Selesai
      await page.getByTestId(`sub-assist-277`).click();
      await openDialog(page, 'requestFurtherActionList-OTHER');
      await choose(page, 'child-assist-item', 'Polis');
      await choose(page, 'child-assist-status', 'Notifikasi');
      await saveDialog(page, 'requestFurtherActionList-OTHER');
      const assistRow = page.getByTestId('child-row-requestFurtherActionList-OTHER').first();
      await expect.poll(async () => (await assistRow.getByTestId('child-row-status').innerText()).trim()).toMatch(/^Notifikasi/);
      for (const [status, shown] of [
        ['Ketibaan', /^Ketibaan/],
        ['Selesai', /^Selesai/],
      ] as const) {
        await assistRow.getByTestId('child-edit').click();
        await page.getByTestId('child-dialog-requestFurtherActionList-OTHER').waitFor();
        await choose(page, 'child-assist-status', status);
        await saveDialog(page, 'requestFurtherActionList-OTHER');
        await expect.poll(async () => (await assistRow.getByTestId('child-row-status').innerText()).trim()).toMatch(shown);
      }

      // an asset damage of 12.5 (two decimals)
      await openDialog(page, 'roadFurnitureList');
      await choose(page, 'child-asset-type', 'Penghadang');
      await choose(page, 'child-asset-condition', 'Bengkok');
      await page.getByTestId('child-asset-count').fill('12.5');
      await choose(page, 'child-asset-unit', 'Meter');
      await saveDialog(page, 'roadFurnitureList');

      const entered = await rowTexts(page);
      await screenshot(page, 'child-lists-entered-offline');
      await page.getByTestId('detail-save').click();
      await expect.poll(() => unsent(page), { timeout: 20_000 }).toBeGreaterThan(0);
      await page.locator('[data-testid=case-form][data-editing=false]').waitFor();

      // ---------------------------------------------------------------- back online: sent, once
      await ctx.setOffline(false);
      await expect.poll(() => unsent(page), { timeout: 60_000 }).toBe(0);
      const sid = created.subformId;
      const vehicles = await rowsOf('involvedVehicle', sid);
      expect(vehicles.map((v) => [v.platNumber, v.incidentVehicleType?.value, v.brand])).toEqual([
        ['WXY 1234', 'Kereta', 'Proton Saga'],
        ['JKL 88', 'Lori 2 Gandar', 'Hino'],
      ]);
      expect((await rowsOf('injuryType', sid)).map((i) => [i.casualtyType.value, i.count, i.gender?.value, i.race?.value])).toEqual([
        ['Cedera Ringan', 2, 'Lelaki', 'Melayu'],
      ]);
      expect((await rowsOf('collisionList', sid)).map((c) => [c.collisionType.value, c.strayAnimalType?.value])).toEqual([
        ['Langgar Haiwan', 'Lembu'],
      ]);
      expect(await rowsOf('roadLaneSelection', sid)).toHaveLength(1);
      const [closure] = await rowsOf('roadLaneClosureList', sid);
      expect(Date.parse(closure.openingTime!) - Date.parse(closure.initialClosingTime)).toBe(30 * 60_000);
      const [jam] = await rowsOf('trafficJam', sid);
      expect(jam).toMatchObject({ distance: '2.5', duration: 30 * 60 });
      const [assist] = await rowsOf('requestFurtherActionList', sid);
      expect(assist).toMatchObject({ kind: 'OTHER', isNotified: true, isArrived: true, isCompleted: true });
      expect(assist.furtherAction.value).toMatch(/^Polis/);
      expect(assist.completedDateTime).not.toBeNull();
      const [damage] = await rowsOf('roadFurnitureList', sid);
      expect(damage).toMatchObject({ count: 12.5 });
      expect(damage.unitUkuran.value).toBe('Meter');

      // read-only on the page exactly as entered, and again after a reload
      const readOnly = async () => {
        await expect.poll(() => page.getByTestId('child-row-involvedVehicle').count(), { timeout: 20_000 }).toBe(2);
        expect(await page.getByTestId('child-add-involvedVehicle').count()).toBe(0);
        expect(await page.getByTestId('child-edit').count()).toBe(0);
        // every list as entered: the page's last refetch may still be on its way (a refetch started while the outbox
        // was part-way through the case's writes showed the vehicles alone for a moment)
        await expect.poll(() => rowTexts(page), { timeout: 20_000 }).toEqual(entered);
      };
      await readOnly();
      await page.reload();
      await page.getByTestId('subform-accident').waitFor();
      await readOnly();
      // the clock counts the closed lane's 30 minutes
      await expect.poll(() => page.getByTestId('clock-lane').first().getAttribute('data-minutes')).toBe('30');
      await screenshot(page, 'child-lists-read-only');

      // ---------------------------------------------------------------- removing a vehicle removes it on the server
      await page.getByTestId('detail-edit-details').click();
      await page.locator('[data-testid=case-form][data-editing=true]').waitFor();
      await page.getByTestId('child-row-involvedVehicle').filter({ hasText: 'JKL 88' }).getByTestId('child-delete').click();
      await expect.poll(() => page.getByTestId('child-row-involvedVehicle').count()).toBe(1);
      // deferred (§4.7): still on the server until Simpan
      expect(await rowsOf('involvedVehicle', sid)).toHaveLength(2);
      await page.getByTestId('detail-save').click();
      await page.locator('[data-testid=case-form][data-editing=false]').waitFor({ timeout: 30_000 });
      await until('the vehicle deleted on the server', async () => (await rowsOf('involvedVehicle', sid)).length === 1);
      expect((await rowsOf('involvedVehicle', sid)).map((v) => v.platNumber)).toEqual(['WXY 1234']);
      // nothing else changed
      expect(await rowsOf('injuryType', sid)).toHaveLength(1);
      expect(await rowsOf('requestFurtherActionList', sid)).toHaveLength(1);
      expect(errors).toEqual([]);
    } catch (err) {
      await screenshot(page, 'child-lists-failure').catch(() => {});
      throw err;
    } finally {
      await ctx.close();
    }
  }, 240_000);
  it('a TMC operator records a new breakdown with its vehicle, existing assistance and highway part from /kesbaru; all created under the new subform', async () => {
    const setting = await newCaseSetting(api, tmca);
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1280, height: 1000 });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    try {
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname !== '/signin');
      await page.goto('/kesbaru');
      await fillStep1(page, setting, EVENT_TYPE.BREAKDOWN, '401.2');
      await openDialog(page, 'involvedVehicle');
      await page.getByTestId('child-vehicle-plate').fill('vcb 771');
      await choose(page, 'child-vehicle-type', 'Lori');
      await saveDialog(page, 'involvedVehicle');
      // existing assistance (430): only Ketibaan and Selesai; the radio is then read-only while the item exists (§4.6)
      await page.getByTestId('sub-assist-430').click();
      await openDialog(page, 'requestFurtherActionList-EXISTING');
      await choose(page, 'child-assist-item', 'Trak Tunda');
      const statuses = await page
        .getByTestId('child-assist-status')
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      expect(statuses).toEqual(['KETIBAAN', 'SELESAI']);
      await choose(page, 'child-assist-status', 'Ketibaan');
      await saveDialog(page, 'requestFurtherActionList-EXISTING');
      await page.getByTestId('sub-assist-locked').waitFor();
      await page.getByTestId('child-section-chip').nth(1).click();
      await page.getByTestId('new-case-submit').click();
      await page.waitForURL(/\/insidenView\/\d+/, { timeout: 30_000 });
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const view = (await api.call<IncidentView>(tmca, 'GET', PATHS.incidentViewGet(id))).body;
      const sid = view.subformId!;
      expect((await rowsOf('involvedVehicle', sid)).map((v) => [v.platNumber, v.incidentVehicleType?.value])).toEqual([
        ['VCB 771', expect.stringMatching(/^Lori/)],
      ]);
      const [assist] = await rowsOf('requestFurtherActionList', sid);
      expect(assist).toMatchObject({ kind: 'EXISTING', isNotified: true, isArrived: true, isCompleted: false });
      expect(assist.furtherAction.value).toMatch(/^Trak Tunda/);
      expect(await rowsOf('roadLaneSelection', sid)).toHaveLength(1);
      // the detail page shows them read-only
      await expect.poll(() => page.getByTestId('child-row-involvedVehicle').count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => page.getByTestId('child-row-requestFurtherActionList-EXISTING').count()).toBe(1);
      expect(errors).toEqual([]);
    } catch (err) {
      await screenshot(page, 'child-lists-new-case-failure').catch(() => {});
      throw err;
    } finally {
      await ctx.close();
    }
  }, 120_000);
  it("a refused item keeps the edits: what went through keeps its id, the message is §8's, and sending again duplicates nothing", async () => {
    const { roster } = await patrolOnShift(api, tmca, users);
    const created = await createCase(api, tmca, roster, EVENT_TYPE.ACCIDENT, '403.1');
    const sid = created.subformId;
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1280, height: 1000 });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    try {
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname !== '/signin');
      await page.goto(`/insidenView/${created.pkIncidentId}`);
      await page.getByTestId('subform-accident').waitFor();
      await page.getByTestId('detail-edit').click();
      await page.locator('[data-testid=case-form][data-editing=true]').waitFor();
      await openDialog(page, 'involvedVehicle');
      await page.getByTestId('child-vehicle-plate').fill('ABC 1');
      await choose(page, 'child-vehicle-type', 'Kereta');
      await saveDialog(page, 'involvedVehicle');
      await openDialog(page, 'trafficJam');
      await page.getByTestId('child-jam-length').fill('1.5');
      await fillDateTime(page, 'child-jam-start', wall(30));
      await saveDialog(page, 'trafficJam');
      // meanwhile another operator records the case's one traffic jam
      const other = await api.call(tmca, 'POST', PATHS.childSave('trafficJam'), {
        incidentSubFormId: sid,
        distance: '3',
        startTime: new Date(Date.now() - 20 * 60_000).toISOString(),
        endTime: null,
      });
      expect(other.status, other.statusMsg).toBe(200);

      await page.getByTestId('detail-save').click();
      await page.getByTestId('toast').filter({ hasText: 'Ops! Kes tidak berjaya disimpan.' }).first().waitFor();
      // still editing, nothing lost on screen; the vehicle went through once
      expect(await page.locator('[data-testid=case-form][data-editing=true]').count()).toBe(1);
      expect(await page.getByTestId('child-row-involvedVehicle').count()).toBe(1);
      expect(await page.getByTestId('child-row-trafficJam').count()).toBe(1);
      expect((await rowsOf('involvedVehicle', sid)).map((v) => v.platNumber)).toEqual(['ABC 1']);
      // nothing of it stays in the outbox
      await expect.poll(() => unsent(page)).toBe(0);

      // the user drops their traffic jam and saves again: no second vehicle
      await page.getByTestId('child-row-trafficJam').getByTestId('child-delete').click();
      await page.getByTestId('detail-save').click();
      await page.locator('[data-testid=case-form][data-editing=false]').waitFor({ timeout: 30_000 });
      expect((await rowsOf('involvedVehicle', sid)).map((v) => v.platNumber)).toEqual(['ABC 1']);
      expect((await rowsOf('trafficJam', sid)).map((j) => j.distance)).toEqual(['3']);
      await expect.poll(() => page.getByTestId('child-row-trafficJam').count(), { timeout: 20_000 }).toBe(1);
      expect(errors).toEqual([]);
    } catch (err) {
      await screenshot(page, 'child-lists-refused-failure').catch(() => {});
      throw err;
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
