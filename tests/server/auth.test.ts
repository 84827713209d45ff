import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { ROLES } from '../../contract/roles';
import { incident } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seed';
import { buildTestApp, call, DEMO_PASSWORD, login } from './support/build';

const SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
function craftToken(payload: Record<string, unknown>, { alg = 'HS256', secret = SECRET } = {}) {
  const head = `${b64({ alg, typ: 'JWT' })}.${b64(payload)}`;
  if (alg === 'none') return `${head}.`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

const userOf = (roleName: string) => {
  const u = DEMO_USERS.find((d) => d.roleName === roleName && d.username !== 'baharu');
  if (!u) throw new Error(`no demo user for ${roleName}`);
  return u;
};

describe('sign-in and session', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp({
      login: { freeFailsPerPair: 3, failsPerAddress: 50, firstDelaySeconds: 60, maxDelaySeconds: 600, windowSeconds: 600 },
    });
  });
  afterAll(async () => app?.cleanup());

  it('every role id has a demo user who can sign in and whose details follow §7.1', async () => {
    for (const role of ROLES) {
      const demo = DEMO_USERS.find((d) => d.roleId === role.id && d.username !== 'baharu');
      expect(demo, `demo user for role ${role.id}`).toBeTruthy();
      const res = await app.inject({
        method: 'POST',
        url: '/rest/auth/jwt/login',
        payload: { username: demo!.username, password: demo!.password },
        remoteAddress: `10.1.0.${role.id % 250}`,
      });
      expect(res.statusCode).toBe(200);
      const env = res.json();
      expect(env).toMatchObject({ statusCode: 200, statusMsg: expect.any(String) });
      expect(env.body.token.split('.')).toHaveLength(3);
      expect(env.body.user.roles[0]).toEqual({ pkRoleId: role.id, roleName: role.name });
      const detail = await call(app, env.body.token, { method: 'POST', url: '/rest/auth/getDetailWebUser' });
      expect(detail.statusCode).toBe(200);
      const user = detail.json().body.user;
      expect(user).toMatchObject({
        userId: demo!.username,
        resetPasswordCount: expect.any(Number),
        pkStaffId: expect.any(Number),
        section: { pkSectionId: expect.any(Number), sectionName: expect.any(String), region: { value: expect.any(String) } },
        profile: { displayName: demo!.displayName },
      });
      expect(detail.headers['cache-control']).toBe('no-store');
    }
  });

  it('a patrol officer on duty today gets the roster in the login answer', async () => {
    const pr = await login(app, userOf('PR').username);
    const rosters = (pr.user as unknown as { rosters: { dutyRosterName: string; plateNumber: string | null }[] }).rosters;
    expect(rosters.length).toBeGreaterThan(0);
    expect(rosters[0].plateNumber).toBeTruthy();
  });

  it('sign-in is case-insensitive on the username', async () => {
    const u = userOf('TMCA');
    const res = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      payload: { username: u.username.toUpperCase(), password: u.password },
      remoteAddress: '10.2.0.1',
    });
    expect(res.statusCode).toBe(200);
  });

  it('unknown user and wrong password get the same 401 and no token', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      payload: { username: 'tiada.orang', password: 'x' },
      remoteAddress: '10.3.0.1',
    });
    const wrong = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      payload: { username: userOf('SC').username, password: 'salah-sekali' },
      remoteAddress: '10.3.0.2',
    });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        statusMsg: 'Nama pengguna atau kata laluan tidak sah.',
        body: { errorCode: 'INVALID_CREDENTIALS' },
      });
    }
  });

  it('empty fields, wrong types, malformed JSON and a 10 MB body get a clear 4xx naming the problem', async () => {
    const empty = await app.inject({ method: 'POST', url: '/rest/auth/jwt/login', payload: { username: '', password: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().body).toMatchObject({ errorCode: 'VALIDATION', field: 'username' });
    expect(empty.json().statusMsg).toContain('username');

    const missing = await app.inject({ method: 'POST', url: '/rest/auth/jwt/login', payload: { username: 'tmca' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().body.field).toBe('password');

    const typed = await app.inject({ method: 'POST', url: '/rest/auth/jwt/login', payload: { username: 12, password: ['a'] } });
    expect(typed.statusCode).toBe(400);

    const bad = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "tmca", ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, body: { errorCode: 'BAD_JSON' } });
    expect(bad.body).not.toMatch(/at .*\.(js|ts):\d+/);

    const huge = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().body.errorCode).toBe('PAYLOAD_TOO_LARGE');
  });

  it('repeated failed sign-ins of one username from one address delay that pair, even with the right password; not the user elsewhere', async () => {
    const u = userOf('TSTA');
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/rest/auth/jwt/login',
        payload: { username: u.username, password: `salah${i}` },
        remoteAddress: '10.4.0.1',
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      payload: { username: u.username, password: u.password },
      remoteAddress: '10.4.0.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().body.errorCode).toBe('TOO_MANY_REQUESTS');
    expect(blocked.json().statusMsg).toMatch(/^Terlalu banyak cubaan log masuk\. Sila cuba lagi dalam (1 minit|\d+ saat)\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // nobody can lock a user out by typing the (public) username: the user from another address signs in
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/rest/auth/jwt/login',
          payload: { username: u.username, password: u.password },
          remoteAddress: '10.4.1.1',
        })
      ).statusCode,
    ).toBe(200);
    // another user at the same address is not affected
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/rest/auth/jwt/login',
          payload: { username: userOf('TSTE').username, password: DEMO_PASSWORD },
          remoteAddress: '10.4.0.1',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('repeated failed sign-ins from one address delay it with 429 whatever the username', async () => {
    const strict = await buildTestApp({
      login: { freeFailsPerPair: 100, failsPerAddress: 4, firstDelaySeconds: 60, maxDelaySeconds: 600, windowSeconds: 600 },
    });
    try {
      for (let i = 0; i < 4; i++) {
        await strict.inject({
          method: 'POST',
          url: '/rest/auth/jwt/login',
          payload: { username: `orang${i}`, password: 'x' },
          remoteAddress: '10.9.9.9',
        });
      }
      const res = await strict.inject({
        method: 'POST',
        url: '/rest/auth/jwt/login',
        payload: { username: userOf('TMCA').username, password: DEMO_PASSWORD },
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(429);
      const other = await strict.inject({
        method: 'POST',
        url: '/rest/auth/jwt/login',
        payload: { username: userOf('TMCA').username, password: DEMO_PASSWORD },
        remoteAddress: '10.9.9.10',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await strict.cleanup();
    }
  });

  it('calls without a token, with a forged, alg:none, wrong-key or expired token get 401', async () => {
    const { user } = await login(app, userOf('TMCA').username);
    const claims = { sub: '1', uid: 'tmca', rid: 104, rn: 'TMCA', sid: user.pkStaffId, sec: 1, reg: 1, t: Date.now() };
    const now = Math.floor(Date.now() / 1000);
    const url = '/rest/auth/getDetailWebUser';
    const none = await call(app, null, { method: 'POST', url });
    expect(none.statusCode).toBe(401);
    for (const token of [
      craftToken({ ...claims, iat: now, exp: now + 600 }, { alg: 'none' }),
      craftToken({ ...claims, iat: now, exp: now + 600 }, { secret: 'a-different-key' }),
      craftToken({ ...claims, iat: now - 7200, exp: now - 3600 }),
      'not.a.token',
    ]) {
      const res = await call(app, token, { method: 'POST', url });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().body.errorCode).toMatch(/UNAUTHORIZED|TOKEN_EXPIRED/);
    }
    const expired = await call(app, craftToken({ ...claims, iat: now - 7200, exp: now - 3600 }), { method: 'POST', url });
    expect(expired.json().body.errorCode).toBe('TOKEN_EXPIRED');
  });

  it('a token verified once is kept by its whole text until its exp, not a second after', async () => {
    const { token } = await login(app, userOf('TMCA').username);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, number>;
    const exp = Math.floor(Date.now() / 1000) + 2;
    const short = craftToken({ ...claims, exp });
    const url = '/rest/auth/getDetailWebUser';
    expect((await call(app, short, { method: 'POST', url })).statusCode).toBe(200);
    expect((await call(app, short, { method: 'POST', url })).statusCode).toBe(200);
    // the same claims under another signature are not the kept token
    const [head, body, sig] = short.split('.');
    const forged = `${head}.${body}.${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    expect((await call(app, forged, { method: 'POST', url })).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 20));
    const late = await call(app, short, { method: 'POST', url });
    expect(late.statusCode).toBe(401);
    expect(late.json().body.errorCode).toBe('TOKEN_EXPIRED');
  });

  it('a token stops working after sign-out; a new sign-in works', async () => {
    const u = userOf('TMCS');
    const { token } = await login(app, u.username);
    expect((await call(app, token, { method: 'GET', url: '/rest/auth/checkToken' })).statusCode).toBe(200);
    expect((await call(app, token, { method: 'POST', url: '/rest/auth/logout' })).statusCode).toBe(200);
    const after = await call(app, token, { method: 'GET', url: '/rest/auth/checkToken' });
    expect(after.statusCode).toBe(401);
    expect(after.json().body.errorCode).toBe('TOKEN_REVOKED');
    const again = await login(app, u.username);
    expect((await call(app, again.token, { method: 'GET', url: '/rest/auth/checkToken' })).statusCode).toBe(200);
  });

  it('a read whose statements ran beside the revocation read answers a revoked token with the 401 alone, whatever it would have answered', async () => {
    const { token } = await login(app, userOf('TMCA').username);
    const page = `${PATHS.dashboardDataTables}?length=1&start=0`;
    const listed = await call(app, token, { method: 'POST', url: page, payload: {} });
    expect(listed.statusCode).toBe(200);
    const ticket = listed.json().body.rows[0].ticketNumber as string;
    const [{ id }] = await app.ctx.db.select({ id: incident.id }).from(incident).where(eq(incident.ticketNumber, ticket));
    const reads: InjectOptions[] = [
      { method: 'GET', url: PATHS.incidentViewGet(id) },
      { method: 'GET', url: PATHS.journalByIncident(id) },
      { method: 'GET', url: PATHS.incidentViewGet(999_999_999) },
      { method: 'POST', url: page, payload: {} },
      { method: 'POST', url: `${PATHS.dashboardDataTables}?length=-1`, payload: {} },
    ];
    // every one a read route (config.read); to the live token they answer 200, 200, 404, 200 and 400
    const before = [];
    for (const r of reads) before.push((await call(app, token, r)).statusCode);
    expect(before).toEqual([200, 200, 404, 200, 400]);

    expect((await call(app, token, { method: 'POST', url: PATHS.logout })).statusCode).toBe(200);
    for (const r of reads) {
      const res = await call(app, token, r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().body.errorCode).toBe('TOKEN_REVOKED');
      expect(res.body).not.toContain(ticket);
      for (const h of ['etag', 'x-answer-cache', 'content-encoding']) expect(res.headers[h], h).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("a role calling another role's endpoint gets 403", async () => {
    const pr = await login(app, userOf('PR').username);
    const res = await call(app, pr.token, { method: 'POST', url: '/rest/roster/manage/notificationView/getAll', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().body.errorCode).toBe('FORBIDDEN');
    const others = await login(app, userOf('OTHERS').username);
    const rosters = await call(app, others.token, { method: 'POST', url: '/rest/roster/manage/dutyroster/dataTables', payload: {} });
    expect(rosters.statusCode).toBe(403);
    const tmca = await login(app, userOf('TMCA').username);
    expect((await call(app, tmca.token, { method: 'POST', url: '/rest/roster/manage/notificationView/getAll', payload: {} })).statusCode).toBe(200);
  });

  it('a user with resetPasswordCount 0 must change the password before anything else', async () => {
    const fresh = DEMO_USERS.find((d) => d.username === 'baharu')!;
    const first = await login(app, fresh.username, fresh.password);
    expect((first.user as unknown as { resetPasswordCount: number }).resetPasswordCount).toBe(0);
    // the restricted token reads its own details but nothing else
    expect((await call(app, first.token, { method: 'POST', url: '/rest/auth/getDetailWebUser' })).statusCode).toBe(200);
    const blocked = await call(app, first.token, { method: 'POST', url: '/rest/roster/manage/dutyroster/dataTables', payload: {} });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().body.errorCode).toBe('PASSWORD_RESET_REQUIRED');

    const weak = await call(app, first.token, {
      method: 'POST',
      url: '/rest/roster/manage/user/resetPassword',
      payload: { userName: fresh.username, oldPassword: fresh.password, newPassword: 'pendek' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().body.field).toBe('newPassword');
    const wrongOld = await call(app, first.token, {
      method: 'POST',
      url: '/rest/roster/manage/user/resetPassword',
      payload: { userName: fresh.username, oldPassword: 'bukan-ini', newPassword: 'Baharu#2027' },
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().body.field).toBe('oldPassword');
    const someoneElse = await call(app, first.token, {
      method: 'POST',
      url: '/rest/roster/manage/user/resetPassword',
      payload: { userName: 'tmca', oldPassword: fresh.password, newPassword: 'Baharu#2027' },
    });
    expect(someoneElse.statusCode).toBe(403);

    const done = await call(app, first.token, {
      method: 'POST',
      url: '/rest/roster/manage/user/resetPassword',
      payload: { userName: fresh.username, oldPassword: fresh.password, newPassword: 'Baharu#2027' },
    });
    expect(done.statusCode).toBe(200);
    // the old token is revoked; the old password no longer works; the new one gives a full token
    expect((await call(app, first.token, { method: 'GET', url: '/rest/auth/checkToken' })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/rest/auth/jwt/login',
          payload: { username: fresh.username, password: fresh.password },
          remoteAddress: '10.5.0.1',
        })
      ).statusCode,
    ).toBe(401);
    const second = await login(app, fresh.username, 'Baharu#2027', '10.5.0.2');
    expect((second.user as unknown as { resetPasswordCount: number }).resetPasswordCount).toBe(1);
    expect((await call(app, second.token, { method: 'POST', url: '/rest/roster/manage/dutyroster/dataTables', payload: {} })).statusCode).toBe(200);
  });

  it('the username check needs no token and says whether the user exists', async () => {
    const yes = await app.inject({ method: 'GET', url: `/public/primeuser/get/${userOf('TMCA').username}` });
    expect(yes.statusCode).toBe(200);
    expect(yes.json().body).toMatchObject({ exists: true, active: true, authType: 'LOCAL' });
    const no = await app.inject({ method: 'GET', url: '/public/primeuser/get/tiada.sesiapa' });
    expect(no.json().body).toMatchObject({ exists: false });
    const bad = await app.inject({ method: 'GET', url: '/public/primeuser/get/%3Cscript%3E' });
    expect(bad.statusCode).toBe(400);
  });
});
