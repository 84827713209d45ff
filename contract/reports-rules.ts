/**
 * The reports and KPIs of issue #17 (spec §2.1 /laporaninsiden, /laporanmasalebuhraya, /laporanmasabertugas,
 * /laporanpenggunaankenderaan, /laporanjenisbantuan, /reportingmodule; §2.3 the Laporan group; §6 Reports roles;
 * §7.7). Paths, constants, messages and pure helpers, zod-free; the schemas are in contract/reports.ts.
 *
 * Every figure is computed by the server in SQL over the records of the caller's scope (a region-limited user: its
 * region). Every report takes the same filter (ReportFilter: a local date range of at most REPORT_MAX_DAYS, region,
 * section) and compares it with the **previous period**: the same number of days ending the day before `dateFrom`.
 *
 * Incident times (all minutes, from the case's columns, the latest of each status):
 * - response steps (RESPONSE_STEPS): report (incidentAt) → dispatched → received → arrived → assistance done →
 *   case done, each step's median and 90th percentile over the cases that have both ends (end ≥ start);
 * - **roadway clearance time (RCT)**: incidentAt → the last opening time of the live subform's lane closures. It
 *   applies to a case with at least one lane closure; complete when every closure has its opening time. An accident
 *   (184) with neither a lane closure nor the "no lane closure" (naFlagLaneClosure) mark also counts as applicable and
 *   incomplete (the closures were never recorded);
 * - **incident clearance time (ICT)**: incidentAt → the last responder gone: the later of the patrol's "Selesai
 *   Bantuan" (assistanceDoneAt) and the last completion time of the live subform's assistance items. It applies to
 *   every case that is not cancelled; complete when assistanceDoneAt is there and every assistance item is completed;
 * - **lane-closure minutes**: the sum over complete lane closures of opening − closing;
 * - **secondary crash**: an accident (184) reported within SECONDARY_WINDOW_MINUTES after another case (the primary,
 *   any event type, not cancelled) and before the primary's roadway was clear (its last lane opening, else its
 *   assistance done, else its case done, else still open), on the same highway, in the same direction (or either of
 *   them "Kedua-dua Arah"), and upstream of it by at most SECONDARY_DISTANCE_KM: behind it in the direction of
 *   travel (KM_GROWS_WITH_TRAVEL). Both cases are flagged: the pair is listed, and counted once per secondary.
 * **Data completeness** of a KPI: the share of its applicable cases in the period that have the times it needs
 * (have / of); the cases missing them are listed by IncidentAndResponseTimeReport/missing.
 */
import { MANAGE_BASE } from './paths';

const R = MANAGE_BASE;

export const REPORT_PATHS = {
  // ---- 1. Laporan Insiden TMC & Masa Tindak Balas (POST ReportFilter + incident filters)
  incidentCategory: `${R}/IncidentAndResponseTimeReport/incidentCategory`,
  incidentRegion: `${R}/IncidentAndResponseTimeReport/region`,
  incidentSection: `${R}/IncidentAndResponseTimeReport/section`,
  incidentStatusKes: `${R}/IncidentAndResponseTimeReport/statusKes`,
  /** the response steps and the TIM KPIs with completeness and the previous period */
  incidentKpi: `${R}/IncidentAndResponseTimeReport/kpi`,
  /** POST IncidentReportFilter: the secondary-crash pairs of the period */
  incidentSecondary: `${R}/IncidentAndResponseTimeReport/secondaryCrash`,
  /** GET: the secondary-crash pairs one case is part of (its flag on the case's page; read with the case's access) */
  incidentSecondaryCase: (id: number) => `${R}/IncidentAndResponseTimeReport/secondaryCrash/case/${id}`,
  incidentSecondaryCasePattern: `${R}/IncidentAndResponseTimeReport/secondaryCrash/case/:id`,
  /** POST MissingFilter (dataTables paging): the applicable cases missing a KPI's times */
  incidentMissing: `${R}/IncidentAndResponseTimeReport/missing`,
  /** the section table of the screen as CSV */
  incidentCsv: `${R}/IncidentAndResponseTimeReport/csv`,
  /** every case of the filter with its status and step times as CSV */
  incidentStatusCsv: `${R}/IncidentStatusReport/csv`,
  // ---- 2. Laporan Masa Dalam Laluan Utama (DLU)
  mainlineDay: `${R}/PRAverageTimeOnMainline/day`,
  mainlineRegion: `${R}/PRAverageTimeOnMainline/region`,
  mainlineSection: `${R}/PRAverageTimeOnMainline/section`,
  /** POST ReportFilter (dataTables paging): one row per roster, each opening the one-roster report of #15 */
  mainlineRosters: `${R}/PRAverageTimeOnMainline/dataTables`,
  mainlineCsv: `${R}/PRAverageTimeOnMainline/csv`,
  // ---- 3. Laporan Masa Bertugas
  /** POST WorkDurationFilter: totals per person (groupBy 'person') or per team ('team') */
  workTotal: `${R}/PRTotalWorkDurationReport/total`,
  workCsv: `${R}/PRTotalWorkDurationReport/csv`,
  // ---- 4. Laporan Penggunaan Kenderaan
  vehicleKm: `${R}/VehicleUsageReport/km`,
  vehicleHour: `${R}/VehicleUsageReport/hour`,
  vehicleSummary: `${R}/VehicleUsageReport/summary`,
  vehicleCsv: `${R}/VehicleUsageReport/csv`,
  // ---- 5. Laporan Jenis Bantuan Lain-Lain (OTHERS too)
  assistanceType: `${R}/LaporanBantuanLainLainReport/jenisBantuan`,
  assistanceRegion: `${R}/LaporanBantuanLainLainReport/region`,
  assistanceSection: `${R}/LaporanBantuanLainLainReport/section`,
  assistanceCsv: `${R}/LaporanBantuanLainLainReport/csv`,
  // ---- 8. rondas completed per roster against the plan; one section's one-page report
  /** POST ReportFilter (dataTables paging) */
  looping: `${R}/LoopingReportV2`,
  loopingCsv: `${R}/LoopingReportV2/csv`,
  /** GET ?dateFrom&dateTo: one section's report (the section's figures of every report) */
  report1Section: (sectionId: number) => `${R}/report/Report1Section/${sectionId}`,
  report1SectionPattern: `${R}/report/Report1Section/:id`,
} as const;

