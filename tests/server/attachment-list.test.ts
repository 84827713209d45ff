import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { attachment } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';
import { insertIncident } from './support/incident-fixtures';
import { png, tinyJpeg } from '../support/images';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const b64 = (b: Buffer) => b.toString('base64');
const JPEG = b64(tinyJpeg());

/** §7.3 attachmentList: save, dataTables (by subform, paged) and delete by pkAttachmentListId. */
describe('attachmentList save, dataTables and delete (§3.6, §7.3)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const staffOf: Record<string, number> = {};
  let n9: Awaited<ReturnType<typeof insertIncident>>;
  let other: Awaited<ReturnType<typeof insertIncident>>;
  let utara: Awaited<ReturnType<typeof insertIncident>>;

  const post = (who: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    call(app, tok[who], { method: 'POST', url, payload: payload as object, headers });
  const save = (who: string, body: Record<string, unknown>, headers?: Record<string, string>) => post(who, PATHS.attachmentSave, body, headers);
  const list = (who: string, subformId: number, start = 0, length = 10) =>
    post(who, `${PATHS.attachmentDataTables}?start=${start}&length=${length}`, { incidentSubFormId: subformId });
  const stored = async (subformId: number) =>
    (
      await app.ctx.db
        .select({ n: count() })
        .from(attachment)
        .where(and(eq(attachment.subformId, subformId), eq(attachment.tableType, 'INCIDENT_SUBFORM')))
    )[0].n;

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['tmca', 'tmca.utara', 'sectmgr']) {
      const s = await login(app, u);
      tok[u] = s.token;
      staffOf[u] = s.user.pkStaffId;
    }
    n9 = await insertIncident(app, { section: 'N9', staffId: staffOf.tmca });
    other = await insertIncident(app, { section: 'N9', staffId: staffOf.tmca });
    utara = await insertIncident(app, { section: 'N5', staffId: staffOf['tmca.utara'] });
  });
  afterAll(async () => app?.cleanup());

  let firstId: number;

  it('save: an image of the subform is stored as its Lampiran Media, by the caller, with its hash; img is accepted for fileContent', async () => {
    const res = await save('tmca', {
      incidentSubFormId: n9.subformId,
      documentName: 'lokasi.png',
      documentType: 'image/png',
      fileContent: b64(png(40, 30)),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body).toMatchObject({
      tableType: 'INCIDENT_SUBFORM',
      fkTableId: n9.subformId,
      pkIncidentId: n9.id,
      documentName: 'lokasi.jpg',
      documentType: 'image/jpeg',
      width: 40,
      height: 30,
      statusImg: 0,
      uploadedBy: { pkStaffId: staffOf.tmca, roleName: 'TMCA' },
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      tampered: false,
    });
    firstId = body.pkAttachmentListId;
    // the client's own field name for the bytes (§3.6 img); statusImg from the body is not trusted
    const viaImg = await save('tmca', { incidentSubFormId: n9.subformId, documentName: 'dua.jpg', img: JPEG, statusImg: 1 });
    expect(viaImg.statusCode).toBe(200);
    expect(viaImg.json().body).toMatchObject({ documentName: 'dua.jpg', statusImg: 0 });
    expect(await stored(n9.subformId)).toBe(2);
  });

  it('save refuses bad base64, a file that is not an image, both or neither of fileContent and img (400) and a too big image (413)', async () => {
    const before = await stored(n9.subformId);
    const bad = await save('tmca', { incidentSubFormId: n9.subformId, documentName: 'x.jpg', fileContent: 'bukan base64!!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().statusMsg).toMatch(/base64/);
    const text = await save('tmca', {
      incidentSubFormId: n9.subformId,
      documentName: 'x.png',
      documentType: 'image/png',
      fileContent: b64(Buffer.from('hello, not an image at all')),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().statusMsg).toBe('Not an image');
    const gif = await save('tmca', {
      incidentSubFormId: n9.subformId,
      documentName: 'x.gif',
      fileContent: b64(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')),
    });
    expect(gif.statusCode).toBe(400);
    expect((await save('tmca', { incidentSubFormId: n9.subformId, documentName: 'x.jpg', fileContent: JPEG, img: JPEG })).statusCode).toBe(400);
    expect((await save('tmca', { incidentSubFormId: n9.subformId, documentName: 'x.jpg' })).statusCode).toBe(400);
    expect((await save('tmca', { incidentSubFormId: 0, documentName: 'x.jpg', fileContent: JPEG })).statusCode).toBe(400);
    // over 10 MB once decoded: refused before anything is decoded
    const big = await save('tmca', { incidentSubFormId: n9.subformId, documentName: 'besar.jpg', fileContent: b64(tinyJpeg(11 * 1024 * 1024)) });
    expect(big.statusCode).toBe(413);
    expect(await stored(n9.subformId)).toBe(before);
  });

  it("save on another region's case is 403, on an unknown subform 404; naming a stored attachment is 409 (evidence never changes)", async () => {
    const foreign = await save('tmca', { incidentSubFormId: utara.subformId, documentName: 'x.jpg', fileContent: JPEG });
    expect(foreign.statusCode).toBe(403);
    expect((await save('tmca', { incidentSubFormId: 99_999_999, documentName: 'x.jpg', fileContent: JPEG })).statusCode).toBe(404);
    const again = await save('tmca', { incidentSubFormId: n9.subformId, pkAttachmentListId: firstId, documentName: 'ganti.jpg', fileContent: JPEG });
    expect(again.statusCode).toBe(409);
    expect(await stored(utara.subformId)).toBe(0);
  });

  it('an Idempotency-Key replay stores the image once and answers the first answer', async () => {
    const body = { incidentSubFormId: other.subformId, documentName: 'sekali.jpg', fileContent: JPEG };
    const headers = { 'idempotency-key': 'attachment-list-once-1' };
    const a = await save('tmca', body, headers);
    const b = await save('tmca', body, headers);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().body.pkAttachmentListId).toBe(a.json().body.pkAttachmentListId);
    expect(await stored(other.subformId)).toBe(1);
  });

  it('dataTables: only the given subform, in upload order, paged', async () => {
    for (let i = 3; i <= 5; i++) {
      expect((await save('tmca', { incidentSubFormId: n9.subformId, documentName: `foto-${i}.jpg`, fileContent: JPEG })).statusCode).toBe(200);
    }
    const all = (await list('tmca', n9.subformId)).json().body;
    expect(all.recordCount).toBe(5);
    expect(all.rows.map((r: { documentName: string }) => r.documentName)).toEqual([
      'lokasi.jpg',
      'dua.jpg',
      'foto-3.jpg',
      'foto-4.jpg',
      'foto-5.jpg',
    ]);
    expect(all.rows.every((r: { fkTableId: number }) => r.fkTableId === n9.subformId)).toBe(true);
    const page2 = (await list('tmca', n9.subformId, 2, 2)).json().body;
    expect(page2.recordCount).toBe(5);
    expect(page2.rows.map((r: { documentName: string }) => r.documentName)).toEqual(['foto-3.jpg', 'foto-4.jpg']);
    expect((await list('tmca', other.subformId)).json().body.rows).toHaveLength(1);
    expect((await list('tmca', utara.subformId)).statusCode).toBe(403);
  });

  it('delete by pkAttachmentListId: another region 403, unknown 404, then it is no longer listed', async () => {
    expect((await post('tmca.utara', PATHS.attachmentDelete(firstId), {})).statusCode).toBe(403);
    expect((await post('tmca', PATHS.attachmentDelete(99_999_999), {})).statusCode).toBe(404);
    const del = await post('tmca', PATHS.attachmentDelete(firstId), {});
    expect(del.statusCode).toBe(200);
    expect(del.json().body.pkAttachmentListId).toBe(firstId);
    const after = (await list('tmca', n9.subformId)).json().body;
    expect(after.recordCount).toBe(4);
    expect(after.rows.some((r: { pkAttachmentListId: number }) => r.pkAttachmentListId === firstId)).toBe(false);
    // deleted once: a second delete finds nothing
    expect((await post('tmca', PATHS.attachmentDelete(firstId), {})).statusCode).toBe(404);
    // soft delete: the record and who deleted it stay for the audit
    const [row] = await app.ctx.db.select().from(attachment).where(eq(attachment.id, firstId));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.deletedByStaffId).toBe(staffOf.tmca);
  });
});
