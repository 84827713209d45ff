/**
 * Issue #15's acceptance in the browser, through the real server: the section manager of N9 creates a duty roster for
 * a NEW team (/createupdateroster/baru); the team's patrol officer signs in on a tablet, opens the activity log of
 * the roster on shift, goes offline and records 'Mula Syif', 'Mula Rondaan', 'Rehat' and 'Tamat Rondaan' (295): each
 * shows as unsent; back online each entry reaches the server exactly once; the section coordinator verifies (Semak)
 * and the manager approves (Sahkan) the end-of-duty report, which shows the shift summary. The new officer and team
 * are made through the API (the organisation screens have their own test). Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROSTER_PATHS } from '@contract/rosters-rules';
import { ACTIVITY_EVENT, ACTIVITY_PATHS, type ActivityLogRow, type EndOfDutyReport } from '@contract/activity-log';
import { nowMs } from '../../server/lib/clock';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, swControlling, watchErrors, dialogClosed } from './support/browser';
import { demoUsers } from './support/users';
import { brunei, newOfficerAndTeam, ok, selectFirst, selectStarting } from './support/organisation';
import { Api } from './support/api';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const user = (name: string) => users.find((u) => u.username === name)!;
const superadmin = user('superadmin');
const sectmgr = user('sectmgr');
const sc = user('sc');

const ROSTER_GET = (id: number) => ROSTER_PATHS.get(id);

/**
 * The section manager's roster form (/listingroster → 'new' → /createupdateroster/baru): N9, the team, 'Rondaan
 * Biasa' and its first shift, the dates as dd/mm/yyyy and the hours; the team's members come with the team.
 */
async function createRosterInForm(
  page: Page,
  o: { teamName: string; from: ReturnType<typeof brunei>; to: ReturnType<typeof brunei> },
): Promise<number> {
  await page.goto('/listingroster');
  await page.getByTestId('roster-new').click();
  await page.waitForURL((u) => u.pathname === '/createupdateroster/baru');
  await page.getByTestId('roster-form').waitFor();
  await selectStarting(page.getByTestId('roster-section-input'), 'N9 ');
  await selectStarting(page.getByTestId('roster-team-input'), o.teamName);
  await selectStarting(page.getByTestId('roster-jenis-input'), 'Rondaan Biasa');
  await selectFirst(page.getByTestId('roster-shift-input'));
  await page.getByTestId('roster-start-date').fill(o.from.dmy);
  await page.getByTestId('roster-end-date').fill(o.to.dmy);
  await page.getByTestId('roster-start-hour').fill(o.from.hm);
  await page.getByTestId('roster-end-hour').fill(o.to.hm);
  // the new team's one member is on the roster, as its leader
  await expect.poll(() => page.locator('[data-testid=roster-member-row][data-on=true]').count()).toBe(1);
  await page.getByTestId('roster-form-submit').click();
  await page.waitForURL((u) => /^\/createupdateroster\/\d+$/.test(u.pathname), { timeout: 30_000 });
  return Number(new URL(page.url()).pathname.split('/').pop());
}

