/**
 * The roster reports of issue #17 (§2.1 /laporanmasalebuhraya, /laporanmasabertugas, /laporanpenggunaankenderaan,
 * LoopingReportV2, report/Report1Section): each answer checks the caller's scope first (reportScope: 404 unknown
 * region or section, 403 outside the caller's region, 400 a section of another region), then runs ONE statement
 * (roster-queries.ts) over the current and the previous period together.
 *
 * Definitions (the figures of every roster report):
 * - **The rosters of a period**: duty rosters whose local start_date is in it and whose shift has ended by now
 *   (ends_at ≤ now()): a roster still on shift or to come counts nowhere yet. Scope: the roster's section (the
 *   section asked for and its parts, else the region's sections, else all).
 * - **DLU (PRAverageTimeOnMainline)**: over the rosters of the period with a stored shift summary (summary_at set;
 *   stored by every activity-log write, updateActivityLogSummary and the verification, server/modules/activity-log):
 *   the averages of dlu_minutes, llu_minutes and inactive_gps_minutes per roster (one decimal), and dluShare = ΣDLU /
 *   Σ(DLU + LLU + NOGPS) in %. Completeness: rosters with a summary (have) of the rosters of the period (of).
 *   Per day (every day of the period, empty days with 0 rosters), region, section; the table lists every roster of
 *   the period (nulls without a summary), newest first unless another order is asked; each row carries the one-roster
 *   report's path parts (/laporanmasalebuhraya/{pkDutyRosterId}/{sectionName}/{teamName}/{shiftName}/{date}/DLU).
 * - **Work duration (PRTotalWorkDurationReport)**: the people of a roster follow server/lib/roster-people.ts (its
 *   duty_roster_member rows, else its team's members less those released by duty_roster_absence); a roster with no
 *   one on it counts for nobody. Planned minutes: the roster's window (ends_at − starts_at). Worked minutes: from the
 *   roster's first activity-log entry to its last when it has two or more, ELSE THE PLANNED WINDOW (a roster whose
 *   log was not kept is taken as worked as planned); whole minutes per roster. Per person: the rosters they were on
 *   and the sums of those rosters' minutes (detail: the teams of those rosters, section: the person's own). Per team:
 *   the team's rosters with someone on them and their minutes once per roster (detail and section: the team's).
 *   Totals: people = distinct people, rosters = distinct rosters, minutes = the sums of the items.
 * - **Vehicles (VehicleUsageReport)**: per vehicle, the rosters of the period it served (duty_roster.vehicle_id);
 *   checklists: those with a complete checklist of that vehicle (odometer_post recorded); km: Σ(odometer_post −
 *   odometer_pre) over them; rosterHours: Σ the rosters' windows; activeHours: Σ(DLU + LLU) of the rosters with a
 *   stored summary (the positions' moving time); one decimal. km and hour answer the top VEHICLE_TOP by that measure,
 *   summary all of them by plate; the totals cover every vehicle (checklistCompleteness: complete checklists of the
 *   rosters with a vehicle).
 * - **Rondas (LoopingReportV2)**: completed: the roster's 'Tamat Rondaan' (295) entries that close a 'Mula Rondaan'
 *   (3003), exactly as the shift summary counts rondaCount. PLANNED: every ACTIVE ronda loop (ronda_loop.is_active)
 *   of the roster's section — and of its parts, for a combined section — once per shift. ronda_loop keeps no
 *   history, so the plan is today's list of loops applied to every roster of the period. percent = the plan met,
 *   min(completed, planned) / planned (never over 100; null when nothing is planned), beyond = the rondas past the
 *   plan, max(0, completed − planned), a figure of its own (issue #31); the totals are sums, and their percent is the plan achieved: Σ min(completed,
 *   planned) / Σ planned (rondas beyond a roster's plan, or on a section with no plan, do not make up for another's).
 * - **Report1Section**: one section's totals of the above (mainline now and before, looping, vehicles) with its
 *   incident figures (incident-service.ts).
 */
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import {
  daysIn,
  type DistanceSource,
  type LoopingPage,
  type LoopingRow,
  type LoopingTotals,
  type MainlineMissingReason,
  type MainlineDayChart,
  type MainlineFigures,
  type MainlineGroupChart,
  type MainlineRosterRow,
  type ReportFilter,
  type VehicleUsageChart,
  type VehicleUsageItem,
  type VehicleUsageTotals,
  type WorkAnswer,
  type WorkDurationFilter,
  type WorkItem,
  type WorkTotals,
} from '../../../contract/reports';
import type { Db } from '../../db/client';
import { CSV_EXPORT_MAX_ROWS, toCsv } from '../../lib/data-table';
import { badRequest } from '../../lib/http-error';
import { localDisplay } from '../../lib/time';
import {
  LOOPING_SORTABLE,
  MAINLINE_SORTABLE,
  loopingQuery,
  mainlineQuery,
  mainlineRostersQuery,
  rowsOf,
  vehicleQuery,
  workQuery,
  type LoopingDbRow,
  type MainlineFigureRow,
  type MainlineGroupRow,
  type MainlineRosterDbRow,
  type RosterScope,
  type VehicleDbRow,
  type VehicleOrder,
  type WorkDbRow,
} from './roster-queries';
import { reportScope, type ReportScope } from './scope';
import type { SQL } from 'drizzle-orm';

