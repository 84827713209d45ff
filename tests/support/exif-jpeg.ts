/**
 * A real JPEG with an EXIF block, made in code (issue #19 tests): the hand-built JPEG of ./images.ts with an APP1
 * segment after its start marker holding a little-endian TIFF whose IFD0 points to an Exif IFD with DateTimeOriginal
 * (0x9003) and, when given, OffsetTimeOriginal (0x9011).
 */
import { tinyJpeg } from './images';

export function jpegWithExif(dateTimeOriginal: string, offset?: string): Buffer {
  const ascii = (s: string) => Buffer.concat([Buffer.from(s, 'latin1'), Buffer.from([0])]);
  const dt = ascii(dateTimeOriginal);
  const off = offset ? ascii(offset) : null;
  const exifIfdAt = 8 + 2 + 12 + 4;
  const n = off ? 2 : 1;
  const dataAt = exifIfdAt + 2 + n * 12 + 4;
  const tiff = Buffer.alloc(dataAt + dt.length + (off?.length ?? 0));
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0: one entry, the Exif IFD pointer
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x8769, 10);
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(exifIfdAt, 18);
  tiff.writeUInt32LE(0, 22);
  // Exif IFD: ASCII entries pointing at the strings after it
  tiff.writeUInt16LE(n, exifIfdAt);
  const entry = (i: number, tag: number, count: number, at: number) => {
    const e = exifIfdAt + 2 + i * 12;
    tiff.writeUInt16LE(tag, e);
    tiff.writeUInt16LE(2, e + 2);
    tiff.writeUInt32LE(count, e + 4);
    tiff.writeUInt32LE(at, e + 8);
  };
  entry(0, 0x9003, dt.length, dataAt);
  if (off) entry(1, 0x9011, off.length, dataAt + dt.length);
  tiff.writeUInt32LE(0, exifIfdAt + 2 + n * 12);
  dt.copy(tiff, dataAt);
  off?.copy(tiff, dataAt + dt.length);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255]), body]);
  const jpeg = tinyJpeg();
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}
