/**
 * The report kit (issue #17): what every Laporan screen is built of, so they look and behave alike. The page with
 * its filter bar and actions, the scope filter (date range, region for those who see every region, section), the
 * headline figures with the previous period, their change and their data completeness, a titled block with its
 * loading / error / empty states, the CSV button, a table of the server's already-aggregated rows sorted on the
 * client, and formatFigure. Charts are in report-charts.tsx, loaded lazily through lazy-charts.tsx.
 * Interface: /work/notes/report-kit.md (screens of both screen helpers code against it).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState, type Updater } from '@tanstack/react-table';
import { Badge, Box, Button, Flex, HStack, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { LuArrowDown, LuArrowDownRight, LuArrowUp, LuArrowUpDown, LuArrowUpRight, LuDownload, LuInbox, LuMinus } from 'react-icons/lu';
import { changePercent } from '@contract/reports-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/reports';
import { errorText, isApiError } from '@/lib/api';
import { useListedSections } from '@/lib/sections';
import { useSession } from '@/lib/session';
import { isoDateToDisplay, todayIso } from '@/lib/time';
import { regionScopeOf, ReportScopeFilters, type ScopePatch } from '@/ui/admin/report-scope';
import { PageHeader } from '@/ui/page-header';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { headerTextProps, TableScroll } from '@/ui/table-scroll';
import { completenessPercent, formatFigure, formatNumber, sortReportRows, type FigureUnit } from './report-format';
import { FigureHelp, useFigureHelp } from './figure-help';
import { reportRange, reportRangeProblem, type ReportScopeSearch } from './report-search';

// ------------------------------------------------------------------------------------------------ figures

export { completenessPercent, formatFigure, formatNumber, sortReportRows } from './report-format';

// ------------------------------------------------------------------------------------------------ page and filters

/** The page: title, the filter bar (ReportScopeFilters of src/ui/admin/report-scope.tsx inside), actions (CSV), children. */
export function ReportPage({
  title,
  description,
  filters,
  actions,
  children,
  testId,
}: {
  title: string;
  description?: string;
  filters: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box data-testid={testId}>
      <PageHeader title={title} subtitle={description} />
      <Flex
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        rounded="lg"
        p="4"
        gap="4"
        align="flex-end"
        wrap="wrap"
        mb="5"
        boxShadow="xs"
        data-testid={`${testId}-filters`}
      >
        {filters}
        {actions && (
          <HStack ms="auto" gap="2" alignSelf="flex-end" wrap="wrap" data-testid={`${testId}-actions`}>
            {actions}
          </HStack>
        )}
      </Flex>
      <Stack gap="5">{children}</Stack>
    </Box>
  );
}

/** The standard scope filter bar for a report (wraps ReportScopeFilters with the user's scope and sections); onChange gets the new search. */
export function ReportFilterBar({
  search,
  onChange,
  testIdPrefix,
  children,
}: {
  search: ReportScopeSearch;
  onChange: (next: ReportScopeSearch) => void;
  testIdPrefix: string;
  /** extra filters */
  children?: ReactNode;
}) {
  const t = useT();
  const user = useSession()?.user;
  const today = todayIso();
  const scopeRegion = regionScopeOf(user);
  const sections = useListedSections(scopeRegion ?? search.region);
  const range = reportRange(search, today);
  const problem = reportRangeProblem(range);
  const apply = (patch: ScopePatch) => {
    const next: ReportScopeSearch = { ...search };
    if ('from' in patch) next.from = patch.from;
    if ('to' in patch) next.to = patch.to;
    if ('regionId' in patch) next.region = patch.regionId;
    if ('sectionId' in patch) next.section = patch.sectionId;
    for (const k of Object.keys(next) as (keyof ReportScopeSearch)[]) if (next[k] === undefined) delete next[k];
    onChange(next);
  };
  return (
    <>
      <ReportScopeFilters
        range={range}
        today={today}
        regionId={search.region}
        sectionId={search.section}
        scopeRegion={scopeRegion}
        sections={sections.data}
        texts={{
          from: t('rp.filter.from'),
          to: t('rp.filter.to'),
          region: t('rp.filter.region'),
          allRegions: t('rp.filter.allRegions'),
          section: t('rp.filter.section'),
          allSections: t('rp.filter.allSections'),
        }}
        onChange={apply}
        testIdPrefix={testIdPrefix}
      />
      {children}
      {problem && (
        <Text w="full" fontSize="sm" color="red.fg" data-testid={`${testIdPrefix}-range-invalid`}>
          {problem === 'order' ? t('rp.filter.rangeOrder') : t('rp.filter.rangeLength')}
        </Text>
      )}
    </>
  );
}

