import { memo, useDeferredValue, useEffect, useMemo, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Flex, Grid, HStack, NativeSelect, Skeleton, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuChevronLeft, LuChevronRight, LuChevronsLeft, LuInbox, LuMapPin, LuRadio } from 'react-icons/lu';
import type { IncidentListRow } from '@contract/incidents';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/lists';
import { errorText, isApiError } from '@/lib/api';
import {
  DEFAULT_SORT,
  LIST_PAGE_SIZES,
  incidentHref,
  kmLabel,
  pageWindow,
  rowDateTime,
  rowTimes,
  type ListSortColumn,
  type RowTime,
} from '@/lib/incident-list';
import { StatusChip } from './incident-status-badge';
import { Tooltip } from './tooltip';
import './plain.css';
import './incident-list.css';
import { EmptyBlock, ErrorBlock } from './states';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { TableSkeletonRows } from '@/ui/table-skeleton';
import { headerTextProps, TableScroll, useCut } from '@/ui/table-scroll';
import { useLookup, useLookupLabel, useLookupText } from '@/lib/lookups';

const TIME_LABEL: Record<RowTime['key'], TextKey> = {
  dihantar: 'lists.time.dihantar',
  diterima: 'lists.time.diterima',
  tiba: 'lists.time.tiba',
  selesaiBantuan: 'lists.time.selesaiBantuan',
  selesaiKes: 'lists.time.selesaiKes',
};

export interface IncidentListProps {
  rows: IncidentListRow[];
  total: number;
  page: number;
  size: number;
  sort?: ListSortColumn;
  dir?: 'asc' | 'desc';
  /** the first answer is still on its way */
  pending: boolean;
  /** the rows shown are the previous page's while the next one loads */
  stale: boolean;
  error: unknown;
  onRetry: () => void;
  emptyTitle: string;
  emptyDescription?: string;
  emptyIcon?: ReactNode;
  /** a column header flips the order (no dir); the card layout's select names it */
  onSort: (column: ListSortColumn, dir?: 'asc' | 'desc') => void;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  /** show the region beside the section (lists over several regions) */
  showRegion?: boolean;
  testId?: string;
  /** marks the first load (tests and screens wait for it to go) */
  loadingTestId?: string;
  /** a line above the list (what it shows); the card layout's order select sits beside it */
  heading?: ReactNode;
  /** where a row leads (default: the case's detail page); a case picker opens one part of the case (issue #19) */
  rowHref?: (row: IncidentListRow) => string;
}

/**
 * One incident list for the dashboard, the case search and /incident (§3.2): a table on desktop, cards on a tablet;
 * server-side paging and sorting; a row opens /insidenView/{id}.
 */
/**
 * The list renders its rows in the background (useDeferredValue): a page of 25 cases is about a thousand components,
 * and rendered at once it was one long task on a tablet's CPU (input waits for it; Lighthouse's TBT counts it). In the
 * background React renders it in slices of a few milliseconds; until it is done, the previous state stays on screen as
 * a whole (the skeleton, or the previous page), never half of each.
 */
export function IncidentList(p: IncidentListProps) {
  // the rows' names (event type, source, direction) are asked for with the list, not when the first row mounts: rows
  // drawn before their lists came were all drawn again a moment later (a second long task)
  const ll = useListLabels();
  const deferred = useDeferredValue(p);
  const body = ll.settled || !deferred.rows.length ? deferred : { ...deferred, pending: true };
  return <IncidentListBody {...body} ll={ll} />;
}

