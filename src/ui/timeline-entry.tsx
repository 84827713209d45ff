/**
 * Timeline entry widget (§2.18): time, title, the description in an expandable panel, and the location. When the
 * location text starts with a number of metres above 500 or the entry is 'LLU History' (timelineShowsMap), a small
 * map with a red pin replaces the text: opens at zoom 14 and zooms in to 17 at most (§9 TIMELINE_MAP_*).
 *
 * Shared by the incident map's patrol panel (issue #7) and the activity log and end-of-duty report (issue #15). The
 * pin map loads OpenLayers itself, on demand (dynamic imports: the 'ol' chunk), so a screen that lists entries
 * without a map never loads it and the widget needs no feature's map code.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Collapsible, Flex, Stack, Text } from '@chakra-ui/react';
import { LuChevronDown, LuMapPin } from 'react-icons/lu';
import type { TimelineEntry } from '@contract/maps';
import { TILE_ATTRIBUTION_DEFAULT, TILE_URL_DEFAULT, TIMELINE_MAP_INITIAL_ZOOM, TIMELINE_MAP_ZOOM, timelineShowsMap } from '@contract/map-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/map';
import { formatDateTimeShort } from '@/lib/time';

export function TimelineEntryCard({
  entry,
  badges,
  actions,
  accent,
  testId = 'timeline-entry',
}: {
  entry: TimelineEntry;
  /** beside the title (an unsent mark) */
  badges?: ReactNode;
  /** under the entry (edit, delete) */
  actions?: ReactNode;
  /** the colour of the left edge; default red for LLU history, else the brand's */
  accent?: string;
  testId?: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const showMap = timelineShowsMap(entry.location, entry.type) && entry.latitude !== null && entry.longitude !== null;
  return (
    <Box
      borderLeftWidth="3px"
      borderColor={accent ?? (entry.type === 'LLU History' ? 'red.400' : 'brand.300')}
      pl="3"
      py="1"
      data-testid={testId}
      data-type={entry.type}
      data-has-map={showMap ? '1' : '0'}
    >
      <Text fontSize="xs" color="fg.muted" data-testid="timeline-time">
        {formatDateTimeShort(entry.time)}
      </Text>
      <Flex align="center" gap="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="semibold" data-testid="timeline-title">
          {entry.title}
        </Text>
        {badges}
      </Flex>
      {entry.description && (
        <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size="xs" px="1" color="brand.fg" data-testid="timeline-toggle">
              {t('map.timeline.details')}
              <Box as="span" transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.15s">
                <LuChevronDown />
              </Box>
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Text fontSize="sm" whiteSpace="pre-wrap" pb="1" data-testid="timeline-description">
              {entry.description}
            </Text>
          </Collapsible.Content>
        </Collapsible.Root>
      )}
      {showMap ? (
        <Stack gap="1" mt="1">
          <PinMap lat={entry.latitude!} lng={entry.longitude!} />
          {entry.location && (
            <Text fontSize="xs" color="fg.muted">
              {entry.location}
            </Text>
          )}
        </Stack>
      ) : (
        entry.location && (
          <Flex align="center" gap="1" fontSize="xs" color="fg.muted" data-testid="timeline-location">
            <LuMapPin /> {entry.location}
          </Flex>
        )
      )}
      {actions}
    </Box>
  );
}

const TILE_URL: string = import.meta.env.VITE_TILE_URL || TILE_URL_DEFAULT;
const TILE_ATTRIBUTION: string = import.meta.env.VITE_TILE_ATTRIBUTION || TILE_ATTRIBUTION_DEFAULT;
/** the incident pin of the maps (a red drop with a white dot) */
const PIN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="30" height="42" viewBox="0 0 30 42"><path d="M15 1C7.3 1 1 7.2 1 14.9 1 25.4 15 41 15 41s14-15.6 14-26.1C29 7.2 22.7 1 15 1z" fill="#e03131" stroke="#7a1010" stroke-width="2"/><circle cx="15" cy="15" r="5.5" fill="#fff"/></svg>`;

/** OpenLayers, loaded once, with the first pin map shown. */
let olModules: Promise<{
  Map: typeof import('ol/Map').default;
  View: typeof import('ol/View').default;
  Feature: typeof import('ol/Feature').default;
  Point: typeof import('ol/geom/Point').default;
  TileLayer: typeof import('ol/layer/Tile').default;
  VectorLayer: typeof import('ol/layer/Vector').default;
  VectorSource: typeof import('ol/source/Vector').default;
  XYZ: typeof import('ol/source/XYZ').default;
  Attribution: typeof import('ol/control').Attribution;
  fromLonLat: typeof import('ol/proj').fromLonLat;
  Style: typeof import('ol/style').Style;
  Icon: typeof import('ol/style').Icon;
}> | null = null;

function loadOl() {
  olModules ??= Promise.all([
    import('ol/ol.css'),
    import('ol/Map'),
    import('ol/View'),
    import('ol/Feature'),
    import('ol/geom/Point'),
    import('ol/layer/Tile'),
    import('ol/layer/Vector'),
    import('ol/source/Vector'),
    import('ol/source/XYZ'),
    import('ol/control'),
    import('ol/proj'),
    import('ol/style'),
  ]).then(([, m, v, f, p, tl, vl, vs, xyz, control, proj, style]) => ({
    Map: m.default,
    View: v.default,
    Feature: f.default,
    Point: p.default,
    TileLayer: tl.default,
    VectorLayer: vl.default,
    VectorSource: vs.default,
    XYZ: xyz.default,
    Attribution: control.Attribution,
    fromLonLat: proj.fromLonLat,
    Style: style.Style,
    Icon: style.Icon,
  }));
  olModules.catch(() => {
    // offline before the chunk was cached: try again with the next map
    olModules = null;
  });
  return olModules;
}

/** A small map with a red pin (the §2.18 map): tiles and the pin, no controls but the attribution. */
function PinMap({ lat, lng }: { lat: number; lng: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    loadOl()
      .then((ol) => {
        if (disposed || !ref.current) return;
        const at = ol.fromLonLat([lng, lat]);
        const pin = new ol.Feature({ geometry: new ol.Point(at) });
        pin.setStyle(
          new ol.Style({
            image: new ol.Icon({ src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(PIN_SVG)}`, anchor: [0.5, 1], width: 30, height: 42 }),
          }),
        );
        const map = new ol.Map({
          target: ref.current,
          layers: [
            new ol.TileLayer({
              className: 'ol-layer basemap-tiles',
              source: new ol.XYZ({ url: TILE_URL, attributions: TILE_ATTRIBUTION, crossOrigin: 'anonymous', maxZoom: 19, transition: 0 }),
              preload: 0,
            }),
            new ol.VectorLayer({ source: new ol.VectorSource({ features: [pin] }) }),
          ],
          view: new ol.View({ center: at, zoom: TIMELINE_MAP_INITIAL_ZOOM, minZoom: TIMELINE_MAP_INITIAL_ZOOM, maxZoom: TIMELINE_MAP_ZOOM }),
          controls: [new ol.Attribution({ collapsible: true })],
        });
        const ro = new ResizeObserver(() => map.updateSize());
        ro.observe(ref.current);
        cleanup = () => {
          ro.disconnect();
          map.setTarget(undefined);
          map.dispose();
        };
      })
      .catch((err: unknown) => console.warn('[timeline] the map could not load', err));
    return () => {
      disposed = true;
      cleanup();
    };
  }, [lat, lng]);
  return <Box ref={ref} h="160px" w="full" rounded="md" overflow="hidden" bg="surface.map" borderWidth="1px" data-testid="timeline-map" />;
}
