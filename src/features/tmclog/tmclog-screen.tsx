import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Box, Button, Field, Flex, Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight, LuDownload, LuNotebookPen, LuPencil, LuRotateCcw, LuSearch } from 'react-icons/lu';
import type { TmcLogsheetFilter, TmcLogsheetRow } from '@contract/logsheet';
import { isLogsheetEditable, LOGSHEET_PAGE_SIZE } from '@contract/logsheet-rules';
import { SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/tmclog';
import { errorText, isApiError } from '@/lib/api';
import { useLookup } from '@/lib/lookups';
import { useSession, userRole } from '@/lib/session';
import { formatDateTime, todayIso, isoDateToDisplay } from '@/lib/time';
import { DateField } from '@/ui/date-field';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { TableSkeletonRows } from '@/ui/table-skeleton';
import { notify } from '@/ui/toaster';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { LogsheetDialog } from './logsheet-dialog';
import { downloadCsv, logsheetsCall } from './tmclog-api';
import type { TmcLogSearch } from './tmclog-search';
import { CellText, TableScroll } from '@/ui/table-scroll';

const HEAD = { fontSize: 'xs', color: 'fg.muted', fontWeight: 'semibold', py: '2.5' } as const;

/**
 * /cariantmclogsheet: search the TMC logsheet (region, date range on From, words of the remarks), page through it,
 * export the same filter as CSV, create a logsheet and edit one while it is editable (one day, §4.7).
 */
export function TmcLogScreen({ search, onSearchChange }: { search: TmcLogSearch; onSearchChange: (s: TmcLogSearch) => void }) {
  const t = useT();
  const session = useSession();
  const user = session?.user;
  const queryClient = useQueryClient();
  const regions = useLookup('region');
  const seesAll = SEES_ALL_REGIONS.includes(userRole(user).name as RoleName);
  const [text, setText] = useState(search.q ?? '');
  const [dialog, setDialog] = useState<{ row: TmcLogsheetRow | null } | null>(null);
  const [downloading, setDownloading] = useState(false);
  // re-render now and then so Edit buttons disappear when a logsheet's day is over
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  useEffect(() => setText(search.q ?? ''), [search.q]);

  const filter: TmcLogsheetFilter = {
    ...(seesAll && search.region ? { pkRegionId: search.region } : {}),
    ...(search.from ? { dateFrom: search.from } : {}),
    ...(search.to ? { dateTo: search.to } : {}),
    ...(search.q ? { text: search.q } : {}),
  };
  const page = search.page ?? 0;
  const q = { start: page * LOGSHEET_PAGE_SIZE, length: LOGSHEET_PAGE_SIZE };
  const list = useQuery({
    queryKey: ['tmclog', user?.userId, filter, q],
    queryFn: () => logsheetsCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.recordCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / LOGSHEET_PAGE_SIZE));
  const apply = (patch: Partial<TmcLogSearch>) => onSearchChange({ ...search, ...patch, page: undefined });
  const hasFilter = !!(search.region || search.from || search.to || search.q);

  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadCsv(filter, {}, `tmc-logsheet-${isoDateToDisplay(todayIso())}.csv`);
    } catch (err) {
      notify.error(`${t('tmclog.csvFailed')} ${errorText(err)}`);
    } finally {
      setDownloading(false);
    }
  };

  if (!user) return null;
  const ownRegionName = user.section.region.value;

  return (
    <Box data-testid="tmclog-screen">
      <PageHeader
        title={t('tmclog.title')}
        subtitle={t('tmclog.subtitle')}
        actions={
          <>
            <Button variant="outline" bg="bg.panel" minH="11" onClick={() => void exportCsv()} loading={downloading} data-testid="tmclog-csv">
              <LuDownload /> {t('tmclog.csv')}
            </Button>
            <Button colorPalette="brand" minH="11" onClick={() => setDialog({ row: null })} data-testid="tmclog-create">
              <LuNotebookPen /> {t('tmclog.create')}
            </Button>
          </>
        }
      />

      <Panel mb="4" p="4">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply({ q: text.trim() || undefined });
          }}
        >
          <Flex gap="3" wrap="wrap" align="flex-end" data-testid="tmclog-filters">
            <Field.Root w={{ base: 'full', sm: '220px' }}>
              <Field.Label fontSize="sm">{t('tmclog.filter.region')}</Field.Label>
              {seesAll ? (
                <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="md">
                  <NativeSelect.Field
                    bg="bg.panel"
                    minH="11"
                    value={search.region ? String(search.region) : ''}
                    onChange={(e) => apply({ region: Number(e.currentTarget.value) || undefined })}
                    data-testid="tmclog-filter-region"
                  >
                    <option value="">{t('tmclog.filter.allRegions')}</option>
                    {(regions.data ?? []).map((r) => (
                      <option key={r.key} value={String(r.key)}>
                        {r.value}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              ) : (
                <Flex
                  align="center"
                  minH="11"
                  px="3"
                  rounded="md"
                  bg="bg.subtle"
                  borderWidth="1px"
                  borderColor="border"
                  color="fg"
                  data-testid="tmclog-filter-region-locked"
                >
                  <Text fontSize="sm">{ownRegionName}</Text>
                </Flex>
              )}
            </Field.Root>
            <DateField
              label={t('tmclog.filter.dateFrom')}
              value={search.from ?? ''}
              onChange={(from) => apply({ from })}
              testId="tmclog-filter-from"
              width="180px"
            />
            <DateField
              label={t('tmclog.filter.dateTo')}
              value={search.to ?? ''}
              onChange={(to) => apply({ to })}
              testId="tmclog-filter-to"
              width="180px"
            />
            <Field.Root flex="1" minW="200px">
              <Field.Label fontSize="sm">{t('tmclog.filter.text')}</Field.Label>
              <Input
                bg="bg.panel"
                minH="11"
                value={text}
                maxLength={200}
                onChange={(e) => setText(e.currentTarget.value)}
                data-testid="tmclog-filter-text"
              />
            </Field.Root>
            <Button type="submit" colorPalette="brand" variant="outline" bg="bg.panel" minH="11" data-testid="tmclog-search">
              <LuSearch /> {t('tmclog.filter.search')}
            </Button>
            <Button
              variant="ghost"
              minH="11"
              disabled={!hasFilter}
              onClick={() => {
                setText('');
                onSearchChange({});
              }}
              data-testid="tmclog-reset"
            >
              <LuRotateCcw /> {t('tmclog.filter.reset')}
            </Button>
          </Flex>
        </form>
      </Panel>

      {list.isError && !list.data ? (
        <ErrorBlock
          title={t('tmclog.loadFailed')}
          message={errorText(list.error)}
          offline={isApiError(list.error) && list.error.isOffline}
          onRetry={() => void list.refetch()}
        />
      ) : !list.isPending && rows.length === 0 ? (
        <Panel>
          <Box data-testid="tmclog-empty">
            <EmptyBlock title={t('tmclog.empty')} description={t('tmclog.emptyHint')} />
          </Box>
        </Panel>
      ) : (
        <Panel>
          <TableScroll>
            <Table.Root recipe={tableSlotRecipe} size="sm" minW="900px" data-testid="tmclog-table">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader {...HEAD} w="160px">
                    {t('tmclog.col.from')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader {...HEAD} w="160px">
                    {t('tmclog.col.to')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader {...HEAD} w="110px">
                    {t('tmclog.col.region')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader {...HEAD}>{t('tmclog.col.remarks')}</Table.ColumnHeader>
                  <Table.ColumnHeader {...HEAD} w="170px">
                    {t('tmclog.col.createdBy')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader {...HEAD} w="170px">
                    {t('tmclog.col.modified')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader {...HEAD} w="120px">
                    {t('tmclog.col.actions')}
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.isPending ? (
                  <TableSkeletonRows cols={7} />
                ) : (
                  rows.map((r) => {
                    const editable = isLogsheetEditable(r, now);
                    return (
                      <Table.Row
                        key={r.pkTmcLogsheetId}
                        opacity={list.isPlaceholderData ? 0.6 : 1}
                        data-testid="tmclog-row"
                        data-id={r.pkTmcLogsheetId}
                      >
                        <Table.Cell verticalAlign="top" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="tmclog-from">
                          {formatDateTime(r.from)}
                        </Table.Cell>
                        <Table.Cell verticalAlign="top" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="tmclog-to">
                          {formatDateTime(r.to)}
                        </Table.Cell>
                        <Table.Cell verticalAlign="top">
                          <Badge colorPalette="brand" variant="subtle" title={r.regionName}>
                            {r.regionName}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell verticalAlign="top">
                          <CellText fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" lines={6} data-testid="tmclog-remarks">
                            {r.remarks}
                          </CellText>
                        </Table.Cell>
                        <Table.Cell verticalAlign="top">
                          <Text fontSize="sm">{r.createdBy.displayName}</Text>
                          <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                            {formatDateTime(r.createdDate)}
                          </Text>
                        </Table.Cell>
                        <Table.Cell verticalAlign="top" data-testid="tmclog-modified">
                          {r.modifiedBy ? (
                            <>
                              <Text fontSize="sm">{r.modifiedBy.displayName}</Text>
                              <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                                {formatDateTime(r.modifiedDate)}
                              </Text>
                            </>
                          ) : (
                            <Text fontSize="sm" color="fg.muted">
                              —
                            </Text>
                          )}
                        </Table.Cell>
                        <Table.Cell verticalAlign="top">
                          {editable && (
                            <Button
                              size="sm"
                              variant="outline"
                              minH="9"
                              onClick={() => setDialog({ row: r })}
                              title={t('tmclog.editUntil', { time: formatDateTime(r.editableUntil) })}
                              data-testid="tmclog-edit"
                            >
                              <LuPencil /> {t('tmclog.edit')}
                            </Button>
                          )}
                        </Table.Cell>
                      </Table.Row>
                    );
                  })
                )}
              </Table.Body>
            </Table.Root>
          </TableScroll>
          <Flex align="center" justify="space-between" gap="3" px="4" py="3" borderTopWidth="1px" borderColor="border.muted" wrap="wrap">
            <Text fontSize="sm" color="fg.muted" data-testid="tmclog-total">
              {t('tmclog.total', { n: total })}
            </Text>
            <Flex align="center" gap="2">
              <Button
                size="sm"
                variant="outline"
                minH="9"
                disabled={page <= 0}
                onClick={() => onSearchChange({ ...search, page: page - 1 || undefined })}
                data-testid="tmclog-prev"
              >
                <LuChevronLeft /> {t('tmclog.prev')}
              </Button>
              <Text fontSize="sm">{t('tmclog.page', { page: page + 1, pages })}</Text>
              <Button
                size="sm"
                variant="outline"
                minH="9"
                disabled={page + 1 >= pages}
                onClick={() => onSearchChange({ ...search, page: page + 1 })}
                data-testid="tmclog-next"
              >
                {t('tmclog.next')} <LuChevronRight />
              </Button>
            </Flex>
          </Flex>
        </Panel>
      )}

      {dialog && (
        <LogsheetDialog
          user={user}
          row={dialog.row}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void queryClient.invalidateQueries({ queryKey: ['tmclog'] });
          }}
        />
      )}
    </Box>
  );
}
