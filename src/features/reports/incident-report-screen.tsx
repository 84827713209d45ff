/**
 * /laporaninsiden — Laporan Insiden TMC & Masa Tindak Balas (issue #17 item 1; §2.1, §7.7
 * IncidentAndResponseTimeReport, IncidentStatusReport): the scope and event-type filters, the headline figures (cases,
 * closed, response median and p90, RCT, ICT, lane-closure minutes, secondary crashes) against the previous period with
 * their data completeness and the cases missing it, charts by event type, status, region (a user who sees every
 * region) and response step (bars; the status chart is bars too, with the previous period, where a pie could not
 * show it), the response-step table, the section table with its CSV and the IncidentStatusReport CSV, the
 * secondary-crash pairs. A bar (or its row in the chart's data table) or a section row opens the case search
 * (/cariankes) with the same filters.
 */
import { useMemo, useState } from 'react';
import { Badge, Box, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import type { IncidentKpi, IncidentReportFilter, IncidentSectionItem, MissingKpiKey, SecondaryPair } from '@contract/reports';
import { SECONDARY_DISTANCE_KM, SECONDARY_WINDOW_MINUTES } from '@contract/reports-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/reports';
import '@/lib/i18n/parts/report-hub';
import { useLookup, useLookupLabel, useLookupText } from '@/lib/lookups';
import { STEP_TEXT } from './section-report-parts';
import { useSession } from '@/lib/session';
import { formatDateTimeShort } from '@/lib/time';
import { FilterSelect } from '@/ui/admin/filters';
import { regionScopeOf } from '@/ui/admin/report-scope';
import { caseSearchLink } from '@/ui/report/drill-down';
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
  type ReportColumn,
} from '@/ui/report/report-kit';
import { completenessPercent } from '@/ui/report/report-format';
import { reportFilterOf } from '@/ui/report/report-search';
import { incidentHeadlines, RangeInvalidNote, StepTable, useDrillScope } from './incident-figures';
import { MissingCasesDialog } from './missing-cases-dialog';
import { incidentCsv, incidentStatusCsv, useIncidentCounts, useIncidentKpi, useIncidentSecondary, useIncidentSections } from './reports-api';
import type { IncidentReportSearch } from './reports-search';

/** The section table's totals row beyond the counts: the whole filter's figures of the KPI answer (never combined from the rows). */
function sectionTotals(kpi: IncidentKpi): Partial<Record<string, string>> {
  const response = kpi.steps.find((s) => s.key === 'response');
  const tim = (key: string) => kpi.tim.find((f) => f.key === key)?.value ?? null;
  const pct = completenessPercent(response?.completeness);
  return {
    closed: formatFigure(kpi.closed, 'count'),
    open: formatFigure(kpi.cases - kpi.closed - kpi.cancelled, 'count'),
    cancelled: formatFigure(kpi.cancelled, 'count'),
    responseMedian: formatFigure(response?.median ?? null, 'min'),
    responseP90: formatFigure(response?.p90 ?? null, 'min'),
    rctMedian: formatFigure(tim('rct'), 'min'),
    ictMedian: formatFigure(tim('ict'), 'min'),
    secondaryCrashes: formatFigure(tim('secondary'), 'count'),
    completeness: pct === null ? '—' : `${pct}%`,
  };
}

/** A search with the event type set (or left out when undefined: no `category: undefined` in the URL). */
function withCategory(search: IncidentReportSearch, category: number | undefined): IncidentReportSearch {
  const { category: _old, ...rest } = search;
  return category ? { ...rest, category } : rest;
}

/** Bars of counts with the previous period's (the charts draw that second bar only when the previous period has any case). */
const countData = (
  items: { id: number; label: string; count: number; previous: number }[],
  labelOf: (id: number, fallback: string) => string = (_, l) => l,
): ChartDatum[] => items.map((i) => ({ id: i.id, label: labelOf(i.id, i.label), value: i.count, previous: i.previous }));

/** The case's ticket number, linking to the case. */
const caseLink = (c: { id: number; ticketNumber: string }, testId: string) => (
  <Link asChild color="brand.fg" fontFamily="mono" fontWeight="semibold" whiteSpace="nowrap" onClick={(e) => e.stopPropagation()}>
    <RouterLink to="/insidenView/$insidenId" params={{ insidenId: String(c.id) }} data-testid={testId}>
      {c.ticketNumber}
    </RouterLink>
  </Link>
);
const km = (v: number | null) => (v === null ? '' : `KM ${v.toFixed(1)}`);