// ------------------------------------------------------------------------------------------------ headline figures

/** Headline figures, each with the previous period and the change; optional data completeness with a link. */
export interface Headline {
  key: string;
  label: string;
  value: number | null;
  previous: number | null;
  unit?: FigureUnit;
  completeness?: { have: number; of: number } | null;
  onShowMissing?: () => void;
  testId: string;
  lowerIsBetter?: boolean;
  /** the figure's definition (issue #31), shown behind an info button beside its label (figure-help.tsx) */
  help?: string;
}

/** The change of a figure against the previous period, green or red as it is good or bad ('Tiada perbandingan' without one). */
export function ChangeBadge({ item }: { item: Pick<Headline, 'value' | 'previous' | 'lowerIsBetter' | 'testId'> }) {
  const t = useT();
  const change = changePercent(item.value, item.previous);
  if (change === null) {
    return (
      <Text as="span" fontSize="xs" color="fg.muted" data-testid={`${item.testId}-change`} data-change="">
        {t('rp.kit.noChange')}
      </Text>
    );
  }
  const up = change > 0;
  const flat = change === 0;
  const good = item.lowerIsBetter === undefined || flat ? null : item.lowerIsBetter ? !up : up;
  const palette = good === null ? 'gray' : good ? 'green' : 'red';
  return (
    <Badge
      colorPalette={palette}
      variant="subtle"
      size="sm"
      gap="0.5"
      data-testid={`${item.testId}-change`}
      data-change={change}
      title={t('rp.kit.changeTitle')}
    >
      {flat ? <LuMinus /> : up ? <LuArrowUpRight /> : <LuArrowDownRight />}
      {up ? '+' : ''}
      {formatNumber(change, 1)}%
    </Badge>
  );
}

/** A share as a bar with its percentage and have/of (`testId`: data-have, data-of), orange below `warnBelow` %. */
export function ShareBar({
  label,
  have,
  of,
  testId,
  warnBelow,
  children,
}: {
  label: string;
  have: number;
  of: number;
  testId: string;
  warnBelow: number;
  children?: ReactNode;
}) {
  const pct = completenessPercent({ have, of });
  const warn = pct !== null && pct < warnBelow;
  return (
    <Box mt="2.5" data-testid={testId} data-have={have} data-of={of}>
      <Flex justify="space-between" fontSize="xs" color="fg.muted" gap="2">
        <Text>{label}</Text>
        <Text fontVariantNumeric="tabular-nums" fontWeight="semibold" color={warn ? 'orange.fg' : 'fg.muted'} whiteSpace="nowrap">
          {pct === null ? '—' : `${formatNumber(pct, 0)}%`} ({formatNumber(have, 0)}/{formatNumber(of, 0)})
        </Text>
      </Flex>
      <Box h="1.5" bg="bg.muted" rounded="full" mt="1" overflow="hidden" aria-hidden>
        <Box h="full" w={`${Math.min(100, pct ?? 0)}%`} bg={warn ? 'orange.400' : 'green.500'} rounded="full" />
      </Box>
      {children}
    </Box>
  );
}

