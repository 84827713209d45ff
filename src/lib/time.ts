/*
 * Dates and times of the app, shown in one zone (§9). Built on Intl (no date library on the first page): the zone
 * rules come from the browser, the formats are fixed.
 */
import { getLanguage, type Language } from './i18n';

/** Every time is shown in this zone (§9, READING-NOTES "Time"): UTC+8, no daylight saving. */
export const APP_TZ = 'Asia/Brunei';

export type TimeInput = string | number | Date;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_ONLY = /^\d{1,2}:\d{2}(:\d{2})?$/;
/** A date-time without an offset, read as local time (as the Date constructor and dayjs read it). */
const LOCAL_DATE_TIME = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

interface WallClock {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

let zoneFormat: Intl.DateTimeFormat | null = null;

/**
 * Asia/Brunei has kept UTC+8 without daylight saving since 1945 (UTC+9 under occupation, 1942–1945): for those instants the wall clock is plain arithmetic.
 * (Intl's formatToParts, a few microseconds a call, was among the heaviest functions of the dashboard's first render
 * on a tablet's CPU: a list formats hundreds of times.) Earlier instants, and a zone other than Brunei, go through Intl.
 */
const FIXED_OFFSET_MS = 8 * 3_600_000;
const FIXED_SINCE = Date.UTC(1946, 0, 1);

/** The wall clock in the app zone at an instant. */
function wallClock(ms: number): WallClock {
  if (ms >= FIXED_SINCE) {
    const d = new Date(ms + FIXED_OFFSET_MS);
    return { y: d.getUTCFullYear(), mo: d.getUTCMonth() + 1, d: d.getUTCDate(), h: d.getUTCHours(), mi: d.getUTCMinutes(), s: d.getUTCSeconds() };
  }
  zoneFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: APP_TZ,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p: Record<string, number> = {};
  for (const part of zoneFormat.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year, mo: p.month, d: p.day, h: p.hour, mi: p.minute, s: p.second };
}

/** The instant at which the app zone's wall clock shows the given date and time. */
export function zonedInstant(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(guess);
    guess += asUtc - Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);
  }
  return guess;
}

/** An input as an instant (ms), or NaN. A bare calendar date ('2026-03-01') is that day in the app zone. */
function toInstant(input: TimeInput): number {
  if (typeof input === 'number') return input;
  if (input instanceof Date) return input.getTime();
  if (DATE_ONLY.test(input)) {
    const [y, mo, d] = input.split('-').map(Number);
    return zonedInstant(y, mo, d);
  }
  if (!/Z$/i.test(input)) {
    const m = LOCAL_DATE_TIME.exec(input);
    if (m) {
      const ms = Number((m[7] || '0').substring(0, 3));
      return new Date(+m[1], (+m[2] || 1) - 1, +m[3] || 1, +m[4] || 0, +m[5] || 0, +m[6] || 0, ms).getTime();
    }
  }
  return new Date(input).getTime();
}

type Parts = 'date' | 'time' | 'dateTime' | 'dateTimeShort' | 'iso';

