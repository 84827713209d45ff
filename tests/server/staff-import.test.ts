/**
 * Bulk onboarding of staff from a CSV file (issue #14 item 1): the preview marks every bad row with its reasons
 * before anything is written; the commit writes all rows or none. Missing column, wrong encoding and too many rows
 * refuse the whole file.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PATHS, type StaffImportPreview, type StaffImportResult } from '../../contract/staff';
import { adminChange, staff } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const HEADER = 'staffNo,displayName,position,nric,phone,email,section';
const csv = (...lines: string[]) => `${[HEADER, ...lines].join('\r\n')}\r\n`;
const file = (text: string | Buffer, fileName = 'staf.csv') => ({
  fileName,
  fileContent: (typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64'),
});

describe('staff CSV import (issue #14 item 1)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const post = (who: string, url: string, payload: unknown) => call(app, tok[who], { method: 'POST', url, payload: payload as object });
  const preview = (who: string, text: string | Buffer) => post(who, STAFF_PATHS.importPreview, file(text));
  const commit = (who: string, text: string | Buffer) => post(who, STAFF_PATHS.importCommit, file(text));
  const counts = async () => ({ staff: await app.ctx.db.$count(staff), changes: await app.ctx.db.$count(adminChange) });

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['sectmgr', 'regionmgmt', 'superadmin', 'tmca', 'admin']) tok[u] = (await login(app, u)).token;
  });
  afterAll(async () => app?.cleanup());

  const good = [
    'IMP0001,Ahmad Fauzi bin Ismail,PR - Peronda,900101-10-1231,012-3456789,ahmad.fauzi@lebuhraya-ops.example,N9',
    'IMP0002,Tan Wei Ming,PR - Pemandu Peronda,910202101232,,,n9',
    'IMP0003,"Siti Aishah binti Ali, Puan",TMCA - Operator TMC,920303-10-1234,+60 13-2223333,siti@lebuhraya-ops.example,S1',
  ];

  it('a file with one bad row is refused by the commit and writes nothing; the preview marks that row and its reason', async () => {
    const bad = [good[0], 'IMP0002,Tan Wei Ming,PR - Pemandu Peronda,9102021012,,,N9', good[2]];
    const before = await counts();

    const p = await preview('sectmgr', csv(...bad));
    expect(p.statusCode, p.body).toBe(200);
    const body = p.json().body as StaffImportPreview;
    expect(body).toMatchObject({ fileName: 'staf.csv', total: 3, valid: 2, invalid: 1 });
    expect(body.rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(body.rows[0].issues).toEqual([]);
    expect(body.rows[1].issues).toEqual([{ field: 'nric', message: expect.stringContaining('12 digit') }]);
    expect(body.rows[2].values.displayName).toBe('Siti Aishah binti Ali, Puan');

    const c = await commit('sectmgr', csv(...bad));
    expect(c.statusCode).toBe(400);
    expect(c.json().statusMsg).toContain('Tiada staf disimpan');
    expect(c.json().body.issues).toEqual([{ field: 'nric', message: expect.stringMatching(/^Baris 3: .*12 digit/) }]);
    expect(await counts()).toEqual(before);
    expect(await app.ctx.db.$count(staff, inArray(staff.staffNo, ['IMP0001', 'IMP0003']))).toBe(0);
  });

  it('the corrected file imports every row in one go, one change-log entry (import) per staff member', async () => {
    const before = await counts();
    const p = (await preview('sectmgr', csv(...good))).json().body as StaffImportPreview;
    expect(p).toMatchObject({ total: 3, valid: 3, invalid: 0 });
    const c = await commit('sectmgr', csv(...good));
    expect(c.statusCode, c.body).toBe(200);
    const result = c.json().body as StaffImportResult;
    expect(result.created).toBe(3);
    const rows = await app.ctx.db.select().from(staff).where(inArray(staff.id, result.pkStaffIds));
    expect(rows.map((r) => r.staffNo).sort()).toEqual(['IMP0001', 'IMP0002', 'IMP0003']);
    const tan = rows.find((r) => r.staffNo === 'IMP0002')!;
    expect(tan).toMatchObject({ nric: '910202-10-1232', phone: null, email: null, isActive: true, position: 'PR - Pemandu Peronda' });
    expect(await counts()).toEqual({ staff: before.staff + 3, changes: before.changes + 3 });
    const logs = await app.ctx.db
      .select()
      .from(adminChange)
      .where(and(eq(adminChange.entity, 'staff'), inArray(adminChange.entityId, result.pkStaffIds)));
    expect(logs.map((l) => l.action)).toEqual(['import', 'import', 'import']);
    expect(logs[0].changes).toEqual(expect.arrayContaining([{ field: 'file', old: null, new: 'staf.csv' }]));
    // the same file again: every row is now a duplicate of the database
    const again = (await preview('sectmgr', csv(...good))).json().body as StaffImportPreview;
    expect(again.invalid).toBe(3);
    expect(again.rows[0].issues[0].message).toContain('No. staf sudah wujud');
    expect((await commit('sectmgr', csv(...good))).statusCode).toBe(400);
  });

  it('every kind of bad row is marked with its reason', async () => {
    const p = await preview(
      'regionmgmt',
      csv(
        'IMP1001,,PR - Peronda,900101101231,,,N9',
        'IMP1002,Ali,PR - Peronda,900101101231,,bukan-emel,N9',
        'IMP1003,Abu,PR - Peronda,900101101231,,,X99',
        'IMP1004,Chong,PR - Peronda,900101101231,,,S3',
        'IMP1005,Dina,PR - Peronda,900101101231,,,N9',
        'imp1005,Eng,PR - Peronda,900101101231,,,N9',
        'PLS 1,Fuad,PR - Peronda,900101101231,abc,,N9',
        'IMP1006,Gina,,,,,N9',
      ),
    );
    expect(p.statusCode, p.body).toBe(200);
    const body = p.json().body as StaffImportPreview;
    const reasons = body.rows.map((r) => r.issues.map((i) => `${i.field}: ${i.message}`).join(' | '));
    expect(reasons[0]).toMatch(/^displayName: Nama diperlukan/);
    expect(reasons[1]).toMatch(/^email: Alamat e-mel tidak sah/);
    expect(reasons[2]).toMatch(/section: Kod seksyen tidak wujud: X99/);
    expect(reasons[3]).toMatch(/section: Seksyen S3 di luar wilayah anda/);
    expect(reasons[4]).toMatch(/staffNo: No. staf berulang dalam fail \(baris 7\)/);
    expect(reasons[5]).toMatch(/staffNo: No. staf berulang dalam fail \(baris 6\)/);
    expect(reasons[6]).toMatch(/staffNo: .*phone: /);
    expect(body.rows[7].issues.map((i) => i.field)).toEqual(['position', 'nric']);
    expect(body).toMatchObject({ total: 8, valid: 0, invalid: 8 });
    // the national role may place staff in S3
    const s3 = (await preview('superadmin', csv('IMP1004,Chong,PR - Peronda,900101101231,,,S3'))).json().body as StaffImportPreview;
    expect(s3.invalid).toBe(0);
  });

  it('a missing column refuses the whole file, naming it (preview and commit)', async () => {
    const before = await counts();
    const text = 'staffNo,displayName,position,phone,email,section\r\nIMP2001,Ali,PR - Peronda,,,N9\r\n';
    for (const res of [await preview('sectmgr', text), await commit('sectmgr', text)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().statusMsg).toMatch(/Lajur CSV tiada: nric/);
      expect(res.json().body.field).toBe('file');
    }
    // headers in any case and order are fine
    const shuffled = 'SECTION,Email,Phone,NRIC,Position,DisplayName,StaffNo\r\nN9,,,900101101231,PR - Peronda,Ali,IMP2002\r\n';
    expect(((await preview('sectmgr', shuffled)).json().body as StaffImportPreview).valid).toBe(1);
    expect(await counts()).toEqual(before);
  });

  it('a file that is not UTF-8 (Latin-1 é) is refused; nothing written', async () => {
    const before = await counts();
    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\r\nIMP3001,Jos`, 'ascii'),
      Buffer.from([0xe9]),
      Buffer.from(',PR - Peronda,900101101231,,,N9\r\n', 'ascii'),
    ]);
    for (const res of [await preview('sectmgr', latin1), await commit('sectmgr', latin1)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().statusMsg).toContain('UTF-8');
    }
    expect(await counts()).toEqual(before);
    // the same name in UTF-8 (with a BOM, as spreadsheets save it) is fine
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv('IMP3001,José,PR - Peronda,900101101231,,,N9'), 'utf8')]);
    const ok = (await preview('sectmgr', utf8)).json().body as StaffImportPreview;
    expect(ok.rows[0].values.displayName).toBe('José');
    expect(ok.valid).toBe(1);
  });

  it('50,000 rows are refused quickly ("maksimum 5000 baris"); 5,001 too; nothing written', async () => {
    const before = await counts();
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `BIG${i},Staf ${i},PR - Peronda,900101101231,,,N9`);
    const t0 = performance.now();
    const big = await preview('superadmin', csv(...rows(50_000)));
    const took = performance.now() - t0;
    expect(big.statusCode).toBe(400);
    expect(big.json().statusMsg).toContain('maksimum 5000 baris');
    expect(took).toBeLessThan(5000);
    const over = await commit('superadmin', csv(...rows(5001)));
    expect(over.statusCode).toBe(400);
    expect(over.json().statusMsg).toContain('maksimum 5000 baris');
    expect(await counts()).toEqual(before);
  });

  it('5,000 rows preview and commit in one transaction', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `MASS${String(i).padStart(5, '0')},Staf Ramai ${i},PR - Peronda,900101101231,,,N9`);
    const p = (await preview('superadmin', csv(...rows))).json().body as StaffImportPreview;
    expect(p).toMatchObject({ total: 5000, valid: 5000 });
    const c = await commit('superadmin', csv(...rows));
    expect(c.statusCode, c.body.slice(0, 300)).toBe(200);
    expect((c.json().body as StaffImportResult).created).toBe(5000);
  });

  it('only the managers may import: tmca and admin 403; an empty or non-base64 file 400', async () => {
    for (const who of ['tmca', 'admin']) {
      expect((await preview(who, csv(good[0]))).statusCode).toBe(403);
      expect((await commit(who, csv(good[0]))).statusCode).toBe(403);
    }
    expect((await post('sectmgr', STAFF_PATHS.importPreview, { fileName: 'a.csv', fileContent: '' })).statusCode).toBe(400);
    expect((await post('sectmgr', STAFF_PATHS.importPreview, { fileName: 'a.csv', fileContent: '@@@' })).statusCode).toBe(400);
    const headerOnly = await preview('sectmgr', `${HEADER}\r\n`);
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().statusMsg).toContain('tiada baris data');
  });
});
