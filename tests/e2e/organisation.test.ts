/**
 * Issue #14's acceptance in the browser, through the real server: an administrator (SUPERADMIN) registers a new
 * patrol officer — the staff record (/listingstaff → /createupdatestaff), then the user account (/registeruser, role
 * PR, LOCAL, a first password); the officer signs in, is sent to /resetpassword, sets a new password and lands on
 * the dashboard; the section manager of N9 creates a new team there (/createupdateteam/baru), adds the officer and
 * gives the team a shift and working days (the 28-day calendar follows); and records the officer's leave
 * (/createleave → /listingleave, Dimohon). The API then confirms each record exists once with the values typed,
 * and that only the new password signs in. Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PATHS } from '@contract/paths';
import { STAFF_PATHS, type Staff, type StaffRow } from '@contract/staff';
import { USERS_PATHS, type UserRow } from '@contract/users';
import { TEAMS_PATHS, type TeamDetail, type TeamMemberRow, type TeamRow, type TeamScheduleResult } from '@contract/teams';
import { LEAVE_PATHS, type LeaveRow } from '@contract/leave';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors, dialogClosed } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { Api } from './support/api';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const superadmin = users.find((u) => u.username === 'superadmin')!;
const sectmgr = users.find((u) => u.username === 'sectmgr')!;

/** The Asia/Brunei calendar date `days` from today, as 'YYYY-MM-DD' and as 'DD-MM-YYYY'. */
function dayFromToday(days: number) {
  const iso = new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, display: `${d}-${m}-${y}` };
}

/** Picks the option of a native <select> whose text starts with `prefix` (the labels carry ids the test does not know). */
async function selectStarting(select: Locator, prefix: string): Promise<string> {
  await expect
    .poll(async () => (await select.locator('option').allInnerTexts()).some((t) => t.trim().startsWith(prefix)), { timeout: 15_000 })
    .toBe(true);
  const value = await select.evaluate((el, p) => {
    const opt = [...(el as HTMLSelectElement).options].find((o) => o.text.trim().startsWith(p));
    return opt ? opt.value : null;
  }, prefix);
  if (value === null) throw new Error(`no option starting with "${prefix}"`);
  await select.selectOption(value);
  return value;
}

/**
 * Types a date into a DateField (src/ui/date-field.tsx) as dd/mm/yyyy and commits it with Enter; the field then shows
 * it as dd-mm-yyyy. (The picker's ms-MY input drops '-' as it is typed: '28-11-2026' would become today.)
 */
async function typeDate(page: Page, testId: string, display: string) {
  const input = page.getByTestId(`${testId}-input`);
  await input.click();
  await input.pressSequentially(display.replace(/-/g, '/'));
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(display);
}

