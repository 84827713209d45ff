import { ERROR_CODES } from '../../contract/envelope';

type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** An error with a status, a code and a readable message; the error plugin turns it into the envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly extra: { field?: string; retryAfterSeconds?: number; current?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The envelope an HttpError leaves as (plugins/errors.ts; plugins/auth.ts for a read refused after it ran). */
export const envelopeOf = (err: HttpError) => ({
  statusCode: err.statusCode,
  statusMsg: err.message,
  body: { errorCode: err.errorCode, ...err.extra },
});

export const badRequest = (message: string, field?: string) => new HttpError(400, ERROR_CODES.VALIDATION, message, { field });
export const unauthorized = (message = 'Sesi tidak sah. Sila log masuk semula.', code: ErrorCode = ERROR_CODES.UNAUTHORIZED) =>
  new HttpError(401, code, message);
export const forbidden = (message = 'Anda tidak dibenarkan melakukan tindakan ini.') => new HttpError(403, ERROR_CODES.FORBIDDEN, message);
export const notFound = (message = 'Rekod tidak dijumpai.') => new HttpError(404, ERROR_CODES.NOT_FOUND, message);
/** 409: the record clashes with another (a duplicate, a taken call sign); `field` names the form field it lands on. */
export const conflict = (message: string, field?: string) => new HttpError(409, ERROR_CODES.CONFLICT, message, { field });
/** 409 for a stale version: the answer carries the record as it is now (`body.current`), for the user to choose. */
export const staleConflict = (message: string, current: Record<string, unknown>) => new HttpError(409, ERROR_CODES.CONFLICT, message, { current });

/** SQLSTATE of a database error, also when wrapped (drizzle's query error keeps the driver's as its cause). */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
