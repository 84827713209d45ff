/**
 * The incident lifecycle in the browser (issue #3 acceptance), TMC and patrol in two browser contexts against the
 * real server: a case assigned to the roster the demo patrol is on now → the patrol receives (204), arrives (206,
 * with the device position), writes a journal entry with a photo, marks the case done (298) → the TMC closes it
 * (Tutup, 210); the audit trail shows each step. A second case: BATALKAN KES ('Adakah anda pasti?', then the
 * justification dialog) → 202 with the justification. A superadmin's edit of the closed case goes through the
 * justification dialog and leaves the data-correction journal entry. The print view opens in its own window,
 * calls print and closes after printing. Screenshots at 800×1280 and 1366×768 in test-results/screenshots.
 * Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ActivePrRow, AuditRow, IncidentSaved, IncidentView, JournalEntry } from '@contract/incidents';
import type { LookupItem } from '@contract/envelope';
import type { EventLocation, Section } from '@contract/sections';
import type { LoginBody } from '@contract/auth';
import { EVENT_TYPE, STATUS } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { SUBFORMS } from '@contract/incident-rules';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors, dialogClosed } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { png } from '../support/images';
import { Api, saveOf } from './support/api';
import { patrolOnShiftFor } from './support/cases';

let server: RunningServer;
let browser: Browser;
const users = await demoUsers();
const byName = (u: string): E2eUser => users.find((x) => x.username === u)!;
const tmca = byName('tmca');
const superadmin = byName('superadmin');
const sessions = new Map<string, LoginBody>();

/** Where the patrol's tablet says it is (near KM 440 of N9). */
const DEVICE = { latitude: 3.0512, longitude: 101.6321 };

async function session(user: E2eUser): Promise<LoginBody> {
  let s = sessions.get(user.username);
  if (!s) {
    const res = await fetch(`${server.baseUrl}${PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    expect(res.status).toBe(200);
    s = ((await res.json()) as { body: LoginBody }).body;
    sessions.set(user.username, s);
  }
  return s;
}

async function call<T>(user: E2eUser, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const { token } = await session(user);
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { body: T; statusMsg: string };
  if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${json.statusMsg}`);
  return json.body;
}

const viewOf = (id: number) => call<IncidentView>(tmca, 'GET', PATHS.incidentViewGet(id));
const auditOf = (id: number) => call<AuditRow[]>(tmca, 'GET', PATHS.auditByIncident(id));
const journalOf = (id: number) => call<JournalEntry[]>(tmca, 'GET', PATHS.journalByIncident(id));

/** A new breakdown case assigned to the roster, through the API with tmca's token (incident/save, then the subform). */
async function createCase(roster: ActivePrRow, km: string, remark: string): Promise<IncidentSaved> {
  const sec = await call<Section>(tmca, 'GET', PATHS.sectionGet(roster.sectionId));
  const locations = await call<EventLocation[]>(tmca, 'GET', PATHS.eventLocationsBySection(roster.sectionId));
  const sources = await call<LookupItem[]>(tmca, 'POST', PATHS.lookup('incidentSource'));
  const directions = await call<LookupItem[]>(tmca, 'POST', PATHS.lookup('cardinalDirection'));
  const saved = await call<IncidentSaved>(tmca, 'POST', PATHS.incidentSave, {
    pkIncidentSourceId: sources[0].key,
    pkSectionId: sec.pkSectionId,
    pkDutyRosterId: roster.pkDutyRosterId,
    pkIncidentCategoryId: EVENT_TYPE.BREAKDOWN,
    pkEventLocationId: locations[0].key,
    pkLocationTypeId: locations[0].locationTypeId,
    pkCardinalDirectionId: directions[0].key,
    kilometerMarker: km,
    pkHighwayId: sec.highwayId,
  });
  await call(tmca, 'POST', PATHS.subformSave(SUBFORMS[EVENT_TYPE.BREAKDOWN].path), {
    pkIncidentId: saved.pkIncidentId,
    incidentTypeId: EVENT_TYPE.BREAKDOWN,
    remark,
  });
  return saved;
}

async function signedInPage(ctx: BrowserContext, user: E2eUser): Promise<Page> {
  const page = await ctx.newPage();
  await signIn(page, user.username, user.password);
  await page.waitForURL((u) => u.pathname !== '/signin');
  return page;
}

async function openDetail(page: Page, incidentId: number) {
  await page.goto(`/insidenView/${incidentId}`);
  await page.getByTestId('incident-detail').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid=audit-trail] .chakra-skeleton'));
}

