/**
 * Leave of staff (issue #14 item 3; §2.1 /createleave, /listingleave): a staff member's leave with its type, local
 * dates (both included), remark and status — requested, then approved or rejected by a manager (adminOrg) of the
 * staff member's region, never by the staff member themselves.
 *
 * A leave that meets a duty roster the person is on (a roster of a team they are a member of, whose dates meet the
 * leave, and from which they have not been released) carries that roster as a conflict. Approving such a leave says
 * what happens to those rosters: 'release' takes the person off them (duty_roster_absence; the roster stays),
 * 'keep' leaves them on it and the conflict stays visible.
 *
 * Dates travel as 'YYYY-MM-DD' (Asia/Brunei calendar days) and are shown dd-mm-yyyy.
 */
import { z } from 'zod';
import { calendarDate, withRange } from './dates';
import { MANAGE_BASE } from './paths';
import { LEAVE_MAX_DAYS, LEAVE_MESSAGES, LEAVE_STATUSES, LEAVE_TYPES, ROSTER_ACTIONS } from './leave-rules';
export * from './leave-rules';

export const LEAVE_REMARK_MAX = 500;

/** Inclusive number of calendar days of 'YYYY-MM-DD' from … to (zod-free arithmetic on the numbers). */
export function leaveDays(from: string, to: string): number {
  const ms = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((ms(to) - ms(from)) / 86_400_000) + 1;
}

const leaveTypeId = z
  .number({ error: LEAVE_MESSAGES.typeRequired })
  .int()
  .refine((k) => LEAVE_TYPES.some((t) => t.key === k), LEAVE_MESSAGES.type);

const StaffRefSchema = z.object({ pkStaffId: z.number().int(), displayName: z.string() });

/** A duty roster the person is on during the leave. */
export const LeaveConflictSchema = z.object({
  pkDutyRosterId: z.number().int(),
  dutyRosterName: z.string(),
  /** the roster's start date 'YYYY-MM-DD' */
  date: z.string(),
  /** the shift's name */
  shift: z.string(),
  startHour: z.string(),
  endHour: z.string(),
  sectionName: z.string(),
  teamName: z.string(),
});
export type LeaveConflict = z.infer<typeof LeaveConflictSchema>;

export const LeaveRowSchema = z.object({
  pkLeaveId: z.number().int(),
  pkStaffId: z.number().int(),
  staffNo: z.string(),
  displayName: z.string(),
  position: z.string(),
  pkSectionId: z.number().int(),
  sectionName: z.string(),
  regionName: z.string(),
  leaveTypeId: z.number().int(),
  leaveTypeName: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  days: z.number().int(),
  remark: z.string().nullable(),
  status: z.enum(LEAVE_STATUSES),
  approver: StaffRefSchema.nullable(),
  /** ISO instant of the approval or rejection */
  decidedAt: z.string().nullable(),
  createdBy: StaffRefSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** the rosters this leave meets (requested and approved leave; none for a rejected one) */
  conflicts: z.array(LeaveConflictSchema),
  /** the rosters the person was released from when this leave was approved */
  releasedRosterIds: z.array(z.number().int()),
});
export type LeaveRow = z.infer<typeof LeaveRowSchema>;

/** leave/dataTables and leave/csv filter; dateFrom–dateTo picks leave that meets that period. */
export const LeaveFilterSchema = withRange(
  z.object({
    pkStaffId: z.number().int().positive().optional(),
    pkSectionId: z.number().int().positive().optional(),
    /** national roles only narrow by it; a regional manager always gets its own region */
    pkRegionId: z.number().int().positive().optional(),
    status: z.enum(LEAVE_STATUSES).optional(),
    leaveTypeId: z.number().int().positive().optional(),
    dateFrom: calendarDate.optional(),
    dateTo: calendarDate.optional(),
    /** words of the staff member's name or staff number */
    text: z.string().trim().max(100).optional(),
    /** only leave that meets a roster the person is on */
    conflictsOnly: z.boolean().optional(),
  }),
  'dateFrom',
  'dateTo',
);
export type LeaveFilter = z.infer<typeof LeaveFilterSchema>;

