/**
 * The end-of-duty report (Laporan Tamat Tugas) and its acknowledgement (issue #15 items 4–5; §4.3, §7.7): the happy
 * path entries → summary → verify → approve → the report and the list show it; revoke by SUPERADMIN with a
 * justification; every refusal (verifying one's own report, before the end, approving before verification, editing
 * a verified or approved report, region scope, permissions) a clear 4xx with nothing written; the list and its CSV.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_EVENT,
  ACTIVITY_MESSAGES,
  ACTIVITY_PATHS,
  type AckState,
  type EndOfDutyReport,
  type EndOfDutyRow,
} from '../../contract/activity-log';
import { adminChange, dutyRoster, incidentAudit, incident, section, team } from '../../server/db/schema';
import { localDmy } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';
import { insertIncident } from './support/incident-fixtures';
import { countOf, makeRoster, min, staffIdOf } from './support/activity-log-fixtures';
import { nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Roster = Awaited<ReturnType<typeof makeRoster>>;

describe('end-of-duty report and acknowledgement (issue #15 items 4–5)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const sid: Record<string, number> = {};
  /** PAGI-A, ended 22 h ago: the happy path */
  let ended: Roster;
  /** PAGI-A on shift now */
  let live: Roster;
  /** MALAM-A, ended, with the SC among its people by name */
  let scOwn: Roster;
  /** MALAM-A, ended, with the section manager among its people by name */
  let mgrOwn: Roster;
  /** a roster of another region, ended */
  let foreign: Roster;

  const ack = (who: string, payload: object) => call(app, tok[who], { method: 'POST', url: ACTIVITY_PATHS.updateAck, payload });
  const report = (who: string, id: number) => call(app, tok[who], { method: 'GET', url: ACTIVITY_PATHS.report(id) });
  const save = (who: string, payload: object) => call(app, tok[who], { method: 'POST', url: ACTIVITY_PATHS.save, payload });
  const listRows = (who: string, payload: object, qs = '') =>
    call(app, tok[who], { method: 'POST', url: `${ACTIVITY_PATHS.reportDataTables}${qs}`, payload });
  const at = (r: Roster, minutes: number) => new Date(r.startsAt.getTime() + min(minutes));
  const ackColumns = async (id: number) => {
    const [r] = await app.ctx.db
      .select({
        isDisemak: dutyRoster.isDisemak,
        acknowledgedBy: dutyRoster.acknowledgedBy,
        isDisahkan: dutyRoster.isDisahkan,
        approvedBy: dutyRoster.approvedBy,
      })
      .from(dutyRoster)
      .where(eq(dutyRoster.id, id));
    return r;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['pr', 'pr.malam', 'tmca', 'tmcs', 'tmca.utara', 'tsta', 'sc', 'sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin']) {
      const s = await login(app, u);
      tok[u] = s.token;
      sid[u] = s.user.pkStaffId;
    }
    const now = nowMs();
    ended = await makeRoster(app, { teamName: 'N9-PAGI-A', startsAt: new Date(now - min(30 * 60)), hours: 8 });
    live = await makeRoster(app, { teamName: 'N9-PAGI-A', startsAt: new Date(now - min(60)), hours: 8 });
    scOwn = await makeRoster(app, {
      teamName: 'N9-MALAM-A',
      startsAt: new Date(now - min(30 * 60)),
      hours: 8,
      members: [
        { staffId: await staffIdOf(app, 'pr.malam'), roleId: 3701 },
        { staffId: sid.sc, roleId: 3703 },
      ],
    });
    mgrOwn = await makeRoster(app, {
      teamName: 'N9-MALAM-A',
      startsAt: new Date(now - min(40 * 60)),
      hours: 8,
      members: [{ staffId: sid.sectmgr, roleId: 3704 }],
    });
    const [n9] = await app.ctx.db.select().from(section).where(eq(section.id, ended.sectionId));
    const [otherTeam] = await app.ctx.db
      .select({ name: team.name })
      .from(team)
      .innerJoin(section, eq(section.id, team.sectionId))
      .where(and(ne(section.regionId, n9.regionId), eq(team.isActive, true)))
      .orderBy(asc(team.id))
      .limit(1);
    foreign = await makeRoster(app, { teamName: otherTeam.name, startsAt: new Date(now - min(30 * 60)), hours: 8 });
  });
  afterAll(async () => app?.cleanup());

  describe('refusals: a clear 4xx and nothing written', () => {
    async function refused(who: string, payload: object, status: number, message?: string) {
      const rosterId = (payload as { pkDutyRosterId: number }).pkDutyRosterId;
      const before = await ackColumns(rosterId);
      const changes = await countOf(app, 'admin_change');
      const res = await ack(who, payload);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().statusMsg).toBe(message);
      if (before) expect(await ackColumns(rosterId)).toEqual(before);
      expect(await countOf(app, 'admin_change')).toBe(changes);
    }

    it('verifying one’s own report (the SC among the roster’s people); approving one’s own', async () => {
      await refused('sc', { pkDutyRosterId: scOwn.id, action: 'verify' }, 403, ACTIVITY_MESSAGES.verifyOwn);
      // another supervisor verifies it
      expect((await ack('tmcs', { pkDutyRosterId: scOwn.id, action: 'verify' })).statusCode).toBe(200);
      // the section manager verifies nothing of their own either, and approves nothing of their own
      await refused('sectmgr', { pkDutyRosterId: mgrOwn.id, action: 'verify' }, 403, ACTIVITY_MESSAGES.verifyOwn);
      expect((await ack('sc', { pkDutyRosterId: mgrOwn.id, action: 'verify' })).statusCode).toBe(200);
      await refused('sectmgr', { pkDutyRosterId: mgrOwn.id, action: 'approve' }, 403, ACTIVITY_MESSAGES.approveOwn);
      expect((await ack('regionmgmt', { pkDutyRosterId: mgrOwn.id, action: 'approve' })).statusCode).toBe(200);
    });

    it('verifying before the shift ended and before its end is recorded (409); approving before verification (409)', async () => {
      await refused('sc', { pkDutyRosterId: live.id, action: 'verify' }, 409, ACTIVITY_MESSAGES.notEnded);
      await refused('sectmgr', { pkDutyRosterId: live.id, action: 'approve' }, 409, ACTIVITY_MESSAGES.approveBeforeVerify);
      await refused('sectmgr', { pkDutyRosterId: ended.id, action: 'approve' }, 409, ACTIVITY_MESSAGES.approveBeforeVerify);
    });

    it('permissions: a PR cannot verify, a TMC supervisor cannot approve, only SUPERADMIN revokes; TSTA/TMCA cannot acknowledge', async () => {
      await refused('pr', { pkDutyRosterId: ended.id, action: 'verify' }, 403);
      await refused('tmca', { pkDutyRosterId: ended.id, action: 'verify' }, 403);
      await refused('tsta', { pkDutyRosterId: ended.id, action: 'verify' }, 403);
      await refused('tmcs', { pkDutyRosterId: scOwn.id, action: 'approve' }, 403);
      await refused('sectmgr', { pkDutyRosterId: scOwn.id, action: 'revoke', justification: 'Salah semak' }, 403);
    });

    it('region scope: another region’s roster (403); an unknown roster (404)', async () => {
      await refused('sc', { pkDutyRosterId: foreign.id, action: 'verify' }, 403, ACTIVITY_MESSAGES.outOfRegion);
      await refused('sc', { pkDutyRosterId: 999_999, action: 'verify' }, 404, ACTIVITY_MESSAGES.rosterNotFound);
      expect((await report('sc', foreign.id)).statusCode).toBe(403);
      expect((await report('sc', 999_999)).statusCode).toBe(404);
      // a patrol reads only its own team's reports
      expect((await report('pr', scOwn.id)).statusCode).toBe(403);
      // a national role reads every region's
      expect((await report('opsmgmt', foreign.id)).statusCode).toBe(200);
    });

    it('a malformed action or an over-long justification is a 400', async () => {
      await refused('superadmin', { pkDutyRosterId: ended.id, action: 'undo' }, 400);
      await refused('superadmin', { pkDutyRosterId: ended.id, action: 'revoke', justification: 'x'.repeat(151) }, 400);
    });
  });

  describe('the happy path: entries → summary → verify → approve → the report shows it; revoke', () => {
    let caseHeld: { id: number; ticket: string };
    let caseAway: { id: number; ticket: string };

    it('the patrol’s entries and the cases it attended', async () => {
      caseHeld = await insertIncident(app, { section: 'N9', staffId: sid.tmca, rosterId: ended.id, statusId: 298 });
      caseAway = await insertIncident(app, { section: 'N9', staffId: sid.tmca, rosterId: live.id, statusId: 203 });
      await app.ctx.db
        .update(incident)
        .set({ incidentAt: at(ended, 80) })
        .where(eq(incident.id, caseHeld.id));
      await app.ctx.db
        .update(incident)
        .set({ incidentAt: at(ended, 200) })
        .where(eq(incident.id, caseAway.id));
      const audit = (incidentId: number, statusId: number, minute: number, rosterId = ended.id) => ({
        incidentId,
        statusId,
        assignerStaffId: sid.tmca,
        assignerRoleName: 'TMCA',
        assigneeRosterId: rosterId,
        at: at(ended, minute),
      });
      await app.ctx.db.insert(incidentAudit).values([
        audit(caseHeld.id, 203, 82),
        audit(caseHeld.id, 204, 84),
        audit(caseHeld.id, 206, 95),
        audit(caseHeld.id, 207, 110),
        audit(caseHeld.id, 298, 115),
        // assigned to this roster, then reassigned to another: listed with its assignment only
        audit(caseAway.id, 203, 205),
        audit(caseAway.id, 203, 230, live.id),
      ]);

      const entries: [number, number, object?][] = [
        [ACTIVITY_EVENT.SHIFT_START, 0],
        [ACTIVITY_EVENT.PATROL_START, 10],
        [ACTIVITY_EVENT.BREAK, 60],
        [ACTIVITY_EVENT.INCIDENT, 90, { incidentId: caseHeld.id }],
        [ACTIVITY_EVENT.PATROL_END, 120],
        [ACTIVITY_EVENT.SHIFT_END, 470],
      ];
      for (const [eventId, minute, extra] of entries) {
        const res = await save('pr', { dutyRosterId: ended.id, eventId, occurredAt: at(ended, minute).toISOString(), ...extra });
        expect(res.statusCode, res.body).toBe(200);
      }
    });

    it('before verification: the report computes the summary, lists the cases with their step times, and says what the caller may do', async () => {
      const res = await report('sc', ended.id);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json().body as EndOfDutyReport;
      expect(r.lifecycle).toBe('ended');
      expect(r.roster).toMatchObject({
        pkDutyRosterId: ended.id,
        teamName: 'N9-PAGI-A',
        sectionName: 'N9',
        startsAt: ended.startsAt.toISOString(),
        endsAt: ended.endsAt.toISOString(),
      });
      expect(r.roster.members.map((m) => m.displayName)).toContain('Mohd Faizal bin Ismail');
      expect(r.summary).toMatchObject({ rondaCount: 1, rehatMinutes: 30, dluMinutes: 0, lluMinutes: 0, inactiveGpsMinutes: 480 });
      expect(r.activities.map((a) => a.eventName)).toEqual(['Mula Syif', 'Mula Rondaan', 'Rehat', 'Bantuan Insiden', 'Tamat Rondaan', 'Tamat Syif']);
      expect(r.activities[3].ticketNumber).toBe(caseHeld.ticket);
      expect(r.inactiveGps).toEqual([{ from: ended.startsAt.toISOString(), to: ended.endsAt.toISOString(), minutes: 480, kind: 'NOGPS' }]);
      expect(r.checklist).toBeNull();
      expect(r.ack).toMatchObject({ isDisemak: false, acknowledgedBy: null, isDisahkan: false, approvedBy: null });
      const held = r.cases.find((c) => c.incidentId === caseHeld.id)!;
      expect(held).toMatchObject({
        ticketNumber: caseHeld.ticket,
        eventTypeName: expect.any(String),
        statusName: 'Selesai Kes',
        assignedAt: at(ended, 82).toISOString(),
        receivedAt: at(ended, 84).toISOString(),
        arrivedAt: at(ended, 95).toISOString(),
        assistanceDoneAt: at(ended, 110).toISOString(),
        doneAt: at(ended, 115).toISOString(),
      });
      const away = r.cases.find((c) => c.incidentId === caseAway.id)!;
      expect(away).toMatchObject({ assignedAt: at(ended, 205).toISOString(), receivedAt: null, doneAt: null });
      expect(r.cases).toHaveLength(2);
      expect(r.can).toEqual({ verify: true, approve: false, revoke: false, editActivities: true });
      // the patrol may read its own report, and may neither verify nor approve it
      const own = await report('pr', ended.id);
      expect(own.statusCode).toBe(200);
      expect(own.json().body.can).toMatchObject({ verify: false, approve: false, revoke: false });
    });

    it('the supervisor verifies: recorded with name and time, the summary frozen; a second verification is refused', async () => {
      const res = await ack('sc', { pkDutyRosterId: ended.id, action: 'verify' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().statusMsg).toBe(ACTIVITY_MESSAGES.verified);
      const state = res.json().body as AckState;
      expect(state).toMatchObject({ isDisemak: true, acknowledgedBy: sid.sc, acknowledgedByName: 'Siti Aishah binti Kassim', isDisahkan: false });
      expect(nowMs() - Date.parse(state.acknowledgedAt!)).toBeLessThan(60_000);
      const [row] = await app.ctx.db.select().from(dutyRoster).where(eq(dutyRoster.id, ended.id));
      expect(row).toMatchObject({ isDisemak: true, acknowledgedBy: sid.sc, rondaCount: 1, rehatMinutes: 30 });
      const again = await ack('tmcs', { pkDutyRosterId: ended.id, action: 'verify' });
      expect(again.statusCode).toBe(409);
      expect(again.json().statusMsg).toBe(ACTIVITY_MESSAGES.alreadyVerified);
      const rep = (await report('sectmgr', ended.id)).json().body as EndOfDutyReport;
      expect(rep.lifecycle).toBe('verified');
      expect(rep.summary.summaryAt).toBe(state.acknowledgedAt);
      expect(rep.can).toEqual({ verify: false, approve: true, revoke: false, editActivities: false });
    });

    it('a verified report cannot be edited: no entry added, changed or deleted (409)', async () => {
      const before = await countOf(app, 'activity_log');
      const add = await save('pr', { dutyRosterId: ended.id, eventId: ACTIVITY_EVENT.BREAK, occurredAt: at(ended, 300).toISOString() });
      expect(add.statusCode).toBe(409);
      expect(add.json().statusMsg).toBe(ACTIVITY_MESSAGES.lockedByAck);
      expect(await countOf(app, 'activity_log')).toBe(before);
    });

    it('the manager approves: recorded; the report and the list show the whole acknowledgement; a second approval is refused', async () => {
      const res = await ack('sectmgr', { pkDutyRosterId: ended.id, action: 'approve' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().statusMsg).toBe(ACTIVITY_MESSAGES.approved);
      expect(res.json().body).toMatchObject({
        isDisemak: true,
        isDisahkan: true,
        approvedBy: sid.sectmgr,
        approvedByName: 'Ir. Kamarul Zaman bin Othman',
      });
      expect((await ack('regionmgmt', { pkDutyRosterId: ended.id, action: 'approve' })).statusCode).toBe(409);
      // editing an approved report
      const edit = await save('tmca', { dutyRosterId: ended.id, eventId: ACTIVITY_EVENT.REFUEL, occurredAt: at(ended, 300).toISOString() });
      expect(edit.statusCode).toBe(409);

      const rep = (await report('superadmin', ended.id)).json().body as EndOfDutyReport;
      expect(rep.lifecycle).toBe('approved');
      expect(rep.ack).toMatchObject({ acknowledgedByName: 'Siti Aishah binti Kassim', approvedByName: 'Ir. Kamarul Zaman bin Othman' });
      expect(rep.summary).toMatchObject({ rondaCount: 1, rehatMinutes: 30 });
      expect(rep.can).toEqual({ verify: false, approve: false, revoke: true, editActivities: false });

      const list = await listRows('sc', { dateFrom: ended.startDate, dateTo: ended.startDate, sectionId: ended.sectionId, lifecycle: 'approved' });
      expect(list.statusCode, list.body).toBe(200);
      const row = (list.json().body.rows as EndOfDutyRow[]).find((r) => r.pkDutyRosterId === ended.id)!;
      expect(row).toMatchObject({
        lifecycle: 'approved',
        teamName: 'N9-PAGI-A',
        activityCount: 6,
        caseCount: 2,
        rondaCount: 1,
        rehatMinutes: 30,
        acknowledgedByName: 'Siti Aishah binti Kassim',
        approvedByName: 'Ir. Kamarul Zaman bin Othman',
      });
    });

    it('revoke: SUPERADMIN only, with a justification; the approval first, then the verification; recorded with the justification', async () => {
      const none = await ack('superadmin', { pkDutyRosterId: ended.id, action: 'revoke' });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ statusMsg: ACTIVITY_MESSAGES.revokeNeedsJustification, body: { field: 'justification' } });
      expect(await ackColumns(ended.id)).toMatchObject({ isDisemak: true, isDisahkan: true });

      const first = await ack('superadmin', { pkDutyRosterId: ended.id, action: 'revoke', justification: 'Kiraan rehat perlu disemak semula' });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().statusMsg).toBe(ACTIVITY_MESSAGES.revoked);
      expect(first.json().body).toMatchObject({ isDisemak: true, isDisahkan: false, approvedBy: null, approvedAt: null });
      const second = await ack('superadmin', { pkDutyRosterId: ended.id, action: 'revoke', justification: 'Aktiviti tertinggal' });
      expect(second.json().body).toMatchObject({ isDisemak: false, acknowledgedBy: null, acknowledgedAt: null });
      const third = await ack('superadmin', { pkDutyRosterId: ended.id, action: 'revoke', justification: 'Lagi' });
      expect(third.statusCode).toBe(409);
      expect(third.json().statusMsg).toBe(ACTIVITY_MESSAGES.nothingToRevoke);

      const log = await app.ctx.db
        .select()
        .from(adminChange)
        .where(and(eq(adminChange.entity, 'roster'), eq(adminChange.entityId, ended.id)))
        .orderBy(asc(adminChange.id));
      const acks = log.filter((c) => c.changes.some((x) => x.field === 'isDisemak' || x.field === 'isDisahkan'));
      expect(acks).toHaveLength(4); // verify, approve, revoke, revoke
      expect(acks[2].changes).toEqual(
        expect.arrayContaining([
          { field: 'isDisahkan', old: true, new: false },
          { field: 'justification', old: null, new: 'Kiraan rehat perlu disemak semula' },
        ]),
      );
      expect(acks[3].changes).toEqual(
        expect.arrayContaining([
          { field: 'isDisemak', old: true, new: false },
          { field: 'justification', old: null, new: 'Aktiviti tertinggal' },
        ]),
      );
      expect(acks.every((c) => c.staffId !== null)).toBe(true);

      // editable again, and verifiable again
      const add = await save('pr', { dutyRosterId: ended.id, eventId: ACTIVITY_EVENT.HANDOVER, occurredAt: at(ended, 475).toISOString() });
      expect(add.statusCode, add.body).toBe(200);
      expect((await report('sc', ended.id)).json().body.lifecycle).toBe('ended');
    });

    it('a roster still on shift is verifiable once its end is recorded (Tamat Syif)', async () => {
      const end = await save('pr', {
        dutyRosterId: live.id,
        eventId: ACTIVITY_EVENT.SHIFT_END,
        occurredAt: new Date(nowMs() - 60_000).toISOString(),
      });
      expect(end.statusCode, end.body).toBe(200);
      expect((await report('sc', live.id)).json().body.lifecycle).toBe('ended');
      expect((await ack('sc', { pkDutyRosterId: live.id, action: 'verify' })).statusCode).toBe(200);
    });
  });

  describe('laporanTamatTugasData: list and CSV', () => {
    it('by date newest first by default, within the caller’s scope; filters by lifecycle; refuses another region', async () => {
      const res = await listRows('sc', {}, '?length=200');
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().body.rows as EndOfDutyRow[];
      expect(rows.length).toBeGreaterThan(3);
      const dates = rows.map((r) => `${r.startDate} ${r.startHour}`);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(rows.every((r) => r.regionName === rows[0].regionName)).toBe(true);
      expect(rows.some((r) => r.pkDutyRosterId === foreign.id)).toBe(false);
      // the default page size
      expect((await listRows('sc', {})).json().body.size).toBe(50);

      const planned = (await listRows('sc', { lifecycle: 'planned' }, '?length=500')).json().body.rows as EndOfDutyRow[];
      expect(planned.length).toBeGreaterThan(0);
      expect(planned.every((r) => r.lifecycle === 'planned')).toBe(true);
      const verified = (await listRows('sc', { lifecycle: 'verified' }, '?length=500')).json().body.rows as EndOfDutyRow[];
      expect(verified.map((r) => r.pkDutyRosterId).sort()).toEqual([scOwn.id, live.id].sort());

      expect((await listRows('tmca.utara', { regionId: ended.regionId })).statusCode).toBe(403);
      expect((await listRows('tmca.utara', { sectionId: ended.sectionId })).statusCode).toBe(403);
      expect((await listRows('sc', {}, '?orderColumn=nope')).statusCode).toBe(400);
      expect((await listRows('sc', { dateFrom: '2026-11-22', dateTo: '2026-11-01' })).statusCode).toBe(400);
      // national roles see every region; a patrol its own team's rosters only
      const all = (await listRows('opsmgmt', { dateFrom: foreign.startDate, dateTo: foreign.startDate }, '?length=1000')).json().body
        .rows as EndOfDutyRow[];
      expect(all.some((r) => r.pkDutyRosterId === foreign.id) && all.some((r) => r.pkDutyRosterId === ended.id)).toBe(true);
      const mine = (await listRows('pr', { dateFrom: ended.startDate, dateTo: ended.startDate }, '?length=1000')).json().body.rows as EndOfDutyRow[];
      expect(mine.some((r) => r.pkDutyRosterId === ended.id)).toBe(true);
      expect(mine.every((r) => r.teamName === 'N9-PAGI-A')).toBe(true);
      // sorted by a column
      const byTeam = (await listRows('sc', {}, '?orderColumn=teamName&direction=asc&length=100')).json().body.rows as EndOfDutyRow[];
      // (the database's collation orders the names: each team's rows come together, in one block)
      const blocks = byTeam.map((r) => r.teamName).filter((n, i, a) => i === 0 || a[i - 1] !== n);
      expect(new Set(blocks).size).toBe(blocks.length);
      for (const col of [
        'startDate',
        'sectionName',
        'dutyRosterName',
        'shiftName',
        'plateNumber',
        'lifecycle',
        'acknowledgedAt',
        'approvedAt',
        'activityCount',
        'rondaCount',
        'dluMinutes',
      ]) {
        expect((await listRows('sc', {}, `?orderColumn=${col}&direction=desc&length=5`)).statusCode, col).toBe(200);
      }
      const byActivities = (await listRows('sc', {}, '?orderColumn=activityCount&direction=desc&length=3')).json().body.rows as EndOfDutyRow[];
      expect(byActivities[0].activityCount).toBeGreaterThanOrEqual(byActivities[1].activityCount);
    });

    it('CSV: UTF-8 with BOM, dd-mm-yyyy dates, durations HH:mm', async () => {
      const res = await call(app, tok.sc, {
        method: 'POST',
        url: ACTIVITY_PATHS.reportCsv,
        payload: { dateFrom: ended.startDate, dateTo: ended.startDate, sectionId: ended.sectionId },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="laporan-tamat-tugas-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = res.rawPayload.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const lines = text.slice(1).trim().split('\r\n');
      expect(lines[0]).toContain('"Tarikh","Masa Mula","Masa Tamat","Jadual Tugas"');
      const line = lines.find((l) => l.includes(`"${ended.name}"`))!;
      expect(line, lines.join('\n')).toBeTruthy();
      expect(line.startsWith(`"${localDmy(ended.startsAt)}","${ended.startHour}"`)).toBe(true);
      expect(line).toContain('"Tamat"');
      // rehat 30 min, DLU 0, LLU 0 as HH:mm
      expect(line).toContain('"00:30","00:00","00:00"');
      expect(
        (await call(app, tok['tmca.utara'], { method: 'POST', url: ACTIVITY_PATHS.reportCsv, payload: { regionId: ended.regionId } })).statusCode,
      ).toBe(403);
    });
  });
});
