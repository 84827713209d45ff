/**
 * Issue #20 item 2: a poison item (the server answers 5xx to it every time, e.g. a journal entry with a NUL that
 * PostgreSQL refuses) is parked as 'server' once the server is known to be up, instead of being retried forever with
 * its case's later writes invisibly behind it; a server that is simply down parks nothing. The outbox and its replay
 * (src/offline/outbox.ts, sync-engine.ts) on fake-indexeddb against a fake API, with a fake clock.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PATHS } from '@contract/paths';
import { createDb, type LebuhrayaDb } from '@/offline/db';
import { enqueue, listItems, metaGet, retryItem, SERVER_OK_KEY, type NewOutboxItem, type OutboxItem } from '@/offline/outbox';
import { drain, HEALTH_PATH, SERVER_OK_FRESH_MS, SERVER_PARK_AFTER, serverErrorVerdict, type SyncEnv } from '@/offline/sync-engine';
import { fixKind, hiddenCharsOf, isFixable, stripHidden, waitingBehind } from '@/features/sync/outbox-fix';

let db: LebuhrayaDb;
let n = 0;
let clock = 0;

beforeEach(async () => {
  db = createDb(`outbox-poison-${++n}`);
  await db.open();
  clock = Date.parse('2026-11-22T08:00:00Z');
});
afterEach(async () => {
  db.close();
  await db.delete();
});

type Answer = [number, unknown] | 'network';
interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/**
 * A fake server: `write(call)` answers the outbox's POSTs (wrapped in the API's envelope), `health()` the probe
 * (GET /healthz, plain JSON as the server answers it).
 */
function fakeServer(write: (c: Call) => Answer, health: () => Answer = () => [200, { status: 'ok' }]) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const call: Call = { method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null };
    calls.push(call);
    const isHealth = method === 'GET' && url.pathname === HEALTH_PATH;
    const a = isHealth ? health() : write(call);
    if (a === 'network') throw new TypeError('Failed to fetch');
    const [status, body] = a;
    const payload = isHealth
      ? body
      : status < 400
        ? { statusCode: status, statusMsg: 'OK', body }
        : { statusCode: status, statusMsg: String((body as { msg?: string })?.msg ?? 'Ralat'), body };
    return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  const writes = () => calls.filter((c) => c.method === 'POST');
  const probes = () => calls.filter((c) => c.path === HEALTH_PATH);
  return { calls, writes, probes, fetchImpl };
}

const env = (fetchImpl: typeof fetch): SyncEnv => ({
  db,
  fetch: fetchImpl,
  origin: 'http://api.test',
  session: async () => ({ token: 'token-123456', userId: 'u1', expiresAt: '2099-01-01T00:00:00Z' }),
  now: () => clock,
});

const item = (group: string, path: string, body: unknown = {}, extra: Partial<NewOutboxItem> = {}): NewOutboxItem => ({
  userId: 'u1',
  kind: 'journal.save',
  label: `${group} ${path}`,
  path,
  body,
  group,
  ...extra,
});

/** Replays after every item's backoff has passed (the clock moves on `minutes`). */
async function later(fetchImpl: typeof fetch, minutes = 10) {
  clock += minutes * 60_000;
  return drain(env(fetchImpl));
}

const NUL_ENTRY = 'Kemalangan di KM 12\u0000.3';
const INTERNAL: Answer = [500, { errorCode: 'INTERNAL', msg: 'Ralat dalaman pelayan. Sila cuba lagi.' }];
/** The server before issue #20 item 1: a NUL anywhere in the body makes PostgreSQL refuse the row, a 500. */
const oldServer = (c: Call): Answer => (JSON.stringify(c.body ?? {}).includes('\\u0000') ? INTERNAL : [200, { pkJournalEntryId: 1 }]);

const byPath = async () => Object.fromEntries((await listItems(db, 'u1')).map((i) => [i.path, i])) as Record<string, OutboxItem>;

