import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Flex, Grid, Heading, HStack, Skeleton, Text } from '@chakra-ui/react';
import { LuCalendarClock, LuCar, LuMapPinned, LuShieldCheck } from 'react-icons/lu';
import type { WebUser } from '@contract/auth';
import { useT } from '@/lib/i18n';
import { errorText, isApiError } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { readFilter, writeFilter } from '@/lib/filters';
import { rosterHours, rosterStatusAt, type RosterStatus } from '@/lib/roster-status';
import { formatDateTime, formatTime, isoDateToDisplay } from '@/lib/time';
import { shiftDateAt } from '@contract/shift-time';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { StatCard } from '@/ui/stat-card';
import { currentRostersCall } from './dashboard-api';
import { RosterCard } from './roster-card';
import { currentShiftRosters, sectionsOf, sortRosters, summarize } from './roster-summary';

interface DashboardFilter {
  sectionId: number | null;
}

/** Re-render every 30 s so on-shift / upcoming / ended follow the clock. */
function useNow(intervalMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** The current shift's duty rosters of the region (those on duty now, and those of the shift date): the second tab of the dashboard (the page header and refresh are the dashboard's). */
export function RosterDashboard({ user }: { user: WebUser }) {
  const t = useT();
  const now = useNow();
  // the shift date of now (issue #29): from midnight to 07:00 the night shift that started the previous evening
  const date = shiftDateAt(now);
  const [filter, setFilter] = useState<DashboardFilter>(() => readFilter<DashboardFilter>('dashboard', { sectionId: null }));
  useEffect(() => writeFilter('dashboard', filter), [filter]);

  const query = useQuery({
    queryKey: ['dashboard', 'rosters', user.userId, date],
    queryFn: () => networkFirst(user.userId, `rosters:${date}`, () => currentRostersCall(date)),
    refetchInterval: 60_000,
  });

  const rows = useMemo(() => sortRosters((query.data?.data.rows ?? []).map((r) => ({ ...r, status: rosterStatusAt(r, now) }))), [query.data, now]);
  const sections = useMemo(() => sectionsOf(rows), [rows]);
  const visible = filter.sectionId ? rows.filter((r) => r.sectionId === filter.sectionId) : rows;
  const summary = summarize(visible);

  const region = user.section.region.value;
  const cachedAt = query.data?.cachedAt ?? null;

  return (
    <Box data-testid="roster-dashboard">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap" mb="4">
        <Text color="fg.muted" fontSize="sm">
          {t('dashboard.subtitle', { date: isoDateToDisplay(date), region })}
        </Text>
        {query.dataUpdatedAt > 0 && !cachedAt && (
          <Text fontSize="xs" color="fg.muted">
            {t('dashboard.updatedAt', { time: formatTime(query.dataUpdatedAt) })}
          </Text>
        )}
      </Flex>

      {cachedAt && (
        <Alert.Root status="warning" mb="4" rounded="md" data-testid="dashboard-cached">
          <Alert.Indicator />
          <Alert.Description>{t('dashboard.cached', { time: formatDateTime(cachedAt) })}</Alert.Description>
        </Alert.Root>
      )}

      {query.isPending ? (
        <DashboardSkeleton />
      ) : query.isError ? (
        <ErrorBlock
          title={t('dashboard.loadFailed')}
          message={errorText(query.error)}
          offline={isApiError(query.error) && query.error.kind !== 'http'}
          onRetry={() => query.refetch()}
        />
      ) : (
        <>
          <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }} gap="4" mb="5">
            <StatCard
              testId="stat-onshift"
              label={t('dashboard.onShift')}
              value={summary.active}
              hint={t('dashboard.rosterCount', { count: summary.total })}
              icon={<LuShieldCheck />}
              palette="green"
            />
            <StatCard
              testId="stat-sections"
              label={t('dashboard.sections')}
              value={summary.sectionsCovered}
              of={summary.sectionsToday}
              icon={<LuMapPinned />}
              palette="brand"
            />
            <StatCard
              testId="stat-vehicles"
              label={t('dashboard.vehicles')}
              value={summary.vehiclesOnShift}
              of={summary.vehiclesToday}
              icon={<LuCar />}
              palette="amber"
            />
            <StatCard
              testId="stat-upcoming"
              label={t('dashboard.upcoming')}
              value={summary.upcoming}
              hint={`${t('dashboard.ended')}: ${summary.ended}`}
              icon={<LuCalendarClock />}
              palette="blue"
            />
          </Grid>

          <MyRosters user={user} now={now} />

          {rows.length === 0 ? (
            <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg">
              <EmptyBlock title={t('dashboard.empty')} description={t('dashboard.emptyHint')} />
            </Box>
          ) : (
            <>
              {sections.length > 1 && (
                <Flex gap="2" wrap="wrap" mb="4" role="group" aria-label={t('roster.section')}>
                  <FilterChip active={!filter.sectionId} onClick={() => setFilter({ sectionId: null })}>
                    {t('dashboard.allSections')}
                  </FilterChip>
                  {sections.map((s) => (
                    <FilterChip key={s.id} active={filter.sectionId === s.id} onClick={() => setFilter({ sectionId: s.id })}>
                      {s.name}
                    </FilterChip>
                  ))}
                </Flex>
              )}
              {(['active', 'upcoming', 'ended'] as RosterStatus[]).map((status) => {
                const group = visible.filter((r) => r.status === status);
                if (!group.length) return null;
                return (
                  <Box key={status} mb="6" data-testid={`roster-group-${status}`}>
                    <HStack mb="3" gap="2">
                      <Heading as="h2" size="sm" color="brand.ink">
                        {t(`status.${status}`)}
                      </Heading>
                      <Text fontSize="sm" color="fg.muted">
                        ({group.length})
                      </Text>
                    </HStack>
                    <Grid templateColumns="repeat(auto-fill, minmax(290px, 1fr))" gap="4">
                      {group.map((r) => (
                        <RosterCard key={r.pkDutyRosterId} row={r} status={r.status} />
                      ))}
                    </Grid>
                  </Box>
                );
              })}
            </>
          )}
        </>
      )}
    </Box>
  );
}

