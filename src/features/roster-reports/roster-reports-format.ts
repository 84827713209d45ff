/**
 * The pure side of the roster reports' screens (issue #17): how a figure the server computed is shown (minutes as
 * hours and minutes, hours as hours and minutes, percentages, km), the one-roster DLU report's route parameters of a
 * roster row, and the chart data made of the server's items (no figure is computed here: the server aggregates, the
 * screens only reshape its answers). Unit tested (tests/unit/roster-reports.test.ts).
 */
import { REPORT_PAGE_SIZE } from '@contract/reports-rules';
import type { LoopingRow, MainlineDayChart, MainlineGroupItem, MainlineRosterRow, VehicleUsageItem, WorkItem } from '@contract/reports';
import type { ListSearch } from '@/ui/admin/list-search';
import { isoDateToDisplay, minutesText } from '@/lib/time';

/** The units of minutesText in the page's language ('j'/'m' in Malay, 'h'/'m' in English). */
export interface HmUnits {
  h: string;
  m: string;
}

/** Minutes as '2j 05m' ('—' for none). */
export const hm = (minutes: number | null | undefined, units: HmUnits) => minutesText(minutes, units);

/** Hours (a decimal number of the server) as '12j 30m' ('—' for none). */
export const hoursHm = (hours: number | null | undefined, units: HmUnits) =>
  minutesText(hours === null || hours === undefined ? null : hours * 60, units);

/** A percentage with at most one decimal, ms-MY ('85.5%'), '—' for none. */
export function percentText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${value.toLocaleString('ms-MY', { maximumFractionDigits: 1 })}%`;
}

/** A number in ms-MY ('12,345'), '—' for none. */
export function countText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value.toLocaleString('ms-MY', { maximumFractionDigits: 1 });
}

/** The share of a part in a whole, %, one decimal (a completeness have / of shown as a figure); null when of is 0. */
export function shareOf(have: number, of: number): number | null {
  return of > 0 ? Math.round((have / of) * 1000) / 10 : null;
}

/** A share of the shift (DLU of a roster), whole percent; null without minutes or shift. */
export function shiftShare(minutes: number | null, shiftMinutes: number): number | null {
  return minutes === null || shiftMinutes <= 0 ? null : Math.round((minutes / shiftMinutes) * 100);
}

/** The paging a report table opens with (REPORT_PAGE_SIZE a page unless the URL says otherwise). */
export const pagedOf = <S extends ListSearch>(s: S): S => ({ ...s, size: s.size ?? REPORT_PAGE_SIZE });

// ---------------------------------------------------------------- DLU

export type DluKind = 'DLU' | 'LLU';

/**
 * The route parameters of the one-roster report /laporanmasalebuhraya/{rosterId}/{seksyen}/{team}/{syif}/{date}/{dlullu}
 * (§2.1) of a roster row: section, team and shift names, the date YYYY-MM-DD (the router encodes them); an empty
 * name becomes '-' so no segment is empty.
 */
export function dluRouteParams(
  row: Pick<MainlineRosterRow, 'pkDutyRosterId' | 'sectionName' | 'teamName' | 'shiftName' | 'date'>,
  kind: DluKind = 'DLU',
) {
  const seg = (s: string) => s.trim() || '-';
  return {
    rosterId: String(row.pkDutyRosterId),
    seksyen: seg(row.sectionName),
    team: seg(row.teamName),
    syif: seg(row.shiftName),
    date: row.date,
    dlullu: kind,
  };
}

/**
 * The day chart's lines: one point per day, average DLU and LLU minutes (null: no summarised roster that day). The
 * day reads dd-mm, or dd-mm-yyyy when the days span more than one year.
 */
export function dluDayLines(items: MainlineDayChart['items']): Array<{ day: string; dlu: number | null; llu: number | null }> {
  const days = [...items].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const oneYear = days.length === 0 || days[0].date.slice(0, 4) === days[days.length - 1].date.slice(0, 4);
  return days.map((d) => ({
    day: oneYear ? isoDateToDisplay(d.date).slice(0, 5) : isoDateToDisplay(d.date),
    dlu: d.avgDluMinutes,
    llu: d.avgLluMinutes,
  }));
}

/** A region or section chart's bars: the average DLU minutes per item, biggest first, items without rosters left out. */
export function dluGroupBars(items: readonly MainlineGroupItem[]): Array<{ id: number; label: string; value: number | null }> {
  return items
    .filter((i) => i.rosters > 0)
    .map((i) => ({ id: i.id, label: i.code ?? i.label, value: i.avgDluMinutes }))
    .sort((a, b) => (b.value ?? -1) - (a.value ?? -1));
}

// ---------------------------------------------------------------- work duration

/** The worked-time chart: the top `n` items by worked minutes (the chart shows them as hours and minutes), with the previous period. */
export function workBars(items: readonly WorkItem[], n = 20): Array<{ id: number; label: string; value: number; previous: number }> {
  return [...items]
    .sort((a, b) => b.workedMinutes - a.workedMinutes || a.label.localeCompare(b.label))
    .slice(0, n)
    .map((i) => ({ id: i.id, label: i.label, value: i.workedMinutes, previous: i.previousWorkedMinutes }));
}

// ---------------------------------------------------------------- vehicles

/** A vehicle's label in words: its call sign beside the plate when it has one. */
export const vehicleLabel = (v: Pick<VehicleUsageItem, 'plateNumber' | 'callSign'>) =>
  v.callSign ? `${v.plateNumber} (${v.callSign})` : v.plateNumber;

/** The km chart's bars (the server's order: by km, biggest first), labelled by plate, with the previous period. */
export const vehicleKmBars = (items: readonly VehicleUsageItem[]) =>
  items.map((v) => ({ id: v.vehicleId, label: v.plateNumber, value: v.km, previous: v.previousKm }));

/** Hours of the server as whole minutes (the charts and headline show time as hours and minutes). */
export const hoursToMinutes = (hours: number) => Math.round(hours * 60);

/** The active-hours chart's bars (the server's order: by active hours), in minutes, with the previous period. */
export const vehicleHourBars = (items: readonly VehicleUsageItem[]) =>
  items.map((v) => ({
    id: v.vehicleId,
    label: v.plateNumber,
    value: hoursToMinutes(v.activeHours),
    previous: hoursToMinutes(v.previousActiveHours),
  }));

/** Where a vehicle row leads: its form /registervehicle/{id} for a user with fleetManage, else nowhere (a plain row). */
export const vehicleRowTarget = (vehicleId: number, mayManage: boolean) =>
  mayManage ? ({ to: '/registervehicle/$vehicleId', params: { vehicleId: String(vehicleId) } } as const) : null;

// ---------------------------------------------------------------- rondas

/** How a ronda row reads: all done, some, none, or nothing planned. */
export function loopingState(row: Pick<LoopingRow, 'planned' | 'completed'>): 'none-planned' | 'done' | 'partial' | 'missed' {
  if (row.planned <= 0) return 'none-planned';
  if (row.completed >= row.planned) return 'done';
  return row.completed > 0 ? 'partial' : 'missed';
}
