/**
 * Request ids and the signed-in user on every log line of a request (issue #32, docs/monitoring.md).
 *
 * Fastify's logger (pino) writes one JSON object per line, each line of a request with its `reqId`. The id is the
 * proxy's `X-Request-Id` when the server trusts its proxy (TRUST_PROXY: nginx sets it to its own $request_id, so its
 * access log and ours share the id) and the header is a plain token; otherwise one made here, unique across restarts
 * and instances. Every answer carries it back as `X-Request-Id`, for a user's report of a failure to name it.
 *
 * Once the token is verified (after the onRequest hooks, auth's among them), the request's logger becomes a child with
 * `userId`, and so does the reply's, which Fastify's own "request completed" line is written with.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** what a proxy's id may look like (nginx's $request_id is 32 hex digits; a UUID, a trace id…) */
const PLAIN_ID = /^[\w.:@+/=-]{1,128}$/;

/** Fastify's genReqId: the trusted proxy's X-Request-Id, else `<8 hex of this process>-<counter in base 36>`. */
export function requestIdGenerator(opts: { trustProxy: boolean }): (req: IncomingMessage) => string {
  const boot = randomBytes(4).toString('hex');
  let next = 0;
  return (req) => {
    if (opts.trustProxy) {
      const given = req.headers['x-request-id'];
      if (typeof given === 'string' && PLAIN_ID.test(given)) return given;
    }
    // below 2^31: a small integer for V8, as Fastify's own generator keeps it
    next = (next + 1) & 0x7fffffff;
    return `${boot}-${next.toString(36)}`;
  };
}

export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // preParsing: the first hook after every onRequest hook, so after the token was verified (plugins/auth.ts)
  app.addHook('preParsing', (request: FastifyRequest, reply: FastifyReply, _payload: unknown, done: () => void) => {
    const sub = request.user?.sub;
    if (sub !== undefined) {
      const log = request.log.child({ userId: Number(sub) });
      request.log = log;
      reply.log = log;
    }
    done();
  });
}
