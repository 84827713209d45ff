import { createHash } from 'node:crypto';
import { crc32 as zcrc32 } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { attachment, attachmentContent, journalEntry } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';
import { insertIncident as makeIncident } from './support/incident-fixtures';
import { tinyJpeg } from '../support/images';

type App = Awaited<ReturnType<typeof buildTestApp>>;

// ---- tiny real images
/** 1×1 RGBA PNG */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** 1×1 lossless WebP */
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const JPEG = tinyJpeg();
/** The 1×1 PNG with its header claiming 10000×10000 (CRC fixed): a decompression-bomb shape. */
function hugePngHeader(): Buffer {
  const b = Buffer.from(PNG);
  b.writeUInt32BE(10_000, 16);
  b.writeUInt32BE(10_000, 20);
  b.writeUInt32BE(zcrc32(b.subarray(12, 29)) >>> 0, 29);
  return b;
}
const b64 = (b: Buffer) => b.toString('base64');

describe('attachments and documents (§3.6, §5, §6, §7.3, §7.5)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const staffOf: Record<string, number> = {};
  let prRosterId: number;
  let n9: Awaited<ReturnType<typeof makeIncident>>;
  let assigned: Awaited<ReturnType<typeof makeIncident>>;
  let closed: Awaited<ReturnType<typeof makeIncident>>;
  let utara: Awaited<ReturnType<typeof makeIncident>>;
  let tmcaEntry: number;
  let prEntry: number;
  let utaraEntry: number;

  const post = (who: string, url: string, payload: unknown) => call(app, tok[who], { method: 'POST', url, payload: payload as object });
  const get = (who: string, url: string) => call(app, tok[who], { method: 'GET', url });
  const upload = (who: string, body: Record<string, unknown>) => post(who, PATHS.documentSave, body);
  const attachmentCount = async () => (await app.ctx.db.select({ n: count() }).from(attachment))[0].n;
  const entry = async (who: string, subformId: number) =>
    (await post(who, PATHS.journalEntrySave, { entry: `Catatan ${who}`, incidentSubFormId: subformId })).json().body.pkJournalEntryId as number;

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['tmca', 'tmcs', 'pr', 'pr.malam', 'sectmgr', 'superadmin', 'tmca.utara', 'sc', 'tste', 'others', 'opsmgmt']) {
      const s = await login(app, u);
      tok[u] = s.token;
      staffOf[u] = s.user.pkStaffId;
      if (u === 'pr') prRosterId = (s.user as unknown as { rosters: { pkDutyRosterId: number }[] }).rosters[0].pkDutyRosterId;
    }
    n9 = await makeIncident(app, { section: 'N9', staffId: staffOf.tmca });
    assigned = await makeIncident(app, { section: 'N9', staffId: staffOf.tmca, rosterId: prRosterId });
    closed = await makeIncident(app, { section: 'N9', staffId: staffOf.tmca, statusId: 210 });
    utara = await makeIncident(app, { section: 'N5', staffId: staffOf['tmca.utara'] });
    tmcaEntry = await entry('tmca', n9.subformId);
    prEntry = await entry('pr', n9.subformId);
    utaraEntry = await entry('tmca.utara', utara.subformId);
  });
  afterAll(async () => app?.cleanup());

  let tmcaPngId: number;

  /** The bytes stored for an attachment (attachment_content). */
  const storedBytes = async (id: number) =>
    (await app.ctx.db.select().from(attachmentContent).where(eq(attachmentContent.attachmentId, id)))[0].content;

  it('a PNG on a journal entry is stored, re-encoded as a JPEG, under a server-made name with its type, size, pixels and the sha256 of the stored bytes', async () => {
    const res = await upload('tmca', {
      tableType: 'JOURNAL_ENTRY',
      fkTableId: tmcaEntry,
      documentName: '../../etc/Foto "lokasi".png',
      documentType: 'application/x-evil',
      fileContent: b64(PNG),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body).toMatchObject({
      pkAttachmentListId: expect.any(Number),
      tableType: 'JOURNAL_ENTRY',
      fkTableId: tmcaEntry,
      pkIncidentId: n9.id,
      documentName: 'Foto lokasi.jpg',
      documentType: 'image/jpeg',
      byteSize: expect.any(Number),
      width: 1,
      height: 1,
      statusImg: 0,
      uploadedBy: { pkStaffId: staffOf.tmca, roleName: 'TMCA' },
    });
    expect(body.pkDocumentsId).toBe(body.pkAttachmentListId);
    tmcaPngId = body.pkAttachmentListId;
    const [row] = await app.ctx.db.select().from(attachment).where(eq(attachment.id, tmcaPngId));
    expect(row.storedName).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    const stored = await storedBytes(tmcaPngId);
    expect(stored.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(body.byteSize).toBe(stored.length);
    // the hash is of the stored (re-encoded) bytes, so a later integrity check of the stored file matches
    expect(row.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
    expect(row.sha256).not.toBe(createHash('sha256').update(PNG).digest('hex'));
    expect(row.subformId).toBe(n9.subformId);
  });

  it('the type comes from the content, never the name or the type sent: PNG, JPEG and WebP are accepted, each stored as a JPEG', async () => {
    const png = await upload('tmca', {
      tableType: 'JOURNAL_ENTRY',
      fkTableId: tmcaEntry,
      documentName: 'gambar.gif',
      documentType: 'image/gif',
      fileContent: b64(PNG),
    });
    expect(png.statusCode).toBe(200);
    expect(png.json().body).toMatchObject({ documentType: 'image/jpeg', documentName: 'gambar.jpg', width: 1, height: 1 });
    const jpeg = await upload('tmca', {
      tableType: 'JOURNAL_ENTRY',
      fkTableId: tmcaEntry,
      documentName: 'nota.txt',
      documentType: 'text/plain',
      fileContent: b64(JPEG),
    });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().body).toMatchObject({ documentType: 'image/jpeg', documentName: 'nota.jpg', width: 3, height: 2 });
    const webp = await upload('tmca', {
      tableType: 'JOURNAL_ENTRY',
      fkTableId: tmcaEntry,
      documentName: 'kamera',
      fileContent: `data:image/webp;base64,${b64(WEBP)}`,
    });
    expect(webp.statusCode).toBe(200);
    expect(webp.json().body).toMatchObject({ documentType: 'image/jpeg', documentName: 'kamera.jpg', width: 1, height: 1 });
  });

  it("anything that is not a JPEG, PNG or WebP is 'Not an image'; bad base64 and huge pixel counts are 400; nothing is stored", async () => {
    const before = await attachmentCount();
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const truncatedPng = PNG.subarray(0, PNG.length - 12);
    const notImages: [string, Buffer][] = [
      ['text', Buffer.from('Ini bukan gambar, hanya teks biasa.')],
      ['pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
      ['gif', gif],
      ['svg', svg],
      ['truncated png', truncatedPng],
      ['png signature only', PNG.subarray(0, 8)],
    ];
    for (const [name, bytes] of notImages) {
      const res = await upload('tmca', {
        tableType: 'JOURNAL_ENTRY',
        fkTableId: tmcaEntry,
        documentName: `${name}.jpg`,
        documentType: 'image/jpeg',
        fileContent: b64(bytes),
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().statusMsg, name).toBe('Not an image');
      expect(res.json().body).toMatchObject({ errorCode: 'VALIDATION', field: 'fileContent' });
    }
    for (const bad of ['@@@@', 'abc', 'iVBORw0K Ggo=', 'iVBO=w0K', '']) {
      const res = await upload('tmca', { tableType: 'JOURNAL_ENTRY', fkTableId: tmcaEntry, documentName: 'x.png', fileContent: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const huge = await upload('tmca', {
      tableType: 'JOURNAL_ENTRY',
      fkTableId: tmcaEntry,
      documentName: 'bom.png',
      fileContent: b64(hugePngHeader()),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().statusMsg).toContain('10000×10000 piksel');
    const wrongTable = await upload('tmca', { tableType: 'INCIDENT', fkTableId: tmcaEntry, documentName: 'x.png', fileContent: b64(PNG) });
    expect(wrongTable.statusCode).toBe(400);
    expect(await attachmentCount()).toBe(before);
  });

  it('too big: a 30 MB body is refused before it is read, an image over 10 MB after decoding; both 413', async () => {
    const before = await attachmentCount();
    const thirty = await upload('tmca', {
      tableType: 'JOURNAL_ENTRY',
      fkTableId: tmcaEntry,
      documentName: 'besar.jpg',
      fileContent: 'A'.repeat(30 * 1024 * 1024),
    });
    expect(thirty.statusCode).toBe(413);
    expect(thirty.json()).toMatchObject({
      statusCode: 413,
      statusMsg: 'Fail terlalu besar. Saiz maksimum 10 MB.',
      body: { errorCode: 'PAYLOAD_TOO_LARGE' },
    });
    const eleven = await upload('tmca', {
      tableType: 'JOURNAL_ENTRY',
      fkTableId: tmcaEntry,
      documentName: 'besar.jpg',
      fileContent: 'A'.repeat(4 * 3_600_000),
    });
    expect(eleven.statusCode).toBe(413);
    expect(eleven.json()).toMatchObject({
      statusMsg: 'Fail terlalu besar. Saiz maksimum 10 MB.',
      body: { errorCode: 'PAYLOAD_TOO_LARGE', field: 'fileContent' },
    });
    // other calls keep the app's 1 MB limit
    const bigJournal = await post('tmca', PATHS.journalEntrySave, { entry: 'x'.repeat(2 * 1024 * 1024), pkIncidentId: n9.id });
    expect(bigJournal.statusCode).toBe(413);
    expect(await attachmentCount()).toBe(before);
  });

  it('downloadFile serves the bytes with the stored type, nosniff, Content-Disposition and private caching', async () => {
    const res = await post('tmcs', PATHS.documentDownload, { pkDocumentsId: tmcaPngId });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline; filename="Foto lokasi.jpg"');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    // the stored bytes as they are, matching the stored sha256
    expect(res.rawPayload.equals(await storedBytes(tmcaPngId))).toBe(true);
    const [row] = await app.ctx.db.select().from(attachment).where(eq(attachment.id, tmcaPngId));
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(row.sha256);

    const named = await upload('tmca', {
      tableType: 'JOURNAL_ENTRY',
      fkTableId: tmcaEntry,
      documentName: 'Kemalangan di Jambatan Sg. Buloh – pandangan é.png',
      fileContent: b64(PNG),
    });
    const dl = await post('tmca', PATHS.documentDownload, { pkDocumentsId: named.json().body.pkDocumentsId });
    expect(dl.headers['content-disposition']).toBe(
      `inline; filename="Kemalangan di Jambatan Sg. Buloh _ pandangan _.jpg"; filename*=UTF-8''Kemalangan%20di%20Jambatan%20Sg.%20Buloh%20%E2%80%93%20pandangan%20%C3%A9.jpg`,
    );
    expect((await post('tmca', PATHS.documentDownload, { pkDocumentsId: 999999 })).statusCode).toBe(404);
    expect((await post('tmca', PATHS.documentDownload, {})).statusCode).toBe(400);
  });

  it('attachmentList/get answers the record with its bytes in base64', async () => {
    const res = await get('pr', PATHS.attachmentGet(tmcaPngId));
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({
      pkAttachmentListId: tmcaPngId,
      documentType: 'image/jpeg',
      fileByteArray: b64(await storedBytes(tmcaPngId)),
    });
    expect((await get('pr', PATHS.attachmentGet(999999))).statusCode).toBe(404);
  });

  it("Lampiran Media: a subform's uploads, listed and paged without the journal's photos", async () => {
    const a = await upload('tmca', { tableType: 'INCIDENT_SUBFORM', fkTableId: n9.subformId, documentName: 'media-1.jpg', fileContent: b64(JPEG) });
    const b = await upload('tmcs', { tableType: 'INCIDENT_SUBFORM', fkTableId: n9.subformId, documentName: 'media-2.png', fileContent: b64(PNG) });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().body).toMatchObject({ tableType: 'INCIDENT_SUBFORM', fkTableId: n9.subformId });
    const list = await post('tmca', PATHS.attachmentDataTables, { incidentSubFormId: n9.subformId });
    expect(list.statusCode).toBe(200);
    expect(list.json().body.recordCount).toBe(2);
    expect(list.json().body.rows.map((r: { documentName: string }) => r.documentName)).toEqual(['media-1.jpg', 'media-2.jpg']);
    expect(list.json().body.rows[0]).not.toHaveProperty('fileByteArray');
    const paged = await post('tmca', `${PATHS.attachmentDataTables}?length=1&start=1`, { incidentSubFormId: n9.subformId });
    expect(paged.json().body).toMatchObject({ recordCount: 2, page: 1, size: 1 });
    expect(paged.json().body.rows[0].documentName).toBe('media-2.jpg');
    expect((await post('tmca', PATHS.attachmentDataTables, { incidentSubFormId: 999999 })).statusCode).toBe(404);
    expect((await post('tmca', PATHS.attachmentDataTables, {})).statusCode).toBe(400);
  });

  it('who may attach: the writer of the entry; on the subform its editors, a patrol only on its own case, a closed case only the superadmin', async () => {
    const othersEntry = await upload('tmcs', { tableType: 'JOURNAL_ENTRY', fkTableId: tmcaEntry, documentName: 'x.png', fileContent: b64(PNG) });
    expect(othersEntry.statusCode).toBe(403);
    expect((await upload('tmca', { tableType: 'JOURNAL_ENTRY', fkTableId: 999999, documentName: 'x.png', fileContent: b64(PNG) })).statusCode).toBe(
      404,
    );
    expect(
      (await upload('tmca', { tableType: 'INCIDENT_SUBFORM', fkTableId: 999999, documentName: 'x.png', fileContent: b64(PNG) })).statusCode,
    ).toBe(404);

    const notMine = await upload('pr', { tableType: 'INCIDENT_SUBFORM', fkTableId: n9.subformId, documentName: 'x.png', fileContent: b64(PNG) });
    expect(notMine.statusCode).toBe(403);
    const mine = await upload('pr', {
      tableType: 'INCIDENT_SUBFORM',
      fkTableId: assigned.subformId,
      documentName: 'bukti.jpg',
      fileContent: b64(JPEG),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().body.statusImg).toBe(1);
    expect(
      (await upload('tste', { tableType: 'INCIDENT_SUBFORM', fkTableId: n9.subformId, documentName: 'x.png', fileContent: b64(PNG) })).statusCode,
    ).toBe(403);

    expect(
      (await upload('tmca', { tableType: 'INCIDENT_SUBFORM', fkTableId: closed.subformId, documentName: 'x.png', fileContent: b64(PNG) })).statusCode,
    ).toBe(403);
    expect(
      (
        await upload('superadmin', {
          tableType: 'INCIDENT_SUBFORM',
          fkTableId: closed.subformId,
          documentName: 'pembetulan.png',
          fileContent: b64(PNG),
        })
      ).statusCode,
    ).toBe(200);
    // the journal of a closed case still takes photos
    const lateEntry = await entry('tmca', closed.subformId);
    expect(
      (await upload('tmca', { tableType: 'JOURNAL_ENTRY', fkTableId: lateEntry, documentName: 'susulan.png', fileContent: b64(PNG) })).statusCode,
    ).toBe(200);
  });

  it("§6 delete: TMCA deletes its own statusImg 0 upload but not a patrol's statusImg 1; SECTMGR deletes both; PR, SC and others 403", async () => {
    const mk = async (who: string, entryId: number) =>
      (await upload(who, { tableType: 'JOURNAL_ENTRY', fkTableId: entryId, documentName: `${who}.png`, fileContent: b64(PNG) })).json().body as {
        pkAttachmentListId: number;
        statusImg: number;
      };
    const tmcaUp = await mk('tmca', tmcaEntry);
    const prUp = await mk('pr', prEntry);
    const prUp2 = await mk('pr', prEntry);
    const tmcaUp2 = await mk('tmca', tmcaEntry);
    expect(tmcaUp.statusImg).toBe(0);
    expect(prUp.statusImg).toBe(1);
    const del = (who: string, id: number) => post(who, PATHS.attachmentDelete(id), {});

    for (const who of ['pr', 'sc']) {
      const res = await del(who, tmcaUp.pkAttachmentListId);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().statusMsg, who).toBe('Ops! Aset tidak berjaya dipadam.');
    }
    // OTHERS has no case access at all: refused before the case is looked at
    expect((await del('others', tmcaUp.pkAttachmentListId)).statusCode).toBe(403);
    for (const who of ['tmca', 'tmcs', 'tste']) {
      const res = await del(who, prUp.pkAttachmentListId);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().statusMsg).toBe('Ops! Aset tidak berjaya dipadam.');
    }
    const own = await del('tmca', tmcaUp.pkAttachmentListId);
    expect(own.statusCode).toBe(200);
    expect(own.json().body.pkAttachmentListId).toBe(tmcaUp.pkAttachmentListId);
    expect((await del('sectmgr', prUp.pkAttachmentListId)).statusCode).toBe(200);
    expect((await del('sectmgr', tmcaUp2.pkAttachmentListId)).statusCode).toBe(200);
    expect((await del('superadmin', prUp2.pkAttachmentListId)).statusCode).toBe(200);

    // soft delete: gone from every answer, the row stays
    const again = await del('sectmgr', prUp.pkAttachmentListId);
    expect(again.statusCode).toBe(404);
    expect(again.json().statusMsg).toBe('Ops! Aset tidak berjaya dipadam.');
    expect((await get('tmca', PATHS.attachmentGet(tmcaUp.pkAttachmentListId))).statusCode).toBe(404);
    expect((await post('tmca', PATHS.documentDownload, { pkDocumentsId: prUp.pkAttachmentListId })).statusCode).toBe(404);
    const journal = (await get('tmca', PATHS.journalEntryGet(prEntry)))
      .json()
      .body.attachments.map((a: { pkAttachmentListId: number }) => a.pkAttachmentListId);
    expect(journal).not.toContain(prUp.pkAttachmentListId);
    const [row] = await app.ctx.db.select().from(attachment).where(eq(attachment.id, prUp.pkAttachmentListId));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect((await post('tmca', '/rest/roster/manage/attachmentList/delete/abc', {})).statusCode).toBe(400);
  });

  it('a case of another region is 403 on every attachment call, both ways', async () => {
    const before = await attachmentCount();
    const utaraUp = await upload('tmca.utara', {
      tableType: 'JOURNAL_ENTRY',
      fkTableId: utaraEntry,
      documentName: 'utara.png',
      fileContent: b64(PNG),
    });
    expect(utaraUp.statusCode).toBe(200);
    const utaraId = utaraUp.json().body.pkAttachmentListId;
    const attempts: [string, () => Promise<{ statusCode: number }>][] = [
      [
        'upload to journal',
        () => upload('tmca.utara', { tableType: 'JOURNAL_ENTRY', fkTableId: tmcaEntry, documentName: 'x.png', fileContent: b64(PNG) }),
      ],
      [
        'upload to subform',
        () => upload('tmca.utara', { tableType: 'INCIDENT_SUBFORM', fkTableId: n9.subformId, documentName: 'x.png', fileContent: b64(PNG) }),
      ],
      ['download', () => post('tmca.utara', PATHS.documentDownload, { pkDocumentsId: tmcaPngId })],
      ['get', () => get('tmca.utara', PATHS.attachmentGet(tmcaPngId))],
      ['list', () => post('tmca.utara', PATHS.attachmentDataTables, { incidentSubFormId: n9.subformId })],
      ['delete', () => post('tmca.utara', PATHS.attachmentDelete(tmcaPngId), {})],
      ['tmca: download Utara', () => post('tmca', PATHS.documentDownload, { pkDocumentsId: utaraId })],
      ['tmca: get Utara', () => get('tmca', PATHS.attachmentGet(utaraId))],
      ['tmca: delete Utara', () => post('tmca', PATHS.attachmentDelete(utaraId), {})],
      [
        'tmca: upload to Utara subform',
        () => upload('tmca', { tableType: 'INCIDENT_SUBFORM', fkTableId: utara.subformId, documentName: 'x.png', fileContent: b64(PNG) }),
      ],
    ];
    for (const [name, attempt] of attempts) expect((await attempt()).statusCode, name).toBe(403);
    expect(await attachmentCount()).toBe(before + 1);
    expect((await post('opsmgmt', PATHS.documentDownload, { pkDocumentsId: utaraId })).statusCode).toBe(200);
  });

  it('the journal entry list shows its photos; no token is 401', async () => {
    const photos = (await get('tmca', PATHS.journalEntryGet(tmcaEntry))).json().body.attachments as { documentType: string }[];
    // PNG, JPEG and WebP were uploaded; every one is stored as a JPEG
    expect(photos.length).toBeGreaterThanOrEqual(3);
    expect(new Set(photos.map((p) => p.documentType))).toEqual(new Set(['image/jpeg']));
    expect((await call(app, null, { method: 'POST', url: PATHS.documentDownload, payload: { pkDocumentsId: tmcaPngId } })).statusCode).toBe(401);
    const [{ n }] = await app.ctx.db.select({ n: count() }).from(journalEntry);
    expect(n).toBeGreaterThan(0);
  });
});
