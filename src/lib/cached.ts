/**
 * Network first, IndexedDB copy when the network is gone: patrol tablets keep showing the last answer they got.
 * Copies are per user (src/offline/db.ts userCache) and are wiped at sign-out.
 */
import { isApiError } from './api';
import { getSession } from './session';

/** Dexie loads with the first copy to write or read, not with the first page. */
const offlineDb = () => import('@/offline/db');

export interface Cached<T> {
  data: T;
  /** null: fresh from the server; else the ISO instant of the offline copy */
  cachedAt: string | null;
}

/**
 * The offline store, loaded and opened while the request is on its way: on a first start its code (Dexie) and the
 * database's creation came only after the answer, and the screen waited for both before it showed the answer.
 */
const openedDb = () =>
  offlineDb().then(async (m) => {
    await m.getDb().open();
    return m;
  });

export async function networkFirst<T>(userId: string | undefined, key: string, fetcher: () => Promise<T>): Promise<Cached<T>> {
  const store = userId ? openedDb() : null;
  // a failure to load or open it is met where the store is used (below), not as an unhandled rejection meanwhile
  store?.catch(() => undefined);
  try {
    const data = await fetcher();
    // not after a sign-out (or another user's sign-in) that happened while the answer came: sign-out wiped the copies
    // awaited: the copy is on the device by the time the screen shows the data (a user who opens a case and leaves
    // at once still finds it offline)
    if (store && userId && getSession()?.user.userId === userId) {
      await store.then((db) => db.cachePut(userId, key, data)).catch((err) => console.warn('[cache] write failed', err));
    }
    return { data, cachedAt: null };
  } catch (err) {
    const offline = isApiError(err) && (err.kind === 'network' || err.kind === 'timeout');
    if (offline && store && userId) {
      const row = await store.then((db) => db.cacheGet<T>(userId, key)).catch(() => undefined);
      if (row) return { data: row.data, cachedAt: row.updatedAt };
    }
    throw err;
  }
}
