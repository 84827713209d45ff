/**
 * Issue #30 item 2 in the browser, through the shared server: a field report from the patrol to the TMC. A patrol on
 * shift (a 1024×768 tablet, its GPS on a marker of its section) reports with a photo while OFFLINE ("Lapor kejadian"
 * on Syif saya): "Laporan saya" shows it not yet sent; back online it reaches the server once. A TMCA (1440×900) sees
 * it on the dashboard's "Laporan peronda" panel (with its photo) and in the bell; Terima opens the new-case form
 * prefilled from it (source Peronda, section, KM, direction, event type, the patrol's roster) with the notice that
 * the photo becomes the first journal attachment; the saved case has that journal entry with the photo and the
 * roster assigned. A second report is refused with a reason; the patrol sees both outcomes on Syif saya and opens the
 * case from it. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { WebUser } from '@contract/auth';
import type { LookupItem } from '@contract/envelope';
import { FIELD_REPORT_PATHS, FIELD_REPORT_SOURCE_NAME } from '@contract/field-report-rules';
import type { FieldReportRow } from '@contract/field-reports';
import type { Notification } from '@contract/comms';
import type { IncidentView, JournalEntry, SectionKmMarkers } from '@contract/incidents';
import { EVENT_TYPE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { png } from '../support/images';
import { Api, until } from './support/api';
import { deviceHas, dialogClosed, launchBrowser, newContext, screenshot, signIn, swControlling, syncReady, watchErrors } from './support/browser';
import { patrolOnShiftFor } from './support/cases';
import { choose } from './support/new-case-form';
import { seriousFindings } from './support/axe';
import { sharedServer, type RunningServer } from './support/server';
import { demoUsers } from './support/users';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const tmca = users.find((u) => u.roleName === 'TMCA')!;

/** No serious or critical axe-core finding in the part of the page. */
const axeClean = async (page: Page, selector: string) => expect(await seriousFindings(page, selector)).toEqual([]);

