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

/** Pages carry a Content-Security-Policy; API answers carry Cache-Control: no-store. */
export async function registerSecurity(app: FastifyInstance, opts: { tileHosts?: string[]; hstsMaxAge?: number } = {}) {
  // the maps load tiles as images, and the service worker fetches them into its tile cache (connect-src)
  const tileHosts = opts.tileHosts ?? tileSources();
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
    crossOriginEmbedderPolicy: false,
    // the API is same-origin only
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS_MAX_AGE: only for a deployment whose every request arrives over TLS (a browser then refuses plain HTTP)
    hsts: opts.hstsMaxAge ? { maxAge: opts.hstsMaxAge, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiUrl(request.url)) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
