/**
 * Paging and sorting of an administration list, kept in the URL (issue #14: "page size and sort in the URL") so a
 * list can be bookmarked, shared and reloaded as it was. Plain code, no zod: route files parse their search with it.
 */
import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_PAGE_SIZES } from '@contract/admin-rules';

export interface ListSearch {
  /** zero-based page */
  page?: number;
  size?: number;
  /** the column the server sorts by (its orderColumn) */
  sort?: string;
  dir?: 'asc' | 'desc';
}

const int = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
};

/** The paging part of a route's search; anything malformed is dropped (a bad link opens the first page). */
export function parseListSearch(raw: Record<string, unknown>): ListSearch {
  const out: ListSearch = {};
  const page = int(raw.page);
  if (page !== undefined && page > 0 && page < 100_000) out.page = page;
  const size = int(raw.size);
  if (size !== undefined && (ADMIN_PAGE_SIZES as readonly number[]).includes(size)) out.size = size;
  if (typeof raw.sort === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(raw.sort)) out.sort = raw.sort;
  if (raw.dir === 'asc' || raw.dir === 'desc') out.dir = raw.dir;
  return out;
}

/** A text filter of the URL: trimmed, at most `max` characters, dropped when empty. */
export function textParam(raw: unknown, max = 100): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const v = raw.trim().slice(0, max);
  return v || undefined;
}

/** A positive id filter of the URL. */
export function idParam(raw: unknown): number | undefined {
  const n = int(raw);
  return n !== undefined && n > 0 ? n : undefined;
}

/** An active / inactive filter of the URL; anything else: both. */
export type ActiveStatus = 'active' | 'inactive';
export function statusParam(raw: unknown): ActiveStatus | undefined {
  return raw === 'active' || raw === 'inactive' ? raw : undefined;
}

/** A yes-only flag of the URL (true, 'true' or '1'); anything else: absent. */
/** A calendar date 'YYYY-MM-DD' of the URL (a report's from / to), else undefined. */
export function dateParam(raw: unknown): string | undefined {
  return typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? raw : undefined;
}

export function flagParam(raw: unknown): true | undefined {
  return raw === true || raw === 'true' || raw === '1' ? true : undefined;
}

/** A parsed search with its parsed filters added, in order; a filter that parsed to undefined is left out. */
export function withFilters<T extends ListSearch>(out: T, filters: { [K in Exclude<keyof T, keyof ListSearch>]?: T[K] | undefined }): T {
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  return out;
}

/** The dataTables query string of §7 for a list search: start, length, orderColumn, direction. */
export function listQueryOf(search: ListSearch, defaults: { sort: string; dir?: 'asc' | 'desc' }) {
  const length = search.size ?? ADMIN_DEFAULT_PAGE_SIZE;
  return {
    start: (search.page ?? 0) * length,
    length,
    orderColumn: search.sort ?? defaults.sort,
    direction: search.dir ?? defaults.dir ?? 'asc',
  } as const;
}
