import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { APP_VERSION } from '../../../contract/menu';
import { PATHS } from '../../../contract/paths';
import { clockIsSet, now } from '../../lib/clock';
import { typed, type AppContext } from '../../lib/context';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.string(),
  version: z.string(),
  uptimeSeconds: z.number(),
  /** the server's now, only while its clock is set away from the real time (LEBUHRAYA_CLOCK or a test's setClock) */
  clock: z.string().optional(),
});

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
        // uptime is a duration: the real clock
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
        ...(clockIsSet() ? { clock: now().toISOString() } : {}),
      };
      return reply.code(healthy ? 200 : 503).send(body);
    },
  });
}
