/// <reference lib="webworker" />
/**
 * The local store's refresh off the page (issue #33): forty-odd lists fetched, parsed and written through Dexie in a
 * dedicated module worker, so a tablet's main thread stays free for the first screen. The page's live queries hear
 * the writes through Dexie's cross-context notifications (BroadcastChannel), as they hear the service worker's.
 * The page asks for each refresh with the session's token and its clock's now (src/offline/local-store-thread.ts);
 * the timer and the `online` trigger stay on the page (startLocalStore).
 */
import type { WebUser } from '@contract/auth';
import { getDb } from './db';
import { refreshLocalStore, type RefreshSummary } from './local-store';
import { isQuotaError, StorageFullError } from './outbox';

export interface RefreshRequest {
  id: number;
  user: Pick<WebUser, 'userId' | 'section' | 'roles'>;
  token: string | null;
  /** the page's now (its clock, which tests set) */
  now: number;
}
export type RefreshReply = { id: number; ok: true; summary: RefreshSummary } | { id: number; ok: false; storageFull: boolean; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (e: MessageEvent<RefreshRequest>) => {
  const { id, user, token, now } = e.data;
  // the page's clock, moving with this thread's own time
  const start = performance.now();
  try {
    const summary = await refreshLocalStore(
      { db: getDb(), fetch: (i, init) => fetch(i, init), token: () => token, now: () => now + (performance.now() - start) },
      user,
    );
    scope.postMessage({ id, ok: true, summary } satisfies RefreshReply);
  } catch (err) {
    const storageFull = err instanceof StorageFullError || isQuotaError(err);
    scope.postMessage({ id, ok: false, storageFull, error: err instanceof Error ? err.message : String(err) } satisfies RefreshReply);
  }
};
