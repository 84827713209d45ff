/**
 * The pure side of the end-of-duty report (Laporan Tamat Tugas, issue #15): the list's filters in the URL and the
 * filter sent, the lifecycle's look, the caller's own shifts (the 'Log Aktiviti syif ini' action), and the link to
 * the one-roster DLU report. Unit tested (tests/unit/activity-log-end-of-duty.test.ts).
 */
import { ROSTER_LIFECYCLE, type RosterLifecycle } from '@contract/activity-log-rules';
import type { ActivityLogRow, EndOfDutyFilter, EndOfDutyReport } from '@contract/activity-log';
import type { TimelineEntry } from '@contract/maps';
import type { WebUser } from '@contract/auth';
import { dateParam, idParam, parseListSearch, withFilters, type ListSearch } from '@/ui/admin/list-search';
import { rangeOrLastDays } from '@/lib/time';

export const isLifecycle = (v: unknown): v is RosterLifecycle => typeof v === 'string' && (ROSTER_LIFECYCLE as readonly string[]).includes(v);

// ---------------------------------------------------------------- the list's search (URL) and filter

export interface EndOfDutySearch extends ListSearch {
  /** 'YYYY-MM-DD' */
  from?: string;
  to?: string;
  regionId?: number;
  sectionId?: number;
  lifecycle?: RosterLifecycle;
}

export function parseEndOfDutySearch(raw: Record<string, unknown>): EndOfDutySearch {
  return withFilters<EndOfDutySearch>(parseListSearch(raw), {
    from: dateParam(raw.from),
    to: dateParam(raw.to),
    regionId: idParam(raw.regionId),
    sectionId: idParam(raw.sectionId),
    lifecycle: isLifecycle(raw.lifecycle) ? raw.lifecycle : undefined,
  });
}

/** 'YYYY-MM-DD' plus n days (calendar arithmetic, no zone). */
/** The list shows the last week unless the URL says otherwise. */
export const DEFAULT_RANGE_DAYS = 7;

export const dateRangeOf = (search: EndOfDutySearch, today: string) => rangeOrLastDays(search, today, DEFAULT_RANGE_DAYS);

/**
 * The filter sent to laporanTamatTugasData: the range, the region (fixed to the caller's own when it does not see
 * every region: `scopeRegionId`), the section and the lifecycle. null when the range is backwards (nothing is asked).
 */
export function filterOf(search: EndOfDutySearch, today: string, scopeRegionId: number | undefined): EndOfDutyFilter | null {
  const { from, to } = dateRangeOf(search, today);
  if (from > to) return null;
  const regionId = scopeRegionId ?? search.regionId;
  return {
    dateFrom: from,
    dateTo: to,
    ...(regionId ? { regionId } : {}),
    ...(search.sectionId ? { sectionId: search.sectionId } : {}),
    ...(search.lifecycle ? { lifecycle: search.lifecycle } : {}),
  };
}

// ---------------------------------------------------------------- the caller's own shifts

export type UserRoster = WebUser['rosters'][number];

/**
 * The caller's rosters from the session (§7.1 "the user's rosters"): the one on shift now (earliest start first when
 * two overlap) and those still to come. `statusAt` is src/lib/roster-status.ts rosterStatusAt.
 */
export function myShifts(
  rosters: readonly UserRoster[] | undefined,
  statusAt: (r: UserRoster) => 'upcoming' | 'active' | 'ended',
): { current: UserRoster | null; upcoming: UserRoster[] } {
  const xs = [...(rosters ?? [])].sort((a, b) => `${a.startDate} ${a.startHour}`.localeCompare(`${b.startDate} ${b.startHour}`));
  const current = xs.find((r) => statusAt(r) === 'active') ?? null;
  const upcoming = xs.filter((r) => statusAt(r) === 'upcoming');
  return { current, upcoming };
}

// ---------------------------------------------------------------- the report

export type DluKind = 'DLU' | 'LLU';

/**
 * /laporanmasalebuhraya/{rosterId}/{seksyen}/{team}/{syif}/{date}/{dlullu} (§2.1) of a roster: its section, team and
 * shift names and its date (YYYY-MM-DD) in the path, each segment encoded.
 */
export function dluReportPath(
  roster: Pick<EndOfDutyReport['roster'], 'pkDutyRosterId' | 'sectionName' | 'teamName' | 'shiftName' | 'startDate'>,
  kind: DluKind,
): string {
  const seg = (s: string) => encodeURIComponent(s.trim() || '-');
  return `/laporanmasalebuhraya/${roster.pkDutyRosterId}/${seg(roster.sectionName)}/${seg(roster.teamName)}/${seg(roster.shiftName)}/${seg(roster.startDate)}/${kind}`;
}

/** The same path as route parameters (the router encodes them). */
export function dluReportParams(
  roster: Pick<EndOfDutyReport['roster'], 'pkDutyRosterId' | 'sectionName' | 'teamName' | 'shiftName' | 'startDate'>,
  kind: DluKind,
) {
  const seg = (s: string) => s.trim() || '-';
  return {
    rosterId: String(roster.pkDutyRosterId),
    seksyen: seg(roster.sectionName),
    team: seg(roster.teamName),
    syif: seg(roster.shiftName),
    date: seg(roster.startDate),
    dlullu: kind,
  };
}

/** /activitylog/{rosterId}/{mode} (§2.1): 'edit' records, 'view' is the report, 'print' its printable view. */
export const activityLogPath = (rosterId: number, mode: 'edit' | 'view' | 'print') => `/activitylog/${rosterId}/${mode}`;

/** What the report's buttons offer: the server's `can` (it knows the caller's role, region and own rosters). */
export function ackActions(report: Pick<EndOfDutyReport, 'can' | 'ack'>): { verify: boolean; approve: boolean; revoke: boolean } {
  return {
    verify: report.can.verify && !report.ack.isDisemak,
    approve: report.can.approve && report.ack.isDisemak && !report.ack.isDisahkan,
    revoke: report.can.revoke && (report.ack.isDisemak || report.ack.isDisahkan),
  };
}

/** the screens' minute durations (one formatter for the portal) */
export { minutesText } from '@/lib/time';

/** A KM as the screens write it: up to 3 decimals, no trailing zeros. */
const kmText = (km: number) => String(Math.round(km * 1000) / 1000);

/** The place of an activity in one line: the typed location first (§2.18's map rule reads it), then KM, direction, checkpoint. */
export function activityPlace(row: Pick<ActivityLogRow, 'location' | 'km' | 'directionName' | 'checkpointName'>): string | null {
  const parts = [row.location?.trim() || null, row.km !== null ? `KM ${kmText(row.km)}` : null, row.directionName, row.checkpointName].filter(
    (p): p is string => !!p,
  );
  return parts.length ? parts.join(' · ') : null;
}

/** An activity of the report as the §2.18 timeline entry: time, title (the event), description (remark, case, author), place. */
export function activityTimelineEntry(row: ActivityLogRow, by?: (name: string) => string): TimelineEntry {
  const description = [row.remark?.trim() || null, row.ticketNumber ? `No. Tiket: ${row.ticketNumber}` : null, by ? by(row.createdByName) : null]
    .filter((p): p is string => !!p)
    .join('\n');
  return {
    time: row.occurredAt,
    title: row.eventName,
    description: description || null,
    location: activityPlace(row),
    type: row.eventName,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}
