/**
 * Staff administration (issue #14 item 1; §7.1 staff/…), server side: who may call what, the region scope, create /
 * edit / roles / delete with their bad inputs (nothing half-written), the change history and the CSV export.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, type ChangeRecord } from '../../contract/admin';
import { ROLE_IDS } from '../../contract/roles';
import { STAFF_MESSAGES, STAFF_PATHS, type Staff, type StaffDeleteResult, type StaffRow } from '../../contract/staff';
import { adminChange, appUser, incident, journalEntry, section, staff } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Page = { rows: StaffRow[]; recordCount: number; page: number; size: number };

const SELATAN = 23;

describe('staff administration (issue #14 item 1, §7.1)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const sectionId: Record<string, number> = {};
  const post = (who: string | null, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    call(app, who ? tok[who] : null, { method: 'POST', url, payload: payload as object, headers });
  const get = (who: string | null, url: string) => call(app, who ? tok[who] : null, { method: 'GET', url });
  const staffCount = async () => app.ctx.db.$count(staff);
  const changesOf = async (entity: string, id: number) =>
    app.ctx.db
      .select()
      .from(adminChange)
      .where(and(eq(adminChange.entity, entity), eq(adminChange.entityId, id)));
  let seq = 0;
  const newStaff = (over: Record<string, unknown> = {}) => ({
    staffNo: `UJI${String(++seq).padStart(4, '0')}`,
    displayName: `Pegawai Ujian ${seq}`,
    position: 'PR - Peronda',
    nric: '900101-10-1235',
    phone: '012-3456789',
    email: `ujian${seq}@lebuhraya-ops.example`,
    pkSectionId: sectionId.N9,
    ...over,
  });
  const create = async (who: string, over: Record<string, unknown> = {}) => {
    const res = await post(who, STAFF_PATHS.create, newStaff(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as Staff;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin', 'tmca', 'pr', 'admin', 'others', 'tste', 'primeadmin'])
      tok[u] = (await login(app, u)).token;
    for (const s of await app.ctx.db.select({ id: section.id, name: section.name }).from(section)) sectionId[s.name] = s.id;
  });
  afterAll(async () => app?.cleanup());

  it('per role: the managers list every status; tmca, pr, admin, others get 403; no token 401', async () => {
    for (const who of ['sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin']) {
      const res = await post(who, `${STAFF_PATHS.dataTablesAllStatus}?length=5`, {});
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect((res.json().body as Page).rows.length).toBe(5);
    }
    for (const who of ['tmca', 'pr', 'admin', 'others', 'primeadmin']) {
      for (const [url, body] of [
        [`${STAFF_PATHS.dataTablesAllStatus}?length=5`, {}],
        [STAFF_PATHS.csv, {}],
        [STAFF_PATHS.create, newStaff()],
        [STAFF_PATHS.delete, [1]],
        [STAFF_PATHS.updateRoles, { pkStaffId: 1, position: 'X' }],
      ] as const) {
        const res = await post(who, url, body);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
      }
      expect((await get(who, STAFF_PATHS.get(1))).statusCode, who).toBe(403);
      expect((await get(who, STAFF_PATHS.choices)).statusCode, who).toBe(403);
    }
    expect((await post(null, STAFF_PATHS.dataTablesAllStatus, {})).statusCode).toBe(401);
    expect((await post(null, STAFF_PATHS.dataTables, {})).statusCode).toBe(401);
    expect((await get(null, STAFF_PATHS.get(1))).statusCode).toBe(401);
    // nothing was created by the refused calls
    expect(await app.ctx.db.$count(staff, eq(staff.staffNo, 'UJI0001'))).toBe(0);
  });

  it('staff/dataTables is a plain read for roster roles (active staff of their region, no personal data); OTHERS 403', async () => {
    const res = await post('tmca', `${STAFF_PATHS.dataTables}?length=1000`, { pkCompanyId: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().body as Page;
    expect(page.rows.length).toBeGreaterThan(10);
    expect(page.rows.every((r) => r.isActive)).toBe(true);
    expect(new Set(page.rows.map((r) => r.regionCode))).toEqual(new Set(['TGH']));
    expect(JSON.stringify(page.rows)).not.toMatch(/nric|phone|email/);
    expect((await post('others', STAFF_PATHS.dataTables, {})).statusCode).toBe(403);
  });

  it('staff/dataTables takes the §7.1 sizes 3000, 1000 and 1, its filters, and refuses more than 5000', async () => {
    const all = (await post('superadmin', `${STAFF_PATHS.dataTables}?length=3000&start=0`, { pkCompanyId: 1 })).json().body as Page;
    expect(all.size).toBe(3000);
    expect(all.rows.length).toBe(Math.min(3000, all.recordCount));
    const thousand = (await post('superadmin', `${STAFF_PATHS.dataTables}?length=1000`, {})).json().body as Page;
    expect(thousand.rows.length).toBe(Math.min(1000, all.recordCount));
    // one staff member by username (§7.1 userId)
    const one = await post('superadmin', `${STAFF_PATHS.dataTables}?length=1`, { userId: 'PR' });
    expect(one.statusCode, one.body).toBe(200);
    const row = (one.json().body as Page).rows;
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ username: 'pr', profile: { displayName: 'Mohd Faizal bin Ismail' }, sectionName: 'N9' });
    // section + position, sorted by staff number descending
    const filtered = (
      await post('superadmin', `${STAFF_PATHS.dataTables}?length=50&orderColumn=staffNo&direction=desc`, {
        pkSectionId: sectionId.N9,
        position: 'PR - Peronda',
      })
    ).json().body as Page;
    expect(filtered.rows.length).toBeGreaterThan(0);
    expect(filtered.rows.every((r) => r.pkSectionId === sectionId.N9 && r.profile.position === 'PR - Peronda')).toBe(true);
    const nos = filtered.rows.map((r) => r.staffNo);
    expect(nos).toEqual([...nos].sort().reverse());
    expect((await post('superadmin', `${STAFF_PATHS.dataTables}?length=5001`, {})).statusCode).toBe(400);
    const badSort = await post('superadmin', `${STAFF_PATHS.dataTables}?length=5&orderColumn=passwordHash`, {});
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().body.field).toBe('orderColumn');
  });

  it('dataTablesAllStatus: every status, regionCode, username and search filters', async () => {
    const inactive = (await post('superadmin', `${STAFF_PATHS.dataTablesAllStatus}?length=100`, { isActive: false })).json().body as Page;
    expect(inactive.recordCount).toBeGreaterThanOrEqual(2);
    expect(inactive.rows.every((r) => !r.isActive)).toBe(true);
    const utara = (await post('superadmin', `${STAFF_PATHS.dataTablesAllStatus}?length=500`, { regionCode: 'utr' })).json().body as Page;
    expect(utara.rows.length).toBeGreaterThan(0);
    expect(utara.rows.every((r) => r.regionCode === 'UTR')).toBe(true);
    const byUser = (await post('superadmin', `${STAFF_PATHS.dataTablesAllStatus}?length=10`, { username: 'tmca.ut' })).json().body as Page;
    expect(byUser.rows.map((r) => r.username)).toEqual(['tmca.utara']);
    const byName = (await post('superadmin', `${STAFF_PATHS.dataTablesAllStatus}?length=10`, { search: 'kamarul othman' })).json().body as Page;
    expect(byName.rows.map((r) => r.username)).toEqual(['sectmgr']);
    // the admin in G1 is listed (staff may sit in a G section) though G sections are not offered as choices
    const g1 = (await post('superadmin', `${STAFF_PATHS.dataTablesAllStatus}?length=50`, { pkSectionId: sectionId.G1 })).json().body as Page;
    expect(g1.rows.map((r) => r.username)).toContain('admin');
    const choices = (await get('superadmin', STAFF_PATHS.choices)).json().body as {
      sections: { sectionName: string }[];
      positions: string[];
      roles: { roleName: string }[];
    };
    expect(choices.sections.some((s) => s.sectionName.includes('G'))).toBe(false);
    expect(choices.sections.map((s) => s.sectionName)).toContain('N9');
    expect(choices.positions).toContain('PR - Peronda');
  });

  it('region scope: a Tengah manager sees and edits only Tengah staff; another region’s is 403 and nothing changes', async () => {
    const [selatanStaff] = await app.ctx.db
      .select({ id: staff.id, displayName: staff.displayName, sectionId: staff.sectionId })
      .from(staff)
      .innerJoin(section, eq(section.id, staff.sectionId))
      .where(and(eq(section.regionId, SELATAN), eq(staff.isActive, true)))
      .limit(1);
    const list = (await post('regionmgmt', `${STAFF_PATHS.dataTablesAllStatus}?length=3000`, {})).json().body as Page;
    expect(list.rows.every((r) => r.regionCode === 'TGH')).toBe(true);
    expect(list.rows.some((r) => r.pkStaffId === selatanStaff.id)).toBe(false);
    // a regionCode of another region gives nothing
    expect(((await post('regionmgmt', `${STAFF_PATHS.dataTablesAllStatus}?length=10`, { regionCode: 'SEL' })).json().body as Page).recordCount).toBe(
      0,
    );

    expect((await get('regionmgmt', STAFF_PATHS.get(selatanStaff.id))).statusCode).toBe(403);
    expect((await get('regionmgmt', STAFF_PATHS.getAllStatus(selatanStaff.id))).statusCode).toBe(403);
    expect((await get('regionmgmt', ADMIN_PATHS.history('staff', selatanStaff.id))).statusCode).toBe(403);
    const full = (await get('superadmin', STAFF_PATHS.getAllStatus(selatanStaff.id))).json().body as Staff;
    const edit = await post('regionmgmt', STAFF_PATHS.save, {
      pkStaffId: selatanStaff.id,
      ...full.profile,
      nric: full.profile.nric,
      displayName: 'Diubah Oleh Wilayah Lain',
      pkSectionId: full.pkSectionId,
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().statusMsg).toBe(STAFF_MESSAGES.otherRegion);
    expect((await post('regionmgmt', STAFF_PATHS.delete, [selatanStaff.id])).statusCode).toBe(403);
    expect((await post('regionmgmt', STAFF_PATHS.updateRoles, { pkStaffId: selatanStaff.id, position: 'X' })).statusCode).toBe(403);
    const [after] = await app.ctx.db.select().from(staff).where(eq(staff.id, selatanStaff.id));
    expect(after.displayName).toBe(selatanStaff.displayName);
    expect(after.isActive).toBe(true);
    expect(after.position).not.toBe('X');

    // creating in, or moving a Tengah staff member to, a section of another region: 403, nothing written
    const before = await staffCount();
    const res = await post('regionmgmt', STAFF_PATHS.create, newStaff({ pkSectionId: sectionId.S3 }));
    expect(res.statusCode).toBe(403);
    expect(res.json().statusMsg).toBe(STAFF_MESSAGES.sectionOtherRegion);
    expect(await staffCount()).toBe(before);
    // a whole delete call with one staff member out of scope changes nothing
    const mine = await create('regionmgmt', { pkSectionId: sectionId.S1 });
    expect((await post('regionmgmt', STAFF_PATHS.delete, [mine.pkStaffId, selatanStaff.id])).statusCode).toBe(403);
    expect(await app.ctx.db.$count(staff, eq(staff.id, mine.pkStaffId))).toBe(1);
    // a national role reaches every region
    expect((await get('opsmgmt', STAFF_PATHS.get(selatanStaff.id))).statusCode).toBe(200);
  });

  it('createstaff: the profile comes back (NRIC kept as yymmdd-pb-nnnn); the creation is in the history', async () => {
    const s = await create('sectmgr', {
      staffNo: 'pls-9001',
      nric: '880202105566',
      institutionId: 3,
      moduleId: 7,
      email: 'Ali.Baba@Lebuhraya-Ops.example',
    });
    expect(s).toMatchObject({
      pkSectionId: sectionId.N9,
      profile: { staffNo: 'PLS-9001', nric: '880202-10-5566', position: 'PR - Peronda', email: 'ali.baba@lebuhraya-ops.example' },
      section: { sectionName: 'N9', regionCode: 'TGH' },
      institutionId: 3,
      moduleId: 7,
      isActive: true,
      user: null,
    });
    const got = await get('sectmgr', STAFF_PATHS.get(s.pkStaffId));
    expect(got.statusCode).toBe(200);
    expect((got.json().body as Staff).profile.displayName).toBe(s.profile.displayName);
    const history = (await get('sectmgr', ADMIN_PATHS.history('staff', s.pkStaffId))).json().body as ChangeRecord[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'create', by: { displayName: 'Ir. Kamarul Zaman bin Othman' } });
    expect(history[0].changes).toEqual(expect.arrayContaining([{ field: 'staffNo', old: null, new: 'PLS-9001' }]));
  });

  it('a duplicate staff number is 409 "No. staf sudah wujud" (any case); nothing is written', async () => {
    const s = await create('sectmgr');
    const before = await staffCount();
    for (const staffNo of [s.profile.staffNo, s.profile.staffNo.toLowerCase(), ` ${s.profile.staffNo} `]) {
      const res = await post('sectmgr', STAFF_PATHS.create, newStaff({ staffNo }));
      expect(res.statusCode, staffNo).toBe(409);
      expect(res.json().statusMsg).toBe(STAFF_MESSAGES.duplicateStaffNo);
      expect(res.json().body.field).toBe('staffNo');
    }
    // an edit that takes another's number too
    const other = await create('sectmgr');
    const edit = await post('sectmgr', STAFF_PATHS.save, { ...newStaff(), pkStaffId: other.pkStaffId, staffNo: s.profile.staffNo });
    expect(edit.statusCode).toBe(409);
    expect(await staffCount()).toBe(before + 1);
    const [kept] = await app.ctx.db.select().from(staff).where(eq(staff.id, other.pkStaffId));
    expect(kept.staffNo).toBe(other.profile.staffNo);
  });

  it('an NRIC that is not 12 digits, a bad e-mail, a missing name: 400 naming the field, nothing written', async () => {
    const before = await staffCount();
    for (const [over, field] of [
      [{ nric: '90010110123' }, 'nric'],
      [{ nric: '9001011012345' }, 'nric'],
      [{ nric: '900101-10-123A' }, 'nric'],
      [{ nric: '' }, 'nric'],
      [{ email: 'bukan-emel' }, 'email'],
      [{ displayName: '   ' }, 'displayName'],
      [{ phone: 'abc' }, 'phone'],
      [{ pkSectionId: undefined }, 'pkSectionId'],
    ] as const) {
      const res = await post('sectmgr', STAFF_PATHS.create, newStaff(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().body.field, JSON.stringify(over)).toBe(field);
    }
    const nric = await post('sectmgr', STAFF_PATHS.create, newStaff({ nric: '12345' }));
    expect(nric.json().statusMsg).toContain('12 digit');
    // a section that does not exist
    const unknown = await post('sectmgr', STAFF_PATHS.create, newStaff({ pkSectionId: 99999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().body.field).toBe('pkSectionId');
    expect(await staffCount()).toBe(before);
  });

  it('save edits the profile and records old and new values; get is active only, getAllStatus any', async () => {
    const s = await create('sectmgr');
    const res = await post('sectmgr', STAFF_PATHS.save, {
      pkStaffId: s.pkStaffId,
      staffNo: s.profile.staffNo,
      displayName: 'Nama Baharu',
      position: 'PR - Ketua Peronda',
      nric: s.profile.nric,
      phone: '',
      email: null,
      pkSectionId: sectionId.N8,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ profile: { displayName: 'Nama Baharu', phone: null, email: null }, section: { sectionName: 'N8' } });
    const history = (await get('sectmgr', ADMIN_PATHS.history('staff', s.pkStaffId))).json().body as ChangeRecord[];
    expect(history[0].action).toBe('update');
    expect(history[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'displayName', old: s.profile.displayName, new: 'Nama Baharu' },
        { field: 'section', old: 'N9', new: 'N8' },
      ]),
    );
    // deactivated through save: get answers 404, getAllStatus the record
    const off = await post('sectmgr', STAFF_PATHS.save, { ...newStaff(), pkStaffId: s.pkStaffId, staffNo: s.profile.staffNo, isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await get('sectmgr', STAFF_PATHS.get(s.pkStaffId))).statusCode).toBe(404);
    const any = await get('sectmgr', STAFF_PATHS.getAllStatus(s.pkStaffId));
    expect(any.statusCode).toBe(200);
    expect((any.json().body as Staff).isActive).toBe(false);
    expect(((await get('sectmgr', ADMIN_PATHS.history('staff', s.pkStaffId))).json().body as ChangeRecord[])[0].action).toBe('deactivate');
    expect((await get('sectmgr', STAFF_PATHS.get(999999))).statusCode).toBe(404);
  });

  it('updatestaffroles: a role id that does not exist is 400; a role change ends the user’s sessions at once', async () => {
    const [tsteUser] = await app.ctx.db.select().from(appUser).where(eq(appUser.username, 'tste'));
    const before = tsteUser.tokensValidAfter.getTime();
    // the TSTE's token works before
    expect((await post('tste', `${STAFF_PATHS.dataTables}?length=1`, {})).statusCode).toBe(200);

    const missing = await post('sectmgr', STAFF_PATHS.updateRoles, { pkStaffId: tsteUser.staffId, pkRoleId: 999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().body.field).toBe('pkRoleId');
    expect(missing.json().statusMsg).toContain(STAFF_MESSAGES.unknownRole);
    // a role above the manager's rank: 403
    const above = await post('sectmgr', STAFF_PATHS.updateRoles, { pkStaffId: tsteUser.staffId, pkRoleId: ROLE_IDS.SUPERADMIN });
    expect(above.statusCode).toBe(403);
    const [unchanged] = await app.ctx.db.select().from(appUser).where(eq(appUser.id, tsteUser.id));
    expect(unchanged.roleId).toBe(ROLE_IDS.TSTE);
    expect(unchanged.tokensValidAfter.getTime()).toBe(before);

    const res = await post('sectmgr', STAFF_PATHS.updateRoles, {
      pkStaffId: tsteUser.staffId,
      pkRoleId: ROLE_IDS.TSTA,
      position: 'TSTA - Pembantu Teknikal Sistem Trafik',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({
      profile: { position: 'TSTA - Pembantu Teknikal Sistem Trafik' },
      user: { username: 'tste', pkRoleId: ROLE_IDS.TSTA, roleName: 'TSTA' },
    });
    const [changed] = await app.ctx.db.select().from(appUser).where(eq(appUser.id, tsteUser.id));
    expect(changed.roleId).toBe(ROLE_IDS.TSTA);
    expect(changed.tokensValidAfter.getTime()).toBeGreaterThan(before);
    // the old token is refused at once (no 5 s cache)
    const refused = await post('tste', `${STAFF_PATHS.dataTables}?length=1`, {});
    expect(refused.statusCode).toBe(401);
    // both histories say so
    const staffHistory = (await get('sectmgr', ADMIN_PATHS.history('staff', tsteUser.staffId))).json().body as ChangeRecord[];
    expect(staffHistory[0].changes).toEqual(expect.arrayContaining([{ field: 'role', old: 'TSTE', new: 'TSTA' }]));
    expect(await changesOf('user', tsteUser.id)).toHaveLength(1);
    // a staff member without a user account has no role to set
    const s = await create('sectmgr');
    const noUser = await post('sectmgr', STAFF_PATHS.updateRoles, { pkStaffId: s.pkStaffId, pkRoleId: ROLE_IDS.PR });
    expect(noUser.statusCode).toBe(400);
    // the position alone
    const pos = await post('sectmgr', STAFF_PATHS.updateRoles, { pkStaffId: s.pkStaffId, position: 'SC - Koordinator Seksyen' });
    expect(pos.statusCode).toBe(200);
    expect((pos.json().body as Staff).profile.position).toBe('SC - Koordinator Seksyen');
    // a manager cannot change its own role
    const [mgr] = await app.ctx.db.select().from(appUser).where(eq(appUser.username, 'sectmgr'));
    expect((await post('sectmgr', STAFF_PATHS.updateRoles, { pkStaffId: mgr.staffId, pkRoleId: ROLE_IDS.TSTA })).statusCode).toBe(403);
  });

  it('delete: a staff member with history (roster) is deactivated with the user account; one without is erased', async () => {
    // a patrol of team N9-PAGI-A (rosters every day) with a user account
    const patrolRow = (
      (await app.ctx.db.execute(sql`
      select s.id, u.id as user_id from staff s join app_user u on u.staff_id = s.id
      join team_member tm on tm.staff_id = s.id join team t on t.id = tm.team_id
      where t.name = 'N9-PAGI-A' and u.username <> 'pr' limit 1`)) as unknown as { rows: { id: number; user_id: number }[] }
    ).rows[0];
    const fresh = await create('sectmgr');
    const res = await post('sectmgr', STAFF_PATHS.delete, [patrolRow.id, fresh.pkStaffId, fresh.pkStaffId]);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().body as StaffDeleteResult;
    expect(out.deleted).toEqual([fresh.pkStaffId]);
    expect(out.deactivated).toHaveLength(1);
    expect(out.deactivated[0].pkStaffId).toBe(patrolRow.id);
    expect(out.deactivated[0].reasons).toContain('jadual tugas');

    const [kept] = await app.ctx.db.select().from(staff).where(eq(staff.id, patrolRow.id));
    expect(kept.isActive).toBe(false);
    const [account] = await app.ctx.db.select().from(appUser).where(eq(appUser.id, patrolRow.user_id));
    expect(account.isActive).toBe(false);
    expect(await app.ctx.db.$count(staff, eq(staff.id, fresh.pkStaffId))).toBe(0);
    // the history keeps both: a deactivation and a deletion with the old values
    expect((await changesOf('staff', patrolRow.id)).map((c) => c.action)).toContain('deactivate');
    const gone = await changesOf('staff', fresh.pkStaffId);
    expect(gone.map((c) => c.action)).toEqual(['create', 'delete']);
    expect(gone[1].changes).toEqual(expect.arrayContaining([{ field: 'staffNo', old: fresh.profile.staffNo, new: null }]));
    // the deactivated patrol no longer in staff/dataTables (active), still in dataTablesAllStatus
    const active = (await post('sectmgr', `${STAFF_PATHS.dataTables}?length=3000`, {})).json().body as Page;
    expect(active.rows.some((r) => r.pkStaffId === patrolRow.id)).toBe(false);
    const every = (await post('sectmgr', `${STAFF_PATHS.dataTablesAllStatus}?length=3000`, { isActive: false })).json().body as Page;
    expect(every.rows.some((r) => r.pkStaffId === patrolRow.id)).toBe(true);
    // an unknown id refuses the whole call
    const s2 = await create('sectmgr');
    expect((await post('sectmgr', STAFF_PATHS.delete, [s2.pkStaffId, 999999])).statusCode).toBe(404);
    expect(await app.ctx.db.$count(staff, eq(staff.id, s2.pkStaffId))).toBe(1);
    expect((await post('sectmgr', STAFF_PATHS.delete, [])).statusCode).toBe(400);
  });

  it('delete of a staff member with cases or a journal entry: deactivated; an unused user account goes with an erased staff member', async () => {
    const [tmcaRow] = await app.ctx.db.select().from(appUser).where(eq(appUser.username, 'tmca'));
    // tmca has created demo cases (seed): a case is history
    const res = await post('superadmin', STAFF_PATHS.delete, [tmcaRow.staffId]);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().body as StaffDeleteResult;
    expect(out.deleted).toEqual([]);
    expect(out.deactivated[0].reasons).toEqual(expect.arrayContaining(['kes']));
    // the user's session ends at once
    expect((await post('tmca', `${STAFF_PATHS.dataTables}?length=1`, {})).statusCode).toBe(401);

    // a new staff member whose only history is one journal entry
    const writer = await create('sectmgr');
    const [anyCase] = await app.ctx.db.select({ id: incident.id }).from(incident).limit(1);
    await app.ctx.db.insert(journalEntry).values({ incidentId: anyCase.id, staffId: writer.pkStaffId, roleName: 'PR', entry: 'Catatan ujian' });
    const journal = (await post('sectmgr', STAFF_PATHS.delete, [writer.pkStaffId])).json().body as StaffDeleteResult;
    expect(journal.deleted).toEqual([]);
    expect(journal.deactivated).toEqual([{ pkStaffId: writer.pkStaffId, reasons: ['jurnal'] }]);
    expect(await app.ctx.db.$count(staff, and(eq(staff.id, writer.pkStaffId), eq(staff.isActive, false)))).toBe(1);

    // a new staff member with a never-used account: both erased
    const s = await create('sectmgr');
    const [u] = await app.ctx.db
      .insert(appUser)
      .values({ username: `ujian.${s.pkStaffId}`, passwordHash: 'x', staffId: s.pkStaffId, roleId: ROLE_IDS.PR })
      .returning();
    const del = await post('sectmgr', STAFF_PATHS.delete, [s.pkStaffId]);
    expect((del.json().body as StaffDeleteResult).deleted).toEqual([s.pkStaffId]);
    expect(await app.ctx.db.$count(appUser, eq(appUser.id, u.id))).toBe(0);
  });

  it('staff/csv: the filtered list as CSV in the import’s columns (UTF-8 BOM, quoted, CRLF)', async () => {
    const s = await create('sectmgr', { displayName: '=SUM(A1) Ujian CSV' });
    const res = await post('sectmgr', `${STAFF_PATHS.csv}?orderColumn=staffNo`, { pkSectionId: sectionId.N9, search: 'Ujian CSV' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="staf-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('"Bil","staffNo","displayName","position","nric","phone","email","section","Wilayah","Nama Pengguna","Peranan","Status"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${s.profile.staffNo}"`);
    // a formula is neutralised
    expect(lines[1]).toContain(`"'=SUM(A1) Ujian CSV"`);
    expect(lines[1]).toContain('"Aktif"');
    // another region's manager does not get it
    const other = await post('opsmgmt', STAFF_PATHS.csv, { regionCode: 'UTR', search: 'Ujian CSV' });
    expect(other.body.slice(1).trim().split('\r\n')).toHaveLength(1);
  });

  it('a queued create sent twice with its Idempotency-Key creates one staff member', async () => {
    const body = newStaff();
    const headers = { 'Idempotency-Key': `staff-${body.staffNo}` };
    const a = await post('sectmgr', STAFF_PATHS.create, body, headers);
    const b = await post('sectmgr', STAFF_PATHS.create, body, headers);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await app.ctx.db.$count(staff, eq(staff.staffNo, body.staffNo))).toBe(1);
  });
});
