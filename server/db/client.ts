import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { trackPglite, trackPgPool, WriteTracker } from './write-tracker';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The same Drizzle API over PostgreSQL (node-postgres) and the embedded PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** where the data lives, for logs (never the password) */
  where: string;
  close: () => Promise<void>;
  /** the versions of the data, moved by every committed write of this process (write-tracker.ts) */
  writes: WriteTracker;
}

/** Migrations ship beside the code: server/db/migrations in the tree, dist/server/migrations when built. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations'), path.resolve('server/db/migrations')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * True when the newest migration of the journal is already recorded (drizzle keeps its `when` as created_at), so a
 * start on a migrated database skips the migrator's DDL, which costs most of a second on PGlite.
 */
async function upToDate(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const res = await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
    const last = (res as unknown as { rows: { last: string | null }[] }).rows[0]?.last;
    return last !== null && last !== undefined && Number(last) >= newest;
  } catch {
    return false; // no migrations table yet
  }
}

export interface DbOptions {
  databaseUrl?: string;
  /** folder for the embedded database; `memory://` keeps it in memory (tests) */
  dataDir: string;
  /** PGlite only: start from this dump of a data directory (`dumpDataDir()`), e.g. the tests' migrated template */
  loadDataDir?: Blob;
}

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // jit off: the reports' statements (#17) are index probes and aggregates whose high cost ESTIMATES made PostgreSQL
    // JIT-compile them, 1.5–3 s of compilation per call for a 100 ms query (bench/reports.ts); no statement here gains
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10), options: '-c jit=off' });
    // an idle connection the server ends (restart, admin kill, a dropped test database) must not crash the process:
    // the pool drops it and opens a new one on the next query
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const writes = new WriteTracker();
    trackPgPool(pool as unknown as Parameters<typeof trackPgPool>[0], writes);
    const db = drizzle(pool, { schema }) as unknown as Db;
    if (!(await upToDate(db))) await migrate(drizzle(pool), { migrationsFolder: migrationsFolder() });
    const u = new URL(opts.databaseUrl);
    return { db, kind: 'postgres', where: `${u.hostname}:${u.port || 5432}${u.pathname}`, close: () => pool.end(), writes };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir = opts.dataDir;
  let unlock = () => {};
  if (!dir.startsWith('memory://')) {
    dir = path.resolve(dir, 'pgdata');
    await mkdir(dir, { recursive: true });
    // one process at a time in a PGlite folder (data-dir-lock.ts); a restart waits for its predecessor to close
    unlock = await lockDataDir(path.dirname(dir), path.basename(process.argv[1] ?? 'node'), { waitMs: 15_000 });
  }
  const client = new PGlite(dir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : undefined);
  await client.waitReady.catch((err) => {
    unlock();
    throw err;
  });
  const writes = new WriteTracker();
  trackPglite(client as unknown as Parameters<typeof trackPglite>[0], writes);
  const db = drizzle(client, { schema }) as unknown as Db;
  if (!(await upToDate(db))) await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  const close = async () => {
    await client.close();
    unlock();
  };
  return { db, kind: 'pglite', where: dir, close, writes };
}
