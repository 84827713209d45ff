/**
 * Turns the hand-written geography (data/geography.ts) into table rows: sections with kilometre ranges and
 * alignments, a GPS kilometre marker every 100 m, and the named event locations with their kilometres.
 * Pure and deterministic: the same rows on every run.
 */
import along from '@turf/along';
import distance from '@turf/distance';
import { lineString, point } from '@turf/helpers';
import length from '@turf/length';
import type { gpsKmMarker, eventLocation, section } from '../schema';
import { COMBINED_SECTIONS, CONTROL_CENTRE_SECTION, HIGHWAYS, SECTIONS, type PlaceKind, type SectionDef, type Waypoint } from './data/geography';
import { LOCATION_TYPE } from './data/lookups';

export type SectionRow = typeof section.$inferInsert & { id: number; name: string };
export type MarkerRow = typeof gpsKmMarker.$inferInsert;
export type EventLocationRow = typeof eventLocation.$inferInsert & { id: number };

const KIND_TO_LOCATION_TYPE: Record<PlaceKind, number> = {
  IC: LOCATION_TYPE.INTERCHANGE,
  TOL: LOCATION_TYPE.TOLL_PLAZA,
  RNR: LOCATION_TYPE.REST_AREA,
  HS: LOCATION_TYPE.LAYBY,
  BRIDGE: LOCATION_TYPE.BRIDGE,
  TUNNEL: LOCATION_TYPE.TUNNEL,
  OVERPASS: LOCATION_TYPE.OVERPASS,
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function bboxOf(coords: readonly (readonly [number, number])[]) {
  let minLng = Infinity,
    minLat = Infinity,
    maxLng = -Infinity,
    maxLat = -Infinity;
  for (const [lng, lat] of coords) {
    minLng = Math.min(minLng, lng);
    maxLng = Math.max(maxLng, lng);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  return { minLng, minLat, maxLng, maxLat };
}

/** Map centre 'lat,lng' and a zoom that fits the line in roughly 700 px. */
export function mapViewOf(coords: readonly (readonly [number, number])[]): { mapCenter: string; mapZoom: number } {
  const b = bboxOf(coords);
  const span = Math.max(b.maxLat - b.minLat, b.maxLng - b.minLng, 0.01);
  const zoom = Math.floor(2 * Math.log2(700 / span)) / 2;
  return {
    mapCenter: `${((b.minLat + b.maxLat) / 2).toFixed(4)},${((b.minLng + b.maxLng) / 2).toFixed(4)}`,
    mapZoom: Math.min(12, Math.max(8, zoom)),
  };
}

interface Measured {
  def: SectionDef;
  /** [lng, lat] in increasing kilometre */
  coords: [number, number][];
  /** waypoints in the same order as coords */
  points: Waypoint[];
  /** chainage (km, unrounded) of the first point */
  startKm: number;
  endKm: number;
  /** measured length (km) of the line; chainage = (measured distance) × scale */
  lengthKm: number;
  scale: number;
  /** chainage of each waypoint (unrounded) */
  vertexKm: number[];
}

function measureHighway(highwayId: number): Measured[] {
  const hw = HIGHWAYS.find((h) => h.id === highwayId);
  if (!hw) throw new Error(`Unknown highway ${highwayId}`);
  let defs = SECTIONS.filter((s) => s.highwayId === highwayId);
  const reversed = hw.kmOrder === 'reversed';
  if (reversed) defs = [...defs].reverse();
  const lines = defs.map((def) => {
    const points = reversed ? [...def.points].reverse() : [...def.points];
    const coords = points.map((w) => [w.lng, w.lat] as [number, number]);
    return { def, points, coords, lengthKm: length(lineString(coords), { units: 'kilometers' }) };
  });
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1].coords.at(-1)!;
    const b = lines[i].coords[0];
    if (a[0] !== b[0] || a[1] !== b[1]) {
      throw new Error(`Sections ${lines[i - 1].def.name} and ${lines[i].def.name} do not meet (${a} vs ${b})`);
    }
  }
  const total = lines.reduce((s, l) => s + l.lengthKm, 0);
  const scale = hw.lengthKm ? hw.lengthKm / total : 1;
  let cum = 0;
  return lines.map((l) => {
    const vertexKm: number[] = [];
    let d = 0;
    l.coords.forEach((c, i) => {
      if (i > 0) d += distance(point(l.coords[i - 1]), point(c), { units: 'kilometers' });
      vertexKm.push((cum + d) * scale);
    });
    const m: Measured = {
      def: l.def,
      coords: l.coords,
      points: l.points,
      startKm: cum * scale,
      endKm: (cum + l.lengthKm) * scale,
      lengthKm: l.lengthKm,
      scale,
      vertexKm,
    };
    cum += l.lengthKm;
    return m;
  });
}

export interface Geography {
  sections: SectionRow[];
  markers: MarkerRow[];
  eventLocations: EventLocationRow[];
}

