/**
 * Parts of the one-section report /laporanseksyen/{id} (issue #17 item 8): the response-step and TIM KPI tables, a
 * list of labelled figures (DLU now and before, rondas, vehicles), the refusal
 * block (404 / 403 from the server) and the print style that gives the paper the report alone.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuArrowLeft, LuSearchX, LuShieldAlert } from 'react-icons/lu';
import { changePercent } from '@contract/reports-rules';
import type { MainlineFigures, StepFigure, TimFigure } from '@contract/reports';
import { FigureHelp, useFigureHelp } from '@/ui/report/figure-help';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/reports';
import '@/lib/i18n/parts/report-hub';
import { completenessPercent, formatFigure, formatNumber, ReportTable, type ReportColumn } from '@/ui/report/report-kit';

// ------------------------------------------------------------------------------------------------ texts of the server's keys

/** The response steps' names by key (the server's label is Malay). */
export const STEP_TEXT: Record<string, TextKey> = {
  dispatch: 'rp.sec.step.dispatch',
  receive: 'rp.sec.step.receive',
  travel: 'rp.sec.step.travel',
  assist: 'rp.sec.step.assist',
  close: 'rp.sec.step.close',
  response: 'rp.sec.step.response',
};
const TIM_TEXT: Record<string, TextKey> = {
  rct: 'rp.sec.tim.rct',
  ict: 'rp.sec.tim.ict',
  laneClosure: 'rp.sec.tim.laneClosure',
  secondary: 'rp.sec.tim.secondary',
};

/** A completeness cell: the share (orange under 80%) with have/of under it. */
export function CompletenessCell({ value }: { value: { have: number; of: number } | null }) {
  if (!value)
    return (
      <Text as="span" color="fg.muted">
        —
      </Text>
    );
  const pct = completenessPercent(value);
  return (
    <Box textAlign="end" data-have={value.have} data-of={value.of}>
      <Text as="span" whiteSpace="nowrap" color={pct !== null && pct < 80 ? 'orange.fg' : undefined}>
        {pct === null ? '—' : `${pct}%`}
      </Text>
      <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
        {formatNumber(value.have, 0)}/{formatNumber(value.of, 0)}
      </Text>
    </Box>
  );
}

/** The change against the previous period, coloured when it is better (green) or worse (red). */
function ChangeText({ value, previous, lowerIsBetter }: { value: number | null; previous: number | null; lowerIsBetter?: boolean }) {
  const change = changePercent(value, previous);
  if (change === null) return null;
  const good = change === 0 || lowerIsBetter === undefined ? null : lowerIsBetter ? change < 0 : change > 0;
  return (
    <Text as="span" whiteSpace="nowrap" color={good === null ? undefined : good ? 'green.fg' : 'red.fg'} data-change={change}>
      {' · '}
      {change > 0 ? '+' : ''}
      {formatNumber(change, 1)}%
    </Text>
  );
}

// ------------------------------------------------------------------------------------------------ tables

/** A figure with the previous period's under it, small, and the change when there is one. */
function WithPrevious({
  value,
  previous,
  raw,
  rawPrevious,
  strong,
  lowerIsBetter,
}: {
  value: string;
  previous: string;
  raw: number | null;
  rawPrevious: number | null;
  strong?: boolean;
  lowerIsBetter?: boolean;
}) {
  const t = useT();
  return (
    <Box textAlign="end" data-value={raw ?? ''} data-previous={rawPrevious ?? ''}>
      <Text as="span" whiteSpace="nowrap" fontWeight={strong ? 'semibold' : undefined} color={strong ? 'brand.ink' : undefined}>
        {value}
      </Text>
      <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
        {t('rp.sec.col.previousShort', { value: previous })}
        <ChangeText value={raw} previous={rawPrevious} lowerIsBetter={lowerIsBetter} />
      </Text>
    </Box>
  );
}

/** The response steps: median and p90 (each with the previous period's), completeness (have: the cases with both times). */
export function StepsTable({ steps, testId }: { steps: StepFigure[]; testId: string }) {
  const t = useT();
  const columns = useMemo<ReportColumn<StepFigure>[]>(
    () => [
      {
        key: 'step',
        header: t('rp.sec.col.step'),
        cell: (s) => (
          <Text
            as="span"
            whiteSpace="normal"
            fontWeight={s.key === 'response' ? 'semibold' : undefined}
            color={s.key === 'response' ? 'brand.ink' : undefined}
          >
            {STEP_TEXT[s.key] ? t(STEP_TEXT[s.key]) : s.label}
          </Text>
        ),
      },
      {
        key: 'median',
        header: t('rp.sec.col.median'),
        align: 'end',
        cell: (s) => (
          <WithPrevious
            value={formatFigure(s.median, 'min')}
            previous={formatFigure(s.previousMedian, 'min')}
            raw={s.median}
            rawPrevious={s.previousMedian}
            lowerIsBetter
            strong={s.key === 'response'}
          />
        ),
      },
      {
        key: 'p90',
        header: t('rp.sec.col.p90'),
        align: 'end',
        cell: (s) => (
          <WithPrevious
            value={formatFigure(s.p90, 'min')}
            previous={formatFigure(s.previousP90, 'min')}
            raw={s.p90}
            rawPrevious={s.previousP90}
            lowerIsBetter
          />
        ),
      },
      { key: 'completeness', header: t('rp.sec.col.completeness'), align: 'end', cell: (s) => <CompletenessCell value={s.completeness} /> },
    ],
    [t],
  );
  return <ReportTable rows={steps} columns={columns} rowKey={(s) => s.key} testId={testId} minW="0" />;
}

