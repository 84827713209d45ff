/**
 * One rule for "now" (issue #29 item 1), pure and zod-free: the PWA (with the browser's Date) and the server (with
 * its clock, server/lib/clock.ts) answer "who is on duty" with the same functions.
 *
 * A roster covers an instant when its start (start date and hour, Asia/Brunei) ≤ the instant < its end (end date
 * and hour; a night roster 19:00–07:00 ends on the next day). An instant belongs to the shift date of the roster
 * covering it (the date that roster started: 00:30 and 06:59 belong to the night shift of the previous evening);
 * when no roster covers it, to the local date of the instant moved back by SHIFT_DAY_START (07:00), the hour the
 * shift day starts.
 */

/** Asia/Brunei is UTC+8 all year (no daylight saving). */
export const SHIFT_TZ_OFFSET_MINUTES = 8 * 60;
/** The hour the shift day starts (the day shift 07:00–19:00, the night shift 19:00–07:00). */
export const SHIFT_DAY_START = '07:00';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The times of a roster as it stores them: local dates and hours, and (when at hand) its instants. */
export interface RosterSpan {
  startDate: string;
  endDate: string;
  startHour: string;
  endHour: string;
  /** the start instant (ISO text, Date or ms); preferred over startDate/startHour when given */
  startsAt?: string | Date | number | null;
  /** the end instant; preferred over endDate/endHour when given */
  endsAt?: string | Date | number | null;
}

export type RosterPhase = 'upcoming' | 'active' | 'ended';

const ms = (at: string | Date | number): number => (typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime());

/** The instant (ms) of a local Asia/Brunei date 'YYYY-MM-DD' and hour 'HH:mm[:ss]', or NaN when unreadable. */
export function localInstantMs(date: string, hour: string): number {
  const d = DATE_RE.exec(date);
  const h = HOUR_RE.exec(hour.trim());
  if (!d || !h) return Number.NaN;
  const minutes = Number(h[1]) * 60 + Number(h[2]);
  return Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])) + (minutes - SHIFT_TZ_OFFSET_MINUTES) * MINUTE_MS + Number(h[3] ?? 0) * 1000;
}

/** The local Asia/Brunei date 'YYYY-MM-DD' of an instant. */
export const localDateOf = (at: string | Date | number): string => new Date(ms(at) + SHIFT_TZ_OFFSET_MINUTES * MINUTE_MS).toISOString().slice(0, 10);

/** The start instant (ms) of a roster. */
export function rosterStartMs(r: RosterSpan): number {
  if (r.startsAt !== undefined && r.startsAt !== null) return ms(r.startsAt);
  return localInstantMs(r.startDate, r.startHour);
}

/** The end instant (ms) of a roster: its end date and hour; an end not after the start is on the next day. */
export function rosterEndMs(r: RosterSpan): number {
  if (r.endsAt !== undefined && r.endsAt !== null) return ms(r.endsAt);
  const end = localInstantMs(r.endDate, r.endHour);
  const start = rosterStartMs(r);
  return end <= start ? end + DAY_MS : end;
}

/** Whether the roster covers the instant: start ≤ at < end. */
export function rosterCovers(r: RosterSpan, at: string | Date | number): boolean {
  const t = ms(at);
  return rosterStartMs(r) <= t && t < rosterEndMs(r);
}

/** The rosters that cover the instant (on duty then), in their order. */
export function rostersCovering<R extends RosterSpan>(rows: readonly R[], at: string | Date | number): R[] {
  return rows.filter((r) => rosterCovers(r, at));
}

/** Where the roster stands at the instant: upcoming (before its start), active (covering it) or ended. */
export function rosterPhaseAt(r: RosterSpan, at: string | Date | number): RosterPhase {
  const t = ms(at);
  if (t < rosterStartMs(r)) return 'upcoming';
  return t >= rosterEndMs(r) ? 'ended' : 'active';
}

/**
 * The shift date an instant belongs to: the start date of the earliest-starting roster that covers it, else the
 * local date of the instant moved back by SHIFT_DAY_START (so 00:30 and 06:59 belong to the previous date, 07:00 and
 * 23:59 to their own).
 */
export function shiftDateAt(at: string | Date | number, rosters: readonly RosterSpan[] = []): string {
  const covering = rostersCovering(rosters, at).sort((a, b) => rosterStartMs(a) - rosterStartMs(b));
  if (covering[0]) return covering[0].startDate;
  const h = HOUR_RE.exec(SHIFT_DAY_START)!;
  return localDateOf(ms(at) - (Number(h[1]) * 60 + Number(h[2])) * MINUTE_MS);
}