export function buildGeography(): Geography {
  const measured = HIGHWAYS.flatMap((h) => measureHighway(h.id));
  const byName = new Map(measured.map((m) => [m.def.name, m]));
  const combinedOf = new Map<string, number>();
  for (const c of COMBINED_SECTIONS) for (const part of c.parts) combinedOf.set(part, c.id);

  const sections: SectionRow[] = [];
  // Specific sections first in id order (combinedSectionId has no foreign key, so order does not matter to the DB).
  for (const def of SECTIONS) {
    const m = byName.get(def.name)!;
    sections.push({
      id: def.id,
      name: def.name,
      description: def.description,
      regionId: def.regionId,
      highwayId: def.highwayId,
      isCombined: false,
      combinedSectionId: combinedOf.get(def.name) ?? null,
      kmStart: round1(m.startKm),
      kmEnd: round1(m.endKm),
      ...mapViewOf(m.coords),
      alignment: m.coords.map(([lng, lat]) => [lng, lat] as [number, number]),
    });
  }
  for (const c of COMBINED_SECTIONS) {
    const parts = c.parts.map((n) => byName.get(n)!).sort((a, b) => a.startKm - b.startKm);
    const sameHighway = parts.every((p) => p.def.highwayId === parts[0].def.highwayId);
    const contiguous = sameHighway && parts.every((p, i) => i === 0 || Math.abs(parts[i - 1].endKm - p.startKm) < 1e-9);
    const allCoords = parts.flatMap((p) => p.coords);
    let alignment: [number, number][] | null = null;
    if (contiguous) {
      alignment = parts.flatMap((p, i) => (i === 0 ? p.coords : p.coords.slice(1)));
    }
    sections.push({
      id: c.id,
      name: c.name,
      description: c.description,
      regionId: c.regionId,
      highwayId: c.highwayId,
      isCombined: true,
      combinedSectionId: null,
      kmStart: contiguous ? round1(parts[0].startKm) : null,
      kmEnd: contiguous ? round1(parts.at(-1)!.endKm) : null,
      ...mapViewOf(allCoords),
      alignment,
    });
  }
  const g = CONTROL_CENTRE_SECTION;
  sections.push({
    id: g.id,
    name: g.name,
    description: g.description,
    regionId: g.regionId,
    highwayId: g.highwayId,
    isCombined: false,
    combinedSectionId: null,
    kmStart: null,
    kmEnd: null,
    mapCenter: g.mapCenter,
    mapZoom: g.mapZoom,
    alignment: null,
  });

  // GPS kilometre markers: one per 0.1 km of chainage over [kmStart, kmEnd] of every specific section.
  const markers: MarkerRow[] = [];
  for (const def of SECTIONS) {
    const m = byName.get(def.name)!;
    const line = lineString(m.coords);
    const first = Math.round(m.startKm * 10);
    const last = Math.round(m.endKm * 10);
    for (let t = first; t <= last; t++) {
      const km = t / 10;
      const d = Math.min(m.lengthKm, Math.max(0, km / m.scale - m.startKm / m.scale));
      const [lng, lat] = along(line, d, { units: 'kilometers' }).geometry.coordinates;
      markers.push({ sectionId: def.id, km, latitude: round6(lat), longitude: round6(lng) });
    }
  }

  // Event locations: the mainline of each section, then its named places in increasing kilometre.
  const eventLocations: EventLocationRow[] = [];
  let nextId = 1;
  for (const def of SECTIONS) {
    const m = byName.get(def.name)!;
    const hw = HIGHWAYS.find((h) => h.id === def.highwayId)!;
    const kmStart = round1(m.startKm);
    const kmEnd = round1(m.endKm);
    eventLocations.push({
      id: nextId++,
      sectionId: def.id,
      name: `Laluan Utama ${hw.code} (${def.description})`,
      description: `${hw.code} KM ${kmStart.toFixed(1)} – KM ${kmEnd.toFixed(1)}`,
      locationTypeId: LOCATION_TYPE.MAINLINE,
      km: kmStart,
    });
    const places = m.points.flatMap((w, i) => w.places.map((pl) => ({ pl, km: round1(m.vertexKm[i]) }))).sort((a, b) => a.km - b.km);
    for (const { pl, km } of places) {
      const description = pl.description ? `${pl.description} (${hw.code} KM ${km.toFixed(1)})` : `${hw.code} KM ${km.toFixed(1)}`;
      eventLocations.push({
        id: nextId++,
        sectionId: def.id,
        name: pl.name,
        description,
        locationTypeId: KIND_TO_LOCATION_TYPE[pl.kind],
        km,
      });
      if (pl.ramps) {
        for (const [prefix, typeId] of [
          ['Susur Masuk', LOCATION_TYPE.RAMP_IN],
          ['Susur Keluar', LOCATION_TYPE.RAMP_OUT],
        ] as const) {
          eventLocations.push({
            id: nextId++,
            sectionId: def.id,
            name: `${prefix} ${pl.name}`,
            description: `${hw.code} KM ${km.toFixed(1)}`,
            locationTypeId: typeId,
            km,
          });
        }
      }
    }
  }

  return { sections, markers, eventLocations };
}
