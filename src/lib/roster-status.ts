import type { DutyRosterRow } from '@contract/sections';
import { rosterEndMs, rosterPhaseAt, rosterStartMs } from '@contract/shift-time';
import { formatClock } from './time';

export type RosterStatus = DutyRosterRow['status'];

type RosterTimes = Pick<DutyRosterRow, 'startDate' | 'endDate' | 'startHour' | 'endHour' | 'status'>;

/**
 * Status of a roster at `now` from its wall-clock times in Asia/Brunei (so an offline copy stays right as the day
 * goes on), by the contract's one rule for "now" (contract/shift-time.ts: start ≤ now < end, a night roster ends on
 * the next day). Falls back to the server's status when the times cannot be read.
 */
export function rosterStatusAt(r: RosterTimes, now: number = Date.now()): RosterStatus {
  const times = { ...r, startHour: formatClock(r.startHour, true), endHour: formatClock(r.endHour, true) };
  if (!Number.isFinite(rosterStartMs(times)) || !Number.isFinite(rosterEndMs(times))) return r.status;
  return rosterPhaseAt(times, now);
}

/** 'HH:mm – HH:mm' with '(+1)' when the shift ends on a later day. */
export function rosterHours(r: Pick<DutyRosterRow, 'startDate' | 'endDate' | 'startHour' | 'endHour'>): string {
  const next = r.endDate > r.startDate ? ' (+1)' : '';
  return `${formatClock(r.startHour)} – ${formatClock(r.endHour)}${next}`;
}
