/**
 * ETags for the read data the PWA caches offline (issue #4): a route with `config: { etag: true }` answers
 * `ETag: W/"<sha1 of the body>"`; a request whose `If-None-Match` names it (or `*`) gets 304 with no body.
 * `Cache-Control: no-store` of the API stays as it is: the client keeps the data itself and revalidates.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** answer an ETag of the body and 304 to a matching If-None-Match */
    etag?: boolean;
  }
}

/** The opaque part of an entity tag, weak or strong ('W/"x"' and '"x"' → 'x'). */
const opaque = (tag: string) =>
  tag
    .trim()
    .replace(/^W\//i, '')
    .replace(/^"(.*)"$/, '$1');

/** Weak comparison (RFC 9110 §13.1.2): any listed tag, or *, matches. */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const want = opaque(etag);
  const list = (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch).split(',');
  return list.some((t) => t.trim() === '*' || opaque(t) === want);
}

export const bodyEtag = (payload: string | Buffer) => `W/"${createHash('sha1').update(payload).digest('hex')}"`;

export function registerEtag(app: FastifyInstance) {
  // a callback hook, not an async one: nothing here waits, and an async hook costs every request a promise and a turn
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.routeOptions.config?.etag || reply.statusCode !== 200) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // an answer from the answer cache carries its tag (and was compared there)
    if (reply.hasHeader('etag')) return done(null, payload);
    const etag = bodyEtag(payload);
    reply.header('ETag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('Content-Length');
      return done(null, '');
    }
    done(null, payload);
  });
}
