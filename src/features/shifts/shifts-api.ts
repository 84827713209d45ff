/** Calls of the shifts administration (contract/shifts.ts SHIFT_PATHS); writes through the outbox (adminWrite). */
import type { QueryClient } from '@tanstack/react-query';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import { SHIFT_PATHS, type ShiftDeleteResult, type ShiftFilter, type ShiftRow, type ShiftSave } from '@contract/shifts';
import { apiGet, dataTables } from '@/lib/api';
import { adminWrite } from '@/ui/admin/admin-api';
import { historyKey } from '@/ui/admin/change-history';

export const SHIFTS_KEY = 'admin-shifts';

export const shiftsCall = (filter: ShiftFilter, q: Partial<DataTablesQuery>) =>
  dataTables<ShiftRow>(SHIFT_PATHS.dataTables, filter, q) as Promise<DataTablesResult<ShiftRow>>;
export const shiftCall = (id: number) => apiGet<ShiftRow>(SHIFT_PATHS.get(id));

export const saveShiftCall = (body: ShiftSave, label: string) =>
  adminWrite<ShiftRow>('admin.shift.save', label, SHIFT_PATHS.save, body, body.pkShiftId ? `shift:${body.pkShiftId}` : undefined);
export const deleteShiftCall = (id: number, label: string) =>
  adminWrite<ShiftDeleteResult>('admin.shift.delete', label, SHIFT_PATHS.delete, { pkShiftId: id }, `shift:${id}`);

export async function refreshShifts(queryClient: QueryClient, id?: number) {
  await queryClient.invalidateQueries({ queryKey: [SHIFTS_KEY] });
  if (id) await queryClient.invalidateQueries({ queryKey: historyKey('shift', id) });
}
