/**
 * The administration kit's list (issues #14, #15, #16): a server-side paged, sortable table of one entity, the
 * §7 dataTables convention underneath (the server sorts by the column's id as orderColumn and answers one page
 * and its total). Page, size and sort live in the URL (list-search.ts). Loading, empty and error states, a CSV
 * of the filtered list, a toolbar slot for the area's filters. TanStack Table (v9) drives the headers and sorting.
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState, type Updater } from '@tanstack/react-table';
import { Box, Button, Flex, HStack, IconButton, NativeSelect, Table, Text } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuChevronLeft, LuChevronRight, LuDownload, LuInbox } from 'react-icons/lu';
import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_PAGE_SIZES } from '@contract/admin-rules';
import type { DataTablesResult } from '@contract/envelope';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/admin';
import { errorText, isApiError } from '@/lib/api';
import { notify } from '@/ui/toaster';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { TableSkeletonRows } from '@/ui/table-skeleton';
import { headerTextProps, TableScroll } from '@/ui/table-scroll';
import type { ListSearch } from './list-search';

/** One column: its id is the orderColumn the server sorts by when `sortable`. */
export interface AdminColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  sortable?: boolean;
  width?: string;
  align?: 'start' | 'end';
}

const features = tableFeatures({ rowSortingFeature });