describe('the rule (serverErrorVerdict)', () => {
  const t0 = 1_000_000;
  it(`retries fewer than ${SERVER_PARK_AFTER} 5xx answers in a row, whatever the server does otherwise`, () => {
    for (let k = 1; k < SERVER_PARK_AFTER; k++)
      expect(serverErrorVerdict({ serverErrors: k, since: t0, lastServerOkAt: t0 + 10, now: t0 + 20 })).toBe('retry');
  });

  it('parks when the server answered 2xx since the first of them, recently', () => {
    expect(serverErrorVerdict({ serverErrors: 4, since: t0, lastServerOkAt: t0 + 5_000, now: t0 + 30_000 })).toBe('park');
    expect(serverErrorVerdict({ serverErrors: 9, since: t0, lastServerOkAt: t0, now: t0 })).toBe('park');
  });

  it('otherwise asks the health probe: no 2xx ever, only before the streak (the server went down), or too long ago', () => {
    expect(serverErrorVerdict({ serverErrors: 4, since: t0, now: t0 + 30_000 })).toBe('probe');
    expect(serverErrorVerdict({ serverErrors: 4, since: t0, lastServerOkAt: t0 - 1, now: t0 + 30_000 })).toBe('probe');
    expect(serverErrorVerdict({ serverErrors: 4, since: t0, lastServerOkAt: t0 + 1, now: t0 + 1 + SERVER_OK_FRESH_MS + 1 })).toBe('probe');
  });

  it('the probe is the server’s public health check', () => {
    expect(HEALTH_PATH).toBe(PATHS.health);
  });
});

describe('a poison item on a server that is up', () => {
  it(`is parked as 'server' with the server's message after ${SERVER_PARK_AFTER} 5xx while other items are acknowledged; the case's later items wait, other cases go on`, async () => {
    await enqueue(db, [item('incident:1', '/rest/a1', { entry: NUL_ENTRY }), item('incident:1', '/rest/a2', { entry: 'kedua' })]);
    // the server's health check is down: only the acknowledgements of other cases say the server is up
    const api = fakeServer(oldServer, () => [503, { status: 'degraded' }]);
    const r1 = await drain(env(api.fetchImpl));
    expect(r1).toMatchObject({ sent: 0, parked: 0, left: 2 });
    for (let k = 2; k <= SERVER_PARK_AFTER; k++) {
      // the other case writes meanwhile; it goes, each time
      await enqueue(db, [item(`incident:${100 + k}`, `/rest/other-${k}`, { entry: 'ok' })]);
      const r = await later(api.fetchImpl);
      expect(r.sent).toBe(1);
      const { '/rest/a1': a1 } = await byPath();
      expect(a1.state).toBe(k < SERVER_PARK_AFTER ? 'pending' : 'parked');
    }
    const { '/rest/a1': a1, '/rest/a2': a2 } = await byPath();
    expect(a1).toMatchObject({ state: 'parked', attempts: SERVER_PARK_AFTER, body: { entry: NUL_ENTRY } });
    expect(a1.park).toMatchObject({ reason: 'server', status: 500, errorCode: 'INTERNAL', message: 'Ralat dalaman pelayan. Sila cuba lagi.' });
    expect(a2).toMatchObject({ state: 'pending', attempts: 0 });
    expect(api.writes().filter((c) => c.path === '/rest/a1')).toHaveLength(SERVER_PARK_AFTER);
    expect(api.writes().filter((c) => c.path === '/rest/a2')).toHaveLength(0);
    // the acknowledgements were the evidence: no probe was needed
    expect(api.probes()).toHaveLength(0);
    expect(await metaGet<number>(db, SERVER_OK_KEY)).toBe(clock);

    // parked: never sent again on its own, its case waits (visibly: the panel's waitingBehind), other cases go on
    await enqueue(db, [item('incident:9', '/rest/b', { entry: 'lain' })]);
    const before = api.writes().length;
    for (let k = 0; k < 5; k++) await later(api.fetchImpl, 60);
    expect(
      api
        .writes()
        .slice(before)
        .map((c) => c.path),
    ).toEqual(['/rest/b']);
    const left = await listItems(db, 'u1');
    expect(left.map((i) => [i.path, i.state])).toEqual([
      ['/rest/a1', 'parked'],
      ['/rest/a2', 'pending'],
    ]);
    expect(waitingBehind(left).get(left[1].clientId)?.clientId).toBe(left[0].clientId);

    // the user fixes the text and sends it again: a1 then a2 go, in order, once each
    await retryItem(db, left[0].clientId, { body: { entry: 'Kemalangan di KM 12.3' } });
    expect((await byPath())['/rest/a1']).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await byPath())['/rest/a1'].serverErrors).toBeUndefined();
    const mark = api.writes().length;
    const r = await drain(env(api.fetchImpl));
    expect(r).toMatchObject({ sent: 2, parked: 0, left: 0 });
    expect(
      api
        .writes()
        .slice(mark)
        .map((c) => [c.path, c.body]),
    ).toEqual([
      ['/rest/a1', { entry: 'Kemalangan di KM 12.3' }],
      ['/rest/a2', { entry: 'kedua' }],
    ]);
  });

  it('alone in the outbox: the health probe says the server is up, and the item is parked', async () => {
    await enqueue(db, [item('incident:1', '/rest/a1', { entry: NUL_ENTRY }), item('incident:1', '/rest/a2', { entry: 'kedua' })]);
    const api = fakeServer(oldServer);
    await drain(env(api.fetchImpl));
    for (let k = 2; k < SERVER_PARK_AFTER; k++) await later(api.fetchImpl);
    // no probe before the 4th answer
    expect(api.probes()).toHaveLength(0);
    expect((await byPath())['/rest/a1'].state).toBe('pending');
    const events: string[] = [];
    clock += 10 * 60_000;
    const r = await drain({ ...env(api.fetchImpl), onEvent: (e) => events.push(e.type === 'parked' ? `parked:${e.park.reason}` : e.type) });
    expect(r).toMatchObject({ sent: 0, parked: 1, left: 2 });
    // nothing waits for a backoff any more: no timer for the parked item
    expect(r.nextAttemptAt).toBeUndefined();
    expect(events).toEqual(['parked:server', 'drained']);
    expect(api.probes()).toHaveLength(1);
    expect((await byPath())['/rest/a1'].park).toMatchObject({ reason: 'server', status: 500 });
    expect(api.writes().filter((c) => c.path === '/rest/a2')).toHaveLength(0);
  });

  it('a no-answer between the 5xx starts the count again (only 5xx in a row count)', async () => {
    await enqueue(db, [item('incident:1', '/rest/a1', { entry: NUL_ENTRY })]);
    let offline = false;
    const api = fakeServer((c) => (offline ? 'network' : oldServer(c)));
    await drain(env(api.fetchImpl));
    await later(api.fetchImpl);
    await later(api.fetchImpl);
    offline = true;
    await later(api.fetchImpl);
    offline = false;
    await later(api.fetchImpl);
    expect((await byPath())['/rest/a1']).toMatchObject({ state: 'pending', attempts: 5, serverErrors: 1 });
    for (let k = 2; k <= SERVER_PARK_AFTER; k++) await later(api.fetchImpl);
    expect((await byPath())['/rest/a1'].state).toBe('parked');
  });
});

