/**
 * TMC logsheet (§2.17, §3.10, §4.7, §7.5 tmcLogSheet: dataTables, save, csv).
 *
 * The region travels as `pkRegionId` (the key of the 'region' lookup and of the user's section.region.key): a number
 * the client already holds for its own region and in the lookup list; rows also carry `regionCode` (§3.10) and the
 * region's name for display.
 */
import { z } from 'zod';
import { LOGSHEET_REMARKS_MAX } from './logsheet-rules';
import { calendarDate, instant, withRange } from './dates';

export const TMC_LOGSHEET_TO_BEFORE_FROM = "Masa 'To' tidak boleh sebelum masa 'From'.";

/** tmcLogSheet/save: no id → a new logsheet of the caller; with an id → an edit (within a day of creation). */
export const TmcLogsheetSaveSchema = withRange(
  z.object({
    pkTmcLogsheetId: z.number().int().positive().optional(),
    /** the region (lookup key); defaults to the caller's region on a new logsheet; cannot change on an edit */
    pkRegionId: z.number().int().positive().optional(),
    from: instant,
    to: instant,
    remarks: z.string().max(LOGSHEET_REMARKS_MAX, `Catatan maksimum ${LOGSHEET_REMARKS_MAX} aksara`).default(''),
  }),
  'from',
  'to',
  TMC_LOGSHEET_TO_BEFORE_FROM,
);
export type TmcLogsheetSave = z.input<typeof TmcLogsheetSaveSchema>;

const StaffRefSchema = z.object({ pkStaffId: z.number().int(), displayName: z.string() });

/** A listed logsheet (§3.10). `date` 'YYYY-MM-DD' and `time` 'HH:mm:ss' are the creation time in Asia/Brunei. */
export const TmcLogsheetRowSchema = z.object({
  pkTmcLogsheetId: z.number().int(),
  staffId: z.number().int(),
  pkRegionId: z.number().int(),
  regionCode: z.string(),
  regionName: z.string(),
  date: z.string(),
  time: z.string(),
  from: z.string(),
  to: z.string(),
  remarks: z.string(),
  createdBy: StaffRefSchema,
  createdDate: z.string(),
  modifiedBy: StaffRefSchema.nullable(),
  modifiedDate: z.string().nullable(),
  /** one day after creation (§4.7) */
  editableUntil: z.string(),
});
export type TmcLogsheetRow = z.infer<typeof TmcLogsheetRowSchema>;

/**
 * Filter of dataTables and csv. Dates are Asia/Brunei calendar days on From (inclusive both ends). A user who does
 * not see every region always gets its own region, whatever pkRegionId says.
 */
export const TmcLogsheetFilterSchema = withRange(
  z.object({
    pkRegionId: z.number().int().positive().optional(),
    dateFrom: calendarDate.optional(),
    dateTo: calendarDate.optional(),
    /** words in the remarks (case-insensitive) */
    text: z.string().trim().max(200).optional(),
    /** the creator's staff id */
    createdBy: z.number().int().positive().optional(),
  }),
  'dateFrom',
  'dateTo',
);
export type TmcLogsheetFilter = z.infer<typeof TmcLogsheetFilterSchema>;
