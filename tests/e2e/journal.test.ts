/**
 * Jurnal Kes and Lampiran Media on the incident detail page (/insidenView/{id}), against the real server:
 * entries by TMCA and PR with a PNG that is stored as a ≤ 900 px JPEG, thumbnails 180 px high three per row, the
 * 600 px image dialog, 'Not an image' for a text file named .png, Enter/Shift+Enter, the blank rule, text and images
 * kept on a failed send, the §6 delete rights per role and 'Ops! Aset tidak berjaya dipadam.', and the media dialog
 * of a subform. Screenshots in test-results/screenshots. Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Attachment, IncidentListRow, IncidentView, JournalEntry } from '@contract/incidents';
import { PATHS } from '@contract/paths';
import { STATUS } from '@contract/lookups';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { png } from '../support/images';

let server: RunningServer;
let browser: Browser;
const users = await demoUsers();
const byRole = (r: string): E2eUser => users.find((u) => u.roleName === r)!;
const tokens = new Map<string, string>();

const BIG_PNG = png(1600, 1200);
const TALL_PNG = png(600, 1400);
const pngFile = (name: string, buffer = BIG_PNG) => ({ name, mimeType: 'image/png', buffer });
/** a text file renamed .png: the browser calls it image/png by its name */
const FAKE_PNG = { name: 'bukan-gambar.png', mimeType: 'image/png', buffer: Buffer.from('Ini fail teks, bukan gambar.\n') };

