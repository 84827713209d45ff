/**
 * Map and live-position constants and pure helpers (issue #7; spec §2.8, §2.18, §3.3, §3.12, §7.8, §9), zod-free so
 * the PWA may import them at run time. Schemas live in contract/maps.ts (types only on the client).
 */
import { FUTURE_ALLOWANCE_MS } from './date-rules';

/** a patrol tablet reports its position this often while its roster is on shift (issue #7: every 10–15 s) */
export const POSITION_INTERVAL_MS = 12_000;
/** at most this many fixes in one rondaGps/save (a tablet back from hours offline sends several batches) */
export const POSITION_BATCH_MAX = 500;
/** a fix may claim a time at most this far ahead of the server's clock (tablet clock drift; contract/date-rules.ts) */
export const POSITION_FUTURE_ALLOWANCE_MS = FUTURE_ALLOWANCE_MS;
/** a position older than this is stale: shown as such and ranked last by nearestActivePR (server: POSITION_STALE_SECONDS) */
export const POSITION_STALE_SECONDS_DEFAULT = 300;
/** a fix farther than this from every kilometre marker is off the mainline (LLU, §2.18's 500 m rule) */
export const MAINLINE_BOUND_METRES = 500;

/** §9: integration vehicle lookup timeout */
export const INTEGRATION_TIMEOUT_MS = 30_000;
/** §8 / §2.8: shown when no vehicle position exists */
export const ONCORE_UNAVAILABLE = 'Oncore service not available';

/** §9: incident map default centre (lat, lng) and zoom */
export const MAP_DEFAULT_CENTER: readonly [number, number] = [4.03, 102.21];
export const MAP_DEFAULT_ZOOM = 7.33;
/** §9: timeline maps: threshold 500 m, zoom fixed at 17 (min and max), initial zoom 14 */
export const TIMELINE_MAP_THRESHOLD_M = 500;
export const TIMELINE_MAP_ZOOM = 17;
export const TIMELINE_MAP_INITIAL_ZOOM = 14;
/** §2.18: an entry of this type always shows its map */
export const LLU_HISTORY = 'LLU History';
/** §9: map incidents page size */
export const MAP_INCIDENTS_MAX = 3000;
/** live refresh of the incident map and the map dialog */
export const MAP_REFRESH_MS = 15_000;

/** §7.8: a plate is looked up with its spaces removed (and in upper case) */
export function normalisePlate(plate: string): string {
  return plate.replace(/\s+/g, '').toUpperCase();
}

/** §9: per-section zoom is the section's mapzoom minus 1, with a minimum zoom of mapzoom minus 2 */
export function sectionZoom(mapZoom: number): { zoom: number; minZoom: number } {
  return { zoom: mapZoom - 1, minZoom: mapZoom - 2 };
}

/** a section's `mapcenter` text "lat,lng" as [lat, lng]; null when malformed */
export function parseMapCenter(text: string | null | undefined): [number, number] | null {
  if (!text) return null;
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? [lat, lng] : null;
}

/** §9: vehicle-to-incident distance in KM with 2 decimals */
export function formatKm(km: number): string {
  return `${km.toFixed(2)} KM`;
}

/** §9: device-to-vehicle distance in metres with 2 decimals */
export function formatMetres(m: number): string {
  return `${m.toFixed(2)} m`;
}

/**
 * §2.18: a timeline entry shows a map with a red pin when its location text starts with a number of metres above
 * 500 (e.g. "650 m dari KM 12.3 (N9)"), or when its type is LLU History; otherwise it shows the location text.
 */
export function timelineShowsMap(location: string | null | undefined, type?: string | null): boolean {
  if (type === LLU_HISTORY) return true;
  if (!location) return false;
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*m\b/i.exec(location);
  return m ? Number(m[1]!.replace(',', '.')) > TIMELINE_MAP_THRESHOLD_M : false;
}

/** default basemap tiles (issue #7 item 5): OpenStreetMap, with its attribution; VITE_TILE_URL replaces the URL */
export const TILE_URL_DEFAULT = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION_DEFAULT = '© OpenStreetMap contributors';

/**
 * The origin a tile URL template fetches from ('https://tile.openstreetmap.org'; '{a-c}.tile.example.org' →
 * 'https://*.tile.example.org'), for the pages' Content-Security-Policy and the service worker's tile cache; null
 * when the template is not an absolute http(s) URL.
 */
export function tileOrigin(template: string): string | null {
  const m = /^(https?):\/\/([^/]+)/i.exec(template.trim());
  if (!m) return null;
  const host = m[2]!.replace(/^\{[^}]*\}\./, '*.');
  return /[{}]/.test(host) ? null : `${m[1]!.toLowerCase()}://${host.toLowerCase()}`;
}
