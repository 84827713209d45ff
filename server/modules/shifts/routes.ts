import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  NamaSyifItemSchema,
  SHIFT_MESSAGES,
  SHIFT_PAGE_SIZE,
  SHIFT_PATHS,
  ShiftDeleteResultSchema,
  ShiftDeleteSchema,
  ShiftFilterSchema,
  ShiftRowSchema,
  ShiftSaveSchema,
} from '../../../contract/shifts';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { registerHistoryAccess } from '../../lib/change-log';
import { notFound } from '../../lib/http-error';
import { ok, page } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { deleteShift, findShift, getShift, listShifts, saveShift, shiftsByJenisRoster } from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };

/** §9: shifts come 50 a page unless the caller asks otherwise. */
const ShiftListQuerySchema = DataTablesQuerySchema.extend({ length: z.coerce.number().int().min(1).max(5000).default(SHIFT_PAGE_SIZE) });

/**
 * Shifts (issue #14 item 5): shared by all regions, read by everyone who works with rosters (readOrg), written by the
 * national roles (adminShifts: OPSMGMT, SUPERADMIN). shift/dataTables, get/{id}, save, delete and §7.5
 * namasyifid/getByJenisRosterId/{id}.
 */
export async function shiftsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { tags: ['shift'], security: [{ bearerAuth: [] }] };

  registerHistoryAccess('shift', async (db, _user, id) => {
    if (!(await findShift(db, id))) throw notFound(SHIFT_MESSAGES.notFound);
  });

  r.post(SHIFT_PATHS.dataTables, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      summary: 'Shifts (50 a page by default, §9), with their category, roster type and use',
      querystring: ShiftListQuerySchema,
      body: ShiftFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(ShiftRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listShifts(db, request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.get(SHIFT_PATHS.getPattern, {
    config: { permission: 'readOrg' },
    schema: { ...common, summary: 'One shift', params: IdParamSchema, response: { 200: envelope(ShiftRowSchema), ...errors } },
    handler: async (request) => ok(await getShift(db, request.params.id)),
  });

  r.post(SHIFT_PATHS.save, {
    config: { permission: 'adminShifts' },
    schema: {
      ...common,
      summary: 'Create (id max+1) or edit a shift; an end hour before the start hour ends the next day; equal hours 400',
      body: ShiftSaveSchema,
      response: { 200: envelope(ShiftRowSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveShift(db, requireUser(request), request.body), SHIFT_MESSAGES.saved)),
  });

  r.post(SHIFT_PATHS.delete, {
    config: { permission: 'adminShifts' },
    schema: {
      ...common,
      summary: 'Delete a shift; one used by duty rosters or team schedules is deactivated instead',
      body: ShiftDeleteSchema,
      response: { 200: envelope(ShiftDeleteResultSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const result = await deleteShift(db, requireUser(request), request.body.pkShiftId);
        return ok(result, result.outcome === 'deleted' ? SHIFT_MESSAGES.deleted : SHIFT_MESSAGES.deactivated);
      }),
  });

  r.get(SHIFT_PATHS.byJenisRosterPattern, {
    config: { permission: 'readOrg', etag: true },
    schema: {
      ...common,
      summary: 'namasyifid: the active shifts of a roster type (jenisRoster key) as lookup items with their hours',
      params: IdParamSchema,
      response: { 200: envelope(z.array(NamaSyifItemSchema)), ...errors },
    },
    handler: async (request) => ok(await shiftsByJenisRoster(db, request.params.id)),
  });
}
