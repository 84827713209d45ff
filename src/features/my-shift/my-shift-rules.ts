/**
 * The pure side of "Syif saya" (issue #30 item 1), the patrol's one home for the shift: which of the session's
 * rosters is on now (else the next one), and the state of each step of the shift from what the device holds (the
 * roster's end-of-duty report as last fetched, and the user's writes still in the outbox): the pre- and post-shift
 * checklist, the activity log (its last entry and the event expected next), and the cases assigned to the roster
 * with their next step. No React, no Dexie: unit tested (tests/unit/my-shift-rules.test.ts).
 */
import { ACTIVITY_EVENT } from '@contract/activity-log-rules';
import { statusGroupOf } from '@contract/incident-rules';
import { STATUS } from '@contract/lookups';
import type { ActivityLogRow, EndOfDutyCase } from '@contract/activity-log';
import type { WebUser } from '@contract/auth';
import { rosterStartMs } from '@contract/shift-time';
import { rosterStatusAt } from '@/lib/roster-status';
import { formatClock } from '@/lib/time';

export type ShiftRoster = WebUser['rosters'][number];

/**
 * The outbox kinds and groups of the activity log and the checklist (the same strings as
 * src/features/activity-log/activity-rules.ts and src/features/checklist/checklist-rules.ts: features do not import
 * each other, so the outbox is read by its stored names).
 */
export const ACTIVITY_SAVE_KIND = 'activityLog.save';
export const ACTIVITY_DELETE_KIND = 'activityLog.delete';
export const CHECKLIST_SAVE_KIND = 'checklist.save';
/** a case's status step (src/features/incidents/outbox-writes.ts auditItem) */
export const AUDIT_SAVE_KIND = 'audit.save';
export const activityGroupOf = (rosterId: number) => `activityLog:${rosterId}`;
export const checklistGroupOf = (rosterId: number) => `checklist:${rosterId}`;

/** A write of the roster still in the outbox, as this screen needs it. */
export interface QueuedShiftWrite {
  group: string;
  kind: string;
  /** 'pending' | 'sending' | 'parked' (refused: it waits for the user) */
  state: string;
  body: unknown;
}

/**
 * A step's state: to do; done (the server has it); done on the device but not sent yet; refused by the server (the
 * step's own screen shows why); not possible yet (the post-shift checklist before the pre-shift one); or unknown (no
 * copy on the device yet).
 */
/** 'ongoing': begun and not finished (the activity log with entries but no Tamat Syif yet) */
export type StepState = 'todo' | 'ongoing' | 'done' | 'unsent' | 'refused' | 'blocked' | 'unknown';

// ---------------------------------------------------------------- which roster

const startOf = (r: ShiftRoster) => {
  const ms = rosterStartMs({ ...r, startHour: formatClock(r.startHour, true), endHour: formatClock(r.endHour, true) });
  return Number.isFinite(ms) ? ms : Number.POSITIVE_INFINITY;
};

/**
 * The roster on shift now (the earliest start first when two overlap) and the next one to start, from the session's
 * rosters by the contract's rule for "now" (src/lib/roster-status.ts rosterStatusAt, contract/shift-time.ts).
 */
export function pickShift(rosters: readonly ShiftRoster[] | undefined, now: number): { current: ShiftRoster | null; next: ShiftRoster | null } {
  const xs = [...(rosters ?? [])].sort((a, b) => startOf(a) - startOf(b));
  const phase = (r: ShiftRoster) => rosterStatusAt({ ...r, status: 'upcoming' }, now);
  const current = xs.find((r) => phase(r) === 'active') ?? null;
  const next = xs.find((r) => r !== current && phase(r) === 'upcoming') ?? null;
  return { current, next };
}

// ---------------------------------------------------------------- the checklist

const phaseOfBody = (body: unknown): string | null => {
  const p = (body as { phase?: unknown } | null)?.phase;
  return typeof p === 'string' ? p : null;
};

