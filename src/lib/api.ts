/**
 * The one HTTP client of the app: ky, with its timeout, retry and hooks. Every answer is `{ statusCode, statusMsg,
 * body }`; calls resolve with `body`, failures reject with ApiError. Bearer token: the session's, unless a call passes
 * its own (the restricted reset token) or `token: false`.
 */
import ky, { HTTPError, isHTTPError, isTimeoutError, type KyInstance, type Options } from 'ky';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import { getToken } from './session';
import { ms } from './i18n/ms';
import { serverText, t } from './i18n';

/** §8, verbatim ("operation" stays as it is). Shown persistently. */
export const TIMEOUT_MESSAGE = ms['error.timeout'];
export const TIMEOUT_CODE = 'TIMEOUT';
export const NETWORK_CODE = 'NETWORK';
/** "Other requests use a configured timeout whose value is not shown" (§9). */
export const DEFAULT_TIMEOUT_MS = 30_000;

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'invalid';

export interface ApiErrorInit {
  field?: string;
  issues?: { field: string; message: string }[];
  retryAfterSeconds?: number;
  kind?: ApiErrorKind;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly statusMsg: string;
  readonly field?: string;
  readonly issues?: { field: string; message: string }[];
  readonly retryAfterSeconds?: number;
  readonly kind: ApiErrorKind;

  constructor(status: number, errorCode: string, statusMsg: string, init: ApiErrorInit = {}) {
    super(statusMsg || errorCode);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.statusMsg = statusMsg;
    this.field = init.field;
    this.issues = init.issues;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.kind = init.kind ?? 'http';
  }

  /** statusMsg as shown, in the current language (the server writes Malay; `statusMsg` keeps what it sent). */
  get shownMsg() {
    return this.kind === 'http' ? serverText(this.statusMsg) : this.statusMsg;
  }

  /** 'CODE: message' as the sign-in screen shows it (§8), in the current language. */
  get codeAndMessage() {
    return this.statusMsg ? `${this.errorCode}: ${this.shownMsg}` : this.errorCode;
  }

