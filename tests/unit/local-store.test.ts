import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebUser } from '@contract';
import { LOOKUP_NAMES } from '@contract/lookups';
import { getDb, resetDbForTests } from '@/offline/db';
import {
  bruneiToday,
  eventLocationSpecs,
  fetchInto,
  plan,
  refreshLocalStore,
  startLocalStore,
  type LocalStoreEnv,
  type StoredRow,
} from '@/offline/local-store';
import { localStoreRunner } from '@/offline/local-store-thread';
import { isQuotaError, StorageFullError } from '@/offline/outbox';
import { networkFirst } from '@/lib/cached';
import { __setFetchForTests, apiPost } from '@/lib/api';
import { __setSessionForTests } from '@/lib/session';

const user = {
  userId: 'pr1',
  section: { pkSectionId: 3, sectionName: 'N1', region: { key: 7, value: 'Utara', code: 'N' } },
  roles: [{ pkRoleId: 106, roleName: 'PR' }],
} as unknown as WebUser;

afterEach(async () => {
  __setSessionForTests(null);
  await resetDbForTests();
});

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A fake API: each path answers an envelope with a fixed body and the ETag of that body; If-None-Match → 304. */
function fakeApi(bodies: (url: string) => unknown, opts: { etags?: boolean; offline?: boolean } = {}) {
  const calls: Call[] = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ url, method: init?.method ?? 'GET', headers, body: init?.body as string | undefined });
    if (opts.offline) throw new TypeError('Failed to fetch');
    const body = bodies(url);
    const text = JSON.stringify({ statusCode: 200, statusMsg: 'OK', body });
    const etag = `W/"${text.length}-${Buffer.from(text).toString('base64').slice(-12)}"`;
    if (opts.etags !== false && headers['If-None-Match'] === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
    return new Response(text, { status: 200, headers: { 'Content-Type': 'application/json', ...(opts.etags !== false ? { ETag: etag } : {}) } });
  }) as typeof fetch;
  return { fn, calls };
}

const sectionsBody = {
  rows: [
    { pkSectionId: 11, sectionName: 'N1' },
    { pkSectionId: 12, sectionName: 'N2' },
    { pkSectionId: 13, sectionName: 'G1' },
  ],
  total: 3,
};
const bodyFor = (url: string): unknown => {
  if (url.includes('/section/dataTables')) return sectionsBody;
  if (url.includes('/eventlocationid/getBySectionId/')) return [{ key: Number(url.split('/').pop()), value: 'R&R' }];
  if (url.includes('/gpskmmarkersectionid/getBySectionId/'))
    return [{ sectionId: Number(url.split('/').pop()), sectionName: 'N', markers: [[1.1, 2.5, 101.5]] }];
  if (url.includes('/dutyroster/dataTables')) return { rows: [{ pkDutyRosterId: 1 }], total: 1 };
  return [{ key: 1, value: url.split('/').pop() }];
};

const envOf = (fetchFn: typeof fetch): LocalStoreEnv => ({ db: getDb(), fetch: fetchFn, token: () => 'tok-123456', origin: 'http://app.test' });

