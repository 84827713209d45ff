/**
 * The incident lists' URL params (dashboard `/`, `/cariankes`, `/incident`), how they become the
 * manage/dashboard/dataTables filter and paging (§7.3), and how a row (§3.2) is shown (§9 formats, Asia/Brunei).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { IncidentListRow } from '@contract/incidents';
import { INCIDENT_LIMITS, STATUS_GROUP_NAMES } from '@contract/incident-rules';
import { isIsoDate } from '@/lib/time';
import { TmcLogSearchSchema } from '@/features/tmclog/tmclog-search';
import { DraftSearchSchema } from '@/features/incidents/new-case/draft-search';
import { DashboardSearchSchema, type DashboardSearch } from '@/features/dashboard/dashboard-search';
import { CaseSearchSchema } from '@/features/case-search/case-search-search';
import {
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  LIST_SORT_COLUMNS,
  PLATE_MIN_CHARS,
  defaultDateRange,
  hasCriteria,
  incidentHref,
  isExactTicket,
  kmLabel,
  ListSearchSchema,
  nextSort,
  orderedRange,
  pageWindow,
  plateTooShort,
  rowDateTime,
  rowTimes,
  toDashboardFilter,
  toDataTablesQuery,
  withFilter,
} from '@/lib/incident-list';

const parse = <T>(schema: { parse: (v: unknown) => T }, v: unknown) => schema.parse(v);

// The route search params are plain code (src/lib/url-params.ts: they load with the router on the first page).
// These zod/mini schemas are what they replaced: the same input must give the same search.
const refText = (max: number, upper = false, min = 1) =>
  z.catch(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((v) => {
          const s = String(v).trim().replace(/\s+/g, ' ');
          if (s.replace(/ /g, '').length < min || s.length > max) return undefined;
          return upper ? s.toUpperCase() : s;
        }),
      ),
    ),
    undefined,
  );
const refId = z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined);
const refDay = z.catch(z.optional(z.string().check(z.refine(isIsoDate))), undefined);
const REF_LIST = {
  sectionId: refId,
  region: z.catch(z.optional(z.string().check(z.regex(/^[A-Z0-9]{1,20}$/))), undefined),
  from: refDay,
  to: refDay,
  category: refId,
  plate: refText(INCIDENT_LIMITS.plateMaxLength, true, PLATE_MIN_CHARS),
  km: refText(INCIDENT_LIMITS.kilometerMaxLength),
  status: refId,
  group: z.catch(z.optional(z.enum(STATUS_GROUP_NAMES as [string, ...string[]])), undefined),
  sort: z.catch(z.optional(z.enum(LIST_SORT_COLUMNS)), undefined),
  dir: z.catch(z.optional(z.enum(['asc', 'desc'])), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(0))), undefined),
  size: z.catch(
    z.optional(
      z.coerce.number().check(
        z.int(),
        z.refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n)),
      ),
    ),
    undefined,
  ),
};
const refIsoDay = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);
const REFS = [
  [ListSearchSchema, z.object(REF_LIST)],
  [
    DashboardSearchSchema,
    z.object({
      ...REF_LIST,
      tab: z.catch(z.optional(z.enum(['insiden', 'jadual'])), undefined),
      scope: z.catch(z.optional(z.enum(['mine', 'region'])), undefined),
    }),
  ],
  [CaseSearchSchema, z.object({ ...REF_LIST, ticket: refText(40, true) })],
  [
    TmcLogSearchSchema,
    z.object({
      region: z.catch(z.optional(z.coerce.number().check(z.int(), z.gt(0))), undefined),
      from: refIsoDay,
      to: refIsoDay,
      q: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
      page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(0))), undefined),
    }),
  ],
] as const;
/** undefined keys do not reach the URL */
const defined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

