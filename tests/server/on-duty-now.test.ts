/**
 * One rule for "now" (issue #29 item 1): every place that asks who is on duty counts the night roster that started
 * the previous evening at 00:30 and 06:59, and the day roster from 07:00. The demo data has a day (07:00–19:00) and
 * a night (19:00–07:00) roster for every section every day, from the day before the app starts; the expected
 * rosters are computed with the contract's rule (contract/shift-time.ts) from their dates and hours only.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { PATHS } from '../../contract/paths';
import { ACTIVITY_PATHS } from '../../contract/activity-log-rules';
import { REPORT_PATHS } from '../../contract/reports';
import { ROSTER_PATHS } from '../../contract/rosters-rules';
import { rostersCovering, shiftDateAt } from '../../contract/shift-time';
import { SHIFT_ID } from '../../server/db/seed/data/people';
import { nowMs, setClock } from '../../server/lib/clock';
import { localDate } from '../../server/lib/time';
import { addDays } from '../../server/db/seed/rosters';
import { buildTestApp, call, login } from './support/build';
import { allRosterTimes, type RosterTimes } from './support/roster-times';
import { newCasePayload, rosterOf, saveCase } from './support/incident-fixtures';
import { sweepUnacknowledged } from '../../server/modules/comms/alerts';
import { alertNotification, incidentAudit } from '../../server/db/schema';
import { STATUS } from '../../contract/lookups';

type App = Awaited<ReturnType<typeof buildTestApp>>;

describe('who is on duty at 23:59, 00:30, 06:59 and 07:00 local time (issue #29)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const reg: Record<string, number> = {};
  /** the local date the app started on: its night roster runs 19:00 to 07:00 the next day */
  let day: string;
  let all: RosterTimes[];

  const local = (date: string, hms: string) => `${date}T${hms}+08:00`;
  const steps = () =>
    [
      { at: local(day, '23:59:00'), shiftDate: day, shiftId: SHIFT_ID.NIGHT },
      { at: local(addDays(day, 1), '00:30:00'), shiftDate: day, shiftId: SHIFT_ID.NIGHT },
      { at: local(addDays(day, 1), '06:59:00'), shiftDate: day, shiftId: SHIFT_ID.NIGHT },
      { at: local(addDays(day, 1), '07:00:00'), shiftDate: addDays(day, 1), shiftId: SHIFT_ID.DAY },
    ] as const;
  /** the rosters of a region covering the instant, by the contract's rule on their dates and hours */
  const covering = (at: string, regionId: number) =>
    rostersCovering(
      all.filter((r) => r.regionId === regionId),
      at,
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const ids = (rows: { pkDutyRosterId: number }[]) => rows.map((r) => r.pkDutyRosterId).sort((a, b) => a - b);

  beforeAll(async () => {
    app = await buildTestApp();
    day = localDate(nowMs());
    for (const u of ['tmca', 'sectmgr']) {
      const s = await login(app, u);
      tok[u] = s.token;
      reg[u] = s.user.section.region.key;
    }
    all = await allRosterTimes(app.ctx.db);
  });
  afterEach(() => setClock(null));
  afterAll(async () => app?.cleanup());

  it('the demo data and the rule: the night roster of the previous evening covers 00:30 and 06:59, the day roster 07:00', () => {
    for (const step of steps()) {
      const on = all.filter((r) => covering(step.at, reg.tmca).includes(r.id));
      expect(on.length, step.at).toBeGreaterThan(0);
      for (const r of on) expect([r.shiftId, r.startDate], step.at).toEqual([step.shiftId, step.shiftDate]);
      expect(shiftDateAt(step.at)).toBe(step.shiftDate);
    }
  });

  it("the dashboard's roster tab (current: true) and its counters: the rosters covering now are active, whatever their date", async () => {
    for (const step of steps()) {
      setClock(step.at);
      const res = await call(app, tok.tmca, { method: 'POST', url: `${PATHS.dutyRosterDataTables}?length=500`, payload: { current: true } });
      expect(res.statusCode, step.at).toBe(200);
      const rows = res.json().body.rows as { pkDutyRosterId: number; status: string; startDate: string; shiftId: number }[];
      const active = rows.filter((r) => r.status === 'active');
      expect(ids(active), step.at).toEqual(covering(step.at, reg.tmca));
      // the rest are of the shift date: its day roster ended (or, at 07:00, its night roster upcoming)
      for (const r of rows) if (r.status !== 'active') expect(r.startDate, step.at).toBe(step.shiftDate);
      // the counters of the tab are computed from these rows: on duty, sections covered, vehicles on duty
      expect(new Set(active.map((r) => r.shiftId)), step.at).toEqual(new Set([step.shiftId]));
      // the same with the shift date the client sends
      const withDate = await call(app, tok.tmca, {
        method: 'POST',
        url: `${PATHS.dutyRosterDataTables}?length=500`,
        payload: { current: true, date: shiftDateAt(step.at) },
      });
      expect(ids(withDate.json().body.rows), step.at).toEqual(ids(rows));
    }
  });

  it("the map's active patrols and nearest patrol (activePRList, nearestActivePR): the rosters covering now", async () => {
    for (const step of steps()) {
      setClock(step.at);
      const list = await call(app, tok.tmca, { method: 'POST', url: `${PATHS.activePrList}?length=500`, payload: {} });
      expect(list.statusCode, step.at).toBe(200);
      expect(ids(list.json().body.rows), step.at).toEqual(covering(step.at, reg.tmca));
      const near = await call(app, tok.tmca, {
        method: 'POST',
        url: `${PATHS.nearestActivePr}?length=500`,
        payload: { regionId: reg.tmca, latitude: 2.9, longitude: 101.7 },
      });
      expect(near.statusCode, step.at).toBe(200);
      expect(ids(near.json().body.rows), step.at).toEqual(covering(step.at, reg.tmca));
    }
  });

  it("the sign-in answer's rosters: the night patrol's own night roster at 00:30 and 06:59, not after 07:00", async () => {
    for (const step of steps()) {
      setClock(step.at);
      const s = await login(app, 'pr.malam');
      const rosters = (s.user as unknown as { rosters: { pkDutyRosterId: number; startDate: string; startHour: string }[] }).rosters;
      const nightOfDay = rosters.find((r) => r.startDate === day && r.startHour.startsWith('19:'));
      if (step.shiftId === SHIFT_ID.NIGHT) expect(nightOfDay, step.at).toBeDefined();
      else expect(nightOfDay, step.at).toBeUndefined();
    }
  });

  it('the end-of-duty list: the night roster of the shift date is on shift at 00:30 and 06:59, ended at 07:00', async () => {
    for (const step of steps()) {
      setClock(step.at);
      const res = await call(app, tok.tmca, {
        method: 'POST',
        url: `${ACTIVITY_PATHS.reportDataTables}?length=500`,
        payload: { dateFrom: day, dateTo: day },
      });
      expect(res.statusCode, step.at).toBe(200);
      const rows = res.json().body.rows as { pkDutyRosterId: number; lifecycle: string; startHour: string }[];
      const nights = rows.filter((r) => r.startHour.startsWith('19:'));
      expect(nights.length, step.at).toBeGreaterThan(0);
      const want = step.shiftId === SHIFT_ID.NIGHT ? 'onShift' : 'ended';
      for (const r of nights) expect(r.lifecycle, `${step.at} ${r.pkDutyRosterId}`).toBe(want);
    }
  });

  it("the activity log's list without a date: the shift date of now", async () => {
    for (const step of steps()) {
      setClock(step.at);
      const res = await call(app, tok.tmca, { method: 'POST', url: `${ACTIVITY_PATHS.dataTables}?length=500`, payload: {} });
      expect(res.statusCode, step.at).toBe(200);
      const rows = res.json().body.rows as { pkDutyRosterId: number }[];
      const dates = new Set(rows.map((r) => all.find((a) => a.id === r.pkDutyRosterId)?.startDate));
      for (const d of dates) expect(d, step.at).toBe(step.shiftDate);
    }
  });

  it("the roster reports: a night shift's roster belongs to the date it started, also read after midnight", async () => {
    for (const step of steps()) {
      setClock(step.at);
      const rostersOf = async (date: string) => {
        const res = await call(app, tok.sectmgr, {
          method: 'POST',
          url: `${REPORT_PATHS.mainlineRosters}?length=500`,
          payload: { dateFrom: date, dateTo: date },
        });
        expect(res.statusCode, step.at).toBe(200);
        return (res.json().body.rows as { pkDutyRosterId: number; date: string }[]).map((r) => r.pkDutyRosterId);
      };
      const nightsOfDay = all.filter((r) => r.shiftId === SHIFT_ID.NIGHT && r.startDate === day && r.regionId === reg.sectmgr).map((r) => r.id);
      const onDay = await rostersOf(day);
      const onNext = await rostersOf(addDays(day, 1));
      // the reports count ended rosters only: the night shift of the day is in progress until 07:00, then it counts
      // on the day it started (the section manager's own sections: some of the region's), never on the next day
      if (step.shiftId === SHIFT_ID.NIGHT)
        expect(
          nightsOfDay.filter((id) => onDay.includes(id)),
          step.at,
        ).toEqual([]);
      else expect(nightsOfDay.filter((id) => onDay.includes(id)).length, step.at).toBeGreaterThan(0);
      expect(
        nightsOfDay.filter((id) => onNext.includes(id)),
        step.at,
      ).toEqual([]);
    }
  });

  it('staffing by day: the shift date of now (client default) shows the night roster on shift at 00:30 and 06:59', async () => {
    for (const step of steps()) {
      setClock(step.at);
      const res = await call(app, tok.sectmgr, { method: 'POST', url: ROSTER_PATHS.staffing, payload: { date: shiftDateAt(step.at) } });
      expect(res.statusCode, step.at).toBe(200);
      const b = res.json().body as { sections: { cells: { shiftId: number; rosters: { pkDutyRosterId: number; lifecycle: string }[] }[] }[] };
      const cells = b.sections.flatMap((x) => x.cells);
      const onShift = cells.flatMap((c) => c.rosters.filter((r) => r.lifecycle === 'onShift').map(() => c.shiftId));
      expect(onShift.length, step.at).toBeGreaterThan(0);
      expect(new Set(onShift), step.at).toEqual(new Set([step.shiftId]));
      const ids = cells.flatMap((c) => c.rosters.filter((r) => r.lifecycle === 'onShift').map((r) => r.pkDutyRosterId));
      for (const id of ids) expect(covering(step.at, reg.sectmgr), step.at).toContain(id);
    }
  });

  it('a case assigned to the night patrol at 23:59, 00:30 and 06:59: taken, and unacknowledged it alerts the TMC', async () => {
    const night = await rosterOf(app, 'N9-MALAM-A', day);
    for (const step of steps().filter((x) => x.shiftId === SHIFT_ID.NIGHT)) {
      setClock(step.at);
      const res = await saveCase(app, tok.tmca, await newCasePayload(app, { pkDutyRosterId: night.id }));
      expect(res.statusCode, `${step.at} ${res.body}`).toBe(200);
      const id = (res.json().body as { pkIncidentId: number }).pkIncidentId;
      const [a203] = await app.ctx.db
        .select({ id: incidentAudit.id, createdAt: incidentAudit.createdAt, roster: incidentAudit.assigneeRosterId })
        .from(incidentAudit)
        .where(and(eq(incidentAudit.incidentId, id), eq(incidentAudit.statusId, STATUS.ASSIGNED)));
      expect(a203.roster, step.at).toBe(night.id);
      await sweepUnacknowledged(app.ctx.db, { minutes: 5, now: new Date(a203.createdAt.getTime() + 6 * 60_000) });
      const raised = await app.ctx.db
        .select({ id: alertNotification.id })
        .from(alertNotification)
        .where(like(alertNotification.eventKey, `unack:${id}:%`));
      expect(raised.length, step.at).toBeGreaterThan(0);
    }
  });
});