/** The TIM KPIs: RCT and ICT medians with p90, lane-closure minutes, secondary crashes; previous, change, completeness. */
export function TimTable({ tim, testId }: { tim: TimFigure[]; testId: string }) {
  const t = useT();
  const columns = useMemo<ReportColumn<TimFigure>[]>(
    () => [
      {
        key: 'kpi',
        header: t('rp.sec.col.kpi'),
        cell: (f) => (
          <Text as="span" whiteSpace="normal">
            {TIM_TEXT[f.key] ? t(TIM_TEXT[f.key]) : f.label}
          </Text>
        ),
      },
      {
        key: 'value',
        header: t('rp.sec.col.value'),
        align: 'end',
        cell: (f) => (
          <WithPrevious
            value={formatFigure(f.value, f.unit)}
            previous={formatFigure(f.previous, f.unit)}
            raw={f.value}
            rawPrevious={f.previous}
            strong
            lowerIsBetter
          />
        ),
      },
      {
        key: 'p90',
        header: t('rp.sec.col.p90'),
        align: 'end',
        cell: (f) =>
          f.p90 === null ? (
            <Text as="span" color="fg.muted">
              —
            </Text>
          ) : (
            formatFigure(f.p90, 'min')
          ),
      },
      { key: 'completeness', header: t('rp.sec.col.completeness'), align: 'end', cell: (f) => <CompletenessCell value={f.completeness} /> },
    ],
    [t],
  );
  return (
    <ReportTable
      rows={tim}
      columns={columns}
      rowKey={(f) => f.key}
      testId={testId}
      minW="0"
      footer={
        <Text fontSize="xs" color="fg.muted">
          {t('rp.sec.tim.note')}
        </Text>
      }
    />
  );
}

// ------------------------------------------------------------------------------------------------ figure list

export interface StatRow {
  key: string;
  label: string;
  value: ReactNode;
  /** the raw figure for tests (data-value) */
  raw: number | string | null;
  /** the previous period's figure, written small after the value, with the change */
  previous?: { text: string; raw: number | null };
}

/**
 * Labelled figures, one a line (DLU, rondas, vehicles): `${testId}-${key}` with data-value (and data-previous).
 * `help`: the report whose definitions the figures show beside their labels ('rh.<help>.<key>', a 'Minutes' suffix
 * of the key dropped; issue #31).
 */
export function StatList({ rows, testId, help }: { rows: StatRow[]; testId: string; help?: string }) {
  const t = useT();
  const helpOf = useFigureHelp(help);
  return (
    <Stack gap="0" data-testid={testId}>
      {rows.map((r, i) => (
        <Flex
          key={r.key}
          justify="space-between"
          align="baseline"
          gap="3"
          py="2"
          borderTopWidth={i === 0 ? '0' : '1px'}
          borderColor="border.muted"
          fontSize="sm"
          data-testid={`${testId}-${r.key}`}
          data-value={r.raw ?? ''}
          data-previous={r.previous ? (r.previous.raw ?? '') : undefined}
        >
          <Flex gap="1" align="center">
            <Text color="fg.muted">{r.label}</Text>
            {helpOf(r.key.replace(/Minutes$/, '')) && (
              <FigureHelp label={r.label} text={helpOf(r.key.replace(/Minutes$/, ''))!} testId={`${testId}-${r.key}-help`} />
            )}
          </Flex>
          <Box textAlign="end" flexShrink={0}>
            <Text as="span" fontWeight="semibold" color="brand.ink" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
              {r.value}
            </Text>
            {r.previous && (
              <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                {t('rp.sec.col.previousShort', { value: r.previous.text })}
                <ChangeText value={typeof r.raw === 'number' ? r.raw : null} previous={r.previous.raw} />
              </Text>
            )}
          </Box>
        </Flex>
      ))}
    </Stack>
  );
}