describe('list search params', () => {
  it('give what the zod/mini schemas they replaced gave', () => {
    const values = [
      undefined,
      null,
      '',
      ' ',
      0,
      -1,
      1.5,
      7,
      9,
      25,
      '9',
      ' 10 ',
      '1e1',
      'abc',
      true,
      [9],
      {},
      2 ** 60,
      'TGH',
      'tgh',
      'TGH; drop',
      '2026-11-15',
      '2026-02-30',
      '22-11-2026',
      'BARU',
      'TIADA',
      'ticketNumber',
      'password',
      'asc',
      'sideways',
      'insiden',
      'jadual',
      'mine',
      'region',
      ' wxy  1234 ',
      'w',
      1234,
      'x'.repeat(21),
      'x'.repeat(201),
      ' n9-20261122-0007 ',
      'N9-202611*',
    ];
    for (const [mine, ref] of REFS) {
      for (const key of Object.keys(ref.shape)) {
        for (const v of values) {
          const input = { [key]: v, other: 1 };
          expect(mine.parse(input), `${key}: ${JSON.stringify(v)}`).toEqual(defined(ref.parse(input)));
        }
      }
    }
    // a draft id: text up to 64 characters (anything else is dropped rather than failing the page)
    expect(DraftSearchSchema.parse({ draft: 'd-1', x: 2 })).toEqual({ draft: 'd-1' });
    expect(DraftSearchSchema.parse({ draft: 'x'.repeat(65) })).toEqual({});
    expect(DraftSearchSchema.parse({ draft: 5 })).toEqual({});
  });

  it('keeps valid filters and paging', () => {
    expect(
      parse(ListSearchSchema, {
        sectionId: 9,
        region: 'TGH',
        from: '2026-11-15',
        to: '2026-11-22',
        category: 184,
        plate: 'wxy 1234',
        km: '23.4',
        status: 204,
        group: 'TINDAKAN',
        sort: 'ticketNumber',
        dir: 'asc',
        page: 2,
        size: 50,
      }),
    ).toEqual({
      sectionId: 9,
      region: 'TGH',
      from: '2026-11-15',
      to: '2026-11-22',
      category: 184,
      plate: 'WXY 1234',
      km: '23.4',
      status: 204,
      group: 'TINDAKAN',
      sort: 'ticketNumber',
      dir: 'asc',
      page: 2,
      size: 50,
    });
  });

  it('reads numbers the router parsed from the query string back as text', () => {
    // ?km=23 and ?plate=1234 arrive as numbers (the router parses the query string as JSON)
    expect(parse(ListSearchSchema, { km: 23, plate: 1234 })).toEqual({ km: '23', plate: '1234' });
    expect(parse(ListSearchSchema, { sectionId: '9', page: '1' })).toEqual({ sectionId: 9, page: 1 });
  });

  it('drops what is not valid instead of failing the page', () => {
    expect(
      parse(ListSearchSchema, {
        sectionId: -3,
        region: 'tgh; drop',
        from: '2026-02-30',
        to: '22-11-2026',
        category: 1.5,
        plate: ' w ',
        km: 'x'.repeat(21),
        group: 'TIADA',
        sort: 'password',
        dir: 'sideways',
        page: -1,
        size: 7,
      }),
    ).toEqual({});
  });

  it('dashboard: tab and patrol scope; case search: the ticket in upper case', () => {
    expect(parse(DashboardSearchSchema, { tab: 'jadual', scope: 'region', group: 'BARU' })).toEqual({
      tab: 'jadual',
      scope: 'region',
      group: 'BARU',
    });
    expect(parse(DashboardSearchSchema, { tab: 'peta', scope: 'all' })).toEqual({});
    expect(parse(CaseSearchSchema, { ticket: ' n9-20261122-0007 ' })).toEqual({ ticket: 'N9-20261122-0007' });
    expect(parse(CaseSearchSchema, { ticket: 'N9-202611*' })).toEqual({ ticket: 'N9-202611*' });
    expect(isExactTicket('N9-20261122-0007')).toBe(true);
    expect(isExactTicket('N9-202611*')).toBe(false);
  });

  it('a filter change goes back to the first page and drops emptied values', () => {
    const s: DashboardSearch = { plate: 'WXY', page: 3, size: 10, tab: 'insiden' };
    expect(withFilter(s, { plate: undefined, group: 'BARU' })).toEqual({
      size: 10,
      tab: 'insiden',
      group: 'BARU',
    });
  });

  it('knows when a search has criteria (paging and sorting do not count)', () => {
    expect(hasCriteria({})).toBe(false);
    expect(hasCriteria({ page: 2, sort: 'section' } as never)).toBe(false);
    expect(hasCriteria({ ticket: 'N9-20261122-0007' })).toBe(true);
    expect(hasCriteria({ status: 210 })).toBe(true);
  });

  it('plates need two characters (spaces ignored)', () => {
    expect(plateTooShort('')).toBe(false);
    expect(plateTooShort(' W ')).toBe(true);
    expect(plateTooShort('W X')).toBe(false);
  });
});

