/**
 * Date and time rules of every request (issue #20 item 6) without zod: the PWA may import these at run time;
 * contract/dates.ts builds the zod types from them (server and tests).
 *
 * Every date or time a request carries is a real calendar day between DATE_MIN_YEAR-01-01 and DATE_MAX_YEAR-12-31:
 * a calendar date 'YYYY-MM-DD', or an ISO 8601 instant with a zone ('Z' or ±hh:mm) whose written date is in that
 * range, with at most millisecond precision (the server keeps milliseconds: a value is stored exactly as sent).
 * Times that record something that already happened (a status, a patrol fix, a child-list time, the case time) may
 * be at most FUTURE_ALLOWANCE_MS ahead of the server clock (device clocks drift); the services check that with
 * their own messages.
 */

/** The first and last year a date may have. */
export const DATE_MIN_YEAR = 2000;
export const DATE_MAX_YEAR = 2100;
/** The first and last calendar day accepted, 'YYYY-MM-DD'. */
export const DATE_MIN = `${DATE_MIN_YEAR}-01-01`;
export const DATE_MAX = `${DATE_MAX_YEAR}-12-31`;

/** How far ahead of the server clock a "not in the future" time may be (tablet and browser clocks drift). */
export const FUTURE_ALLOWANCE_MS = 5 * 60_000;

export const DATE_MESSAGES = {
  format: 'Tarikh mesti YYYY-MM-DD',
  invalid: 'Tarikh tidak sah',
  range: `Tarikh mesti antara ${DATE_MIN_YEAR} dan ${DATE_MAX_YEAR}`,
  instantFormat: 'Masa mesti dalam format ISO 8601 dengan zon, contohnya 2026-11-22T08:30:00.000Z',
  precision: 'Masa mesti tepat hingga milisaat (maksimum 3 digit pecahan saat)',
  toBeforeFrom: 'Tarikh akhir tidak boleh sebelum tarikh mula.',
} as const;

/** 'YYYY-MM-DD' (the shape only). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** An ISO 8601 instant with a zone: date, 'T', hh:mm:ss, optional fraction, 'Z' or ±hh:mm (the date's shape only). */
export const INSTANT_PATTERN = /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.(\d+))?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/**
 * Whether 'YYYY-MM-DD' names a day that exists (no 2026-02-30, no 2027-02-29). Computed from the numbers, not with
 * Date.parse (which rolls 02-30 over to March) nor new Date(y, m, d) (which reads years 0–99 as 1900–1999).
 */
export function isCalendarDate(s: string): boolean {
  if (!DATE_PATTERN.test(s)) return false;
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(5, 7));
  const d = Number(s.slice(8, 10));
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
  return d <= days;
}

/** Whether a 'YYYY-MM-DD' (shape assumed) lies between DATE_MIN and DATE_MAX, both included. */
export const isDateInRange = (s: string): boolean => s >= DATE_MIN && s <= DATE_MAX;

/** What is wrong with a calendar date, or null when it is a real day in range. */
export function calendarDateProblem(s: string): string | null {
  if (!DATE_PATTERN.test(s)) return DATE_MESSAGES.format;
  if (!isCalendarDate(s)) return DATE_MESSAGES.invalid;
  if (!isDateInRange(s)) return DATE_MESSAGES.range;
  return null;
}

/** What is wrong with an ISO instant with a zone, or null when it is fine (written date real and in range, ≤ ms). */
export function instantProblem(s: string): string | null {
  const m = INSTANT_PATTERN.exec(s);
  if (!m) return DATE_MESSAGES.instantFormat;
  const date = m[1]!;
  if (!isCalendarDate(date) || !Number.isFinite(Date.parse(s))) return DATE_MESSAGES.invalid;
  if (!isDateInRange(date)) return DATE_MESSAGES.range;
  if (m[2] !== undefined && m[2].length > 3) return DATE_MESSAGES.precision;
  return null;
}

export const isValidInstant = (s: string): boolean => instantProblem(s) === null;

/**
 * `to` is not before `from` (either missing passes): two calendar dates compare as text, anything else as instants.
 * A from/to pair of a request is refused with 400 when this is false.
 */
export function isOrderedRange(from: string | null | undefined, to: string | null | undefined): boolean {
  if (!from || !to) return true;
  if (DATE_PATTERN.test(from) && DATE_PATTERN.test(to)) return to >= from;
  const a = Date.parse(from);
  const b = Date.parse(to);
  return !Number.isFinite(a) || !Number.isFinite(b) || b >= a;
}

/** Whether `at` is more than `allowanceMs` ahead of `now` (a "not in the future" time that is). */
export const isTooFarAhead = (at: Date | number, now: Date | number = Date.now(), allowanceMs: number = FUTURE_ALLOWANCE_MS): boolean =>
  +at > +now + allowanceMs;
