import Dexie, { type EntityTable } from 'dexie';
import type { WebUser } from '@contract/auth';
import type { PositionFix } from '@contract/maps';
import { DB_NAME, SCHEMA_VERSIONS, USER_TABLES } from './schema';
import type { Draft } from './drafts';
import type { IdMapRow, OutboxItem, SyncMetaRow } from './outbox';

export const SESSION_ID = 'current' as const;

export interface SessionRow {
  id: typeof SESSION_ID;
  token: string;
  /** ISO instant the token stops working */
  expiresAt: string;
  user: WebUser;
  /** ISO instant of sign-in */
  savedAt: string;
}

export interface UserCacheRow<T = unknown> {
  /** WebUser.userId */
  userId: string;
  /** e.g. 'lookup:region', 'sections:3', 'rosters:2026-03-01' */
  key: string;
  data: T;
  /** ISO instant it was fetched */
  updatedAt: string;
}

export type LebuhrayaDb = Dexie & {
  session: EntityTable<SessionRow, 'id'>;
  userCache: EntityTable<UserCacheRow>;
  outbox: EntityTable<OutboxItem, 'seq'>;
  idMap: EntityTable<IdMapRow, 'clientId'>;
  drafts: EntityTable<Draft, 'id'>;
  syncMeta: EntityTable<SyncMetaRow, 'key'>;
  positions: EntityTable<PositionRow, 'id'>;
};

/** A live-position fix waiting to be batched into the outbox (issue #7, src/features/positions/position-queue.ts). */
export interface PositionRow {
  id?: number;
  userId: string;
  pkDutyRosterId: number;
  fix: PositionFix;
}

export function createDb(name = DB_NAME): LebuhrayaDb {
  const db = new Dexie(name) as LebuhrayaDb;
  for (const v of SCHEMA_VERSIONS) {
    const version = db.version(v.version).stores(v.stores);
    if (v.upgrade) version.upgrade(v.upgrade);
  }
  return db;
}

let instance: LebuhrayaDb | null = null;
/** The app's database (opened lazily, once). */
export function getDb(): LebuhrayaDb {
  instance ??= createDb();
  return instance;
}

/** For tests: drop the instance so the next getDb() opens a fresh one. */
export async function resetDbForTests() {
  if (instance) {
    instance.close();
    await Dexie.delete(instance.name);
  }
  instance = null;
}

// ---------- session ----------

export async function readSession(db = getDb()): Promise<SessionRow | undefined> {
  return db.session.get(SESSION_ID);
}

export async function writeSession(s: Omit<SessionRow, 'id' | 'savedAt'> & { savedAt?: string }, db = getDb()) {
  const row: SessionRow = { id: SESSION_ID, savedAt: s.savedAt ?? new Date().toISOString(), ...s };
  await db.session.put(row);
  return row;
}

export async function deleteSession(db = getDb()) {
  await db.session.delete(SESSION_ID);
}

// ---------- per-user cache ----------

interface PutQueue {
  rows: UserCacheRow[];
  waiters: { done: () => void; fail: (err: unknown) => void }[];
  running: boolean;
}
const putQueues = new WeakMap<LebuhrayaDb, PutQueue>();

/** Writes what has queued, a transaction at a time: what comes meanwhile goes into the next one. */
async function flushPuts(db: LebuhrayaDb, q: PutQueue) {
  q.running = true;
  // the copies asked for in the same tick go together
  await Promise.resolve();
  while (q.rows.length) {
    const rows = q.rows.splice(0);
    const waiters = q.waiters.splice(0);
    try {
      // in order: a key written twice keeps the later copy
      if (rows.length === 1) await db.userCache.put(rows[0]);
      else await db.userCache.bulkPut(rows);
      for (const w of waiters) w.done();
    } catch (err) {
      for (const w of waiters) w.fail(err);
    }
  }
  q.running = false;
}

/**
 * Stores a copy; resolves once it is on the device. Copies that come while a write is under way are written together
 * in the next one: a shift's warm-up stores some fifty answers within a second or two (src/app/shift-warmup.ts), and
 * a transaction each kept a tablet's main thread busy in Dexie for about half a second at 4× CPU.
 */
export function cachePut<T>(userId: string, key: string, data: T, db = getDb()): Promise<UserCacheRow<T>> {
  const row: UserCacheRow<T> = { userId, key, data, updatedAt: new Date().toISOString() };
  let q = putQueues.get(db);
  if (!q) {
    q = { rows: [], waiters: [], running: false };
    putQueues.set(db, q);
  }
  const queue = q;
  return new Promise((resolve, reject) => {
    queue.rows.push(row as UserCacheRow);
    queue.waiters.push({ done: () => resolve(row), fail: reject });
    if (!queue.running) void flushPuts(db, queue);
  });
}

export async function cacheGet<T>(userId: string, key: string, db = getDb()): Promise<UserCacheRow<T> | undefined> {
  return (await db.userCache.get([userId, key])) as UserCacheRow<T> | undefined;
}

/** The tables of a user's unsent work: kept at a sign-out that leaves them on the device. */
export const UNSENT_TABLES = ['outbox', 'idMap', 'drafts', 'positions'] as const;

/**
 * Sign-out: removes every row of this user in every per-user table. With `keepUnsent`, the user's unsent work
 * (outbox, id map, drafts) stays on the device for that user's next sign-in; only cached copies go.
 */
export async function clearUserData(userId: string, db = getDb(), opts: { keepUnsent?: boolean } = {}) {
  // copies of this user still waiting for their write are not written after the wipe
  const q = putQueues.get(db);
  if (q)
    for (let i = q.rows.length - 1; i >= 0; i--)
      if (q.rows[i].userId === userId) {
        q.rows.splice(i, 1);
        q.waiters.splice(i, 1)[0].done();
      }
  const tables = USER_TABLES.filter((t) => !opts.keepUnsent || !(UNSENT_TABLES as readonly string[]).includes(t));
  await db.transaction(
    'rw',
    tables.map((t) => db.table(t)),
    async () => {
      for (const t of tables) await db.table(t).where('userId').equals(userId).delete();
    },
  );
}

/** How much unsent work this user has on the device (outbox items and drafts). */
export async function unsentWork(userId: string, db = getDb()): Promise<{ items: number; drafts: number }> {
  const [items, drafts] = await Promise.all([db.outbox.where('userId').equals(userId).count(), db.drafts.where('userId').equals(userId).count()]);
  return { items, drafts };
}
