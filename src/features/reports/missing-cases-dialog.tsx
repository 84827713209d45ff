/**
 * 'Lihat kes tanpa data' (issue #17): the cases a KPI applies to in the report's filter that lack the times it needs
 * (IncidentAndResponseTimeReport/missing, REPORT_PAGE_SIZE a page, newest first), each with what it lacks; a row
 * opens the case (/insidenView/{id}). The KPI can be switched inside the dialog.
 */
import { useState } from 'react';
import { Badge, Box, Button, CloseButton, Dialog, Flex, HStack, Portal, SegmentGroup, Table, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { useNavigate } from '@tanstack/react-router';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import type { IncidentReportFilter } from '@contract/reports';
import { MISSING_KPI_KEYS, REPORT_PAGE_SIZE, type MissingKpiKey } from '@contract/reports-rules';
import { errorText } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/reports';
import { formatDateTimeShort } from '@/lib/time';
import { ErrorBlock } from '@/ui/states';
import { TableSkeletonRows } from '@/ui/table-skeleton';
import { useIncidentMissing } from './reports-api';
import { TableScroll } from '@/ui/table-scroll';

const KPI_LABEL: Record<MissingKpiKey, 'rp.inc.missing.kpi.response' | 'rp.inc.missing.kpi.rct' | 'rp.inc.missing.kpi.ict'> = {
  response: 'rp.inc.missing.kpi.response',
  rct: 'rp.inc.missing.kpi.rct',
  ict: 'rp.inc.missing.kpi.ict',
};

export function MissingCasesDialog({
  filter,
  kpi,
  onKpiChange,
  onClose,
}: {
  filter: IncidentReportFilter | null;
  kpi: MissingKpiKey | null;
  onKpiChange: (k: MissingKpiKey) => void;
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const open = kpi !== null;
  const q = useIncidentMissing(filter, kpi ?? 'response', page, open);
  const total = q.data?.recordCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));
  const rows = q.data?.rows ?? [];
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
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
          <Dialog.Content mx="4" data-testid="rp-incident-missing-dialog">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="2">
              <Dialog.Title>{t('rp.inc.missing.title')}</Dialog.Title>
              <Text fontSize="sm" color="fg.muted">
                {t('rp.inc.missing.hint')}
              </Text>
              <SegmentGroup.Root
                size="sm"
                value={kpi ?? 'response'}
                onValueChange={(e) => {
                  if (!e.value) return;
                  setPage(0);
                  onKpiChange(e.value as MissingKpiKey);
                }}
                data-testid="rp-incident-missing-kpi"
              >
                <SegmentGroup.Indicator />
                <SegmentGroup.Items items={MISSING_KPI_KEYS.map((k) => ({ value: k, label: t(KPI_LABEL[k]) }))} />
              </SegmentGroup.Root>
            </Dialog.Header>
            <Dialog.Body>
              {q.isError && !q.data ? (
                <ErrorBlock title={t('rp.kit.loadFailed')} message={errorText(q.error)} onRetry={() => void q.refetch()} />
              ) : (
                <Box>
                  <TableScroll borderWidth="1px" borderColor="border.muted" rounded="md" overflow="hidden">
                    <Table.Root recipe={tableSlotRecipe} size="sm" interactive minW="640px">
                      <Table.Header>
                        <Table.Row bg="bg.subtle">
                          <Table.ColumnHeader>{t('rp.inc.col.ticket')}</Table.ColumnHeader>
                          <Table.ColumnHeader>{t('rp.inc.col.reportedAt')}</Table.ColumnHeader>
                          <Table.ColumnHeader>{t('rp.inc.col.section')}</Table.ColumnHeader>
                          <Table.ColumnHeader>{t('rp.inc.col.category')}</Table.ColumnHeader>
                          <Table.ColumnHeader>{t('rp.inc.col.status')}</Table.ColumnHeader>
                          <Table.ColumnHeader>{t('rp.inc.col.missing')}</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {q.isPending ? (
                          <TableSkeletonRows cols={6} />
                        ) : (
                          rows.map((r) => (
                            <Table.Row
                              key={r.id}
                              cursor="pointer"
                              tabIndex={0}
                              onClick={() => void navigate({ to: '/insidenView/$insidenId', params: { insidenId: String(r.id) } })}
                              onKeyDown={(e) =>
                                e.key === 'Enter' && void navigate({ to: '/insidenView/$insidenId', params: { insidenId: String(r.id) } })
                              }
                              opacity={q.isPlaceholderData ? 0.6 : 1}
                              data-testid={`rp-incident-missing-row-${r.id}`}
                            >
                              <Table.Cell fontFamily="mono" fontWeight="semibold" color="brand.fg" whiteSpace="nowrap">
                                {r.ticketNumber}
                              </Table.Cell>
                              <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                                {formatDateTimeShort(r.incidentAt)}
                              </Table.Cell>
                              <Table.Cell>
                                <Badge colorPalette="brand" variant="solid" size="sm">
                                  {r.sectionName}
                                </Badge>
                              </Table.Cell>
                              <Table.Cell>{r.categoryLabel}</Table.Cell>
                              <Table.Cell>{r.statusKes}</Table.Cell>
                              <Table.Cell color="orange.fg" fontSize="sm" whiteSpace="normal" minW="200px">
                                {r.missing}
                              </Table.Cell>
                            </Table.Row>
                          ))
                        )}
                      </Table.Body>
                    </Table.Root>
                  </TableScroll>
                  {!q.isPending && rows.length === 0 && (
                    <Text py="6" textAlign="center" color="fg.muted" data-testid="rp-incident-missing-empty">
                      {t('rp.inc.missing.none')}
                    </Text>
                  )}
                </Box>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Flex w="full" align="center" gap="3">
                <Text fontSize="sm" color="fg.muted" data-testid="rp-incident-missing-total" data-total={q.data ? total : undefined}>
                  {q.data ? t('rp.inc.missing.total', { n: total, page: page + 1, pages }) : ''}
                </Text>
                <HStack ms="auto" gap="2">
                  <Button
                    variant="outline"
                    size="sm"
                    minH="10"
                    disabled={page === 0}
                    onClick={() => setPage((p) => p - 1)}
                    aria-label={t('rp.inc.missing.prev')}
                    data-testid="rp-incident-missing-prev"
                  >
                    <LuChevronLeft />
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    minH="10"
                    disabled={page + 1 >= pages}
                    onClick={() => setPage((p) => p + 1)}
                    aria-label={t('rp.inc.missing.next')}
                    data-testid="rp-incident-missing-next"
                  >
                    <LuChevronRight />
                  </Button>
                </HStack>
              </Flex>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('app.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