/** The status the page shows (data attribute of the page root). */
const pageStatus = (page: Page) => page.getByTestId('incident-detail').getAttribute('data-status-id');

async function waitForStatus(page: Page, status: number) {
  await page.locator(`[data-testid=incident-detail][data-status-id="${status}"]`).waitFor();
}

const auditStatuses = async (page: Page) =>
  (await page.getByTestId('audit-row').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-status-id'))))).reverse();

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

let patrol: E2eUser;
let roster: ActivePrRow;
let closedCaseId = 0;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  // a patrol whose roster stays on shift while the file runs (near 07:00 or 19:00 it waits for the next shift's)
  ({ patrol, roster } = await patrolOnShiftFor(new Api(server.baseUrl), tmca, users, 20));
  // up to 20 minutes of waiting when the file starts just before a handover (a CI run at 18:45 Brunei time timed out)
}, 22 * 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('incident lifecycle (TMC and patrol)', () => {
  it('assign → patrol receives, arrives, journals a photo, marks 298 → TMC closes (Tutup); the audit trail shows each step', async () => {
    const created = await createCase(roster, '441.2', 'kereta rosak di bahu jalan');
    const id = created.pkIncidentId;
    closedCaseId = id;

    const tmcCtx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 768 });
    const prCtx = await newContext(browser, { baseUrl: server.baseUrl, width: 800, height: 1280 });
    await prCtx.grantPermissions(['geolocation']);
    await prCtx.setGeolocation(DEVICE);
    try {
      // ---- the patrol's tablet
      const pr = await signedInPage(prCtx, patrol);
      const prErrors = watchErrors(pr);
      await openDetail(pr, id);
      await waitForStatus(pr, STATUS.ASSIGNED);
      const panel = pr.getByTestId('patrol-panel');
      await panel.waitFor();
      expect(await panel.getAttribute('data-variant')).toBe('tablet');
      // from 203 the patrol may receive, reject or report arrival; nothing else
      const stepIds = async () =>
        (await panel.locator('[data-testid^=patrol-step-]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).sort();
      expect(await stepIds()).toEqual([`patrol-step-${STATUS.RECEIVED}`, `patrol-step-${STATUS.REJECTED}`, `patrol-step-${STATUS.ARRIVED}`].sort());
      // big touch targets on the tablet
      const box = await pr.getByTestId(`patrol-step-${STATUS.RECEIVED}`).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(56);
      // the patrol cannot edit or cancel the case
      expect(await pr.getByTestId('detail-edit').count()).toBe(0);
      expect(await pr.getByTestId('detail-cancel-case').count()).toBe(0);
      await noSidewaysScroll(pr);
      await screenshot(pr, 'lifecycle-patrol-assigned-800x1280');

      await pr.getByTestId(`patrol-step-${STATUS.RECEIVED}`).click();
      await pr.getByTestId('toast').filter({ hasText: 'Tugasan Diterima' }).first().waitFor();
      await waitForStatus(pr, STATUS.RECEIVED);

      await pr.getByTestId(`patrol-step-${STATUS.ARRIVED}`).click();
      await waitForStatus(pr, STATUS.ARRIVED);
      await pr.locator(`[data-testid=audit-row][data-status-id="${STATUS.ARRIVED}"]`).waitFor();
      // the arrival carries the tablet's position
      const arrived = (await auditOf(id)).find((a) => a.incidentStatus.key === STATUS.ARRIVED)!;
      expect(arrived.latitude).toBeCloseTo(DEVICE.latitude, 4);
      expect(arrived.longtitude).toBeCloseTo(DEVICE.longitude, 4);
      expect(arrived.assigner.roleName).toBe('PR');
      const v1 = await viewOf(id);
      expect(v1.times.diterima).not.toBeNull();
      expect(v1.times.tiba).not.toBeNull();
      await pr
        .getByTestId('patrol-time-tiba')
        .filter({ hasText: /\d{2}-\d{2}-\d{4}/ })
        .waitFor();

      // ---- the journal entry with a photo (the journal panel of the page)
      const before = (await journalOf(id)).length;
      await pr.getByTestId('journal-input').fill('Tiba di lokasi. Kenderaan ditunda ke bahu jalan.');
      await pr.getByTestId('journal-file').setInputFiles({ name: 'lokasi.png', mimeType: 'image/png', buffer: png(1200, 900) });
      await pr.getByTestId('journal-chosen').getByText('lokasi.jpg').waitFor();
      await pr.getByTestId('journal-send').click();
      await pr.getByTestId('toast').filter({ hasText: 'Jurnal telah berjaya disimpan' }).first().waitFor();
      const entries = await journalOf(id);
      expect(entries.length).toBe(before + 1);
      expect(entries[0].entry).toBe('Tiba di lokasi. Kenderaan ditunda ke bahu jalan.');
      expect(entries[0].attachments).toHaveLength(1);
      expect(entries[0].attachments[0]).toMatchObject({ documentType: 'image/jpeg', width: 900, height: 675 });
      await pr.getByTestId('journal-entry').first().getByTestId('attachment-thumb').waitFor();

      // 298 asks first
      await pr.getByTestId(`patrol-step-${STATUS.CASE_DONE}`).click();
      await pr.getByTestId('patrol-confirm').waitFor();
      await pr.getByTestId('patrol-confirm-yes').click();
      await waitForStatus(pr, STATUS.CASE_DONE);
      // no further patrol steps after 298
      await pr.getByTestId('patrol-panel').waitFor({ state: 'detached' });
      await screenshot(pr, 'lifecycle-patrol-done-800x1280');
      expect(prErrors).toEqual([]);

      // ---- the TMC closes it
      const tmc = await signedInPage(tmcCtx, tmca);
      const tmcErrors = watchErrors(tmc);
      await openDetail(tmc, id);
      await waitForStatus(tmc, STATUS.CASE_DONE);
      await tmc.getByTestId('detail-title').getByText('KM 441.2').waitFor();
      await tmc.getByTestId('journal-entry').filter({ hasText: 'Tiba di lokasi' }).waitFor();
      await noSidewaysScroll(tmc);
      await screenshot(tmc, 'lifecycle-tmc-case-done-1366x768');
      await tmc.getByTestId('detail-close').click();
      await tmc.getByTestId('close-confirm').waitFor();
      await tmc.getByTestId('close-confirm-yes').click();
      await tmc.getByTestId('toast').filter({ hasText: 'Kes telah ditutup.' }).first().waitFor();
      await waitForStatus(tmc, STATUS.CLOSED);
      // closed: no Tutup, no BATALKAN KES, no Kemaskini for a TMCA
      await tmc.getByTestId('detail-close').waitFor({ state: 'detached' });
      expect(await tmc.getByTestId('detail-cancel-case').count()).toBe(0);
      expect(await tmc.getByTestId('detail-edit').count()).toBe(0);
      // the audit trail: 203 → 204 → 206 → 298 → 210, with who did each
      await tmc.locator(`[data-testid=audit-row][data-status-id="${STATUS.CLOSED}"]`).waitFor();
      await expect
        .poll(() => auditStatuses(tmc), { timeout: 20_000 })
        .toEqual([STATUS.ASSIGNED, STATUS.RECEIVED, STATUS.ARRIVED, STATUS.CASE_DONE, STATUS.CLOSED]);
      const rows = tmc.getByTestId('audit-row');
      await expect(rows.first().textContent()).resolves.toContain('(TMCA)');
      await expect(rows.nth(1).textContent()).resolves.toContain('(PR)');
      await expect(rows.last().textContent()).resolves.toContain(roster.dutyRosterName);
      await screenshot(tmc, 'lifecycle-tmc-closed-1366x768');
      expect(tmcErrors).toEqual([]);

      // the patrol's page follows: the case is closed there too after a reload
      await pr.reload();
      await waitForStatus(pr, STATUS.CLOSED);
      expect(await pageStatus(pr)).toBe(String(STATUS.CLOSED));
    } finally {
      await tmcCtx.close();
      await prCtx.close();
    }
  });

  it('Tolak: the patrol rejects with a reason (205, roster cleared); the TMC reassigns it through Kemaskini (a new 203)', async () => {
    const created = await createCase(roster, '444.8', 'tayar pecah');
    const id = created.pkIncidentId;
    const prCtx = await newContext(browser, { baseUrl: server.baseUrl, width: 800, height: 1280 });
    const tmcCtx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 768 });
    try {
      const pr = await signedInPage(prCtx, patrol);
      await openDetail(pr, id);
      await pr.getByTestId(`patrol-step-${STATUS.REJECTED}`).click();
      const dialog = pr.getByTestId('reject-dialog');
      await dialog.waitFor();
      // a reason is required
      expect(await pr.getByTestId('reject-dialog-yes').isDisabled()).toBe(true);
      await pr.getByTestId('reject-dialog-text').fill('Kenderaan peronda rosak, tidak dapat hadir.');
      await pr.getByTestId('reject-dialog-yes').click();
      await waitForStatus(pr, STATUS.REJECTED);
      // no longer the patrol's case: no steps
      await pr.getByTestId('patrol-panel').waitFor({ state: 'detached' });
      const rejected = (await auditOf(id)).find((a) => a.incidentStatus.key === STATUS.REJECTED)!;
      expect(rejected.remark).toBe('Kenderaan peronda rosak, tidak dapat hadir.');
      expect((await viewOf(id)).dutyRoster).toBeNull();

      const tmc = await signedInPage(tmcCtx, tmca);
      await openDetail(tmc, id);
      await waitForStatus(tmc, STATUS.REJECTED);
      await tmc.getByTestId('detail-roster').getByText('Belum ditugaskan').waitFor();
      await tmc.getByTestId('detail-edit').click();
      // saving without a roster is refused with the §5 message
      await tmc.getByTestId('detail-save').click();
      await tmc.getByTestId('detail-section-error').waitFor();
      await tmc.getByTestId(`case-roster-${roster.pkDutyRosterId}`).click();
      await tmc.getByTestId('detail-save').click();
      await tmc.getByTestId('toast').filter({ hasText: 'Kes berjaya disimpan.' }).first().waitFor();
      await waitForStatus(tmc, STATUS.ASSIGNED);
      await tmc.getByTestId('detail-roster').getByText(roster.dutyRosterName).waitFor();
      // the audit trail is a query of its own, refreshed after the case: it may follow the header a moment later
      await expect.poll(() => auditStatuses(tmc), { timeout: 20_000 }).toEqual([STATUS.ASSIGNED, STATUS.REJECTED, STATUS.ASSIGNED]);
    } finally {
      await prCtx.close();
      await tmcCtx.close();
    }
  });

  it('BATALKAN KES: "Adakah anda pasti?", then the justification dialog (required, max 150), then 202 with the justification', async () => {
    const created = await createCase(roster, '442.6', 'objek kecil di lorong kiri');
    const id = created.pkIncidentId;
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 768 });
    try {
      const page = await signedInPage(ctx, tmca);
      const errors = watchErrors(page);
      await openDetail(page, id);
      await waitForStatus(page, STATUS.ASSIGNED);

      // "No" on the question leaves the case alone
      await page.getByTestId('detail-cancel-case').click();
      const confirm = page.getByTestId('cancel-confirm');
      await confirm.getByText('Adakah anda pasti?').waitFor();
      await page.getByTestId('cancel-confirm-no').click();
      await dialogClosed(confirm);
      expect(await pageStatus(page)).toBe(String(STATUS.ASSIGNED));

      await page.getByTestId('detail-cancel-case').click();
      await page.getByTestId('cancel-confirm-yes').click();
      const dialog = page.getByTestId('cancel-justify');
      await dialog.waitFor();
      await dialog.getByText('* Justification is required').waitFor();
      const yes = page.getByTestId('cancel-justify-yes');
      expect(await yes.isDisabled()).toBe(true);
      // whitespace is still empty
      await page.getByTestId('cancel-justify-text').fill('    ');
      expect(await yes.isDisabled()).toBe(true);
      // at most 150 characters are taken
      await page.getByTestId('cancel-justify-text').fill('x'.repeat(180));
      expect((await page.getByTestId('cancel-justify-text').inputValue()).length).toBe(150);
      await expect(page.getByTestId('cancel-justify-count').textContent()).resolves.toBe('150/150');
      const justification = 'Laporan palsu: pemanggil mengesahkan tiada kejadian.';
      await page.getByTestId('cancel-justify-text').fill(justification);
      expect(await yes.isDisabled()).toBe(false);
      // the dialog is at most 500 px wide (§2.8)
      expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(500);
      await screenshot(page, 'lifecycle-cancel-justification-1366x768');
      await yes.click();
      await page.getByTestId('toast').filter({ hasText: 'Kes telah berjaya dibatalkan' }).first().waitFor();
      await waitForStatus(page, STATUS.CANCELLED);

      const cancelled = page.locator(`[data-testid=audit-row][data-status-id="${STATUS.CANCELLED}"]`);
      await cancelled.getByTestId('audit-remark').getByText(justification).waitFor();
      const audit = await auditOf(id);
      expect(audit.find((a) => a.incidentStatus.key === STATUS.CANCELLED)?.remark).toBe(justification);
      // cancelled: no BATALKAN KES, no Kemaskini, no Tutup for the TMC
      expect(await page.getByTestId('detail-cancel-case').count()).toBe(0);
      expect(await page.getByTestId('detail-edit').count()).toBe(0);
      expect(await page.getByTestId('detail-close').count()).toBe(0);
      expect((await viewOf(id)).everCancelled).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it("a superadmin's edit of the closed case asks for a justification and leaves the data-correction journal entry", async () => {
    expect(closedCaseId).toBeGreaterThan(0);
    const id = closedCaseId;
    const before = await viewOf(id);
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 768 });
    try {
      const page = await signedInPage(ctx, superadmin);
      const errors = watchErrors(page);
      await openDetail(page, id);
      await waitForStatus(page, STATUS.CLOSED);
      // the form is read-only until Kemaskini
      expect(await page.getByTestId('case-form').getAttribute('data-editing')).toBe('false');
      expect(await page.getByTestId('case-km').isDisabled()).toBe(true);
      await page.getByTestId('detail-edit').click();
      expect(await page.getByTestId('case-form').getAttribute('data-editing')).toBe('true');
      await page.getByTestId('detail-editing-note').waitFor();
      // while editing: Simpan and Batal Kemaskini, no Print
      expect(await page.getByTestId('detail-print').count()).toBe(0);
      await page.getByTestId('detail-cancel-edit').waitFor();

      // a kilometre without a number is refused with the §5 message (for 10 s)
      const km = page.getByTestId('case-km');
      await km.fill('KM');
      await page.getByTestId('detail-save').click();
      await page
        .getByTestId('detail-section-error')
        .getByText('Sila pilih "Seksyen" dan semak maklumat "Kilometer" dan "Ditugaskan Kepada')
        .waitFor();
      expect(await page.getByTestId('save-justify').count()).toBe(0);

      await km.fill('441.5');
      await page.getByTestId('detail-save').click();
      const dialog = page.getByTestId('save-justify');
      await dialog.waitFor();
      expect(await page.getByTestId('save-justify-yes').isDisabled()).toBe(true);
      await page.getByTestId('save-justify-text').fill('KM dibetulkan mengikut laporan peronda.');
      await screenshot(page, 'lifecycle-correction-justification-1366x768');
      await page.getByTestId('save-justify-yes').click();
      await page.getByTestId('toast').filter({ hasText: 'Changes logged successfully.' }).first().waitFor();
      await page.locator('[data-testid=case-form][data-editing=false]').waitFor();
      await page.getByTestId('detail-title').getByText('KM 441.5').waitFor();

      const after = await viewOf(id);
      expect(after.kilometerMarker).toBe('441.5');
      expect(after.version).toBeGreaterThan(before.version);
      expect(after.incidentStatusId).toBe(STATUS.CLOSED);
      const correction = (await journalOf(id)).find((e) => e.kind === 'CORRECTION');
      expect(correction).toBeDefined();
      expect(correction!.entry).toContain('441.2');
      expect(correction!.entry).toContain('441.5');
      expect(correction!.entry).toContain('KM dibetulkan mengikut laporan peronda.');
      // and the page's journal shows it
      await page.getByTestId('journal-entry').filter({ hasText: '441.5' }).getByTestId('journal-correction').waitFor();
      await screenshot(page, 'lifecycle-corrected-1366x768');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('Kemaskini with a changed event type: the main record saved (the server drops the old subform in it), then the new subform', async () => {
    const created = await createCase(roster, '445.3', 'kereta mati enjin');
    const id = created.pkIncidentId;
    const before = await viewOf(id);
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 768 });
    const calls: string[] = [];
    try {
      const page = await signedInPage(ctx, tmca);
      page.on('request', (r) => {
        if (r.method() === 'POST' && /\/(incidentBreakdown|incidentStrayAnimal)\/(save|delete)$|\/incident\/save$/.test(r.url()))
          calls.push(new URL(r.url()).pathname.split('/').slice(-2).join('/'));
      });
      await openDetail(page, id);
      await page.getByTestId('subform-breakdown').waitFor();
      await page.getByTestId('detail-edit').click();
      await page.getByTestId('case-event-type').selectOption(String(EVENT_TYPE.STRAY_ANIMAL));
      await page.getByTestId('subform-strayAnimal').waitFor();
      const animal = page.getByTestId('sub-animal-type');
      const option = await animal.locator('option').nth(1).getAttribute('value');
      await animal.selectOption(option!);
      await page.getByTestId('detail-save').click();
      await page.getByTestId('toast').filter({ hasText: 'Kes berjaya disimpan.' }).first().waitFor();
      await page.locator('[data-testid=case-form][data-editing=false]').waitFor();
      // issue #4: no separate delete from the client (a queued edit would otherwise need three writes in step);
      // incident/save soft-deletes the old type's subform in its own transaction
      expect(calls).toEqual(['incident/save', 'incidentStrayAnimal/save']);

      const after = await viewOf(id);
      expect(after.incidentCategory.key).toBe(EVENT_TYPE.STRAY_ANIMAL);
      expect(after.subformId).not.toBe(before.subformId);
      const sub = await call<{ pkStrayAnimalTypeId: number; incidentTypeId: number }>(
        tmca,
        'GET',
        PATHS.subformGet(SUBFORMS[EVENT_TYPE.STRAY_ANIMAL].path, after.subformId!),
      );
      expect(sub).toMatchObject({ incidentTypeId: EVENT_TYPE.STRAY_ANIMAL, pkStrayAnimalTypeId: Number(option) });
      await expect(call(tmca, 'GET', PATHS.subformGet(SUBFORMS[EVENT_TYPE.BREAKDOWN].path, before.subformId!))).rejects.toThrow(/404/);
      await page.getByTestId('subform-strayAnimal').waitFor();
      await page.getByTestId('detail-title').getByText(after.incidentCategory.value).waitFor();
    } finally {
      await ctx.close();
    }
  });

  it('offline, the patrol receives and arrives: both wait on the device (Belum dihantar), the buttons move on, and both reach the server in order (issue #4)', async () => {
    const created = await createCase(roster, '446.1', 'lori rosak');
    const id = created.pkIncidentId;
    const prCtx = await newContext(browser, { baseUrl: server.baseUrl, width: 800, height: 1280 });
    await prCtx.grantPermissions(['geolocation']);
    await prCtx.setGeolocation(DEVICE);
    try {
      const pr = await signedInPage(prCtx, patrol);
      await openDetail(pr, id);
      await waitForStatus(pr, STATUS.ASSIGNED);
      await pr.getByTestId('journal-panel').waitFor();
      await prCtx.setOffline(true);
      await pr.getByTestId(`patrol-step-${STATUS.RECEIVED}`).click();
      // (no service worker in these tests: the toaster's code is not loaded offline, so the row is what is checked)
      await pr.locator('[data-testid=audit-row-queued][data-kind="audit.save"]').first().waitFor();
      // the next step is offered at once (from the queued status), Terima is not offered twice
      await pr.getByTestId(`patrol-step-${STATUS.ARRIVED}`).click();
      await expect.poll(() => pr.getByTestId('audit-row-queued').count()).toBe(2);
      expect(await pr.getByTestId(`patrol-step-${STATUS.RECEIVED}`).count()).toBe(0);
      expect(await pr.getByTestId('audit-queued').textContent()).toContain('Belum dihantar');
      await screenshot(pr, 'lifecycle-patrol-offline-800x1280');
      expect((await auditOf(id)).map((a) => a.incidentStatus.key)).not.toContain(STATUS.RECEIVED);

      await prCtx.setOffline(false);
      await pr.getByTestId('audit-queued').waitFor({ state: 'detached', timeout: 30_000 });
      await waitForStatus(pr, STATUS.ARRIVED);
      const rows = await auditOf(id);
      const steps = rows.filter((a) => a.incidentStatus.key === STATUS.RECEIVED || a.incidentStatus.key === STATUS.ARRIVED);
      expect(steps).toHaveLength(2);
      const received = steps.find((a) => a.incidentStatus.key === STATUS.RECEIVED)!;
      const arrived = steps.find((a) => a.incidentStatus.key === STATUS.ARRIVED)!;
      expect(received.pkIncidentAuditId).toBeLessThan(arrived.pkIncidentAuditId);
      // the device's claimed time and key are recorded beside the server's
      expect(received.clientTime).toBeTruthy();
      expect(received.idempotencyKey).toBeTruthy();
    } finally {
      await prCtx.close();
    }
  });

  it('a stale edit (someone saved in between) answers 409 and keeps the edits on screen', async () => {
    const created = await createCase(roster, '443.0', 'lembu di lorong kanan');
    const id = created.pkIncidentId;
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 768 });
    try {
      const page = await signedInPage(ctx, tmca);
      await openDetail(page, id);
      await page.getByTestId('detail-edit').click();
      await page.getByTestId('case-km').fill('443.4');
      // another operator changes the case meanwhile (the subform save bumps nothing of the main record: use incident/save)
      const v = await viewOf(id);
      await call(tmca, 'POST', PATHS.incidentSave, saveOf(v, { kilometerMarker: '443.1' }));
      await page.getByTestId('detail-save').click();
      await page.getByTestId('detail-conflict').waitFor();
      // still editing, the user's value still there
      expect(await page.getByTestId('case-km').inputValue()).toBe('443.4');
      expect(await page.getByTestId('case-form').getAttribute('data-editing')).toBe('true');
      expect((await viewOf(id)).kilometerMarker).toBe('443.1');
      // reload shows the other operator's value
      await page.getByTestId('detail-conflict-reload').click();
      await page.locator('[data-testid=case-form][data-editing=false]').waitFor();
      await page.getByTestId('detail-title').getByText('KM 443.1').waitFor();
    } finally {
      await ctx.close();
    }
  });

  it('Print opens /insiden/{incidentId}/{subformId} in its own window without the shell, prints after the delay and closes after printing', async () => {
    const id = closedCaseId;
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 768 });
    const printCalls: string[] = [];
    await ctx.exposeBinding('__recordPrint', ({ page }) => {
      printCalls.push(page.url());
    });
    // window.print is stubbed in every page of the context: it records the call and fires afterprint, as a browser does
    await ctx.addInitScript(() => {
      window.print = () => {
        (window as unknown as { __recordPrint: () => void }).__recordPrint();
        window.dispatchEvent(new Event('afterprint'));
      };
    });
    try {
      const page = await signedInPage(ctx, tmca);
      await openDetail(page, id);
      const v = await viewOf(id);
      const [popup] = await Promise.all([ctx.waitForEvent('page'), page.getByTestId('detail-print').click()]);
      await popup.waitForURL((u) => u.pathname === `/insiden/${id}/${v.subformId}`);
      const closed = popup.waitForEvent('close', { timeout: 30_000 });
      await popup.locator('[data-testid=incident-print][data-ready=true]').waitFor();
      // no app shell on the print view
      expect(await popup.getByTestId('top-bar').count()).toBe(0);
      expect(await popup.getByTestId('side-nav').count()).toBe(0);
      await expect(popup.getByTestId('print-ticket').textContent()).resolves.toBe(v.ticketNumber);
      await expect(popup.getByTestId('print-km').textContent()).resolves.toBe('441.5');
      expect(await popup.getByTestId('print-audit-row').count()).toBe((await auditOf(id)).length);
      await popup.getByTestId('print-journal-entry').filter({ hasText: 'Tiba di lokasi' }).waitFor();
      await popup.getByTestId('print-remark').getByText('KERETA ROSAK DI BAHU JALAN').waitFor();
      await screenshot(popup, 'lifecycle-print-1366x768');
      await closed;
      expect(printCalls).toHaveLength(1);
      expect(printCalls[0]).toContain(`/insiden/${id}/`);
    } finally {
      await ctx.close();
    }
  });

  it('the detail and print pages at 800×1280 and 1366×768', async () => {
    for (const size of [
      { width: 800, height: 1280 },
      { width: 1366, height: 768 },
    ]) {
      const tag = `${size.width}x${size.height}`;
      const ctx = await newContext(browser, { baseUrl: server.baseUrl, ...size });
      await ctx.addInitScript(() => {
        window.print = () => {};
      });
      try {
        const page = await signedInPage(ctx, tmca);
        await openDetail(page, closedCaseId);
        await noSidewaysScroll(page);
        await screenshot(page, `incident-detail-${tag}`);
        await page.goto(`/insiden/${closedCaseId}/0`);
        await page.locator('[data-testid=incident-print][data-ready=true]').waitFor();
        await noSidewaysScroll(page);
        await screenshot(page, `incident-print-${tag}`);
      } finally {
        await ctx.close();
      }
    }
  });
});
