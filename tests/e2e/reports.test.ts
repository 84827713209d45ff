/**
 * Issue #17's acceptance in the browser, through the real server on the demo data: every Laporan screen opens for a
 * role allowed to read it, shows its headline figures, charts and table, and one figure of each is checked against
 * the same count taken straight from the database (read after the server stops, from its data directory). An OTHERS
 * user opens Laporan Jenis Bantuan Lain-Lain and the hub, and is turned away from the other reports. A CSV downloads
 * with a BOM, quoted, dd-mm-yyyy dates. The period ends two days ago, so no shift ends while the test runs (the
 * reports count ended rosters only).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { startServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors, dialogClosed } from './support/browser';
import { demoUsers } from './support/users';
import { brunei } from './support/organisation';
import { menuFor } from '@contract';
import { openDb } from '../../server/db/client';

let server: RunningServer;
let browser: Browser;
const users = await demoUsers();
const user = (name: string) => users.find((u) => u.username === name)!;

const today = brunei(Date.now()).date;
const shift = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** thirteen days ending the day before yesterday: the demo data's fortnight of history, no roster ending meanwhile */
const FROM = shift(today, -14);
const TO = shift(today, -2);
const range = `from=${FROM}&to=${TO}`;

/** Figures read on the screens, checked against the database once the server has stopped. */
const seen: Record<string, number> = {};

async function open(page: Page, path: string, pageTestId: string) {
  await page.goto(path);
  await page.getByTestId(pageTestId).waitFor();
}

/** The numeric value of a headline figure (data-value), once loaded. */
async function figure(page: Page, testId: string): Promise<number> {
  const el = page.getByTestId(`${testId}-value`);
  await expect.poll(async () => el.getAttribute('data-value'), { timeout: 30_000 }).toMatch(/^-?\d+(\.\d+)?$/);
  return Number(await el.getAttribute('data-value'));
}

/** A block's state once it has settled (ready or empty, never error or loading). */
async function settled(page: Page, testId: string) {
  const el = page.getByTestId(testId);
  await expect.poll(async () => el.getAttribute('data-state'), { timeout: 30_000 }).toMatch(/^(ready|empty)$/);
  return el.getAttribute('data-state');
}

async function csvOf(page: Page, buttonTestId: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(buttonTestId).click()]);
  return readFile((await download.path())!, 'utf8');
}

