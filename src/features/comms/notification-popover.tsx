import { useEffect, useState } from 'react';
import { Badge, Box, Circle, Flex, Popover, Portal, Spinner, Text } from '@chakra-ui/react';
import { popoverSlotRecipe } from '@chakra-theme/recipes/popover';
import { LuBellOff } from 'react-icons/lu';
import type { Notification } from '@contract/comms';
import { useT } from '@/lib/i18n';
import { formatDate, formatTime } from '@/lib/time';
import { BellButton, UnreadCount } from './notification-bell';
import { useNotifications, useReadNotification } from './use-comms';
import { NotifyPrompt } from './notify-prompt';
import { FieldReportItems } from './field-report-items';
import { openCaseDialog } from '@/lib/case-dialog';

/** The bell's list of notifications (loaded on first use by ./notification-bell.tsx). */
export function NotificationPopover({ unread, ready, openOnMount }: { unread: number; ready?: boolean; openOnMount?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const q = useNotifications(true);
  const readNotification = useReadNotification();
  const items = q.data ?? [];

  // mounted by the click that asked for it: open now, through the same transition as any later opening
  useEffect(() => {
    if (openOnMount) setOpen(true);
  }, [openOnMount]);

  // §4.4: the case opens in a full-screen dialog; the patrol's latest entry gets 'Read by', the notification is
  // marked read and the list refreshed
  const onItem = (n: Notification) => {
    setOpen(false);
    openCaseDialog(n.incidentId);
    readNotification.mutate(n);
  };

  return (
    <Popover.Root recipe={popoverSlotRecipe} open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }} lazyMount>
      <Box position="relative" display="inline-flex">
        <Popover.Trigger asChild>
          <BellButton data-ready={ready || undefined} />
        </Popover.Trigger>
        <UnreadCount unread={unread} />
      </Box>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="340px" maxW="calc(100vw - 16px)" aria-label={t('topbar.notifications')}>
            <Popover.Header px="4" py="3" borderBottomWidth="1px" borderColor="border.muted">
              <Flex align="center" justify="space-between">
                <Text fontWeight="semibold" color="brand.ink">
                  {t('topbar.notifications')}
                </Text>
                {q.isFetching && <Spinner size="xs" color="brand.fg" />}
              </Flex>
            </Popover.Header>
            <Popover.Body p="0">
              <NotifyPrompt />
              <FieldReportItems onNavigate={() => setOpen(false)} />
              <Box maxH="300px" overflowY="auto" data-testid="notification-list">
                {items.length === 0 ? (
                  <Flex direction="column" align="center" gap="2" py="8" color="fg.muted">
                    <LuBellOff />
                    <Text fontSize="sm">{t('topbar.noNotifications')}</Text>
                  </Flex>
                ) : (
                  items.map((n) => (
                    <Box
                      key={`${n.incidentTicketNumber}-${n.incidentId}`}
                      as="button"
                      w="full"
                      textAlign="left"
                      px="4"
                      py="3"
                      minH="12"
                      borderBottomWidth="1px"
                      borderColor="border.muted"
                      bg={n.read ? 'bg.panel' : 'brand.subtle'}
                      _hover={{ bg: 'bg.subtle' }}
                      onClick={() => onItem(n)}
                      data-testid="notification-item"
                    >
                      <Flex align="center" justify="space-between" gap="2">
                        <Flex align="center" gap="2" minW="0">
                          {!n.read && <Circle size="2" bg="red.500" flexShrink={0} aria-label={t('topbar.unread')} />}
                          <Text fontWeight="semibold" fontFamily="mono" fontSize="sm" truncate>
                            {n.incidentTicketNumber}
                          </Text>
                        </Flex>
                        <Badge size="sm" colorPalette="brand" variant="subtle" flexShrink={0}>
                          {n.incidentStatus}
                        </Badge>
                      </Flex>
                      <Text mt="1" fontSize="xs" color="fg.muted">
                        {t('topbar.incidentDate')}: {formatDate(n.incidentDate)} {formatTime(n.incidentTime)}
                      </Text>
                    </Box>
                  ))
                )}
              </Box>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
