/**
 * The outbox and its replay (src/offline/outbox.ts, sync-engine.ts) on fake-indexeddb, against a fake API that
 * answers what each test needs.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { journalListCacheKey, journalListOnAck } from '@/offline/ack-cache';
import { cacheGet, cachePut, createDb, type LebuhrayaDb } from '@/offline/db';
import { countItems, discardItem, enqueue, incidentGroup, listItems, pathRef, ref, retryItem, type NewOutboxItem } from '@/offline/outbox';
import { backoffMs, classify, drain, isAuthPaused, MAX_BACKOFF_MS, withSyncLock, type SyncEnv } from '@/offline/sync-engine';

let db: LebuhrayaDb;
let n = 0;

beforeEach(async () => {
  db = createDb(`outbox-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

interface Call {
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** A fake API: `answer(call)` gives [status, body] or throws for a network failure. */
function fakeApi(answer: (c: Call, i: number) => [number, unknown] | 'network') {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call: Call = { path: url.pathname, body: JSON.parse(String(init?.body ?? '{}')), headers: init?.headers as Record<string, string> };
    calls.push(call);
    const a = answer(call, calls.length - 1);
    if (a === 'network') throw new TypeError('Failed to fetch');
    const [status, body] = a;
    const envelope =
      status < 400
        ? { statusCode: status, statusMsg: 'OK', body }
        : { statusCode: status, statusMsg: String((body as { msg?: string })?.msg ?? 'Ralat'), body };
    return new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

let token = 'token-one-123';
const env = (fetchImpl: typeof fetch, over: Partial<SyncEnv> = {}): SyncEnv => ({
  db,
  fetch: fetchImpl,
  origin: 'http://api.test',
  session: async () => (token ? { token, userId: 'u1', expiresAt: '2099-01-01T00:00:00Z' } : null),
  ...over,
});

const item = (group: string, path: string, body: unknown = {}, extra: Partial<NewOutboxItem> = {}): NewOutboxItem => ({
  userId: 'u1',
  kind: 'test',
  label: path,
  path,
  body,
  group,
  ...extra,
});

const ok = (body: unknown = {}): [number, unknown] => [200, body];

describe('classify and backoff', () => {
  it('sorts every answer into ack, retry, offline, auth or park', () => {
    expect(classify(200).kind).toBe('ack');
    expect(classify(201).kind).toBe('ack');
    expect(classify(0).kind).toBe('offline');
    expect(classify(500).kind).toBe('retry');
    expect(classify(503).kind).toBe('retry');
    expect(classify(429).kind).toBe('retry');
    expect(classify(401).kind).toBe('auth');
    expect(classify(403)).toEqual({ kind: 'park', reason: 'forbidden' });
    expect(classify(409)).toEqual({ kind: 'park', reason: 'conflict' });
    expect(classify(400)).toEqual({ kind: 'park', reason: 'invalid' });
    expect(classify(422)).toEqual({ kind: 'park', reason: 'invalid' });
    expect(classify(404)).toEqual({ kind: 'park', reason: 'invalid' });
  });

  it('backs off exponentially and never waits longer than 5 minutes', () => {
    const mid = () => 0.5;
    expect(backoffMs(1, mid)).toBe(2_000);
    expect(backoffMs(2, mid)).toBe(4_000);
    expect(backoffMs(5, mid)).toBe(32_000);
    expect(backoffMs(8, mid)).toBe(256_000);
    for (const a of [9, 12, 40, 1000]) expect(backoffMs(a, () => 0.99)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(3, () => 0)).toBeLessThan(backoffMs(3, () => 1));
  });
});

describe('drain', () => {
  it('sends each item once with its Idempotency-Key, device and client time, and the token of the moment', async () => {
    const [a] = await enqueue(db, [item('incident:1', '/rest/a', { x: 1 })]);
    const stored = await listItems(db, 'u1');
    expect(JSON.stringify(stored)).not.toContain(token);
    token = 'token-two-456';
    const api = fakeApi(() => ok({ done: true }));
    const r = await drain(env(api.fetchImpl));
    expect(r).toMatchObject({ sent: 1, parked: 0, left: 0 });
    expect(api.calls).toHaveLength(1);
    const h = api.calls[0].headers;
    expect(h['Idempotency-Key']).toBe(a.clientId);
    expect(h.Authorization).toBe('Bearer token-two-456');
    expect(h['X-Client-Time']).toBe(a.createdAt);
    expect(h['X-Device-Id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await countItems(db, 'u1')).toEqual({ unsent: 0, parked: 0 });
    token = 'token-one-123';
  });

  it('keeps the order of one incident; a parked item holds back its group only', async () => {
    await enqueue(db, [
      item('incident:1', '/rest/a1'),
      item('incident:2', '/rest/b1'),
      item('incident:1', '/rest/a2'),
      item('incident:2', '/rest/b2'),
      item('incident:1', '/rest/a3'),
    ]);
    const api = fakeApi((c) => (c.path === '/rest/a2' ? [400, { errorCode: 'VALIDATION', field: 'entry', msg: 'Catatan terlalu panjang' }] : ok()));
    const r = await drain(env(api.fetchImpl));
    expect(api.calls.map((c) => c.path)).toEqual(['/rest/a1', '/rest/b1', '/rest/a2', '/rest/b2']);
    expect(r).toMatchObject({ sent: 3, parked: 1, left: 2 });
    const left = await listItems(db, 'u1');
    expect(left.map((i) => [i.path, i.state])).toEqual([
      ['/rest/a2', 'parked'],
      ['/rest/a3', 'pending'],
    ]);
    expect(left[0].park).toMatchObject({ reason: 'invalid', status: 400, message: 'Catatan terlalu panjang', field: 'entry' });

    // the user fixes it and sends again: a2 then a3, in that order
    await retryItem(db, left[0].clientId, { body: { entry: 'pendek' } });
    const api2 = fakeApi(() => ok());
    await drain(env(api2.fetchImpl));
    expect(api2.calls.map((c) => [c.path, c.body])).toEqual([
      ['/rest/a2', { entry: 'pendek' }],
      ['/rest/a3', {}],
    ]);
  });

  it('sends what refers to a record created offline with its server id (id map), never before', async () => {
    const incident = 'c-incident-1';
    const entry = 'c-entry-1';
    const group = await incidentGroup(db, 'u1', { entity: incident });
    await enqueue(db, [
      item(group, '/rest/incident/save', { kilometerMarker: '12.3' }, { creates: { entity: incident, idField: 'pkIncidentId', kind: 'incident' } }),
      item(
        group,
        '/rest/journalEntry/save',
        { pkIncidentId: ref(incident), entry: 'x' },
        { creates: { entity: entry, idField: 'pkJournalEntryId', kind: 'journal' } },
      ),
      item(
        group,
        '/rest/document/saveFile',
        { tableType: 'JOURNAL_ENTRY', fkTableId: ref(entry) },
        { blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }) },
      ),
      item(group, `/rest/incidentAudit/${pathRef(incident)}`, { incidentId: ref(incident), incidentStatusId: 202 }),
    ]);
    const stored = await listItems(db, 'u1');
    expect(stored[1].dependsOn).toEqual([incident]);
    expect(stored[3].dependsOn).toEqual([incident]);

    // the creation fails for the network first: nothing that depends on it goes
    const down = fakeApi(() => 'network');
    const r0 = await drain(env(down.fetchImpl));
    expect(down.calls).toHaveLength(1);
    expect(r0.stoppedBy).toBe('offline');
    expect((await listItems(db, 'u1')).map((i) => i.state)).toEqual(['pending', 'pending', 'pending', 'pending']);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });

    const api = fakeApi((c) =>
      c.path === '/rest/incident/save'
        ? ok({ pkIncidentId: 501, version: 1 })
        : c.path === '/rest/journalEntry/save'
          ? ok({ pkJournalEntryId: 77 })
          : ok(),
    );
    await drain(env(api.fetchImpl));
    expect(api.calls.map((c) => c.path)).toEqual([
      '/rest/incident/save',
      '/rest/journalEntry/save',
      '/rest/document/saveFile',
      '/rest/incidentAudit/501',
    ]);
    expect(api.calls[1].body).toEqual({ pkIncidentId: 501, entry: 'x' });
    expect(api.calls[2].body).toEqual({ tableType: 'JOURNAL_ENTRY', fkTableId: 77, fileContent: 'AQID' });
    expect(api.calls[3].body).toEqual({ incidentId: 501, incidentStatusId: 202 });
    // later writes to the same case stay in its group
    expect(await incidentGroup(db, 'u1', { id: 501 })).toBe(group);
  });

  it("an acknowledged journal entry joins its case's journal kept on the device (the worker may send it while the page is offline)", async () => {
    const kept = [{ pkJournalEntryId: 5, pkIncidentId: 9, entry: 'lama' }];
    await cachePut('u1', journalListCacheKey(9), kept, db);
    await cachePut('u1', journalListCacheKey(10), [], db);
    const before = (await cacheGet('u1', journalListCacheKey(9), db))!.updatedAt;
    await enqueue(db, [
      item('incident:9', '/rest/journalEntry/save', { pkIncidentId: 9, entry: 'baru' }, { kind: 'journal.save', cacheOnAck: journalListOnAck }),
      // a list never kept on the device stays unkept
      item('incident:11', '/rest/journalEntry/save', { pkIncidentId: 11, entry: 'lain' }, { kind: 'journal.save', cacheOnAck: journalListOnAck }),
    ]);
    const api = fakeApi((c) => ok({ pkJournalEntryId: c.body.pkIncidentId === 9 ? 6 : 7, pkIncidentId: c.body.pkIncidentId, entry: c.body.entry }));
    await drain(env(api.fetchImpl));
    const row = (await cacheGet<typeof kept>('u1', journalListCacheKey(9), db))!;
    expect(row.data.map((e) => [e.pkJournalEntryId, e.entry])).toEqual([
      [6, 'baru'],
      [5, 'lama'],
    ]);
    // the kept list's age is still that of its fetch
    expect(row.updatedAt).toBe(before);
    expect((await cacheGet('u1', journalListCacheKey(10), db))!.data).toEqual([]);
    expect(await cacheGet('u1', journalListCacheKey(11), db)).toBeUndefined();
    // an item that declares no kept list leaves the lists alone, whatever its kind
    await enqueue(db, [item('incident:9', '/rest/journalEntry/save', { pkIncidentId: 9, entry: 'tanpa' }, { kind: 'journal.save' })]);
    await drain(env(fakeApi(() => ok({ pkJournalEntryId: 8, pkIncidentId: 9, entry: 'tanpa' })).fetchImpl));
    expect((await cacheGet<typeof kept>('u1', journalListCacheKey(9), db))!.data.map((e) => e.pkJournalEntryId)).toEqual([6, 5]);
    // the same entry answered again (a resend's replayed answer) replaces, never doubles
    await enqueue(db, [
      item('incident:9', '/rest/journalEntry/save', { pkIncidentId: 9, entry: 'baru' }, { kind: 'journal.save', cacheOnAck: journalListOnAck }),
    ]);
    await drain(env(api.fetchImpl));
    expect((await cacheGet<typeof kept>('u1', journalListCacheKey(9), db))!.data.map((e) => e.pkJournalEntryId)).toEqual([6, 5]);
  });

  it('what waited only for the network goes as soon as the network is back; a 5xx keeps its backoff', async () => {
    await enqueue(db, [item('incident:1', '/rest/a'), item('incident:2', '/rest/b')]);
    // offline a few times: the first item's backoff grows (as it did while a tablet had no coverage)
    for (let k = 0; k < 5; k++) {
      await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
      await drain(env(fakeApi(() => 'network').fetchImpl));
    }
    const waiting = (await listItems(db, 'u1'))[0];
    expect(waiting).toMatchObject({ attempts: 5, waitsForNetwork: true });
    expect(waiting.nextAttemptAt).toBeGreaterThan(Date.now() + 10_000);

    // a plain replay (a timer, another trigger) respects the backoff: incident:1 waits, incident:2 goes
    const plain = fakeApi(() => ok());
    await drain(env(plain.fetchImpl));
    expect(plain.calls.map((c) => c.path)).toEqual(['/rest/b', '/rest/a']);
    // … and its acknowledgement proved the server reachable, so the item that waited only for the network went too
    expect(await listItems(db, 'u1')).toHaveLength(0);

    // the browser's `online` / the user's 'Segerakkan sekarang': due at once, even with nothing else to send
    await enqueue(db, [item('incident:3', '/rest/c')]);
    await drain(env(fakeApi(() => 'network').fetchImpl));
    const plainAlone = fakeApi(() => ok());
    await drain(env(plainAlone.fetchImpl));
    expect(plainAlone.calls).toHaveLength(0);
    const back = fakeApi(() => ok());
    await drain(env(back.fetchImpl, { networkBack: true }));
    expect(back.calls.map((c) => c.path)).toEqual(['/rest/c']);

    // a server error is not the network: its backoff stands even when the network is back
    await enqueue(db, [item('incident:4', '/rest/d')]);
    await drain(env(fakeApi(() => [503, { errorCode: 'INTERNAL' }]).fetchImpl));
    expect((await listItems(db, 'u1'))[0]).toMatchObject({ waitsForNetwork: false, attempts: 1 });
    const again = fakeApi(() => ok());
    await drain(env(again.fetchImpl, { networkBack: true }));
    expect(again.calls).toHaveLength(0);
  });

  it('removes nothing before the server acknowledges: network down, 5xx, 401', async () => {
    await enqueue(db, [item('incident:1', '/rest/a'), item('incident:2', '/rest/b')]);
    const down = fakeApi(() => 'network');
    const r = await drain(env(down.fetchImpl));
    expect(r.stoppedBy).toBe('offline');
    expect(r.nextAttemptAt).toBeGreaterThan(Date.now());
    let left = await listItems(db, 'u1');
    expect(left).toHaveLength(2);
    expect(left[0]).toMatchObject({ attempts: 1, state: 'pending' });

    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    const failing = fakeApi(() => [503, { errorCode: 'INTERNAL' }]);
    await drain(env(failing.fetchImpl));
    left = await listItems(db, 'u1');
    expect(left.map((i) => i.attempts)).toEqual([2, 1]);

    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    const expired = fakeApi(() => [401, { errorCode: 'TOKEN_EXPIRED' }]);
    const r2 = await drain(env(expired.fetchImpl));
    expect(r2.stoppedBy).toBe('auth');
    expect(expired.calls).toHaveLength(1);
    expect(await isAuthPaused(db, 'u1')).toBe(true);
    expect(await listItems(db, 'u1')).toHaveLength(2);

    // a new sign-in: the queue drains
    const back = fakeApi(() => ok());
    const r3 = await drain(env(back.fetchImpl));
    expect(r3).toMatchObject({ sent: 2, left: 0 });
    expect(await isAuthPaused(db, 'u1')).toBe(false);
  });

  it('the network back while the token had expired: after the new sign-in, what waited for the network goes at once', async () => {
    await enqueue(db, [item('incident:1', '/rest/a'), item('incident:1', '/rest/b'), item('incident:2', '/rest/c')]);
    // a long time offline: the first items' backoff grew to minutes (as 50 entries written offline make it grow)
    const down = fakeApi(() => 'network');
    await drain(env(down.fetchImpl));
    const at = (path: string) => db.outbox.filter((i) => i.path === path);
    await at('/rest/a').modify({ attempts: 7, nextAttemptAt: Date.now() + 240_000, waitsForNetwork: true });
    // a 5xx's backoff is the server's, not the network's: it keeps it
    await at('/rest/c').modify({ attempts: 7, nextAttemptAt: Date.now() + 240_000, waitsForNetwork: false });
    // online again with the token expired: nothing sent, paused for a sign-in
    const api = fakeApi(() => ok());
    const expired = await drain(
      env(api.fetchImpl, { networkBack: true, session: async () => ({ token: 'x-123456', userId: 'u1', expiresAt: '2000-01-01T00:00:00Z' }) }),
    );
    expect(expired.stoppedBy).toBe('auth');
    expect(api.calls).toHaveLength(0);
    // the sign-in's replay (no network event of its own): the group that waited for the network drains now
    const r = await drain(env(api.fetchImpl));
    expect(api.calls.map((c) => c.path)).toEqual(['/rest/a', '/rest/b']);
    expect(r).toMatchObject({ sent: 2, left: 1 });
    expect(r.nextAttemptAt).toBeGreaterThan(Date.now() + 200_000);
  });

  it('an expired token pauses without sending', async () => {
    await enqueue(db, [item('incident:1', '/rest/a')]);
    const api = fakeApi(() => ok());
    const r = await drain(env(api.fetchImpl, { session: async () => ({ token: 'x-123456', userId: 'u1', expiresAt: '2000-01-01T00:00:00Z' }) }));
    expect(r.stoppedBy).toBe('auth');
    expect(api.calls).toHaveLength(0);
  });

  it('an item taken for sending but never acknowledged (tab killed) is sent again after a restart, with the same key', async () => {
    const [a] = await enqueue(db, [item('incident:1', '/rest/a')]);
    await db.outbox.update(a.seq!, { state: 'sending' });
    db.close();
    const reopened = createDb(db.name);
    await reopened.open();
    expect((await listItems(reopened, 'u1'))[0].state).toBe('sending');
    const api = fakeApi(() => ok());
    await drain(env(api.fetchImpl, { db: reopened }));
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].headers['Idempotency-Key']).toBe(a.clientId);
    expect(await reopened.outbox.count()).toBe(0);
    reopened.close();
    db = createDb(db.name);
  });

  it('parks 403 and 409 (beside the server version); keeping mine resends on top of it', async () => {
    await enqueue(db, [
      item(
        'incident:1',
        '/rest/incident/save',
        { pkIncidentId: 1, version: 3, remark: 'mine' },
        { versioned: { entity: 'incident:1', base: 3, inBody: true } },
      ),
      item('incident:2', '/rest/incidentAudit/save', { incidentId: 2 }),
    ]);
    const api = fakeApi((c) =>
      c.path === '/rest/incident/save'
        ? [409, { errorCode: 'CONFLICT', current: { pkIncidentId: 1, version: 5, remark: 'theirs' }, msg: 'Kes telah dikemaskini' }]
        : [403, { errorCode: 'FORBIDDEN', msg: 'Tidak dibenarkan' }],
    );
    const r = await drain(env(api.fetchImpl));
    expect(r.parked).toBe(2);
    const [conflict, forbidden] = await listItems(db, 'u1');
    expect(conflict.park).toMatchObject({ reason: 'conflict', status: 409, current: { version: 5, remark: 'theirs' } });
    expect(forbidden.park).toMatchObject({ reason: 'forbidden', status: 403, message: 'Tidak dibenarkan' });

    await retryItem(db, conflict.clientId, { version: 5 });
    const api2 = fakeApi(() => ok({ version: 6 }));
    await drain(env(api2.fetchImpl));
    expect(api2.calls[0].body).toMatchObject({ version: 5, remark: 'mine' });
    // the 403 stays until the user decides
    expect((await listItems(db, 'u1')).map((i) => i.state)).toEqual(['parked']);
  });

  it("chains the user's own queued edits of one record: the second goes on top of the first", async () => {
    const v = (base: number) => ({ versioned: { entity: 'incident:9', base, inBody: true } });
    await enqueue(db, [
      item('incident:9', '/rest/incident/save', { pkIncidentId: 9, version: 4, remark: 'a' }, v(4)),
      item('incident:9', '/rest/incidentAudit/save', { incidentId: 9 }, { versioned: { entity: 'incident:9', base: 4, inBody: false } }),
      item('incident:9', '/rest/incident/save', { pkIncidentId: 9, version: 4, remark: 'b' }, v(4)),
    ]);
    let server = 4;
    const api = fakeApi((c) => {
      const sent = c.body.version as number | undefined;
      if (sent !== undefined && sent !== server) return [409, { errorCode: 'CONFLICT' }];
      server++;
      return ok({ version: server });
    });
    const r = await drain(env(api.fetchImpl));
    expect(r).toMatchObject({ sent: 3, parked: 0 });
    expect(api.calls.map((c) => c.body.version)).toEqual([4, undefined, 6]);
  });

  it('a change by someone else is still a conflict', async () => {
    await enqueue(db, [item('incident:9', '/rest/incident/save', { version: 4 }, { versioned: { entity: 'incident:9', base: 4, inBody: true } })]);
    const api = fakeApi(() => [409, { errorCode: 'CONFLICT' }]);
    expect((await drain(env(api.fetchImpl))).parked).toBe(1);
  });

  it('discarding a record created offline takes what depends on it too', async () => {
    await enqueue(db, [
      item('g', '/rest/incident/save', {}, { creates: { entity: 'c1', idField: 'pkIncidentId', kind: 'incident' } }),
      item('g', '/rest/journalEntry/save', { pkIncidentId: ref('c1') }, { creates: { entity: 'c2', idField: 'pkJournalEntryId', kind: 'journal' } }),
      item('g', '/rest/document/saveFile', { fkTableId: ref('c2') }),
      item('h', '/rest/other'),
    ]);
    const [first] = await listItems(db, 'u1');
    expect(await discardItem(db, first.clientId)).toBe(3);
    expect((await listItems(db, 'u1')).map((i) => i.path)).toEqual(['/rest/other']);
  });

  it('discarding an edit takes the subform save of the same action, not other writes of the case', async () => {
    const [main] = await enqueue(db, [item('incident:5', '/rest/incident/save', { version: 2 })]);
    await enqueue(db, [
      item('incident:5', '/rest/incidentAccident/save', {}, { partOf: main.clientId }),
      item('incident:5', '/rest/journalEntry/save'),
    ]);
    expect(await discardItem(db, main.clientId)).toBe(2);
    expect((await listItems(db, 'u1')).map((i) => i.path)).toEqual(['/rest/journalEntry/save']);
  });

  it("never sends another user's items", async () => {
    await enqueue(db, [{ ...item('g', '/rest/a'), userId: 'someone-else' }]);
    const api = fakeApi(() => ok());
    const r = await drain(env(api.fetchImpl));
    expect(api.calls).toHaveLength(0);
    expect(r.left).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });

  it('an HTML page (captive portal) is not an acknowledgement', async () => {
    await enqueue(db, [item('g', '/rest/a')]);
    const fetchImpl = (async () => new Response('<html>login</html>', { status: 200, headers: { 'Content-Type': 'text/html' } })) as typeof fetch;
    await drain(env(fetchImpl));
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('withSyncLock', () => {
  it('lets one replayer run at a time', async () => {
    const held = new Set<string>();
    const locks = {
      async request<T>(name: string, _o: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<T>) {
        if (held.has(name)) return cb(null);
        held.add(name);
        try {
          return await cb({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    let release!: () => void;
    const first = withSyncLock(() => new Promise<string>((r) => (release = () => r('ran'))), locks);
    expect(await withSyncLock(async () => 'ran too', locks)).toBe('locked');
    release();
    expect(await first).toBe('ran');
    expect(await withSyncLock(async () => 'ran after', locks)).toBe('ran after');
  });
});
