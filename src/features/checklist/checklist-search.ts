/**
 * The search (URL) of Laporan Senarai Semak (/reportsenaraisemak): small on purpose, the route table loads it with the
 * first page; the report's rules and filter are in ./checklist-rules.ts, loaded with the screen.
 */
import { dateParam, flagParam, idParam, parseListSearch, withFilters, type ListSearch } from '@/ui/admin/list-search';

export interface ChecklistReportSearch extends ListSearch {
  from?: string;
  to?: string;
  regionId?: number;
  sectionId?: number;
  vehicleId?: number;
  defects?: true;
  flagged?: true;
}

export function parseReportSearch(raw: Record<string, unknown>): ChecklistReportSearch {
  return withFilters<ChecklistReportSearch>(parseListSearch(raw), {
    from: dateParam(raw.from),
    to: dateParam(raw.to),
    regionId: idParam(raw.regionId),
    sectionId: idParam(raw.sectionId),
    vehicleId: idParam(raw.vehicleId),
    defects: flagParam(raw.defects),
    flagged: flagParam(raw.flagged),
  });
}
