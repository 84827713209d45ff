import 'fake-indexeddb/auto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { exifTimeOf, readCaptureTime, type ExifParse } from '@/lib/photo-exif';
import { journalItems } from '@/offline/case-writes';
import { getDb, resetDbForTests } from '@/offline/db';
import { enqueue } from '@/offline/outbox';
import { exifTimeText, PhotoEvidence, shortHash, type PhotoEvidenceOf } from '@/ui/photo-evidence';
import { jpegWithExif } from '../support/exif-jpeg';

/** Evidence-grade photos on the device (issue #19): the EXIF capture time read from the original, and how a photo's evidence shows. */
describe('EXIF capture time read on the device', () => {
  it('an EXIF date-time (with the camera offset when written) in the stored form; anything else is null', () => {
    expect(exifTimeOf('2026:11:20 09:15:30', '+08:00')).toBe('2026-11-20T09:15:30+08:00');
    expect(exifTimeOf('2026:11:20 09:15:30')).toBe('2026-11-20T09:15:30');
    expect(exifTimeOf('2026:11:20 09:15:30', 'bogus')).toBe('2026-11-20T09:15:30');
    expect(exifTimeOf('0000:00:00 00:00:00')).toBeNull();
    expect(exifTimeOf(new Date())).toBeNull();
    expect(exifTimeOf(undefined)).toBeNull();
  });

  it('reads DateTimeOriginal from a real JPEG file (exifr), before compression would drop it', async () => {
    const file = new File([new Uint8Array(jpegWithExif('2026:11:20 09:15:30', '+08:00'))], 'IMG_0001.jpg', { type: 'image/jpeg' });
    expect(await readCaptureTime(file)).toBe('2026-11-20T09:15:30+08:00');
    const noExif = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'x.jpg', { type: 'image/jpeg' });
    expect(await readCaptureTime(noExif)).toBeNull();
  });

  it('asks for the strings as written (not Dates in this device’s zone), falls back to CreateDate, never throws', async () => {
    const seen: object[] = [];
    const fake =
      (tags: object | undefined): ExifParse =>
      async (_file, options) => {
        seen.push(options);
        return tags;
      };
    const blob = new Blob(['x']);
    expect(await readCaptureTime(blob, fake({ CreateDate: '2025:01:02 03:04:05', OffsetTimeDigitized: '-05:00' }))).toBe('2025-01-02T03:04:05-05:00');
    expect(seen[0]).toMatchObject({ reviveValues: false });
    expect(await readCaptureTime(blob, fake(undefined))).toBeNull();
    const broken: ExifParse = async () => {
      throw new Error('corrupt');
    };
    expect(await readCaptureTime(blob, broken)).toBeNull();
  });
});

describe('how a photo’s evidence shows', () => {
  const base: PhotoEvidenceOf = {
    sha256: `${'a'.repeat(60)}beef`,
    capturedAt: '2026-11-20T09:15:30+08:00',
    capturedAtSource: 'file',
    deviceTime: '2026-11-20T01:16:00.000Z',
    uploadedBy: { pkStaffId: 1, displayName: 'Aminah', roleName: 'TMCA' },
    tampered: false,
  };
  const html = (a: PhotoEvidenceOf) =>
    renderToStaticMarkup(
      // biome-ignore lint/correctness/noChildrenProp: no JSX in a .ts file, and ChakraProvider's types require children among the props
      createElement(ChakraProvider, { value: defaultSystem, children: createElement(PhotoEvidence, { a }) }),
    );

  it('capture time, device time, uploader and the short hash with the full one in its title', () => {
    expect(exifTimeText('2026-11-20T09:15:30+08:00')).toBe('20-11-2026 09:15:30 (UTC+08:00)');
    expect(shortHash(base.sha256)).toBe('aaaaaaaaaaaa…');
    const out = html(base);
    expect(out).toContain('20-11-2026 09:15:30 (UTC+08:00)');
    expect(out).toContain('Aminah (TMCA)');
    expect(out).toContain('aaaaaaaaaaaa…');
    expect(out).toContain(`title="SHA-256 penuh: ${base.sha256}"`);
    expect(out).not.toContain('Foto telah diubah');
  });

  it("no EXIF time shows 'tiada'; a tampered photo shows the warning 'Foto telah diubah'", () => {
    const out = html({ ...base, capturedAt: null, capturedAtSource: null, deviceTime: null, tampered: true });
    expect(out).toMatch(/Masa diambil \(EXIF\):.*tiada/);
    expect(out).toContain('Foto telah diubah');
    expect(out).toContain('role="alert"');
  });
});

describe('the outbox carries a photo’s evidence', () => {
  it('a photo queued offline keeps its EXIF time and the device time it was taken at, in the stored item', async () => {
    await resetDbForTests();
    const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const image = { name: 'a.jpg', blob, capturedAt: '2026-11-20T09:15:30+08:00', deviceTime: '2026-11-20T01:16:00.000Z' };
    const { items } = await journalItems({ userId: 'u-1', target: { id: 41 }, entry: 'Foto', images: [image] });
    const [stored] = (await enqueue(getDb(), items)).filter((i) => i.kind === 'document.save');
    const again = await getDb().outbox.get(stored.seq!);
    expect(again?.body).toMatchObject({ capturedAt: '2026-11-20T09:15:30+08:00', deviceTime: '2026-11-20T01:16:00.000Z' });
    // the time it is finally sent is the write's (X-Client-Time), not the photo's
    expect(again?.createdAt).not.toBe('2026-11-20T01:16:00.000Z');
    // without EXIF nothing is claimed
    const { items: plain } = await journalItems({
      userId: 'u-1',
      target: { id: 41 },
      entry: 'x',
      images: [{ name: 'b.jpg', blob, capturedAt: null, deviceTime: image.deviceTime }],
    });
    expect(plain[1].body).not.toHaveProperty('capturedAt');
  });
});