const queuedState = (items: readonly QueuedShiftWrite[]): StepState | null =>
  items.length ? (items.some((i) => i.state === 'parked') ? 'refused' : 'unsent') : null;

/**
 * The pre- and post-shift checklist's states: a submit in the outbox first (unsent, or refused), else what the
 * server has (a checklist exists: PRE done; its postAt: POST done). `checklist` undefined: no copy of the report on
 * the device.
 */
export function checklistStates(
  checklist: { postAt: string | null } | null | undefined,
  queued: readonly QueuedShiftWrite[],
  rosterId: number,
): { pre: StepState; post: StepState } {
  const mine = queued.filter((q) => q.group === checklistGroupOf(rosterId) && q.kind === CHECKLIST_SAVE_KIND);
  const qPre = queuedState(mine.filter((q) => phaseOfBody(q.body) === 'PRE'));
  const qPost = queuedState(mine.filter((q) => phaseOfBody(q.body) === 'POST'));
  const known = checklist !== undefined;
  const pre: StepState = qPre ?? (!known ? 'unknown' : checklist ? 'done' : 'todo');
  let post: StepState = qPost ?? (!known ? 'unknown' : checklist?.postAt ? 'done' : 'todo');
  if (post === 'todo' && pre === 'todo') post = 'blocked';
  return { pre, post };
}

// ---------------------------------------------------------------- the activity log

export interface ShiftEntry {
  eventId: number;
  occurredAt: string;
  /** the server's label of the event, when the entry came from the server */
  eventName: string | null;
  /** still on the device */
  unsent: boolean;
}

interface SaveBody {
  pkActivityLogId?: number;
  eventId?: unknown;
  occurredAt?: unknown;
}

/**
 * The roster's entries as the patrol sees them: the server's (as last fetched), with the user's queued edits and
 * deletes applied and its queued new entries added (marked unsent), oldest first.
 */
export function shiftEntries(rows: readonly ActivityLogRow[] | undefined, queued: readonly QueuedShiftWrite[], rosterId: number): ShiftEntry[] {
  const byId = new Map<number, ShiftEntry>();
  for (const r of rows ?? []) byId.set(r.pkActivityLogId, { eventId: r.eventId, occurredAt: r.occurredAt, eventName: r.eventName, unsent: false });
  const added: ShiftEntry[] = [];
  for (const q of queued) {
    if (q.group !== activityGroupOf(rosterId)) continue;
    const body = (q.body ?? {}) as SaveBody;
    if (q.kind === ACTIVITY_DELETE_KIND) {
      if (typeof body.pkActivityLogId === 'number') byId.delete(body.pkActivityLogId);
      continue;
    }
    if (q.kind !== ACTIVITY_SAVE_KIND || typeof body.eventId !== 'number' || typeof body.occurredAt !== 'string') continue;
    const entry: ShiftEntry = { eventId: body.eventId, occurredAt: body.occurredAt, eventName: null, unsent: true };
    if (typeof body.pkActivityLogId === 'number' && byId.has(body.pkActivityLogId)) byId.set(body.pkActivityLogId, entry);
    else added.push(entry);
  }
  return [...byId.values(), ...added].sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
}

/**
 * The event the patrol most likely records next (the activity log's recorder highlights the same one): 'Mula Syif'
 * first, 'Pemeriksaan Kenderaan' after it, 'Tamat Rondaan' while a patrol is under way, else 'Mula Rondaan'; none
 * once 'Tamat Syif' is recorded.
 */
export function nextEvent(entries: readonly Pick<ShiftEntry, 'eventId'>[]): number | null {
  if (!entries.length) return ACTIVITY_EVENT.SHIFT_START;
  let patrolling = false;
  for (const e of entries) {
    if (e.eventId === ACTIVITY_EVENT.SHIFT_END) return null;
    if (e.eventId === ACTIVITY_EVENT.PATROL_START) patrolling = true;
    else if (e.eventId === ACTIVITY_EVENT.PATROL_END) patrolling = false;
  }
  if (patrolling) return ACTIVITY_EVENT.PATROL_END;
  if (entries.at(-1)?.eventId === ACTIVITY_EVENT.SHIFT_START) return ACTIVITY_EVENT.VEHICLE_CHECK;
  return ACTIVITY_EVENT.PATROL_START;
}