describe('a server that is down parks nothing', () => {
  const drains = 12;

  it(`every request 5xx (health check too): after ${drains} replays every item still waits, in order, for the server to come back`, async () => {
    // the server was up an hour ago (an old acknowledgement is no evidence)
    const up = fakeServer(() => [200, {}]);
    await enqueue(db, [item('incident:0', '/rest/earlier')]);
    await drain(env(up.fetchImpl));
    await enqueue(db, [
      item('incident:1', '/rest/a1', { entry: 'satu' }),
      item('incident:1', '/rest/a2', { entry: 'dua' }),
      item('incident:2', '/rest/b1', { entry: 'tiga' }),
    ]);
    const down = fakeServer(
      () => [502, { msg: 'Bad Gateway' }],
      () => [502, { msg: 'Bad Gateway' }],
    );
    await later(down.fetchImpl, 60);
    for (let k = 1; k < drains; k++) await later(down.fetchImpl);
    const left = await listItems(db, 'u1');
    expect(left.map((i) => [i.path, i.state, i.attempts])).toEqual([
      ['/rest/a1', 'pending', drains],
      ['/rest/a2', 'pending', 0],
      ['/rest/b1', 'pending', drains],
    ]);
    expect(left[0].serverErrors).toBe(drains);
    expect(left[0].lastError).toBe('Bad Gateway');
    // probed once per replay from the 4th answer on, never parked
    expect(down.probes().length).toBe(drains - SERVER_PARK_AFTER + 1);

    // back up: everything goes, in order
    const back = fakeServer(() => [200, {}]);
    const r = await later(back.fetchImpl);
    expect(r).toMatchObject({ sent: 3, parked: 0, left: 0 });
    expect(back.writes().map((c) => c.path)).toEqual(['/rest/a1', '/rest/a2', '/rest/b1']);
  });

  it('the health check unreachable (no answer) or answering a proxy page: not parked', async () => {
    await enqueue(db, [item('incident:1', '/rest/a1')]);
    const noProbe = fakeServer(
      () => INTERNAL,
      () => 'network',
    );
    for (let k = 0; k < drains; k++) await later(noProbe.fetchImpl);
    expect((await byPath())['/rest/a1']).toMatchObject({ state: 'pending', attempts: drains });

    const portal = fakeServer(
      () => INTERNAL,
      () => [200, '<html>Wi-Fi login</html>'],
    );
    for (let k = 0; k < drains; k++) await later(portal.fetchImpl);
    expect((await byPath())['/rest/a1']).toMatchObject({ state: 'pending', attempts: 2 * drains });
    expect(portal.probes().length).toBeGreaterThan(0);
  });

  it('no network at all: nothing is parked, nothing is probed', async () => {
    await enqueue(db, [item('incident:1', '/rest/a1'), item('incident:2', '/rest/b1')]);
    const offline = fakeServer(
      () => 'network',
      () => 'network',
    );
    for (let k = 0; k < drains; k++) expect((await later(offline.fetchImpl)).stoppedBy).toBe('offline');
    const left = await listItems(db, 'u1');
    expect(left.map((i) => i.state)).toEqual(['pending', 'pending']);
    expect(left[0].serverErrors).toBeUndefined();
    expect(offline.probes()).toHaveLength(0);
  });
});

