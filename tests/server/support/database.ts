import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type DbHandle } from '../../../server/db/client';

/**
 * A database for one test file: an in-memory PGlite, or, when DATABASE_URL is set, a fresh PostgreSQL database made
 * beside the one named and dropped by `drop()`.
 */
export async function freshDatabaseUrl(): Promise<{ databaseUrl?: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { drop: async () => {} };
  const name = `lbh_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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
  const handle = await openDb({ dataDir: 'memory://', databaseUrl });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}
