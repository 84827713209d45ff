/**
 * What an uploaded attachment is, decided by its bytes and never by the name or type the client sends (§5 'Not an
 * image'): strict base64, the size limit, the image type and pixel count read from the header (image-size), a
 * truncation check; then the image is decoded and re-encoded with sharp (issue #20): what is stored is always a
 * clean JPEG made here (at most 4096 px on its longest side, turned upright by its EXIF orientation, no metadata,
 * nothing after its end marker), with the SHA-256 of those stored bytes. Plus the server-made stored name and the
 * sanitised download name.
 */
import { randomUUID } from 'node:crypto';
import { imageSize } from 'image-size';
import sharp, { type OutputInfo } from 'sharp';
import { ERROR_CODES } from '../../../contract/envelope';
import { INCIDENT_LIMITS } from '../../../contract/incident-rules';
import { sha256Hex } from '../../lib/hash';
import { badRequest, HttpError } from '../../lib/http-error';

export const NOT_AN_IMAGE = 'Not an image';
const MB = 1024 * 1024;
export const TOO_LARGE_MESSAGE = `Fail terlalu besar. Saiz maksimum ${INCIDENT_LIMITS.attachmentMaxBytes / MB} MB.`;

/**
 * The server's decoded-pixel limit (width × height of the upload): lower than the client's own pre-check
 * (INCIDENT_LIMITS.attachmentMaxPixels, applied to the original photo before the client scales it down), so a
 * small file cannot make the server or a viewer decode a huge bitmap.
 */
export const MAX_DECODE_PIXELS = 25_000_000;
/** The longest side of a stored image. */
export const MAX_STORED_SIDE = 4096;
export const STORED_JPEG_QUALITY = 82;
export const pixelsTooLargeMessage = (width: number, height: number) =>
  `Imej terlalu besar: ${width}×${height} piksel (maksimum ${MAX_DECODE_PIXELS / 1_000_000} megapiksel).`;

/** The accepted input types, by image-size's type name. */
const ACCEPTED_INPUT = ['jpg', 'png', 'webp'] as const;
type InputType = (typeof ACCEPTED_INPUT)[number];

/** What the upload's header says, checked. */
export interface ImageHeader {
  type: InputType;
  width: number;
  height: number;
}

/** The image as stored: always a JPEG re-encoded here. */
export interface CleanImage {
  bytes: Buffer;
  mime: 'image/jpeg';
  ext: 'jpg';
  /** of the stored image (after rotation and scaling) */
  width: number;
  height: number;
  /** SHA-256 (hex) of `bytes`, the stored bytes */
  sha256: string;
  /**
   * EXIF DateTimeOriginal of the upload, read before the metadata is dropped: local wall time
   * 'YYYY-MM-DDTHH:MM:SS', with the EXIF OffsetTimeOriginal appended when the camera wrote one; null if absent.
   * Stored as the photo's capture time (attachment.exif_captured_at, source 'file'; issue #19).
   */
  capturedAt: string | null;
  /** what was uploaded */
  source: ImageHeader & { byteSize: number };
}

const BASE64_RE = /^[A-Za-z0-9+/]+={0,2}$/;
/** FileReader.readAsDataURL gives 'data:<type>;base64,…'; the prefix is dropped (its type is not trusted). */
const DATA_URL_PREFIX_RE = /^data:[\w.+-]*\/?[\w.+-]*;base64,/i;

/**
 * Base64 text → bytes, strictly: only the standard alphabet, whole 4-character groups, padding at the end only.
 * The size limit is checked on the text's length before anything is decoded (413).
 */
export function decodeBase64Strict(text: string): Buffer {
  const s = text.replace(DATA_URL_PREFIX_RE, '');
  if (s.length === 0 || s.length % 4 !== 0 || !BASE64_RE.test(s)) throw badRequest('Kandungan fail bukan base64 yang sah.', 'fileContent');
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  const decodedLength = (s.length / 4) * 3 - padding;
  if (decodedLength > INCIDENT_LIMITS.attachmentMaxBytes)
    throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, TOO_LARGE_MESSAGE, { field: 'fileContent' });
  return Buffer.from(s, 'base64');
}

function startsWith(bytes: Buffer, signature: number[], at = 0) {
  return signature.every((b, i) => bytes[at + i] === b);
}

/** A complete file of its type: the signature is where it belongs and the file is not cut short. */
function looksComplete(type: InputType, bytes: Buffer): boolean {
  switch (type) {
    case 'jpg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'png':
      // every PNG ends with the IEND chunk: length 0, 'IEND', CRC
      return (
        startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
        bytes.includes(Buffer.from('IEND', 'latin1'), Math.max(0, bytes.length - 64))
      );
    case 'webp':
      // RIFF size field covers the rest of the file
      return bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP' && bytes.readUInt32LE(4) + 8 <= bytes.length;
  }
}

/**
 * JPEG, PNG or WebP by content, within the pixel limit, by the header only (nothing is decoded); anything else is
 * 'Not an image' (400).
 */
export function checkImageHeader(bytes: Buffer): ImageHeader {
  let info: { type?: string; width: number; height: number };
  try {
    info = imageSize(bytes);
  } catch {
    throw badRequest(NOT_AN_IMAGE, 'fileContent');
  }
  const type = ACCEPTED_INPUT.find((t) => t === info.type);
  if (!type || !(info.width > 0) || !(info.height > 0)) throw badRequest(NOT_AN_IMAGE, 'fileContent');
  if (info.width * info.height > MAX_DECODE_PIXELS) throw badRequest(pixelsTooLargeMessage(info.width, info.height), 'fileContent');
  if (!looksComplete(type, bytes)) throw badRequest(NOT_AN_IMAGE, 'fileContent');
  return { type, width: info.width, height: info.height };
}

