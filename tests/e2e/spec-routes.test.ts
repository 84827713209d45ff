/**
 * The eleven §2.1 routes of issue #19 against the real server, one server for the file: the seven subform routes
 * land on /kesbaru?type=<id> with that event type chosen (and its subform on step 2); /journalEntry, /furtheractions
 * and /bantuan list a real case and choosing it opens its detail page at the journal, the further-action list or the
 * assistance; /play renders for superadmin and is refused for tmca. Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LookupItem } from '@contract/envelope';
import type { IncidentSaved } from '@contract/incidents';
import { SUBFORMS, EVENT_TYPE_IDS } from '@contract/incident-rules';
import { ASSIST_TYPE, EVENT_TYPE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import type { EventLocation, Section } from '@contract/sections';
import { Api } from './support/api';
import { launchBrowser, newContext, screenshot, signIn, watchErrors } from './support/browser';
import { patrolOnShift } from './support/cases';
import { fillStep1, newCaseSetting } from './support/new-case-form';
import { sharedServer, type RunningServer } from './support/server';
import { demoUsers, type E2eUser } from './support/users';

let server: RunningServer;
let browser: Browser;
let api: Api;
const users = await demoUsers();
const byName = (n: string): E2eUser => users.find((u) => u.username === n)!;

async function ok<T>(p: Promise<{ status: number; body: T; statusMsg: string }>, what: string): Promise<T> {
  const r = await p;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.statusMsg}`);
  return r.body;
}

/** A breakdown case on the patrol on shift, its assistance 'other' (277) with one further action (requestFurtherActionList). */
async function caseWithFurtherAction(tmc: E2eUser): Promise<IncidentSaved> {
  const { roster } = await patrolOnShift(api, tmc, users);
  const sec = await ok(api.call<Section>(tmc, 'GET', PATHS.sectionGet(roster.sectionId)), 'section');
  const locations = await ok(api.call<EventLocation[]>(tmc, 'GET', PATHS.eventLocationsBySection(roster.sectionId)), 'event locations');
  const sources = await ok(api.call<LookupItem[]>(tmc, 'POST', PATHS.lookup('incidentSource')), 'sources');
  const directions = await ok(api.call<LookupItem[]>(tmc, 'POST', PATHS.lookup('cardinalDirection')), 'directions');
  const further = await ok(api.call<LookupItem[]>(tmc, 'POST', PATHS.lookup('requestFurtherAction')), 'requestFurtherAction');
  const saved = await ok(
    api.call<IncidentSaved>(tmc, 'POST', PATHS.incidentSave, {
      pkIncidentSourceId: sources[0].key,
      pkSectionId: sec.pkSectionId,
      pkDutyRosterId: roster.pkDutyRosterId,
      pkIncidentCategoryId: EVENT_TYPE.BREAKDOWN,
      pkEventLocationId: locations[0].key,
      pkLocationTypeId: locations[0].locationTypeId,
      pkCardinalDirectionId: directions[0].key,
      kilometerMarker: '12.3',
      pkHighwayId: sec.highwayId,
    }),
    'incident/save',
  );
  const sub = await ok(
    api.call<{ subformId: number }>(tmc, 'POST', PATHS.subformSave(SUBFORMS[EVENT_TYPE.BREAKDOWN].path), {
      pkIncidentId: saved.pkIncidentId,
      incidentTypeId: EVENT_TYPE.BREAKDOWN,
      pkAssistTypeId: ASSIST_TYPE.OTHER,
      remark: 'spec-routes',
    }),
    'subform save',
  );
  const now = new Date().toISOString();
  await ok(
    api.call(tmc, 'POST', PATHS.childSave('requestFurtherActionList'), {
      incidentSubFormId: sub.subformId,
      pkFurtherActionId: further[0].key,
      isNotified: true,
      isArrived: false,
      isCompleted: false,
      notifiedDateTime: now,
      arrivedDateTime: null,
      completedDateTime: null,
      recordCreatedDate: now,
    }),
    'requestFurtherActionList/save',
  );
  return saved;
}

