import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDb, type DbHandle } from '../../../server/db/client';
import { PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from './template';

/** The migrated PGlite data directory of the suite's global setup (template.ts), read once per worker. */
let pgliteTemplate: Promise<Blob | undefined> | undefined;
export function migratedPgliteDump(): Promise<Blob | undefined> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return Promise.resolve(undefined);
  pgliteTemplate ??= readFile(file).then((b) => new Blob([b]));
  return pgliteTemplate;
}

/** A database handle for one test file: PGlite in memory (from the migrated template when there is one) or PostgreSQL. */
export async function openFreshDb(databaseUrl: string | undefined): Promise<DbHandle> {
  if (databaseUrl) return openDb({ dataDir: 'memory://', databaseUrl });
  return openDb({ dataDir: 'memory://', loadDataDir: await migratedPgliteDump() });
}

/**
 * A database for one test file: an in-memory PGlite, or, when DATABASE_URL is set, a fresh PostgreSQL database made
 * beside the one named and dropped by `drop()`.
 */
export async function freshDatabaseUrl(): Promise<{ databaseUrl?: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { drop: async () => {} };
  const name = `lbh_test_${randomBytes(6).toString('hex')}`;
  // from the suite's migrated template database when there is one (template.ts)
  const template = process.env[PG_TEMPLATE_ENV];
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    databaseUrl: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function openTestDb(): Promise<DbHandle> {
  const { databaseUrl, drop } = await freshDatabaseUrl();
  const handle = await openFreshDb(databaseUrl);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}