/**
 * The upload checked by its header, then decoded and re-encoded: JPEG quality 82, upright (EXIF orientation),
 * longest side at most 4096 px, transparency on white, sRGB, no metadata (sharp drops it unless asked to keep it).
 * sharp refuses to decode more than MAX_DECODE_PIXELS as well (limitInputPixels, checked on the header libvips
 * reads), and a file libvips cannot decode is 'Not an image' (400), never a 500. The work runs in libvips' thread
 * pool; the caller just awaits it.
 */
export async function cleanImage(bytes: Buffer): Promise<CleanImage> {
  const header = checkImageHeader(bytes);
  let out: { data: Buffer; info: OutputInfo };
  let capturedAt: string | null = null;
  try {
    // failOn 'warning' (sharp's default, named): a damaged scan (bad Huffman code, cut short) is refused, not stored
    const image = sharp(bytes, { limitInputPixels: MAX_DECODE_PIXELS, failOn: 'warning' });
    const meta = await image.metadata();
    if (meta.width * meta.height > MAX_DECODE_PIXELS) throw badRequest(pixelsTooLargeMessage(meta.width, meta.height), 'fileContent');
    capturedAt = meta.exif ? exifCaptureTime(meta.exif) : null;
    out = await image
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: STORED_JPEG_QUALITY, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw badRequest(pixelsTooLargeMessage(header.width, header.height), 'fileContent');
    throw badRequest(NOT_AN_IMAGE, 'fileContent');
  }
  return {
    bytes: out.data,
    mime: 'image/jpeg',
    ext: 'jpg',
    width: out.info.width,
    height: out.info.height,
    sha256: sha256Hex(out.data),
    capturedAt,
    source: { ...header, byteSize: bytes.length },
  };
}

/**
 * EXIF DateTimeOriginal (tag 0x9003 in the Exif IFD) from the raw EXIF block sharp reads ('Exif\0\0' + TIFF), with
 * OffsetTimeOriginal (0x9011) when present. Any malformed block gives null; nothing here throws.
 */
export function exifCaptureTime(exif: Buffer): string | null {
  try {
    const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
    const order = tiff.toString('latin1', 0, 2);
    if (order !== 'II' && order !== 'MM') return null;
    const le = order === 'II';
    const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
    const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
    if (u16(2) !== 42) return null;
    /** the entries of the IFD at `offset`: tag → [type, count, value-or-offset field position] */
    const entries = (offset: number) => {
      const map = new Map<number, { type: number; count: number; at: number }>();
      if (offset < 8 || offset + 2 > tiff.length) return map;
      const n = u16(offset);
      for (let i = 0; i < n && offset + 2 + i * 12 + 12 <= tiff.length; i++) {
        const e = offset + 2 + i * 12;
        map.set(u16(e), { type: u16(e + 2), count: u32(e + 4), at: e + 8 });
      }
      return map;
    };
    const ascii = (entry: { type: number; count: number; at: number } | undefined) => {
      if (entry?.type !== 2 || entry.count === 0 || entry.count > 64) return null;
      const start = entry.count <= 4 ? entry.at : u32(entry.at);
      if (start + entry.count > tiff.length) return null;
      return tiff
        .toString('latin1', start, start + entry.count)
        .replace(/\0.*$/s, '')
        .trim();
    };
    const exifIfd = entries(u32(4)).get(0x8769);
    if (!exifIfd) return null;
    const sub = entries(u32(exifIfd.at));
    const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(ascii(sub.get(0x9003)) ?? '');
    if (!m || m[1] === '0000') return null;
    const offset = ascii(sub.get(0x9011));
    return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${offset && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : ''}`;
  } catch {
    return null;
  }
}

/** The name a file is stored and served under: made here, never the client's. */
export const storedNameFor = (ext: string) => `${randomUUID()}.${ext}`;

/**
 * Characters removed from a file name: C0 and C1 controls, Unicode bidirectional marks, embeddings, overrides and
 * isolates (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069: a right-to-left override makes 'gpj.exe' look
 * like 'exe.jpg'), the line and paragraph separators, and lone UTF-16 surrogates (not encodable in a header).
 */
const UNSAFE_NAME_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters from a file name is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** The name of an upload whose own name has nothing left. */
export const DEFAULT_FILE_BASE = 'gambar';

/** A display name without control, bidi-control or unpaired surrogate characters, trimmed. */
export const stripUnsafeNameChars = (name: string) => name.replace(UNSAFE_NAME_CHARS, '').trim();

/**
 * The uploader's file name made safe for Content-Disposition and display: no path, no control, bidi-control or
 * quoting characters, at most 100 characters before the extension, and the extension of the stored type (every
 * stored image is a JPEG: 'foto.png' is stored as 'foto.jpg'); 'gambar.jpg' when nothing is left.
 */
export function sanitizeFileName(name: string, ext: string): string {
  const base = stripUnsafeNameChars(name.normalize('NFC'))
    .split(/[\\/]/)
    .pop()!
    .replace(/["*:<>?|;]/g, '')
    .replace(/\.[^.]*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const short = Array.from(base).slice(0, 100).join('').trim();
  return `${short || DEFAULT_FILE_BASE}.${ext}`;
}

/**
 * RFC 6266 / 5987: an ASCII filename for old clients and filename* in UTF-8 when the name is not plain ASCII. The
 * name is cleaned again here (rows stored before the bidi rule, or from elsewhere, are served clean too).
 */
export function contentDisposition(fileName: string, kind: 'inline' | 'attachment' = 'inline'): string {
  const name = stripUnsafeNameChars(fileName) || `${DEFAULT_FILE_BASE}.jpg`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === name) return `${kind}; filename="${ascii}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
