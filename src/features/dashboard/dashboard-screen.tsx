import { Suspense, lazy, memo, startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Box, Flex, IconButton } from '@chakra-ui/react';
import { LuCalendarClock, LuRefreshCw, LuSiren } from 'react-icons/lu';
import { can } from '@contract/roles';
import { useFrameMark } from '@/lib/frame-mark';
import { useT } from '@/lib/i18n';
import { seesAllRegions } from '@/lib/incident-list-options';
import { useSession, userRole } from '@/lib/session';
import { isoDateToDisplay, todayIso } from '@/lib/time';
import { PageHeader } from '@/ui/page-header';
import { Tooltip } from '@/ui/tooltip';
import type { DashboardSearch, DashboardTab } from './dashboard-search';
import { WelcomeCard } from './welcome-card';
import { mayHandOver } from './handover-rules';
import { handoverPendingQuery } from './handover-query';
import { TabButton } from '@/ui/tab-button';
import { SettleProvider, useSettleGate } from '@/ui/settle-gate';
import '@/ui/plain.css';
import './incident-dashboard.css';

/*
 * The dashboard's frame (title, refresh, tabs) ships with the shell and paints first; its heavy parts (counters,
 * filter bar with its date pickers, the incident list; the roster cards) are a chunk of their own that starts
 * loading as soon as the frame has been committed (issue #2: the first load stays within its budget). The mark
 * 'dashboard-frame' (src/lib/frame-mark.ts) is when that happens: bench/bundle-size.mjs counts the JavaScript
 * requested before it as the first load, and prints the total once the list has shown its first answer.
 */
// memo: the panels render again for their own data, not each time the frame does (a re-render of the whole list
// is a long task on a tablet's CPU)
const IncidentDashboard = memo(lazy(async () => ({ default: (await import('./incident-dashboard')).IncidentDashboard })));
const RosterDashboard = memo(lazy(async () => ({ default: (await import('./roster-dashboard')).RosterDashboard })));
/** "Perlu serahan" (issue #29 item 2): above the tabs, for those who may hand a case over; nothing when none is flagged. */
const HandoverPanel = memo(lazy(async () => ({ default: (await import('./handover-panel')).HandoverPanel })));

/** Whether a dashboard frame has been committed in this page: later visits render their panel at once. */
let frameShown = false;

/** False for the first frame's commit, then true: what is below the frame loads after it. */
function useFrameCommitted(): boolean {
  useFrameMark();
  const [committed, setCommitted] = useState(frameShown);
  useEffect(() => {
    if (frameShown) return;
    frameShown = true;
    // in the background: the panels' first render (hundreds of components as their chunks come) is sliced, not one
    // long task
    startTransition(() => setCommitted(true));
  }, []);
  return committed;
}

/**
 * '/': for roles with the Dashboard permission (§6) the open incidents with their counters and filters, and the
 * day's duty rosters on a second tab; a welcome card for the others.
 */
export function DashboardScreen({
  search,
  onSearchChange,
  topPanel,
}: {
  search: DashboardSearch;
  onSearchChange: (s: DashboardSearch) => void;
  /** another feature's panel above the tabs, composed by the route (the TMC's "Laporan peronda", issue #30 item 2) */
  topPanel?: ReactNode;
}) {
  const session = useSession();
  const role = userRole(session?.user);
  if (!session) return null;
  if (!can(role.name, 'dashboard')) return <WelcomeCard user={session.user} />;
  return <Dashboard search={search} onSearchChange={onSearchChange} topPanel={topPanel} />;
}

