/**
 * Several servers on one PostgreSQL database behave as one (issue #32 items 1 and 6): two apps, each with its own
 * pool, write tracker and listening connection as two server processes would have, started at the same moment on one
 * EMPTY database. A write through one is read through the other on the next request even with that one's answer cache
 * warm; a sign-out, a password change or a deactivation through one is refused by the other; sign-in throttling,
 * idempotency keys and the signing secret are shared; a process that lost its listening connection serves uncached,
 * fresh answers until it listens again.
 *
 * "The next request": a server answers a write only once its notice is sent (db/notify.ts); the notice then reaches
 * the other process's socket within milliseconds. Both apps run in this one process, so before the next request the
 * test waits (bounded) until the other app has READ that notice from its socket; a real client's round trip to
 * another server is that wait.
 *
 * PostgreSQL only (LISTEN/NOTIFY, advisory locks): DATABASE_URL must name a server where databases can be created.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { USERS_PATHS } from '../../contract/users';
import { build } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { migrationsFolder, openDb, type DbHandle } from '../../server/db/client';
import { NOTICES_APPLICATION, noticePayload, WRITES_CHANNEL } from '../../server/db/notify';
import { appUser, staff } from '../../server/db/schema';
import { buildPeople } from '../../server/db/seed';
import { nowMs } from '../../server/lib/clock';
import { call, DEMO_PASSWORD, login } from './support/build';
import { newCasePayload, saveCase } from './support/incident-fixtures';

const BASE_URL = process.env.DATABASE_URL;
if (!BASE_URL) {
  throw new Error(
    'tests/server/multi-server.postgres.test.ts needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test); ' +
      'the PGlite lane of npm test does not run *.postgres.test.ts files',
  );
}

type Server = FastifyInstance & { handle: DbHandle };

const today = () => new Date(nowMs() + 8 * 3600_000).toISOString().slice(0, 10);
const monthAgo = () => new Date(nowMs() + 8 * 3600_000 - 30 * 86400_000).toISOString().slice(0, 10);
/** a hot read kept by the answer cache (the dashboard's case list) */
const list = (app: FastifyInstance, token: string) =>
  call(app, token, { method: 'POST', url: `${PATHS.dashboardDataTables}?length=200&start=0`, payload: { dateStart: monthAgo(), dateEnd: today() } });
const webUser = (app: FastifyInstance, token: string) => call(app, token, { method: 'POST', url: PATHS.webUser, payload: {} });
const signIn = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: PATHS.login, payload: { username, password }, remoteAddress });

