/**
 * The administration kit's shared half (issues #14, #15, #16): the change history every administrative record
 * carries, the list conventions the admin screens use, and the paths common to every area. Each area keeps its own
 * schemas and paths in its own contract module (contract/staff.ts, contract/users.ts, …).
 */
import { z } from 'zod';
import { MANAGE_BASE } from './paths';

/** The records whose history is kept (admin_change.entity). */
export const CHANGE_ENTITIES = ['staff', 'user', 'leave', 'team', 'teamMember', 'teamSchedule', 'shift', 'ronda', 'checkpoint', 'roster', 'vehicle', 'callsign', 'asset', 'checklistMaster'] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

export const ChangeRecordSchema = z.object({
  pkChangeId: z.number().int(),
  action: z.enum(['create', 'update', 'delete', 'deactivate', 'activate', 'import']),
  /** ISO instant */
  at: z.string(),
  by: z.object({ pkStaffId: z.number().int(), displayName: z.string() }),
  changes: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })),
});
export type ChangeRecord = z.infer<typeof ChangeRecordSchema>;

export const ChangeHistoryParamsSchema = z.object({ entity: z.enum(CHANGE_ENTITIES), id: z.coerce.number().int().positive() });

export const ADMIN_PATHS = {
  /** the history of one record: GET …/adminChange/get/{entity}/{id} */
  history: (entity: ChangeEntity, id: number) => `${MANAGE_BASE}/adminChange/get/${entity}/${id}`,
  historyPattern: `${MANAGE_BASE}/adminChange/get/:entity/:id`,
} as const;

/** Page sizes an admin list offers; §9 names the larger ones its calls use (staff 3000, vehicles 5000). */
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;

/** A CSV export carries at most this many rows (server/lib/data-table.ts CSV_EXPORT_MAX_ROWS says the same). */
export const CSV_EXPORT_MAX = 50_000;