async function call<T>(user: E2eUser, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T; statusMsg: string }> {
  let token = tokens.get(user.username);
  if (!token) {
    const res = await fetch(`${server.baseUrl}${PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    const json = (await res.json()) as { body: { token: string } };
    token = json.body.token;
    tokens.set(user.username, token);
  }
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined || method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { body: T; statusMsg: string };
  return { status: res.status, body: json.body, statusMsg: json.statusMsg };
}

const journalOf = async (incidentId: number) => (await call<JournalEntry[]>(byRole('TMCA'), 'GET', PATHS.journalByIncident(incidentId))).body;

/** An open case assigned to the demo patrol `pr` (the seed keeps some on its rosters). */
async function openCaseOfPatrol(): Promise<IncidentView> {
  const pr = byRole('PR');
  const list = await call<{ rows: IncidentListRow[] }>(pr, 'POST', `${PATHS.dashboardDataTables}?length=50&start=0`, {});
  expect(list.status).toBe(200);
  for (const row of list.body.rows) {
    const v = await call<IncidentView>(pr, 'GET', PATHS.incidentViewGet(row.incidentId));
    const final = [STATUS.CLOSED, STATUS.CANCELLED, STATUS.NEGATIVE] as number[];
    if (v.status === 200 && v.body.assignedToCaller && v.body.subformId && !final.includes(v.body.incidentStatusId ?? -1)) return v.body;
  }
  throw new Error('no open case assigned to pr in the demo data');
}

async function openCase(ctx: BrowserContext, user: E2eUser, incidentId: number): Promise<Page> {
  const page = await ctx.newPage();
  await signIn(page, user.username, user.password);
  await page.waitForURL((u) => u.pathname !== '/signin');
  await page.goto(`/insidenView/${incidentId}`);
  await page.getByTestId('journal-panel').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid=journal-list][aria-busy=true]'));
  return page;
}

/** The image inside a thumbnail has loaded (bytes fetched with the token, shown through an object URL). */
async function thumbLoaded(page: Page, scope: string, index = 0) {
  const img = page.locator(`${scope} [data-testid=attachment-thumb] img`).nth(index);
  await img.waitFor();
  await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle());
  return img;
}

let incident: IncidentView;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  incident = await openCaseOfPatrol();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Jurnal Kes (§2.16, §5, §8, §9)', () => {
  it('TMCA: blank is not sent, Shift+Enter is a new line, Enter sends; a PNG becomes a ≤ 900 px JPEG thumbnail and opens in a 600 px dialog', async () => {
    const tmca = byRole('TMCA');
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1440, height: 900 });
    const page = await openCase(ctx, tmca, incident.pkIncidentId);
    const errors = watchErrors(page);
    try {
      const before = (await journalOf(incident.pkIncidentId)).length;
      const input = page.getByTestId('journal-input');
      await expect(input.getAttribute('placeholder')).resolves.toBe('Kenyataan..');

      // §5: nothing is sent when blank or whitespace
      expect(await page.getByTestId('journal-send').isDisabled()).toBe(true);
      await input.fill('   \n  ');
      await input.press('Enter');
      expect(await page.getByTestId('journal-send').isDisabled()).toBe(true);
      await page.waitForTimeout(300);
      expect((await journalOf(incident.pkIncidentId)).length).toBe(before);

      // Shift+Enter makes a new line, nothing is sent
      await input.fill('');
      await input.type('Baris satu');
      await input.press('Shift+Enter');
      await input.type('baris dua');
      expect(await input.inputValue()).toBe('Baris satu\nbaris dua');
      expect((await journalOf(incident.pkIncidentId)).length).toBe(before);

      // a text file named .png is refused ('Not an image'), by decoding, before anything is sent
      await page.getByTestId('journal-file').setInputFiles(FAKE_PNG);
      await page.getByTestId('journal-image-error').getByText('Not an image').waitFor();
      expect(await page.getByTestId('chosen-image').count()).toBe(0);
      await page.getByTestId('toast').filter({ hasText: 'Not an image' }).first().waitFor();

      // a 1600×1200 PNG is compressed before upload: 900 × 675 JPEG
      await page.getByTestId('journal-file').setInputFiles(pngFile('jalan-km12.png'));
      await page.getByTestId('journal-chosen').getByText('jalan-km12.jpg').waitFor();
      await expect(page.getByTestId('journal-chosen').textContent()).resolves.toContain('900 × 675');
      await screenshot(page, 'journal-compose-1440x900');

      await input.press('Enter');
      await page.getByTestId('toast').filter({ hasText: 'Jurnal telah berjaya disimpan' }).first().waitFor();
      const first = page.getByTestId('journal-entry').first();
      await first.getByText('Baris satu').waitFor();
      expect(await input.inputValue()).toBe('');
      expect(await page.getByTestId('chosen-image').count()).toBe(0);
      await expect(first.getByTestId('journal-entry-author').textContent()).resolves.toBe(`${tmca.displayName} (TMCA)`);
      expect(await first.getByTestId('journal-entry-time').textContent()).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
      expect(await first.getByTestId('journal-entry-text').textContent()).toBe('Baris satu\nbaris dua');

      // stored as a JPEG of at most 900 px (the server reads the type from the bytes)
      const entries = await journalOf(incident.pkIncidentId);
      expect(entries.length).toBe(before + 1);
      const saved = entries[0];
      expect(saved.entry).toBe('Baris satu\nbaris dua');
      expect(saved.readStatus).toBe(829);
      expect(saved.attachments).toHaveLength(1);
      const att = saved.attachments[0];
      expect(att).toMatchObject({
        documentType: 'image/jpeg',
        documentName: 'jalan-km12.jpg',
        width: 900,
        height: 675,
        statusImg: 0,
        tableType: 'JOURNAL_ENTRY',
      });
      expect(att.byteSize).toBeLessThan(BIG_PNG.length);
      const bytes = await fetch(`${server.baseUrl}${PATHS.documentDownload}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.get(tmca.username)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pkDocumentsId: att.pkDocumentsId }),
      });
      const buf = Buffer.from(await bytes.arrayBuffer());
      expect([buf[0], buf[1], buf[2]]).toEqual([0xff, 0xd8, 0xff]);

      // the thumbnail: 180 px high, the image shown from the fetched bytes
      const img = await thumbLoaded(page, '[data-testid=journal-entry]:first-child');
      expect(await img.evaluate((el) => (el as HTMLImageElement).src)).toMatch(/^blob:/);
      const tile = first.getByTestId('attachment-thumb').first();
      expect(Math.round((await tile.boundingBox())!.height)).toBe(180);

      // the 600 px dialog with the image
      await tile.locator('button').first().click();
      const dialog = page.getByTestId('image-dialog');
      await dialog.waitFor();
      await page.waitForFunction(() => {
        const el = document.querySelector('[data-testid=image-dialog-img]') as HTMLImageElement | null;
        return !!el && el.complete && el.naturalWidth === 900;
      });
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(600);
      expect(box.width).toBeGreaterThan(500);
      await screenshot(page, 'journal-image-dialog-1440x900');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('three thumbnails per row; newest entry first', async () => {
    const tmca = byRole('TMCA');
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1024, height: 768 });
    const page = await openCase(ctx, tmca, incident.pkIncidentId);
    try {
      await page.getByTestId('journal-input').fill('Empat gambar dari CCTV');
      await page
        .getByTestId('journal-file')
        .setInputFiles([pngFile('cctv-1.png'), pngFile('cctv-2.png', TALL_PNG), pngFile('cctv-3.png'), pngFile('cctv-4.png', TALL_PNG)]);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=journal-chosen] [data-testid=chosen-image]').length === 4);
      // a portrait image keeps its ratio: 600×1400 → 385.7×900 (the canvas takes whole pixels)
      expect(await page.getByTestId('journal-chosen').textContent()).toMatch(/38[56] × 900/);
      await page.getByTestId('journal-send').click();
      const first = page.getByTestId('journal-entry').first();
      await first.getByText('Empat gambar dari CCTV').waitFor();
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=journal-entry]:first-child [data-testid=attachment-thumb] img').length === 4,
      );
      const boxes = await first.getByTestId('attachment-thumb').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes[0].y).toBe(boxes[1].y);
      expect(boxes[1].y).toBe(boxes[2].y);
      expect(boxes[3].y).toBeGreaterThan(boxes[0].y + 170);
      expect(boxes[3].x).toBe(boxes[0].x);

      const entries = await journalOf(incident.pkIncidentId);
      expect(entries[0].entry).toBe('Empat gambar dari CCTV');
      const sizes = entries[0].attachments.map((a) => [a.width!, a.height!]);
      expect(sizes.map(([w, h]) => Math.max(w, h))).toEqual([900, 900, 900, 900]);
      expect(sizes.map(([w, h]) => (w > h ? 'landscape' : 'portrait'))).toEqual(['landscape', 'portrait', 'landscape', 'portrait']);
      expect(Math.abs(sizes[1][0] - (600 * 900) / 1400)).toBeLessThanOrEqual(1);
      // the screen shows the same order as the server: newest first
      const shown = await page.getByTestId('journal-entry').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-entry-id'))));
      expect(shown).toEqual(entries.map((e) => e.pkJournalEntryId));
      await first.scrollIntoViewIfNeeded();
      await screenshot(page, 'journal-thumbnails-1024x768');
    } finally {
      await ctx.close();
    }
  });

  it('offline, an entry with its photo waits on the device (Belum dihantar) and goes when the line is back; a refused photo waits for a retry', async () => {
    const tmca = byRole('TMCA');
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 800, height: 1280 });
    const page = await openCase(ctx, tmca, incident.pkIncidentId);
    try {
      // the list fails to load (the server answers an error; offline the last copy would show): the §8 text and a retry
      await page.route('**/journal/getAllByIncident/**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 500, statusMsg: 'Ralat', body: { errorCode: 'INTERNAL' } }),
        }),
      );
      await page.reload();
      await page.getByTestId('journal-list-error').getByText('Ops! Senarai Jurnal tidak berjaya didapatkan.').waitFor();
      await page.unroute('**/journal/getAllByIncident/**');
      await page.getByTestId('journal-panel').getByRole('button', { name: 'Cuba lagi' }).click();
      await page.getByTestId('journal-entry').first().waitFor();
      expect(await page.getByTestId('journal-list-error').count()).toBe(0);

      const before = (await journalOf(incident.pkIncidentId)).length;
      await page.getByTestId('journal-input').fill('Laporan semasa talian terputus');
      await page.getByTestId('journal-file').setInputFiles(pngFile('putus.png'));
      await page.getByTestId('journal-chosen').getByText('putus.jpg').waitFor();
      // (the service worker is off in these tests: the snackbar code must be loaded before the network goes)
      await page.getByTestId('journal-file').setInputFiles(FAKE_PNG);
      await page.getByTestId('toast').filter({ hasText: 'Not an image' }).first().waitFor();
      await ctx.setOffline(true);
      await page.getByTestId('journal-send').click();
      // issue #4: kept on the device, shown at once as not sent yet
      await page.getByTestId('toast').filter({ hasText: 'Disimpan dalam peranti — akan dihantar apabila talian pulih' }).first().waitFor();
      const queued = page.getByTestId('journal-entry-queued').first();
      await queued.getByText('Laporan semasa talian terputus').waitFor();
      expect(await queued.getByTestId('queued-badge').textContent()).toContain('Belum dihantar');
      expect(await queued.getByTestId('journal-queued-photo').count()).toBe(1);
      expect(await page.getByTestId('journal-input').inputValue()).toBe('');
      expect((await journalOf(incident.pkIncidentId)).length).toBe(before);
      await screenshot(page, 'journal-queued-offline-800x1280');
      await ctx.setOffline(false);
      await page.getByTestId('journal-entry').first().getByText('Laporan semasa talian terputus').waitFor({ timeout: 30_000 });
      await page.getByTestId('journal-entry-queued').waitFor({ state: 'detached' });
      const entries = await journalOf(incident.pkIncidentId);
      expect(entries.length).toBe(before + 1);
      expect(entries[0].attachments).toHaveLength(1);

      // the entry saves but the server refuses its image: the image waits for a retry
      await page.getByTestId('journal-input').fill('Gambar menyusul');
      await page.getByTestId('journal-file').setInputFiles(pngFile('menyusul.png'));
      await page.getByTestId('journal-chosen').getByText('menyusul.jpg').waitFor();
      await page.route(
        '**/document/saveFile',
        (route) =>
          route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 400, statusMsg: 'Gambar ditolak.', body: { errorCode: 'VALIDATION' } }),
          }),
        { times: 1 },
      );
      await page.getByTestId('journal-send').click();
      await page.getByTestId('journal-pending').waitFor();
      await page.getByTestId('toast').filter({ hasText: 'Ops! Jurnal tidak berjaya disimpan.' }).first().waitFor();
      await page.getByTestId('journal-entry').first().getByText('Gambar menyusul').waitFor();
      expect(await page.getByTestId('journal-pending').textContent()).toContain('menyusul.jpg');
      await screenshot(page, 'journal-pending-upload-800x1280');
      await page.getByTestId('journal-pending-retry').click();
      await page.getByTestId('journal-pending').waitFor({ state: 'detached' });
      await thumbLoaded(page, '[data-testid=journal-entry]:first-child');
      const latest = (await journalOf(incident.pkIncidentId))[0];
      expect(latest.entry).toBe('Gambar menyusul');
      expect(latest.attachments.map((a) => a.documentName)).toEqual(['menyusul.jpg']);
    } finally {
      await ctx.close();
    }
  });

  it('PR writes an entry with a photo (830, unread mark; statusImg 1)', async () => {
    const pr = byRole('PR');
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 800, height: 1280 });
    const page = await openCase(ctx, pr, incident.pkIncidentId);
    try {
      await page.getByTestId('journal-input').fill('Tiba di lokasi. Gambar kejadian dilampirkan.');
      await page.getByTestId('journal-file').setInputFiles(pngFile('lokasi.png'));
      await page.getByTestId('journal-chosen').getByText('lokasi.jpg').waitFor();
      await page.getByTestId('journal-input').press('Enter');
      const first = page.getByTestId('journal-entry').first();
      await first.getByText('Tiba di lokasi. Gambar kejadian dilampirkan.').waitFor();
      await expect(first.getByTestId('journal-entry-author').textContent()).resolves.toBe(`${pr.displayName} (PR)`);
      await expect(first.getByTestId('journal-read-mark').getAttribute('data-read')).resolves.toBe('unread');
      await thumbLoaded(page, '[data-testid=journal-entry]:first-child');
      // a patrol may delete nothing (§6)
      expect(await page.getByTestId('attachment-delete').count()).toBe(0);
      await screenshot(page, 'journal-pr-800x1280');

      const saved = (await journalOf(incident.pkIncidentId))[0];
      expect(saved.readStatus).toBe(830);
      expect(saved.attachments[0]).toMatchObject({ statusImg: 1, documentType: 'image/jpeg', width: 900, height: 675 });
    } finally {
      await ctx.close();
    }
  });
});

