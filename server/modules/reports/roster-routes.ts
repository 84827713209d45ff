/**
 * Routes of the roster reports of issue #17 (§7.7): PRAverageTimeOnMainline (DLU per day, region, section, the roster
 * table and its CSV), PRTotalWorkDurationReport (per person or team, CSV), VehicleUsageReport (km, hours, summary,
 * CSV), LoopingReportV2 (rondas per roster against the plan, CSV) and report/Report1Section (one section's figures
 * of every report). Every route needs the `reports` permission, validates its filter with contract/reports.ts and
 * checks the caller's scope before reading (roster-service.ts, where the definitions are).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { envelope, IdParamSchema } from '../../../contract/envelope';
import {
  LoopingPageSchema,
  MainlineDayChartSchema,
  MainlineGroupChartSchema,
  MainlineRosterPageSchema,
  REPORT_PATHS,
  Report1SectionQuerySchema,
  Report1SectionSchema,
  ReportFilterSchema,
  VehicleUsageChartSchema,
  WorkAnswerSchema,
  WorkDurationFilterSchema,
} from '../../../contract/reports';
import { typed, type AppContext } from '../../lib/context';
import { ok, page } from '../../lib/reply';
import { requireUser } from '../../plugins/auth';
import { ReportPageQuerySchema, reportErrors, sendCsv } from './http';
import { report1Section } from './section-report-service';
import {
  loopingCsv,
  looping,
  mainlineCsv,
  mainlineDay,
  mainlineGroup,
  mainlineRosters,
  vehicleCsv,
  vehicleUsage,
  workCsv,
  workTotal,
} from './roster-service';

const errors = reportErrors;
const PageQuerySchema = ReportPageQuerySchema;

export async function rosterReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { security: [{ bearerAuth: [] }], tags: ['report'] };
  const reports = { permission: 'reports' } as const;

  // ---- 2. Laporan Masa Dalam Laluan Utama (DLU)
  r.post(REPORT_PATHS.mainlineDay, {
    config: reports,
    schema: {
      ...common,
      summary:
        'DLU per day of the period: averages of DLU, LLU and no-GPS minutes over the ended rosters with a stored shift summary, DLU share, completeness; totals now and before',
      body: ReportFilterSchema,
      response: { 200: envelope(MainlineDayChartSchema), ...errors },
    },
    handler: async (request) => ok(await mainlineDay(db, requireUser(request), request.body)),
  });
  for (const [url, by] of [
    [REPORT_PATHS.mainlineRegion, 'region'],
    [REPORT_PATHS.mainlineSection, 'section'],
  ] as const) {
    r.post(url, {
      config: reports,
      schema: {
        ...common,
        summary: `DLU per ${by} (the ${by}s with rosters in the period), with the totals now and before`,
        body: ReportFilterSchema,
        response: { 200: envelope(MainlineGroupChartSchema), ...errors },
      },
      handler: async (request) => ok(await mainlineGroup(db, requireUser(request), request.body, by)),
    });
  }
  r.post(REPORT_PATHS.mainlineRosters, {
    config: reports,
    schema: {
      ...common,
      summary:
        'One row per ended roster of the period with its stored summary (nulls without one), newest first; each opens /laporanmasalebuhraya/{pkDutyRosterId}/{sectionName}/{teamName}/{shiftName}/{date}/DLU',
      querystring: PageQuerySchema,
      body: ReportFilterSchema,
      response: { 200: envelope(MainlineRosterPageSchema), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await mainlineRosters(db, requireUser(request), request.body, request.query);
      return page(rows, recordCount, request.query);
    },
  });
  r.post(REPORT_PATHS.mainlineCsv, {
    config: reports,
    schema: {
      ...common,
      summary: 'The DLU roster table as CSV (UTF-8 with BOM, every field quoted, dd-mm-yyyy dates, minutes as numbers)',
      body: ReportFilterSchema,
      response: errors,
    },
    handler: async (request, reply) =>
      sendCsv(reply as FastifyReply, 'laporan-masa-dalam-laluan-utama', await mainlineCsv(db, requireUser(request), request.body)),
  });

  // ---- 3. Laporan Masa Bertugas
  r.post(REPORT_PATHS.workTotal, {
    config: reports,
    schema: {
      ...common,
      summary:
        'Work duration per person or team: rosters worked, planned minutes (shift windows), worked minutes (first to last activity-log entry, else the planned window), previous period',
      body: WorkDurationFilterSchema,
      response: { 200: envelope(WorkAnswerSchema), ...errors },
    },
    handler: async (request) => ok(await workTotal(db, requireUser(request), request.body)),
  });
  r.post(REPORT_PATHS.workCsv, {
    config: reports,
    schema: { ...common, summary: 'The work duration table of the grouping asked for, as CSV', body: WorkDurationFilterSchema, response: errors },
    handler: async (request, reply) => sendCsv(reply as FastifyReply, 'laporan-masa-bertugas', await workCsv(db, requireUser(request), request.body)),
  });

  // ---- 4. Laporan Penggunaan Kenderaan
  for (const [url, kind, summary] of [
    [
      REPORT_PATHS.vehicleKm,
      'km',
      'The 20 vehicles with the most km (complete checklists: odometer post − pre), with the totals of every vehicle now and before',
    ],
    [
      REPORT_PATHS.vehicleHour,
      'hour',
      'The 20 vehicles with the most active hours (DLU + LLU of the shift summaries), with the totals now and before',
    ],
    [
      REPORT_PATHS.vehicleSummary,
      'summary',
      'Every vehicle that served a roster of the period, by plate: rosters, complete checklists, km, roster and active hours; totals with checklist completeness',
    ],
  ] as const) {
    r.post(url, {
      config: reports,
      schema: { ...common, summary, body: ReportFilterSchema, response: { 200: envelope(VehicleUsageChartSchema), ...errors } },
      handler: async (request) => ok(await vehicleUsage(db, requireUser(request), request.body, kind)),
    });
  }
  r.post(REPORT_PATHS.vehicleCsv, {
    config: reports,
    schema: { ...common, summary: 'The vehicle summary table as CSV', body: ReportFilterSchema, response: errors },
    handler: async (request, reply) =>
      sendCsv(reply as FastifyReply, 'laporan-penggunaan-kenderaan', await vehicleCsv(db, requireUser(request), request.body)),
  });

  // ---- 8. LoopingReportV2
  r.post(REPORT_PATHS.looping, {
    config: reports,
    schema: {
      ...common,
      summary:
        "One row per ended roster of the period: rondas completed ('Tamat Rondaan' closing a 'Mula Rondaan') against the plan (each active ronda loop of its section once per shift), with the totals now and before",
      querystring: PageQuerySchema,
      body: ReportFilterSchema,
      response: { 200: envelope(LoopingPageSchema), ...errors },
    },
    handler: async (request) => ok(await looping(db, requireUser(request), request.body, request.query)),
  });
  r.post(REPORT_PATHS.loopingCsv, {
    config: reports,
    schema: { ...common, summary: 'The ronda table as CSV', body: ReportFilterSchema, response: errors },
    handler: async (request, reply) => sendCsv(reply as FastifyReply, 'laporan-rondaan', await loopingCsv(db, requireUser(request), request.body)),
  });

  // ---- report/Report1Section/{id}
  r.get(REPORT_PATHS.report1SectionPattern, {
    config: reports,
    schema: {
      ...common,
      summary:
        "One section's figures of every report for a period (?dateFrom&dateTo): cases, categories, statuses, response steps, TIM KPIs, DLU now and before, rondas, vehicles, other assistance",
      params: IdParamSchema,
      querystring: Report1SectionQuerySchema,
      response: { 200: envelope(Report1SectionSchema), ...errors },
    },
    handler: async (request) => ok(await report1Section(db, requireUser(request), request.params.id, request.query)),
  });
}
