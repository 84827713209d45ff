/**
 * A whole day, lived (issue #29 item 4): one server on a fresh database, its clock stepped through a day by restarting
 * it with LEBUHRAYA_CLOCK at each step (the data stays), and every page's clock set to the server's instant. Section
 * N9 has a day roster 07:00–19:00 (team N9-PAGI-A, patrol 'pr') and a night roster 19:00–07:00 (N9-MALAM-A,
 * 'pr.malam') every day in the demo data; the demo's live positions are on (DEMO_LIVE), so the map counts the patrols
 * on duty. At each step the TMC operator's, the section manager's and the patrol's screens are checked:
 *   06:30  the night patrol on duty on the dashboard's roster tab, the map and nearest patrol; its case "Perlu serahan"
 *   07:00  the TMC hands the case over through the screen; the day patrol on duty and holding the case; the night
 *          roster's end-of-duty report lists the handover
 *   18:45  the day roster's case flagged (not yet at 18:20)
 *   19:00  handed over to the night roster with "Serahkan semua"
 *   00:30  the night patrol still on duty everywhere; a case it takes at 00:30
 *   08:00  (the next morning) the end-of-duty list counts the night shift's cases to the date it started
 * On PostgreSQL when one answers (DATABASE_URL or 127.0.0.1:5432; a fresh database, dropped after), else on PGlite:
 * one database per run (CI's budget); the server suite covers the day's rules on both.
 * Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { WebUser } from '@contract/auth';
import type { ActivePrRow } from '@contract/incidents';
import { HANDOVER_PATHS, type HandoverList } from '@contract/handover';
import { EVENT_TYPE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { ACTIVITY_PATHS, type EndOfDutyReport } from '@contract/activity-log';
import { startServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { Api } from './support/api';
import { createCase } from './support/cases';
import { freshPgDatabase } from './support/postgres';

const users = await demoUsers();
const user = (name: string) => users.find((u) => u.username === name)!;
const tmca = user('tmca');
const sectmgr = user('sectmgr');
const dayPatrol = user('pr');
const nightPatrol = user('pr.malam');
const pg = await freshPgDatabase('day');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await pg?.drop();
});

/** 'YYYY-MM-DD' plus n days */
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dmy = (iso: string) => iso.split('-').reverse().join('/');
/** the instant of a local (Asia/Brunei) date and time */
const local = (date: string, hms: string) => Date.parse(`${date}T${hms}+08:00`);
/** today in Asia/Brunei by the real clock: the day the test lives through starts here */
const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The server with its clock at an instant; restarted (same port and data) to move the clock. */
class SteppedServer {
  server: RunningServer | null = null;
  api!: Api;
  private clockAt = 0;
  private startedAt = 0;
  constructor(private databaseUrl?: string) {}

  async at(instant: number) {
    const keep = this.server ? { port: this.server.port, dataDir: this.server.dataDir } : {};
    await this.server?.stop({ keepData: true });
    this.server = await startServer({
      ...keep,
      env: { LEBUHRAYA_CLOCK: new Date(instant).toISOString(), DEMO_LIVE: '1', ...(this.databaseUrl ? { DATABASE_URL: this.databaseUrl } : {}) },
    });
    this.clockAt = instant;
    this.startedAt = Date.now();
    this.api = new Api(this.server.baseUrl);
  }
  /** the server's instant now (its clock runs on at the real pace from the step) */
  now() {
    return this.clockAt + (Date.now() - this.startedAt);
  }
  async stop() {
    await this.server?.stop();
  }
}

