/**
 * The incident lists (dashboard `/`, case search `/cariankes`, `/incident`): the search params they keep in the URL,
 * how those become the manage/dashboard/dataTables filter (§7.3) and how a list row (§3.2) is shown.
 * Pure: no React, no requests (unit-tested in tests/unit/lists*.test.ts).
 */
import type { DashboardFilter, IncidentListRow } from '@contract/incidents';
import type { DataTablesQuery } from '@contract/envelope';
import { INCIDENT_LIMITS, STATUS_GROUP_NAMES, type StatusGroup } from '@contract/incident-rules';
import { formatDate, formatDateTime, formatDateTimeShort, isIsoDate, todayIso, type TimeInput } from './time';
import { oneOf, searchParser, textWhere, wholeNumber, type Param, type SearchOf } from './url-params';

export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_LIST_PAGE_SIZE = 25;

/** Columns the server sorts by (query string orderColumn); the newest case first by default. */
export const LIST_SORT_COLUMNS = ['createdDate', 'ticketNumber', 'jenisKes', 'section', 'statusKes'] as const;
export type ListSortColumn = (typeof LIST_SORT_COLUMNS)[number];
export const DEFAULT_SORT: { sort: ListSortColumn; dir: 'asc' | 'desc' } = { sort: 'createdDate', dir: 'desc' };

/** The count a list heading shows: the server stops counting at LIST_COUNT_CAP and says so ("10000+"). */
export function totalText(page: { recordCount: number; recordCountCapped?: boolean } | undefined): string {
  if (!page) return '…';
  return page.recordCountCapped ? `${page.recordCount}+` : String(page.recordCount);
}

/** The server searches plates by prefix, spaces ignored, from 2 characters. */
export const PLATE_MIN_CHARS = 2;

/** The dashboard opens on the open cases of the last week: today − 7 days … today. */
export const DASHBOARD_DEFAULT_DAYS = 7;

// ---------------------------------------------------------------- search params (TanStack Router validateSearch)

/**
 * A free-text param. The router parses the query string as JSON, so a plate or KM such as "123" comes back as a
 * number: accept both, trim, drop empty or over-long values instead of failing the whole URL.
 */
const text =
  (max: number, upper = false, min = 1): Param<string> =>
  (v) => {
    if (typeof v !== 'string' && typeof v !== 'number') return undefined;
    const s = String(v).trim().replace(/\s+/g, ' ');
    if (s.replace(/ /g, '').length < min || s.length > max) return undefined;
    return upper ? s.toUpperCase() : s;
  };
const positiveId = wholeNumber((n) => n > 0);
const isoDay = textWhere(isIsoDate);
const regionCode = textWhere((s) => /^[A-Z0-9]{1,20}$/.test(s));

/** The filter and paging params every incident list keeps in its URL. */
export const LIST_SEARCH_SHAPE = {
  sectionId: positiveId,
  region: regionCode,
  from: isoDay,
  to: isoDay,
  category: positiveId,
  /** the server matches plates by prefix from 2 characters (spaces ignored) */
  plate: text(INCIDENT_LIMITS.plateMaxLength, true, PLATE_MIN_CHARS),
  km: text(INCIDENT_LIMITS.kilometerMaxLength),
  status: positiveId,
  group: oneOf<StatusGroup>(STATUS_GROUP_NAMES),
  sort: oneOf(LIST_SORT_COLUMNS),
  dir: oneOf(['asc', 'desc'] as const),
  page: wholeNumber((n) => n >= 0),
  size: wholeNumber((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n)),
};
export const ListSearchSchema = searchParser(LIST_SEARCH_SHAPE);
export type ListSearch = SearchOf<typeof LIST_SEARCH_SHAPE>;

/** The filter fields (what the filter bar edits), without paging and sorting. */
export type ListFilterValues = Pick<ListSearch, 'sectionId' | 'region' | 'from' | 'to' | 'category' | 'plate' | 'km' | 'status' | 'group'> & {
  ticket?: string;
};
export const FILTER_KEYS = ['sectionId', 'region', 'from', 'to', 'category', 'plate', 'km', 'status', 'group', 'ticket'] as const;

/** Ticket numbers are typed in any case; the server's are upper case (N9-20261122-0007). A trailing * searches by prefix. */
export const ticketParam = text(40, true);
/** A whole ticket number (no * prefix search): worth opening directly. */
export const isExactTicket = (ticket: string) => !ticket.includes('*');

export const plateTooShort = (plate: string) => {
  const n = plate.replace(/\s+/g, '').length;
  return n > 0 && n < PLATE_MIN_CHARS;
};

/** True when the search narrows the list by anything but the default dates (paging and sorting do not count). */
export function hasCriteria(s: Partial<Record<(typeof FILTER_KEYS)[number], unknown>>, ignore: readonly string[] = []): boolean {
  return FILTER_KEYS.some((k) => !ignore.includes(k) && s[k] !== undefined && s[k] !== '');
}

/** A patch of filter values: any filter change starts again from the first page. */
export function withFilter<T extends ListSearch>(search: T, patch: Partial<T>): T {
  const next = { ...search, ...patch, page: undefined } as T;
  for (const k of Object.keys(next) as (keyof T)[]) if (next[k] === undefined || next[k] === '') delete next[k];
  return next;
}

// ---------------------------------------------------------------- defaults and the request

export function defaultDateRange(now: TimeInput = Date.now(), days = DASHBOARD_DEFAULT_DAYS): { from: string; to: string } {
  const to = todayIso(now);
  const [y, m, d] = to.split('-').map(Number);
  return { from: new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10), to };
}

