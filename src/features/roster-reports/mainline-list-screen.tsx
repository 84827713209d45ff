/**
 * /laporanmasalebuhraya — Laporan Masa Dalam Laluan Utama (DLU) (issue #17; §2.1, §7.7 PRAverageTimeOnMainline):
 * the scope filter, the headline figures of the period (rosters summarised with their completeness, average DLU,
 * LLU and no-GPS minutes per roster, the DLU share of the shift; each against the previous period), the average DLU
 * and LLU per day (lines), per region (bars, only for a user who sees every region; a bar picks the region) and per
 * section (bars; a bar picks the section), and the rosters of the period (server-paged), each row opening the
 * one-roster report /laporanmasalebuhraya/{rosterId}/{seksyen}/{team}/{syif}/{date}/DLU. CSV of the rosters.
 */
import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Badge, Box, SimpleGrid, Text } from '@chakra-ui/react';
import { LuChevronRight } from 'react-icons/lu';
import type { MainlineRosterRow } from '@contract/reports';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/roster-reports';
import '@/lib/i18n/parts/report-help';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { listQueryOf } from '@/ui/admin/list-search';
import { BarChart, LineChart } from '@/ui/report/lazy-charts';
import { CsvButton, HeadlineFigures, ReportBlock, ReportFilterBar, ReportPage, type Headline } from '@/ui/report/report-kit';
import { reportFilterOf } from '@/ui/report/report-search';
import { mainlineCsv, useMainlineDay, useMainlineRegion, useMainlineRosters, useMainlineSection } from './roster-reports-api';
import { dluDayLines, dluGroupBars, dluRouteParams, hm, pagedOf, percentText, shiftShare } from './roster-reports-format';
import { withScope, type PagedReportSearch } from './roster-reports-search';
import { Num, RangeInvalid, rosterColumns, useReportScope } from './roster-report-parts';

/** newest first, then by section */
const DEFAULT_SORT = { sort: 'date', dir: 'desc' } as const;

