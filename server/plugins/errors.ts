import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../contract/envelope';
import { envelopeOf, HttpError, sqlStateOf } from '../lib/http-error';

/** Field name from a validation issue: "/body/username" style paths → "username". */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

/** SQLSTATE classes of refused data: 22 data exception (a value too long, out of range), 23 integrity constraint. */
const DATA_REFUSALS: Record<string, [number, string, string]> = {
  '22': [400, ERROR_CODES.VALIDATION, 'Nilai yang dihantar tidak dapat disimpan (terlalu panjang atau di luar julat).'],
  '23': [400, ERROR_CODES.VALIDATION, 'Rekod ini merujuk kepada data yang tidak wujud atau tidak sah.'],
};
const CONFLICT_REFUSAL: [number, string, string] = [409, ERROR_CODES.CONFLICT, 'Rekod yang sama sudah wujud.'];

/**
 * Every error leaves as the envelope `{ statusCode, statusMsg, body: { errorCode, field?, issues? } }`:
 * bad input 400 naming the field, never a 500 or a stack trace for what the client sent.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError | Error, request, reply) => {
    const send = (statusCode: number, errorCode: string, statusMsg: string, extra: Record<string, unknown> = {}) =>
      reply.code(statusCode).send({ statusCode, statusMsg, body: { errorCode, ...extra } });

    if (err instanceof HttpError) {
      if (err.statusCode === 401 || err.statusCode === 403) {
        request.log.warn(
          { event: 'access_refused', status: err.statusCode, code: err.errorCode, url: request.url, user: request.user?.uid },
          err.message,
        );
      }
      if (err.extra.retryAfterSeconds) reply.header('Retry-After', String(err.extra.retryAfterSeconds));
      return reply.code(err.statusCode).send(envelopeOf(err));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        field: fieldOf(v.instancePath) || err.validationContext || 'body',
        message: v.message ?? 'tidak sah',
      }));
      const first = issues[0];
      return send(400, ERROR_CODES.VALIDATION, `Input tidak sah: ${first.field} — ${first.message}`, { field: first.field, issues });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return send(500, ERROR_CODES.INTERNAL, 'Ralat dalaman pelayan. Sila cuba lagi.');
    }
    const fe = err as FastifyError;
    switch (fe.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(413, ERROR_CODES.PAYLOAD_TOO_LARGE, 'Permintaan terlalu besar.');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(400, ERROR_CODES.BAD_JSON, 'Format JSON tidak sah.', { field: 'body' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, 'Jenis kandungan tidak disokong.');
    }
    if (err instanceof SyntaxError) return send(400, ERROR_CODES.BAD_JSON, 'Format JSON tidak sah.', { field: 'body' });
    // the database refused a value the schemas let through: the client's data, not a server fault (issue #20)
    const sqlState = sqlStateOf(err);
    if (sqlState && DATA_REFUSALS[sqlState.slice(0, 2)]) {
      request.log.warn({ err, sqlState, url: request.url }, 'the database refused a value');
      const [status, code, message] = sqlState === '23505' ? CONFLICT_REFUSAL : DATA_REFUSALS[sqlState.slice(0, 2)];
      return send(status, code, message);
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(status, status === 404 ? ERROR_CODES.NOT_FOUND : ERROR_CODES.VALIDATION, fe.message || 'Permintaan tidak sah.');
    }
    request.log.error({ err }, 'unhandled error');
    return send(500, ERROR_CODES.INTERNAL, 'Ralat dalaman pelayan. Sila cuba lagi.');
  });
}