async function login(username: string, password: string) {
  const res = await fetch(`${server.baseUrl}${PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}

describe('organisation administration (issue #14 acceptance)', () => {
  beforeAll(async () => {
    server = sharedServer();
    api = new Api(server.baseUrl);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an administrator registers a patrol officer, who changes the password, joins a new team with a shift and gets leave recorded', async () => {
    const suffix = String(Date.now() % 100_000).padStart(5, '0');
    const officer = {
      staffNo: `PR${suffix}`,
      displayName: `Hafiz Iskandar bin Rahman ${suffix}`,
      position: 'PR - Ketua Peronda',
      nric: `900101-14-${suffix.slice(1)}`,
      phone: '012-3456789',
      email: `hafiz.${suffix}@contoh.my`,
      username: `peronda.${suffix}`,
      firstPassword: `Awal#${suffix}x`,
      newPassword: `Baharu#${suffix}z`,
    };
    const teamName = `N9-UJI-${suffix}`;
    const leaveFrom = dayFromToday(3);
    const leaveTo = dayFromToday(5);
    const remark = `Cuti tahunan (ujian ${suffix}) — balik kampung`;
    const contexts: BrowserContext[] = [];
    const errors: string[][] = [];
    const pages: Page[] = [];
    const open = async () => {
      const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1440, height: 900 });
      contexts.push(ctx);
      const page = await ctx.newPage();
      errors.push(watchErrors(page));
      pages.push(page);
      return page;
    };

    try {
      // ------------------------------------------------------------------ 1. superadmin adds the staff member
      const admin = await open();
      await signIn(admin, superadmin.username, superadmin.password);
      await admin.waitForURL((u) => u.pathname === '/');
      await admin.goto('/primesupport');
      await admin.getByTestId('admin-hub').waitFor();
      await admin.getByTestId('admin-hub-listingstaff').click();
      await admin.waitForURL((u) => u.pathname === '/listingstaff');
      await admin.getByTestId('staff-list').waitFor();
      await admin.getByTestId('staff-add').click();
      await admin.waitForURL((u) => u.pathname === '/createupdatestaff' || u.pathname === '/createupdatestaff/');
      await admin.getByTestId('staff-form').waitFor();
      await admin.getByTestId('staff-form-staffNo').fill(officer.staffNo);
      await admin.getByTestId('staff-form-displayName').fill(officer.displayName);
      await admin.getByTestId('staff-form-position').fill(officer.position);
      await admin.getByTestId('staff-form-nric').fill(officer.nric.replace(/-/g, ''));
      await admin.getByTestId('staff-form-phone').fill(officer.phone);
      await admin.getByTestId('staff-form-email').fill(officer.email);
      const n9 = Number(await selectStarting(admin.getByTestId('staff-form-section'), 'N9 ·'));
      await admin.getByTestId('staff-form-submit').click();
      // saved: the edit screen of the new record, its status and its subtitle
      await admin.waitForURL((u) => /^\/createupdatestaff\/\d+$/.test(u.pathname));
      const staffId = Number(new URL(admin.url()).pathname.split('/').pop());
      await admin.getByTestId('staff-form-status').waitFor();
      await expect(admin.getByTestId('staff-form-status').innerText()).resolves.toBe('Aktif');
      await expect(admin.getByTestId('staff-form-nric').inputValue()).resolves.toBe(officer.nric);
      await expect(admin.getByTestId('staff-form-section').inputValue()).resolves.toBe(String(n9));

      // the list finds them by staff number
      await admin.getByTestId('staff-back').click();
      await admin.waitForURL((u) => u.pathname === '/listingstaff');
      await admin.getByTestId('staff-filter-q').fill(officer.staffNo.toLowerCase());
      await admin.getByTestId('staff-filter-go').click();
      await expect.poll(() => admin.getByTestId('staff-row').count()).toBe(1);
      const staffRow = admin.getByTestId('staff-row').first();
      await expect.poll(() => staffRow.innerText()).toContain(officer.displayName);
      const staffRowText = await staffRow.innerText();
      expect(staffRowText).toContain(officer.staffNo);
      expect(staffRowText).toContain(officer.position);
      expect(staffRowText).toContain('N9');
      expect(staffRowText).toContain('Tengah');
      await screenshot(admin, 'organisation-1-staff');

      // ------------------------------------------------------------------ 2. superadmin registers the user
      await admin.goto('/primesupport');
      await admin.getByTestId('admin-hub-registeruser').click();
      await admin.waitForURL((u) => u.pathname === '/registeruser');
      await admin.getByTestId('register-user').waitFor();
      await admin.getByTestId('register-search').fill(officer.staffNo);
      // the search goes to the URL a moment after the last key (a pending one would fire after the save and bring
      // the screen back: wait for it, as a person would)
      await admin.waitForURL((u) => u.searchParams.get('q') === officer.staffNo);
      const candidate = admin.getByTestId('register-candidate').filter({ hasText: officer.staffNo });
      await candidate.waitFor();
      await expect.poll(() => admin.getByTestId('register-candidate').count()).toBe(1);
      await candidate.getByTestId('register-pick').click();
      await expect.poll(() => admin.getByTestId('register-picked').innerText()).toContain(officer.displayName);
      // the username is suggested from the staff number; the administrator types another
      await expect(admin.getByTestId('register-username').inputValue()).resolves.toBe(officer.staffNo.toLowerCase());
      await admin.getByTestId('register-username').fill(officer.username);
      await selectStarting(admin.getByTestId('register-role'), 'PR ·');
      await expect(admin.getByTestId('register-auth').inputValue()).resolves.toBe('LOCAL');
      await admin.getByTestId('register-password').fill(officer.firstPassword);
      await admin.getByTestId('register-form-submit').click();
      await admin.waitForURL((u) => u.pathname === '/manageuser');
      expect(new URL(admin.url()).searchParams.get('q')).toBe(officer.username);
      await admin.getByTestId('manage-users').waitFor();
      await expect.poll(() => admin.getByTestId('user-username').allInnerTexts()).toEqual([officer.username]);
      const userRow = admin.getByTestId('user-row').first();
      const userRowText = await userRow.innerText();
      for (const part of [
        officer.displayName.split(' ')[0],
        officer.staffNo,
        officer.nric,
        'Tengah',
        'N9',
        officer.position,
        'PR',
        'AKTIF',
        'Perlu tukar kata laluan',
      ]) {
        expect(userRowText).toContain(part);
      }
      await screenshot(admin, 'organisation-2-user');

      // ------------------------------------------------------------------ 3. the officer signs in and changes the password
      const pr = await open();
      await signIn(pr, officer.username, officer.firstPassword);
      await pr.waitForURL((u) => u.pathname === '/resetpassword');
      expect(new URL(pr.url()).searchParams.get('username')).toBe(officer.username);
      await expect(pr.getByTestId('reset-username').inputValue()).resolves.toBe(officer.username);
      await pr.getByTestId('reset-old').fill(officer.firstPassword);
      await pr.getByTestId('reset-new').fill(officer.newPassword);
      await pr.getByTestId('reset-confirm').fill(officer.newPassword);
      await pr.getByTestId('reset-submit').click();
      await pr.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
      await pr.getByTestId('dashboard').waitFor();
      await pr.getByTestId('side-nav').waitFor();
      // a new officer's own cases: none yet
      await pr.getByTestId('incident-dashboard').waitFor();
      await expect.poll(() => pr.getByTestId('count-open-value').innerText()).toBe('0');
      await screenshot(pr, 'organisation-3-officer');
      // the administrator's list no longer says the password must be changed
      await admin.reload();
      await expect.poll(() => admin.getByTestId('user-username').allInnerTexts()).toEqual([officer.username]);
      await expect.poll(() => admin.getByTestId('user-row').first().innerText()).not.toContain('Perlu tukar kata laluan');
      expect(await admin.getByTestId('user-row').first().innerText()).toContain('AKTIF');

      // ------------------------------------------------------------------ 4. sectmgr: a new team in N9 with the officer and a shift
      const mgr = await open();
      await signIn(mgr, sectmgr.username, sectmgr.password);
      await mgr.waitForURL((u) => u.pathname === '/');
      await mgr.goto('/primesupport');
      await mgr.getByTestId('admin-hub-listingteam').click();
      await mgr.waitForURL((u) => u.pathname === '/listingteam');
      await mgr.getByTestId('team-add').click();
      await mgr.waitForURL((u) => u.pathname === '/createupdateteam/baru');
      await mgr.getByTestId('team-save-first').waitFor();
      await mgr.getByTestId('team-name-input').fill(teamName);
      await selectStarting(mgr.getByTestId('team-section-input'), 'N9 —');
      await mgr.getByTestId('team-form-submit').click();
      await mgr.waitForURL((u) => /^\/createupdateteam\/\d+$/.test(u.pathname));
      const teamId = Number(new URL(mgr.url()).pathname.split('/').pop());
      await mgr.getByTestId('team-members').waitFor();
      await expect.poll(() => mgr.getByTestId('team-member-count').innerText()).toBe('0 / 100 ahli');
      // no schedule yet: the calendar has no working day
      await mgr.getByTestId('team-schedule-none').waitFor();
      await expect.poll(() => mgr.getByTestId('team-calendar').getAttribute('data-works')).toBe('0');

      // the officer is a free member of N9 staff
      await mgr.getByTestId('team-member-add').click();
      const dialog = mgr.getByTestId('team-member-dialog');
      await dialog.waitFor();
      await mgr.getByTestId('team-member-search').fill(officer.staffNo);
      await expect.poll(() => mgr.getByTestId('team-candidate').count()).toBe(1);
      const teamCandidate = mgr.getByTestId('team-candidate').first();
      await expect(teamCandidate.innerText()).resolves.toContain(officer.displayName);
      await teamCandidate.click();
      await mgr.getByTestId('team-member-chosen').waitFor();
      await mgr.getByTestId('team-member-add-submit').click();
      await dialogClosed(dialog);
      await expect.poll(() => mgr.getByTestId('team-member-count').innerText()).toBe('1 / 100 ahli');
      const memberRow = mgr.getByTestId('team-member-row');
      await expect.poll(() => memberRow.count()).toBe(1);
      await expect(memberRow.innerText()).resolves.toContain(officer.displayName);
      await expect(memberRow.innerText()).resolves.toContain(officer.staffNo);
      // a 'PR - Ketua Peronda' is the team's leader
      await memberRow.getByTestId('team-member-leader').waitFor();

      // the schedule: the day shift, a 4-day cycle working the first two days
      await selectStarting(mgr.getByTestId('team-schedule-shift'), 'Syif Pagi (');
      await mgr.getByTestId('team-schedule-cycle').fill('4');
      await expect.poll(() => mgr.getByTestId('team-schedule-day').count()).toBe(4);
      const days = mgr.getByTestId('team-schedule-day');
      await expect(days.nth(0).getAttribute('data-state')).resolves.toBe('checked');
      await days.nth(1).click();
      await expect.poll(() => days.nth(1).getAttribute('data-state')).toBe('checked');
      expect(await days.nth(2).getAttribute('data-state')).toBe('unchecked');
      expect(await days.nth(3).getAttribute('data-state')).toBe('unchecked');
      await mgr.getByTestId('team-schedule-form-submit').click();
      await mgr.getByTestId('team-schedule-none').waitFor({ state: 'detached' });
      // 28 days of a 4-day cycle with 2 working days: 14 on duty, two on, two off, each with the shift's name
      await expect.poll(() => mgr.getByTestId('team-calendar').getAttribute('data-works')).toBe('14');
      const calendar = await mgr.getByTestId('team-calendar-day').evaluateAll((els) =>
        els.map((el) => ({
          date: el.getAttribute('data-date'),
          works: el.getAttribute('data-works') === 'true',
          text: (el as HTMLElement).innerText,
        })),
      );
      expect(calendar).toHaveLength(28);
      expect(calendar[0].date).toBe(dayFromToday(0).iso);
      const pattern = calendar.map((d) => (d.works ? 'W' : '-')).join('');
      // two on, two off, from wherever today falls in the cycle: a 28-day window of 'WW--WW--…'
      expect('WW--'.repeat(9)).toContain(pattern);
      for (const d of calendar) expect(d.text).toContain(d.works ? 'Syif Pagi' : 'Tidak bertugas');
      await screenshot(mgr, 'organisation-4-team');

      // the team list shows the team with its one member as leader and the shift
      await mgr.getByTestId('team-back').click();
      await mgr.waitForURL((u) => u.pathname === '/listingteam');
      await mgr.getByTestId('team-filter-name').fill(teamName);
      await mgr.getByTestId('team-filter-name').press('Enter');
      await expect.poll(() => mgr.getByTestId('team-list-row').count()).toBe(1);
      const teamRow = mgr.getByTestId('team-list-row').first();
      await expect.poll(() => teamRow.getByTestId('team-name').innerText()).toBe(teamName);
      const teamCells = await teamRow.locator('td').allInnerTexts();
      expect(teamCells.map((c) => c.trim())).toEqual([teamName, 'N9', '1', officer.displayName, 'Syif Pagi', '—', 'Aktif']);
      await screenshot(mgr, 'organisation-4-team-list');

      // ------------------------------------------------------------------ 5. sectmgr records the officer's leave
      await mgr.goto('/primesupport');
      await mgr.getByTestId('admin-hub-listingleave').click();
      await mgr.waitForURL((u) => u.pathname === '/listingleave');
      await mgr.getByTestId('leave-new').click();
      await mgr.waitForURL((u) => u.pathname === '/createleave');
      await mgr.getByTestId('leave-form').waitFor();
      await mgr.getByTestId('leave-staff-search').fill(officer.staffNo);
      await expect
        .poll(async () => (await mgr.getByTestId('leave-staff').locator('option').allInnerTexts()).filter((t) => t.includes(officer.staffNo)).length)
        .toBe(1);
      await mgr.getByTestId('leave-staff').selectOption(String(staffId));
      await selectStarting(mgr.getByTestId('leave-type'), 'Cuti Tahunan');
      await typeDate(mgr, 'leave-from', leaveFrom.display);
      await typeDate(mgr, 'leave-to', leaveTo.display);
      await mgr.getByTestId('leave-remark').fill(remark);
      await expect.poll(() => mgr.getByText('3 hari').count()).toBeGreaterThan(0);
      // a new team has no rosters yet: the leave meets none
      await mgr.getByTestId('leave-no-conflicts').waitFor();
      await mgr.getByTestId('leave-form-submit').click();
      await mgr.waitForURL((u) => u.pathname === '/listingleave');
      await mgr.getByText('Cuti telah berjaya disimpan.').first().waitFor();
      await mgr.getByTestId('leave-filter-text').fill(officer.staffNo);
      await mgr.getByTestId('leave-filter-search').click();
      await expect.poll(() => mgr.getByTestId('leave-row').count()).toBe(1);
      const leaveRow = mgr.getByTestId('leave-row').first();
      await expect.poll(() => leaveRow.innerText()).toContain(officer.displayName);
      const leaveText = await leaveRow.innerText();
      expect(leaveText).toContain('Cuti Tahunan');
      await expect(leaveRow.getByTestId('leave-dates').innerText()).resolves.toBe(`${leaveFrom.display} – ${leaveTo.display}`);
      await expect(leaveRow.getByTestId('leave-status').innerText()).resolves.toBe('Dimohon');
      await expect(leaveRow.getByTestId('leave-status').getAttribute('data-status')).resolves.toBe('requested');
      // sectmgr may decide someone else's leave
      await leaveRow.getByTestId('leave-approve').waitFor();
      await screenshot(mgr, 'organisation-5-leave');

      // ------------------------------------------------------------------ 6. the server holds each record once
      const staffList = await api.call<{ rows: StaffRow[]; recordCount: number }>(
        superadmin,
        'POST',
        `${STAFF_PATHS.dataTablesAllStatus}?length=50&start=0`,
        {
          search: officer.staffNo,
        },
      );
      expect(staffList.status).toBe(200);
      expect(staffList.body.recordCount).toBe(1);
      expect(staffList.body.rows[0]).toMatchObject({
        pkStaffId: staffId,
        staffNo: officer.staffNo,
        profile: { displayName: officer.displayName, position: officer.position },
        pkSectionId: n9,
        sectionName: 'N9',
        regionName: 'Tengah',
        username: officer.username,
        roleName: 'PR',
        isActive: true,
      });
      const byName = await api.call<{ recordCount: number }>(superadmin, 'POST', `${STAFF_PATHS.dataTablesAllStatus}?length=50&start=0`, {
        search: officer.displayName,
      });
      expect(byName.body.recordCount).toBe(1);
      const staffOne = await api.call<Staff>(superadmin, 'GET', STAFF_PATHS.getAllStatus(staffId));
      expect(staffOne.status).toBe(200);
      expect(staffOne.body.profile).toEqual({
        displayName: officer.displayName,
        position: officer.position,
        staffNo: officer.staffNo,
        nric: officer.nric,
        phone: officer.phone,
        email: officer.email,
      });
      expect(staffOne.body.user).toMatchObject({ username: officer.username, roleName: 'PR', isActive: true });

      const userList = await api.call<{ rows: UserRow[]; recordCount: number }>(
        superadmin,
        'GET',
        `${USERS_PATHS.getUsers}?length=50&start=0&search=${encodeURIComponent(officer.staffNo)}`,
      );
      expect(userList.status).toBe(200);
      expect(userList.body.recordCount).toBe(1);
      expect(userList.body.rows[0]).toMatchObject({
        pkStaffId: staffId,
        username: officer.username,
        displayName: officer.displayName,
        employeeId: officer.staffNo,
        sectionName: 'N9',
        region: 'Tengah',
        roleName: 'PR',
        authType: 'LOCAL',
        isActive: true,
      });
      // the forced change happened: the count moved past 0 and the sign-in was recorded
      expect(userList.body.rows[0].resetPasswordCount).toBeGreaterThan(0);
      expect(userList.body.rows[0].lastLoginAt).not.toBeNull();

      const team = await api.call<TeamDetail>(sectmgr, 'GET', TEAMS_PATHS.get(teamId));
      expect(team.status).toBe(200);
      expect(team.body).toMatchObject({
        pkTeamId: teamId,
        teamName,
        sectionId: n9,
        sectionName: 'N9',
        memberCount: 1,
        leaderName: officer.displayName,
        shiftName: 'Syif Pagi',
        plateNumber: null,
        isActive: true,
        rosterCount: 0,
      });
      const teams = await api.call<{ rows: TeamRow[]; recordCount: number }>(sectmgr, 'POST', `${TEAMS_PATHS.dataTables}?length=50&start=0`, {
        name: teamName,
      });
      expect(teams.body.recordCount).toBe(1);
      const members = await api.call<{ rows: TeamMemberRow[]; recordCount: number }>(
        sectmgr,
        'POST',
        `${TEAMS_PATHS.membersDataTables}?length=100&start=0`,
        { teamId },
      );
      expect(members.status).toBe(200);
      expect(members.body.recordCount).toBe(1);
      expect(members.body.rows[0]).toMatchObject({
        teamId,
        pkStaffId: staffId,
        staffNo: officer.staffNo,
        displayName: officer.displayName,
        isLeader: true,
        isActive: true,
      });
      const schedule = await api.call<TeamScheduleResult>(sectmgr, 'POST', `${TEAMS_PATHS.scheduleDataTables}?length=10&start=0`, { teamId });
      expect(schedule.status).toBe(200);
      expect(schedule.body.rows).toHaveLength(1);
      expect(schedule.body.rows[0]).toMatchObject({
        teamId,
        shiftName: 'Syif Pagi',
        startHour: '07:00',
        endHour: '19:00',
        vehicleId: null,
        cycleDays: 4,
        workDays: [0, 1],
      });
      expect(schedule.body.calendar.map((d) => (d.works ? 'W' : '-')).join('')).toBe(pattern);

      const leave = await api.call<{ rows: LeaveRow[]; recordCount: number }>(sectmgr, 'POST', `${LEAVE_PATHS.dataTables}?length=50&start=0`, {
        pkStaffId: staffId,
      });
      expect(leave.status).toBe(200);
      expect(leave.body.recordCount).toBe(1);
      expect(leave.body.rows[0]).toMatchObject({
        pkStaffId: staffId,
        staffNo: officer.staffNo,
        leaveTypeId: 1,
        leaveTypeName: 'Cuti Tahunan',
        dateFrom: leaveFrom.iso,
        dateTo: leaveTo.iso,
        days: 3,
        remark,
        status: 'requested',
        approver: null,
        conflicts: [],
        createdBy: { displayName: sectmgr.displayName },
      });

      // only the new password signs in
      expect(await login(officer.username, officer.firstPassword)).toBe(401);
      expect(await login(officer.username, officer.newPassword)).toBe(200);
      const officerUser: E2eUser = {
        username: officer.username,
        password: officer.newPassword,
        roleId: 0,
        roleName: 'PR',
        displayName: officer.displayName,
      };
      // and the officer, a PR, is no administrator
      expect((await api.call(officerUser, 'POST', `${LEAVE_PATHS.dataTables}?length=10&start=0`, {})).status).toBe(403);

      expect(errors.flat()).toEqual([]);
    } catch (err) {
      for (const [i, page] of pages.entries()) await screenshot(page, `organisation-failure-${i + 1}`).catch(() => undefined);
      throw err;
    } finally {
      for (const ctx of contexts) await ctx.close();
    }
  }, 240_000);
});
