/**
 * The static geography of the live positions (issue #7), loaded once per database and kept in memory: every GPS
 * kilometre marker (one per 100 m of each specific section) in a grid of ~1 km cells, the sections with the
 * carriageway each direction of travel is on, and the crossovers by highway kilometre.
 *
 * Markers, sections and crossovers do not change while the server runs (they come from the seed), so the hot path
 * of rondaGps/save (500 patrols every 10 s) finds the nearest marker without a query: the cell of the fix and the
 * rings around it, widening until a marker is found (a full scan only for a fix far from every highway).
 *
 * Carriageway rule (documented in docs/positions-and-maps.md): each highway has an axis, from its lowest to its highest kilometre
 * marker: north–south when the latitude changes more than the (cos-scaled) longitude, else east–west. Travelling
 * towards increasing kilometre is the carriageway of that axis' end (E1/E2 run north to south, so increasing km is
 * 1202 Arah Selatan; E15 runs west to east, so increasing km is 1203 Arah Timur); decreasing km the opposite one.
 * Per highway, not per section, so a stretch that bends east–west keeps its Utara/Selatan names (as the cases do).
 */
import { asc, inArray } from 'drizzle-orm';
import distance from '@turf/distance';
import type { Db } from '../../db/client';
import { crossover, eventLocation, gpsKmMarker, section } from '../../db/schema';
import { LOCATION_TYPE } from '../../db/seed/data/lookups';

export const DIRECTION = { NORTH: 1201, SOUTH: 1202, EAST: 1203, WEST: 1204 } as const;
/** cardinalDirection lookup labels (seeded with the same keys) */
export const DIRECTION_LABEL: Record<number, string> = { 1201: 'Arah Utara', 1202: 'Arah Selatan', 1203: 'Arah Timur', 1204: 'Arah Barat' };
const OPPOSITE: Record<number, number> = { 1201: 1202, 1202: 1201, 1203: 1204, 1204: 1203 };
export const oppositeDirection = (d: number) => OPPOSITE[d];

export interface SectionGeo {
  id: number;
  name: string;
  regionId: number;
  highwayId: number;
  isCombined: boolean;
  combinedSectionId: number | null;
  /** carriageway of travel towards increasing km (null without an alignment) */
  increasingDirection: number | null;
  /** markers of this section as [km, lat, lng], by km */
  markers: [number, number, number][];
}

export interface NearestMarker {
  section: SectionGeo;
  km: number;
  latitude: number;
  longitude: number;
  /** metres from the fix to the marker */
  metres: number;
}

const CELL = 0.01; // degrees (~1.1 km)
const cellKey = (lat: number, lng: number) => `${Math.floor(lat / CELL)}:${Math.floor(lng / CELL)}`;
/** rings searched around the fix before the full scan (~11 km) */
const MAX_RINGS = 10;

/** Fast equirectangular metres; exact enough at 100 m marker spacing (the error is well under a metre). */
function metresBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const x = (((lng2 - lng1) * Math.PI) / 180) * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  const y = ((lat2 - lat1) * Math.PI) / 180;
  return Math.sqrt(x * x + y * y) * 6_371_008.8;
}

function axisDirection(alignment: [number, number][] | null): number | null {
  if (!alignment || alignment.length < 2) return null;
  const [lng0, lat0] = alignment[0];
  const [lng1, lat1] = alignment.at(-1)!;
  const dLat = lat1 - lat0;
  const dLng = (lng1 - lng0) * Math.cos((((lat0 + lat1) / 2) * Math.PI) / 180);
  if (Math.abs(dLat) >= Math.abs(dLng)) return dLat < 0 ? DIRECTION.SOUTH : DIRECTION.NORTH;
  return dLng > 0 ? DIRECTION.EAST : DIRECTION.WEST;
}

export class GeoIndex {
  readonly sections = new Map<number, SectionGeo>();
  /** crossover kilometres per highway, sorted */
  readonly crossovers = new Map<number, { km: number; name: string; sectionId: number }[]>();
  private readonly grid = new Map<string, { s: SectionGeo; i: number }[]>();
  private readonly all: { s: SectionGeo; i: number }[] = [];

