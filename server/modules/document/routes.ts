import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DataTablesQuerySchema, dataTablesBody, envelope, ERROR_CODES, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  AttachmentListFilterSchema,
  AttachmentSchema,
  AttachmentWithContentSchema,
  DocumentDownloadSchema,
  DocumentSaveSchema,
} from '../../../contract/incidents';
import { PATHS } from '../../../contract/paths';
import { attachment } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { HttpError } from '../../lib/http-error';
import { ok, page } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { incidentAccessBySubform } from '../incident/access';
import { contentDisposition, TOO_LARGE_MESSAGE } from './image-check';
import { countAttachments, findAttachments, toAttachment } from './queries';
import { deleteAttachment, readAttachmentWithBytes, saveFile } from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/**
 * A 10 MB image is about 13.4 MB of base64; the app's 1 MB body limit is raised for the upload only. A bigger
 * body is refused before it is read (413 with the upload's own message).
 */
const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

export async function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;

  r.post(PATHS.documentSave, {
    bodyLimit: UPLOAD_BODY_LIMIT,
    config: { permission: 'viewCase' },
    // the body-size refusal happens before the handler: name the upload's limit, the app's handler sends it
    errorHandler: (err) => {
      if ((err as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, TOO_LARGE_MESSAGE, { field: 'fileContent' });
      throw err;
    },
    schema: {
      tags: ['document'],
      summary: 'Upload one image (base64) to a journal entry or a subform (Lampiran Media); JPEG, PNG or WebP by content',
      security: [{ bearerAuth: [] }],
      body: DocumentSaveSchema,
      response: { 200: envelope(AttachmentSchema), ...errors, 413: ErrorEnvelopeSchema },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveFile(db, requireUser(request), request.body), 'Lampiran telah berjaya disimpan')),
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
      const { row, bytes } = await readAttachmentWithBytes(db, requireUser(request), request.body.pkDocumentsId);
      // raw bytes, not an envelope: sent through the untyped reply
      return (reply as FastifyReply)
        .header('Content-Type', row.mimeType)
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
      const { row, bytes } = await readAttachmentWithBytes(db, requireUser(request), request.params.id);
      return ok({ ...toAttachment(row), fileByteArray: bytes.toString('base64') });
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
      return page(rows.map(toAttachment), total, request.query);
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
