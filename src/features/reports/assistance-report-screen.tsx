/**
 * /laporanjenisbantuan — Laporan Jenis Bantuan Lain-Lain (issue #17 item 5; §2.1, §7.7 LaporanBantuanLainLainReport
 * jenisBantuan, region, section, csv; open to OTHERS too, §6): the other assistance (further-action items of kind
 * OTHER) asked for in the period's cases. The headline figures (items asked for against the previous period; how many
 * were notified, arrived, completed; the medians report → notified → arrived → completed), the bars by type and by
 * section (and by region for a user who sees every region), a table by type (or section, region) with its times, and
 * the CSV of the type table. Every figure is the server's.
 *
 * The headline figures are the answer's `overall` (every item of the scope at once: medians of groups cannot be
 * combined into the median of all) against its `previousOverall`.
 */
import { useMemo, useState } from 'react';
import { Badge, Box, SegmentGroup, SimpleGrid, Text } from '@chakra-ui/react';
import type { AssistanceItem } from '@contract/reports';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/reports';
import { useSession } from '@/lib/session';
import { regionScopeOf } from '@/ui/admin/report-scope';
import { BarChart, type ChartDatum } from '@/ui/report/lazy-charts';
import {
  CsvButton,
  figureColumn,
  formatFigure,
  HeadlineFigures,
  ReportBlock,
  ReportFilterBar,
  ReportPage,
  ReportTable,
  type Headline,
  type ReportColumn,
} from '@/ui/report/report-kit';
import { reportFilterOf, type ReportScopeSearch } from '@/ui/report/report-search';
import { RangeInvalidNote } from './incident-figures';
import { assistanceCsv, useAssistance, type AssistanceBy } from './reports-api';
import { useLookupLabel } from '@/lib/lookups';

/** Bars of the items asked for; the previous period's bar only when that period has any (else every second bar is empty). */
const bars = (items: AssistanceItem[], labelOf: (item: AssistanceItem) => string): ChartDatum[] =>
  items.map((i) => ({ id: i.id, label: labelOf(i), value: i.count, previous: i.previous }));

