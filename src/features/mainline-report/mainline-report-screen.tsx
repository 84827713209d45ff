/**
 * /laporanmasalebuhraya/{rosterId}/{seksyen}/{team}/{syif}/{date}/{dlullu} — the time-on-mainline report of one
 * roster (issue #15; §2.1): its mainline (DLU) and off-mainline (LLU) periods and GPS gaps (report/mainlinePeriods),
 * on a map (the track coloured by class) and on a time bar across the shift (coloured segments with their times),
 * with the totals. `dlullu` says which class is highlighted; the buttons switch it.
 */
import { lazy, Suspense, useMemo } from 'react';
import { Alert, Box, Button, Flex, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuMap, LuSatelliteDish, LuTriangleAlert } from 'react-icons/lu';
import { errorText, isApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/activity-log';
import { formatClock, formatDateTimeShort, formatTime, isoDateToDisplay } from '@/lib/time';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { StatCard } from '@/ui/stat-card';
import { useMainlineReport } from './mainline-api';
import {
  barSegments,
  hourTicks,
  KIND_COLOUR,
  minutesText,
  percentOf,
  totalsOf,
  trackRuns,
  type DluParams,
  type Highlight,
  type PeriodKind,
} from './mainline-rules';
import { PeriodsTable } from '@/ui/report/periods-table';

const TrackMap = lazy(() => import('./track-map'));

const clock = (ms: number | string) => formatClock(formatTime(ms));

export function MainlineReportScreen({
  params,
  onHighlight,
  onBack,
}: {
  params: DluParams;
  onHighlight: (h: Highlight) => void;
  onBack: () => void;
}) {
  const t = useT();
  const query = useMainlineReport(params.rosterId);
  const report = query.data?.report;
  const units = { h: t('eod.minutes.h'), m: t('eod.minutes.m') };
  const runs = useMemo(() => (report ? trackRuns(report.track) : []), [report]);
  const h = params.dlullu;

  const back = (
    <Button variant="outline" minH="11" onClick={onBack} data-testid="dlu-back">
      <LuArrowLeft /> {t('dlu.back')}
    </Button>
  );
  const toggle = (
    <HStack gap="0" borderWidth="1px" borderColor="border.emphasized" rounded="md" overflow="hidden" data-testid="dlu-toggle">
      {(['DLU', 'LLU'] as const).map((k) => (
        <Button
          key={k}
          minH="11"
          rounded="0"
          variant={h === k ? 'solid' : 'ghost'}
          colorPalette={k === 'DLU' ? 'green' : 'red'}
          onClick={() => h !== k && onHighlight(k)}
          aria-pressed={h === k}
          data-testid={`dlu-show-${k}`}
        >
          {k}
        </Button>
      ))}
    </HStack>
  );

  const header = (
    <PageHeader
      title={`${t('dlu.title')} (${h})`}
      subtitle={t('dlu.subtitle', {
        roster: params.team,
        section: params.seksyen,
        shift: params.syif,
        date: isoDateToDisplay(params.date) || params.date,
      })}
      actions={
        <>
          {back}
          {toggle}
        </>
      }
    />
  );

  if (query.isPending) {
    return (
      <Box data-testid="dlu-loading">
        {header}
        <Stack gap="4">
          <Skeleton h="24" rounded="lg" />
          <Skeleton h="20" rounded="lg" />
          <Skeleton h="96" rounded="lg" />
        </Stack>
      </Box>
    );
  }
  if (query.isError || !report) {
    const err = query.error;
    return (
      <Box data-testid="dlu-error">
        {header}
        <ErrorBlock
          title={t('dlu.loadFailed')}
          message={isApiError(err) && err.kind === 'http' && err.statusMsg ? err.shownMsg : errorText(err)}
          offline={isApiError(err) && err.kind !== 'http'}
          onRetry={isApiError(err) && (err.status === 403 || err.status === 404) ? undefined : () => void query.refetch()}
        />
      </Box>
    );
  }

  const totals = totalsOf(report);
  const segments = barSegments(report);
  const ticks = hourTicks(report.startsAt, report.endsAt);
  const highlighted = report.periods.filter((p) => p.kind === h).sort((a, b) => Date.parse(a.from) - Date.parse(b.from));

  return (
    <Box data-testid="dlu-report" data-highlight={h}>
      {header}
      {query.data?.cachedAt && (
        <Alert.Root status="warning" rounded="md" mb="4">
          <Alert.Indicator />
          <Alert.Title>{t('eod.report.cachedAt', { time: formatDateTimeShort(query.data.cachedAt) })}</Alert.Title>
        </Alert.Root>
      )}

      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" mb="4">
        {(['DLU', 'LLU', 'NOGPS'] as const).map((k) => (
          <Box key={k} outline={k === h ? '2px solid' : undefined} outlineColor={k === 'DLU' ? 'green.500' : 'red.500'} rounded="lg">
            <StatCard
              label={t(`dlu.total.${k}`)}
              value={minutesText(totals[k], units)}
              hint={t('dlu.ofShift', { pct: percentOf(totals[k], totals.shift) })}
              icon={k === 'DLU' ? <LuMap /> : k === 'LLU' ? <LuTriangleAlert /> : <LuSatelliteDish />}
              palette={k === 'DLU' ? 'green' : k === 'LLU' ? 'red' : 'gray'}
              testId={`dlu-total-${k}`}
            />
          </Box>
        ))}
      </SimpleGrid>

      <Panel heading={t('dlu.timebar')} mb="4" data-testid="dlu-timebar">
        <Box px="4" pt="4" pb="2">
          <Flex justify="space-between" fontSize="xs" color="fg.muted" mb="1" fontVariantNumeric="tabular-nums">
            <Text>
              {t('dlu.start')} {formatDateTimeShort(report.startsAt)}
            </Text>
            <Text>
              {t('dlu.end')} {formatDateTimeShort(report.endsAt)}
            </Text>
          </Flex>
          <Box position="relative" h="12" bg="bg.muted" rounded="md" overflow="hidden" borderWidth="1px" borderColor="border">
            {segments.map((s) => (
              <Box
                key={`${s.kind}-${s.from}`}
                position="absolute"
                top="0"
                bottom="0"
                left={`${s.left}%`}
                width={`max(${s.width}%, 2px)`}
                bg={KIND_COLOUR[s.kind]}
                opacity={s.kind === h ? 1 : s.kind === 'NOGPS' ? 0.55 : 0.35}
                backgroundImage={
                  s.kind === 'NOGPS' ? 'repeating-linear-gradient(45deg, transparent 0 6px, rgba(255,255,255,0.45) 6px 12px)' : undefined
                }
                title={`${t(`dlu.${s.kind}`)}: ${clock(s.from)} – ${clock(s.to)} (${minutesText(s.minutes, units)})`}
                data-testid="dlu-segment"
                data-kind={s.kind}
              />
            ))}
          </Box>
          <Box position="relative" h="5" mt="1">
            {ticks.map((tk) => (
              <Text
                key={tk.at}
                position="absolute"
                left={`${tk.left}%`}
                transform="translateX(-50%)"
                fontSize="2xs"
                color="fg.muted"
                fontVariantNumeric="tabular-nums"
                _before={{ content: '""', position: 'absolute', top: '-4px', left: '50%', h: '4px', borderLeftWidth: '1px', borderColor: 'gray.400' }}
              >
                {clock(tk.at)}
              </Text>
            ))}
          </Box>
          <Legend highlight={h} />
        </Box>
      </Panel>

      <Flex gap="4" direction={{ base: 'column', xl: 'row' }} align="start">
        <Panel heading={t('dlu.map')} flex="3" w="full" minW="0" data-testid="dlu-map-panel">
          <Box p="3">
            {runs.length === 0 ? (
              <Text p="6" textAlign="center" color="fg.muted" fontSize="sm" data-testid="dlu-no-track">
                {t('dlu.noTrack')}
              </Text>
            ) : (
              <Suspense fallback={<Skeleton h={{ base: '340px', lg: '480px' }} rounded="md" />}>
                <TrackMap runs={runs} highlight={h} startLabel={t('dlu.start')} endLabel={t('dlu.end')} noTilesText={t('dlu.noTiles')} />
              </Suspense>
            )}
          </Box>
        </Panel>
        <Panel heading={t('dlu.periods', { kind: h })} flex="2" w="full" minW="0" data-testid="dlu-periods">
          {highlighted.length === 0 ? (
            <Text p="4" fontSize="sm" color="fg.muted" data-testid="dlu-no-periods">
              {t('dlu.noPeriods', { kind: h })}
            </Text>
          ) : (
            <PeriodsTable
              periods={highlighted}
              headers={{ from: t('dlu.col.from'), to: t('dlu.col.to'), minutes: t('dlu.col.minutes') }}
              time={clock}
              units={units}
              rowTestId="dlu-period"
            />
          )}
        </Panel>
      </Flex>
    </Box>
  );
}

function Legend({ highlight }: { highlight: Highlight }) {
  const t = useT();
  return (
    <HStack gap="4" mt="2" wrap="wrap" fontSize="xs">
      {(['DLU', 'LLU', 'NOGPS'] as PeriodKind[]).map((k) => (
        <HStack key={k} gap="1.5" fontWeight={k === highlight ? 'bold' : 'normal'}>
          <Box w="3" h="3" rounded="sm" bg={KIND_COLOUR[k]} opacity={k === highlight || k === 'NOGPS' ? 1 : 0.5} />
          <Text>{t(`dlu.${k}`)}</Text>
        </HStack>
      ))}
    </HStack>
  );
}
