import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_PATHS, ChangeHistoryParamsSchema, ChangeRecordSchema } from '../../../contract/admin';
import { envelope, ErrorEnvelopeSchema } from '../../../contract/envelope';
import { requireUser } from '../../plugins/auth';
import { historyAccessOf, historyOf } from '../../lib/change-log';
import { notFound } from '../../lib/http-error';
import { ok } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** The change history of one administrative record (issue #14 item 8), for those who may read the record. */
export async function historyRoutes(app: FastifyInstance, ctx: AppContext) {
  typed(app).get(ADMIN_PATHS.historyPattern, {
    config: { permission: ['adminUsers', 'adminOrg'] },
    schema: {
      tags: ['admin'],
      summary: 'History of an administrative record: who, when, the fields changed with old and new values (newest first)',
      security: [{ bearerAuth: [] }],
      params: ChangeHistoryParamsSchema,
      response: { 200: envelope(z.array(ChangeRecordSchema)), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const check = historyAccessOf(request.params.entity);
      if (!check) throw notFound('Sejarah rekod ini tidak disimpan.');
      // access first (the record's own rules), then the history
      await check(ctx.db, user, request.params.id);
      return ok(await historyOf(ctx.db, request.params.entity, request.params.id));
    },
  });
}
