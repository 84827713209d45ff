/**
 * The incident reports of issue #17: Laporan Insiden TMC & Masa Tindak Balas (IncidentAndResponseTimeReport), its
 * IncidentStatusReport CSV, and Laporan Jenis Bantuan Lain-Lain (LaporanBantuanLainLainReport). The caller's scope is
 * checked first (reportScope: 404 / 403 / 400); every figure comes from one SQL statement of incident-queries.ts, which
 * reads the current and the previous period together. The KPI definitions are those of contract/reports-rules.ts.
 *
 * Choices the contract leaves open:
 * - the time KPIs (steps, RCT, ICT, lane-closure minutes) never count a cancelled (202) case; totals and the count
 *   charts do. A step's completeness is the cases with both its times (end ≥ start) of the cases not cancelled;
 * - lane-closure minutes share RCT's completeness (the cases whose every closure has its opening time);
 * - a secondary crash is never a cancelled case either; a secondary with several primaries is counted and listed once,
 *   with the primary nearest to it in time;
 * - the assistance report counts every OTHER item of the live subform of the period's cases, whatever their status.
 */
import type { TokenClaims } from '../../../contract/auth';
import {
  RESPONSE_STEPS,
  TIM_KPIS,
  type AssistanceChart,
  type AssistanceFigures,
  type AssistanceItem,
  type CountChart,
  type CountItem,
  type IncidentKpi,
  type IncidentReportFilter,
  type IncidentSectionChart,
  type IncidentSectionItem,
  type MissingFilter,
  type MissingRow,
  type ReportFilter,
  type SecondaryAnswer,
  type SecondaryPair,
  type StepFigure,
  type TimFigure,
} from '../../../contract/reports';
import type { Db } from '../../db/client';
import { CSV_EXPORT_MAX_ROWS, toCsv, type CsvColumn } from '../../lib/data-table';
import {
  assistanceQuery,
  countChartQuery,
  kpiQuery,
  missingQuery,
  rowsOf,
  secondaryListQuery,
  sectionTableQuery,
  statusCsvQuery,
  STEP_COLUMNS,
  type AssistanceDimension,
  type CountDimension,
  type IncidentScopeFilter,
} from './incident-queries';
import { reportScope, type ReportScope } from './scope';

/** Checks the caller's scope (reportScope) and gives the SQL filter and the periods of the answer. */
export async function incidentScope(
  db: Db,
  user: TokenClaims,
  f: ReportFilter & { categoryId?: number },
): Promise<{ scope: ReportScope; filter: IncidentScopeFilter }> {
  const scope = await reportScope(db, user, f);
  return {
    scope,
    filter: {
      regionId: scope.regionId,
      sectionIds: scope.sectionIds,
      categoryId: f.categoryId,
      range: scope.range,
      previousRange: scope.previousRange,
    },
  };
}

const meta = (s: ReportScope) => ({ period: s.period, previousPeriod: s.previousPeriod });
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

// ------------------------------------------------------------------------------------------------ count charts

/** incidentCategory, region, statusKes. */
export async function incidentCountChart(db: Db, user: TokenClaims, f: IncidentReportFilter, by: CountDimension): Promise<CountChart> {
  const { scope, filter } = await incidentScope(db, user, f);
  const items = await rowsOf<CountItem>(db, countChartQuery(filter, by));
  return { ...meta(scope), items, total: sum(items.map((i) => i.count)), previousTotal: sum(items.map((i) => i.previous)) };
}

// ------------------------------------------------------------------------------------------------ section table

type SectionRow = Omit<IncidentSectionItem, 'responseCompleteness'> & { responseHave: number; responseOf: number };

export async function incidentSectionChart(db: Db, user: TokenClaims, f: IncidentReportFilter): Promise<IncidentSectionChart> {
  const { scope, filter } = await incidentScope(db, user, f);
  const rows = await rowsOf<SectionRow>(db, sectionTableQuery(filter));
  const items = rows.map(({ responseHave, responseOf, ...r }) => ({ ...r, responseCompleteness: { have: responseHave, of: responseOf } }));
  return { ...meta(scope), items, total: sum(items.map((i) => i.count)), previousTotal: sum(items.map((i) => i.previous)) };
}

const percent = (c: { have: number; of: number }) => (c.of ? Math.round((c.have / c.of) * 1000) / 10 : null);

const SECTION_CSV: CsvColumn<IncidentSectionItem>[] = [
  { label: 'Seksyen', value: (r) => r.label },
  { label: 'Wilayah', value: (r) => r.regionName },
  { label: 'Jumlah Kes', value: (r) => r.count },
  { label: 'Tempoh Sebelum', value: (r) => r.previous },
  { label: 'Ditutup', value: (r) => r.closed },
  { label: 'Terbuka', value: (r) => r.open },
  { label: 'Batal', value: (r) => r.cancelled },
  { label: 'Median Tindak Balas (min)', value: (r) => r.responseMedian },
  { label: 'P90 Tindak Balas (min)', value: (r) => r.responseP90 },
  { label: 'Median RCT (min)', value: (r) => r.rctMedian },
  { label: 'Median ICT (min)', value: (r) => r.ictMedian },
  { label: 'Kemalangan Sekunder', value: (r) => r.secondaryCrashes },
  { label: 'Kelengkapan Data (%)', value: (r) => percent(r.responseCompleteness) },
];