export function MainlineListScreen({ search, onSearchChange }: { search: PagedReportSearch; onSearchChange: (s: PagedReportSearch) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { scopeRegion, seesAll, units } = useReportScope();
  const filter = reportFilterOf(search, scopeRegion);
  const paged = pagedOf(search);
  const q = listQueryOf(paged, DEFAULT_SORT);
  const day = useMainlineDay(filter);
  const regions = useMainlineRegion(filter, seesAll);
  const sections = useMainlineSection(filter);
  const rosters = useMainlineRosters(filter, q);

  const total = day.data?.total;
  const prev = day.data?.previousTotal;
  const headline: Headline[] = [
    {
      key: 'rosters',
      label: t('rr.dlu.rosters'),
      value: total?.rosters ?? null,
      previous: prev?.rosters ?? null,
      unit: 'count',
      completeness: total?.completeness ?? null,
      testId: 'rr-dlu-headline-rosters',
    },
    {
      key: 'avgDlu',
      label: t('rr.dlu.avgDlu'),
      value: total?.avgDluMinutes ?? null,
      previous: prev?.avgDluMinutes ?? null,
      unit: 'min',
      testId: 'rr-dlu-headline-avg-dlu',
    },
    {
      key: 'avgLlu',
      label: t('rr.dlu.avgLlu'),
      value: total?.avgLluMinutes ?? null,
      previous: prev?.avgLluMinutes ?? null,
      unit: 'min',
      lowerIsBetter: true,
      testId: 'rr-dlu-headline-avg-llu',
    },
    {
      key: 'avgNoGps',
      label: t('rr.dlu.avgNoGps'),
      value: total?.avgNoGpsMinutes ?? null,
      previous: prev?.avgNoGpsMinutes ?? null,
      unit: 'min',
      lowerIsBetter: true,
      testId: 'rr-dlu-headline-nogps',
    },
    {
      key: 'dluShare',
      label: t('rr.dlu.share'),
      value: total?.dluShare ?? null,
      previous: prev?.dluShare ?? null,
      unit: '%',
      testId: 'rr-dlu-headline-share',
    },
  ];
  const dayLines = useMemo(() => dluDayLines(day.data?.items ?? []), [day.data]);
  const regionBars = useMemo(() => dluGroupBars(regions.data?.items ?? []), [regions.data]);
  const sectionBars = useMemo(() => dluGroupBars(sections.data?.items ?? []), [sections.data]);
  const emptyPeriod = !!total && total.rosters === 0;

  const columns = useMemo<AdminColumn<MainlineRosterRow>[]>(
    () => [
      ...rosterColumns<MainlineRosterRow>(t, 'rr-dlu-rosters'),
      {
        id: 'shiftMinutes',
        header: t('rr.dlu.col.shiftLength'),
        sortable: true,
        align: 'end',
        width: '100px',
        cell: (r) => <Num>{hm(r.shiftMinutes, units)}</Num>,
      },
      {
        id: 'dluMinutes',
        header: t('rr.dlu.col.dlu'),
        sortable: true,
        align: 'end',
        width: '100px',
        cell: (r) =>
          r.dluMinutes === null || r.missingReason ? (
            <Badge
              colorPalette="orange"
              variant="subtle"
              size="sm"
              whiteSpace="normal"
              textAlign="start"
              data-testid="rr-dlu-rosters-nosummary"
              data-reason={r.missingReason ?? 'pending'}
              title={t(r.missingReason === 'noData' ? 'rh.missing.noDataTitle' : 'rh.missing.pendingTitle')}
            >
              {t(r.missingReason === 'noData' ? 'rh.missing.noData' : 'rh.missing.pending')}
            </Badge>
          ) : (
            <Num testId="rr-dlu-rosters-dlu">
              <Text as="span" color="green.fg" fontWeight="semibold">
                {hm(r.dluMinutes, units)}
              </Text>
            </Num>
          ),
      },
      {
        id: 'lluMinutes',
        header: t('rr.dlu.col.llu'),
        sortable: true,
        align: 'end',
        width: '90px',
        cell: (r) => <Num muted={r.lluMinutes === null}>{hm(r.lluMinutes, units)}</Num>,
      },
      {
        id: 'noGpsMinutes',
        header: t('rr.dlu.col.noGps'),
        sortable: true,
        align: 'end',
        width: '100px',
        cell: (r) => <Num muted={r.noGpsMinutes === null}>{hm(r.noGpsMinutes, units)}</Num>,
      },
      {
        id: 'share',
        header: t('rr.dlu.col.share'),
        align: 'end',
        width: '80px',
        cell: (r) => <Num muted={r.dluMinutes === null}>{percentText(shiftShare(r.dluMinutes, r.shiftMinutes))}</Num>,
      },
      { id: 'open', header: '', width: '40px', cell: () => <LuChevronRight aria-hidden /> },
    ],
    [t, units],
  );

  const setScope = (next: PagedReportSearch) => onSearchChange(withScope(search, next));

  return (
    <ReportPage
      title={t('rr.dlu.title')}
      description={t('rr.dlu.description')}
      testId="rr-dlu-page"
      filters={<ReportFilterBar search={search} onChange={setScope} testIdPrefix="rr-dlu" />}
      actions={
        <CsvButton
          testId="rr-dlu-csv"
          disabled={!filter || !rosters.data?.recordCount}
          onDownload={async () => void (await mainlineCsv(filter!, q))}
        />
      }
    >
      {!filter ? (
        <RangeInvalid testId="rr-dlu-range-invalid-note" />
      ) : (
        <>
          <ReportBlock title={t('rr.headline')} loading={day.isPending} error={day.error} onRetry={() => void day.refetch()} testId="rr-dlu-headline">
            <HeadlineFigures items={headline} previousPeriod={day.data?.previousPeriod} help="dlu" />
          </ReportBlock>
          <ReportBlock
            title={t('rr.dlu.chart.day')}
            loading={day.isPending}
            error={day.error}
            onRetry={() => void day.refetch()}
            empty={emptyPeriod}
            emptyText={t('rr.empty')}
            testId="rr-dlu-chart-day-block"
          >
            <LineChart
              data={dayLines}
              x="day"
              series={[
                { key: 'dlu', label: t('rr.dlu.series.dlu'), color: 'green.fg' },
                { key: 'llu', label: t('rr.dlu.series.llu'), color: 'red.fg' },
              ]}
              unit="min"
              testId="rr-dlu-chart-day"
            />
          </ReportBlock>
          <SimpleGrid columns={{ base: 1, lg: seesAll ? 2 : 1 }} gap="5">
            {seesAll && (
              <ReportBlock
                title={t('rr.dlu.chart.region')}
                loading={regions.isPending}
                error={regions.error}
                onRetry={() => void regions.refetch()}
                empty={!regions.isPending && regionBars.length === 0}
                emptyText={t('rr.empty')}
                testId="rr-dlu-chart-region-block"
              >
                <BarChart
                  data={regionBars}
                  valueLabel={t('rr.dlu.series.dlu')}
                  unit="min"
                  horizontal={regionBars.length > 6}
                  onSelect={(d) => setScope({ ...search, region: Number(d.id), section: undefined })}
                  testId="rr-dlu-chart-region"
                />
              </ReportBlock>
            )}
            <ReportBlock
              title={t('rr.dlu.chart.section')}
              loading={sections.isPending}
              error={sections.error}
              onRetry={() => void sections.refetch()}
              empty={!sections.isPending && sectionBars.length === 0}
              emptyText={t('rr.empty')}
              testId="rr-dlu-chart-section-block"
            >
              <BarChart
                data={sectionBars}
                valueLabel={t('rr.dlu.series.dlu')}
                unit="min"
                horizontal={sectionBars.length > 8}
                onSelect={(d) => setScope({ ...search, section: Number(d.id) })}
                testId="rr-dlu-chart-section"
              />
            </ReportBlock>
          </SimpleGrid>
          <Box>
            <Text as="h2" fontSize="sm" color="brand.ink" fontWeight="semibold" mb="1">
              {t('rr.dlu.table')}
            </Text>
            <Text fontSize="xs" color="fg.muted" mb="2">
              {t('rr.dlu.tableHint')}
            </Text>
            <AdminList<MainlineRosterRow>
              columns={columns}
              rowKey={(r) => r.pkDutyRosterId}
              query={rosters}
              search={paged}
              onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
              defaultSort={DEFAULT_SORT}
              emptyText={t('rr.dlu.empty')}
              emptyHint={t('rr.emptyHint')}
              onRowClick={(r) =>
                void navigate({ to: '/laporanmasalebuhraya/$rosterId/$seksyen/$team/$syif/$date/$dlullu', params: dluRouteParams(r) })
              }
              rowTestId="rr-dlu-rosters-row"
              minW="900px"
              testId="rr-dlu-rosters"
            />
          </Box>
        </>
      )}
    </ReportPage>
  );
}
