import { endSession, getSession, getToken } from '@/lib/session';
import { logoutCall } from './auth-api';
import { clearRestrictedToken } from './login';

export interface UnsentWork {
  items: number;
  drafts: number;
}

/**
 * What sign-out does (issue #4, §4.1): with unsent items or drafts, ask first (sync first, or sign out keeping them on
 * the device for this user's next sign-in); with nothing unsent, wipe the user's data on the device.
 */
export type SignOutPlan = { kind: 'wipe' } | { kind: 'ask'; items: number; drafts: number };

export function signOutPlan(unsent: UnsentWork | null): SignOutPlan {
  if (!unsent || unsent.items + unsent.drafts === 0) return { kind: 'wipe' };
  return { kind: 'ask', items: unsent.items, drafts: unsent.drafts };
}

/** The signed-in user's unsent work on this device (null when the database cannot tell). */
export async function currentUnsentWork(): Promise<UnsentWork | null> {
  const userId = getSession()?.user.userId;
  if (!userId) return null;
  try {
    return await (await import('@/offline/db')).unsentWork(userId);
  } catch (err) {
    console.warn('[sign-out] cannot read the unsent work', err);
    return null;
  }
}

/** Cache Storage entries that can hold user data: every cache but the service worker's precache (the app shell). */
export const isUserDataCache = (name: string) => !name.startsWith('workbox-precache');

export async function clearUserCaches(store: Pick<CacheStorage, 'keys' | 'delete'> | undefined = globalThis.caches): Promise<string[]> {
  if (!store) return [];
  try {
    const names = (await store.keys()).filter(isUserDataCache);
    await Promise.all(names.map((n) => store.delete(n)));
    return names;
  } catch (err) {
    console.warn('[sign-out] cannot clear cached responses', err);
    return [];
  }
}

/**
 * Server logout (best effort: offline or a dead token must not keep the user signed in), then local clean-up:
 * endSession keeps the user's unsent work on the device when there is any, and otherwise wipes the user's
 * IndexedDB data; with nothing left unsent, the cached responses and the eviction marker go too.
 */
export async function signOut(): Promise<void> {
  const token = getToken();
  const userId = getSession()?.user.userId;
  if (token) {
    try {
      await logoutCall(token);
    } catch {
      /* ignored on purpose */
    }
  }
  clearRestrictedToken();
  const unsent = await currentUnsentWork();
  await endSession();
  if (signOutPlan(unsent).kind === 'wipe') {
    await clearUserCaches();
    if (userId) (await import('@/offline/unsent-marker')).writeMarker(userId, { items: 0, drafts: 0 });
  }
}
