import { describe, expect, it } from 'vitest';
import { ACTIVITY_EVENT } from '@contract/activity-log-rules';
import { STATUS } from '@contract/lookups';
import type { ActivityLogRow } from '@contract/activity-log';
import {
  activityState,
  checklistStates,
  needsPatrol,
  nextCaseStep,
  nextEvent,
  orderCases,
  pickShift,
  queuedCaseSteps,
  shiftEntries,
  type QueuedShiftWrite,
  type ShiftRoster,
} from '@/features/my-shift/my-shift-rules';
import { launchLanding, shiftLanding, TAB_OPENED_KEY } from '@/lib/shift-landing';

const at = (iso: string) => Date.parse(iso);
const roster = (p: Partial<ShiftRoster>): ShiftRoster => ({
  pkDutyRosterId: 1,
  dutyRosterName: 'N9-PAGI-A',
  sectionId: 9,
  startDate: '2026-03-01',
  endDate: '2026-03-01',
  startHour: '07:00:00',
  endHour: '19:00:00',
  plateNumber: 'VAA 1234',
  callSign: 'N9-1',
  ...p,
});
const day = roster({});
const night = roster({ pkDutyRosterId: 2, dutyRosterName: 'N9-MALAM-A', startHour: '19:00', endHour: '07:00', endDate: '2026-03-02' });
const tomorrow = roster({ pkDutyRosterId: 3, startDate: '2026-03-02', endDate: '2026-03-02' });

const row = (id: number, eventId: number, occurredAt: string): ActivityLogRow => ({
  pkActivityLogId: id,
  dutyRosterId: 1,
  eventId,
  eventName: `E${eventId}`,
  occurredAt,
  km: null,
  directionId: null,
  directionName: null,
  rondaCheckpointId: null,
  checkpointName: null,
  location: null,
  latitude: null,
  longitude: null,
  remark: null,
  incidentId: null,
  ticketNumber: null,
  createdBy: 1,
  createdByName: 'pr',
  createdAt: occurredAt,
});
const q = (p: Partial<QueuedShiftWrite>): QueuedShiftWrite => ({
  group: 'activityLog:1',
  kind: 'activityLog.save',
  state: 'pending',
  body: {},
  ...p,
});

describe('which roster Syif saya shows (contract/shift-time.ts rule for now)', () => {
  it('the roster covering now, and the next to start', () => {
    // 10:00 +08 on 1 March: the day roster is on; the night roster of that evening is next
    const r = pickShift([tomorrow, night, day], at('2026-03-01T02:00:00Z'));
    expect(r.current?.pkDutyRosterId).toBe(1);
    expect(r.next?.pkDutyRosterId).toBe(2);
  });

  it('the night roster past midnight; none before 07:00 of a day roster, only the next', () => {
    expect(pickShift([day, night], at('2026-03-01T17:30:00Z')).current?.pkDutyRosterId).toBe(2); // 01:30 on 2 March
    const early = pickShift([day, tomorrow], at('2026-02-28T22:59:00Z')); // 06:59 +08
    expect(early.current).toBeNull();
    expect(early.next?.pkDutyRosterId).toBe(1);
    expect(pickShift(undefined, Date.now())).toEqual({ current: null, next: null });
  });
});

describe('the landing after sign-in (src/lib/shift-landing.ts)', () => {
  const as = (roleName: string, rosters: ShiftRoster[]) => ({ roles: [{ pkRoleId: 106, roleName }], rosters }) as Parameters<typeof shiftLanding>[0];

  it('a patrol whose roster covers now lands on Syif saya; off shift, or another role, keeps its landing', () => {
    expect(shiftLanding(as('PR', [tomorrow, day]), at('2026-03-01T02:00:00Z'))).toBe('/syifsaya');
    expect(shiftLanding(as('PR', [night]), at('2026-03-01T17:30:00Z'))).toBe('/syifsaya'); // 01:30, the night shift
    expect(shiftLanding(as('PR', [day]), at('2026-02-28T22:59:00Z'))).toBeNull(); // 06:59: not yet
    expect(shiftLanding(as('PR', [day]), at('2026-03-01T11:00:00Z'))).toBeNull(); // 19:00: ended
    expect(shiftLanding(as('PR', []), at('2026-03-01T02:00:00Z'))).toBeNull();
    expect(shiftLanding(as('TMCA', [day]), at('2026-03-01T02:00:00Z'))).toBeNull();
    expect(shiftLanding(null)).toBeNull();
  });
});

