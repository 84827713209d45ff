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

export async function cachePut<T>(userId: string, key: string, data: T, db = getDb()) {
  const row: UserCacheRow<T> = { userId, key, data, updatedAt: new Date().toISOString() };
  await db.userCache.put(row as UserCacheRow);
  return row;
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
