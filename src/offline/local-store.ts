/**
 * The local store (issue #4 item 1): what the forms need to open with the network off, fetched into the per-user
 * cache (db.userCache) on sign-in, on reconnect and on a timer, whether or not the user ever opened the screen:
 * - every lookup list of §7.2 (contract/lookups.ts LOOKUP_NAMES), under the key useLookup reads ('lookup:<name>');
 * - the sections of the user's region as the forms list them ('sections:<regionId>', and 'sections:all' for the
 *   roles that see every region), and the event locations of each of those sections ('eventLocations:<id>');
 * - the current shift's duty rosters of the region ('rosters:<shift date>', the dashboard's call) and the roster list's first page.
 * Same paths, bodies and cache keys as the screens' own calls (src/lib/lookups.ts, form-api.ts, roster-api.ts), so
 * networkFirst() finds these copies when the network is gone. Each row keeps the answer's ETag beside the data; the
 * next refresh sends it as If-None-Match and a 304 keeps the copy (nothing downloaded again).
 *
 * - the kilometre markers of each of those sections ('kmMarkers:<id>'), so the kilometre check works offline.
 * - the child-list editors' lists: Bahagian Lebuhraya items and the highway assets (src/lib/cache-keys.ts).
 *
 * No React; Dexie comes in through the db passed in (this module loads on demand with the sync runtime).
 */
import { LOOKUP_NAMES, PAGE_SIZE, isListedSectionName } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { can, SEES_ALL_REGIONS, type Permission, type RoleName } from '@contract/roles';
import { shiftDateAt } from '@contract/shift-time';
import type { WebUser } from '@contract/auth';
import { HIGHWAY_SECTIONS_CACHE_KEY, kmMarkersCacheKey, ROAD_FURNITURE_CACHE_KEY } from '@/lib/cache-keys';
import type { LebuhrayaDb, UserCacheRow } from './db';
import { isQuotaError, StorageFullError } from './outbox';

/** The userCache key of the highway network (section/network): the maps draw it when no tile can be had (#7). */
export const SECTION_NETWORK_CACHE_KEY = 'sectionNetwork';

/** The userCache key of the region's on-shift patrols (the nearest-PR list without a place). */
export const activePrCacheKey = (regionId: number) => `activePr:${regionId}`;

/** A cache row of the local store: the data and the ETag of the answer it came from. */
export type StoredRow<T = unknown> = UserCacheRow<T> & { etag?: string };

export interface PrefetchSpec {
  /** the userCache key the screens read */
  key: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  query?: Record<string, string>;
}

export interface LocalStoreEnv {
  db: LebuhrayaDb;
  fetch: typeof fetch;
  /** the session token, read at each call (null: signed out, nothing is fetched) */
  token: () => string | null;
  /** absolute origin for the paths (tests); '' = same origin */
  origin?: string;
  now?: () => number;
}

export type FetchResult = 'fresh' | 'unchanged' | 'failed';

export const REFRESH_INTERVAL_MS = 30 * 60_000;
const TIMEOUT_MS = 30_000;
const PARALLEL = 4;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** dataTables paging as the screens send it (src/lib/api.ts dataTablesParams). */
const paging = (length: number, start = 0) => ({ length: String(length), start: String(start) });