/** A headline figure's label, value (`-value`), previous period (`-previous`) and change (`-change`): every card's top. */
export function HeadlineFigureTop({ item, labelLines = 2 }: { item: Omit<Headline, 'onShowMissing' | 'completeness'>; labelLines?: number }) {
  const t = useT();
  return (
    <>
      <Flex gap="1" align="start" justify="space-between">
        <Text
          fontSize="xs"
          fontWeight="semibold"
          color="fg.muted"
          textTransform="uppercase"
          letterSpacing="0.05em"
          lineClamp={labelLines}
          minH="2lh"
          title={item.label}
        >
          {item.label}
        </Text>
        {item.help && <FigureHelp label={item.label} text={item.help} testId={`${item.testId}-help`} />}
      </Flex>
      <Text
        fontSize="2xl"
        fontWeight="bold"
        color="brand.ink"
        lineHeight="1.15"
        mt="1"
        fontVariantNumeric="tabular-nums"
        data-testid={`${item.testId}-value`}
        data-value={item.value ?? ''}
      >
        {formatFigure(item.value, item.unit)}
      </Text>
      <Flex mt="1.5" gap="2" align="center" wrap="wrap">
        <Text
          fontSize="xs"
          color="fg.muted"
          fontVariantNumeric="tabular-nums"
          data-testid={`${item.testId}-previous`}
          data-value={item.previous ?? ''}
        >
          {t('rp.kit.previous', { value: formatFigure(item.previous, item.unit) })}
        </Text>
        <ChangeBadge item={item} />
      </Flex>
    </>
  );
}

function HeadlineCard({ item }: { item: Headline }) {
  const t = useT();
  const missing = item.completeness ? item.completeness.of - item.completeness.have : 0;
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" p="4" boxShadow="xs" data-testid={item.testId} data-key={item.key}>
      <HeadlineFigureTop item={item} />
      {item.completeness && (
        <ShareBar
          label={t('rp.kit.completeness')}
          have={item.completeness.have}
          of={item.completeness.of}
          testId={`${item.testId}-completeness`}
          warnBelow={80}
        >
          {item.onShowMissing && missing > 0 && (
            <Button
              variant="plain"
              size="xs"
              px="0"
              h="auto"
              minH="8"
              mt="0.5"
              color="brand.fg"
              textDecoration="underline"
              onClick={item.onShowMissing}
              data-testid={`${item.testId}-missing`}
            >
              {t('rp.kit.showMissing')} ({formatNumber(missing, 0)})
            </Button>
          )}
        </ShareBar>
      )}
    </Box>
  );
}

/** Headline figures, each with the previous period and the change; optional data completeness with a link. */
export function HeadlineFigures({
  items,
  previousPeriod,
  help,
}: {
  items: Headline[];
  previousPeriod?: { from: string; to: string };
  /** the report whose definitions the figures show ('rh.<help>.<key>', src/lib/i18n/parts/report-help.ts) */
  help?: string;
}) {
  const t = useT();
  const helpOf = useFigureHelp(help);
  return (
    <Box>
      {previousPeriod && (
        <Text fontSize="xs" color="fg.muted" mb="2" data-testid="rp-previous-period">
          {t('rp.kit.previousPeriod', { from: isoDateToDisplay(previousPeriod.from), to: isoDateToDisplay(previousPeriod.to) })}
        </Text>
      )}
      <SimpleGrid columns={{ base: 2, md: 3, xl: 4 }} gap="3">
        {items.map((item) => (
          <HeadlineCard key={item.key} item={item.help || !help ? item : { ...item, help: helpOf(item.key) }} />
        ))}
      </SimpleGrid>
    </Box>
  );
}

// ------------------------------------------------------------------------------------------------ blocks and CSV

/** What ReportBlock reads of a react-query result: pending, a failure with nothing to show, and retry. */
export interface BlockQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: unknown;
  refetch: () => unknown;
}

/**
 * A titled block with loading (skeleton), error (with retry) and empty states around its children. Given a `query`,
 * its states come from it (loading while pending; the error, with retry, only when there is no earlier answer to
 * show); `loading`, `error` and `onRetry` are for blocks whose state is worked out otherwise.
 */
