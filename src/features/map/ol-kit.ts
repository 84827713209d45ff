/**
 * The OpenLayers side of the maps (issue #7), loaded only by the screens that draw a map (the /map route chunk, the
 * lazy map dialog): a basemap of configurable tiles (VITE_TILE_URL, default OpenStreetMap with its attribution), the
 * highway network drawn from the section alignments above it (so a map without tiles is never blank), and layers of
 * case, patrol and pin markers with cached styles (3,000 cases redraw from a handful of style objects).
 *
 * Each map registers a probe on `window` (`__lebuhrayaMap`, `__lebuhrayaMapDialog`, …): feature counts and positions,
 * tile load counts, the pixel of a place. Browser tests and the bench read it; it holds nothing the screen does not
 * show.
 */
import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature, { type FeatureLike } from 'ol/Feature';
import Point from 'ol/geom/Point';
import LineString from 'ol/geom/LineString';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { Attribution, Zoom } from 'ol/control';
import { fromLonLat, toLonLat } from 'ol/proj';
import { boundingExtent } from 'ol/extent';
import { Circle as CircleStyle, Fill, Icon, RegularShape, Stroke, Style } from 'ol/style';
import type { MapIncident, SectionNetworkRow } from '@contract/maps';
import { TILE_ATTRIBUTION_DEFAULT, TILE_URL_DEFAULT } from '@contract/map-rules';
import {
  caseTypeLook,
  INCIDENT_PIN_COLOUR,
  NETWORK_CASING,
  NETWORK_COLOUR,
  PATROL_BUSY_RING,
  PATROL_COLOUR,
  PATROL_STALE_COLOUR,
  shapeGeometry,
  STATUS_RING,
  statusGroup,
} from './marker-rules';

export const TILE_URL: string = import.meta.env.VITE_TILE_URL || TILE_URL_DEFAULT;
export const TILE_ATTRIBUTION: string = import.meta.env.VITE_TILE_ATTRIBUTION || TILE_ATTRIBUTION_DEFAULT;

export type LatLng = readonly [number, number];

export interface PatrolMarker {
  id: number;
  lat: number;
  lng: number;
  stale: boolean;
  busy: boolean;
  name: string;
}

export interface PinMarker {
  id: string;
  lat: number;
  lng: number;
}

export type MarkerHit = { kind: 'case'; incident: MapIncident } | { kind: 'patrol'; id: number; coordinate: number[] } | { kind: 'pin'; id: string };

export interface MapProbe {
  cases(): { id: number; lat: number; lng: number }[];
  patrols(): { id: number; lat: number; lng: number; stale: boolean }[];
  pins(): { id: string; lat: number; lng: number }[];
  networkLines(): number;
  tiles(): { loaded: number; failed: number };
  view(): { lat: number; lng: number; zoom: number; minZoom: number };
  /** the pixel of a place inside the map element (null before the first render) */
  pixelOf(lat: number, lng: number): [number, number] | null;
  rendered(): number;
  /** centres the view on a place at a zoom, at once */
  centre(lat: number, lng: number, zoom: number): void;
  /** performance.now() of the last rendercomplete, and of the last change of the case markers */
  lastRenderAt(): number;
  casesChangedAt(): number;
  /**
   * Pans the view by dx pixels a frame for `frames` animation frames (as a drag does when `drag`: the vector layers
   * are moved, not redrawn; otherwise they redraw every frame, as during an animation); resolves with the frame
   * times (ms between animation frames). For the bench.
   */
  panFrames(frames: number, dx: number, drag: boolean): Promise<number[]>;
}

export interface MapKit {
  map: OlMap;
  view: View;
  setNetwork(rows: readonly SectionNetworkRow[]): void;
  setCases(rows: readonly MapIncident[]): void;
  setPatrols(rows: readonly PatrolMarker[]): void;
  setPins(rows: readonly PinMarker[]): void;
  selectPatrol(id: number | null): void;
  /** centre on a place; zoom optional */
  centreOn(at: LatLng, zoom?: number, minZoom?: number): void;
  /** a place in the map's projection (overlay positions) */
  toCoordinate(at: LatLng): number[];
  /** fit the view around places (at most maxZoom) */
  fit(places: readonly LatLng[], maxZoom?: number): void;
  onTiles(cb: (s: { loaded: number; failed: number }) => void): () => void;
  onClick(cb: (hit: MarkerHit | null) => void): () => void;
  dispose(): void;
}

