import type { DutyRosterRow } from '@contract/sections';
import { type RosterSpan, rosterCovers, shiftDateAt } from '@contract/shift-time';

/**
 * The rosters of the current shift among `rosters` (the user's own, from the sign-in answer): those covering `now`
 * and those of its shift date (contract/shift-time.ts; at 00:30 the night roster of the previous evening).
 */
export function currentShiftRosters<R extends RosterSpan>(rosters: readonly R[], now: number): R[] {
  const date = shiftDateAt(now, rosters);
  return rosters.filter((r) => rosterCovers(r, now) || r.startDate === date);
}

export interface RosterSummary {
  total: number;
  active: number;
  upcoming: number;
  ended: number;
  /** sections with a roster on shift now */
  sectionsCovered: number;
  /** sections with any roster today */
  sectionsToday: number;
  /** distinct plates on shift now */
  vehiclesOnShift: number;
  /** distinct plates rostered today */
  vehiclesToday: number;
}

export function summarize(rows: DutyRosterRow[]): RosterSummary {
  const active = rows.filter((r) => r.status === 'active');
  const plates = (rs: DutyRosterRow[]) => new Set(rs.map((r) => r.plateNumber?.trim()).filter(Boolean)).size;
  return {
    total: rows.length,
    active: active.length,
    upcoming: rows.filter((r) => r.status === 'upcoming').length,
    ended: rows.filter((r) => r.status === 'ended').length,
    sectionsCovered: new Set(active.map((r) => r.sectionId)).size,
    sectionsToday: new Set(rows.map((r) => r.sectionId)).size,
    vehiclesOnShift: plates(active),
    vehiclesToday: plates(rows),
  };
}

const STATUS_ORDER = { active: 0, upcoming: 1, ended: 2 } as const;

/** On shift first, then upcoming, then ended; within a group by start hour, then section. */
export function sortRosters(rows: DutyRosterRow[]): DutyRosterRow[] {
  return [...rows].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      a.startHour.localeCompare(b.startHour) ||
      a.sectionName.localeCompare(b.sectionName) ||
      a.dutyRosterName.localeCompare(b.dutyRosterName),
  );
}

/** Distinct sections of the rows, by name. */
export function sectionsOf(rows: DutyRosterRow[]): { id: number; name: string }[] {
  const m = new Map<number, string>();
  rows.forEach((r) => {
    m.set(r.sectionId, r.sectionName);
  });
  return [...m].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
