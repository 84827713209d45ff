/**
 * Issue #6 item 5 in the browser, through the real server: a TMCA opens TMC Log from the menu, creates a logsheet
 * (region locked to its own, Send disabled until From/To/Region, To before From refused on screen), finds it in the
 * list among the demo's logsheets of its region (by its text), edits it ('(Kemaskini)', Simpan/Batal), and downloads the CSV (UTF-8 BOM, quoted fields, dd-mm-yyyy).
 * Needs a build (`DIST_DIR=… npm run build`).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TmcLogsheetRow } from '@contract/logsheet';
import { PATHS } from '@contract/paths';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors, dialogClosed } from './support/browser';
import { demoUsers } from './support/users';
import { Api } from './support/api';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const tmca = users.find((u) => u.username === 'tmca')!;

/** Today's Asia/Brunei date as 'YYYY-MM-DD' and as 'DD-MM-YYYY'. */
function today() {
  const iso = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, display: `${d}-${m}-${y}` };
}

describe('TMC logsheet (issue #6 item 5)', () => {
  beforeAll(async () => {
    server = sharedServer();
    api = new Api(server.baseUrl);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a TMCA creates, finds, edits and exports a logsheet', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 900 });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const day = today();
    const remarks = 'Lori "Scania" rosak, lorong kiri KM 402';
    try {
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname === '/');
      await page.locator('[data-testid=side-nav] [data-menu-key="tmcLog"]').click();
      await page.waitForURL((u) => u.pathname === '/cariantmclogsheet');
      await page.getByTestId('tmclog-screen').waitFor();
      // region-bound: the filter shows its own region, locked
      await expect(page.getByTestId('tmclog-filter-region-locked').textContent()).resolves.toContain('Tengah');
      // the demo's logsheets of the region are listed (issue #31: the search finds entries on a fresh demo)
      await page.getByTestId('tmclog-row').first().waitFor();
      expect(await page.getByTestId('tmclog-row').count()).toBeGreaterThan(0);

      // ---- create
      await page.getByTestId('tmclog-create').click();
      const dialog = page.getByTestId('logsheet-dialog');
      await dialog.waitFor();
      await expect(page.getByTestId('logsheet-dialog-title').innerText()).resolves.toBe('Create Logsheet (Baru)');
      const send = page.getByTestId('logsheet-send');
      await expect(send.innerText()).resolves.toBe('Send');
      expect(await send.isDisabled()).toBe(true);
      // TMCA: region defaults to its own and is locked
      expect(await page.getByTestId('logsheet-region').isDisabled()).toBe(true);
      await expect(page.getByTestId('logsheet-region').inputValue()).resolves.toBe('22');

      await page.getByTestId('logsheet-from-date').fill(day.iso);
      await page.getByTestId('logsheet-from-time').fill('07:00:00');
      expect(await send.isDisabled()).toBe(true);
      await page.getByTestId('logsheet-to-date').fill(day.iso);
      await page.getByTestId('logsheet-to-time').fill('06:30:00');
      await page.getByTestId('logsheet-to-error').waitFor();
      await expect(page.getByTestId('logsheet-to-error').innerText()).resolves.toContain("'To'");
      expect(await send.isDisabled()).toBe(true);
      await page.getByTestId('logsheet-to-time').fill('15:00:00');
      await page.getByTestId('logsheet-to-error').waitFor({ state: 'detached' });
      await page.getByTestId('logsheet-remarks').fill(remarks);
      expect(await send.isDisabled()).toBe(false);
      await send.click();
      await dialogClosed(dialog);
      await page.getByText('Catatan berjaya dihantar!').first().waitFor();

      // ---- in the list: search by text, a miss, then a hit (the demo's other logsheets left out)
      await page.getByTestId('tmclog-filter-text').fill('tiada-perkataan-ini');
      await page.getByTestId('tmclog-search').click();
      await page.getByTestId('tmclog-empty').waitFor();
      await page.getByTestId('tmclog-filter-text').fill('scania');
      await page.getByTestId('tmclog-search').click();
      await expect.poll(() => page.getByTestId('tmclog-row').count(), { timeout: 10_000 }).toBe(1);
      const row = page.getByTestId('tmclog-row').first();
      await expect(row.getByTestId('tmclog-remarks').innerText()).resolves.toBe(remarks);
      await expect(row.getByTestId('tmclog-from').innerText()).resolves.toBe(`${day.display} 07:00:00`);
      await expect(row.getByTestId('tmclog-to').innerText()).resolves.toBe(`${day.display} 15:00:00`);
      await expect(row.innerText()).resolves.toContain(tmca.displayName);
      const listed = await api.call<{ rows: TmcLogsheetRow[] }>(tmca, 'POST', `${PATHS.tmcLogSheetDataTables}?length=10&start=0`, { text: 'scania' });
      expect(listed.body.rows).toHaveLength(1);
      expect(listed.body.rows[0]).toMatchObject({ remarks, regionCode: 'TGH', modifiedBy: null });

      // ---- edit (within the day)
      await page.getByTestId('tmclog-row').first().getByTestId('tmclog-edit').click();
      await dialog.waitFor();
      await expect(page.getByTestId('logsheet-dialog-title').innerText()).resolves.toBe('Create Logsheet (Kemaskini)');
      expect(await page.getByTestId('logsheet-send').count()).toBe(0);
      await expect(page.getByTestId('logsheet-cancel').innerText()).resolves.toBe('Batal');
      await expect(page.getByTestId('logsheet-save').innerText()).resolves.toBe('Simpan');
      expect(await page.getByTestId('logsheet-region').isDisabled()).toBe(true);
      await expect(page.getByTestId('logsheet-from-time').inputValue()).resolves.toBe('07:00:00');
      await page.getByTestId('logsheet-remarks').fill(`${remarks}, sudah ditunda`);
      await page.getByTestId('logsheet-save').click();
      await dialogClosed(dialog);
      await expect
        .poll(async () => page.getByTestId('tmclog-row').first().getByTestId('tmclog-remarks').innerText(), { timeout: 10_000 })
        .toBe(`${remarks}, sudah ditunda`);
      await expect(page.getByTestId('tmclog-row').first().getByTestId('tmclog-modified').innerText()).resolves.toContain(tmca.displayName);

      // ---- CSV of the same filter (the text: this logsheet alone)
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tmclog-csv').click()]);
      expect(download.suggestedFilename()).toBe(`tmc-logsheet-${day.display}.csv`);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).split('\r\n');
      expect(lines[0]).toContain('"Bil","Wilayah","Tarikh Dari","Masa Dari"');
      expect(lines[1]).toContain(
        `"1","Tengah (TGH)","${day.display}","07:00:00","${day.display}","15:00:00","Lori ""Scania"" rosak, lorong kiri KM 402, sudah ditunda","${tmca.displayName}"`,
      );
      expect(lines[2]).toBe('');
      expect(errors).toEqual([]);
    } catch (err) {
      await screenshot(page, 'tmclog-failure').catch(() => undefined);
      throw err;
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
