import { describe, expect, it } from 'vitest';
import { compareNatural, compareNaturalKeys, naturalKey } from '@/lib/collate';
import { sortReportRows } from '@/ui/report/report-format';

describe('compareNatural', () => {
  it('orders names with numbers by their numbers, letters as words', () => {
    expect(['N10', 'S1', 'N9', 'KL2', 'n1'].sort(compareNatural)).toEqual(['KL2', 'n1', 'N9', 'N10', 'S1']);
    expect(['Ronda 10', 'Ronda 2', 'Ronda 1'].sort(compareNatural)).toEqual(['Ronda 1', 'Ronda 2', 'Ronda 10']);
    expect(compareNatural('Tengah', 'Utara')).toBeLessThan(0);
    expect(compareNatural('N9', 'N9')).toBe(0);
    // the same number written with a leading zero, and case alone: an order still, and a stable one
    expect(['N09', 'N9'].sort(compareNatural)).toEqual(['N09', 'N9']);
    expect(['n9', 'N9'].sort(compareNatural)).toEqual(['N9', 'n9']);
    expect(['Seksyen 2 Utara', 'Seksyen 2', 'Seksyen 12'].sort(compareNatural)).toEqual(['Seksyen 2', 'Seksyen 2 Utara', 'Seksyen 12']);
  });
});

describe('natural keys made once', () => {
  it('compareNaturalKeys on keys orders as compareNatural does', () => {
    const names = ['N10', 'S1', 'N9', 'KL2', 'n1', 'Ronda 10', 'Ronda 2', 'N09', 'n9', 'Seksyen 2 Utara', 'Seksyen 2', 'Seksyen 12', ''];
    const byKeys = names
      .map(naturalKey)
      .sort(compareNaturalKeys)
      .map((k) => k.text);
    expect(byKeys).toEqual([...names].sort(compareNatural));
  });

  it('a report column of text sorts in natural order, nulls last, ties in the server order', () => {
    const rows = [{ s: 'N10' }, { s: null }, { s: 'N9' }, { s: 'n9' }, { s: 'N9' }, { s: 'KL2' }].map((r, i) => ({ ...r, i }));
    const asc = sortReportRows(rows, { sortValue: (r) => r.s }, false);
    expect(asc.map((r) => r.i)).toEqual([5, 2, 4, 3, 0, 1]);
    const desc = sortReportRows(rows, { sortValue: (r) => r.s }, true);
    expect(desc.map((r) => r.i)).toEqual([0, 3, 2, 4, 5, 1]);
  });
});
