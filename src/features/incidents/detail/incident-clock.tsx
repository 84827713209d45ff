/**
 * The incident clock panel of the detail page (issue #5 item 3): T1, T3, T4, T5, T6, the roadway and incident
 * clearance times (ticking while they run) and the lane-minutes closed per lane.
 */
import { useEffect, useState } from 'react';
import { Box, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/clock';
import { formatDateTime } from '@/lib/time';
import { Panel } from '@/ui/panel';
import { clockDuration, incidentClock, type ClockInput } from './clock';

function useNow(active: boolean, everyMs = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

export function IncidentClockPanel(props: Omit<ClockInput, 'now'>) {
  const t = useT();
  const first = incidentClock({ ...props, now: Date.now() });
  const running = first.incidentClearance.running || !!first.roadwayClearance?.running;
  const now = useNow(running);
  const c = incidentClock({ ...props, now });
  const duration = (seconds: number) => {
    const d = clockDuration(seconds);
    return d.h === 0 && d.m < 1 ? t('clock.durationShort', { m: d.m, s: d.s }) : t('clock.duration', { h: d.h, m: d.m });
  };
  const stamps: { key: string; label: string; at: string | null; empty?: string }[] = [
    { key: 't1', label: t('clock.t1'), at: c.t1 },
    { key: 't3', label: t('clock.t3'), at: c.t3 },
    { key: 't4', label: t('clock.t4'), at: c.t4 },
    { key: 't5', label: t('clock.t5'), at: c.t5, empty: c.hadClosures ? undefined : t('clock.noClosures') },
    { key: 't6', label: t('clock.t6'), at: c.t6 },
  ];
  return (
    <Panel heading={t('clock.title')} data-testid="incident-clock">
      <Stack gap="3" px="4" py="3" fontSize="sm">
        <Stack gap="1">
          {stamps.map((s) => (
            <Flex key={s.key} justify="space-between" gap="3" data-testid={`clock-${s.key}`} data-at={s.at ?? ''}>
              <Text color="fg">{s.label}</Text>
              <Text fontVariantNumeric="tabular-nums" color={s.at ? 'fg' : 'fg.muted'}>
                {s.at ? formatDateTime(s.at) : (s.empty ?? t('clock.notYet'))}
              </Text>
            </Flex>
          ))}
        </Stack>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="2">
          <Measure
            label={t('clock.roadway')}
            value={c.roadwayClearance ? duration(c.roadwayClearance.seconds) : t('clock.noClosures')}
            running={!!c.roadwayClearance?.running}
            runningLabel={t('clock.running')}
            testId="clock-roadway"
          />
          <Measure
            label={t('clock.incident')}
            value={duration(c.incidentClearance.seconds)}
            running={c.incidentClearance.running}
            runningLabel={t('clock.running')}
            testId="clock-incident"
          />
        </Grid>
        {c.lanes.length > 0 && (
          <Box>
            <Text fontWeight="semibold" color="fg" mb="1">
              {t('clock.laneMinutes')}
            </Text>
            <Stack gap="0.5">
              {c.lanes.map((l) => (
                <Flex
                  key={`${l.lane}:${l.direction}`}
                  justify="space-between"
                  gap="3"
                  data-testid="clock-lane"
                  data-minutes={l.minutes}
                  data-open={l.open}
                >
                  <Text>{t('clock.laneRow', { lane: l.lane, direction: l.direction })}</Text>
                  <Text fontVariantNumeric="tabular-nums" color={l.open ? 'orange.fg' : 'fg'}>
                    {t('clock.minutes', { n: l.minutes })}
                    {l.open ? ` · ${t('clock.stillClosed')}` : ''}
                  </Text>
                </Flex>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    </Panel>
  );
}

function Measure({
  label,
  value,
  running,
  runningLabel,
  testId,
}: {
  label: string;
  value: string;
  running: boolean;
  runningLabel: string;
  testId: string;
}) {
  return (
    <Box
      borderWidth="1px"
      borderColor={running ? 'orange.emphasized' : 'border'}
      bg={running ? 'orange.subtle' : 'bg.subtle'}
      rounded="md"
      px="3"
      py="2"
      data-testid={testId}
      data-running={running}
    >
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
      {running && (
        <Text fontSize="xs" color="orange.fg">
          {runningLabel}
        </Text>
      )}
    </Box>
  );
}