function FilterChip({ active, onClick, children }: { active: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <Button
      size="sm"
      minH="11"
      px="4"
      rounded="full"
      variant={active ? 'solid' : 'outline'}
      colorPalette="brand"
      bg={active ? undefined : 'bg.panel'}
      aria-pressed={active}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** The signed-in user's own rosters of the current shift (from the sign-in answer): on duty now, or of its shift date. */
function MyRosters({ user, now }: { user: WebUser; now: number }) {
  const t = useT();
  const mine = currentShiftRosters(user.rosters ?? [], now);
  if (!mine.length) return null;
  return (
    <Box mb="5" bg="amber.subtle" borderWidth="1px" borderColor="amber.emphasized" rounded="lg" p="4" data-testid="my-rosters">
      <Heading as="h2" size="sm" color="brand.ink" mb="2">
        {t('dashboard.myRosters')}
      </Heading>
      <Flex gap="3" wrap="wrap">
        {mine.map((r) => (
          <HStack
            key={r.pkDutyRosterId}
            bg="bg.panel"
            rounded="md"
            px="3"
            py="2"
            borderWidth="1px"
            borderColor="amber.emphasized"
            gap="3"
            fontSize="sm"
          >
            <Text fontWeight="semibold">{r.dutyRosterName}</Text>
            <Text fontVariantNumeric="tabular-nums">{rosterHours(r)}</Text>
            {r.plateNumber && (
              <Text fontFamily="mono" fontWeight="bold">
                {r.plateNumber}
              </Text>
            )}
            {r.callSign && <Text color="brand.fg">{r.callSign}</Text>}
          </HStack>
        ))}
      </Flex>
    </Box>
  );
}

function DashboardSkeleton() {
  return (
    <Box data-testid="dashboard-loading">
      <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }} gap="4" mb="5">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="24" rounded="lg" />
        ))}
      </Grid>
      <Grid templateColumns="repeat(auto-fill, minmax(290px, 1fr))" gap="4">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} h="52" rounded="lg" />
        ))}
      </Grid>
    </Box>
  );
}