  constructor(
    sections: {
      id: number;
      name: string;
      regionId: number;
      highwayId: number;
      isCombined: boolean;
      combinedSectionId: number | null;
      alignment: [number, number][] | null;
    }[],
    markers: { sectionId: number; km: number; latitude: number; longitude: number }[],
    crossovers: { sectionId: number; km: number; name: string }[],
  ) {
    for (const s of sections) {
      this.sections.set(s.id, {
        id: s.id,
        name: s.name,
        regionId: s.regionId,
        highwayId: s.highwayId,
        isCombined: s.isCombined,
        combinedSectionId: s.combinedSectionId,
        increasingDirection: null,
        markers: [],
      });
    }
    for (const m of markers) {
      const s = this.sections.get(m.sectionId);
      if (!s) continue;
      s.markers.push([Math.round(m.km * 10) / 10, m.latitude, m.longitude]);
    }
    // the highway's axis from its lowest to its highest kilometre marker
    const ends = new Map<number, { lo: [number, number, number]; hi: [number, number, number] }>();
    for (const s of this.sections.values()) {
      for (const m of s.markers) {
        const e = ends.get(s.highwayId);
        if (!e) ends.set(s.highwayId, { lo: m, hi: m });
        else {
          if (m[0] < e.lo[0]) e.lo = m;
          if (m[0] > e.hi[0]) e.hi = m;
        }
      }
    }
    for (const s of this.sections.values()) {
      const e = ends.get(s.highwayId);
      s.increasingDirection = e
        ? axisDirection([
            [e.lo[2], e.lo[1]],
            [e.hi[2], e.hi[1]],
          ])
        : null;
    }
    for (const s of this.sections.values()) {
      s.markers.sort((a, b) => a[0] - b[0]);
      s.markers.forEach(([, lat, lng], i) => {
        const key = cellKey(lat, lng);
        let cell = this.grid.get(key);
        if (!cell) {
          cell = [];
          this.grid.set(key, cell);
        }
        cell.push({ s, i });
        this.all.push({ s, i });
      });
    }
    for (const c of crossovers) {
      const s = this.sections.get(c.sectionId);
      if (!s) continue;
      let list = this.crossovers.get(s.highwayId);
      if (!list) {
        list = [];
        this.crossovers.set(s.highwayId, list);
      }
      list.push({ km: c.km, name: c.name, sectionId: c.sectionId });
    }
    for (const list of this.crossovers.values()) list.sort((a, b) => a.km - b.km);
  }

  get markerCount() {
    return this.all.length;
  }

  /** The marker nearest to a point (any section), or undefined when there are no markers at all. */
  nearest(lat: number, lng: number): NearestMarker | undefined {
    const ci = Math.floor(lat / CELL);
    const cj = Math.floor(lng / CELL);
    let best: { s: SectionGeo; i: number } | undefined;
    let bestM = Infinity;
    const consider = (c: { s: SectionGeo; i: number }) => {
      const [, mlat, mlng] = c.s.markers[c.i];
      const d = metresBetween(lat, lng, mlat, mlng);
      if (d < bestM || (d === bestM && best && c.s.id < best.s.id)) {
        bestM = d;
        best = c;
      }
    };
    for (let r = 0; r <= MAX_RINGS; r++) {
      for (let di = -r; di <= r; di++) {
        for (let dj = -r; dj <= r; dj++) {
          if (Math.max(Math.abs(di), Math.abs(dj)) !== r) continue;
          const cell = this.grid.get(`${ci + di}:${cj + dj}`);
          if (cell) for (const c of cell) consider(c);
        }
      }
      // every point outside the rings searched so far is at least r cells away
      if (best && bestM <= r * CELL * 111_000 * Math.cos((lat * Math.PI) / 180)) break;
    }
    if (!best) for (const c of this.all) consider(c);
    if (!best) return undefined;
    const b = best as { s: SectionGeo; i: number };
    const [km, mlat, mlng] = b.s.markers[b.i];
    return { section: b.s, km, latitude: mlat, longitude: mlng, metres: bestM };
  }

  /** The marker of a section (or its specific sections) nearest to a kilometre, within `bound` km. */
  markerAtKm(sectionId: number, km: number, bound = 0.5): NearestMarker | undefined {
    const s = this.sections.get(sectionId);
    if (!s) return undefined;
    const parts = s.isCombined ? [...this.sections.values()].filter((p) => p.combinedSectionId === s.id) : [s];
    let best: NearestMarker | undefined;
    for (const p of parts) {
      for (const [mkm, lat, lng] of p.markers) {
        const d = Math.abs(mkm - km);
        if (d <= bound + 1e-6 && (!best || d < Math.abs(best.km - km))) best = { section: p, km: mkm, latitude: lat, longitude: lng, metres: 0 };
      }
    }
    return best;
  }

  /** Bearing (degrees from north) of the alignment towards increasing km at a marker of a section. */
  bearingAt(sectionId: number, km: number): number | null {
    const s = this.sections.get(sectionId);
    if (!s || s.markers.length < 2) return null;
    let i = s.markers.findIndex((m) => m[0] >= km);
    if (i < 0) i = s.markers.length - 1;
    const a = s.markers[Math.max(0, Math.min(i, s.markers.length - 2))];
    const b = s.markers[Math.max(1, Math.min(i + 1, s.markers.length - 1))];
    const φ1 = (a[1] * Math.PI) / 180;
    const φ2 = (b[1] * Math.PI) / 180;
    const Δλ = ((b[2] - a[2]) * Math.PI) / 180;
    const y = Math.sin(Δλ) * Math.cos(φ2);
    const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
    return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  }

