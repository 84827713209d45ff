/**
 * Users and roles (issue #14 item 2): the list, registration, activate / deactivate, role change, password resets
 * and one-time links, who may call them, the bad input of the issue, token revocation and the change history.
 */
import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '../../contract/admin';
import { ROLES } from '../../contract/roles';
import { USERS_MESSAGES, USERS_PATHS } from '../../contract/users';
import { adminChange, appUser, passwordResetLink, section, staff } from '../../server/db/schema';
import { buildTestApp, call, DEMO_PASSWORD, login } from './support/build';
import { nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const TMCA = 104;
const PR = 106;

let staffSeq = 0;
/** A member of staff without a user (the staff screens are another area's; the row is written directly). */
async function newStaff(app: App, name: string, opts: { isActive?: boolean; section?: string } = {}): Promise<number> {
  const [sec] = await app.ctx.db
    .select({ id: section.id })
    .from(section)
    .where(eq(section.name, opts.section ?? 'N9'));
  const [row] = await app.ctx.db
    .insert(staff)
    .values({
      staffNo: `USRT${String(++staffSeq).padStart(4, '0')}`,
      displayName: name,
      position: 'TMCA - Operator TMC',
      nric: `9001011${String(staffSeq).padStart(5, '0')}`,
      sectionId: sec.id,
      isActive: opts.isActive ?? true,
    })
    .returning({ id: staff.id });
  return row.id;
}

const userCount = async (app: App) => (await app.ctx.db.select({ n: count() }).from(appUser))[0].n;
let ipSeq = 0;
const signIn = (app: App, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/rest/auth/jwt/login',
    payload: { username, password },
    remoteAddress: `10.80.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`,
  });