export function AdminList<Row extends RowData>({
  columns,
  rowKey,
  query,
  search,
  onSearchChange,
  defaultSort,
  emptyText,
  emptyHint,
  onExportCsv,
  toolbar,
  onRowClick,
  rowTestId,
  minW = '860px',
  label,
  testId,
}: {
  columns: AdminColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** the page as the server answered it (useQuery with the filter and listQueryOf(search)) */
  query: UseQueryResult<DataTablesResult<Row>>;
  search: ListSearch;
  onSearchChange: (patch: Partial<ListSearch>) => void;
  /** the sort the server applies when the URL names none (shown as such) */
  defaultSort: { sort: string; dir?: 'asc' | 'desc' };
  emptyText: string;
  emptyHint?: string;
  /** the CSV of the filtered list (all pages); the button shows when given */
  onExportCsv?: () => Promise<unknown>;
  /** the area's filters, above the table */
  toolbar?: ReactNode;
  onRowClick?: (row: Row) => void;
  rowTestId?: string;
  minW?: string;
  /** what the list is: names its scroll region when the table scrolls sideways */
  label?: string;
  testId: string;
}) {
  const t = useT();
  const [exporting, setExporting] = useState(false);
  const size = search.size ?? ADMIN_DEFAULT_PAGE_SIZE;
  const page = search.page ?? 0;
  const sort = search.sort ?? defaultSort.sort;
  const dir = search.dir ?? defaultSort.dir ?? 'asc';
  const rows = query.data?.rows ?? [];
  const total = query.data?.recordCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : page * size + 1;
  const to = Math.min(total, page * size + rows.length);

  const columnDefs = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        accessorFn: (r: Row) => r,
        header: c.header,
        enableSorting: !!c.sortable,
        cell: (ctx: { row: { original: Row; index: number } }) => c.cell(ctx.row.original, ctx.row.index),
      })) as ColumnDef<typeof features, Row>[],
    [columns],
  );
  const sorting: SortingState = [{ id: sort, desc: dir === 'desc' }];
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (r: Row) => String(rowKey(r)),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) onSearchChange({ sort: first.id, dir: first.desc ? 'desc' : 'asc', page: 0 });
    },
  });

  const exportCsv = async () => {
    if (!onExportCsv) return;
    setExporting(true);
    try {
      await onExportCsv();
    } catch (err) {
      notify.error(`${t('admin.csvFailed')} ${errorText(err)}`);
    } finally {
      setExporting(false);
    }
  };

  const byId = new Map(columns.map((c) => [c.id, c]));
  return (
    <Box data-testid={testId}>
      {(toolbar || onExportCsv) && (
        <Flex bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" p="4" gap="4" align="flex-end" wrap="wrap" mb="4" boxShadow="xs">
          {toolbar}
          <HStack ms="auto" gap="3" alignSelf="center">
            <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-total`} data-total={query.data ? total : undefined}>
              {query.data ? t('admin.total', { n: total.toLocaleString('ms-MY') }) : ''}
            </Text>
            {onExportCsv && (
              <Button
                variant="outline"
                minH="11"
                onClick={() => void exportCsv()}
                loading={exporting}
                disabled={!total}
                data-testid={`${testId}-csv`}
              >
                <LuDownload /> CSV
              </Button>
            )}
          </HStack>
        </Flex>
      )}

      {query.isError && !query.data ? (
        <ErrorBlock
          title={t('admin.loadFailed')}
          message={errorText(query.error)}
          offline={isApiError(query.error) && query.error.kind !== 'http'}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" boxShadow="xs" overflow="hidden">
          <TableScroll label={label}>
            <Table.Root recipe={tableSlotRecipe} size="sm" interactive={!!onRowClick} stickyHeader minW={minW} data-testid={`${testId}-table`}>
              <Table.Header>
                {table.getHeaderGroups().map((group) => (
                  <Table.Row key={group.id} bg="bg.subtle">
                    {group.headers.map((header) => {
                      const col = byId.get(header.column.id);
                      const sorted = header.column.getIsSorted();
                      const canSort = header.column.getCanSort();
                      return (
                        <Table.ColumnHeader
                          key={header.id}
                          w={col?.width}
                          py="2"
                          fontSize="xs"
                          textTransform="uppercase"
                          letterSpacing="0.05em"
                          color="fg.muted"
                          textAlign={col?.align === 'end' ? 'end' : undefined}
                          {...headerTextProps}
                          aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                        >
                          {canSort ? (
                            <Button
                              variant="ghost"
                              size="xs"
                              px="1"
                              ms="-1"
                              h="auto"
                              minH="8"
                              py="1"
                              whiteSpace="normal"
                              textAlign="start"
                              lineHeight="1.3"
                              {...headerTextProps}
                              fontSize="xs"
                              textTransform="uppercase"
                              letterSpacing="0.05em"
                              color={sorted ? 'brand.fg' : 'fg.muted'}
                              onClick={header.column.getToggleSortingHandler()}
                              data-testid={`${testId}-sort-${header.column.id}`}
                            >
                              {col?.header}
                              {sorted === 'asc' ? <LuArrowUp /> : sorted === 'desc' ? <LuArrowDown /> : <LuArrowUpDown opacity={0.4} />}
                            </Button>
                          ) : (
                            col?.header
                          )}
                        </Table.ColumnHeader>
                      );
                    })}
                  </Table.Row>
                ))}
              </Table.Header>
              <Table.Body>
                {query.isPending ? (
                  <TableSkeletonRows cols={columns.length} />
                ) : (
                  table.getRowModel().rows.map((row) => (
                    <Table.Row
                      key={row.id}
                      opacity={query.isPlaceholderData ? 0.6 : 1}
                      cursor={onRowClick ? 'pointer' : undefined}
                      onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                      data-testid={rowTestId ?? `${testId}-row`}
                    >
                      {row.getAllCells().map((cell) => (
                        <Table.Cell key={cell.id} py="2.5" textAlign={byId.get(cell.column.id)?.align === 'end' ? 'end' : undefined}>
                          <table.FlexRender cell={cell} />
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))
                )}
              </Table.Body>
            </Table.Root>
          </TableScroll>
          {!query.isPending && rows.length === 0 && <EmptyBlock title={emptyText} description={emptyHint} icon={<LuInbox />} />}
          <Flex px="4" py="3" borderTopWidth="1px" borderColor="border.muted" align="center" gap="3" wrap="wrap">
            <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid={`${testId}-range`}>
              {t('admin.range', { from, to, total })}
            </Text>
            <HStack ms="auto" gap="2">
              <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="sm" width="auto">
                <NativeSelect.Field
                  aria-label={t('admin.pageSize')}
                  value={String(size)}
                  onChange={(e) => onSearchChange({ size: Number(e.currentTarget.value), page: 0 })}
                  data-testid={`${testId}-size`}
                >
                  {ADMIN_PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {t('admin.perPage', { n })}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <IconButton
                variant="outline"
                size="sm"
                minH="11"
                minW="11"
                aria-label={t('admin.prev')}
                disabled={page === 0}
                onClick={() => onSearchChange({ page: page - 1 })}
                data-testid={`${testId}-prev`}
              >
                <LuChevronLeft />
              </IconButton>
              <Text fontSize="sm" color="fg.muted" minW="20" textAlign="center">
                {t('admin.page', { page: page + 1, pages })}
              </Text>
              <IconButton
                variant="outline"
                size="sm"
                minH="11"
                minW="11"
                aria-label={t('admin.next')}
                disabled={page + 1 >= pages}
                onClick={() => onSearchChange({ page: page + 1 })}
                data-testid={`${testId}-next`}
              >
                <LuChevronRight />
              </IconButton>
            </HStack>
          </Flex>
        </Box>
      )}
    </Box>
  );
}