/** Today's calendar date in Asia/Brunei (UTC+8, no daylight saving) as 'YYYY-MM-DD'. */
export function bruneiToday(now = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

const activePr = (regionId: number): PrefetchSpec => ({
  key: activePrCacheKey(regionId),
  method: 'POST',
  path: PATHS.nearestActivePr,
  body: { regionId },
  query: paging(PAGE_SIZE.prList),
});

/** Whether the role may check kilometres (the case forms and the map): only then are the markers kept. */
export const keepsKmMarkers = (user: Pick<WebUser, 'roles'>) =>
  (['newCase', 'editCase', 'map'] as Permission[]).some((p) => can(user.roles[0]?.roleName ?? '', p));

/** The lists fetched for a user, except the event locations (they follow from the sections' answer). */
export function plan(user: Pick<WebUser, 'section' | 'roles'>, today: string, shiftDate: string = today): PrefetchSpec[] {
  const out: PrefetchSpec[] = LOOKUP_NAMES.map((name) => ({ key: `lookup:${name}`, method: 'POST' as const, path: PATHS.lookup(name), body: {} }));
  const regionId = user.section.region.key;
  const sections = (id: number | undefined): PrefetchSpec => ({
    key: `sections:${id ?? 'all'}`,
    method: 'POST',
    path: PATHS.sectionDataTables,
    body: id === undefined ? { listed: true } : { regionId: id, listed: true },
    query: paging(PAGE_SIZE.sections),
  });
  out.push(sections(regionId));
  if (SEES_ALL_REGIONS.includes(user.roles[0]?.roleName as RoleName)) out.push(sections(undefined));
  const may = (...perms: Permission[]) => perms.some((p) => can(user.roles[0]?.roleName ?? '', p));
  // the child-list editors' lists (Bahagian Lebuhraya, the highway assets) for whoever writes a subform
  if (may('newCase', 'editSubform')) {
    out.push({ key: HIGHWAY_SECTIONS_CACHE_KEY, method: 'GET', path: PATHS.highwaySections });
    out.push({ key: ROAD_FURNITURE_CACHE_KEY, method: 'GET', path: PATHS.roadFurnitureAll });
  }
  // the highway network for the roles with a map (issue #7): the map is never blank offline
  if (may('map')) out.push({ key: SECTION_NETWORK_CACHE_KEY, method: 'GET', path: PATHS.sectionNetwork });
  // the role's own calls only (the server would refuse the others, and log them)
  if (!may('dashboard', 'rosterList')) return may('newCase', 'editCase', 'map') ? [...out, activePr(regionId)] : out;
  // the current shift's rosters: the dashboard's call (src/features/dashboard/dashboard-api.ts currentRostersCall, by
  // the shift date of now, issue #29) and the first page of today's roster list (src/features/roster/roster-api.ts
  // rosterPageCall, default page size 10)
  out.push({
    key: `rosters:${shiftDate}`,
    method: 'POST',
    path: PATHS.dutyRosterDataTables,
    body: { date: shiftDate, current: true },
    query: paging(500),
  });
  out.push({ key: `rosterList:${today}:all:0:10`, method: 'POST', path: PATHS.dutyRosterDataTables, body: { date: today }, query: paging(10) });
  // the patrols on shift in the region: 'Ditugaskan Kepada' of the case forms falls back to this list offline
  // (src/features/incidents/form/form-api.ts useNearestActivePr)
  if (may('newCase', 'editCase', 'map')) out.push(activePr(regionId));
  return out;
}

/** The event-location lists of the listed sections of a sections answer. */
export function eventLocationSpecs(sectionsAnswer: unknown): PrefetchSpec[] {
  const rows =
    isRecord(sectionsAnswer) && Array.isArray(sectionsAnswer.rows) ? (sectionsAnswer.rows as { pkSectionId?: unknown; sectionName?: unknown }[]) : [];
  return rows
    .filter((s) => typeof s.pkSectionId === 'number' && typeof s.sectionName === 'string' && isListedSectionName(s.sectionName))
    .map((s) => ({ key: `eventLocations:${s.pkSectionId}`, method: 'GET' as const, path: PATHS.eventLocationsBySection(s.pkSectionId as number) }));
}

/** The kilometre markers of the listed sections of a sections answer (the kilometre check offline). */
export function kmMarkerSpecs(sectionsAnswer: unknown): PrefetchSpec[] {
  return eventLocationSpecs(sectionsAnswer).map((e) => {
    const id = Number(e.key.slice('eventLocations:'.length));
    return { key: kmMarkersCacheKey(id), method: 'GET' as const, path: PATHS.kmMarkersBySection(id) };
  });
}

async function putRows(db: LebuhrayaDb, rows: StoredRow[]) {
  try {
    if (rows.length === 1) await db.userCache.put(rows[0] as UserCacheRow);
    else await db.userCache.bulkPut(rows as UserCacheRow[]);
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError(err);
    throw err;
  }
}

/**
 * One list from the server, against the stored copy `row`: sends If-None-Match with its ETag; a 304 keeps the copy
 * (the row to store notes that it was confirmed now), a 200 replaces it. Network failures and refusals leave the copy
 * as it is (nothing to store). Stores nothing itself.
 */
async function fetchRow(
  env: LocalStoreEnv,
  userId: string,
  spec: PrefetchSpec,
  row: StoredRow | undefined,
  token: string,
): Promise<{ result: FetchResult; put?: StoredRow }> {
  const now = env.now ?? Date.now;
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (spec.method === 'POST') headers['Content-Type'] = 'application/json';
  if (row?.etag) headers['If-None-Match'] = row.etag;
  const qs = spec.query ? `?${new URLSearchParams(spec.query).toString()}` : '';
  let res: Response;
  try {
    res = await env.fetch(`${env.origin ?? ''}${spec.path}${qs}`, {
      method: spec.method,
      headers,
      body: spec.method === 'POST' ? JSON.stringify(spec.body ?? {}) : undefined,
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { result: 'failed' };
  }
  // signed out (or another user signed in) while the answer came: the copy is not this session's to keep
  if (env.token() !== token) return { result: 'failed' };
  if (res.status === 304) {
    if (!row) return { result: 'failed' };
    return { result: 'unchanged', put: { ...row, updatedAt: new Date(now()).toISOString() } };
  }
  if (!res.ok) {
    // an unread body keeps the request open in the browser (network never idle): let it go
    await res.body?.cancel().catch(() => {});
    return { result: 'failed' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(await res.text());
  } catch {
    return { result: 'failed' };
  }
  // the envelope { statusCode, statusMsg, body }: the screens keep `body`
  if (isRecord(payload) && typeof payload.statusCode === 'number' && 'body' in payload) {
    if (payload.statusCode >= 400) return { result: 'failed' };
    payload = payload.body;
  }
  const etag = res.headers.get('etag') ?? undefined;
  return { result: 'fresh', put: { userId, key: spec.key, data: payload, updatedAt: new Date(now()).toISOString(), ...(etag ? { etag } : {}) } };
}

/**
 * One list into the store (see fetchRow): a 304 keeps the copy (and notes that it was confirmed now), a 200 replaces
 * it. Network failures and refusals leave the copy as it is. A full quota throws.
 */
export async function fetchInto(env: LocalStoreEnv, userId: string, spec: PrefetchSpec): Promise<FetchResult> {
  const token = env.token();
  if (!token) return 'failed';
  const row = (await env.db.userCache.get([userId, spec.key])) as StoredRow | undefined;
  const { result, put } = await fetchRow(env, userId, spec, row, token);
  if (!put || env.token() !== token) return put ? 'failed' : result;
  await putRows(env.db, [put]);
  return result;
}

/**
 * Many lists, PARALLEL at a time: the stored copies read in one transaction, the answers written in one. A store
 * written list by list (two transactions each, forty-odd lists) kept the main thread busy in Dexie for a second of
 * a mid-range tablet's time right after the first screen, and woke every live query of the cache each time.
 */
async function runAll(env: LocalStoreEnv, userId: string, specs: PrefetchSpec[], tally: Record<FetchResult, number>) {
  const token = env.token();
  if (!token) {
    tally.failed += specs.length;
    return;
  }
  // the table's key is [userId+key] (EntityTable types it as having none)
  const keys = specs.map((s) => [userId, s.key]) as unknown as never[];
  const rows = (await env.db.userCache.bulkGet(keys)) as (StoredRow | undefined)[];
  const puts: StoredRow[] = [];
  const results: FetchResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const i = next++;
      const { result, put } = await fetchRow(env, userId, specs[i], rows[i], token);
      results.push(result);
      if (put) puts.push(put);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, specs.length) }, worker));
  // signed out (or another user signed in) meanwhile: nothing of this session is kept
  if (env.token() !== token) {
    tally.failed += specs.length;
    return;
  }
  if (puts.length) await putRows(env.db, puts);
  for (const r of results) tally[r]++;
}

