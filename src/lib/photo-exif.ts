/**
 * Evidence-grade photos (issue #19), on the device: the capture time a camera wrote in the ORIGINAL file's EXIF,
 * read before the photo is compressed (the compression re-encodes it and drops EXIF). exifr is loaded on first use
 * (it is not part of the first load).
 *
 * The answer is the EXIF local wall time 'YYYY-MM-DDTHH:MM:SS' with the camera's offset '±hh:mm' appended when it
 * wrote one (OffsetTimeOriginal): the same form the server stores (contract EXIF_TIME_PATTERN). DateTimeOriginal
 * first, else CreateDate (DateTimeDigitized); null when the file has neither, or no readable EXIF. Never throws.
 */

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

/** 'YYYY:MM:DD HH:MM:SS' (+ '+08:00') → 'YYYY-MM-DDTHH:MM:SS+08:00'; null for anything else (also the all-zero date). */
export function exifTimeOf(raw: unknown, offset?: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const m = EXIF_DATE.exec(raw.trim());
  if (!m || m[1] === '0000' || m[2] === '00' || m[3] === '00') return null;
  const off = typeof offset === 'string' && OFFSET.test(offset.trim()) ? offset.trim() : '';
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${off}`;
}

type ExifTags = { DateTimeOriginal?: unknown; CreateDate?: unknown; OffsetTimeOriginal?: unknown; OffsetTimeDigitized?: unknown };
export type ExifParse = (bytes: Uint8Array, options: object) => Promise<ExifTags | undefined>;
/** how much of the file's start is read for its EXIF */
const EXIF_READ_BYTES = 256 * 1024;

const loadExifr = async (): Promise<ExifParse> => (await import('exifr')).default.parse as ExifParse;

/** The capture time in the file's EXIF (see above), or null. `parse` is exifr's (given in tests). */
export async function readCaptureTime(file: Blob, parse?: ExifParse): Promise<string | null> {
  try {
    // the start of the file only: a JPEG's EXIF (APP1) is at most 64 KB near its start; the bytes are given as such
    // (the same in every browser and in Node, where exifr takes no Blob)
    const head = new Uint8Array(await file.slice(0, EXIF_READ_BYTES).arrayBuffer());
    const tags = await (parse ?? (await loadExifr()))(head, {
      pick: ['DateTimeOriginal', 'CreateDate', 'OffsetTimeOriginal', 'OffsetTimeDigitized'],
      // the strings as written: a Date would be read in this device's zone, not the camera's
      reviveValues: false,
    });
    if (!tags) return null;
    return exifTimeOf(tags.DateTimeOriginal, tags.OffsetTimeOriginal) ?? exifTimeOf(tags.CreateDate, tags.OffsetTimeDigitized);
  } catch {
    return null;
  }
}
