/**
 * The searches (URLs) of the roster reports of issue #17 — /laporanmasalebuhraya (DLU), /laporanmasabertugas,
 * /laporanpenggunaankenderaan, /laporanrondaan — and the report filter each sends. Small and zod-free on purpose: the
 * route files load it with the route table. The scope (from, to, region, section) is the report kit's
 * (src/ui/report/report-search.ts); the server-paged tables add the admin lists' paging (page, size, sort, dir); the
 * work-duration report adds its grouping (`group=team`, person by default). The filter sent is the kit's
 * reportFilterOf. Unit tested (tests/unit/roster-reports.test.ts).
 */
import type { WorkGroup } from '@contract/reports-rules';
import { parseListSearch, type ListSearch } from '@/ui/admin/list-search';
import { parseReportScopeSearch, type ReportScopeSearch } from '@/ui/report/report-search';

/** The scope of a report with the paging of its server-paged table (DLU rosters, rondas). */
export interface PagedReportSearch extends ReportScopeSearch, ListSearch {}

export function parsePagedReportSearch(raw: Record<string, unknown>): PagedReportSearch {
  return { ...parseReportScopeSearch(raw), ...parseListSearch(raw) };
}

/** Laporan Masa Bertugas: the scope and the grouping (absent: per person). */
export interface WorkSearch extends ReportScopeSearch {
  group?: WorkGroup;
}

export function parseWorkSearch(raw: Record<string, unknown>): WorkSearch {
  const out: WorkSearch = parseReportScopeSearch(raw);
  // 'person' is the default: left out of the URL
  if (raw.group === 'team') out.group = 'team';
  return out;
}

/** The grouping a work search asks for. */
export const workGroupOf = (s: WorkSearch): WorkGroup => s.group ?? 'person';

/** A new scope for a search: the table goes back to its first page; its size, sort and the rest stay. */
export function withScope<S extends ReportScopeSearch & { page?: number }>(search: S, next: ReportScopeSearch): S {
  const { from: _from, to: _to, region: _region, section: _section, page: _page, ...rest } = search;
  const out: Record<string, unknown> = { ...rest };
  for (const [k, v] of Object.entries(next)) if (v !== undefined) out[k] = v;
  return out as S;
}
