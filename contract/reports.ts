/**
 * The reports and KPIs of issue #17: schemas. Paths, constants, the KPI definitions and messages are in
 * contract/reports-rules.ts (zod-free). Minutes are numbers with at most one decimal; a median or percentile over no
 * case is null.
 */
import { z } from 'zod';
import { dataTablesBody } from './envelope';
import { calendarDate, instant, withRange } from './dates';
import { DISTANCE_SOURCES, MAINLINE_MISSING_REASONS, MISSING_KPI_KEYS, REPORT_MAX_DAYS, REPORT_MESSAGES, WORK_GROUPS, daysIn } from './reports-rules';

export * from './reports-rules';

const id = z.number().int().positive();
const int = z.number().int();
const minutes = z.number().nullable();

/** A report's range may not end before it starts (400 naming dateTo) nor span more than REPORT_MAX_DAYS. */
function reportRange<S extends z.ZodObject>(schema: S) {
  return withRange(schema, 'dateFrom' as never, 'dateTo' as never).refine(
    (v) => {
      const { dateFrom, dateTo } = v as { dateFrom: string; dateTo: string };
      return daysIn(dateFrom, dateTo) <= REPORT_MAX_DAYS;
    },
    { path: ['dateTo'], message: REPORT_MESSAGES.rangeTooLong },
  );
}

const scopeShape = {
  dateFrom: calendarDate,
  dateTo: calendarDate,
  regionId: id.optional(),
  sectionId: id.optional(),
};

/** Every report's filter: local dates (both included), region and section as the caller's scope allows. */
export const ReportFilterSchema = reportRange(z.object(scopeShape));
export type ReportFilter = z.infer<typeof ReportFilterSchema>;

/** The incident report's filter: the scope plus an event type (incidentCategory key). */
export const IncidentReportFilterSchema = reportRange(z.object({ ...scopeShape, categoryId: id.optional() }));
export type IncidentReportFilter = z.infer<typeof IncidentReportFilterSchema>;

/** IncidentAndResponseTimeReport/missing: the applicable cases of a KPI that lack its times. */
export const MissingFilterSchema = reportRange(z.object({ ...scopeShape, categoryId: id.optional(), kpi: z.enum(MISSING_KPI_KEYS) }));
export type MissingFilter = z.infer<typeof MissingFilterSchema>;

/** PRTotalWorkDurationReport: totals per person or per team. */
export const WorkDurationFilterSchema = reportRange(z.object({ ...scopeShape, groupBy: z.enum(WORK_GROUPS).default('person') }));
export type WorkDurationFilter = z.infer<typeof WorkDurationFilterSchema>;

/** report/Report1Section/{id} query string. */
export const Report1SectionQuerySchema = reportRange(z.object({ dateFrom: calendarDate, dateTo: calendarDate }));
export type Report1SectionQuery = z.infer<typeof Report1SectionQuerySchema>;

// ------------------------------------------------------------------------------------------------ shared shapes

export const PeriodSchema = z.object({ from: calendarDate, to: calendarDate });
export type Period = z.infer<typeof PeriodSchema>;

/** Every chart answer says which period it covers and which it compares with. */
const meta = { period: PeriodSchema, previousPeriod: PeriodSchema };

/** have of of: the share of applicable cases (or rosters) that carry the times a figure needs. */
export const CompletenessSchema = z.object({ have: int, of: int });
export type Completeness = z.infer<typeof CompletenessSchema>;

/** One bar or slice: a lookup key, region, section (id) with its count now and in the previous period. */
export const CountItemSchema = z.object({
  id: int,
  /** region or section code (drill-down to the case search), else null */
  code: z.string().nullable(),
  label: z.string(),
  count: int,
  previous: int,
});
export type CountItem = z.infer<typeof CountItemSchema>;

/** incidentCategory, region, statusKes: counts per key, biggest first. */
export const CountChartSchema = z.object({ ...meta, items: z.array(CountItemSchema), total: int, previousTotal: int });
export type CountChart = z.infer<typeof CountChartSchema>;

// ------------------------------------------------------------------------------------------------ 1. incidents

