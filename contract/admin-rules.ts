import { MANAGE_BASE } from './paths';

/**
 * Zod-free constants of the administration kit (issue #14), for the PWA's shell and route files (the schema module
 * contract/admin.ts would bring zod into the first load).
 */

/** Page sizes an admin list offers; §9 names the larger ones its calls use (staff 3000, vehicles 5000). */
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;

/** A CSV export carries at most this many rows (server/lib/data-table.ts CSV_EXPORT_MAX_ROWS says the same). */
export const CSV_EXPORT_MAX = 50_000;

/** The records whose history is kept (admin_change.entity). */
export const CHANGE_ENTITIES = [
  'staff',
  'user',
  'leave',
  'team',
  'teamMember',
  'teamSchedule',
  'shift',
  'ronda',
  'checkpoint',
  'roster',
  'vehicle',
  'callsign',
  'asset',
  'checklistMaster',
  'vehicleModel',
  /** a photo (issue #19): each upload and deletion with its SHA-256 */
  'attachment',
] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

export const ADMIN_PATHS = {
  /** the history of one record: GET …/adminChange/get/{entity}/{id} */
  history: (entity: ChangeEntity, id: number) => `${MANAGE_BASE}/adminChange/get/${entity}/${id}`,
  historyPattern: `${MANAGE_BASE}/adminChange/get/:entity/:id`,
} as const;