describe('the checklist steps', () => {
  it('from the report: none → to do (post waits for pre), pre recorded, post recorded; unknown without a copy', () => {
    expect(checklistStates(null, [], 1)).toEqual({ pre: 'todo', post: 'blocked' });
    expect(checklistStates({ postAt: null }, [], 1)).toEqual({ pre: 'done', post: 'todo' });
    expect(checklistStates({ postAt: '2026-03-01T10:00:00Z' }, [], 1)).toEqual({ pre: 'done', post: 'done' });
    expect(checklistStates(undefined, [], 1)).toEqual({ pre: 'unknown', post: 'unknown' });
  });

  it("a submit in the outbox: unsent, or refused when parked; another roster's is ignored", () => {
    const pre = q({ group: 'checklist:1', kind: 'checklist.save', body: { phase: 'PRE' } });
    expect(checklistStates(null, [pre], 1)).toEqual({ pre: 'unsent', post: 'todo' });
    expect(checklistStates(null, [{ ...pre, state: 'parked' }], 1).pre).toBe('refused');
    expect(checklistStates({ postAt: null }, [q({ group: 'checklist:1', kind: 'checklist.save', body: { phase: 'POST' } })], 1).post).toBe('unsent');
    expect(checklistStates(null, [{ ...pre, group: 'checklist:2' }], 1).pre).toBe('todo');
  });
});

describe('the activity log step', () => {
  it("merges the server's entries with the queued ones: new, edited, deleted", () => {
    const rows = [row(10, ACTIVITY_EVENT.SHIFT_START, '2026-03-01T23:05:00Z'), row(11, ACTIVITY_EVENT.BREAK, '2026-03-01T23:30:00Z')];
    const queued = [
      q({ kind: 'activityLog.delete', body: { pkActivityLogId: 11 } }),
      q({ body: { pkActivityLogId: 10, eventId: ACTIVITY_EVENT.SHIFT_START, occurredAt: '2026-03-01T23:01:00Z' } }),
      q({ body: { eventId: ACTIVITY_EVENT.PATROL_START, occurredAt: '2026-03-01T23:40:00Z' } }),
      q({ group: 'activityLog:2', body: { eventId: ACTIVITY_EVENT.SHIFT_END, occurredAt: '2026-03-01T23:50:00Z' } }),
    ];
    const xs = shiftEntries(rows, queued, 1);
    expect(xs.map((e) => [e.eventId, e.occurredAt, e.unsent])).toEqual([
      [ACTIVITY_EVENT.SHIFT_START, '2026-03-01T23:01:00Z', true],
      [ACTIVITY_EVENT.PATROL_START, '2026-03-01T23:40:00Z', true],
    ]);
    expect(activityState(xs, queued, 1)).toBe('unsent');
    expect(activityState(xs, [], 1)).toBe('ongoing');
    expect(activityState([], [], 1)).toBe('todo');
    expect(activityState(null, [], 1)).toBe('unknown');
    expect(activityState(xs, [{ ...queued[2], state: 'parked' }], 1)).toBe('refused');
  });

  it('the event expected next: Mula Syif, then the vehicle check, Tamat Rondaan while patrolling, else Mula Rondaan; none after Tamat Syif', () => {
    const e = (...ids: number[]) => ids.map((eventId) => ({ eventId }));
    expect(nextEvent([])).toBe(ACTIVITY_EVENT.SHIFT_START);
    expect(nextEvent(e(ACTIVITY_EVENT.SHIFT_START))).toBe(ACTIVITY_EVENT.VEHICLE_CHECK);
    expect(nextEvent(e(ACTIVITY_EVENT.SHIFT_START, ACTIVITY_EVENT.VEHICLE_CHECK))).toBe(ACTIVITY_EVENT.PATROL_START);
    expect(nextEvent(e(ACTIVITY_EVENT.SHIFT_START, ACTIVITY_EVENT.PATROL_START, ACTIVITY_EVENT.BREAK))).toBe(ACTIVITY_EVENT.PATROL_END);
    expect(nextEvent(e(ACTIVITY_EVENT.PATROL_START, ACTIVITY_EVENT.PATROL_END))).toBe(ACTIVITY_EVENT.PATROL_START);
    expect(nextEvent(e(ACTIVITY_EVENT.SHIFT_START, ACTIVITY_EVENT.SHIFT_END))).toBeNull();
    expect(activityState([{ eventId: ACTIVITY_EVENT.SHIFT_END, occurredAt: '2026-03-01T11:00:00Z', eventName: null, unsent: false }], [], 1)).toBe(
      'done',
    );
  });
});

