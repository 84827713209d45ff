/**
 * Where a point lies on a section (issue #14 item 6: "a checkpoint outside its section" is refused): its distance to
 * the section's alignment and the kilometre of the nearest point on it. The alignment is [lng, lat][] along
 * increasing kilometre, from kmStart to kmEnd; a kilometre along it is read in proportion to the measured length
 * (the seed scales each highway the same way, so this agrees with the GPS kilometre markers to about 0.1 km).
 */
import { lineString, point } from '@turf/helpers';
import length from '@turf/length';
import nearestPointOnLine from '@turf/nearest-point-on-line';

export interface PlaceOnSection {
  /** km from the point to the nearest point of the alignment */
  offLineKm: number;
  /** the chainage (KM) of that nearest point */
  km: number;
}

export function placeOnSection(
  alignment: readonly (readonly [number, number])[],
  kmStart: number,
  kmEnd: number,
  lng: number,
  lat: number,
): PlaceOnSection {
  const line = lineString(alignment.map(([x, y]) => [x, y]));
  const total = length(line, { units: 'kilometers' });
  const near = nearestPointOnLine(line, point([lng, lat]), { units: 'kilometers' });
  const along = near.properties.location;
  const km = total > 0 ? kmStart + (along / total) * (kmEnd - kmStart) : kmStart;
  return { offLineKm: near.properties.dist, km: Math.round(km * 10) / 10 };
}