export function IncidentReportScreen({
  search,
  onSearchChange,
}: {
  search: IncidentReportSearch;
  onSearchChange: (s: IncidentReportSearch) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const scopeRegion = regionScopeOf(user);
  const seesAll = scopeRegion === undefined;
  const categories = useLookup('incidentCategory');
  // chart categories in the page's language (issue #31): the lookups' names by key, 'Tiada Status' for key 0
  const categoryLabel = useLookupLabel('incidentCategory');
  const statusLookupLabel = useLookupLabel('incidentStatus');
  const typeText = useLookupText('incidentCategory');
  const directionText = useLookupText('cardinalDirection');
  const statusLabel = (id: number, fallback: string) => (id === 0 ? t('data.noStatus') : statusLookupLabel(id, fallback));
  const base = reportFilterOf(search, scopeRegion);
  const filter: IncidentReportFilter | null = base ? { ...base, ...(search.category ? { categoryId: search.category } : {}) } : null;

  const kpi = useIncidentKpi(filter);
  const byCategory = useIncidentCounts('category', filter);
  const byStatus = useIncidentCounts('status', filter);
  const byRegion = useIncidentCounts('region', filter, seesAll);
  const sections = useIncidentSections(filter);
  const secondary = useIncidentSecondary(filter);
  const [missing, setMissing] = useState<MissingKpiKey | null>(null);

  const drill = useDrillScope(search, scopeRegion);
  const open = (extra: { category?: number; status?: number; regionCode?: string; sectionId?: number }) => {
    const { regionCode, sectionId, ...rest } = extra;
    const link = caseSearchLink(
      { ...drill, ...(regionCode ? { regionCode } : {}), ...(sectionId ? { sectionId } : {}) },
      { category: search.category, ...rest },
    );
    void navigate(link);
  };

  const sectionColumns = useMemo<ReportColumn<IncidentSectionItem>[]>(
    () => [
      {
        key: 'label',
        header: t('rp.inc.col.section'),
        sortValue: (r) => r.label,
        cell: (r) => (
          <Box>
            <Badge colorPalette="brand" variant="solid" size="sm">
              {r.label}
            </Badge>
            <Text fontSize="xs" color="fg.muted" mt="0.5">
              {r.regionName}
            </Text>
          </Box>
        ),
      },
      figureColumn('count', t('rp.inc.col.cases'), 'count', (r) => r.count),
      figureColumn('previous', t('rp.inc.col.previous'), 'count', (r) => r.previous),
      figureColumn('closed', t('rp.inc.col.closed'), 'count', (r) => r.closed),
      figureColumn('open', t('rp.inc.col.open'), 'count', (r) => r.open),
      figureColumn('cancelled', t('rp.inc.col.cancelled'), 'count', (r) => r.cancelled),
      figureColumn('responseMedian', t('rp.inc.col.responseMedian'), 'min', (r) => r.responseMedian),
      figureColumn('responseP90', t('rp.inc.col.responseP90'), 'min', (r) => r.responseP90),
      figureColumn('rctMedian', t('rp.inc.col.rct'), 'min', (r) => r.rctMedian),
      figureColumn('ictMedian', t('rp.inc.col.ict'), 'min', (r) => r.ictMedian),
      figureColumn('secondaryCrashes', t('rp.inc.col.secondary'), 'count', (r) => r.secondaryCrashes),
      {
        key: 'completeness',
        header: t('rp.inc.col.completeness'),
        align: 'end',
        sortValue: (r) => completenessPercent(r.responseCompleteness),
        cell: (r) => {
          const pct = completenessPercent(r.responseCompleteness);
          return (
            <Text as="span" color={pct !== null && pct < 80 ? 'orange.fg' : undefined}>
              {pct === null ? '—' : `${pct}%`}
            </Text>
          );
        },
      },
    ],
    [t],
  );

  const secondaryColumns = useMemo<ReportColumn<SecondaryPair>[]>(
    () => [
      {
        key: 'primary',
        header: t('rp.inc.col.primary'),
        sortValue: (p) => p.primary.incidentAt,
        cell: (p) => (
          <Box>
            {caseLink(p.primary, `rp-incident-secondary-primary-${p.primary.id}`)}
            <Text fontSize="xs" color="fg.muted">
              {formatDateTimeShort(p.primary.incidentAt)} · {typeText(p.primary.categoryLabel)}
            </Text>
          </Box>
        ),
      },
      {
        key: 'secondary',
        header: t('rp.inc.col.secondaryCase'),
        sortValue: (p) => p.secondary.incidentAt,
        cell: (p) => (
          <Box>
            {caseLink(p.secondary, `rp-incident-secondary-secondary-${p.secondary.id}`)}
            <Text fontSize="xs" color="fg.muted">
              {formatDateTimeShort(p.secondary.incidentAt)} · {typeText(p.secondary.categoryLabel)}
            </Text>
          </Box>
        ),
      },
      {
        key: 'where',
        header: t('rp.inc.col.where'),
        sortValue: (p) => p.secondary.sectionName,
        cell: (p) => (
          <Text fontSize="sm">
            {p.secondary.sectionName} · {km(p.primary.km)} → {km(p.secondary.km)} · {directionText(p.secondary.directionLabel)}
          </Text>
        ),
      },
      {
        key: 'minutesAfter',
        header: t('rp.inc.col.minutesAfter'),
        align: 'end',
        sortValue: (p) => p.minutesAfter,
        cell: (p) => formatFigure(p.minutesAfter, 'min'),
      },
      {
        key: 'kmUpstream',
        header: t('rp.inc.col.kmUpstream'),
        align: 'end',
        sortValue: (p) => p.kmUpstream,
        cell: (p) => formatFigure(p.kmUpstream, 'km'),
      },
    ],
    [t, typeText, directionText],
  );

  const stepsChart: ChartDatum[] = (kpi.data?.steps ?? [])
    .filter((s) => s.key !== 'response')
    .map((s) => ({ id: s.key, label: STEP_TEXT[s.key] ? t(STEP_TEXT[s.key]) : s.label, value: s.median, previous: s.p90 }));

  return (
    <ReportPage
      title={t('rp.inc.title')}
      description={t('rp.inc.subtitle')}
      testId="incident-report"
      filters={
        <ReportFilterBar search={search} onChange={(next) => onSearchChange(withCategory(next, search.category))} testIdPrefix="rp-incident">
          <FilterSelect
            label={t('rp.inc.filter.category')}
            allLabel={t('rp.inc.filter.allCategories')}
            value={search.category}
            options={(categories.data ?? []).map((c) => ({ value: c.key, label: c.value }))}
            onChange={(v) => onSearchChange(withCategory(search, v))}
            testId="rp-incident-category"
            width="200px"
          />
        </ReportFilterBar>
      }
      actions={
        <>
          <CsvButton
            onDownload={() => incidentCsv(filter!)}
            disabled={!filter || !kpi.data?.cases}
            testId="rp-incident-csv"
            label={t('rp.inc.csv')}
          />
          <CsvButton
            onDownload={() => incidentStatusCsv(filter!)}
            disabled={!filter || !kpi.data?.cases}
            testId="rp-incident-status-csv"
            label={t('rp.inc.statusCsv')}
          />
        </>
      }
    >
      {!filter ? (
        <RangeInvalidNote testId="rp-incident-range-invalid-note" />
      ) : (
        <>
          <ReportBlock title={t('rp.inc.headline')} query={kpi} testId="rp-incident-headline">
            {kpi.data && (
              <HeadlineFigures
                items={incidentHeadlines(t, kpi.data, 'rp-incident-headline', setMissing)}
                previousPeriod={kpi.data.previousPeriod}
                help="incident"
              />
            )}
          </ReportBlock>

          <Text fontSize="xs" color="fg.muted" mb="-2" data-testid="rp-incident-drill-hint">
            {t('rp.inc.drillHint')}
          </Text>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
            <ReportBlock
              title={t('rp.inc.chart.category')}
              query={byCategory}
              empty={byCategory.data?.total === 0}
              testId="rp-incident-block-category"
            >
              {byCategory.data && (
                <BarChart
                  data={countData(byCategory.data.items, categoryLabel)}
                  valueLabel={t('rp.inc.series.now')}
                  previousLabel={byCategory.data.previousTotal > 0 ? t('rp.inc.series.previous') : undefined}
                  horizontal
                  onSelect={(d) => open({ category: Number(d.id) })}
                  testId="rp-incident-chart-category"
                />
              )}
            </ReportBlock>
            <ReportBlock title={t('rp.inc.chart.status')} query={byStatus} empty={byStatus.data?.total === 0} testId="rp-incident-block-status">
              {byStatus.data && (
                <BarChart
                  data={countData(byStatus.data.items, statusLabel)}
                  valueLabel={t('rp.inc.series.now')}
                  previousLabel={byStatus.data.previousTotal > 0 ? t('rp.inc.series.previous') : undefined}
                  horizontal
                  onSelect={(d) => Number(d.id) > 0 && open({ status: Number(d.id) })}
                  testId="rp-incident-chart-status"
                />
              )}
            </ReportBlock>
          </SimpleGrid>

          <SimpleGrid columns={{ base: 1, lg: seesAll ? 2 : 1 }} gap="5">
            {seesAll && (
              <ReportBlock title={t('rp.inc.chart.region')} query={byRegion} empty={byRegion.data?.total === 0} testId="rp-incident-block-region">
                {byRegion.data && (
                  <BarChart
                    data={countData(byRegion.data.items)}
                    valueLabel={t('rp.inc.series.now')}
                    previousLabel={byRegion.data.previousTotal > 0 ? t('rp.inc.series.previous') : undefined}
                    onSelect={(d) => {
                      const code = byRegion.data.items.find((i) => i.id === d.id)?.code;
                      if (code) open({ regionCode: code });
                    }}
                    testId="rp-incident-chart-region"
                  />
                )}
              </ReportBlock>
            )}
            <ReportBlock title={t('rp.inc.chart.steps')} query={kpi} empty={kpi.data?.cases === 0} testId="rp-incident-block-steps">
              {kpi.data && (
                <BarChart
                  data={stepsChart}
                  valueLabel={t('rp.inc.series.median')}
                  previousLabel={t('rp.inc.series.p90')}
                  unit="min"
                  horizontal
                  testId="rp-incident-chart-steps"
                />
              )}
            </ReportBlock>
          </SimpleGrid>

          <ReportBlock title={t('rp.inc.stepsTable')} query={kpi} empty={kpi.data?.cases === 0} testId="rp-incident-block-steps-table">
            {kpi.data && <StepTable steps={kpi.data.steps} testId="rp-incident-steps" />}
          </ReportBlock>

          <ReportBlock title={t('rp.inc.sections')} query={sections} empty={sections.data?.items.length === 0} testId="rp-incident-block-sections">
            {sections.data && (
              <ReportTable
                rows={sections.data.items}
                columns={sectionColumns}
                rowKey={(r) => r.id}
                onRowClick={(r) => open({ sectionId: r.id })}
                testId="rp-incident-sections"
                minW="960px"
                totals={{
                  label: t('rp.inc.total'),
                  count: formatFigure(sections.data.total, 'count'),
                  previous: formatFigure(sections.data.previousTotal, 'count'),
                  ...(kpi.data ? sectionTotals(kpi.data) : {}),
                }}
                footer={
                  <Text fontSize="xs" color="fg.muted">
                    {t('rp.inc.sectionsHint')}
                  </Text>
                }
              />
            )}
          </ReportBlock>

          <ReportBlock
            title={t('rp.inc.secondaryTitle')}
            query={secondary}
            empty={secondary.data?.items.length === 0}
            emptyText={t('rp.inc.secondaryNone')}
            testId="rp-incident-block-secondary"
          >
            {secondary.data && (
              <ReportTable
                rows={secondary.data.items}
                columns={secondaryColumns}
                rowKey={(p) => `${p.primary.id}-${p.secondary.id}`}
                testId="rp-incident-secondary"
                minW="900px"
                footer={
                  <Text
                    fontSize="xs"
                    color="fg.muted"
                    data-testid="rp-incident-secondary-count"
                    data-count={secondary.data.count}
                    data-previous={secondary.data.previousCount}
                  >
                    {t('rp.inc.secondaryCount', {
                      n: secondary.data.count,
                      previous: secondary.data.previousCount,
                      minutes: SECONDARY_WINDOW_MINUTES,
                      km: SECONDARY_DISTANCE_KM,
                    })}
                  </Text>
                }
              />
            )}
          </ReportBlock>
        </>
      )}

      <MissingCasesDialog filter={filter} kpi={missing} onKpiChange={setMissing} onClose={() => setMissing(null)} />
    </ReportPage>
  );
}
