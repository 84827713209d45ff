import type { FastifyInstance } from 'fastify';
import { findForbiddenText, textRuleMessage } from '../../contract/text-rules';
import { badRequest } from '../lib/http-error';

/**
 * The text rule of contract/text-rules.ts on every request, before the route's schema and handler: path parameters,
 * query filters and the JSON body at any depth, public routes included. A NUL used to reach PostgreSQL, which
 * refuses the byte: the answer was a 500, and a tablet's outbox retried the write forever (issue #20).
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findForbiddenText(value);
      if (found) {
        const field = found.field || part;
        throw badRequest(`Input tidak sah: ${field} — ${textRuleMessage(found.char)}`, field);
      }
    }
  });
}
