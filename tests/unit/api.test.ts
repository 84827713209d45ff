import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  __setFetchForTests,
  ApiError,
  apiGet,
  apiPost,
  dataTables,
  dataTablesUrl,
  errorText,
  fromThrown,
  onApiEvent,
  TIMEOUT_MESSAGE,
  toApiError,
} from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { __setSessionForTests } from '@/lib/session';
import { cachePut, resetDbForTests } from '@/offline/db';
import type { WebUser } from '@contract';

const json = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json', ...headers } });

const user = { userId: 'tmca' } as WebUser;
/**
 * The pending requests of the never-answering fakes. A real fetch holds its Request until it settles; without this
 * nothing would, and undici's Request follows its init signal only weakly, so a garbage collection between the
 * call and the timeout left the fake deaf to the abort and the test hanging (a CI flake).
 */
const inFlight = new Set<Request>();
afterEach(() => inFlight.clear());

describe('error mapping (§8)', () => {
  it('reads errorCode, field, issues and retryAfterSeconds from the envelope', () => {
    const e = toApiError(401, {
      statusCode: 401,
      statusMsg: 'Nama pengguna atau kata laluan tidak sah.',
      body: { errorCode: 'INVALID_CREDENTIALS' },
    });
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(401);
    expect(e.errorCode).toBe('INVALID_CREDENTIALS');
    expect(e.statusMsg).toBe('Nama pengguna atau kata laluan tidak sah.');
    expect(e.codeAndMessage).toBe('INVALID_CREDENTIALS: Nama pengguna atau kata laluan tidak sah.');
    expect(e.kind).toBe('http');

    const v = toApiError(400, {
      statusCode: 400,
      statusMsg: 'Data tidak sah.',
      body: { errorCode: 'VALIDATION', field: 'username', issues: [{ field: 'username', message: 'Nama pengguna diperlukan' }] },
    });
    expect(v.field).toBe('username');
    expect(v.issues).toHaveLength(1);

    const r = toApiError(429, {
      statusCode: 429,
      statusMsg: 'Terlalu banyak cubaan.',
      body: { errorCode: 'TOO_MANY_REQUESTS', retryAfterSeconds: 42 },
    });
    expect(r.retryAfterSeconds).toBe(42);
  });

  it('falls back to the Retry-After header and to HTTP_<status> when the body says nothing', () => {
    const e = toApiError(429, null, 'Too Many Requests', '30');
    expect(e.errorCode).toBe('HTTP_429');
    expect(e.statusMsg).toBe('Too Many Requests');
    expect(e.retryAfterSeconds).toBe(30);
    expect(toApiError(500, { statusCode: 500, error: 'Internal', message: 'boom' }).statusMsg).toBe('boom');
  });

  it('a timeout becomes the §8 text, verbatim', () => {
    // what the client throws when its timer ran out, or a platform timeout (AbortSignal.timeout's DOMException)
    expect(fromThrown(new DOMException('signal timed out', 'TimeoutError')).kind).toBe('timeout');
    const e = fromThrown(Object.assign(new Error('Request timed out'), { name: 'TimeoutError' }));
    expect(e.kind).toBe('timeout');
    expect(e.errorCode).toBe('TIMEOUT');
    expect(e.statusMsg).toBe('Sistem (operation) timed out, sila periksa kelajuan internet anda atau periksa server load performance.');
    expect(TIMEOUT_MESSAGE).toBe(e.statusMsg);
  });

  it('a failed fetch is a network error, kept apart from server answers', () => {
    const e = fromThrown(new TypeError('Failed to fetch'));
    expect(e.kind).toBe('network');
    expect(e.isOffline).toBe(true);
    expect(errorText(e)).toBe(e.statusMsg);
    expect(errorText(toApiError(403, { statusCode: 403, statusMsg: 'Tiada kebenaran.', body: { errorCode: 'FORBIDDEN' } }))).toBe(
      'FORBIDDEN: Tiada kebenaran.',
    );
  });
});

