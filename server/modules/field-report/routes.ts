import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelope, ERROR_CODES, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  FIELD_REPORT_PATHS,
  FieldReportFilterSchema,
  FieldReportRejectSchema,
  FieldReportRowSchema,
  FieldReportSaveSchema,
} from '../../../contract/field-reports';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { sha256Hex } from '../../lib/hash';
import { HttpError } from '../../lib/http-error';
import { ok } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { contentDisposition } from '../document/image-check';
import { INTEGRITY_HEADER } from '../document/routes';
import { getReport, listReports, PHOTO_TOO_LARGE_MESSAGE, readPhoto, rejectReport, saveReport } from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** A 5 MB photo is about 6.7 MB of base64: the app's 1 MB body limit is raised for the save only; a bigger body is 413. */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

export const FIELD_REPORT_SAVED = 'Laporan peronda telah dihantar.';
export const FIELD_REPORT_REJECTED = 'Laporan peronda telah ditolak.';

/**
 * Field reports (issue #30 item 2; contract/field-reports.ts, service.ts): the patrol sends them (fieldReportWrite),
 * the TMC reads and refuses them (fieldReportDecide; accepting is incident/save with fieldReportId). Reads answer
 * the caller's scope only, 404 outside it.
 */
export async function fieldReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { tags: ['fieldReport'], security: [{ bearerAuth: [] }] };
  const readers = { permission: ['fieldReportWrite', 'fieldReportDecide'] as ('fieldReportWrite' | 'fieldReportDecide')[] };

  r.post(FIELD_REPORT_PATHS.save, {
    bodyLimit: SAVE_BODY_LIMIT,
    config: { permission: 'fieldReportWrite' },
    errorHandler: (err: FastifyError) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, PHOTO_TOO_LARGE_MESSAGE, { field: 'fileContent' });
      throw err;
    },
    schema: {
      ...common,
      summary:
        "A patrol's field report for a roster it is on (what, where, a note, an optional photo checked by its bytes and re-encoded); the region's TMC users are alerted",
      body: FieldReportSaveSchema,
      response: { 200: envelope(FieldReportRowSchema), ...errors, 413: ErrorEnvelopeSchema },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveReport(db, requireUser(request), request.body), FIELD_REPORT_SAVED)),
  });

  r.get(FIELD_REPORT_PATHS.list, {
    config: readers,
    schema: {
      ...common,
      summary: "The TMC's region's field reports (PENDING and those decided in the last day), or the patrol's own and its rosters'; newest first",
      querystring: FieldReportFilterSchema,
      response: { 200: envelope(z.array(FieldReportRowSchema)), ...errors },
    },
    handler: async (request) => ok(await listReports(db, requireUser(request), request.query)),
  });

  r.get(FIELD_REPORT_PATHS.getPattern, {
    config: readers,
    schema: {
      ...common,
      summary: 'One field report of the caller’s scope (the new-case form’s prefill); 404 outside it',
      params: IdParamSchema,
      response: { 200: envelope(FieldReportRowSchema), ...errors },
    },
    handler: async (request) => ok(await getReport(db, requireUser(request), request.params.id)),
  });

  r.get(FIELD_REPORT_PATHS.photoPattern, {
    config: readers,
    schema: {
      ...common,
      summary: 'The field report’s photo: the image bytes with their Content-Type (404 without a photo or outside the scope)',
      params: IdParamSchema,
      response: errors,
    },
    // after the app's no-store hook: a report's photo never changes, the browser may keep it for this user
    onSend: async (_request, reply, payload) => {
      if (reply.statusCode === 200) reply.header('Cache-Control', 'private, max-age=3600');
      return payload;
    },
    handler: async (request, reply) => {
      const p = await readPhoto(db, requireUser(request), request.params.id);
      // raw bytes, not an envelope: sent through the untyped reply
      return (reply as FastifyReply)
        .header('Content-Type', p.mimeType)
        .header(INTEGRITY_HEADER, sha256Hex(p.bytes) === p.sha256 ? 'ok' : 'mismatch')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition(p.fileName))
        .header('Content-Length', String(p.bytes.length))
        .send(p.bytes);
    },
  });

  r.post(FIELD_REPORT_PATHS.reject, {
    config: { permission: 'fieldReportDecide' },
    schema: {
      ...common,
      summary: 'Refuse a pending field report of the region with a reason (Tolak); the patrol is alerted; 409 once decided',
      body: FieldReportRejectSchema,
      response: { 200: envelope(FieldReportRowSchema), ...errors, 409: ErrorEnvelopeSchema },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await rejectReport(db, requireUser(request), request.body), FIELD_REPORT_REJECTED)),
  });
}
