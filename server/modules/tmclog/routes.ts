import type { FastifyInstance, FastifyReply } from 'fastify';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema } from '../../../contract/envelope';
import { TmcLogsheetFilterSchema, TmcLogsheetRowSchema, TmcLogsheetSaveSchema } from '../../../contract/logsheet';
import { PATHS } from '../../../contract/paths';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { ok, page } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { csvFileName, listLogsheets, LOGSHEET_SAVED, logsheetCsv, saveLogsheet } from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** tmcLogSheet: dataTables, save, csv (§7.5); the 'tmcLog' permission (§6: TMCA, TMCS, OPSMGMT, SUPERADMIN). */
export async function tmcLogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { tags: ['tmcLogSheet'], security: [{ bearerAuth: [] }] };

  r.post(PATHS.tmcLogSheetSave, {
    config: { permission: 'tmcLog' },
    schema: {
      ...common,
      summary: "Create a logsheet (the caller's, its region by default; TMCA only its own region) or edit one within a day of its creation",
      body: TmcLogsheetSaveSchema,
      response: { 200: envelope(TmcLogsheetRowSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveLogsheet(db, requireUser(request), request.body), LOGSHEET_SAVED)),
  });

  r.post(PATHS.tmcLogSheetDataTables, {
    config: { permission: 'tmcLog', read: true },
    schema: {
      ...common,
      summary: "Logsheets, newest From first; a user who does not see every region gets its own region's (and its own)",
      querystring: DataTablesQuerySchema,
      body: TmcLogsheetFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(TmcLogsheetRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listLogsheets(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(PATHS.tmcLogSheetCsv, {
    config: { permission: 'tmcLog' },
    schema: {
      ...common,
      summary: 'The filtered logsheets as CSV (UTF-8 with BOM, CRLF, quoted fields, dd-mm-yyyy, HH:mm:ss Asia/Brunei)',
      querystring: DataTablesQuerySchema.pick({ orderColumn: true, direction: true }).partial(),
      body: TmcLogsheetFilterSchema.optional().default({}),
      response: errors,
    },
    handler: async (request, reply) => {
      const csv = await logsheetCsv(db, requireUser(request), request.body ?? {}, request.query);
      // text, not an envelope: sent through the untyped reply
      return (reply as FastifyReply)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFileName()}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  });
}