export function ReportBlock({
  title,
  query,
  loading = query?.isPending ?? false,
  error = query?.isError && !query.data ? query.error : undefined,
  onRetry = query ? () => void query.refetch() : undefined,
  empty,
  emptyText,
  children,
  testId,
  actions,
}: {
  title: string;
  query?: BlockQuery;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  empty?: boolean;
  emptyText?: string;
  children: ReactNode;
  testId: string;
  /** optional buttons in the block's header (e.g. its CSV) */
  actions?: ReactNode;
}) {
  const t = useT();
  const state = error ? 'error' : loading ? 'loading' : empty ? 'empty' : 'ready';
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" boxShadow="xs" minW="0" data-testid={testId} data-state={state}>
      <Flex align="center" justify="space-between" gap="3" px="4" py="3" borderBottomWidth="1px" borderColor="border.muted" wrap="wrap">
        <Text as="h2" fontSize="sm" color="brand.ink" fontWeight="semibold">
          {title}
        </Text>
        {actions && <HStack gap="2">{actions}</HStack>}
      </Flex>
      <Box p="4">
        {state === 'error' ? (
          <ErrorBlock
            title={t('rp.kit.loadFailed')}
            message={errorText(error)}
            offline={isApiError(error) && error.kind !== 'http'}
            onRetry={onRetry}
          />
        ) : state === 'loading' ? (
          <Stack gap="3" data-testid={`${testId}-loading`}>
            <Skeleton h="6" w="40%" />
            <Skeleton h="40" />
          </Stack>
        ) : state === 'empty' ? (
          <Box data-testid={`${testId}-empty`}>
            <EmptyBlock title={emptyText ?? t('rp.kit.empty')} icon={<LuInbox />} />
          </Box>
        ) : (
          children
        )}
      </Box>
    </Box>
  );
}

/** CSV download button (uses downloadCsv of src/lib/download like the admin list); disabled while running. */
export function CsvButton({
  onDownload,
  disabled,
  testId,
  label,
}: {
  onDownload: () => Promise<void>;
  disabled?: boolean;
  testId: string;
  label?: string;
}) {
  const t = useT();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      await onDownload();
    } catch (err) {
      notify.error(`${t('rp.kit.csvFailed')} ${errorText(err)}`);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button
      variant="outline"
      minH="11"
      bg="bg.panel"
      onClick={() => void run()}
      loading={running}
      disabled={disabled || running}
      data-testid={testId}
    >
      <LuDownload /> {label ?? 'CSV'}
    </Button>
  );
}

// ------------------------------------------------------------------------------------------------ table

/** A table of already-aggregated rows (from the server), client-side sort by column (@tanstack/react-table), optional row click. */
export interface ReportColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortValue?: (row: Row) => number | string | null;
  align?: 'start' | 'end';
}

/** A right-aligned column of one figure of the row, formatted in `unit` and sorted by its value. */
export function figureColumn<Row>(key: string, header: string, unit: FigureUnit, value: (row: Row) => number | null): ReportColumn<Row> {
  return { key, header, align: 'end', sortValue: value, cell: (row) => formatFigure(value(row), unit) };
}

const features = tableFeatures({ rowSortingFeature });

/**
 * The table. `footer`: a node under the table (a note, a pager); `totals`: a totals row, one cell per column key.
 * Test ids: `${testId}` (the wrapper), `${testId}-row-${rowKey}` per row, `${testId}-sort-${key}` per sortable header,
 * `${testId}-totals`.
 */
