/**
 * The pure side of the reports hub /reportingmodule (issue #17 item 7): which report cards a role sees (the Laporan
 * group of the side menu, filtered by menuFor exactly as the menu is, without the hub itself), which KPI groups it may read, and the search each report opens with so
 * it shows the hub's period and scope. No React: unit-tested (tests/unit/report-hub.test.ts).
 */
import { menuFor, type MenuItem } from '@contract/menu';
import { can } from '@contract/roles';
import { reportRange, type ReportScopeSearch } from '@/ui/report/report-search';

/** The Laporan group's key in contract/menu.ts and the hub's own entry in it. */
const REPORTS_GROUP = 'reports';
const HUB_KEY = 'reportHub';

/** The report cards of a role, in the menu's order (Laporan Rondaan among them since issue #31). */
export function hubReports(roleName: string | undefined | null): MenuItem[] {
  const group = menuFor(roleName).find((i) => i.key === REPORTS_GROUP)?.children ?? [];
  return group.filter((c) => c.key !== HUB_KEY);
}

/** What of the KPI overview a role may read: the incident and roster figures ('reports'), the assistance totals. */
export function hubAccess(roleName: string | undefined | null): { incident: boolean; operations: boolean; assistance: boolean; sections: boolean } {
  const reports = can(roleName, 'reports');
  return { incident: reports, operations: reports, assistance: can(roleName, 'reportOtherAssistance'), sections: reports };
}

/** The reports that take the report kit's scope search (from, to, region, section). */
const SCOPE_SEARCH_PATHS = new Set([
  '/laporaninsiden',
  '/laporanmasalebuhraya',
  '/laporanmasabertugas',
  '/laporanpenggunaankenderaan',
  '/laporanjenisbantuan',
  '/laporanrondaan',
]);
/** The older lists whose search names the region and section regionId / sectionId (end-of-duty, checklists). */
const ID_SEARCH_PATHS = new Set(['/dailyactivitylog', '/reportsenaraisemak']);

export type ReportLinkSearch = Record<string, string | number>;

/**
 * The search a report opens with from the hub: the period shown (always written out, so a report whose own default
 * differs shows the same days), the region and the section, under the names that report's URL uses.
 */
export function reportLinkSearch(path: string, search: ReportScopeSearch, today?: string): ReportLinkSearch {
  const { from, to } = reportRange(search, today);
  if (SCOPE_SEARCH_PATHS.has(path)) {
    return { from, to, ...(search.region ? { region: search.region } : {}), ...(search.section ? { section: search.section } : {}) };
  }
  if (ID_SEARCH_PATHS.has(path)) {
    return { from, to, ...(search.region ? { regionId: search.region } : {}), ...(search.section ? { sectionId: search.section } : {}) };
  }
  return {};
}

/** The one-section report's search from the hub: the period shown. */
export function sectionLinkSearch(search: ReportScopeSearch, today?: string): { from: string; to: string } {
  return reportRange(search, today);
}

/** Groups sections by region name (in the order given: the list comes sorted by name), for the hub's section list. */
export function sectionsByRegion<S extends { regionId: number; regionName: string }>(
  sections: readonly S[],
): Array<{ regionId: number; regionName: string; sections: S[] }> {
  const groups = new Map<number, { regionId: number; regionName: string; sections: S[] }>();
  for (const s of sections) {
    let g = groups.get(s.regionId);
    if (!g) {
      g = { regionId: s.regionId, regionName: s.regionName, sections: [] };
      groups.set(s.regionId, g);
    }
    g.sections.push(s);
  }
  return [...groups.values()];
}
