/**
 * /laporanseksyen/{sectionId} — one section's report (issue #17 item 8; report/Report1Section/{id}): a printable
 * one-page summary of the section for a period (last 30 days by default): cases, response time and other assistance
 * against the previous period, cases by event type and by status (bar charts: a bar opens the case search
 * with the same section and period), the response steps, the TIM KPIs with their data completeness, DLU now and
 * before, rondas against the plan and vehicle use. The server's 404 (no such section) and 403 (outside the caller's
 * region) are said in words. Every figure is the server's.
 */
import type { ReactNode } from 'react';
import { Box, Button, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { LuArrowLeft, LuArrowRight, LuCalendarX2, LuPrinter } from 'react-icons/lu';
import type { CountItem, Report1Section } from '@contract/reports';
import { errorText, isApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/reports';
import '@/lib/i18n/parts/report-hub';
import { formatDateTime, isoDateToDisplay, todayIso } from '@/lib/time';
import { DateField } from '@/ui/date-field';
import { caseSearchLink } from '@/ui/report/drill-down';
import { BarChart, type ChartDatum } from '@/ui/report/lazy-charts';
import { completenessPercent, formatFigure, formatNumber, HeadlineFigures, ReportBlock, ReportPage, type Headline } from '@/ui/report/report-kit';
import { reportRange, reportRangeProblem, type ReportScopeSearch } from '@/ui/report/report-search';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { useRouteExists } from '@/ui/use-route-exists';
import { useSectionReport } from './reports-api';
import { dluRows, NO_PRINT, PRINT_ROOT, SectionRefused, StatList, StepsTable, TimTable, usePrintStyle, type StatRow } from './section-report-parts';
import { useLookupLabel } from '@/lib/lookups';

type PeriodSearch = Pick<ReportScopeSearch, 'from' | 'to'>;

const countData = (items: CountItem[], labelOf: (id: number, fallback: string) => string): ChartDatum[] =>
  items.map((i) => ({ id: i.id, label: labelOf(i.id, i.label), value: i.count, previous: i.previous }));

export function SectionReportScreen({
  sectionId,
  search,
  onSearchChange,
}: {
  sectionId: number;
  search: PeriodSearch;
  onSearchChange: (s: PeriodSearch) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const exists = useRouteExists();
  usePrintStyle();
  const today = todayIso();
  const range = reportRange(search, today);
  const problem = reportRangeProblem(range);
  const query = useSectionReport(sectionId, problem ? null : range);
  const data = query.data;
  const status = !data && isApiError(query.error) ? query.error.status : 0;
  const refused = status === 403 || status === 404 ? status : null;
  const loading = !problem && query.isPending;
  const failed = !data && !refused && query.isError;

  const setPeriod = (patch: PeriodSearch) => {
    const next: PeriodSearch = { from: search.from, to: search.to, ...patch };
    onSearchChange({ ...(next.from ? { from: next.from } : {}), ...(next.to ? { to: next.to } : {}) });
  };
  /** a report of the menu for this section and period (none while its screen is not there) */
  const reportLink = (path: string, testId: string) =>
    exists(path) ? (
      <Button asChild variant="ghost" size="xs" minH="8" color="brand.fg" className={NO_PRINT} data-testid={testId}>
        <RouterLink to={path} search={{ from: range.from, to: range.to, section: sectionId }}>
          {t('rp.sec.openReport')} <LuArrowRight />
        </RouterLink>
      </Button>
    ) : undefined;
  const drill = (extra: { category?: number; status?: number }) =>
    void navigate(caseSearchLink({ from: range.from, to: range.to, sectionId }, extra));

  const title = data ? t('rp.sec.title', { name: data.section.name }) : t('rp.sec.titleLoading');
  const period = { from: isoDateToDisplay(range.from), to: isoDateToDisplay(range.to) };
  const subtitle = data ? t('rp.sec.subtitle', { region: data.section.regionName, ...period }) : t('rp.sec.subtitleLoading', period);

  return (
    <Box className={PRINT_ROOT} data-section-id={sectionId}>
      <ReportPage
        title={title}
        description={subtitle}
        testId="section-report"
        filters={
          <>
            <DateField
              label={t('rp.filter.from')}
              value={range.from}
              max={range.to}
              onChange={(d) => setPeriod({ from: d })}
              testId="section-report-from"
              width="170px"
            />
            <DateField
              label={t('rp.filter.to')}
              value={range.to}
              max={today}
              onChange={(d) => setPeriod({ to: d })}
              testId="section-report-to"
              width="170px"
            />
            {problem && (
              <Text w="full" fontSize="sm" color="red.fg" data-testid="section-report-range-invalid">
                {problem === 'order' ? t('rp.filter.rangeOrder') : t('rp.filter.rangeLength')}
              </Text>
            )}
          </>
        }
        actions={
          <>
            <Button asChild variant="outline" minH="11" bg="bg.panel" data-testid="section-report-back">
              <RouterLink to="/reportingmodule" search={{ from: range.from, to: range.to }}>
                <LuArrowLeft /> {t('rp.sec.back')}
              </RouterLink>
            </Button>
            <Button colorPalette="brand" minH="11" onClick={() => window.print()} disabled={!data} data-testid="section-report-print">
              <LuPrinter /> {t('rp.sec.print')}
            </Button>
          </>
        }
      >
        {problem ? (
          <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" data-testid="section-report-range-invalid-note">
            <EmptyBlock title={t('rp.sec.rangeInvalid')} icon={<LuCalendarX2 />} />
          </Box>
        ) : refused ? (
          <SectionRefused
            status={refused}
            message={isApiError(query.error) ? query.error.shownMsg : ''}
            backSearch={{ from: range.from, to: range.to }}
          />
        ) : failed ? (
          <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" p="4" data-testid="section-report-error">
            <ErrorBlock
              title={t('rp.kit.loadFailed')}
              message={errorText(query.error)}
              offline={isApiError(query.error) && query.error.kind !== 'http'}
              onRetry={() => void query.refetch()}
            />
          </Box>
        ) : (
          <SectionBody data={data} loading={loading} reportLink={reportLink} onDrill={drill} generatedAt={query.dataUpdatedAt} />
        )}
      </ReportPage>
    </Box>
  );
}

function SectionBody({
  data,
  loading,
  reportLink,
  onDrill,
  generatedAt,
}: {
  data: Report1Section | undefined;
  loading: boolean;
  reportLink: (path: string, testId: string) => ReactNode;
  onDrill: (extra: { category?: number; status?: number }) => void;
  generatedAt: number;
}) {
  const t = useT();
  // chart categories in the page's language (issue #31): the lookups' names by key, 'Tiada Status' for key 0
  const categoryLabel = useLookupLabel('incidentCategory');
  const statusLookupLabel = useLookupLabel('incidentStatus');
  const statusLabel = (id: number, fallback: string) => (id === 0 ? t('data.noStatus') : statusLookupLabel(id, fallback));
  const response = data?.steps.find((s) => s.key === 'response');
  const headline: Headline[] = data
    ? [
        {
          key: 'cases',
          label: t('rp.sec.h.cases'),
          value: data.cases,
          previous: data.previousCases,
          unit: 'count',
          testId: 'section-report-headline-cases',
        },
        {
          key: 'responseMedian',
          label: t('rp.sec.h.responseMedian'),
          value: response?.median ?? null,
          previous: response?.previousMedian ?? null,
          unit: 'min',
          completeness: response?.completeness ?? null,
          lowerIsBetter: true,
          testId: 'section-report-headline-response-median',
        },
        {
          key: 'responseP90',
          label: t('rp.sec.h.responseP90'),
          value: response?.p90 ?? null,
          previous: response?.previousP90 ?? null,
          unit: 'min',
          lowerIsBetter: true,
          testId: 'section-report-headline-response-p90',
        },
        {
          key: 'assistance',
          label: t('rp.sec.h.assistance'),
          value: data.assistance.total,
          previous: data.assistance.previousTotal,
          unit: 'count',
          testId: 'section-report-headline-assistance',
        },
      ]
    : [];
  const noCases = !!data && data.cases === 0;
  const loop = data?.looping;
  const veh = data?.vehicles;
  const loopRows: StatRow[] = loop
    ? [
        { key: 'rosters', label: t('rp.sec.looping.rosters'), value: formatFigure(loop.rosters, 'count'), raw: loop.rosters },
        { key: 'planned', label: t('rp.sec.looping.planned'), value: formatFigure(loop.planned, 'count'), raw: loop.planned },
        { key: 'completed', label: t('rp.sec.looping.completed'), value: formatFigure(loop.completed, 'count'), raw: loop.completed },
        { key: 'percent', label: t('rp.sec.looping.percent'), value: formatFigure(loop.percent, '%'), raw: loop.percent },
      ]
    : [];
  const checklistPct = veh ? completenessPercent(veh.checklistCompleteness) : null;
  const vehicleRows: StatRow[] = veh
    ? [
        { key: 'vehicles', label: t('rp.sec.vehicles.count'), value: formatFigure(veh.vehicles, 'count'), raw: veh.vehicles },
        { key: 'rosters', label: t('rp.sec.vehicles.rosters'), value: formatFigure(veh.rosters, 'count'), raw: veh.rosters },
        { key: 'km', label: t('rp.sec.vehicles.km'), value: formatFigure(veh.km, 'km'), raw: veh.km },
        { key: 'rosterHours', label: t('rp.sec.vehicles.rosterHours'), value: formatFigure(veh.rosterHours * 60, 'min'), raw: veh.rosterHours },
        { key: 'activeHours', label: t('rp.sec.vehicles.activeHours'), value: formatFigure(veh.activeHours * 60, 'min'), raw: veh.activeHours },
        {
          key: 'checklists',
          label: t('rp.sec.vehicles.checklists'),
          value: (
            <Text as="span" color={checklistPct !== null && checklistPct < 80 ? 'orange.fg' : undefined}>
              {checklistPct === null ? '—' : `${checklistPct}%`} ({formatNumber(veh.checklistCompleteness.have, 0)}/
              {formatNumber(veh.checklistCompleteness.of, 0)})
            </Text>
          ),
          raw: veh.checklistCompleteness.have,
        },
      ]
    : [];

  return (
    <>
      <ReportBlock
        title={t('rp.sec.headline')}
        loading={loading}
        testId="section-report-headline"
        actions={reportLink('/laporaninsiden', 'section-report-open-incident')}
      >
        {data && (
          <>
            <HeadlineFigures items={headline} previousPeriod={data.previousPeriod} help="section" />
            <Text fontSize="xs" color="fg.muted" mt="3" data-testid="section-report-generated">
              {t('rp.sec.generated', {
                at: formatDateTime(generatedAt),
                prevFrom: isoDateToDisplay(data.previousPeriod.from),
                prevTo: isoDateToDisplay(data.previousPeriod.to),
              })}
            </Text>
          </>
        )}
      </ReportBlock>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" _print={{ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <ReportBlock
          title={t('rp.sec.chart.category')}
          loading={loading}
          empty={noCases}
          emptyText={t('rp.sec.noCases')}
          testId="section-report-category"
        >
          {data && (
            <BarChart
              data={countData(data.byCategory, categoryLabel)}
              valueLabel={t('rp.sec.series.now')}
              previousLabel={t('rp.sec.series.previous')}
              horizontal
              onSelect={(d) => onDrill({ category: Number(d.id) })}
              testId="section-report-chart-category"
            />
          )}
        </ReportBlock>
        <ReportBlock
          title={t('rp.sec.chart.status')}
          loading={loading}
          empty={noCases}
          emptyText={t('rp.sec.noCases')}
          testId="section-report-status"
        >
          {data && (
            <BarChart
              data={countData(data.byStatus, statusLabel)}
              valueLabel={t('rp.sec.series.now')}
              previousLabel={t('rp.sec.series.previous')}
              horizontal
              onSelect={(d) => Number(d.id) > 0 && onDrill({ status: Number(d.id) })}
              testId="section-report-chart-status"
            />
          )}
        </ReportBlock>
      </SimpleGrid>
      {data && !noCases && (
        <Text fontSize="xs" color="fg.muted" mt="-3" className={NO_PRINT}>
          {t('rp.sec.drillHint')}
        </Text>
      )}

      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5" _print={{ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <ReportBlock title={t('rp.sec.steps')} loading={loading} testId="section-report-steps-block">
          {data && <StepsTable steps={data.steps} testId="section-report-steps" />}
        </ReportBlock>
        <ReportBlock title={t('rp.sec.tim')} loading={loading} testId="section-report-tim-block">
          {data && <TimTable tim={data.tim} testId="section-report-tim" />}
        </ReportBlock>
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="5" _print={{ gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
        <ReportBlock
          title={t('rp.sec.dlu')}
          loading={loading}
          testId="section-report-dlu-block"
          actions={reportLink('/laporanmasalebuhraya', 'section-report-open-mainline')}
        >
          <StatList rows={data ? dluRows(t, data.mainline, data.previousMainline) : []} testId="section-report-dlu" help="dlu" />
        </ReportBlock>
        <ReportBlock
          title={t('rp.sec.looping')}
          loading={loading}
          testId="section-report-looping-block"
          actions={reportLink('/laporanrondaan', 'section-report-open-looping')}
        >
          <StatList rows={loopRows} testId="section-report-looping" help="looping" />
        </ReportBlock>
        <ReportBlock
          title={t('rp.sec.vehicles')}
          loading={loading}
          testId="section-report-vehicles-block"
          actions={reportLink('/laporanpenggunaankenderaan', 'section-report-open-vehicles')}
        >
          <StatList rows={vehicleRows} testId="section-report-vehicles" help="vehicle" />
        </ReportBlock>
      </SimpleGrid>
    </>
  );
}
