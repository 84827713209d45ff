/**
 * The map of the one-roster DLU report (issue #15), loaded on demand by the report screen (React.lazy) so
 * OpenLayers never ships with the shell: the roster's track above the basemap tiles (VITE_TILE_URL; without tiles the
 * track still shows on a plain background), coloured by class — on the mainline (DLU) green, off it (LLU) red — the
 * highlighted class drawn wide and the other thin, with the shift's first and last fixes marked.
 *
 * A probe on window.__lebuhrayaMainlineMap gives browser tests what is drawn.
 */
import 'ol/ol.css';
import { useEffect, useRef, useState } from 'react';
import { Box, Text } from '@chakra-ui/react';
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
import { fromLonLat } from 'ol/proj';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import { Circle as CircleStyle, Fill, Stroke, Style, Text as TextStyle } from 'ol/style';
import { TILE_ATTRIBUTION_DEFAULT, TILE_URL_DEFAULT } from '@contract/map-rules';
import { KIND_COLOUR, type Highlight, type TrackRun } from './mainline-rules';

const TILE_URL: string = import.meta.env.VITE_TILE_URL || TILE_URL_DEFAULT;
const TILE_ATTRIBUTION: string = import.meta.env.VITE_TILE_ATTRIBUTION || TILE_ATTRIBUTION_DEFAULT;

interface MapProbe {
  runs(): { onMainline: boolean; points: number; highlighted: boolean }[];
  tiles(): { loaded: number; failed: number };
  highlight(): Highlight;
}

declare global {
  interface Window {
    __lebuhrayaMainlineMap?: MapProbe;
  }
}

const runStyles = new Map<string, Style[]>();
function runStyle(onMainline: boolean, highlighted: boolean): Style[] {
  const key = `${onMainline}:${highlighted}`;
  let s = runStyles.get(key);
  if (!s) {
    const colour = onMainline ? KIND_COLOUR.DLU : KIND_COLOUR.LLU;
    s = highlighted
      ? [
          new Style({ stroke: new Stroke({ color: '#ffffff', width: 9 }), zIndex: 2 }),
          new Style({ stroke: new Stroke({ color: colour, width: 5.5 }), zIndex: 3 }),
        ]
      : [new Style({ stroke: new Stroke({ color: `${colour}99`, width: 2.5, lineDash: [6, 5] }), zIndex: 1 })];
    runStyles.set(key, s);
  }
  return s;
}
const endStyle = (label: string, colour: string) =>
  new Style({
    image: new CircleStyle({ radius: 9, fill: new Fill({ color: colour }), stroke: new Stroke({ color: '#ffffff', width: 2.5 }) }),
    text: new TextStyle({
      text: label,
      offsetY: -18,
      font: 'bold 11px system-ui, sans-serif',
      fill: new Fill({ color: '#1a1a1a' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
    }),
    zIndex: 10,
  });

export interface TrackMapProps {
  runs: readonly TrackRun[];
  highlight: Highlight;
  startLabel: string;
  endLabel: string;
  noTilesText: string;
}

export default function TrackMap({ runs, highlight, startLabel, endLabel, noTilesText }: TrackMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [noTiles, setNoTiles] = useState(false);
  const parts = useRef<{ map: OlMap; lines: VectorSource; ends: VectorSource; stats: { loaded: number; failed: number } } | null>(null);
  const highlightRef = useRef(highlight);
  highlightRef.current = highlight;

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
    const lines = new VectorSource<Feature<LineString>>();
    const ends = new VectorSource<Feature<Point>>();
    const map = new OlMap({
      target: ref.current,
      layers: [
        new TileLayer({ source: tiles, className: 'ol-layer basemap-tiles' }),
        new VectorLayer({
          source: lines,
          style: (f: FeatureLike) => {
            const on = !!f.get('onMainline');
            return runStyle(on, (highlightRef.current === 'DLU') === on);
          },
        }),
        new VectorLayer({ source: ends }),
      ],
      view: new View({ center: fromLonLat([101.6, 3.2]), zoom: 9, maxZoom: 18, minZoom: 5 }),
      controls: [new Zoom(), new Attribution({ collapsible: true })],
    });
    parts.current = { map, lines, ends, stats };
    window.__lebuhrayaMainlineMap = {
      runs: () =>
        lines.getFeatures().map((f) => ({
          onMainline: !!f.get('onMainline'),
          points: f.getGeometry()?.getCoordinates().length ?? 0,
          highlighted: (highlightRef.current === 'DLU') === !!f.get('onMainline'),
        })),
      tiles: () => ({ ...stats }),
      highlight: () => highlightRef.current,
    };
    const ro = new ResizeObserver(() => map.updateSize());
    ro.observe(ref.current);
    return () => {
      ro.disconnect();
      map.setTarget(undefined);
      map.dispose();
      parts.current = null;
      delete window.__lebuhrayaMainlineMap;
    };
  }, []);

  // the track, and the view around it
  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    p.lines.clear();
    p.ends.clear();
    const extent = createEmpty();
    const features = runs
      .filter((r) => r.points.length >= 1)
      .map((r) => {
        const coords = (r.points.length === 1 ? [r.points[0], r.points[0]] : r.points).map(([lng, lat]) => fromLonLat([lng, lat]));
        const g = new LineString(coords);
        extend(extent, g.getExtent());
        const f = new Feature(g);
        f.set('onMainline', r.onMainline);
        return f;
      });
    p.lines.addFeatures(features);
    const first = runs[0]?.points[0];
    const lastRun = runs[runs.length - 1];
    const last = lastRun?.points[lastRun.points.length - 1];
    if (first) {
      const f = new Feature(new Point(fromLonLat(first)));
      f.setStyle(endStyle(startLabel, '#1c7ed6'));
      p.ends.addFeature(f);
    }
    if (last) {
      const f = new Feature(new Point(fromLonLat(last)));
      f.setStyle(endStyle(endLabel, '#0b2545'));
      p.ends.addFeature(f);
    }
    if (!isEmpty(extent)) p.map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 16 });
  }, [runs, startLabel, endLabel]);

  // a change of the highlighted class only restyles
  // biome-ignore lint/correctness/useExhaustiveDependencies: highlight is the trigger: the layer's style function reads it, the layer is redrawn
  useEffect(() => {
    parts.current?.lines.changed();
  }, [highlight]);

  return (
    <Box
      position="relative"
      h={{ base: '340px', lg: '480px' }}
      rounded="md"
      overflow="hidden"
      borderWidth="1px"
      borderColor="border"
      bg="surface.map"
    >
      <Box ref={ref} position="absolute" inset="0" data-testid="dlu-map" />
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
          data-testid="dlu-map-no-tiles"
        >
          {noTilesText}
        </Text>
      )}
    </Box>
  );
}
