import { forwardRef } from 'react';
import { Box, Circle, Float, IconButton, type IconButtonProps } from '@chakra-ui/react';
import { LuBell } from 'react-icons/lu';
import { useDecidesFieldReports, usePendingFieldReports } from '@/lib/field-reports';
import { useT } from '@/lib/i18n';
import { onDemand, prefetch, useOnDemand } from '@/ui/on-demand';
import { useNotifications } from './use-comms';

const popup = onDemand(() => import('./notification-popover'));

/** The bell button (44 px). */
export const BellButton = forwardRef<HTMLButtonElement, Omit<IconButtonProps, 'children'>>(function BellButton(props, ref) {
  const t = useT();
  return (
    <IconButton
      ref={ref}
      aria-label={t('topbar.notifications')}
      variant="ghost"
      color="chrome.fg"
      _hover={{ bg: 'chrome.bgHover' }}
      size="lg"
      data-testid="notification-bell"
      {...props}
    >
      <LuBell />
    </IconButton>
  );
});

/** The red unread count over the bell (red.700: white on red.500 is 3.8:1, under WCAG's 4.5:1). */
export function UnreadCount({ unread }: { unread: number }) {
  if (unread <= 0) return null;
  return (
    <Float placement="top-end" offset="2.5">
      <Circle
        size="5"
        bg="red.700"
        color="white"
        fontSize="2xs"
        fontWeight="bold"
        px="1"
        minW="5"
        data-testid="notification-count"
        pointerEvents="none"
      >
        {unread > 99 ? '99+' : unread}
      </Circle>
    </Float>
  );
}

/**
 * §2.4: bell with a red unread count, for TMC roles only (the shell decides with showsNotificationBell). The count
 * polls from the start; the list (a popover) loads on first use. The count includes the field reports waiting for
 * the TMC (issue #30 item 2; only for those who decide them), listed in the popover too.
 */
export function NotificationBell() {
  const q = useNotifications(true);
  const reports = usePendingFieldReports();
  const decides = useDecidesFieldReports();
  const unread = (q.data ?? []).filter((n) => !n.read).length + (reports.data?.filter((r) => r.status === 'PENDING').length ?? 0);
  // the count is whole once both lists have answered (the field reports only for those who decide them)
  const ready = q.data !== undefined && (!decides || reports.data !== undefined || reports.isError);
  const [mod, request, asked] = useOnDemand(popup);
  if (mod) return <mod.NotificationPopover unread={unread} ready={ready} openOnMount={asked} />;
  return (
    <Box position="relative" display="inline-flex">
      <BellButton
        aria-haspopup="dialog"
        aria-expanded={false}
        onPointerEnter={() => prefetch(popup)}
        onFocus={() => prefetch(popup)}
        onClick={request}
        data-ready={ready || undefined}
      />
      <UnreadCount unread={unread} />
    </Box>
  );
}
