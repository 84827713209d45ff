/**
 * The database a bench runs on: a fresh PostgreSQL database of its own on `baseUrl` (dropped at the end), or, when
 * there is no PostgreSQL there (or no `baseUrl`), an embedded PGlite in a temporary directory (removed at the end).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface BenchDatabase {
  /** set on PostgreSQL */
  databaseUrl: string | undefined;
  /** set on PGlite */
  dataDir: string | undefined;
  /** drops the database / removes the directory */
  cleanup: () => Promise<void>;
}

export async function benchDatabase(tag: string, baseUrl: string | undefined): Promise<BenchDatabase> {
  if (baseUrl) {
    const name = `lbh_bench_${tag}_${randomBytes(4).toString('hex')}`;
    try {
      const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 5000 });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(baseUrl);
      u.pathname = `/${name}`;
      return {
        databaseUrl: u.toString(),
        dataDir: undefined,
        cleanup: async () => {
          const c = new pg.Client({ connectionString: baseUrl });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        },
      };
    } catch (err) {
      const safe = new URL(baseUrl);
      safe.password = '';
      console.log(`PostgreSQL not reachable at ${safe.host} (${(err as Error).message}): embedded PGlite instead`);
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), `lbh-${tag}-bench-`));
  return { databaseUrl: undefined, dataDir, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
}

/** Creates the named database of `url` when it is missing (a bench database kept between runs). */
export async function ensureDatabase(url: string) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name} is not a plain identifier`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) {
    console.log(`creating database ${name}`);
    await c.query(`CREATE DATABASE ${name}`);
  }
  await c.end();
}