describe('reports (issue #17 acceptance)', () => {
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 900 });
    page = await ctx.newPage();
    errors = watchErrors(page);
    const ops = user('opsmgmt');
    await signIn(page, ops.username, ops.password);
    await page.waitForURL((u) => u.pathname === '/');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Laporan Insiden TMC & Masa Tindak Balas: KPIs with completeness, charts, sections, CSV, secondary crashes flagged on both cases, drill-down', async () => {
    await open(page, `/laporaninsiden?${range}`, 'incident-report');
    seen.cases = await figure(page, 'rp-incident-headline-cases');
    expect(seen.cases).toBeGreaterThan(0);
    expect(await figure(page, 'rp-incident-headline-response-median')).toBeGreaterThan(0);
    const completeness = page.getByTestId('rp-incident-headline-response-median-completeness');
    expect(Number(await completeness.getAttribute('data-of'))).toBeGreaterThan(0);
    await page.getByTestId('rp-incident-chart-category').locator('svg').first().waitFor();
    await page.getByTestId('rp-incident-chart-status').locator('svg').first().waitFor();
    await page.locator('[data-testid^=rp-incident-sections-row-]').first().waitFor();
    await screenshot(page, 'reports-incident');

    // the cases missing the response times: the dialog lists them
    const missing = Number(await completeness.getAttribute('data-of')) - Number(await completeness.getAttribute('data-have'));
    if (missing > 0) {
      await page.getByTestId('rp-incident-headline-response-median-missing').click();
      const total = page.getByTestId('rp-incident-missing-dialog-total');
      await expect.poll(async () => Number(await total.getAttribute('data-total'))).toBe(missing);
      await page.keyboard.press('Escape');
      await dialogClosed(page.getByTestId('rp-incident-missing-dialog'));
    }

    const csv = await csvOf(page, 'rp-incident-status-csv');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    // one line per case, each dated dd-mm-yyyy
    const lines = csv.trimEnd().split('\r\n');
    expect(lines.length - 1).toBe(seen.cases);
    expect(lines[1]).toMatch(/"\d{2}-\d{2}-\d{4}/);

    // the demo's secondary crashes: listed here, and flagged on the secondary case itself
    const count = page.getByTestId('rp-incident-secondary-count');
    await expect.poll(async () => Number(await count.getAttribute('data-count'))).toBeGreaterThan(0);
    seen.secondary = Number(await count.getAttribute('data-count'));
    const link = page.locator('[data-testid^=rp-incident-secondary-secondary-]').first();
    const secondaryId = Number((await link.getAttribute('data-testid'))!.replace('rp-incident-secondary-secondary-', ''));
    await link.click();
    const flag = page.getByTestId('case-secondary-flag');
    await flag.waitFor();
    expect(await flag.getAttribute('data-role')).toBe('secondary');
    expect(new URL(page.url()).pathname).toContain(String(secondaryId));
    await screenshot(page, 'reports-secondary-flag');

    // drill-down: a section row opens the case search with the same period and section
    await open(page, `/laporaninsiden?${range}`, 'incident-report');
    const row = page.locator('[data-testid^=rp-incident-sections-row-]').first();
    await row.waitFor();
    const sectionId = (await row.getAttribute('data-testid'))!.replace('rp-incident-sections-row-', '');
    await row.click();
    await page.waitForURL((u) => u.pathname === '/cariankes');
    const url = new URL(page.url());
    expect([url.searchParams.get('from'), url.searchParams.get('to'), url.searchParams.get('sectionId')]).toEqual([FROM, TO, sectionId]);
  });

  it('Laporan Jenis Bantuan Lain-Lain: items asked for, their times, by type and section', async () => {
    await open(page, `/laporanjenisbantuan?${range}`, 'assistance-report');
    seen.assistance = await figure(page, 'rp-assistance-headline-total');
    expect(seen.assistance).toBeGreaterThan(0);
    expect(await figure(page, 'rp-assistance-headline-to-notify')).toBeGreaterThan(0);
    await page.getByTestId('rp-assistance-chart-type').locator('svg').first().waitFor();
    await page.locator('[data-testid^=rp-assistance-table-row-]').first().waitFor();
    await screenshot(page, 'reports-assistance');
  });

  it('the hub: every report the caller may open, the KPI overview, the sections; one section’s report', async () => {
    await open(page, `/reportingmodule?${range}`, 'report-hub');
    for (const key of [
      'reportEndOfDuty',
      'reportIncident',
      'reportMainline',
      'reportWorkDuration',
      'reportVehicleUsage',
      'reportOtherAssistance',
      'reportChecklist',
      'reportLooping',
    ]) {
      expect(await page.getByTestId(`report-hub-card-${key}`).getAttribute('data-available'), key).toBe('true');
    }
    expect(await figure(page, 'report-hub-kpi-cases')).toBe(seen.cases);
    expect(await figure(page, 'report-hub-kpi-secondary')).toBe(seen.secondary);
    await screenshot(page, 'reports-hub');

    const n9 = page.locator('[data-testid^=report-hub-section-link-]', { hasText: 'N9' }).first();
    seen.n9Id = Number((await n9.getAttribute('data-testid'))!.replace('report-hub-section-link-', ''));
    await n9.click();
    await page.getByTestId('section-report').waitFor();
    seen.n9Cases = await figure(page, 'section-report-headline-cases');
    expect(seen.n9Cases).toBeGreaterThan(0);
    await page.getByTestId('section-report-chart-category').locator('svg').first().waitFor();
    await screenshot(page, 'reports-section');
  });

  it('OTHERS opens Laporan Jenis Bantuan Lain-Lain (its region) and the hub, and no other report', async () => {
    const ctx2 = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 900 });
    const p = await ctx2.newPage();
    const errs = watchErrors(p);
    try {
      const others = user('others');
      await signIn(p, others.username, others.password);
      await p.waitForURL((u) => u.pathname === '/');
      await open(p, `/laporanjenisbantuan?${range}`, 'assistance-report');
      seen.othersAssistance = await figure(p, 'rp-assistance-headline-total');
      await open(p, `/reportingmodule?${range}`, 'report-hub');
      await p.getByTestId('report-hub-card-reportOtherAssistance').waitFor();
      expect(await p.locator('[data-testid^=report-hub-card-]:not([data-testid$=-description])').count()).toBe(1);
      expect(await figure(p, 'report-hub-kpi-assistance')).toBe(seen.othersAssistance);
      await p.goto(`/laporaninsiden?${range}`);
      await p.waitForURL((u) => u.pathname !== '/laporaninsiden');
      expect(await p.getByTestId('incident-report').count()).toBe(0);
      expect(errs).toEqual([]);
    } finally {
      await ctx2.close();
    }
  });

  it('Laporan Masa Dalam Laluan Utama (DLU): figures, chart, roster table, a row opens the one-roster report', async () => {
    await open(page, `/laporanmasalebuhraya?${range}`, 'rr-dlu-page');
    seen.dluRosters = await figure(page, 'rr-dlu-headline-rosters');
    expect(seen.dluRosters).toBeGreaterThan(0);
    expect(await figure(page, 'rr-dlu-headline-avg-dlu')).toBeGreaterThan(0);
    expect(await settled(page, 'rr-dlu-chart-day-block')).toBe('ready');
    await page.getByTestId('rr-dlu-chart-day').locator('svg').first().waitFor();
    await page.getByTestId('rr-dlu-rosters-row').first().waitFor();
    // a roster without figures says why (issue #31)
    for (const reason of await page.getByTestId('rr-dlu-rosters-nosummary').evaluateAll((els) => els.map((e) => e.getAttribute('data-reason'))))
      expect(['pending', 'noData']).toContain(reason);
    await screenshot(page, 'reports-dlu');
    const csv = await csvOf(page, 'rr-dlu-csv');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\r\n')[1]).toMatch(/^"\d{2}-\d{2}-\d{4}"/);
    await page.getByTestId('rr-dlu-rosters-row').first().click();
    await page.waitForURL((u) => u.pathname.startsWith('/laporanmasalebuhraya/'));
  });

  it('Laporan Masa Bertugas: per person and per team', async () => {
    await open(page, `/laporanmasabertugas?${range}`, 'rr-work-page');
    seen.workRosters = await figure(page, 'rr-work-headline-rosters');
    expect(await figure(page, 'rr-work-headline-people')).toBeGreaterThan(0);
    await screenshot(page, 'reports-work');
    await open(page, `/laporanmasabertugas?${range}&group=team`, 'rr-work-page');
    expect(await figure(page, 'rr-work-headline-rosters')).toBe(seen.workRosters);
  });

  it('Laporan Penggunaan Kenderaan: km from the checklists and the GPS tracks', async () => {
    await open(page, `/laporanpenggunaankenderaan?${range}`, 'rr-vehicle-page');
    seen.vehicleKm = await figure(page, 'rr-vehicle-headline-km');
    expect(seen.vehicleKm).toBeGreaterThan(0);
    expect(await settled(page, 'rr-vehicle-table-block')).toBe('ready');
    await page.getByTestId('rr-vehicle-chart-km').locator('svg').first().waitFor();
    // issue #31: every vehicle says where its km comes from; the GPS part is a figure of its own, within the total
    const rows = await page.locator('[data-testid^=rr-vehicle-table-row-]').count();
    const sources = await page.getByTestId('rr-vehicle-table-source').evaluateAll((els) => els.map((e) => e.getAttribute('data-source')));
    expect(sources).toHaveLength(rows);
    expect(sources.some((x) => x === 'gps' || x === 'mixed')).toBe(true);
    seen.vehicleGpsKm = await figure(page, 'rr-vehicle-headline-gps-km');
    expect(seen.vehicleGpsKm).toBeGreaterThan(0);
    expect(seen.vehicleGpsKm).toBeLessThanOrEqual(seen.vehicleKm);
    // the figure's definition: a button beside its label, opened from the keyboard, closed by Escape
    const help = page.getByTestId('rr-vehicle-headline-km-help');
    await help.focus();
    await page.keyboard.press('Enter');
    const text = page.getByTestId('rr-vehicle-headline-km-help-text');
    await text.waitFor();
    expect(await text.innerText()).toContain('GPS');
    await screenshot(page, 'reports-vehicle');
    await page.keyboard.press('Escape');
    await text.waitFor({ state: 'hidden' });
  });

  it('Laporan Rondaan (LoopingReportV2): rondas completed against the plan', async () => {
    await open(page, `/laporanrondaan?${range}`, 'rr-looping-page');
    seen.loopingRosters = await figure(page, 'rr-looping-headline-rosters');
    expect(seen.loopingRosters).toBeGreaterThan(0);
    expect(await figure(page, 'rr-looping-headline-completed')).toBeGreaterThan(0);
    // no percentage of a plan above 100 (issue #31), and every headline figure has its definition
    expect(await figure(page, 'rr-looping-headline-percent')).toBeLessThanOrEqual(100);
    expect(await page.locator('[data-testid^=rr-looping-headline-][data-testid$=-help]').count()).toBe(5);
    await screenshot(page, 'reports-looping');
  });

  it('Laporan Tamat Tugas and Laporan Senarai Semak (issues #15 and #16) take their place in the menu and open', async () => {
    // on a report screen the Laporan group is open: all of its entries are screens, none 'Akan datang'
    const keys = menuFor('OPSMGMT')
      .find((i) => i.key === 'reports')!
      .children!.map((c) => c.key);
    expect(keys).toEqual(expect.arrayContaining(['reportEndOfDuty', 'reportChecklist', 'reportIncident', 'reportOtherAssistance', 'reportHub']));
    for (const key of keys)
      expect(await page.locator(`[data-testid=side-nav] [data-menu-key=${key}]`).getAttribute('data-available'), key).toBe('true');
    expect(await page.locator('[data-testid=side-nav] [data-available=false]').count()).toBe(0);
    await open(page, `/dailyactivitylog?${range}`, 'eod-list-screen');
    await page.getByTestId('eod-row').first().waitFor();
    await open(page, `/reportsenaraisemak?${range}`, 'cl-report-screen');
    const total = page.getByTestId('cl-report-list-total');
    await expect.poll(async () => total.getAttribute('data-total')).toMatch(/^\d+$/);
    seen.checklists = Number(await total.getAttribute('data-total'));
    expect(seen.checklists).toBeGreaterThan(0);
  });

  it('every figure read on a screen is the count the database holds', async () => {
    await browser.close();
    await server.stop({ keepData: true });
    const handle = await openDb({ dataDir: server.dataDir });
    try {
      const one = async (q: ReturnType<typeof sql>) =>
        Number(((await handle.db.execute(q)) as unknown as { rows: { n: number | string }[] }).rows[0].n);
      const ended = sql`dr.start_date between ${FROM}::date and ${TO}::date and dr.ends_at <= now()`;
      // rosters with DLU figures: a summary computed from an entry or a fix (issue #31: a summary of nothing says 'no data')
      expect(seen.dluRosters).toBe(
        await one(sql`select count(*) as n from duty_roster dr where ${ended} and dr.summary_at is not null
          and not (coalesce(dr.summary_entries, 1) = 0 and coalesce(dr.summary_fixes, 1) = 0)`),
      );
      expect(seen.loopingRosters).toBe(await one(sql`select count(*) as n from duty_roster dr where ${ended}`));
      // km: the odometer of the complete checklists, else the roster's GPS track (issue #31), one decimal
      expect(seen.vehicleKm).toBe(
        await one(sql`select round(((coalesce(sum(c.odometer_post - c.odometer_pre) filter (where c.odometer_post is not null), 0) * 1000.0
            + coalesce(sum(dr.track_metres) filter (where c.odometer_post is null and dr.summary_fixes >= 2), 0)) / 1000.0)::numeric, 1)::float8 as n
          from duty_roster dr
          left join daily_asset_checklist c on c.duty_roster_id = dr.id and c.vehicle_id = dr.vehicle_id
          where ${ended} and dr.vehicle_id is not null`),
      );
      expect(seen.vehicleGpsKm).toBe(
        await one(sql`select round((coalesce(sum(dr.track_metres), 0) / 1000.0)::numeric, 1)::float8 as n from duty_roster dr
          left join daily_asset_checklist c on c.duty_roster_id = dr.id and c.vehicle_id = dr.vehicle_id
          where ${ended} and dr.vehicle_id is not null and c.odometer_post is null and dr.summary_fixes >= 2`),
      );
      expect(seen.workRosters).toBe(
        await one(
          sql`select count(*) as n from duty_roster dr where ${ended} and exists (select 1 from team_member tm where tm.team_id = dr.team_id)`,
        ),
      );
      const local = (col: string) => sql.raw(`(${col} at time zone 'Asia/Brunei')::date between '${FROM}'::date and '${TO}'::date`);
      expect(seen.cases).toBe(await one(sql`select count(*) as n from incident i where ${local('i.incident_at')}`));
      expect(seen.n9Cases).toBe(
        await one(
          sql`select count(*) as n from incident i where ${local('i.incident_at')} and (i.section_id = ${seen.n9Id} or i.specific_section_id = ${seen.n9Id})`,
        ),
      );
      const assistance = (region: string) =>
        one(sql`select count(*) as n from incident i join further_action_item x on x.subform_id = i.subform_id and x.deleted_at is null and x.kind = 'OTHER'
          where ${local('i.incident_at')} ${sql.raw(region)}`);
      expect(seen.assistance).toBe(await assistance(''));
      expect(seen.othersAssistance).toBe(
        await assistance(
          `and i.region_id = (select s.region_id from staff st join app_user u on u.staff_id = st.id join section s on s.id = st.section_id where u.username = 'others')`,
        ),
      );
      expect(seen.checklists).toBe(
        await one(sql`select count(*) as n from daily_asset_checklist c
          where (c.pre_at at time zone 'Asia/Brunei')::date between ${FROM}::date and ${TO}::date`),
      );
    } finally {
      await handle.close();
    }
    expect(errors).toEqual([]);
  });
});
