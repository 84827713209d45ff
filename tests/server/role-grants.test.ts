/**
 * Issue #27 item 2: one rule for giving a role (contract/roles.ts grantRefusal / manageRefusal, docs/roles.md "Who may
 * give which role"), applied by every path that sets or changes a role: user/registration, user/changeRole and
 * staff/updatestaffroles (the CSV import and the LDAP sign-in set none: tests below and in ldap.test.ts). Per granting
 * role and per path, every role of contract/roles.ts is tried: what the rule allows is saved, the rest is 403 with the
 * rule's reason and changes nothing (read back). An Administrator or PRIMEADMIN used to make PRIMEADMINs,
 * Administrators and OPSMGMTs through user/changeRole.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRefusal, manageRefusal, mayGrantRole, ROLE_IDS, ROLES, roleByName } from '../../contract/roles';
import { STAFF_MESSAGES, STAFF_PATHS, type StaffChoices } from '../../contract/staff';
import { USERS_PATHS } from '../../contract/users';
import { adminChange, appUser, section, staff } from '../../server/db/schema';
import { buildTestApp, call, DEMO_PASSWORD, login } from './support/build';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** the callers of the users screens (adminUsers) and of the staff screens (adminOrg) */
const USER_ADMINS = ['admin', 'primeadmin', 'superadmin'] as const;
const STAFF_MANAGERS = ['sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin'] as const;
/** the section each manager's test staff is made in (region-scoped managers: their own) */
const SECTION_OF: Record<string, string> = { sectmgr: 'N9', regionmgmt: 'S1', opsmgmt: 'N9', superadmin: 'N9' };
const ROLE_NAME_OF: Record<string, string> = {
  admin: 'Administrator',
  primeadmin: 'PRIMEADMIN',
  superadmin: 'SUPERADMIN',
  sectmgr: 'SECTMGR',
  regionmgmt: 'REGIONMGMT',
  opsmgmt: 'OPSMGMT',
};

