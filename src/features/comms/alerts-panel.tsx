import { useState } from 'react';
import { Badge, Box, Button, CloseButton, DataList, Dialog, Flex, Portal, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { LuBellOff, LuCheck, LuInfo } from 'react-icons/lu';
import type { AlertRow } from '@contract/comms';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/api';
import { formatDateTime } from '@/lib/time';
import { notify } from '@/ui/toaster';
import { ListStates } from '@/ui/states';
import { useAlerts, useMarkAlertRead } from './use-comms';

/** 'Notifikasi' mode of the right drawer (§2.5, §4.4): unread alerts; read ones are archived (viewed 1). */
export function AlertsPanel() {
  const t = useT();
  const list = useAlerts();
  const markRead = useMarkAlertRead();
  const [detail, setDetail] = useState<AlertRow | null>(null);
  const rows = list.data ?? [];

  const read = (a: AlertRow) =>
    markRead.mutate(a.pkAlertNotificationId, {
      onSuccess: () => setDetail(null),
      onError: (err) => notify.error(errorText(err)),
    });

  return (
    <Box h="full" overflowY="auto" data-testid="alert-list">
      <ListStates
        pending={list.isPending}
        failed={list.isError && !rows.length}
        failedText={t('drawer.loadFailed')}
        empty={rows.length === 0}
        emptyIcon={<LuBellOff />}
        emptyText={t('drawer.noAlerts')}
        emptyTestId="alerts-empty"
        skeletonHeight="20"
      >
        {rows.map((a) => (
          <Box key={a.pkAlertNotificationId} px="3" py="3" borderBottomWidth="1px" borderColor="border.muted" data-testid="alert-item">
            <Flex justify="space-between" align="center" gap="2">
              <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                {formatDateTime(a.datetime)}
              </Text>
              {a.section && (
                <Badge size="sm" colorPalette="brand" variant="subtle">
                  {a.section.sectionName}
                </Badge>
              )}
            </Flex>
            <Text fontSize="sm" fontWeight="semibold" color="brand.ink" mt="1">
              {a.description}
            </Text>
            {a.remark && (
              <Text fontSize="sm" color="fg" mt="0.5" lineClamp={3}>
                {a.remark}
              </Text>
            )}
            <Flex gap="2" mt="2">
              <Button size="xs" minH="11" variant="outline" onClick={() => setDetail(a)} data-testid="alert-detail">
                <LuInfo /> {t('drawer.detail')}
              </Button>
              <Button
                size="xs"
                minH="11"
                variant="ghost"
                colorPalette="brand"
                onClick={() => read(a)}
                loading={markRead.isPending && markRead.variables === a.pkAlertNotificationId}
              >
                <LuCheck /> {t('drawer.markRead')}
              </Button>
            </Flex>
          </Box>
        ))}
      </ListStates>

      <Dialog.Root recipe={dialogSlotRecipe} open={!!detail} onOpenChange={(e) => !e.open && setDetail(null)} size="sm" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="500px">
              <Dialog.Header>
                <Dialog.Title>{t('drawer.alertDetail')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {detail && (
                  <DataList.Root orientation="horizontal" gap="3" size="sm">
                    <Item label={t('drawer.alertDateTime')} value={formatDateTime(detail.datetime)} />
                    <Item label={t('drawer.alertCategory')} value={detail.category === 'I' ? t('drawer.categoryIncident') : detail.category} />
                    <Item label={t('drawer.alertDescription')} value={detail.description} />
                    <Item label={t('drawer.alertRemark')} value={detail.remark} />
                    <Item label={t('drawer.alertSection')} value={detail.section?.sectionName} />
                    <Item label={t('drawer.alertRoster')} value={detail.dutyRoster?.dutyRosterName} />
                    <Item label={t('drawer.alertIncident')} value={detail.incident ? `#${detail.incident.pkIncidentId}` : null} />
                  </DataList.Root>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" minH="11">
                    {t('app.close')}
                  </Button>
                </Dialog.ActionTrigger>
                {detail && (
                  <Button colorPalette="brand" minH="11" onClick={() => read(detail)} loading={markRead.isPending}>
                    <LuCheck /> {t('drawer.markRead')}
                  </Button>
                )}
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}

function Item({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="120px">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
    </DataList.Item>
  );
}
