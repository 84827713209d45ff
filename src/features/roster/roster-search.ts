/**
 * Search params of /listingroster: the filter and the page live in the URL. Plain code rather than a schema: route
 * search validators load with the router on the first page. Anything invalid is dropped (the screen's default).
 */
export interface RosterListSearch extends RosterViewSearch {
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
  return { ...out, ...parseRosterViewSearch(s) };
}

// ------------------------------------------------------------------------------------------------ issue #15

/** /listingroster's month view: ?view=month&month=YYYY-MM (the day list stays the default). */
export interface RosterViewSearch {
  view?: 'month';
  month?: string;
}

export function parseRosterViewSearch(s: Record<string, unknown>): RosterViewSearch {
  const out: RosterViewSearch = {};
  if (s.view === 'month') out.view = 'month';
  if (typeof s.month === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(s.month)) out.month = s.month;
  return out;
}

/** The roster id of /createupdateroster/{rosterId}: a positive id, 'baru' (new), or null (not a roster). */
export function parseRosterParam(param: string): number | 'new' | null {
  if (param === 'baru') return 'new';
  return /^\d{1,9}$/.test(param) && Number(param) > 0 ? Number(param) : null;
}

/** /createupdateroster/baru?sectionId=&date=: what a new roster starts with (from the list's filter). */
export interface RosterNewSearch {
  sectionId?: number;
  date?: string;
}

export function parseRosterNewSearch(s: Record<string, unknown>): RosterNewSearch {
  const out: RosterNewSearch = {};
  const sectionId = wholeNumber(s.sectionId);
  if (sectionId !== undefined && sectionId > 0) out.sectionId = sectionId;
  if (typeof s.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s.date)) out.date = s.date;
  return out;
}

/** /staffingroster?date=&sectionId=: the day and the section (all of the user's region by default). */
export type StaffingSearch = RosterNewSearch;
export const parseStaffingSearch = parseRosterNewSearch;
