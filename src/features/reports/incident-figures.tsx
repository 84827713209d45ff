/**
 * What the incident-side screens share (issue #17): the headline figures of IncidentAndResponseTimeReport/kpi (cases,
 * closed, response median and p90, RCT, ICT, lane-closure minutes, secondary crashes), the drill-down scope of a
 * report's search (the region's code for the case search), the response-step table, and the note shown instead of a
 * report while its date range cannot be asked for.
 */
import { useMemo } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { LuCalendarX2 } from 'react-icons/lu';
import type { IncidentKpi, MissingKpiKey, StepFigure, TimFigure } from '@contract/reports';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/reports';
import '@/lib/i18n/parts/report-hub';
import { STEP_TEXT } from './section-report-parts';
import { useListedSections } from '@/lib/sections';
import { figureColumn, ReportTable, type Headline, type ReportColumn } from '@/ui/report/report-kit';
import { completenessPercent } from '@/ui/report/report-format';
import { reportRange, type ReportScopeSearch } from '@/ui/report/report-search';
import { EmptyBlock } from '@/ui/states';

type T = ReturnType<typeof useT>;

const stepOf = (kpi: { steps: StepFigure[] }, key: string) => kpi.steps.find((s) => s.key === key);
const timOf = (kpi: { tim: TimFigure[] }, key: string) => kpi.tim.find((s) => s.key === key);

/**
 * The headline figures of the KPI answer (or of a section's report, which has the same steps and TIM figures).
 * `closed` is absent on the section report. `onShowMissing(kpi)` adds the 'Lihat kes tanpa data' links.
 */
export function incidentHeadlines(
  t: T,
  kpi: Pick<IncidentKpi, 'cases' | 'previousCases' | 'steps' | 'tim'> & { closed?: number; previousClosed?: number },
  prefix: string,
  onShowMissing?: (kpi: MissingKpiKey) => void,
): Headline[] {
  const response = stepOf(kpi, 'response');
  const rct = timOf(kpi, 'rct');
  const ict = timOf(kpi, 'ict');
  const lane = timOf(kpi, 'laneClosure');
  const secondary = timOf(kpi, 'secondary');
  const items: Headline[] = [
    { key: 'cases', label: t('rp.inc.h.cases'), value: kpi.cases, previous: kpi.previousCases, unit: 'count', testId: `${prefix}-cases` },
  ];
  if (kpi.closed !== undefined)
    items.push({
      key: 'closed',
      label: t('rp.inc.h.closed'),
      value: kpi.closed,
      previous: kpi.previousClosed ?? null,
      unit: 'count',
      testId: `${prefix}-closed`,
    });
  items.push(
    {
      key: 'responseMedian',
      label: t('rp.inc.h.responseMedian'),
      value: response?.median ?? null,
      previous: response?.previousMedian ?? null,
      unit: 'min',
      completeness: response?.completeness ?? null,
      onShowMissing: onShowMissing && (() => onShowMissing('response')),
      lowerIsBetter: true,
      testId: `${prefix}-response-median`,
    },
    {
      key: 'responseP90',
      label: t('rp.inc.h.responseP90'),
      value: response?.p90 ?? null,
      previous: response?.previousP90 ?? null,
      unit: 'min',
      lowerIsBetter: true,
      testId: `${prefix}-response-p90`,
    },
    {
      key: 'rct',
      label: t('rp.inc.h.rct'),
      value: rct?.value ?? null,
      previous: rct?.previous ?? null,
      unit: 'min',
      completeness: rct?.completeness ?? null,
      onShowMissing: onShowMissing && (() => onShowMissing('rct')),
      lowerIsBetter: true,
      testId: `${prefix}-rct`,
    },
    {
      key: 'ict',
      label: t('rp.inc.h.ict'),
      value: ict?.value ?? null,
      previous: ict?.previous ?? null,
      unit: 'min',
      completeness: ict?.completeness ?? null,
      onShowMissing: onShowMissing && (() => onShowMissing('ict')),
      lowerIsBetter: true,
      testId: `${prefix}-ict`,
    },
    {
      key: 'laneClosure',
      label: t('rp.inc.h.laneClosure'),
      value: lane?.value ?? null,
      previous: lane?.previous ?? null,
      unit: 'min',
      completeness: lane?.completeness ?? null,
      lowerIsBetter: true,
      testId: `${prefix}-lane-closure`,
    },
    {
      key: 'secondary',
      label: t('rp.inc.h.secondary'),
      value: secondary?.value ?? null,
      previous: secondary?.previous ?? null,
      unit: 'count',
      lowerIsBetter: true,
      testId: `${prefix}-secondary`,
    },
  );
  return items;
}

/** The case search scope of a report's search: its range, the chosen region's code (users who see every region) and section. */
export function useDrillScope(search: ReportScopeSearch, scopeRegion: number | undefined) {
  const regionId = scopeRegion ?? search.region;
  const sections = useListedSections(regionId);
  const range = reportRange(search);
  const regionCode = scopeRegion === undefined && search.region ? sections.data?.[0]?.regionCode : undefined;
  return useMemo(
    () => ({ from: range.from, to: range.to, regionCode, sectionId: search.section }),
    [range.from, range.to, regionCode, search.section],
  );
}

/** The response steps: count, median and p90 with the previous period's, completeness. */
export function StepTable({ steps, testId }: { steps: StepFigure[]; testId: string }) {
  const t = useT();
  const columns = useMemo<ReportColumn<StepFigure>[]>(
    () => [
      {
        key: 'label',
        header: t('rp.inc.col.step'),
        cell: (s) => <Text fontWeight={s.key === 'response' ? 'semibold' : undefined}>{STEP_TEXT[s.key] ? t(STEP_TEXT[s.key]) : s.label}</Text>,
      },
      figureColumn('count', t('rp.inc.col.cases'), 'count', (s) => s.count),
      figureColumn('median', t('rp.inc.col.median'), 'min', (s) => s.median),
      figureColumn('p90', t('rp.inc.col.p90'), 'min', (s) => s.p90),
      figureColumn('previousMedian', t('rp.inc.col.previousMedian'), 'min', (s) => s.previousMedian),
      figureColumn('previousP90', t('rp.inc.col.previousP90'), 'min', (s) => s.previousP90),
      {
        key: 'completeness',
        header: t('rp.inc.col.completeness'),
        align: 'end',
        cell: (s) => {
          const pct = completenessPercent(s.completeness);
          return pct === null ? '—' : `${pct}% (${s.completeness.have}/${s.completeness.of})`;
        },
        sortValue: (s) => completenessPercent(s.completeness),
      },
    ],
    [t],
  );
  return <ReportTable rows={steps} columns={columns} rowKey={(s) => s.key} testId={testId} />;
}

/** Instead of the report while the range cannot be asked for (the filter bar says why: order or over 2 years). */
export function RangeInvalidNote({ testId }: { testId: string }) {
  const t = useT();
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" data-testid={testId}>
      <EmptyBlock title={t('rp.inc.rangeInvalid')} icon={<LuCalendarX2 />} />
    </Box>
  );
}
