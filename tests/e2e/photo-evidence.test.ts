/**
 * Evidence-grade photos in the browser (issue #19), against the real server: a JPEG with EXIF is attached to a
 * journal entry; the device reads its capture time from the original before compressing it, and the journal and the
 * print view show for the photo its capture time, the device time, the uploader and the SHA-256 (short, the full
 * value in the title; in full on paper). Then the stored bytes are changed in the database behind the server's back
 * and both screens show 'Foto telah diubah'. Screenshots in test-results/screenshots. Needs a build.
 */
import { eq, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentListRow, JournalEntry } from '@contract/incidents';
import { PATHS } from '@contract/paths';
import { openDb } from '../../server/db/client';
import { attachmentContent } from '../../server/db/schema';
import { jpegWithExif } from '../support/exif-jpeg';
import { tinyJpeg } from '../support/images';
import { launchBrowser, newContext, screenshot, signIn, watchErrors } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { demoUsers } from './support/users';

let server: RunningServer;
let browser: Browser;
const users = await demoUsers();
const tmca = users.find((u) => u.roleName === 'TMCA')!;
let token = '';

async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  if (!token) {
    const res = await fetch(`${server.baseUrl}${PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: tmca.username, password: tmca.password }),
    });
    token = ((await res.json()) as { body: { token: string } }).body.token;
  }
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  return ((await res.json()) as { body: T }).body;
}

async function newPage(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await signIn(page, tmca.username, tmca.password);
  await page.waitForURL((u) => u.pathname !== '/signin');
  return page;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('evidence-grade photos (issue #19)', () => {
  let incidentId = 0;
  let subformId = 0;
  let photoId = 0;
  let sha256 = '';
  const text = `Foto bukti di lokasi ${Date.now()}`;

  it('the journal shows the EXIF capture time read on the device, the device time, the uploader and the SHA-256', async () => {
    const list = await api<{ rows: IncidentListRow[] }>('POST', `${PATHS.dashboardDataTables}?length=20&start=0`, {});
    const row = list.rows.find((r) => r.subformId)!;
    incidentId = row.incidentId;
    subformId = row.subformId!;
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    try {
      const page = await newPage(ctx);
      const errors = watchErrors(page);
      await page.goto(`/insidenView/${incidentId}`);
      await page.getByTestId('journal-panel').waitFor();
      await page.getByTestId('journal-input').fill(text);
      const before = Date.now();
      await page
        .getByTestId('journal-file')
        .setInputFiles({ name: 'IMG_2001.jpg', mimeType: 'image/jpeg', buffer: jpegWithExif('2026:11:20 09:15:30', '+08:00') });
      await page.getByTestId('chosen-image').waitFor();
      await page.getByTestId('journal-send').click();
      const entry = page.getByTestId('journal-entry').filter({ hasText: text });
      const item = entry.getByTestId('attachment-item');
      await item.waitFor();

      const saved = (await api<JournalEntry[]>('GET', PATHS.journalByIncident(incidentId))).find((e) => e.entry === text)!;
      const photo = saved.attachments[0];
      photoId = photo.pkAttachmentListId;
      sha256 = photo.sha256;
      // the browser's compression drops EXIF: the time is the device's reading of the original
      expect(photo).toMatchObject({ capturedAt: '2026-11-20T09:15:30+08:00', capturedAtSource: 'device', tampered: false });
      expect(photo.uploadedBy.roleName).toBe('TMCA');
      const deviceTime = Date.parse(photo.deviceTime!);
      expect(deviceTime).toBeGreaterThanOrEqual(before - 1000);
      expect(deviceTime).toBeLessThanOrEqual(Date.now());

      await expect.poll(() => item.getByTestId('photo-captured').textContent()).toContain('20-11-2026 09:15:30 (UTC+08:00) (dibaca oleh peranti)');
      expect(await item.getByTestId('photo-device-time').textContent()).not.toContain('tiada');
      expect(await item.getByTestId('photo-uploader').textContent()).toContain(photo.uploadedBy.displayName);
      const hash = item.locator('[data-sha256]');
      expect(await hash.getAttribute('data-sha256')).toBe(sha256);
      expect(await hash.getAttribute('title')).toContain(sha256);
      expect(await hash.textContent()).toBe(`${sha256.slice(0, 12)}…`);
      expect(await entry.getByTestId('photo-tampered').count()).toBe(0);
      await entry.scrollIntoViewIfNeeded();
      await screenshot(page, 'photo-evidence-journal');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('the print view lists the photo with the same evidence, the hash in full on paper, and the Lampiran Media with theirs', async () => {
    // a Lampiran Media photo through attachmentList/save whose bytes carry EXIF: the server reads it (source file)
    const media = await api<{ pkAttachmentListId: number; capturedAtSource: string }>('POST', PATHS.attachmentSave, {
      incidentSubFormId: subformId,
      documentName: 'kamera-tmc.jpg',
      fileContent: jpegWithExif('2026:11:19 21:05:00').toString('base64'),
    });
    expect(media.capturedAtSource).toBe('file');
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    await ctx.addInitScript(() => {
      window.print = () => {};
    });
    try {
      const page = await newPage(ctx);
      await page.goto(`/insiden/${incidentId}/0`);
      await page.locator('[data-testid=incident-print][data-ready=true]').waitFor();
      const photo = page.locator(`[data-testid=print-photo][data-attachment-id="${photoId}"]`);
      await photo.waitFor();
      expect(await photo.getByTestId('photo-captured').textContent()).toContain('20-11-2026 09:15:30');
      expect(await photo.getByTestId('photo-sha256').textContent()).toContain(sha256.slice(0, 12));
      const printedMedia = page.locator(`[data-testid=print-media] [data-attachment-id="${media.pkAttachmentListId}"]`);
      expect(await printedMedia.getByTestId('photo-captured').textContent()).toBe('Masa diambil (EXIF): 19-11-2026 21:05:00');
      await page.emulateMedia({ media: 'print' });
      expect(await photo.getByTestId('photo-sha256').innerText()).toContain(sha256);
      await page.emulateMedia({ media: 'screen' });
      await photo.scrollIntoViewIfNeeded();
      await screenshot(page, 'photo-evidence-print');
    } finally {
      await ctx.close();
    }
  });

  it("bytes changed in the database behind the server's back: the journal and the print view say 'Foto telah diubah'", async () => {
    const { port, dataDir } = server;
    await server.stop({ keepData: true });
    const handle = await openDb({ dataDir });
    try {
      await handle.db.update(attachmentContent).set({ content: tinyJpeg() }).where(eq(attachmentContent.attachmentId, photoId));
      const [row] = (
        (await handle.db.execute(sql`select count(*)::int as n from attachment_content where attachment_id = ${photoId}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      expect(row.n).toBe(1);
    } finally {
      await handle.close();
    }
    server = await startServer({ port, dataDir });
    token = '';
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    await ctx.addInitScript(() => {
      window.print = () => {};
    });
    try {
      const page = await newPage(ctx);
      await page.goto(`/insidenView/${incidentId}`);
      const item = page.locator(`[data-testid=attachment-item][data-attachment-id="${photoId}"]`);
      await item.getByTestId('photo-tampered').waitFor();
      expect(await item.getByTestId('photo-tampered').textContent()).toContain('Foto telah diubah');
      expect(await item.getByTestId('attachment-thumb').getAttribute('data-tampered')).toBe('true');
      await item.scrollIntoViewIfNeeded();
      await screenshot(page, 'photo-evidence-tampered-journal');
      await page.goto(`/insiden/${incidentId}/0`);
      await page.locator('[data-testid=incident-print][data-ready=true]').waitFor();
      const printed = page.locator(`[data-testid=print-photo][data-attachment-id="${photoId}"]`);
      await printed.getByTestId('photo-tampered').waitFor();
      await printed.scrollIntoViewIfNeeded();
      await screenshot(page, 'photo-evidence-tampered-print');
    } finally {
      await ctx.close();
    }
  });
});
