import * as z from 'zod/mini';
import { LIST_SEARCH_SHAPE } from '@/lib/incident-list';

export const DASHBOARD_TABS = ['insiden', 'jadual'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/**
 * Search params of `/`: the tab, the incident filters of §7.3 with paging and sorting, and for a patrol whether it
 * sees its own cases (the default) or its region's.
 */
export const DashboardSearchSchema = z.object({
  ...LIST_SEARCH_SHAPE,
  tab: z.catch(z.optional(z.enum(DASHBOARD_TABS)), undefined),
  scope: z.catch(z.optional(z.enum(['mine', 'region'])), undefined),
});
export type DashboardSearch = z.infer<typeof DashboardSearchSchema>;