export function AssistanceReportScreen({ search, onSearchChange }: { search: ReportScopeSearch; onSearchChange: (s: ReportScopeSearch) => void }) {
  const t = useT();
  // the assistance types in the page's language (issue #31): requestFurtherAction's names by key
  const typeLabel = useLookupLabel('requestFurtherAction');
  const user = useSession()?.user;
  const scopeRegion = regionScopeOf(user);
  const seesAll = scopeRegion === undefined;
  const filter = reportFilterOf(search, scopeRegion);

  const byType = useAssistance('type', filter);
  const bySection = useAssistance('section', filter);
  const byRegion = useAssistance('region', filter, seesAll);
  const [tableBy, setTableBy] = useState<AssistanceBy>('type');
  const shownBy: AssistanceBy = tableBy === 'region' && !seesAll ? 'type' : tableBy;
  const tableQuery = shownBy === 'type' ? byType : shownBy === 'section' ? bySection : byRegion;
  const labelBy = (by: AssistanceBy) => (r: AssistanceItem) => (by === 'type' ? typeLabel(r.id, r.label) : r.label);
  const labelOf = labelBy(shownBy);

  /** every item of the scope at once, now and in the previous period */
  const overall = byType.data?.overall ?? null;
  const before = byType.data?.previousOverall ?? null;

  const headline: Headline[] = [
    {
      key: 'total',
      label: t('rp.as.h.total'),
      value: byType.data?.total ?? null,
      previous: byType.data?.previousTotal ?? null,
      unit: 'count',
      testId: 'rp-assistance-headline-total',
    },
    {
      key: 'notified',
      label: t('rp.as.h.notified'),
      value: overall?.notified ?? null,
      previous: before?.notified ?? null,
      unit: 'count',
      testId: 'rp-assistance-headline-notified',
    },
    {
      key: 'arrived',
      label: t('rp.as.h.arrived'),
      value: overall?.arrived ?? null,
      previous: before?.arrived ?? null,
      unit: 'count',
      testId: 'rp-assistance-headline-arrived',
    },
    {
      key: 'completed',
      label: t('rp.as.h.completed'),
      value: overall?.completed ?? null,
      previous: before?.completed ?? null,
      unit: 'count',
      testId: 'rp-assistance-headline-completed',
    },
    {
      key: 'toNotify',
      label: t('rp.as.h.toNotify'),
      value: overall?.medianToNotify ?? null,
      previous: before?.medianToNotify ?? null,
      unit: 'min',
      lowerIsBetter: true,
      testId: 'rp-assistance-headline-to-notify',
    },
    {
      key: 'toArrive',
      label: t('rp.as.h.toArrive'),
      value: overall?.medianToArrive ?? null,
      previous: before?.medianToArrive ?? null,
      unit: 'min',
      lowerIsBetter: true,
      testId: 'rp-assistance-headline-to-arrive',
    },
    {
      key: 'toComplete',
      label: t('rp.as.h.toComplete'),
      value: overall?.medianToComplete ?? null,
      previous: before?.medianToComplete ?? null,
      unit: 'min',
      lowerIsBetter: true,
      testId: 'rp-assistance-headline-to-complete',
    },
  ];

  const columns = useMemo<ReportColumn<AssistanceItem>[]>(
    () => [
      {
        key: 'label',
        header: shownBy === 'type' ? t('rp.as.col.type') : shownBy === 'section' ? t('rp.as.col.section') : t('rp.as.col.region'),
        sortValue: (r) => r.label,
        cell: (r) =>
          shownBy === 'section' ? (
            <Badge colorPalette="brand" variant="solid" size="sm">
              {r.label}
            </Badge>
          ) : (
            <Text fontSize="sm" fontWeight="medium" maxW="170px">
              {labelOf(r)}
            </Text>
          ),
      },
      {
        key: 'count',
        header: t('rp.as.col.count'),
        align: 'end',
        sortValue: (r) => r.count,
        cell: (r) => (
          <Text as="span" fontWeight="semibold" color="brand.ink" data-testid="rp-assistance-table-count" data-value={r.count}>
            {formatFigure(r.count, 'count')}
          </Text>
        ),
      },
      {
        key: 'previous',
        header: t('rp.as.col.previous'),
        align: 'end',
        sortValue: (r) => r.previous,
        cell: (r) => <Muted>{formatFigure(r.previous, 'count')}</Muted>,
      },
      figureColumn('notified', t('rp.as.col.notified'), 'count', (r) => r.notified),
      figureColumn('arrived', t('rp.as.col.arrived'), 'count', (r) => r.arrived),
      figureColumn('completed', t('rp.as.col.completed'), 'count', (r) => r.completed),
      figureColumn('toNotify', t('rp.as.col.toNotify'), 'min', (r) => r.medianToNotify),
      figureColumn('toArrive', t('rp.as.col.toArrive'), 'min', (r) => r.medianToArrive),
      figureColumn('toComplete', t('rp.as.col.toComplete'), 'min', (r) => r.medianToComplete),
    ],
    [t, shownBy, labelOf],
  );

  const tableItems = tableQuery.data?.items;
  const empty = !!byType.data && byType.data.items.length === 0;
  const chartBlock = (by: AssistanceBy, horizontal: boolean) => {
    const q = by === 'type' ? byType : by === 'section' ? bySection : byRegion;
    return (
      <ReportBlock
        title={t(by === 'type' ? 'rp.as.chart.type' : by === 'section' ? 'rp.as.chart.section' : 'rp.as.chart.region')}
        query={q}
        empty={!!q.data && q.data.items.length === 0}
        emptyText={t('rp.as.empty')}
        testId={`rp-assistance-block-${by}`}
      >
        {q.data && (
          <BarChart
            data={bars(q.data.items, labelBy(by))}
            valueLabel={t('rp.as.series.now')}
            previousLabel={q.data.previousTotal > 0 ? t('rp.as.series.previous') : undefined}
            horizontal={horizontal}
            testId={`rp-assistance-chart-${by}`}
          />
        )}
      </ReportBlock>
    );
  };

  return (
    <ReportPage
      title={t('rp.as.title')}
      description={t('rp.as.subtitle')}
      testId="assistance-report"
      filters={<ReportFilterBar search={search} onChange={onSearchChange} testIdPrefix="rp-assistance" />}
      actions={
        <CsvButton
          testId="rp-assistance-csv"
          label={t('rp.as.csv')}
          disabled={!filter || !byType.data?.items.length}
          onDownload={() => assistanceCsv(filter!)}
        />
      }
    >
      {!filter ? (
        <RangeInvalidNote testId="rp-assistance-range-invalid-note" />
      ) : (
        <>
          <ReportBlock title={t('rp.as.headline')} query={byType} testId="rp-assistance-headline">
            <HeadlineFigures items={headline} previousPeriod={byType.data?.previousPeriod} help="assistance" />
          </ReportBlock>

          {seesAll ? (
            <>
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
                {chartBlock('type', true)}
                {chartBlock('region', false)}
              </SimpleGrid>
              {chartBlock('section', false)}
            </>
          ) : (
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
              {chartBlock('type', true)}
              {chartBlock('section', true)}
            </SimpleGrid>
          )}

          <ReportBlock
            title={t('rp.as.table')}
            query={tableQuery}
            empty={empty}
            emptyText={t('rp.as.empty')}
            testId="rp-assistance-block-table"
            actions={
              <SegmentGroup.Root
                size="sm"
                value={shownBy}
                onValueChange={(e) => e.value && setTableBy(e.value as AssistanceBy)}
                aria-label={t('rp.as.tableBy')}
                data-testid="rp-assistance-table-by"
              >
                <SegmentGroup.Indicator />
                <SegmentGroup.Items
                  items={[
                    { value: 'type', label: t('rp.as.by.type') },
                    { value: 'section', label: t('rp.as.by.section') },
                    ...(seesAll ? [{ value: 'region', label: t('rp.as.by.region') }] : []),
                  ]}
                />
              </SegmentGroup.Root>
            }
          >
            {tableItems && (
              <ReportTable<AssistanceItem>
                rows={tableItems}
                columns={columns}
                rowKey={(r) => r.id}
                testId="rp-assistance-table"
                minW="900px"
                totals={{
                  label: t('rp.as.total'),
                  count: formatFigure(tableQuery.data?.total ?? null, 'count'),
                  previous: formatFigure(tableQuery.data?.previousTotal ?? null, 'count'),
                  notified: formatFigure(overall?.notified ?? null, 'count'),
                  arrived: formatFigure(overall?.arrived ?? null, 'count'),
                  completed: formatFigure(overall?.completed ?? null, 'count'),
                  toNotify: formatFigure(overall?.medianToNotify ?? null, 'min'),
                  toArrive: formatFigure(overall?.medianToArrive ?? null, 'min'),
                  toComplete: formatFigure(overall?.medianToComplete ?? null, 'min'),
                }}
                footer={
                  <Text fontSize="xs" color="fg.muted">
                    {t('rp.as.tableHint')}
                  </Text>
                }
              />
            )}
          </ReportBlock>
        </>
      )}
    </ReportPage>
  );
}

function Muted({ children }: { children: string }) {
  return (
    <Box as="span" color="fg.muted">
      {children}
    </Box>
  );
}