describe('requests', () => {
  let calls: Request[];
  beforeEach(() => {
    calls = [];
    __setSessionForTests({ token: 'session-token-123', expiresAt: '2099-01-01T00:00:00Z', user });
  });
  afterEach(() => __setSessionForTests(null));

  it('unwraps the envelope and sends the session bearer', async () => {
    __setFetchForTests(async (input) => {
      calls.push(input as Request);
      return json(200, { statusCode: 200, statusMsg: 'OK', body: { valid: true } });
    });
    await expect(apiGet('/rest/auth/checkToken')).resolves.toEqual({ valid: true });
    expect(calls[0].headers.get('authorization')).toBe('Bearer session-token-123');
  });

  it('uses an explicit token, or none', async () => {
    const bodies: string[] = [];
    __setFetchForTests(async (input) => {
      calls.push(input as Request);
      bodies.push(await (input as Request).clone().text());
      return json(200, { statusCode: 200, statusMsg: 'OK', body: null });
    });
    await apiPost('/rest/x', {}, { token: 'restricted-abc' });
    await apiPost('/rest/auth/jwt/login', { username: 'a', password: 'b' }, { token: false });
    expect(calls[0].headers.get('authorization')).toBe('Bearer restricted-abc');
    expect(calls[1].headers.get('authorization')).toBeNull();
    expect(JSON.parse(bodies[1])).toEqual({ username: 'a', password: 'b' });
  });

  it('rejects with ApiError on error answers; a 401 on the session token raises the unauthorized event', async () => {
    const events: string[] = [];
    const off = onApiEvent((e) => events.push(e.type));
    __setFetchForTests(async () => json(401, { statusCode: 401, statusMsg: 'Token tamat tempoh.', body: { errorCode: 'TOKEN_EXPIRED' } }));
    await expect(apiGet('/rest/anything')).rejects.toMatchObject({ status: 401, errorCode: 'TOKEN_EXPIRED' });
    await expect(apiGet('/rest/anything', { quiet: true })).rejects.toBeInstanceOf(ApiError);
    await expect(apiPost('/rest/auth/jwt/login', {}, { token: false })).rejects.toBeInstanceOf(ApiError);
    off();
    expect(events).toEqual(['unauthorized']);
  });

  it('an envelope that reports an error inside a 200 is still an error', async () => {
    __setFetchForTests(async () => json(200, { statusCode: 409, statusMsg: 'Konflik.', body: { errorCode: 'CONFLICT' } }));
    await expect(apiGet('/rest/x')).rejects.toMatchObject({ status: 409, errorCode: 'CONFLICT' });
  });

  it('times out with the §8 message and raises the timeout event (not for quiet calls)', async () => {
    const events: string[] = [];
    const off = onApiEvent((e) => events.push(e.type));
    __setFetchForTests(
      (input) =>
        new Promise<Response>((_, reject) => {
          inFlight.add(input as Request);
          (input as Request).signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(apiGet('/rest/slow', { timeoutMs: 30 })).rejects.toMatchObject({ kind: 'timeout', statusMsg: TIMEOUT_MESSAGE });
    await expect(apiGet('/rest/slow', { timeoutMs: 30, quiet: true })).rejects.toMatchObject({ kind: 'timeout' });
    off();
    expect(events).toEqual(['timeout']);
  });

  it("the caller's signal aborts the call (kind network, ABORTED), without the timeout event", async () => {
    const events: string[] = [];
    const off = onApiEvent((e) => events.push(e.type));
    __setFetchForTests(
      (input) =>
        new Promise<Response>((_, reject) => {
          inFlight.add(input as Request);
          const signal = (input as Request).signal;
          // as fetch does: a signal that is already aborted (the call was aborted before it was sent) rejects at once
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const ctl = new AbortController();
    const call = apiGet('/rest/slow', { signal: ctl.signal });
    ctl.abort();
    await expect(call).rejects.toMatchObject({ kind: 'network', errorCode: 'ABORTED' });
    off();
    expect(events).toEqual([]);
  });

  it('a POST sends JSON with its content type, the bearer token and the search params in place of the query', async () => {
    const seen: Request[] = [];
    let sent = '';
    __setFetchForTests(async (input) => {
      seen.push(input as Request);
      sent = await (input as Request).clone().text(); // read while the request is in flight, as fetch does
      return json(200, { statusCode: 200, statusMsg: 'OK', body: { ok: true } });
    });
    await expect(apiPost('/rest/a?old=1', { x: 1 }, { token: 'tk', searchParams: { q: 'a b', empty: '', none: undefined, n: 2 } })).resolves.toEqual({
      ok: true,
    });
    const req = seen[0];
    expect(req.url).toBe('http://app.test/rest/a?q=a+b&n=2');
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(req.headers.get('authorization')).toBe('Bearer tk');
    expect(req.headers.get('accept')).toBe('application/json');
    expect(req.cache).toBe('no-store');
    expect(sent).toBe('{"x":1}');
  });

  it('a network failure rejects with kind network', async () => {
    __setFetchForTests(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiGet('/rest/x')).rejects.toMatchObject({ kind: 'network', errorCode: 'NETWORK' });
  });

  it('plain JSON answers (e.g. /healthz) pass through', async () => {
    __setFetchForTests(async () => json(200, { status: 'ok', db: 'ok', version: '1', uptimeSeconds: 5 }));
    await expect(apiGet('/healthz', { token: false })).resolves.toEqual({ status: 'ok', db: 'ok', version: '1', uptimeSeconds: 5 });
  });
});

describe('ky: retry and hooks', () => {
  beforeEach(() => __setSessionForTests({ token: 'session-token-123', expiresAt: '2099-01-01T00:00:00Z', user }));
  afterEach(() => __setSessionForTests(null));

  it('a read answered 503 with Retry-After is sent again after the time asked, and its answer returned', async () => {
    const at: number[] = [];
    const ids: (string | null)[] = [];
    __setFetchForTests(async (input) => {
      at.push(Date.now());
      ids.push((input as Request).headers.get('x-request-id'));
      return at.length === 1
        ? json(503, { statusCode: 503, statusMsg: 'Sibuk.', body: { errorCode: 'BUSY' } }, { 'retry-after': '0.2' })
        : json(200, { statusCode: 200, statusMsg: 'OK', body: { n: 1 } });
    });
    await expect(apiGet('/rest/x')).resolves.toEqual({ n: 1 });
    expect(at).toHaveLength(2);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(190);
    // one id for the call and its retry
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBe(ids[0]);
  });

  it('gives up after two retries with the last answer as ApiError (its envelope message), and never retries a POST', async () => {
    let calls = 0;
    __setFetchForTests(async () => {
      calls++;
      return json(503, { statusCode: 503, statusMsg: 'Pelayan sibuk.', body: { errorCode: 'BUSY' } }, { 'retry-after': '0' });
    });
    await expect(apiGet('/rest/x')).rejects.toMatchObject({ status: 503, errorCode: 'BUSY', statusMsg: 'Pelayan sibuk.', retryAfterSeconds: 0 });
    expect(calls).toBe(3);
    calls = 0;
    await expect(apiPost('/rest/x', {})).rejects.toMatchObject({ status: 503, errorCode: 'BUSY' });
    expect(calls).toBe(1);
  });

  it('does not retry a refused request (4xx) nor a timeout', async () => {
    let calls = 0;
    __setFetchForTests(async () => {
      calls++;
      return json(404, { statusCode: 404, statusMsg: 'Tiada.', body: { errorCode: 'NOT_FOUND' } });
    });
    await expect(apiGet('/rest/x')).rejects.toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
    expect(calls).toBe(1);
    calls = 0;
    __setFetchForTests(
      (input) =>
        new Promise<Response>((_, reject) => {
          calls++;
          inFlight.add(input as Request);
          (input as Request).signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(apiGet('/rest/slow', { timeoutMs: 30, quiet: true })).rejects.toMatchObject({ kind: 'timeout', errorCode: 'TIMEOUT' });
    expect(calls).toBe(1);
  });

  it('sends the session token as it is when each attempt leaves (a token renewed between retries is the one sent)', async () => {
    const auth: (string | null)[] = [];
    let calls = 0;
    __setFetchForTests(async (input) => {
      auth.push((input as Request).headers.get('authorization'));
      if (++calls === 1) {
        __setSessionForTests({ token: 'renewed-token-456', expiresAt: '2099-01-01T00:00:00Z', user });
        return json(502, { statusCode: 502, statusMsg: 'Bad gateway', body: {} });
      }
      return json(200, { statusCode: 200, statusMsg: 'OK', body: null });
    });
    await apiGet('/rest/x');
    expect(auth).toEqual(['Bearer session-token-123', 'Bearer renewed-token-456']);
    auth.length = 0;
    await apiGet('/rest/x', { token: false });
    await apiGet('/rest/x', { token: 'restricted-abc' });
    expect(auth).toEqual([null, 'Bearer restricted-abc']);
  });
});

describe('ky and the offline copy (networkFirst, src/lib/cached.ts)', () => {
  // what the field report's KM reads offline (field-report-api.ts useSectionMarkers): a GET through ky, the device's
  // copy when the network is gone. ky throws its own errors and retries failed reads: the copy must still come, and at
  // once when the device knows it is offline.
  const markers = [{ sectionId: 9, markers: [[4052, 2.9, 101.7]] }];
  const key = 'kmMarkers:9';
  beforeEach(async () => {
    __setSessionForTests({ token: 'session-token-123', expiresAt: '2099-01-01T00:00:00Z', user });
    await cachePut(user.userId, key, markers);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    __setSessionForTests(null);
    await resetDbForTests();
  });

  it('offline (navigator.onLine false): one failed fetch, no retry, the copy at once', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    let calls = 0;
    __setFetchForTests(async () => {
      calls++;
      throw new TypeError('Failed to fetch');
    });
    const r = await networkFirst(user.userId, key, () => apiGet('/rest/markers/9', { quiet: true }));
    expect(r.data).toEqual(markers);
    expect(r.cachedAt).not.toBeNull();
    // no retry (ky's first would wait 0.3 s): the copy comes after the one failed fetch
    expect(calls).toBe(1);
  });

  it('a failed fetch while the device says it is online: two retries (0.3 s, 0.6 s), then the copy', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    let calls = 0;
    __setFetchForTests(async () => {
      calls++;
      throw new TypeError('Failed to fetch');
    });
    const r = await networkFirst(user.userId, key, () => apiGet('/rest/markers/9', { quiet: true }));
    expect(r.data).toEqual(markers);
    expect(calls).toBe(3);
  });

  it('the line back between retries: the fresh answer, kept as the new copy', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const fresh = [{ sectionId: 9, markers: [[4053, 2.9, 101.7]] }];
    let calls = 0;
    __setFetchForTests(async () => {
      if (++calls === 1) throw new TypeError('Failed to fetch');
      return json(200, { statusCode: 200, statusMsg: 'OK', body: fresh });
    });
    const r = await networkFirst(user.userId, key, () => apiGet('/rest/markers/9', { quiet: true }));
    expect(r).toEqual({ data: fresh, cachedAt: null });
    vi.stubGlobal('navigator', { onLine: false });
    __setFetchForTests(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await networkFirst(user.userId, key, () => apiGet('/rest/markers/9', { quiet: true }))).data).toEqual(fresh);
  });

  it("a timeout (ky's TimeoutError) gives the copy too, without a retry", async () => {
    let calls = 0;
    __setFetchForTests(
      (input) =>
        new Promise<Response>((_, reject) => {
          calls++;
          inFlight.add(input as Request);
          (input as Request).signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const r = await networkFirst(user.userId, key, () => apiGet('/rest/markers/9', { quiet: true, timeoutMs: 30 }));
    expect(r.data).toEqual(markers);
    expect(calls).toBe(1);
  });

  it("a server answer (ky's HTTPError) is not a reason for the copy: the ApiError reaches the screen", async () => {
    vi.stubGlobal('navigator', { onLine: true });
    __setFetchForTests(async () => json(403, { statusCode: 403, statusMsg: 'Tiada kebenaran.', body: { errorCode: 'FORBIDDEN' } }));
    await expect(networkFirst(user.userId, key, () => apiGet('/rest/markers/9', { quiet: true }))).rejects.toMatchObject({
      kind: 'http',
      status: 403,
      errorCode: 'FORBIDDEN',
    });
  });
});

describe('dataTables helper (§7 intro)', () => {
  it('builds the query string', () => {
    expect(dataTablesUrl('/rest/roster/manage/section/dataTables', { orderColumn: 'sectionName', direction: 'desc', length: 50, start: 100 })).toBe(
      '/rest/roster/manage/section/dataTables?orderColumn=sectionName&direction=desc&length=50&start=100',
    );
    expect(dataTablesUrl('/p')).toBe('/p?length=10&start=0');
  });

  it('posts the filter in the body and paging in the query', async () => {
    const seen: Request[] = [];
    let body = '';
    __setFetchForTests(async (input) => {
      seen.push(input as Request);
      body = await (input as Request).clone().text();
      return json(200, { statusCode: 200, statusMsg: 'OK', body: { rows: [{ id: 1 }], recordCount: 1, page: 0, size: 25 } });
    });
    const res = await dataTables('/rest/roster/manage/dutyroster/dataTables', { date: '2026-03-01' }, { length: 25, start: 50 }, { token: false });
    expect(res.rows).toEqual([{ id: 1 }]);
    const url = new URL(seen[0].url);
    expect(url.pathname).toBe('/rest/roster/manage/dutyroster/dataTables');
    expect(url.searchParams.get('length')).toBe('25');
    expect(url.searchParams.get('start')).toBe('50');
    expect(seen[0].method).toBe('POST');
    expect(JSON.parse(body)).toEqual({ date: '2026-03-01' });
  });
});

vi.setConfig({ testTimeout: 10_000 });