describe('the dataTables request', () => {
  it('dashboard: the last week by default, no closed cases, a patrol’s own cases', () => {
    const range = defaultDateRange(Date.parse('2026-11-22T02:00:00Z'));
    expect(range).toEqual({ from: '2026-11-15', to: '2026-11-22' });
    expect(toDashboardFilter({}, { allStatus: false, seesAllRegions: false, defaultRange: range, assignedToMe: true })).toEqual({
      dateStart: '2026-11-15',
      dateEnd: '2026-11-22',
      assignedToMe: true,
    });
  });

  it('today is the Brunei day (UTC+8), not the UTC one', () => {
    // 23:30 UTC on the 21st is 07:30 on the 22nd in Asia/Brunei
    expect(defaultDateRange(Date.parse('2026-11-21T23:30:00Z'), 30)).toEqual({ from: '2026-10-23', to: '2026-11-22' });
  });

  it('maps every filter to its §7.3 field; the region only for roles that see all regions', () => {
    const s = {
      sectionId: 9,
      region: 'UTR',
      from: '2026-11-01',
      to: '2026-11-10',
      category: 185,
      plate: 'WXY 1234',
      km: '23',
      status: 204,
      group: 'TINDAKAN' as const,
      ticket: 'N9-20261101-0001',
    };
    expect(toDashboardFilter(s, { allStatus: true, seesAllRegions: true })).toEqual({
      sectionId: 9,
      regionCode: 'UTR',
      dateStart: '2026-11-01',
      dateEnd: '2026-11-10',
      incidentCategory: 185,
      plateNumber: 'WXY 1234',
      kmSearch: '23',
      incidentStatus: 204,
      incidentStatusGroup: 'TINDAKAN',
      ticketNumber: 'N9-20261101-0001',
      searchAllStatus: true,
    });
    expect(toDashboardFilter({ region: 'UTR' }, { allStatus: false, seesAllRegions: false })).toEqual({});
  });

  it('puts dates picked the wrong way round in order', () => {
    expect(orderedRange('2026-11-20', '2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(
      toDashboardFilter({ from: '2026-11-20' }, { allStatus: false, seesAllRegions: false, defaultRange: { from: '2026-11-15', to: '2026-11-22' } }),
    ).toEqual({
      dateStart: '2026-11-20',
      dateEnd: '2026-11-22',
    });
  });

  it('paging and sorting go in the query string: newest first by default', () => {
    expect(toDataTablesQuery({})).toEqual({ orderColumn: 'createdDate', direction: 'desc', length: DEFAULT_LIST_PAGE_SIZE, start: 0 });
    expect(toDataTablesQuery({ sort: 'section', page: 2, size: 10 })).toEqual({ orderColumn: 'section', direction: 'asc', length: 10, start: 20 });
    expect(toDataTablesQuery({ sort: 'ticketNumber', dir: 'desc' })).toMatchObject({ orderColumn: 'ticketNumber', direction: 'desc' });
  });

  it('a column header flips its own order and starts another ascending (dates newest first)', () => {
    expect(nextSort({}, 'createdDate')).toEqual({ sort: 'createdDate', dir: 'asc' });
    expect(nextSort({}, 'statusKes')).toEqual({ sort: 'statusKes', dir: 'asc' });
    expect(nextSort({ sort: 'statusKes', dir: 'asc' }, 'statusKes')).toEqual({ sort: 'statusKes', dir: 'desc' });
    expect(nextSort({ sort: 'statusKes', dir: 'asc' }, 'createdDate')).toEqual({ sort: 'createdDate', dir: 'desc' });
  });

  it('page window', () => {
    expect(pageWindow(0, 25, 25, 60)).toEqual({ from: 1, to: 25, pages: 3, hasPrev: false, hasNext: true });
    expect(pageWindow(2, 25, 10, 60)).toEqual({ from: 51, to: 60, pages: 3, hasPrev: true, hasNext: false });
    expect(pageWindow(0, 25, 0, 0)).toEqual({ from: 0, to: 0, pages: 1, hasPrev: false, hasNext: false });
  });
});

describe('row formatting', () => {
  const row: Pick<IncidentListRow, 'createdDate' | 'dihantar' | 'diterima' | 'tiba' | 'selesaiBantuan' | 'selesaiKes'> = {
    createdDate: '2026-11-22T04:05:35.000Z',
    dihantar: '2026-11-22T04:05:35.000Z',
    diterima: '2026-11-22T04:06:55.000Z',
    tiba: '2026-11-22T15:59:00.000Z',
    selesaiBantuan: null,
    selesaiKes: null,
  };

  it('shows the incident as dd-mm-yyyy hh:mm in Asia/Brunei', () => {
    expect(rowDateTime(row)).toBe('22-11-2026 12:05');
  });

  it('shows the five times as hh:mm with the full date-time for the tooltip, and flags another day', () => {
    const times = rowTimes(row);
    expect(times.map((t) => t.key)).toEqual(['dihantar', 'diterima', 'tiba', 'selesaiBantuan', 'selesaiKes']);
    expect(times[0]).toEqual({ key: 'dihantar', short: '12:05', full: '22-11-2026 12:05:35', otherDay: '' });
    expect(times[1]).toMatchObject({ short: '12:06', full: '22-11-2026 12:06:55' });
    // 15:59 UTC is 23:59 the same Brunei day; one more minute would be the next day
    expect(times[2]).toMatchObject({ short: '23:59', otherDay: '' });
    expect(rowTimes({ ...row, tiba: '2026-11-22T16:10:00.000Z' })[2]).toMatchObject({ short: '00:10', otherDay: '23-11' });
    expect(times[3]).toEqual({ key: 'selesaiBantuan', short: '', full: '', otherDay: '' });
  });

  it('KM label and the detail URL', () => {
    expect(kmLabel('453.9')).toBe('KM 453.9');
    expect(kmLabel('km 12')).toBe('KM 12');
    expect(kmLabel('')).toBe('');
    expect(incidentHref(58)).toBe('/insidenView/58');
  });
});

describe('list totals', () => {
  it('show a capped count with a plus', async () => {
    const { totalText } = await import('@/lib/incident-list');
    expect(totalText(undefined)).toBe('…');
    expect(totalText({ recordCount: 42 })).toBe('42');
    expect(totalText({ recordCount: 10000, recordCountCapped: true })).toBe('10000+');
  });
});
