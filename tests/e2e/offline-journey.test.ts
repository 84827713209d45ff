/**
 * Issue #4, the whole journey in the browser on one profile: with the network off a TMC operator records a case
 * (lookups from the device), writes its journal with a photo and cancels another case; reloads while still offline
 * (all still queued); closes the browser and starts it again on the same profile (still queued); goes online →
 * exactly one of each on the server, in order, the photo stored as exactly the server's clean re-encoding of what was
 * queued (issue #20: SHA-256 of the stored bytes and of the queued photo re-encoded here by the same code). Needs a
 * build (`DIST_DIR=… npm run build`).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { AuditRow, Incident, IncidentListRow, IncidentView, JournalEntry } from '@contract/incidents';
import { PATHS } from '@contract/paths';
import { EVENT_TYPE, STATUS } from '@contract/lookups';
import { startServer, type RunningServer } from './support/server';
import { CHROMIUM, deviceHas, signIn, watchErrors } from './support/browser';
import { demoUsers } from './support/users';
import { Api } from './support/api';
import { choose, fillStep1, newCaseSetting, type NewCaseSetting } from './support/new-case-form';
import { png } from '../support/images';
import { cleanImage } from '../../server/modules/document/image-check';

let server: RunningServer;
let api: Api;
let setting: NewCaseSetting;
const users = await demoUsers();
const tmca = users.find((u) => u.roleName === 'TMCA')!;
const pr = users.find((u) => u.roleName === 'PR')!;
let profile: string;

async function launch(dir = profile, offline = false): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
    baseURL: server.baseUrl,
    viewport: { width: 1366, height: 900 },
    serviceWorkers: 'allow',
    offline,
    locale: 'ms-MY',
    timezoneId: 'Asia/Kuala_Lumpur',
  });
  ctx.setDefaultTimeout(20_000);
  return { ctx, page: ctx.pages()[0] ?? (await ctx.newPage()) };
}

const unsent = async (page: Page) => Number((await page.getByTestId('sync-status').getAttribute('data-unsent')) ?? 'NaN');

/** Every photo waiting in the outbox, read straight from IndexedDB. */
async function queuedPhotos(page: Page): Promise<Buffer[]> {
  const base64 = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('lebuhraya-ops');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const items = await new Promise<{ blob?: Blob }[]>((resolve, reject) => {
      const r = db.transaction('outbox').objectStore('outbox').getAll();
      r.onsuccess = () => resolve(r.result as { blob?: Blob }[]);
      r.onerror = () => reject(r.error);
    });
    db.close();
    const out: string[] = [];
    for (const i of items) {
      if (!i.blob) continue;
      let binary = '';
      for (const b of new Uint8Array(await i.blob.arrayBuffer())) binary += String.fromCharCode(b);
      out.push(btoa(binary));
    }
    return out;
  });
  return base64.map((b) => Buffer.from(b, 'base64'));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** SHA-256 (hex) of every photo waiting in the outbox. */
async function queuedPhotoHashes(page: Page): Promise<string[]> {
  return (await queuedPhotos(page)).map(sha256);
}

async function caseCount(sectionId: number) {
  const r = await api.call<{ recordCount: number }>(tmca, 'POST', `${PATHS.dashboardDataTables}?length=1&start=0`, {
    sectionId,
    searchAllStatus: true,
  });
  return r.body.recordCount;
}

beforeAll(async () => {
  server = await startServer();
  api = new Api(server.baseUrl);
  setting = await newCaseSetting(api, tmca);
  profile = await mkdtemp(path.join(os.tmpdir(), 'lebuhraya-profile-'));
});
afterAll(async () => {
  await server?.stop();
  if (profile) await rm(profile, { recursive: true, force: true });
});

