import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { APP_VERSION } from '../../../contract/menu';
import { PATHS } from '../../../contract/paths';
import { typed, type AppContext } from '../../lib/context';

const HealthSchema = z.object({ status: z.enum(['ok', 'degraded']), db: z.string(), version: z.string(), uptimeSeconds: z.number() });

export async function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  const started = Date.now();
  typed(app).get(PATHS.health, {
    config: { auth: 'public' },
    schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthSchema, 503: HealthSchema } },
    handler: async (_request, reply) => {
      let healthy = true;
      try {
        await ctx.db.execute(sql`select 1`);
      } catch {
        healthy = false;
      }
      const body = {
        status: healthy ? ('ok' as const) : ('degraded' as const),
        db: ctx.dbKind,
        version: APP_VERSION,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      };
      return reply.code(healthy ? 200 : 503).send(body);
    },
  });
}
