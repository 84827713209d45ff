/**
 * /kesbaru through the real server and the built client (`DIST_DIR=… npm run build` first): a TMCA records each of
 * the seven event types (step 1 rules, step 2 subform, Hantar), lands on /insidenView/{id}, and the saved case and
 * subform are read back through the API; a patrol of the chosen roster sees the case on its dashboard. Also: a
 * double press of Hantar makes one case, a failed subform save is retried against the saved case (no second case),
 * combined sections need the specific section, and a kilometre off the markers warns without blocking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PATHS } from '@contract/paths';
import { EVENT_TYPE } from '@contract/lookups';
import { SUBFORMS, type EventTypeId } from '@contract/incident-rules';
import type { ActivePrRow, Incident, IncidentListRow, SubformRecord } from '@contract/incidents';
import type { Section } from '@contract/sections';
import type { WebUser } from '@contract/auth';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors } from './support/browser';
import { demoUsers } from './support/users';

let server: RunningServer;
let browser: Browser;
const users = await demoUsers();
const PASSWORD = users.find((u) => u.username === 'tmca')!.password;

interface Api {
  token: string;
  user: WebUser;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown, query?: string): Promise<T>;
}

async function api(username: string): Promise<Api> {
  const res = await fetch(`${server.baseUrl}${PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const login = (await res.json()) as { body: { token: string; user: WebUser } };
  const token = login.body.token;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.json()) as { statusCode: number; statusMsg: string; body: T };
    if (r.status !== 200) throw new Error(`${method} ${path} → ${r.status} ${json.statusMsg}`);
    return json.body;
  };
  return {
    token,
    user: login.body.user,
    get: (path) => call('GET', path),
    post: (path, body, query = '') => call('POST', `${path}${query}`, body),
  };
}

let tmcaApi: Api;
/** the patrol user whose roster is on shift now, and that roster */
let patrol: { username: string; rosterId: number; rosterName: string };
let n9: Section;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  tmcaApi = await api('tmca');
  const sections = await tmcaApi.post<{ rows: Section[] }>(
    PATHS.sectionDataTables,
    { regionId: tmcaApi.user.section.region.key, listed: true },
    '?length=50',
  );
  n9 = sections.rows.find((s) => s.sectionName === 'N9')!;
  const active = (await tmcaApi.post<{ rows: ActivePrRow[] }>(PATHS.nearestActivePr, { regionId: tmcaApi.user.section.region.key }, '?length=100'))
    .rows;
  // pr works the N9 day shift, pr.malam the night shift: one of them is on shift whenever the test runs
  for (const username of ['pr', 'pr.malam']) {
    const u = await api(username);
    const on = active.find((a) => u.user.rosters.some((r) => r.pkDutyRosterId === a.pkDutyRosterId));
    if (on) {
      patrol = { username, rosterId: on.pkDutyRosterId, rosterName: on.dutyRosterName };
      break;
    }
  }
  if (!patrol) throw new Error(`neither pr nor pr.malam is on an active roster now: ${active.map((a) => a.dutyRosterName).join(', ')}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(username: string, size = { width: 1366, height: 768 }): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await newContext(browser, { baseUrl: server.baseUrl, ...size });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await signIn(page, username, PASSWORD);
  // a patrol on shift lands on Syif saya (issue #30); these tests start from the dashboard
  await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/syifsaya');
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  return { ctx, page, errors };
}

/** Picks the option whose text starts with `prefix` (or the first real one) and answers its value. */
async function choose(page: Page, testId: string, prefix?: string): Promise<string> {
  const select = page.getByTestId(testId);
  await expect.poll(async () => (await select.locator('option').count()) > 1 && (await select.isEnabled()), { timeout: 20_000 }).toBe(true);
  const options = await select
    .locator('option')
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })));
  const pick = prefix ? options.find((o) => o.value && o.text.startsWith(prefix)) : options.find((o) => o.value);
  if (!pick) throw new Error(`${testId}: no option ${prefix ?? ''} in ${options.map((o) => o.text).join(' | ')}`);
  await select.selectOption(pick.value);
  return pick.value;
}

async function caseCount(a: Api, sectionId: number) {
  return (await a.post<{ recordCount: number }>(PATHS.dashboardDataTables, { sectionId, searchAllStatus: true }, '?length=1')).recordCount;
}

/** Step 1 on N9 with a kilometre on the markers and the patrol's roster; leaves the form on step 2. */
async function step1(page: Page, typeId: EventTypeId, km = '400.5') {
  await page.goto('/kesbaru');
  await page.getByTestId('new-case-step1').waitFor();
  const next = page.getByTestId('new-case-next');
  expect(await next.isDisabled()).toBe(true);
  // §5: highway, event location, direction and kilometre wait for the section
  for (const id of ['case-highway', 'case-event-location', 'case-direction', 'case-km'])
    expect(await page.getByTestId(id).isDisabled(), id).toBe(true);

  await choose(page, 'case-section', 'N9 ');
  // the section's highway is preselected
  await expect.poll(() => page.getByTestId('case-highway').inputValue()).toBe(String(n9.highwayId));
  await choose(page, 'case-source');
  await page.getByTestId('case-event-type').selectOption(String(typeId));
  await choose(page, 'case-event-location');
  await choose(page, 'case-direction', 'Arah Utara');
  await page.getByTestId('case-km').fill(km);
  await page.getByTestId('case-km-valid').waitFor();
  await expect.poll(() => page.getByTestId('case-km-coords').textContent()).toMatch(/\d+\.\d{5}, \d+\.\d{5}/);
  await choose(page, 'case-weather');
  await choose(page, 'case-lighting');
  // Next waits for Assign To
  expect(await next.isDisabled()).toBe(true);
  await page.getByTestId(`case-roster-${patrol.rosterId}`).click();
  await expect.poll(() => next.isDisabled()).toBe(false);
  await next.click();
  await page.getByTestId('new-case-step2').waitFor();
  await page.getByTestId(`subform-${SUBFORMS[typeId].kind}`).waitFor();
}

/** Hantar (pressed twice: must still make one case), the toast, then /insidenView/{id}. Answers the id. */
async function submit(page: Page): Promise<number> {
  await page.getByTestId('new-case-submit').dblclick();
  await page.waitForURL((u) => /^\/insidenView\/\d+$/.test(u.pathname), { timeout: 30_000 });
  await page.getByText('Kes berjaya disimpan.').first().waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** What each type's step 2 does in the browser, and what the saved subform must then hold. */
const SUBFORM_CASES: { type: EventTypeId; fill: (page: Page) => Promise<void>; expect: Record<string, number | boolean> }[] = [
  {
    type: EVENT_TYPE.ACCIDENT,
    fill: async (page) => {
      await page.getByTestId('sub-casualty-1602').click();
      await page.getByTestId('sub-assist-1902').click();
      await page.getByTestId('sub-na-traffic').click();
    },
    expect: { pkCasualTypeId: 1602, pkAssistTypeId: 1902, naFlagTrafficJam: true, naFlagLaneClosure: false, naFlagRoadFurniture: false },
  },
  {
    type: EVENT_TYPE.BREAKDOWN,
    fill: async (page) => {
      await choose(page, 'sub-breakdown-cause', 'Tayar Pancit');
      await page.getByTestId('sub-assist-1903').click();
    },
    expect: { pkBreakdownCauseId: 2401, pkAssistTypeId: 1903 },
  },
  {
    type: EVENT_TYPE.OBSTACLE,
    fill: async (page) => {
      await choose(page, 'sub-obstacle-type', 'Tayar');
      await page.getByTestId('sub-assist-1902').click();
      await page.getByTestId('sub-safety-yes').click();
    },
    expect: { pkObstacleObjectTypeId: 1801, pkAssistTypeId: 1902, moveToSafety: true },
  },
  {
    type: EVENT_TYPE.STRAY_ANIMAL,
    fill: async (page) => {
      await choose(page, 'sub-animal-type', 'Lembu');
      await page.getByTestId('sub-assist-1902').click();
      await page.getByTestId('sub-safety-no').click();
    },
    expect: { pkStrayAnimalTypeId: 2601, pkAssistTypeId: 1902, moveToSafety: false },
  },
  {
    type: EVENT_TYPE.ROAD_CONDITION,
    fill: async (page) => {
      await choose(page, 'sub-hazard-type', 'Tumpahan Minyak');
      await page.getByTestId('sub-assist-other').click();
    },
    expect: { pkHazardTypeId: 2501, pkAssistTypeId: 277 },
  },
  {
    type: EVENT_TYPE.ROAD_FURNITURE,
    fill: async (page) => {
      await page.getByTestId('sub-assist-other').click();
    },
    expect: { pkAssistTypeId: 277 },
  },
  {
    type: EVENT_TYPE.OTHERS,
    fill: async (page) => {
      await choose(page, 'sub-others-type', 'Kenderaan Terbakar');
      await page.getByTestId('sub-assist-1901').click();
    },
    expect: { pkOthersTypeId: 2801, pkAssistTypeId: 1901 },
  },
];

describe('/kesbaru as TMCA', () => {
  const created: { id: number; ticket: string; type: number }[] = [];

  let tmca: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    tmca = await signedIn('tmca');
  });
  afterAll(async () => {
    await tmca?.ctx.close();
  });

  for (const c of SUBFORM_CASES) {
    it(`records event type ${c.type} (${SUBFORMS[c.type].kind}); it opens at /insidenView/{id} with its case and subform saved`, async () => {
      const page = tmca.page;
      const before = await caseCount(tmcaApi, n9.pkSectionId);
      await step1(page, c.type);
      await c.fill(page);
      // remark: upper case as typed, with the counter
      await page.getByTestId('sub-remark').fill(`ujian ${c.type} lorong kiri`);
      expect(await page.getByTestId('sub-remark').inputValue()).toBe(`UJIAN ${c.type} LORONG KIRI`);
      expect(await page.getByTestId('sub-remark-count').textContent()).toBe(`${`ujian ${c.type} lorong kiri`.length}/500`);
      if (c.type === EVENT_TYPE.ACCIDENT) await screenshot(page, 'new-case-step2-accident-1366x768');
      const id = await submit(page);

      // one case per Hantar, even pressed twice
      expect(await caseCount(tmcaApi, n9.pkSectionId)).toBe(before + 1);
      const inc = await tmcaApi.get<Incident>(PATHS.incidentGet(id));
      expect(inc.incidentCategory.key).toBe(c.type);
      expect(inc.section.pkSectionId).toBe(n9.pkSectionId);
      expect(inc.kilometerMarker).toBe('400.5');
      expect(inc.dutyRoster?.pkDutyRosterId).toBe(patrol.rosterId);
      expect(inc.cardinalDirection.key).toBe(1201);
      expect(inc.latitude).not.toBeNull();
      expect(inc.longtitude).not.toBeNull();
      expect(inc.incidentStatusId).toBe(203);
      expect(inc.createdBy.displayName).toBe(tmcaApi.user.profile.displayName);
      expect(inc.subformId).not.toBeNull();
      const sub = await tmcaApi.get<SubformRecord>(PATHS.subformGet(SUBFORMS[c.type].path, inc.subformId!));
      expect(sub).toMatchObject({ ...c.expect, incidentTypeId: c.type, pkIncidentId: id, remark: `UJIAN ${c.type} LORONG KIRI` });
      created.push({ id, ticket: inc.ticketNumber, type: c.type });
      expect(tmca.errors).toEqual([]);
    });
  }

  it('a patrol of the chosen roster sees the cases on its dashboard', async () => {
    expect(created.length).toBe(7);
    const pr = await api(patrol.username);
    const mine = await pr.post<{ rows: IncidentListRow[] }>(PATHS.dashboardDataTables, { assignedToMe: true }, '?length=100');
    for (const c of created)
      expect(
        mine.rows.map((r) => r.ticketNumber),
        c.ticket,
      ).toContain(c.ticket);

    const { ctx, page } = await signedIn(patrol.username);
    try {
      for (const c of created.filter((x) => x.type === EVENT_TYPE.ACCIDENT || x.type === EVENT_TYPE.BREAKDOWN)) {
        await page.getByText(c.ticket).first().waitFor({ timeout: 20_000 });
      }
      await screenshot(page, 'new-case-patrol-dashboard-1366x768');
    } finally {
      await ctx.close();
    }
  });

  it('a failed subform save keeps the input and retries against the saved case (no second case)', async () => {
    const { ctx, page } = await signedIn('tmca');
    try {
      const before = await caseCount(tmcaApi, n9.pkSectionId);
      await step1(page, EVENT_TYPE.BREAKDOWN);
      await choose(page, 'sub-breakdown-cause', 'Kehabisan Minyak');
      await page.getByTestId('sub-remark').fill('minyak habis');
      // the server refuses the first subform call (a 400 is shown on the form; a dropped connection would queue it)
      await page.route(
        `**${PATHS.subformSave(SUBFORMS[EVENT_TYPE.BREAKDOWN].path)}`,
        (route) =>
          route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 400, statusMsg: 'Data subform tidak sah.', body: { errorCode: 'VALIDATION' } }),
          }),
        { times: 1 },
      );
      await page.getByTestId('new-case-submit').click();
      await page.getByTestId('new-case-error').waitFor();
      expect(await page.getByTestId('new-case-error').textContent()).toContain('Ops! Informasi kerosakan kenderaan tidak berjaya disimpan.');
      expect(await page.getByTestId('new-case-error').textContent()).toContain('Data subform tidak sah.');
      await page.getByTestId('new-case-retry-hint').waitFor();
      expect(new URL(page.url()).pathname).toBe('/kesbaru');
      expect(await page.getByTestId('sub-remark').inputValue()).toBe('MINYAK HABIS');
      await screenshot(page, 'new-case-subform-failed-1366x768');
      // the main record is saved and now read-only on step 1
      await page.getByTestId('new-case-back').click();
      expect(await page.getByTestId('case-section').isDisabled()).toBe(true);
      await page.getByTestId('new-case-next').click();
      await page.getByTestId('new-case-submit').click();
      await page.waitForURL((u) => /^\/insidenView\/\d+$/.test(u.pathname), { timeout: 30_000 });
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      expect(await caseCount(tmcaApi, n9.pkSectionId)).toBe(before + 1);
      const inc = await tmcaApi.get<Incident>(PATHS.incidentGet(id));
      const sub = await tmcaApi.get<SubformRecord>(PATHS.subformGet('incidentBreakdown', inc.subformId!));
      expect(sub).toMatchObject({ pkBreakdownCauseId: 2402, remark: 'MINYAK HABIS' });
    } finally {
      await ctx.close();
    }
  });

  it('a dropped connection on the subform keeps it on the device: the case opens, the subform follows (issue #4)', async () => {
    const { ctx, page } = await signedIn('tmca');
    try {
      const before = await caseCount(tmcaApi, n9.pkSectionId);
      await step1(page, EVENT_TYPE.BREAKDOWN);
      await choose(page, 'sub-breakdown-cause', 'Kehabisan Minyak');
      await page.getByTestId('sub-remark').fill('minyak habis');
      await page.route(`**${PATHS.subformSave(SUBFORMS[EVENT_TYPE.BREAKDOWN].path)}`, (route) => route.abort('connectionreset'), { times: 1 });
      await page.getByTestId('new-case-submit').click();
      await page.waitForURL((u) => /^\/insidenView\/\d+$/.test(u.pathname), { timeout: 30_000 });
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      // the outbox sends the subform again (same Idempotency-Key) after its backoff
      let inc = await tmcaApi.get<Incident>(PATHS.incidentGet(id));
      for (let i = 0; i < 40 && !inc.subformId; i++) {
        await page.waitForTimeout(500);
        inc = await tmcaApi.get<Incident>(PATHS.incidentGet(id));
      }
      expect(inc.subformId).toBeTruthy();
      expect(await caseCount(tmcaApi, n9.pkSectionId)).toBe(before + 1);
      const sub = await tmcaApi.get<SubformRecord>(PATHS.subformGet('incidentBreakdown', inc.subformId!));
      expect(sub).toMatchObject({ pkBreakdownCauseId: 2402, remark: 'MINYAK HABIS' });
    } finally {
      await ctx.close();
    }
  });

  it('offline Hantar: the case waits on the device (pending view, Belum dihantar), takes a journal entry, and becomes the real case when the line is back (issue #4)', async () => {
    const { ctx, page } = await signedIn('tmca', { width: 800, height: 1280 });
    try {
      const before = await caseCount(tmcaApi, n9.pkSectionId);
      await step1(page, EVENT_TYPE.OTHERS);
      await page.getByTestId('sub-remark').fill('kon jatuh di lorong kiri');
      await ctx.setOffline(true);
      await page.getByTestId('new-case-submit').click();
      await page.waitForURL((u) => u.pathname.startsWith('/kes-tertunda/'));
      await page.getByTestId('pending-case').waitFor();
      expect(await page.getByTestId('pending-case-badge').textContent()).toContain('Belum dihantar');
      expect(await page.getByTestId('pending-case-km').textContent()).toBe('400.5');
      expect(await page.getByTestId('pending-case-remark').textContent()).toBe('KON JATUH DI LORONG KIRI');
      // the journal of the pending case already takes entries
      await page.getByTestId('journal-input').fill('Nota sebelum kes dihantar');
      await page.getByTestId('journal-send').click();
      await page.getByTestId('journal-entry-queued').getByText('Nota sebelum kes dihantar').waitFor();
      await screenshot(page, 'pending-case-offline-800x1280');
      expect(await caseCount(tmcaApi, n9.pkSectionId)).toBe(before);

      await ctx.setOffline(false);
      await page.waitForURL((u) => /^\/insidenView\/\d+$/.test(u.pathname), { timeout: 30_000 });
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByTestId('journal-entry').getByText('Nota sebelum kes dihantar').waitFor({ timeout: 30_000 });
      expect(await caseCount(tmcaApi, n9.pkSectionId)).toBe(before + 1);
      const inc = await tmcaApi.get<Incident>(PATHS.incidentGet(id));
      expect(inc.subformId).toBeTruthy();
      const journal = await tmcaApi.get<{ entry: string }[]>(PATHS.journalByIncident(id));
      expect(journal.filter((e) => e.entry === 'Nota sebelum kes dihantar')).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });

  it('the form saves itself as a draft while typing; /kesbaru?draft= resumes it; Hantar deletes it (issue #4)', async () => {
    const { ctx, page } = await signedIn('tmca');
    const drafts = () =>
      page.evaluate(
        () =>
          new Promise<{ id: string; kind: string; title: string; values: { form: { kilometerMarker: string; subform: { remark: string } } } }[]>(
            (resolve, reject) => {
              const open = indexedDB.open('lebuhraya-ops');
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const req = open.result.transaction('drafts').objectStore('drafts').getAll();
                req.onsuccess = () => resolve(req.result);
                req.onerror = () => reject(req.error);
              };
            },
          ),
      );
    try {
      await step1(page, EVENT_TYPE.OTHERS);
      await page.getByTestId('sub-remark').fill('draf ujian');
      const mine = (ds: Awaited<ReturnType<typeof drafts>>) => ds.find((d) => d.values.form.subform.remark.toUpperCase() === 'DRAF UJIAN');
      await expect.poll(async () => mine(await drafts()), { timeout: 10_000 }).toBeTruthy();
      const draft = mine(await drafts())!;
      expect(draft).toMatchObject({ kind: 'newCase', title: 'Kes baharu — Lain-lain, KM 400.5' });
      // a new browser session: the draft comes back from its link
      await page.goto('/');
      await page.goto(`/kesbaru?draft=${draft.id}`);
      await page.getByTestId('new-case-draft-resumed').waitFor();
      await page.getByTestId('new-case-next').click();
      expect((await page.getByTestId('sub-remark').inputValue()).toUpperCase()).toBe('DRAF UJIAN');
      await screenshot(page, 'new-case-draft-resumed-1366x768');
      await page.getByTestId('new-case-submit').click();
      await page.waitForURL((u) => /^\/insidenView\/\d+$/.test(u.pathname), { timeout: 30_000 });
      expect((await drafts()).some((d) => d.id === draft.id)).toBe(false);
    } finally {
      await ctx.close();
    }
  });

  it('a kilometre off the section markers shows the alert icon and a warning but does not block Next', async () => {
    const { ctx, page } = await signedIn('tmca', { width: 800, height: 1280 });
    try {
      await page.goto('/kesbaru');
      await choose(page, 'case-section', 'N9 ');
      await page.getByTestId('case-km').fill('abc');
      await page.getByText('Min 1 aksara bernombor').first().waitFor();
      await page.getByTestId('case-km').fill('9999');
      await page.getByTestId('case-km-invalid').waitFor();
      await page.getByTestId('case-km-nomatch').waitFor();
      await choose(page, 'case-source');
      await page.getByTestId('case-event-type').selectOption(String(EVENT_TYPE.OTHERS));
      await choose(page, 'case-event-location');
      await choose(page, 'case-direction');
      await page.getByTestId(`case-roster-${patrol.rosterId}`).click();
      await expect.poll(() => page.getByTestId('new-case-next').isDisabled()).toBe(false);
      await screenshot(page, 'new-case-km-nomatch-800x1280');
    } finally {
      await ctx.close();
    }
  });
});

describe('/kesbaru combined sections', () => {
  it('N1+N2 asks for the specific section before the kilometre', async () => {
    const { ctx, page, errors } = await signedIn('tmca.utara', { width: 800, height: 1280 });
    try {
      await page.goto('/kesbaru');
      await choose(page, 'case-section', 'N1+N2');
      await page.getByTestId('case-specific-section').waitFor();
      expect(await page.getByTestId('case-highway').isDisabled()).toBe(false);
      expect(await page.getByTestId('case-km').isDisabled()).toBe(true);
      await choose(page, 'case-specific-section', 'N2');
      await expect.poll(() => page.getByTestId('case-km').isDisabled()).toBe(false);
      expect(await page.getByTestId('new-case-missing').textContent()).not.toContain('Seksyen Khusus');
      await screenshot(page, 'new-case-combined-800x1280');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