export function ReportTable<Row>({
  rows,
  columns,
  rowKey,
  onRowClick,
  testId,
  footer,
  totals,
  minW = '720px',
  label,
}: {
  rows: Row[];
  columns: ReportColumn<Row>[];
  rowKey: (row: Row) => string | number;
  onRowClick?: (row: Row) => void;
  testId: string;
  footer?: ReactNode;
  totals?: Partial<Record<string, ReactNode>>;
  minW?: string;
  /** what the table is: names its scroll region when it scrolls sideways */
  label?: string;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const sorted = useMemo(() => {
    const s = sorting[0];
    return s ? sortReportRows(rows, byKey.get(s.id), s.desc) : rows;
  }, [rows, sorting, byKey]);
  // the table's rows are the caller's rows (any shape): TanStack's RowData constraint is met by a cast
  const columnDefs = useMemo<ColumnDef<typeof features, RowData>[]>(
    () =>
      columns.map((c) => ({
        id: c.key,
        accessorFn: (r: RowData) => r,
        header: c.header,
        enableSorting: !!c.sortValue,
        // numbers read best biggest first
        sortDescFirst: c.align === 'end',
        cell: (ctx: { row: { original: RowData } }) => c.cell(ctx.row.original as Row),
      })) as ColumnDef<typeof features, RowData>[],
    [columns],
  );
  const table = useTable({
    features,
    columns: columnDefs,
    data: sorted as RowData[],
    getRowId: (r: RowData) => String(rowKey(r as Row)),
    manualSorting: true,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => setSorting((prev) => (typeof updater === 'function' ? updater(prev) : updater)),
  });
  return (
    <Box data-testid={testId} data-rows={rows.length}>
      <TableScroll label={label} borderWidth="1px" borderColor="border.muted" rounded="md" overflow="hidden">
        <Table.Root recipe={tableSlotRecipe} size="sm" interactive={!!onRowClick} minW={minW}>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id} bg="bg.subtle">
                {group.headers.map((header) => {
                  const col = byKey.get(header.column.id);
                  const s = header.column.getIsSorted();
                  return (
                    <Table.ColumnHeader
                      key={header.id}
                      py="2"
                      fontSize="xs"
                      textTransform="uppercase"
                      letterSpacing="0.05em"
                      color="fg.muted"
                      textAlign={col?.align === 'end' ? 'end' : undefined}
                      {...headerTextProps}
                      aria-sort={s === 'asc' ? 'ascending' : s === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <Button
                          variant="ghost"
                          size="xs"
                          px="1"
                          mx="-1"
                          h="auto"
                          minH="8"
                          py="1"
                          whiteSpace="normal"
                          textAlign={col?.align === 'end' ? 'end' : 'start'}
                          lineHeight="1.3"
                          {...headerTextProps}
                          fontSize="xs"
                          textTransform="uppercase"
                          letterSpacing="0.05em"
                          color={s ? 'brand.fg' : 'fg.muted'}
                          onClick={header.column.getToggleSortingHandler()}
                          data-testid={`${testId}-sort-${header.column.id}`}
                        >
                          {col?.header}
                          {s === 'asc' ? <LuArrowUp /> : s === 'desc' ? <LuArrowDown /> : <LuArrowUpDown opacity={0.4} />}
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
            {table.getRowModel().rows.map((row) => (
              <Table.Row
                key={row.id}
                cursor={onRowClick ? 'pointer' : undefined}
                onClick={onRowClick ? () => onRowClick(row.original as Row) : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                onKeyDown={
                  onRowClick
                    ? (e) => {
                        if (e.key !== 'Enter' && e.key !== ' ') return;
                        e.preventDefault();
                        onRowClick(row.original as Row);
                      }
                    : undefined
                }
                data-testid={`${testId}-row-${row.id}`}
              >
                {row.getAllCells().map((cell) => (
                  <Table.Cell
                    key={cell.id}
                    py="2"
                    textAlign={byKey.get(cell.column.id)?.align === 'end' ? 'end' : undefined}
                    fontVariantNumeric="tabular-nums"
                  >
                    <table.FlexRender cell={cell} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
          {totals && (
            <Table.Footer>
              <Table.Row bg="bg.subtle" fontWeight="semibold" data-testid={`${testId}-totals`}>
                {columns.map((c) => (
                  <Table.Cell key={c.key} py="2" textAlign={c.align === 'end' ? 'end' : undefined} fontVariantNumeric="tabular-nums">
                    {totals[c.key] ?? ''}
                  </Table.Cell>
                ))}
              </Table.Row>
            </Table.Footer>
          )}
        </Table.Root>
      </TableScroll>
      {footer && <Box pt="3">{footer}</Box>}
    </Box>
  );
}
