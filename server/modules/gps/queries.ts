/**
 * GPS kilometre markers (one every 100 m of each specific section, gps_km_marker): the kilometre check of the
 * incident form (§5) and the incident point of the nearest-patrol list.
 */
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gpsKmMarker, section } from '../../db/schema';

/** The first number in a kilometre text, comma or dot decimal: 'KM 301,5 arah selatan' → 301.5. */
export function firstKmNumber(text: string): number | null {
  const m = /\d+(?:[.,]\d+)?/.exec(text);
  return m ? Number(m[0].replace(',', '.')) : null;
}

export interface SectionRef {
  id: number;
  name: string;
  regionId: number;
  isCombined: boolean;
  alignment: [number, number][] | null;
}

export async function sectionRef(db: Db, id: number): Promise<SectionRef | undefined> {
  const [row] = await db
    .select({ id: section.id, name: section.name, regionId: section.regionId, isCombined: section.isCombined, alignment: section.alignment })
    .from(section)
    .where(eq(section.id, id))
    .limit(1);
  return row;
}

/** The sections whose markers belong to a section: its specific sections when combined, else itself. */
export async function markerSections(db: Db, s: SectionRef): Promise<SectionRef[]> {
  if (!s.isCombined) return [s];
  return db
    .select({ id: section.id, name: section.name, regionId: section.regionId, isCombined: section.isCombined, alignment: section.alignment })
    .from(section)
    .where(eq(section.combinedSectionId, s.id))
    .orderBy(asc(section.id));
}

export interface Marker {
  sectionId: number;
  km: number;
  latitude: number;
  longitude: number;
}

/** markers are stored as real: a hair of slack so a marker exactly `bound` away still counts */
const EPS = 1e-4;

/**
 * The marker nearest to `km` on these sections within `bound` km of chainage, or undefined. A range scan of
 * gps_km_marker_section_km_idx (section_id, km) per section.
 */
export async function nearestMarker(db: Db, sectionIds: number[], km: number, bound: number): Promise<Marker | undefined> {
  if (!sectionIds.length) return undefined;
  const [row] = await db
    .select({ sectionId: gpsKmMarker.sectionId, km: gpsKmMarker.km, latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
    .from(gpsKmMarker)
    .where(and(inArray(gpsKmMarker.sectionId, sectionIds), between(gpsKmMarker.km, km - bound - EPS, km + bound + EPS)))
    .orderBy(sql`abs(${gpsKmMarker.km} - ${km}::double precision)`, asc(gpsKmMarker.sectionId))
    .limit(1);
  return row ? { ...row, km: Math.round(row.km * 10) / 10 } : undefined;
}

/** Every marker of these sections as [km, latitude, longitude], by section and kilometre (gps_km_marker_section_km_idx). */
export async function markersOf(db: Db, sectionIds: number[]): Promise<Map<number, [number, number, number][]>> {
  const out = new Map<number, [number, number, number][]>(sectionIds.map((id) => [id, []]));
  if (!sectionIds.length) return out;
  const rows = await db
    .select({ sectionId: gpsKmMarker.sectionId, km: gpsKmMarker.km, latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
    .from(gpsKmMarker)
    .where(inArray(gpsKmMarker.sectionId, sectionIds))
    .orderBy(asc(gpsKmMarker.sectionId), asc(gpsKmMarker.km));
  for (const r of rows) out.get(r.sectionId)?.push([Math.round(r.km * 1000) / 1000, r.latitude, r.longitude]);
  return out;
}
