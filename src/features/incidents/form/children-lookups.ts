/**
 * The lists the child-list editors need besides §7.2's lookups: Bahagian Lebuhraya (highwaysectionid/get, roadLanes
 * keys with a colour) and the highway assets (roadFurniture/getAll). Network first with the device copy offline;
 * the local store (src/offline/local-store.ts) prefetches both after sign-in under the same keys.
 */
import { useQuery } from '@tanstack/react-query';
import type { HighwaySectionItem, RoadFurniture } from '@contract/child-lists';
import { PATHS } from '@contract/paths';
import { apiGet } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { HIGHWAY_SECTIONS_CACHE_KEY, ROAD_FURNITURE_CACHE_KEY } from '@/lib/cache-keys';
import { useSession } from '@/lib/session';

function useCachedList<T>(key: string, path: string) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: ['list', key, userId ?? 'anon'],
    queryFn: async () => (await networkFirst(userId, key, () => apiGet<T[]>(path))).data,
    staleTime: 30 * 60_000,
  });
}

export const useHighwaySections = () => useCachedList<HighwaySectionItem>(HIGHWAY_SECTIONS_CACHE_KEY, PATHS.highwaySections);
export const useRoadFurniture = () => useCachedList<RoadFurniture>(ROAD_FURNITURE_CACHE_KEY, PATHS.roadFurnitureAll);
