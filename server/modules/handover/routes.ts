import type { FastifyInstance } from 'fastify';
import { envelope, ErrorEnvelopeSchema } from '../../../contract/envelope';
import {
  HANDOVER_PATHS,
  HANDOVER_TEXTS,
  HandoverListSchema,
  HandoverPendingQuerySchema,
  HandoverResultSchema,
  HandoverSaveSchema,
} from '../../../contract/handover';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { ok } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { pendingHandovers, saveHandover } from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };

/** The shift handover (issue #29): the flagged cases, and handing them over. Whoever may assign a case ('editCase'). */
export async function handoverRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { tags: ['handover'], security: [{ bearerAuth: [] }] };

  r.get(HANDOVER_PATHS.pending, {
    config: { permission: 'editCase' },
    schema: {
      ...common,
      summary: `Open cases of rosters ending within the handover window or ended ("${HANDOVER_TEXTS.flag}"), with the incoming roster proposed`,
      querystring: HandoverPendingQuerySchema,
      response: { 200: envelope(HandoverListSchema), ...errors },
    },
    handler: async (request) => ok(await pendingHandovers(db, requireUser(request), request.query)),
  });

  r.post(HANDOVER_PATHS.save, {
    config: { permission: 'editCase' },
    schema: {
      ...common,
      summary:
        'Hands flagged cases over to the incoming roster (the proposed one unless named): a 203, a journal entry, a handover record and the alert, all or nothing',
      body: HandoverSaveSchema,
      response: { 200: envelope(HandoverResultSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const handedOver = await saveHandover(db, requireUser(request), request.body);
        return ok({ handedOver }, HANDOVER_TEXTS.done(handedOver.length));
      }),
  });
}
