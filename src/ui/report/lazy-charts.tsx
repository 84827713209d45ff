/**
 * The report charts loaded on demand (issue #17): screens import the charts from here, never from report-charts.tsx,
 * so @chakra-ui/charts and recharts ship in their own chunk with the report screens and never in the first load.
 * Each chart shows a skeleton of its height while its code loads.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@chakra-ui/react';

export type { ChartDatum } from './report-charts';

const LazyBar = lazy(async () => ({ default: (await import('./report-charts')).BarChart }));
const LazyPie = lazy(async () => ({ default: (await import('./report-charts')).PieChart }));
const LazyLine = lazy(async () => ({ default: (await import('./report-charts')).LineChart }));

type BarProps = ComponentProps<typeof LazyBar>;
type PieProps = ComponentProps<typeof LazyPie>;
type LineProps = ComponentProps<typeof LazyLine>;

const fallback = (h: number, testId: string) => <Skeleton h={`${h}px`} rounded="md" data-testid={`${testId}-loading`} />;

/** Vertical or horizontal bars; with `previous` a second, paler bar per item; clicking a bar calls onSelect. */
export function BarChart(props: BarProps) {
  const h = props.height ?? (props.horizontal ? Math.max(180, props.data.length * 24 + 70) : 280);
  return (
    <Suspense fallback={fallback(h, props.testId)}>
      <LazyBar {...props} />
    </Suspense>
  );
}

/** Pie/donut with a legend; clicking a slice calls onSelect. */
export function PieChart(props: PieProps) {
  return (
    <Suspense fallback={fallback(300, props.testId)}>
      <LazyPie {...props} />
    </Suspense>
  );
}

/** Lines over x (e.g. one point per day), one line per series. */
export function LineChart(props: LineProps) {
  return (
    <Suspense fallback={fallback(props.height ?? 280, props.testId)}>
      <LazyLine {...props} />
    </Suspense>
  );
}
