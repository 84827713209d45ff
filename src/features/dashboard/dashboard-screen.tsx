import type { ReactNode } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Box, Flex, IconButton, chakra } from '@chakra-ui/react';
import { LuCalendarClock, LuRefreshCw, LuSiren } from 'react-icons/lu';
import { can } from '@contract/roles';
import { useT } from '@/lib/i18n';
import { seesAllRegions } from '@/lib/incident-list-options';
import { useSession, userRole } from '@/lib/session';
import { isoDateToDisplay, todayIso } from '@/lib/time';
import { PageHeader } from '@/ui/page-header';
import { Tooltip } from '@/ui/tooltip';
import type { DashboardSearch, DashboardTab } from './dashboard-search';
import { IncidentDashboard } from './incident-dashboard';
import { RosterDashboard } from './roster-dashboard';
import { WelcomeCard } from './welcome-card';

/**
 * '/': for roles with the Dashboard permission (§6) the open incidents with their counters and filters, and the
 * day's duty rosters on a second tab; a welcome card for the others.
 */
export function DashboardScreen({ search, onSearchChange }: { search: DashboardSearch; onSearchChange: (s: DashboardSearch) => void }) {
  const session = useSession();
  const role = userRole(session?.user);
  if (!session) return null;
  if (!can(role.name, 'dashboard')) return <WelcomeCard user={session.user} />;
  return <Dashboard search={search} onSearchChange={onSearchChange} />;
}

function Dashboard({ search, onSearchChange }: { search: DashboardSearch; onSearchChange: (s: DashboardSearch) => void }) {
  const t = useT();
  const session = useSession()!;
  const user = session.user;
  const tab: DashboardTab = search.tab ?? 'insiden';
  const client = useQueryClient();
  const fetching = useIsFetching({ queryKey: tab === 'insiden' ? ['incidents'] : ['dashboard', 'rosters'] }) > 0;

  return (
    <Box data-testid="dashboard">
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('lists.dashboardSubtitle', { date: isoDateToDisplay(todayIso()), region: seesAllRegions(user) ? t('lists.filter.allRegions') : user.section.region.value })}
        actions={
          <Tooltip content={t('lists.refresh')}>
            <IconButton
              aria-label={t('lists.refresh')}
              variant="outline"
              size="md"
              minW="11"
              minH="11"
              bg="white"
              loading={fetching}
              onClick={() => client.invalidateQueries({ queryKey: tab === 'insiden' ? ['incidents'] : ['dashboard', 'rosters'] })}
              data-testid="dashboard-refresh"
            >
              <LuRefreshCw />
            </IconButton>
          </Tooltip>
        }
      />
      <Flex role="tablist" aria-label={t('dashboard.title')} gap="1" mb="5" borderBottomWidth="1px" borderColor="gray.200">
        <TabButton selected={tab === 'insiden'} onClick={() => onSearchChange({ ...search, tab: undefined })} icon={<LuSiren />} testId="tab-incidents">
          {t('lists.tab.incidents')}
        </TabButton>
        <TabButton selected={tab === 'jadual'} onClick={() => onSearchChange({ ...search, tab: 'jadual' })} icon={<LuCalendarClock />} testId="tab-rosters">
          {t('lists.tab.rosters')}
        </TabButton>
      </Flex>
      <Box role="tabpanel">
        {tab === 'insiden' ? <IncidentDashboard user={user} search={search} onSearchChange={onSearchChange} /> : <RosterDashboard user={user} />}
      </Box>
    </Box>
  );
}

function TabButton({ selected, onClick, icon, children, testId }: { selected: boolean; onClick: () => void; icon: ReactNode; children: ReactNode; testId: string }) {
  return (
    <chakra.button
      type="button"
      role="tab"
      aria-selected={selected}
      onClick={onClick}
      display="inline-flex"
      alignItems="center"
      gap="2"
      minH="11"
      px="4"
      mb="-1px"
      fontWeight="semibold"
      fontSize="sm"
      color={selected ? 'brand.800' : 'fg.muted'}
      borderBottomWidth="3px"
      borderColor={selected ? 'amber.500' : 'transparent'}
      cursor="pointer"
      _hover={{ color: 'brand.800' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500' }}
      data-testid={testId}
    >
      {icon}
      {children}
    </chakra.button>
  );
}
