/**
 * The sync's page runtime for one signed-in user (loaded on demand by the shell, src/app/shell/use-sync-runtime.ts):
 * - checks for evicted storage (before anything writes), then starts the replay (startSync, once per page) and
 *   replays now (a new sign-in resumes items paused by a 401);
 * - keeps the top bar's snapshot (./sync-state.ts) and the eviction marker (src/offline/unsent-marker.ts) in step
 *   with the outbox (Dexie liveQuery: this tab, other tabs and the service worker);
 * - refreshes the react-query cache (debounced) when writes are acknowledged, so lists and counters move;
 * - asks for persistent storage; shows a full quota, never swallows it;
 * - keeps the local store (lookups, sections, rosters) fresh: src/offline/local-store.ts.
 */
import { liveQuery } from 'dexie';
import type { QueryClient } from '@tanstack/react-query';
import type { WebUser } from '@contract/auth';
import { getDb, type LebuhrayaDb } from '@/offline/db';
import { authPausedKey, isQuotaError, lastSyncKey, metaGet, StorageFullError } from '@/offline/outbox';
import { onSyncEvent, startSync, syncNow } from '@/offline/sync-client';
import { startLocalStore, type LocalStoreHandle } from '@/offline/local-store';
import { localStoreRunner } from '@/offline/local-store-thread';
import { getToken, onSessionChange } from '@/lib/session';
import { browserOnline } from '@/lib/online';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/sync';
import { notify } from '@/ui/toaster';
import { detectEviction, readMarker, writeMarker } from '@/offline/unsent-marker';
import { resetSyncSnapshot, setSyncSnapshot, type SyncSnapshot } from './sync-state';

const INVALIDATE_DEBOUNCE_MS = 600;

export interface CountsRow {
  unsent: number;
  parked: number;
  drafts: number;
  lastSync: string | null;
  authPaused: boolean;
}

/** What the top bar shows, read from the database in one go. */
export async function readCounts(db: LebuhrayaDb, userId: string): Promise<CountsRow> {
  const [items, drafts, lastSync, authPaused] = await Promise.all([
    db.outbox.where('userId').equals(userId).toArray(),
    db.drafts.where('userId').equals(userId).count(),
    metaGet<string>(db, lastSyncKey(userId)),
    metaGet<boolean>(db, authPausedKey(userId)),
  ]);
  return {
    unsent: items.length,
    parked: items.filter((i) => i.state === 'parked').length,
    drafts,
    lastSync: lastSync ?? null,
    authPaused: authPaused === true,
  };
}

/** The start-up eviction check: the marker against what the database holds. */
export async function checkEviction(db: LebuhrayaDb, userId: string, storage?: Pick<Storage, 'getItem'> | null) {
  const [items, drafts, device] = await Promise.all([
    db.outbox.where('userId').equals(userId).count(),
    db.drafts.where('userId').equals(userId).count(),
    metaGet<string>(db, 'deviceId'),
  ]);
  return detectEviction(storage === undefined ? readMarker(userId) : readMarker(userId, storage), { items, drafts }, !!device);
}

/** Shows a full device storage (persistently, once at a time). */
export function reportStorageFull() {
  setSyncSnapshot({ storageFull: true });
  notify.error(t('sync.storageFull'), { id: 'storage-full', persistent: true });
}

const isStorageFull = (err: unknown) => err instanceof StorageFullError || isQuotaError(err);

async function requestPersistence() {
  try {
    const storage = navigator.storage;
    if (!storage?.persist) return;
    if (await storage.persisted?.()) return;
    const granted = await storage.persist();
    if (!granted) console.info('[sync] persistent storage not granted: the browser may clear stored data under pressure');
  } catch (err) {
    console.warn('[sync] cannot ask for persistent storage', err);
  }
}

let stopCurrent: (() => void) | null = null;
let currentUser: string | null = null;
let unhandledInstalled = false;

/**
 * Starts the runtime for `user` (stopping the one of a previous user). Returns the stop function. Safe to call
 * again for the same user: it only replays again. With the browser online, the replay is told the network is back:
 * what waited only for the network goes now, not at the end of a backoff it grew while the device was offline (a
 * sign-in has just reached the server).
 */
