import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  LEAVE_MESSAGES,
  LEAVE_PATHS,
  LeaveCheckResultSchema,
  LeaveCheckSchema,
  LeaveDecideSchema,
  LeaveDeleteSchema,
  LeaveFilterSchema,
  LeaveRowSchema,
  LeaveSaveSchema,
  LeaveStaffOptionSchema,
  LeaveStaffOptionsFilterSchema,
} from '../../../contract/leave';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { registerHistoryAccess } from '../../lib/change-log';
import { csvDisposition } from '../../lib/data-table';
import { ok, page } from '../../lib/reply';
import { localDate } from '../../lib/time';
import { typed, type AppContext } from '../../lib/context';
import { assertLeaveAccess, checkLeave, decideLeave, deleteLeaves, getLeave, leaveCsv, listLeaves, saveLeave, staffOptions } from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };

/**
 * Leave administration (issue #14 item 3): every call for the managers (adminOrg) within their region scope.
 * leave/dataTables, csv, get/{id}, save, decide, delete, checkConflicts (the form's live conflict list) and
 * staffOptions (the staff a manager may record leave for).
 */
export async function leaveRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { tags: ['leave'], security: [{ bearerAuth: [] }] };

  registerHistoryAccess('leave', async (db, user, id) => {
    await assertLeaveAccess(db, user, id);
  });

  r.post(LEAVE_PATHS.dataTables, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Leave of the staff in the caller’s region (all for national roles), with the rosters each leave meets',
      querystring: DataTablesQuerySchema,
      body: LeaveFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(LeaveRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listLeaves(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(LEAVE_PATHS.csv, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'The filtered leave list as CSV (UTF-8 with BOM, dates dd-mm-yyyy)',
      querystring: DataTablesQuerySchema.pick({ orderColumn: true, direction: true }).partial(),
      body: LeaveFilterSchema.optional().default({}),
      response: errors,
    },
    handler: async (request, reply) => {
      const csv = await leaveCsv(db, requireUser(request), request.body ?? {}, {
        orderColumn: request.query.orderColumn,
        direction: request.query.direction ?? 'asc',
      });
      return (reply as FastifyReply)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', csvDisposition('cuti', localDate()))
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  });

  r.get(LEAVE_PATHS.getPattern, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'One leave with its roster conflicts',
      params: IdParamSchema,
      response: { 200: envelope(LeaveRowSchema), ...errors },
    },
    handler: async (request) => ok(await getLeave(db, requireUser(request), request.params.id)),
  });

  r.post(LEAVE_PATHS.save, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Create a requested leave, or edit one still requested (dateTo before dateFrom 400; overlapping leave of the person 409)',
      body: LeaveSaveSchema,
      response: { 200: envelope(LeaveRowSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveLeave(db, requireUser(request), request.body), LEAVE_MESSAGES.saved)),
  });

  r.post(LEAVE_PATHS.decide, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Approve or reject a requested leave (not one’s own); approving one with roster conflicts needs rosterAction keep | release',
      body: LeaveDecideSchema,
      response: { 200: envelope(LeaveRowSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const row = await decideLeave(db, requireUser(request), request.body);
        return ok(row, row.status === 'approved' ? LEAVE_MESSAGES.approved : LEAVE_MESSAGES.rejected);
      }),
  });

  r.post(LEAVE_PATHS.delete, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Delete requested leave (all or none)',
      body: LeaveDeleteSchema,
      response: { 200: envelope(z.object({ deleted: z.array(z.number().int()) })), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await deleteLeaves(db, requireUser(request), request.body), LEAVE_MESSAGES.deleted)),
  });

  r.post(LEAVE_PATHS.checkConflicts, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'The rosters and the other leave a leave of these dates would meet (nothing is saved)',
      body: LeaveCheckSchema,
      response: { 200: envelope(LeaveCheckResultSchema), ...errors },
    },
    handler: async (request) => ok(await checkLeave(db, requireUser(request), request.body)),
  });

  r.post(LEAVE_PATHS.staffOptions, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Active staff of the caller’s region to record leave for (by section, name or staff number; at most 50)',
      body: LeaveStaffOptionsFilterSchema.optional().default({}),
      response: { 200: envelope(z.array(LeaveStaffOptionSchema)), ...errors },
    },
    handler: async (request) => ok(await staffOptions(db, requireUser(request), request.body ?? {})),
  });
}
