import { PATHS } from '@contract/paths';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import type { DashboardFilter, Incident, IncidentListRow } from '@contract/incidents';
import { apiGet, dataTables } from '@/lib/api';

/** manage/dashboard/dataTables with searchAllStatus (Tutup and Batal included, §7.3). */
export const casesCall = (filter: DashboardFilter, q: Partial<DataTablesQuery>) =>
  dataTables<IncidentListRow>(PATHS.dashboardDataTables, { ...filter, searchAllStatus: true }, q) as Promise<DataTablesResult<IncidentListRow>>;

/** incident/getByTicketNumber/{ticket}: the case with exactly that ticket number (404 when none). */
export const caseByTicketCall = (ticket: string) => apiGet<Incident>(PATHS.incidentByTicket(ticket));
