/**
 * Shifts (issue #14 item 5; §2.1 /listingshift, /createupdateshift; §7.5 namasyifid getByJenisRosterId).
 *
 * A shift has a name, a category (shiftCategory lookup key), start and end hours 'HH:MM' in local time, a roster
 * type (jenisRoster lookup key) and an active flag. A night shift crosses midnight: an end hour before the start
 * hour means the next day (19:00–07:00). Equal start and end hours are refused.
 *
 * Shifts are shared by every region: everyone who works with rosters reads them (readOrg); only the national roles
 * write them (adminShifts: OPSMGMT, SUPERADMIN). A shift used by duty rosters or team schedules is deactivated,
 * never deleted; rosters keep the hours they were made with.
 */
import { z } from 'zod';
import { LookupItemSchema } from './envelope';
import { MANAGE_BASE } from './paths';
import { SHIFT_MESSAGES, SHIFT_NAME_MAX } from './shifts-rules';
export * from './shifts-rules';

/** 'HH:MM', 00:00–23:59. */
export const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A night shift: the end hour is before the start hour, so it ends the next day. */
export const crossesMidnight = (startHour: string, endHour: string) => minutesOf(endHour) < minutesOf(startHour);

/** Length of a shift in minutes (a night shift counts on into the next day). */
export function shiftMinutes(startHour: string, endHour: string): number {
  const d = minutesOf(endHour) - minutesOf(startHour);
  return d > 0 ? d : d + 24 * 60;
}

const hour = z.string().regex(HOUR_PATTERN, SHIFT_MESSAGES.hour);

/** shift/save: no id → a new shift (id max+1); with an id → an edit. */
export const ShiftSaveSchema = z
  .object({
    pkShiftId: z.number().int().positive().optional(),
    name: z.string().trim().min(1, SHIFT_MESSAGES.name).max(SHIFT_NAME_MAX, SHIFT_MESSAGES.nameLong),
    /** shiftCategory lookup key */
    categoryId: z.number({ error: SHIFT_MESSAGES.category }).int().positive(SHIFT_MESSAGES.category),
    startHour: hour,
    endHour: hour,
    /** jenisRoster lookup key */
    jenisRosterId: z.number({ error: SHIFT_MESSAGES.jenisRoster }).int().positive(SHIFT_MESSAGES.jenisRoster),
    isActive: z.boolean().optional().default(true),
  })
  .refine((v) => !HOUR_PATTERN.test(v.startHour) || !HOUR_PATTERN.test(v.endHour) || v.startHour !== v.endHour, {
    path: ['endHour'],
    message: SHIFT_MESSAGES.sameHours,
  });
export type ShiftSave = z.input<typeof ShiftSaveSchema>;

export const ShiftRowSchema = z.object({
  pkShiftId: z.number().int(),
  name: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  startHour: z.string(),
  endHour: z.string(),
  /** ends the next day */
  crossesMidnight: z.boolean(),
  durationMinutes: z.number().int(),
  jenisRosterId: z.number().int().nullable(),
  jenisRosterName: z.string().nullable(),
  isActive: z.boolean(),
  /** duty rosters and team schedules made with this shift (a used shift is deactivated, not deleted) */
  rosterCount: z.number().int(),
  scheduleCount: z.number().int(),
});
export type ShiftRow = z.infer<typeof ShiftRowSchema>;

export const ShiftFilterSchema = z.object({
  /** words of the name */
  text: z.string().trim().max(100).optional(),
  categoryId: z.number().int().positive().optional(),
  jenisRosterId: z.number().int().positive().optional(),
  isActive: z.boolean().optional(),
});
export type ShiftFilter = z.infer<typeof ShiftFilterSchema>;

export const ShiftDeleteSchema = z.object({ pkShiftId: z.number().int().positive() });
export const ShiftDeleteResultSchema = z.object({ pkShiftId: z.number().int(), outcome: z.enum(['deleted', 'deactivated']) });
export type ShiftDeleteResult = z.infer<typeof ShiftDeleteResultSchema>;

/** namasyifid/getByJenisRosterId/{id}: the active shifts of a roster type as lookup items, with their hours. */
export const NamaSyifItemSchema = LookupItemSchema.extend({
  startHour: z.string(),
  endHour: z.string(),
  categoryId: z.number().int().nullable(),
  crossesMidnight: z.boolean(),
});
export type NamaSyifItem = z.infer<typeof NamaSyifItemSchema>;

/** §9: shifts are listed 50 a page. */
export const SHIFT_PAGE_SIZE = 50;

export const SHIFT_PATHS = {
  dataTables: `${MANAGE_BASE}/shift/dataTables`,
  get: (id: number) => `${MANAGE_BASE}/shift/get/${id}`,
  getPattern: `${MANAGE_BASE}/shift/get/:id`,
  save: `${MANAGE_BASE}/shift/save`,
  delete: `${MANAGE_BASE}/shift/delete`,
  byJenisRoster: (jenisRosterId: number) => `${MANAGE_BASE}/namasyifid/getByJenisRosterId/${jenisRosterId}`,
  byJenisRosterPattern: `${MANAGE_BASE}/namasyifid/getByJenisRosterId/:id`,
} as const;
