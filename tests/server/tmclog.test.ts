import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import type { TmcLogsheetRow } from '../../contract/logsheet';
import { tmcLogsheet } from '../../server/db/schema';
import { localDisplay } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';
import { nowMs, setClock } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const TENGAH = 22;
const UTARA = 21;
const HOUR = 3600_000;

describe('TMC logsheet (§2.17, §3.10, §4.7, §7.5)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const staffOf: Record<string, number> = {};
  const post = (who: string, url: string, payload: unknown) => call(app, tok[who], { method: 'POST', url, payload: payload as object });
  const save = (who: string, body: Record<string, unknown>) => post(who, PATHS.tmcLogSheetSave, body);
  const list = async (who: string, filter: Record<string, unknown> = {}, query = '') => {
    const res = await post(who, `${PATHS.tmcLogSheetDataTables}?length=100&start=0${query}`, filter);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { rows: TmcLogsheetRow[]; recordCount: number; page: number; size: number };
  };
  const signIn = async (u: string) => {
    const s = await login(app, u);
    tok[u] = s.token;
    staffOf[u] = s.user.pkStaffId;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['tmca', 'tmcs', 'tmca.utara', 'opsmgmt', 'superadmin', 'pr', 'sectmgr']) await signIn(u);
  });
  afterEach(() => {
    setClock(null);
  });
  afterAll(async () => app?.cleanup());

  it('a TMCA creates a logsheet of its own region by default; the answer carries the §3.10 row and §8 message', async () => {
    const from = '2026-03-02T00:00:00.000Z';
    const to = '2026-03-02T04:30:00.000Z';
    const before = nowMs();
    const res = await save('tmca', { from, to, remarks: 'Syif pagi: tiada insiden besar.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().statusMsg).toBe('Catatan berjaya dihantar!');
    const row = res.json().body as TmcLogsheetRow;
    expect(row).toMatchObject({
      staffId: staffOf.tmca,
      pkRegionId: TENGAH,
      regionCode: 'TGH',
      from,
      to,
      remarks: 'Syif pagi: tiada insiden besar.',
      createdBy: { pkStaffId: staffOf.tmca },
      modifiedBy: null,
      modifiedDate: null,
    });
    expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const until = Date.parse(row.editableUntil) - Date.parse(row.createdDate);
    expect(until).toBe(24 * HOUR);
    expect(Date.parse(row.createdDate)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('To before From is a 400 naming the field; remarks over 2000 characters too; nothing is stored', async () => {
    const countBefore = await app.ctx.db.$count(tmcLogsheet);
    const bad = await save('tmca', { from: '2026-03-02T05:00:00.000Z', to: '2026-03-02T04:59:59.000Z', remarks: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().statusMsg).toContain("'To'");
    expect(JSON.stringify(bad.json().body)).toContain('to');
    const long = await save('tmca', { from: '2026-03-02T05:00:00.000Z', to: '2026-03-02T06:00:00.000Z', remarks: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    const noFrom = await save('tmca', { to: '2026-03-02T06:00:00.000Z' });
    expect(noFrom.statusCode).toBe(400);
    expect(await app.ctx.db.$count(tmcLogsheet)).toBe(countBefore);
    // To equal to From is allowed
    const same = await save('tmca', { from: '2026-03-02T05:00:00.000Z', to: '2026-03-02T05:00:00.000Z' });
    expect(same.statusCode).toBe(200);
  });

  it('TMCA may not write another region (403); a region that does not exist is a 400; roles without TMC Log get 403', async () => {
    const other = await save('tmca', { pkRegionId: UTARA, from: '2026-03-03T00:00:00.000Z', to: '2026-03-03T01:00:00.000Z' });
    expect(other.statusCode).toBe(403);
    const unknown = await save('opsmgmt', { pkRegionId: 999, from: '2026-03-03T00:00:00.000Z', to: '2026-03-03T01:00:00.000Z' });
    expect(unknown.statusCode).toBe(400);
    for (const who of ['pr', 'sectmgr']) {
      expect((await save(who, { from: '2026-03-03T00:00:00.000Z', to: '2026-03-03T01:00:00.000Z' })).statusCode).toBe(403);
      expect((await post(who, PATHS.tmcLogSheetDataTables, {})).statusCode).toBe(403);
      expect((await post(who, PATHS.tmcLogSheetCsv, {})).statusCode).toBe(403);
    }
    expect((await call(app, null, { method: 'POST', url: PATHS.tmcLogSheetDataTables, payload: {} })).statusCode).toBe(401);
    // OPSMGMT sees every region and may write for any
    const ops = await save('opsmgmt', {
      pkRegionId: UTARA,
      from: '2026-03-03T00:00:00.000Z',
      to: '2026-03-03T01:00:00.000Z',
      remarks: 'Utara oleh HQ',
    });
    expect(ops.statusCode).toBe(200);
    expect(ops.json().body.regionCode).toBe('UTR');
  });

  it('lists are scoped by region, newest From first, paged, filtered by date range on From, remark text and creator', async () => {
    const u = await save('tmca.utara', { from: '2026-03-04T01:00:00.000Z', to: '2026-03-04T02:00:00.000Z', remarks: 'Kenderaan rosak di KM 120' });
    expect(u.statusCode).toBe(200);
    const t1 = await save('tmcs', {
      from: '2026-03-05T01:00:00.000Z',
      to: '2026-03-05T02:00:00.000Z',
      remarks: 'Lorong kiri ditutup 100% sementara',
    });
    expect(t1.statusCode).toBe(200);

    const tengah = await list('tmca');
    expect(tengah.rows.length).toBeGreaterThan(0);
    expect(tengah.rows.every((r) => r.pkRegionId === TENGAH)).toBe(true);
    // asking for another region gets nothing more for a region-bound user
    const asked = await list('tmca', { pkRegionId: UTARA });
    expect(asked.rows.every((r) => r.pkRegionId === TENGAH || r.staffId === staffOf.tmca)).toBe(true);
    expect(asked.rows).toHaveLength(0);
    const utara = await list('tmca.utara');
    expect(utara.rows.map((r) => r.remarks)).toContain('Kenderaan rosak di KM 120');
    expect(utara.rows.every((r) => r.pkRegionId === UTARA)).toBe(true);

    const all = await list('opsmgmt');
    expect(new Set(all.rows.map((r) => r.pkRegionId))).toEqual(new Set([TENGAH, UTARA]));
    const onlyUtara = await list('opsmgmt', { pkRegionId: UTARA });
    expect(onlyUtara.rows.every((r) => r.pkRegionId === UTARA)).toBe(true);
    // newest From first
    const froms = all.rows.map((r) => Date.parse(r.from));
    expect([...froms].sort((a, b) => b - a)).toEqual(froms);

    // paging
    const p1 = await post('opsmgmt', `${PATHS.tmcLogSheetDataTables}?length=2&start=0`, {});
    const p2 = await post('opsmgmt', `${PATHS.tmcLogSheetDataTables}?length=2&start=2`, {});
    expect(p1.json().body.rows).toHaveLength(2);
    expect(p1.json().body.recordCount).toBe(all.recordCount);
    expect(p2.json().body.page).toBe(1);
    expect(p2.json().body.rows[0].pkTmcLogsheetId).toBe(all.rows[2].pkTmcLogsheetId);

    // date range on From (Asia/Brunei days): 2026-03-05 01:00Z is 09:00 on 05-03 local
    const day = await list('opsmgmt', { dateFrom: '2026-03-05', dateTo: '2026-03-05' });
    expect(day.rows.map((r) => r.remarks)).toEqual(['Lorong kiri ditutup 100% sementara']);
    expect((await post('opsmgmt', PATHS.tmcLogSheetDataTables, { dateFrom: '2026-03-06', dateTo: '2026-03-05' })).statusCode).toBe(400);
    // text (case-insensitive; % is literal, not a wildcard)
    expect((await list('opsmgmt', { text: 'LORONG 100%' })).rows).toHaveLength(1);
    expect((await list('opsmgmt', { text: 'lorong 10%0' })).rows).toHaveLength(0);
    // creator
    const mine = await list('opsmgmt', { createdBy: staffOf.tmcs });
    expect(mine.rows.length).toBe(1);
    expect(mine.rows[0].createdBy.pkStaffId).toBe(staffOf.tmcs);
  });

  it('listed rows carry exactly the stored instants (milliseconds, Z), the Asia/Brunei date and time of creation, and a page past the end still says the total', async () => {
    // created 16:30:00.123Z: 00:30:00 on the next local day; modified with milliseconds too
    const [made] = await app.ctx.db
      .insert(tmcLogsheet)
      .values({
        staffId: staffOf.tmcs,
        regionId: TENGAH,
        fromAt: new Date('2026-02-27T15:59:59.999Z'),
        toAt: new Date('2026-02-27T16:00:00.001Z'),
        remarks: 'tengah malam tempatan',
        createdAt: new Date('2026-02-27T16:30:00.123Z'),
        modifiedByStaffId: staffOf.tmca,
        modifiedAt: new Date('2026-02-27T17:45:10.987Z'),
      })
      .returning({ id: tmcLogsheet.id });
    const [row] = (await list('tmca', { text: 'tengah malam tempatan' })).rows;
    expect(row).toEqual({
      pkTmcLogsheetId: made.id,
      staffId: staffOf.tmcs,
      pkRegionId: TENGAH,
      regionCode: 'TGH',
      regionName: 'Tengah',
      date: '2026-02-28',
      time: '00:30:00',
      from: '2026-02-27T15:59:59.999Z',
      to: '2026-02-27T16:00:00.001Z',
      remarks: 'tengah malam tempatan',
      createdBy: { pkStaffId: staffOf.tmcs, displayName: expect.any(String) },
      createdDate: '2026-02-27T16:30:00.123Z',
      modifiedBy: { pkStaffId: staffOf.tmca, displayName: expect.any(String) },
      modifiedDate: '2026-02-27T17:45:10.987Z',
      editableUntil: '2026-02-28T16:30:00.123Z',
    });
    expect(row.createdBy.displayName).not.toBe(row.modifiedBy?.displayName);

    // every listed row: the same texts as the stored Dates give in JS (toISOString, dayjs in Asia/Brunei)
    const all = await list('opsmgmt');
    const stored = new Map((await app.ctx.db.select().from(tmcLogsheet)).map((r) => [r.id, r]));
    for (const r of all.rows) {
      const s = stored.get(r.pkTmcLogsheetId)!;
      expect(r.from).toBe(s.fromAt.toISOString());
      expect(r.to).toBe(s.toAt.toISOString());
      expect(r.createdDate).toBe(s.createdAt.toISOString());
      expect(r.modifiedDate).toBe(s.modifiedAt ? s.modifiedAt.toISOString() : null);
      expect(`${r.date} ${r.time}`).toBe(localDisplay(s.createdAt).replace(/^(\d{2})-(\d{2})-(\d{4})/, '$3-$2-$1'));
      expect(r.editableUntil).toBe(new Date(s.createdAt.getTime() + 24 * HOUR).toISOString());
    }

    // past the end: no rows, the total still told
    const past = await post('opsmgmt', `${PATHS.tmcLogSheetDataTables}?length=10&start=${all.recordCount + 10}`, {});
    expect(past.json().body).toMatchObject({ rows: [], recordCount: all.recordCount });
    await app.ctx.db.delete(tmcLogsheet).where(eq(tmcLogsheet.id, made.id));
  });

  it('edit within a day: remarks and times change, modifiedBy/modifiedDate set; the region cannot change (400)', async () => {
    const created = (await save('tmca', { from: '2026-03-06T00:00:00.000Z', to: '2026-03-06T01:00:00.000Z', remarks: 'asal' })).json()
      .body as TmcLogsheetRow;
    const edit = await save('tmcs', {
      pkTmcLogsheetId: created.pkTmcLogsheetId,
      from: created.from,
      to: '2026-03-06T02:00:00.000Z',
      remarks: 'dikemaskini',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const row = edit.json().body as TmcLogsheetRow;
    expect(row).toMatchObject({
      pkTmcLogsheetId: created.pkTmcLogsheetId,
      remarks: 'dikemaskini',
      to: '2026-03-06T02:00:00.000Z',
      staffId: staffOf.tmca,
      modifiedBy: { pkStaffId: staffOf.tmcs },
    });
    expect(row.modifiedDate).not.toBeNull();
    expect(row.editableUntil).toBe(created.editableUntil);

    const move = await save('tmca', { pkTmcLogsheetId: created.pkTmcLogsheetId, pkRegionId: UTARA, from: created.from, to: created.to });
    expect(move.statusCode).toBe(400);
    const backwards = await save('tmca', { pkTmcLogsheetId: created.pkTmcLogsheetId, from: created.to, to: created.from });
    expect(backwards.statusCode).toBe(400);
    const missing = await save('tmca', { pkTmcLogsheetId: 999999, from: created.from, to: created.to });
    expect(missing.statusCode).toBe(404);
  });

  it('editing a logsheet of another region is a 403 (region-bound users), allowed for a user who sees all regions', async () => {
    const utara = (await save('tmca.utara', { from: '2026-03-07T00:00:00.000Z', to: '2026-03-07T01:00:00.000Z', remarks: 'utara' })).json()
      .body as TmcLogsheetRow;
    for (const who of ['tmca', 'tmcs']) {
      const res = await save(who, { pkTmcLogsheetId: utara.pkTmcLogsheetId, from: utara.from, to: utara.to, remarks: 'cuba' });
      expect(res.statusCode).toBe(403);
    }
    const [stored] = await app.ctx.db.select().from(tmcLogsheet).where(eq(tmcLogsheet.id, utara.pkTmcLogsheetId));
    expect(stored.remarks).toBe('utara');
    expect(
      (await save('superadmin', { pkTmcLogsheetId: utara.pkTmcLogsheetId, from: utara.from, to: utara.to, remarks: 'semakan HQ' })).statusCode,
    ).toBe(200);
  });

  it('the same Idempotency-Key creates one logsheet only', async () => {
    const body = { from: '2026-03-08T00:00:00.000Z', to: '2026-03-08T01:00:00.000Z', remarks: 'sekali sahaja' };
    const headers = { 'idempotency-key': 'tmclog-test-key-1' };
    const a = await call(app, tok.tmca, { method: 'POST', url: PATHS.tmcLogSheetSave, payload: body, headers });
    const b = await call(app, tok.tmca, { method: 'POST', url: PATHS.tmcLogSheetSave, payload: body, headers });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().body.pkTmcLogsheetId).toBe(a.json().body.pkTmcLogsheetId);
    expect((await list('tmca', { text: 'sekali sahaja' })).recordCount).toBe(1);
  });

  it('CSV: UTF-8 with BOM, CRLF, every field quoted with doubled quotes, dd-mm-yyyy and HH:mm:ss in Asia/Brunei, Malay header', async () => {
    const remarks = 'Lori "Scania" rosak, lorong 2\nditutup; =SUM(A1)';
    // 2026-03-09 23:30Z is 10-03-2026 07:30:00 in Asia/Brunei
    const res0 = await save('tmca', { from: '2026-03-09T23:30:00.000Z', to: '2026-03-10T01:15:05.000Z', remarks });
    expect(res0.statusCode).toBe(200);
    const res = await post('tmca', PATHS.tmcLogSheetCsv, { text: 'Scania' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="tmc-logsheet-\d{2}-\d{2}-\d{4}\.csv"$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, line, ...rest] = text.split('\r\n');
    expect(rest).toEqual(['']);
    expect(header).toBe(
      '"Bil","Wilayah","Tarikh Dari","Masa Dari","Tarikh Hingga","Masa Hingga","Catatan","Dicipta Oleh","Tarikh Dicipta","Masa Dicipta","Dikemaskini Oleh","Tarikh Dikemaskini","Masa Dikemaskini"',
    );
    expect(line.startsWith('"1","Tengah (TGH)","10-03-2026","07:30:00","10-03-2026","09:15:05",')).toBe(true);
    expect(line).toContain('"Lori ""Scania"" rosak, lorong 2\nditutup; =SUM(A1)"');
    expect(line).toMatch(/,"\d{2}-\d{2}-\d{4}","\d{2}:\d{2}:\d{2}","","",""$/);
    // a formula at the start of a field is neutralised
    await save('tmca', { from: '2026-03-09T23:30:00.000Z', to: '2026-03-10T01:15:05.000Z', remarks: '=HYPERLINK("x")' });
    const f = (await post('tmca', PATHS.tmcLogSheetCsv, { text: 'HYPERLINK' })).rawPayload.toString('utf8');
    expect(f).toContain(`"'=HYPERLINK(""x"")"`);
    // region scope holds for the CSV too
    const utaraCsv = (await post('tmca.utara', PATHS.tmcLogSheetCsv, {})).rawPayload.toString('utf8');
    expect(utaraCsv).not.toContain('Scania');
    expect(utaraCsv).toContain('Utara (UTR)');
  });

  it('after a day (moved clock) the logsheet can no longer be edited: 403 with the message; still listed, editableUntil in the past', async () => {
    const created = (await save('tmca', { from: '2026-03-11T00:00:00.000Z', to: '2026-03-11T01:00:00.000Z', remarks: 'tetingkap' })).json()
      .body as TmcLogsheetRow;
    const start = Date.parse(created.createdDate);
    // the server's clock moves (lib/clock.ts); the tokens, on the real clock, stay valid

    // 23 h 59 min later: still editable
    setClock(start + 24 * HOUR - 60_000);
    const inside = await save('tmca', { pkTmcLogsheetId: created.pkTmcLogsheetId, from: created.from, to: created.to, remarks: 'masih boleh' });
    expect(inside.statusCode, inside.body).toBe(200);

    // 24 h 1 min later: refused
    setClock(start + 24 * HOUR + 60_000);
    for (const who of ['tmca', 'superadmin']) {
      const late = await save(who, { pkTmcLogsheetId: created.pkTmcLogsheetId, from: created.from, to: created.to, remarks: 'terlambat' });
      expect(late.statusCode).toBe(403);
      expect(late.json().statusMsg).toBe('Catatan log hanya boleh dikemaskini dalam tempoh satu hari selepas dicipta.');
    }
    const [stored] = await app.ctx.db.select().from(tmcLogsheet).where(eq(tmcLogsheet.id, created.pkTmcLogsheetId));
    expect(stored.remarks).toBe('masih boleh');
    const listed = (await list('tmca', { text: 'masih boleh' })).rows[0];
    expect(Date.parse(listed.editableUntil)).toBeLessThan(nowMs());
  });
});
