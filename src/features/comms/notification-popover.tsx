import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Badge, Box, Circle, Flex, Popover, Portal, Spinner, Text } from '@chakra-ui/react';
import { popoverSlotRecipe } from '@chakra-theme/recipes/popover';
import { LuBellOff } from 'react-icons/lu';
import type { Notification } from '@contract/comms';
import { useT } from '@/lib/i18n';
import { formatDate, formatTime } from '@/lib/time';
import { useRouteExists } from '@/ui/use-route-exists';
import { BellButton, UnreadCount } from './notification-bell';
import { useMarkNotificationRead, useNotifications } from './use-comms';

const INCIDENT_VIEW_ROUTE = '/insidenView/$insidenId';

/** The bell's list of notifications (loaded on first use by ./notification-bell.tsx). */
export function NotificationPopover({ unread, openOnMount }: { unread: number; openOnMount?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const exists = useRouteExists();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const q = useNotifications(true);
  const markRead = useMarkNotificationRead();
  const items = q.data ?? [];

  // mounted by the click that asked for it: open now, through the same transition as any later opening
  useEffect(() => {
    if (openOnMount) setOpen(true);
  }, [openOnMount]);

  const onItem = (n: Notification) => {
    if (!n.read) markRead.mutate(n.incidentTicketNumber);
    if (exists(INCIDENT_VIEW_ROUTE)) {
      setOpen(false);
      void navigate({ to: INCIDENT_VIEW_ROUTE as never, params: { insidenId: String(n.incidentId) } as never });
      return;
    }
    setSelected((s) => (s === n.incidentTicketNumber ? null : n.incidentTicketNumber));
  };

  return (
    <Popover.Root recipe={popoverSlotRecipe} open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }} lazyMount>
      <Box position="relative" display="inline-flex">
        <Popover.Trigger asChild>
          <BellButton />
        </Popover.Trigger>
        <UnreadCount unread={unread} />
      </Box>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="340px" maxW="calc(100vw - 16px)">
            <Popover.Header px="4" py="3" borderBottomWidth="1px" borderColor="gray.100">
              <Flex align="center" justify="space-between">
                <Text fontWeight="semibold" color="brand.900">
                  {t('topbar.notifications')}
                </Text>
                {q.isFetching && <Spinner size="xs" color="brand.500" />}
              </Flex>
            </Popover.Header>
            <Popover.Body p="0">
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
                      borderColor="gray.100"
                      bg={n.read ? 'white' : 'brand.50'}
                      _hover={{ bg: 'gray.50' }}
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
                      {selected === n.incidentTicketNumber && (
                        <Box mt="2" fontSize="xs" color="gray.700">
                          <Text color="fg.muted">{t('topbar.incidentSoon')}</Text>
                          <Text mt="1">
                            {t('topbar.incidentDate')}: {formatDate(n.incidentDate)} {formatTime(n.incidentTime)}
                          </Text>
                        </Box>
                      )}
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
