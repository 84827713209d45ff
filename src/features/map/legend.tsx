import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/map';
import {
  CASE_TYPE_LOOKS,
  INCIDENT_PIN_COLOUR,
  NETWORK_CASING,
  NETWORK_COLOUR,
  PATROL_BUSY_RING,
  PATROL_COLOUR,
  PATROL_STALE_COLOUR,
  shapePolygon,
  STATUS_RING,
  type MarkerShape,
  type StatusGroup,
} from './marker-rules';

/** A marker as the map draws it, in SVG (same shapes and colours as the OpenLayers styles). */
export function MarkerSwatch({
  shape,
  fill,
  stroke,
  strokeWidth = 1.5,
  size = 18,
  fillOpacity = 1,
}: {
  shape: MarkerShape;
  fill: string;
  stroke: string;
  strokeWidth?: number;
  size?: number;
  fillOpacity?: number;
}) {
  const r = size / 2 - strokeWidth;
  const poly = shapePolygon(shape, r);
  return (
    <svg width={size} height={size} viewBox={`${-strokeWidth} ${-strokeWidth} ${size} ${size}`} aria-hidden="true">
      {poly ? (
        <polygon points={poly} fill={fill} fillOpacity={fillOpacity} stroke={stroke} strokeWidth={strokeWidth} />
      ) : (
        <circle cx={r} cy={r} r={r} fill={fill} fillOpacity={fillOpacity} stroke={stroke} strokeWidth={strokeWidth} />
      )}
    </svg>
  );
}

function Row({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Flex align="center" gap="2">
      <Flex w="5" justify="center" flexShrink={0}>
        {icon}
      </Flex>
      <Text fontSize="xs">{text}</Text>
    </Flex>
  );
}

/** The legend of /map: case types (shape and colour), status rings, patrols and the highway line. */
export function MapLegend({ dialog = false }: { dialog?: boolean }) {
  const t = useT();
  const groups: StatusGroup[] = ['new', 'active', 'done'];
  return (
    <Stack gap="3" data-testid="map-legend" fontSize="xs">
      {!dialog && (
        <Box>
          <Text fontWeight="semibold" fontSize="xs" mb="1" color="fg.muted">
            {t('map.legend.types')}
          </Text>
          <Stack gap="1">
            {CASE_TYPE_LOOKS.map((l) => (
              <Row key={l.typeId} icon={<MarkerSwatch shape={l.shape} fill={l.colour} stroke="#fff" />} text={t(`map.type.${l.typeId}` as TextKey)} />
            ))}
          </Stack>
        </Box>
      )}
      {!dialog && (
        <Box>
          <Text fontWeight="semibold" fontSize="xs" mb="1" color="fg.muted">
            {t('map.legend.status')}
          </Text>
          <Stack gap="1">
            {groups.map((g) => (
              <Row
                key={g}
                icon={
                  <MarkerSwatch
                    shape="circle"
                    fill="#495057"
                    fillOpacity={STATUS_RING[g].opacity}
                    stroke={STATUS_RING[g].colour === '#ffffff' ? '#ced4da' : STATUS_RING[g].colour}
                    strokeWidth={STATUS_RING[g].width}
                  />
                }
                text={t(`map.status.${g}` as TextKey)}
              />
            ))}
          </Stack>
        </Box>
      )}
      <Box>
        <Text fontWeight="semibold" fontSize="xs" mb="1" color="fg.muted">
          {t('map.legend.patrols')}
        </Text>
        <Stack gap="1">
          {dialog && <Row icon={<MarkerSwatch shape="circle" fill={INCIDENT_PIN_COLOUR} stroke="#7a1010" />} text={t('map.legend.incident')} />}
          <Row icon={<MarkerSwatch shape="circle" fill={PATROL_COLOUR} stroke="#fff" strokeWidth={2.5} />} text={t('map.legend.patrol')} />
          <Row
            icon={<MarkerSwatch shape="circle" fill={PATROL_COLOUR} stroke={PATROL_BUSY_RING} strokeWidth={2.5} />}
            text={t('map.legend.patrolBusy')}
          />
          <Row icon={<MarkerSwatch shape="circle" fill={PATROL_STALE_COLOUR} stroke="#fff" strokeWidth={2.5} />} text={t('map.legend.patrolStale')} />
          <Row
            icon={
              <svg width="18" height="8" aria-hidden="true">
                <line x1="0" y1="4" x2="18" y2="4" stroke={NETWORK_CASING} strokeWidth="6" />
                <line x1="0" y1="4" x2="18" y2="4" stroke={NETWORK_COLOUR} strokeWidth="3.5" />
              </svg>
            }
            text={t('map.legend.network')}
          />
        </Stack>
      </Box>
    </Stack>
  );
}
