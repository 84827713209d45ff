import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** Every time is shown in this zone (§9, READING-NOTES "Time"): UTC+8, no daylight saving. */
export const APP_TZ = 'Asia/Brunei';

export const DATE_FORMAT = 'DD-MM-YYYY';
export const TIME_FORMAT = 'HH:mm:ss';
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm:ss';
export const DATE_TIME_SHORT_FORMAT = 'DD-MM-YYYY HH:mm';
export const ISO_DATE = 'YYYY-MM-DD';

export type TimeInput = string | number | Date | Dayjs;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_ONLY = /^\d{1,2}:\d{2}(:\d{2})?$/;

/**
 * Reads an instant into the app zone. A bare calendar date ('2026-03-01') is a day, not an instant: it is read as
 * that day in the app zone and never shifted.
 */
export function toAppZone(input: TimeInput): Dayjs {
  if (typeof input === 'string' && DATE_ONLY.test(input)) return dayjs.tz(input, ISO_DATE, APP_TZ);
  return dayjs(input).tz(APP_TZ);
}

function safe(input: TimeInput | null | undefined, fmt: string): string {
  if (input === null || input === undefined || input === '') return '';
  const d = toAppZone(input);
  return d.isValid() ? d.format(fmt) : '';
}

/** dd-mm-yyyy in Asia/Brunei. */
export const formatDate = (input: TimeInput | null | undefined) => safe(input, DATE_FORMAT);

/** hh:mm:ss, 24-hour, in Asia/Brunei. A bare time of day ('7:05' or '07:05:00') is only padded. */
export function formatTime(input: TimeInput | null | undefined): string {
  if (typeof input === 'string' && TIME_ONLY.test(input)) return formatClock(input, true);
  return safe(input, TIME_FORMAT);
}

/** 'DD-MM-YYYY HH:mm:ss' in Asia/Brunei. */
export const formatDateTime = (input: TimeInput | null | undefined) => safe(input, DATE_TIME_FORMAT);

/** 'DD-MM-YYYY HH:mm' in Asia/Brunei (lists and maps drop the seconds, §9). */
export const formatDateTimeShort = (input: TimeInput | null | undefined) => safe(input, DATE_TIME_SHORT_FORMAT);

/** A wall-clock time of day as 'HH:mm' (withSeconds=false) or 'HH:mm:ss'. */
export function formatClock(hhmm: string | null | undefined, withSeconds = false): string {
  if (!hhmm || !TIME_ONLY.test(hhmm)) return '';
  const [h, m, s = '00'] = hhmm.split(':');
  const out = `${h.padStart(2, '0')}:${m}`;
  return withSeconds ? `${out}:${s}` : out;
}

/** Now, in the app zone. */
export const nowInAppZone = () => dayjs().tz(APP_TZ);

/** Today's calendar date in Asia/Brunei as 'YYYY-MM-DD' (what the API takes). */
export const todayIso = (now: TimeInput = Date.now()) => dayjs(now).tz(APP_TZ).format(ISO_DATE);

/** 'YYYY-MM-DD' → 'DD-MM-YYYY' without any zone arithmetic. */
export function isoDateToDisplay(iso: string | null | undefined): string {
  if (!iso || !DATE_ONLY.test(iso)) return '';
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
}

/** 'DD-MM-YYYY' → 'YYYY-MM-DD' (returns '' when it is not a real date). */
export function displayDateToIso(display: string): string {
  const d = dayjs(display, DATE_FORMAT, true);
  return d.isValid() ? d.format(ISO_DATE) : '';
}

export const isIsoDate = (s: string) => DATE_ONLY.test(s) && dayjs(s, ISO_DATE, true).isValid();

/** Seconds → 'H jam M minit' style parts. */
export function splitDuration(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  const t = Math.max(0, Math.floor(totalSeconds));
  return { hours: Math.floor(t / 3600), minutes: Math.floor((t % 3600) / 60), seconds: t % 60 };
}

export { dayjs };
