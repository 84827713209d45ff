/**
 * Search params of /listingroster: the filter and the page live in the URL. Plain code rather than a schema: route
 * search validators load with the router on the first page. Anything invalid is dropped (the screen's default).
 */
export interface RosterListSearch {
  date?: string;
  sectionId?: number;
  page?: number;
  size?: number;
}

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** A whole number from a URL value (number or numeric text), or undefined. */
function wholeNumber(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
}

export function parseRosterListSearch(s: Record<string, unknown>): RosterListSearch {
  const out: RosterListSearch = {};
  if (typeof s.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s.date)) out.date = s.date;
  const sectionId = wholeNumber(s.sectionId);
  if (sectionId !== undefined && sectionId > 0) out.sectionId = sectionId;
  const page = wholeNumber(s.page);
  if (page !== undefined && page >= 0) out.page = page;
  const size = wholeNumber(s.size);
  if (size !== undefined && (PAGE_SIZES as readonly number[]).includes(size)) out.size = size;
  return out;
}
