/**
 * Leave administration (issue #14 item 3): who may call what, the region scope, the bad input of the issue (leave
 * ending before it starts, overlapping leave), the roster conflicts and what approving does with them, the own-leave
 * rule, deletion, the CSV and the change history.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { ADMIN_PATHS } from '../../contract/admin';
import { LEAVE_MESSAGES, LEAVE_PATHS } from '../../contract/leave';
import { appUser, dutyRoster, dutyRosterAbsence, region, role, section, staff, staffLeave, team, teamMember } from '../../server/db/schema';
import { ensureDemoLeave } from '../../server/db/seed/shifts';
import { localDate } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';
import { nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;

describe('leave administration', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const sid: Record<string, number> = {};
  /** a manager of the Utara region (generated staff, signs in with its staff number) */
  let utaraManager: string;
  /** day-shift patrol members of N9 (not the demo 'pr', who has a demo leave) */
  let members: number[];
  const day = (n: number) => localDate(nowMs(), n);

  const post = (who: string | null, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    call(app, who === null ? null : tok[who], { method: 'POST', url, payload: payload as object, headers });
  const get = (who: string, url: string) => call(app, tok[who], { method: 'GET', url });
  const leavesOf = (staffId: number) => app.ctx.db.select().from(staffLeave).where(eq(staffLeave.staffId, staffId));

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.ctx.db;
    const [utara] = await db
      .select({ username: appUser.username })
      .from(appUser)
      .innerJoin(role, eq(role.id, appUser.roleId))
      .innerJoin(staff, eq(staff.id, appUser.staffId))
      .innerJoin(section, eq(section.id, staff.sectionId))
      .innerJoin(region, eq(region.id, section.regionId))
      .where(and(eq(region.name, 'Utara'), inArray(role.name, ['SECTMGR', 'REGIONMGMT']), eq(appUser.isActive, true)))
      .limit(1);
    utaraManager = utara.username;
    for (const u of ['sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin', 'tmca', 'pr', 'admin', 'sc', utaraManager]) {
      const s = await login(app, u);
      tok[u] = s.token;
      sid[u] = s.user.pkStaffId;
    }
    const [n9] = await db.select({ id: team.id }).from(team).where(eq(team.name, 'N9-PAGI-A'));
    const rows = await db
      .select({ staffId: teamMember.staffId })
      .from(teamMember)
      .where(and(eq(teamMember.teamId, n9.id), ne(teamMember.staffId, sid.pr)))
      .orderBy(teamMember.staffId);
    members = rows.map((r) => r.staffId);
    expect(members.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(async () => app?.cleanup());

  it('the list is for the managers only; others 403, no token 401', async () => {
    for (const who of ['sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin']) {
      const res = await post(who, `${LEAVE_PATHS.dataTables}?length=10`, {});
      expect(res.statusCode, who).toBe(200);
      expect(res.json().body).toMatchObject({ rows: expect.any(Array), recordCount: expect.any(Number), page: 0, size: 10 });
    }
    for (const who of ['tmca', 'pr', 'admin', 'sc']) {
      expect((await post(who, LEAVE_PATHS.dataTables, {})).statusCode, who).toBe(403);
      expect((await post(who, LEAVE_PATHS.save, { pkStaffId: members[0], leaveTypeId: 1, dateFrom: day(30), dateTo: day(30) })).statusCode, who).toBe(
        403,
      );
    }
    expect((await post(null, LEAVE_PATHS.dataTables, {})).statusCode).toBe(401);
    expect(await leavesOf(members[0])).toHaveLength(0);
  });

  let keepId: number;
  it('a new leave is requested and carries the rosters it meets as conflicts', async () => {
    const res = await post('sectmgr', LEAVE_PATHS.save, {
      pkStaffId: members[0],
      leaveTypeId: 1,
      dateFrom: day(3),
      dateTo: day(4),
      remark: '  Urusan keluarga ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body;
    expect(body).toMatchObject({
      pkStaffId: members[0],
      status: 'requested',
      leaveTypeName: 'Cuti Tahunan',
      dateFrom: day(3),
      dateTo: day(4),
      days: 2,
      remark: 'Urusan keluarga',
      approver: null,
      sectionName: 'N9',
    });
    expect(body.createdBy.pkStaffId).toBe(sid.sectmgr);
    // the N9 day team works every day: one roster on each day of the leave
    expect(body.conflicts.map((c: { date: string }) => c.date)).toEqual([day(3), day(4)]);
    expect(body.conflicts[0]).toMatchObject({
      pkDutyRosterId: expect.any(Number),
      dutyRosterName: expect.stringContaining('N9-PAGI-A'),
      shift: 'Syif Pagi',
      startHour: '07:00',
      teamName: 'N9-PAGI-A',
    });
    keepId = body.pkLeaveId;

    const one = await get('sectmgr', LEAVE_PATHS.get(keepId));
    expect(one.statusCode).toBe(200);
    expect(one.json().body.conflicts).toHaveLength(2);
    const list = await post('sectmgr', `${LEAVE_PATHS.dataTables}?length=50`, { pkStaffId: members[0] });
    expect(list.json().body.rows).toHaveLength(1);
    expect(list.json().body.rows[0].conflicts).toHaveLength(2);
    const conflictsOnly = await post('sectmgr', `${LEAVE_PATHS.dataTables}?length=50`, { conflictsOnly: true });
    expect(conflictsOnly.json().body.rows.map((r: { pkLeaveId: number }) => r.pkLeaveId)).toContain(keepId);
    expect(conflictsOnly.json().body.rows.every((r: { conflicts: unknown[] }) => r.conflicts.length > 0)).toBe(true);
  });

  it('a leave ending before it starts is refused with 400 naming dateTo, and nothing is written', async () => {
    const before = (await leavesOf(members[1])).length;
    const res = await post('sectmgr', LEAVE_PATHS.save, { pkStaffId: members[1], leaveTypeId: 2, dateFrom: day(10), dateTo: day(9) });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.field).toBe('dateTo');
    expect(res.json().statusMsg).toContain(LEAVE_MESSAGES.toBeforeFrom);
    for (const bad of [
      { payload: { pkStaffId: members[1], leaveTypeId: 99, dateFrom: day(10), dateTo: day(10) }, field: 'leaveTypeId' },
      { payload: { pkStaffId: members[1], leaveTypeId: 1, dateFrom: '10/12/2026', dateTo: day(10) }, field: 'dateFrom' },
      { payload: { pkStaffId: members[1], leaveTypeId: 1, dateFrom: day(10), dateTo: day(500) }, field: 'dateTo' },
      { payload: { pkStaffId: 99_999_999, leaveTypeId: 1, dateFrom: day(10), dateTo: day(10) }, field: 'pkStaffId' },
    ]) {
      const r = await post('sectmgr', LEAVE_PATHS.save, bad.payload);
      expect(r.statusCode, JSON.stringify(bad.payload)).toBe(400);
      expect(r.json().body.field).toBe(bad.field);
    }
    expect(await leavesOf(members[1])).toHaveLength(before);
  });

  it('a leave overlapping another requested or approved leave of the same person is refused with 409', async () => {
    const res = await post('sectmgr', LEAVE_PATHS.save, { pkStaffId: members[0], leaveTypeId: 2, dateFrom: day(4), dateTo: day(6) });
    expect(res.statusCode).toBe(409);
    expect(res.json().statusMsg).toContain(LEAVE_MESSAGES.overlap);
    expect(await leavesOf(members[0])).toHaveLength(1);
    // the form's check says the same before saving
    const check = await post('sectmgr', LEAVE_PATHS.checkConflicts, { pkStaffId: members[0], dateFrom: day(4), dateTo: day(6) });
    expect(check.statusCode).toBe(200);
    expect(check.json().body.overlapping.map((o: { pkLeaveId: number }) => o.pkLeaveId)).toEqual([keepId]);
    expect(check.json().body.conflicts.map((c: { date: string }) => c.date)).toEqual([day(4), day(5), day(6)]);
    // editing the leave itself does not overlap with itself
    const edit = await post('sectmgr', LEAVE_PATHS.save, {
      pkLeaveId: keepId,
      pkStaffId: members[0],
      leaveTypeId: 1,
      dateFrom: day(3),
      dateTo: day(5),
      remark: 'Urusan keluarga',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().body.days).toBe(3);
  });

  it("a manager of another region neither sees nor decides this region's leave", async () => {
    const u = utaraManager;
    expect((await get(u, LEAVE_PATHS.get(keepId))).statusCode).toBe(403);
    const list = await post(u, `${LEAVE_PATHS.dataTables}?length=500`, {});
    expect(list.statusCode).toBe(200);
    expect(list.json().body.rows.some((r: { pkLeaveId: number }) => r.pkLeaveId === keepId)).toBe(false);
    expect(list.json().body.rows.every((r: { regionName: string }) => r.regionName === 'Utara')).toBe(true);
    expect((await post(u, LEAVE_PATHS.dataTables, { pkStaffId: members[0] })).statusCode).toBe(403);
    expect((await post(u, LEAVE_PATHS.decide, { pkLeaveId: keepId, decision: 'approved', rosterAction: 'keep' })).statusCode).toBe(403);
    expect((await post(u, LEAVE_PATHS.save, { pkStaffId: members[1], leaveTypeId: 1, dateFrom: day(20), dateTo: day(20) })).statusCode).toBe(403);
    expect((await post(u, LEAVE_PATHS.delete, { ids: [keepId] })).statusCode).toBe(403);
    expect((await get(u, ADMIN_PATHS.history('leave', keepId))).statusCode).toBe(403);
    const [row] = await app.ctx.db.select().from(staffLeave).where(eq(staffLeave.id, keepId));
    expect(row.status).toBe('requested');
    // its own region's staff are listed for it, not N9's
    const opts = await post(u, LEAVE_PATHS.staffOptions, {});
    expect(opts.statusCode).toBe(200);
    expect(opts.json().body.length).toBeGreaterThan(0);
    expect(opts.json().body.some((o: { pkStaffId: number }) => o.pkStaffId === members[0])).toBe(false);
  });

  it('approving a leave with conflicts needs rosterAction (400); keep approves and leaves the conflicts visible', async () => {
    const refused = await post('sectmgr', LEAVE_PATHS.decide, { pkLeaveId: keepId, decision: 'approved' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().body.field).toBe('rosterAction');
    let [row] = await app.ctx.db.select().from(staffLeave).where(eq(staffLeave.id, keepId));
    expect(row.status).toBe('requested');

    const kept = await post('sectmgr', LEAVE_PATHS.decide, { pkLeaveId: keepId, decision: 'approved', rosterAction: 'keep' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().body).toMatchObject({ status: 'approved', approver: { pkStaffId: sid.sectmgr }, releasedRosterIds: [] });
    expect(kept.json().body.conflicts).toHaveLength(3);
    expect(await app.ctx.db.select().from(dutyRosterAbsence).where(eq(dutyRosterAbsence.staffId, members[0]))).toHaveLength(0);
    [row] = await app.ctx.db.select().from(staffLeave).where(eq(staffLeave.id, keepId));
    expect(row.status).toBe('approved');
    expect(row.decidedAt).toBeInstanceOf(Date);

    // decided: no second decision, no edit, no delete
    expect((await post('sectmgr', LEAVE_PATHS.decide, { pkLeaveId: keepId, decision: 'rejected' })).statusCode).toBe(409);
    expect(
      (await post('sectmgr', LEAVE_PATHS.save, { pkLeaveId: keepId, pkStaffId: members[0], leaveTypeId: 1, dateFrom: day(3), dateTo: day(3) }))
        .statusCode,
    ).toBe(409);
    expect((await post('sectmgr', LEAVE_PATHS.delete, { ids: [keepId] })).statusCode).toBe(409);
  });

  it('release writes duty_roster_absence rows: the person is off those rosters, which stay', async () => {
    const created = await post('regionmgmt', LEAVE_PATHS.save, { pkStaffId: members[1], leaveTypeId: 6, dateFrom: day(1), dateTo: day(2) });
    expect(created.statusCode, created.body).toBe(200);
    const leave = created.json().body;
    const rosterIds = leave.conflicts.map((c: { pkDutyRosterId: number }) => c.pkDutyRosterId);
    expect(rosterIds).toHaveLength(2);

    const res = await post('regionmgmt', LEAVE_PATHS.decide, { pkLeaveId: leave.pkLeaveId, decision: 'approved', rosterAction: 'release' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ status: 'approved', conflicts: [], releasedRosterIds: [...rosterIds].sort((a, b) => a - b) });
    const absences = await app.ctx.db.select().from(dutyRosterAbsence).where(eq(dutyRosterAbsence.staffId, members[1]));
    expect(absences.map((a) => a.dutyRosterId).sort()).toEqual([...rosterIds].sort());
    expect(absences.every((a) => a.leaveId === leave.pkLeaveId)).toBe(true);
    expect(await app.ctx.db.select({ id: dutyRoster.id }).from(dutyRoster).where(inArray(dutyRoster.id, rosterIds))).toHaveLength(2);
    const [decided] = (await get('regionmgmt', ADMIN_PATHS.history('leave', leave.pkLeaveId))).json().body;
    const releasedNote = decided.changes.find((c: { field: string }) => c.field === 'releasedRosters');
    expect(releasedNote.new).toEqual(leave.conflicts.map((c: { dutyRosterName: string }) => expect.stringContaining(c.dutyRosterName)));
    // a new leave over those days no longer meets the released rosters
    const check = await post('regionmgmt', LEAVE_PATHS.checkConflicts, { pkStaffId: members[1], dateFrom: day(1), dateTo: day(2) });
    expect(check.json().body.conflicts).toEqual([]);
    // and the roster list no longer counts the person on them (the rest of the team stays)
    let seen = 0;
    for (const date of [day(1), day(2)]) {
      const list = await post('regionmgmt', `${PATHS.dutyRosterDataTables}?length=1000`, { date });
      expect(list.statusCode, list.body).toBe(200);
      for (const r of (list.json().body.rows as { pkDutyRosterId: number; members: { pkStaffId: number }[] }[]).filter((x) =>
        rosterIds.includes(x.pkDutyRosterId),
      )) {
        expect(r.members.map((m) => m.pkStaffId)).not.toContain(members[1]);
        expect(r.members.length).toBeGreaterThan(0);
        seen++;
      }
    }
    expect(seen).toBeGreaterThanOrEqual(2);
  });

  it('nobody decides their own leave; another manager may', async () => {
    const own = await post('sectmgr', LEAVE_PATHS.save, { pkStaffId: sid.sectmgr, leaveTypeId: 1, dateFrom: day(40), dateTo: day(41) });
    expect(own.statusCode, own.body).toBe(200);
    const id = own.json().body.pkLeaveId;
    expect(own.json().body.conflicts).toEqual([]);
    const refused = await post('sectmgr', LEAVE_PATHS.decide, { pkLeaveId: id, decision: 'approved' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().statusMsg).toBe(LEAVE_MESSAGES.ownLeave);
    expect((await post('sectmgr', LEAVE_PATHS.decide, { pkLeaveId: id, decision: 'rejected' })).statusCode).toBe(403);
    const [row] = await app.ctx.db.select().from(staffLeave).where(eq(staffLeave.id, id));
    expect(row.status).toBe('requested');
    const ok = await post('opsmgmt', LEAVE_PATHS.decide, { pkLeaveId: id, decision: 'approved' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().body.approver.pkStaffId).toBe(sid.opsmgmt);
  });

  it('a requested leave can be rejected (no rosterAction needed) or deleted; all or none', async () => {
    const a = (await post('sectmgr', LEAVE_PATHS.save, { pkStaffId: members[1], leaveTypeId: 3, dateFrom: day(60), dateTo: day(60) })).json().body
      .pkLeaveId;
    const b = (await post('sectmgr', LEAVE_PATHS.save, { pkStaffId: members[1], leaveTypeId: 3, dateFrom: day(62), dateTo: day(62) })).json().body
      .pkLeaveId;
    const rejected = await post('sectmgr', LEAVE_PATHS.decide, { pkLeaveId: a, decision: 'rejected' });
    expect(rejected.json().body).toMatchObject({ status: 'rejected', conflicts: [] });
    // a is decided: deleting a and b together deletes neither
    expect((await post('sectmgr', LEAVE_PATHS.delete, { ids: [b, a] })).statusCode).toBe(409);
    expect(
      await app.ctx.db
        .select()
        .from(staffLeave)
        .where(inArray(staffLeave.id, [a, b])),
    ).toHaveLength(2);
    const del = await post('sectmgr', LEAVE_PATHS.delete, { ids: [b] });
    expect(del.statusCode).toBe(200);
    expect(await app.ctx.db.select().from(staffLeave).where(eq(staffLeave.id, b))).toHaveLength(0);
    // a rejected leave does not block new leave on its days
    expect((await post('sectmgr', LEAVE_PATHS.save, { pkStaffId: members[1], leaveTypeId: 2, dateFrom: day(60), dateTo: day(60) })).statusCode).toBe(
      200,
    );
    expect((await get('sectmgr', LEAVE_PATHS.get(b))).statusCode).toBe(404);
  });

  it('every change is in the history: who, when, old and new values', async () => {
    const res = await get('sectmgr', ADMIN_PATHS.history('leave', keepId));
    expect(res.statusCode).toBe(200);
    const records = res.json().body as { action: string; by: { pkStaffId: number }; changes: { field: string; old: unknown; new: unknown }[] }[];
    // newest first: approved, edited, created
    expect(records.map((r) => r.action)).toEqual(['update', 'update', 'create']);
    expect(records.every((r) => r.by.pkStaffId === sid.sectmgr)).toBe(true);
    const [manager] = await app.ctx.db.select().from(staff).where(eq(staff.id, sid.sectmgr));
    const [member] = await app.ctx.db.select().from(staff).where(eq(staff.id, members[0]));
    const dmy = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;
    // as a person reads them: names, labels, dd-mm-yyyy
    expect(records[0].changes).toEqual([
      { field: 'status', old: 'Dimohon', new: 'Diluluskan' },
      { field: 'approver', old: null, new: `${manager.displayName} (${manager.staffNo})` },
      { field: 'rosterAction', old: null, new: 'Kekalkan dalam jadual tugas' },
    ]);
    expect(records[1].changes).toEqual([{ field: 'dateTo', old: dmy(day(4)), new: dmy(day(5)) }]);
    expect(records[2].changes).toEqual(
      expect.arrayContaining([
        { field: 'staff', old: null, new: `${member.displayName} (${member.staffNo})` },
        { field: 'leaveType', old: null, new: 'Cuti Tahunan' },
        { field: 'dateFrom', old: null, new: dmy(day(3)) },
        { field: 'status', old: null, new: 'Dimohon' },
      ]),
    );
    expect((await get('tmca', ADMIN_PATHS.history('leave', keepId))).statusCode).toBe(403);
  });

  it('the CSV is the filtered list with dd-mm-yyyy dates; a sort column outside the list is 400', async () => {
    const res = await post('sectmgr', LEAVE_PATHS.csv, { pkStaffId: members[0] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cuti-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    const dmy = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;
    expect(lines[1]).toContain(`"${dmy(day(3))}","${dmy(day(5))}","3","Diluluskan"`);
    expect(lines[1]).toContain('"Cuti Tahunan"');
    expect((await post('sectmgr', `${LEAVE_PATHS.dataTables}?orderColumn=password`, {})).statusCode).toBe(400);
    const sorted = await post('sectmgr', `${LEAVE_PATHS.dataTables}?orderColumn=days&direction=desc&length=100`, {});
    const days = sorted.json().body.rows.map((r: { days: number }) => r.days);
    expect([...days].sort((x, y) => y - x)).toEqual(days);
  });

  it("the demo leave is seeded: the day-shift leader's request meets his two rosters", async () => {
    const rows = await post('opsmgmt', `${LEAVE_PATHS.dataTables}?length=100`, { text: 'Mohd Faizal' });
    expect(rows.json().body.rows.some((r: { status: string; conflicts: unknown[] }) => r.status === 'requested' && r.conflicts.length === 2)).toBe(
      true,
    );
    // once: a later start adds nothing
    expect(await ensureDemoLeave(app.ctx.db)).toBe(0);
  });

  it('a save queued offline and sent twice (same Idempotency-Key) records one leave', async () => {
    const payload = { pkStaffId: members[1], leaveTypeId: 4, dateFrom: day(80), dateTo: day(80) };
    const headers = { 'idempotency-key': 'leave-test-0001' };
    const first = await post('sectmgr', LEAVE_PATHS.save, payload, headers);
    const again = await post('sectmgr', LEAVE_PATHS.save, payload, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().body.pkLeaveId).toBe(first.json().body.pkLeaveId);
    const rows = (await leavesOf(members[1])).filter((l) => l.dateFrom === day(80));
    expect(rows).toHaveLength(1);
  });
});
