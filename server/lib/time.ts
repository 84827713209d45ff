import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { nowMs } from './clock';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are stored in UTC and shown in Asia/Brunei (UTC+8, no daylight saving). */
export const TZ = 'Asia/Brunei';

/**
 * Asia/Brunei has kept UTC+8 since the end of 1945: an instant from then on is formatted by shifting it 8 hours and
 * reading its UTC fields (what dayjs' tz plugin answers, at a small part of its cost: it asks Intl for every date,
 * the largest part of a list's own work, bench/uncached-reads.ts); an earlier instant, an invalid one or a string
 * still goes through dayjs.
 */
const OFFSET_MS = 8 * 3_600_000;
const FIXED_FROM_MS = Date.UTC(1946, 0, 1);
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
/** the local wall clock as a Date read through its UTC fields, or null where dayjs must answer */
function wallClock(at: Date | number | string, offsetDays = 0): Date | null {
  if (typeof at === 'string') return null;
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!(ms >= FIXED_FROM_MS)) return null;
  return new Date(ms + OFFSET_MS + offsetDays * 86_400_000);
}
const ymd = (d: Date, sep = '-') => `${d.getUTCFullYear()}${sep}${pad2(d.getUTCMonth() + 1)}${sep}${pad2(d.getUTCDate())}`;
const dmy = (d: Date) => `${pad2(d.getUTCDate())}-${pad2(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
const hms = (d: Date) => `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;

/** Today's local calendar date, YYYY-MM-DD. */
export function localDate(at: Date | number = nowMs(), offsetDays = 0): string {
  const d = wallClock(at, offsetDays);
  return d ? ymd(d) : dayjs(at).tz(TZ).add(offsetDays, 'day').format('YYYY-MM-DD');
}

/** The UTC instant of a local date and hh:mm. */
export function localInstant(date: string, hhmm = '00:00'): Date {
  // a real date and time since 1946 by the fixed shift; anything else (an overflowing day, 24:00) as dayjs answers it
  const m = LOCAL_INSTANT.exec(`${date} ${hhmm}`);
  if (m) {
    const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
    const wall = new Date(Date.UTC(y, mo - 1, d, h, mi));
    const exact = wall.getUTCFullYear() === y && wall.getUTCMonth() === mo - 1 && wall.getUTCDate() === d && wall.getUTCHours() === h;
    if (exact && wall.getUTCMinutes() === mi && wall.getTime() - OFFSET_MS >= FIXED_FROM_MS) return new Date(wall.getTime() - OFFSET_MS);
  }
  return dayjs.tz(`${date} ${hhmm}`, 'YYYY-MM-DD HH:mm', TZ).toDate();
}
const LOCAL_INSTANT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

export { dayjs };

/** An instant as Asia/Brunei text: YYYY-MM-DD, DD-MM-YYYY, HH:mm:ss, YYYYMMDD, DD-MM-YYYY HH:mm:ss (§9). */
export const localYmd = (at: Date | string) => {
  const d = wallClock(at);
  return d ? ymd(d) : dayjs(at).tz(TZ).format('YYYY-MM-DD');
};
export const localDmy = (at: Date | string) => {
  const d = wallClock(at);
  return d ? dmy(d) : dayjs(at).tz(TZ).format('DD-MM-YYYY');
};
export const localHms = (at: Date | string) => {
  const d = wallClock(at);
  return d ? hms(d) : dayjs(at).tz(TZ).format('HH:mm:ss');
};
export const localCompact = (at: Date | string) => {
  const d = wallClock(at);
  return d ? ymd(d, '') : dayjs(at).tz(TZ).format('YYYYMMDD');
};
export const localDisplay = (at: Date | string) => {
  const d = wallClock(at);
  return d ? `${dmy(d)} ${hms(d)}` : dayjs(at).tz(TZ).format('DD-MM-YYYY HH:mm:ss');
};