function format(input: TimeInput | null | undefined, what: Parts): string {
  if (input === null || input === undefined || input === '') return '';
  const ms = toInstant(input);
  if (!Number.isFinite(ms)) return '';
  const w = wallClock(ms);
  const date = `${pad(w.d)}-${pad(w.mo)}-${pad(w.y, 4)}`;
  const hm = `${pad(w.h)}:${pad(w.mi)}`;
  switch (what) {
    case 'date':
      return date;
    case 'time':
      return `${hm}:${pad(w.s)}`;
    case 'dateTime':
      return `${date} ${hm}:${pad(w.s)}`;
    case 'dateTimeShort':
      return `${date} ${hm}`;
    case 'iso':
      return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}`;
  }
}

/** dd-mm-yyyy in Asia/Brunei. */
export const formatDate = (input: TimeInput | null | undefined) => format(input, 'date');

/** hh:mm:ss, 24-hour, in Asia/Brunei. A bare time of day ('7:05' or '07:05:00') is only padded. */
export function formatTime(input: TimeInput | null | undefined): string {
  if (typeof input === 'string' && TIME_ONLY.test(input)) return formatClock(input, true);
  return format(input, 'time');
}

/** 'DD-MM-YYYY HH:mm:ss' in Asia/Brunei. */
export const formatDateTime = (input: TimeInput | null | undefined) => format(input, 'dateTime');

/** 'DD-MM-YYYY HH:mm' in Asia/Brunei (lists and maps drop the seconds, §9). */
export const formatDateTimeShort = (input: TimeInput | null | undefined) => format(input, 'dateTimeShort');

/** A wall-clock time of day as 'HH:mm' (withSeconds=false) or 'HH:mm:ss'. */
export function formatClock(hhmm: string | null | undefined, withSeconds = false): string {
  if (!hhmm || !TIME_ONLY.test(hhmm)) return '';
  const [h, m, s = '00'] = hhmm.split(':');
  const out = `${h.padStart(2, '0')}:${m}`;
  return withSeconds ? `${out}:${s}` : out;
}

/** Today's calendar date in Asia/Brunei as 'YYYY-MM-DD' (what the API takes). */
export const todayIso = (now: TimeInput = Date.now()) => format(now, 'iso');

/** 'YYYY-MM-DD' → 'DD-MM-YYYY' without any zone arithmetic. */
export function isoDateToDisplay(iso: string | null | undefined): string {
  if (!iso || !DATE_ONLY.test(iso)) return '';
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
}

/** Whether year-month-day is a day of the calendar (no 31 February). */
function isRealDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** 'DD-MM-YYYY' → 'YYYY-MM-DD' (returns '' when it is not a real date). */
export function displayDateToIso(display: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(display);
  if (!m || !isRealDate(+m[3], +m[2], +m[1])) return '';
  return `${m[3]}-${m[2]}-${m[1]}`;
}

export const isIsoDate = (s: string) => {
  if (!DATE_ONLY.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  return isRealDate(y, m, d);
};

/** Seconds → 'H jam M minit' style parts. */
export function splitDuration(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  const t = Math.max(0, Math.floor(totalSeconds));
  return { hours: Math.floor(t / 3600), minutes: Math.floor((t % 3600) / 60), seconds: t % 60 };
}

/** An instant as the app zone's wall clock: date 'YYYY-MM-DD' and time 'HH:mm:ss' ('' parts for no instant). */
export function wallDateTime(input: TimeInput | null | undefined): { date: string; time: string } {
  return { date: format(input, 'iso'), time: format(input, 'time') };
}

/** The units of a duration by language: jam/minit in Malay, hours/minutes in English. */
const DURATION_UNITS: Record<Language, { h: string; m: string }> = { ms: { h: 'j', m: 'm' }, en: { h: 'h', m: 'm' } };

/** The ISO instant (UTC) of an app-zone wall-clock date 'YYYY-MM-DD' and time 'HH:mm' or 'HH:mm:ss'; null when either is missing or invalid. */
export function instantOfWall(date: string | null | undefined, time: string | null | undefined): string | null {
  if (!date || !time || !isIsoDate(date) || !TIME_ONLY.test(time)) return null;
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s = 0] = time.split(':').map(Number);
  if (h > 23 || mi > 59 || s > 59) return null;
  return new Date(zonedInstant(y, mo, d, h, mi, s)).toISOString();
}

/**
 * Minutes as '2j 05m' / '45m' / '1,234j 00m' ('—' for none), '2h 05m' in English (issue #31: the units follow the
 * current language unless given); the CSV's form is minutesToHm in the contract.
 */
export function minutesText(minutes: number | null | undefined, units: { h: string; m: string } = DURATION_UNITS[getLanguage()]): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '—';
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  // thousands of hours (a report's month of rosters) grouped as the rest of its figures: '13,536j 00m'
  const hours = h >= 1000 ? h.toLocaleString('ms-MY') : String(h);
  return h ? `${hours}${units.h} ${String(m % 60).padStart(2, '0')}${units.m}` : `${m}${units.m}`;
}

/** A calendar date 'YYYY-MM-DD' moved by `n` days (the calendar's own arithmetic, no zone involved). */
export function addDays(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-${String(t.getUTCDate()).padStart(2, '0')}`;
}

/** A report's date range from its URL: what it says, else the `days` days up to today. */
export function rangeOrLastDays(search: { from?: string; to?: string }, today: string, days: number): { from: string; to: string } {
  const to = search.to ?? today;
  return { from: search.from ?? addDays(to, -(days - 1)), to };
}
