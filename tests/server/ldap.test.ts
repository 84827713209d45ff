/**
 * LDAP sign-in and registration (issue #14 item 2, §6) against a real OpenLDAP (tests/server/support/slapd.ts).
 * When slapd is not installed these tests fail with the reason (CI installs it in .ci/run).
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_MESSAGES, USERS_PATHS } from '../../contract/users';
import { appUser, section, staff } from '../../server/db/schema';
import { createLdapDirectory, escapeDnValue, LdapUnavailableError, userDnOf } from '../../server/lib/ldap';
import { buildTestApp, call, login } from './support/build';
import { LDAP_PEOPLE_ACCOUNTS, startSlapd, type Slapd } from './support/slapd';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const [LDAPUSER, KEDUA] = LDAP_PEOPLE_ACCOUNTS;
const TMCA = 104;

let staffSeq = 0;
/** A member of staff without a user (the staff screens are another area's; the row is written directly). */
async function newStaff(app: App, name: string): Promise<number> {
  const [n9] = await app.ctx.db.select({ id: section.id }).from(section).where(eq(section.name, 'N9'));
  const [row] = await app.ctx.db
    .insert(staff)
    .values({
      staffNo: `LDAPT${String(++staffSeq).padStart(4, '0')}`,
      displayName: name,
      position: 'TMCA - Operator TMC',
      nric: '900101105555',
      sectionId: n9.id,
    })
    .returning({ id: staff.id });
  return row.id;
}

const userCount = async (app: App) => (await app.ctx.db.select({ n: count() }).from(appUser))[0].n;

