import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { APP_VERSION } from '../../../contract/menu';
import { PATHS } from '../../../contract/paths';
import { migrationsFolder } from '../../db/client';
import { migrationsApplied } from '../../db/migration-state';
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

const ReadySchema = z.object({
  /** 'down': `select 1` failed or took longer than READY_TIMEOUT_MS */
  database: z.enum(['ok', 'down']),
  /** 'behind': the newest migration this release ships is not applied; 'unknown' while the database is down */
  migrations: z.enum(['ok', 'behind', 'unknown']),
});

/** how long /readyz waits for the database: a load balancer's probe gives up after a few seconds */
export const READY_TIMEOUT_MS = 2_000;

/** The database did not answer in time (within). */
class LateError extends Error {}

/** `work`, or a rejection once `ms` have passed (the statement itself runs on; the pool drops it when it ends). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LateError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

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

  const folder = migrationsFolder();
  typed(app).get(PATHS.ready, {
    config: { auth: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Readiness for traffic: the database answers and its migrations are applied (503 naming what is not)',
      response: { 200: ReadySchema, 503: ReadySchema },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      let database: 'ok' | 'down' = 'ok';
      let migrations: 'ok' | 'behind' | 'unknown' = 'unknown';
      const check = async () => {
        await within(ctx.db.execute(sql`select 1`), READY_TIMEOUT_MS);
        return within(migrationsApplied(ctx.db, folder), READY_TIMEOUT_MS);
      };
      try {
        let applied: boolean;
        try {
          applied = await check();
        } catch (err) {
          // a pooled connection that the database ended while it sat idle (a restart, a failover) fails its next
          // statement although the database answers: the pool drops it, and the check runs once more on a new one
          if (err instanceof LateError) throw err;
          applied = await check();
        }
        migrations = applied ? 'ok' : 'behind';
      } catch (err) {
        database = 'down';
        request.log.warn({ event: 'not_ready', err }, 'the database does not answer');
      }
      const ready = database === 'ok' && migrations === 'ok';
      if (database === 'ok' && !ready) request.log.warn({ event: 'not_ready', migrations }, 'the database misses migrations');
      return reply.code(ready ? 200 : 503).send({ database, migrations });
    },
  });
}
