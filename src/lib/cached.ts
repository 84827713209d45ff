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

export async function networkFirst<T>(userId: string | undefined, key: string, fetcher: () => Promise<T>): Promise<Cached<T>> {
  try {
    const data = await fetcher();
    // not after a sign-out (or another user's sign-in) that happened while the answer came: sign-out wiped the copies
    // awaited: the copy is on the device by the time the screen shows the data (a user who opens a case and leaves
    // at once still finds it offline)
    if (userId && getSession()?.user.userId === userId) {
      await offlineDb()
        .then((db) => db.cachePut(userId, key, data))
        .catch((err) => console.warn('[cache] write failed', err));
    }
    return { data, cachedAt: null };
  } catch (err) {
    const offline = isApiError(err) && (err.kind === 'network' || err.kind === 'timeout');
    if (offline && userId) {
      const row = await offlineDb()
        .then((db) => db.cacheGet<T>(userId, key))
        .catch(() => undefined);
      if (row) return { data: row.data, cachedAt: row.updatedAt };
    }
    throw err;
  }
}
