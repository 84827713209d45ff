import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

const API_PREFIXES = ['/rest/', '/public/', '/healthz'];
export const isApiUrl = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/** Pages carry a Content-Security-Policy; API answers carry Cache-Control: no-store. */
export async function registerSecurity(app: FastifyInstance, opts: { tileHosts?: string[] } = {}) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (Chakra UI) injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(opts.tileHosts ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
    hsts: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiUrl(request.url)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
