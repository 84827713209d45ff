/**
 * What an uploaded attachment is, decided by its bytes and never by the name or type the client sends (§5 'Not an
 * image'): strict base64, the size limit, the image type read from the header (image-size), the pixel limit, and a
 * truncation check. Plus the server-made stored name and the sanitised download name.
 */
import { createHash, randomUUID } from 'node:crypto';
import { imageSize } from 'image-size';
import { ERROR_CODES } from '../../../contract/envelope';
import { INCIDENT_LIMITS } from '../../../contract/incident-rules';
import { badRequest, HttpError } from '../../lib/http-error';

export const NOT_AN_IMAGE = 'Not an image';
const MB = 1024 * 1024;
export const TOO_LARGE_MESSAGE = `Fail terlalu besar. Saiz maksimum ${INCIDENT_LIMITS.attachmentMaxBytes / MB} MB.`;

/** The accepted types: image-size's type name → what we store and serve. */
const ACCEPTED = {
  jpg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
} as const;

export interface CheckedImage {
  bytes: Buffer;
  mime: (typeof ACCEPTED)[keyof typeof ACCEPTED]['mime'];
  ext: (typeof ACCEPTED)[keyof typeof ACCEPTED]['ext'];
  width: number;
  height: number;
  sha256: string;
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
  if (decodedLength > INCIDENT_LIMITS.attachmentMaxBytes) throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, TOO_LARGE_MESSAGE, { field: 'fileContent' });
  return Buffer.from(s, 'base64');
}

function startsWith(bytes: Buffer, signature: number[], at = 0) {
  return signature.every((b, i) => bytes[at + i] === b);
}

/** A complete file of its type: the signature is where it belongs and the file is not cut short. */
function looksComplete(ext: CheckedImage['ext'], bytes: Buffer): boolean {
  switch (ext) {
    case 'jpg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'png':
      // every PNG ends with the IEND chunk: length 0, 'IEND', CRC
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && bytes.includes(Buffer.from('IEND', 'latin1'), Math.max(0, bytes.length - 64));
    case 'webp':
      // RIFF size field covers the rest of the file
      return bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP' && bytes.readUInt32LE(4) + 8 <= bytes.length;
  }
}

/** JPEG, PNG or WebP by content, within the pixel limit; anything else is 'Not an image' (400). */
export function checkImage(bytes: Buffer): CheckedImage {
  let info: { type?: string; width: number; height: number };
  try {
    info = imageSize(bytes);
  } catch {
    throw badRequest(NOT_AN_IMAGE, 'fileContent');
  }
  const accepted = info.type ? ACCEPTED[info.type as keyof typeof ACCEPTED] : undefined;
  if (!accepted || !(info.width > 0) || !(info.height > 0)) throw badRequest(NOT_AN_IMAGE, 'fileContent');
  if (info.width * info.height > INCIDENT_LIMITS.attachmentMaxPixels) {
    throw badRequest(
      `Imej terlalu besar: ${info.width}×${info.height} piksel (maksimum ${INCIDENT_LIMITS.attachmentMaxPixels.toLocaleString('en')} piksel).`,
      'fileContent',
    );
  }
  if (!looksComplete(accepted.ext, bytes)) throw badRequest(NOT_AN_IMAGE, 'fileContent');
  return {
    bytes,
    mime: accepted.mime,
    ext: accepted.ext,
    width: info.width,
    height: info.height,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** The name a file is stored and served under: made here, never the client's. */
export const storedNameFor = (ext: string) => `${randomUUID()}.${ext}`;

/**
 * The uploader's file name made safe for Content-Disposition and display: no path, no control or quoting
 * characters, at most 100 characters before the extension, and the extension of the detected type (a PNG sent as
 * 'foto.jpg' downloads as 'foto.png').
 */
export function sanitizeFileName(name: string, ext: string): string {
  const base = name
    .normalize('NFC')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|;]/g, '')
    .replace(/\.[^.]*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const short = Array.from(base).slice(0, 100).join('').trim();
  return `${short || 'lampiran'}.${ext}`;
}

/** RFC 6266 / 5987: an ASCII filename for old clients and filename* in UTF-8 when the name is not plain ASCII. */
export function contentDisposition(fileName: string, kind: 'inline' | 'attachment' = 'inline'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === fileName) return `${kind}; filename="${ascii}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