const toMap = (lat: number, lng: number) => fromLonLat([lng, lat]);

// ---------------------------------------------------------------- styles (cached: one object per look)

const caseStyles = new Map<string, Style>();
function caseStyle(typeId: number, statusId: number | null): Style {
  const group = statusGroup(statusId);
  const key = `${typeId}:${group}`;
  let s = caseStyles.get(key);
  if (!s) {
    const look = caseTypeLook(typeId);
    const ring = STATUS_RING[group];
    const fill = new Fill({ color: ring.opacity < 1 ? withAlpha(look.colour, ring.opacity) : look.colour });
    const stroke = new Stroke({ color: ring.colour, width: ring.width });
    const g = shapeGeometry(look.shape);
    const image = g
      ? new RegularShape({
          points: g.points,
          angle: g.angle,
          radius: g.points === 3 ? 10 : 8,
          radius2: g.inner ? 8 * g.inner + 1 : undefined,
          fill,
          stroke,
        })
      : new CircleStyle({ radius: 7, fill, stroke });
    s = new Style({ image });
    caseStyles.set(key, s);
  }
  return s;
}

function withAlpha(hex: string, a: number) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${a})`;
}

const patrolStyles = new Map<string, Style>();
function patrolStyle(stale: boolean, busy: boolean, selected: boolean): Style {
  const key = `${stale}:${busy}:${selected}`;
  let s = patrolStyles.get(key);
  if (!s) {
    s = new Style({
      image: new CircleStyle({
        radius: selected ? 12 : 9,
        fill: new Fill({ color: stale ? PATROL_STALE_COLOUR : PATROL_COLOUR }),
        stroke: new Stroke({ color: busy ? PATROL_BUSY_RING : '#ffffff', width: selected ? 4 : 3 }),
      }),
      zIndex: 10,
    });
    patrolStyles.set(key, s);
  }
  return s;
}

const PIN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="30" height="42" viewBox="0 0 30 42"><path d="M15 1C7.3 1 1 7.2 1 14.9 1 25.4 15 41 15 41s14-15.6 14-26.1C29 7.2 22.7 1 15 1z" fill="${INCIDENT_PIN_COLOUR}" stroke="#7a1010" stroke-width="2"/><circle cx="15" cy="15" r="5.5" fill="#fff"/></svg>`;
const pinStyle = new Style({
  image: new Icon({ src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(PIN_SVG)}`, anchor: [0.5, 1], width: 30, height: 42 }),
  zIndex: 20,
});

const networkStyle = [
  new Style({ stroke: new Stroke({ color: NETWORK_CASING, width: 6 }) }),
  new Style({ stroke: new Stroke({ color: NETWORK_COLOUR, width: 3.5 }) }),
];

// ---------------------------------------------------------------- the kit

export function createMapKit(
  target: HTMLElement,
  o: { center: LatLng; zoom: number; minZoom?: number; maxZoom?: number; probe?: string; tiles?: boolean; controls?: boolean },
): MapKit {
  const tileStats = { loaded: 0, failed: 0 };
  const tileListeners = new Set<(s: { loaded: number; failed: number }) => void>();
  const clickListeners = new Set<(hit: MarkerHit | null) => void>();
  let rendered = 0;
  let lastRenderAt = 0;
  let casesChangedAt = 0;
  let selectedPatrol: number | null = null;

  const tileSource = new XYZ({ url: TILE_URL, attributions: TILE_ATTRIBUTION, crossOrigin: 'anonymous', maxZoom: 19, transition: 0 });
  const tileEvent = (ok: boolean) => () => {
    if (ok) tileStats.loaded++;
    else tileStats.failed++;
    tileListeners.forEach((l) => {
      l({ ...tileStats });
    });
  };
  tileSource.on('tileloadend', tileEvent(true));
  tileSource.on('tileloaderror', tileEvent(false));

  const network = new VectorSource<Feature<LineString>>();
  const cases = new VectorSource<Feature<Point>>();
  const patrols = new VectorSource<Feature<Point>>();
  const pins = new VectorSource<Feature<Point>>();

  const networkLayer = new VectorLayer({ source: network, style: networkStyle, updateWhileInteracting: false });
  const caseLayer = new VectorLayer({
    source: cases,
    style: (f: FeatureLike) => caseStyle(f.get('typeId') as number, (f.get('statusId') as number | null) ?? null),
  });
  const patrolLayer = new VectorLayer({
    source: patrols,
    style: (f: FeatureLike) => patrolStyle(!!f.get('stale'), !!f.get('busy'), f.get('pid') === selectedPatrol),
  });
  const pinLayer = new VectorLayer({ source: pins, style: pinStyle });

  const view = new View({
    center: toMap(o.center[0], o.center[1]),
    zoom: o.zoom,
    minZoom: o.minZoom ?? 4,
    maxZoom: o.maxZoom ?? 19,
    constrainResolution: false,
  });
  const map = new OlMap({
    target,
    view,
    layers: [
      ...(o.tiles === false ? [] : [new TileLayer({ source: tileSource, preload: 0, className: 'ol-layer basemap-tiles' })]),
      networkLayer,
      caseLayer,
      patrolLayer,
      pinLayer,
    ],
    controls: o.controls === false ? [new Attribution({ collapsible: true })] : [new Zoom(), new Attribution({ collapsible: false })],
  });
  map.on('rendercomplete', () => {
    rendered++;
    lastRenderAt = performance.now();
  });

  map.on('singleclick', (e) => {
    const hit =
      map.forEachFeatureAtPixel(
        e.pixel,
        (f): MarkerHit | undefined => {
          const kind = f.get('kind') as string | undefined;
          if (kind === 'case') return { kind: 'case', incident: f.get('incident') as MapIncident };
          if (kind === 'patrol') return { kind: 'patrol', id: f.get('pid') as number, coordinate: (f.getGeometry() as Point).getCoordinates() };
          if (kind === 'pin') return { kind: 'pin', id: f.get('pinId') as string };
          return undefined;
        },
        { hitTolerance: 5, layerFilter: (l) => l !== networkLayer },
      ) ?? null;
    clickListeners.forEach((l) => {
      l(hit);
    });
  });
  map.on('pointermove', (e) => {
    if (e.dragging) return;
    const over = map.hasFeatureAtPixel(e.pixel, { hitTolerance: 5, layerFilter: (l) => l === caseLayer || l === patrolLayer });
    target.style.cursor = over ? 'pointer' : '';
  });

  /** Keeps a source's features in step with rows by id: moves what moved, adds and removes the rest in one go. */
  function sync<R>(
    source: VectorSource<Feature<Point>>,
    rows: readonly R[],
    idOf: (r: R) => string,
    at: (r: R) => LatLng | null,
    props: (r: R) => Record<string, unknown>,
  ) {
    const keep = new Set<string>();
    const added: Feature<Point>[] = [];
    for (const r of rows) {
      const p = at(r);
      if (!p) continue;
      const id = idOf(r);
      keep.add(id);
      const coord = toMap(p[0], p[1]);
      const f = source.getFeatureById(id) as Feature<Point> | null;
      if (f) {
        const g = f.getGeometry()!;
        const c = g.getCoordinates();
        if (c[0] !== coord[0] || c[1] !== coord[1]) g.setCoordinates(coord);
        f.setProperties(props(r), true);
        f.changed();
      } else {
        const nf = new Feature<Point>({ geometry: new Point(coord), ...props(r) });
        nf.setId(id);
        added.push(nf);
      }
    }
    for (const f of source.getFeatures()) if (!keep.has(String(f.getId()))) source.removeFeature(f);
    if (added.length) source.addFeatures(added);
  }

  const points = (source: VectorSource<Feature<Point>>) =>
    source.getFeatures().map((f) => {
      const [lng, lat] = toLonLat(f.getGeometry()!.getCoordinates());
      return { f, lat: lat!, lng: lng! };
    });

  const probe: MapProbe = {
    cases: () => points(cases).map(({ f, lat, lng }) => ({ id: (f.get('incident') as MapIncident).incidentId, lat, lng })),
    patrols: () => points(patrols).map(({ f, lat, lng }) => ({ id: f.get('pid') as number, lat, lng, stale: !!f.get('stale') })),
    pins: () => points(pins).map(({ f, lat, lng }) => ({ id: f.get('pinId') as string, lat, lng })),
    networkLines: () => network.getFeatures().length,
    tiles: () => ({ ...tileStats }),
    view: () => {
      const [lng, lat] = toLonLat(view.getCenter() ?? [0, 0]);
      return { lat: lat!, lng: lng!, zoom: view.getZoom() ?? 0, minZoom: view.getMinZoom() };
    },
    pixelOf: (lat, lng) => {
      const px = map.getPixelFromCoordinate(toMap(lat, lng));
      return px ? [px[0]!, px[1]!] : null;
    },
    rendered: () => rendered,
    centre: (lat, lng, zoom) => {
      view.setCenter(toMap(lat, lng));
      view.setZoom(zoom);
    },
    lastRenderAt: () => lastRenderAt,
    casesChangedAt: () => casesChangedAt,
    panFrames: (frames, dx, drag) =>
      new Promise((resolve) => {
        const deltas: number[] = [];
        let last = -1;
        if (drag) view.beginInteraction();
        const step = (now: number) => {
          if (last >= 0) deltas.push(now - last);
          last = now;
          if (deltas.length >= frames) {
            if (drag) view.endInteraction();
            resolve(deltas);
            return;
          }
          view.adjustCenter([dx * (view.getResolution() ?? 1), 0]);
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  };
  const w = window as unknown as Record<string, unknown>;
  if (o.probe) w[o.probe] = probe;

  return {
    map,
    view,
    setNetwork(rows) {
      network.clear(true);
      network.addFeatures(
        rows
          .filter((r) => r.alignment.length >= 2)
          .map((r) => {
            const f = new Feature<LineString>({
              geometry: new LineString(r.alignment.map(([lng, lat]) => fromLonLat([lng, lat]))),
              sectionName: r.sectionName,
            });
            f.setId(`s:${r.sectionId}`);
            return f;
          }),
      );
    },
    setCases(rows) {
      casesChangedAt = performance.now();
      sync(
        cases,
        rows,
        (r) => `c:${r.incidentId}`,
        (r) => (r.latitude !== null && r.longtitude !== null ? [r.latitude, r.longtitude] : null),
        (r) => ({ kind: 'case', typeId: r.incidentCategoryId, statusId: r.incidentStatusId, incident: r }),
      );
      // a render follows every answer, even one that changed nothing (lastRenderAt tells when the markers are drawn)
      map.render();
    },
    setPatrols(rows) {
      sync(
        patrols,
        rows,
        (r) => `p:${r.id}`,
        (r) => [r.lat, r.lng],
        (r) => ({ kind: 'patrol', pid: r.id, stale: r.stale, busy: r.busy, name: r.name }),
      );
    },
    setPins(rows) {
      sync(
        pins,
        rows,
        (r) => `pin:${r.id}`,
        (r) => [r.lat, r.lng],
        (r) => ({ kind: 'pin', pinId: r.id }),
      );
    },
    selectPatrol(id) {
      selectedPatrol = id;
      patrolLayer.changed();
    },
    centreOn(at, zoom, minZoom) {
      if (minZoom !== undefined) view.setMinZoom(minZoom);
      view.animate({ center: toMap(at[0], at[1]), zoom: zoom ?? view.getZoom(), duration: 300 });
    },
    toCoordinate: (at) => toMap(at[0], at[1]),
    fit(places, maxZoom = 15) {
      if (!places.length) return;
      const extent = boundingExtent(places.map(([lat, lng]) => toMap(lat, lng)));
      view.fit(extent, { padding: [60, 60, 60, 60], maxZoom, duration: 0 });
    },
    onTiles(cb) {
      tileListeners.add(cb);
      return () => tileListeners.delete(cb);
    },
    onClick(cb) {
      clickListeners.add(cb);
      return () => clickListeners.delete(cb);
    },
    dispose() {
      if (o.probe && w[o.probe] === probe) delete w[o.probe];
      tileListeners.clear();
      clickListeners.clear();
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
