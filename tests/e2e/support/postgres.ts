/**
 * Throw-away PostgreSQL databases for the browser tests: the shared server's (support/global-setup.ts, when CI has a
 * PostgreSQL), the fault run's and the whole day's, the two-server test's. The admin connection is E2E_POSTGRES_URL,
 * else DATABASE_URL, else the local server's trust login (127.0.0.1:5432).
 */
import { randomBytes } from 'node:crypto';

export interface PgDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

export const adminUrl = () => process.env.E2E_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database (`lbh_test_<what>_<random>`), or null when no PostgreSQL answers on the admin connection. */
export async function freshPgDatabase(what = 'e2e', admin = adminUrl()): Promise<PgDatabase | null> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  const name = `lbh_test_${what}_${randomBytes(5).toString('hex')}`;
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
