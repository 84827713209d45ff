/// <reference lib="webworker" />
/**
 * Lebuhraya Ops service worker (vite-plugin-pwa injectManifest).
 * - precaches the app shell (JS, CSS, index.html, icons, manifest);
 * - navigations fall back to the precached index.html, except the server's own paths;
 * - API answers are never cached: no route is registered for them, so they go straight to the network;
 * - a waiting version takes over only when the page asks (SKIP_WAITING from the 'Muat semula' prompt).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';

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

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes control at once (nothing older to replace); later versions wait for SKIP_WAITING.
clientsClaim();
