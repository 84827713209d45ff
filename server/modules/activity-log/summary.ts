/**
 * The shift summary of a duty roster (§3.12 Summary; issue #15 item 3), PURE: no database, no clock. The service
 * reads a roster's entries and GPS fixes and hands them here with the shift's window and "now".
 *
 * - rondaCount: 'Tamat Rondaan' (295) entries that close a preceding 'Mula Rondaan' (3003). Entries are taken in
 *   time order (then id); a 295 with no open 3003 before it closes nothing, a second 3003 before a 295 opens nothing
 *   new (one patrol).
 * - rehatMinutes: each 'Rehat' (3004) lasts until the roster's next entry (any event), or, when it is the last one,
 *   until the shift end (until now for a roster still on shift); each break is clipped to the shift window.
 * - GPS (dluMinutes, lluMinutes, inactiveGpsMinutes): the shift window is [startsAt, end], where end is endsAt, or
 *   now for a roster still on shift (empty before the shift starts). Fixes are taken in time order. Each interval
 *   between two consecutive fixes no longer than INACTIVE_GPS_GAP_MS counts for the FIRST fix's class: DLU (on the
 *   mainline: offsetMetres ≤ MAINLINE_BOUND_METRES, i.e. it matches the km-marker grid) or LLU (off it; an unknown
 *   offset counts as off). A longer gap, the stretch from the window start to the first fix and the stretch from the
 *   last fix to the window end are inactive GPS (NOGPS). Every interval is clipped to the window, so fixes taken in
 *   the ±15 min grace around the shift count only for the part inside it. With no fix at all, the whole window is
 *   NOGPS.
 * - Minutes are the sums in milliseconds rounded to whole minutes at the end (each total on its own).
 */
import distance from '@turf/distance';
import { point } from '@turf/helpers';
import { ACTIVITY_EVENT, INACTIVE_GPS_GAP_MS, TRACK_MAX_KMH } from '../../../contract/activity-log-rules';
import { MAINLINE_BOUND_METRES } from '../../../contract/map-rules';

export type GpsKind = 'DLU' | 'LLU' | 'NOGPS';

export interface SummaryEntry {
  /** tie-breaker of entries with the same time */
  id?: number;
  eventId: number;
  /** epoch milliseconds */
  at: number;
}

export interface SummaryFix {
  /** epoch milliseconds (recordedAt) */
  at: number;
  offsetMetres: number | null;
}

export interface SummaryWindow {
  /** epoch milliseconds */
  startsAt: number;
  endsAt: number;
}

/** A stretch of the shift of one GPS class; consecutive stretches of one class are merged. */
export interface GpsSpan {
  from: number;
  to: number;
  kind: GpsKind;
}

export interface SummaryInput {
  entries: readonly SummaryEntry[];
  fixes: readonly SummaryFix[];
  window: SummaryWindow;
  /** epoch milliseconds */
  now: number;
}

export interface ComputedSummary {
  rondaCount: number;
  rehatMinutes: number;
  dluMinutes: number;
  lluMinutes: number;
  inactiveGpsMinutes: number;
  /** the shift's GPS stretches in time order (merged), for the inactive-GPS and the mainline reports */
  spans: GpsSpan[];
}

const MINUTE_MS = 60_000;
export const toMinutes = (ms: number) => Math.round(ms / MINUTE_MS);

/** A fix is on the mainline when it is within MAINLINE_BOUND_METRES of a kilometre marker; unknown is off. */
export const isOnMainline = (offsetMetres: number | null | undefined) =>
  offsetMetres !== null && offsetMetres !== undefined && offsetMetres <= MAINLINE_BOUND_METRES;

/** The end of the part of the shift that has happened: endsAt, or now while on shift (never before startsAt). */
export function windowEnd(window: SummaryWindow, now: number): number {
  return Math.max(window.startsAt, Math.min(window.endsAt, now));
}

const byTime = <T extends { at: number; id?: number }>(a: T, b: T) => a.at - b.at || (a.id ?? 0) - (b.id ?? 0);

/** Patrols completed: 295 entries closing an open 3003. */
export function rondaCountOf(entries: readonly SummaryEntry[]): number {
  let open = false;
  let count = 0;
  for (const e of [...entries].sort(byTime)) {
    if (e.eventId === ACTIVITY_EVENT.PATROL_START) open = true;
    else if (e.eventId === ACTIVITY_EVENT.PATROL_END && open) {
      count++;
      open = false;
    }
  }
  return count;
}

