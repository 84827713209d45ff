/**
 * How the maps draw their markers (issue #7): one shape and colour per event type (§9 keys 184–190), a ring per
 * status group, green patrols (grey when their position is stale). Pure: the legend, the OL styles and the unit tests
 * read the same table. No OpenLayers here.
 */
import { EVENT_TYPE, STATUS } from '@contract/lookups';

export type MarkerShape = 'triangle' | 'square' | 'diamond' | 'pentagon' | 'circle' | 'star' | 'hexagon';

export interface CaseTypeLook {
  typeId: number;
  shape: MarkerShape;
  colour: string;
}

/** §9 event types 184–190: each its own shape and colour, so types tell apart in print and for colour-blind users. */
export const CASE_TYPE_LOOKS: readonly CaseTypeLook[] = [
  { typeId: EVENT_TYPE.ACCIDENT, shape: 'triangle', colour: '#d62828' },
  { typeId: EVENT_TYPE.BREAKDOWN, shape: 'square', colour: '#f77f00' },
  { typeId: EVENT_TYPE.OBSTACLE, shape: 'diamond', colour: '#7b2cbf' },
  { typeId: EVENT_TYPE.STRAY_ANIMAL, shape: 'pentagon', colour: '#8d5524' },
  { typeId: EVENT_TYPE.ROAD_CONDITION, shape: 'hexagon', colour: '#1971c2' },
  { typeId: EVENT_TYPE.ROAD_FURNITURE, shape: 'star', colour: '#495057' },
  { typeId: EVENT_TYPE.OTHERS, shape: 'circle', colour: '#c2185b' },
];
const FALLBACK_LOOK: CaseTypeLook = { typeId: 0, shape: 'circle', colour: '#6c757d' };

export const caseTypeLook = (typeId: number): CaseTypeLook => CASE_TYPE_LOOKS.find((l) => l.typeId === typeId) ?? FALLBACK_LOOK;

/**
 * Status groups of an open case (closed and cancelled ones are not on the map): not assigned yet (no status, or the
 * patrol rejected it: back with the TMC), in progress (sent, received, arrived), done on site (assistance done,
 * case done, negative) waiting for Tutup.
 */
export type StatusGroup = 'new' | 'active' | 'done';
export function statusGroup(statusId: number | null | undefined): StatusGroup {
  switch (statusId) {
    case STATUS.ASSIGNED:
    case STATUS.RECEIVED:
    case STATUS.ARRIVED:
      return 'active';
    case STATUS.ASSISTANCE_DONE:
    case STATUS.CASE_DONE:
    case STATUS.NEGATIVE:
      return 'done';
    default:
      return 'new';
  }
}

/** The ring a status group draws around the type shape. */
export const STATUS_RING: Readonly<Record<StatusGroup, { colour: string; width: number; opacity: number }>> = {
  new: { colour: '#111111', width: 3, opacity: 1 },
  active: { colour: '#ffffff', width: 2, opacity: 1 },
  done: { colour: '#ffffff', width: 1.5, opacity: 0.55 },
};

export const PATROL_COLOUR = '#2b9348';
export const PATROL_STALE_COLOUR = '#9aa0a6';
export const PATROL_BUSY_RING = '#f77f00';
export const INCIDENT_PIN_COLOUR = '#e03131';
export const NETWORK_COLOUR = '#f2a900';
export const NETWORK_CASING = '#5c4a00';

/** Points of a regular shape as OpenLayers' RegularShape draws them (for SVG legends). */
export function shapeGeometry(shape: MarkerShape): { points: number; angle: number; inner?: number } | null {
  switch (shape) {
    case 'triangle':
      return { points: 3, angle: 0 };
    case 'square':
      return { points: 4, angle: Math.PI / 4 };
    case 'diamond':
      return { points: 4, angle: 0 };
    case 'pentagon':
      return { points: 5, angle: 0 };
    case 'hexagon':
      return { points: 6, angle: 0 };
    case 'star':
      return { points: 5, angle: 0, inner: 0.45 };
    case 'circle':
      return null;
  }
}

/** SVG polygon points of a shape of radius r centred on (r, r); OpenLayers' angle 0 puts the first point up. */
export function shapePolygon(shape: MarkerShape, r: number): string | null {
  const g = shapeGeometry(shape);
  if (!g) return null;
  const n = g.inner ? g.points * 2 : g.points;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const radius = g.inner && i % 2 === 1 ? r * g.inner : r;
    const a = g.angle + (i * 2 * Math.PI) / n - Math.PI / 2;
    out.push(`${(r + radius * Math.cos(a)).toFixed(2)},${(r + radius * Math.sin(a)).toFixed(2)}`);
  }
  return out.join(' ');
}

/** The age of a position as the maps show it: seconds under a minute, minutes under an hour, then hours. */
export function ageParts(seconds: number): { unit: 'seconds' | 'minutes' | 'hours'; n: number } {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return { unit: 'seconds', n: s };
  if (s < 3600) return { unit: 'minutes', n: Math.floor(s / 60) };
  return { unit: 'hours', n: Math.floor(s / 3600) };
}
