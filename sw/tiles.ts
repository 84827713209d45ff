/// <reference lib="webworker" />
/**
 * Basemap tiles the user has seen stay on the device (issue #7 item 5): a Workbox CacheFirst route for the tile host
 * only (VITE_TILE_URL, default OpenStreetMap), bounded to TILE_CACHE_MAX_ENTRIES tiles and TILE_CACHE_MAX_AGE_S,
 * the oldest dropped first. Only complete answers (200) are kept; a failed tile is not cached, so it is tried again.
 * Offline, a tile never seen fails and the map draws the highway network instead (src/features/map/ol-kit.ts).
 */
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { TILE_URL_DEFAULT, tileOrigin } from '../contract/map-rules';
import { isTileUrl } from './tiles-match';

export const TILE_CACHE = 'lebuhraya-tiles';
export const TILE_CACHE_MAX_ENTRIES = 2000;
export const TILE_CACHE_MAX_AGE_S = 30 * 24 * 3600;

const origin = tileOrigin(import.meta.env.VITE_TILE_URL || TILE_URL_DEFAULT);

registerRoute(
  ({ url, request }) => request.method === 'GET' && isTileUrl(url, origin),
  new CacheFirst({
    cacheName: TILE_CACHE,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: TILE_CACHE_MAX_ENTRIES, maxAgeSeconds: TILE_CACHE_MAX_AGE_S, purgeOnQuotaError: true }),
    ],
  }),
);