function Dashboard({
  search,
  onSearchChange,
  topPanel,
}: {
  search: DashboardSearch;
  onSearchChange: (s: DashboardSearch) => void;
  topPanel?: ReactNode;
}) {
  const t = useT();
  const session = useSession()!;
  const user = session.user;
  const tab: DashboardTab = search.tab ?? 'insiden';
  const committed = useFrameCommitted();
  const handsOver = mayHandOver(userRole(user).name);
  // The reads below the frame leave as it shows, while their panels' code loads: Perlu serahan's cases (what is
  // below the panels waits for them: the gate) and, once, the incident dashboard's own (dashboard-queries.ts) for the
  // URL the page opened with
  const queryClient = useQueryClient();
  const opened = useRef({ tab, search });
  useEffect(() => {
    if (handsOver) void queryClient.prefetchQuery(handoverPendingQuery(user.userId));
    if (opened.current.tab === 'insiden') {
      void import('./dashboard-queries').then((m) => m.prefetchDashboard(queryClient, user, opened.current.search)).catch(() => undefined); // the dashboard's own import fails the same way, and says so
    }
  }, [handsOver, queryClient, user]);
  // the panels above the tabs first, then all at once (src/ui/settle-gate.tsx): nothing moves under the user's finger
  // (each reports through useReportSettled: the route's panel and Perlu serahan)
  const gate = useSettleGate((topPanel ? 1 : 0) + (handsOver ? 1 : 0));

  return (
    <Box data-testid="dashboard">
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('lists.dashboardSubtitle', {
          date: isoDateToDisplay(todayIso()),
          region: seesAllRegions(user) ? t('lists.filter.allRegions') : user.section.region.value,
        })}
        actions={<RefreshButton tab={tab} />}
      />
      {!gate.open && <PanelLoading />}
      <Box hidden={!gate.open} data-testid="dashboard-body">
        <SettleProvider value={gate.report}>
          {committed && topPanel && <Suspense fallback={null}>{topPanel}</Suspense>}
          {committed && handsOver && (
            <Suspense fallback={null}>
              <HandoverPanel />
            </Suspense>
          )}
        </SettleProvider>
        <Flex role="tablist" aria-label={t('dashboard.title')} gap="1" mb="5" borderBottomWidth="1px" borderColor="border">
          <TabButton
            selected={tab === 'insiden'}
            onClick={() => onSearchChange({ ...search, tab: undefined })}
            icon={<LuSiren />}
            testId="tab-incidents"
          >
            {t('lists.tab.incidents')}
          </TabButton>
          <TabButton
            selected={tab === 'jadual'}
            onClick={() => onSearchChange({ ...search, tab: 'jadual' })}
            icon={<LuCalendarClock />}
            testId="tab-rosters"
          >
            {t('lists.tab.rosters')}
          </TabButton>
        </Flex>
        {/* the tab's content renders once the panels above have settled and shown (their data and the tab's own are
            asked for at once, above): rendered beside them while hidden, its few thousand components kept the panels
            (the screen's first content) off the screen on a tablet's CPU */}
        <Box role="tabpanel">
          {committed && gate.open ? (
            <Suspense fallback={<PanelLoading />}>
              {tab === 'insiden' ? (
                <IncidentDashboard user={user} search={search} onSearchChange={onSearchChange} />
              ) : (
                <RosterDashboard user={user} />
              )}
            </Suspense>
          ) : (
            <PanelLoading />
          )}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * Refresh of the tab's lists, its icon spinning while any of them is fetched. Its own component: the fetching state
 * changes with every request, and only the button needs to render again for it. Never disabled while it spins: the
 * lists are read again every 60 s, and a disabled button lost the keyboard's focus (to the page's body) at each poll.
 */
function RefreshButton({ tab }: { tab: DashboardTab }) {
  const t = useT();
  const client = useQueryClient();
  const queryKey = tab === 'insiden' ? ['incidents'] : ['dashboard', 'rosters'];
  const fetching = useIsFetching({ queryKey }) > 0;
  return (
    <Tooltip content={t('lists.refresh')}>
      <IconButton
        aria-label={t('lists.refresh')}
        variant="outline"
        size="md"
        minW="11"
        minH="11"
        bg="bg.panel"
        className="db-refresh"
        aria-busy={fetching || undefined}
        data-busy={fetching ? '' : undefined}
        onClick={() => client.invalidateQueries({ queryKey })}
        data-testid="dashboard-refresh"
      >
        <LuRefreshCw />
      </IconButton>
    </Tooltip>
  );
}

/**
 * Counters and rows in grey while the dashboard's chunk loads (the list's own loading state follows): plain elements
 * (incident-dashboard.css), part of the shell's first commit.
 */
function PanelLoading() {
  return (
    <div data-testid="dashboard-loading" aria-busy="true">
      <div className="db-skel-counters">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="u-skeleton db-skel-counter" />
        ))}
      </div>
      <div className="u-skeleton db-skel-chips" />
      <div className="u-skeleton db-skel-bar" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="u-skeleton db-skel-row" />
      ))}
    </div>
  );
}