/** One row of the incident report's section table (IncidentAndResponseTimeReport/section and its csv). */
export const IncidentSectionItemSchema = CountItemSchema.extend({
  regionName: z.string(),
  /** Tutup (210) */
  closed: int,
  /** neither Tutup nor Batal */
  open: int,
  cancelled: int,
  responseMedian: minutes,
  responseP90: minutes,
  rctMedian: minutes,
  ictMedian: minutes,
  secondaryCrashes: int,
  /** cases with both the report and the arrival time, of the cases not cancelled */
  responseCompleteness: CompletenessSchema,
});
export type IncidentSectionItem = z.infer<typeof IncidentSectionItemSchema>;
export const IncidentSectionChartSchema = z.object({ ...meta, items: z.array(IncidentSectionItemSchema), total: int, previousTotal: int });
export type IncidentSectionChart = z.infer<typeof IncidentSectionChartSchema>;

/** A response step (RESPONSE_STEPS): median and 90th percentile in minutes over the cases that have both ends. */
export const StepFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: int,
  median: minutes,
  p90: minutes,
  previousMedian: minutes,
  previousP90: minutes,
  completeness: CompletenessSchema,
});
export type StepFigure = z.infer<typeof StepFigureSchema>;

/**
 * A TIM KPI (TIM_KPIS): rct and ict give the median (value) and p90 in minutes; laneClosure the sum of minutes
 * (p90 null); secondary the number of secondary crashes (p90 null). completeness null for secondary.
 */
export const TimFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(['min', 'count']),
  value: minutes,
  p90: minutes,
  previous: minutes,
  completeness: CompletenessSchema.nullable(),
});
export type TimFigure = z.infer<typeof TimFigureSchema>;

/** IncidentAndResponseTimeReport/kpi. */
export const IncidentKpiSchema = z.object({
  ...meta,
  cases: int,
  previousCases: int,
  closed: int,
  previousClosed: int,
  cancelled: int,
  previousCancelled: int,
  steps: z.array(StepFigureSchema),
  tim: z.array(TimFigureSchema),
});
export type IncidentKpi = z.infer<typeof IncidentKpiSchema>;

export const CaseRefSchema = z.object({
  id: int,
  ticketNumber: z.string(),
  incidentAt: instant,
  categoryLabel: z.string(),
  sectionName: z.string(),
  km: z.number().nullable(),
  directionLabel: z.string(),
});
export type CaseRef = z.infer<typeof CaseRefSchema>;

/** IncidentAndResponseTimeReport/secondaryCrash: each secondary crash with its primary (both flagged). */
export const SecondaryPairSchema = z.object({ primary: CaseRefSchema, secondary: CaseRefSchema, minutesAfter: z.number(), kmUpstream: z.number() });
export type SecondaryPair = z.infer<typeof SecondaryPairSchema>;
export const SecondaryAnswerSchema = z.object({ ...meta, items: z.array(SecondaryPairSchema), count: int, previousCount: int });
export type SecondaryAnswer = z.infer<typeof SecondaryAnswerSchema>;
/**
 * IncidentAndResponseTimeReport/secondaryCrash/case/{id}: the pairs one case is part of, in the caller's report
 * scope: as the secondary (at most one: its primary) and as the primary (its secondaries, oldest first).
 */
export const CaseSecondarySchema = z.object({ caseId: int, asSecondary: z.array(SecondaryPairSchema), asPrimary: z.array(SecondaryPairSchema) });
export type CaseSecondary = z.infer<typeof CaseSecondarySchema>;

/** IncidentAndResponseTimeReport/missing rows: what the case lacks, in words (e.g. 'Tiada masa Tiba di Lokasi'). */
export const MissingRowSchema = z.object({
  id: int,
  ticketNumber: z.string(),
  incidentAt: instant,
  sectionName: z.string(),
  categoryLabel: z.string(),
  statusKes: z.string(),
  missing: z.string(),
});
export type MissingRow = z.infer<typeof MissingRowSchema>;
export const MissingPageSchema = dataTablesBody(MissingRowSchema);

// ------------------------------------------------------------------------------------------------ 2. DLU