/** Milliseconds of 'Rehat': each break until the next entry (or the window end), clipped to the window. */
export function rehatMsOf(entries: readonly SummaryEntry[], window: SummaryWindow, now: number): number {
  const sorted = [...entries].sort(byTime);
  const end = windowEnd(window, now);
  let total = 0;
  sorted.forEach((e, i) => {
    if (e.eventId !== ACTIVITY_EVENT.BREAK) return;
    const until = i + 1 < sorted.length ? sorted[i + 1].at : end;
    const from = Math.max(e.at, window.startsAt);
    const to = Math.min(until, end);
    if (to > from) total += to - from;
  });
  return total;
}

/** The GPS stretches of the window (rule in the module comment), merged where consecutive ones share a class. */
export function gpsSpansOf(fixes: readonly SummaryFix[], window: SummaryWindow, now: number): GpsSpan[] {
  const start = window.startsAt;
  const end = windowEnd(window, now);
  if (end <= start) return [];
  const sorted = [...fixes].sort(byTime);
  const raw: GpsSpan[] = [];
  const push = (from: number, to: number, kind: GpsKind) => {
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    if (b > a) raw.push({ from: a, to: b, kind });
  };
  if (!sorted.length) push(start, end, 'NOGPS');
  else {
    push(start, sorted[0].at, 'NOGPS');
    for (let i = 0; i + 1 < sorted.length; i++) {
      const f = sorted[i];
      const next = sorted[i + 1];
      const kind: GpsKind = next.at - f.at > INACTIVE_GPS_GAP_MS ? 'NOGPS' : isOnMainline(f.offsetMetres) ? 'DLU' : 'LLU';
      push(f.at, next.at, kind);
    }
    push(sorted.at(-1)!.at, end, 'NOGPS');
  }
  const merged: GpsSpan[] = [];
  for (const s of raw) {
    const last = merged.at(-1);
    if (last && last.kind === s.kind && last.to === s.from) last.to = s.to;
    else merged.push({ ...s });
  }
  return merged;
}

/** Milliseconds of each class in a list of stretches. */
export function totalsOf(spans: readonly GpsSpan[]): Record<GpsKind, number> {
  const out: Record<GpsKind, number> = { DLU: 0, LLU: 0, NOGPS: 0 };
  for (const s of spans) out[s.kind] += s.to - s.from;
  return out;
}

/** The whole summary of a roster (rules in the module comment). */
export function computeSummary(input: SummaryInput): ComputedSummary {
  const spans = gpsSpansOf(input.fixes, input.window, input.now);
  const t = totalsOf(spans);
  return {
    rondaCount: rondaCountOf(input.entries),
    rehatMinutes: toMinutes(rehatMsOf(input.entries, input.window, input.now)),
    dluMinutes: toMinutes(t.DLU),
    lluMinutes: toMinutes(t.LLU),
    inactiveGpsMinutes: toMinutes(t.NOGPS),
    spans,
  };
}

/** A fix with its place (trackMetresOf). */
export interface TrackFix {
  /** epoch milliseconds (recordedAt) */
  at: number;
  latitude: number;
  longitude: number;
}

/**
 * The length of a roster's GPS track in its shift, whole metres (issue #31: the vehicle's distance where no checklist
 * has odometer readings): the fixes inside the window [startsAt, end] (end: endsAt, or now while on shift) in time
 * order, and the great-circle distance (@turf/distance) between each two consecutive ones summed. A step implying more
 * than TRACK_MAX_KMH (a fix thrown off by a poor signal) is skipped, and so is the fix it led to, so the next step
 * starts again from the last plausible fix; fixes at the same instant add nothing. A signal loss between two fixes
 * counts as the straight line between them (the least the vehicle drove). Fewer than two fixes: 0.
 */
export function trackMetresOf(fixes: readonly TrackFix[], window: SummaryWindow, now: number): number {
  const end = windowEnd(window, now);
  const inside = fixes.filter((f) => f.at >= window.startsAt && f.at <= end).sort(byTime);
  let metres = 0;
  let last: TrackFix | undefined;
  for (const f of inside) {
    if (!last) {
      last = f;
      continue;
    }
    const m = distance(point([last.longitude, last.latitude]), point([f.longitude, f.latitude]), { units: 'meters' });
    const hours = (f.at - last.at) / 3_600_000;
    if (hours <= 0) continue;
    if (m / 1000 / hours > TRACK_MAX_KMH) continue;
    metres += m;
    last = f;
  }
  return Math.round(metres);
}

/** At most `max` items of a list, evenly spread, the first and the last always kept (the map's track). */
export function downsample<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  if (max <= 1) return items.slice(0, Math.max(0, max));
  const step = (items.length - 1) / (max - 1);
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(items[Math.round(i * step)]);
  return out;
}