/** A report's date range may span at most this many days (2 years). */
export const REPORT_MAX_DAYS = 731;
/** dataTables page sizes of the report tables. */
export const REPORT_PAGE_SIZE = 10;

/** Secondary crash: minutes after the primary's report, and km upstream of it (see the header). */
export const SECONDARY_WINDOW_MINUTES = 120;
export const SECONDARY_DISTANCE_KM = 2;
/**
 * Direction of travel (cardinalDirection key) → +1 when the kilometre grows along it, −1 when it falls. The North–
 * South and East Coast expressways count their KM from the south and the west. 1205 (Kedua-dua Arah) matches both.
 */
export const KM_GROWS_WITH_TRAVEL: Record<number, 1 | -1> = { 1201: 1, 1202: -1, 1203: 1, 1204: -1 };
export const BOTH_DIRECTIONS = 1205;

/** The response steps, in order: each from one case time to the next (minutes). */
export const RESPONSE_STEPS = [
  { key: 'dispatch', from: 'incidentAt', to: 'dispatchedAt', label: 'Laporan → Tugasan Dihantar' },
  { key: 'receive', from: 'dispatchedAt', to: 'receivedAt', label: 'Tugasan Dihantar → Diterima' },
  { key: 'travel', from: 'receivedAt', to: 'arrivedAt', label: 'Diterima → Tiba di Lokasi' },
  { key: 'assist', from: 'arrivedAt', to: 'assistanceDoneAt', label: 'Tiba → Selesai Bantuan' },
  { key: 'close', from: 'assistanceDoneAt', to: 'caseDoneAt', label: 'Selesai Bantuan → Selesai Kes' },
  /** the headline response time: report → arrived */
  { key: 'response', from: 'incidentAt', to: 'arrivedAt', label: 'Masa Tindak Balas (Laporan → Tiba)' },
] as const;
export type ResponseStepKey = (typeof RESPONSE_STEPS)[number]['key'];

/** The traffic-incident-management KPIs (beyond the spec). */
export const TIM_KPIS = [
  { key: 'rct', label: 'Masa Pembersihan Jalan (RCT)', unit: 'min' },
  { key: 'ict', label: 'Masa Pembersihan Insiden (ICT)', unit: 'min' },
  { key: 'laneClosure', label: 'Minit Penutupan Lorong', unit: 'min' },
  { key: 'secondary', label: 'Kemalangan Sekunder', unit: 'count' },
] as const;
export type TimKpiKey = (typeof TIM_KPIS)[number]['key'];
/** The KPIs whose missing cases can be listed (IncidentAndResponseTimeReport/missing). */
export const MISSING_KPI_KEYS = ['response', 'rct', 'ict'] as const;
export type MissingKpiKey = (typeof MISSING_KPI_KEYS)[number];

/** Work duration groupings of PRTotalWorkDurationReport. */
export const WORK_GROUPS = ['person', 'team'] as const;
export type WorkGroup = (typeof WORK_GROUPS)[number];

export const REPORT_MESSAGES = {
  rangeTooLong: 'Julat tarikh maksimum 2 tahun (731 hari).',
  regionNotFound: 'Wilayah tidak dijumpai.',
  sectionNotFound: 'Seksyen tidak dijumpai.',
  outOfRegion: 'Wilayah atau seksyen ini di luar skop anda.',
  sectionNotInRegion: 'Seksyen ini bukan dalam wilayah yang dipilih.',
  empty: 'Tiada data bagi tempoh dan skop ini.',
} as const;

/** The previous period of a range: as many days, ending the day before `from` (YYYY-MM-DD, calendar arithmetic). */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const day = 86_400_000;
  const f = Date.parse(`${from}T00:00:00Z`);
  const t = Date.parse(`${to}T00:00:00Z`);
  const days = Math.round((t - f) / day) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(f - days * day), to: iso(f - day) };
}

/** Days in a range, both ends included. */
export const daysIn = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Change of a figure against the previous period, as a percentage (null when the previous is 0 or missing). */
export function changePercent(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

/**
 * Where a vehicle's distance comes from (issue #31): the odometer of complete checklists, the GPS track of rosters
 * without one, both (mixed), or neither (none).
 */
export const DISTANCE_SOURCES = ['odometer', 'gps', 'mixed', 'none'] as const;
export type DistanceSource = (typeof DISTANCE_SOURCES)[number];

/** Why a roster of the DLU report has no figures: 'pending' (not summarised yet), 'noData' (no log and no GPS). */
export const MAINLINE_MISSING_REASONS = ['pending', 'noData'] as const;
export type MainlineMissingReason = (typeof MAINLINE_MISSING_REASONS)[number];
