import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, type ChangeRecord } from '../../contract/admin';
import {
  nextDatesOfCycle,
  TEAMS_PATHS,
  type TeamDetail,
  type TeamMemberCandidate,
  type TeamMemberRow,
  type TeamRow,
  type TeamScheduleResult,
} from '../../contract/teams';
import { adminChange, dutyRoster, section, shift, staff, team, teamMember, teamSchedule, vehicle } from '../../server/db/schema';
import { addDays } from '../../server/db/seed/rosters';
import { localDate } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const TENGAH = 22;
const UTARA = 21;

describe('Teams administration (issue #14 item 4; §7.5 team, teamMembers, teamSchedule)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const staffOf: Record<string, number> = {};
  const sectionId: Record<string, number> = {};
  const teamId: Record<string, number> = {};

  const post = (who: string | null, url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
    call(app, who ? tok[who] : null, { method: 'POST', url, payload: payload as object, headers });
  const get = (who: string | null, url: string) => call(app, who ? tok[who] : null, { method: 'GET', url });
  const db = () => app.ctx.db;

  const listTeams = async (who: string, filter: Record<string, unknown> = {}, query = 'length=500&start=0') => {
    const res = await post(who, `${TEAMS_PATHS.dataTables}?${query}`, filter);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { rows: TeamRow[]; recordCount: number; page: number; size: number };
  };
  const members = async (who: string, id: number) => {
    const res = await post(who, `${TEAMS_PATHS.membersDataTables}?length=100&start=0`, { teamId: id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { rows: TeamMemberRow[]; recordCount: number };
  };
  const schedule = async (who: string, id: number) => {
    const res = await post(who, TEAMS_PATHS.scheduleDataTables, { teamId: id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as TeamScheduleResult;
  };
  const createTeam = async (who: string, teamName: string, section: string) => {
    const res = await post(who, TEAMS_PATHS.save, { teamName, sectionId: sectionId[section] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as TeamDetail;
  };
  const history = async (who: string, entity: 'team' | 'teamMember' | 'teamSchedule', id: number) => {
    const res = await get(who, ADMIN_PATHS.history(entity, id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as ChangeRecord[];
  };
  const memberCount = async (id: number) => db().$count(teamMember, eq(teamMember.teamId, id));
  /** a new active staff member of a section, in no team */
  const newStaff = async (sectionName: string, opts: { isActive?: boolean; position?: string } = {}) => {
    const no = `TT${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const [row] = await db()
      .insert(staff)
      .values({
        staffNo: no,
        displayName: `Ujian ${no}`,
        position: opts.position ?? 'PR - Peronda',
        sectionId: sectionId[sectionName],
        isActive: opts.isActive ?? true,
      })
      .returning({ id: staff.id });
    return row.id;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin', 'tmca', 'tmca.utara', 'pr', 'admin', 'others', 'pengguna', 'tsta', 'tste']) {
      const s = await login(app, u);
      tok[u] = s.token;
      staffOf[u] = s.user.pkStaffId;
    }
    for (const s of await db().select({ id: section.id, name: section.name }).from(section)) sectionId[s.name] = s.id;
    for (const t of await db().select({ id: team.id, name: team.name }).from(team)) teamId[t.name] = t.id;
  });
  afterAll(async () => app?.cleanup());

  // ---------------------------------------------------------------------------------------------- access

  it('per role: readOrg roles read teams, members and schedules; only the managers write; others 403; no token 401', async () => {
    const id = teamId['N9-PAGI-A'];
    for (const who of ['sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin', 'tmca', 'pr', 'admin']) {
      expect((await post(who, TEAMS_PATHS.dataTables)).statusCode, who).toBe(200);
      expect((await get(who, TEAMS_PATHS.get(id))).statusCode, who).toBe(200);
      expect((await post(who, TEAMS_PATHS.membersDataTables, { teamId: id })).statusCode, who).toBe(200);
      expect((await post(who, TEAMS_PATHS.scheduleDataTables, { teamId: id })).statusCode, who).toBe(200);
    }
    for (const who of ['others', 'pengguna']) {
      expect((await post(who, TEAMS_PATHS.dataTables)).statusCode, who).toBe(403);
      expect((await get(who, TEAMS_PATHS.get(id))).statusCode, who).toBe(403);
      expect((await post(who, TEAMS_PATHS.membersDataTables, { teamId: id })).statusCode, who).toBe(403);
    }
    const before = await db().$count(team);
    for (const who of ['tmca', 'pr', 'admin', 'others']) {
      expect((await post(who, TEAMS_PATHS.save, { teamName: `X ${who}`, sectionId: sectionId.N9 })).statusCode, who).toBe(403);
      expect((await post(who, TEAMS_PATHS.delete, { ids: [id] })).statusCode, who).toBe(403);
      expect((await post(who, TEAMS_PATHS.membersSave, { teamId: id, staffIds: [staffOf.tsta] })).statusCode, who).toBe(403);
      expect((await post(who, TEAMS_PATHS.membersDelete, { ids: [1] })).statusCode, who).toBe(403);
      expect((await post(who, TEAMS_PATHS.membersCandidates, { teamId: id })).statusCode, who).toBe(403);
      expect((await post(who, TEAMS_PATHS.scheduleSave, { teamId: id, shiftId: 1, cycleDays: 1, workDays: [0] })).statusCode, who).toBe(403);
      expect((await get(who, TEAMS_PATHS.scheduleOptions(id))).statusCode, who).toBe(403);
      expect((await post(who, TEAMS_PATHS.csv)).statusCode, who).toBe(403);
    }
    expect(await db().$count(team)).toBe(before);
    expect(await memberCount(id)).toBe(3);
    expect((await post(null, TEAMS_PATHS.dataTables)).statusCode).toBe(401);
    expect((await get(null, TEAMS_PATHS.get(id))).statusCode).toBe(401);
    expect((await post(null, TEAMS_PATHS.save, { teamName: 'X', sectionId: sectionId.N9 })).statusCode).toBe(401);
    for (const who of ['sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin']) {
      expect((await post(who, TEAMS_PATHS.membersCandidates, { teamId: id })).statusCode, who).toBe(200);
      expect((await get(who, TEAMS_PATHS.scheduleOptions(id))).statusCode, who).toBe(200);
      expect((await post(who, TEAMS_PATHS.csv)).statusCode, who).toBe(200);
    }
  });

  it('the list row: members count, leader (first PR leader), shift and vehicle of the schedule, active; filters and sorting', async () => {
    const all = await listTeams('sectmgr', { name: 'n9-pagi-a' });
    expect(all.recordCount).toBe(1);
    const [row] = all.rows;
    expect(row).toMatchObject({
      teamName: 'N9-PAGI-A',
      sectionName: 'N9',
      regionId: TENGAH,
      memberCount: 3,
      leaderName: 'Mohd Faizal bin Ismail',
      shiftName: 'Syif Pagi',
      isActive: true,
    });
    const [sched] = await db().select({ vehicleId: teamSchedule.vehicleId }).from(teamSchedule).where(eq(teamSchedule.teamId, row.pkTeamId));
    const [v] = await db().select({ plate: vehicle.plateNumber }).from(vehicle).where(eq(vehicle.id, sched.vehicleId!));
    expect(row.plateNumber).toBe(v.plate);

    const n9 = await listTeams('sectmgr', { sectionId: sectionId.N9 });
    expect(n9.rows.map((r) => r.teamName).sort()).toEqual(['N9-GANTI', 'N9-MALAM-A', 'N9-PAGI-A']);
    const byMembers = await listTeams('opsmgmt', {}, 'length=500&start=0&orderColumn=memberCount&direction=desc');
    for (let i = 1; i < byMembers.rows.length; i++) expect(byMembers.rows[i - 1].memberCount).toBeGreaterThanOrEqual(byMembers.rows[i].memberCount);
    const paged = await listTeams('opsmgmt', {}, 'length=5&start=5');
    expect(paged.rows).toHaveLength(5);
    expect(paged.page).toBe(1);
    expect(paged.recordCount).toBe(byMembers.recordCount);
    // §9: all teams 500 a page, not more; a sort column that does not exist is a 400
    expect((await post('opsmgmt', `${TEAMS_PATHS.dataTables}?length=501`)).statusCode).toBe(400);
    const badSort = await post('opsmgmt', `${TEAMS_PATHS.dataTables}?orderColumn=password`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().body.field).toBe('orderColumn');
    expect((await post('opsmgmt', `${TEAMS_PATHS.membersDataTables}?length=101`, { teamId: row.pkTeamId })).statusCode).toBe(400);

    const ms = await members('tmca', row.pkTeamId);
    expect(ms.recordCount).toBe(3);
    expect(ms.rows.filter((m) => m.isLeader).map((m) => m.displayName)).toEqual(['Mohd Faizal bin Ismail']);

    const csv = await post('sectmgr', TEAMS_PATHS.csv, { sectionId: sectionId.N9 });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/pasukan-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Pasukan","Seksyen","Wilayah","Bil. Ahli","Ketua","Syif","No. Plat","Status"');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.startsWith('"N9-PAGI-A","N9","TGH","3","Mohd Faizal bin Ismail","Syif Pagi"'))).toBe(true);
  });

  it('region scope: a Tengah manager lists only Tengah teams and gets 403 on an Utara team, its section and its history', async () => {
    const mine = await listTeams('sectmgr');
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.regionId === TENGAH)).toBe(true);
    // asking for another region's section gives nothing
    expect((await listTeams('sectmgr', { sectionId: sectionId.N5 })).recordCount).toBe(0);
    const everyone = await listTeams('opsmgmt');
    expect(everyone.rows.some((r) => r.regionId === UTARA)).toBe(true);
    expect((await listTeams('tmca.utara')).rows.every((r) => r.regionId === UTARA)).toBe(true);

    const utara = teamId['N5-PAGI-A'];
    expect((await get('sectmgr', TEAMS_PATHS.get(utara))).statusCode).toBe(403);
    expect((await get('tmca', TEAMS_PATHS.get(utara))).statusCode).toBe(403);
    expect((await post('sectmgr', TEAMS_PATHS.membersDataTables, { teamId: utara })).statusCode).toBe(403);
    expect((await post('sectmgr', TEAMS_PATHS.scheduleDataTables, { teamId: utara })).statusCode).toBe(403);
    expect((await post('sectmgr', TEAMS_PATHS.membersCandidates, { teamId: utara })).statusCode).toBe(403);
    expect((await get('sectmgr', ADMIN_PATHS.history('team', utara))).statusCode).toBe(403);
    expect((await get('sectmgr', TEAMS_PATHS.get(999_999))).statusCode).toBe(404);

    const before = { teams: await db().$count(team), members: await memberCount(utara), changes: await db().$count(adminChange) };
    const [s] = await db().select().from(teamSchedule).where(eq(teamSchedule.teamId, utara));
    expect((await post('sectmgr', TEAMS_PATHS.save, { teamName: 'Pasukan Utara', sectionId: sectionId.N5 })).statusCode).toBe(403);
    expect((await post('sectmgr', TEAMS_PATHS.save, { pkTeamId: utara, teamName: 'Diubah', sectionId: sectionId.N9 })).statusCode).toBe(403);
    expect((await post('sectmgr', TEAMS_PATHS.delete, { ids: [utara] })).statusCode).toBe(403);
    expect((await post('sectmgr', TEAMS_PATHS.membersSave, { teamId: utara, staffIds: [staffOf.tsta] })).statusCode).toBe(403);
    expect((await post('sectmgr', TEAMS_PATHS.scheduleSave, { teamId: utara, shiftId: 2, cycleDays: 2, workDays: [1] })).statusCode).toBe(403);
    const [utaraMember] = await db().select({ id: teamMember.id }).from(teamMember).where(eq(teamMember.teamId, utara));
    expect((await post('sectmgr', TEAMS_PATHS.membersDelete, { ids: [utaraMember.id] })).statusCode).toBe(403);
    // a Tengah team taking a staff member of Utara: 403 for a Tengah manager
    const n9Team = await createTeam('sectmgr', 'N9-SKOP', 'N9');
    expect((await post('sectmgr', TEAMS_PATHS.membersSave, { teamId: n9Team.pkTeamId, staffIds: [staffOf['tmca.utara']] })).statusCode).toBe(403);
    // for a national manager it is another region than the team's: 400
    const ops = await post('opsmgmt', TEAMS_PATHS.membersSave, { teamId: n9Team.pkTeamId, staffIds: [staffOf['tmca.utara']] });
    expect(ops.statusCode).toBe(400);
    expect(ops.json().body.field).toBe('staffIds');

    expect(await db().$count(team)).toBe(before.teams + 1);
    expect(await memberCount(utara)).toBe(before.members);
    expect(await memberCount(n9Team.pkTeamId)).toBe(0);
    const [s2] = await db().select().from(teamSchedule).where(eq(teamSchedule.teamId, utara));
    expect(s2).toEqual(s);
    const [u] = await db().select().from(team).where(eq(team.id, utara));
    expect(u.name).toBe('N5-PAGI-A');
  });

  // ---------------------------------------------------------------------------------------------- team

  it('creates and updates a team; a duplicate name within a section is a 409 (any case), fine in another section', async () => {
    const created = await createTeam('sectmgr', 'N9-PAGI-B', 'N9');
    expect(created).toMatchObject({
      teamName: 'N9-PAGI-B',
      sectionName: 'N9',
      memberCount: 0,
      leaderName: null,
      shiftName: null,
      isActive: true,
      rosterCount: 0,
    });

    const count = await db().$count(team);
    const changes = await db().$count(adminChange);
    for (const name of ['N9-PAGI-A', 'n9-pagi-a', '  N9-Pagi-A  ']) {
      const dup = await post('sectmgr', TEAMS_PATHS.save, { teamName: name, sectionId: sectionId.N9 });
      expect(dup.statusCode, name).toBe(409);
      expect(dup.json().statusMsg).toContain('N9-PAGI-A');
      expect(dup.json().statusMsg).toContain('seksyen N9');
      expect(dup.json().body.field).toBe('teamName');
    }
    // renaming onto another team's name is a 409 too
    const rename = await post('sectmgr', TEAMS_PATHS.save, { pkTeamId: created.pkTeamId, teamName: 'N9-MALAM-A', sectionId: sectionId.N9 });
    expect(rename.statusCode).toBe(409);
    expect(await db().$count(team)).toBe(count);
    expect(await db().$count(adminChange)).toBe(changes);
    const [stored] = await db().select().from(team).where(eq(team.id, created.pkTeamId));
    expect(stored.name).toBe('N9-PAGI-B');

    // the same name in another section is another team
    const s1 = await post('regionmgmt', TEAMS_PATHS.save, { teamName: 'N9-PAGI-A', sectionId: sectionId.S1 });
    expect(s1.statusCode, s1.body).toBe(200);
    // keeping its own name while changing something else is fine
    const upd = await post('sectmgr', TEAMS_PATHS.save, { pkTeamId: created.pkTeamId, teamName: 'N9-PAGI-B2', sectionId: sectionId.N9 });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().body.teamName).toBe('N9-PAGI-B2');
  });

  it('bad input: empty or long name, no section, a G section or a part of a combined section: 400 naming the field', async () => {
    const count = await db().$count(team);
    const cases: [Record<string, unknown>, string][] = [
      [{ teamName: '   ', sectionId: sectionId.N9 }, 'teamName'],
      [{ teamName: 'x'.repeat(61), sectionId: sectionId.N9 }, 'teamName'],
      [{ teamName: 'Tiada seksyen' }, 'sectionId'],
      [{ teamName: 'Pusat', sectionId: sectionId.G1 }, 'sectionId'],
      [{ teamName: 'Bahagian', sectionId: sectionId.N1 }, 'sectionId'],
    ];
    for (const [body, field] of cases) {
      const res = await post('opsmgmt', TEAMS_PATHS.save, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().body.field).toBe(field);
      expect(res.json().statusMsg).not.toMatch(/expected|invalid input/i);
    }
    expect((await post('opsmgmt', TEAMS_PATHS.save, { teamName: 'Hilang', sectionId: 99_999 })).statusCode).toBe(404);
    expect(await db().$count(team)).toBe(count);
  });

  // ---------------------------------------------------------------------------------------------- members

  it('adds members; a staff member already in another active team is a 409 naming it, and nothing is written', async () => {
    const t = await createTeam('sectmgr', 'N9-AHLI', 'N9');
    const free = await newStaff('N9');
    const cands = await post('sectmgr', `${TEAMS_PATHS.membersCandidates}?length=100`, { teamId: t.pkTeamId, search: 'Ujian' });
    expect(cands.statusCode).toBe(200);
    expect((cands.json().body.rows as TeamMemberCandidate[]).some((c) => c.pkStaffId === free)).toBe(true);
    // the PR of N9-PAGI-A is not offered
    const prCands = await post('sectmgr', `${TEAMS_PATHS.membersCandidates}?length=100`, { teamId: t.pkTeamId, search: 'Mohd Faizal bin Ismail' });
    expect(prCands.json().body.recordCount).toBe(0);

    const changes = await db().$count(adminChange);
    const clash = await post('sectmgr', TEAMS_PATHS.membersSave, { teamId: t.pkTeamId, staffIds: [free, staffOf.pr] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().statusMsg).toContain('Mohd Faizal bin Ismail');
    expect(clash.json().statusMsg).toContain('N9-PAGI-A');
    expect(await memberCount(t.pkTeamId)).toBe(0);
    expect(await db().$count(adminChange)).toBe(changes);

    const ok = await post('sectmgr', TEAMS_PATHS.membersSave, { teamId: t.pkTeamId, staffIds: [free, staffOf.tsta] });
    expect(ok.statusCode, ok.body).toBe(200);
    const added = ok.json().body as TeamMemberRow[];
    expect(added.map((m) => m.pkStaffId)).toEqual([free, staffOf.tsta]);
    expect(await memberCount(t.pkTeamId)).toBe(2);
    // now in an active team: no longer a candidate, and another team cannot take them
    const again = await post('sectmgr', `${TEAMS_PATHS.membersCandidates}?length=100`, { teamId: t.pkTeamId, search: 'Ujian' });
    expect((again.json().body.rows as TeamMemberCandidate[]).some((c) => c.pkStaffId === free)).toBe(false);
    const other = await createTeam('sectmgr', 'N9-AHLI-2', 'N9');
    const taken = await post('regionmgmt', TEAMS_PATHS.membersSave, { teamId: other.pkTeamId, staffIds: [free] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().statusMsg).toContain('N9-AHLI');
    // the same person twice in one team
    expect((await post('sectmgr', TEAMS_PATHS.membersSave, { teamId: t.pkTeamId, staffIds: [free] })).statusCode).toBe(409);
    expect((await post('sectmgr', TEAMS_PATHS.membersSave, { teamId: t.pkTeamId, staffIds: [free, free] })).statusCode).toBe(400);

    // inactive staff and unknown staff: 400 naming staffIds, nothing written
    const inactive = await newStaff('N9', { isActive: false });
    const inact = await post('sectmgr', TEAMS_PATHS.membersSave, { teamId: other.pkTeamId, staffIds: [inactive] });
    expect(inact.statusCode).toBe(400);
    expect(inact.json().body.field).toBe('staffIds');
    expect(inact.json().statusMsg).toContain('tidak aktif');
    expect((await post('sectmgr', TEAMS_PATHS.membersSave, { teamId: other.pkTeamId, staffIds: [9_999_999] })).statusCode).toBe(400);
    expect((await post('sectmgr', TEAMS_PATHS.membersSave, { teamId: other.pkTeamId, staffIds: [] })).statusCode).toBe(400);
    expect(await memberCount(other.pkTeamId)).toBe(0);

    // a deactivated team frees its members: another team may take them; re-activating the first is then a 409
    expect(
      (await post('sectmgr', TEAMS_PATHS.save, { pkTeamId: t.pkTeamId, teamName: 'N9-AHLI', sectionId: sectionId.N9, isActive: false })).statusCode,
    ).toBe(200);
    const moved = await post('sectmgr', TEAMS_PATHS.membersSave, { teamId: other.pkTeamId, staffIds: [free] });
    expect(moved.statusCode, moved.body).toBe(200);
    const react = await post('sectmgr', TEAMS_PATHS.save, { pkTeamId: t.pkTeamId, teamName: 'N9-AHLI', sectionId: sectionId.N9, isActive: true });
    expect(react.statusCode).toBe(409);
    expect(react.json().statusMsg).toContain('N9-AHLI-2');
    const [stillInactive] = await db().select({ isActive: team.isActive }).from(team).where(eq(team.id, t.pkTeamId));
    expect(stillInactive.isActive).toBe(false);

    // removing members: by pkTeamMemberId; an unknown id is a 404 and removes nothing
    const list = await members('sectmgr', t.pkTeamId);
    const tsta = list.rows.find((m) => m.pkStaffId === staffOf.tsta)!;
    const missing = await post('sectmgr', TEAMS_PATHS.membersDelete, { ids: [tsta.pkTeamMemberId, 9_999_999] });
    expect(missing.statusCode).toBe(404);
    expect(await memberCount(t.pkTeamId)).toBe(2);
    const removed = await post('sectmgr', TEAMS_PATHS.membersDelete, { ids: [tsta.pkTeamMemberId] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await memberCount(t.pkTeamId)).toBe(1);
  });

  it('a team has at most 100 members (400); an added member replayed with its Idempotency-Key is not added twice', async () => {
    const t = await createTeam('opsmgmt', 'N9-BESAR', 'N9');
    const ids: number[] = [];
    for (let i = 0; i < 101; i++) ids.push(await newStaff('N9'));
    const tooMany = await post('opsmgmt', TEAMS_PATHS.membersSave, { teamId: t.pkTeamId, staffIds: ids });
    expect(tooMany.statusCode).toBe(400);
    expect(await memberCount(t.pkTeamId)).toBe(0);
    expect((await post('opsmgmt', TEAMS_PATHS.membersSave, { teamId: t.pkTeamId, staffIds: ids.slice(0, 99) })).statusCode).toBe(200);
    const over = await post('opsmgmt', TEAMS_PATHS.membersSave, { teamId: t.pkTeamId, staffIds: ids.slice(99, 101) });
    expect(over.statusCode).toBe(400);
    expect(over.json().statusMsg).toContain('100');
    expect(await memberCount(t.pkTeamId)).toBe(99);

    const headers = { 'Idempotency-Key': 'teams-test-add-100' };
    const first = await post('opsmgmt', TEAMS_PATHS.membersSave, { teamId: t.pkTeamId, staffIds: [ids[99]] }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await post('opsmgmt', TEAMS_PATHS.membersSave, { teamId: t.pkTeamId, staffIds: [ids[99]] }, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await memberCount(t.pkTeamId)).toBe(100);
    const page = await post('opsmgmt', `${TEAMS_PATHS.membersDataTables}?length=100&start=0`, { teamId: t.pkTeamId });
    expect(page.json().body.recordCount).toBe(100);
    expect(page.json().body.rows).toHaveLength(100);
  });

  // ---------------------------------------------------------------------------------------------- schedule

  it('the 28-day calendar follows the roster rule: it matches the rosters ensureRosters generated for N9-PAGI-A and N9-GANTI', async () => {
    const today = localDate();
    // ensureRosters made rosters from yesterday for 9 days at start: compare today .. today+7
    const last = addDays(today, 7);
    for (const name of ['N9-PAGI-A', 'N9-GANTI', 'N9-MALAM-A']) {
      const id = teamId[name];
      const res = await schedule('tmca', id);
      expect(res.from).toBe(today);
      expect(res.calendar).toHaveLength(28);
      expect(res.calendar.map((d) => d.date)).toEqual(Array.from({ length: 28 }, (_, i) => addDays(today, i)));
      const rosters = await db()
        .select({ startDate: dutyRoster.startDate, shiftName: shift.name })
        .from(dutyRoster)
        .innerJoin(shift, eq(shift.id, dutyRoster.shiftId))
        .where(and(eq(dutyRoster.teamId, id), gte(dutyRoster.startDate, today), lte(dutyRoster.startDate, last)));
      const rosterDays = new Map(rosters.map((r) => [r.startDate, r.shiftName]));
      const window = res.calendar.filter((d) => d.date <= last);
      expect(window).toHaveLength(8);
      for (const d of window) {
        expect(d.works, `${name} ${d.date}`).toBe(rosterDays.has(d.date));
        expect(d.hasRoster, `${name} ${d.date}`).toBe(rosterDays.has(d.date));
        if (d.works) expect(d.shiftName).toBe(rosterDays.get(d.date));
        else expect(d.shiftName).toBeNull();
      }
    }
    const pagi = await schedule('tmca', teamId['N9-PAGI-A']);
    expect(pagi.rows).toHaveLength(1);
    expect(pagi.rows[0]).toMatchObject({ shiftName: 'Syif Pagi', cycleDays: 1, workDays: [0] });
    expect(pagi.calendar.every((d) => d.works && d.shiftName === 'Syif Pagi')).toBe(true);
    // GANTI works Friday to Sunday (days since 2026-01-01 mod 7 in 1, 2, 3): 12 of any 28 days
    const ganti = await schedule('tmca', teamId['N9-GANTI']);
    expect(ganti.calendar.filter((d) => d.works)).toHaveLength(12);
    for (const d of ganti.calendar) expect(d.works).toBe([5, 6, 0].includes(new Date(`${d.date}T00:00:00Z`).getUTCDay()));
    // the schedule form's labels (the next date of each cycle day) follow the same rule
    const next = nextDatesOfCycle(today, 7);
    expect(next).toHaveLength(7);
    next.forEach((date, day) => {
      expect(ganti.calendar.find((c) => c.date === date)!.works, `day ${day} ${date}`).toBe([1, 2, 3].includes(day));
    });
  });

  it('saves a schedule: the calendar follows it, rosters already generated stay, and the change is recorded', async () => {
    const id = teamId['N9-MALAM-A'];
    const rostersBefore = await db().select().from(dutyRoster).where(eq(dutyRoster.teamId, id));
    const opts = await get('sectmgr', TEAMS_PATHS.scheduleOptions(id));
    expect(opts.statusCode).toBe(200);
    const { shifts, vehicles } = opts.json().body as { shifts: { key: number; value: string }[]; vehicles: { key: number; value: string }[] };
    expect(shifts.map((s) => s.value)).toEqual(expect.arrayContaining(['Syif Pagi', 'Syif Malam']));
    expect(vehicles.length).toBeGreaterThan(0);

    const res = await post('sectmgr', TEAMS_PATHS.scheduleSave, {
      teamId: id,
      shiftId: 1,
      vehicleId: vehicles[0].key,
      cycleDays: 4,
      workDays: [2, 0],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body as TeamScheduleResult;
    expect(body.rows[0]).toMatchObject({ shiftName: 'Syif Pagi', cycleDays: 4, workDays: [0, 2], plateNumber: vehicles[0].value });
    const epoch = Date.UTC(2026, 0, 1);
    for (const d of body.calendar) {
      const pos = ((((Date.parse(`${d.date}T00:00:00Z`) - epoch) / 86_400_000) % 4) + 4) % 4;
      expect(d.works, d.date).toBe(pos === 0 || pos === 2);
      expect(d.shiftName).toBe(d.works ? 'Syif Pagi' : null);
    }
    // the rosters generated from the old schedule are all still there, unchanged
    const rostersAfter = await db().select().from(dutyRoster).where(eq(dutyRoster.teamId, id));
    expect(rostersAfter).toEqual(rostersBefore);
    expect(body.calendar.some((d) => d.hasRoster && !d.works)).toBe(true);

    const h = await history('sectmgr', 'teamSchedule', id);
    expect(h[0].action).toBe('update');
    expect(h[0].by.pkStaffId).toBe(staffOf.sectmgr);
    expect(h[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'shiftName', old: 'Syif Malam', new: 'Syif Pagi' },
        { field: 'cycleDays', old: 1, new: 4 },
        { field: 'workDays', old: [0], new: [0, 2] },
      ]),
    );
    // the list shows the new shift
    expect((await listTeams('sectmgr', { name: 'N9-MALAM-A' })).rows[0].shiftName).toBe('Syif Pagi');
  });

  it('schedule validation: cycle 1–28, work days within the cycle and at least one, an existing active shift, the section’s vehicle: 400, nothing written', async () => {
    const id = teamId['S1-PAGI-A'];
    const [inactive] = await db()
      .insert(shift)
      .values({ id: 90, name: 'Syif Lama', startHour: '08:00', endHour: '17:00', isActive: false })
      .returning({ id: shift.id });
    const [otherVehicle] = await db()
      .select({ id: vehicle.id })
      .from(vehicle)
      .where(and(eq(vehicle.sectionId, sectionId.N9), eq(vehicle.isActive, true)))
      .limit(1);
    const [offRoad] = await db()
      .select({ id: vehicle.id })
      .from(vehicle)
      .where(and(eq(vehicle.sectionId, sectionId.N9), eq(vehicle.isActive, false)))
      .limit(1);
    const before = await db().select().from(teamSchedule).where(eq(teamSchedule.teamId, id));
    const changes = await db().$count(adminChange);
    const cases: [Record<string, unknown>, string][] = [
      [{ shiftId: 1, cycleDays: 0, workDays: [0] }, 'cycleDays'],
      [{ shiftId: 1, cycleDays: 29, workDays: [0] }, 'cycleDays'],
      [{ shiftId: 1, cycleDays: 1.5, workDays: [0] }, 'cycleDays'],
      [{ shiftId: 1, workDays: [0] }, 'cycleDays'],
      [{ shiftId: 1, cycleDays: 7, workDays: [] }, 'workDays'],
      [{ shiftId: 1, cycleDays: 7, workDays: [7] }, 'workDays'],
      [{ shiftId: 1, cycleDays: 7, workDays: [-1] }, 'workDays.0'],
      [{ shiftId: 1, cycleDays: 7, workDays: [1, 1] }, 'workDays'],
      [{ cycleDays: 7, workDays: [1] }, 'shiftId'],
      [{ shiftId: 999, cycleDays: 7, workDays: [1] }, 'shiftId'],
      [{ shiftId: inactive.id, cycleDays: 7, workDays: [1] }, 'shiftId'],
      [{ shiftId: 1, cycleDays: 7, workDays: [1], vehicleId: otherVehicle.id }, 'vehicleId'],
      [{ shiftId: 1, cycleDays: 7, workDays: [1], vehicleId: 9_999_999 }, 'vehicleId'],
    ];
    if (offRoad) cases.push([{ shiftId: 1, cycleDays: 7, workDays: [1], vehicleId: offRoad.id }, 'vehicleId']);
    for (const [body, field] of cases) {
      const res = await post('regionmgmt', TEAMS_PATHS.scheduleSave, { teamId: id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().body.field, JSON.stringify(body)).toBe(field);
    }
    expect(await db().select().from(teamSchedule).where(eq(teamSchedule.teamId, id))).toEqual(before);
    expect(await db().$count(adminChange)).toBe(changes);
    // the shift list of the form offers only active shifts
    const opts = await get('regionmgmt', TEAMS_PATHS.scheduleOptions(id));
    expect((opts.json().body.shifts as { key: number }[]).some((s) => s.key === inactive.id)).toBe(false);
  });

  it('a new team without a schedule gets one (create), and its calendar is empty before', async () => {
    const t = await createTeam('sectmgr', 'N9-BARU-JADUAL', 'N9');
    const empty = await schedule('sectmgr', t.pkTeamId);
    expect(empty.rows).toHaveLength(0);
    expect(empty.calendar.every((d) => !d.works && d.shiftName === null && !d.hasRoster)).toBe(true);
    const res = await post('sectmgr', TEAMS_PATHS.scheduleSave, { teamId: t.pkTeamId, shiftId: 2, cycleDays: 2, workDays: [1] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().body as TeamScheduleResult).calendar.filter((d) => d.works)).toHaveLength(14);
    const h = await history('sectmgr', 'teamSchedule', t.pkTeamId);
    expect(h).toHaveLength(1);
    expect(h[0].action).toBe('create');
  });

  // ---------------------------------------------------------------------------------------------- delete, history

  it('delete: a team with duty rosters is deactivated and keeps its rosters; one without is erased with its members and schedule', async () => {
    const withRosters = teamId['N9-GANTI'];
    const rosters = await db().$count(dutyRoster, eq(dutyRoster.teamId, withRosters));
    expect(rosters).toBeGreaterThan(0);
    const membersBefore = await memberCount(withRosters);
    const fresh = await createTeam('sectmgr', 'N9-SEMENTARA', 'N9');
    const someone = await newStaff('N9');
    expect((await post('sectmgr', TEAMS_PATHS.membersSave, { teamId: fresh.pkTeamId, staffIds: [someone] })).statusCode).toBe(200);
    expect((await post('sectmgr', TEAMS_PATHS.scheduleSave, { teamId: fresh.pkTeamId, shiftId: 1, cycleDays: 1, workDays: [0] })).statusCode).toBe(
      200,
    );

    // one team out of scope: nothing at all is done
    const refused = await post('sectmgr', TEAMS_PATHS.delete, { ids: [fresh.pkTeamId, teamId['N5-MALAM-A']] });
    expect(refused.statusCode).toBe(403);
    expect(await db().$count(team, eq(team.id, fresh.pkTeamId))).toBe(1);

    const res = await post('sectmgr', TEAMS_PATHS.delete, { ids: [withRosters, fresh.pkTeamId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toEqual({ deleted: [fresh.pkTeamId], deactivated: [withRosters] });
    const [kept] = await db().select().from(team).where(eq(team.id, withRosters));
    expect(kept.isActive).toBe(false);
    expect(await db().$count(dutyRoster, eq(dutyRoster.teamId, withRosters))).toBe(rosters);
    expect(await memberCount(withRosters)).toBe(membersBefore);
    expect(await db().$count(team, eq(team.id, fresh.pkTeamId))).toBe(0);
    expect(await memberCount(fresh.pkTeamId)).toBe(0);
    expect(await db().$count(teamSchedule, eq(teamSchedule.teamId, fresh.pkTeamId))).toBe(0);
    expect((await get('sectmgr', TEAMS_PATHS.get(withRosters))).json().body).toMatchObject({ isActive: false, rosterCount: rosters });
    // the deactivated team is in the inactive list, not the active one
    expect((await listTeams('sectmgr', { isActive: false })).rows.some((r) => r.pkTeamId === withRosters)).toBe(true);
    expect((await listTeams('sectmgr', { isActive: true })).rows.some((r) => r.pkTeamId === withRosters)).toBe(false);

    const h = await history('sectmgr', 'team', withRosters);
    expect(h[0]).toMatchObject({ action: 'deactivate', changes: [{ field: 'isActive', old: true, new: false }] });
    const [erased] = await db()
      .select()
      .from(adminChange)
      .where(and(eq(adminChange.entity, 'team'), eq(adminChange.entityId, fresh.pkTeamId), eq(adminChange.action, 'delete')));
    expect(erased.staffId).toBe(staffOf.sectmgr);
    expect(JSON.stringify(erased.changes)).toContain('N9-SEMENTARA');
    expect((await post('sectmgr', TEAMS_PATHS.delete, { ids: [fresh.pkTeamId] })).statusCode).toBe(404);
  });

  it('change history: team create and update, members added and removed, each with who and the old and new values', async () => {
    const t = await createTeam('regionmgmt', 'S1-SEJARAH', 'S1');
    expect((await post('regionmgmt', TEAMS_PATHS.save, { pkTeamId: t.pkTeamId, teamName: 'S1-SEJARAH-2', sectionId: sectionId.S1 })).statusCode).toBe(
      200,
    );
    const h = await history('regionmgmt', 'team', t.pkTeamId);
    expect(h.map((r) => r.action)).toEqual(['update', 'create']);
    expect(h[0].by).toEqual({ pkStaffId: staffOf.regionmgmt, displayName: 'Haslinda binti Omar' });
    expect(h[0].changes).toEqual([{ field: 'teamName', old: 'S1-SEJARAH', new: 'S1-SEJARAH-2' }]);
    expect(h[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'teamName', old: null, new: 'S1-SEJARAH' },
        { field: 'sectionName', old: null, new: 'S1' },
      ]),
    );
    // saving without a change records nothing
    expect((await post('regionmgmt', TEAMS_PATHS.save, { pkTeamId: t.pkTeamId, teamName: 'S1-SEJARAH-2', sectionId: sectionId.S1 })).statusCode).toBe(
      200,
    );
    expect(await history('regionmgmt', 'team', t.pkTeamId)).toHaveLength(2);

    const person = await newStaff('S1');
    const added = await post('regionmgmt', TEAMS_PATHS.membersSave, { teamId: t.pkTeamId, staffIds: [person] });
    const memberId = (added.json().body as TeamMemberRow[])[0].pkTeamMemberId;
    expect((await post('regionmgmt', TEAMS_PATHS.membersDelete, { ids: [memberId] })).statusCode).toBe(200);
    const mh = await history('sectmgr', 'teamMember', t.pkTeamId);
    expect(mh.map((r) => r.action)).toEqual(['delete', 'create']);
    expect(mh[1].changes).toEqual(expect.arrayContaining([{ field: 'staffId', old: null, new: person }]));
    expect(mh[0].changes).toEqual(expect.arrayContaining([{ field: 'staffId', old: person, new: null }]));
    // only those who may administer read history
    expect((await get('tmca', ADMIN_PATHS.history('team', t.pkTeamId))).statusCode).toBe(403);
  });
});
