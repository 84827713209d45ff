/**
 * /laporanrondaan — Laporan Rondaan (issue #17 item 8; §7.7 LoopingReportV2): the rondas completed on each roster
 * (its 'Tamat Rondaan' activities) against its section's ronda plan. The headline figures of the period (rosters,
 * rondas planned and completed, the share completed; each against the previous period) and the rosters of the period
 * (server-paged, one answer with the totals), each with planned, completed and its share. CSV of the rows.
 */
import { useMemo } from 'react';
import { Badge, Box, Text } from '@chakra-ui/react';
import type { LoopingPage, LoopingRow } from '@contract/reports';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/roster-reports';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { listQueryOf } from '@/ui/admin/list-search';
import { CsvButton, HeadlineFigures, ReportBlock, ReportFilterBar, ReportPage, type Headline } from '@/ui/report/report-kit';
import { reportFilterOf } from '@/ui/report/report-search';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTablesResult } from '@contract/envelope';
import { loopingCsv, useLooping } from './roster-reports-api';
import { countText, loopingState, pagedOf, percentText } from './roster-reports-format';
import { withScope, type PagedReportSearch } from './roster-reports-search';
import { Num, RangeInvalid, rosterColumns, useReportScope } from './roster-report-parts';

const DEFAULT_SORT = { sort: 'date', dir: 'desc' } as const;

const STATE_PALETTE = { done: 'green', partial: 'orange', missed: 'red', 'none-planned': 'gray' } as const;

export function LoopingReportScreen({ search, onSearchChange }: { search: PagedReportSearch; onSearchChange: (s: PagedReportSearch) => void }) {
  const t = useT();
  const { scopeRegion } = useReportScope();
  const filter = reportFilterOf(search, scopeRegion);
  const paged = pagedOf(search);
  const q = listQueryOf(paged, DEFAULT_SORT);
  const looping = useLooping(filter, q);
  const page: LoopingPage | undefined = looping.data;

  const total = page?.total;
  const prev = page?.previousTotal;
  const headline: Headline[] = [
    {
      key: 'rosters',
      label: t('rr.looping.rosters'),
      value: total?.rosters ?? null,
      previous: prev?.rosters ?? null,
      unit: 'count',
      testId: 'rr-looping-headline-rosters',
    },
    {
      key: 'planned',
      label: t('rr.looping.planned'),
      value: total?.planned ?? null,
      previous: prev?.planned ?? null,
      unit: 'count',
      testId: 'rr-looping-headline-planned',
    },
    {
      key: 'completed',
      label: t('rr.looping.completed'),
      value: total?.completed ?? null,
      previous: prev?.completed ?? null,
      unit: 'count',
      testId: 'rr-looping-headline-completed',
    },
    {
      key: 'percent',
      label: t('rr.looping.percent'),
      value: total?.percent ?? null,
      previous: prev?.percent ?? null,
      unit: '%',
      testId: 'rr-looping-headline-percent',
    },
    {
      key: 'beyond',
      label: t('rr.looping.beyond'),
      value: total?.beyond ?? null,
      previous: prev?.beyond ?? null,
      unit: 'count',
      testId: 'rr-looping-headline-beyond',
    },
  ];

  const columns = useMemo<AdminColumn<LoopingRow>[]>(
    () => [
      ...rosterColumns<LoopingRow>(t, 'rr-looping-rosters'),
      {
        id: 'planned',
        header: t('rr.looping.col.planned'),
        sortable: true,
        align: 'end',
        width: '100px',
        cell: (r) => <Num testId="rr-looping-rosters-planned">{countText(r.planned)}</Num>,
      },
      {
        id: 'completed',
        header: t('rr.looping.col.completed'),
        sortable: true,
        align: 'end',
        width: '100px',
        cell: (r) => <Num testId="rr-looping-rosters-completed">{countText(r.completed)}</Num>,
      },
      {
        id: 'beyond',
        header: t('rr.looping.col.beyond'),
        sortable: true,
        align: 'end',
        width: '100px',
        cell: (r) => (
          <Num muted={r.beyond === 0} testId="rr-looping-rosters-beyond">
            {countText(r.beyond)}
          </Num>
        ),
      },
      {
        id: 'percent',
        header: t('rr.looping.col.percent'),
        sortable: true,
        align: 'end',
        width: '100px',
        cell: (r) => <Num muted={r.percent === null}>{percentText(r.percent)}</Num>,
      },
      {
        id: 'state',
        header: '',
        width: '130px',
        cell: (r) => {
          const s = loopingState(r);
          return (
            <Badge colorPalette={STATE_PALETTE[s]} variant="subtle" size="sm" data-testid="rr-looping-rosters-state" data-state={s}>
              {t(`rr.looping.state.${s}` as TextKey)}
            </Badge>
          );
        },
      },
    ],
    [t],
  );

  return (
    <ReportPage
      title={t('rr.looping.title')}
      description={t('rr.looping.description')}
      testId="rr-looping-page"
      filters={<ReportFilterBar search={search} onChange={(next) => onSearchChange(withScope(search, next))} testIdPrefix="rr-looping" />}
      actions={
        <CsvButton testId="rr-looping-csv" disabled={!filter || !page?.recordCount} onDownload={async () => void (await loopingCsv(filter!, q))} />
      }
    >
      {!filter ? (
        <RangeInvalid testId="rr-looping-range-invalid-note" />
      ) : (
        <>
          <ReportBlock
            title={t('rr.headline')}
            loading={looping.isPending}
            error={looping.error}
            onRetry={() => void looping.refetch()}
            testId="rr-looping-headline"
          >
            <HeadlineFigures items={headline} previousPeriod={page?.previousPeriod} help="looping" />
          </ReportBlock>
          <Box>
            <Text as="h2" fontSize="sm" color="brand.ink" fontWeight="semibold" mb="2">
              {t('rr.looping.table')}
            </Text>
            <AdminList<LoopingRow>
              columns={columns}
              rowKey={(r) => r.pkDutyRosterId}
              query={looping as UseQueryResult<DataTablesResult<LoopingRow>>}
              search={paged}
              onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
              defaultSort={DEFAULT_SORT}
              emptyText={t('rr.looping.empty')}
              emptyHint={t('rr.emptyHint')}
              rowTestId="rr-looping-rosters-row"
              minW="820px"
              testId="rr-looping-rosters"
            />
          </Box>
        </>
      )}
    </ReportPage>
  );
}
