/**
 * The map of a checkpoint's section (issue #14 item 6: "coordinates picked on an OpenLayers map of the section"),
 * loaded on demand by the checkpoint form (React.lazy) so OpenLayers never ships with the lists. It draws the
 * section's alignment above the basemap tiles (VITE_TILE_URL; when no tile can be had, the line still shows on a
 * plain background, never a blank map), the ronda's other checkpoints with their numbers, and the picked place.
 * A click answers the clicked latitude and longitude.
 *
 * A probe on window.__lebuhrayaCheckpointMap gives browser tests the pixel of a place and what is drawn.
 */
import 'ol/ol.css';
import { useEffect, useRef, useState } from 'react';
import { Box, Text } from '@chakra-ui/react';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import LineString from 'ol/geom/LineString';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { Attribution, Zoom } from 'ol/control';
import { fromLonLat, toLonLat } from 'ol/proj';
import { Circle as CircleStyle, Fill, Stroke, Style, Text as TextStyle } from 'ol/style';
import { TILE_ATTRIBUTION_DEFAULT, TILE_URL_DEFAULT } from '@contract/map-rules';

const TILE_URL: string = import.meta.env.VITE_TILE_URL || TILE_URL_DEFAULT;
const TILE_ATTRIBUTION: string = import.meta.env.VITE_TILE_ATTRIBUTION || TILE_ATTRIBUTION_DEFAULT;

export interface CheckpointMapProps {
  /** [lng, lat][] along increasing KM */
  alignment: readonly (readonly [number, number])[];
  /** the ronda's other checkpoints */
  others: readonly { id: number; seq: number; lat: number; lng: number }[];
  /** the picked place */
  value: { lat: number; lng: number } | null;
  onPick: (lat: number, lng: number) => void;
  /** shown over the map when the basemap gives no tile */
  noTilesText: string;
  testId?: string;
}

interface MapProbe {
  pixelOf(lat: number, lng: number): [number, number] | null;
  lineVertices(): number;
  pin(): { lat: number; lng: number } | null;
  others(): number;
  tiles(): { loaded: number; failed: number };
}

declare global {
  interface Window {
    __lebuhrayaCheckpointMap?: MapProbe;
  }
}

const lineStyle = [
  new Style({ stroke: new Stroke({ color: '#ffffff', width: 9 }) }),
  new Style({ stroke: new Stroke({ color: '#1d4ed8', width: 5 }) }),
];
const pinStyle = new Style({
  image: new CircleStyle({ radius: 10, fill: new Fill({ color: '#dc2626' }), stroke: new Stroke({ color: '#ffffff', width: 3 }) }),
  zIndex: 20,
});
const otherStyle = (seq: number) =>
  new Style({
    image: new CircleStyle({ radius: 9, fill: new Fill({ color: '#0b2545' }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
    text: new TextStyle({ text: String(seq), fill: new Fill({ color: '#ffffff' }), font: 'bold 10px system-ui, sans-serif' }),
    zIndex: 10,
  });

export default function CheckpointMap({ alignment, others, value, onPick, noTilesText, testId = 'checkpoint-map' }: CheckpointMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const [noTiles, setNoTiles] = useState(false);
  const parts = useRef<{ map: OlMap; line: VectorSource; pin: VectorSource; others: VectorSource } | null>(null);

  useEffect(() => {
    if (!ref.current) return;
    const stats = { loaded: 0, failed: 0 };
    const tiles = new XYZ({ url: TILE_URL, attributions: TILE_ATTRIBUTION, crossOrigin: 'anonymous', maxZoom: 19, transition: 0 });
    const onTile = (ok: boolean) => () => {
      if (ok) stats.loaded++;
      else stats.failed++;
      setNoTiles(stats.failed > 0 && stats.loaded === 0);
    };
    tiles.on('tileloadend', onTile(true));
    tiles.on('tileloaderror', onTile(false));
    const line = new VectorSource<Feature<LineString>>();
    const pin = new VectorSource<Feature<Point>>();
    const othersSource = new VectorSource<Feature<Point>>();
    const map = new OlMap({
      target: ref.current,
      layers: [
        new TileLayer({ source: tiles, className: 'ol-layer basemap-tiles' }),
        new VectorLayer({ source: line, style: lineStyle }),
        new VectorLayer({ source: othersSource, style: (f) => otherStyle(f.get('seq') as number) }),
        new VectorLayer({ source: pin, style: pinStyle }),
      ],
      view: new View({ center: fromLonLat([101.6, 3.2]), zoom: 9, maxZoom: 18, minZoom: 6 }),
      controls: [new Zoom(), new Attribution({ collapsible: true })],
    });
    map.on('singleclick', (e) => {
      const [lng, lat] = toLonLat(e.coordinate);
      onPickRef.current(Math.round(lat * 1e6) / 1e6, Math.round(lng * 1e6) / 1e6);
    });
    parts.current = { map, line, pin, others: othersSource };
    window.__lebuhrayaCheckpointMap = {
      pixelOf: (lat, lng) => {
        const px = map.getPixelFromCoordinate(fromLonLat([lng, lat]));
        return px ? [px[0], px[1]] : null;
      },
      lineVertices: () => line.getFeatures().reduce((n, f) => n + (f.getGeometry()?.getCoordinates().length ?? 0), 0),
      pin: () => {
        const g = pin.getFeatures()[0]?.getGeometry();
        if (!g) return null;
        const [lng, lat] = toLonLat(g.getCoordinates());
        return { lat, lng };
      },
      others: () => othersSource.getFeatures().length,
      tiles: () => ({ ...stats }),
    };
    const ro = new ResizeObserver(() => map.updateSize());
    ro.observe(ref.current);
    return () => {
      ro.disconnect();
      map.setTarget(undefined);
      map.dispose();
      parts.current = null;
      delete window.__lebuhrayaCheckpointMap;
    };
  }, []);

  // the section's line, and the view around it
  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    p.line.clear();
    if (alignment.length < 2) return;
    const geom = new LineString(alignment.map(([lng, lat]) => fromLonLat([lng, lat])));
    p.line.addFeature(new Feature(geom));
    p.map.getView().fit(geom.getExtent(), { padding: [32, 32, 32, 32], maxZoom: 15 });
  }, [alignment]);

  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    p.others.clear();
    p.others.addFeatures(
      others.map((o) => {
        const f = new Feature(new Point(fromLonLat([o.lng, o.lat])));
        f.set('seq', o.seq);
        return f;
      }),
    );
  }, [others]);

  // the pin follows the coordinates, not each new object holding them
  const pinLat = value?.lat;
  const pinLng = value?.lng;
  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    p.pin.clear();
    if (pinLat !== undefined && pinLng !== undefined && Number.isFinite(pinLat) && Number.isFinite(pinLng))
      p.pin.addFeature(new Feature(new Point(fromLonLat([pinLng, pinLat]))));
  }, [pinLat, pinLng]);

  return (
    <Box
      position="relative"
      h={{ base: '320px', lg: '460px' }}
      rounded="md"
      overflow="hidden"
      borderWidth="1px"
      borderColor="border"
      bg="surface.map"
    >
      <Box ref={ref} position="absolute" inset="0" cursor="crosshair" data-testid={testId} />
      {noTiles && (
        <Text
          position="absolute"
          bottom="2"
          left="2"
          right="2"
          fontSize="xs"
          bg="bg.panel/90"
          px="2"
          py="1"
          rounded="sm"
          color="fg"
          data-testid={`${testId}-no-tiles`}
        >
          {noTilesText}
        </Text>
      )}
    </Box>
  );
}
