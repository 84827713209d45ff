/** Keys of the per-user device copies that both a screen (networkFirst) and the local store's prefetch use. */
export const HIGHWAY_SECTIONS_CACHE_KEY = 'list:highwaySections';
export const ROAD_FURNITURE_CACHE_KEY = 'list:roadFurniture';

/** The userCache key of a section's kilometre markers (src/features/incidents/form/form-api.ts useKmCheck). */
export const kmMarkersCacheKey = (sectionId: number) => `kmMarkers:${sectionId}`;