describe('LDAP users against a real slapd', () => {
  let slapd: Slapd;
  let app: App;
  let admin: string;

  beforeAll(async () => {
    slapd = await startSlapd();
    app = await buildTestApp({
      ldap: {
        url: slapd.url,
        bindDnTemplate: slapd.bindDnTemplate,
        baseDn: slapd.peopleDn,
        searchBindDn: slapd.rootDn,
        searchBindPassword: slapd.rootPassword,
        timeoutMs: 3000,
      },
    });
    admin = (await login(app, 'admin')).token;
  }, 60_000);
  afterAll(async () => {
    await app?.cleanup();
    await slapd?.stop();
  });

  it('the directory client binds, refuses a wrong password and looks accounts up (escaped DNs)', async () => {
    const dir = createLdapDirectory({ url: slapd.url, bindDnTemplate: slapd.bindDnTemplate, timeoutMs: 3000 })!;
    expect(await dir.verify(LDAPUSER.uid, LDAPUSER.password)).toBe(true);
    expect(await dir.verify(LDAPUSER.uid, 'salah-sekali')).toBe(false);
    // an empty password would be an unauthenticated bind, which slapd accepts: never a sign-in
    expect(await dir.verify(LDAPUSER.uid, '')).toBe(false);
    expect(await dir.verify('tiada.orang', 'apa-apa-sahaja1')).toBe(false);
    // characters a username may not hold never reach the directory
    expect(await dir.verify('ldapuser,ou=people', LDAPUSER.password)).toBe(false);
    expect(await dir.exists('ldapuser)(uid=*')).toBe(false);
    // anonymous look-up (no search account) works with this directory's rules
    expect(await dir.exists(KEDUA.uid)).toBe(true);
    expect(await dir.exists('tiada.orang')).toBe(false);
    expect(escapeDnValue('a,b+c=d')).toBe('a\\,b\\+c\\=d');
    expect(escapeDnValue(' #x ')).toBe('\\ #x\\ ');
    expect(userDnOf({ baseDn: 'ou=people,dc=x' }, 'ali')).toBe('uid=ali,ou=people,dc=x');
    // a search account the directory refuses is the server's misconfiguration: unavailable, never "no such user"
    const badSearch = createLdapDirectory({
      url: slapd.url,
      bindDnTemplate: slapd.bindDnTemplate,
      searchBindDn: slapd.rootDn,
      searchBindPassword: 'salah',
      timeoutMs: 3000,
    })!;
    await expect(badSearch.exists(LDAPUSER.uid)).rejects.toBeInstanceOf(LdapUnavailableError);
  });

  it('registering an LDAP user checks that the account exists in the directory', async () => {
    const staffId = await newStaff(app, 'Pegawai Direktori Tiada');
    const before = await userCount(app);
    const res = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.registration,
      payload: { pkStaffId: staffId, username: 'tiada.dalam.direktori', roleId: TMCA, authType: 'LDAP' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().statusMsg).toBe(USERS_MESSAGES.ldapUnknownAccount);
    expect(res.json().body.field).toBe('username');
    expect(await userCount(app)).toBe(before);
    // an LDAP user has no password here
    const withPassword = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.registration,
      payload: { pkStaffId: staffId, username: LDAPUSER.uid, roleId: TMCA, authType: 'LDAP', password: 'Rahsia@2026' },
    });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().body.field).toBe('password');
  });

  it('registering an LDAP user follows the rule for giving a role (#27), before the directory is asked', async () => {
    const staffId = await newStaff(app, 'Calon Direktori Berpangkat');
    const before = await userCount(app);
    for (const [roleId, why] of [
      [108, 'Hanya SUPERADMIN boleh memberi peranan pentadbir PRIMEADMIN.'],
      [1, 'Hanya SUPERADMIN boleh memberi peranan pentadbir Administrator.'],
      [111, 'Hanya SUPERADMIN boleh memberi peranan pentadbir SUPERADMIN.'],
      [109, 'Hanya SUPERADMIN boleh memberi peranan OPSMGMT, yang melihat semua wilayah.'],
    ] as const) {
      const res = await call(app, admin, {
        method: 'POST',
        url: USERS_PATHS.registration,
        // a directory account that exists: only the rule refuses it
        payload: { pkStaffId: staffId, username: LDAPUSER.uid, roleId, authType: 'LDAP' },
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().statusMsg).toBe(why);
    }
    expect(await userCount(app)).toBe(before);
    // the sign-in sets no role: the next test registers LDAPUSER as TMCA and signs it in with that role
  });

  it('an LDAP user signs in by binding to the directory; a wrong password is refused like a local one', async () => {
    const staffId = await newStaff(app, 'Nor Direktori binti Ali');
    const before = await userCount(app);
    const reg = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.registration,
      payload: { pkStaffId: staffId, username: 'LDAPUser', roleId: TMCA, authType: 'LDAP' },
    });
    expect(reg.statusCode).toBe(200);
    expect(reg.json().body).toMatchObject({ username: LDAPUSER.uid, authType: 'LDAP', isActive: true, resetPasswordCount: 1, roleName: 'TMCA' });
    const [stored] = await app.ctx.db.select({ hash: appUser.passwordHash }).from(appUser).where(eq(appUser.username, LDAPUSER.uid));
    expect(stored.hash).not.toMatch(/^\$argon2/);

    const ok = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      payload: { username: LDAPUSER.uid, password: LDAPUSER.password },
      remoteAddress: '10.70.0.1',
    });
    expect(ok.statusCode).toBe(200);
    const session = ok.json().body;
    expect(session.token.length).toBeGreaterThan(20);
    expect(session.user).toMatchObject({ userId: LDAPUSER.uid, resetPasswordCount: 1, roles: [{ pkRoleId: TMCA, roleName: 'TMCA' }] });
    // the first sign-in keeps the role registration gave (it creates no account and sets no role)
    const [signedIn] = await app.ctx.db.select({ roleId: appUser.roleId }).from(appUser).where(eq(appUser.username, LDAPUSER.uid));
    expect(signedIn.roleId).toBe(TMCA);
    expect(await userCount(app)).toBe(before + 1);
    // a full token: no password change is asked of a directory user
    expect((await call(app, session.token, { method: 'POST', url: '/rest/roster/manage/dutyroster/dataTables', payload: {} })).statusCode).toBe(200);

    const wrong = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      payload: { username: LDAPUSER.uid, password: 'BukanIni@2026' },
      remoteAddress: '10.70.0.2',
    });
    const localWrong = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      payload: { username: 'tmca', password: 'BukanIni@2026' },
      remoteAddress: '10.70.0.3',
    });
    expect(wrong.statusCode).toBe(401);
    expect(localWrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(localWrong.json());

    // the directory keeps the password: the local password screens refuse it
    const reset = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.adminResetPassword,
      payload: { userId: reg.json().body.userId, newPassword: 'Sementara@2026' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().statusMsg).toBe(USERS_MESSAGES.ldapPassword);
    const link = await call(app, admin, { method: 'POST', url: USERS_PATHS.emailResetPasswordLink, payload: { userId: reg.json().body.userId } });
    expect(link.statusCode).toBe(400);
    const own = await call(app, session.token, {
      method: 'POST',
      url: '/rest/roster/manage/user/resetPassword',
      payload: { userName: LDAPUSER.uid, oldPassword: LDAPUSER.password, newPassword: 'Baharu#2027' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().statusMsg).toBe(USERS_MESSAGES.ldapPassword);
  });

  it('wrong LDAP passwords are throttled exactly like local failures', async () => {
    const ip = '10.71.0.1';
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/rest/auth/jwt/login',
        payload: { username: LDAPUSER.uid, password: `Salah@${i}xx` },
        remoteAddress: ip,
      });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    // the sixth attempt of the pair waits, even with the right password
    const sixth = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      payload: { username: LDAPUSER.uid, password: LDAPUSER.password },
      remoteAddress: ip,
    });
    expect(sixth.statusCode).toBe(429);
    // another address is not affected
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/rest/auth/jwt/login',
          payload: { username: LDAPUSER.uid, password: LDAPUSER.password },
          remoteAddress: '10.71.0.2',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a deactivated LDAP user cannot sign in even with the right directory password', async () => {
    const staffId = await newStaff(app, 'Kedua Direktori');
    const reg = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.registration,
      payload: { pkStaffId: staffId, username: KEDUA.uid, roleId: TMCA, authType: 'LDAP' },
    });
    expect(reg.statusCode).toBe(200);
    const session = await login(app, KEDUA.uid, KEDUA.password, '10.72.0.1');
    expect((await call(app, admin, { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [reg.json().body.userId] } })).statusCode).toBe(
      200,
    );
    expect((await call(app, session.token, { method: 'GET', url: '/rest/auth/checkToken' })).statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      payload: { username: KEDUA.uid, password: KEDUA.password },
      remoteAddress: '10.72.0.2',
    });
    expect(again.statusCode).toBe(401);
  });

  it('a directory that does not answer gives 503 with a clear message, never 500', async () => {
    const staffId = await newStaff(app, 'Pegawai Semasa Gangguan');
    await slapd.stop();
    const login503 = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      payload: { username: LDAPUSER.uid, password: LDAPUSER.password },
      remoteAddress: '10.73.0.1',
    });
    expect(login503.statusCode).toBe(503);
    expect(login503.json().statusMsg).toBe(USERS_MESSAGES.ldapUnavailable);
    const reg503 = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.registration,
      payload: { pkStaffId: staffId, username: 'sesiapa', roleId: TMCA, authType: 'LDAP' },
    });
    expect(reg503.statusCode).toBe(503);
    expect(reg503.json().statusMsg).toBe(USERS_MESSAGES.ldapUnavailable);
    // local users are not affected
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/rest/auth/jwt/login',
          payload: { username: 'tmca', password: 'Lebuhraya@2026' },
          remoteAddress: '10.73.0.2',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('without LDAP_URL', () => {
  let app: App;
  let admin: string;
  beforeAll(async () => {
    app = await buildTestApp({ ldap: { timeoutMs: 1000 } });
    admin = (await login(app, 'admin')).token;
  }, 60_000);
  afterAll(async () => app?.cleanup());

  it('registering an LDAP user is refused with a clear message; local passwords stay the default', async () => {
    const staffId = await newStaff(app, 'Pegawai Tanpa Direktori');
    const before = await userCount(app);
    const res = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.registration,
      payload: { pkStaffId: staffId, username: 'ldapuser', roleId: TMCA, authType: 'LDAP' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().statusMsg).toBe('Pengesahan LDAP tidak dikonfigurasi pada pelayan ini.');
    expect(res.json().body.field).toBe('authType');
    expect(await userCount(app)).toBe(before);
    // the rule for giving a role comes first (#27): a role the administrator may not give is 403 either way
    const opsmgmt = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.registration,
      payload: { pkStaffId: staffId, username: 'ldapuser', roleId: 109, authType: 'LDAP' },
    });
    expect(opsmgmt.statusCode).toBe(403);
    expect(await userCount(app)).toBe(before);
    const local = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.registration,
      payload: { pkStaffId: staffId, username: 'pegawai.tempatan', roleId: TMCA, authType: 'LOCAL', password: 'Mula@2026x' },
    });
    expect(local.statusCode).toBe(200);
    expect(local.json().body).toMatchObject({ authType: 'LOCAL', resetPasswordCount: 0 });
  });

  it('an LDAP user cannot sign in: 503 saying LDAP is not configured', async () => {
    const staffId = await newStaff(app, 'Pengguna LDAP Lama');
    await app.ctx.db.insert(appUser).values({ username: 'ldap.lama', passwordHash: '!ldap', staffId, roleId: TMCA, authType: 'LDAP' });
    const res = await app.inject({
      method: 'POST',
      url: '/rest/auth/jwt/login',
      payload: { username: 'ldap.lama', password: 'Apa@2026xx' },
      remoteAddress: '10.74.0.1',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().statusMsg).toContain('Pengesahan LDAP tidak dikonfigurasi pada pelayan ini.');
  });
});