export async function startRuntime(user: WebUser, queryClient: QueryClient): Promise<() => void> {
  if (currentUser === user.userId && stopCurrent) {
    void syncNow({ networkBack: browserOnline() });
    return stopCurrent;
  }
  stopCurrent?.();
  currentUser = user.userId;
  resetSyncSnapshot(user.userId);
  const userId = user.userId;
  let db: LebuhrayaDb;
  try {
    db = getDb();
    await db.open();
  } catch (err) {
    console.warn('[sync] IndexedDB is not available', err);
    setSyncSnapshot({ unavailable: true, ready: true });
    currentUser = null;
    return () => {};
  }

  if (!unhandledInstalled) {
    unhandledInstalled = true;
    // a full quota that a screen did not handle is still shown: never swallowed
    window.addEventListener('unhandledrejection', (e) => {
      if (isStorageFull(e.reason)) reportStorageFull();
    });
  }

  // 1. eviction: before the replay writes anything
  try {
    const evicted = await checkEviction(db, userId);
    if (evicted) {
      setSyncSnapshot({ evicted });
      notify.error(t('sync.evicted', { expected: evicted.expected, found: evicted.found }), { id: 'sync-evicted', persistent: true });
    }
  } catch (err) {
    console.warn('[sync] eviction check failed', err);
  }

  // 2. the replay: triggers once per page, and now (a new sign-in resumes what a 401 paused)
  startSync();
  void syncNow({ networkBack: browserOnline() });
  void requestPersistence();

  // 3. the snapshot and the marker follow the database
  const sub = liveQuery(() => readCounts(db, userId)).subscribe({
    next: (c) => {
      if (currentUser !== userId) return;
      setSyncSnapshot({ ready: true, ...c } satisfies Partial<SyncSnapshot>);
      writeMarker(userId, { items: c.unsent, drafts: c.drafts });
    },
    error: (err: unknown) => console.warn('[sync] cannot watch the outbox', err),
  });

  // 4. acknowledged writes refresh the screens' data (debounced: a drain acknowledges many at once)
  let timer: ReturnType<typeof setTimeout> | null = null;
  const offEvents = onSyncEvent((e) => {
    if (e.type === 'acked') {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries();
      }, INVALIDATE_DEBOUNCE_MS);
    }
    if (e.type === 'paused' && e.reason === 'auth') setSyncSnapshot({ authPaused: true });
  });

  // 5. the local store, once the screen's own requests have gone quiet: its forty-odd lists (and their writes to the
  // device) otherwise compete with the screen's first answers on the network. It runs in a worker of its own, off the
  // main thread; a change of session (sign-out, a new token) ends a refresh under way, before sign-out clears the
  // user's copies
  let store: LocalStoreHandle | null = null;
  const env = { db, fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init), token: getToken };
  const runner = localStoreRunner(env, user);
  let tokenSeen = getToken();
  const offSession = onSessionChange(() => {
    if (getToken() === tokenSeen) return;
    tokenSeen = getToken();
    runner.stop();
  });
  const cancelWait = whenQueriesQuiet(queryClient, () => {
    store = startLocalStore(env, user, {
      run: runner.run,
      onError: (err) => {
        if (isStorageFull(err)) reportStorageFull();
        else console.warn('[local-store] refresh failed', err);
      },
    });
  });

  const stop = () => {
    sub.unsubscribe();
    offEvents();
    cancelWait();
    store?.stop();
    offSession();
    runner.stop();
    if (timer) clearTimeout(timer);
    if (stopCurrent === stop) {
      stopCurrent = null;
      currentUser = null;
    }
  };
  stopCurrent = stop;
  return stop;
}

/**
 * Runs `fn` once no query of `client` has been fetching for `quietMs`, or `maxMs` from now at the latest (a screen
 * that polls never goes quiet). Returns a cancel function.
 */
export function whenQueriesQuiet(client: QueryClient, fn: () => void, quietMs = 800, maxMs = 8000): () => void {
  let done = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const finish = () => {
    if (done) return;
    cancel();
    fn();
  };
  const check = () => {
    clearTimeout(quiet);
    quiet = client.isFetching() === 0 ? setTimeout(finish, quietMs) : undefined;
  };
  const unsubscribe = client.getQueryCache().subscribe(check);
  const cap = setTimeout(finish, maxMs);
  function cancel() {
    done = true;
    unsubscribe();
    clearTimeout(quiet);
    clearTimeout(cap);
  }
  check();
  return cancel;
}

/** Replays now (the panel's and the sign-out screen's 'Segerakkan sekarang'). */
export { syncNow };
