/**
 * The administration kit's shared half (issues #14, #15, #16): the change history every administrative record
 * carries, the list conventions the admin screens use, and the paths common to every area. Each area keeps its own
 * schemas and paths in its own contract module (contract/staff.ts, contract/users.ts, …).
 */
import { z } from 'zod';
import { CHANGE_ENTITIES } from './admin-rules';

export { ADMIN_PATHS, CHANGE_ENTITIES, type ChangeEntity } from './admin-rules';

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

export { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_PAGE_SIZES, CSV_EXPORT_MAX } from './admin-rules';
