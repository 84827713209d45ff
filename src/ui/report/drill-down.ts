/**
 * Drill-down from a report to the case search (issue #17, "a bar, a slice or a table row opens the case search with
 * the same filters"): the /cariankes search of src/features/case-search (LIST_SEARCH_SHAPE of src/lib/incident-list.ts:
 * sectionId, region (code), from, to, category, status). Pure, unit-tested (tests/unit/report-kit.test.ts).
 */

export interface CaseSearchLinkSearch {
  from: string;
  to: string;
  region?: string;
  sectionId?: number;
  category?: number;
  status?: number;
}

const REGION_CODE = /^[A-Z0-9]{1,20}$/;
const positive = (n: number | undefined) => (n !== undefined && Number.isSafeInteger(n) && n > 0 ? n : undefined);

/** The /cariankes link of a report's scope and a picked category or status (undefined parts are left out). */
export function caseSearchLink(
  scope: { from: string; to: string; regionCode?: string; sectionId?: number },
  extra: { category?: number; status?: number } = {},
): { to: '/cariankes'; search: CaseSearchLinkSearch } {
  const search: CaseSearchLinkSearch = { from: scope.from, to: scope.to };
  const region = scope.regionCode?.trim().toUpperCase();
  if (region && REGION_CODE.test(region)) search.region = region;
  const sectionId = positive(scope.sectionId);
  if (sectionId) search.sectionId = sectionId;
  const category = positive(extra.category);
  if (category) search.category = category;
  const status = positive(extra.status);
  if (status) search.status = status;
  return { to: '/cariankes', search };
}
