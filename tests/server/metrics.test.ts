// @both-databases: the pool's gauges and /readyz with the database down differ per driver (scripts/test.mjs runs this file on PGlite and on PostgreSQL)
/**
 * Watching the server (issue #32, docs/monitoring.md): /metrics counts what was done (requests by route pattern and
 * status, outbox replays, positions, sign-in failures, database statements, cache lookups), asks for METRICS_TOKEN
 * when one is set; /readyz answers 503 while the database is down or behind its migrations; every log line of a
 * request is JSON with its reqId and, signed in, the user's id.
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { build } from '../../server/app';
import { loadConfig } from '../../server/config';
import { dutyRoster } from '../../server/db/schema';
import { queryKind } from '../../server/db/query-metrics';
import { nowMs } from '../../server/lib/clock';
import { buildTestApp, call, login } from './support/build';
import { demoPatrolOnShift } from './support/incident-fixtures';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Labels = Record<string, string>;
interface Sample {
  name: string;
  labels: Labels;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Labels = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

/** the value of the sample with exactly these labels (0 when absent: a counter not yet moved) */
function value(samples: Sample[], name: string, labels: Labels = {}): number {
  const want = Object.entries(labels);
  const found = samples.filter((s) => s.name === name && want.length === Object.keys(s.labels).length && want.every(([k, v]) => s.labels[k] === v));
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

const DB_KINDS = ['select', 'insert', 'update', 'delete', 'other'];

describe('monitoring: /metrics, /readyz and the request log (issue #32)', () => {
  let app: App;
  let patrol: { id: number; sectionId: number; userId: number; username: string };
  let patrolToken: string;
  let adminToken: string;
  let pgliteClosed = false;

  const scrape = async (target = app) => {
    const res = await target.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: res.body, samples: parse(res.body) };
  };
  const fixes = (n: number, fromMs: number) =>
    Array.from({ length: n }, (_, i) => ({ latitude: 2.9 + i * 0.001, longitude: 101.7, recordedAt: new Date(fromMs + i * 10_000).toISOString() }));
  const savePositions = (payload: object, headers: Record<string, string> = {}) =>
    call(app, patrolToken, { method: 'POST', url: PATHS.rondaGpsSave, payload, headers });

  beforeAll(async () => {
    app = await buildTestApp();
    patrol = await demoPatrolOnShift(app);
    // on shift for hours either side of now, whatever the time the suite runs at
    await app.ctx.db
      .update(dutyRoster)
      .set({ startsAt: new Date(nowMs() - 3 * 3600_000), endsAt: new Date(nowMs() + 2 * 3600_000) })
      .where(eq(dutyRoster.id, patrol.id));
    patrolToken = (await login(app, patrol.username)).token;
    adminToken = (await login(app, 'superadmin')).token;
  });
  afterAll(async () => {
    // the PGlite readiness test closed the database on purpose: the app's own close of it then finds it closed
    await app?.cleanup().catch((err) => {
      if (!(pgliteClosed && /PGlite is closed/.test(String(err)))) throw err;
    });
  });

  it('the counters move by exactly the requests made; route labels are patterns', async () => {
    const before = await scrape();
    const sectionUrl = PATHS.eventLocationsBySection(patrol.sectionId);

    // a list read, by a route with a parameter
    expect((await call(app, adminToken, { method: 'GET', url: sectionUrl })).statusCode).toBe(200);
    // sign-in failures: a wrong password and an unknown username (both 401 to the caller)
    for (const username of ['superadmin', 'no.such.user']) {
      const res = await app.inject({ method: 'POST', url: PATHS.login, payload: { username, password: 'wrong-password' } });
      expect(res.statusCode).toBe(401);
    }
    // an outbox write (Idempotency-Key), its replay, and a refused reuse of the key
    const t = nowMs() - 3600_000;
    const first = await savePositions({ pkDutyRosterId: patrol.id, positions: fixes(3, t) }, { 'Idempotency-Key': 'metrics-batch-1' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await savePositions({ pkDutyRosterId: patrol.id, positions: fixes(3, t) }, { 'Idempotency-Key': 'metrics-batch-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const reused = await savePositions({ pkDutyRosterId: patrol.id, positions: fixes(1, t) }, { 'Idempotency-Key': 'metrics-batch-1' });
    expect(reused.statusCode).toBe(422);
    // positions without a key: stored, not an outbox replay
    expect((await savePositions({ pkDutyRosterId: patrol.id, positions: fixes(2, t + 60_000) })).statusCode).toBe(200);
    // a cached read: the first asks the database, the second is answered from memory
    for (let i = 0; i < 2; i++) expect((await call(app, adminToken, { method: 'POST', url: PATHS.webUser })).statusCode).toBe(200);
    // no route at all
    expect((await app.inject({ method: 'GET', url: '/rest/no/such/route/42' })).statusCode).toBe(404);

    const after = await scrape();
    const moved = (name: string, labels: Labels = {}) => value(after.samples, name, labels) - value(before.samples, name, labels);
    const http = (method: string, route: string, status: number) => ({ method, route, status_code: String(status) });

    expect(moved('http_requests_total', http('GET', PATHS.eventLocationsBySectionPattern, 200))).toBe(1);
    expect(moved('http_request_duration_seconds_count', http('GET', PATHS.eventLocationsBySectionPattern, 200))).toBe(1);
    expect(moved('http_request_duration_seconds_sum', http('GET', PATHS.eventLocationsBySectionPattern, 200))).toBeGreaterThan(0);
    expect(moved('http_requests_total', http('POST', PATHS.login, 401))).toBe(2);
    expect(moved('http_requests_total', http('POST', PATHS.rondaGpsSave, 200))).toBe(3);
    expect(moved('http_requests_total', http('POST', PATHS.rondaGpsSave, 422))).toBe(1);
    expect(moved('http_requests_total', http('POST', PATHS.webUser, 200))).toBe(2);
    expect(moved('http_requests_total', http('GET', 'unmatched', 404))).toBe(1);
    // every request above, no other (the first scrape is not counted either)
    const total = (s: Sample[]) => s.filter((x) => x.name === 'http_requests_total').reduce((n, x) => n + x.value, 0);
    expect(total(after.samples) - total(before.samples)).toBe(10);
    // patterns, never the raw URL; the scrape itself is not counted
    expect(after.text).not.toContain(sectionUrl);
    expect(after.text).not.toContain('/rest/no/such/route');
    expect(after.samples.some((s) => s.labels.route === '/metrics')).toBe(false);

    expect(moved('sign_in_failures_total', { reason: 'bad_password' })).toBe(1);
    expect(moved('sign_in_failures_total', { reason: 'unknown_user' })).toBe(1);
    for (const reason of ['inactive', 'throttled', 'directory_unavailable', 'error']) expect(moved('sign_in_failures_total', { reason })).toBe(0);

    expect(moved('outbox_replays_total', { outcome: 'acknowledged', answer: 'first' })).toBe(1);
    expect(moved('outbox_replays_total', { outcome: 'acknowledged', answer: 'stored' })).toBe(1);
    expect(moved('outbox_replays_total', { outcome: 'refused', answer: 'first' })).toBe(1);
    expect(moved('outbox_replays_total', { outcome: 'refused', answer: 'stored' })).toBe(0);
    expect(moved('outbox_replays_total', { outcome: 'failed', answer: 'first' })).toBe(0);

    // 3 fixes and 2 fixes stored; the replayed batch stored nothing
    expect(moved('positions_ingested_total')).toBe(5);

    expect(moved('cache_lookups_total', { cache: 'answer', result: 'miss' })).toBe(1);
    expect(moved('cache_lookups_total', { cache: 'answer', result: 'hit' })).toBe(1);
    expect(after.samples.some((s) => s.name === 'cache_lookups_total' && s.labels.cache === 'big_maps')).toBe(true);

    // statements timed by kind: the reads and the batches' one statement each (a WITH … insert)
    expect(moved('db_query_duration_seconds_count', { kind: 'select' })).toBeGreaterThan(0);
    expect(moved('db_query_duration_seconds_count', { kind: 'insert' })).toBeGreaterThanOrEqual(2);
    expect(after.samples.filter((s) => s.name === 'db_query_duration_seconds_count').map((s) => s.labels.kind)).toEqual(DB_KINDS);
    const connections = value(after.samples, 'db_pool_connections');
    if (app.ctx.dbKind === 'pglite') expect(connections).toBe(1);
    else expect(connections).toBeGreaterThanOrEqual(1);
    expect(value(after.samples, 'db_pool_idle')).toBeLessThanOrEqual(connections);
    expect(value(after.samples, 'db_pool_waiting')).toBe(0);
    // the process's default metrics beside the app's
    expect(value(after.samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('METRICS_TOKEN: unset leaves /metrics open; a set one has at least 16 visible characters', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ' abcdefghijklmnop ' }).metricsToken).toBe('abcdefghijklmnop');
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'sixteen chars with spaces' })).toThrow(/METRICS_TOKEN/);
  });

  it('statement kinds come from the text, WITH statements by their write', () => {
    expect(queryKind('select 1')).toBe('select');
    expect(queryKind('  INSERT INTO x values (1)')).toBe('insert');
    expect(queryKind('update "app_user" set x = 1')).toBe('update');
    expect(queryKind('delete from x')).toBe('delete');
    expect(queryKind('with claim as (select 1), ins as (insert into roster_position select 1) select 1')).toBe('insert');
    expect(queryKind('with a as (select 1) select * from a for update')).toBe('select');
    expect(queryKind('insert into t values (1) on conflict (id) do update set x = 1')).toBe('insert');
    expect(queryKind('begin')).toBe('other');
    expect(queryKind('commit')).toBe('other');
  });

  it('with METRICS_TOKEN, /metrics asks for it; request ids from a trusted proxy; log lines are JSON with reqId and userId', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const token = 'metrics-token-0123456789';
    // a second app on this file's database (already seeded), with a token, behind a trusted proxy, logging
    const shared = {
      db: app.ctx.db,
      kind: app.ctx.dbKind,
      where: 'shared',
      writes: app.ctx.writes,
      close: async () => {},
      exclusive: <T>(fn: () => Promise<T>) => fn(),
    };
    const second = await build({
      logger: { level: 'info', stream },
      db: shared,
      config: { ...app.ctx.config, metricsToken: token, trustProxy: true },
    });
    try {
      await second.ready();
      expect((await second.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await second.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers['www-authenticate']).toMatch(/^Bearer/);
      const right = await second.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(right.statusCode).toBe(200);
      // its own registry: this app has answered no counted request yet (the scrapes are not counted)
      expect(parse(right.body).filter((s) => s.name === 'http_requests_total')).toEqual([]);

      lines.length = 0;
      const res = await call(second, patrolToken, { method: 'GET', url: PATHS.checkToken, headers: { 'x-request-id': 'nginx-0123abcd' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toBe('nginx-0123abcd');
      // a malformed id is not taken: one of ours instead
      const odd = await second.inject({ method: 'GET', url: PATHS.health, headers: { 'x-request-id': 'has spaces and "quotes"' } });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);

      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const ofRequest = entries.filter((e) => e.reqId === 'nginx-0123abcd');
      const completed = ofRequest.find((e) => e.msg === 'request completed');
      expect(completed).toMatchObject({ reqId: 'nginx-0123abcd', userId: patrol.userId, res: { statusCode: 200 } });
      expect(typeof completed?.time).toBe('number');
      expect(typeof completed?.level).toBe('number');
      // the line written before the token was verified has no user yet; every line has the request id
      expect(ofRequest.find((e) => e.msg === 'incoming request')).not.toHaveProperty('userId');
      expect(entries.every((e) => typeof e.reqId === 'string')).toBe(true);
    } finally {
      await second.close();
    }
    // not behind a trusted proxy (the first app): a client's X-Request-Id is not taken
    const direct = await app.inject({ method: 'GET', url: PATHS.health, headers: { 'x-request-id': 'nginx-0123abcd' } });
    expect(direct.headers['x-request-id']).not.toBe('nginx-0123abcd');
  });

  it('/readyz: 200 when ready, 503 naming what is not (migrations behind, the database down), 200 again after', async () => {
    const ready = () => app.inject({ method: 'GET', url: PATHS.ready });
    const ok = await ready();
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ database: 'ok', migrations: 'ok' });

    // a database restored from an older release's backup: the newest migration this release ships is missing
    const newest = Number(
      (
        (await app.ctx.db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`)) as unknown as {
          rows: { last: string }[];
        }
      ).rows[0].last,
    );
    await app.ctx.db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${newest - 1} where created_at = ${newest}`);
    const behind = await ready();
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toEqual({ database: 'ok', migrations: 'behind' });
    await app.ctx.db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${newest} where created_at = ${newest - 1}`);
    expect((await ready()).statusCode).toBe(200);

    if (app.ctx.dbKind === 'postgres') {
      // the database refuses connections and its open ones are ended, from an admin connection
      const url = new URL(app.ctx.config.databaseUrl!);
      const name = url.pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        const down = await ready();
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ database: 'down', migrations: 'unknown' });
        // liveness stays a separate question: the process answers
        expect((await app.inject({ method: 'GET', url: PATHS.health })).json()).toMatchObject({ status: 'degraded' });
      } finally {
        await admin.query(`alter database ${name} allow_connections true`);
        await admin.end();
      }
      const back = await ready();
      expect(back.statusCode).toBe(200);
      expect(back.json()).toEqual({ database: 'ok', migrations: 'ok' });
    } else {
      // the embedded database gone (its handle closed): nothing brings it back in this process, so no 200 after
      await (app.ctx.db as unknown as { $client: { close: () => Promise<void> } }).$client.close();
      pgliteClosed = true;
      const down = await ready();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ database: 'down', migrations: 'unknown' });
    }
  });
});