/** Waits (at most 5 s) until `done()`; fails naming what was awaited. */
async function until(what: string, done: () => boolean) {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Runs `write` through one server and waits until `other` has read its notice (see the file's comment). */
async function heardBy(other: Server, write: () => Promise<unknown>) {
  const before = other.handle.notices!.received;
  const out = await write();
  await until('the other server to hear the write', () => other.handle.notices!.received > before);
  return out;
}

const admin = async (statement: string) => {
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  try {
    return await c.query(statement);
  } finally {
    await c.end();
  }
};

describe('several servers on one PostgreSQL database', () => {
  const name = `lbh_test_multi_${randomBytes(5).toString('hex')}`;
  const u = new URL(BASE_URL);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  let a: Server;
  let b: Server;

  const config: Partial<Config> = {
    ...loadConfig({}),
    dataDir: 'memory://',
    databaseUrl,
    seedDemo: true,
    demoLive: false,
    seedFastHash: true,
    demoHistoryDays: 14,
    summaryJobSeconds: 0,
    alerts: { unackMinutes: 5, sweepSeconds: 0 },
    positions: { ...loadConfig({}).positions, pruneEveryHours: 0 },
    clientDir: '/nonexistent',
    // no JWT_SECRET: the servers must agree on the one kept in the database
    jwtSecret: undefined,
    // the default TTL (answerCacheTtlMs unset): 120 s on PostgreSQL as on PGlite
    answerCacheTtlMs: undefined,
  };
  const server = async (): Promise<Server> => {
    // each server opens its own database handle: its own pool, write tracker and listening connection; a lost
    // listening connection is retried after 1.5 s (not 100 ms), the time the test has to see it serve uncached
    const handle = await openDb({ dataDir: 'memory://', databaseUrl, noticesReconnectMs: 1_500 });
    const app = await build({ logger: false, db: handle, config });
    app.addHook('onClose', async () => handle.close());
    await app.ready();
    return Object.assign(app, { handle });
  };

  beforeAll(async () => {
    // an EMPTY database (not the suite's migrated template): both servers find it unmigrated and unseeded
    await admin(`create database ${name}`);
    [a, b] = await Promise.all([server(), server()]);
  });
  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close()]);
    await admin(`drop database if exists ${name} with (force)`);
  });

  const count = async (statement: string) => ((await a.handle.db.execute(sql.raw(statement))) as unknown as { rows: { n: number }[] }).rows[0].n;

  it('two servers started at the same moment on an empty database migrate and seed it once', async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(await count('select count(*)::int as n from drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    const people = buildPeople();
    expect(await count('select count(*)::int as n from app_user')).toBe(people.users.length);
    expect(await count('select count(*)::int as n from staff')).toBe(people.staff.length);
    // crossovers have no unique key: two servers topping them up at once would have written them twice
    const crossovers = await count('select count(*)::int as n from crossover');
    expect(crossovers).toBeGreaterThan(0);
    expect(await count('select count(*)::int as n from (select distinct section_id, km, name from crossover) d')).toBe(crossovers);
    expect(await count(`select count(*)::int as n from app_meta where key = 'jwt_secret'`)).toBe(1);
  });

  it('both listen, each under its own application_name; a token signed by one is accepted by the other', async () => {
    expect(a.handle.notices!.listening && b.handle.notices!.listening).toBe(true);
    expect(a.handle.writes.live && b.handle.writes.live).toBe(true);
    const names = (await admin(`select application_name from pg_stat_activity where datname = '${name}'`)).rows.map((r) => r.application_name);
    expect(names).toContain(`${NOTICES_APPLICATION} ${a.handle.notices!.instanceId}`);
    expect(names).toContain(`${NOTICES_APPLICATION} ${b.handle.notices!.instanceId}`);
    const { token } = await login(a, 'tmca');
    expect((await webUser(b, token)).statusCode).toBe(200);
  });

  it("a write through one server is read through the other on the next request, the other's cache warm", async () => {
    const { token } = await login(b, 'tmca');
    const first = await list(b, token);
    expect(first.statusCode).toBe(200);
    expect((await list(b, token)).headers['x-answer-cache']).toBe('hit');

    const aToken = (await login(a, 'tmca')).token;
    const saved = (await heardBy(b, async () => saveCase(a, aToken, await newCasePayload(a)))) as Awaited<ReturnType<typeof saveCase>>;
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().body.pkIncidentId as number;
    const after = await list(b, token);
    expect(after.headers['x-answer-cache']).toBeUndefined();
    expect(after.json().body.rows.some((r: { incidentId: number }) => r.incidentId === id)).toBe(true);
    expect(after.json().body.recordCount).toBe(first.json().body.recordCount + 1);

    // a write by any path of the other process (here straight through its database handle), another cached read
    const me = await login(b, 'tmca');
    expect((await webUser(b, me.token)).headers['x-answer-cache']).toBeUndefined();
    expect((await webUser(b, me.token)).headers['x-answer-cache']).toBe('hit');
    await heardBy(b, () => a.handle.db.update(staff).set({ displayName: 'Nama Dari Pelayan A' }).where(eq(staff.id, me.user.pkStaffId)));
    const fresh = await webUser(b, me.token);
    expect(fresh.headers['x-answer-cache']).toBeUndefined();
    expect(fresh.json().body.user.profile.displayName).toBe('Nama Dari Pelayan A');
  });

  it('a cached read right after another server committed a write waits for its notice: never the copy from before', async () => {
    const { token } = await login(b, 'tmca');
    await list(b, token);
    expect((await list(b, token)).headers['x-answer-cache']).toBe('hit');
    // B's listening backend busy for a moment (as on a loaded machine): the notice of a write committed meanwhile
    // reaches B only once that backend is idle again
    const listener = (b.handle.notices as unknown as { client: pg.Client }).client;
    const busy = listener.query('select pg_sleep(0.4)');
    await new Promise((r) => setTimeout(r, 50));
    const heard = b.handle.notices!.received;
    await a.handle.db.execute(sql`select pg_notify(${WRITES_CHANNEL}, ${noticePayload('abcdef012345', ['data'])})`);
    expect(b.handle.notices!.received, 'the notice is not heard yet').toBe(heard);
    // the read waits for a round trip on the listening connection, which brings the notice in first
    const read = await list(b, token);
    expect(b.handle.notices!.received).toBe(heard + 1);
    expect(read.headers['x-answer-cache'], 'the read after the write was computed, not served from before it').toBeUndefined();
    await busy;
    expect((await list(b, token)).headers['x-answer-cache']).toBe('hit');
  });

  it('a sign-out through one server is refused by the other on the next request', async () => {
    // signed in through the server that caches: a sign-in through the other is a write whose notice may reach it
    // between the two reads below, and the second is then computed again (a CI run caught it)
    const { token } = await login(b, 'tmcs');
    // the other server has the session state and the answer cached
    await list(b, token);
    expect((await list(b, token)).headers['x-answer-cache']).toBe('hit');
    const out = (await heardBy(b, () => call(a, token, { method: 'POST', url: PATHS.logout }))) as Awaited<ReturnType<typeof call>>;
    expect(out.statusCode).toBe(200);
    expect((await list(b, token)).statusCode).toBe(401);
    expect((await webUser(b, token)).statusCode).toBe(401);
  });

  it('a deactivation and a password change through one server are refused by the other on the next request', async () => {
    const superadmin = (await login(a, 'superadmin')).token;
    const [sel] = await a.handle.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'tmca.selatan'));
    const s = (await login(b, 'tmca.selatan')).token;
    await list(b, s);
    expect((await list(b, s)).headers['x-answer-cache']).toBe('hit');
    const off = (await heardBy(b, () => call(a, superadmin, { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [sel.id] } }))) as Awaited<
      ReturnType<typeof call>
    >;
    expect(off.statusCode, off.body).toBe(200);
    expect((await list(b, s)).statusCode).toBe(401);

    const u = (await login(a, 'tmca.utara')).token;
    await webUser(b, u);
    expect((await webUser(b, u)).headers['x-answer-cache']).toBe('hit');
    const changed = (await heardBy(b, () =>
      call(a, u, {
        method: 'POST',
        url: PATHS.resetPassword,
        payload: { userName: 'tmca.utara', oldPassword: DEMO_PASSWORD, newPassword: 'Pelayan#Dua2027' },
      }),
    )) as Awaited<ReturnType<typeof call>>;
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await webUser(b, u)).statusCode).toBe(401);
    // and the new password signs in through either
    expect((await signIn(b, 'tmca.utara', 'Pelayan#Dua2027', '10.71.0.1')).statusCode).toBe(200);
  });

  it('sign-in failures through both servers count together', async () => {
    const ip = '10.70.0.1';
    // the free failures of a pair (LOGIN_FREE_FAILS_PER_PAIR, 5 by default), spread over the two servers
    for (const app of [a, b, a, b, a]) expect((await signIn(app, 'tmcs', 'salah', ip)).statusCode).toBe(401);
    const onB = await signIn(b, 'tmcs', DEMO_PASSWORD, ip);
    expect(onB.statusCode).toBe(429);
    expect((await signIn(a, 'tmcs', DEMO_PASSWORD, ip)).statusCode).toBe(429);
    // another address is not delayed
    expect((await signIn(b, 'tmcs', DEMO_PASSWORD, '10.70.0.2')).statusCode).toBe(200);
  });

  it('an Idempotency-Key answered by one server is replayed by the other: one write, the same answer', async () => {
    const { token, user } = await login(a, 'tmca');
    const payload = await newCasePayload(a);
    const key = `multi-${randomBytes(6).toString('hex')}`;
    const before = await count(`select count(*)::int as n from incident where created_by_staff_id = ${user.pkStaffId}`);
    const first = await call(a, token, { method: 'POST', url: PATHS.incidentSave, payload, headers: { 'Idempotency-Key': key } });
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(b, token, { method: 'POST', url: PATHS.incidentSave, payload, headers: { 'Idempotency-Key': key } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count(`select count(*)::int as n from incident where created_by_staff_id = ${user.pkStaffId}`)).toBe(before + 1);
  });

  it('a server whose listening connection is killed serves uncached, fresh answers until it listens again', async () => {
    const { token, user } = await login(b, 'tmca');
    await webUser(b, token);
    expect((await webUser(b, token)).headers['x-answer-cache']).toBe('hit');

    const app = `${NOTICES_APPLICATION} ${b.handle.notices!.instanceId}`;
    const killed = await admin(`select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = '${app}'`);
    expect(killed.rows).toEqual([{ ok: true }]);
    await until('the listener to notice its lost connection', () => !b.handle.writes.live);

    // while it cannot hear: nothing served from memory, and another server's write (unheard) shows at once
    await a.handle.db.update(staff).set({ displayName: 'Tanpa Notis' }).where(eq(staff.id, user.pkStaffId));
    const r1 = await webUser(b, token);
    const r2 = await webUser(b, token);
    expect(b.handle.writes.live, 'still not listening (the retry comes after 1.5 s)').toBe(false);
    expect(r1.headers['x-answer-cache']).toBeUndefined();
    expect(r2.headers['x-answer-cache']).toBeUndefined();
    expect(r1.json().body.user.profile.displayName).toBe('Tanpa Notis');
    expect(r2.json().body.user.profile.displayName).toBe('Tanpa Notis');

    // it listens again (a new connection, first retry after 1.5 s) and caches again, hearing the others' writes
    await until('the listener to connect again', () => b.handle.writes.live);
    const again = await admin(`select count(*)::int as n from pg_stat_activity where application_name = '${app}'`);
    expect(again.rows[0].n).toBe(1);
    expect((await webUser(b, token)).headers['x-answer-cache']).toBeUndefined();
    expect((await webUser(b, token)).headers['x-answer-cache']).toBe('hit');
    await heardBy(b, () => a.handle.db.update(staff).set({ displayName: 'Dengar Semula' }).where(eq(staff.id, user.pkStaffId)));
    const heard = await webUser(b, token);
    expect(heard.headers['x-answer-cache']).toBeUndefined();
    expect(heard.json().body.user.profile.displayName).toBe('Dengar Semula');
  });
});
