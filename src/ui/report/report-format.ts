/**
 * The pure side of the report kit (issue #17): how a figure is written (minutes as '1j 05m', numbers in ms-MY), the
 * completeness share, and the client-side sort of a report table's already-aggregated rows. No React: unit-tested
 * (tests/unit/report-kit.test.ts); report-kit.tsx re-exports it.
 */
import { minutesText } from '@/lib/time';
import { compareNaturalKeys, naturalKey } from '@/lib/collate';

export type FigureUnit = 'min' | 'count' | 'km' | 'h' | '%';

const numberFormats = new Map<number, Intl.NumberFormat>();
/** A number in ms-MY with at most `decimals` decimals. */
export function formatNumber(n: number, decimals: number): string {
  let f = numberFormats.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('ms-MY', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
    numberFormats.set(decimals, f);
  }
  return f.format(n);
}

/** minutes → '1j 05m' style text (minutesText of src/lib/time) and number formatting in ms-MY; null → '—'. */
export function formatFigure(value: number | null, unit?: FigureUnit): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  switch (unit) {
    case 'min':
      return minutesText(value);
    case 'count':
      return formatNumber(Math.round(value), 0);
    case 'km':
      return `${formatNumber(value, 1)} km`;
    case 'h':
      return `${formatNumber(value, 1)} j`;
    case '%':
      return `${formatNumber(value, 1)}%`;
    default:
      return formatNumber(value, 1);
  }
}

/** The share of have in of, a whole percentage rounded down (null when nothing applies). */
export function completenessPercent(c: { have: number; of: number } | null | undefined): number | null {
  if (!c || c.of <= 0) return null;
  return Math.floor((c.have / c.of) * 100);
}

/** Rows sorted by a column's sortValue (nulls last whichever the direction; ties keep the server's order). */
export function sortReportRows<Row>(
  rows: readonly Row[],
  column: { sortValue?: (row: Row) => number | string | null } | undefined,
  desc: boolean,
): Row[] {
  if (!column?.sortValue) return [...rows];
  const value = column.sortValue;
  // a text's natural-order key is made once per row, not at each of the sort's n·log n comparisons
  return rows
    .map((row, i) => {
      const v = value(row);
      return { row, i, v, key: v === null ? null : naturalKey(String(v)) };
    })
    .sort((a, b) => {
      if (a.v === null && b.v === null) return a.i - b.i;
      if (a.v === null) return 1;
      if (b.v === null) return -1;
      const c = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : compareNaturalKeys(a.key!, b.key!);
      return c === 0 ? a.i - b.i : desc ? -c : c;
    })
    .map((x) => x.row);
}
