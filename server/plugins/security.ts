import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { TILE_URL_DEFAULT, tileOrigin } from '../../contract/map-rules';

const API_PREFIXES = ['/rest/', '/public/', '/healthz'];
export const isApiUrl = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/** The basemap's tile host (issue #7): VITE_TILE_URL as the PWA was built with it, default OpenStreetMap. */
export function tileSources(env: NodeJS.ProcessEnv = process.env): string[] {
  const origin = tileOrigin(env.VITE_TILE_URL || TILE_URL_DEFAULT);
  return origin ? [origin] : [];
}

/**
 * The headers helmet sets for these options, taken once: they are the same on every answer (no nonces), and
 * @fastify/helmet rebuilt helmet's middleware, parsing the CSP directives again, on every request (issue #18's profile).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
    getHeader: (name: string) => headers[name],
  };
  let error: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    error = err;
  });
  if (error) throw error;
  return headers;
}

/**
 * The CSP sources of an HTML page's inline scripts (`'sha256-…'`), read from the page as it is served: the hash is of
 * the script's text exactly as it stands between its tags.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1]) hashes.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Pages carry the full set: a Content-Security-Policy for the PWA, and the rest of helmet's. API answers (JSON and
 * files, never rendered as a page) carry the set OWASP's REST Security Cheat Sheet names for an API: nothing may be
 * loaded or framed (`default-src 'none'; frame-ancestors 'none'`, X-Frame-Options), no sniffing, no referrer, same-origin
 * only, HSTS where configured, and `Cache-Control: no-store` (a route may give its own in an onSend hook, as the photos
 * do). Half the headers, set once per request in one hook: issue #33's profile found the headers' per-request handling
 * a measurable part of a small read.
 */
export async function registerSecurity(app: FastifyInstance, opts: { tileHosts?: string[]; hstsMaxAge?: number; scriptHashes?: string[] } = {}) {
  // the maps load tiles as images, and the service worker fetches them into its tile cache (connect-src)
  const tileHosts = opts.tileHosts ?? tileSources();
  // what pages and API answers share: same-origin only, no referrer, and HSTS_MAX_AGE only for a deployment whose
  // every request arrives over TLS (a browser then refuses plain HTTP)
  const shared = {
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: opts.hstsMaxAge ? { maxAge: opts.hstsMaxAge, includeSubDomains: false } : false,
  } satisfies HelmetOptions;
  const headers = securityHeaders({
    ...shared,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // and the page's own inline scripts by their hashes (the night theme's boot script, vite.config.ts)
        scriptSrc: ["'self'", ...(opts.scriptHashes ?? [])],
        // Emotion (Chakra UI) injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileHosts],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...tileHosts],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  const apiHeaders = {
    ...securityHeaders({
      ...shared,
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: { action: 'deny' },
      xPermittedCrossDomainPolicies: false,
      xPoweredBy: false,
      xXssProtection: false,
    }),
    'Cache-Control': 'no-store',
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? apiHeaders : headers);
    done();
  });
}