/** leave/save: no id → a new requested leave; with an id → an edit of a leave that is still requested. */
export const LeaveSaveSchema = withRange(
  z.object({
    pkLeaveId: z.number().int().positive().optional(),
    pkStaffId: z.number({ error: LEAVE_MESSAGES.staff }).int().positive(LEAVE_MESSAGES.staff),
    leaveTypeId,
    dateFrom: calendarDate,
    dateTo: calendarDate,
    remark: z.string().trim().max(LEAVE_REMARK_MAX, `Catatan maksimum ${LEAVE_REMARK_MAX} aksara.`).optional().default(''),
  }),
  'dateFrom',
  'dateTo',
  LEAVE_MESSAGES.toBeforeFrom,
).refine((v) => !v.dateFrom || !v.dateTo || v.dateTo < v.dateFrom || leaveDays(v.dateFrom, v.dateTo) <= LEAVE_MAX_DAYS, {
  path: ['dateTo'],
  message: LEAVE_MESSAGES.tooLong,
});
export type LeaveSave = z.input<typeof LeaveSaveSchema>;

/** leave/decide: approve or reject a requested leave; rosterAction is required to approve one with conflicts. */
export const LeaveDecideSchema = z.object({
  pkLeaveId: z.number().int().positive(),
  decision: z.enum(['approved', 'rejected']),
  rosterAction: z.enum(ROSTER_ACTIONS).optional(),
});
export type LeaveDecide = z.infer<typeof LeaveDecideSchema>;

/** leave/delete: requested leave only; all or none. */
export const LeaveDeleteSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) });
export type LeaveDelete = z.infer<typeof LeaveDeleteSchema>;

/** leave/checkConflicts: what a leave of these dates would meet (the form shows it before saving). */
export const LeaveCheckSchema = withRange(
  z.object({
    pkStaffId: z.number().int().positive(),
    dateFrom: calendarDate,
    dateTo: calendarDate,
    /** the leave being edited: not counted as an overlap with itself */
    pkLeaveId: z.number().int().positive().optional(),
  }),
  'dateFrom',
  'dateTo',
  LEAVE_MESSAGES.toBeforeFrom,
);
export type LeaveCheck = z.infer<typeof LeaveCheckSchema>;

export const LeaveOverlapSchema = z.object({
  pkLeaveId: z.number().int(),
  leaveTypeName: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  status: z.enum(LEAVE_STATUSES),
});
export const LeaveCheckResultSchema = z.object({ conflicts: z.array(LeaveConflictSchema), overlapping: z.array(LeaveOverlapSchema) });
export type LeaveCheckResult = z.infer<typeof LeaveCheckResultSchema>;

/** leave/staffOptions: the active staff a manager may record leave for (its region), by name, number or section. */
export const LeaveStaffOptionsFilterSchema = z.object({
  pkSectionId: z.number().int().positive().optional(),
  text: z.string().trim().max(100).optional(),
  /** the one staff member of an edited leave (even when inactive) */
  pkStaffId: z.number().int().positive().optional(),
});
export type LeaveStaffOptionsFilter = z.infer<typeof LeaveStaffOptionsFilterSchema>;
export const LeaveStaffOptionSchema = z.object({
  pkStaffId: z.number().int(),
  staffNo: z.string(),
  displayName: z.string(),
  position: z.string(),
  pkSectionId: z.number().int(),
  sectionName: z.string(),
});
export type LeaveStaffOption = z.infer<typeof LeaveStaffOptionSchema>;
export const LEAVE_STAFF_OPTIONS_MAX = 50;

export const LEAVE_PATHS = {
  dataTables: `${MANAGE_BASE}/leave/dataTables`,
  csv: `${MANAGE_BASE}/leave/csv`,
  get: (id: number) => `${MANAGE_BASE}/leave/get/${id}`,
  getPattern: `${MANAGE_BASE}/leave/get/:id`,
  save: `${MANAGE_BASE}/leave/save`,
  decide: `${MANAGE_BASE}/leave/decide`,
  delete: `${MANAGE_BASE}/leave/delete`,
  checkConflicts: `${MANAGE_BASE}/leave/checkConflicts`,
  staffOptions: `${MANAGE_BASE}/leave/staffOptions`,
} as const;
