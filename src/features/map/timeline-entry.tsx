/**
 * Timeline entry widget (§2.18): time, title, the description in an expandable panel, and the location. When the
 * location text starts with a number of metres above 500 or the entry is 'LLU History' (timelineShowsMap), a small
 * map with a red pin replaces the text: opens at zoom 14 and zooms in to 17 at most (§9 TIMELINE_MAP_*).
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Button, Collapsible, Flex, Stack, Text } from '@chakra-ui/react';
import { LuChevronDown, LuMapPin } from 'react-icons/lu';
import type { TimelineEntry } from '@contract/maps';
import { TIMELINE_MAP_INITIAL_ZOOM, TIMELINE_MAP_ZOOM, timelineShowsMap } from '@contract/map-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/map';
import { formatDateTimeShort } from '@/lib/time';
import { useMapKit } from './use-map-kit';

export function TimelineEntryCard({ entry }: { entry: TimelineEntry }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const showMap = timelineShowsMap(entry.location, entry.type) && entry.latitude !== null && entry.longitude !== null;
  return (
    <Box borderLeftWidth="3px" borderColor={entry.type === 'LLU History' ? 'red.400' : 'brand.300'} pl="3" py="1" data-testid="timeline-entry" data-type={entry.type} data-has-map={showMap ? '1' : '0'}>
      <Text fontSize="xs" color="fg.muted" data-testid="timeline-time">
        {formatDateTimeShort(entry.time)}
      </Text>
      <Text fontSize="sm" fontWeight="semibold">
        {entry.title}
      </Text>
      {entry.description && (
        <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size="xs" px="1" color="brand.700" data-testid="timeline-toggle">
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
    </Box>
  );
}

/** A small map with a red pin (the §2.18 map). */
function PinMap({ lat, lng }: { lat: number; lng: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const kit = useMapKit(ref, {
    center: [lat, lng],
    zoom: TIMELINE_MAP_INITIAL_ZOOM,
    minZoom: TIMELINE_MAP_INITIAL_ZOOM,
    maxZoom: TIMELINE_MAP_ZOOM,
    controls: false,
  });
  useEffect(() => {
    kit?.setPins([{ id: 'entry', lat, lng }]);
  }, [kit, lat, lng]);
  return <Box ref={ref} h="160px" w="full" rounded="md" overflow="hidden" bg="#e9ecef" borderWidth="1px" data-testid="timeline-map" />;
}
