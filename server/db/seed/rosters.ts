/**
 * Duty rosters from team schedules (§7.5 teamSchedule → dutyroster).
 *
 * A team works on the local (Asia/Brunei, UTC+8, no daylight saving) days where
 * (days since 2026-01-01) mod cycleDays is in workDays. Each working day gives one roster row whose startsAt /
 * endsAt are the UTC instants of the shift; a shift whose end hour is not after its start hour (19:00–07:00)
 * ends on the next day.
 */
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../client';
import { dutyRoster, shift, team, teamSchedule } from '../schema';
import { now as clockNow } from '../../lib/clock';

/** Asia/Brunei is UTC+8 all year. */
export const BRUNEI_OFFSET_MINUTES = 8 * 60;
const DAY_MS = 86_400_000;
/** Day 0 of every schedule cycle. */
export const SCHEDULE_EPOCH = '2026-01-01';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateToUtcMs(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new Error(`Expected a YYYY-MM-DD date, got "${date}"`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new Error(`Not a calendar date: "${date}"`);
  return ms;
}

/** YYYY-MM-DD plus n days. */
export function addDays(date: string, n: number): string {
  return new Date(dateToUtcMs(date) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The Asia/Brunei calendar date (YYYY-MM-DD) of an instant. */
export function bruneiDate(at: Date = clockNow()): string {
  return new Date(at.getTime() + BRUNEI_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The UTC instant of a local Asia/Brunei date and 'HH:mm' (or 'HH:mm:ss') hour. */
export function bruneiInstant(date: string, hour: string): Date {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(hour);
  if (!m) throw new Error(`Expected HH:mm, got "${hour}"`);
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return new Date(dateToUtcMs(date) + (minutes - BRUNEI_OFFSET_MINUTES) * 60_000 + Number(m[3] ?? 0) * 1000);
}

/** dd/mm/yyyy, as roster names show dates. */
const dmy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export interface ScheduleForRoster {
  teamId: number;
  teamName: string;
  sectionId: number;
  shiftId: number;
  startHour: string;
  endHour: string;
  vehicleId: number | null;
  cycleDays: number;
  workDays: number[];
}

export type DutyRosterInsert = typeof dutyRoster.$inferInsert;

/** Roster rows of the given schedules for `days` local days from `from` (pure). */
export function rosterRows(schedules: readonly ScheduleForRoster[], from: string, days: number): DutyRosterInsert[] {
  const epoch = dateToUtcMs(SCHEDULE_EPOCH);
  const start = dateToUtcMs(from);
  const rows: DutyRosterInsert[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    const dayIndex = Math.round((start + i * DAY_MS - epoch) / DAY_MS);
    for (const s of schedules) {
      const cycle = Math.max(1, s.cycleDays);
      const pos = ((dayIndex % cycle) + cycle) % cycle;
      if (!s.workDays.includes(pos)) continue;
      const startsAt = bruneiInstant(date, s.startHour);
      let endDate = date;
      let endsAt = bruneiInstant(date, s.endHour);
      if (endsAt.getTime() <= startsAt.getTime()) {
        endDate = addDays(date, 1);
        endsAt = bruneiInstant(endDate, s.endHour);
      }
      rows.push({
        sectionId: s.sectionId,
        shiftId: s.shiftId,
        teamId: s.teamId,
        vehicleId: s.vehicleId,
        dutyRosterName: `${s.teamName} ${dmy(date)}`,
        startDate: date,
        endDate,
        startHour: s.startHour,
        endHour: s.endHour,
        startsAt,
        endsAt,
      });
    }
  }
  return rows;
}

/**
 * Creates the duty rosters of every active team for `days` local days from `from` (YYYY-MM-DD, Asia/Brunei) that
 * do not exist yet, and returns how many it inserted. Idempotent: an existing roster (same team, shift and start
 * date) is left as it is, including any edits.
 */
export async function ensureRosters(db: Db, opts: { from: string; days: number }): Promise<number> {
  if (!Number.isInteger(opts.days) || opts.days < 0) throw new Error(`days must be a non-negative integer, got ${opts.days}`);
  dateToUtcMs(opts.from);
  if (opts.days === 0) return 0;
  const schedules = await db
    .select({
      teamId: team.id,
      teamName: team.name,
      sectionId: team.sectionId,
      shiftId: shift.id,
      startHour: shift.startHour,
      endHour: shift.endHour,
      vehicleId: teamSchedule.vehicleId,
      cycleDays: teamSchedule.cycleDays,
      workDays: teamSchedule.workDays,
    })
    .from(teamSchedule)
    .innerJoin(team, and(eq(team.id, teamSchedule.teamId), eq(team.isActive, true)))
    .innerJoin(shift, eq(shift.id, teamSchedule.shiftId))
    .orderBy(teamSchedule.id);
  const all = rosterRows(schedules, opts.from, opts.days);
  if (!all.length) return 0;
  // on most starts the window is already there: read its keys and insert only what is missing
  const dates = all.map((r) => r.startDate).sort();
  const existing = await db
    .select({ teamId: dutyRoster.teamId, shiftId: dutyRoster.shiftId, startDate: dutyRoster.startDate })
    .from(dutyRoster)
    .where(and(gte(dutyRoster.startDate, dates[0]), lte(dutyRoster.startDate, dates[dates.length - 1])));
  const have = new Set(existing.map((e) => `${e.teamId}|${e.shiftId}|${e.startDate}`));
  const rows = all.filter((r) => !have.has(`${r.teamId}|${r.shiftId}|${r.startDate}`));
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const done = await db
      .insert(dutyRoster)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: dutyRoster.id });
    inserted += done.length;
  }
  return inserted;
}
