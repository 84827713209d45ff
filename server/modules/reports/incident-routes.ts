/**
 * Routes of the incident reports of issue #17 (§7.7): IncidentAndResponseTimeReport (counts per event type, region,
 * status and section, the response-step and TIM KPIs, the secondary-crash pairs, the cases missing a KPI's times,
 * the section table as CSV), IncidentStatusReport/csv and LaporanBantuanLainLainReport (open to OTHERS, §6). Every
 * route is a POST with the filter in the body, validated by contract/reports.ts; the figures: incident-service.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { envelope } from '../../../contract/envelope';
import {
  AssistanceChartSchema,
  CountChartSchema,
  IncidentKpiSchema,
  IncidentReportFilterSchema,
  IncidentSectionChartSchema,
  MissingFilterSchema,
  MissingPageSchema,
  REPORT_PATHS,
  ReportFilterSchema,
  SecondaryAnswerSchema,
} from '../../../contract/reports';
import { typed, type AppContext } from '../../lib/context';
import { ok, page } from '../../lib/reply';
import { requireUser } from '../../plugins/auth';
import { ReportPageQuerySchema, reportErrors, sendCsv } from './http';
import {
  assistanceChart,
  assistanceCsv,
  incidentCountChart,
  incidentKpi,
  incidentMissing,
  incidentSecondary,
  incidentSectionChart,
  incidentSectionCsv,
  incidentStatusCsv,
} from './incident-service';

const errors = reportErrors;
const PageQuerySchema = ReportPageQuerySchema;

export async function incidentReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { security: [{ bearerAuth: [] }], tags: ['report'] };
  const reports = { permission: 'reports' } as const;

  const counts = [
    [REPORT_PATHS.incidentCategory, 'category', 'Cases per event type (incidentCategory), now and in the previous period, biggest first'],
    [REPORT_PATHS.incidentRegion, 'region', 'Cases per region (code: the region code), now and in the previous period, biggest first'],
    [
      REPORT_PATHS.incidentStatusKes,
      'status',
      'Cases per current status (statusKes; none: Tiada Status, id 0), now and in the previous period, biggest first',
    ],
  ] as const;
  for (const [url, by, summary] of counts) {
    r.post(url, {
      config: reports,
      schema: { ...common, summary, body: IncidentReportFilterSchema, response: { 200: envelope(CountChartSchema), ...errors } },
      handler: async (request) => ok(await incidentCountChart(db, requireUser(request), request.body, by)),
    });
  }

  r.post(REPORT_PATHS.incidentSection, {
    config: reports,
    schema: {
      ...common,
      summary:
        'One row per section: cases, closed / open / cancelled, response median and p90, RCT and ICT medians, secondary crashes, response completeness',
      body: IncidentReportFilterSchema,
      response: { 200: envelope(IncidentSectionChartSchema), ...errors },
    },
    handler: async (request) => ok(await incidentSectionChart(db, requireUser(request), request.body)),
  });

  r.post(REPORT_PATHS.incidentKpi, {
    config: reports,
    schema: {
      ...common,
      summary:
        'The response steps (median, p90, completeness) and the TIM KPIs (RCT, ICT, lane-closure minutes, secondary crashes), with the previous period',
      body: IncidentReportFilterSchema,
      response: { 200: envelope(IncidentKpiSchema), ...errors },
    },
    handler: async (request) => ok(await incidentKpi(db, requireUser(request), request.body)),
  });

  r.post(REPORT_PATHS.incidentSecondary, {
    config: reports,
    schema: {
      ...common,
      summary: 'The secondary crashes of the period, each with its primary case; and the previous period’s count',
      body: IncidentReportFilterSchema,
      response: { 200: envelope(SecondaryAnswerSchema), ...errors },
    },
    handler: async (request) => ok(await incidentSecondary(db, requireUser(request), request.body)),
  });

  r.post(REPORT_PATHS.incidentMissing, {
    config: reports,
    schema: {
      ...common,
      summary: 'The cases of the period a KPI applies to that lack its times (response, rct, ict), newest first, with what they lack',
      querystring: PageQuerySchema,
      body: MissingFilterSchema,
      response: { 200: envelope(MissingPageSchema), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await incidentMissing(db, requireUser(request), request.body, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(REPORT_PATHS.incidentCsv, {
    config: reports,
    schema: {
      ...common,
      summary: 'The section table as CSV (UTF-8 with BOM, every field quoted)',
      body: IncidentReportFilterSchema,
      response: errors,
    },
    handler: async (request, reply) =>
      sendCsv(reply as FastifyReply, 'laporan-insiden', await incidentSectionCsv(db, requireUser(request), request.body)),
  });

  r.post(REPORT_PATHS.incidentStatusCsv, {
    config: reports,
    schema: {
      ...common,
      summary: 'Every case of the filter (newest first, at most 50 000) with its status, step times and intervals, as CSV (dd-mm-yyyy dates)',
      body: IncidentReportFilterSchema,
      response: errors,
    },
    handler: async (request, reply) =>
      sendCsv(reply as FastifyReply, 'laporan-status-insiden', await incidentStatusCsv(db, requireUser(request), request.body)),
  });

  // ---- Laporan Jenis Bantuan Lain-Lain: OTHERS too (§6)
  const assistance = { permission: 'reportOtherAssistance' } as const;
  const assists = [
    [REPORT_PATHS.assistanceType, 'type', 'Other assistance (requestFurtherAction) asked for per type'],
    [REPORT_PATHS.assistanceRegion, 'region', 'Other assistance asked for per region'],
    [REPORT_PATHS.assistanceSection, 'section', 'Other assistance asked for per section'],
  ] as const;
  for (const [url, by, summary] of assists) {
    r.post(url, {
      config: assistance,
      schema: {
        ...common,
        summary: `${summary}: items, notified / arrived / completed, medians report → notified → arrived → completed, previous period`,
        body: ReportFilterSchema,
        response: { 200: envelope(AssistanceChartSchema), ...errors },
      },
      handler: async (request) => ok(await assistanceChart(db, requireUser(request), request.body, by)),
    });
  }

  r.post(REPORT_PATHS.assistanceCsv, {
    config: assistance,
    schema: {
      ...common,
      summary: 'The assistance type table as CSV (UTF-8 with BOM, every field quoted)',
      body: ReportFilterSchema,
      response: errors,
    },
    handler: async (request, reply) =>
      sendCsv(reply as FastifyReply, 'laporan-jenis-bantuan', await assistanceCsv(db, requireUser(request), request.body)),
  });
}
