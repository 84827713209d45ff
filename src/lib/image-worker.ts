/// <reference lib="webworker" />
/**
 * Compresses one image off the main thread (issue #4 item 7, spec §5): longest side at most `maxSide` px, JPEG.
 * A module worker served from our own origin (CSP worker-src 'self', precached by the service worker, works
 * offline); src/lib/image.ts falls back to browser-image-compression on the main thread where OffscreenCanvas is
 * missing.
 */
export interface CompressRequest {
  id: number;
  file: Blob;
  maxSide: number;
  quality: number;
}
export type CompressReply = { id: number; ok: true; blob: Blob; width: number; height: number } | { id: number; ok: false; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (e: MessageEvent<CompressRequest>) => {
  const { id, file, maxSide, quality } = e.data;
  try {
    const bmp = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bmp.width, bmp.height));
    const width = Math.max(1, Math.round(bmp.width * scale));
    const height = Math.max(1, Math.round(bmp.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    // JPEG has no transparency: a white ground instead of black
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bmp, 0, 0, width, height);
    bmp.close();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    scope.postMessage({ id, ok: true, blob, width, height } satisfies CompressReply);
  } catch (err) {
    scope.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies CompressReply);
  }
};
