import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  CHECKLIST_ITEMS_PAGE_SIZE,
  CHECKLIST_MESSAGES,
  CHECKLIST_PATHS,
  CHECKLIST_REPORT_PAGE_SIZE,
  ChecklistDetailSchema,
  ChecklistFilterSchema,
  ChecklistFormSchema,
  ChecklistItemFilterSchema,
  ChecklistItemRowSchema,
  ChecklistItemsSaveSchema,
  ChecklistPhotoSaveSchema,
  ChecklistPhotoSchema,
  ChecklistReportFilterSchema,
  ChecklistRowSchema,
  ChecklistSaveSchema,
} from '../../../contract/checklist';
import { DataTablesQuerySchema, dataTablesBody, envelope, ERROR_CODES, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import { csvDisposition } from '../../lib/data-table';
import { HttpError } from '../../lib/http-error';
import { ok, page, writtenAsBuilt } from '../../lib/reply';
import { localDate } from '../../lib/time';
import { typed, type AppContext } from '../../lib/context';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { contentDisposition, TOO_LARGE_MESSAGE } from '../document/image-check';
import {
  checklistReport,
  checklistReportCsv,
  formForRoster,
  listChecklistItems,
  listChecklists,
  readPhoto,
  saveChecklist,
  saveChecklistItems,
  savePhoto,
} from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const writeErrors = { ...errors, 409: ErrorEnvelopeSchema };

/** Page sizes of §9: the checklists and the report 10 a page, the items 5. */
const ListQuerySchema = DataTablesQuerySchema.extend({ length: z.coerce.number().int().min(1).max(5000).default(CHECKLIST_REPORT_PAGE_SIZE) });
const ItemsQuerySchema = DataTablesQuerySchema.extend({ length: z.coerce.number().int().min(1).max(5000).default(CHECKLIST_ITEMS_PAGE_SIZE) });

/** A photo of up to 10 MB is about 13.4 MB of base64 (the app's 1 MB body limit is raised for the upload only). */
const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

/**
 * The daily vehicle and asset checklist (issue #16; §7.6 dailyAssetChecklist, dailyAssetChecklistItems; §7.7
 * laporanSenaraiSemakData). Rules: service.ts. Writes go through the idempotency plugin (the outbox's Idempotency-Key).
 */
export async function checklistRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { security: [{ bearerAuth: [] }], tags: ['dailyAssetChecklist'] };

  for (const [url, portal] of [
    [CHECKLIST_PATHS.save, false],
    [CHECKLIST_PATHS.portalSave, true],
  ] as const) {
    r.post(url, {
      config: { permission: 'checklistWrite' },
      schema: {
        ...common,
        summary: portal
          ? 'The checklist from the portal: the section coordinator and the managers, for a roster of their region (never a patrol)'
          : 'PRE creates (or corrects, until POST) the roster vehicle’s checklist with every active master item; POST adds the end odometer and quantities. A patrol only on its own roster; refused once the end-of-duty report is verified (409)',
        body: ChecklistSaveSchema,
        response: { 200: envelope(ChecklistDetailSchema), ...writeErrors },
      },
      handler: (request, reply) =>
        idempotent(db, request, reply, async (db) =>
          ok(await saveChecklist(db, requireUser(request), request.body, { portal }), CHECKLIST_MESSAGES.saved),
        ),
    });
  }

  for (const [url, portal] of [
    [CHECKLIST_PATHS.itemsSave, false],
    [CHECKLIST_PATHS.itemsPortalSave, true],
  ] as const) {
    r.post(url, {
      config: { permission: 'checklistWrite' },
      schema: {
        ...common,
        summary: 'The items of one phase alone, on the existing checklist (same rules as the items of save)',
        body: ChecklistItemsSaveSchema,
        response: { 200: envelope(ChecklistDetailSchema), ...writeErrors },
      },
      handler: (request, reply) =>
        idempotent(db, request, reply, async (db) =>
          ok(await saveChecklistItems(db, requireUser(request), request.body, { portal }), CHECKLIST_MESSAGES.saved),
        ),
    });
  }

  r.post(CHECKLIST_PATHS.photoSave, {
    bodyLimit: UPLOAD_BODY_LIMIT,
    config: { permission: 'checklistWrite' },
    errorHandler: (err) => {
      if ((err as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, TOO_LARGE_MESSAGE, { field: 'fileContent' });
      throw err;
    },
    schema: {
      ...common,
      summary: 'A photo (base64 JPEG/PNG/WebP, checked by its bytes and re-encoded as JPEG) of an item counted in that phase',
      body: ChecklistPhotoSaveSchema,
      response: { 200: envelope(ChecklistPhotoSchema), ...writeErrors, 413: ErrorEnvelopeSchema },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await savePhoto(db, requireUser(request), request.body), CHECKLIST_MESSAGES.photoSaved)),
  });

  r.get(CHECKLIST_PATHS.photoPattern, {
    config: { permission: 'readOrg' },
    schema: { ...common, summary: 'The photo’s bytes (image/jpeg), to whoever may read its checklist', params: IdParamSchema, response: errors },
    // after the app's no-store hook: a photo id's bytes never change, the browser may keep it for this user
    onSend: async (_request, reply, payload) => {
      if (reply.statusCode === 200) reply.header('Cache-Control', 'private, max-age=3600');
      return payload;
    },
    handler: async (request, reply) => {
      const p = await readPhoto(db, requireUser(request), request.params.id);
      return (reply as FastifyReply)
        .header('Content-Type', p.mimeType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition(p.fileName))
        .header('Content-Length', String(p.bytes.length))
        .send(p.bytes);
    },
  });

  r.get(CHECKLIST_PATHS.forRosterPattern, {
    config: { permission: 'readOrg', read: true },
    serializerCompiler: writtenAsBuilt,
    schema: {
      ...common,
      summary:
        'What the tablet needs for a roster’s checklist: the roster, its vehicle (last odometer, needs attention), the active master items, the checklist so far',
      params: IdParamSchema,
      response: { 200: envelope(ChecklistFormSchema), ...errors },
    },
    handler: async (request) => ok(await formForRoster(db, requireUser(request), request.params.id)),
  });

  r.post(CHECKLIST_PATHS.dataTables, {
    config: { permission: 'readOrg', read: true },
    schema: {
      ...common,
      summary: 'Checklists of the caller’s scope (a patrol: its own rosters), newest first, with the odometer flags and defect counts',
      querystring: ListQuerySchema,
      body: ChecklistFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(ChecklistRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listChecklists(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(CHECKLIST_PATHS.itemsDataTables, {
    config: { permission: 'readOrg', read: true },
    schema: {
      ...common,
      summary: 'The items of one checklist (5 a page) with their photos',
      querystring: ItemsQuerySchema,
      body: ChecklistItemFilterSchema,
      response: { 200: envelope(dataTablesBody(ChecklistItemRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listChecklistItems(db, requireUser(request), request.body, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  // §7.7 lists the bare POST laporanSenaraiSemakData beside its /dataTables and /csv: it answers what /dataTables does
  for (const [url, bare] of [
    [CHECKLIST_PATHS.report, true],
    [CHECKLIST_PATHS.reportDataTables, false],
  ] as const) {
    r.post(url, {
      config: { permission: 'reportChecklist' },
      schema: {
        ...common,
        tags: ['report'],
        summary: `${bare ? 'The report’s data (§7.7’s bare path; the same answer as /dataTables). ' : ''}Laporan Senarai Semak: checklists by the local date of their pre-shift check (≤ 366 days), region, section, vehicle; defects and odometer gap / jump flags; newest first`,
        querystring: ListQuerySchema,
        body: ChecklistReportFilterSchema,
        response: { 200: envelope(dataTablesBody(ChecklistRowSchema)), ...errors },
      },
      handler: async (request) => {
        const { rows, recordCount } = await checklistReport(db, requireUser(request), request.body, request.query);
        return page(rows, recordCount, request.query);
      },
    });
  }

  r.post(CHECKLIST_PATHS.reportCsv, {
    config: { permission: 'reportChecklist' },
    schema: {
      ...common,
      tags: ['report'],
      summary: 'The same report as CSV (UTF-8 with BOM, every field quoted, dd-mm-yyyy dates)',
      body: ChecklistReportFilterSchema,
      response: errors,
    },
    handler: async (request, reply) => {
      const csv = await checklistReportCsv(db, requireUser(request), request.body);
      return (reply as FastifyReply)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', csvDisposition('laporan-senarai-semak', localDate()))
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  });
}
