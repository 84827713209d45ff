import { PATHS } from '@contract/paths';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import type { z } from 'zod';
import type { DashboardFilter, DashboardItemsCountSchema, IncidentItemsCountSchema, IncidentListRow } from '@contract/incidents';
import type { DutyRosterRow } from '@contract/sections';
import { apiPost, dataTables } from '@/lib/api';

/**
 * The current shift's rosters of the user's region (the server scopes by the token's region): those covering now,
 * whatever their date (the night shift after midnight), and those of the shift date (issue #29).
 */
export const currentRostersCall = (shiftDate: string) =>
  dataTables<DutyRosterRow>(PATHS.dutyRosterDataTables, { date: shiftDate, current: true }, { length: 500, start: 0 }) as Promise<
    DataTablesResult<DutyRosterRow>
  >;

/** manage/dashboard/dataTables (§7.3): the open cases (210 and 202 hidden by the server unless searchAllStatus). */
export const dashboardIncidentsCall = (filter: DashboardFilter, q: Partial<DataTablesQuery>) =>
  dataTables<IncidentListRow>(PATHS.dashboardDataTables, filter, q) as Promise<DataTablesResult<IncidentListRow>>;

export type GroupCounts = z.infer<typeof DashboardItemsCountSchema>;
export type CategoryCounts = z.infer<typeof IncidentItemsCountSchema>;

/** dashboard/getDashboardItemsCount: cases per status group and status. */
export const groupCountsCall = (filter: DashboardFilter) => apiPost<GroupCounts>(PATHS.dashboardItemsCount, filter);
/** dashboard/getIncidentItemsCount: cases per event type. */
export const categoryCountsCall = (filter: DashboardFilter) => apiPost<CategoryCounts>(PATHS.dashboardIncidentCount, filter);
