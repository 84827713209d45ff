/**
 * The searches (URLs) of the incident-side report screens (issue #17): the report kit's scope (from, to, region,
 * section) plus, on /laporaninsiden, the event type. Tiny: the route table loads it with the first page.
 */
import { parseReportScopeSearch, reportIdParam, type ReportScopeSearch } from '@/ui/report/report-search';

export interface IncidentReportSearch extends ReportScopeSearch {
  /** event type (incidentCategory key) */
  category?: number;
}

export function parseIncidentReportSearch(raw: Record<string, unknown>): IncidentReportSearch {
  const out: IncidentReportSearch = parseReportScopeSearch(raw);
  const category = reportIdParam(raw.category);
  if (category) out.category = category;
  return out;
}

/** /laporanseksyen/{sectionId}: the period only (the section is the path's). */
export function parseSectionReportSearch(raw: Record<string, unknown>): Pick<ReportScopeSearch, 'from' | 'to'> {
  const { from, to } = parseReportScopeSearch(raw);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** The section id of the path, or null (a malformed link shows the not-found page). */
export const parseSectionParam = (raw: string): number | null => reportIdParam(raw) ?? null;
