/**
 * Image handling for uploads (§5, §9): a chosen file must really be an image (its MIME type says so AND the browser
 * can decode it), then it is scaled so the longest side is at most 900 px and re-encoded as JPEG before upload.
 * The server checks the content again (type, size and pixel limits).
 *
 * The compression runs in our own module worker (image-worker.ts: createImageBitmap + OffscreenCanvas, served from
 * our origin, so the CSP's worker-src 'self' allows it and it works offline). Where OffscreenCanvas is missing,
 * browser-image-compression is loaded on first use and runs on the main thread: its own web-worker mode would fetch
 * the library from a CDN, which the CSP forbids and which fails offline.
 */
import { INCIDENT_LIMITS } from '@contract/incident-rules';
import type { Options as CompressionOptions } from 'browser-image-compression';
import { readCaptureTime } from './photo-exif';
import { isGone, workerClient } from './worker-client';

export const JPEG = 'image/jpeg';

/** The options every upload is compressed with (§5, §9: longest side ≤ 900 px, JPEG). */
export const COMPRESSION_OPTIONS = {
  maxWidthOrHeight: INCIDENT_LIMITS.imageMaxSide,
  fileType: JPEG,
  initialQuality: 0.85,
  /** a 900 px JPEG is far below this; it only stops a pathological image from growing */
  maxSizeMB: 1,
  useWebWorker: false,
  preserveExif: false,
} as const satisfies CompressionOptions;

/** Thrown when a file is not an image (its type, or its content); the message is the §5 text. */
export class NotAnImageError extends Error {
  constructor(readonly fileName: string) {
    super('Not an image');
    this.name = 'NotAnImageError';
  }
}

/** Thrown when an image decodes but has more pixels than the server accepts (a decompression-bomb guard). */
export class ImageTooLargeError extends Error {
  constructor(
    readonly fileName: string,
    readonly pixels: number,
  ) {
    super('Image too large');
    this.name = 'ImageTooLargeError';
  }
}

/** First check, by the declared MIME type (what the browser derives from the name or the camera gives). */
export const isImageMime = (type: string | null | undefined) => !!type && /^image\/[a-z0-9.+-]+$/i.test(type) && !/svg/i.test(type);

/** 'foto jalan.PNG' → 'foto jalan.jpg' (the stored file is a JPEG whatever it was chosen as). */
export function jpegName(name: string): string {
  const base = (name || '').split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '').trim();
  return `${stem || 'gambar'}.jpg`;
}

/** Bytes as a short human size: 950 B, 12.3 KB, 1.4 MB. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** Base64 (no data: prefix) of bytes, in chunks so large images do not overflow the argument stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

export async function blobToBase64(blob: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await blob.arrayBuffer()));
}

/**
 * Second check, by content: the browser must be able to decode the file as an image. Returns its size.
 * A text file renamed .png has the type image/png but does not decode.
 */
export async function decodeImageSize(file: Blob, name = 'file'): Promise<{ width: number; height: number }> {
  let width = 0;
  let height = 0;
  try {
    if (typeof createImageBitmap === 'function') {
      const bmp = await createImageBitmap(file);
      width = bmp.width;
      height = bmp.height;
      bmp.close();
    } else {
      ({ width, height } = await decodeWithImgElement(file));
    }
  } catch {
    throw new NotAnImageError(name);
  }
  if (!width || !height) throw new NotAnImageError(name);
  if (width * height > INCIDENT_LIMITS.attachmentMaxPixels) throw new ImageTooLargeError(name, width * height);
  return { width, height };
}

function decodeWithImgElement(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('decode failed'));
    };
    img.src = url;
  });
}

/** A chosen image made ready for upload. */
export interface PreparedImage {
  /** a client-side key (lists, removal) */
  key: string;
  /** what the user chose */
  sourceName: string;
  /** the name it is uploaded under (.jpg) */
  name: string;
  blob: Blob;
  width: number;
  height: number;
  /** the EXIF capture time of the original (photo-exif.ts), read before compression dropped it; null without */
  capturedAt: string | null;
  /** this device's clock when the photo was taken or chosen (ISO): kept with the upload, also when it is queued */
  deviceTime: string;
}

let seq = 0;

/**
 * Checks a chosen file (MIME type, then decoding) and compresses it to a JPEG of at most 900 px on the longest
 * side. Rejects with NotAnImageError or ImageTooLargeError.
 */
export async function prepareImage(file: File): Promise<PreparedImage> {
  const deviceTime = new Date().toISOString();
  if (!isImageMime(file.type)) throw new NotAnImageError(file.name);
  await decodeImageSize(file, file.name);
  // from the original: the compressed JPEG has no EXIF left
  const capturedAt = await readCaptureTime(file);
  let out: Blob | null = await compressInWorker(file).catch((err) => {
    console.info('[image] worker compression unavailable, main thread instead', err);
    return null;
  });
  if (!out) {
    const { default: imageCompression } = await import('browser-image-compression');
    try {
      out = await imageCompression(file, { ...COMPRESSION_OPTIONS });
    } catch {
      throw new NotAnImageError(file.name);
    }
  }
  // The library keeps the requested type; if a browser cannot encode JPEG it would fall back to PNG: refuse that.
  if (out.type !== JPEG) throw new NotAnImageError(file.name);
  const size = await decodeImageSize(out, file.name);
  seq += 1;
  return { key: `${Date.now().toString(36)}-${seq}`, sourceName: file.name, name: jpegName(file.name), blob: out, ...size, capturedAt, deviceTime };
}

// ---------------------------------------------------------------- worker

type CompressRequest = import('./image-worker').CompressRequest;
type CompressReply = import('./image-worker').CompressReply;
const compressor = workerClient<CompressRequest, CompressReply>(
  () => new Worker(new URL('./image-worker.ts', import.meta.url), { type: 'module', name: 'image-compress' }),
  'image',
);

/** Whether this browser can compress in a worker (module workers and OffscreenCanvas with convertToBlob). */
export const canCompressInWorker = () =>
  !compressor.broken && typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && 'convertToBlob' in OffscreenCanvas.prototype;

/**
 * The image as a JPEG of at most 900 px on the longest side, made in the worker; null where the browser has no
 * OffscreenCanvas (the caller compresses on the main thread then). Rejects when the worker fails.
 */
export async function compressInWorker(file: Blob): Promise<Blob | null> {
  if (!canCompressInWorker()) return null;
  const reply = await compressor.call({ file, maxSide: COMPRESSION_OPTIONS.maxWidthOrHeight, quality: COMPRESSION_OPTIONS.initialQuality });
  // a worker that could not start or crashed: the caller compresses on the main thread
  if (isGone(reply)) throw new Error(reply.gone === 'failed' ? reply.error : 'worker stopped');
  if (!reply.ok) throw new Error(reply.error);
  return reply.blob;
}