/** km and hour charts: this many vehicles, biggest first. */
export const VEHICLE_TOP = 20;

/** dd-mm-yyyy of a YYYY-MM-DD date (the CSVs). */
const dmy = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);

/** The ORDER BY of a report table: the column asked for (whitelisted, else 400), or the date, newest first. */
function sortOf(q: { orderColumn?: string; direction?: string }, sortable: Record<string, SQL>): { column: SQL; desc: boolean } {
  if (!q.orderColumn) return { column: sortable.date, desc: true };
  const column = sortable[q.orderColumn];
  if (!column) throw badRequest(`Lajur susunan tidak sah: ${q.orderColumn}. Pilihan: ${Object.keys(sortable).join(', ')}.`, 'orderColumn');
  return { column, desc: q.direction === 'desc' };
}

const scopeOf = (db: Db, user: TokenClaims, f: ReportFilter) => reportScope(db, user, f);
const meta = (sc: ReportScope) => ({ period: sc.period, previousPeriod: sc.previousPeriod });

// ------------------------------------------------------------------------------------------------ 2. DLU

const figures = (r: MainlineFigureRow | undefined): MainlineFigures => ({
  rosters: r?.rosters ?? 0,
  avgDluMinutes: r?.avg_dlu ?? null,
  avgLluMinutes: r?.avg_llu ?? null,
  avgNoGpsMinutes: r?.avg_nogps ?? null,
  dluShare: r?.dlu_share ?? null,
  completeness: { have: r?.rosters ?? 0, of: r?.ended ?? 0 },
});
const prevFigures = (r: MainlineGroupRow | undefined): MainlineFigures =>
  figures(
    r && {
      rosters: r.prev_rosters,
      avg_dlu: r.prev_avg_dlu,
      avg_llu: r.prev_avg_llu,
      avg_nogps: r.prev_avg_nogps,
      dlu_share: r.prev_dlu_share,
      ended: r.prev_ended,
    },
  );

/** The DLU totals of a scope now and before (Report1Section). */
export async function mainlineTotals(db: Db, sc: RosterScope): Promise<{ total: MainlineFigures; previousTotal: MainlineFigures }> {
  const rows = await rowsOf<MainlineGroupRow>(db, mainlineQuery(sc, 'none'));
  return { total: figures(rows[0]), previousTotal: prevFigures(rows[0]) };
}

/** PRAverageTimeOnMainline/day: every day of the period (empty days with 0 rosters). */
export async function mainlineDay(db: Db, user: TokenClaims, f: ReportFilter): Promise<MainlineDayChart> {
  const sc = await scopeOf(db, user, f);
  const rows = await rowsOf<MainlineGroupRow>(db, mainlineQuery(sc, 'day'));
  const total = rows.find((r) => r.is_total);
  const byDay = new Map(rows.filter((r) => !r.is_total).map((r) => [r.code!, r]));
  const items: MainlineDayChart['items'] = [];
  const start = Date.parse(`${sc.period.from}T00:00:00Z`);
  for (let i = 0; i < daysIn(sc.period.from, sc.period.to); i++) {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    items.push({ date, ...figures(byDay.get(date)) });
  }
  return { ...meta(sc), items, total: figures(total), previousTotal: prevFigures(total) };
}