describe('field reports: the patrol reports, the TMC accepts or refuses (issue #30 item 2)', () => {
  beforeAll(async () => {
    server = sharedServer();
    api = new Api(server.baseUrl);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('offline report with a photo → sent once → Terima into a case; a second refused; the patrol sees both', async () => {
    const { patrol, roster } = await patrolOnShiftFor(api, tmca, users, 10);
    const tag = `FR${Date.now().toString(36)}`;
    const note = `Lembu di bahu jalan ${tag}`;
    const me = (await api.call<{ user: WebUser }>(patrol, 'POST', PATHS.webUser, {})).body.user;
    const sectionId = me.rosters.find((r) => r.pkDutyRosterId === roster.pkDutyRosterId)!.sectionId!;
    // the tablet stands on a marker of its roster's section
    const groups = (await api.call<SectionKmMarkers[]>(tmca, 'GET', PATHS.kmMarkersBySection(sectionId))).body;
    const markers = groups.flatMap((g) => g.markers);
    const [markerKm, lat, lng] = markers[Math.floor(markers.length / 2)];
    const patrolReadsMarkers = (await api.call(patrol, 'GET', PATHS.kmMarkersBySection(sectionId))).status === 200;
    const directions = (await api.call<LookupItem[]>(tmca, 'POST', PATHS.lookup('cardinalDirection'))).body;
    const sources = (await api.call<LookupItem[]>(tmca, 'POST', PATHS.lookup('incidentSource'))).body;
    const peronda = sources.find((s) => s.value === FIELD_REPORT_SOURCE_NAME)!;
    const mine = async () => (await api.call<FieldReportRow[]>(patrol, 'GET', FIELD_REPORT_PATHS.list)).body.filter((r) => r.note?.includes(tag));

    const pctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1024, height: 768, serviceWorkers: 'allow' });
    await pctx.grantPermissions(['geolocation']);
    await pctx.setGeolocation({ latitude: lat, longitude: lng, accuracy: 8 });
    const tctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1440, height: 900 });
    const page = await pctx.newPage();
    const tmc = await tctx.newPage();
    const errors = watchErrors(page);
    const tmcErrors = watchErrors(tmc);
    try {
      // ---- the patrol on Syif saya, then offline
      await signIn(page, patrol.username, patrol.password);
      await page.waitForURL((u) => u.pathname === '/syifsaya', { timeout: 30_000 });
      await page.getByTestId('ms-roster').waitFor();
      // the service worker holds every chunk (the image worker's too): the tablet works offline
      await swControlling(page);
      await syncReady(page);
      await page.getByTestId('fr-mine').waitFor();
      await deviceHas(page, [
        'lookup:incidentCategory',
        'lookup:cardinalDirection',
        `sections:${me.section.region.key}`,
        // the section's markers, for the KM offline (when the patrol may read them)
        ...(patrolReadsMarkers ? [`kmMarkers:${sectionId}`] : []),
      ]);
      const open = page.getByTestId('fr-open');
      expect((await open.boundingBox())?.height).toBeGreaterThanOrEqual(48);
      await pctx.setOffline(true);

      // ---- Lapor kejadian: one tap, the form, GPS, photo, note, Hantar
      await open.click();
      const dialog = page.getByTestId('fr-dialog');
      await dialog.waitFor();
      await expect.poll(() => page.getByTestId('fr-gps').getAttribute('data-state')).toBe('ok');
      expect(await page.getByTestId('fr-section').inputValue()).toBe(String(sectionId));
      await page.getByTestId('fr-type').selectOption(String(EVENT_TYPE.OTHERS));
      if (patrolReadsMarkers) {
        // derived from the GPS fix and the section's markers (the device's copy: offline)
        await expect.poll(() => page.getByTestId('fr-km').inputValue()).toBe(markerKm.toFixed(1));
        await page.getByTestId('fr-km-derived').waitFor();
      } else await page.getByTestId('fr-km').fill(markerKm.toFixed(1));
      await choose(page, 'fr-direction');
      await page.getByTestId('fr-photo-input').setInputFiles({ name: 'lembu.png', mimeType: 'image/png', buffer: png(1200, 800) });
      await page.getByTestId('fr-photo-preview').waitFor();
      await page.getByTestId('fr-note').fill(note);
      for (const id of ['fr-type', 'fr-section', 'fr-km', 'fr-direction', 'fr-note', 'fr-submit', 'fr-photo-remove', 'fr-gps-retry']) {
        expect((await page.getByTestId(id).boundingBox())?.height, id).toBeGreaterThanOrEqual(44);
      }
      // Hantar stays in view (the dialog's body scrolls)
      const send = await page.getByTestId('fr-submit').boundingBox();
      expect(send && send.y >= 0 && send.y + send.height <= 768).toBe(true);
      await axeClean(page, '[data-testid=fr-dialog]');
      await screenshot(page, 'field-report-1-form-1024x768');
      await page.getByTestId('fr-submit').click();
      await dialogClosed(dialog);
      const unsent = page.locator('[data-testid=fr-mine-row][data-outcome=unsent]');
      await unsent.waitFor();
      await expect.poll(() => unsent.innerText()).toContain(note);
      await unsent.scrollIntoViewIfNeeded();
      await screenshot(page, 'field-report-2-unsent-1024x768');
      expect(await mine()).toEqual([]);

      // ---- online: it reaches the server once
      await pctx.setOffline(false);
      await page.locator('[data-testid=fr-mine-row][data-outcome=pending]').waitFor({ timeout: 30_000 });
      await expect.poll(() => unsent.count()).toBe(0);
      const [report] = await mine();
      expect(await mine()).toHaveLength(1);
      expect(report).toMatchObject({ status: 'PENDING', kilometerMarker: markerKm.toFixed(1), pkSectionId: sectionId });
      expect(report.dutyRoster.pkDutyRosterId).toBe(roster.pkDutyRosterId);
      expect(report.photo?.documentType).toBe('image/jpeg');
      expect(report.latitude).toBeCloseTo(lat, 5);

      // ---- the TMC: the dashboard panel and the bell
      await signIn(tmc, tmca.username, tmca.password);
      await tmc.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
      const row = tmc.locator(`[data-testid=fr-row][data-report-id="${report.pkFieldReportId}"]`);
      await row.waitFor({ timeout: 30_000 });
      await expect.poll(() => row.innerText()).toContain(note);
      expect(await row.innerText()).toContain(roster.dutyRosterName);
      await expect.poll(() => row.getByTestId('fr-thumb').getAttribute('data-state')).toBe('loaded');
      await screenshot(tmc, 'field-report-3-panel-1440x900');
      await axeClean(tmc, '[data-testid=fr-panel]');
      // the bell counts the unread notifications and the reports waiting
      await expect
        .poll(
          async () => {
            const unread = (await api.call<Notification[]>(tmca, 'POST', PATHS.notificationGetAll, {})).body.filter((n) => !n.read).length;
            const waiting = (await api.call<FieldReportRow[]>(tmca, 'GET', FIELD_REPORT_PATHS.list)).body.filter(
              (r) => r.status === 'PENDING',
            ).length;
            const shown = await tmc.getByTestId('notification-count').innerText();
            return shown === String(Math.min(unread + waiting, 99)) || (unread + waiting > 99 && shown === '99+');
          },
          { timeout: 40_000 },
        )
        .toBe(true);
      await tmc.getByTestId('notification-bell').click();
      await tmc.locator(`[data-testid=fr-bell-item][data-report-id="${report.pkFieldReportId}"]`).waitFor();
      await screenshot(tmc, 'field-report-4-bell-1440x900');
      await tmc.keyboard.press('Escape');

      // offline, Terima waits for the line (it reads the report from the server) and says so
      await tctx.setOffline(true);
      await tmc.getByTestId('fr-offline').waitFor();
      expect(await row.getByTestId('fr-accept').isDisabled()).toBe(true);
      await tctx.setOffline(false);
      await expect.poll(() => row.getByTestId('fr-accept').isDisabled()).toBe(false);

      // ---- Terima: the new-case form prefilled, the notice with the photo
      await row.getByTestId('fr-accept').click();
      await tmc.waitForURL((u) => u.pathname === '/kesbaru' && u.searchParams.get('fieldReport') === String(report.pkFieldReportId));
      const notice = tmc.getByTestId('new-case-fr-notice');
      await notice.waitFor({ timeout: 30_000 });
      await expect.poll(() => notice.getByTestId('new-case-fr-thumb').getAttribute('data-state')).toBe('loaded');
      await expect.poll(() => tmc.getByTestId('case-source').inputValue()).toBe(String(peronda.key));
      expect(await tmc.getByTestId('case-section').inputValue()).toBe(String(sectionId));
      expect(await tmc.getByTestId('case-km').inputValue()).toBe(markerKm.toFixed(1));
      expect(await tmc.getByTestId('case-direction').inputValue()).toBe(String(report.pkCardinalDirectionId));
      expect(await tmc.getByTestId('case-event-type').inputValue()).toBe(String(EVENT_TYPE.OTHERS));
      await tmc.getByTestId('case-km-valid').waitFor();
      await screenshot(tmc, 'field-report-5-prefilled-1440x900');
      await choose(tmc, 'case-event-location');
      await choose(tmc, 'case-weather');
      await choose(tmc, 'case-lighting');
      // the form is a draft too: resumed from Draf, it still accepts the report
      await tmc.waitForTimeout(800);
      await tmc.goto('/draf');
      await tmc.getByTestId('draft-item').first().getByTestId('draft-resume').click();
      await tmc.waitForURL((u) => u.pathname === '/kesbaru' && !!u.searchParams.get('draft'));
      await tmc.getByTestId('new-case-fr-notice').waitFor({ timeout: 30_000 });
      await expect.poll(() => tmc.getByTestId('case-km').inputValue()).toBe(markerKm.toFixed(1));
      expect(await tmc.getByTestId('case-source').inputValue()).toBe(String(peronda.key));
      // Assign To: the reporting roster, already chosen
      await expect.poll(() => tmc.getByTestId('new-case-next').isDisabled(), { timeout: 20_000 }).toBe(false);
      await tmc.getByTestId('new-case-next').click();
      await tmc.getByTestId('new-case-step2').waitFor();
      await tmc.getByTestId('sub-remark').fill(`Dari laporan peronda ${tag}`);
      await tmc.getByTestId('new-case-submit').click();
      await tmc.waitForURL(/\/insidenView\/\d+/, { timeout: 30_000 });
      const incidentId = Number(new URL(tmc.url()).pathname.split('/').pop());
      const view = (await api.call<IncidentView>(tmca, 'GET', PATHS.incidentViewGet(incidentId))).body;
      expect(view.dutyRoster?.pkDutyRosterId).toBe(roster.pkDutyRosterId);
      expect(view.incidentSource.key).toBe(peronda.key);
      const journal = (await api.call<JournalEntry[]>(tmca, 'GET', PATHS.journalByIncident(incidentId))).body;
      const first = [...journal].sort((a, b) => a.pkJournalEntryId - b.pkJournalEntryId)[0];
      expect(first.entry).toContain(note);
      expect(first.attachments.length).toBeGreaterThanOrEqual(1);
      const accepted = (await mine())[0];
      expect(accepted).toMatchObject({ status: 'ACCEPTED', incident: { pkIncidentId: incidentId } });

      // ---- a second report, refused with a reason
      const second = await api.call<FieldReportRow>(patrol, 'POST', FIELD_REPORT_PATHS.save, {
        pkDutyRosterId: roster.pkDutyRosterId,
        pkIncidentCategoryId: EVENT_TYPE.OBSTACLE,
        pkSectionId: sectionId,
        kilometerMarker: markerKm.toFixed(1),
        pkCardinalDirectionId: directions[0].key,
        note: `Kotak di lorong kiri ${tag}`,
        reportedAt: new Date().toISOString(),
      });
      expect(second.status).toBe(200);
      // back on the dashboard (in the app): the accepted report has left the panel
      await tmc.locator('[data-testid=side-nav] [data-menu-key=dashboard]').click();
      await tmc.waitForURL((u) => u.pathname === '/');
      const row2 = tmc.locator(`[data-testid=fr-row][data-report-id="${second.body.pkFieldReportId}"]`);
      await row2.waitFor({ timeout: 30_000 });
      expect(await row.count()).toBe(0);
      await row2.getByTestId('fr-reject').click();
      const rejectDialog = tmc.getByTestId('fr-reject-dialog');
      await rejectDialog.waitFor();
      await tmc.getByTestId('fr-reject-dialog-text').fill('Sudah dilaporkan oleh CCTV');
      await tmc.getByTestId('fr-reject-dialog-yes').click();
      await dialogClosed(rejectDialog);
      await until('the refusal on the server', async () => (await mine()).some((r) => r.status === 'REJECTED'), 20_000);
      await expect.poll(() => row2.count()).toBe(0);

      // ---- the patrol sees both outcomes on Syif saya, and opens the case
      await page.reload();
      const acceptedRow = page.locator('[data-testid=fr-mine-row][data-outcome=accepted]').filter({ hasText: tag });
      const rejectedRow = page.locator('[data-testid=fr-mine-row][data-outcome=rejected]').filter({ hasText: tag });
      await acceptedRow.waitFor({ timeout: 30_000 });
      await expect.poll(() => acceptedRow.innerText()).toContain(`Diterima: kes ${view.ticketNumber}`);
      await expect.poll(() => rejectedRow.innerText()).toContain('Ditolak: Sudah dilaporkan oleh CCTV');
      await rejectedRow.scrollIntoViewIfNeeded();
      await screenshot(page, 'field-report-6-outcomes-1024x768');
      await acceptedRow.click();
      await page.waitForURL((u) => u.pathname === `/insidenView/${incidentId}`);
      expect(errors).toEqual([]);
      expect(tmcErrors).toEqual([]);
    } catch (err) {
      await screenshot(page, 'field-report-failure-patrol').catch(() => {});
      await screenshot(tmc, 'field-report-failure-tmc').catch(() => {});
      throw err;
    } finally {
      await pctx.close();
      await tctx.close();
    }
  }, 180_000);
});