/** DLU of the section: rosters summarised, averages of DLU, LLU and no GPS, DLU share, completeness; each with the previous period's. */
export function dluRows(t: ReturnType<typeof useT>, now: MainlineFigures, before: MainlineFigures): StatRow[] {
  const fig = (
    key: 'rosters' | 'avgDluMinutes' | 'avgLluMinutes' | 'avgNoGpsMinutes' | 'dluShare',
    unit: 'count' | 'min' | '%',
    labelKey: TextKey,
  ): StatRow => ({
    key,
    label: t(labelKey),
    value: formatFigure(now[key], unit),
    raw: now[key],
    previous: { text: formatFigure(before[key], unit), raw: before[key] },
  });
  const pct = completenessPercent(now.completeness);
  return [
    fig('rosters', 'count', 'rp.sec.dlu.rosters'),
    fig('avgDluMinutes', 'min', 'rp.sec.dlu.avgDlu'),
    fig('avgLluMinutes', 'min', 'rp.sec.dlu.avgLlu'),
    fig('avgNoGpsMinutes', 'min', 'rp.sec.dlu.avgNoGps'),
    fig('dluShare', '%', 'rp.sec.dlu.share'),
    {
      key: 'completeness',
      label: t('rp.sec.dlu.completeness'),
      value: (
        <Text as="span" color={pct !== null && pct < 80 ? 'orange.fg' : undefined}>
          {pct === null ? '—' : `${pct}%`} ({formatNumber(now.completeness.have, 0)}/{formatNumber(now.completeness.of, 0)})
        </Text>
      ),
      raw: now.completeness.have,
    },
  ];
}

// ------------------------------------------------------------------------------------------------ refusals

/** The server refused the section: 404 (no such section) or 403 (outside the caller's region), with its message. */
export function SectionRefused({ status, message, backSearch }: { status: 403 | 404; message: string; backSearch: { from?: string; to?: string } }) {
  const t = useT();
  const forbidden = status === 403;
  return (
    <Flex
      direction="column"
      align="center"
      textAlign="center"
      gap="3"
      py="14"
      px="6"
      bg="bg.panel"
      borderWidth="1px"
      borderColor={forbidden ? 'orange.emphasized' : 'border'}
      rounded="lg"
      data-testid={forbidden ? 'section-report-forbidden' : 'section-report-not-found'}
      data-status={status}
    >
      <Box fontSize="4xl" color={forbidden ? 'orange.fg' : 'brand.300'}>
        {forbidden ? <LuShieldAlert /> : <LuSearchX />}
      </Box>
      <Text as="h2" fontSize="lg" fontWeight="semibold" color="brand.ink">
        {forbidden ? t('rp.sec.forbidden.title') : t('rp.sec.notFound.title')}
      </Text>
      <Text color="fg.muted" maxW="520px">
        {forbidden ? t('rp.sec.forbidden.text') : t('rp.sec.notFound.text')}
      </Text>
      {message && (
        <Text fontSize="sm" color="fg.muted" data-testid="section-report-refused-message">
          {message}
        </Text>
      )}
      <Button asChild variant="outline" minH="11" mt="2">
        <RouterLink to="/reportingmodule" search={backSearch}>
          <LuArrowLeft /> {t('rp.sec.back')}
        </RouterLink>
      </Button>
    </Flex>
  );
}

// ------------------------------------------------------------------------------------------------ print

/** Marks what the paper leaves out. */
export const NO_PRINT = 'section-report-no-print';
export const PRINT_ROOT = 'section-report-print-root';

/**
 * While the section report is shown, printing gives the report alone on A4: the app's top bar, side menu and banners,
 * the filter bar and the buttons are left out, the page scrolls no more (the whole report flows onto paper), and
 * the report is scaled to fit a page; the charts' data tables stay folded away.
 */
const PRINT_CSS = `@media print {
  @page { size: A4 portrait; margin: 10mm; }
  html, body { background: #fff !important; }
  [data-testid="app-shell"] { display: block !important; height: auto !important; overflow: visible !important; }
  [data-testid="app-shell"] > * { display: block !important; min-height: 0 !important; }
  [data-testid="top-bar"], [data-testid="side-nav"], [data-testid="offline-banner"], [data-testid="gps-banner"], [data-testid="section-report-filters"], .${NO_PRINT} { display: none !important; }
  #main { overflow: visible !important; background: #fff !important; }
  #main > div { padding: 0 !important; max-width: none !important; }
  .${PRINT_ROOT} { zoom: 0.62; }
  .${PRINT_ROOT} div:has(> [data-testid^="section-report-headline-"][data-key]) { grid-template-columns: repeat(4, minmax(0, 1fr)) !important; }
  .${PRINT_ROOT} [data-testid="rp-previous-period"] { display: none !important; }
  .${PRINT_ROOT} [data-state] { box-shadow: none !important; break-inside: avoid; }
  .${PRINT_ROOT} svg.recharts-surface { max-width: 100%; height: auto; }
  .${PRINT_ROOT} details { display: none !important; }
}`;

export function usePrintStyle() {
  useEffect(() => {
    const style = document.createElement('style');
    style.dataset.owner = 'section-report';
    style.textContent = PRINT_CSS;
    document.head.appendChild(style);
    return () => style.remove();
  }, []);
}
