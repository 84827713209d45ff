/**
 * Duty rosters (issue #15 item 1 and the staffing view): who may call what, the region scope, every refusal of a
 * roster (a clear 4xx naming who or what, nothing written), edits with their version, deletion, the month and day
 * views, the lookups, and the month's generation from the teams' schedules (preview, then commit: the expected
 * rosters are created and the conflicting ones refused with their reasons).
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, type ChangeRecord } from '../../contract/admin';
import { dataTablesBody, envelope } from '../../contract/envelope';
import { PATHS } from '../../contract/paths';
import {
  ROSTER_PATHS,
  ROSTER_ROLE,
  RosterMonthRowSchema,
  type ActivePrDetails,
  type DeviceItem,
  type GenerateResult,
  type PhoneItem,
  type RosterDetail,
  type RosterFormOptions,
  type RosterMonthRow,
  type RosterRoleRow,
  type RosterSave,
  type StaffingResult,
} from '../../contract/rosters';
import type { DutyRosterRow } from '../../contract/sections';
import {
  activityLog,
  adminChange,
  appUser,
  deviceNo,
  dutyRoster,
  dutyRosterAbsence,
  dutyRosterMember,
  hpNoSection,
  incident,
  region,
  role,
  rosterLatestPosition,
  section,
  shift,
  staff,
  staffLeave,
  team,
  teamMember,
  teamSchedule,
  vehicle,
} from '../../server/db/schema';
import { addDays, bruneiInstant } from '../../server/db/seed/rosters';
import { findActivePatrols } from '../../server/modules/dutyroster/active-pr';
import { localDate } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';
import { nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const TENGAH = 22;

describe('duty rosters (issue #15 item 1)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const sid: Record<string, number> = {};
  const sec: Record<string, number> = {};
  let utaraManager: string;
  /**
   * a test day far from the generated rosters (yesterday to a week ahead): the first of the month 40 days from now (10
   * to 40 days ahead), so that the days the tests take after it (up to D + 17) are in D's month, whose month view the
   * tests read (40 days from now as such failed on 2026-12-06: D + 17 fell in the next month)
   */
  const D = `${localDate(nowMs(), 40).slice(0, 7)}-01`;
  const db = () => app.ctx.db;

  const post = (who: string | null, url: string, payload: unknown = {}) =>
    call(app, who ? tok[who] : null, { method: 'POST', url, payload: payload as object });
  const get = (who: string | null, url: string) => call(app, who ? tok[who] : null, { method: 'GET', url });
  const save = async (who: string, body: RosterSave, status = 200) => {
    const res = await post(who, ROSTER_PATHS.save, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().body as RosterDetail;
  };
  const history = async (who: string, id: number) => {
    const res = await get(who, ADMIN_PATHS.history('roster', id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as ChangeRecord[];
  };
  /** how much there is of what a roster write touches: a refusal must leave all of it as it was */
  const footprint = async () => ({
    rosters: await db().$count(dutyRoster),
    members: await db().$count(dutyRosterMember),
    changes: await db().$count(adminChange),
  });
  /** a new active staff member of a section (in no team) */
  const newStaff = async (sectionName: string, position = 'PR - Peronda', isActive = true) => {
    const no = `RT${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const [row] = await db()
      .insert(staff)
      .values({ staffNo: no, displayName: `Ujian ${no}`, position, sectionId: sec[sectionName], isActive })
      .returning({ id: staff.id });
    return row.id;
  };
  /** a team with three new members (leader, driver, patroller) and, optionally, a schedule */
  const newTeam = async (
    name: string,
    sectionName: string,
    schedule?: { shiftId: number; vehicleId: number | null; cycleDays: number; workDays: number[] },
  ) => {
    const [t] = await db().insert(team).values({ name, sectionId: sec[sectionName] }).returning({ id: team.id });
    const people = [
      await newStaff(sectionName, 'PR - Ketua Peronda'),
      await newStaff(sectionName, 'PR - Pemandu Peronda'),
      await newStaff(sectionName, 'PR - Peronda'),
    ];
    await db()
      .insert(teamMember)
      .values(people.map((staffId) => ({ teamId: t.id, staffId })));
    if (schedule)
      await db()
        .insert(teamSchedule)
        .values({ teamId: t.id, ...schedule });
    return { id: t.id, people };
  };
  const newVehicle = async (sectionName: string, isActive = true) => {
    const plate = `WRT ${Math.floor(1000 + Math.random() * 8999)}${Math.random().toString(36).slice(2, 4).toUpperCase()}`;
    const [v] = await db()
      .insert(vehicle)
      .values({ sectionId: sec[sectionName], plateNumber: plate, vehicleModel: 'Toyota Hilux 2.4', vehicleType: 'Peronda', isActive })
      .returning({ id: vehicle.id });
    return { id: v.id, plate };
  };
  const teamIdOf = async (name: string) => (await db().select({ id: team.id }).from(team).where(eq(team.name, name)))[0].id;
  const membersOfTeam = async (teamId: number) =>
    (await db().select({ id: teamMember.staffId }).from(teamMember).where(eq(teamMember.teamId, teamId)).orderBy(teamMember.id)).map((r) => r.id);
  const vehicleOfTeam = async (teamId: number) =>
    (await db().select({ id: teamSchedule.vehicleId }).from(teamSchedule).where(eq(teamSchedule.teamId, teamId)))[0].id!;
  const nameOf = async (staffId: number) => (await db().select({ n: staff.displayName }).from(staff).where(eq(staff.id, staffId)))[0].n;

  beforeAll(async () => {
    app = await buildTestApp();
    for (const s of await db().select({ id: section.id, name: section.name }).from(section)) sec[s.name] = s.id;
    const [utara] = await db()
      .select({ username: appUser.username })
      .from(appUser)
      .innerJoin(role, eq(role.id, appUser.roleId))
      .innerJoin(staff, eq(staff.id, appUser.staffId))
      .innerJoin(section, eq(section.id, staff.sectionId))
      .innerJoin(region, eq(region.id, section.regionId))
      .where(and(eq(region.name, 'Utara'), eq(role.name, 'SECTMGR'), eq(appUser.isActive, true)))
      .limit(1);
    utaraManager = utara.username;
    for (const u of ['sectmgr', 'regionmgmt', 'sc', 'opsmgmt', 'superadmin', 'tmca', 'tsta', 'pr', 'pr.malam', 'others', 'admin', utaraManager]) {
      const s = await login(app, u);
      tok[u] = s.token;
      sid[u] = s.user.pkStaffId;
    }
  });
  afterAll(async () => app?.cleanup());

  // ---------------------------------------------------------------------------------------------- create and read

  it('a manager creates a roster: the team’s members with their roles by default, the shift’s hours, Brunei instants, a history record', async () => {
    const t = await newTeam('RT-CIPTA', 'N9');
    const v = await newVehicle('N9');
    const r = await save('sectmgr', {
      sectionId: sec.N9,
      shiftId: 1,
      teamId: t.id,
      startDate: D,
      vehicleId: v.id,
      remark: 'Ujian',
      statusAlert: true,
    });
    expect(r).toMatchObject({
      sectionId: sec.N9,
      shiftId: 1,
      teamId: t.id,
      startDate: D,
      endDate: D,
      startHour: '07:00',
      endHour: '19:00',
      plateNumber: v.plate,
      version: 1,
      membersFromTeam: false,
      statusAlert: true,
      remark: 'Ujian',
      jenisRosterId: 3101,
      lifecycle: 'planned',
      status: 'upcoming',
    });
    expect(r.dutyRosterName).toBe(`RT-CIPTA ${D.slice(8, 10)}/${D.slice(5, 7)}/${D.slice(0, 4)}`);
    expect(r.startsAt).toBe(bruneiInstant(D, '07:00').toISOString());
    expect(r.endsAt).toBe(bruneiInstant(D, '19:00').toISOString());
    expect(r.members.map((m) => [m.pkStaffId, m.rosterRoleId])).toEqual([
      [t.people[0], ROSTER_ROLE.LEADER],
      [t.people[1], ROSTER_ROLE.DRIVER],
      [t.people[2], ROSTER_ROLE.PATROLLER],
    ]);
    expect(r.members[0].rosterRoleName).toBe('Ketua Pasukan');
    expect(await db().$count(dutyRosterMember, eq(dutyRosterMember.dutyRosterId, r.pkDutyRosterId))).toBe(3);

    // get, rosterRoles, history
    const got = await get('tmca', ROSTER_PATHS.get(r.pkDutyRosterId));
    expect(got.statusCode, got.body).toBe(200);
    expect((got.json().body as RosterDetail).members).toEqual(r.members);
    const roles = (await get('sectmgr', ROSTER_PATHS.rosterRoles(r.pkDutyRosterId))).json().body as RosterRoleRow[];
    expect(roles).toHaveLength(3);
    expect(roles.every((x) => x.pkDutyRosterId === r.pkDutyRosterId && typeof x.pkTeamMemberId === 'number')).toBe(true);
    const h = await history('sectmgr', r.pkDutyRosterId);
    expect(h).toHaveLength(1);
    expect(h[0].action).toBe('create');
    expect(h[0].changes.find((c) => c.field === 'vehicle')?.new).toBe(v.plate);

    // portal/save is the same call
    const t2 = await newTeam('RT-PORTAL', 'N9');
    const res = await post('sc', ROSTER_PATHS.portalSave, { sectionId: sec.N9, shiftId: 1, teamId: t2.id, startDate: D });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().body as RosterDetail).members).toHaveLength(3);
  });

  it('a night shift without an end date ends the next day; hours and members may be chosen; one leader at most', async () => {
    const t = await newTeam('RT-MALAM', 'N9');
    const night = await save('regionmgmt', { sectionId: sec.N9, shiftId: 2, teamId: t.id, startDate: D });
    expect(night).toMatchObject({ startDate: D, endDate: addDays(D, 1), startHour: '19:00', endHour: '07:00' });
    expect(night.endsAt).toBe(bruneiInstant(addDays(D, 1), '07:00').toISOString());

    const t2 = await newTeam('RT-JAM', 'N9');
    const custom = await save('sectmgr', {
      sectionId: sec.N9,
      shiftId: 1,
      teamId: t2.id,
      startDate: addDays(D, 1),
      startHour: '08:00',
      endHour: '16:30',
      members: [
        { staffId: t2.people[2], rosterRoleId: ROSTER_ROLE.LEADER },
        { staffId: t2.people[0], rosterRoleId: ROSTER_ROLE.TRAINEE },
      ],
    });
    expect(custom).toMatchObject({ startHour: '08:00', endHour: '16:30', endDate: addDays(D, 1) });
    expect(custom.members.map((m) => [m.pkStaffId, m.rosterRoleId])).toEqual([
      [t2.people[2], ROSTER_ROLE.LEADER],
      [t2.people[0], ROSTER_ROLE.TRAINEE],
    ]);
    const before = await footprint();
    const res = await post('sectmgr', ROSTER_PATHS.save, {
      sectionId: sec.N9,
      shiftId: 1,
      teamId: t2.id,
      startDate: addDays(D, 2),
      members: [
        { staffId: t2.people[0], rosterRoleId: ROSTER_ROLE.LEADER },
        { staffId: t2.people[1], rosterRoleId: ROSTER_ROLE.LEADER },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.field).toBe('members');
    expect(await footprint()).toEqual(before);
  });

  it('an edit needs the version read: it bumps it and is recorded; a stale one is 409 with the roster as it is', async () => {
    const t = await newTeam('RT-EDIT', 'N9');
    const r = await save('sectmgr', { sectionId: sec.N9, shiftId: 1, teamId: t.id, startDate: addDays(D, 3) });
    const body = {
      pkDutyRosterId: r.pkDutyRosterId,
      sectionId: sec.N9,
      shiftId: 1,
      teamId: t.id,
      startDate: addDays(D, 3),
      remark: 'Dikemaskini',
      version: 1,
    };
    const edited = await save('sectmgr', body);
    expect(edited).toMatchObject({ version: 2, remark: 'Dikemaskini' });
    const before = await footprint();
    const stale = await post('sectmgr', ROSTER_PATHS.save, { ...body, remark: 'Lama' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().body.current).toMatchObject({ pkDutyRosterId: r.pkDutyRosterId, version: 2, remark: 'Dikemaskini' });
    const noVersion = await post('sectmgr', ROSTER_PATHS.save, { ...body, version: undefined });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().body.field).toBe('version');
    expect(await footprint()).toEqual(before);
    const h = await history('sectmgr', r.pkDutyRosterId);
    expect(h.map((x) => x.action)).toEqual(['update', 'create']);
    expect(h[0].changes).toEqual([{ field: 'remark', old: null, new: 'Dikemaskini' }]);
  });

  // ---------------------------------------------------------------------------------------------- refusals

  it('refuses bad times, unknown or inactive team, shift, roster type, vehicle, device and phone: 4xx naming what, nothing written', async () => {
    const t = await newTeam('RT-TOLAK', 'N9');
    const other = await newTeam('RT-N8', 'N8');
    const [inactiveTeam] = await db().insert(team).values({ name: 'RT-TIDAK-AKTIF', sectionId: sec.N9, isActive: false }).returning({ id: team.id });
    await db()
      .insert(teamMember)
      .values({ teamId: inactiveTeam.id, staffId: await newStaff('N9') });
    const [offShift] = await db()
      .insert(shift)
      .values({ id: 90, name: 'Syif Lama', startHour: '08:00', endHour: '17:00', jenisRosterId: 3101, isActive: false })
      .returning({ id: shift.id });
    const offVehicle = await newVehicle('N9', false);
    const n8Vehicle = await newVehicle('N8');
    const [offDevice] = await db()
      .insert(deviceNo)
      .values({ deviceNo: 'TAB-UJIAN-X', sectionId: sec.N9, isActive: false })
      .returning({ id: deviceNo.id });
    const [n8Phone] = await db().select({ id: hpNoSection.id }).from(hpNoSection).where(eq(hpNoSection.sectionId, sec.N8)).limit(1);
    const base: RosterSave = { sectionId: sec.N9, shiftId: 1, teamId: t.id, startDate: addDays(D, 5) };
    const cases: [string, Partial<RosterSave>, number, string, RegExp?][] = [
      ['end date before start date', { endDate: addDays(D, 4) }, 400, 'endDate'],
      [
        'ends before it starts on the same day',
        { startHour: '19:00', endHour: '07:00', endDate: addDays(D, 5) },
        400,
        'endDate',
        /selepas masa mula/,
      ],
      ['longer than 24 hours', { endDate: addDays(D, 7) }, 400, 'endDate', /24 jam/],
      ['bad hour', { startHour: '25:00' }, 400, 'startHour'],
      ['dd/mm/yyyy date sent to the API', { startDate: '22/11/2026' }, 400, 'startDate'],
      ['unknown team', { teamId: 999999 }, 400, 'teamId', /tidak wujud/],
      ['inactive team', { teamId: inactiveTeam.id }, 400, 'teamId', /RT-TIDAK-AKTIF tidak aktif/],
      ['team of another section', { teamId: other.id }, 400, 'teamId', /bukan pasukan seksyen N9/],
      ['unknown shift', { shiftId: 999 }, 400, 'shiftId', /tidak wujud/],
      ['inactive shift', { shiftId: offShift.id }, 400, 'shiftId', /Syif Lama tidak aktif/],
      ['unknown roster type', { jenisRosterId: 999 }, 400, 'jenisRosterId'],
      ['shift of another roster type', { jenisRosterId: 3102 }, 400, 'shiftId', /bukan syif bagi jenis roster/],
      ['unknown vehicle', { vehicleId: 999999 }, 400, 'vehicleId', /tidak wujud/],
      ['inactive vehicle', { vehicleId: offVehicle.id }, 400, 'vehicleId', new RegExp(`${offVehicle.plate} tidak aktif`)],
      ['vehicle of another section', { vehicleId: n8Vehicle.id }, 400, 'vehicleId', /bukan kenderaan seksyen N9/],
      ['unknown device', { deviceNoId: 999999 }, 400, 'deviceNoId'],
      ['inactive device', { deviceNoId: offDevice.id }, 400, 'deviceNoId', /TAB-UJIAN-X tidak aktif/],
      ['unknown phone', { hpNoSectionId: 999999 }, 400, 'hpNoSectionId'],
      ['phone of another section', { hpNoSectionId: n8Phone.id }, 400, 'hpNoSectionId', /bukan telefon seksyen N9/],
      ['a section of another region', { sectionId: sec.N1 }, 403, ''],
      ['unknown section', { sectionId: 999 }, 404, ''],
      ['unknown role', { members: [{ staffId: t.people[0], rosterRoleId: 1 }] }, 400, 'members.0.rosterRoleId'],
      ['unknown person', { members: [{ staffId: 9999999, rosterRoleId: ROSTER_ROLE.PATROLLER }] }, 400, 'members'],
      [
        'inactive person',
        { members: [{ staffId: await newStaff('N9', 'PR - Peronda', false), rosterRoleId: ROSTER_ROLE.PATROLLER }] },
        400,
        'members',
        /tidak aktif/,
      ],
      [
        'person of another region',
        { members: [{ staffId: await newStaff('N5'), rosterRoleId: ROSTER_ROLE.PATROLLER }] },
        400,
        'members',
        /bukan kakitangan wilayah/,
      ],
    ];
    const before = await footprint();
    for (const [what, patch, status, field, message] of cases) {
      const res = await post('sectmgr', ROSTER_PATHS.save, { ...base, ...patch });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      if (field) expect(res.json().body.field, what).toBe(field);
      if (message) expect(res.json().statusMsg, what).toMatch(message);
    }
    // a specific part of a combined section, or a G section, is not a section rosters are on (a national role)
    for (const name of ['N1', 'G1']) {
      const res = await post('opsmgmt', ROSTER_PATHS.save, { ...base, sectionId: sec[name] });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().body.field, name).toBe('sectionId');
    }
    expect(await footprint()).toEqual(before);
    // and the same body without the fault is saved
    await save('sectmgr', base);
  });

  it('refuses a person on approved leave, a person or a vehicle in another roster at the same time, and a duplicate: 409 naming who and which', async () => {
    const a = await newTeam('RT-A', 'N9');
    const b = await newTeam('RT-B', 'N9');
    const v = await newVehicle('N9');
    const day = addDays(D, 8);
    const first = await save('sectmgr', { sectionId: sec.N9, shiftId: 1, teamId: a.id, startDate: day, vehicleId: v.id });
    const before = await footprint();

    // approved leave over the roster's days (a requested or rejected one does not count)
    await db()
      .insert(staffLeave)
      .values([
        { staffId: b.people[1], leaveTypeId: 1, dateFrom: addDays(day, -1), dateTo: day, status: 'approved', createdByStaffId: sid.sectmgr },
        { staffId: b.people[2], leaveTypeId: 1, dateFrom: day, dateTo: day, status: 'requested', createdByStaffId: sid.sectmgr },
      ]);
    const onLeave = await post('sectmgr', ROSTER_PATHS.save, { sectionId: sec.N9, shiftId: 1, teamId: b.id, startDate: day });
    expect(onLeave.statusCode).toBe(409);
    expect(onLeave.json().body.field).toBe('members');
    const dmy = (s: string) => `${s.slice(8, 10)}-${s.slice(5, 7)}-${s.slice(0, 4)}`;
    expect(onLeave.json().statusMsg).toBe(
      `${await nameOf(b.people[1])} bercuti (Cuti Tahunan) dari ${dmy(addDays(day, -1))} hingga ${dmy(day)} dan tidak boleh dimasukkan ke dalam jadual tugas ${dmy(day)}.`,
    );
    // a night shift that starts the day before the leave still meets it
    const nightBefore = await post('sectmgr', ROSTER_PATHS.save, { sectionId: sec.N9, shiftId: 2, teamId: b.id, startDate: addDays(day, -2) });
    expect(nightBefore.statusCode).toBe(409);
    expect(nightBefore.json().statusMsg).toMatch(/bercuti/);

    const withoutLeave = [
      { staffId: b.people[0], rosterRoleId: ROSTER_ROLE.LEADER },
      { staffId: b.people[2], rosterRoleId: ROSTER_ROLE.PATROLLER },
    ];
    // a person already in another roster at the same time (by its member rows)
    const busy = await post('sectmgr', ROSTER_PATHS.save, {
      sectionId: sec.N9,
      shiftId: 1,
      teamId: b.id,
      startDate: day,
      startHour: '12:00',
      endHour: '20:00',
      members: [...withoutLeave, { staffId: a.people[2], rosterRoleId: ROSTER_ROLE.PATROLLER }],
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().statusMsg).toBe(`${await nameOf(a.people[2])} sudah bertugas dalam jadual tugas ${first.dutyRosterName} pada masa yang sama.`);
    // the vehicle in another roster at the same time
    const vehicleBusy = await post('sectmgr', ROSTER_PATHS.save, {
      sectionId: sec.N9,
      shiftId: 1,
      teamId: b.id,
      startDate: day,
      members: withoutLeave,
      vehicleId: v.id,
    });
    expect(vehicleBusy.statusCode).toBe(409);
    expect(vehicleBusy.json().body.field).toBe('vehicleId');
    expect(vehicleBusy.json().statusMsg).toBe(`Kenderaan ${v.plate} sudah digunakan oleh jadual tugas ${first.dutyRosterName} pada masa yang sama.`);
    // the same team, shift and start date twice
    const dup = await post('sectmgr', ROSTER_PATHS.save, {
      sectionId: sec.N9,
      shiftId: 1,
      teamId: a.id,
      startDate: day,
      startHour: '20:00',
      endHour: '23:00',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().statusMsg).toMatch(/RT-A sudah mempunyai jadual tugas Syif Pagi/);
    expect(await footprint()).toEqual(before);

    // shifts that only touch (07:00–19:00, then 19:00–07:00) do not overlap; the vehicle may go on to the night
    await save('sectmgr', {
      sectionId: sec.N9,
      shiftId: 2,
      teamId: b.id,
      startDate: day,
      members: [...withoutLeave.slice(0, 1), { staffId: a.people[2], rosterRoleId: ROSTER_ROLE.PATROLLER }],
      vehicleId: v.id,
    });
  });

  it('a generated roster (no member rows) counts its team’s members, minus those released by leave', async () => {
    const g = await newTeam('RT-GEN', 'N9');
    const day = addDays(D, 10);
    const [gen] = await db()
      .insert(dutyRoster)
      .values({
        sectionId: sec.N9,
        shiftId: 1,
        teamId: g.id,
        dutyRosterName: 'RT-GEN jana',
        startDate: day,
        endDate: day,
        startHour: '07:00',
        endHour: '19:00',
        startsAt: bruneiInstant(day, '07:00'),
        endsAt: bruneiInstant(day, '19:00'),
      })
      .returning({ id: dutyRoster.id });
    const t = await newTeam('RT-PINJAM', 'N9');
    const body = {
      sectionId: sec.N9,
      shiftId: 1,
      teamId: t.id,
      startDate: day,
      members: [
        { staffId: t.people[0], rosterRoleId: ROSTER_ROLE.LEADER },
        { staffId: g.people[1], rosterRoleId: ROSTER_ROLE.DRIVER },
      ],
    };
    const busy = await post('sectmgr', ROSTER_PATHS.save, body);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().statusMsg).toMatch(/RT-GEN jana/);
    // the generated roster reads its team's people with default roles
    const detail = (await get('sectmgr', ROSTER_PATHS.get(gen.id))).json().body as RosterDetail;
    expect(detail.membersFromTeam).toBe(true);
    expect(detail.members.map((m) => m.pkStaffId)).toEqual(g.people);
    const roles = (await get('sectmgr', ROSTER_PATHS.rosterRoles(gen.id))).json().body as RosterRoleRow[];
    expect(roles.map((r) => [r.pkTeamMemberId, r.rosterRoleId])).toEqual([
      [null, ROSTER_ROLE.LEADER],
      [null, ROSTER_ROLE.DRIVER],
      [null, ROSTER_ROLE.PATROLLER],
    ]);
    // released from it (approved leave, #14): free, and no longer one of its people
    await db().insert(dutyRosterAbsence).values({ dutyRosterId: gen.id, staffId: g.people[1] });
    await save('sectmgr', body);
    const after = (await get('sectmgr', ROSTER_PATHS.get(gen.id))).json().body as RosterDetail;
    expect(after.members.map((m) => m.pkStaffId)).toEqual([g.people[0], g.people[2]]);
    // the day list (dutyroster/dataTables) and the active patrols (nearestActivePR, the map) count the same people
    const list = (await post('sectmgr', `${PATHS.dutyRosterDataTables}?length=500`, { date: day, sectionId: sec.N9 })).json().body
      .rows as DutyRosterRow[];
    expect(list.find((r) => r.pkDutyRosterId === gen.id)!.members.map((m) => m.pkStaffId)).toEqual([g.people[0], g.people[2]]);
    expect(list.find((r) => r.teamId === t.id)!.members.map((m) => m.pkStaffId)).toEqual([t.people[0], g.people[1]]);
    const patrols = await findActivePatrols(db(), { regionId: TENGAH }, null, { now: bruneiInstant(day, '12:00') });
    expect(patrols.find((p) => p.pkDutyRosterId === gen.id)!.members.map((m) => m.pkStaffId)).toEqual([g.people[0], g.people[2]]);
    expect(patrols.find((p) => p.dutyRosterName.startsWith('RT-PINJAM'))!.members.map((m) => m.pkStaffId)).toEqual([t.people[0], g.people[1]]);
  });

  // ---------------------------------------------------------------------------------------------- access

  it('permissions: PR, TMCA, TSTA and others cannot write; reads need rosterList (a patrol reads only its own team’s roster); no token 401', async () => {
    const t = await newTeam('RT-AKSES', 'N9');
    const r = await save('sectmgr', { sectionId: sec.N9, shiftId: 1, teamId: t.id, startDate: addDays(D, 12) });
    const before = await footprint();
    const body = { sectionId: sec.N9, shiftId: 1, teamId: t.id, startDate: addDays(D, 13) };
    for (const who of ['pr', 'tmca', 'tsta', 'others', 'admin']) {
      expect((await post(who, ROSTER_PATHS.save, body)).statusCode, who).toBe(403);
      expect((await post(who, ROSTER_PATHS.portalSave, body)).statusCode, who).toBe(403);
      expect((await post(who, ROSTER_PATHS.delete, { pkDutyRosterId: r.pkDutyRosterId })).statusCode, who).toBe(403);
      expect((await post(who, ROSTER_PATHS.generateMonth, { month: D.slice(0, 7), dryRun: false })).statusCode, who).toBe(403);
      expect((await get(who, ROSTER_PATHS.formOptions(sec.N9))).statusCode, who).toBe(403);
    }
    expect((await post(null, ROSTER_PATHS.save, body)).statusCode).toBe(401);
    expect((await get(null, ROSTER_PATHS.get(r.pkDutyRosterId))).statusCode).toBe(401);
    expect(await footprint()).toEqual(before);

    for (const who of ['tmca', 'tsta', 'sectmgr', 'sc', 'regionmgmt', 'opsmgmt', 'superadmin']) {
      expect((await get(who, ROSTER_PATHS.get(r.pkDutyRosterId))).statusCode, who).toBe(200);
      expect((await post(who, ROSTER_PATHS.monthDataTables, { month: D.slice(0, 7) })).statusCode, who).toBe(200);
      expect((await post(who, ROSTER_PATHS.staffing, { date: D })).statusCode, who).toBe(200);
    }
    expect((await post('others', ROSTER_PATHS.monthDataTables, { month: D.slice(0, 7) })).statusCode).toBe(403);
    // a patrol: its own team's roster today, not another team's, and no month or day views
    const today = localDate();
    const own = (
      await db()
        .select({ id: dutyRoster.id })
        .from(dutyRoster)
        .where(and(eq(dutyRoster.teamId, await teamIdOf('N9-PAGI-A')), eq(dutyRoster.startDate, today)))
    )[0].id;
    const notOwn = (
      await db()
        .select({ id: dutyRoster.id })
        .from(dutyRoster)
        .where(and(eq(dutyRoster.teamId, await teamIdOf('N9-MALAM-A')), eq(dutyRoster.startDate, today)))
    )[0].id;
    expect((await get('pr', ROSTER_PATHS.get(own))).statusCode).toBe(200);
    expect((await get('pr', ROSTER_PATHS.activePrDetails(own))).statusCode).toBe(200);
    expect((await get('pr', ROSTER_PATHS.rosterRoles(own))).statusCode).toBe(200);
    const refused = await get('pr', ROSTER_PATHS.get(notOwn));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().statusMsg).toMatch(/pasukan anda sendiri/);
    expect((await get('pr.malam', ROSTER_PATHS.get(notOwn))).statusCode).toBe(200);
    expect((await post('pr', ROSTER_PATHS.monthDataTables, { month: D.slice(0, 7) })).statusCode).toBe(403);
    expect((await post('pr', ROSTER_PATHS.staffing, { date: D })).statusCode).toBe(403);
  });

  it('region scope: a manager works on its own region only (403); national roles on all', async () => {
    const t = await newTeam('RT-UTARA', 'N5');
    const utaraRoster = await save('opsmgmt', { sectionId: sec.N5, shiftId: 1, teamId: t.id, startDate: addDays(D, 14) });
    const before = await footprint();
    expect((await post('sectmgr', ROSTER_PATHS.save, { sectionId: sec.N5, shiftId: 1, teamId: t.id, startDate: addDays(D, 15) })).statusCode).toBe(
      403,
    );
    expect(
      (
        await post('sectmgr', ROSTER_PATHS.save, {
          pkDutyRosterId: utaraRoster.pkDutyRosterId,
          sectionId: sec.N9,
          shiftId: 1,
          teamId: t.id,
          startDate: addDays(D, 14),
          version: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await post('sectmgr', ROSTER_PATHS.delete, { pkDutyRosterId: utaraRoster.pkDutyRosterId })).statusCode).toBe(403);
    expect((await get('sectmgr', ROSTER_PATHS.get(utaraRoster.pkDutyRosterId))).statusCode).toBe(403);
    expect((await get('tmca', ROSTER_PATHS.activePrDetails(utaraRoster.pkDutyRosterId))).statusCode).toBe(403);
    expect((await get('sectmgr', ROSTER_PATHS.formOptions(sec.N5))).statusCode).toBe(403);
    expect((await get('sectmgr', ROSTER_PATHS.phonesBySection(sec.N5))).statusCode).toBe(403);
    expect((await post('sectmgr', ROSTER_PATHS.generateMonth, { month: D.slice(0, 7), sectionId: sec.N5, dryRun: true })).statusCode).toBe(403);
    expect((await post('sectmgr', ROSTER_PATHS.generateMonth, { month: D.slice(0, 7), regionId: 21, dryRun: true })).statusCode).toBe(403);
    expect((await post('tmca', ROSTER_PATHS.monthDataTables, { month: D.slice(0, 7), regionId: 21 })).statusCode).toBe(403);
    expect((await post('tmca', ROSTER_PATHS.staffing, { date: D, sectionId: sec.N5 })).statusCode).toBe(403);
    expect((await get('sectmgr', ADMIN_PATHS.history('roster', utaraRoster.pkDutyRosterId))).statusCode).toBe(403);
    expect(await footprint()).toEqual(before);
    // the Utara manager may
    expect((await get(utaraManager, ROSTER_PATHS.get(utaraRoster.pkDutyRosterId))).statusCode).toBe(200);
    const edited = await save(utaraManager, {
      pkDutyRosterId: utaraRoster.pkDutyRosterId,
      sectionId: sec.N5,
      shiftId: 1,
      teamId: t.id,
      startDate: addDays(D, 14),
      remark: 'Utara',
      version: 1,
    });
    expect(edited.version).toBe(2);
  });

  // ---------------------------------------------------------------------------------------------- delete

  it('delete: a roster nothing uses goes with its people; one with activity entries, cases or positions is refused (409)', async () => {
    const t = await newTeam('RT-PADAM', 'N9');
    const r = await save('sectmgr', { sectionId: sec.N9, shiftId: 1, teamId: t.id, startDate: addDays(D, 16) });
    const stale = await post('sectmgr', ROSTER_PATHS.delete, { pkDutyRosterId: r.pkDutyRosterId, version: 5 });
    expect(stale.statusCode).toBe(409);
    const del = await post('sectmgr', ROSTER_PATHS.delete, { pkDutyRosterId: r.pkDutyRosterId, version: 1 });
    expect(del.statusCode, del.body).toBe(200);
    expect(await db().$count(dutyRoster, eq(dutyRoster.id, r.pkDutyRosterId))).toBe(0);
    expect(await db().$count(dutyRosterMember, eq(dutyRosterMember.dutyRosterId, r.pkDutyRosterId))).toBe(0);
    const rec = await db()
      .select()
      .from(adminChange)
      .where(and(eq(adminChange.entity, 'roster'), eq(adminChange.entityId, r.pkDutyRosterId)));
    expect(rec.map((x) => x.action).sort()).toEqual(['create', 'delete']);
    expect((await post('sectmgr', ROSTER_PATHS.delete, { pkDutyRosterId: r.pkDutyRosterId })).statusCode).toBe(404);

    // an activity entry
    const t2 = await newTeam('RT-AKTIVITI', 'N9');
    const withLog = await save('sectmgr', { sectionId: sec.N9, shiftId: 1, teamId: t2.id, startDate: addDays(D, 16) });
    await db()
      .insert(activityLog)
      .values({ dutyRosterId: withLog.pkDutyRosterId, eventId: 3001, occurredAt: bruneiInstant(addDays(D, 16), '07:05'), createdBy: t2.people[0] });
    const refused = await post('sectmgr', ROSTER_PATHS.delete, { pkDutyRosterId: withLog.pkDutyRosterId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().statusMsg).toBe(`Jadual tugas ${withLog.dutyRosterName} tidak boleh dipadam kerana ia mempunyai 1 catatan aktiviti.`);
    expect(await db().$count(dutyRosterMember, eq(dutyRosterMember.dutyRosterId, withLog.pkDutyRosterId))).toBe(3);
    expect(((await get('sectmgr', ROSTER_PATHS.get(withLog.pkDutyRosterId))).json().body as RosterDetail).usage).toEqual({
      activities: 1,
      cases: 0,
      positions: 0,
    });

    // a case (seeded cases are assigned to today's rosters)
    const [withCase] = await db()
      .select({ id: incident.dutyRosterId })
      .from(incident)
      .innerJoin(dutyRoster, eq(dutyRoster.id, incident.dutyRosterId))
      .innerJoin(section, eq(section.id, dutyRoster.sectionId))
      .where(eq(section.regionId, TENGAH))
      .limit(1);
    const caseRefused = await post('superadmin', ROSTER_PATHS.delete, { pkDutyRosterId: withCase.id! });
    expect(caseRefused.statusCode).toBe(409);
    expect(caseRefused.json().statusMsg).toMatch(/\d+ kes/);

    // a GPS position
    const t3 = await newTeam('RT-GPS', 'N9');
    const withPos = await save('sectmgr', { sectionId: sec.N9, shiftId: 1, teamId: t3.id, startDate: addDays(D, 16) });
    await db()
      .insert(rosterLatestPosition)
      .values({
        dutyRosterId: withPos.pkDutyRosterId,
        positionId: 1,
        latitude: 3.1,
        longitude: 101.6,
        recordedAt: bruneiInstant(addDays(D, 16), '08:00'),
      });
    const posRefused = await post('sectmgr', ROSTER_PATHS.delete, { pkDutyRosterId: withPos.pkDutyRosterId });
    expect(posRefused.statusCode).toBe(409);
    expect(posRefused.json().statusMsg).toMatch(/1 kedudukan GPS/);
    // getActivePrDetails answers that position
    const details = (await get('sectmgr', ROSTER_PATHS.activePrDetails(withPos.pkDutyRosterId))).json().body as ActivePrDetails;
    expect(details.latestPosition).toMatchObject({ latitude: 3.1, longitude: 101.6, source: 'tablet' });
    expect(details.members).toHaveLength(3);
    const none = (await get('sectmgr', ROSTER_PATHS.activePrDetails(withLog.pkDutyRosterId))).json().body as ActivePrDetails;
    expect(none.latestPosition).toBeNull();
  });

  it('a roster whose end-of-duty report is verified can no longer be changed or deleted', async () => {
    const t = await newTeam('RT-SEMAK', 'N9');
    const r = await save('sectmgr', { sectionId: sec.N9, shiftId: 1, teamId: t.id, startDate: addDays(D, 17) });
    await db().update(dutyRoster).set({ isDisemak: true }).where(eq(dutyRoster.id, r.pkDutyRosterId));
    const before = await footprint();
    const edit = await post('sectmgr', ROSTER_PATHS.save, {
      pkDutyRosterId: r.pkDutyRosterId,
      sectionId: sec.N9,
      shiftId: 1,
      teamId: t.id,
      startDate: addDays(D, 17),
      version: 1,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().statusMsg).toMatch(/telah disemak/);
    expect((await post('sectmgr', ROSTER_PATHS.delete, { pkDutyRosterId: r.pkDutyRosterId })).statusCode).toBe(409);
    expect(await footprint()).toEqual(before);
    expect(((await get('sectmgr', ROSTER_PATHS.get(r.pkDutyRosterId))).json().body as RosterDetail).lifecycle).toBe('verified');
  });

  // ---------------------------------------------------------------------------------------------- lookups, options, views

  it('devices, section phones and the form options (inactive vehicles shown, not offered as active)', async () => {
    const devices = (await get('tmca', ROSTER_PATHS.devices)).json().body as DeviceItem[];
    expect(devices.some((d) => d.value === 'TAB-N9-01' && d.isActive && d.description === 'N9')).toBe(true);
    expect(devices.some((d) => d.value === 'TAB-POOL-01' && d.sectionId === null)).toBe(true);
    const phones = (await get('pr', ROSTER_PATHS.phonesBySection(sec.N9))).json().body as PhoneItem[];
    expect(phones.length).toBeGreaterThanOrEqual(3);
    expect(phones.every((p) => p.sectionId === sec.N9)).toBe(true);
    // a specific part's phones are its combined section's
    const n1 = (await get('opsmgmt', ROSTER_PATHS.phonesBySection(sec.N1))).json().body as PhoneItem[];
    expect(n1.length).toBeGreaterThan(0);
    expect(n1.every((p) => p.sectionId === sec['N1+N2'])).toBe(true);

    const opts = (await get('sectmgr', ROSTER_PATHS.formOptions(sec.N9))).json().body as RosterFormOptions;
    expect(opts.section).toMatchObject({ sectionId: sec.N9, sectionName: 'N9', regionId: TENGAH });
    const pagi = opts.teams.find((t) => t.value === 'N9-PAGI-A')!;
    expect(pagi).toMatchObject({ isActive: true, shiftId: 1 });
    expect(pagi.members.map((m) => m.pkStaffId)).toContain(sid.pr);
    expect(pagi.members.find((m) => m.pkStaffId === sid.pr)!.rosterRoleId).toBe(ROSTER_ROLE.LEADER);
    expect(opts.teams.some((t) => t.value === 'RT-TIDAK-AKTIF')).toBe(false);
    expect(opts.vehicles.some((v) => !v.isActive)).toBe(true);
    expect(opts.vehicles.some((v) => v.isActive)).toBe(true);
    expect(opts.devices.every((d) => d.isActive && (d.sectionId === sec.N9 || d.sectionId === null))).toBe(true);
    expect(opts.phones.length).toBeGreaterThanOrEqual(3);
  });

  it('dutyRosterView/dataTables: the rosters of a month, one row each with people, vehicle and lifecycle; page size up to 1000', async () => {
    const month = D.slice(0, 7);
    const res = await post('tmca', `${ROSTER_PATHS.monthDataTables}?length=1000&start=0`, { month, sectionId: sec.N9 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body as { rows: RosterMonthRow[]; recordCount: number; size: number };
    // the answer is written without the response schema's check (roster-routes.ts): it must still be exactly the contract's
    expect(() => envelope(dataTablesBody(RosterMonthRowSchema.strict())).parse(res.json())).not.toThrow();
    expect(body.size).toBe(1000);
    expect(body.rows.length).toBe(body.recordCount);
    expect(body.rows.every((r) => r.startDate.startsWith(month) && r.sectionId === sec.N9)).toBe(true);
    const created = body.rows.find((r) => r.teamName === 'RT-CIPTA')!;
    expect(created).toMatchObject({ lifecycle: 'planned', status: 'upcoming', shiftName: 'Syif Pagi', statusAlert: true });
    expect(created.members.map((m) => m.rosterRoleName)).toEqual(['Ketua Pasukan', 'Pemandu', 'Peronda']);
    expect(body.rows.find((r) => r.teamName === 'RT-SEMAK')!.lifecycle).toBe('verified');
    // a filter on the lifecycle, paging and sorting in the query
    const verified = (await post('tmca', ROSTER_PATHS.monthDataTables, { month, lifecycle: 'verified' })).json().body as { rows: RosterMonthRow[] };
    expect(verified.rows.map((r) => r.teamName)).toEqual(['RT-SEMAK']);
    const page = (await post('tmca', `${ROSTER_PATHS.monthDataTables}?length=2&start=2&orderColumn=teamName&direction=desc`, { month })).json()
      .body as { rows: RosterMonthRow[]; recordCount: number };
    expect(page.rows).toHaveLength(2);
    expect(page.recordCount).toBeGreaterThan(4);
    // today's month: the seeded rosters, and the ones on shift now are 'onShift' or 'ended'
    const now = (await post('tmca', ROSTER_PATHS.monthDataTables, { month: localDate().slice(0, 7) })).json().body as { rows: RosterMonthRow[] };
    expect(now.rows.length).toBeGreaterThan(0);
    for (const [qs, field] of [
      ['length=1001', 'length'],
      ['orderColumn=nope', 'orderColumn'],
    ]) {
      const bad = await post('tmca', `${ROSTER_PATHS.monthDataTables}?${qs}`, { month });
      expect(bad.statusCode, qs).toBe(400);
      expect(bad.json().body.field).toBe(field);
    }
    const badMonth = await post('tmca', ROSTER_PATHS.monthDataTables, { month: '2026-13' });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().body.field).toBe('month');
  });

  it('the staffing view of a day: per section and shift the rosters and people on duty, people on leave, gaps flagged', async () => {
    const res = await post('sectmgr', ROSTER_PATHS.staffing, { date: addDays(D, 8) });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().body as StaffingResult;
    expect(s.shifts.map((x) => x.shiftName)).toEqual(['Syif Pagi', 'Syif Malam']);
    const n9 = s.sections.find((x) => x.sectionName === 'N9')!;
    const [pagi, malam] = n9.cells;
    expect(pagi.gap).toBe(false);
    expect(pagi.rosters.map((r) => r.teamName)).toContain('RT-A');
    expect(pagi.rosters.find((r) => r.teamName === 'RT-A')!.people).toHaveLength(3);
    expect(malam.rosters.map((r) => r.teamName)).toEqual(['RT-B']);
    // the one on approved leave that day is listed; a requested leave is not
    expect(n9.onLeave.map((l) => l.displayName)).toHaveLength(1);
    expect(n9.onLeave[0]).toMatchObject({ leaveTypeName: 'Cuti Tahunan', releasedFrom: null });
    // other Tengah sections have no rosters that far ahead: every shift a gap
    const n8 = s.sections.find((x) => x.sectionName === 'N8')!;
    expect(n8.cells.every((c) => c.gap && c.rosters.length === 0)).toBe(true);
    expect(s.sections.every((x) => !x.sectionName.includes('G'))).toBe(true);
    expect(s.totals.gaps).toBe(s.sections.reduce((n, x) => n + x.cells.filter((c) => c.gap).length, 0));
    expect(s.totals).toMatchObject({ rosters: 2, onDuty: 5, onLeave: 1 });
    // today: every seeded section is covered day and night
    const today = (await post('opsmgmt', ROSTER_PATHS.staffing, { date: localDate(), regionId: TENGAH })).json().body as StaffingResult;
    expect(today.sections.length).toBeGreaterThan(2);
    expect(today.sections.every((x) => x.cells.every((c) => !c.gap))).toBe(true);
    // one section: its row only
    const one = (await post('tmca', ROSTER_PATHS.staffing, { date: localDate(), sectionId: sec.N9 })).json().body as StaffingResult;
    expect(one.sections.map((x) => x.sectionName)).toEqual(['N9']);
  });

  // ---------------------------------------------------------------------------------------------- generation

  it('generates a month from the teams’ schedules: the preview writes nothing; the commit creates the expected rosters and refuses the conflicting ones with reasons', async () => {
    // a month with no rosters yet (three months ahead), for section N8 (teams N8-PAGI-A and N8-MALAM-A, every day)
    const first = `${localDate(nowMs(), 95).slice(0, 7)}-01`;
    const month = first.slice(0, 7);
    const days = Number(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate());
    const day = (n: number) => addDays(first, n - 1);
    const pagi = await teamIdOf('N8-PAGI-A');
    const malam = await teamIdOf('N8-MALAM-A');
    const pagiPeople = await membersOfTeam(pagi);
    const malamPeople = await membersOfTeam(malam);
    const pagiVehicle = await vehicleOfTeam(pagi);
    // a test team of N8 on the 7-day cycle (days 0 and 3) with a vehicle out of service
    const off = await newVehicle('N8', false);
    const weekly = await newTeam('RT-N8-MINGGU', 'N8', { shiftId: 1, vehicleId: off.id, cycleDays: 7, workDays: [0, 3] });
    // a roster that already exists (the 1st, day shift)
    await save('sectmgr', { sectionId: sec.N8, shiftId: 1, teamId: pagi, startDate: day(1), vehicleId: pagiVehicle });
    // a day-shift member on approved leave from the 10th to the 12th
    await db()
      .insert(staffLeave)
      .values({ staffId: pagiPeople[1], leaveTypeId: 2, dateFrom: day(10), dateTo: day(12), status: 'approved', createdByStaffId: sid.sectmgr });
    // a night-shift member put in another roster on the night of the 15th; the day shift's vehicle used on the 20th
    const other = await newTeam('RT-N8-LAIN', 'N8');
    const busy = await save('sectmgr', {
      sectionId: sec.N8,
      shiftId: 2,
      teamId: other.id,
      startDate: day(15),
      members: [{ staffId: malamPeople[2], rosterRoleId: ROSTER_ROLE.PATROLLER }],
    });
    const taken = await save('sectmgr', {
      sectionId: sec.N8,
      shiftId: 1,
      teamId: other.id,
      startDate: day(20),
      vehicleId: pagiVehicle,
      startHour: '09:00',
      endHour: '15:00',
    });
    const weeklyDays = Array.from({ length: days }, (_, i) => day(i + 1)).filter((d) =>
      [0, 3].includes(((Math.round((Date.parse(d) - Date.parse('2026-01-01')) / 86_400_000) % 7) + 7) % 7),
    );

    const inMonth = () =>
      db().$count(dutyRoster, and(gte(dutyRoster.startDate, first), lte(dutyRoster.startDate, day(days)), eq(dutyRoster.sectionId, sec.N8)));
    const rostersBefore = await inMonth();
    const changesBefore = await db().$count(adminChange);

    const previewRes = await post('sectmgr', ROSTER_PATHS.generateMonth, { month, sectionId: sec.N8, dryRun: true });
    expect(previewRes.statusCode, previewRes.body).toBe(200);
    const preview = previewRes.json().body as GenerateResult;
    expect(await inMonth()).toBe(rostersBefore);
    expect(await db().$count(adminChange)).toBe(changesBefore);

    const of = (teamId: number, date: string) => preview.candidates.find((c) => c.teamId === teamId && c.startDate === date)!;
    expect(preview.candidates).toHaveLength(2 * days + weeklyDays.length);
    expect(of(pagi, day(1))).toMatchObject({ outcome: 'exists', reasons: [] });
    for (const n of [10, 11, 12]) {
      const c = of(pagi, day(n));
      expect(c.outcome).toBe('conflict');
      expect(c.reasons).toEqual([
        {
          code: 'leave',
          staffId: pagiPeople[1],
          otherRosterId: null,
          message: `${await nameOf(pagiPeople[1])} bercuti (Cuti Sakit) dari ${day(10).split('-').reverse().join('-')} hingga ${day(12).split('-').reverse().join('-')}.`,
        },
      ]);
    }
    // the night team is not concerned by the day team's leave
    for (const n of [10, 11, 12]) expect(of(malam, day(n)).outcome).toBe('create');
    const night15 = of(malam, day(15));
    expect(night15.outcome).toBe('conflict');
    expect(night15.reasons).toEqual([
      {
        code: 'personBusy',
        staffId: malamPeople[2],
        otherRosterId: busy.pkDutyRosterId,
        message: `${await nameOf(malamPeople[2])} sudah bertugas dalam jadual tugas ${busy.dutyRosterName} pada masa yang sama.`,
      },
    ]);
    const day20 = of(pagi, day(20));
    expect(day20.outcome).toBe('conflict');
    expect(day20.reasons).toMatchObject([{ code: 'vehicleBusy', otherRosterId: taken.pkDutyRosterId }]);
    expect(day20.reasons[0].message).toMatch(new RegExp(`sudah digunakan oleh jadual tugas ${taken.dutyRosterName}`));
    for (const d of weeklyDays) {
      expect(of(weekly.id, d).outcome).toBe('conflict');
      expect(of(weekly.id, d).reasons.map((r) => r.code)).toEqual(['vehicleInactive']);
      expect(of(weekly.id, d).reasons[0].message).toBe(`Kenderaan ${off.plate} tidak aktif.`);
    }
    const conflicts = 3 + 1 + 1 + weeklyDays.length;
    expect(preview.counts).toEqual({ create: 2 * days - 1 - 5, exists: 1, conflict: conflicts });
    expect(preview.counts.create + preview.counts.exists + preview.counts.conflict).toBe(preview.candidates.length);

    // the commit writes exactly the 'create' ones, generated (no member rows: their people are the team's)
    const commitRes = await post('sectmgr', ROSTER_PATHS.generateMonth, { month, sectionId: sec.N8, dryRun: false });
    expect(commitRes.statusCode, commitRes.body).toBe(200);
    const commit = commitRes.json().body as GenerateResult;
    expect(commit.counts).toEqual(preview.counts);
    expect(commit.created).toBe(preview.counts.create);
    expect(await inMonth()).toBe(rostersBefore + preview.counts.create);
    const created = commit.candidates.filter((c) => c.outcome === 'create');
    expect(created.every((c) => typeof c.pkDutyRosterId === 'number')).toBe(true);
    const ids = created.map((c) => c.pkDutyRosterId!);
    expect(await db().$count(dutyRosterMember, inArray(dutyRosterMember.dutyRosterId, ids))).toBe(0);
    const rows = await db().select().from(dutyRoster).where(inArray(dutyRoster.id, ids));
    const night = rows.find((r) => r.teamId === malam && r.startDate === day(9))!;
    expect(night).toMatchObject({ endDate: day(10), startHour: '19:00', endHour: '07:00', jenisRosterId: 3101 });
    expect(night.startsAt.toISOString()).toBe(bruneiInstant(day(9), '19:00').toISOString());
    // the refused ones are not there
    for (const n of [10, 11, 12, 20])
      expect(await db().$count(dutyRoster, and(eq(dutyRoster.teamId, pagi), eq(dutyRoster.startDate, day(n))))).toBe(0);
    expect(await db().$count(dutyRoster, and(eq(dutyRoster.teamId, malam), eq(dutyRoster.startDate, day(15))))).toBe(0);
    expect(await db().$count(dutyRoster, eq(dutyRoster.teamId, weekly.id))).toBe(0);
    // each is recorded
    expect(
      await db().$count(adminChange, and(eq(adminChange.entity, 'roster'), inArray(adminChange.entityId, ids), eq(adminChange.action, 'create'))),
    ).toBe(ids.length);

    // again: everything made is there, nothing more is written
    const again = (await post('sectmgr', ROSTER_PATHS.generateMonth, { month, sectionId: sec.N8, dryRun: false })).json().body as GenerateResult;
    expect(again.counts).toEqual({ create: 0, exists: preview.counts.create + 1, conflict: conflicts });
    expect(again.created).toBe(0);
    expect(await inMonth()).toBe(rostersBefore + preview.counts.create);
  });

  it('generation refuses a bad month and other regions; a region-wide preview covers only the caller’s region', async () => {
    const month = localDate(nowMs(), 130).slice(0, 7);
    for (const bad of ['2026-13', '2026-1', 'bulan']) {
      const res = await post('sectmgr', ROSTER_PATHS.generateMonth, { month: bad, dryRun: true });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().body.field).toBe('month');
    }
    const preview = (await post('regionmgmt', ROSTER_PATHS.generateMonth, { month, dryRun: true })).json().body as GenerateResult;
    expect(preview.candidates.length).toBeGreaterThan(0);
    const tengah = new Set((await db().select({ name: section.name }).from(section).where(eq(section.regionId, TENGAH))).map((s) => s.name));
    expect(preview.candidates.every((c) => tengah.has(c.sectionName))).toBe(true);
    expect(preview.candidates.every((c) => c.outcome !== 'exists')).toBe(true);
    const national = (await post('opsmgmt', ROSTER_PATHS.generateMonth, { month, dryRun: true })).json().body as GenerateResult;
    expect(national.candidates.length).toBeGreaterThan(preview.candidates.length);
    expect(await db().$count(dutyRoster, sql`to_char(${dutyRoster.startDate}, 'YYYY-MM') = ${month}`)).toBe(0);
  });
});
