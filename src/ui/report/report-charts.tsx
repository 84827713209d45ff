/**
 * The report charts (issue #17): the only module that imports @chakra-ui/charts and recharts. Screens import them
 * through lazy-charts.tsx (React.lazy), so this code and recharts ship only with the report screens. Each chart
 * renders a `data-testid={testId}` wrapper and a <details> data table of its figures (`${testId}-data`, rows
 * `${testId}-row-${id}`): readable without the picture, and each row drills down like a click on its bar or slice.
 */
import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Button, Text } from '@chakra-ui/react';
import {
  Bar,
  BarChart as RBarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart as RLineChart,
  Pie,
  PieChart as RPieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/reports';
import { formatFigure } from './report-format';

export interface ChartDatum {
  id: number | string;
  label: string;
  value: number | null;
  previous?: number | null;
}

/** Slice colours (Chakra tokens), in order. */
const PALETTE = [
  'blue.500',
  'teal.500',
  'orange.400',
  'purple.500',
  'pink.500',
  'cyan.600',
  'yellow.500',
  'red.500',
  'green.500',
  'gray.500',
  'blue.300',
  'teal.300',
];
const VALUE_COLOR = 'blue.600';
const PREVIOUS_COLOR = 'gray.300';

/** A chart's number: minutes as hours and minutes, a count bare, any other unit after the number ('12 km'). */
const figure = (v: unknown, unit?: string) =>
  typeof v === 'number' ? (unit === 'min' ? formatFigure(v, 'min') : `${formatFigure(v)}${unit && unit !== 'count' ? ` ${unit}` : ''}`) : '—';

/** The <details> data table under a chart. */
function DataTable({
  testId,
  rows,
  headers,
  onSelect,
}: {
  testId: string;
  rows: Array<{ id: number | string; cells: string[]; datum?: ChartDatum }>;
  headers: string[];
  onSelect?: (d: ChartDatum) => void;
}) {
  const t = useT();
  return (
    <Box as="details" mt="2" fontSize="xs" color="fg.muted" data-testid={`${testId}-data`}>
      <Box as="summary" cursor="pointer" py="1" w="fit-content">
        {t('rp.kit.dataTable')}
      </Box>
      <Box
        as="table"
        w="full"
        mt="1"
        css={{ '& th, & td': { textAlign: 'start', padding: '4px 8px', borderBottom: '1px solid var(--chakra-colors-gray-100)' } }}
      >
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid={`${testId}-row-${r.id}`}>
              {r.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns in order: the position is the column
                <td key={i}>
                  {i === 0 && onSelect && r.datum ? (
                    <Button
                      variant="plain"
                      size="xs"
                      h="auto"
                      minH="6"
                      px="0"
                      color="brand.fg"
                      textDecoration="underline"
                      onClick={() => onSelect(r.datum!)}
                    >
                      {c}
                    </Button>
                  ) : (
                    c
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** Vertical or horizontal bars; with `previous` a second, paler bar per item; clicking a bar calls onSelect. */
export function BarChart({
  data,
  valueLabel,
  previousLabel,
  horizontal,
  onSelect,
  height,
  testId,
  unit,
}: {
  data: ChartDatum[];
  valueLabel: string;
  previousLabel?: string;
  horizontal?: boolean;
  onSelect?: (d: ChartDatum) => void;
  height?: number;
  testId: string;
  unit?: string;
}) {
  const withPrevious = !!previousLabel && data.some((d) => d.previous !== undefined);
  const chart = useChart({
    data: data.map((d) => ({ label: d.label, value: d.value, previous: d.previous ?? null })),
    series: [
      { name: 'value', color: VALUE_COLOR, label: valueLabel },
      ...(withPrevious ? [{ name: 'previous' as const, color: PREVIOUS_COLOR, label: previousLabel }] : []),
    ],
  });
  const h = height ?? (horizontal ? Math.max(180, data.length * (withPrevious ? 30 : 24) + 70) : 280);
  const longest = Math.max(0, ...data.map((d) => d.label.length));
  const click = onSelect ? (_: unknown, index: number) => data[index] && onSelect(data[index]) : undefined;
  const format = (v: unknown) => figure(v, unit);
  return (
    <Box data-testid={testId} data-count={data.length} minW="0">
      <Chart.Root chart={chart} h={`${h}px`} aspectRatio="auto">
        <RBarChart
          data={chart.data}
          layout={horizontal ? 'vertical' : 'horizontal'}
          responsive
          width="100%"
          height="100%"
          margin={{ top: 8, right: 16, bottom: 4, left: 4 }}
          barGap={2}
        >
          <CartesianGrid stroke={chart.color('border.muted')} vertical={!!horizontal} horizontal={!horizontal} />
          {horizontal ? (
            <>
              <XAxis type="number" axisLine={false} tickLine={false} tickFormatter={format} allowDecimals={unit !== undefined && unit !== 'count'} />
              <YAxis
                type="category"
                dataKey={chart.key('label')}
                axisLine={false}
                tickLine={false}
                width={Math.min(200, 12 + longest * 7)}
                interval={0}
              />
            </>
          ) : (
            <>
              <XAxis
                dataKey={chart.key('label')}
                axisLine={false}
                tickLine={false}
                interval={0}
                tick={{ fontSize: 11 }}
                height={data.length > 8 ? 60 : 30}
                angle={data.length > 8 ? -35 : 0}
                textAnchor={data.length > 8 ? 'end' : 'middle'}
              />
              <YAxis axisLine={false} tickLine={false} tickFormatter={format} width={unit === 'min' ? 60 : 44} />
            </>
          )}
          <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip formatter={(v) => format(v)} />} />
          {withPrevious && <Legend content={<Chart.Legend />} />}
          {chart.series.map((s) => (
            <Bar
              key={s.name}
              isAnimationActive={false}
              dataKey={chart.key(s.name)}
              name={String(s.label)}
              fill={chart.color(s.color)}
              radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
              maxBarSize={40}
              cursor={onSelect ? 'pointer' : undefined}
              onClick={click}
            />
          ))}
        </RBarChart>
      </Chart.Root>
      <DataTable
        testId={testId}
        headers={withPrevious ? ['', valueLabel, previousLabel ?? ''] : ['', valueLabel]}
        rows={data.map((d) => ({
          id: d.id,
          datum: d,
          cells: withPrevious ? [d.label, format(d.value), format(d.previous)] : [d.label, format(d.value)],
        }))}
        onSelect={onSelect}
      />
    </Box>
  );
}

/** Pie/donut with a legend; clicking a slice calls onSelect. */
export function PieChart({ data, onSelect, testId }: { data: ChartDatum[]; onSelect?: (d: ChartDatum) => void; testId: string }) {
  const t = useT();
  const shown = data.filter((d) => (d.value ?? 0) > 0);
  const chart = useChart({
    data: shown.map((d, i) => ({ name: d.label, value: d.value ?? 0, color: PALETTE[i % PALETTE.length] })),
  });
  const total = shown.reduce((s, d) => s + (d.value ?? 0), 0);
  return (
    <Box data-testid={testId} data-count={data.length} minW="0">
      <Chart.Root chart={chart} h="300px" aspectRatio="auto">
        <RPieChart responsive width="100%" height="100%">
          <Tooltip cursor={false} animationDuration={100} content={<Chart.Tooltip hideLabel />} />
          <Legend content={<Chart.Legend nameKey="name" />} />
          <Pie
            isAnimationActive={false}
            data={chart.data}
            dataKey={chart.key('value')}
            nameKey="name"
            innerRadius="45%"
            outerRadius="85%"
            paddingAngle={1}
            cursor={onSelect ? 'pointer' : undefined}
            onClick={onSelect ? (_, index) => shown[index] && onSelect(shown[index]) : undefined}
          >
            {chart.data.map((item) => (
              <Cell key={item.name} fill={chart.color(item.color)} stroke={chart.color('bg.panel')} />
            ))}
          </Pie>
        </RPieChart>
      </Chart.Root>
      <DataTable
        testId={testId}
        headers={['', t('rp.kit.count'), '%']}
        rows={data.map((d) => ({
          id: d.id,
          datum: d,
          cells: [d.label, formatFigure(d.value, 'count'), total > 0 && d.value !== null ? `${formatFigure((d.value / total) * 100)}%` : '—'],
        }))}
        onSelect={onSelect}
      />
    </Box>
  );
}

/** Lines over x (e.g. one point per day), one line per series. */
export function LineChart({
  data,
  x,
  series,
  testId,
  unit,
  height = 280,
}: {
  data: Array<Record<string, number | string | null>>;
  x: string;
  series: Array<{ key: string; label: string; color?: string }>;
  testId: string;
  unit?: string;
  height?: number;
}) {
  const chart = useChart<Record<string, number | string | null>>({
    data,
    series: series.map((s, i) => ({ name: s.key, label: s.label, color: s.color ?? PALETTE[i % PALETTE.length] })),
  });
  const format = (v: unknown) => figure(v, unit);
  return (
    <Box data-testid={testId} data-count={data.length} minW="0">
      <Chart.Root chart={chart} h={`${height}px`} aspectRatio="auto">
        <RLineChart data={chart.data} responsive width="100%" height="100%" margin={{ top: 8, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis dataKey={x} axisLine={false} tickLine={false} tick={{ fontSize: 11 }} minTickGap={16} />
          <YAxis axisLine={false} tickLine={false} tickFormatter={format} width={unit === 'min' ? 60 : 44} />
          <Tooltip animationDuration={100} content={<Chart.Tooltip formatter={(v) => format(v)} />} />
          {series.length > 1 && <Legend content={<Chart.Legend />} />}
          {chart.series.map((s) => (
            <Line
              key={String(s.name)}
              isAnimationActive={false}
              type="monotone"
              dataKey={chart.key(s.name)}
              name={String(s.label)}
              stroke={chart.color(s.color)}
              strokeWidth={2}
              dot={data.length <= 31}
              connectNulls={false}
            />
          ))}
        </RLineChart>
      </Chart.Root>
      <DataTable
        testId={testId}
        headers={['', ...series.map((s) => s.label)]}
        rows={data.map((d, i) => ({ id: String(d[x] ?? i), cells: [String(d[x] ?? ''), ...series.map((s) => format(d[s.key]))] }))}
      />
    </Box>
  );
}

/** A note for charts whose data has nothing to draw. */
export function ChartNote({ children }: { children: string }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      {children}
    </Text>
  );
}
