import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Flex } from '@chakra-ui/react';
import type { WebUser } from '@contract/auth';
import { landingFor, guardUserOf } from '@/lib/access';
import { useT } from '@/lib/i18n';
import { userRole } from '@/lib/session';
import { useOnline } from '@/lib/use-online';
import type { CommsMode } from '@/features/comms/comms-drawer';
import { CommsBackground } from '@/features/comms/comms-background';
import { onDemand, prefetch, useOnDemand } from '@/ui/on-demand';
import { useCaseDialog } from '@/lib/case-dialog';
import { GpsBannerSlot } from './gps-slots';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { useNavMode } from './use-nav-mode';

// Drawers load on first use (src/ui/on-demand.ts).
const commsDrawer = onDemand(() => import('@/features/comms/comms-drawer'));
const navDrawer = onDemand(() => import('./nav-drawer'));
const caseDialog = onDemand(() => import('../case-dialog'));

/** The signed-in frame: top bar, side menu, content, right drawer (§2.3–2.5). */
export function AppShell({ user, children }: { user: WebUser; children: ReactNode }) {
  const t = useT();
  const online = useOnline();
  const nav = useNavMode();
  const [commsOpen, setCommsOpen] = useState(false);
  const [commsMode, setCommsMode] = useState<CommsMode>('broadcast');
  const role = userRole(user);
  const home = landingFor(guardUserOf(user));
  const [comms, requestComms] = useOnDemand(commsDrawer);
  const [drawerNav, requestDrawerNav] = useOnDemand(navDrawer);
  // a notification opens its case in a full-screen dialog (issue #6); the dialog and the case view load then
  const openCase = useCaseDialog();
  const [caseDlg, requestCaseDlg] = useOnDemand(caseDialog);
  useEffect(() => {
    if (openCase !== null) requestCaseDlg();
  }, [openCase, requestCaseDlg]);

  return (
    <Flex direction="column" h="100dvh" overflow="hidden" data-testid="app-shell">
      {/* the keyboard's first stop: straight to the page, past the top bar and the menu (issue #19); shown when focused */}
      <Box
        asChild
        position="fixed"
        top="2"
        insetStart="2"
        zIndex="skipNav"
        px="4"
        py="2.5"
        rounded="md"
        bg="bg.panel"
        color="brand.ink"
        fontWeight="semibold"
        boxShadow="md"
        transform="translateY(-300%)"
        _focus={{ transform: 'none' }}
        // the ring inside the white box: it stands over the navy top bar
        _focusVisible={{ outlineOffset: '-4px' }}
      >
        {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main by convention (listed with the links); the click moves the focus itself because the router would take the hash change as a navigation */}
        <a
          href="#main"
          onClick={(e) => {
            // a hash change would be a navigation for the router: move the focus instead
            e.preventDefault();
            document.getElementById('main')?.focus();
          }}
          data-testid="skip-link"
        >
          {t('app.skipToContent')}
        </a>
      </Box>
      <TopBar
        user={user}
        navMode={nav.mode}
        navCollapsed={nav.collapsed}
        onMenuClick={() => {
          if (nav.mode === 'drawer') requestDrawerNav();
          nav.toggle();
        }}
        onMenuIntent={() => nav.mode === 'drawer' && prefetch(navDrawer)}
        onBroadcastClick={() => {
          setCommsMode('broadcast');
          setCommsOpen(true);
          requestComms();
        }}
        onBroadcastIntent={() => prefetch(commsDrawer)}
        homePath={home}
      />
      <Flex flex="1" minH="0">
        {nav.mode !== 'drawer' && <SideNav roleName={role.name} variant={nav.mode === 'rail' ? 'rail' : 'full'} />}
        <Box
          as="main"
          flex="1"
          minW="0"
          overflowY="auto"
          bg="surface.page"
          id="main"
          tabIndex={-1}
          _focus={{ outline: 'none' }}
          data-scroll-restoration-id="main"
        >
          {!online && (
            <Alert.Root
              status="warning"
              rounded="none"
              py="2"
              px={{ base: '4', md: '6' }}
              borderBottomWidth="1px"
              borderColor="orange.emphasized"
              data-testid="offline-banner"
            >
              <Alert.Indicator />
              <Alert.Description fontSize="sm">{t('app.offline')}</Alert.Description>
            </Alert.Root>
          )}
          <Box px={{ base: '4', md: '6' }} py={{ base: '4', md: '6' }} maxW="1680px" mx="auto">
            {children}
          </Box>
          {/* after the screen, held at the window's foot while it scrolls: it comes a moment after the screen (the
              browser is asked whether location is allowed) and above it would push the whole screen down */}
          <GpsBannerSlot user={user} />
        </Box>
      </Flex>

      {nav.mode === 'drawer' && drawerNav && <drawerNav.NavDrawer open={nav.drawerOpen} onOpenChange={nav.setDrawerOpen} roleName={role.name} />}

      {caseDlg && <caseDlg.CaseDialog />}
      {/* background polling and system notifications (issue #6 item 4); a click on an alert's notification opens the drawer */}
      <CommsBackground
        onOpenAlerts={() => {
          setCommsMode('alerts');
          setCommsOpen(true);
          requestComms();
        }}
      />
      {comms && <comms.CommsDrawer open={commsOpen} mode={commsMode} onOpenChange={setCommsOpen} onModeChange={setCommsMode} />}
    </Flex>
  );
}
