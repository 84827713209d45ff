import { z } from 'zod';

/** Every answer of the REST API (§7 intro): `{ statusCode, statusMsg, body }`. */
export function envelope<T extends z.ZodTypeAny>(body: T) {
  return z.object({
    statusCode: z.number().int(),
    statusMsg: z.string(),
    body,
  });
}

export type Envelope<T> = { statusCode: number; statusMsg: string; body: T };

/** Error answers carry what went wrong in body (never a stack trace). */
export const ErrorBodySchema = z
  .object({
    errorCode: z.string(),
    field: z.string().optional(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    retryAfterSeconds: z.number().optional(),
    /**
     * on a 409 of a stale `version`: the record as it is now on the server, in the shape its get answers
     * (incident/get for incident/save, the subform's get for a subform save), so the client can show or merge it
     */
    current: z.record(z.string(), z.unknown()).optional(),
  })
  .nullable();
export const ErrorEnvelopeSchema = envelope(ErrorBodySchema);
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const ERROR_CODES = {
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  TOKEN_REVOKED: 'TOKEN_REVOKED',
  PASSWORD_RESET_REQUIRED: 'PASSWORD_RESET_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  BAD_JSON: 'BAD_JSON',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INTERNAL: 'INTERNAL',
  /** 422: an Idempotency-Key sent again with another body, path or method */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
} as const;

/**
 * dataTables paging and sorting travel in the query string (§7 intro): order column, direction, length, start.
 * The filter travels in the body.
 */
export const DataTablesQuerySchema = z.object({
  orderColumn: z
    .string()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Nama lajur tidak sah')
    .optional(),
  direction: z.enum(['asc', 'desc']).default('asc'),
  length: z.coerce.number().int().min(1).max(5000).default(10),
  start: z.coerce.number().int().min(0).default(0),
});
export type DataTablesQuery = z.infer<typeof DataTablesQuerySchema>;

export function dataTablesBody<T extends z.ZodTypeAny>(row: T) {
  return z.object({
    rows: z.array(row),
    recordCount: z.number().int(),
    /** zero-based page index = start / length */
    page: z.number().int(),
    size: z.number().int(),
  });
}
export type DataTablesResult<T> = { rows: T[]; recordCount: number; page: number; size: number };

/** Key/value/description triple every lookup-style field carries (§3.1). */
export const LookupItemSchema = z.object({
  key: z.number().int(),
  value: z.string(),
  description: z.string().nullable(),
  /**
   * The English name (issue #31): an extra field beside the spec's; the operator's API may not send it, so the
   * client falls back to `value` (src/lib/lookups.ts lookupLabel).
   */
  valueEn: z.string().nullable().optional(),
});
export type LookupItem = z.infer<typeof LookupItemSchema>;

export const IdParamSchema = z.object({ id: z.coerce.number().int().positive() });