describe('duty roster, offline activity log and the end-of-duty report (issue #15 acceptance)', () => {
  beforeAll(async () => {
    server = sharedServer();
    api = new Api(server.baseUrl);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a manager rosters a new team; its patrol records the shift offline; the report is verified and approved with its summary', async () => {
    const suffix = String(Date.now() % 100_000).padStart(5, '0');
    const { officer, team } = await newOfficerAndTeam(api, server.baseUrl, { superadmin, sectmgr }, suffix);
    const contexts: BrowserContext[] = [];
    const errors: string[][] = [];
    const open = async (o: { width: number; height: number; serviceWorkers?: 'allow' | 'block' } = { width: 1440, height: 900 }) => {
      const ctx = await newContext(browser, { baseUrl: server.baseUrl, ...o });
      contexts.push(ctx);
      const page = await ctx.newPage();
      errors.push(watchErrors(page));
      return { ctx, page };
    };
    try {
      // ------------------------------------------------------------------ 1. the section manager rosters the new team
      const now = nowMs();
      const from = brunei(now - 60 * 60_000);
      const to = brunei(now + 6 * 60 * 60_000);
      const mgr = await open();
      await signIn(mgr.page, sectmgr.username, sectmgr.password);
      await mgr.page.waitForURL((u) => u.pathname === '/');
      const rosterId = await createRosterInForm(mgr.page, { teamName: team.teamName, from, to });
      await mgr.page.getByTestId('roster-form').waitFor();
      await expect.poll(() => mgr.page.getByTestId('roster-team-input').inputValue()).toBe(String(team.pkTeamId));
      await screenshot(mgr.page, 'duty-roster-1-form');
      const saved = await ok(
        api.call<{ pkDutyRosterId: number; teamId: number; startHour: string; endHour: string }>(sectmgr, 'GET', ROSTER_GET(rosterId)),
        'roster',
      );
      expect(saved).toMatchObject({ pkDutyRosterId: rosterId, teamId: team.pkTeamId, startHour: from.hm, endHour: to.hm });

      // ------------------------------------------------------------------ 2. the patrol, on a tablet, records its shift offline
      const tab = await open({ width: 1024, height: 768, serviceWorkers: 'allow' });
      const pr = tab.page;
      await signIn(pr, officer.username, officer.password);
      await pr.waitForURL((u) => u.pathname === '/' || u.pathname === '/syifsaya'); // a patrol on shift lands on Syif saya (issue #30)
      await swControlling(pr);
      await pr.goto('/dailyactivitylog');
      await pr.getByTestId('my-shift-open').click();
      await pr.waitForURL((u) => u.pathname === `/activitylog/${rosterId}/edit`);
      await pr.getByTestId('activity-screen').waitFor();
      await pr.getByTestId('activity-event-3001').waitFor();

      await tab.ctx.setOffline(true);
      await pr.getByTestId('activity-offline').waitFor();
      const steps = [
        { event: ACTIVITY_EVENT.SHIFT_START, at: now - 50 * 60_000, remark: 'Mula syif, kenderaan diperiksa' },
        { event: ACTIVITY_EVENT.PATROL_START, at: now - 40 * 60_000, remark: null },
        { event: ACTIVITY_EVENT.BREAK, at: now - 30 * 60_000, remark: 'Rehat di R&R Seremban' },
        { event: ACTIVITY_EVENT.PATROL_END, at: now - 10 * 60_000, remark: null },
      ];
      for (const step of steps) {
        await pr.getByTestId(`activity-event-${step.event}`).click();
        const dialog = pr.getByTestId('activity-dialog');
        await dialog.waitFor();
        const wall = brunei(step.at);
        await pr.getByTestId('activity-date').selectOption(wall.date);
        await pr.getByTestId('activity-time').fill(wall.hm);
        if (step.remark) await pr.getByTestId('activity-remark').fill(step.remark);
        await pr.getByTestId('activity-save').click();
        await dialogClosed(dialog);
      }
      // each shows at once, marked unsent
      await expect.poll(() => pr.locator('[data-testid=activity-entry][data-state=pending]').count()).toBe(4);
      await expect.poll(() => pr.getByTestId('activity-unsent').count()).toBe(4);
      await screenshot(pr, 'duty-roster-2-offline');
      const serverRows = async () =>
        (
          await ok(
            api.call<{ rows: ActivityLogRow[] }>(sectmgr, 'POST', `${ACTIVITY_PATHS.dataTables}?length=1000&start=0`, { dutyRosterId: rosterId }),
            'activities',
          )
        ).rows;
      expect(await serverRows()).toEqual([]);

      // back online: each entry reaches the server exactly once, in the order of the shift
      await tab.ctx.setOffline(false);
      await expect.poll(() => pr.locator('[data-testid=activity-entry][data-state=sent]').count(), { timeout: 60_000 }).toBe(4);
      await expect.poll(() => pr.getByTestId('activity-unsent').count()).toBe(0);
      const rows = await serverRows();
      expect(rows.map((r) => r.eventId)).toEqual(steps.map((s) => s.event));
      expect(rows.map((r) => brunei(Date.parse(r.occurredAt)).hm)).toEqual(steps.map((s) => brunei(s.at).hm));
      expect(rows.find((r) => r.eventId === ACTIVITY_EVENT.BREAK)?.remark?.toLowerCase()).toBe('rehat di r&r seremban');
      // a reload asks the server again: still four
      await pr.reload();
      await expect.poll(() => pr.locator('[data-testid=activity-entry][data-state=sent]').count()).toBe(4);
      expect(await serverRows()).toHaveLength(4);
      await screenshot(pr, 'duty-roster-3-sent');

      // ------------------------------------------------------------------ 3. the supervisor verifies, the manager approves
      const sup = await open();
      await signIn(sup.page, sc.username, sc.password);
      await sup.page.waitForURL((u) => u.pathname === '/');
      await sup.page.goto(`/activitylog/${rosterId}/view`);
      await sup.page.getByTestId('eod-report').waitFor();
      await expect.poll(() => sup.page.getByTestId('eod-report').getAttribute('data-lifecycle')).toBe('ended');
      await sup.page.getByTestId('eod-verify').click();
      await sup.page.getByTestId('eod-verify-dialog-yes').click();
      await expect.poll(() => sup.page.getByTestId('eod-verified-by').getAttribute('data-done')).toBe('1');
      expect(await sup.page.getByTestId('eod-verified-by').innerText()).toContain('Siti Aishah');
      // the supervisor may not approve
      expect(await sup.page.getByTestId('eod-approve').count()).toBe(0);

      await mgr.page.goto(`/activitylog/${rosterId}/view`);
      await mgr.page.getByTestId('eod-report').waitFor();
      await expect.poll(() => mgr.page.getByTestId('eod-report').getAttribute('data-lifecycle')).toBe('verified');
      await mgr.page.getByTestId('eod-approve').click();
      await mgr.page.getByTestId('eod-approve-dialog-yes').click();
      await expect.poll(() => mgr.page.getByTestId('eod-approved-by').getAttribute('data-done')).toBe('1');
      await expect.poll(() => mgr.page.getByTestId('eod-report').getAttribute('data-lifecycle')).toBe('approved');
      // the summary: one patrol completed, twenty minutes of rest (the break lasted until 'Tamat Rondaan')
      expect(await mgr.page.getByTestId('eod-sum-rondas').innerText()).toContain('1');
      expect(await mgr.page.getByTestId('eod-sum-rehat').innerText()).toMatch(/20\s*m/);
      await expect.poll(() => mgr.page.getByTestId('eod-activity').count()).toBe(4);
      await screenshot(mgr.page, 'duty-roster-4-approved');

      const report = await ok(api.call<EndOfDutyReport>(sectmgr, 'GET', ACTIVITY_PATHS.report(rosterId)), 'report');
      expect(report.lifecycle).toBe('approved');
      expect(report.summary).toMatchObject({ rondaCount: 1, rehatMinutes: 20 });
      expect(report.ack).toMatchObject({ isDisemak: true, acknowledgedByName: expect.stringContaining('Siti Aishah'), isDisahkan: true });
      expect(report.activities).toHaveLength(4);
      // approved: the patrol can no longer change its log
      const late = await api.call(officer, 'POST', ACTIVITY_PATHS.save, {
        dutyRosterId: rosterId,
        eventId: ACTIVITY_EVENT.SHIFT_END,
        occurredAt: new Date(nowMs()).toISOString(),
      });
      expect(late.status).toBe(409);
    } finally {
      for (const c of contexts) await c.close();
    }
    for (const e of errors) expect(e).toEqual([]);
  }, 240_000);
});