/** The activity log step: done once 'Tamat Syif' is in, unsent while an entry waits on the device. */
export function activityState(entries: readonly ShiftEntry[] | null, queued: readonly QueuedShiftWrite[], rosterId: number): StepState {
  const mine = queued.filter((q) => q.group === activityGroupOf(rosterId));
  const q = queuedState(mine);
  if (q === 'refused') return q;
  if (entries === null) return q ?? 'unknown';
  if (q) return q;
  if (entries.some((e) => e.eventId === ACTIVITY_EVENT.SHIFT_END)) return 'done';
  return entries.length ? 'ongoing' : 'todo';
}

// ---------------------------------------------------------------- the cases

/**
 * The patrol's next step on a case: receive, arrive, finish the assistance, finish the case; 'returned' when the
 * patrol rejected it (back with the TMC); null when the patrol has nothing left to do (Selesai Kes, Negative, Tutup,
 * Batal). By the status when it is known (the incidentStatus lookup's key of the report's status name), else by the
 * step times.
 */
export type CaseStep = 'receive' | 'arrive' | 'assistanceDone' | 'caseDone' | 'returned' | null;

type CaseTimes = Pick<EndOfDutyCase, 'receivedAt' | 'arrivedAt' | 'assistanceDoneAt' | 'doneAt'>;

export function nextCaseStep(c: CaseTimes, statusId?: number | null): CaseStep {
  if (statusId !== undefined && statusId !== null) {
    const group = statusGroupOf(statusId);
    if (statusId === STATUS.ASSIGNED) return 'receive';
    if (statusId === STATUS.REJECTED) return 'returned';
    if (statusId === STATUS.RECEIVED) return 'arrive';
    if (statusId === STATUS.ARRIVED) return 'assistanceDone';
    if (statusId === STATUS.ASSISTANCE_DONE) return 'caseDone';
    if (group !== null) return null;
  }
  if (c.doneAt) return null;
  if (!c.receivedAt) return 'receive';
  if (!c.arrivedAt) return 'arrive';
  if (!c.assistanceDoneAt) return 'assistanceDone';
  return 'caseDone';
}

/** Whether the case still needs the patrol (a step of theirs is next). */
export const needsPatrol = (step: CaseStep) => step !== null && step !== 'returned';

/** The cases to show: those still needing the patrol first, then the others; the newest ticket first in each. */
export function orderCases<C extends Pick<EndOfDutyCase, 'incidentId' | 'ticketNumber'>>(cases: readonly C[], stepOf: (c: C) => CaseStep): C[] {
  const rank = (c: C) => (needsPatrol(stepOf(c)) ? 0 : 1);
  return [...cases].sort((a, b) => rank(a) - rank(b) || (b.ticketNumber ?? '').localeCompare(a.ticketNumber ?? '') || b.incidentId - a.incidentId);
}

/**
 * The case steps still in the outbox, per case: the status of the last one queued (the patrol's steps are taken in
 * order, so the last is the newest) and whether one was refused. `items`: the outbox's audit.save items in `seq` order.
 */
export function queuedCaseSteps(
  items: readonly { kind: string; state: string; body: unknown; incidentId?: number }[],
): Map<number, { statusId: number; refused: boolean }> {
  const out = new Map<number, { statusId: number; refused: boolean }>();
  for (const i of items) {
    if (i.kind !== AUDIT_SAVE_KIND || !i.incidentId) continue;
    const statusId = (i.body as { incidentStatusId?: unknown } | null)?.incidentStatusId;
    if (typeof statusId !== 'number') continue;
    const before = out.get(i.incidentId);
    out.set(i.incidentId, { statusId, refused: (before?.refused ?? false) || i.state === 'parked' });
  }
  return out;
}