/** from/to in order (a user may pick them the wrong way round). */
export function orderedRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  if (from && to && from > to) return { from: to, to: from };
  return { from, to };
}

export interface FilterOptions {
  /** include Tutup and Batal (case search and /incident); the dashboard hides them (§4.2) */
  allStatus: boolean;
  /** a role of SEES_ALL_REGIONS may pick the region; the server scopes the others to their own */
  seesAllRegions: boolean;
  /** dates used when the search has none (the dashboard's last week); none: all dates */
  defaultRange?: { from: string; to: string };
  /** a patrol's own cases (assignedToMe) */
  assignedToMe?: boolean;
}

/** The manage/dashboard/dataTables body (§7.3) for a list's search params. */
export function toDashboardFilter(s: ListSearch & { ticket?: string }, o: FilterOptions): DashboardFilter {
  const range = orderedRange(s.from ?? o.defaultRange?.from, s.to ?? o.defaultRange?.to);
  const f: DashboardFilter = {};
  if (s.sectionId) f.sectionId = s.sectionId;
  if (o.seesAllRegions && s.region) f.regionCode = s.region;
  if (range.from) f.dateStart = range.from;
  if (range.to) f.dateEnd = range.to;
  if (s.category) f.incidentCategory = s.category;
  if (s.plate) f.plateNumber = s.plate;
  if (s.km) f.kmSearch = s.km;
  if (s.status) f.incidentStatus = s.status;
  if (s.group) f.incidentStatusGroup = s.group;
  if (s.ticket) f.ticketNumber = s.ticket;
  if (o.allStatus) f.searchAllStatus = true;
  if (o.assignedToMe) f.assignedToMe = true;
  return f;
}

/** Paging and sorting of the query string (§7 intro). */
export function toDataTablesQuery(
  s: Pick<ListSearch, 'sort' | 'dir' | 'page' | 'size'>,
): Partial<DataTablesQuery> & { length: number; start: number } {
  const size = s.size ?? DEFAULT_LIST_PAGE_SIZE;
  const page = s.page ?? 0;
  return { orderColumn: s.sort ?? DEFAULT_SORT.sort, direction: s.dir ?? (s.sort ? 'asc' : DEFAULT_SORT.dir), length: size, start: page * size };
}

/** Clicking a column header: the same column flips the direction, another one starts ascending (dates descending). */
export function nextSort(current: Pick<ListSearch, 'sort' | 'dir'>, column: ListSortColumn): { sort: ListSortColumn; dir: 'asc' | 'desc' } {
  const sort = current.sort ?? DEFAULT_SORT.sort;
  const dir = current.dir ?? (current.sort ? 'asc' : DEFAULT_SORT.dir);
  if (sort === column) return { sort: column, dir: dir === 'asc' ? 'desc' : 'asc' };
  return { sort: column, dir: column === 'createdDate' ? 'desc' : 'asc' };
}

/** '1–25 of 60' numbers, and whether a next page exists. */
export function pageWindow(page: number, size: number, shown: number, total: number) {
  const from = total === 0 || shown === 0 ? 0 : page * size + 1;
  const to = shown === 0 ? 0 : Math.min(total, page * size + shown);
  const pages = Math.max(1, Math.ceil(total / size));
  return { from, to, pages, hasPrev: page > 0, hasNext: (page + 1) * size < total };
}

// ---------------------------------------------------------------- row formatting (§3.2, §9)

export const ROW_TIME_KEYS = ['dihantar', 'diterima', 'tiba', 'selesaiBantuan', 'selesaiKes'] as const;
export type RowTimeKey = (typeof ROW_TIME_KEYS)[number];

export interface RowTime {
  key: RowTimeKey;
  /** 'HH:mm' in Asia/Brunei; '' when the step has not happened */
  short: string;
  /** 'DD-MM-YYYY HH:mm:ss' for the tooltip */
  full: string;
  /** 'DD-MM' when the step fell on another day than the incident */
  otherDay: string;
}

/** The five step times of a row: hh:mm, the full date-time for a tooltip, and the day when it is not the incident's. */
export function rowTimes(row: Pick<IncidentListRow, RowTimeKey | 'createdDate'>): RowTime[] {
  const day = row.createdDate ? todayIso(row.createdDate) : '';
  return ROW_TIME_KEYS.map((key) => {
    const v = row[key];
    const iso = v ? todayIso(v) : '';
    if (!v || !iso) return { key, short: '', full: '', otherDay: '' };
    // 'DD-MM-YYYY HH:mm' → 'HH:mm'; 'DD-MM-YYYY' → 'DD-MM'
    return { key, short: formatDateTimeShort(v).slice(11), full: formatDateTime(v), otherDay: iso !== day ? formatDate(v).slice(0, 5) : '' };
  });
}

/** 'dd-mm-yyyy hh:mm' of the incident (§9 list format). */
export const rowDateTime = (row: Pick<IncidentListRow, 'createdDate'>) => formatDateTimeShort(row.createdDate);

/** 'KM 23.4' for a numeric marker, the marker as typed otherwise. */
export function kmLabel(km: string | null | undefined): string {
  const v = (km ?? '').trim();
  if (!v) return '';
  return /^km\b/i.test(v) ? v.replace(/^km\s*/i, 'KM ') : `KM ${v}`;
}

/** The detail page of a row (§2.1 /insidenView/{insidenId}). */
export const incidentHref = (incidentId: number) => `/insidenView/${incidentId}`;
