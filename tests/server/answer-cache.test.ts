// @both-databases: the write tracker sees each driver's statements its own way (scripts/test.mjs runs this file on PGlite and on PostgreSQL)
/**
 * The answer cache and the write tracker (issue #18): hot reads are served from memory, yet a revoked, demoted or
 * deactivated session is refused on its very next request, a committed write shows on the very next read, and two
 * users never share an answer (different regions least of all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { PATHS } from '../../contract/paths';
import { USERS_PATHS } from '../../contract/users';
import { ROLE_IDS } from '../../contract/roles';
import { appUser, idempotencyKey, rosterLatestPosition, staff } from '../../server/db/schema';
import { domainsOf, WriteTracker } from '../../server/db/write-tracker';
import { registerAnswerCache } from '../../server/plugins/answer-cache';
import { buildTestApp, call, login } from './support/build';
import { newCasePayload, saveCase } from './support/incident-fixtures';
import { nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const today = () => new Date(nowMs() + 8 * 3600_000).toISOString().slice(0, 10);
const monthAgo = () => new Date(nowMs() + 8 * 3600_000 - 30 * 86400_000).toISOString().slice(0, 10);
const list = (app: App, token: string) =>
  call(app, token, { method: 'POST', url: `${PATHS.dashboardDataTables}?length=200&start=0`, payload: { dateStart: monthAgo(), dateEnd: today() } });
const webUser = (app: App, token: string) => call(app, token, { method: 'POST', url: PATHS.webUser, payload: {} });

describe('answer cache on the app', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => app?.cleanup());

  it('serves a repeated read from memory, byte for byte, and a committed write on the very next read', async () => {
    const { token } = await login(app, 'tmca');
    const first = await list(app, token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-answer-cache']).toBeUndefined();
    const second = await list(app, token);
    expect(second.headers['x-answer-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toMatch(/^application\/json/);

    // a new case through the API: the next list has it
    const saved = await saveCase(app, token, await newCasePayload(app));
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().body.pkIncidentId as number;
    const after = await list(app, token);
    expect(after.headers['x-answer-cache']).toBeUndefined();
    expect(after.json().body.rows.some((r: { incidentId: number }) => r.incidentId === id)).toBe(true);
    expect(after.json().body.recordCount).toBe(first.json().body.recordCount + 1);
  });

  it('a write made straight in the database (any path, not only the API) shows on the very next read', async () => {
    const { token, user } = await login(app, 'tmca');
    expect((await webUser(app, token)).json().body.user.profile.displayName).not.toBe('Nama Baharu Ujian');
    expect((await webUser(app, token)).headers['x-answer-cache']).toBe('hit');
    await app.ctx.db.update(staff).set({ displayName: 'Nama Baharu Ujian' }).where(eq(staff.id, user.pkStaffId));
    const res = await webUser(app, token);
    expect(res.headers['x-answer-cache']).toBeUndefined();
    expect(res.json().body.user.profile.displayName).toBe('Nama Baharu Ujian');
  });

  it('two users of different regions never get each other’s answer, even for the same request', async () => {
    const tengah = await login(app, 'tmca');
    const utara = await login(app, 'tmca.utara');
    expect(tengah.user.section.region.key).not.toBe(utara.user.section.region.key);
    await list(app, tengah.token);
    expect((await list(app, tengah.token)).headers['x-answer-cache']).toBe('hit');
    const theirs = await list(app, utara.token);
    expect(theirs.headers['x-answer-cache']).toBeUndefined();
    const rows = theirs.json().body.rows as { regionName: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.regionName))).toEqual(new Set(['Utara']));
    const mine = (await list(app, tengah.token)).json().body.rows as { regionName: string }[];
    expect(new Set(mine.map((r) => r.regionName))).toEqual(new Set(['Tengah']));
  });

  it('a sign-out, a role change and a deactivation take effect on the very next request, cache or not', async () => {
    const admin = (await login(app, 'superadmin')).token;
    const [sel] = await app.ctx.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'tmca.selatan'));

    // sign-out
    let s = (await login(app, 'tmca.selatan')).token;
    await list(app, s);
    expect((await list(app, s)).headers['x-answer-cache']).toBe('hit');
    expect((await call(app, s, { method: 'POST', url: PATHS.logout })).statusCode).toBe(200);
    expect((await list(app, s)).statusCode).toBe(401);
    expect((await webUser(app, s)).statusCode).toBe(401);

    // role change
    s = (await login(app, 'tmca.selatan')).token;
    await webUser(app, s);
    expect((await webUser(app, s)).headers['x-answer-cache']).toBe('hit');
    const changed = await call(app, admin, { method: 'POST', url: USERS_PATHS.changeRole, payload: { userId: sel.id, roleId: ROLE_IDS.TMCS } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await webUser(app, s)).statusCode).toBe(401);
    expect((await list(app, s)).statusCode).toBe(401);
    // the new session sees its new role, not the cached old answer
    s = (await login(app, 'tmca.selatan')).token;
    expect((await webUser(app, s)).json().body.user.roles[0].pkRoleId).toBe(ROLE_IDS.TMCS);

    // deactivation
    await list(app, s);
    expect((await list(app, s)).headers['x-answer-cache']).toBe('hit');
    const off = await call(app, admin, { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [sel.id] } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await list(app, s)).statusCode).toBe(401);
    expect((await webUser(app, s)).statusCode).toBe(401);
  });

  it('the tracker: a transaction moves the version once committed, a rollback does not; positions and idempotency keys are their own', async () => {
    const { db, writes } = app.ctx;
    const data0 = writes.version('data');
    const pos0 = writes.version('positions');
    await db.select().from(staff).limit(1);
    await db.execute(sql`SELECT id FROM staff WHERE id = 1 FOR UPDATE`);
    expect(writes.version('data')).toBe(data0);

    let inside = -1;
    await db.transaction(async (tx) => {
      await tx.update(staff).set({ position: 'Ujian' }).where(eq(staff.id, -1));
      inside = writes.version('data');
    });
    expect(inside).toBe(data0); // not before the commit
    expect(writes.version('data')).toBeGreaterThan(data0);

    const data1 = writes.version('data');
    await expect(
      db.transaction(async (tx) => {
        await tx.update(staff).set({ position: 'Ujian' }).where(eq(staff.id, -1));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(writes.version('data')).toBe(data1);

    await db.delete(rosterLatestPosition).where(eq(rosterLatestPosition.dutyRosterId, -1));
    expect(writes.version('positions')).toBe(pos0 + 1);
    expect(writes.version('data')).toBe(data1);
    await db.delete(idempotencyKey).where(eq(idempotencyKey.userId, -1));
    expect(writes.version('data')).toBe(data1);
    expect(writes.version('positions')).toBe(pos0 + 1);
  });
});

describe('write tracker: what a statement writes', () => {
  it.each([
    ['select * from "incident" where id = $1', []],
    ['select * from "incident" for update', []],
    ['select "updated_at", "deleted_by" from "incident"', []],
    ['insert into "incident" ("a") values ($1)', ['data']],
    ['update "staff" set "x" = $1', ['data']],
    ['delete from "journal_entry" where id = $1', ['data']],
    ['insert into "roster_position" (a) values ($1)', ['positions']],
    ['insert into "roster_latest_position" (a) values ($1) on conflict ("roster_id") do update set "at" = excluded."at"', ['positions']],
    [
      'with f as (insert into "roster_position" (a) select * from unnest($1) returning 1) insert into "roster_latest_position" (a) values (1) on conflict do nothing',
      ['positions'],
    ],
    ['insert into "idempotency_key" (a) values ($1) on conflict do nothing returning "key"', []],
    ['with t as (update "incident" set a = 1 returning id) select * from t', ['data']],
    ['CREATE INDEX x ON incident (a)', ['data', 'positions']],
  ])('%s → %j', (text, domains) => {
    expect(domainsOf(text).sort()).toEqual([...domains].sort());
  });
});

describe('answer cache: an answer computed while a write was committed is not kept', () => {
  it('stores only when the version did not move during the handler', async () => {
    const writes = new WriteTracker();
    const app = Fastify();
    let calls = 0;
    let writeDuring = true;
    app.addHook('onRequest', async (request) => {
      (request as unknown as { user: object }).user = { sub: '1', rid: 1, sid: 1, sec: 1, reg: 1, t: 0, uid: 'u', rn: 'TMCA' };
    });
    registerAnswerCache(app, { writes, ttlMs: 60_000 });
    app.post('/x', { config: { answerCache: true } }, async () => {
      calls++;
      if (writeDuring) writes.bump(['data']);
      return { n: calls };
    });
    const ask = () => app.inject({ method: 'POST', url: '/x', payload: {} });
    expect((await ask()).json()).toEqual({ n: 1 });
    expect((await ask()).json()).toEqual({ n: 2 }); // the first was not kept
    writeDuring = false;
    expect((await ask()).json()).toEqual({ n: 3 });
    const hit = await ask();
    expect(hit.json()).toEqual({ n: 3 });
    expect(hit.headers['x-answer-cache']).toBe('hit');
    writes.bump(['positions']); // another domain: still current
    expect((await ask()).json()).toEqual({ n: 3 });
    writes.bump(['data']);
    expect((await ask()).json()).toEqual({ n: 4 });
    await app.close();
  });

  it('expires after its TTL; a TTL of 0 keeps nothing', async () => {
    for (const ttlMs of [0, 30]) {
      const app = Fastify();
      let calls = 0;
      app.addHook('onRequest', async (request) => {
        (request as unknown as { user: object }).user = { sub: '1', rid: 1, sid: 1, sec: 1, reg: 1, t: 0, uid: 'u', rn: 'TMCA' };
      });
      registerAnswerCache(app, { writes: new WriteTracker(), ttlMs });
      app.post('/x', { config: { answerCache: true } }, async () => ({ n: ++calls }));
      await app.inject({ method: 'POST', url: '/x', payload: {} });
      const again = (await app.inject({ method: 'POST', url: '/x', payload: {} })).json().n;
      expect(again).toBe(ttlMs === 0 ? 2 : 1);
      if (ttlMs) {
        await new Promise((r) => setTimeout(r, 40));
        expect((await app.inject({ method: 'POST', url: '/x', payload: {} })).json().n).toBe(2);
      }
      await app.close();
    }
  });
});
