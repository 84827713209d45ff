import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are stored in UTC and shown in Asia/Brunei (UTC+8, no daylight saving). */
export const TZ = 'Asia/Brunei';

/** Today's local calendar date, YYYY-MM-DD. */
export function localDate(at: Date | number = Date.now(), offsetDays = 0): string {
  return dayjs(at).tz(TZ).add(offsetDays, 'day').format('YYYY-MM-DD');
}

/** The UTC instant of a local date and hh:mm. */
export function localInstant(date: string, hhmm = '00:00'): Date {
  return dayjs.tz(`${date} ${hhmm}`, 'YYYY-MM-DD HH:mm', TZ).toDate();
}

export { dayjs };