/** Averages over the rosters that have a shift summary (minutes per roster). */
export const MainlineFiguresSchema = z.object({
  /** rosters of the period with a stored shift summary */
  rosters: int,
  avgDluMinutes: minutes,
  avgLluMinutes: minutes,
  avgNoGpsMinutes: minutes,
  /** DLU as a share of the summarised shift time, % */
  dluShare: minutes,
  /** rosters with a summary, of the rosters that ended in the period */
  completeness: CompletenessSchema,
});
export type MainlineFigures = z.infer<typeof MainlineFiguresSchema>;
export const MainlineDayItemSchema = MainlineFiguresSchema.extend({ date: calendarDate });
export const MainlineGroupItemSchema = MainlineFiguresSchema.extend({ id: int, code: z.string().nullable(), label: z.string() });
export type MainlineGroupItem = z.infer<typeof MainlineGroupItemSchema>;
export const MainlineDayChartSchema = z.object({
  ...meta,
  items: z.array(MainlineDayItemSchema),
  total: MainlineFiguresSchema,
  previousTotal: MainlineFiguresSchema,
});
export type MainlineDayChart = z.infer<typeof MainlineDayChartSchema>;
export const MainlineGroupChartSchema = z.object({
  ...meta,
  items: z.array(MainlineGroupItemSchema),
  total: MainlineFiguresSchema,
  previousTotal: MainlineFiguresSchema,
});
export type MainlineGroupChart = z.infer<typeof MainlineGroupChartSchema>;

/** PRAverageTimeOnMainline/dataTables: one roster; the names are the one-roster report's path parts. */
export const MainlineRosterRowSchema = z.object({
  pkDutyRosterId: int,
  date: calendarDate,
  sectionId: int,
  sectionName: z.string(),
  teamName: z.string(),
  shiftName: z.string(),
  dutyRosterName: z.string(),
  shiftMinutes: int,
  dluMinutes: int.nullable(),
  lluMinutes: int.nullable(),
  noGpsMinutes: int.nullable(),
  summaryAt: instant.nullable(),
  /**
   * why the roster's figures are missing (issue #31): 'pending' no summary stored yet (the job stores it within a minute
   * of the shift's end), 'noData' summarised from no activity-log entry and no GPS fix (left out of the averages);
   * null: the figures are there
   */
  missingReason: z.enum(MAINLINE_MISSING_REASONS).nullable(),
});
export type MainlineRosterRow = z.infer<typeof MainlineRosterRowSchema>;
export const MainlineRosterPageSchema = dataTablesBody(MainlineRosterRowSchema);

// ------------------------------------------------------------------------------------------------ 3. work duration

/** A person (id staff id, code staff number) or a team (id team id, code null). */
export const WorkItemSchema = z.object({
  id: int,
  code: z.string().nullable(),
  label: z.string(),
  /** a person's team(s) or a team's section */
  detail: z.string(),
  sectionName: z.string(),
  /** rosters worked (absences and releases excluded) */
  rosters: int,
  plannedMinutes: int,
  /** from the activity log's first entry (Mula Syif) to its last (Tamat Syif), else the planned window */
  workedMinutes: int,
  previousWorkedMinutes: int,
});
export type WorkItem = z.infer<typeof WorkItemSchema>;
export const WorkTotalsSchema = z.object({ people: int, rosters: int, plannedMinutes: int, workedMinutes: int });
export type WorkTotals = z.infer<typeof WorkTotalsSchema>;
export const WorkAnswerSchema = z.object({
  ...meta,
  groupBy: z.enum(WORK_GROUPS),
  items: z.array(WorkItemSchema),
  total: WorkTotalsSchema,
  previousTotal: WorkTotalsSchema,
});
export type WorkAnswer = z.infer<typeof WorkAnswerSchema>;

// ------------------------------------------------------------------------------------------------ 4. vehicles

export const VehicleUsageItemSchema = z.object({
  vehicleId: int,
  plateNumber: z.string(),
  callSign: z.string().nullable(),
  sectionName: z.string(),
  rosters: int,
  /** rosters with a complete checklist (pre and post odometer): their distance is the odometer's */
  checklists: int,
  /** rosters without a complete checklist whose GPS track gives their distance (issue #31) */
  gpsRosters: int,
  /** post − pre odometer summed over the complete checklists, km */
  odometerKm: int,
  /** the GPS track lengths of the gpsRosters, km (one decimal) */
  gpsKm: z.number(),
  /** odometerKm + gpsKm (one decimal) */
  km: z.number(),
  /** where km comes from: odometer only, GPS only, both (mixed) or neither (none: no checklist and no track) */
  distanceSource: z.enum(DISTANCE_SOURCES),
  /** shift hours of the rosters it served */
  rosterHours: z.number(),
  /** moving time from the positions (the shift summaries' DLU + LLU), hours */
  activeHours: z.number(),
  previousKm: z.number(),
  previousActiveHours: z.number(),
});
export type VehicleUsageItem = z.infer<typeof VehicleUsageItemSchema>;
export const VehicleUsageTotalsSchema = z.object({
  vehicles: int,
  rosters: int,
  /** odometerKm + gpsKm over every vehicle (one decimal) */
  km: z.number(),
  odometerKm: int,
  gpsKm: z.number(),
  gpsRosters: int,
  /** rosters with a distance (a complete checklist or a GPS track), of the rosters with a vehicle */
  distanceCompleteness: CompletenessSchema,
  rosterHours: z.number(),
  activeHours: z.number(),
  /** rosters with a complete checklist, of the rosters with a vehicle */
  checklistCompleteness: CompletenessSchema,
});
export type VehicleUsageTotals = z.infer<typeof VehicleUsageTotalsSchema>;
/** km and hour: the vehicles by km / by active hours, biggest first; summary: all, by plate, with the totals. */
export const VehicleUsageChartSchema = z.object({
  ...meta,
  items: z.array(VehicleUsageItemSchema),
  total: VehicleUsageTotalsSchema,
  previousTotal: VehicleUsageTotalsSchema,
});
export type VehicleUsageChart = z.infer<typeof VehicleUsageChartSchema>;

