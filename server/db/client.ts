import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { WriteNotices } from './notify';
import { trackPglite, trackPgPool, WriteTracker } from './write-tracker';
import { migrationsApplied } from './migration-state';
import { planRowMapping } from './row-mapping';
import { fallbackLogger, type WarnLogger } from '../lib/json-log';
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
  /** the versions of the data, moved by every committed write of this process and, on PostgreSQL, of the others (write-tracker.ts, notify.ts) */
  writes: WriteTracker;
  /**
   * Runs `fn` while no other server runs its own (PostgreSQL: a session advisory lock on a dedicated connection;
   * PGlite: one process, run as is): the start-up migrations and seeding of servers started together, one at a time.
   */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  /** PostgreSQL: the LISTEN/NOTIFY link of this process to the other servers (notify.ts) */
  notices?: WriteNotices;
}

/** the advisory lock key of the start-up phase (migrations, seeding): 'LBH' and 32 */
export const STARTUP_LOCK_KEY = 0x4c424832;

/**
 * `fn` under a session advisory lock taken on a connection of its own (not from the pool: `fn` uses the pool, which
 * may have a single connection); the lock goes with that connection if the process dies.
 */
async function underAdvisoryLock<T>(PgClient: typeof import('pg').Client, connectionString: string, fn: () => Promise<T>): Promise<T> {
  const c = new PgClient({ connectionString, application_name: 'lebuhraya-startup-lock' });
  c.on('error', () => {});
  await c.connect();
  try {
    await c.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await fn();
  } finally {
    await c.end().catch(() => {});
  }
}

/** Migrations ship beside the code: server/db/migrations in the tree, dist/server/migrations when built. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations'), path.resolve('server/db/migrations')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface DbOptions {
  databaseUrl?: string;
  /** folder for the embedded database; `memory://` keeps it in memory (tests) */
  dataDir: string;
  /** PGlite only: start from this dump of a data directory (`dumpDataDir()`), e.g. the tests' migrated template */
  loadDataDir?: Blob;
  /** PostgreSQL: the first delay before listening again after the listening connection was lost (notify.ts; tests) */
  noticesReconnectMs?: number;
  /** where the driver's connection errors are logged: the app's logger; else JSON lines on stderr (lib/json-log.ts) */
  log?: WarnLogger;
}

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle, NodePgSession } = await import('drizzle-orm/node-postgres');
    planRowMapping(NodePgSession);
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // jit off: the reports' statements (#17) are index probes and aggregates whose high cost ESTIMATES made PostgreSQL
    // JIT-compile them, 1.5–3 s of compilation per call for a 100 ms query (bench/reports.ts); no statement here gains
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10), options: '-c jit=off' });
    // an idle connection the server ends (restart, admin kill, a dropped test database) must not crash the process:
    // the pool drops it and opens a new one on the next query
    const log = opts.log ?? fallbackLogger;
    pool.on('error', (err) => log.warn({ err }, 'database connection lost'));
    // not live until this process listens to the other servers' write notices (notify.ts): no cache serves before
    const writes = new WriteTracker({ live: false });
    trackPgPool(pool as unknown as Parameters<typeof trackPgPool>[0], writes);
    const db = drizzle(pool, { schema }) as unknown as Db;
    const url = opts.databaseUrl;
    const exclusive = <T>(fn: () => Promise<T>) => underAdvisoryLock(pg.Client, url, fn);
    // servers started together: one migrates, the others find the migrations recorded once they get the lock
    if (!(await migrationsApplied(db, migrationsFolder()).catch(() => false))) {
      await exclusive(async () => {
        if (!(await migrationsApplied(db, migrationsFolder()).catch(() => false)))
          await migrate(drizzle(pool), { migrationsFolder: migrationsFolder() });
      });
    }
    const notices = new WriteNotices(pg.Client, { connectionString: url, tracker: writes, pool, reconnectFirstMs: opts.noticesReconnectMs });
    await notices.start();
    const u = new URL(url);
    const close = async () => {
      await notices.close();
      await pool.end();
    };
    return { db, kind: 'postgres', where: `${u.hostname}:${u.port || 5432}${u.pathname}`, close, writes, exclusive, notices };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle, PgliteSession } = await import('drizzle-orm/pglite');
  planRowMapping(PgliteSession);
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
  if (!(await migrationsApplied(db, migrationsFolder()).catch(() => false))) await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  const close = async () => {
    await client.close();
    unlock();
  };
  return { db, kind: 'pglite', where: dir, close, writes, exclusive: (fn) => fn() };
}