async function signedIn(username: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const ctx = await newContext(browser, { baseUrl: server.baseUrl });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  const u = byName(username);
  await signIn(page, u.username, u.password);
  await page.waitForURL((url) => url.pathname === '/');
  return { page, errors, close: () => ctx.close() };
}

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  api = new Api(server.baseUrl);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('§2.1 routes of issue #19', () => {
  it('the seven subform routes open the new-case form with their event type chosen, and step 2 shows its subform', async () => {
    const tmca = byName('tmca');
    const setting = await newCaseSetting(api, tmca);
    const { page, errors, close } = await signedIn('tmca');
    try {
      for (const id of EVENT_TYPE_IDS) {
        const route = SUBFORMS[id].route;
        await page.goto(route);
        await page.waitForURL((u) => u.pathname === '/kesbaru' && u.searchParams.get('type') === String(id));
        await page.getByTestId('new-case-step1').waitFor();
        await expect.poll(() => page.getByTestId('case-event-type').inputValue(), { message: route }).toBe(String(id));
      }
      // the last one (/lainlain): step 1 filled, Next shows the others subform
      await fillStep1(page, setting, EVENT_TYPE.OTHERS);
      expect(await page.getByTestId('subform-others').getAttribute('data-event-type')).toBe(String(EVENT_TYPE.OTHERS));
      await screenshot(page, 'spec-routes-lainlain-step2');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('/journalEntry, /furtheractions and /bantuan list a real case; choosing it opens that part of the case', async () => {
    const tmca = byName('tmca');
    const saved = await caseWithFurtherAction(tmca);
    const { page, errors, close } = await signedIn('tmca');
    const parts = [
      { route: '/journalEntry', section: 'journal', target: 'detail-journal-slot' },
      { route: '/furtheractions', section: 'furtherActions', target: 'child-requestFurtherActionList-OTHER' },
      { route: '/bantuan', section: 'assistance', target: 'sub-assist' },
    ];
    try {
      for (const p of parts) {
        await page.goto(p.route);
        await page.locator(`[data-testid=case-picker][data-section=${p.section}]`).waitFor();
        const row = page.locator(`[data-testid=case-picker-list] [data-testid=incident-row][data-ticket="${saved.ticketNumber}"]`);
        await row.waitFor();
        if (p.section === 'furtherActions') await screenshot(page, 'spec-routes-picker');
        await row.click();
        await page.waitForURL((u) => u.pathname === `/insidenView/${saved.pkIncidentId}` && u.searchParams.get('section') === p.section);
        const opened = page.locator(`[data-section-open=${p.section}]`);
        await opened.waitFor();
        expect(await opened.getAttribute('data-testid'), p.route).toBe(p.target);
        await expect.poll(() => opened.isVisible()).toBe(true);
        // scrolled to it: its top is within the window
        const box = await opened.boundingBox();
        expect(box && box.y >= 0 && box.y < 900, `${p.route} in view`).toBe(true);
        if (p.section === 'furtherActions') {
          expect(await opened.getByTestId('child-row-requestFurtherActionList-OTHER').count()).toBe(1);
          await screenshot(page, 'spec-routes-further-actions');
        }
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it("/insidenView of a case that is not there says so on the screen, with no 'try again' toast for its audit list", async () => {
    const tmc = await signedIn('tmca');
    try {
      const missing = 987_654_321;
      const audit = tmc.page.waitForResponse((r) => r.url().endsWith(PATHS.auditByIncident(missing)));
      await tmc.page.goto(`/insidenView/${missing}`);
      const error = tmc.page.getByTestId('incident-detail-error');
      await error.waitFor();
      expect(await error.textContent()).toContain('Kes tidak dijumpai atau di luar wilayah anda.');
      // the audit list was refused too; the screen's message is the whole answer
      expect((await audit).status()).toBe(404);
      await tmc.page.waitForTimeout(1_000);
      expect(await tmc.page.getByTestId('toast').count()).toBe(0);
      expect(tmc.errors).toEqual([]);
    } finally {
      await tmc.close();
    }
  });

  it('/play renders the component gallery for superadmin and is refused for tmca', async () => {
    const admin = await signedIn('superadmin');
    try {
      await admin.page.goto('/play');
      await admin.page.getByTestId('play').waitFor();
      for (const part of ['buttons', 'inputs', 'states', 'badges', 'stats', 'admin-list', 'report-kit', 'dialogs', 'toasts'])
        await admin.page.getByTestId(`play-${part}`).waitFor();
      expect(await admin.page.getByTestId('play-admin-row').count()).toBe(3);
      await admin.page.getByTestId('play-block-error').getByRole('button').first().waitFor();
      await admin.page.getByTestId('play-open-confirm').click();
      await admin.page.getByTestId('play-confirm').waitFor();
      await screenshot(admin.page, 'spec-routes-play');
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.close();
    }
    const tmc = await signedIn('tmca');
    try {
      await tmc.page.goto('/play');
      await tmc.page.waitForURL((u) => u.pathname === '/');
      await tmc.page.getByTestId('dashboard').waitFor();
      expect(await tmc.page.getByTestId('play').count()).toBe(0);
    } finally {
      await tmc.close();
    }
  }, 60_000);
});
