/**
 * Issue #30's acceptance in the browser, on a server of its own: a patrol officer (a new PR, its team rostered now
 * with a vehicle, made through the API) signs in ONLINE on a 1024×768 tablet, goes OFFLINE, and does the whole shift
 * from Syif saya by taps: the pre-shift checklist, two activity entries (the large next-event button), a case's
 * status steps and a journal entry with a photo, a field report with a photo, the post-shift checklist, the
 * end-of-duty report; reloads offline (everything still there, unsent); goes online: everything reaches the server
 * exactly once, in the order it was done. A TMC operator (1440×900) then accepts the field report into a new case:
 * the form prefilled, the case saved with the photo as its first journal attachment and the patrol's roster assigned.
 * Screenshots of each step (test-results/screenshots/whole-shift-*). Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CHECKLIST_PATHS, type ChecklistForm, type ChecklistRow } from '@contract/checklist';
import { ACTIVITY_PATHS } from '@contract/activity-log-rules';
import type { EndOfDutyReport } from '@contract/activity-log';
import { FIELD_REPORT_PATHS, type FieldReportRow } from '@contract/field-reports';
import { VEHICLE_PATHS } from '@contract/fleet';
import type { AuditRow, JournalEntry, SectionKmMarkers } from '@contract/incidents';
import { EVENT_TYPE, STATUS } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { png } from '../support/images';
import { startServer, type RunningServer } from './support/server';
import { deviceHas, dialogClosed, launchBrowser, newContext, screenshot, signIn, swControlling, syncReady, watchErrors } from './support/browser';
import { demoUsers } from './support/users';
import { Api } from './support/api';
import { createCase } from './support/cases';
import { newOfficerAndTeam, ok, rosterNow } from './support/organisation';
import { choose } from './support/new-case-form';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const user = (name: string) => users.find((u) => u.username === name)!;
const superadmin = user('superadmin');
const sectmgr = user('sectmgr');
const tmca = user('tmca');

beforeAll(async () => {
  // a server of its own (fresh demo data): npm test runs it in the lane beside the shared server's files, which keeps
  // the two lanes of CI about as long as each other
  server = await startServer();
  api = new Api(server.baseUrl);
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The number of the device's outbox items not yet acknowledged (the top bar's sync status). */
const unsent = (page: Page) => page.evaluate(() => Number(document.querySelector('[data-testid=sync-status]')?.getAttribute('data-unsent') ?? 'NaN'));

