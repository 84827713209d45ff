/**
 * The pure side of the one-roster DLU report (/laporanmasalebuhraya/{rosterId}/{seksyen}/{team}/{syif}/{date}/
 * {dlullu}, issue #15): the route's parameters, the time bar across the shift (segments and hour ticks), the totals,
 * and the track split into runs on and off the mainline for the map. Unit tested
 * (tests/unit/activity-log-end-of-duty.test.ts).
 */
import { INACTIVE_GPS_GAP_MS } from '@contract/activity-log-rules';
import type { GpsPeriod, MainlineReport } from '@contract/activity-log';

export type PeriodKind = GpsPeriod['kind'];
export type Highlight = 'DLU' | 'LLU';

export interface DluParams {
  rosterId: number;
  seksyen: string;
  team: string;
  syif: string;
  /** 'YYYY-MM-DD' */
  date: string;
  dlullu: Highlight;
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The route's parameters, or null when the roster id or the DLU/LLU choice is not one. The date may be dd-mm-yyyy too. */
export function parseDluParams(p: { rosterId: string; seksyen: string; team: string; syif: string; date: string; dlullu: string }): DluParams | null {
  if (!/^\d{1,9}$/.test(p.rosterId) || Number(p.rosterId) <= 0) return null;
  const kind = p.dlullu.toUpperCase();
  if (kind !== 'DLU' && kind !== 'LLU') return null;
  const d = decode(p.date);
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(d);
  const date = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : d;
  return { rosterId: Number(p.rosterId), seksyen: decode(p.seksyen), team: decode(p.team), syif: decode(p.syif), date, dlullu: kind };
}

export interface BarSegment {
  kind: PeriodKind;
  from: number;
  to: number;
  minutes: number;
  /** percent of the bar's width */
  left: number;
  width: number;
}

/** The periods as segments of a bar from the shift's start to its end (clipped to it; nothing for an empty shift). */
export function barSegments(report: Pick<MainlineReport, 'startsAt' | 'endsAt' | 'periods'>): BarSegment[] {
  const s = Date.parse(report.startsAt);
  const e = Date.parse(report.endsAt);
  if (!Number.isFinite(s) || !Number.isFinite(e) || e <= s) return [];
  const span = e - s;
  const out: BarSegment[] = [];
  for (const p of report.periods) {
    const from = Math.max(s, Date.parse(p.from));
    const to = Math.min(e, Date.parse(p.to));
    if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) continue;
    out.push({ kind: p.kind, from, to, minutes: p.minutes, left: ((from - s) / span) * 100, width: ((to - from) / span) * 100 });
  }
  return out.sort((a, b) => a.from - b.from);
}

/** Full hours across the shift for the bar's scale (every `step` hours so at most ~13 labels). */
export function hourTicks(startsAt: string, endsAt: string): { at: number; left: number }[] {
  const s = Date.parse(startsAt);
  const e = Date.parse(endsAt);
  if (!Number.isFinite(s) || !Number.isFinite(e) || e <= s) return [];
  const H = 3_600_000;
  const hours = (e - s) / H;
  const step = hours > 24 ? 4 : hours > 12 ? 2 : 1;
  const out: { at: number; left: number }[] = [];
  // Asia/Brunei is a whole number of hours from UTC: full hours there are full hours of the epoch
  for (let at = Math.ceil(s / H) * H; at <= e; at += step * H) out.push({ at, left: ((at - s) / (e - s)) * 100 });
  return out;
}

export interface Totals {
  DLU: number;
  LLU: number;
  NOGPS: number;
  /** the shift's length in minutes */
  shift: number;
}

export function totalsOf(report: Pick<MainlineReport, 'startsAt' | 'endsAt' | 'dluMinutes' | 'lluMinutes' | 'inactiveGpsMinutes'>): Totals {
  const span = (Date.parse(report.endsAt) - Date.parse(report.startsAt)) / 60_000;
  return {
    DLU: report.dluMinutes,
    LLU: report.lluMinutes,
    NOGPS: report.inactiveGpsMinutes,
    shift: Number.isFinite(span) && span > 0 ? Math.round(span) : 0,
  };
}

/** A share of the shift in whole percent (0 for an empty shift). */
export const percentOf = (minutes: number, shift: number) => (shift > 0 ? Math.round((minutes / shift) * 100) : 0);

export interface TrackRun {
  onMainline: boolean;
  /** [lng, lat] along the run */
  points: [number, number][];
  from: string;
  to: string;
}

/**
 * The track as runs on and off the mainline, for the map: a run changes where the class changes (the two runs share
 * the fix where it changes, so the line has no hole) and breaks where the GPS was silent longer than
 * INACTIVE_GPS_GAP_MS (nothing is drawn across a gap).
 */
export function trackRuns(track: MainlineReport['track']): TrackRun[] {
  const fixes = [...track].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const out: TrackRun[] = [];
  let run: TrackRun | null = null;
  let prevAt = Number.NaN;
  for (const f of fixes) {
    const at = Date.parse(f.at);
    const pt: [number, number] = [f.longitude, f.latitude];
    const gap = Number.isFinite(prevAt) && at - prevAt > INACTIVE_GPS_GAP_MS;
    if (!run || gap) {
      run = { onMainline: f.onMainline, points: [pt], from: f.at, to: f.at };
      out.push(run);
    } else if (run.onMainline !== f.onMainline) {
      const last: [number, number] = run.points[run.points.length - 1];
      run = { onMainline: f.onMainline, points: [last, pt], from: run.to, to: f.at };
      out.push(run);
    } else {
      run.points.push(pt);
      run.to = f.at;
    }
    prevAt = at;
  }
  return out;
}

/** the screens' minute durations (one formatter for the portal) */
export { minutesText } from '@/lib/time';

/** The colours of the classes (bar, legend and map alike). */
export const KIND_COLOUR: Record<PeriodKind, string> = { DLU: '#2f9e44', LLU: '#e03131', NOGPS: '#868e96' };