/** IncidentAndResponseTimeReport/csv: the section table as the screen shows it. */
export async function incidentSectionCsv(db: Db, user: TokenClaims, f: IncidentReportFilter): Promise<string> {
  const { items } = await incidentSectionChart(db, user, f);
  return toCsv(items, SECTION_CSV);
}

// ------------------------------------------------------------------------------------------------ KPIs

type KpiRow = {
  cur: boolean;
  cases: number;
  closed: number;
  cancelled: number;
  live: number;
  rct_median: number | null;
  rct_p90: number | null;
  rct_have: number;
  rct_of: number;
  ict_median: number | null;
  ict_p90: number | null;
  ict_have: number;
  lane_minutes: number | null;
  secondary: number;
} & Record<string, number | null | boolean>;

const EMPTY_KPI = {
  cases: 0,
  closed: 0,
  cancelled: 0,
  live: 0,
  rct_median: null,
  rct_p90: null,
  rct_have: 0,
  rct_of: 0,
  ict_median: null,
  ict_p90: null,
  ict_have: 0,
  lane_minutes: null,
  secondary: 0,
};

export async function incidentKpi(db: Db, user: TokenClaims, f: IncidentReportFilter): Promise<IncidentKpi> {
  const { scope, filter } = await incidentScope(db, user, f);
  const rows = await rowsOf<KpiRow>(db, kpiQuery(filter));
  const now = (rows.find((r) => r.cur) ?? { ...EMPTY_KPI, cur: true }) as KpiRow;
  const before = (rows.find((r) => !r.cur) ?? { ...EMPTY_KPI, cur: false }) as KpiRow;
  const num = (r: KpiRow, k: string) => (r[k] ?? null) as number | null;
  const steps: StepFigure[] = RESPONSE_STEPS.map((s) => {
    const col = STEP_COLUMNS[s.key];
    const have = (now[`${col}_have`] as number | undefined) ?? 0;
    return {
      key: s.key,
      label: s.label,
      count: have,
      median: num(now, `${col}_median`),
      p90: num(now, `${col}_p90`),
      previousMedian: num(before, `${col}_median`),
      previousP90: num(before, `${col}_p90`),
      completeness: { have, of: now.live },
    };
  });
  const label = (k: string) => TIM_KPIS.find((t) => t.key === k)!;
  const tim: TimFigure[] = [
    { ...label('rct'), value: now.rct_median, p90: now.rct_p90, previous: before.rct_median, completeness: { have: now.rct_have, of: now.rct_of } },
    { ...label('ict'), value: now.ict_median, p90: now.ict_p90, previous: before.ict_median, completeness: { have: now.ict_have, of: now.live } },
    {
      ...label('laneClosure'),
      value: now.lane_minutes ?? 0,
      p90: null,
      previous: before.lane_minutes ?? 0,
      completeness: { have: now.rct_have, of: now.rct_of },
    },
    { ...label('secondary'), value: now.secondary, p90: null, previous: before.secondary, completeness: null },
  ].map((t) => ({ key: t.key, label: t.label, unit: t.unit, value: t.value, p90: t.p90, previous: t.previous, completeness: t.completeness }));
  return {
    ...meta(scope),
    cases: now.cases,
    previousCases: before.cases,
    closed: now.closed,
    previousClosed: before.closed,
    cancelled: now.cancelled,
    previousCancelled: before.cancelled,
    steps,
    tim,
  };
}

// ------------------------------------------------------------------------------------------------ secondary crashes

export async function incidentSecondary(db: Db, user: TokenClaims, f: IncidentReportFilter): Promise<SecondaryAnswer> {
  const { scope, filter } = await incidentScope(db, user, f);
  const rows = await rowsOf<SecondaryPair & { cur: boolean }>(db, secondaryListQuery(filter));
  const items = rows.filter((r) => r.cur).map(({ cur: _cur, ...pair }) => pair);
  return { ...meta(scope), items, count: items.length, previousCount: rows.length - items.length };
}

// ------------------------------------------------------------------------------------------------ missing

export async function incidentMissing(
  db: Db,
  user: TokenClaims,
  f: MissingFilter,
  page: { start: number; length: number },
): Promise<{ rows: MissingRow[]; recordCount: number }> {
  const { filter } = await incidentScope(db, user, f);
  let raw = await rowsOf<MissingRow & { total: number }>(db, missingQuery(filter, f.kpi, page));
  let recordCount = raw[0]?.total ?? 0;
  if (!raw.length && page.start > 0) {
    // past the end: the first row still carries the total
    raw = await rowsOf<MissingRow & { total: number }>(db, missingQuery(filter, f.kpi, { start: 0, length: 1 }));
    recordCount = raw[0]?.total ?? 0;
    raw = [];
  }
  return { rows: raw.map(({ total: _t, ...r }) => r), recordCount };
}

