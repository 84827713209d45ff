import { describe, expect, it } from 'vitest';
import { compareNatural } from '@/lib/collate';

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
