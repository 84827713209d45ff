/**
 * The search (URL) every report route keeps (issue #17): from / to (local dates YYYY-MM-DD), region and section ids.
 * Tiny on purpose: the route table loads it with the first page (no contract messages, no zod); the screens read the
 * range shown with reportRange and the server filter with reportFilterOf.
 */
import { addDays, todayIso } from '@/lib/time';

export interface ReportScopeSearch {
  from?: string;
  to?: string;
  region?: number;
  section?: number;
}

/** The default range of a report: this many days ending today (Asia/Brunei). */
export const REPORT_DEFAULT_DAYS = 30;
/** The longest range the server takes (REPORT_MAX_DAYS of contract/reports-rules.ts, repeated to keep this module tiny). */
const MAX_DAYS = 731;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date 'YYYY-MM-DD' of the URL, else undefined. */
export function reportDateParam(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !DATE.test(raw)) return undefined;
  const [y, m, d] = raw.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? raw : undefined;
}

/** A positive whole id of the URL (the router may hand it over as a number or a string), else undefined. */
export function reportIdParam(raw: unknown): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** validateSearch of every report route: keeps valid YYYY-MM-DD dates and positive ids, drops the rest. */
export function parseReportScopeSearch(raw: Record<string, unknown>): ReportScopeSearch {
  const out: ReportScopeSearch = {};
  const from = reportDateParam(raw.from);
  const to = reportDateParam(raw.to);
  const region = reportIdParam(raw.region);
  const section = reportIdParam(raw.section);
  if (from) out.from = from;
  if (to) out.to = to;
  if (region) out.region = region;
  if (section) out.section = section;
  return out;
}

/** the range shown: from/to of the search, else the last 30 days ending today (Asia/Brunei) */
export function reportRange(s: ReportScopeSearch, today: string = todayIso()): { from: string; to: string } {
  const to = s.to ?? (s.from && s.from > today ? s.from : today);
  const from = s.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  return { from, to };
}

/** Days of a range, both ends included. */
const daysOf = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Why a range cannot be asked for: 'order' (ends before it starts), 'length' (over 2 years), else null. */
export function reportRangeProblem(range: { from: string; to: string }): 'order' | 'length' | null {
  if (range.to < range.from) return 'order';
  if (daysOf(range.from, range.to) > MAX_DAYS) return 'length';
  return null;
}

/**
 * The ReportFilter body (contract/reports.ts) of a search: the range shown, the region (only for a user who sees every
 * region: `scopeRegion` undefined; the server scopes the others itself) and the section; null when the range is invalid.
 */
export function reportFilterOf(
  s: ReportScopeSearch,
  scopeRegion?: number,
  today?: string,
): { dateFrom: string; dateTo: string; regionId?: number; sectionId?: number } | null {
  const range = reportRange(s, today);
  if (reportRangeProblem(range)) return null;
  const out: { dateFrom: string; dateTo: string; regionId?: number; sectionId?: number } = { dateFrom: range.from, dateTo: range.to };
  const regionId = scopeRegion ?? s.region;
  if (regionId) out.regionId = regionId;
  if (s.section) out.sectionId = s.section;
  return out;
}