// ------------------------------------------------------------------------------------------------ status CSV

type StatusCsvRow = Record<string, string | number | null>;
const STATUS_CSV: CsvColumn<StatusCsvRow>[] = [
  { label: 'No. Tiket', value: (r) => r.ticket },
  { label: 'Tarikh', value: (r) => r.date },
  { label: 'Masa', value: (r) => r.time },
  { label: 'Seksyen', value: (r) => r.section },
  { label: 'Wilayah', value: (r) => r.region },
  { label: 'Jenis Kes', value: (r) => r.category },
  { label: 'Status', value: (r) => r.status },
  { label: 'Tugasan Dihantar', value: (r) => r.dispatched },
  { label: 'Tugasan Diterima', value: (r) => r.received },
  { label: 'Tiba di Lokasi', value: (r) => r.arrived },
  { label: 'Selesai Bantuan', value: (r) => r.assistance_done },
  { label: 'Selesai Kes', value: (r) => r.case_done },
  ...RESPONSE_STEPS.map((s) => ({ label: `${s.label} (min)`, value: (r: StatusCsvRow) => r[STEP_COLUMNS[s.key]] })),
];

/** IncidentStatusReport/csv: every case of the filter (newest first, up to CSV_EXPORT_MAX_ROWS). */
export async function incidentStatusCsv(db: Db, user: TokenClaims, f: IncidentReportFilter): Promise<string> {
  const { filter } = await incidentScope(db, user, f);
  const rows = await rowsOf<StatusCsvRow>(db, statusCsvQuery(filter, CSV_EXPORT_MAX_ROWS));
  return toCsv(rows, STATUS_CSV);
}

// ------------------------------------------------------------------------------------------------ other assistance

export async function assistanceChart(db: Db, user: TokenClaims, f: ReportFilter, by: AssistanceDimension): Promise<AssistanceChart> {
  const { scope, filter } = await incidentScope(db, user, f);
  const rows = await rowsOf<AssistanceDbRow>(db, assistanceQuery(filter, by));
  const items: AssistanceItem[] = rows
    .filter((r) => !r.is_total)
    .map((r) => ({
      id: r.id,
      code: r.code,
      label: r.label,
      count: r.count,
      previous: r.previous,
      notified: r.notified,
      arrived: r.arrived,
      completed: r.completed,
      medianToNotify: r.medianToNotify,
      medianToArrive: r.medianToArrive,
      medianToComplete: r.medianToComplete,
    }));
  // the grand total row (GROUPING SETS ()): every item at once, so its medians are the scope's, not the groups'
  const t = rows.find((r) => r.is_total);
  const overall: AssistanceFigures = {
    count: t?.count ?? 0,
    notified: t?.notified ?? 0,
    arrived: t?.arrived ?? 0,
    completed: t?.completed ?? 0,
    medianToNotify: t?.medianToNotify ?? null,
    medianToArrive: t?.medianToArrive ?? null,
    medianToComplete: t?.medianToComplete ?? null,
  };
  const previousOverall: AssistanceFigures = {
    count: t?.previous ?? 0,
    notified: t?.prevNotified ?? 0,
    arrived: t?.prevArrived ?? 0,
    completed: t?.prevCompleted ?? 0,
    medianToNotify: t?.prevMedianToNotify ?? null,
    medianToArrive: t?.prevMedianToArrive ?? null,
    medianToComplete: t?.prevMedianToComplete ?? null,
  };
  return { ...meta(scope), items, total: overall.count, previousTotal: previousOverall.count, overall, previousOverall };
}

type AssistanceDbRow = AssistanceItem & {
  is_total: boolean;
  prevNotified: number;
  prevArrived: number;
  prevCompleted: number;
  prevMedianToNotify: number | null;
  prevMedianToArrive: number | null;
  prevMedianToComplete: number | null;
};

const ASSISTANCE_CSV: CsvColumn<AssistanceItem>[] = [
  { label: 'Jenis Bantuan', value: (r) => r.label },
  { label: 'Jumlah Permintaan', value: (r) => r.count },
  { label: 'Tempoh Sebelum', value: (r) => r.previous },
  { label: 'Dimaklumkan', value: (r) => r.notified },
  { label: 'Tiba', value: (r) => r.arrived },
  { label: 'Selesai', value: (r) => r.completed },
  { label: 'Median Laporan → Dimaklumkan (min)', value: (r) => r.medianToNotify },
  { label: 'Median Dimaklumkan → Tiba (min)', value: (r) => r.medianToArrive },
  { label: 'Median Tiba → Selesai (min)', value: (r) => r.medianToComplete },
];

/** LaporanBantuanLainLainReport/csv: the type table. */
export async function assistanceCsv(db: Db, user: TokenClaims, f: ReportFilter): Promise<string> {
  const { items } = await assistanceChart(db, user, f, 'type');
  return toCsv(items, ASSISTANCE_CSV);
}