describe('the panel: what waits behind a parked item (waitingBehind)', () => {
  it('the later items of its group and what refers to a record it creates; other groups are free', async () => {
    await enqueue(db, [
      item('g1', '/rest/p', {}, { creates: { entity: 'e-p', idField: 'id', kind: 'journal' } }),
      item('g2', '/rest/free'),
      item('g1', '/rest/behind'),
      item('g3', '/rest/photo', { fkTableId: { $ref: 'e-p' } }),
      item('g3', '/rest/after-photo'),
    ]);
    let items = await listItems(db, 'u1');
    expect(waitingBehind(items).size).toBe(0);
    await db.outbox.update(items[0].seq!, { state: 'parked' });
    items = await listItems(db, 'u1');
    const w = waitingBehind(items);
    const of = (path: string) => w.get(items.find((i) => i.path === path)!.clientId)?.path;
    expect(of('/rest/free')).toBeUndefined();
    expect(of('/rest/behind')).toBe('/rest/p');
    expect(of('/rest/photo')).toBe('/rest/p');
    expect(of('/rest/after-photo')).toBe('/rest/p');
    expect(of('/rest/p')).toBeUndefined();
  });
});

describe('the panel: fixing an item the server could not take', () => {
  it("'server' is fixed as 'invalid' is: a journal entry here, a case write in its form", () => {
    expect(isFixable('server')).toBe(true);
    expect(isFixable('invalid')).toBe(true);
    expect(isFixable('conflict')).toBe(false);
    expect(isFixable('forbidden')).toBe(false);
    expect(isFixable(undefined)).toBe(false);
    expect(fixKind({ kind: 'journal.save', body: { entry: NUL_ENTRY } })).toBe('journal');
    expect(fixKind({ kind: 'incident.create', body: {} })).toBe('form');
  });

  it('shows the hidden characters of the text and removes them, leaving the rest as the user wrote it', () => {
    expect(hiddenCharsOf(NUL_ENTRY)).toEqual(['U+0000']);
    expect(hiddenCharsOf('a\u0000b\u0000c\u202Ed\u0007')).toEqual(['U+0000', 'U+202E', 'U+0007']);
    expect(hiddenCharsOf('Baris satu\nbaris\tdua\r\n')).toEqual([]);
    expect(stripHidden(NUL_ENTRY)).toBe('Kemalangan di KM 12.3');
    expect(stripHidden('Baris satu\nbaris\tdua')).toBe('Baris satu\nbaris\tdua');
    // a lone surrogate breaks the same rule (contract/text-rules.ts); a whole pair (an emoji) does not
    expect(hiddenCharsOf('a\uD83Db\uDE00c')).toEqual(['U+D83D', 'U+DE00']);
    expect(hiddenCharsOf('ok \uD83D\uDE00')).toEqual([]);
    expect(stripHidden('a\uD83Db\uDE00c \uD83D\uDE00')).toBe('abc \uD83D\uDE00');
  });
});
