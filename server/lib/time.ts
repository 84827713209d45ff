import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { nowMs } from './clock';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are stored in UTC and shown in Asia/Brunei (UTC+8, no daylight saving). */
export const TZ = 'Asia/Brunei';

/** Today's local calendar date, YYYY-MM-DD. */
export function localDate(at: Date | number = nowMs(), offsetDays = 0): string {
  return dayjs(at).tz(TZ).add(offsetDays, 'day').format('YYYY-MM-DD');
}

/** The UTC instant of a local date and hh:mm. */
export function localInstant(date: string, hhmm = '00:00'): Date {
  return dayjs.tz(`${date} ${hhmm}`, 'YYYY-MM-DD HH:mm', TZ).toDate();
}

export { dayjs };

/** An instant as Asia/Brunei text: YYYY-MM-DD, DD-MM-YYYY, HH:mm:ss, YYYYMMDD, DD-MM-YYYY HH:mm:ss (§9). */
export const localYmd = (at: Date | string) => dayjs(at).tz(TZ).format('YYYY-MM-DD');
export const localDmy = (at: Date | string) => dayjs(at).tz(TZ).format('DD-MM-YYYY');
export const localHms = (at: Date | string) => dayjs(at).tz(TZ).format('HH:mm:ss');
export const localCompact = (at: Date | string) => dayjs(at).tz(TZ).format('YYYYMMDD');
export const localDisplay = (at: Date | string) => dayjs(at).tz(TZ).format('DD-MM-YYYY HH:mm:ss');