const IncidentListBody = memo(function IncidentListBody({ ll, ...p }: IncidentListProps & { ll: ListLabels }) {
  const t = useT();
  const wide = useBreakpointValue({ base: false, lg: true }, { ssr: false }) ?? true;
  const navigate = useNavigate();
  const hrefOf = p.rowHref ?? ((row: IncidentListRow) => incidentHref(row.incidentId));
  const open = (row: IncidentListRow) => void navigate({ href: hrefOf(row) });
  const win = pageWindow(p.page, p.size, p.rows.length, p.total);
  const testId = p.testId ?? 'incident-list';

  // a page past the end (a shared URL, cases closed meanwhile): go to the last page that has rows
  const pastEnd = !p.pending && !p.stale && !p.error && p.rows.length === 0 && p.total > 0 && p.page > 0;
  const { onPage } = p;
  useEffect(() => {
    if (pastEnd) onPage(Math.max(0, win.pages - 1));
  }, [pastEnd, win.pages, onPage]);

  // no rows, or the rows of the previous filter while this one failed: the failure is the answer
  if (p.error && (!p.rows.length || p.stale)) {
    return (
      <ErrorBlock
        title={t('lists.loadFailed')}
        message={errorText(p.error)}
        offline={isApiError(p.error) && p.error.kind !== 'http'}
        onRetry={p.onRetry}
      />
    );
  }

  const empty = !p.pending && p.rows.length === 0;
  // a refresh that failed keeps the last rows on screen: say so
  const refreshFailed = !!p.error && p.rows.length > 0;

  return (
    <Box data-testid={testId} data-layout={wide ? 'table' : 'cards'} aria-busy={p.pending || p.stale}>
      {p.pending && <Box display="none" data-testid={p.loadingTestId ?? `${testId}-loading`} />}
      {refreshFailed && (
        <Alert.Root status="warning" size="sm" mb="2" rounded="md" data-testid="list-refresh-failed">
          <Alert.Indicator />
          <Alert.Description>{t('lists.refreshFailed', { error: errorText(p.error) })}</Alert.Description>
        </Alert.Root>
      )}
      {wide && p.heading && <Box mb="2">{p.heading}</Box>}
      {wide ? (
        <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" boxShadow="xs" overflow="hidden">
          <TableScroll>
            <IncidentTable {...p} open={open} hrefOf={hrefOf} ll={ll} />
          </TableScroll>
          {empty && <EmptyBlock title={p.emptyTitle} description={p.emptyDescription} icon={p.emptyIcon ?? <LuInbox />} />}
          {!(empty && p.total === 0) && <Pager {...p} win={win} />}
        </Box>
      ) : (
        <Box>
          <CardSort {...p} />
          {p.pending ? (
            <Grid gap="3">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h="40" rounded="lg" />
              ))}
            </Grid>
          ) : empty ? (
            <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg">
              <EmptyBlock title={p.emptyTitle} description={p.emptyDescription} icon={p.emptyIcon ?? <LuInbox />} />
            </Box>
          ) : (
            <div className="il-cards" data-stale={p.stale ? '' : undefined}>
              {p.rows.map((r) => (
                <IncidentCard key={r.incidentId} row={r} open={open} href={hrefOf(r)} showRegion={p.showRegion} ll={ll} />
              ))}
            </div>
          )}
          {!(empty && p.total === 0) && (
            <Box mt="3" bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg">
              <Pager {...p} win={win} />
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
});

type ListLabels = ReturnType<typeof useListLabels>;

/**
 * The list's lookup texts in the current language (issue #31): case type and status by their ids, source and
 * direction by their text; and whether their lists have answered (or failed: the rows' own text).
 */
function useListLabels() {
  const type = useLookupLabel('incidentCategory');
  const status = useLookupLabel('incidentStatus');
  const source = useLookupText('incidentSource');
  const direction = useLookupText('cardinalDirection');
  const lists = [useLookup('incidentCategory'), useLookup('incidentStatus'), useLookup('incidentSource'), useLookup('cardinalDirection')];
  const settled = lists.every((q) => !q.isPending);
  return useMemo(() => ({ type, status, source, direction, settled }), [type, status, source, direction, settled]);
}

/** Plain clicks open the case in the app; ctrl/middle clicks keep the browser's own behaviour (new tab). */
function linkClick(e: MouseEvent, go: () => void) {
  e.stopPropagation();
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  go();
}

const HEAD = { py: '2.5', fontSize: 'xs', textTransform: 'uppercase', letterSpacing: '0.04em', color: 'fg.muted', verticalAlign: 'bottom' } as const;

function SortHeader({
  column,
  label,
  sort,
  dir,
  onSort,
  w,
}: {
  column: ListSortColumn;
  label: string;
  sort?: ListSortColumn;
  dir?: 'asc' | 'desc';
  onSort: (c: ListSortColumn) => void;
  w?: string;
}) {
  const active = (sort ?? DEFAULT_SORT.sort) === column;
  const d = dir ?? (sort ? 'asc' : DEFAULT_SORT.dir);
  return (
    <Table.ColumnHeader {...HEAD} w={w} aria-sort={active ? (d === 'asc' ? 'ascending' : 'descending') : 'none'} p="0">
      <Button
        variant="ghost"
        size="xs"
        h="auto"
        minH="11"
        w="full"
        justifyContent="flex-start"
        alignItems="center"
        whiteSpace="normal"
        {...headerTextProps}
        textAlign="start"
        lineHeight="1.2"
        py="1.5"
        px="3"
        fontSize="xs"
        fontWeight="semibold"
        textTransform="uppercase"
        letterSpacing="0.04em"
        color={active ? 'brand.ink' : 'fg.muted'}
        rounded="none"
        onClick={() => onSort(column)}
        data-testid={`sort-${column}`}
      >
        {label}
        {active ? d === 'asc' ? <LuArrowUp /> : <LuArrowDown /> : <Box as={LuArrowUpDown} opacity={0.4} />}
      </Button>
    </Table.ColumnHeader>
  );
}

function IncidentTable({
  ll,
  ...p
}: IncidentListProps & { open: (r: IncidentListRow) => void; hrefOf: (r: IncidentListRow) => string; ll: ListLabels }) {
  const t = useT();
  const sortProps = { sort: p.sort, dir: p.dir, onSort: p.onSort };
  return (
    <Table.Root recipe={tableSlotRecipe} size="sm" interactive stickyHeader minW="860px" tableLayout="fixed" data-testid="incident-table">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <SortHeader column="createdDate" label={t('lists.col.ticketDate')} w="158px" {...sortProps} />
          <SortHeader column="jenisKes" label={t('lists.col.type')} {...sortProps} />
          <SortHeader column="section" label={t('lists.col.location')} {...sortProps} />
          <SortHeader column="statusKes" label={t('lists.col.status')} w="168px" {...sortProps} />
          {(Object.keys(TIME_LABEL) as RowTime['key'][]).map((k) => (
            <Table.ColumnHeader
              key={k}
              {...HEAD}
              w="64px"
              px="1"
              textAlign="center"
              lineHeight="1.2"
              whiteSpace="normal"
              {...headerTextProps}
              textTransform="none"
              letterSpacing="0"
            >
              {t(TIME_LABEL[k])}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {p.pending ? (
          <TableSkeletonRows cols={9} />
        ) : (
          p.rows.map((r) => (
            <IncidentRow key={r.incidentId} row={r} stale={p.stale} open={p.open} href={p.hrefOf(r)} showRegion={p.showRegion} ll={ll} />
          ))
        )}
      </Table.Body>
    </Table.Root>
  );
}

/** What a row of the table and a card show, and where they lead. */
interface RowProps {
  row: IncidentListRow;
  open: (r: IncidentListRow) => void;
  href: string;
  showRegion?: boolean;
  ll: ListLabels;
}

/** A row of the table (plain elements: see incident-list.css). */
function IncidentRow({ row: r, stale, open, href, showRegion, ll }: RowProps & { stale: boolean }) {
  const t = useT();
  return (
    <tr
      className="il-row"
      data-stale={stale ? '' : undefined}
      tabIndex={0}
      onClick={() => open(r)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') open(r);
      }}
      data-testid="incident-row"
      data-ticket={r.ticketNumber}
      data-status-id={r.statusId ?? ''}
    >
      <td className="il-cell il-cell-first">
        <a href={href} onClick={(e) => linkClick(e, () => open(r))}>
          <span className="il-ticket il-ticket-cell" data-testid="incident-ticket">
            {r.ticketNumber}
          </span>
        </a>
        <p className="u-xs u-muted u-num u-nowrap">{rowDateTime(r)}</p>
      </td>
      <td className="il-cell">
        <p className="u-semibold u-sm">{ll.type(r.incidentCategoryId, r.jenisKes)}</p>
        <ClampText className="u-xs u-muted">{ll.source(r.creationSource)}</ClampText>
        <Plates plates={r.plateNumbers} cell />
      </td>
      <td className="il-cell">
        <div className="u-hstack">
          <span className="u-badge" data-palette="brand">
            {r.section}
          </span>
          <ClampText className="u-sm u-medium">{kmLabel(r.kilometermarker)}</ClampText>
        </div>
        <ClampText className="u-xs u-fg u-mt-05" lines={2}>
          {[ll.direction(r.direction), r.eventLocation, showRegion ? r.regionName : ''].filter(Boolean).join(' · ')}
        </ClampText>
      </td>
      <td className="il-cell">
        <StatusChip statusId={r.statusId} label={ll.status(r.statusId, r.statusKes)} />
        <ClampText className="u-xs u-muted u-mt-1">{r.dutyRosterName ?? t('lists.noRoster')}</ClampText>
      </td>
      {rowTimes(r).map((tm) => (
        <td key={tm.key} className="il-cell il-cell-time">
          <TimeText tm={tm} />
        </td>
      ))}
    </tr>
  );
}

/**
 * A cell's text cut to `lines` lines, as `CellText` (table-scroll.tsx) in plain elements: when it is cut, it can be
 * focused and shows its whole text in a tooltip.
 */
function ClampText({ children, lines = 1, className, testId }: { children: string; lines?: number; className: string; testId?: string }) {
  const [setEl, cut] = useCut(lines);
  return (
    <Tooltip content={children} disabled={!cut}>
      <p
        ref={setEl}
        className={`${className} u-focusable ${lines === 1 ? 'u-truncate' : 'u-clamp'}`}
        style={lines === 1 ? undefined : ({ '--u-lines': lines } as CSSProperties)}
        tabIndex={cut ? 0 : undefined}
        data-full-text={cut ? '' : undefined}
        data-testid={testId}
      >
        {children}
      </p>
    </Tooltip>
  );
}

/** The involved vehicles' plates (what a plate search matched). */
function Plates({ plates, cell }: { plates: string[] | undefined; cell?: boolean }) {
  if (!plates?.length) return null;
  if (cell) {
    return (
      <ClampText className="u-xs il-plates" testId="incident-plates">
        {plates.join(' · ')}
      </ClampText>
    );
  }
  return (
    <p className="u-xs il-plates u-clamp" title={plates.join(', ')} data-testid="incident-plates">
      {plates.join(' · ')}
    </p>
  );
}

function TimeText({ tm }: { tm: RowTime }) {
  const t = useT();
  if (!tm.short) {
    return (
      <span className="il-none u-sm" role="img" aria-label={t('lists.time.none')}>
        –
      </span>
    );
  }
  return (
    <span className="il-time" title={`${t(TIME_LABEL[tm.key])}: ${tm.full}`} data-testid={`time-${tm.key}`}>
      <span className="u-sm u-num u-medium">{tm.short}</span>
      {tm.otherDay && <span className="u-2xs u-muted u-block">{tm.otherDay}</span>}
    </span>
  );
}

function IncidentCard({ row: r, open, href, showRegion, ll }: RowProps) {
  const t = useT();
  return (
    <a
      className="il-card"
      href={href}
      onClick={(e) => linkClick(e, () => open(r))}
      data-testid="incident-row"
      data-ticket={r.ticketNumber}
      data-status-id={r.statusId ?? ''}
    >
      <div className="il-card-head">
        <div className="u-min0">
          <p className="il-ticket" data-testid="incident-ticket">
            {r.ticketNumber}
          </p>
          <p className="u-xs u-muted u-num">
            {rowDateTime(r)} · {ll.source(r.creationSource)}
          </p>
        </div>
        <StatusChip statusId={r.statusId} label={ll.status(r.statusId, r.statusKes)} size="md" />
      </div>
      <div className="il-card-type">
        <p className="u-semibold">{ll.type(r.incidentCategoryId, r.jenisKes)}</p>
        <Plates plates={r.plateNumbers} />
      </div>
      <div className="il-card-line">
        <span className="u-badge" data-palette="brand">
          {r.section}
        </span>
        <span className="u-medium">{kmLabel(r.kilometermarker)}</span>
        <span className="u-muted">{ll.direction(r.direction)}</span>
        {showRegion && r.regionName && <span className="u-muted">· {r.regionName}</span>}
      </div>
      {r.eventLocation && (
        <div className="il-card-line il-card-icon u-fg">
          <LuMapPin />
          <p className="u-clamp" title={r.eventLocation}>
            {r.eventLocation}
          </p>
        </div>
      )}
      <div className="il-card-line il-card-icon u-fg">
        <LuRadio />
        <p className="u-clamp" title={r.dutyRosterName ?? undefined}>
          {r.dutyRosterName ?? t('lists.noRoster')}
        </p>
      </div>
      <div className="il-card-times">
        {rowTimes(r).map((tm) => (
          <div key={tm.key} className="u-min0">
            <p className="il-card-time-label u-clamp">{t(TIME_LABEL[tm.key])}</p>
            <TimeText tm={tm} />
          </div>
        ))}
      </div>
    </a>
  );
}

const CARD_SORTS: { key: string; sort: ListSortColumn; dir: 'asc' | 'desc'; label: TextKey }[] = [
  { key: 'createdDate:desc', sort: 'createdDate', dir: 'desc', label: 'lists.sort.newest' },
  { key: 'createdDate:asc', sort: 'createdDate', dir: 'asc', label: 'lists.sort.oldest' },
  { key: 'ticketNumber:asc', sort: 'ticketNumber', dir: 'asc', label: 'lists.sort.ticket' },
  { key: 'statusKes:asc', sort: 'statusKes', dir: 'asc', label: 'lists.sort.status' },
  { key: 'section:asc', sort: 'section', dir: 'asc', label: 'lists.sort.section' },
  { key: 'jenisKes:asc', sort: 'jenisKes', dir: 'asc', label: 'lists.sort.type' },
];

/** Cards have no column headers: the order is a select. */
function CardSort(p: IncidentListProps) {
  const t = useT();
  const current = `${p.sort ?? DEFAULT_SORT.sort}:${p.dir ?? (p.sort ? 'asc' : DEFAULT_SORT.dir)}`;
  const known = CARD_SORTS.some((s) => s.key === current);
  return (
    <Flex justify="space-between" align="center" gap="2" mb="3" wrap="wrap">
      <Box minW="0">{p.heading}</Box>
      <HStack gap="2" ms="auto">
        <Text fontSize="sm" color="fg.muted">
          {t('lists.sort.label')}
        </Text>
        <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="sm" width="210px">
          <NativeSelect.Field
            bg="bg.panel"
            minH="11"
            value={known ? current : ''}
            onChange={(e) => {
              const s = CARD_SORTS.find((c) => c.key === e.currentTarget.value);
              if (s) p.onSort(s.sort, s.dir);
            }}
            aria-label={t('lists.sort.label')}
            data-testid="list-sort"
          >
            {!known && <option value="">—</option>}
            {CARD_SORTS.map((s) => (
              <option key={s.key} value={s.key}>
                {t(s.label)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
    </Flex>
  );
}

function Pager(p: IncidentListProps & { win: ReturnType<typeof pageWindow> }) {
  const t = useT();
  const { win } = p;
  return (
    <Flex
      align="center"
      justify="space-between"
      gap="3"
      px="4"
      py="3"
      borderTopWidth={{ base: '0', lg: '1px' }}
      borderColor="border.muted"
      wrap="wrap"
    >
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted">
          {t('lists.perPage')}
        </Text>
        <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="sm" width="84px">
          <NativeSelect.Field
            value={String(p.size)}
            onChange={(e) => p.onSize(Number(e.currentTarget.value))}
            minH="11"
            aria-label={t('lists.perPage')}
            data-testid="list-size"
          >
            {LIST_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="list-pageinfo">
          {t('lists.pageInfo', { from: win.from, to: win.to, total: p.total, page: p.page + 1, pages: win.pages })}
        </Text>
        <Button size="sm" minH="11" minW="11" variant="outline" disabled={!win.hasPrev} onClick={() => p.onPage(0)} aria-label={t('lists.first')}>
          <LuChevronsLeft />
        </Button>
        <Button size="sm" minH="11" variant="outline" disabled={!win.hasPrev} onClick={() => p.onPage(p.page - 1)} data-testid="list-prev">
          <LuChevronLeft /> {t('lists.prev')}
        </Button>
        <Button size="sm" minH="11" variant="outline" disabled={!win.hasNext} onClick={() => p.onPage(p.page + 1)} data-testid="list-next">
          {t('lists.next')} <LuChevronRight />
        </Button>
      </HStack>
    </Flex>
  );
}
