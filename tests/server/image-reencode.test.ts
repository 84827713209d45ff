/**
 * Issue #20 (items 6/7): an uploaded image is stored as a clean JPEG made on the server (sharp), never as sent: a
 * decoded-pixel limit checked before decoding, nothing after the end marker, longest side 4096, no metadata, the
 * SHA-256 of the stored bytes, and a file name without control or bidi-override characters.
 */
import { createHash, randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { attachment, attachmentContent } from '../../server/db/schema';
import { exifCaptureTime, MAX_DECODE_PIXELS, sanitizeFileName } from '../../server/modules/document/image-check';
import { buildTestApp, call, login } from './support/build';
import { insertIncident as makeIncident } from './support/incident-fixtures';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const b64 = (b: Buffer) => b.toString('base64');
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });

describe('uploaded images are re-encoded clean JPEGs (issue #20)', () => {
  let app: App;
  let token: string;
  let entryId: number;

  const post = (url: string, payload: unknown) => call(app, token, { method: 'POST', url, payload: payload as object });
  const upload = (bytes: Buffer, documentName = 'foto.jpg') =>
    post(PATHS.documentSave, { tableType: 'JOURNAL_ENTRY', fkTableId: entryId, documentName, fileContent: b64(bytes) });
  const download = (id: number) => post(PATHS.documentDownload, { pkDocumentsId: id });
  const attachmentCount = async () => (await app.ctx.db.select({ n: count() }).from(attachment))[0].n;
  const storedBytes = async (id: number) =>
    (await app.ctx.db.select().from(attachmentContent).where(eq(attachmentContent.attachmentId, id)))[0].content;
  /** upload, expect 200, and answer the record, the downloaded bytes and the download's headers */
  const roundTrip = async (bytes: Buffer, name?: string) => {
    const res = await upload(bytes, name);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body as {
      pkDocumentsId: number;
      documentType: string;
      documentName: string;
      width: number;
      height: number;
      byteSize: number;
    };
    const dl = await download(body.pkDocumentsId);
    expect(dl.statusCode).toBe(200);
    return { body, bytes: dl.rawPayload, headers: dl.headers };
  };

  beforeAll(async () => {
    app = await buildTestApp();
    const s = await login(app, 'tmca');
    token = s.token;
    const inc = await makeIncident(app, { section: 'N9', staffId: s.user.pkStaffId });
    entryId = (await post(PATHS.journalEntrySave, { entry: 'Foto lokasi', incidentSubFormId: inc.subformId })).json().body.pkJournalEntryId;
  });
  afterAll(async () => app?.cleanup());

  it('an all-zero 6300×6300 PNG (39.7 MP, a small file) is refused 400 naming the limit before decoding; nothing stored', async () => {
    const bomb = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: 'black' } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await attachmentCount();
    const res = await upload(bomb, 'bom.png');
    expect(res.statusCode).toBe(400);
    expect(res.json().statusMsg).toBe(`Imej terlalu besar: 6300×6300 piksel (maksimum ${MAX_DECODE_PIXELS / 1_000_000} megapiksel).`);
    expect(res.json().statusMsg).toContain('25 megapiksel');
    expect(res.json().body).toMatchObject({ errorCode: 'VALIDATION', field: 'fileContent' });
    expect(await attachmentCount()).toBe(before);
  });

  it('bytes after the JPEG end marker are not stored: the stored file is a valid JPEG without them, its sha256 of the stored bytes', async () => {
    const jpeg = await solid(64, 48).jpeg().toBuffer();
    const junk = Buffer.alloc(1000, 0);
    junk.write('JUNK-AFTER-EOI<script>alert(1)</script>', 'latin1');
    randomBytes(900).copy(junk, 100);
    const { body, bytes } = await roundTrip(Buffer.concat([jpeg, junk]));
    expect(bytes.includes(junk)).toBe(false);
    expect(bytes.includes(Buffer.from('JUNK-AFTER-EOI', 'latin1'))).toBe(false);
    // ends at its own end marker
    expect(bytes.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(body.byteSize).toBe(bytes.length);
    const [row] = await app.ctx.db.select().from(attachment).where(eq(attachment.id, body.pkDocumentsId));
    expect(row.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(bytes.equals(await storedBytes(body.pkDocumentsId))).toBe(true);
  });

  it('a 5000×3000 image is stored with its longest side 4096 (aspect kept); a small one is not enlarged', async () => {
    const big = await solid(5000, 3000).jpeg({ quality: 50 }).toBuffer();
    const { body, bytes } = await roundTrip(big);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 4096, height: 2458 });
    expect(body).toMatchObject({ width: 4096, height: 2458 });
    const small = await roundTrip(await solid(30, 20).png().toBuffer());
    expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 30, height: 20 });
  });

  it('a PNG (and a WebP) upload is stored and served as image/jpeg under a .jpg name', async () => {
    const png = await roundTrip(await solid(40, 30).png().toBuffer(), 'lokasi.png');
    expect(png.body).toMatchObject({ documentType: 'image/jpeg', documentName: 'lokasi.jpg' });
    expect(png.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(png.bytes).metadata()).format).toBe('jpeg');
    const [row] = await app.ctx.db.select().from(attachment).where(eq(attachment.id, png.body.pkDocumentsId));
    expect(row).toMatchObject({ mimeType: 'image/jpeg', fileName: 'lokasi.jpg' });
    expect(row.storedName).toMatch(/\.jpg$/);
    const webp = await roundTrip(await solid(40, 30).webp().toBuffer(), 'kamera.webp');
    expect(webp.body).toMatchObject({ documentType: 'image/jpeg', documentName: 'kamera.jpg' });
    // transparency becomes white, not black
    const clear = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const flat = await roundTrip(clear);
    const { channels } = await sharp(flat.bytes).stats();
    for (const c of channels.slice(0, 3)) expect(c.mean).toBeGreaterThan(250);
  });

  it('EXIF and other metadata are gone from the stored image; the orientation is applied; the capture time is read first', async () => {
    const tagged = await solid(60, 20)
      .withExif({ IFD0: { Copyright: 'x', Artist: 'Peronda' }, IFD2: { DateTimeOriginal: '2024:05:06 07:08:09', OffsetTimeOriginal: '+08:00' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    expect(exifCaptureTime((await sharp(tagged).metadata()).exif!)).toBe('2024-05-06T07:08:09+08:00');
    const { bytes } = await roundTrip(tagged);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('Peronda'))).toBe(false);

    // orientation 6 (turn 90° clockwise to view): stored upright, no orientation tag left
    const sideways = await solid(60, 20).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const upright = await roundTrip(sideways);
    expect(await sharp(upright.bytes).metadata()).toMatchObject({ width: 20, height: 60 });
    expect((await sharp(upright.bytes).metadata()).orientation).toBeUndefined();
    expect(upright.body).toMatchObject({ width: 20, height: 60 });
  });

  it('a file name with U+202E, other bidi controls, NUL and control characters is stored and served cleaned', async () => {
    const jpeg = await solid(10, 10).jpeg().toBuffer();
    // bidi marks and the Arabic letter mark (U+200E, U+200F, U+061C), C1 and DEL: removed from the stored name
    const marks = await roundTrip(jpeg, 'lap\u200Foran\u061C\u200E\u0085\u007F gpj.exe.png');
    expect(marks.body.documentName).toBe('laporan gpj.exe.jpg');
    const [row] = await app.ctx.db.select().from(attachment).where(eq(attachment.id, marks.body.pkDocumentsId));
    expect(row.fileName).toBe('laporan gpj.exe.jpg');
    expect(marks.headers['content-disposition']).toBe('inline; filename="laporan gpj.exe.jpg"');

    // U+202E and NUL: refused as a whole by the API's text rule (contract/text-rules.ts) where it applies, otherwise
    // stored cleaned; never stored or served as sent
    const before = await attachmentCount();
    const override = await upload(jpeg, 'lap\u202Eoran\u0000\u0007\u2066 gpj.exe.png');
    if (override.statusCode === 400) {
      expect(override.json().body).toMatchObject({ errorCode: 'VALIDATION', field: 'documentName' });
      expect(await attachmentCount()).toBe(before);
    } else {
      expect(override.statusCode).toBe(200);
      expect(override.json().body.documentName).toBe('laporan gpj.exe.jpg');
      const dl = await download(override.json().body.pkDocumentsId);
      expect(dl.headers['content-disposition']).toBe('inline; filename="laporan gpj.exe.jpg"');
    }

    // a name stored dirty (before this rule, or by another path) is served cleaned: the download cleans it again
    const dirty = await roundTrip(jpeg, 'x.jpg');
    await app.ctx.db
      .update(attachment)
      .set({ fileName: 'Jambatan é\u202Egpj.exe\u0007\u2067.jpg' })
      .where(eq(attachment.id, dirty.body.pkDocumentsId));
    const served = await download(dirty.body.pkDocumentsId);
    expect(served.headers['content-disposition']).toBe(`inline; filename="Jambatan _gpj.exe.jpg"; filename*=UTF-8''Jambatan%20%C3%A9gpj.exe.jpg`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the header must carry no control character
    expect(String(served.headers['content-disposition'])).not.toMatch(/[\u0000-\u001f\u202a-\u202e\u2066-\u2069]|%E2%80%AE|%E2%81%A7|%07/i);

    // the stored-name rule itself: overrides, isolates, NUL, controls and lone surrogates go; nothing left → gambar.jpg
    expect(sanitizeFileName('lap\u202Eoran\u0000\u0007\u2066\u2069 gpj.exe.png', 'jpg')).toBe('laporan gpj.exe.jpg');
    expect(sanitizeFileName('a\uD800b\u2028c.png', 'jpg')).toBe('abc.jpg');
    expect(sanitizeFileName('\u202E\u0001\u202C.png', 'jpg')).toBe('gambar.jpg');
    expect(sanitizeFileName('  \u200F  ', 'jpg')).toBe('gambar.jpg');
  });

  it('a corrupt image with a valid JPEG header (random scan data, or cut short) answers 400, not 500; nothing stored', async () => {
    const real = await sharp({
      create: { width: 300, height: 200, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    })
      .jpeg()
      .toBuffer();
    let sos = 2;
    while (!(real[sos] === 0xff && real[sos + 1] === 0xda)) sos++;
    const scanStart = sos + 2 + real.readUInt16BE(sos + 2);
    const garbageScan = Buffer.concat([real.subarray(0, scanStart), randomBytes(3000).map((b) => (b === 0xff ? 0 : b)), Buffer.from([0xff, 0xd9])]);
    const cutShort = real.subarray(0, Math.floor(real.length / 2));
    const magicThenRandom = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4000)]);
    const before = await attachmentCount();
    for (const [what, bytes] of [
      ['random scan data', garbageScan],
      ['cut short', cutShort],
      ['magic then random', magicThenRandom],
    ] as const) {
      const res = await upload(bytes, `${what}.jpg`);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().statusMsg, what).toBe('Not an image');
      expect(res.json().body, what).toMatchObject({ errorCode: 'VALIDATION', field: 'fileContent' });
    }
    expect(await attachmentCount()).toBe(before);
  });
});
