import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebUser } from '@contract';
import { __setFetchForTests } from '@/lib/api';
import { endSession, getSession, sessionStored } from '@/lib/session';
import { resetDbForTests, readSession } from '@/offline/db';
import { expiryOnDevice, login, LoginError, takeRestrictedToken, clearRestrictedToken } from '@/features/auth/login';

const user: WebUser = {
  userId: 'tmca',
  pkStaffId: 7,
  resetPasswordCount: 3,
  roles: [{ pkRoleId: 104, roleName: 'TMCA' }],
  section: { pkSectionId: 9, sectionName: 'N9', region: { key: 2, value: 'Tengah', description: null, code: 'TGH' } },
  profile: { displayName: 'Nurul Huda binti Ismail', position: 'TMCA - Operator TMC', staffNo: 'PLS001' },
  rosters: [],
};

const ok = (body: unknown) =>
  new Response(JSON.stringify({ statusCode: 200, statusMsg: 'OK', body }), { status: 200, headers: { 'content-type': 'application/json' } });
const fail = (status: number, errorCode: string, statusMsg: string, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, statusMsg, body: { errorCode, ...extra } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function server(routes: Record<string, (req: Request) => Response | Promise<Response>>) {
  __setFetchForTests(async (input) => {
    const req = input as Request;
    const path = new URL(req.url).pathname;
    const h = routes[path];
    if (!h) throw new TypeError('Failed to fetch');
    return h(req);
  });
}

afterEach(async () => {
  await endSession();
  clearRestrictedToken();
  await resetDbForTests();
});

describe('sign-in flow (§4.1, §8)', () => {
  it('stores the session after login + getDetailWebUser', async () => {
    let detailAuth: string | null = null;
    server({
      '/rest/auth/jwt/login': () => ok({ token: 'jwt-full-token', expiresAt: '2099-01-01T00:00:00Z', user }),
      '/rest/auth/getDetailWebUser': (req) => {
        detailAuth = req.headers.get('authorization');
        return ok({ user });
      },
    });
    const res = await login(' tmca ', 'Lebuhraya@2026');
    expect(res.user.userId).toBe('tmca');
    expect(detailAuth).toBe('Bearer jwt-full-token');
    expect(getSession()?.token).toBe('jwt-full-token');
    await sessionStored();
    expect((await readSession())?.user.profile.displayName).toBe('Nurul Huda binti Ismail');
  });

  it('a refused login shows the server code and message', async () => {
    server({ '/rest/auth/jwt/login': () => fail(401, 'INVALID_CREDENTIALS', 'Nama pengguna atau kata laluan tidak sah.') });
    const err = await login('tmca', 'wrong').catch((e) => e);
    expect(err).toBeInstanceOf(LoginError);
    expect(err.message).toBe('INVALID_CREDENTIALS: Nama pengguna atau kata laluan tidak sah.');
    expect(getSession()).toBeNull();
  });

  it('429 carries the wait time', async () => {
    server({ '/rest/auth/jwt/login': () => fail(429, 'TOO_MANY_REQUESTS', 'Terlalu banyak cubaan log masuk.', { retryAfterSeconds: 60 }) });
    const err = await login('tmca', 'x').catch((e) => e);
    expect(err.message).toBe('TOO_MANY_REQUESTS: Terlalu banyak cubaan log masuk.');
    expect(err.retryAfterSeconds).toBe(60);
  });

  it("'Token not received.' when the answer has no token", async () => {
    server({ '/rest/auth/jwt/login': () => ok({ token: '', expiresAt: '', user }) });
    await expect(login('tmca', 'x')).rejects.toThrow('Token not received.');
  });

  it("'error in logging in.' when the detail fetch fails", async () => {
    server({
      '/rest/auth/jwt/login': () => ok({ token: 'jwt-full-token', expiresAt: '2099-01-01T00:00:00Z', user }),
      '/rest/auth/getDetailWebUser': () => fail(500, 'INTERNAL', 'Ralat pelayan.'),
    });
    await expect(login('tmca', 'x')).rejects.toThrow('error in logging in.');
    expect(getSession()).toBeNull();
  });

  it("reset count 0 rejects with 'resetpassword' and keeps the restricted token in memory only", async () => {
    server({
      '/rest/auth/jwt/login': () =>
        ok({ token: 'restricted-token', expiresAt: '2099-01-01T00:00:00Z', user: { ...user, userId: 'baharu', resetPasswordCount: 0 } }),
    });
    const err = await login('baharu', 'Lebuhraya@2026').catch((e) => e);
    expect(err).toBeInstanceOf(LoginError);
    expect(err.message).toBe('resetpassword');
    expect(err.kind).toBe('resetpassword');
    expect(takeRestrictedToken('BAHARU')).toBe('restricted-token');
    expect(getSession()).toBeNull();
    expect(await readSession()).toBeUndefined();
  });
});

describe('the session expiry on the device clock (a tablet whose clock is hours off)', () => {
  const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const jwt = (claims: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.c2lnbmF0dXJl`;
  // issued at 03:00Z for 8 hours by the server's clock
  const iat = Date.parse('2026-11-28T03:00:00Z') / 1000;
  const token = jwt({ sub: 'pr1', iat, exp: iat + 8 * 3600 });
  const serverExpiry = '2026-11-28T11:00:00.000Z';

  it('counts the token lifetime from when it arrived, whatever the device clock says', () => {
    // the device is 13 hours ahead of the server: the server's instant would already be past
    const deviceNow = Date.parse('2026-11-28T16:00:00Z');
    expect(expiryOnDevice(token, serverExpiry, deviceNow)).toBe('2026-11-29T00:00:00.000Z');
    // and 8 hours behind: the server's instant would last 16 hours on the device
    const behind = Date.parse('2026-11-27T19:00:00Z');
    expect(expiryOnDevice(token, serverExpiry, behind)).toBe('2026-11-28T03:00:00.000Z');
  });

  it("falls back to the server's instant for a token without iat and exp, or one that is not a JWT", () => {
    expect(expiryOnDevice(jwt({ sub: 'pr1' }), serverExpiry, 0)).toBe(serverExpiry);
    expect(expiryOnDevice('jwt-full-token', serverExpiry, 0)).toBe(serverExpiry);
    expect(expiryOnDevice('a.%%%.b', serverExpiry, 0)).toBe(serverExpiry);
  });

  it('a real sign-in stores the expiry on the device clock', async () => {
    const signed = jwt({ sub: 'tmca', iat, exp: iat + 3600 });
    server({
      '/rest/auth/jwt/login': () => ok({ token: signed, expiresAt: '2026-11-28T04:00:00.000Z', user }),
      '/rest/auth/getDetailWebUser': () => ok({ user }),
    });
    const before = Date.now();
    const r = await login('tmca', 'pw');
    const at = Date.parse(r.expiresAt);
    expect(at).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 3_600_000);
    await sessionStored();
    expect((await readSession())?.expiresAt).toBe(r.expiresAt);
  });
});