  get isOffline() {
    return this.kind === 'network';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An answer of the API: the envelope shape. */
export function isEnvelope(v: unknown): v is { statusCode: number; statusMsg: string; body: unknown } {
  return isRecord(v) && typeof v.statusCode === 'number' && 'body' in v;
}

/**
 * Maps an HTTP failure (status + parsed payload) to ApiError. Used for non-2xx answers and for 2xx envelopes
 * whose statusCode says otherwise.
 */
export function toApiError(status: number, payload: unknown, statusText = '', retryAfterHeader?: string | null): ApiError {
  let errorCode = `HTTP_${status}`;
  let statusMsg = statusText;
  let init: ApiErrorInit = { kind: 'http' };
  if (isEnvelope(payload)) {
    if (payload.statusMsg) statusMsg = payload.statusMsg;
    const b = payload.body;
    if (isRecord(b)) {
      if (typeof b.errorCode === 'string' && b.errorCode) errorCode = b.errorCode;
      if (typeof b.field === 'string') init.field = b.field;
      if (Array.isArray(b.issues)) init.issues = b.issues as ApiErrorInit['issues'];
      if (typeof b.retryAfterSeconds === 'number') init.retryAfterSeconds = b.retryAfterSeconds;
    }
  } else if (isRecord(payload)) {
    // Framework-level errors that did not go through the envelope ({ statusCode, error, message }).
    if (typeof payload.errorCode === 'string') errorCode = payload.errorCode;
    if (typeof payload.message === 'string') statusMsg = payload.message;
  }
  if (init.retryAfterSeconds === undefined && retryAfterHeader) {
    const s = Number(retryAfterHeader);
    if (Number.isFinite(s) && s >= 0) init = { ...init, retryAfterSeconds: s };
  }
  const code = isEnvelope(payload) && payload.statusCode >= 400 ? payload.statusCode : status;
  return new ApiError(code, errorCode, statusMsg, init);
}

/** Maps what ky or fetch threw (timeout, no network, the caller's abort) to ApiError. ApiErrors pass through. */
export function fromThrown(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isRecord(err) && (err as { name?: string }).name === 'TimeoutError') {
    return new ApiError(0, TIMEOUT_CODE, TIMEOUT_MESSAGE, { kind: 'timeout' });
  }
  if (isRecord(err) && (err as { name?: string }).name === 'AbortError') {
    return new ApiError(0, 'ABORTED', 'Aborted', { kind: 'network' });
  }
  return new ApiError(0, NETWORK_CODE, t('error.network'), { kind: 'network' });
}

// ---------- events the shell reacts to ----------

export type ApiEvent = { type: 'timeout'; error: ApiError; path: string } | { type: 'unauthorized'; error: ApiError; path: string };
const eventListeners = new Set<(e: ApiEvent) => void>();
export function onApiEvent(fn: (e: ApiEvent) => void) {
  eventListeners.add(fn);
  return () => {
    eventListeners.delete(fn);
  };
}
const emitApiEvent = (e: ApiEvent) =>
  eventListeners.forEach((fn) => {
    fn(e);
  });

// ---------- requests ----------

export interface CallOptions {
  /** undefined: the session token; a string: that token; false: no token */
  token?: string | false;
  timeoutMs?: number;
  /** background calls (polling, token check): no timeout toast, no global sign-out on 401 */
  quiet?: boolean;
  signal?: AbortSignal;
  searchParams?: Record<string, string | number | boolean | undefined>;
}

/** What a call tells the hooks (ky's `context`). */
interface CallContext {
  /** the caller's token (a string, or false for none); undefined: the session's, read as each attempt leaves */
  token: string | false | undefined;
  /** the session token the last attempt carried (a 401 on it ends the session) */
  sentSessionToken?: string;
  quiet: boolean;
  path: string;
  /** one id for the call and its retries (X-Request-Id), so the server's log can tie them together */
  requestId: string;
}

/** The envelope of an error answer, read once by the beforeError hook. */
type EnvelopeHttpError = HTTPError & { payload?: unknown };

/**
 * Retries: reads only (GET: a POST may have changed something before its answer was lost; the outbox replays
 * writes with its own idempotency keys), on the answers that say "try again shortly". A 503 or 429 with Retry-After
 * waits what the server asks, up to 10 s; the others back off 0.3 s, 0.6 s. A timeout is not retried (§8 shows it at
 * once), nor is a failed fetch while the device knows it is offline (the caller's offline handling takes over).
 */
export const RETRY = {
  limit: 2,
  methods: ['get'],
  statusCodes: [408, 429, 502, 503, 504],
  afterStatusCodes: [429, 503],
  maxRetryAfter: 10_000,
  backoffLimit: 3_000,
} as const;

let requestSeq = 0;
const newRequestId = () => `${Date.now().toString(36)}-${(++requestSeq).toString(36)}`;

function createClient(fetchImpl?: typeof fetch): KyInstance {
  return ky.create({
    timeout: DEFAULT_TIMEOUT_MS,
    cache: 'no-store',
    headers: { accept: 'application/json' },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    retry: {
      ...RETRY,
      methods: [...RETRY.methods],
      statusCodes: [...RETRY.statusCodes],
      afterStatusCodes: [...RETRY.afterStatusCodes],
      shouldRetry: ({ error }) => {
        if (isHTTPError(error) || isTimeoutError(error)) return undefined; // ky's rules (status codes, Retry-After)
        if ((error as { name?: string }).name === 'AbortError') return false; // the caller gave up
        // a failed fetch: worth another try on a flaky link, not when the device says it has none
        return globalThis.navigator?.onLine === false ? false : undefined;
      },
    },
    hooks: {
      beforeRequest: [
        (request, options) => {
          const ctx = options.context as unknown as CallContext;
          // the session's token as it is now: a retry after the session was renewed carries the new one
          const token = ctx.token === undefined ? getToken() : ctx.token || null;
          if (ctx.token === undefined) ctx.sentSessionToken = token ?? undefined;
          if (token) request.headers.set('authorization', `Bearer ${token}`);
          request.headers.set('x-request-id', ctx.requestId);
        },
      ],
      afterResponse: [
        (_request, options, response) => {
          const ctx = options.context as unknown as CallContext;
          // A refused session token means the session is over (the shell signs out, src/app/session-events.ts);
          // explicit tokens (sign-in, reset) are the caller's business, and background calls stay quiet.
          if (response.status === 401 && ctx.sentSessionToken && !ctx.quiet) {
            emitApiEvent({ type: 'unauthorized', error: toApiError(401, null, response.statusText), path: ctx.path });
          }
        },
      ],
      beforeError: [
        async (error: EnvelopeHttpError) => {
          // the envelope's message instead of ky's 'Request failed with status code …'; ApiError takes the rest
          const text = await error.response
            .clone()
            .text()
            .catch(() => '');
          try {
            error.payload = text ? JSON.parse(text) : null;
          } catch {
            error.payload = null;
          }
          if (isEnvelope(error.payload) && error.payload.statusMsg) error.message = error.payload.statusMsg;
          return error;
        },
      ],
    },
  });
}

let client = createClient();
/** '' in the app (same origin, relative paths); tests outside a browser need an origin to build Requests. */
let baseOrigin = '';

/** Tests swap fetch (and give relative paths an origin, as there is no page). */
export function __setFetchForTests(impl: typeof fetch, origin = 'http://app.test') {
  client = createClient(impl);
  baseOrigin = origin;
}

function cleanParams(p: CallOptions['searchParams']) {
  if (!p) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') out[k] = String(v);
  return out;
}

/**
 * One call through the client: the Response of a 2xx answer; other answers, timeouts and failures reject with
 * ApiError (the timeout event raised for calls that are not quiet).
 */
async function send(method: 'GET' | 'POST', path: string, json: unknown, opts: CallOptions, accept?: string): Promise<Response> {
  const context: CallContext = { token: opts.token, quiet: !!opts.quiet, path, requestId: newRequestId() };
  const options: Options = {
    method,
    json: method === 'POST' ? (json ?? {}) : undefined,
    searchParams: cleanParams(opts.searchParams),
    timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal: opts.signal,
    context: context as unknown as Record<string, unknown>,
    ...(accept ? { headers: { accept } } : {}),
  };
  try {
    return await client(baseOrigin ? new URL(path, baseOrigin).toString() : path, options);
  } catch (err) {
    if (err instanceof HTTPError) {
      const r = err.response;
      throw toApiError(r.status, (err as EnvelopeHttpError).payload ?? null, r.statusText, r.headers.get('retry-after'));
    }
    const e = fromThrown(err);
    if (e.kind === 'timeout' && !opts.quiet) emitApiEvent({ type: 'timeout', error: e, path });
    throw e;
  }
}

export async function apiRequest<T>(method: 'GET' | 'POST', path: string, json?: unknown, opts: CallOptions = {}): Promise<T> {
  const res = await send(method, path, json, opts);
  const status = res.status;
  const text = await res.text().catch(() => '');
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  // a 2xx whose envelope reports an error is still an error
  if (isEnvelope(payload) && payload.statusCode >= 400) throw toApiError(status, payload);
  if (payload === null && text) throw new ApiError(status, 'INVALID_RESPONSE', t('app.unexpected'), { kind: 'invalid' });
  return (isEnvelope(payload) ? payload.body : payload) as T;
}

export const apiGet = <T>(path: string, opts?: CallOptions) => apiRequest<T>('GET', path, undefined, opts);
export const apiPost = <T>(path: string, json?: unknown, opts?: CallOptions) => apiRequest<T>('POST', path, json, opts);

/**
 * A call answered with a file instead of JSON (a photo, a document, a CSV export): the Response, for its bytes and
 * headers, through the same client (token, timeout, retries of reads, errors as ApiError). `accept`: what it may be.
 */
export const apiFile = (method: 'GET' | 'POST', path: string, json: unknown, accept: string, opts: CallOptions = {}) =>
  send(method, path, json, opts, accept);

/** The bytes of an image answer, with its type (the server's Content-Type when the body carries none). */
export async function imageBlob(res: Response, fallbackType = 'image/jpeg'): Promise<Blob> {
  const blob = await res.blob();
  return blob.type ? blob : new Blob([blob], { type: res.headers.get('content-type') ?? fallbackType });
}

/** dataTables query string (§7 intro): orderColumn, direction, length, start. */
export function dataTablesParams(q: Partial<DataTablesQuery> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.orderColumn) out.orderColumn = q.orderColumn;
  if (q.direction) out.direction = q.direction;
  out.length = String(q.length ?? 10);
  out.start = String(q.start ?? 0);
  return out;
}

/** `${path}?orderColumn=…&direction=…&length=…&start=…` */
export function dataTablesUrl(path: string, q: Partial<DataTablesQuery> = {}) {
  return `${path}?${new URLSearchParams(dataTablesParams(q)).toString()}`;
}

/** POST a dataTables list: filter in the body, paging in the query string. */
export function dataTables<T>(path: string, filter: object = {}, q: Partial<DataTablesQuery> = {}, opts: CallOptions = {}) {
  return apiPost<DataTablesResult<T>>(path, filter, { ...opts, searchParams: { ...opts.searchParams, ...dataTablesParams(q) } });
}

/**
 * A readable line for any failure, in the current language: 'CODE: message' for server errors, the message itself
 * otherwise (a text a screen kept as the failure is its own line). A screen that keeps a failure to show keeps the
 * error and calls this when it renders, so a language switch changes the line too.
 */
export function errorText(err: unknown): string {
  if (typeof err === 'string') return err;
  if (err instanceof ApiError) return err.kind === 'http' ? err.codeAndMessage : err.statusMsg;
  if (err instanceof Error) return err.message;
  return t('app.unexpected');
}
