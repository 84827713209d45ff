/**
 * Compressed answers (brotli or gzip, as the browser accepts): the PWA's scripts on a tablet's first visit, and the
 * large lists polled over patchy coverage (bigMaps with 3,000 open cases is about 1 MB of JSON every 15 s; a dashboard
 * page; the CSV exports) travel several times smaller. Answers under 1 KB, images and partial content go as they are.
 *
 * @fastify/compress adds its hook to each route registered after it, and a route's own hooks run after the app's: the
 * ETag (plugins/etag.ts) is still taken of the plain body, so a 304 is answered whatever the encoding.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // request bodies are small JSON, photos and PDFs: none arrives compressed
    globalDecompression: false,
  });
}