describe('offline journey (one profile, reload, browser restart)', () => {
  it('a case, its journal entry with a photo and a cancellation made offline reach the server exactly once, in order, the photo byte-identical', async () => {
    const [other] = (await api.openCases(tmca, { limit: 5 })).filter((c) => c.incidentStatusId !== STATUS.CANCELLED);
    const before = await caseCount(setting.section.pkSectionId);

    let { ctx, page } = await launch();
    const errors = watchErrors(page);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(new URL(w.url()).pathname));
    try {
      // one visit online: sign in (the local store fills), the worker installs, the case to cancel is opened once
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname === '/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
          await new Promise<void>((r) => {
            navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true });
            setTimeout(r, 5_000);
          });
      });
      await page.goto(`/insidenView/${other.pkIncidentId}`);
      await page.getByTestId('detail-cancel-case').waitFor();
      await page.goto('/kesbaru');
      await page.getByTestId('new-case-step1').waitFor();
      const region = setting.section.regionId;
      await deviceHas(page, [
        `incident:view:${other.pkIncidentId}`,
        'lookup:incidentSource',
        `sections:${region}`,
        `eventLocations:${setting.section.pkSectionId}`,
        `kmMarkers:${setting.section.pkSectionId}`,
        `activePr:${region}`,
      ]);
      // the local store was filled from its own worker, off the page's main thread (src/offline/local-store-thread.ts)
      expect(workers.some((w) => /\/assets\/local-store-worker-[\w-]+\.js$/.test(w))).toBe(true);

      // ---- offline from here
      await ctx.setOffline(true);
      await page.goto('/kesbaru');
      await fillStep1(page, setting, EVENT_TYPE.OTHERS);
      await page.getByTestId('sub-remark').fill('perjalanan luar talian');
      await page.getByTestId('new-case-submit').click();
      await page.waitForURL((u) => u.pathname.startsWith('/kes-tertunda/'));
      await page.getByTestId('pending-case').waitFor();

      await page.getByTestId('journal-file').setInputFiles({ name: 'lokasi.png', mimeType: 'image/png', buffer: png(1200, 800) });
      await page.getByTestId('journal-chosen').getByText('lokasi.jpg').waitFor();
      await page.getByTestId('journal-input').fill('Foto lokasi dari peronda');
      await page.getByTestId('journal-send').click();
      await page.getByTestId('journal-entry-queued').getByText('Foto lokasi dari peronda').waitFor();

      await page.goto(`/insidenView/${other.pkIncidentId}`);
      await page.getByTestId('detail-cancel-case').click();
      await page.getByTestId('cancel-confirm-yes').click();
      await page.getByTestId('cancel-justify-text').fill('Laporan palsu (luar talian)');
      await page.getByTestId('cancel-justify-yes').click();
      await expect.poll(() => unsent(page), { timeout: 10_000 }).toBe(5); // case, subform, entry, photo, 202

      // a second case begun offline and left half done: a draft
      await page.goto('/kesbaru');
      await page.getByTestId('new-case-step1').waitFor();
      await choose(page, 'case-section', `${setting.section.sectionName} `);
      await page.getByTestId('case-event-type').selectOption(String(EVENT_TYPE.BREAKDOWN));
      await page.waitForTimeout(1_200); // saved 500 ms after the last change

      const queued = await queuedPhotos(page);
      const hashes = queued.map(sha256);
      expect(hashes).toHaveLength(1);
      expect(await caseCount(setting.section.pkSectionId)).toBe(before);

      // reload while offline: all still queued
      await page.reload();
      await expect.poll(() => unsent(page), { timeout: 15_000 }).toBe(5);

      // close the browser and start it again on the same profile, still without coverage: this time the server is
      // out of reach (Playwright's offline emulation does not hold back the worker's Background Sync at browser start)
      await ctx.close();
      await server.kill();
      ({ ctx, page } = await launch());
      await page.goto('/');
      await page.getByTestId('sync-status').waitFor();
      await new Promise((r) => setTimeout(r, 3_000)); // the page and the worker try, and fail
      await expect.poll(() => unsent(page), { timeout: 15_000 }).toBe(5);
      expect(await queuedPhotoHashes(page)).toEqual(hashes);
      // the half-done case is still a draft, and resumes in the form
      await page.goto('/draf');
      const draft = page.getByTestId('draft-item').filter({ hasText: 'Kes baharu' });
      await draft.waitFor();
      await draft.getByTestId('draft-resume').click();
      await page.getByTestId('new-case-draft-resumed').waitFor();
      await expect.poll(() => page.getByTestId('case-event-type').inputValue()).toBe(String(EVENT_TYPE.BREAKDOWN));
      await page.getByTestId('new-case-draft-discard').click();

      // the line is back
      server = await startServer({ port: server.port, dataDir: server.dataDir });
      api = new Api(server.baseUrl);
      // no count here: the page's backoff timer may already have sent the queue once the server listens (a fresh-clone
      // CI run caught it between startServer and this line); what matters is exactly once, checked below
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(() => unsent(page), { timeout: 60_000 }).toBe(0);

      expect(await caseCount(setting.section.pkSectionId)).toBe(before + 1);
      const rows = (
        await api.call<{ rows: IncidentListRow[] }>(tmca, 'POST', `${PATHS.dashboardDataTables}?length=5&start=0`, {
          sectionId: setting.section.pkSectionId,
          searchAllStatus: true,
        })
      ).body.rows;
      const mine: Incident[] = [];
      for (const r of rows) {
        const inc = (await api.call<Incident>(tmca, 'GET', PATHS.incidentGet(r.incidentId))).body;
        const journal = (await api.call<JournalEntry[]>(tmca, 'GET', PATHS.journalByIncident(r.incidentId))).body;
        if (journal.some((e) => e.entry === 'Foto lokasi dari peronda')) mine.push(inc);
      }
      expect(mine).toHaveLength(1);
      const created = mine[0];
      expect(created.subformId).toBeTruthy();
      const journal = (await api.call<JournalEntry[]>(tmca, 'GET', PATHS.journalByIncident(created.pkIncidentId))).body.filter(
        (e) => e.entry === 'Foto lokasi dari peronda',
      );
      expect(journal).toHaveLength(1);
      expect(journal[0].attachments).toHaveLength(1);
      // in order: the entry was sent with the case's server id and the photo with the entry's (id map)
      expect(journal[0].pkIncidentId).toBe(created.pkIncidentId);
      expect(journal[0].attachments[0].fkTableId).toBe(journal[0].pkJournalEntryId);
      const bytes = await fetch(`${server.baseUrl}${PATHS.documentDownload}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await api.token(tmca)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pkDocumentsId: journal[0].attachments[0].pkDocumentsId }),
      });
      expect(bytes.status).toBe(200);
      // the server stores its own clean JPEG of the photo (issue #20), not the queued bytes: exactly the re-encoding of
      // what was queued, made here by the same code
      const stored = Buffer.from(await bytes.arrayBuffer());
      expect(sha256(stored)).toBe((await cleanImage(queued[0])).sha256);

      const cancelled = (await api.call<IncidentView>(tmca, 'GET', PATHS.incidentViewGet(other.pkIncidentId))).body;
      expect(cancelled.incidentStatusId).toBe(STATUS.CANCELLED);
      const audit = (await api.call<AuditRow[]>(tmca, 'GET', PATHS.auditByIncident(other.pkIncidentId))).body;
      const cancels = audit.filter((a) => a.incidentStatus.key === STATUS.CANCELLED && a.remark === 'Laporan palsu (luar talian)');
      expect(cancels).toHaveLength(1);
      // the replayed write records the device's claimed time, the device and its key beside the server's time
      expect(cancels[0].clientTime).toBeTruthy();
      expect(cancels[0].deviceId).toBeTruthy();
      expect(cancels[0].idempotencyKey).toBeTruthy();
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 240_000);

  it('a patrol officer offline: the case and its journal open from the device, the typed text is a draft that survives closing the browser and is found in Draf', async () => {
    const [c] = await api.openCases(pr, { assignedToCaller: true });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lebuhraya-profile-pr-'));
    let { ctx, page } = await launch(dir);
    try {
      await signIn(page, pr.username, pr.password);
      await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/syifsaya'); // a patrol on shift lands on Syif saya (issue #30)
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto(`/insidenView/${c.pkIncidentId}`);
      await page.getByTestId('journal-panel').waitFor();
      // the journal read (and so kept on the device) before the network goes
      await page.locator('[data-testid=journal-list][aria-busy=false]').waitFor();

      await ctx.setOffline(true);
      await page.goto('/');
      await page.goto(`/insidenView/${c.pkIncidentId}`);
      await page.getByTestId('journal-panel').waitFor();
      // the patrol's steps and the journal work from the device's copy
      await page.locator('[data-testid^=patrol-step-]').first().waitFor();
      await page.getByTestId('journal-input').fill('Tiba di lokasi, menunggu tunda');
      await page.waitForTimeout(1_200); // the draft is saved 500 ms after the last key
      await ctx.close();

      ({ ctx, page } = await launch(dir, true));
      const log: string[] = [];
      page.on('console', (m) => log.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
      page.on('framenavigated', (f) => f === page.mainFrame() && log.push(`nav ${f.url()}`));
      await page.goto('/draf');
      const item = page.getByTestId('draft-item').filter({ hasText: c.ticketNumber });
      await item.waitFor();
      expect(await item.getByTestId('draft-kind').textContent()).toBe('Jurnal kes');
      await item.getByTestId('draft-resume').click();
      await page.waitForURL((u) => u.pathname === `/insidenView/${c.pkIncidentId}`);
      await expect.poll(() => page.getByTestId('journal-input').inputValue()).toBe('Tiba di lokasi, menunggu tunda');

      // sent (queued while offline): the draft is gone. The entry shows in the journal, marked unsent; should the
      // browser's background sync reach the server from the worker meanwhile, as sent (the text once either way)
      await page.getByTestId('journal-send').click();
      await expect.poll(() => page.getByTestId('journal-input').inputValue()).toBe('');
      await page
        .getByTestId('journal-list')
        .getByText('Tiba di lokasi, menunggu tunda')
        .waitFor()
        .catch(async (err) => {
          // what the page did, printed when it fails (a CI run once found no entry here)
          console.log(
            'journal entry not shown:',
            JSON.stringify(
              log.filter((l) => !l.includes('ERR_INTERNET_DISCONNECTED')),
              null,
              1,
            ),
            await page.evaluate(() => ({
              online: navigator.onLine,
              journal: document.querySelector('[data-testid=journal-list]')?.textContent?.slice(0, 2000),
              unsent: document.querySelector('[data-testid=sync-status]')?.getAttribute('data-unsent'),
            })),
            (await api.call<JournalEntry[]>(pr, 'GET', PATHS.journalByIncident(c.pkIncidentId))).body
              .filter((e) => e.entry === 'Tiba di lokasi, menunggu tunda')
              .map((e) => e.pkJournalEntryId),
          );
          throw err;
        });
      // never twice: on the server at most once (a CI run's worker sent it while the page was offline, and the queued
      // row went with the acknowledgement)
      const onServer = (await api.call<JournalEntry[]>(pr, 'GET', PATHS.journalByIncident(c.pkIncidentId))).body.filter(
        (e) => e.entry === 'Tiba di lokasi, menunggu tunda',
      );
      expect(onServer.length).toBeLessThanOrEqual(1);
      await page.waitForTimeout(1_000);
      await page.goto('/draf');
      await page.getByTestId('drafts-screen').waitFor();
      await expect.poll(() => page.getByTestId('draft-item').filter({ hasText: c.ticketNumber }).count()).toBe(0);
    } finally {
      await ctx.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