/** PRAverageTimeOnMainline/region and /section: the groups with rosters in the period, by label. */
export async function mainlineGroup(db: Db, user: TokenClaims, f: ReportFilter, by: 'region' | 'section'): Promise<MainlineGroupChart> {
  const sc = await scopeOf(db, user, f);
  const rows = await rowsOf<MainlineGroupRow>(db, mainlineQuery(sc, by));
  const total = rows.find((r) => r.is_total);
  const items = rows
    .filter((r) => !r.is_total)
    .map((r) => ({ id: Number(r.id), code: r.code, label: r.label ?? '', ...figures(r) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return { ...meta(sc), items, total: figures(total), previousTotal: prevFigures(total) };
}

const toMainlineRow = (r: MainlineRosterDbRow): MainlineRosterRow => ({
  pkDutyRosterId: Number(r.id),
  date: r.start_date,
  sectionId: Number(r.section_id),
  sectionName: r.section_name,
  teamName: r.team_name,
  shiftName: r.shift_name,
  dutyRosterName: r.duty_roster_name,
  shiftMinutes: Number(r.shift_minutes),
  dluMinutes: r.dlu_minutes === null ? null : Number(r.dlu_minutes),
  lluMinutes: r.llu_minutes === null ? null : Number(r.llu_minutes),
  noGpsMinutes: r.inactive_gps_minutes === null ? null : Number(r.inactive_gps_minutes),
  summaryAt: r.summary_at_ms === null ? null : new Date(Number(r.summary_at_ms)).toISOString(),
  missingReason: r.missing_reason ?? null,
});

/** PRAverageTimeOnMainline/dataTables: one row per roster of the period. */
export async function mainlineRosters(
  db: Db,
  user: TokenClaims,
  f: ReportFilter,
  q: DataTablesQuery,
): Promise<{ rows: MainlineRosterRow[]; recordCount: number }> {
  const sc = await scopeOf(db, user, f);
  const order = sortOf(q, MAINLINE_SORTABLE);
  let rows = await rowsOf<MainlineRosterDbRow>(db, mainlineRostersQuery(sc, order, q.length, q.start));
  let recordCount = rows[0]?.total ?? 0;
  if (!rows.length && q.start > 0) {
    rows = [];
    recordCount = (await rowsOf<MainlineRosterDbRow>(db, mainlineRostersQuery(sc, order, 1, 0)))[0]?.total ?? 0;
  }
  return { rows: rows.map(toMainlineRow), recordCount: Number(recordCount) };
}

/** The CSV's words for why a roster has no DLU figures. */
const MISSING_REASON_CSV: Record<MainlineMissingReason, string> = {
  pending: 'Ringkasan belum dikira',
  noData: 'Tiada log aktiviti atau GPS',
};

/** PRAverageTimeOnMainline/csv: the roster table (dates dd-mm-yyyy, minutes as numbers). */
export async function mainlineCsv(db: Db, user: TokenClaims, f: ReportFilter): Promise<string> {
  const sc = await scopeOf(db, user, f);
  const rows = (await rowsOf<MainlineRosterDbRow>(db, mainlineRostersQuery(sc, sortOf({}, MAINLINE_SORTABLE), CSV_EXPORT_MAX_ROWS, 0))).map(
    toMainlineRow,
  );
  return toCsv(rows, [
    { label: 'Tarikh', value: (r) => dmy(r.date) },
    { label: 'Seksyen', value: (r) => r.sectionName },
    { label: 'Pasukan', value: (r) => r.teamName },
    { label: 'Syif', value: (r) => r.shiftName },
    { label: 'Jadual Tugas', value: (r) => r.dutyRosterName },
    { label: 'Minit Syif', value: (r) => r.shiftMinutes },
    { label: 'Minit DLU', value: (r) => r.dluMinutes },
    { label: 'Minit LLU', value: (r) => r.lluMinutes },
    { label: 'Minit Tiada GPS', value: (r) => r.noGpsMinutes },
    { label: 'Ringkasan Dikemas Kini', value: (r) => (r.summaryAt ? localDisplay(r.summaryAt) : null) },
    { label: 'Sebab Tiada Angka', value: (r) => (r.missingReason ? MISSING_REASON_CSV[r.missingReason] : null) },
  ]);
}

// ------------------------------------------------------------------------------------------------ 3. work duration

/** PRTotalWorkDurationReport/total: per person or team, biggest worked minutes first. */
export async function workTotal(db: Db, user: TokenClaims, f: WorkDurationFilter): Promise<WorkAnswer> {
  const sc = await scopeOf(db, user, f);
  const rows = await rowsOf<WorkDbRow>(db, workQuery(sc, f.groupBy));
  const t = rows.find((r) => r.is_total);
  const items: WorkItem[] = rows
    .filter((r) => !r.is_total)
    .map((r) => ({
      id: Number(r.id),
      code: r.code,
      label: r.label ?? '',
      detail: r.detail ?? '',
      sectionName: r.section_name ?? '',
      rosters: Number(r.rosters),
      plannedMinutes: Number(r.planned),
      workedMinutes: Number(r.worked),
      previousWorkedMinutes: Number(r.prev_worked),
    }))
    .sort((a, b) => b.workedMinutes - a.workedMinutes || a.label.localeCompare(b.label) || a.id - b.id);
  const total: WorkTotals = {
    people: Number(t?.people ?? 0),
    rosters: Number(t?.rosters ?? 0),
    plannedMinutes: Number(t?.planned ?? 0),
    workedMinutes: Number(t?.worked ?? 0),
  };
  const previousTotal: WorkTotals = {
    people: Number(t?.prev_people ?? 0),
    rosters: Number(t?.prev_rosters ?? 0),
    plannedMinutes: Number(t?.prev_planned ?? 0),
    workedMinutes: Number(t?.prev_worked ?? 0),
  };
  return { ...meta(sc), groupBy: f.groupBy, items, total, previousTotal };
}

/** PRTotalWorkDurationReport/csv: the table of the grouping asked for. */
export async function workCsv(db: Db, user: TokenClaims, f: WorkDurationFilter): Promise<string> {
  const a = await workTotal(db, user, f);
  const person = a.groupBy === 'person';
  return toCsv(a.items, [
    ...(person
      ? [
          { label: 'No. Staf', value: (r: WorkItem) => r.code },
          { label: 'Nama', value: (r: WorkItem) => r.label },
          { label: 'Pasukan', value: (r: WorkItem) => r.detail },
        ]
      : [{ label: 'Pasukan', value: (r: WorkItem) => r.label }]),
    { label: 'Seksyen', value: (r) => r.sectionName },
    { label: 'Jadual Tugas', value: (r) => r.rosters },
    { label: 'Minit Dirancang', value: (r) => r.plannedMinutes },
    { label: 'Minit Bertugas', value: (r) => r.workedMinutes },
    { label: `Minit Bertugas (${dmy(a.previousPeriod.from)} – ${dmy(a.previousPeriod.to)})`, value: (r) => r.previousWorkedMinutes },
  ]);
}

// ------------------------------------------------------------------------------------------------ 4. vehicles

/** The totals of the period (or, `prev`, of the previous period) from the totals row: its columns `<name>` or `prev_<name>`. */
function vehicleTotals(t: VehicleDbRow | undefined, prev: boolean): VehicleUsageTotals {
  const n = (name: string) => Number((t?.[`${prev ? 'prev_' : ''}${name}` as keyof VehicleDbRow] as number | null | undefined) ?? 0);
  const rosters = n('rosters');
  const checklists = n('checklists');
  const gpsRosters = n('gps_rosters');
  return {
    vehicles: n('vehicles'),
    rosters,
    km: n('km'),
    odometerKm: n('odometer_km'),
    gpsKm: n('gps_km'),
    gpsRosters,
    distanceCompleteness: { have: checklists + gpsRosters, of: rosters },
    checklistCompleteness: { have: checklists, of: rosters },
    rosterHours: n('roster_hours'),
    activeHours: n('active_hours'),
  };
}

/** odometer, gps, mixed or none: where a vehicle's km comes from */
const sourceOf = (checklists: number, gpsRosters: number): DistanceSource =>
  checklists && gpsRosters ? 'mixed' : checklists ? 'odometer' : gpsRosters ? 'gps' : 'none';

/** The vehicle totals of a scope now and before (Report1Section). */
export async function vehicleTotalsOf(db: Db, sc: RosterScope): Promise<{ total: VehicleUsageTotals; previousTotal: VehicleUsageTotals }> {
  const [t] = await rowsOf<VehicleDbRow>(db, vehicleQuery(sc, 'none', null));
  return { total: vehicleTotals(t, false), previousTotal: vehicleTotals(t, true) };
}

/** VehicleUsageReport/km, /hour (top VEHICLE_TOP) and /summary (all, by plate). */
export async function vehicleUsage(db: Db, user: TokenClaims, f: ReportFilter, kind: 'km' | 'hour' | 'summary'): Promise<VehicleUsageChart> {
  const sc = await scopeOf(db, user, f);
  const order: VehicleOrder = kind === 'summary' ? 'plate' : kind;
  const rows = await rowsOf<VehicleDbRow>(db, vehicleQuery(sc, order, kind === 'summary' ? null : VEHICLE_TOP));
  const t = rows.find((r) => r.is_total);
  const items: VehicleUsageItem[] = rows
    .filter((r) => !r.is_total)
    .map((r) => ({
      vehicleId: Number(r.vehicle_id),
      plateNumber: r.plate_number ?? '',
      callSign: r.call_sign,
      sectionName: r.section_name ?? '',
      rosters: Number(r.rosters),
      checklists: Number(r.checklists),
      gpsRosters: Number(r.gps_rosters),
      odometerKm: Number(r.odometer_km),
      gpsKm: Number(r.gps_km),
      km: Number(r.km),
      distanceSource: sourceOf(Number(r.checklists), Number(r.gps_rosters)),
      rosterHours: Number(r.roster_hours),
      activeHours: Number(r.active_hours),
      previousKm: Number(r.prev_km),
      previousActiveHours: Number(r.prev_active_hours),
    }));
  return { ...meta(sc), items, total: vehicleTotals(t, false), previousTotal: vehicleTotals(t, true) };
}

/** VehicleUsageReport/csv: the summary table (every vehicle, by plate). */
export async function vehicleCsv(db: Db, user: TokenClaims, f: ReportFilter): Promise<string> {
  const a = await vehicleUsage(db, user, f, 'summary');
  return toCsv(a.items, [
    { label: 'No. Pendaftaran', value: (r) => r.plateNumber },
    { label: 'Nama Panggilan', value: (r) => r.callSign },
    { label: 'Seksyen', value: (r) => r.sectionName },
    { label: 'Jadual Tugas', value: (r) => r.rosters },
    { label: 'Senarai Semak Lengkap', value: (r) => r.checklists },
    { label: 'Jadual Tugas Jarak GPS', value: (r) => r.gpsRosters },
    { label: 'KM Odometer', value: (r) => r.odometerKm },
    { label: 'KM GPS', value: (r) => r.gpsKm },
    { label: 'KM', value: (r) => r.km },
    { label: 'Sumber Jarak', value: (r) => DISTANCE_SOURCE_CSV[r.distanceSource] },
    { label: 'Jam Jadual Tugas', value: (r) => r.rosterHours },
    { label: 'Jam Aktif (DLU + LLU)', value: (r) => r.activeHours },
    { label: `KM (${dmy(a.previousPeriod.from)} – ${dmy(a.previousPeriod.to)})`, value: (r) => r.previousKm },
    { label: `Jam Aktif (${dmy(a.previousPeriod.from)} – ${dmy(a.previousPeriod.to)})`, value: (r) => r.previousActiveHours },
  ]);
}

/** The CSV's words for a distance source. */
const DISTANCE_SOURCE_CSV: Record<DistanceSource, string> = {
  odometer: 'Odometer',
  gps: 'GPS',
  mixed: 'Odometer + GPS',
  none: 'Tiada',
};

// ------------------------------------------------------------------------------------------------ 8. rondas

/** percent of the totals: the plan achieved (each roster's rondas up to its plan, over the planned), never over 100 */
const loopingTotals = (rosters: number, planned: number, completed: number, achieved: number): LoopingTotals => ({
  rosters,
  planned,
  completed,
  achieved,
  beyond: completed - achieved,
  percent: pct(achieved, planned),
});

async function loopingRows(db: Db, sc: RosterScope, q: { orderColumn?: string; direction?: string }, limit: number | null, offset: number) {
  const rows = await rowsOf<LoopingDbRow>(db, loopingQuery(sc, sortOf(q, LOOPING_SORTABLE), limit, offset));
  const t = rows[0];
  const total = loopingTotals(Number(t?.t_rosters ?? 0), Number(t?.t_planned ?? 0), Number(t?.t_completed ?? 0), Number(t?.t_achieved ?? 0));
  const previousTotal = loopingTotals(
    Number(t?.t_prev_rosters ?? 0),
    Number(t?.t_prev_planned ?? 0),
    Number(t?.t_prev_completed ?? 0),
    Number(t?.t_prev_achieved ?? 0),
  );
  const items: LoopingRow[] = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      pkDutyRosterId: Number(r.id),
      date: r.start_date!,
      sectionName: r.section_name!,
      teamName: r.team_name!,
      shiftName: r.shift_name!,
      dutyRosterName: r.duty_roster_name!,
      planned: Number(r.planned),
      completed: Number(r.completed),
      beyond: Math.max(0, Number(r.completed) - Number(r.planned)),
      percent: pct(Math.min(Number(r.completed), Number(r.planned)), Number(r.planned)),
    }));
  return { items, total, previousTotal };
}

