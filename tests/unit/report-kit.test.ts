/**
 * The pure parts of the report kit (src/ui/report, issue #17): the report routes' search parser and range, the server
 * filter of a search, the drill-down link to the case search, and how figures are written.
 */
import { describe, expect, it } from 'vitest';
import { parseReportScopeSearch, reportFilterOf, reportRange, reportRangeProblem } from '@/ui/report/report-search';
import { caseSearchLink } from '@/ui/report/drill-down';
import { completenessPercent, formatFigure, sortReportRows } from '@/ui/report/report-format';
import { CaseSearchSchema } from '@/features/case-search/case-search-search';

describe('report search', () => {
  it('keeps valid dates and positive ids, drops the rest', () => {
    expect(parseReportScopeSearch({ from: '2026-11-01', to: '2026-11-30', region: 22, section: '7' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      region: 22,
      section: 7,
    });
    expect(parseReportScopeSearch({ from: '2026-02-30', to: '30-11-2026', region: 0, section: -3 })).toEqual({});
    expect(parseReportScopeSearch({ from: 20261101, region: 1.5, section: 'x', other: 'y' })).toEqual({});
    expect(parseReportScopeSearch({})).toEqual({});
  });

  it('shows the last 30 days ending today unless the search says otherwise', () => {
    expect(reportRange({}, '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(reportRange({ to: '2026-03-01' }, '2026-11-25')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(reportRange({ from: '2026-11-01' }, '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(reportRange({ from: '2026-01-01', to: '2026-01-31' }, '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });

  it('refuses a range ending before it starts or over 2 years', () => {
    expect(reportRangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe('order');
    expect(reportRangeProblem({ from: '2024-11-01', to: '2026-11-01' })).toBe(null); // 731 days
    expect(reportRangeProblem({ from: '2024-10-31', to: '2026-11-01' })).toBe('length');
    expect(reportFilterOf({ from: '2026-11-02', to: '2026-11-01' })).toBeNull();
  });

  it('the server filter: the region only for a user who sees every region', () => {
    expect(reportFilterOf({ from: '2026-11-01', to: '2026-11-30', region: 5, section: 9 }, undefined)).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      regionId: 5,
      sectionId: 9,
    });
    expect(reportFilterOf({ from: '2026-11-01', to: '2026-11-30', region: 5 }, 22)).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      regionId: 22,
    });
    expect(reportFilterOf({}, undefined, '2026-11-25')).toEqual({ dateFrom: '2026-10-27', dateTo: '2026-11-25' });
  });
});

describe('drill-down to the case search', () => {
  it('builds the /cariankes search with the same filters', () => {
    expect(caseSearchLink({ from: '2026-11-01', to: '2026-11-30', regionCode: 'tgh', sectionId: 7 }, { category: 184 })).toEqual({
      to: '/cariankes',
      search: { from: '2026-11-01', to: '2026-11-30', region: 'TGH', sectionId: 7, category: 184 },
    });
    expect(caseSearchLink({ from: '2026-11-01', to: '2026-11-30' }, { status: 210 })).toEqual({
      to: '/cariankes',
      search: { from: '2026-11-01', to: '2026-11-30', status: 210 },
    });
    // nothing malformed gets into the link
    expect(caseSearchLink({ from: '2026-11-01', to: '2026-11-30', regionCode: 'a b', sectionId: 0 }, { category: -1 }).search).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('the case search reads the link back as it was built', () => {
    const link = caseSearchLink({ from: '2026-11-01', to: '2026-11-30', regionCode: 'TGH', sectionId: 7 }, { category: 184, status: 210 });
    expect(CaseSearchSchema.parse(link.search)).toEqual(link.search);
  });
});

describe('formatFigure', () => {
  it('writes minutes as hours and minutes', () => {
    expect(formatFigure(65, 'min')).toBe('1j 05m');
    expect(formatFigure(42.4, 'min')).toBe('42m');
    expect(formatFigure(0, 'min')).toBe('0m');
  });
  it('writes numbers in ms-MY', () => {
    expect(formatFigure(1234567, 'count')).toBe('1,234,567');
    expect(formatFigure(12.345, 'km')).toBe('12.3 km');
    expect(formatFigure(7.25, 'h')).toBe('7.3 j');
    expect(formatFigure(85.5, '%')).toBe('85.5%');
    expect(formatFigure(3.0)).toBe('3');
  });
  it('a missing figure is a dash', () => {
    expect(formatFigure(null, 'min')).toBe('—');
    expect(formatFigure(null)).toBe('—');
    expect(formatFigure(Number.NaN, 'count')).toBe('—');
  });
  it('completeness and the table sort', () => {
    expect(completenessPercent({ have: 2, of: 3 })).toBe(66);
    expect(completenessPercent({ have: 0, of: 0 })).toBeNull();
    const rows = [
      { k: 'b', v: 2 },
      { k: 'a', v: null },
      { k: 'c', v: 10 },
    ];
    expect(sortReportRows(rows, { sortValue: (r) => r.v }, false).map((r) => r.k)).toEqual(['b', 'c', 'a']);
    expect(sortReportRows(rows, { sortValue: (r) => r.v }, true).map((r) => r.k)).toEqual(['c', 'b', 'a']);
    expect(sortReportRows(rows, { sortValue: (r) => r.k }, false).map((r) => r.k)).toEqual(['a', 'b', 'c']);
  });
});
