/**
 * Calls of the leave administration (contract/leave.ts LEAVE_PATHS). Reads go straight to the server (TanStack
 * Query); writes go through the outbox like every write of the portal (src/ui/admin/admin-api.ts adminWrite).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import {
  LEAVE_PATHS,
  type LeaveCheck,
  type LeaveCheckResult,
  type LeaveDecide,
  type LeaveFilter,
  type LeaveRow,
  type LeaveSave,
  type LeaveStaffOption,
  type LeaveStaffOptionsFilter,
} from '@contract/leave';
import { apiGet, apiPost, dataTables } from '@/lib/api';
import { adminWrite, downloadCsv } from '@/ui/admin/admin-api';
import { historyKey } from '@/ui/admin/change-history';

export const LEAVE_KEY = 'admin-leave';

export const leavesCall = (filter: LeaveFilter, q: Partial<DataTablesQuery>) =>
  dataTables<LeaveRow>(LEAVE_PATHS.dataTables, filter, q) as Promise<DataTablesResult<LeaveRow>>;
export const leaveCall = (id: number) => apiGet<LeaveRow>(LEAVE_PATHS.get(id));
export const checkLeaveCall = (body: LeaveCheck) => apiPost<LeaveCheckResult>(LEAVE_PATHS.checkConflicts, body);
export const staffOptionsCall = (filter: LeaveStaffOptionsFilter) => apiPost<LeaveStaffOption[]>(LEAVE_PATHS.staffOptions, filter);

export const saveLeaveCall = (body: LeaveSave, label: string) =>
  adminWrite<LeaveRow>('admin.leave.save', label, LEAVE_PATHS.save, body, body.pkLeaveId ? `leave:${body.pkLeaveId}` : undefined);
export const decideLeaveCall = (body: LeaveDecide, label: string) =>
  adminWrite<LeaveRow>('admin.leave.decide', label, LEAVE_PATHS.decide, body, `leave:${body.pkLeaveId}`);
export const deleteLeaveCall = (id: number, label: string) =>
  adminWrite<{ deleted: number[] }>('admin.leave.delete', label, LEAVE_PATHS.delete, { ids: [id] }, `leave:${id}`);

export const downloadLeaveCsv = (filter: LeaveFilter, q: Partial<DataTablesQuery>) => downloadCsv(LEAVE_PATHS.csv, filter, q, 'cuti.csv');

/** After a write: the lists, the record and its history are read again. */
export async function refreshLeave(queryClient: QueryClient, id?: number) {
  await queryClient.invalidateQueries({ queryKey: [LEAVE_KEY] });
  if (id) await queryClient.invalidateQueries({ queryKey: historyKey('leave', id) });
}