describe('the cases of the roster', () => {
  const c = (p: Partial<Parameters<typeof nextCaseStep>[0]> & { incidentId?: number; ticketNumber?: string | null }) => ({
    incidentId: 1,
    ticketNumber: 'T1',
    receivedAt: null,
    arrivedAt: null,
    assistanceDoneAt: null,
    doneAt: null,
    ...p,
  });

  it("the patrol's next step from the step times", () => {
    expect(nextCaseStep(c({}))).toBe('receive');
    expect(nextCaseStep(c({ receivedAt: 'x' }))).toBe('arrive');
    expect(nextCaseStep(c({ receivedAt: 'x', arrivedAt: 'x' }))).toBe('assistanceDone');
    expect(nextCaseStep(c({ receivedAt: 'x', arrivedAt: 'x', assistanceDoneAt: 'x' }))).toBe('caseDone');
    expect(nextCaseStep(c({ doneAt: 'x' }))).toBeNull();
  });

  it('by the status when known: rejected goes back to the TMC; done, closed and cancelled need nothing', () => {
    expect(nextCaseStep(c({}), STATUS.ASSIGNED)).toBe('receive');
    expect(nextCaseStep(c({ receivedAt: 'x' }), STATUS.RECEIVED)).toBe('arrive');
    expect(nextCaseStep(c({ arrivedAt: 'x' }), STATUS.ARRIVED)).toBe('assistanceDone');
    expect(nextCaseStep(c({}), STATUS.ASSISTANCE_DONE)).toBe('caseDone');
    expect(nextCaseStep(c({}), STATUS.REJECTED)).toBe('returned');
    for (const s of [STATUS.CASE_DONE, STATUS.NEGATIVE, STATUS.CLOSED, STATUS.CANCELLED]) expect(nextCaseStep(c({}), s)).toBeNull();
    expect(needsPatrol('returned')).toBe(false);
    expect(needsPatrol('arrive')).toBe(true);
  });

  it('cases still needing the patrol first, newest ticket first', () => {
    const xs = [
      c({ incidentId: 1, ticketNumber: 'T1', doneAt: 'x' }),
      c({ incidentId: 2, ticketNumber: 'T2' }),
      c({ incidentId: 3, ticketNumber: 'T3' }),
      c({ incidentId: 4, ticketNumber: 'T4' }),
    ];
    const status: Record<number, number> = { 4: STATUS.CANCELLED };
    expect(orderCases(xs, (x) => nextCaseStep(x, status[x.incidentId])).map((x) => x.incidentId)).toEqual([3, 2, 4, 1]);
  });
});

describe('queuedCaseSteps: the case steps still in the outbox', () => {
  it('the last status queued per case, refused when any of its steps was parked; other kinds and items without a case ignored', () => {
    const item = (incidentId: number | undefined, statusId: number, state = 'pending', kind = 'audit.save') => ({
      kind,
      state,
      incidentId,
      body: { incidentId, incidentStatusId: statusId },
    });
    const m = queuedCaseSteps([
      item(7, STATUS.RECEIVED),
      item(7, STATUS.ARRIVED),
      item(8, STATUS.RECEIVED, 'parked'),
      item(8, STATUS.ARRIVED),
      item(9, STATUS.RECEIVED, 'pending', 'journal.save'),
      item(undefined, STATUS.RECEIVED),
    ]);
    expect([...m.entries()]).toEqual([
      [7, { statusId: STATUS.ARRIVED, refused: false }],
      [8, { statusId: STATUS.ARRIVED, refused: true }],
    ]);
    expect(queuedCaseSteps([]).size).toBe(0);
  });
});

describe("a tab's first screen (src/lib/shift-landing.ts launchLanding)", () => {
  const as = (roleName: string, rosters: ShiftRoster[]) => ({ roles: [{ pkRoleId: 106, roleName }], rosters }) as Parameters<typeof launchLanding>[1];
  const tab = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  };
  const onShift = at('2026-03-01T02:00:00Z');

  it("a patrol on shift opening the app on '/' lands on Syif saya, once per tab", () => {
    const s = tab();
    expect(launchLanding('/', as('PR', [day]), onShift, s)).toBe('/syifsaya');
    expect(launchLanding('/', as('PR', [day]), onShift, s)).toBeNull(); // the dashboard from the menu, a reload
    expect(s.getItem(TAB_OPENED_KEY)).toBe('1');
  });

  it('another first screen, a signed-out first screen, another role or off shift: no redirect, and the tab counts as opened', () => {
    const deep = tab();
    expect(launchLanding('/insidenView/5', as('PR', [day]), onShift, deep)).toBeNull();
    expect(launchLanding('/', as('PR', [day]), onShift, deep)).toBeNull();
    const signedOut = tab(); // /signin first: after signing in, the sign-in screen picks the landing itself
    expect(launchLanding('/signin', null, onShift, signedOut)).toBeNull();
    expect(launchLanding('/', as('PR', [day]), onShift, signedOut)).toBeNull();
    expect(launchLanding('/', as('TMCA', [day]), onShift, tab())).toBeNull();
    expect(launchLanding('/', as('PR', [day]), at('2026-03-01T11:00:00Z'), tab())).toBeNull(); // 19:00: ended
  });

  it('without a usable sessionStorage it never redirects (rather than on every load)', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(launchLanding('/', as('PR', [day]), onShift, refusing)).toBeNull();
    expect(launchLanding('/', as('PR', [day]), onShift, null)).toBeNull();
  });
});
