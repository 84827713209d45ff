import type { DutyRosterRow } from '@contract/sections';
import { formatClock, zonedInstant } from './time';

export type RosterStatus = DutyRosterRow['status'];

type RosterTimes = Pick<DutyRosterRow, 'startDate' | 'endDate' | 'startHour' | 'endHour' | 'status'>;

/** The instant of a wall-clock date and time in Asia/Brunei, or null. */
function instant(date: string, hour: string): number | null {
  const clock = formatClock(hour, true);
  if (!clock || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = clock.split(':').map(Number);
  const t = zonedInstant(y, mo, d, h, mi, s);
  return Number.isFinite(t) ? t : null;
}

/**
 * Status of a roster at `now` from its wall-clock times in Asia/Brunei (so an offline copy stays right as the day
 * goes on). Falls back to the server's status when the times cannot be read.
 */
export function rosterStatusAt(r: RosterTimes, now: number = Date.now()): RosterStatus {
  const start = instant(r.startDate, r.startHour);
  const end = instant(r.endDate, r.endHour);
  if (start === null || end === null) return r.status;
  if (now < start) return 'upcoming';
  if (now >= end) return 'ended';
  return 'active';
}

/** 'HH:mm – HH:mm' with '(+1)' when the shift ends on a later day. */
export function rosterHours(r: Pick<DutyRosterRow, 'startDate' | 'endDate' | 'startHour' | 'endHour'>): string {
  const next = r.endDate > r.startDate ? ' (+1)' : '';
  return `${formatClock(r.startHour)} – ${formatClock(r.endHour)}${next}`;
}