describe('one rule for giving a role, on every path (#27)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  let seq = 0;

  const post = (who: string, url: string, payload: unknown) => call(app, tok[who], { method: 'POST', url, payload: payload as object });

  /** a member of staff without a user account, written directly */
  async function newStaff(sectionName = 'N9'): Promise<number> {
    const [sec] = await app.ctx.db.select({ id: section.id }).from(section).where(eq(section.name, sectionName));
    seq++;
    const [row] = await app.ctx.db
      .insert(staff)
      .values({
        staffNo: `GRANT${String(seq).padStart(4, '0')}`,
        displayName: `Pegawai Ujian Peranan ${seq}`,
        position: 'TMCA - Operator TMC',
        nric: `9002021${String(seq).padStart(5, '0')}`,
        sectionId: sec.id,
      })
      .returning({ id: staff.id });
    return row.id;
  }

  /** a member of staff with a user account of the role, written directly */
  async function newUser(roleId: number, sectionName = 'N9'): Promise<{ staffId: number; userId: number }> {
    const staffId = await newStaff(sectionName);
    const [u] = await app.ctx.db
      .insert(appUser)
      .values({ username: `peranan.${seq}`, passwordHash: '!ujian', staffId, roleId, authType: 'LOCAL', resetPasswordCount: 1 })
      .returning({ id: appUser.id });
    return { staffId, userId: u.id };
  }

  const userRow = async (id: number) =>
    (
      await app.ctx.db
        .select({ roleId: appUser.roleId, isActive: appUser.isActive, hash: appUser.passwordHash, tokensValidAfter: appUser.tokensValidAfter })
        .from(appUser)
        .where(eq(appUser.id, id))
    )[0];
  const changesOf = (id: number) => app.ctx.db.$count(adminChange, and(eq(adminChange.entity, 'user'), eq(adminChange.entityId, id)));

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of [...new Set([...USER_ADMINS, ...STAFF_MANAGERS, 'tmca', 'sc'])]) tok[u] = (await login(app, u)).token;
  });
  afterAll(async () => app?.cleanup());

  it("the issue's four requests are refused with 403 and change nothing (read back)", async () => {
    const ids = await app.ctx.db.select({ id: appUser.id, username: appUser.username }).from(appUser);
    const idOf = (username: string) => ids.find((u) => u.username === username)?.id;
    // the ids of the review: 1 admin, 2 the plain User, 4 TSTE, 5 TSTA
    expect([idOf('admin'), idOf('pengguna'), idOf('tste'), idOf('tsta')]).toEqual([1, 2, 4, 5]);

    const cases = [
      { who: 'admin', payload: { userId: 2, roleId: 108 }, was: ROLE_IDS.USER, why: 'Hanya SUPERADMIN boleh memberi peranan pentadbir PRIMEADMIN.' },
      { who: 'admin', payload: { userId: 4, roleId: 1 }, was: ROLE_IDS.TSTE, why: 'Hanya SUPERADMIN boleh memberi peranan pentadbir Administrator.' },
      {
        who: 'admin',
        payload: { userId: 5, roleId: 109 },
        was: ROLE_IDS.TSTA,
        why: 'Hanya SUPERADMIN boleh memberi peranan OPSMGMT, yang melihat semua wilayah.',
      },
      {
        who: 'primeadmin',
        payload: { userId: 1, roleId: 108 },
        was: ROLE_IDS.ADMINISTRATOR,
        why: 'Anda tidak boleh mengurus pengguna berperanan Administrator. Hanya SUPERADMIN boleh memberi peranan pentadbir Administrator.',
      },
    ];
    for (const c of cases) {
      const before = await userRow(c.payload.userId);
      const history = await changesOf(c.payload.userId);
      const res = await post(c.who, USERS_PATHS.changeRole, c.payload);
      expect(res.statusCode, `${c.who} ${JSON.stringify(c.payload)}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, statusMsg: c.why, body: { errorCode: 'FORBIDDEN' } });
      const after = await userRow(c.payload.userId);
      expect(after.roleId).toBe(c.was);
      expect(after).toEqual(before);
      expect(await changesOf(c.payload.userId)).toBe(history);
    }
    // the users list says the same, and the users still sign in with their roles
    const listed = (await call(app, tok.superadmin, { method: 'GET', url: `${USERS_PATHS.getUsers}?length=500` })).json().body.rows as {
      userId: number;
      roleId: number;
    }[];
    for (const c of cases) expect(listed.find((u) => u.userId === c.payload.userId)?.roleId).toBe(c.was);
    for (const [username, roleId] of [
      ['pengguna', ROLE_IDS.USER],
      ['tste', ROLE_IDS.TSTE],
      ['tsta', ROLE_IDS.TSTA],
      ['admin', ROLE_IDS.ADMINISTRATOR],
    ] as const) {
      expect((await login(app, username, DEMO_PASSWORD, `10.27.0.${roleId % 250}`)).user.roles[0].pkRoleId).toBe(roleId);
    }
    // the tokens of the callers still work: nothing was revoked
    expect((await call(app, tok.admin, { method: 'GET', url: USERS_PATHS.roleList })).statusCode).toBe(200);
  });

  it('user/registration: per granting role, every role; only what the rule allows is created', async () => {
    for (const who of USER_ADMINS) {
      const allowed: string[] = [];
      for (const role of ROLES) {
        const staffId = await newStaff();
        const res = await post(who, USERS_PATHS.registration, {
          pkStaffId: staffId,
          username: `daftar.${who}.${role.id}`,
          roleId: role.id,
          authType: 'LOCAL',
          password: 'Mula@2026x',
        });
        const [made] = await app.ctx.db.select({ roleId: appUser.roleId }).from(appUser).where(eq(appUser.staffId, staffId));
        if (mayGrantRole(ROLE_NAME_OF[who], role.name)) {
          expect(res.statusCode, `${who} → ${role.name}: ${res.body}`).toBe(200);
          expect(made.roleId).toBe(role.id);
          allowed.push(role.name);
        } else {
          expect(res.statusCode, `${who} → ${role.name}: ${res.body}`).toBe(403);
          expect(res.json().statusMsg).toBe(grantRefusal(ROLE_NAME_OF[who], role.name));
          expect(made, `${who} → ${role.name}`).toBeUndefined();
        }
      }
      const expected =
        who === 'superadmin' ? ROLES.map((r) => r.name) : ['User', 'SECTMGR', 'TSTE', 'TSTA', 'TMCA', 'TMCS', 'PR', 'SC', 'REGIONMGMT', 'OTHERS'];
      expect(allowed, who).toEqual(expected);
    }
  });

  it('user/changeRole: per granting role, every role; a refusal leaves the role, the sessions and the history as they were', async () => {
    for (const who of USER_ADMINS) {
      const { userId } = await newUser(ROLE_IDS.TMCA);
      for (const role of ROLES) {
        if (role.id === ROLE_IDS.TMCA) continue;
        const before = await userRow(userId);
        const history = await changesOf(userId);
        const res = await post(who, USERS_PATHS.changeRole, { userId, roleId: role.id });
        if (mayGrantRole(ROLE_NAME_OF[who], role.name)) {
          expect(res.statusCode, `${who} → ${role.name}: ${res.body}`).toBe(200);
          expect((await userRow(userId)).roleId).toBe(role.id);
          expect(await changesOf(userId)).toBe(history + 1);
          // back to TMCA for the next role (written directly: the way back is not what is tested here)
          await app.ctx.db.update(appUser).set({ roleId: ROLE_IDS.TMCA }).where(eq(appUser.id, userId));
        } else {
          expect(res.statusCode, `${who} → ${role.name}: ${res.body}`).toBe(403);
          expect(res.json().statusMsg).toBe(grantRefusal(ROLE_NAME_OF[who], role.name));
          expect(await userRow(userId)).toEqual(before);
          expect(await changesOf(userId)).toBe(history);
        }
      }
    }
  });

  it('staff/updatestaffroles: per granting role, every role; the staff form offers exactly those roles', async () => {
    for (const who of STAFF_MANAGERS) {
      const caller = ROLE_NAME_OF[who];
      const choices = (await call(app, tok[who], { method: 'GET', url: STAFF_PATHS.choices })).json().body as StaffChoices;
      expect(
        choices.roles.map((r) => r.roleName),
        who,
      ).toEqual(ROLES.filter((r) => mayGrantRole(caller, r.name)).map((r) => r.name));

      const { staffId, userId } = await newUser(ROLE_IDS.TMCA, SECTION_OF[who]);
      for (const role of ROLES) {
        if (role.id === ROLE_IDS.TMCA) continue;
        const before = await userRow(userId);
        const res = await post(who, STAFF_PATHS.updateRoles, { pkStaffId: staffId, pkRoleId: role.id });
        if (mayGrantRole(caller, role.name)) {
          expect(res.statusCode, `${who} → ${role.name}: ${res.body}`).toBe(200);
          expect((await userRow(userId)).roleId).toBe(role.id);
          await app.ctx.db.update(appUser).set({ roleId: ROLE_IDS.TMCA }).where(eq(appUser.id, userId));
        } else {
          expect(res.statusCode, `${who} → ${role.name}: ${res.body}`).toBe(403);
          expect(res.json().statusMsg).toBe(`${STAFF_MESSAGES.roleNotAllowed} ${grantRefusal(caller, role.name)}`);
          expect(await userRow(userId)).toEqual(before);
        }
      }
    }
    // OPSMGMT no longer makes OPSMGMTs (every region): only SUPERADMIN
    expect(mayGrantRole('OPSMGMT', 'OPSMGMT')).toBe(false);
  });

  it('roles that give nothing are refused by both paths before anything is looked at', async () => {
    const { staffId, userId } = await newUser(ROLE_IDS.TMCA);
    for (const who of ['tmca', 'sc']) {
      expect((await post(who, USERS_PATHS.changeRole, { userId, roleId: ROLE_IDS.PR })).statusCode).toBe(403);
      expect((await post(who, STAFF_PATHS.updateRoles, { pkStaffId: staffId, pkRoleId: ROLE_IDS.PR })).statusCode).toBe(403);
      const res = await post(who, USERS_PATHS.registration, {
        pkStaffId: await newStaff(),
        username: `cuba.${who}.${seq}`,
        roleId: ROLE_IDS.PR,
        authType: 'LOCAL',
        password: 'Mula@2026x',
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await userRow(userId)).roleId).toBe(ROLE_IDS.TMCA);
  });

  it('nobody manages a user whose role they could not give: no role change, password reset, reset link or deactivation', async () => {
    for (const who of ['admin', 'primeadmin'] as const) {
      for (const held of ['Administrator', 'PRIMEADMIN', 'OPSMGMT', 'SUPERADMIN'] as const) {
        const { userId } = await newUser(roleByName(held)!.id);
        const before = await userRow(userId);
        const why = manageRefusal(ROLE_NAME_OF[who], held);
        expect(why).not.toBeNull();
        const attempts = [
          post(who, USERS_PATHS.changeRole, { userId, roleId: ROLE_IDS.USER }),
          post(who, USERS_PATHS.adminResetPassword, { userId, newPassword: 'Ambil@Alih2026' }),
          post(who, USERS_PATHS.emailResetPasswordLink, { userId }),
          post(who, USERS_PATHS.deactivate, { ids: [userId] }),
        ];
        for (const res of await Promise.all(attempts)) {
          expect(res.statusCode, `${who} on a ${held}: ${res.body}`).toBe(403);
          expect(res.json().statusMsg).toBe(why);
        }
        expect(await userRow(userId)).toEqual(before);
        expect(await changesOf(userId)).toBe(0);
      }
    }
    // the seed's SUPERADMIN: demoted by nobody but a SUPERADMIN
    const [sa] = await app.ctx.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'superadmin'));
    const demote = await post('admin', USERS_PATHS.changeRole, { userId: sa.id, roleId: ROLE_IDS.USER });
    expect(demote.statusCode).toBe(403);
    expect((await userRow(sa.id)).roleId).toBe(ROLE_IDS.SUPERADMIN);
    // an inactive OPSMGMT is activated by a SUPERADMIN only
    const { userId: idle } = await newUser(ROLE_IDS.OPSMGMT);
    await app.ctx.db.update(appUser).set({ isActive: false }).where(eq(appUser.id, idle));
    expect((await post('admin', USERS_PATHS.activate, { ids: [idle] })).statusCode).toBe(403);
    expect((await userRow(idle)).isActive).toBe(false);
    expect((await post('superadmin', USERS_PATHS.activate, { ids: [idle] })).statusCode).toBe(200);
    expect((await userRow(idle)).isActive).toBe(true);
    // the roles an Administrator gives it still manages
    const { userId: regional } = await newUser(ROLE_IDS.REGIONMGMT);
    expect((await post('admin', USERS_PATHS.changeRole, { userId: regional, roleId: ROLE_IDS.SECTMGR })).statusCode).toBe(200);
    expect((await post('admin', USERS_PATHS.adminResetPassword, { userId: regional, newPassword: 'Sementara@2026' })).statusCode).toBe(200);
  });

  it('staff/updatestaffroles: a manager cannot change the role of a user at or above its rank, even to a role it gives', async () => {
    const cases = [
      { who: 'sectmgr', held: ROLE_IDS.SECTMGR, section: 'N9' },
      { who: 'sectmgr', held: ROLE_IDS.REGIONMGMT, section: 'N9' },
      { who: 'sectmgr', held: ROLE_IDS.OPSMGMT, section: 'N9' },
      { who: 'regionmgmt', held: ROLE_IDS.REGIONMGMT, section: 'S1' },
      { who: 'regionmgmt', held: ROLE_IDS.OPSMGMT, section: 'S1' },
      { who: 'regionmgmt', held: ROLE_IDS.SUPERADMIN, section: 'S1' },
      { who: 'opsmgmt', held: ROLE_IDS.OPSMGMT, section: 'N9' },
      { who: 'opsmgmt', held: ROLE_IDS.ADMINISTRATOR, section: 'N9' },
    ];
    for (const c of cases) {
      const { staffId, userId } = await newUser(c.held, c.section);
      const before = await userRow(userId);
      const res = await post(c.who, STAFF_PATHS.updateRoles, { pkStaffId: staffId, pkRoleId: ROLE_IDS.TMCA });
      expect(res.statusCode, `${c.who} on ${c.held}: ${res.body}`).toBe(403);
      const heldName = ROLES.find((r) => r.id === c.held)!.name;
      expect(res.json().statusMsg).toBe(`${STAFF_MESSAGES.roleNotAllowed} ${manageRefusal(ROLE_NAME_OF[c.who], heldName)}`);
      expect(await userRow(userId)).toEqual(before);
    }
    // below its rank it may
    const { staffId, userId } = await newUser(ROLE_IDS.SECTMGR, 'S1');
    expect((await post('regionmgmt', STAFF_PATHS.updateRoles, { pkStaffId: staffId, pkRoleId: ROLE_IDS.TMCA })).statusCode).toBe(200);
    expect((await userRow(userId)).roleId).toBe(ROLE_IDS.TMCA);
  });

  it('the staff CSV import makes staff only: no user account, so no role, whatever the file says', async () => {
    const users = await app.ctx.db.$count(appUser);
    const text = [
      'staffNo,displayName,position,nric,phone,email,section,role,roleId',
      'GRIMP001,Pegawai Import Satu,PR - Peronda,900303-10-1111,,,N9,SUPERADMIN,111',
      'GRIMP002,Pegawai Import Dua,TMCA - Operator TMC,900303-10-2222,,,N9,OPSMGMT,109',
    ].join('\r\n');
    const res = await post('sectmgr', STAFF_PATHS.importCommit, { fileName: 'peranan.csv', fileContent: Buffer.from(text).toString('base64') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.created).toBe(2);
    expect(await app.ctx.db.$count(appUser)).toBe(users);
  });
});