describe('the whole shift on the tablet, offline (issue #30 acceptance)', () => {
  it('a patrol does its shift from Syif saya offline; everything arrives once, in order; the TMC accepts its field report', {
    timeout: 420_000,
  }, async () => {
    const suffix = String(Date.now() % 100_000).padStart(5, '0');
    const contexts: BrowserContext[] = [];
    const shot = (page: Page, n: number, what: string) => screenshot(page, `whole-shift-${String(n).padStart(2, '0')}-${what}`);
    try {
      // ------------------------------------------------------------------ the organisation (API): officer, vehicle, roster now, a case
      const { officer, team, n9 } = await newOfficerAndTeam(api, server.baseUrl, { superadmin, sectmgr }, suffix);
      const models = await ok(
        api.call<{ rows: { pkVehicleModelId: number }[] }>(sectmgr, 'POST', `${VEHICLE_PATHS.modelDataTables}?length=5&start=0`, {}),
        'models',
      );
      const vehicle = await ok(
        api.call<{ pkVehicleId: number }>(sectmgr, 'POST', VEHICLE_PATHS.save, {
          sectionId: n9.sectionId,
          vehicleModelId: models.rows[0].pkVehicleModelId,
          plateNumber: `WSH ${suffix}`,
        }),
        'vehicle',
      );
      const rosterId = await rosterNow(api, sectmgr, { sectionId: n9.sectionId, teamId: team.pkTeamId, vehicleId: vehicle.pkVehicleId });
      const created = await createCase(
        api,
        tmca,
        { pkDutyRosterId: rosterId, sectionId: n9.sectionId } as Parameters<typeof createCase>[2],
        EVENT_TYPE.ACCIDENT,
        '405.2',
        'Ujian syif penuh',
      );
      const form = await ok(api.call<ChecklistForm>(officer, 'GET', CHECKLIST_PATHS.forRoster(rosterId)), 'checklist form');
      const groups = await ok(api.call<SectionKmMarkers[]>(officer, 'GET', PATHS.kmMarkersBySection(n9.sectionId)), 'km markers');
      const [, lat, lng] = groups[0].markers[Math.floor(groups[0].markers.length / 2)];
      const spot = { latitude: lat, longitude: lng };

      // ------------------------------------------------------------------ the patrol signs in online, on a 1024×768 tablet
      const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1024, height: 768, serviceWorkers: 'allow' });
      contexts.push(ctx);
      await ctx.grantPermissions(['geolocation'], { origin: server.baseUrl });
      await ctx.setGeolocation({ latitude: spot.latitude, longitude: spot.longitude, accuracy: 12 });
      const pr = await ctx.newPage();
      const errors = watchErrors(pr);
      await signIn(pr, officer.username, officer.password);
      await pr.waitForURL((u) => u.pathname === '/syifsaya', { timeout: 30_000 });
      await swControlling(pr);
      await syncReady(pr);
      const caseRow = pr.locator(`[data-testid=ms-case][data-incident-id="${created.pkIncidentId}"]`);
      await caseRow.waitFor({ timeout: 30_000 });
      await expect.poll(() => pr.getByTestId('ms-step-pre').getAttribute('data-state')).toBe('todo');
      // the device's copy of the section's 100 m markers (the field report's KM offline) comes after the lists the
      // screens need first: on a loaded machine it may still be on its way when the test would go offline
      await deviceHas(pr, [`kmMarkers:${n9.sectionId}`]);
      await shot(pr, 1, 'online');

      // ------------------------------------------------------------------ offline from here
      await ctx.setOffline(true);
      await pr.getByTestId('offline-badge').waitFor();

      // (1) the pre-shift checklist
      await pr.getByTestId('ms-step-pre-open').click();
      await pr.waitForURL((u) => u.pathname === `/senaraisemak/${rosterId}`);
      await expect.poll(() => pr.getByTestId('cl-screen').getAttribute('data-phase')).toBe('PRE');
      await pr.getByTestId('cl-odometer').fill('40120');
      await pr.getByTestId('cl-card-tng').fill(`TNG-${suffix}`);
      await pr.getByTestId('cl-card-fuel').fill(`BA-${suffix}`);
      for (const item of form.masterItems) await pr.getByTestId(`cl-item-${item.pkAssetChecklistMasterId}-ok`).first().click();
      await pr.getByTestId('cl-submit').click();
      await pr.getByTestId('cl-unsent').first().waitFor();
      await shot(pr, 2, 'pre-checklist');
      await pr.goBack();
      await pr.getByTestId('ms-screen').waitFor();
      await expect.poll(() => pr.getByTestId('ms-step-pre').getAttribute('data-state')).toBe('unsent');

      // (2) two activity entries, each from the large next-event button: its form opens at once, Simpan returns here
      const events: number[] = [];
      for (let i = 0; i < 2; i++) {
        const next = pr.getByTestId('ms-next-event');
        events.push(Number(await next.getAttribute('data-event-id')));
        await next.click();
        await pr.getByTestId('activity-dialog').waitFor();
        if (i === 0) await shot(pr, 3, 'activity-dialog');
        await pr.getByTestId('activity-save').click();
        await pr.waitForURL((u) => u.pathname === '/syifsaya');
        await pr.getByTestId('ms-screen').waitFor();
        await expect.poll(() => pr.getByTestId('ms-step-activity').getAttribute('data-state')).toBe('unsent');
      }
      expect(events[0]).not.toBe(events[1]);
      await shot(pr, 4, 'activity-entries');

      // (3) the case: its status steps and a journal entry with a photo
      await caseRow.click();
      await pr.waitForURL((u) => u.pathname === `/insidenView/${created.pkIncidentId}`);
      await pr.getByTestId('patrol-panel').waitFor({ timeout: 30_000 });
      await pr.getByTestId(`patrol-step-${STATUS.RECEIVED}`).click();
      await pr.getByTestId(`patrol-step-${STATUS.ARRIVED}`).click();
      await pr.getByTestId('journal-input').fill(`Tiba di lokasi ${suffix}. Kon dipasang.`);
      await pr.getByTestId('journal-file').setInputFiles({ name: 'lokasi.png', mimeType: 'image/png', buffer: png(1200, 900) });
      await pr.getByTestId('journal-chosen').getByText('lokasi.jpg').waitFor();
      await pr.getByTestId('journal-send').click();
      const queuedEntry = pr.getByTestId('journal-entry-queued').filter({ hasText: `Tiba di lokasi ${suffix}` });
      await queuedEntry.waitFor();
      expect(await queuedEntry.getByTestId('journal-queued-photo').count()).toBe(1);
      await shot(pr, 5, 'case-steps-journal');
      await pr.goBack();
      await pr.getByTestId('ms-screen').waitFor();
      // Syif saya counts the steps taken offline: the next one is Selesai Bantuan, marked not sent
      await expect.poll(() => caseRow.getAttribute('data-unsent')).toBe('unsent');
      expect(await caseRow.getAttribute('data-step')).toBe('assistanceDone');

      // (4) a field report with a photo: the location from the tablet's GPS, which keeps reporting (the emulated one
      // gives one position, stamped when it was set: Chromium stops reusing it after the form's maximumAge)
      await ctx.setGeolocation({ latitude: spot.latitude, longitude: spot.longitude, accuracy: 12 });
      await pr.getByTestId('fr-open').click();
      const dialog = pr.getByTestId('fr-dialog');
      await dialog.waitFor();
      await selectFirstOption(pr.getByTestId('fr-type'));
      await expect.poll(() => pr.getByTestId('fr-km').inputValue(), { timeout: 20_000 }).not.toBe('');
      const reportedKm = await pr.getByTestId('fr-km').inputValue();
      // the direction: from the GPS when the tablet knows its heading, else one tap
      if (!(await pr.getByTestId('fr-direction').inputValue())) await selectFirstOption(pr.getByTestId('fr-direction'));
      await pr.getByTestId('fr-photo-input').setInputFiles({ name: 'halangan.png', mimeType: 'image/png', buffer: png(1000, 750) });
      await pr.getByTestId('fr-photo-preview').waitFor();
      await pr.getByTestId('fr-note').fill(`Tayar pecah di lorong kiri ${suffix}`);
      await shot(pr, 6, 'field-report-form');
      await pr.getByTestId('fr-submit').click();
      await dialogClosed(dialog);
      await pr.getByTestId('fr-mine').getByText(`Tayar pecah di lorong kiri ${suffix}`).waitFor();

      // (5) the post-shift checklist
      await pr.getByTestId('ms-step-post-open').click();
      await pr.waitForURL((u) => u.pathname === `/senaraisemak/${rosterId}`);
      await pr.getByTestId('cl-screen').waitFor();
      if ((await pr.getByTestId('cl-screen').getAttribute('data-phase')) !== 'POST') await pr.getByTestId('cl-next-phase').click();
      await expect.poll(() => pr.getByTestId('cl-screen').getAttribute('data-phase')).toBe('POST');
      await pr.getByTestId('cl-odometer').fill('40188');
      for (const item of form.masterItems) await pr.getByTestId(`cl-item-${item.pkAssetChecklistMasterId}-ok`).first().click();
      await pr.getByTestId('cl-submit').click();
      await expect.poll(() => pr.getByTestId('cl-unsent').count()).toBeGreaterThan(0);
      await shot(pr, 7, 'post-checklist');
      await pr.goBack();
      await pr.getByTestId('ms-screen').waitFor();
      await expect.poll(() => pr.getByTestId('ms-step-post').getAttribute('data-state')).toBe('unsent');

      // (6) the end-of-duty report
      await pr.getByTestId('ms-step-report-open').click();
      await pr.waitForURL((u) => u.pathname === `/activitylog/${rosterId}/view`);
      await pr.getByTestId('eod-report').waitFor({ timeout: 30_000 });
      await shot(pr, 8, 'end-of-duty-report');
      await pr.goBack();
      await pr.getByTestId('ms-screen').waitFor();
      await shot(pr, 9, 'syifsaya-all-unsent');

      // nothing reached the server; the device holds it all, through a reload
      const queued = await unsent(pr);
      expect(queued).toBeGreaterThanOrEqual(8);
      await pr.reload();
      await pr.getByTestId('ms-roster').waitFor({ timeout: 30_000 });
      await syncReady(pr);
      expect(await unsent(pr)).toBe(queued);
      for (const step of ['ms-step-pre', 'ms-step-activity', 'ms-step-post'])
        await expect.poll(() => pr.getByTestId(step).getAttribute('data-state'), { message: step }).toBe('unsent');
      await pr.getByTestId('fr-mine').getByText(`Tayar pecah di lorong kiri ${suffix}`).waitFor();
      await shot(pr, 10, 'reloaded-offline');
      const onServer = await ok(api.call<EndOfDutyReport>(officer, 'GET', ACTIVITY_PATHS.report(rosterId)), 'report');
      expect(onServer.activities).toEqual([]);

      // ------------------------------------------------------------------ online: everything arrives once, in order
      await ctx.setOffline(false);
      await expect.poll(() => unsent(pr), { timeout: 90_000 }).toBe(0);
      await shot(pr, 11, 'synced');

      const report = await ok(api.call<EndOfDutyReport>(officer, 'GET', ACTIVITY_PATHS.report(rosterId)), 'report');
      expect(report.activities.map((a) => a.eventId)).toEqual(events);
      const checklists = (
        await ok(
          api.call<{ rows: ChecklistRow[] }>(sectmgr, 'POST', `${CHECKLIST_PATHS.dataTables}?length=10&start=0`, { dutyRosterId: rosterId }),
          'checklists',
        )
      ).rows;
      expect(checklists).toHaveLength(1);
      expect(checklists[0]).toMatchObject({ odometerPre: 40120, odometerPost: 40188 });
      const audit = await ok(api.call<AuditRow[]>(tmca, 'GET', PATHS.auditByIncident(created.pkIncidentId)), 'audit');
      const steps = [...audit]
        .sort((a, b) => a.pkIncidentAuditId - b.pkIncidentAuditId)
        .map((a) => a.incidentStatus.key)
        .filter((s) => s === STATUS.RECEIVED || s === STATUS.ARRIVED);
      expect(steps).toEqual([STATUS.RECEIVED, STATUS.ARRIVED]);
      const journal = await ok(api.call<JournalEntry[]>(tmca, 'GET', PATHS.journalByIncident(created.pkIncidentId)), 'journal');
      const mine = journal.filter((j) => j.entry.includes(`Tiba di lokasi ${suffix}`));
      expect(mine).toHaveLength(1);
      expect(mine[0].attachments).toHaveLength(1);
      const reports = await ok(api.call<FieldReportRow[]>(officer, 'GET', FIELD_REPORT_PATHS.list), 'field reports');
      const fr = reports.filter((r) => r.note?.includes(suffix));
      expect(fr).toHaveLength(1);
      expect(fr[0]).toMatchObject({ status: 'PENDING', kilometerMarker: reportedKm, dutyRoster: { pkDutyRosterId: rosterId } });
      expect(fr[0].photo).not.toBeNull();
      // in the order it was done, where order matters: the entries as recorded, the case's steps 204 then 206 (and the
      // post-shift checklist went onto the pre-shift one: the server takes POST only after PRE)
      expect(report.activities.map((a) => a.eventId)).toEqual(events);
      expect(Date.parse(checklists[0].postAt ?? '')).toBeGreaterThanOrEqual(Date.parse(checklists[0].preAt));

      // ------------------------------------------------------------------ the TMC operator accepts the field report into a case
      const tctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1440, height: 900 });
      contexts.push(tctx);
      const tmc = await tctx.newPage();
      await signIn(tmc, tmca.username, tmca.password);
      await tmc.waitForURL((u) => u.pathname === '/');
      const row = tmc.getByTestId('fr-row').filter({ hasText: `Tayar pecah di lorong kiri ${suffix}` });
      await row.waitFor({ timeout: 60_000 });
      await shot(tmc, 12, 'tmc-field-report');
      await row.getByTestId('fr-accept').click();
      await tmc.waitForURL((u) => u.pathname === '/kesbaru');
      await tmc.getByTestId('new-case-fr-notice').waitFor({ timeout: 30_000 });
      await tmc.getByTestId('new-case-fr-thumb').waitFor();
      await shot(tmc, 13, 'tmc-new-case-prefilled');
      await fillRemainingAndSave(tmc);
      await tmc.waitForURL((u) => /^\/insidenView\/\d+$/.test(u.pathname), { timeout: 60_000 });
      const caseId = Number(new URL(tmc.url()).pathname.split('/').pop());
      await tmc.getByTestId('journal-entry').first().getByTestId('attachment-thumb').waitFor({ timeout: 30_000 });
      await shot(tmc, 14, 'tmc-case-from-report');

      const accepted = await ok(api.call<FieldReportRow>(tmca, 'GET', FIELD_REPORT_PATHS.get(fr[0].pkFieldReportId)), 'field report');
      expect(accepted).toMatchObject({ status: 'ACCEPTED', incident: { pkIncidentId: caseId } });
      const firstJournal = (await ok(api.call<JournalEntry[]>(tmca, 'GET', PATHS.journalByIncident(caseId)), 'journal')).at(-1)!;
      expect(firstJournal.attachments).toHaveLength(1);
      expect(firstJournal.attachments[0].sha256).toBe(fr[0].photo!.sha256);
      const caseAudit = await ok(api.call<AuditRow[]>(tmca, 'GET', PATHS.auditByIncident(caseId)), 'audit');
      expect(caseAudit.some((a) => a.incidentStatus.key === STATUS.ASSIGNED && a.assignee?.pkDutyRosterId === rosterId)).toBe(true);

      // the patrol sees the outcome on Syif saya
      await pr.reload();
      await pr.getByTestId('fr-mine-outcome').filter({ hasText: accepted.incident!.ticketNumber }).waitFor({ timeout: 60_000 });
      await shot(pr, 15, 'patrol-sees-outcome');
      expect(errors).toEqual([]);
    } finally {
      for (const c of contexts) await c.close();
    }
  });
});

/** The first real option of a native select. */
async function selectFirstOption(select: ReturnType<Page['getByTestId']>) {
  await expect.poll(() => select.evaluate((el) => [...(el as HTMLSelectElement).options].filter((o) => o.value).length)).toBeGreaterThan(0);
  const value = await select.evaluate((el) => [...(el as HTMLSelectElement).options].find((o) => o.value)!.value);
  await select.selectOption(value);
}

/** The new-case form's fields a field report does not give (event location, weather, lighting), Seterusnya, Hantar. */
async function fillRemainingAndSave(page: Page) {
  await page.getByTestId('new-case-step1').waitFor();
  for (const id of ['case-event-location', 'case-weather', 'case-lighting']) if (!(await page.getByTestId(id).inputValue())) await choose(page, id);
  const next = page.getByTestId('new-case-next');
  await expect.poll(() => next.isDisabled()).toBe(false);
  await next.click();
  await page.getByTestId('new-case-step2').waitFor();
  await page.getByTestId('new-case-submit').click();
}