// ------------------------------------------------------------------------------------------------ 5. other assistance

/** One assistance type (requestFurtherAction key), region or section: items asked for and their times. */
export const AssistanceItemSchema = CountItemSchema.extend({
  notified: int,
  arrived: int,
  completed: int,
  /** case report → notified, notified → arrived, arrived → completed: medians in minutes */
  medianToNotify: minutes,
  medianToArrive: minutes,
  medianToComplete: minutes,
});
export type AssistanceItem = z.infer<typeof AssistanceItemSchema>;
/** Every item of the scope at once (medians do not add up from the groups'): counts and medians of one period. */
export const AssistanceFiguresSchema = z.object({
  count: int,
  notified: int,
  arrived: int,
  completed: int,
  medianToNotify: minutes,
  medianToArrive: minutes,
  medianToComplete: minutes,
});
export type AssistanceFigures = z.infer<typeof AssistanceFiguresSchema>;
export const AssistanceChartSchema = z.object({
  ...meta,
  items: z.array(AssistanceItemSchema),
  total: int,
  previousTotal: int,
  overall: AssistanceFiguresSchema,
  previousOverall: AssistanceFiguresSchema,
});
export type AssistanceChart = z.infer<typeof AssistanceChartSchema>;

// ------------------------------------------------------------------------------------------------ 8. rondas, one section

/** LoopingReportV2: rondas completed on a roster (activity 'Tamat Rondaan') against its section's ronda plan. */
export const LoopingRowSchema = z.object({
  pkDutyRosterId: int,
  date: calendarDate,
  sectionName: z.string(),
  teamName: z.string(),
  shiftName: z.string(),
  dutyRosterName: z.string(),
  planned: int,
  /** rondas completed (a Tamat Rondaan after a Mula Rondaan), all of them */
  completed: int,
  /** rondas completed beyond the plan: max(0, completed − planned) */
  beyond: int,
  /** the plan met: min(completed, planned) / planned, %, never over 100; null when nothing is planned */
  percent: minutes,
});
export type LoopingRow = z.infer<typeof LoopingRowSchema>;
/**
 * completed: every ronda; achieved: each roster's rondas up to its plan; beyond: the rest (completed − achieved);
 * percent: achieved / planned (never over 100).
 */
export const LoopingTotalsSchema = z.object({ rosters: int, planned: int, completed: int, achieved: int, beyond: int, percent: minutes });
export type LoopingTotals = z.infer<typeof LoopingTotalsSchema>;
export const LoopingPageSchema = dataTablesBody(LoopingRowSchema).extend({ ...meta, total: LoopingTotalsSchema, previousTotal: LoopingTotalsSchema });
export type LoopingPage = z.infer<typeof LoopingPageSchema>;

/** report/Report1Section/{id}: one section's figures of every report for a period. */
export const Report1SectionSchema = z.object({
  ...meta,
  section: z.object({ id: int, name: z.string(), regionName: z.string() }),
  cases: int,
  previousCases: int,
  byCategory: z.array(CountItemSchema),
  byStatus: z.array(CountItemSchema),
  steps: z.array(StepFigureSchema),
  tim: z.array(TimFigureSchema),
  mainline: MainlineFiguresSchema,
  previousMainline: MainlineFiguresSchema,
  looping: LoopingTotalsSchema,
  vehicles: VehicleUsageTotalsSchema,
  assistance: z.object({ total: int, previousTotal: int }),
});
export type Report1Section = z.infer<typeof Report1SectionSchema>;
