/**
 * The organisation a browser test needs, made through the API: a new patrol officer with a usable password in a new
 * team of N9 (issues #15, #16); and small helpers for the forms (native selects, the Asia/Brunei wall clock).
 */
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';
import { PATHS } from '@contract/paths';
import type { Section } from '@contract/sections';
import type { WebUser } from '@contract/auth';
import { STAFF_PATHS } from '@contract/staff';
import { USERS_PATHS } from '@contract/users';
import { TEAMS_PATHS } from '@contract/teams';
import { ROSTER_PATHS } from '@contract/rosters-rules';
import { SHIFT_PATHS, type ShiftRow } from '@contract/shifts';
import { nowMs } from '../../../server/lib/clock';
import type { Api } from './api';
import type { E2eUser } from './users';

export async function ok<T>(p: Promise<{ status: number; body: T; statusMsg: string }>, what: string): Promise<T> {
  const r = await p;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.statusMsg}`);
  return r.body;
}

/** The Asia/Brunei wall clock of an instant: 'DD/MM/YYYY' and 'HH:mm'. */
export function brunei(at: number) {
  const iso = new Date(at + 8 * 3_600_000).toISOString();
  return { dmy: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`, date: iso.slice(0, 10), hm: iso.slice(11, 16) };
}

/** Picks the option of a native <select> whose text starts with `prefix`. */
export async function selectStarting(select: Locator, prefix: string): Promise<string> {
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

/** The first option of a native <select> with a value (after it has options). */
export async function selectFirst(select: Locator): Promise<string> {
  await expect
    .poll(async () => select.evaluate((el) => [...(el as HTMLSelectElement).options].filter((o) => o.value && !o.disabled).length), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  const value = await select.evaluate((el) => [...(el as HTMLSelectElement).options].find((o) => o.value && !o.disabled)!.value);
  await select.selectOption(value);
  return value;
}

/** A new patrol officer with a usable password (through the API), in a new team of N9. */
export async function newOfficerAndTeam(api: Api, baseUrl: string, o: { superadmin: E2eUser; sectmgr: E2eUser }, suffix: string) {
  const { superadmin, sectmgr } = o;
  const me = (await ok(api.call<{ user: WebUser }>(sectmgr, 'POST', PATHS.webUser, {}), 'webUser')).user;
  const sections = (
    await ok(
      api.call<{ rows: Section[] }>(sectmgr, 'POST', `${PATHS.sectionDataTables}?length=50&start=0`, {
        regionId: me.section.region.key,
        listed: true,
      }),
      'sections',
    )
  ).rows;
  const n9 = sections.find((s) => s.sectionName === 'N9')!;
  const staff = await ok(
    api.call<{ pkStaffId: number }>(superadmin, 'POST', STAFF_PATHS.create, {
      staffNo: `PR${suffix}`,
      displayName: `Aiman Hakimi bin Yusof ${suffix}`,
      position: 'PR - Ketua Peronda',
      nric: `910202-10-${suffix.slice(1)}`,
      pkSectionId: n9.sectionId,
    }),
    'staff',
  );
  const officer: E2eUser = {
    username: `ronda.${suffix}`,
    password: `Baharu#${suffix}q`,
    roleId: 106,
    roleName: 'PR',
    displayName: `Aiman Hakimi bin Yusof ${suffix}`,
  };
  const first = `Awal#${suffix}p`;
  await ok(
    api.call(superadmin, 'POST', USERS_PATHS.registration, {
      pkStaffId: staff.pkStaffId,
      username: officer.username,
      roleId: 106,
      authType: 'LOCAL',
      password: first,
    }),
    'registration',
  );
  // the first sign-in must change the password (§4.1): done here, through the API
  const signin = await fetch(`${baseUrl}${PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: officer.username, password: first }),
  });
  const token = ((await signin.json()) as { body: { token: string } }).body.token;
  const reset = await fetch(`${baseUrl}/rest/roster/manage/user/resetPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ userName: officer.username, oldPassword: first, newPassword: officer.password }),
  });
  expect(reset.status).toBe(200);
  const team = await ok(
    api.call<{ pkTeamId: number; teamName: string }>(sectmgr, 'POST', TEAMS_PATHS.save, { teamName: `N9-RONDA-${suffix}`, sectionId: n9.sectionId }),
    'team',
  );
  await ok(api.call(sectmgr, 'POST', TEAMS_PATHS.membersSave, { teamId: team.pkTeamId, staffIds: [staff.pkStaffId] }), 'members');
  return { officer, staffId: staff.pkStaffId, team, n9 };
}

/**
 * A roster of the team covering now (from an hour ago to six hours on, on the clock of server/lib/clock.ts) with the
 * vehicle, on the first active shift; answers its id.
 */
export async function rosterNow(api: Api, sectmgr: E2eUser, o: { sectionId: number; teamId: number; vehicleId: number }): Promise<number> {
  const shifts = await ok(
    api.call<{ rows: ShiftRow[] }>(sectmgr, 'POST', `${SHIFT_PATHS.dataTables}?length=50&start=0`, { isActive: true }),
    'shifts',
  );
  const from = brunei(nowMs() - 60 * 60_000);
  const to = brunei(nowMs() + 6 * 60 * 60_000);
  const roster = await ok(
    api.call<{ pkDutyRosterId: number }>(sectmgr, 'POST', ROSTER_PATHS.save, {
      sectionId: o.sectionId,
      shiftId: shifts.rows[0].pkShiftId,
      teamId: o.teamId,
      startDate: from.date,
      startHour: from.hm,
      endHour: to.hm,
      vehicleId: o.vehicleId,
    }),
    'roster',
  );
  return roster.pkDutyRosterId;
}
