import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { WriteTracker } from '../db/write-tracker';

/** What every module gets: the database and the configuration. */
export interface AppContext {
  db: Db;
  config: Config;
  dbKind: 'postgres' | 'pglite';
  /** the data's versions, moved by every committed write of this process (db/write-tracker.ts) */
  writes: WriteTracker;
}

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
