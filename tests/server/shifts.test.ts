/**
 * Shifts (issue #14 item 5): reads for everyone who works with rosters, writes for the national roles; equal start
 * and end refused, a night shift accepted; a new shift takes max(id)+1; namasyifid lists a roster type's shifts; a
 * used shift is deactivated instead of deleted; every change is in the history.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '../../contract/admin';
import { SHIFT_MESSAGES, SHIFT_PATHS } from '../../contract/shifts';
import { shift } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const NORMAL = 3101;
const FESTIVE = 3102;
const DAY = 3601;
const NIGHT = 3602;

describe('shifts', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const post = (who: string | null, url: string, payload: unknown) =>
    call(app, who === null ? null : tok[who], { method: 'POST', url, payload: payload as object });
  const get = (who: string | null, url: string) => call(app, who === null ? null : tok[who], { method: 'GET', url });
  const shiftCount = async () => (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(shift))[0].n;

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['opsmgmt', 'superadmin', 'sectmgr', 'regionmgmt', 'tmca', 'pr', 'admin', 'pengguna', 'others'])
      tok[u] = (await login(app, u)).token;
  });
  afterAll(async () => app?.cleanup());

  it('everyone who works with rosters reads the list (50 a page by default); others 403; no token 401', async () => {
    for (const who of ['tmca', 'pr', 'sectmgr', 'admin', 'opsmgmt']) {
      const res = await post(who, SHIFT_PATHS.dataTables, {});
      expect(res.statusCode, who).toBe(200);
      expect(res.json().body).toMatchObject({ page: 0, size: 50 });
      expect(res.json().body.rows.length).toBeGreaterThanOrEqual(2);
    }
    for (const who of ['pengguna', 'others']) expect((await post(who, SHIFT_PATHS.dataTables, {})).statusCode, who).toBe(403);
    expect((await post(null, SHIFT_PATHS.dataTables, {})).statusCode).toBe(401);
    const rows = (await post('tmca', SHIFT_PATHS.dataTables, {})).json().body.rows;
    const night = rows.find((r: { pkShiftId: number }) => r.pkShiftId === 2);
    expect(night).toMatchObject({
      name: 'Syif Malam',
      startHour: '19:00',
      endHour: '07:00',
      crossesMidnight: true,
      durationMinutes: 720,
      categoryName: 'Malam',
      jenisRosterId: NORMAL,
      jenisRosterName: 'Rondaan Biasa',
      isActive: true,
    });
    expect(night.rosterCount).toBeGreaterThan(0);
    expect(night.scheduleCount).toBeGreaterThan(0);
  });

  it('only the national roles write shifts (adminShifts): managers of a region and the rest get 403', async () => {
    const payload = { name: 'Syif Ujian', categoryId: DAY, startHour: '08:00', endHour: '17:00', jenisRosterId: NORMAL };
    const before = await shiftCount();
    for (const who of ['sectmgr', 'regionmgmt', 'tmca', 'admin']) {
      expect((await post(who, SHIFT_PATHS.save, payload)).statusCode, who).toBe(403);
      expect((await post(who, SHIFT_PATHS.delete, { pkShiftId: 1 })).statusCode, who).toBe(403);
    }
    expect(await shiftCount()).toBe(before);
  });

  it('equal start and end hours are refused (400 naming endHour) and nothing is written', async () => {
    const before = await shiftCount();
    const res = await post('opsmgmt', SHIFT_PATHS.save, {
      name: 'Syif Sifar',
      categoryId: DAY,
      startHour: '08:00',
      endHour: '08:00',
      jenisRosterId: NORMAL,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.field).toBe('endHour');
    expect(res.json().statusMsg).toContain(SHIFT_MESSAGES.sameHours);
    for (const bad of [
      { payload: { name: 'X', categoryId: DAY, startHour: '24:00', endHour: '08:00', jenisRosterId: NORMAL }, field: 'startHour' },
      { payload: { name: 'X', categoryId: DAY, startHour: '8:00', endHour: '16:00', jenisRosterId: NORMAL }, field: 'startHour' },
      { payload: { name: '   ', categoryId: DAY, startHour: '08:00', endHour: '16:00', jenisRosterId: NORMAL }, field: 'name' },
      { payload: { name: 'X', categoryId: FESTIVE, startHour: '08:00', endHour: '16:00', jenisRosterId: NORMAL }, field: 'categoryId' },
      { payload: { name: 'X', categoryId: DAY, startHour: '08:00', endHour: '16:00', jenisRosterId: DAY }, field: 'jenisRosterId' },
    ]) {
      const r = await post('opsmgmt', SHIFT_PATHS.save, bad.payload);
      expect(r.statusCode, JSON.stringify(bad.payload)).toBe(400);
      expect(r.json().body.field).toBe(bad.field);
    }
    expect(await shiftCount()).toBe(before);
  });

  let nightId: number;
  it('a night shift (end before start) is accepted and takes max(id)+1; a duplicate active name is 409', async () => {
    const [{ max }] = await app.ctx.db.select({ max: sql<number>`max(${shift.id})::int` }).from(shift);
    const res = await post('opsmgmt', SHIFT_PATHS.save, {
      name: 'Syif Malam Perayaan',
      categoryId: NIGHT,
      startHour: '22:00',
      endHour: '06:00',
      jenisRosterId: FESTIVE,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({
      pkShiftId: max + 1,
      crossesMidnight: true,
      durationMinutes: 480,
      jenisRosterName: 'Rondaan Musim Perayaan',
      isActive: true,
      rosterCount: 0,
    });
    nightId = res.json().body.pkShiftId;
    const again = await post('superadmin', SHIFT_PATHS.save, {
      name: 'syif malam perayaan',
      categoryId: NIGHT,
      startHour: '21:00',
      endHour: '05:00',
      jenisRosterId: FESTIVE,
    });
    expect(again.statusCode).toBe(409);
    const edit = await post('superadmin', SHIFT_PATHS.save, {
      pkShiftId: nightId,
      name: 'Syif Malam Perayaan',
      categoryId: NIGHT,
      startHour: '23:00',
      endHour: '07:00',
      jenisRosterId: FESTIVE,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().body).toMatchObject({ pkShiftId: nightId, startHour: '23:00', endHour: '07:00' });
    expect((await get('tmca', SHIFT_PATHS.get(nightId))).json().body.startHour).toBe('23:00');
    expect((await get('tmca', SHIFT_PATHS.get(987654))).statusCode).toBe(404);
    expect(
      (
        await post('opsmgmt', SHIFT_PATHS.save, {
          pkShiftId: 987654,
          name: 'Y',
          categoryId: DAY,
          startHour: '08:00',
          endHour: '09:00',
          jenisRosterId: NORMAL,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('namasyifid/getByJenisRosterId lists the active shifts of that roster type as lookup items with hours', async () => {
    const normal = await get('pr', SHIFT_PATHS.byJenisRoster(NORMAL));
    expect(normal.statusCode).toBe(200);
    expect(normal.json().body.map((i: { key: number }) => i.key)).toEqual([1, 2]);
    expect(normal.json().body[1]).toMatchObject({
      key: 2,
      value: 'Syif Malam',
      startHour: '19:00',
      endHour: '07:00',
      crossesMidnight: true,
      description: expect.stringContaining('19:00–07:00'),
    });
    const festive = await get('tmca', SHIFT_PATHS.byJenisRoster(FESTIVE));
    expect(festive.json().body.map((i: { key: number }) => i.key)).toEqual([nightId]);
    expect((await get('tmca', SHIFT_PATHS.byJenisRoster(3104))).json().body).toEqual([]);
    expect((await get('tmca', SHIFT_PATHS.byJenisRoster(999_999))).statusCode).toBe(404);
    expect((await get('pengguna', SHIFT_PATHS.byJenisRoster(NORMAL))).statusCode).toBe(403);
    // filters of the list
    const list = await post('tmca', SHIFT_PATHS.dataTables, { jenisRosterId: FESTIVE });
    expect(list.json().body.rows.map((r: { pkShiftId: number }) => r.pkShiftId)).toEqual([nightId]);
  });

  it('a shift used by rosters or schedules is deactivated, not deleted; an unused one is deleted', async () => {
    const used = await post('opsmgmt', SHIFT_PATHS.delete, { pkShiftId: 1 });
    expect(used.statusCode).toBe(200);
    expect(used.json().body).toEqual({ pkShiftId: 1, outcome: 'deactivated' });
    const [row] = await app.ctx.db.select().from(shift).where(eq(shift.id, 1));
    expect(row.isActive).toBe(false);
    // no longer offered for new rosters
    expect((await get('tmca', SHIFT_PATHS.byJenisRoster(NORMAL))).json().body.map((i: { key: number }) => i.key)).toEqual([2]);
    const inactive = await post('tmca', SHIFT_PATHS.dataTables, { isActive: false });
    expect(inactive.json().body.rows.map((r: { pkShiftId: number }) => r.pkShiftId)).toEqual([1]);

    const gone = await post('opsmgmt', SHIFT_PATHS.delete, { pkShiftId: nightId });
    expect(gone.json().body).toEqual({ pkShiftId: nightId, outcome: 'deleted' });
    expect(await app.ctx.db.select().from(shift).where(eq(shift.id, nightId))).toHaveLength(0);
    expect((await post('opsmgmt', SHIFT_PATHS.delete, { pkShiftId: nightId })).statusCode).toBe(404);
  });

  it('every change is in the history', async () => {
    const res = await get('opsmgmt', ADMIN_PATHS.history('shift', 1));
    expect(res.statusCode).toBe(200);
    const [last] = res.json().body;
    expect(last).toMatchObject({ action: 'deactivate', changes: [{ field: 'isActive', old: true, new: false }] });
    // the category and the roster type by their names
    const created = (await get('opsmgmt', ADMIN_PATHS.history('shift', 1))).json().body;
    expect(created.length).toBeGreaterThan(0);
    const rows0 = await app.ctx.db.execute(
      sql`select changes from admin_change where entity = 'shift' and entity_id = ${nightId} and action = 'create'`,
    );
    const changes = (rows0 as unknown as { rows: { changes: { field: string; new: unknown }[] }[] }).rows[0].changes;
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'category', old: null, new: 'Malam' },
        { field: 'rosterType', old: null, new: 'Rondaan Musim Perayaan' },
        { field: 'startHour', old: null, new: '22:00' },
      ]),
    );
    // the deleted shift keeps its history (create, update, delete) in the table even though the record is gone
    const rows = await app.ctx.db.execute(sql`select action from admin_change where entity = 'shift' and entity_id = ${nightId} order by id`);
    expect((rows as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    // a reactivation is recorded as such
    const back = await post('opsmgmt', SHIFT_PATHS.save, {
      pkShiftId: 1,
      name: 'Syif Pagi',
      categoryId: DAY,
      startHour: '07:00',
      endHour: '19:00',
      jenisRosterId: NORMAL,
      isActive: true,
    });
    expect(back.statusCode).toBe(200);
    const again = (await get('opsmgmt', ADMIN_PATHS.history('shift', 1))).json().body;
    expect(again[0]).toMatchObject({ action: 'activate' });
    expect((await get('tmca', ADMIN_PATHS.history('shift', 1))).statusCode).toBe(403);
  });
});
