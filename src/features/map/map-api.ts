/**
 * Calls of the maps (issue #7): bigMaps/getIncidentAndActivePR (§7.8), the highway network (section/network, kept on
 * the device by the local store so the map is never blank offline), the roster timeline (llugps/get/{id}, §2.18) and
 * the nearest patrols of a case (dutyroster/nearestActivePR, §7.5). Reads only: nothing here writes.
 */
import { useQuery } from '@tanstack/react-query';
import type { ActivePrFilter, ActivePrRow } from '@contract/incidents';
import type { BigMaps, BigMapsRequest, SectionNetworkRow, TimelineEntry } from '@contract/maps';
import { MAP_REFRESH_MS } from '@contract/map-rules';
import { PAGE_SIZE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { apiGet, apiPost, dataTables, isApiError } from '@/lib/api';
import { networkFirst, type Cached } from '@/lib/cached';
import { getSession, useSession } from '@/lib/session';
import { SECTION_NETWORK_CACHE_KEY } from '@/offline/local-store';

export const bigMapsCall = (body: BigMapsRequest, signal?: AbortSignal) => apiPost<BigMaps>(PATHS.bigMaps, body, { signal, quiet: true });

/**
 * The live answer first; its copy goes to the device after the map has it (not before, as networkFirst does: writing
 * 3,000 cases to IndexedDB would hold the first render up), and is read back only when the network is gone.
 */
async function liveFirst<T>(userId: string | undefined, key: string, fetcher: () => Promise<T>): Promise<Cached<T>> {
  try {
    const data = await fetcher();
    if (userId)
      void import('@/offline/db')
        .then((db) => (getSession()?.user.userId === userId ? db.cachePut(userId, key, data) : undefined))
        .catch((err) => console.warn('[map] copy not kept', err));
    return { data, cachedAt: null };
  } catch (err) {
    const offline = isApiError(err) && (err.kind === 'network' || err.kind === 'timeout');
    const row = offline && userId ? await import('@/offline/db').then((db) => db.cacheGet<T>(userId, key)).catch(() => undefined) : undefined;
    if (row) return { data: row.data, cachedAt: row.updatedAt };
    throw err;
  }
}

/** The open cases and active patrols, refreshed every MAP_REFRESH_MS; the last answer stays while a refresh fails. */
export function useBigMaps(body: BigMapsRequest, enabled = true) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: ['bigMaps', userId, body],
    // the last answer is kept on the device: offline, the map shows it (with its time)
    queryFn: ({ signal }) => liveFirst(userId, `bigMaps:${body.regionId ?? 'all'}`, () => bigMapsCall(body, signal)),
    refetchInterval: MAP_REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: (prev) => prev,
    enabled,
  });
}

/** Every listed section's alignment; network first, the local store's copy when offline. */
export function useSectionNetwork() {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: ['sectionNetwork', userId],
    queryFn: () => networkFirst(userId, SECTION_NETWORK_CACHE_KEY, () => apiGet<SectionNetworkRow[]>(PATHS.sectionNetwork, { quiet: true })),
    select: (r) => r.data,
    staleTime: 60 * 60_000,
    retry: 1,
  });
}

/** A roster's timeline of this shift (§2.18 entries), newest first. */
export function useRosterTimeline(rosterId: number | null) {
  return useQuery({
    queryKey: ['lluGps', rosterId],
    queryFn: ({ signal }) => apiGet<TimelineEntry[]>(PATHS.lluGps(rosterId!), { signal, quiet: true }),
    enabled: rosterId !== null,
    refetchInterval: MAP_REFRESH_MS,
    placeholderData: (prev) => prev,
  });
}

/** dutyroster/nearestActivePR for a case: ranked by the server (highway distance, stale last). */
export function useNearestPatrols(filter: ActivePrFilter | null) {
  return useQuery({
    queryKey: ['map', 'nearestActivePr', filter],
    queryFn: async ({ signal }) =>
      (await dataTables<ActivePrRow>(PATHS.nearestActivePr, filter!, { length: PAGE_SIZE.prList, start: 0 }, { signal, quiet: true })).rows,
    enabled: filter !== null,
    refetchInterval: MAP_REFRESH_MS,
    placeholderData: (prev) => prev,
  });
}