export interface RefreshSummary {
  fresh: number;
  unchanged: number;
  failed: number;
  at: string;
}

/** Refreshes every list of the user once. */
export async function refreshLocalStore(env: LocalStoreEnv, user: Pick<WebUser, 'userId' | 'section' | 'roles'>): Promise<RefreshSummary> {
  const now = env.now ?? Date.now;
  const tally: Record<FetchResult, number> = { fresh: 0, unchanged: 0, failed: 0 };
  const specs = plan(user, bruneiToday(now()), shiftDateAt(now()));
  await runAll(env, user.userId, specs, tally);
  // event locations of the region's sections, from the copy just stored (fresh or confirmed)
  const sections = (await env.db.userCache.get([user.userId, `sections:${user.section.region.key}`])) as StoredRow | undefined;
  if (sections)
    await runAll(env, user.userId, [...eventLocationSpecs(sections.data), ...(keepsKmMarkers(user) ? kmMarkerSpecs(sections.data) : [])], tally);
  return { ...tally, at: new Date(now()).toISOString() };
}

export interface LocalStoreHandle {
  /** refresh now (joins a refresh under way) */
  refresh(): Promise<RefreshSummary | null>;
  stop(): void;
}

/**
 * Keeps the store fresh for one signed-in user: a refresh now (sign-in or app start), on every `online` event and
 * every `intervalMs` (30 minutes). `onError` hears a full quota (to show it) and unexpected failures.
 */
export function startLocalStore(
  env: LocalStoreEnv,
  user: Pick<WebUser, 'userId' | 'section' | 'roles'>,
  opts: {
    intervalMs?: number;
    onRefreshed?: (s: RefreshSummary) => void;
    onError?: (err: unknown) => void;
    target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
    /** what one refresh runs (./local-store-thread.ts: in a worker; null: dropped); refreshLocalStore here by default */
    run?: () => Promise<RefreshSummary | null>;
  } = {},
): LocalStoreHandle {
  let running: Promise<RefreshSummary | null> | null = null;
  let stopped = false;
  const refresh = () => {
    if (stopped) return Promise.resolve(null);
    running ??= (opts.run ?? (() => refreshLocalStore(env, user)))()
      .then(
        (s) => {
          if (s) opts.onRefreshed?.(s);
          return s;
        },
        (err: unknown) => {
          if (!stopped) opts.onError?.(err);
          return null;
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const target = opts.target ?? (typeof window !== 'undefined' ? window : undefined);
  const onOnline = () => void refresh();
  target?.addEventListener('online', onOnline);
  const timer = setInterval(() => void refresh(), opts.intervalMs ?? REFRESH_INTERVAL_MS);
  void refresh();
  return {
    refresh,
    stop() {
      stopped = true;
      target?.removeEventListener('online', onOnline);
      clearInterval(timer);
    },
  };
}
