import type { FastifyInstance } from 'fastify';
import { findForbiddenText, jsonDepthMessage, nestsDeeperThan, textRuleMessage } from '../../contract/text-rules';
import { badRequest } from '../lib/http-error';

/**
 * The input rules of contract/text-rules.ts on every request, before the route's schema and handler: path
 * parameters, query filters and the JSON body at any depth, public routes included.
 *
 * - Nesting deeper than MAX_JSON_DEPTH is refused first (400 naming the limit), so nothing after this hook (the
 *   route's zod schema, the idempotency fingerprint, the answer cache's key, JSON.stringify) ever walks a deep body:
 *   5,000 nested arrays overflowed the call stack and answered 500, before sign-in too (issue #27). This is the first
 *   hook that sees the parsed body (preValidation; nothing is registered on preParsing or earlier that reads it).
 * - The text rule: a NUL used to reach PostgreSQL, which refuses the byte: the answer was a 500, and a tablet's outbox
 *   retried the write forever (issue #20).
 */
export function registerTextGuard(app: FastifyInstance) {
  // a callback hook (what it throws reaches the error handler as an async hook's rejection would): no promise per request
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const;
    for (const [part, value] of parts) {
      if (nestsDeeperThan(value)) throw badRequest(`Input tidak sah: ${part} — ${jsonDepthMessage}`, part);
    }
    for (const [part, value] of parts) {
      const found = findForbiddenText(value);
      if (found) {
        const field = found.field || part;
        throw badRequest(`Input tidak sah: ${field} — ${textRuleMessage(found.char)}`, field);
      }
    }
    done();
  });
}