describe('users administration', () => {
  let app: App;
  let admin: string;
  let adminId: number;
  const tokens: Record<string, string> = {};

  /** registers a LOCAL user for a new member of staff and answers its row */
  async function register(username: string, password = 'Mula@2026x', roleId = TMCA) {
    const staffId = await newStaff(app, `Pegawai ${username}`);
    const res = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.registration,
      payload: { pkStaffId: staffId, username, roleId, authType: 'LOCAL', password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { userId: number; username: string; pkStaffId: number };
  }

  /** a full (not restricted) session of a new user */
  async function fullSession(username: string) {
    const u = await register(username, 'Mula@2026x');
    const first = (await signIn(app, username, 'Mula@2026x')).json().body.token;
    const changed = await call(app, first, {
      method: 'POST',
      url: '/rest/roster/manage/user/resetPassword',
      payload: { userName: username, oldPassword: 'Mula@2026x', newPassword: 'Sendiri#2026' },
    });
    expect(changed.statusCode).toBe(200);
    const res = await signIn(app, username, 'Sendiri#2026');
    expect(res.statusCode).toBe(200);
    return { ...u, token: res.json().body.token as string, password: 'Sendiri#2026' };
  }

  beforeAll(async () => {
    app = await buildTestApp({ ldap: { timeoutMs: 1000 } });
    for (const u of ['admin', 'primeadmin', 'superadmin', 'sectmgr', 'tmca', 'pr']) tokens[u] = (await login(app, u)).token;
    admin = tokens.admin;
    const [me] = await app.ctx.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'admin'));
    adminId = me.id;
  }, 60_000);
  afterAll(async () => app?.cleanup());

  it('only Administrator, PRIMEADMIN and SUPERADMIN may use it; no token 401', async () => {
    const probes = [
      { method: 'GET' as const, url: `${USERS_PATHS.getUsers}?length=5` },
      { method: 'POST' as const, url: USERS_PATHS.dataTables, payload: {} },
      { method: 'GET' as const, url: USERS_PATHS.roleList },
      { method: 'POST' as const, url: USERS_PATHS.staffWithoutAccount, payload: {} },
    ];
    for (const p of probes) {
      for (const u of ['admin', 'primeadmin', 'superadmin']) expect((await call(app, tokens[u], p)).statusCode, `${u} ${p.url}`).toBe(200);
      for (const u of ['sectmgr', 'tmca', 'pr']) {
        const res = await call(app, tokens[u], p);
        expect(res.statusCode, `${u} ${p.url}`).toBe(403);
        expect(res.json().body.errorCode).toBe('FORBIDDEN');
      }
      expect((await call(app, null, p)).statusCode, p.url).toBe(401);
    }
    // writes are refused before anything is looked at
    const staffId = await newStaff(app, 'Pegawai Tanpa Izin');
    for (const u of ['sectmgr', 'tmca', 'pr']) {
      const res = await call(app, tokens[u], {
        method: 'POST',
        url: USERS_PATHS.registration,
        payload: { pkStaffId: staffId, username: `cuba.${u}`, roleId: TMCA, authType: 'LOCAL', password: 'Mula@2026x' },
      });
      expect(res.statusCode).toBe(403);
      expect((await call(app, tokens[u], { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [adminId] } })).statusCode).toBe(403);
      expect((await call(app, tokens[u], { method: 'POST', url: USERS_PATHS.changeRole, payload: { userId: adminId, roleId: PR } })).statusCode).toBe(
        403,
      );
      expect(
        (
          await call(app, tokens[u], {
            method: 'POST',
            url: USERS_PATHS.adminResetPassword,
            payload: { userId: adminId, newPassword: 'Sementara@1' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(app, tokens[u], { method: 'POST', url: USERS_PATHS.emailResetPasswordLink, payload: { userId: adminId } })).statusCode).toBe(
        403,
      );
    }
    for (const u of ['primeadmin', 'superadmin']) {
      const res = await call(app, tokens[u], {
        method: 'POST',
        url: USERS_PATHS.registration,
        payload: {
          pkStaffId: await newStaff(app, `Daftar oleh ${u}`),
          username: `daftar.${u}`,
          roleId: TMCA,
          authType: 'LOCAL',
          password: 'Mula@2026x',
        },
      });
      expect(res.statusCode, u).toBe(200);
    }
    expect(await userCount(app)).toBeGreaterThan(0);
  });

  it('the role list is the roles of contract/roles.ts', async () => {
    const res = await call(app, admin, { method: 'GET', url: USERS_PATHS.roleList });
    expect(res.json().body).toEqual(ROLES.map((r) => ({ pkRoleId: r.id, roleName: r.name, label: r.label })));
  });

  it('user/getusers pages, sorts and filters every status, with the §3.11 row and a running number', async () => {
    const all = await call(app, admin, { method: 'GET', url: `${USERS_PATHS.getUsers}?length=1&start=0` });
    expect(all.statusCode).toBe(200);
    const total = all.json().body.recordCount;
    expect(total).toBe(await userCount(app));
    const p = await call(app, admin, { method: 'GET', url: `${USERS_PATHS.getUsers}?orderColumn=username&direction=desc&length=5&start=5` });
    const body = p.json().body;
    expect(body).toMatchObject({ recordCount: total, page: 1, size: 5 });
    expect(body.rows.map((r: { No: number }) => r.No)).toEqual([6, 7, 8, 9, 10]);
    const names = body.rows.map((r: { username: string }) => r.username);
    expect([...names].sort().reverse()).toEqual(names);
    const row = body.rows[0];
    for (const k of ['userId', 'incidentId', 'No', 'username', 'displayName', 'nric', 'employeeId', 'region', 'sectionName', 'position', 'status'])
      expect(row, k).toHaveProperty(k);
    expect(row.incidentId).toBe(row.pkStaffId);

    // search and role filters
    const tmca = (await call(app, admin, { method: 'GET', url: `${USERS_PATHS.getUsers}?search=tmca.utara` })).json().body;
    expect(tmca.rows.map((r: { username: string }) => r.username)).toEqual(['tmca.utara']);
    expect(tmca.rows[0]).toMatchObject({ region: expect.any(String), roleName: 'TMCA', status: 'AKTIF' });
    const prs = (await call(app, admin, { method: 'GET', url: `${USERS_PATHS.getUsers}?roleId=${PR}&length=500` })).json().body;
    expect(prs.recordCount).toBeGreaterThan(5);
    expect(prs.rows.every((r: { roleId: number }) => r.roleId === PR)).toBe(true);
    // the POST form answers the same
    const post = (await call(app, admin, { method: 'POST', url: `${USERS_PATHS.dataTables}?length=500`, payload: { roleId: PR } })).json().body;
    expect(post.recordCount).toBe(prs.recordCount);

    // inactive users are listed too
    const gone = await register('akan.pergi');
    expect((await call(app, admin, { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [gone.userId] } })).statusCode).toBe(200);
    const inactive = (await call(app, admin, { method: 'GET', url: `${USERS_PATHS.getUsers}?status=inactive&length=500` })).json().body;
    expect(inactive.rows.some((r: { username: string; status: string }) => r.username === 'akan.pergi' && r.status === 'TIDAK AKTIF')).toBe(true);
    expect((await call(app, admin, { method: 'GET', url: `${USERS_PATHS.getUsers}?length=1` })).json().body.recordCount).toBe(await userCount(app));

    for (const qs of ['orderColumn=passwordHash', 'status=semua', 'roleId=abc', 'length=0']) {
      const res = await call(app, admin, { method: 'GET', url: `${USERS_PATHS.getUsers}?${qs}` });
      expect(res.statusCode, qs).toBe(400);
    }
  });

  it('the CSV is the filtered list', async () => {
    const res = await call(app, admin, { method: 'POST', url: `${USERS_PATHS.csv}?orderColumn=username`, payload: { search: 'tmca.' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"Nama Pengguna"');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['"tmca.selatan"', '"tmca.utara"']);
  });

  it('registers a LOCAL user who must change the password at the first sign-in', async () => {
    const staffId = await newStaff(app, 'Ahmad Baharu bin Daftar');
    const candidates = (
      await call(app, admin, { method: 'POST', url: `${USERS_PATHS.staffWithoutAccount}?length=100`, payload: { search: 'Ahmad Baharu' } })
    ).json().body;
    expect(candidates.rows.map((r: { pkStaffId: number }) => r.pkStaffId)).toEqual([staffId]);

    const res = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.registration,
      payload: { pkStaffId: staffId, username: ' Ahmad.Baharu ', roleId: PR, authType: 'LOCAL', password: 'Mula@2026x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().statusMsg).toBe(USERS_MESSAGES.registered);
    expect(res.json().body).toMatchObject({
      username: 'ahmad.baharu',
      pkStaffId: staffId,
      roleId: PR,
      authType: 'LOCAL',
      resetPasswordCount: 0,
      isActive: true,
    });
    const [stored] = await app.ctx.db.select({ hash: appUser.passwordHash }).from(appUser).where(eq(appUser.username, 'ahmad.baharu'));
    expect(stored.hash).toMatch(/^\$argon2id\$/);
    // no longer a candidate
    const after = (await call(app, admin, { method: 'POST', url: USERS_PATHS.staffWithoutAccount, payload: { search: 'Ahmad Baharu' } })).json().body;
    expect(after.recordCount).toBe(0);

    const first = await signIn(app, 'ahmad.baharu', 'Mula@2026x');
    expect(first.statusCode).toBe(200);
    expect(first.json().body.user.resetPasswordCount).toBe(0);
    const blocked = await call(app, first.json().body.token, { method: 'POST', url: '/rest/roster/manage/dutyroster/dataTables', payload: {} });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().body.errorCode).toBe('PASSWORD_RESET_REQUIRED');
  });

  it('refuses the bad input of the issue with a clear 4xx and writes nothing', async () => {
    const taken = await register('sudah.ada');
    const staffId = await newStaff(app, 'Pegawai Input Salah');
    const before = await userCount(app);
    const reg = (payload: Record<string, unknown>) =>
      call(app, admin, {
        method: 'POST',
        url: USERS_PATHS.registration,
        payload: { pkStaffId: staffId, username: 'baik.sahaja', roleId: TMCA, authType: 'LOCAL', password: 'Mula@2026x', ...payload },
      });

    const dup = await reg({ username: 'SUDAH.ADA' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().statusMsg).toBe('Nama pengguna sudah wujud');
    expect(dup.json().body.field).toBe('username');

    const spaces = await reg({ username: 'ali bin abu' });
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().body.field).toBe('username');
    expect(spaces.json().statusMsg).toContain('ruang');
    const long = await reg({ username: 'a'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().body.field).toBe('username');
    expect(long.json().statusMsg).toContain('50');
    expect((await reg({ username: 'a'.repeat(50) })).statusCode).toBe(200);
    const fifty = await userCount(app);
    expect(fifty).toBe(before + 1);
    await app.ctx.db.delete(adminChange).where(
      and(
        eq(adminChange.entity, 'user'),
        eq(adminChange.action, 'create'),
        eq(
          adminChange.entityId,
          (
            await app.ctx.db
              .select({ id: appUser.id })
              .from(appUser)
              .where(eq(appUser.username, 'a'.repeat(50)))
          )[0].id,
        ),
      ),
    );
    await app.ctx.db.delete(appUser).where(eq(appUser.username, 'a'.repeat(50)));

    expect((await reg({ username: 'ali<script>' })).statusCode).toBe(400);
    const role = await reg({ roleId: 999 });
    expect(role.statusCode).toBe(400);
    expect(role.json().statusMsg).toBe(USERS_MESSAGES.roleNotFound);
    expect(role.json().body.field).toBe('roleId');
    const weak = await reg({ password: 'pendek' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().body.field).toBe('password');
    expect((await reg({ password: undefined })).statusCode).toBe(400);
    expect((await reg({ authType: 'KERBEROS' })).statusCode).toBe(400);

    // a staff member has at most one user
    const second = await reg({ pkStaffId: taken.pkStaffId });
    expect(second.statusCode).toBe(409);
    expect(second.json().statusMsg).toBe(USERS_MESSAGES.staffHasUser);
    const unknownStaff = await reg({ pkStaffId: 99_999_999 });
    expect(unknownStaff.statusCode).toBe(400);
    expect(unknownStaff.json().body.field).toBe('pkStaffId');
    const inactiveStaff = await reg({ pkStaffId: await newStaff(app, 'Pegawai Tidak Aktif', { isActive: false }) });
    expect(inactiveStaff.statusCode).toBe(400);
    expect(inactiveStaff.json().statusMsg).toBe(USERS_MESSAGES.staffInactive);
    // LDAP without LDAP_URL
    const ldap = await reg({ authType: 'LDAP', password: undefined });
    expect(ldap.statusCode).toBe(400);
    expect(ldap.json().statusMsg).toBe('Pengesahan LDAP tidak dikonfigurasi pada pelayan ini.');

    expect(await userCount(app)).toBe(before);
    // the good one still goes through afterwards
    expect((await reg({})).statusCode).toBe(200);
  });

  it('deactivating a user refuses its token on the very next request and its sign-in; activating lets it back', async () => {
    const u = await fullSession('nyah.aktif');
    expect((await call(app, u.token, { method: 'GET', url: '/rest/auth/checkToken' })).statusCode).toBe(200);
    const res = await call(app, admin, { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [u.userId] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().body.changed).toEqual([u.userId]);
    const next = await call(app, u.token, { method: 'GET', url: '/rest/auth/checkToken' });
    expect(next.statusCode).toBe(401);
    const again = await signIn(app, 'nyah.aktif', u.password);
    expect(again.statusCode).toBe(401);
    expect(again.json().statusMsg).toContain('tidak aktif');
    // deactivating again changes nothing
    expect((await call(app, admin, { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [u.userId] } })).json().body.changed).toEqual([]);

    expect((await call(app, admin, { method: 'POST', url: USERS_PATHS.activate, payload: { ids: [u.userId] } })).json().body.changed).toEqual([
      u.userId,
    ]);
    expect((await signIn(app, 'nyah.aktif', u.password)).statusCode).toBe(200);
    // the old token stays revoked
    expect((await call(app, u.token, { method: 'GET', url: '/rest/auth/checkToken' })).statusCode).toBe(401);

    const unknown = await call(app, admin, { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [99_999_999] } });
    expect(unknown.statusCode).toBe(404);
    expect((await call(app, admin, { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [] } })).statusCode).toBe(400);
  });

  it('an administrator cannot deactivate or change the role of themself', async () => {
    const self = await call(app, admin, { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [adminId] } });
    expect(self.statusCode).toBe(400);
    expect(self.json().statusMsg).toBe(USERS_MESSAGES.notSelfDeactivate);
    const demote = await call(app, admin, { method: 'POST', url: USERS_PATHS.changeRole, payload: { userId: adminId, roleId: 2 } });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().statusMsg).toBe(USERS_MESSAGES.notSelfRole);
    // nothing happened: the administrator still works
    expect((await call(app, admin, { method: 'GET', url: USERS_PATHS.roleList })).statusCode).toBe(200);
  });

  it('only a SUPERADMIN gives, changes, resets or deactivates the SUPERADMIN role', async () => {
    const [sa] = await app.ctx.db.select({ id: appUser.id, hash: appUser.passwordHash }).from(appUser).where(eq(appUser.username, 'superadmin'));
    const before = await userCount(app);
    for (const token of [admin, tokens.primeadmin]) {
      const staffId = await newStaff(app, 'Calon Superadmin');
      const made = await call(app, token, {
        method: 'POST',
        url: USERS_PATHS.registration,
        payload: { pkStaffId: staffId, username: `calon.sa${staffId}`, roleId: 111, authType: 'LOCAL', password: 'Mula@2026x' },
      });
      expect(made.statusCode, made.body).toBe(403);
      const plain = await register(`biasa.${staffId}`);
      expect(
        (await call(app, token, { method: 'POST', url: USERS_PATHS.changeRole, payload: { userId: plain.userId, roleId: 111 } })).statusCode,
      ).toBe(403);
      expect((await call(app, token, { method: 'POST', url: USERS_PATHS.changeRole, payload: { userId: sa.id, roleId: 2 } })).statusCode).toBe(403);
      expect((await call(app, token, { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [sa.id] } })).statusCode).toBe(403);
      expect(
        (await call(app, token, { method: 'POST', url: USERS_PATHS.adminResetPassword, payload: { userId: sa.id, newPassword: 'Ambil@Alih2026' } }))
          .statusCode,
      ).toBe(403);
      expect((await call(app, token, { method: 'POST', url: USERS_PATHS.emailResetPasswordLink, payload: { userId: sa.id } })).statusCode).toBe(403);
    }
    // two plain users were registered, no superadmin; the superadmin is untouched
    expect(await userCount(app)).toBe(before + 2);
    const [after] = await app.ctx.db
      .select({ roleId: appUser.roleId, isActive: appUser.isActive, hash: appUser.passwordHash })
      .from(appUser)
      .where(eq(appUser.id, sa.id));
    expect(after).toEqual({ roleId: 111, isActive: true, hash: sa.hash });
    // a SUPERADMIN may
    const staffId = await newStaff(app, 'Superadmin Kedua');
    const ok = await call(app, tokens.superadmin, {
      method: 'POST',
      url: USERS_PATHS.registration,
      payload: { pkStaffId: staffId, username: 'superadmin.dua', roleId: 111, authType: 'LOCAL', password: 'Mula@2026x' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a role change refuses the existing token at once; the next sign-in carries the new role', async () => {
    const u = await fullSession('tukar.peranan');
    expect((await call(app, u.token, { method: 'POST', url: '/rest/roster/manage/dutyroster/dataTables', payload: {} })).statusCode).toBe(200);
    const bad = await call(app, admin, { method: 'POST', url: USERS_PATHS.changeRole, payload: { userId: u.userId, roleId: 999 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().body.field).toBe('roleId');
    const same = await call(app, admin, { method: 'POST', url: USERS_PATHS.changeRole, payload: { userId: u.userId, roleId: TMCA } });
    expect(same.statusCode).toBe(400);

    const res = await call(app, admin, { method: 'POST', url: USERS_PATHS.changeRole, payload: { userId: u.userId, roleId: PR } });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ roleId: PR, roleName: 'PR' });
    expect((await call(app, u.token, { method: 'GET', url: '/rest/auth/checkToken' })).statusCode).toBe(401);
    const next = await signIn(app, 'tukar.peranan', u.password);
    expect(next.json().body.user.roles).toEqual([{ pkRoleId: PR, roleName: 'PR' }]);
  });

  it("an administrator's reset: old token and password refused, the user must change the temporary password", async () => {
    const u = await fullSession('lupa.katalaluan');
    const weak = await call(app, admin, { method: 'POST', url: USERS_PATHS.adminResetPassword, payload: { userId: u.userId, newPassword: 'abc' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().body.field).toBe('newPassword');
    expect(
      (await call(app, admin, { method: 'POST', url: USERS_PATHS.adminResetPassword, payload: { userId: 99_999_999, newPassword: 'Sementara@1' } }))
        .statusCode,
    ).toBe(404);

    const res = await call(app, admin, {
      method: 'POST',
      url: USERS_PATHS.adminResetPassword,
      payload: { userId: u.userId, newPassword: 'Sementara@2026' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().statusMsg).toBe(USERS_MESSAGES.passwordReset);
    expect((await call(app, u.token, { method: 'GET', url: '/rest/auth/checkToken' })).statusCode).toBe(401);
    expect((await signIn(app, 'lupa.katalaluan', u.password)).statusCode).toBe(401);

    const temp = await signIn(app, 'lupa.katalaluan', 'Sementara@2026');
    expect(temp.statusCode).toBe(200);
    expect(temp.json().body.user.resetPasswordCount).toBe(0);
    const restricted = temp.json().body.token;
    expect(
      (await call(app, restricted, { method: 'POST', url: '/rest/roster/manage/dutyroster/dataTables', payload: {} })).json().body.errorCode,
    ).toBe('PASSWORD_RESET_REQUIRED');
    expect(
      (
        await call(app, restricted, {
          method: 'POST',
          url: '/rest/roster/manage/user/resetPassword',
          payload: { userName: 'lupa.katalaluan', oldPassword: 'Sementara@2026', newPassword: 'Pilihan#2026' },
        })
      ).statusCode,
    ).toBe(200);
    const mine = await signIn(app, 'lupa.katalaluan', 'Pilihan#2026');
    expect(mine.json().body.user.resetPasswordCount).toBe(1);
  });

  it('a reset link works once; a second use and an expired link are refused', async () => {
    const u = await fullSession('pautan.sekali');
    const made = await call(app, admin, { method: 'POST', url: USERS_PATHS.emailResetPasswordLink, payload: { userId: u.userId } });
    expect(made.statusCode).toBe(200);
    const { link, expiresAt, mailed } = made.json().body;
    expect(mailed).toBe(false);
    expect(link).toMatch(/\/resetpasswordlink\?token=[A-Za-z0-9_-]{40,}$/);
    const token = new URL(link).searchParams.get('token')!;
    const hours = (Date.parse(expiresAt) - nowMs()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // only the SHA-256 is kept
    const stored = await app.ctx.db
      .select({ tokenHash: passwordResetLink.tokenHash })
      .from(passwordResetLink)
      .where(eq(passwordResetLink.userId, u.userId));
    expect(stored).toEqual([{ tokenHash: createHash('sha256').update(token).digest('hex') }]);

    const check = await app.inject({ method: 'POST', url: USERS_PATHS.resetLinkCheck, payload: { token } });
    expect(check.statusCode).toBe(200);
    expect(check.json().body.username).toBe('pautan.sekali');
    const weak = await app.inject({ method: 'POST', url: USERS_PATHS.resetLink, payload: { token, newPassword: 'pendek' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().body.field).toBe('newPassword');

    const used = await app.inject({ method: 'POST', url: USERS_PATHS.resetLink, payload: { token, newPassword: 'Pautan#2026' } });
    expect(used.statusCode).toBe(200);
    expect(used.json().statusMsg).toBe(USERS_MESSAGES.linkUsed);
    // the earlier token is revoked, the new password works and needs no further change
    expect((await call(app, u.token, { method: 'GET', url: '/rest/auth/checkToken' })).statusCode).toBe(401);
    const after = await signIn(app, 'pautan.sekali', 'Pautan#2026');
    expect(after.statusCode).toBe(200);
    expect(after.json().body.user.resetPasswordCount).toBeGreaterThan(0);

    const twice = await app.inject({ method: 'POST', url: USERS_PATHS.resetLink, payload: { token, newPassword: 'Kedua#2026x' } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().statusMsg).toBe(USERS_MESSAGES.linkInvalid);
    expect((await signIn(app, 'pautan.sekali', 'Kedua#2026x')).statusCode).toBe(401);

    // an expired link
    const second = (await call(app, admin, { method: 'POST', url: USERS_PATHS.emailResetPasswordLink, payload: { userId: u.userId } })).json().body;
    const token2 = new URL(second.link).searchParams.get('token')!;
    await app.ctx.db
      .update(passwordResetLink)
      .set({ expiresAt: new Date(nowMs() - 1000) })
      .where(eq(passwordResetLink.tokenHash, createHash('sha256').update(token2).digest('hex')));
    const expired = await app.inject({ method: 'POST', url: USERS_PATHS.resetLink, payload: { token: token2, newPassword: 'Lewat#2026x' } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().statusMsg).toBe(USERS_MESSAGES.linkExpired);
    expect((await app.inject({ method: 'POST', url: USERS_PATHS.resetLinkCheck, payload: { token: token2 } })).json().statusMsg).toBe(
      USERS_MESSAGES.linkExpired,
    );
    expect((await signIn(app, 'pautan.sekali', 'Lewat#2026x')).statusCode).toBe(401);

    // a new link voids the earlier unused one
    const a = new URL(
      (await call(app, admin, { method: 'POST', url: USERS_PATHS.emailResetPasswordLink, payload: { userId: u.userId } })).json().body.link,
    ).searchParams.get('token')!;
    const b = new URL(
      (await call(app, admin, { method: 'POST', url: USERS_PATHS.emailResetPasswordLink, payload: { userId: u.userId } })).json().body.link,
    ).searchParams.get('token')!;
    expect((await app.inject({ method: 'POST', url: USERS_PATHS.resetLink, payload: { token: a, newPassword: 'Lama#2026xx' } })).statusCode).toBe(
      400,
    );
    expect((await app.inject({ method: 'POST', url: USERS_PATHS.resetLink, payload: { token: b, newPassword: 'Baru#2026xx' } })).statusCode).toBe(
      200,
    );
    // made-up tokens
    expect(
      (await app.inject({ method: 'POST', url: USERS_PATHS.resetLink, payload: { token: 'x'.repeat(43), newPassword: 'Baru#2026xx' } })).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: USERS_PATHS.resetLink, payload: { token: 'bukan token!', newPassword: 'Baru#2026xx' } })).statusCode,
    ).toBe(400);
  });

  it('keeps the change history of a user, never its password hash; only administrators read it', async () => {
    const u = await fullSession('ada.sejarah');
    await call(app, tokens.primeadmin, { method: 'POST', url: USERS_PATHS.changeRole, payload: { userId: u.userId, roleId: PR } });
    await call(app, admin, { method: 'POST', url: USERS_PATHS.adminResetPassword, payload: { userId: u.userId, newPassword: 'Sementara@2026' } });
    await call(app, admin, { method: 'POST', url: USERS_PATHS.deactivate, payload: { ids: [u.userId] } });

    const res = await call(app, admin, { method: 'GET', url: ADMIN_PATHS.history('user', u.userId) });
    expect(res.statusCode).toBe(200);
    const history = res.json().body as { action: string; by: { displayName: string }; changes: { field: string; old: unknown; new: unknown }[] }[];
    expect(history.map((h) => h.action)).toEqual(['deactivate', 'update', 'update', 'create']);
    expect(history[0].changes).toEqual([{ field: 'isActive', old: true, new: false }]);
    expect(history[2].changes).toEqual(
      expect.arrayContaining([
        { field: 'roleId', old: TMCA, new: PR },
        { field: 'roleName', old: 'TMCA', new: 'PR' },
      ]),
    );
    expect(history[2].by.displayName).toBe('Wong Kok Leong');
    expect(history[1].changes).toEqual(expect.arrayContaining([{ field: 'resetPasswordCount', old: expect.any(Number), new: 0 }]));
    expect(history[3].changes).toEqual(expect.arrayContaining([{ field: 'username', old: null, new: 'ada.sejarah' }]));
    const text = JSON.stringify(history);
    expect(text).not.toMatch(/passwordHash|argon2|Sementara@2026|Mula@2026x/);
    // nothing in the whole table either
    const rows = await app.ctx.db.select({ changes: adminChange.changes }).from(adminChange).where(eq(adminChange.entity, 'user'));
    expect(JSON.stringify(rows)).not.toMatch(/argon2|Sementara@2026|Mula@2026x|Sendiri#2026/);

    expect((await call(app, tokens.sectmgr, { method: 'GET', url: ADMIN_PATHS.history('user', u.userId) })).statusCode).toBe(403);
    expect((await call(app, admin, { method: 'GET', url: ADMIN_PATHS.history('user', 99_999_999) })).statusCode).toBe(404);
    expect((await call(app, admin, { method: 'GET', url: USERS_PATHS.get(u.userId) })).json().body).toMatchObject({
      username: 'ada.sejarah',
      isActive: false,
      roleName: 'PR',
    });
  });

  it('demo passwords still work for the untouched demo accounts', async () => {
    expect((await signIn(app, 'tmca', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
