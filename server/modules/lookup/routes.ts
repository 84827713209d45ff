import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { envelope, ErrorEnvelopeSchema, LookupItemSchema } from '../../../contract/envelope';
import { LOOKUP_NAMES, type LookupName } from '../../../contract/lookups';
import { LOOKUP_BASE } from '../../../contract/paths';
import { lookupItem } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { ok } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';

const isLookupName = (name: string): name is LookupName => (LOOKUP_NAMES as readonly string[]).includes(name);

/** POST /rest/roster/lookup/{name} (§7.2): token-free reference lists, answered with an ETag (plugins/etag.ts). */
export async function lookupRoutes(app: FastifyInstance, ctx: AppContext) {
  typed(app).post(`${LOOKUP_BASE}/:name`, {
    config: { auth: 'public', etag: true },
    schema: {
      tags: ['lookup'],
      summary: `Lookup list: one of ${LOOKUP_NAMES.join(', ')}`,
      params: z.object({ name: z.string().max(64) }),
      response: { 200: envelope(z.array(LookupItemSchema)), 404: ErrorEnvelopeSchema },
    },
    handler: async (request) => {
      const { name } = request.params;
      if (!isLookupName(name)) throw notFound(`Senarai '${name}' tidak wujud.`);
      const rows = await ctx.db
        .select({ key: lookupItem.key, value: lookupItem.value, description: lookupItem.description, valueEn: lookupItem.valueEn })
        .from(lookupItem)
        .where(and(eq(lookupItem.category, name), eq(lookupItem.active, true)))
        .orderBy(asc(lookupItem.sortOrder), asc(lookupItem.key));
      return ok(rows);
    },
  });
}
