import type { FastifyInstance, FastifyReply } from 'fastify';
import { startSummaryJob } from './summary-job';
import { z } from 'zod';
import {
  ACTIVITY_MESSAGES,
  ACTIVITY_PATHS,
  AckStateSchema,
  ActivityLogDeleteResultSchema,
  ActivityLogDeleteSchema,
  ActivityLogFilterSchema,
  ActivityLogQuerySchema,
  ActivityLogRowSchema,
  ActivityLogSaveSchema,
  DutyRosterAckSchema,
  EndOfDutyCsvQuerySchema,
  EndOfDutyFilterSchema,
  EndOfDutyQuerySchema,
  EndOfDutyReportSchema,
  EndOfDutyRowSchema,
  GpsPeriodSchema,
  MainlineReportSchema,
  ShiftSummarySchema,
  SummaryRequestSchema,
} from '../../../contract/activity-log';
import { dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import { csvDisposition } from '../../lib/data-table';
import { ok, page, writtenAsBuilt } from '../../lib/reply';
import { localDate } from '../../lib/time';
import { typed, type AppContext } from '../../lib/context';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import {
  deleteActivity,
  endOfDutyCsv,
  endOfDutyReport,
  inactiveGps,
  listActivities,
  listEndOfDuty,
  mainlineReport,
  saveActivity,
  updateAck,
  updateSummary,
} from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const writeErrors = { ...errors, 409: ErrorEnvelopeSchema };

/**
 * The patrol's activity log, the shift summary, the end-of-duty report and its acknowledgement (issue #15 items 2–5;
 * §7.5 activityLog, updateActivityLogSummary, updateDutyRosterAck; §7.7 LaporanTamatTugas, inactiveGps,
 * laporanTamatTugasData). Rules: service.ts. Writes go through the idempotency plugin (the outbox's Idempotency-Key).
 */
export async function activityLogRoutes(app: FastifyInstance, ctx: AppContext) {
  // the shift summaries of ended rosters (#31), stored by a job the app stops when it closes
  startSummaryJob(app, ctx.db, ctx.config.summaryJobSeconds);
  const r = typed(app);
  const db = ctx.db;
  const common = { security: [{ bearerAuth: [] }] };

  // ---------------------------------------------------------------------------------------------- activity log

  r.post(ACTIVITY_PATHS.dataTables, {
    config: { permission: ['reports', 'activityLogWrite', 'rosterList'], read: true },
    serializerCompiler: writtenAsBuilt,
    schema: {
      ...common,
      tags: ['activityLog'],
      summary:
        'Activity entries of one roster (all, time order), or of the rosters of a day (today by default) in a section or region of the caller’s scope; a patrol sees its own team’s only',
      querystring: ActivityLogQuerySchema,
      body: ActivityLogFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(ActivityLogRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listActivities(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(ACTIVITY_PATHS.save, {
    config: { permission: 'activityLogWrite' },
    schema: {
      ...common,
      tags: ['activityLog'],
      summary:
        'Create (no pkActivityLogId) or edit an entry: an activityLogEvents key, timed within the shift ±15 min and not in the future, a checkpoint of a ronda of the roster’s section; a patrol only on its own team’s roster; refused once the report is verified (409)',
      body: ActivityLogSaveSchema,
      response: { 200: envelope(ActivityLogRowSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveActivity(db, requireUser(request), request.body), ACTIVITY_MESSAGES.saved)),
  });

  r.post(ACTIVITY_PATHS.delete, {
    config: { permission: 'activityLogWrite' },
    schema: {
      ...common,
      tags: ['activityLog'],
      summary: 'Delete an entry (same access as save; refused once the report is verified)',
      body: ActivityLogDeleteSchema,
      response: { 200: envelope(ActivityLogDeleteResultSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) =>
        ok(await deleteActivity(db, requireUser(request), request.body.pkActivityLogId), ACTIVITY_MESSAGES.deleted),
      ),
  });

  // ---------------------------------------------------------------------------------------------- summary

  r.post(ACTIVITY_PATHS.updateSummary, {
    config: { permission: 'activityLogWrite' },
    schema: {
      ...common,
      tags: ['dutyroster'],
      summary: 'Recompute and store the shift summary (rondas, rest, DLU/LLU and inactive-GPS minutes); refused once verified (409)',
      body: SummaryRequestSchema,
      response: { 200: envelope(ShiftSummarySchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) =>
        ok(await updateSummary(db, requireUser(request), request.body.pkDutyRosterId), ACTIVITY_MESSAGES.summaryUpdated),
      ),
  });

  r.get(ACTIVITY_PATHS.inactiveGpsPattern, {
    config: { permission: 'reports' },
    schema: {
      ...common,
      tags: ['report'],
      summary: 'The roster’s periods of its shift without GPS fixes (gaps over 5 min, before the first and after the last fix)',
      params: IdParamSchema,
      response: { 200: envelope(z.array(GpsPeriodSchema)), ...errors },
    },
    handler: async (request) => ok(await inactiveGps(db, requireUser(request), request.params.id)),
  });

  r.get(ACTIVITY_PATHS.mainlinePattern, {
    config: { permission: 'reports' },
    schema: {
      ...common,
      tags: ['report'],
      summary: 'The one-roster DLU report: mainline (DLU), off-mainline (LLU) and no-GPS periods of the shift, and its track (≤ 2000 points)',
      params: IdParamSchema,
      response: { 200: envelope(MainlineReportSchema), ...errors },
    },
    handler: async (request) => ok(await mainlineReport(db, requireUser(request), request.params.id)),
  });

  // ---------------------------------------------------------------------------------------------- the report

  r.get(ACTIVITY_PATHS.reportPattern, {
    config: { permission: 'reports' },
    schema: {
      ...common,
      tags: ['report'],
      summary:
        'The end-of-duty report (Laporan Tamat Tugas) of one roster: header, people, lifecycle, summary, acknowledgement, cases, activities, inactive GPS',
      params: IdParamSchema,
      response: { 200: envelope(EndOfDutyReportSchema), ...errors },
    },
    handler: async (request) => ok(await endOfDutyReport(db, requireUser(request), request.params.id)),
  });

  r.post(ACTIVITY_PATHS.updateAck, {
    config: { permission: ['reportVerify', 'reportApprove'] },
    schema: {
      ...common,
      tags: ['dutyroster'],
      summary:
        'Verify (reportVerify), approve (reportApprove, after verification) or revoke (SUPERADMIN, with a justification) an end-of-duty report; never one’s own roster',
      body: DutyRosterAckSchema,
      response: { 200: envelope(AckStateSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const { ack, statusMsg } = await updateAck(db, requireUser(request), request.body);
        return ok(ack, statusMsg);
      }),
  });

  r.post(ACTIVITY_PATHS.reportDataTables, {
    config: { permission: 'reports' },
    schema: {
      ...common,
      tags: ['report'],
      summary:
        'End-of-duty reports, one row per roster of the caller’s scope (dates, region, section, lifecycle); by date newest first unless sorted',
      querystring: EndOfDutyQuerySchema,
      body: EndOfDutyFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(EndOfDutyRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listEndOfDuty(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, { ...request.query, direction: request.query.direction ?? 'desc' });
    },
  });

  r.post(ACTIVITY_PATHS.reportCsv, {
    config: { permission: 'reports' },
    schema: {
      ...common,
      tags: ['report'],
      summary: 'The filtered end-of-duty list as CSV (UTF-8 with BOM, dd-mm-yyyy dates, durations HH:mm)',
      querystring: EndOfDutyCsvQuerySchema,
      body: EndOfDutyFilterSchema.optional().default({}),
      response: errors,
    },
    handler: async (request, reply) => {
      const csv = await endOfDutyCsv(db, requireUser(request), request.body ?? {}, request.query);
      return (reply as FastifyReply)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', csvDisposition('laporan-tamat-tugas', localDate()))
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  });
}
