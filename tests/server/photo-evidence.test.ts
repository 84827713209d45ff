// @both-databases: bytes (bytea) read back through each driver (scripts/test.mjs runs this file on PGlite and on PostgreSQL)
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '../../contract/admin-rules';
import { PATHS } from '../../contract/paths';
import { adminChange, attachment, attachmentContent } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';
import { insertIncident } from './support/incident-fixtures';
import { jpegWithExif } from '../support/exif-jpeg';
import { png, tinyJpeg } from '../support/images';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const b64 = (b: Buffer) => b.toString('base64');

/** Evidence-grade photos (issue #19): capture time, device time, uploader, audit with the hash, tamper flag. */
describe('photo evidence', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const staffOf: Record<string, number> = {};
  let n9: Awaited<ReturnType<typeof insertIncident>>;
  let entryId: number;

  const post = (who: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    call(app, tok[who], { method: 'POST', url, payload: payload as object, headers });
  const upload = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    post('tmca', PATHS.documentSave, { tableType: 'JOURNAL_ENTRY', fkTableId: entryId, documentName: 'foto.jpg', ...body }, headers);
  const row = async (id: number) => (await app.ctx.db.select().from(attachment).where(eq(attachment.id, id)))[0];

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['tmca', 'tmcs', 'superadmin']) {
      const s = await login(app, u);
      tok[u] = s.token;
      staffOf[u] = s.user.pkStaffId;
    }
    n9 = await insertIncident(app, { section: 'N9', staffId: staffOf.tmca });
    entryId = (await post('tmca', PATHS.journalEntrySave, { entry: 'Foto di lokasi', incidentSubFormId: n9.subformId })).json().body.pkJournalEntryId;
  });
  afterAll(async () => app?.cleanup());

  it('the EXIF capture time of the bytes received is kept (source file), before the device’s own reading', async () => {
    const res = await upload({ fileContent: b64(jpegWithExif('2026:11:20 09:15:30', '+08:00')), capturedAt: '2001-01-01T00:00:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ capturedAt: '2026-11-20T09:15:30+08:00', capturedAtSource: 'file' });
    // without an offset in the EXIF, the local wall time alone
    const plain = await upload({ fileContent: b64(jpegWithExif('2025:02:03 04:05:06')) });
    expect(plain.json().body).toMatchObject({ capturedAt: '2025-02-03T04:05:06', capturedAtSource: 'file' });
    // the stored image itself carries no metadata (re-encoded): the time lives in the record
    const stored = (
      await app.ctx.db.select().from(attachmentContent).where(eq(attachmentContent.attachmentId, res.json().body.pkAttachmentListId))
    )[0];
    expect(stored.content.includes(Buffer.from('2026:11:20', 'latin1'))).toBe(false);
  });

  it('without EXIF in the bytes, the time the device read from the original is kept (source device); none gives null', async () => {
    const dev = await upload({ fileContent: b64(png(8, 8)), capturedAt: '2026-11-19T17:45:00+08:00' });
    expect(dev.json().body).toMatchObject({ capturedAt: '2026-11-19T17:45:00+08:00', capturedAtSource: 'device' });
    const none = await upload({ fileContent: b64(png(8, 8)) });
    expect(none.json().body).toMatchObject({ capturedAt: null, capturedAtSource: null });
    const bad = await upload({ fileContent: b64(png(8, 8)), capturedAt: '20/11/2026 09:15' });
    expect(bad.statusCode).toBe(400);
  });

  it('device time: the body’s (a photo queued offline keeps the time it was taken), else X-Client-Time; a malformed one is 400', async () => {
    const taken = '2026-11-20T01:02:03.456Z';
    const queued = await upload(
      { fileContent: b64(png(8, 8)), deviceTime: taken },
      { 'idempotency-key': 'photo-evidence-queued-1', 'x-client-time': '2026-11-21T08:00:00.000Z', 'x-device-id': 'tablet-7' },
    );
    expect(queued.statusCode).toBe(200);
    expect(queued.json().body.deviceTime).toBe(taken);
    const r = await row(queued.json().body.pkAttachmentListId);
    expect(r.deviceTime?.toISOString()).toBe(taken);
    expect(r.deviceId).toBe('tablet-7');
    const header = await upload({ fileContent: b64(png(8, 8)) }, { 'x-client-time': '2026-11-21T08:00:00.000Z' });
    expect(header.json().body.deviceTime).toBe('2026-11-21T08:00:00.000Z');
    expect((await upload({ fileContent: b64(png(8, 8)) })).json().body.deviceTime).toBeNull();
    expect((await upload({ fileContent: b64(png(8, 8)), deviceTime: 'semalam' })).statusCode).toBe(400);
  });

  it('the uploader is the signed-in user, whatever the body claims', async () => {
    const res = await upload({
      fileContent: b64(png(8, 8)),
      uploadedBy: { pkStaffId: staffOf.superadmin, displayName: 'Orang lain', roleName: 'SUPERADMIN' },
      uploadedByStaffId: staffOf.superadmin,
      uploadedByRole: 'SUPERADMIN',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().body.uploadedBy).toMatchObject({ pkStaffId: staffOf.tmca, roleName: 'TMCA' });
    const r = await row(res.json().body.pkAttachmentListId);
    expect(r.uploadedByStaffId).toBe(staffOf.tmca);
    expect(r.uploadedByRole).toBe('TMCA');
  });

  it('the audit trail records each upload and deletion: who, when, which photo, its SHA-256', async () => {
    const res = await upload({ fileContent: b64(png(12, 9)), deviceTime: '2026-11-20T02:00:00.000Z' });
    const a = res.json().body;
    const del = await post('tmca', PATHS.attachmentDelete(a.pkAttachmentListId), {});
    expect(del.statusCode).toBe(200);
    const entries = await app.ctx.db
      .select()
      .from(adminChange)
      .where(and(eq(adminChange.entity, 'attachment'), eq(adminChange.entityId, a.pkAttachmentListId)))
      .orderBy(asc(adminChange.id));
    expect(entries.map((e) => e.action)).toEqual(['create', 'delete']);
    for (const e of entries) {
      expect(e.staffId).toBe(staffOf.tmca);
      expect(e.at).toBeInstanceOf(Date);
    }
    const field = (i: number, name: string) => entries[i].changes.find((c) => c.field === name);
    expect(field(0, 'sha256')).toEqual({ field: 'sha256', old: null, new: a.sha256 });
    expect(field(0, 'incidentId')?.new).toBe(n9.id);
    expect(field(0, 'fkTableId')?.new).toBe(entryId);
    expect(field(0, 'deviceTime')?.new).toBe('2026-11-20T02:00:00.000Z');
    expect(field(1, 'sha256')).toEqual({ field: 'sha256', old: a.sha256, new: null });
    expect(field(1, 'tampered')?.old).toBe(false);
    // readable as the photo's history, by whoever may see its case and read histories
    const hist = await call(app, tok.superadmin, { method: 'GET', url: ADMIN_PATHS.history('attachment', a.pkAttachmentListId) });
    expect(hist.statusCode).toBe(200);
    expect(hist.json().body.map((h: { action: string }) => h.action)).toEqual(['delete', 'create']);
  });

  it('a photo whose stored bytes no longer match its hash is flagged in every answer that lists or serves it', async () => {
    const good = (await upload({ fileContent: b64(png(10, 10)), documentName: 'baik.jpg' })).json().body;
    const victim = (await upload({ fileContent: b64(png(10, 10)), documentName: 'diubah.jpg' })).json().body;
    const journal = async () =>
      (await call(app, tok.tmcs, { method: 'GET', url: PATHS.journalByIncident(n9.id) })).json().body as {
        attachments: { pkAttachmentListId: number; tampered: boolean }[];
      }[];
    const flagOf = async (id: number) => (await journal()).flatMap((e) => e.attachments).find((x) => x.pkAttachmentListId === id)?.tampered;
    expect(await flagOf(victim.pkAttachmentListId)).toBe(false);
    const original = (await call(app, tok.tmcs, { method: 'GET', url: PATHS.attachmentGet(victim.pkAttachmentListId) })).json().body.fileByteArray;

    // someone with database access changes the stored bytes (here: another valid JPEG)
    const forged = tinyJpeg();
    expect(createHash('sha256').update(forged).digest('hex')).not.toBe(victim.sha256);
    await app.ctx.db.update(attachmentContent).set({ content: forged }).where(eq(attachmentContent.attachmentId, victim.pkAttachmentListId));

    expect(await flagOf(victim.pkAttachmentListId)).toBe(true);
    expect(await flagOf(good.pkAttachmentListId)).toBe(false);
    const one = await call(app, tok.tmcs, { method: 'GET', url: PATHS.attachmentGet(victim.pkAttachmentListId) });
    expect(one.json().body).toMatchObject({ tampered: true, sha256: victim.sha256 });
    const file = await post('tmcs', PATHS.documentDownload, { pkDocumentsId: victim.pkAttachmentListId });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-photo-integrity']).toBe('mismatch');
    const fine = await post('tmcs', PATHS.documentDownload, { pkDocumentsId: good.pkAttachmentListId });
    expect(fine.headers['x-photo-integrity']).toBe('ok');

    // put back byte for byte: no longer flagged
    await app.ctx.db
      .update(attachmentContent)
      .set({ content: Buffer.from(original, 'base64') })
      .where(eq(attachmentContent.attachmentId, victim.pkAttachmentListId));
    expect(await flagOf(victim.pkAttachmentListId)).toBe(false);
  });
});
