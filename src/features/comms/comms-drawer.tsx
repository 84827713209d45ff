import { Badge, CloseButton, Drawer, Flex, Portal, SegmentGroup, Text } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import { useT } from '@/lib/i18n';
import { useMounted } from '@/ui/on-demand';
import { AlertsPanel } from './alerts-panel';
import { NotifyPrompt } from './notify-prompt';
import { BroadcastPanel } from './broadcast-panel';
import { useAlerts } from './use-comms';

export type CommsMode = 'broadcast' | 'alerts';

/** The 300 px right drawer (§2.5) with its two modes; loaded on first use by the app shell. */
export function CommsDrawer({
  open,
  mode,
  onOpenChange,
  onModeChange,
}: {
  open: boolean;
  mode: CommsMode;
  onOpenChange: (o: boolean) => void;
  onModeChange: (m: CommsMode) => void;
}) {
  const t = useT();
  // mounted by the click that opened it: open right after mounting, through the same transition as later openings
  const mounted = useMounted();
  const alerts = useAlerts();
  const alertCount = alerts.data?.length ?? 0;
  return (
    <Drawer.Root recipe={drawerSlotRecipe} open={open && mounted} onOpenChange={(e) => onOpenChange(e.open)} placement="end">
      <Portal>
        <Drawer.Backdrop bg="blackAlpha.300" />
        <Drawer.Positioner>
          <Drawer.Content w="300px" maxW="300px" data-testid="comms-drawer" data-mode={mode}>
            <Drawer.Header px="3" py="3" borderBottomWidth="1px" borderColor="border.muted" bg="brand.900" color="white">
              <Flex direction="column" gap="3" w="full">
                <Flex align="center" justify="space-between">
                  <Drawer.Title fontSize="md">{mode === 'broadcast' ? t('drawer.broadcast') : t('drawer.alerts')}</Drawer.Title>
                  <Drawer.CloseTrigger asChild position="static">
                    <CloseButton size="md" color="white" _hover={{ bg: 'whiteAlpha.200' }} aria-label={t('drawer.close')} />
                  </Drawer.CloseTrigger>
                </Flex>
                <SegmentGroup.Root
                  value={mode}
                  onValueChange={(d) => d.value && onModeChange(d.value as CommsMode)}
                  size="sm"
                  bg="whiteAlpha.200"
                  color="white"
                  w="full"
                >
                  <SegmentGroup.Indicator bg="bg.panel" />
                  <SegmentGroup.Item
                    value="broadcast"
                    flex="1"
                    minH="10"
                    justifyContent="center"
                    color="white"
                    _checked={{ color: 'brand.ink' }}
                    data-testid="mode-broadcast"
                  >
                    <SegmentGroup.ItemText>{t('drawer.broadcast')}</SegmentGroup.ItemText>
                    <SegmentGroup.ItemHiddenInput />
                  </SegmentGroup.Item>
                  <SegmentGroup.Item
                    value="alerts"
                    flex="1"
                    minH="10"
                    justifyContent="center"
                    color="white"
                    _checked={{ color: 'brand.ink' }}
                    data-testid="mode-alerts"
                  >
                    <SegmentGroup.ItemText>
                      <Flex align="center" gap="1.5">
                        <Text as="span">{t('drawer.alerts')}</Text>
                        {alertCount > 0 && (
                          <Badge size="xs" colorPalette="red" variant="solid" rounded="full">
                            {alertCount}
                          </Badge>
                        )}
                      </Flex>
                    </SegmentGroup.ItemText>
                    <SegmentGroup.ItemHiddenInput />
                  </SegmentGroup.Item>
                </SegmentGroup.Root>
              </Flex>
            </Drawer.Header>
            <Drawer.Body p="0" display="flex" flexDirection="column" minH="0">
              <NotifyPrompt />
              {mode === 'broadcast' ? <BroadcastPanel /> : <AlertsPanel />}
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
