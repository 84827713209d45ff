/**
 * The shift handover (issue #29 item 2): a case assigned to the night roster is flagged from 06:30 (30 minutes before
 * its 07:00 end), with the incoming day roster of its section proposed; handing it over writes a 203 to the day
 * roster whose remark names the night roster (the audit trail: from whom, to whom, by whom, when), a HANDOVER journal
 * entry, a handover record both rosters' end-of-duty reports list, and the reassignment alert to the day patrol. A
 * case left on a roster that has ended stays flagged. Region scope, roles and bad input are refused. The demo data
 * has a day (07:00–19:00) and a night (19:00–07:00) roster for every section every day.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { ACTIVITY_PATHS } from '../../contract/activity-log-rules';
import type { EndOfDutyReport } from '../../contract/activity-log';
import { HANDOVER_PATHS, HANDOVER_TEXTS, type HandoverList, type HandoverResult } from '../../contract/handover';
import { PATHS } from '../../contract/paths';
import { STATUS } from '../../contract/lookups';
import { rostersCovering } from '../../contract/shift-time';
import { SHIFT_ID } from '../../server/db/seed/data/people';
import { addDays } from '../../server/db/seed/rosters';
import { alertNotification, caseHandover, incident, incidentAudit, journalEntry } from '../../server/db/schema';
import { nowMs, setClock } from '../../server/lib/clock';
import { localDate } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';
import { audit, newCasePayload, rosterOf, saveCase } from './support/incident-fixtures';
import { allRosterTimes } from './support/roster-times';

type App = Awaited<ReturnType<typeof buildTestApp>>;

describe('the shift handover at 07:00 (issue #29)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  let day: string;
  let night: Awaited<ReturnType<typeof rosterOf>>;
  let dayIds: number[];
  const local = (date: string, hms: string) => `${date}T${hms}+08:00`;
  const next = () => addDays(day, 1);

  const pending = async (who = 'tmca', query = '') => {
    const res = await call(app, tok[who], { method: 'GET', url: `${HANDOVER_PATHS.pending}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as HandoverList;
  };
  const handOver = (payload: unknown, who = 'tmca', key?: string) =>
    call(app, tok[who], { method: 'POST', url: HANDOVER_PATHS.save, payload: payload as object, headers: key ? { 'idempotency-key': key } : {} });
  const newNightCase = async () => {
    const res = await saveCase(app, tok.tmca, await newCasePayload(app, { pkDutyRosterId: night.id }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { pkIncidentId: number; ticketNumber: string };
  };

  beforeAll(async () => {
    app = await buildTestApp();
    day = localDate(nowMs());
    for (const u of ['tmca', 'tmca.utara', 'pr', 'sectmgr']) tok[u] = (await login(app, u)).token;
    night = await rosterOf(app, 'N9-MALAM-A', day);
    // the day rosters of N9 on duty just after the night roster's end: one of them is proposed
    const all = await allRosterTimes(app.ctx.db);
    dayIds = rostersCovering(
      all.filter((r) => r.sectionId === night.sectionId),
      local(next(), '07:01:00'),
    ).map((r) => r.id);
    expect(dayIds.length).toBeGreaterThan(0);
    for (const id of dayIds) expect(all.find((r) => r.id === id)?.shiftId).toBe(SHIFT_ID.DAY);
  });
  afterEach(() => setClock(null));
  afterAll(async () => app?.cleanup());

  it('flags a night case from 06:30, not before; proposes the incoming day roster of its section', async () => {
    setClock(local(day, '23:59:00'));
    const c = await newNightCase();
    for (const at of [local(day, '23:59:30'), local(next(), '00:30:00'), local(next(), '06:29:00')]) {
      setClock(at);
      expect(
        (await pending()).rows.map((r) => r.incidentId),
        at,
      ).not.toContain(c.pkIncidentId);
    }
    for (const at of [local(next(), '06:30:00'), local(next(), '06:59:00')]) {
      setClock(at);
      const list = await pending();
      const row = list.rows.find((r) => r.incidentId === c.pkIncidentId);
      expect(row, at).toBeDefined();
      expect(row!.from).toMatchObject({ pkDutyRosterId: night.id, ended: false, endsAt: new Date(local(next(), '07:00:00')).toISOString() });
      expect(dayIds, at).toContain(row!.proposed?.pkDutyRosterId);
      expect(row!.proposed!.startsAt).toBe(new Date(local(next(), '07:00:00')).toISOString());
      expect(list.windowMinutes).toBe(30);
    }
    // a handover asked before the window is refused
    setClock(local(next(), '06:00:00'));
    const early = await handOver({ items: [{ incidentId: c.pkIncidentId }] });
    expect(early.statusCode).toBe(409);
    expect(early.json().statusMsg).toContain(HANDOVER_TEXTS.notFlagged);
  });

  it('hands a case over: a 203 to the day roster naming the night roster, a HANDOVER journal entry, the record, the alert; both reports list it', async () => {
    setClock(local(next(), '03:50:00'));
    const c = await newNightCase();
    // the patrol received it and is on the scene
    for (const statusId of [STATUS.RECEIVED, STATUS.ARRIVED]) {
      const pr = await login(app, 'pr.malam');
      const res = await audit(app, pr.token, { incidentId: c.pkIncidentId, incidentStatusId: statusId });
      expect(res.statusCode, res.body).toBe(200);
    }
    setClock(local(next(), '06:45:00'));
    const row = (await pending()).rows.find((r) => r.incidentId === c.pkIncidentId)!;
    const to = row.proposed!.pkDutyRosterId;
    const res = await handOver({ items: [{ incidentId: c.pkIncidentId }] }, 'tmca', `handover-${c.pkIncidentId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().statusMsg).toBe(HANDOVER_TEXTS.done(1));
    const [done] = (res.json().body as HandoverResult).handedOver;
    expect(done).toMatchObject({ incidentId: c.pkIncidentId, fromRosterId: night.id, toRosterId: to, byName: 'Nurul Huda binti Ismail' });
    // the clock runs on from 06:45:00
    expect(Date.parse(done.at) - Date.parse(local(next(), '06:45:00'))).toBeLessThan(5_000);
    // sent again with the same key (an outbox retry): the same answer, nothing doubled
    const again = await handOver({ items: [{ incidentId: c.pkIncidentId }] }, 'tmca', `handover-${c.pkIncidentId}`);
    expect(again.statusCode).toBe(200);
    expect(await app.ctx.db.select().from(caseHandover).where(eq(caseHandover.incidentId, c.pkIncidentId))).toHaveLength(1);

    // the case: now the day roster's, 203 again (the incoming patrol receives it)
    const [now] = await app.ctx.db.select().from(incident).where(eq(incident.id, c.pkIncidentId));
    expect([now.dutyRosterId, now.statusId]).toEqual([to, STATUS.ASSIGNED]);
    // the audit trail: the 203 to the day roster, by the TMC operator, at 06:45, naming the night roster
    const rows = await app.ctx.db.select().from(incidentAudit).where(eq(incidentAudit.incidentId, c.pkIncidentId));
    const handed = rows.find((a) => a.statusId === STATUS.ASSIGNED && a.assigneeRosterId === to)!;
    expect(handed.remark).toBe(HANDOVER_TEXTS.auditRemark(night.name));
    expect(handed.assignerRoleName).toBe('TMCA');
    expect(handed.at.toISOString()).toBe(done.at);
    // the journal: one HANDOVER entry naming both rosters and the operator
    const journal = await call(app, tok.tmca, { method: 'GET', url: PATHS.journalByIncident(c.pkIncidentId) });
    const entries = journal.json().body as { kind: string; entry: string }[];
    const h = entries.filter((e) => e.kind === 'HANDOVER');
    expect(h).toHaveLength(1);
    expect(h[0].entry).toContain(night.name);
    expect(h[0].entry).toContain(done.toRosterName);
    expect(h[0].entry).toContain('Nurul Huda binti Ismail');
    expect(
      await app.ctx.db
        .select()
        .from(journalEntry)
        .where(and(eq(journalEntry.incidentId, c.pkIncidentId), eq(journalEntry.kind, 'HANDOVER'))),
    ).toHaveLength(1);
    // the incoming patrol is told (the reassignment alert)
    const alerts = await app.ctx.db
      .select()
      .from(alertNotification)
      .where(like(alertNotification.eventKey, `reassign:${c.pkIncidentId}:%`));
    expect(alerts.length).toBeGreaterThan(0);
    // no longer flagged
    expect((await pending()).rows.map((r) => r.incidentId)).not.toContain(c.pkIncidentId);
    // the night patrol's end-of-duty report lists it handed over; the day roster's lists it taken over
    const nightReport = await call(app, tok.sectmgr, { method: 'GET', url: ACTIVITY_PATHS.report(night.id) });
    expect(nightReport.statusCode, nightReport.body).toBe(200);
    const out = (nightReport.json().body as EndOfDutyReport).handovers;
    expect(out.out.map((x) => [x.incidentId, x.toRosterId])).toContainEqual([c.pkIncidentId, to]);
    const dayReport = (await call(app, tok.sectmgr, { method: 'GET', url: ACTIVITY_PATHS.report(to) })).json().body as EndOfDutyReport;
    expect(dayReport.handovers.in.map((x) => [x.incidentId, x.fromRosterId])).toContainEqual([c.pkIncidentId, night.id]);
  });

  it('a case left on the night roster after 07:00 stays flagged (ended) until handed over; one the patrol finished is flagged to be closed, not handed over; a closed one never', async () => {
    setClock(local(next(), '06:50:00'));
    const left = await newNightCase();
    const done = await newNightCase();
    const closed = await newNightCase();
    const pr = await login(app, 'pr.malam');
    for (const id of [done.pkIncidentId, closed.pkIncidentId]) {
      for (const statusId of [STATUS.RECEIVED, STATUS.ARRIVED, STATUS.CASE_DONE]) {
        expect((await audit(app, pr.token, { incidentId: id, incidentStatusId: statusId })).statusCode).toBe(200);
      }
    }
    expect((await audit(app, tok.tmca, { incidentId: closed.pkIncidentId, incidentStatusId: STATUS.CLOSED })).statusCode).toBe(200);
    for (const at of [local(next(), '07:00:00'), local(next(), '09:30:00'), local(addDays(day, 3), '12:00:00')]) {
      setClock(at);
      const list = await pending();
      const row = list.rows.find((r) => r.incidentId === left.pkIncidentId);
      expect(row?.from.ended, at).toBe(true);
      // the proposal is on duty then and not about to end itself
      if (row?.proposed) expect(Date.parse(row.proposed.endsAt), at).toBeGreaterThan(Date.parse(at) + 30 * 60_000);
      expect(row?.needsPatrol, at).toBe(true);
      // the patrol finished one (Selesai Kes): flagged as waiting for the TMC to close it, never handed over
      const finished = list.rows.find((r) => r.incidentId === done.pkIncidentId);
      expect([finished?.needsPatrol, finished?.proposed, finished?.from.ended], at).toEqual([false, null, true]);
      // a closed case is never flagged
      expect(
        list.rows.map((r) => r.incidentId),
        at,
      ).not.toContain(closed.pkIncidentId);
      expect(list.total, at).toBeGreaterThanOrEqual(list.rows.length);
    }
    // handed over at 09:30 to a day roster named by the operator
    setClock(local(next(), '09:30:00'));
    const refusedDone = await handOver({ items: [{ incidentId: done.pkIncidentId, toRosterId: dayIds[0] }] });
    expect(refusedDone.statusCode).toBe(409);
    expect(refusedDone.json().statusMsg).toContain(HANDOVER_TEXTS.patrolDone);
    const refusedClosed = await handOver({ items: [{ incidentId: closed.pkIncidentId, toRosterId: dayIds[0] }] });
    expect(refusedClosed.statusCode).toBe(409);
    const ok = await handOver({ items: [{ incidentId: left.pkIncidentId, toRosterId: dayIds[0] }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await pending()).rows.map((r) => r.incidentId)).not.toContain(left.pkIncidentId);
  });

  it("a late handover (yesterday's day roster, seen at 06:45) proposes the day roster starting at 07:00, never the night roster ending then", async () => {
    const dayRoster = await rosterOf(app, 'N9-PAGI-A', day);
    setClock(local(day, '18:50:00'));
    const res = await saveCase(app, tok.tmca, await newCasePayload(app, { pkDutyRosterId: dayRoster.id }));
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().body as { pkIncidentId: number };
    setClock(local(next(), '06:45:00'));
    const row = (await pending()).rows.find((r) => r.incidentId === c.pkIncidentId)!;
    expect(row.from).toMatchObject({ pkDutyRosterId: dayRoster.id, ended: true });
    expect(dayIds).toContain(row.proposed?.pkDutyRosterId);
    // named explicitly, the night roster ending at 07:00 is refused: it would be flagged at once
    const toNight = await handOver({ items: [{ incidentId: c.pkIncidentId, toRosterId: night.id }] });
    expect(toNight.statusCode).toBe(400);
    expect(toNight.json().statusMsg).toContain(HANDOVER_TEXTS.endsSoon);
    const ok = await handOver({ items: [{ incidentId: c.pkIncidentId }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dayIds).toContain((ok.json().body as HandoverResult).handedOver[0].toRosterId);
    // handed over, it is not flagged again
    expect((await pending()).rows.map((r) => r.incidentId)).not.toContain(c.pkIncidentId);
  });

  it('refuses what it must: another region, a patrol, the same roster, an ended roster, bad bodies; all or nothing', async () => {
    setClock(local(next(), '06:40:00'));
    const a = await newNightCase();
    const b = await newNightCase();
    // another region's operator neither sees nor hands over the case
    expect((await pending('tmca.utara')).rows.map((r) => r.incidentId)).not.toContain(a.pkIncidentId);
    expect((await handOver({ items: [{ incidentId: a.pkIncidentId }] }, 'tmca.utara')).statusCode).toBe(403);
    // a patrol may not hand over, nor read the flags
    expect((await handOver({ items: [{ incidentId: a.pkIncidentId }] }, 'pr')).statusCode).toBe(403);
    expect((await call(app, tok.pr, { method: 'GET', url: HANDOVER_PATHS.pending })).statusCode).toBe(403);
    // to the roster it is on, to an ended roster (the night roster of the day before)
    expect((await handOver({ items: [{ incidentId: a.pkIncidentId, toRosterId: night.id }] })).statusCode).toBe(400);
    const yesterday = await rosterOf(app, 'N9-MALAM-A', addDays(day, -1));
    expect((await handOver({ items: [{ incidentId: a.pkIncidentId, toRosterId: yesterday.id }] })).statusCode).toBe(400);
    // bad bodies: 400 with a message
    for (const payload of [
      {},
      { items: [] },
      { items: [{ incidentId: 'x' }] },
      { items: [{ incidentId: a.pkIncidentId }, { incidentId: a.pkIncidentId }] },
    ]) {
      const res = await handOver(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().statusMsg.length).toBeGreaterThan(0);
    }
    // an unknown case: 404, and nothing of the request is kept (b is not handed over either)
    const mixed = await handOver({ items: [{ incidentId: b.pkIncidentId }, { incidentId: 99_999_999 }] });
    expect(mixed.statusCode).toBe(404);
    expect(await app.ctx.db.select().from(caseHandover).where(eq(caseHandover.incidentId, b.pkIncidentId))).toHaveLength(0);
    // all of them at once
    const all = await handOver({ items: [{ incidentId: a.pkIncidentId }, { incidentId: b.pkIncidentId }] });
    expect(all.statusCode, all.body).toBe(200);
    expect((all.json().body as HandoverResult).handedOver).toHaveLength(2);
    expect(all.json().statusMsg).toBe(HANDOVER_TEXTS.done(2));
  });
});
