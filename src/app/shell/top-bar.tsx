import { useEffect, useState } from 'react';
import { Link as RouterLink } from '@tanstack/react-router';
import { Badge, Box, Circle, Flex, Float, IconButton } from '@chakra-ui/react';
import { LuCalendarDays, LuMegaphone, LuMenu, LuPanelLeftClose, LuPanelLeftOpen, LuWifiOff } from 'react-icons/lu';
import { showsNotificationBell } from '@contract/roles';
import type { WebUser } from '@contract/auth';
import { useT } from '@/lib/i18n';
import { userRole } from '@/lib/session';
import { formatDate, formatTime } from '@/lib/time';
import { useOnline } from '@/lib/use-online';
import { Logo } from '@/ui/logo';
import { Tooltip } from '@/ui/tooltip';
import { NotificationBell } from '@/features/comms/notification-bell';
import { useAlerts } from '@/features/comms/use-comms';
import { SyncIndicator } from '@/features/sync/sync-indicator';
import { GpsChipSlot } from './gps-slots';
import { syncPanelActions } from './sync-actions';
import { UserMenu } from './user-menu';
import '@/ui/plain.css';
import './top-bar.css';
import type { NavMode } from './use-nav-mode';

/**
 * Today's date and the time of day (to the second) in the top bar, in a component of its own: the clock renders these
 * few elements each second, not the whole top bar (120 components every second was a long task on a tablet's CPU,
 * counted by Lighthouse's TBT). Plain elements (top-bar.css): a Chakra component serialises its styles on every
 * render, and this one renders every second of a shift.
 */
function TopDate({ label }: { label: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <div className="tb-date" data-testid="top-date">
      <span className="u-sr-only">{label}: </span>
      <span className="tb-date-icon" aria-hidden="true">
        <LuCalendarDays />
      </span>
      <p className="tb-date-day">{formatDate(now)}</p>
      <p className="tb-date-time">{formatTime(now)}</p>
    </div>
  );
}

/** Top bar (§2.4): date, bell (TMC only, never TSTE), 'Siaran Portal' button, the user's name and role. */
export function TopBar({
  user,
  navMode,
  navCollapsed,
  onMenuClick,
  onMenuIntent,
  onBroadcastClick,
  onBroadcastIntent,
  homePath,
}: {
  user: WebUser;
  navMode: NavMode;
  navCollapsed: boolean;
  onMenuClick: () => void;
  /** hover or focus: the drawer it opens may start loading */
  onMenuIntent: () => void;
  onBroadcastClick: () => void;
  onBroadcastIntent: () => void;
  homePath: string;
}) {
  const t = useT();
  const online = useOnline();
  const role = userRole(user);
  const alerts = useAlerts();
  const alertCount = alerts.data?.length ?? 0;

  const menuLabel = navMode === 'drawer' ? t('menu.open') : navCollapsed ? t('menu.expand') : t('menu.collapse');
  const MenuIcon = navMode === 'drawer' ? LuMenu : navCollapsed ? LuPanelLeftOpen : LuPanelLeftClose;

  return (
    <Flex
      as="header"
      h="16"
      flexShrink={0}
      align="center"
      gap={{ base: '1', md: '2' }}
      px={{ base: '2', md: '3' }}
      bg="chrome.bg"
      color="chrome.fg"
      borderBottomWidth="1px"
      borderColor="chrome.border"
      data-testid="top-bar"
    >
      <Tooltip content={menuLabel}>
        <IconButton
          aria-label={menuLabel}
          variant="ghost"
          size="lg"
          color="chrome.fg"
          _hover={{ bg: 'chrome.bgHover' }}
          onClick={onMenuClick}
          onPointerEnter={onMenuIntent}
          onFocus={onMenuIntent}
          data-testid="menu-toggle"
        >
          <MenuIcon />
        </IconButton>
      </Tooltip>

      {/* named by its visible text (WCAG 2.5.3 label in name); the title names it when that text is hidden (narrow screens) */}
      <RouterLink to={homePath} title={t('app.name')}>
        <span className="tb-brand">
          <Logo size={34} />
          <span className="tb-brand-text">
            <span className="tb-brand-name">{t('app.name')}</span>
            <span className="tb-brand-tagline">{t('app.tagline')}</span>
          </span>
        </span>
      </RouterLink>

      <TopDate label={t('topbar.today')} />

      <Box flex="1" />

      {!online && (
        <Badge colorPalette="orange" variant="solid" size="md" gap="1.5" display={{ base: 'none', md: 'inline-flex' }} data-testid="offline-badge">
          <LuWifiOff /> {t('topbar.offline')}
        </Badge>
      )}

      <GpsChipSlot user={user} />

      <SyncIndicator actions={syncPanelActions} />

      {showsNotificationBell(role.name) && <NotificationBell />}

      <Tooltip content={t('topbar.broadcast')}>
        <Box position="relative" display="inline-flex">
          <IconButton
            aria-label={t('topbar.broadcast')}
            variant="ghost"
            size="lg"
            color="chrome.fg"
            _hover={{ bg: 'chrome.bgHover' }}
            onClick={onBroadcastClick}
            onPointerEnter={onBroadcastIntent}
            onFocus={onBroadcastIntent}
            data-testid="broadcast-button"
          >
            <LuMegaphone />
          </IconButton>
          {alertCount > 0 && (
            <Float placement="top-end" offset="3">
              <Circle size="2.5" bg="amber.500" borderWidth="2px" borderColor="chrome.bg" pointerEvents="none" />
            </Float>
          )}
        </Box>
      </Tooltip>

      <UserMenu user={user} />
    </Flex>
  );
}
