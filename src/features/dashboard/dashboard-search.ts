import { LIST_SEARCH_SHAPE } from '@/lib/incident-list';
import { oneOf, searchParser, type SearchOf } from '@/lib/url-params';

export const DASHBOARD_TABS = ['insiden', 'jadual'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/**
 * Search params of `/`: the tab, the incident filters of §7.3 with paging and sorting, and for a patrol whether it
 * sees its own cases (the default) or its region's. Plain code (src/lib/url-params.ts): it loads with the router.
 */
const DASHBOARD_SEARCH_SHAPE = {
  ...LIST_SEARCH_SHAPE,
  tab: oneOf(DASHBOARD_TABS),
  scope: oneOf(['mine', 'region'] as const),
};
export const DashboardSearchSchema = searchParser(DASHBOARD_SEARCH_SHAPE);
export type DashboardSearch = SearchOf<typeof DASHBOARD_SEARCH_SHAPE>;