describe('attachment delete rights (§6) and failure (§8)', () => {
  it("TMCA may delete its own upload but not the patrol's; SECTMGR may delete the patrol's", async () => {
    const tmca = byRole('TMCA');
    const entries = await journalOf(incident.pkIncidentId);
    const prEntry = entries.find((e) => e.staff.roleName === 'PR' && e.attachments.length)!;
    const tmcaEntry = entries.find((e) => e.staff.roleName === 'TMCA' && e.attachments.length === 1)!;
    expect(prEntry && tmcaEntry).toBeTruthy();

    // the control room reads the patrol's entry (§4.4): its mark turns to 'Dibaca'
    const read = await call<JournalEntry>(tmca, 'POST', PATHS.journalEntryUpdateStatus, {
      pkJournalEntryId: prEntry.pkJournalEntryId,
      readStatus: 829,
    });
    expect(read.status).toBe(200);

    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1440, height: 900 });
    const page = await openCase(ctx, tmca, incident.pkIncidentId);
    try {
      const prItem = page.locator(`[data-testid=journal-entry][data-entry-id="${prEntry.pkJournalEntryId}"]`);
      await expect(prItem.getByTestId('journal-read-mark').getAttribute('data-read')).resolves.toBe('read');
      await expect(prItem.getByTestId('journal-read-mark').textContent()).resolves.toContain('Dibaca');
      const tmcaItem = page.locator(`[data-testid=journal-entry][data-entry-id="${tmcaEntry.pkJournalEntryId}"]`);
      await prItem.getByTestId('attachment-thumb').first().waitFor();
      expect(await prItem.getByTestId('attachment-delete').count()).toBe(0);
      expect(await tmcaItem.getByTestId('attachment-delete').count()).toBe(1);

      // delete own upload: confirm, then it is gone (screen and server)
      await tmcaItem.getByTestId('attachment-delete').click();
      await page.getByTestId('attachment-delete-confirm').waitFor();
      await screenshot(page, 'journal-delete-confirm-1440x900');
      await page.getByTestId('attachment-delete-confirm-yes').click();
      await page.getByTestId('toast').filter({ hasText: 'Lampiran telah dipadam.' }).first().waitFor();
      await tmcaItem.getByTestId('attachment-thumb').waitFor({ state: 'detached' });
      const after = (await journalOf(incident.pkIncidentId)).find((e) => e.pkJournalEntryId === tmcaEntry.pkJournalEntryId)!;
      expect(after.attachments).toHaveLength(0);
    } finally {
      await ctx.close();
    }

    const sectmgr = byRole('SECTMGR');
    const ctx2 = await newContext(browser, { baseUrl: server.baseUrl, width: 1024, height: 768 });
    const page2 = await openCase(ctx2, sectmgr, incident.pkIncidentId);
    try {
      const prItem = page2.locator(`[data-testid=journal-entry][data-entry-id="${prEntry.pkJournalEntryId}"]`);
      await prItem.getByTestId('attachment-thumb').first().waitFor();
      expect(await prItem.getByTestId('attachment-delete').count()).toBe(1);
    } finally {
      await ctx2.close();
    }
  });

  it("a delete the server refuses shows 'Ops! Aset tidak berjaya dipadam.' and the attachment stays", async () => {
    const tmca = byRole('TMCA');
    const entries = await journalOf(incident.pkIncidentId);
    const multi = entries.find((e) => e.staff.roleName === 'TMCA' && e.attachments.length === 4)!;
    const target = multi.attachments[0];
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1440, height: 900 });
    const page = await openCase(ctx, tmca, incident.pkIncidentId);
    try {
      const item = page.locator(`[data-testid=journal-entry][data-entry-id="${multi.pkJournalEntryId}"]`);
      const tile = item.locator(`[data-testid=attachment-thumb][data-attachment-id="${target.pkAttachmentListId}"]`);
      await tile.waitFor();
      // someone else removes it first: the server then refuses this delete (404)
      const gone = await call<Attachment>(byRole('SECTMGR'), 'POST', PATHS.attachmentDelete(target.pkAttachmentListId));
      expect(gone.status).toBe(200);
      await tile.getByTestId('attachment-delete').click();
      await page.getByTestId('attachment-delete-confirm-yes').click();
      await page.getByTestId('toast').filter({ hasText: 'Ops! Aset tidak berjaya dipadam.' }).first().waitFor();
      expect(await tile.count()).toBe(1);
    } finally {
      await ctx.close();
    }
  });
});