async function ok<T>(p: Promise<{ status: number; body: T; statusMsg: string }>, what: string): Promise<T> {
  const r = await p;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.statusMsg}`);
  return r.body;
}

/** One user's browser at the server's instant, signed in through the screen. */
async function screenOf(s: SteppedServer, u: E2eUser, size: { width: number; height: number } = { width: 1440, height: 900 }) {
  const ctx = await newContext(browser, { baseUrl: s.server!.baseUrl, ...size, clockAt: s.now() });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await signIn(page, u.username, u.password);
  await page.waitForURL((x) => x.pathname !== '/signin', { timeout: 30_000 });
  return { ctx, page, errors };
}

/** The roster-tab card of a roster: its status on the TMC dashboard (active, upcoming, ended), or null when not shown. */
async function rosterCardStatus(page: Page, rosterName: string) {
  await page.goto('/?tab=jadual');
  await page.getByTestId('roster-dashboard').waitFor();
  await page.getByTestId('roster-card').first().waitFor({ timeout: 30_000 });
  const card = page.getByTestId('roster-card').filter({ hasText: rosterName });
  return (await card.count()) ? card.first().getAttribute('data-status') : null;
}

/** "N kes terbuka · M peronda aktif" on /map: M */
async function mapPatrols(page: Page) {
  await page.goto('/map');
  const counts = page.getByTestId('map-counts');
  await expect.poll(() => counts.innerText(), { timeout: 30_000 }).toMatch(/peronda aktif/);
  return Number(/(\d+) peronda aktif/.exec(await counts.innerText())?.[1]);
}

/** The patrol's own shift card on /dailyactivitylog: the roster it is on now, or null. */
async function patrolShift(page: Page) {
  await page.goto('/dailyactivitylog');
  await page.getByTestId('eod-list-screen').waitFor();
  // the card shows while the patrol has rosters (now or in the next hours); its name only for a shift now
  if (!(await page.getByTestId('my-shift').count())) return null;
  return (await page.getByTestId('my-shift-name').count()) ? page.getByTestId('my-shift-name').innerText() : null;
}

/** The handover panel's row of a case on the TMC dashboard. */
async function handoverRow(page: Page, incidentId: number) {
  await page.goto('/');
  await page.getByTestId('handover-panel').waitFor({ timeout: 30_000 });
  const row = page.locator(`[data-testid=handover-row][data-incident-id="${incidentId}"]`);
  await row.waitFor({ timeout: 30_000 });
  return row;
}

async function closeAll(list: { ctx: BrowserContext; errors: string[] }[]) {
  for (const x of list) await x.ctx.close();
  for (const x of list) expect(x.errors).toEqual([]);
}

async function liveTheDay(databaseUrl?: string) {
  const s = new SteppedServer(databaseUrl);
  const D = today;
  const nightName = `N9-MALAM-A ${dmy(addDays(D, -1))}`;
  const dayName = `N9-PAGI-A ${dmy(D)}`;
  const tonight = `N9-MALAM-A ${dmy(D)}`;
  try {
    // ------------------------------------------------------------------ 06:30: the night patrol on duty, its case flagged
    await s.at(local(D, '06:30:00'));
    const active = async () =>
      (await ok(s.api.call<{ rows: ActivePrRow[] }>(tmca, 'POST', `${PATHS.nearestActivePr}?length=100&start=0`, {}), 'nearestActivePR')).rows;
    const night = (await active()).find((r) => r.dutyRosterName === nightName);
    expect(night, `${nightName} among ${(await active()).map((r) => r.dutyRosterName)}`).toBeDefined();
    const c1 = await createCase(s.api, tmca, night!, EVENT_TYPE.BREAKDOWN, '441.2');
    {
      const tmc = await screenOf(s, tmca);
      const mgr = await screenOf(s, sectmgr);
      const pr = await screenOf(s, nightPatrol, { width: 1024, height: 768 });
      expect(await rosterCardStatus(tmc.page, nightName)).toBe('active');
      expect(await mapPatrols(tmc.page)).toBeGreaterThan(0);
      const row = await handoverRow(tmc.page, c1.pkIncidentId);
      expect(await row.getByTestId('handover-from').innerText()).toContain(nightName);
      // the incoming roster proposed: one of N9's day shift of D, starting at 07:00
      expect(await row.getByTestId('handover-to').innerText()).toMatch(new RegExp(`${dmy(D)}[\\s\\S]*07:00`));
      await screenshot(tmc.page, 'whole-day-0630-tmc-handover');
      // nearest patrol (the case's Assign To order) lists the night patrol
      const nearest = await ok(
        s.api.call<{ rows: ActivePrRow[] }>(tmca, 'POST', `${PATHS.nearestActivePr}?length=100&start=0`, {
          sectionId: night!.sectionId,
          kilometer: '441.2',
        }),
        'nearest',
      );
      expect(nearest.rows.map((r) => r.dutyRosterName)).toContain(nightName);
      // the section manager: the night roster on shift in the end-of-duty list
      await mgr.page.goto(`/dailyactivitylog?from=${addDays(D, -1)}&to=${D}`);
      const eodRow = mgr.page.getByTestId('eod-row').filter({ hasText: nightName });
      await eodRow.first().waitFor({ timeout: 30_000 });
      expect(await eodRow.first().getByTestId('eod-row-lifecycle').getAttribute('data-lifecycle')).toBe('onShift');
      // the night patrol: its shift now
      expect(await patrolShift(pr.page)).toContain(nightName);
      await screenshot(pr.page, 'whole-day-0630-patrol');
      await closeAll([tmc, mgr, pr]);
    }

    // ------------------------------------------------------------------ 07:00: handed over through the screen
    await s.at(local(D, '07:00:30'));
    {
      const tmc = await screenOf(s, tmca);
      const pr = await screenOf(s, dayPatrol, { width: 1024, height: 768 });
      const mgr = await screenOf(s, sectmgr);
      const row = await handoverRow(tmc.page, c1.pkIncidentId);
      await row.getByTestId('handover-ended').waitFor();
      await row.getByTestId('handover-one').click();
      await tmc.page.getByTestId('handover-confirm-yes').click();
      await row.waitFor({ state: 'detached', timeout: 30_000 });
      await screenshot(tmc.page, 'whole-day-0700-tmc-after-handover');
      // on the server: the case is the day roster's; a HANDOVER entry in its journal; the day roster on duty
      const nightReport = await ok(s.api.call<EndOfDutyReport>(sectmgr, 'GET', ACTIVITY_PATHS.report(night!.pkDutyRosterId)), 'report');
      const handed = nightReport.handovers.out.find((h) => h.incidentId === c1.pkIncidentId);
      expect(handed?.byName).toBe('Nurul Huda binti Ismail');
      const taker = (await active()).find((r) => r.pkDutyRosterId === handed?.toRosterId);
      expect(taker?.dutyRosterName ?? `roster ${handed?.toRosterId} not on duty now`).toContain(dmy(D));
      expect(taker?.sectionId).toBe(night!.sectionId);
      // the case's journal shows the handover (TMC screen)
      await tmc.page.goto(`/insidenView/${c1.pkIncidentId}`);
      await tmc.page.getByTestId('journal-handover').first().waitFor({ timeout: 30_000 });
      expect(await rosterCardStatus(tmc.page, dayName)).toBe('active');
      // the night roster of the day before is no longer on duty (the tab shows the rosters on duty and the shift date's)
      expect(await rosterCardStatus(tmc.page, nightName)).not.toBe('active');
      // the day patrol: its shift now
      expect(await patrolShift(pr.page)).toContain(dayName);
      await screenshot(pr.page, 'whole-day-0700-day-patrol');
      // the night roster's end-of-duty report lists what it handed over (the section manager's screen)
      await mgr.page.goto(`/activitylog/${night!.pkDutyRosterId}/view`);
      await mgr.page.getByTestId('eod-handovers').waitFor({ timeout: 30_000 });
      expect(await mgr.page.getByTestId('eod-handover-out').filter({ hasText: c1.ticketNumber }).count()).toBe(1);
      await screenshot(mgr.page, 'whole-day-0700-night-report');
      await closeAll([tmc, pr, mgr]);
    }

    // ------------------------------------------------------------------ 18:20 not flagged yet; 18:45 flagged
    await s.at(local(D, '18:20:00'));
    const dayRoster = (await active()).find((r) => r.dutyRosterName === dayName)!;
    const c2 = await createCase(s.api, tmca, dayRoster, EVENT_TYPE.BREAKDOWN, '438.0');
    let pending = await ok(s.api.call<HandoverList>(tmca, 'GET', HANDOVER_PATHS.pending), 'pending');
    expect(pending.rows.map((r) => r.incidentId)).not.toContain(c2.pkIncidentId);
    await s.at(local(D, '18:45:00'));
    {
      const tmc = await screenOf(s, tmca);
      const row = await handoverRow(tmc.page, c2.pkIncidentId);
      expect(await row.getByTestId('handover-from').innerText()).toContain(dayName);
      // proposed: one of N9's night shift of D, starting at 19:00
      expect(await row.getByTestId('handover-to').innerText()).toMatch(new RegExp(`${dmy(D)}[\\s\\S]*19:00`));
      await screenshot(tmc.page, 'whole-day-1845-tmc-flag');
      await closeAll([tmc]);
    }

    // ------------------------------------------------------------------ 19:00: "Serahkan semua" to the night roster
    await s.at(local(D, '19:00:30'));
    {
      const tmc = await screenOf(s, tmca);
      const pr = await screenOf(s, nightPatrol, { width: 1024, height: 768 });
      // the night roster is on shift now: its start is worded as past
      expect(await (await handoverRow(tmc.page, c2.pkIncidentId)).getByTestId('handover-to').innerText()).toMatch(/sudah mula 19:00/);
      await tmc.page.getByTestId('handover-all').click();
      await tmc.page.getByTestId('handover-confirm-yes').click();
      await tmc.page.locator(`[data-testid=handover-row][data-incident-id="${c2.pkIncidentId}"]`).waitFor({ state: 'detached', timeout: 30_000 });
      pending = await ok(s.api.call<HandoverList>(tmca, 'GET', HANDOVER_PATHS.pending), 'pending');
      expect(pending.rows.filter((r) => r.sectionName.startsWith('N9') && r.proposed)).toEqual([]);
      expect(await rosterCardStatus(tmc.page, tonight)).toBe('active');
      expect(await patrolShift(pr.page)).toContain(tonight);
      await closeAll([tmc, pr]);
    }

    // ------------------------------------------------------------------ 00:30: the night patrol still on duty everywhere
    await s.at(local(addDays(D, 1), '00:30:00'));
    const tonightRoster = (await active()).find((r) => r.dutyRosterName === tonight);
    expect(tonightRoster, `${tonight} on duty at 00:30`).toBeDefined();
    const c3 = await createCase(s.api, tmca, tonightRoster!, EVENT_TYPE.BREAKDOWN, '436.5');
    {
      const tmc = await screenOf(s, tmca);
      const mgr = await screenOf(s, sectmgr);
      const pr = await screenOf(s, nightPatrol, { width: 1024, height: 768 });
      expect(await rosterCardStatus(tmc.page, tonight)).toBe('active');
      expect(await mapPatrols(tmc.page)).toBeGreaterThan(0);
      await screenshot(tmc.page, 'whole-day-0030-tmc-map');
      await mgr.page.goto(`/dailyactivitylog?from=${D}&to=${addDays(D, 1)}`);
      const eodRow = mgr.page.getByTestId('eod-row').filter({ hasText: tonight });
      await eodRow.first().waitFor({ timeout: 30_000 });
      expect(await eodRow.first().getByTestId('eod-row-lifecycle').getAttribute('data-lifecycle')).toBe('onShift');
      expect(await patrolShift(pr.page)).toContain(tonight);
      await screenshot(pr.page, 'whole-day-0030-patrol');
      await closeAll([tmc, mgr, pr]);
    }

    // ------------------------------------------------------------------ the next morning: the night's cases on the date it started
    await s.at(local(addDays(D, 1), '08:00:00'));
    {
      const mgr = await screenOf(s, sectmgr);
      await mgr.page.goto(`/dailyactivitylog?from=${D}&to=${D}`);
      const eodRow = mgr.page.getByTestId('eod-row').filter({ hasText: tonight });
      await eodRow.first().waitFor({ timeout: 30_000 });
      expect(await eodRow.first().getByTestId('eod-row-date').innerText()).toContain(D.split('-').reverse().join('-'));
      // its report (opened from the list): the case taken at 00:30, on the night of D
      await eodRow.first().getByTestId('eod-row-name').click();
      await mgr.page.waitForURL((u) => u.pathname === `/activitylog/${tonightRoster!.pkDutyRosterId}/view`);
      const report = await ok(s.api.call<EndOfDutyReport>(sectmgr, 'GET', ACTIVITY_PATHS.report(tonightRoster!.pkDutyRosterId)), 'report');
      expect(report.roster.startDate).toBe(D);
      expect(report.cases.map((c) => c.incidentId)).toContain(c3.pkIncidentId);
      // the case taken over at 19:00: with a night roster of D, whose report lists it taken over (on its screen)
      const dayReport = await ok(s.api.call<EndOfDutyReport>(sectmgr, 'GET', ACTIVITY_PATHS.report(dayRoster.pkDutyRosterId)), 'report');
      const c2To = dayReport.handovers.out.find((h) => h.incidentId === c2.pkIncidentId)?.toRosterId;
      expect(c2To, 'the day roster handed c2 over').toBeDefined();
      const taker = await ok(s.api.call<EndOfDutyReport>(sectmgr, 'GET', ACTIVITY_PATHS.report(c2To!)), 'report');
      expect([taker.roster.startDate, taker.roster.startHour]).toEqual([D, '19:00']);
      expect(taker.handovers.in.map((h) => h.incidentId)).toContain(c2.pkIncidentId);
      expect(taker.cases.map((c) => c.incidentId)).toContain(c2.pkIncidentId);
      await mgr.page.goto(`/activitylog/${c2To}/view`);
      await mgr.page.getByTestId('eod-handovers').waitFor({ timeout: 30_000 });
      expect(await mgr.page.getByTestId('eod-handover-in').filter({ hasText: c2.ticketNumber }).count()).toBe(1);
      await screenshot(mgr.page, 'whole-day-next-morning-report');
      // the patrol of the night signs in the next morning: no shift now
      const pr = await screenOf(s, nightPatrol, { width: 1024, height: 768 });
      const { user: me } = await ok(s.api.call<{ user: WebUser }>(nightPatrol, 'POST', PATHS.webUser, {}), 'webUser');
      expect(me.rosters.some((r) => r.dutyRosterName === tonight)).toBe(false);
      expect(await patrolShift(pr.page)).toBeNull();
      await closeAll([mgr, pr]);
    }
  } finally {
    await s.stop();
  }
}

describe('a whole day: night shift past midnight, the handovers at 07:00 and 19:00 (issue #29)', () => {
  // one database per run (the day takes 2-3 minutes on each; CI's budget): PostgreSQL, the one an operator runs, when
  // one answers, else PGlite; the server suite runs every rule of the day on both (tests/server/handover.test.ts, …)
  it(`on ${pg ? 'PostgreSQL' : 'PGlite'}`, async () => {
    await liveTheDay(pg?.url);
  }, 600_000);
});
