/**
 * The eviction marker: the number of unsent items and drafts per user, mirrored in localStorage whenever the outbox
 * changes (src/features/sync/sync-runtime.ts), so a start that finds fewer in IndexedDB can tell the user the
 * browser cleared its storage; a sign-out that leaves nothing unsent clears it (src/features/auth/sign-out.ts).
 * Plain localStorage, no Dexie.
 */

export const MARKER_PREFIX = 'lebuhraya.unsent.';
export const markerKey = (userId: string) => `${MARKER_PREFIX}${userId}`;

export interface UnsentMarker {
  items: number;
  drafts: number;
}

export function readMarker(userId: string, storage: Pick<Storage, 'getItem'> | null = safeStorage()): UnsentMarker | null {
  try {
    const raw = storage?.getItem(markerKey(userId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<UnsentMarker>;
    return { items: Number(v.items) || 0, drafts: Number(v.drafts) || 0 };
  } catch {
    return null;
  }
}

export function writeMarker(userId: string, m: UnsentMarker, storage: Pick<Storage, 'setItem' | 'removeItem'> | null = safeStorage()) {
  try {
    if (m.items === 0 && m.drafts === 0) storage?.removeItem(markerKey(userId));
    else storage?.setItem(markerKey(userId), JSON.stringify(m));
  } catch {
    /* private mode: no marker, no eviction check */
  }
}

/**
 * Whether the browser evicted the stored data: the marker says items waited, the database holds fewer, and the
 * database was cleared (it lacks what survives any normal run: the session row or the device id). Items the
 * service worker sent while no tab was open lower the count too, but leave the database otherwise intact.
 */
export function detectEviction(marker: UnsentMarker | null, found: UnsentMarker, dbIntact: boolean): { expected: number; found: number } | null {
  if (!marker || dbIntact) return null;
  const expected = marker.items + marker.drafts;
  const have = found.items + found.drafts;
  return have < expected ? { expected, found: have } : null;
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
