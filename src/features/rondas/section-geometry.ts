/**
 * Where a clicked point lies on a section (the checkpoint form's suggestion; the server checks the same on save,
 * server/modules/rondas/geometry.ts): the distance to the section's alignment and the KM of the nearest point on it,
 * in proportion along the line from kmStart to kmEnd.
 */
import { lineString, point } from '@turf/helpers';
import length from '@turf/length';
import nearestPointOnLine from '@turf/nearest-point-on-line';

export interface PlaceOnSection {
  /** km from the point to the alignment */
  offLineKm: number;
  /** KM of the nearest point, one decimal */
  km: number;
}

export function placeOnSection(
  alignment: readonly (readonly [number, number])[],
  kmStart: number,
  kmEnd: number,
  lat: number,
  lng: number,
): PlaceOnSection | null {
  if (alignment.length < 2) return null;
  const line = lineString(alignment.map(([x, y]) => [x, y]));
  const total = length(line, { units: 'kilometers' });
  const near = nearestPointOnLine(line, point([lng, lat]), { units: 'kilometers' });
  const km = total > 0 ? kmStart + (near.properties.location / total) * (kmEnd - kmStart) : kmStart;
  return { offLineKm: near.properties.dist, km: Math.round(km * 10) / 10 };
}
