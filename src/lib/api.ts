/**
 * The one HTTP client of the app (fetch with a timeout; no client library on the first page). Every answer is `{ statusCode, statusMsg, body }`; calls resolve with
 * `body`, failures reject with ApiError. Bearer token: the session's, unless a call passes its own (the restricted
 * reset token) or `token: false`.
 */
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import { getToken } from './session';
import { ms } from './i18n/ms';
import { t } from './i18n';

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

  /** 'CODE: message' as the sign-in screen shows it (§8). */
  get codeAndMessage() {
    return this.statusMsg ? `${this.errorCode}: ${this.statusMsg}` : this.errorCode;
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

/** Maps what fetch threw (timeout, no network) to ApiError. ApiErrors pass through. */
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

let fetchImpl: typeof fetch = (input, init) => fetch(input, init);
/** '' in the app (same origin, relative paths); tests outside a browser need an origin to build Requests. */
let baseOrigin = '';

/** Tests swap fetch (and give relative paths an origin, as there is no page). */
export function __setFetchForTests(impl: typeof fetch, origin = 'http://app.test') {
  fetchImpl = impl;
  baseOrigin = origin;
}

function cleanParams(p: CallOptions['searchParams']) {
  if (!p) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') out[k] = String(v);
  return out;
}

/** Thrown when a request has had no answer within its time (the name fromThrown maps to the timeout error). */
class RequestTimeout extends Error {
  override name = 'TimeoutError';
}

/**
 * fetch, aborted after `timeoutMs` without response headers (a RequestTimeout then) or when `signal` aborts. The
 * search params, when given, replace the URL's query.
 */
async function send(
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    json?: unknown;
    searchParams?: Record<string, string>;
    timeoutMs: number;
    signal?: AbortSignal;
  },
): Promise<Response> {
  if (init.searchParams) url = url.replace(/(?:\?.*?)?(?=#|$)/, `?${new URLSearchParams(init.searchParams).toString()}`);
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const abort = new AbortController();
  const onAbort = () => abort.abort(init.signal?.reason);
  if (init.signal?.aborted) onAbort();
  else init.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, init.timeoutMs);
  try {
    const request = new Request(url, {
      method: init.method,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      signal: abort.signal,
      cache: 'no-store',
    });
    return await fetchImpl(request);
  } catch (err) {
    if (timedOut) throw new RequestTimeout(`Request timed out: ${init.method} ${url}`);
    throw err;
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', onAbort);
  }
}

export async function apiRequest<T>(method: 'GET' | 'POST', path: string, json?: unknown, opts: CallOptions = {}): Promise<T> {
  const token = opts.token === undefined ? getToken() : opts.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;

  let res: Response;
  try {
    res = await send(baseOrigin ? new URL(path, baseOrigin).toString() : path, {
      method,
      headers,
      json: method === 'POST' ? (json ?? {}) : undefined,
      searchParams: cleanParams(opts.searchParams),
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      signal: opts.signal,
    });
  } catch (err) {
    const e = fromThrown(err);
    if (e.kind === 'timeout' && !opts.quiet) emitApiEvent({ type: 'timeout', error: e, path });
    throw e;
  }

  const text = await res.text().catch(() => '');
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }

  if (!res.ok || (isEnvelope(payload) && payload.statusCode >= 400)) {
    const e = toApiError(res.status, payload, res.statusText, res.headers.get('retry-after'));
    // A refused session token means the session is over; explicit tokens (sign-in, reset) are the caller's business.
    if (e.status === 401 && opts.token === undefined && token && !opts.quiet) emitApiEvent({ type: 'unauthorized', error: e, path });
    throw e;
  }
  if (payload === null && text) throw new ApiError(res.status, 'INVALID_RESPONSE', t('app.unexpected'), { kind: 'invalid' });
  return (isEnvelope(payload) ? payload.body : payload) as T;
}

export const apiGet = <T>(path: string, opts?: CallOptions) => apiRequest<T>('GET', path, undefined, opts);
export const apiPost = <T>(path: string, json?: unknown, opts?: CallOptions) => apiRequest<T>('POST', path, json, opts);

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

/** A readable line for any failure: 'CODE: message' for server errors, the message itself otherwise. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.kind === 'http' ? err.codeAndMessage : err.statusMsg;
  if (err instanceof Error) return err.message;
  return t('app.unexpected');
}