/** The ronda totals of a scope now and before (Report1Section). */
export async function loopingTotalsOf(db: Db, sc: RosterScope): Promise<{ total: LoopingTotals; previousTotal: LoopingTotals }> {
  const { total, previousTotal } = await loopingRows(db, sc, {}, 0, 0);
  return { total, previousTotal };
}

/** LoopingReportV2: one page of the period's rosters with the totals now and before. */
export async function looping(db: Db, user: TokenClaims, f: ReportFilter, q: DataTablesQuery): Promise<LoopingPage> {
  const sc = await scopeOf(db, user, f);
  const { items, total, previousTotal } = await loopingRows(db, sc, q, q.length, q.start);
  return { rows: items, recordCount: total.rosters, page: Math.floor(q.start / q.length), size: q.length, ...meta(sc), total, previousTotal };
}

/** LoopingReportV2/csv: every roster of the period. */
export async function loopingCsv(db: Db, user: TokenClaims, f: ReportFilter): Promise<string> {
  const sc = await scopeOf(db, user, f);
  const { items } = await loopingRows(db, sc, {}, CSV_EXPORT_MAX_ROWS, 0);
  return toCsv(items, [
    { label: 'Tarikh', value: (r) => dmy(r.date) },
    { label: 'Seksyen', value: (r) => r.sectionName },
    { label: 'Pasukan', value: (r) => r.teamName },
    { label: 'Syif', value: (r) => r.shiftName },
    { label: 'Jadual Tugas', value: (r) => r.dutyRosterName },
    { label: 'Rondaan Dirancang', value: (r) => r.planned },
    { label: 'Rondaan Selesai', value: (r) => r.completed },
    { label: 'Melebihi Pelan', value: (r) => r.beyond },
    { label: 'Pelan Dicapai (%)', value: (r) => r.percent },
  ]);
}

// ------------------------------------------------------------------------------------------------ Report1Section

/** The roster parts of one section's report (the scope already checked by the caller). */
export async function sectionRosterParts(db: Db, sc: RosterScope) {
  const [m, l, v] = await Promise.all([mainlineTotals(db, sc), loopingTotalsOf(db, sc), vehicleTotalsOf(db, sc)]);
  return { mainline: m.total, previousMainline: m.previousTotal, looping: l.total, vehicles: v.total };
}