describe('Lampiran Media (§2.8 media dialog)', () => {
  it('the assigned patrol uploads a photo to the subform: preview, 900 px JPEG, thumbnail; a text file is refused', async () => {
    const pr = byRole('PR');
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 800, height: 1280 });
    const page = await openCase(ctx, pr, incident.pkIncidentId);
    const errors = watchErrors(page);
    try {
      const media = page.getByTestId('media-attachments');
      await media.scrollIntoViewIfNeeded();
      await page.getByTestId('media-open-upload').click();
      const dialog = page.getByTestId('media-dialog');
      await dialog.waitFor();
      expect(await page.getByTestId('media-file').getAttribute('accept')).toBe('image/*');
      expect(await page.getByTestId('media-camera-file').getAttribute('capture')).toBe('environment');
      await page.getByTestId('media-file').setInputFiles([pngFile('tayar-pecah.png'), FAKE_PNG]);
      await page.getByTestId('media-image-error').getByText(`${FAKE_PNG.name}: Not an image`).waitFor();
      await page.getByTestId('media-chosen').getByText('tayar-pecah.jpg').waitFor();
      expect(await page.getByTestId('media-chosen').locator('[data-testid=chosen-image]').count()).toBe(1);
      await screenshot(page, 'media-dialog-800x1280');
      expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(600);

      await page.getByTestId('media-upload').click();
      await dialog.waitFor({ state: 'hidden' });
      await thumbLoaded(page, '[data-testid=media-attachments]');
      expect(Math.round((await media.getByTestId('attachment-thumb').first().boundingBox())!.height)).toBe(180);

      const list = await call<{ rows: Attachment[] }>(pr, 'POST', `${PATHS.attachmentDataTables}?length=100&start=0`, {
        incidentSubFormId: incident.subformId,
      });
      expect(list.status).toBe(200);
      const att = list.body.rows.find((a) => a.documentName === 'tayar-pecah.jpg')!;
      expect(att).toMatchObject({
        documentType: 'image/jpeg',
        width: 900,
        height: 675,
        tableType: 'INCIDENT_SUBFORM',
        fkTableId: incident.subformId,
        statusImg: 1,
      });
      // the patrol may not delete (§6)
      expect(await media.getByTestId('attachment-delete').count()).toBe(0);
      await media.scrollIntoViewIfNeeded();
      await screenshot(page, 'media-attachments-800x1280');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