  /**
   * Extra km for a patrol at `fromKm` travelling `travel` (+1 increasing km, −1 decreasing) to reach a point at
   * `toKm` on the other carriageway: it drives on to the nearest crossover at or beyond the farther of the two
   * points in its direction of travel, turns, and comes back: twice the way from that point to the crossover.
   * When the highway has no crossover ahead, the nearest one behind is used the same way. null without any.
   */
  crossoverDetour(highwayId: number, fromKm: number, toKm: number, travel: 1 | -1): { km: number; name: string } | null {
    const list = this.crossovers.get(highwayId);
    if (!list?.length) return null;
    const pivot = travel > 0 ? Math.max(fromKm, toKm) : Math.min(fromKm, toKm);
    const ahead = travel > 0 ? list.find((c) => c.km >= pivot) : [...list].reverse().find((c) => c.km <= pivot);
    const c = ahead ?? list.reduce((a, b) => (Math.abs(b.km - pivot) < Math.abs(a.km - pivot) ? b : a));
    return { km: 2 * Math.abs(c.km - pivot), name: c.name };
  }
}

const cache = new WeakMap<Db, Promise<GeoIndex>>();

/** The geography of this database, loaded on first use and kept (a failed load is retried next time). */
export function geoIndex(db: Db): Promise<GeoIndex> {
  let p = cache.get(db);
  if (!p) {
    p = loadGeoIndex(db);
    cache.set(db, p);
    p.catch(() => cache.delete(db));
  }
  return p;
}

export async function loadGeoIndex(db: Db): Promise<GeoIndex> {
  const [sections, markers, crossovers] = await Promise.all([
    db
      .select({
        id: section.id,
        name: section.name,
        regionId: section.regionId,
        highwayId: section.highwayId,
        isCombined: section.isCombined,
        combinedSectionId: section.combinedSectionId,
        alignment: section.alignment,
      })
      .from(section),
    db
      .select({ sectionId: gpsKmMarker.sectionId, km: gpsKmMarker.km, latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
      .from(gpsKmMarker)
      .orderBy(asc(gpsKmMarker.sectionId), asc(gpsKmMarker.km)),
    db.select({ sectionId: crossover.sectionId, km: crossover.km, name: crossover.name }).from(crossover),
  ]);
  return new GeoIndex(sections, markers, crossovers);
}

/** straight-line km between two [lng, lat] points */
export const kmBetween = (a: [number, number], b: [number, number]) => distance(a, b, { units: 'kilometers' });

// ------------------------------------------------------------------------------------------------ crossovers

/** interchanges farther apart than this get U-turn crossovers between them */
export const CROSSOVER_MAX_GAP_KM = 20;

/**
 * Crossovers of each specific section: its interchanges (a patrol leaves and re-enters the other way), and U-turn
 * crossovers ('Lintasan U KM x') wherever the gap between two (or to a section end) is over 20 km, so that every
 * section has some. Pure.
 */
export function crossoverRows(
  sections: { id: number; kmStart: number | null; kmEnd: number | null; isCombined: boolean }[],
  interchanges: { sectionId: number; km: number | null; name: string }[],
): { sectionId: number; km: number; name: string }[] {
  const out: { sectionId: number; km: number; name: string }[] = [];
  for (const s of sections) {
    if (s.isCombined || s.kmStart === null || s.kmEnd === null) continue;
    const lo = Math.min(s.kmStart, s.kmEnd);
    const hi = Math.max(s.kmStart, s.kmEnd);
    const ics = interchanges
      .filter((i) => i.sectionId === s.id && i.km !== null)
      .map((i) => ({ sectionId: s.id, km: i.km!, name: i.name }))
      .sort((a, b) => a.km - b.km);
    const stops = [lo, ...ics.map((i) => i.km), hi];
    const uTurns: { sectionId: number; km: number; name: string }[] = [];
    for (let i = 1; i < stops.length; i++) {
      const gap = stops[i] - stops[i - 1];
      const n = Math.floor(gap / CROSSOVER_MAX_GAP_KM);
      for (let k = 1; k <= n; k++) {
        const km = Math.round((stops[i - 1] + (gap * k) / (n + 1)) * 10) / 10;
        uTurns.push({ sectionId: s.id, km, name: `Lintasan U KM ${km.toFixed(1)}` });
      }
    }
    if (!ics.length && !uTurns.length) {
      const km = Math.round(((lo + hi) / 2) * 10) / 10;
      uTurns.push({ sectionId: s.id, km, name: `Lintasan U KM ${km.toFixed(1)}` });
    }
    out.push(...[...ics, ...uTurns].sort((a, b) => a.km - b.km));
  }
  return out;
}

/** Seeds the crossovers when the table is empty (a new database, or one seeded before issue #7). Returns how many. */
export async function ensureCrossovers(db: Db): Promise<number> {
  const [any] = await db.select({ id: crossover.id }).from(crossover).limit(1);
  if (any) return 0;
  const sections = await db.select({ id: section.id, kmStart: section.kmStart, kmEnd: section.kmEnd, isCombined: section.isCombined }).from(section);
  if (!sections.length) return 0;
  const ics = await db
    .select({ sectionId: eventLocation.sectionId, km: eventLocation.km, name: eventLocation.name })
    .from(eventLocation)
    .where(inArray(eventLocation.locationTypeId, [LOCATION_TYPE.INTERCHANGE]));
  const rows = crossoverRows(sections, ics);
  if (rows.length) await db.insert(crossover).values(rows);
  cache.delete(db);
  return rows.length;
}
