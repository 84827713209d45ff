/// <reference lib="webworker" />
/**
 * Lebuhraya Ops service worker (vite-plugin-pwa injectManifest).
 * - precaches the app shell (JS, CSS, index.html, icons, manifest);
 * - navigations fall back to the precached index.html, except the server's own paths;
 * - API answers are never cached: no route is registered for them, so they go straight to the network;
 * - a waiting version takes over only when the page asks (SKIP_WAITING from the 'Muat semula' prompt);
 * - replays the outbox (src/offline/sync-engine.ts) on Background Sync, so writes queued in a tab that was closed
 *   meanwhile still reach the server; the page replays on its own too (browsers without Background Sync);
 * - polls the case notifications and alerts in the background and shows system notifications (sw/poll.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { createDb, readSession, type LebuhrayaDb } from '../src/offline/db';
import { drain, SYNC_CHANNEL, SYNC_TAG, withSyncLock, type SyncEvent } from '../src/offline/sync-engine';
import './tiles';
import { registerCommsPoll } from './poll';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Served by the server, never by the app shell. */
export const SERVER_PATHS = [/^\/rest(\/|$)/, /^\/public(\/|$)/, /^\/docs(\/|$)/, /^\/healthz(\/|$)/];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: SERVER_PATHS,
  }),
);

let db: LebuhrayaDb | null = null;
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SYNC_CHANNEL);

/** One replay from the worker. Rejects while items still wait for the network, so the browser fires `sync` again. */
async function replay() {
  db ??= createDb();
  const result = await withSyncLock(() =>
    drain({
      db: db!,
      fetch: (i, init) => fetch(i, init),
      // the token is read when the items are sent, from the signed-in session; never stored in an item
      session: async () => {
        const s = await readSession(db!);
        return s ? { token: s.token, userId: s.user.userId, expiresAt: s.expiresAt } : null;
      },
      onEvent: (e: SyncEvent) => channel?.postMessage(e),
      // the browser fires `sync` when it has connectivity: what waited only for the network goes now
      networkBack: true,
    }),
  );
  if (result !== 'locked' && (result.stoppedBy === 'offline' || result.nextAttemptAt !== undefined)) {
    throw new Error('outbox: items still wait for the network');
  }
}

interface SyncEventLike extends ExtendableEvent {
  tag: string;
}
self.addEventListener('sync', ((event: SyncEventLike) => {
  if (event.tag === SYNC_TAG) event.waitUntil(replay());
}) as EventListener);

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
  if (event.data && event.data.type === 'SYNC_NOW') event.waitUntil(replay().catch(() => {}));
});

// background polling of notifications and alerts, system notifications (sw/poll.ts)
registerCommsPoll(self, () => (db ??= createDb()));

// The first install takes control at once (nothing older to replace); later versions wait for SKIP_WAITING.
clientsClaim();
