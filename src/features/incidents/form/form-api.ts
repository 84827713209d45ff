/** The calls behind the incident form's choices: sections, event locations, the kilometre check, nearest patrols. */
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import type { DataTablesResult } from '@contract/envelope';
import type { EventLocation } from '@contract/sections';
import type { ActivePrFilter, ActivePrRow, KmLocation, SectionKmMarkers } from '@contract/incidents';
import { apiGet, apiPost, dataTables, isApiError } from '@/lib/api';
import { kmMarkersCacheKey } from '@/lib/cache-keys';
import { activePrCacheKey } from '@/offline/local-store';
import { nearestKmMarker, parseKm } from '@contract/incident-rules';
import { networkFirst } from '@/lib/cached';
import { useSession } from '@/lib/session';

/** Event locations of a section (a combined section answers those of its parts too). */
export function useEventLocations(sectionId: number | null) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: ['eventLocations', userId, sectionId],
    queryFn: () => networkFirst(userId, `eventLocations:${sectionId}`, () => apiGet<EventLocation[]>(PATHS.eventLocationsBySection(sectionId!))),
    select: (r) => r.data,
    enabled: sectionId !== null,
    staleTime: 30 * 60_000,
  });
}

/** GpsKmMarker/getLocationGpsCoordinates: does this kilometre lie on the section's markers (§5)? */
export const kmLocationCall = (sectionId: number, kmLocation: string, signal?: AbortSignal) =>
  apiPost<KmLocation>(PATHS.kmLocation, { sectionId, kmLocation: kmLocation.trim() }, { signal, quiet: true });

/** Offline, the kilometre check runs on the device's copy of the section's markers (the same nearest match). */
export async function offlineKmCheck(userId: string | undefined, sectionId: number, km: string): Promise<KmLocation | null> {
  const value = parseKm(km.trim());
  if (!userId || value === null) return null;
  const row = await import('@/offline/db').then((db) => db.cacheGet<SectionKmMarkers[]>(userId, kmMarkersCacheKey(sectionId))).catch(() => undefined);
  if (!row?.data.length) return null;
  const m = nearestKmMarker(row.data, value);
  const first = row.data[0];
  return m
    ? { matched: true, latitude: m.latitude, longtitude: m.longitude, km: m.km, sectionId: m.sectionId, sectionName: m.sectionName }
    : {
        matched: false,
        latitude: null,
        longtitude: null,
        km: null,
        sectionId: row.data.length > 1 ? sectionId : first.sectionId,
        sectionName: first.sectionName,
      };
}

export function useKmCheck(sectionId: number | null, km: string, enabled: boolean) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: ['kmLocation', sectionId, km.trim()],
    queryFn: async ({ signal }) => {
      try {
        return await kmLocationCall(sectionId!, km, signal);
      } catch (err) {
        const offline = isApiError(err) && (err.kind === 'network' || err.kind === 'timeout');
        const local = offline ? await offlineKmCheck(userId, sectionId!, km) : null;
        if (local) return local;
        throw err;
      }
    },
    enabled: enabled && sectionId !== null,
    staleTime: 60 * 60_000,
    retry: 1,
  });
}

/**
 * dutyroster/nearestActivePR: on-shift rosters of the region, nearest first (§6: scoped to the user's region).
 * The kilometre check above is `quiet` (a background check while the operator types: no timeout message).
 */
export const nearestActivePrCall = async (filter: ActivePrFilter, signal?: AbortSignal) =>
  (await dataTables<ActivePrRow>(PATHS.nearestActivePr, filter, { length: PAGE_SIZE.prList, start: 0 }, { signal })).rows;

/**
 * Offline, 'Ditugaskan Kepada' lists the region's patrols on shift from the device's copy (the local store fetches
 * it at sign-in and every 30 minutes): no distances, the case's section first.
 */
export async function offlineActivePr(userId: string | undefined, filter: ActivePrFilter): Promise<ActivePrRow[] | null> {
  if (!userId || filter.regionId === undefined) return null;
  const row = await import('@/offline/db')
    .then((db) => db.cacheGet<DataTablesResult<ActivePrRow>>(userId, activePrCacheKey(filter.regionId!)))
    .catch(() => undefined);
  if (!row) return null;
  const here = (r: ActivePrRow) => (r.sectionId === filter.sectionId ? 0 : 1);
  return row.data.rows.map((r) => ({ ...r, distanceKm: null })).sort((a, b) => here(a) - here(b));
}

export function useNearestActivePr(filter: ActivePrFilter, enabled: boolean) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: ['nearestActivePr', userId, filter],
    queryFn: async ({ signal }) => {
      try {
        return await nearestActivePrCall(filter, signal);
      } catch (err) {
        const offline = isApiError(err) && (err.kind === 'network' || err.kind === 'timeout');
        const copy = offline ? await offlineActivePr(userId, filter) : null;
        if (copy) return copy;
        throw err;
      }
    },
    enabled,
    // on-shift rosters change with the shift: refresh while the form is open
    staleTime: 30_000,
    refetchInterval: 60_000,
    placeholderData: (prev) => prev,
  });
}
