import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db } from '../db/client';

/** What every module gets: the database and the configuration. */
export interface AppContext {
  db: Db;
  config: Config;
  dbKind: 'postgres' | 'pglite';
}

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
