/**
 * The items of one checklist of the report (issue #16; dailyAssetChecklistItems/dataTables, 5 a page, §9): expected,
 * pre and post quantities with their statuses, and the photos (fetched with the bearer token as thumbnails).
 */
import { useState } from 'react';
import { Badge, Box, Button, CloseButton, Dialog, Flex, HStack, IconButton, Portal, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { CHECKLIST_ITEMS_PAGE_SIZE, type ItemStatus } from '@contract/checklist-rules';
import type { ChecklistItemRow, ChecklistRow } from '@contract/checklist';
import { errorText } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/checklist';
import { isoDateToDisplay } from '@/lib/time';
import { ErrorBlock } from '@/ui/states';
import { useChecklistItems } from './checklist-api';
import { StatusBadge } from './checklist-item-card';
import { ServerPhoto } from './checklist-photos';
import { TableScroll } from '@/ui/table-scroll';

function Counted({ item, quantity, status }: { item: ChecklistItemRow; quantity: number | null; status: ItemStatus | null }) {
  const t = useT();
  if (quantity === null) return <Text color="fg.muted">—</Text>;
  return (
    <Stack gap="1" align="flex-start">
      <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {item.isMeasurable ? quantity : quantity ? t('cl.present') : t('cl.absent')}
      </Text>
      <StatusBadge status={status} />
    </Stack>
  );
}

export function ChecklistItemsDialog({ row, onClose }: { row: ChecklistRow | null; onClose: () => void }) {
  const t = useT();
  const [page, setPage] = useState(0);
  const q = useChecklistItems(row?.pkDailyAssetChecklistId ?? null, page);
  const total = q.data?.recordCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / CHECKLIST_ITEMS_PAGE_SIZE));
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={row !== null}
      onOpenChange={(e) => {
        if (!e.open) {
          setPage(0);
          onClose();
        }
      }}
      placement="center"
      size="xl"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" maxW="960px" data-testid="cl-items-dialog" data-checklist-id={row?.pkDailyAssetChecklistId}>
            <Dialog.Header>
              <Dialog.Title>{row ? t('cl.items.title', { plate: row.plateNumber, date: isoDateToDisplay(row.rosterDate) }) : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" data-testid="cl-items-close-x" />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              {row && (
                <HStack gap="2" wrap="wrap" mb="3" fontSize="sm" color="fg.muted">
                  <Text>{row.dutyRosterName}</Text>
                  <Text>·</Text>
                  <Text data-testid="cl-items-cards">{t('cl.items.cards', { tng: row.noKadTng ?? '—', fuel: row.noKadBahanApi ?? '—' })}</Text>
                </HStack>
              )}
              {q.isError && !q.data ? (
                <ErrorBlock title={t('cl.items.loadFailed')} message={errorText(q.error)} onRetry={() => void q.refetch()} />
              ) : q.isPending ? (
                <Stack gap="2">
                  {Array.from({ length: 5 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders: a fixed number of identical rows, never reordered
                    <Skeleton key={i} h="12" />
                  ))}
                </Stack>
              ) : (q.data?.rows ?? []).length === 0 ? (
                <Text color="fg.muted" py="6" textAlign="center">
                  {t('cl.items.empty')}
                </Text>
              ) : (
                <TableScroll>
                  <Table.Root recipe={tableSlotRecipe} size="sm" minW="640px" opacity={q.isPlaceholderData ? 0.6 : 1}>
                    <Table.Header>
                      <Table.Row bg="bg.subtle">
                        {(['name', 'expected', 'pre', 'post', 'photos'] as const).map((k) => (
                          <Table.ColumnHeader key={k} fontSize="xs" textTransform="uppercase" color="fg.muted">
                            {t(`cl.items.${k}`)}
                          </Table.ColumnHeader>
                        ))}
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {(q.data?.rows ?? []).map((i) => (
                        <Table.Row
                          key={i.pkDailyAssetChecklistItemId}
                          data-testid="cl-items-row"
                          data-master-id={i.assetChecklistMasterId}
                          data-pre-status={i.preStatus ?? ''}
                          data-post-status={i.postStatus ?? ''}
                        >
                          <Table.Cell>
                            <Text fontWeight="medium">{i.name}</Text>
                            <Text fontSize="xs" color="fg.muted">
                              {i.assetCategoryName ?? ''}
                            </Text>
                          </Table.Cell>
                          <Table.Cell fontVariantNumeric="tabular-nums">
                            {i.expectedQuantity} {i.unitLabel}
                          </Table.Cell>
                          <Table.Cell>
                            <Counted item={i} quantity={i.preQuantity} status={i.preStatus} />
                          </Table.Cell>
                          <Table.Cell>
                            <Counted item={i} quantity={i.postQuantity} status={i.postStatus} />
                          </Table.Cell>
                          <Table.Cell>
                            <HStack gap="1" wrap="wrap">
                              {i.photos.map((p) => (
                                <Box key={p.pkChecklistPhotoId} position="relative">
                                  <ServerPhoto photoId={p.pkChecklistPhotoId} alt={`${i.name} (${p.phase})`} testId="cl-items-photo" />
                                  <Badge position="absolute" bottom="0" left="0" size="xs" variant="solid" colorPalette="gray">
                                    {p.phase === 'PRE' ? t('cl.items.pre') : t('cl.items.post')}
                                  </Badge>
                                </Box>
                              ))}
                              {i.photos.length === 0 && <Text color="fg.muted">—</Text>}
                            </HStack>
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </TableScroll>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Flex align="center" gap="2" me="auto">
                <IconButton
                  variant="outline"
                  size="sm"
                  minH="11"
                  minW="11"
                  aria-label={t('cl.items.prev')}
                  disabled={page === 0}
                  onClick={() => setPage((p) => p - 1)}
                  data-testid="cl-items-prev"
                >
                  <LuChevronLeft />
                </IconButton>
                <Text fontSize="sm" color="fg.muted" data-testid="cl-items-page">
                  {t('cl.items.page', { page: page + 1, pages })}
                </Text>
                <IconButton
                  variant="outline"
                  size="sm"
                  minH="11"
                  minW="11"
                  aria-label={t('cl.items.next')}
                  disabled={page + 1 >= pages}
                  onClick={() => setPage((p) => p + 1)}
                  data-testid="cl-items-next"
                >
                  <LuChevronRight />
                </IconButton>
              </Flex>
              <Button
                variant="outline"
                minH="11"
                onClick={() => {
                  setPage(0);
                  onClose();
                }}
                data-testid="cl-items-close"
              >
                {t('cl.items.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
