import { useState, type ReactNode } from 'react';
import { Alert, Box, Drawer, Flex, Portal } from '@chakra-ui/react';
import type { WebUser } from '@contract/auth';
import { landingFor, guardUserOf } from '@/lib/access';
import { useT } from '@/lib/i18n';
import { userRole } from '@/lib/session';
import { useOnline } from '@/lib/use-online';
import { CommsDrawer, type CommsMode } from '@/features/comms/comms-drawer';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { useNavMode } from './use-nav-mode';

/** The signed-in frame: top bar, side menu, content, right drawer (§2.3–2.5). */
export function AppShell({ user, children }: { user: WebUser; children: ReactNode }) {
  const t = useT();
  const online = useOnline();
  const nav = useNavMode();
  const [commsOpen, setCommsOpen] = useState(false);
  const [commsMode, setCommsMode] = useState<CommsMode>('broadcast');
  const role = userRole(user);
  const home = landingFor(guardUserOf(user));

  return (
    <Flex direction="column" h="100dvh" overflow="hidden" data-testid="app-shell">
      <TopBar
        user={user}
        navMode={nav.mode}
        navCollapsed={nav.collapsed}
        onMenuClick={nav.toggle}
        onBroadcastClick={() => {
          setCommsMode('broadcast');
          setCommsOpen(true);
        }}
        homePath={home}
      />
      <Flex flex="1" minH="0">
        {nav.mode !== 'drawer' && <SideNav roleName={role.name} variant={nav.mode === 'rail' ? 'rail' : 'full'} />}
        <Box as="main" flex="1" minW="0" overflowY="auto" bg="surface.page" id="main">
          {!online && (
            <Alert.Root status="warning" rounded="none" py="2" px={{ base: '4', md: '6' }} borderBottomWidth="1px" borderColor="orange.200" data-testid="offline-banner">
              <Alert.Indicator />
              <Alert.Description fontSize="sm">{t('app.offline')}</Alert.Description>
            </Alert.Root>
          )}
          <Box px={{ base: '4', md: '6' }} py={{ base: '4', md: '6' }} maxW="1680px" mx="auto">
            {children}
          </Box>
        </Box>
      </Flex>

      {nav.mode === 'drawer' && (
        <Drawer.Root open={nav.drawerOpen} onOpenChange={(e) => nav.setDrawerOpen(e.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content w="256px" maxW="256px" bg="chrome.bg">
                <SideNav roleName={role.name} variant="full" onNavigate={() => nav.setDrawerOpen(false)} />
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}

      <CommsDrawer open={commsOpen} mode={commsMode} onOpenChange={setCommsOpen} onModeChange={setCommsMode} />
    </Flex>
  );
}
