import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DataTablesQuerySchema, dataTablesBody, envelope, ERROR_CODES, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  AttachmentListFilterSchema,
  AttachmentListSaveSchema,
  AttachmentSchema,
  AttachmentWithContentSchema,
  DocumentDownloadSchema,
  DocumentSaveSchema,
} from '../../../contract/incidents';
import { PATHS } from '../../../contract/paths';
import { attachment } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { registerHistoryAccess } from '../../lib/change-log';
import { HttpError, notFound } from '../../lib/http-error';
import { ok, page } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { incidentAccess, incidentAccessBySubform } from '../incident/access';
import { contentDisposition, TOO_LARGE_MESSAGE } from './image-check';
import { countAttachments, findAttachments, toAttachment, withIntegrity } from './queries';
import { deleteAttachment, NO_ATTACHMENT_MESSAGE, readAttachmentWithBytes, saveAttachmentListItem, saveFile } from './service';

const ATTACHMENT_SAVED = 'Lampiran telah berjaya disimpan';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/**
 * A 10 MB image is about 13.4 MB of base64; the app's 1 MB body limit is raised for the upload only. A bigger
 * body is refused before it is read (413 with the upload's own message).
 */
const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

/** An upload route's body limit, permission and its 413 (the body-size refusal happens before the handler). */
const uploadLimits = {
  bodyLimit: UPLOAD_BODY_LIMIT,
  config: { permission: 'viewCase' as const },
  errorHandler: (err: FastifyError) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, TOO_LARGE_MESSAGE, { field: 'fileContent' });
    throw err;
  },
};

/** The integrity of the bytes served (issue #19): 'ok', or 'mismatch' when they no longer hash to the stored sha256. */
export const INTEGRITY_HEADER = 'X-Photo-Integrity';

export async function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;

  // the audit trail of a photo (uploads and deletions with their hash): for whoever may see the photo's case
  registerHistoryAccess('attachment', async (db, user, id) => {
    const [row] = await db.select({ incidentId: attachment.incidentId }).from(attachment).where(eq(attachment.id, id)).limit(1);
    if (!row) throw notFound(NO_ATTACHMENT_MESSAGE);
    await incidentAccess(db, user, row.incidentId);
  });

  r.post(PATHS.documentSave, {
    ...uploadLimits,
    schema: {
      tags: ['document'],
      summary: 'Upload one image (base64) to a journal entry or a subform (Lampiran Media); JPEG, PNG or WebP by content',
      security: [{ bearerAuth: [] }],
      body: DocumentSaveSchema,
      response: { 200: envelope(AttachmentSchema), ...errors, 413: ErrorEnvelopeSchema },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveFile(db, requireUser(request), request.body), ATTACHMENT_SAVED)),
  });

  r.post(PATHS.attachmentSave, {
    ...uploadLimits,
    schema: {
      tags: ['document'],
      summary:
        "Add one image (base64 in fileContent, or img) to a subform's Lampiran Media (§7.3 attachmentList/save); a stored attachment never changes (409)",
      security: [{ bearerAuth: [] }],
      body: AttachmentListSaveSchema,
      response: { 200: envelope(AttachmentSchema), ...errors, 409: ErrorEnvelopeSchema, 413: ErrorEnvelopeSchema },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveAttachmentListItem(db, requireUser(request), request.body), ATTACHMENT_SAVED)),
  });

  r.post(PATHS.documentDownload, {
    config: { permission: 'viewCase' },
    schema: {
      tags: ['document'],
      summary: 'The bytes of one attachment, served inline under its stored type with nosniff',
      security: [{ bearerAuth: [] }],
      body: DocumentDownloadSchema,
      response: errors,
    },
    // after the app's no-store hook: the image of an id never changes, the browser may keep it for this user
    onSend: async (_request, reply, payload) => {
      if (reply.statusCode === 200) reply.header('Cache-Control', 'private, max-age=3600');
      return payload;
    },
    handler: async (request, reply) => {
      const { row, bytes, tampered } = await readAttachmentWithBytes(db, requireUser(request), request.body.pkDocumentsId);
      // raw bytes, not an envelope: sent through the untyped reply
      return (reply as FastifyReply)
        .header('Content-Type', row.mimeType)
        .header(INTEGRITY_HEADER, tampered ? 'mismatch' : 'ok')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition(row.fileName))
        .header('Content-Length', String(bytes.length))
        .send(bytes);
    },
  });

  r.get(PATHS.attachmentGetPattern, {
    config: { permission: 'viewCase' },
    schema: {
      tags: ['document'],
      summary: 'One attachment with its bytes in base64 (fileByteArray)',
      security: [{ bearerAuth: [] }],
      params: IdParamSchema,
      response: { 200: envelope(AttachmentWithContentSchema), ...errors },
    },
    handler: async (request) => {
      const { row, bytes, tampered } = await readAttachmentWithBytes(db, requireUser(request), request.params.id);
      return ok({ ...toAttachment(row, tampered), fileByteArray: bytes.toString('base64') });
    },
  });

  r.post(PATHS.attachmentDataTables, {
    config: { permission: 'viewCase' },
    schema: {
      tags: ['document'],
      summary: "A subform's Lampiran Media in upload order (without bytes)",
      security: [{ bearerAuth: [] }],
      querystring: DataTablesQuerySchema,
      body: AttachmentListFilterSchema,
      response: { 200: envelope(dataTablesBody(AttachmentSchema)), ...errors },
    },
    handler: async (request) => {
      const subformId = request.body.incidentSubFormId;
      await incidentAccessBySubform(db, requireUser(request), subformId);
      const cond = and(eq(attachment.tableType, 'INCIDENT_SUBFORM'), eq(attachment.subformId, subformId));
      const [rows, total] = await Promise.all([findAttachments(db, cond, request.query), countAttachments(db, cond)]);
      return page(await withIntegrity(db, rows), total, request.query);
    },
  });

  r.post(PATHS.attachmentDeletePattern, {
    config: { permission: 'viewCase' },
    schema: {
      tags: ['document'],
      summary: 'Delete one attachment (soft) by the role rule of §6',
      security: [{ bearerAuth: [] }],
      params: IdParamSchema,
      response: { 200: envelope(AttachmentSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) =>
        ok(await deleteAttachment(db, requireUser(request), request.params.id), 'Lampiran telah berjaya dipadam'),
      ),
  });
}