describe('local store: what is fetched (issue #4 item 1)', () => {
  it('every §7.2 lookup, the region’s sections, today’s rosters, under the keys the screens read', () => {
    const specs = plan(user, '2026-03-01');
    const keys = specs.map((s) => s.key);
    for (const name of LOOKUP_NAMES) expect(keys).toContain(`lookup:${name}`);
    expect(keys).toContain('sections:7');
    expect(keys).not.toContain('sections:all');
    expect(keys).toContain('rosters:2026-03-01');
    expect(keys).toContain('rosterList:2026-03-01:all:0:10');
    const sections = specs.find((s) => s.key === 'sections:7')!;
    expect(sections.body).toEqual({ regionId: 7, listed: true });
    expect(sections.query).toEqual({ length: '50', start: '0' });
    // roles that see every region also get the all-regions list
    const admin = { ...user, roles: [{ pkRoleId: 2, roleName: 'SUPERADMIN' }] } as WebUser;
    expect(plan(admin, '2026-03-01').map((s) => s.key)).toContain('sections:all');
    // at 06:30 the dashboard reads the current shift's rosters by its shift date, the previous day (issue #29)
    const night = plan(user, '2026-03-02', '2026-03-01').find((s) => s.key === 'rosters:2026-03-01')!;
    expect(night.body).toEqual({ date: '2026-03-01', current: true });
  });

  it('event locations of the listed sections only (no G sections, §5)', () => {
    expect(eventLocationSpecs(sectionsBody).map((s) => s.key)).toEqual(['eventLocations:11', 'eventLocations:12']);
    expect(eventLocationSpecs(null)).toEqual([]);
  });

  it('today is the calendar day in Asia/Brunei', () => {
    expect(bruneiToday(Date.parse('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
    expect(bruneiToday(Date.parse('2026-03-01T15:59:00Z'))).toBe('2026-03-01');
  });
});

describe('local store: ETag', () => {
  it('stores the data with its ETag; the next fetch sends If-None-Match and a 304 keeps the copy', async () => {
    const api = fakeApi(bodyFor);
    const env = envOf(api.fn);
    const spec = plan(user, '2026-03-01').find((s) => s.key === 'lookup:region')!;
    expect(await fetchInto(env, user.userId, spec)).toBe('fresh');
    const first = (await getDb().userCache.get([user.userId, 'lookup:region'])) as StoredRow;
    expect(first.data).toEqual([{ key: 1, value: 'region' }]);
    expect(first.etag).toMatch(/^W\//);
    expect(api.calls[0].headers['If-None-Match']).toBeUndefined();
    expect(api.calls[0].headers.Authorization).toBe('Bearer tok-123456');
    expect(api.calls[0].url).toBe('http://app.test/rest/roster/lookup/region');

    await new Promise((r) => setTimeout(r, 5));
    expect(await fetchInto(env, user.userId, spec)).toBe('unchanged');
    expect(api.calls[1].headers['If-None-Match']).toBe(first.etag);
    const second = (await getDb().userCache.get([user.userId, 'lookup:region'])) as StoredRow;
    expect(second.data).toEqual(first.data);
    expect(second.etag).toBe(first.etag);
    expect(second.updatedAt >= first.updatedAt).toBe(true);
  });

  it('a changed answer replaces the copy; a failure leaves it', async () => {
    let version = 1;
    const api = fakeApi(() => [{ key: version, value: `v${version}` }]);
    const env = envOf(api.fn);
    const spec = { key: 'lookup:race', method: 'POST' as const, path: '/rest/roster/lookup/race', body: {} };
    await fetchInto(env, user.userId, spec);
    version = 2;
    expect(await fetchInto(env, user.userId, spec)).toBe('fresh');
    expect(((await getDb().userCache.get([user.userId, 'lookup:race'])) as StoredRow).data).toEqual([{ key: 2, value: 'v2' }]);
    const offline = fakeApi(() => null, { offline: true });
    expect(await fetchInto(envOf(offline.fn), user.userId, spec)).toBe('failed');
    expect(((await getDb().userCache.get([user.userId, 'lookup:race'])) as StoredRow).data).toEqual([{ key: 2, value: 'v2' }]);
  });

  it('a refused answer (envelope statusCode ≥ 400) is not stored', async () => {
    const fn = (async () => new Response(JSON.stringify({ statusCode: 403, statusMsg: 'No', body: {} }), { status: 403 })) as typeof fetch;
    expect(await fetchInto(envOf(fn), user.userId, { key: 'lookup:x', method: 'POST', path: '/x' })).toBe('failed');
    expect(await getDb().userCache.get([user.userId, 'lookup:x'])).toBeUndefined();
  });

  it('signed out: nothing is fetched', async () => {
    const api = fakeApi(bodyFor);
    expect(await fetchInto({ ...envOf(api.fn), token: () => null }, user.userId, { key: 'lookup:x', method: 'POST', path: '/x' })).toBe('failed');
    expect(api.calls).toHaveLength(0);
  });

  it("a full quota inside a bulk write (Dexie's BulkError with the items' failures) counts as a full quota", () => {
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    expect(isQuotaError(Object.assign(new Error('bulk'), { name: 'BulkError', failures: [quota] }))).toBe(true);
    expect(isQuotaError(Object.assign(new Error('bulk'), { name: 'BulkError', failures: [new Error('constraint')] }))).toBe(false);
  });

  it('a full quota is thrown as StorageFullError (shown, never swallowed)', async () => {
    const api = fakeApi(bodyFor);
    const db = getDb();
    await db.open();
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    const env = {
      ...envOf(api.fn),
      db: { userCache: { get: async () => undefined, put: async () => Promise.reject(quota) } } as unknown as LocalStoreEnv['db'],
    };
    await expect(fetchInto(env, user.userId, { key: 'lookup:x', method: 'POST', path: '/x' })).rejects.toBeInstanceOf(StorageFullError);
  });
});

describe('local store: refresh and triggers', () => {
  it('one refresh fills every list, the event locations and the km markers; the second downloads nothing new (all 304)', async () => {
    const tmc = { ...user, userId: 'tmc1', roles: [{ pkRoleId: 104, roleName: 'TMCA' }] } as unknown as WebUser;
    const api = fakeApi(bodyFor);
    const env = envOf(api.fn);
    const first = await refreshLocalStore(env, tmc);
    // the two listed sections (not G1): their event locations and their km markers
    const expected = plan(tmc, bruneiToday()).length + 2 + 2;
    expect(first).toMatchObject({ fresh: expected, unchanged: 0, failed: 0 });
    const second = await refreshLocalStore(env, tmc);
    expect(second).toMatchObject({ fresh: 0, unchanged: expected, failed: 0 });
    expect(await getDb().userCache.get([tmc.userId, 'eventLocations:12'])).toBeTruthy();
    expect(await getDb().userCache.get([tmc.userId, 'kmMarkers:12'])).toBeTruthy();
    expect(await getDb().userCache.get([tmc.userId, 'kmMarkers:13'])).toBeUndefined();
    expect(await getDb().userCache.get([tmc.userId, 'activePr:7'])).toBeTruthy();
  });

  it('a refresh reads the copies at once and writes the answers at once per round (not a transaction per list)', async () => {
    const tmc = { ...user, userId: 'tmc-batch', roles: [{ pkRoleId: 104, roleName: 'TMCA' }] } as unknown as WebUser;
    const api = fakeApi(bodyFor);
    const db = getDb();
    await db.open();
    const gets = vi.spyOn(db.userCache, 'get');
    const bulkGets = vi.spyOn(db.userCache, 'bulkGet');
    const puts = vi.spyOn(db.userCache, 'put');
    const bulkPuts = vi.spyOn(db.userCache, 'bulkPut');
    try {
      const first = await refreshLocalStore(envOf(api.fn), tmc);
      // two rounds: the lists, then each listed section's event locations and km markers (from the sections' copy)
      expect(first.fresh).toBeGreaterThan(20);
      expect(puts).not.toHaveBeenCalled();
      expect(bulkPuts).toHaveBeenCalledTimes(2);
      expect(bulkPuts.mock.calls.reduce((n, [rows]) => n + rows.length, 0)).toBe(first.fresh);
      expect(bulkGets).toHaveBeenCalledTimes(2);
      expect(gets).toHaveBeenCalledTimes(1); // the sections' copy, for the second round
      // the second refresh: every list answered 304, each copy noted as confirmed now, in the same two writes
      const second = await refreshLocalStore(envOf(api.fn), tmc);
      expect(second).toMatchObject({ fresh: 0, unchanged: first.fresh, failed: 0 });
      expect(bulkPuts).toHaveBeenCalledTimes(4);
    } finally {
      for (const s of [gets, bulkGets, puts, bulkPuts]) s.mockRestore();
    }
  });

  it('fetches only what the role may read: a patrol gets no km markers or patrol list, an administrator no rosters', async () => {
    const api = fakeApi(bodyFor);
    await refreshLocalStore(envOf(api.fn), user);
    expect(api.calls.some((c) => c.url.includes('/gpskmmarkersectionid/'))).toBe(false);
    expect(api.calls.some((c) => c.url.includes('/nearestActivePR'))).toBe(false);
    const admin = { ...user, roles: [{ pkRoleId: 1, roleName: 'Administrator' }] } as unknown as WebUser;
    expect(plan(admin, '2026-03-01').some((s) => s.path.includes('/dutyroster/'))).toBe(false);
  });

  it('refreshes at start, on `online` and on the timer; stop ends it', async () => {
    const api = fakeApi(bodyFor);
    const target = new EventTarget();
    const done: number[] = [];
    const handle = startLocalStore(envOf(api.fn), user, {
      intervalMs: 400,
      target: target as unknown as Window,
      onRefreshed: () => done.push(Date.now()),
    });
    const waitFor = async (n: number) => {
      for (let i = 0; i < 200 && done.length < n; i++) await new Promise((r) => setTimeout(r, 20));
      expect(done.length).toBeGreaterThanOrEqual(n);
    };
    await waitFor(1); // start (sign-in / app start)
    target.dispatchEvent(new Event('online'));
    await waitFor(2); // reconnect
    await waitFor(3); // timer
    handle.stop();
    const n = done.length;
    target.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 600));
    expect(done.length).toBe(n);
  });

  it('a refresh runs where `run` says (the worker); one it dropped (null) is neither a refresh nor an error, nor is a failure after stop', async () => {
    const api = fakeApi(bodyFor);
    const refreshed: unknown[] = [];
    const errors: unknown[] = [];
    let answer: () => Promise<Awaited<ReturnType<typeof refreshLocalStore>> | null> = async () => null;
    const handle = startLocalStore(envOf(api.fn), user, {
      intervalMs: 60_000,
      target: new EventTarget() as unknown as Window,
      run: () => answer(),
      onRefreshed: (s) => refreshed.push(s),
      onError: (e) => errors.push(e),
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls).toHaveLength(0); // the start's refresh ran in `run`, not on this thread
    expect(refreshed).toEqual([]);
    expect(errors).toEqual([]);
    answer = async () => ({ fresh: 1, unchanged: 0, failed: 0, at: 'now' });
    expect(await handle.refresh()).toMatchObject({ fresh: 1 });
    expect(refreshed).toHaveLength(1);
    answer = () => Promise.reject(new StorageFullError(new Error('quota')));
    await handle.refresh();
    expect(errors).toHaveLength(1);
    let fail: (e: unknown) => void = () => {};
    answer = () => new Promise((_, reject) => (fail = reject));
    const late = handle.refresh();
    handle.stop();
    fail(new Error('worker ended'));
    await late;
    expect(errors).toHaveLength(1);
  });

  it('where there are no module workers (Node, old browsers) the runner refreshes on the page', async () => {
    expect(typeof Worker).toBe('undefined');
    const api = fakeApi(bodyFor);
    const runner = localStoreRunner(envOf(api.fn), user);
    const s = await runner.run();
    expect(s).toMatchObject({ failed: 0 });
    expect(s?.fresh).toBeGreaterThan(20);
    expect(await getDb().userCache.get([user.userId, `lookup:${LOOKUP_NAMES[0]}`])).toBeTruthy();
    runner.stop();
  });

  it('screens reading through networkFirst get the prefetched copy with the network off, for a list never opened', async () => {
    __setSessionForTests({ token: 'tok-123456', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), user });
    const api = fakeApi(bodyFor);
    await refreshLocalStore(envOf(api.fn), user);
    __setFetchForTests(fakeApi(() => null, { offline: true }).fn);
    const r = await networkFirst(user.userId, 'lookup:strayAnimalType', () => apiPost('/rest/roster/lookup/strayAnimalType', {}));
    expect(r.data).toEqual([{ key: 1, value: 'strayAnimalType' }]);
    expect(r.cachedAt).not.toBeNull();
    const loc = await networkFirst(user.userId, 'eventLocations:11', () => apiPost('/x', {}));
    expect(loc.data).toEqual([{ key: 11, value: 'R&R' }]);
  });
});
