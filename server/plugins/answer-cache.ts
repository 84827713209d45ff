/**
 * Answers of hot reads kept as the bytes sent (issue #18): a route with `config: { answerCache: true }` (or the
 * domains it reads, `{ answerCache: { domains: ['data', 'positions'] } }`) is answered from memory when the same
 * caller asked the same thing before and no write it depends on has been committed since (db/write-tracker.ts), and
 * the entry is younger than the TTL (config.answerCacheTtlMs).
 *
 * Safety:
 * - the key holds the caller's user id, role, staff, section and region as the token carries them, the method, the
 *   URL with its query and the validated body: one user's answer is never another's, whatever the route computes;
 * - it runs after authentication (onRequest): a revoked, expired or demoted token is refused before the cache is
 *   looked at (sign-out, password and role changes drop the session state at once, plugins/auth.ts);
 * - an answer is stored only when no write of its domains was committed while it was computed (the version read
 *   before the handler is still the version after it), and only a 200;
 * - a route's answer depends on nothing but the data, the caller and the request (no clock beyond the TTL: the
 *   default TTL is short enough for the dashboard's "today");
 * - several servers on one PostgreSQL: another server's committed write moves this process's versions by its notice
 *   (db/notify.ts), and an answer is served from memory only after a round trip on the listening connection has
 *   brought in every notice of a write committed before the request (no window); while this process cannot hear
 *   those notices the cache is bypassed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../contract/auth';
import type { WriteDomain, WriteTracker } from '../db/write-tracker';
import { bodyEtag, etagMatches } from './etag';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * serve this read from memory until a write of its domains (default: 'data') or the TTL; `maxAgeMs` shortens the
     * TTL for an answer that also moves with the clock (the user's rosters of the next 24 hours)
     */
    answerCache?: boolean | { domains?: WriteDomain[]; maxAgeMs?: number };
  }
}

interface Entry {
  body: string;
  contentType: string;
  etag: string;
  stamp: string;
  at: number;
}

const STORE = Symbol('answerCacheStore');
type Pending = { key: string; stamp: string; domains: WriteDomain[] };
type WithPending = FastifyRequest & { [STORE]?: Pending };

const DEFAULT_DOMAINS: WriteDomain[] = ['data'];
/** entries kept at most (least recently stored go first) */
const MAX_ENTRIES = 5_000;
/** answers larger than this are not kept (a dashboard page of a thousand rows) */
const MAX_BYTES = 512 * 1024;
/** the bytes of all kept answers together, at most (about twice this in memory: strings are UTF-16) */
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;

export const answerCacheKey = (user: TokenClaims, request: FastifyRequest) =>
  `${user.sub}|${user.rid}|${user.sid}|${user.sec}|${user.reg}|${request.method} ${request.url}|${request.body === undefined ? '' : JSON.stringify(request.body)}`;

export interface AnswerCacheStats {
  hits: number;
  misses: number;
  stored: number;
  size: number;
}

export function registerAnswerCache(app: FastifyInstance, opts: { writes: WriteTracker; ttlMs: number }) {
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    totalBytes -= e.body.length;
    entries.delete(key);
  };
  const stats: AnswerCacheStats = { hits: 0, misses: 0, stored: 0, size: 0 };
  app.decorate('answerCacheStats', () => ({ ...stats, size: entries.size }));
  app.decorate('dropAnswerCache', () => {
    entries.clear();
    totalBytes = 0;
  });
  if (opts.ttlMs <= 0) return;

  const settingsOf = (request: FastifyRequest): { domains: WriteDomain[]; ttl: number } | null => {
    const c = request.routeOptions.config?.answerCache;
    if (!c) return null;
    if (c === true) return { domains: DEFAULT_DOMAINS, ttl: opts.ttlMs };
    return { domains: c.domains ?? DEFAULT_DOMAINS, ttl: Math.min(opts.ttlMs, c.maxAgeMs ?? Infinity) };
  };

  app.addHook('preHandler', async (request, reply) => {
    const settings = settingsOf(request);
    // while the other servers' writes cannot be heard (db/notify.ts: listening connection lost) nothing is served
    // from memory nor stored: every answer is computed
    if (!settings || !request.user || !opts.writes.live) return;
    const { domains, ttl } = settings;
    const key = answerCacheKey(request.user, request);
    let stamp = opts.writes.stamp(domains);
    let hit = entries.get(key);
    if (hit && hit.stamp === stamp && Date.now() - hit.at < ttl) {
      // several servers: first hear every write committed before this request (one round trip on the listening
      // connection, shared by the requests of a tick); a write another server answered just now drops the entry
      await opts.writes.caughtUp();
      stamp = opts.writes.stamp(domains);
      if (hit.stamp !== stamp || !opts.writes.live) hit = undefined;
    }
    if (!opts.writes.live) return;
    if (hit && hit.stamp === stamp && Date.now() - hit.at < ttl) {
      stats.hits++;
      reply.header('content-type', hit.contentType).header('x-answer-cache', 'hit');
      if (request.routeOptions.config?.etag) {
        reply.header('ETag', hit.etag);
        if (etagMatches(request.headers['if-none-match'], hit.etag)) return reply.code(304).send('');
      }
      return reply.send(hit.body);
    }
    stats.misses++;
    (request as WithPending)[STORE] = { key, stamp, domains };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = (request as WithPending)[STORE];
    if (!pending || reply.statusCode !== 200 || typeof payload !== 'string' || payload.length > MAX_BYTES) return payload;
    // a write committed while this answer was computed: it may be missing from it
    if (opts.writes.stamp(pending.domains) !== pending.stamp) return payload;
    drop(pending.key);
    while (entries.size && (entries.size >= MAX_ENTRIES || totalBytes + payload.length > MAX_TOTAL_BYTES))
      drop(entries.keys().next().value as string);
    totalBytes += payload.length;
    const type = reply.getHeader('content-type');
    entries.set(pending.key, {
      body: payload,
      contentType: typeof type === 'string' ? type : 'application/json; charset=utf-8',
      etag: bodyEtag(payload),
      stamp: pending.stamp,
      at: Date.now(),
    });
    stats.stored++;
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** hits, misses, stored answers and entries of the answer cache (tests, benches) */
    answerCacheStats: () => AnswerCacheStats;
    /** forget every cached answer */
    dropAnswerCache: () => void;
  }
}
