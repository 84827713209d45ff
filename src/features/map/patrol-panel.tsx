/**
 * A patrol on the map (§3.12 duty roster on the map): roster name, status, hours, point A/B, plate, last seen (no
 * seconds, §9), kilometre and direction of its live position, the team; under it the roster's timeline (§2.18,
 * llugps/get/{rosterId}).
 */
import { Badge, Box, CloseButton, DataList, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { MapRoster } from '@contract/maps';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/map';
import { formatClock, formatDateTimeShort } from '@/lib/time';
import { useRosterTimeline } from './map-api';
import { AgeText } from './age-text';
import { TimelineEntryCard } from '@/ui/timeline-entry';

export function PatrolInfo({ roster }: { roster: MapRoster }) {
  const t = useT();
  const loc = roster.location;
  const rows: [string, React.ReactNode, string][] = [
    [t('map.patrol.status'), roster.status, 'status'],
    [t('map.patrol.hours'), `${formatClock(roster.startHour)} – ${formatClock(roster.endHour)}`, 'hours'],
    [t('map.patrol.pointA'), roster.pointAName ?? '—', 'pointA'],
    [t('map.patrol.pointB'), roster.pointBName ?? '—', 'pointB'],
    [t('map.patrol.plate'), roster.plateNumber ?? '—', 'plate'],
    [t('map.patrol.callSign'), roster.callSign ?? '—', 'callSign'],
    [
      t('map.patrol.lastSeen'),
      loc ? (
        <>
          {formatDateTimeShort(loc.lastSeen)}
          {roster.positionAgeSeconds !== null && (
            <Text as="span" color="fg.muted">
              {' '}
              (<AgeText seconds={roster.positionAgeSeconds} />)
            </Text>
          )}
        </>
      ) : (
        t('map.patrol.noPosition')
      ),
      'lastSeen',
    ],
    [t('map.patrol.km'), loc?.kmmarker != null ? `${loc.kmmarker.toFixed(1)}${loc.section ? ` (${loc.section})` : ''}` : '—', 'km'],
    [t('map.patrol.direction'), loc?.direction ?? '—', 'direction'],
  ];
  return (
    <Stack gap="2">
      <Flex gap="2" wrap="wrap">
        <Badge colorPalette={roster.busy ? 'orange' : 'green'}>{roster.status}</Badge>
        {roster.stale && <Badge colorPalette="gray">{t('map.patrol.stale')}</Badge>}
      </Flex>
      <DataList.Root orientation="horizontal" size="sm" gap="1.5">
        {rows.map(([label, value, key]) => (
          <DataList.Item key={key} data-testid={`patrol-${key}`}>
            <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {roster.members.length > 0 && (
        <Box>
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
            {t('map.patrol.members')}
          </Text>
          {roster.members.map((m) => (
            <Text key={m.pkStaffId} fontSize="sm">
              {m.displayName}{' '}
              <Text as="span" color="fg.muted">
                ({m.position})
              </Text>
            </Text>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** The side panel of /map for a clicked patrol: its info and its timeline. */
export function PatrolPanel({ roster, onClose }: { roster: MapRoster; onClose: () => void }) {
  const t = useT();
  const timeline = useRosterTimeline(roster.pkDutyRosterId);
  return (
    <Stack gap="3" data-testid="patrol-panel" data-roster-id={roster.pkDutyRosterId}>
      <Flex justify="space-between" align="flex-start" gap="2">
        <Box>
          <Text fontSize="xs" color="fg.muted">
            {t('map.patrol.title')} · {roster.sectionName}
          </Text>
          <Heading size="md" data-testid="patrol-name">
            {roster.dutyRosterName}
          </Heading>
        </Box>
        <CloseButton size="sm" onClick={onClose} aria-label={t('map.patrol.close')} data-testid="patrol-close" />
      </Flex>
      <PatrolInfo roster={roster} />
      <Box>
        <Heading size="sm" mb="2">
          {t('map.timeline.title')}
        </Heading>
        {timeline.isPending ? (
          <Stack gap="2">
            <Skeleton h="12" />
            <Skeleton h="12" />
          </Stack>
        ) : timeline.isError && !timeline.data ? (
          <Text fontSize="sm" color="red.fg" data-testid="timeline-failed">
            {t('map.timeline.failed')}
          </Text>
        ) : !timeline.data?.length ? (
          <Text fontSize="sm" color="fg.muted" data-testid="timeline-empty">
            {t('map.timeline.empty')}
          </Text>
        ) : (
          <Stack gap="3" data-testid="timeline">
            {timeline.data.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: timeline entries have no id and two can share a time: the time keeps the key steady, the index makes it unique
              <TimelineEntryCard key={`${e.time}:${i}`} entry={e} />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
