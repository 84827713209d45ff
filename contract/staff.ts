/**
 * Staff administration (issue #14 item 1; §3.11, §7.1 staff/…): the staff list (dataTables: active staff;
 * dataTablesAllStatus: every status), one staff member (get: active only; getAllStatus), create (createstaff), edit
 * (save), the position and the user's role (updatestaffroles), delete (an array of ids: a staff member with history
 * is deactivated, never erased), the CSV of the filtered list, and the bulk onboarding from a CSV file (import
 * preview, then commit: all rows or none).
 *
 * Who: the managers (adminOrg: SECTMGR, REGIONMGMT, OPSMGMT, SUPERADMIN) within their region; staff/dataTables is
 * also a plain read for everyone who works with rosters (readOrg), without personal data (NRIC, phone, e-mail).
 */
import { z } from 'zod';
import { MANAGE_BASE } from './paths';
import { STAFF_MESSAGES } from './staff-rules';
export * from './staff-rules';

export const STAFF_PATHS = {
  dataTables: `${MANAGE_BASE}/staff/dataTables`,
  dataTablesAllStatus: `${MANAGE_BASE}/staff/dataTablesAllStatus`,
  get: (id: number) => `${MANAGE_BASE}/staff/get/${id}`,
  getPattern: `${MANAGE_BASE}/staff/get/:id`,
  getAllStatus: (id: number) => `${MANAGE_BASE}/staff/getAllStatus/${id}`,
  getAllStatusPattern: `${MANAGE_BASE}/staff/getAllStatus/:id`,
  create: `${MANAGE_BASE}/staff/createstaff`,
  save: `${MANAGE_BASE}/staff/save`,
  updateRoles: `${MANAGE_BASE}/staff/updatestaffroles`,
  delete: `${MANAGE_BASE}/staff/delete`,
  csv: `${MANAGE_BASE}/staff/csv`,
  /** the choices of the forms and filters: sections in the caller's region (no G sections, §5), positions in use */
  choices: `${MANAGE_BASE}/staff/choices`,
  importPreview: `${MANAGE_BASE}/staff/import/preview`,
  importCommit: `${MANAGE_BASE}/staff/import/commit`,
} as const;

// ------------------------------------------------------------------------------------------------ messages

// ------------------------------------------------------------------------------------------------ field rules

/** NRIC: 12 digits, written plain or as yymmdd-pb-nnnn; stored as yymmdd-pb-nnnn. */
export const NRIC_PATTERN = /^\d{6}-?\d{2}-?\d{4}$/;
export const STAFF_NO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/-]{0,29}$/;
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** yymmdd-pb-nnnn, or null when the text is not 12 digits (with or without the dashes). */
export function normaliseNric(text: string): string | null {
  const t = text.trim();
  if (!NRIC_PATTERN.test(t)) return null;
  const d = t.replace(/-/g, '');
  return `${d.slice(0, 6)}-${d.slice(6, 8)}-${d.slice(8)}`;
}
/** Staff numbers are kept upper case (PLS12345). */
export const normaliseStaffNo = (text: string) => text.trim().toUpperCase();

const optionalText = (max: number, pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((v) => v === '' || pattern.test(v), message)
    .nullable()
    .optional();

/** The profile of §7.1 (display name, position, NRIC, phone, e-mail) plus the staff number. */
export const StaffProfileInputSchema = z.object({
  staffNo: z.string().trim().min(1, STAFF_MESSAGES.staffNo).max(30, STAFF_MESSAGES.staffNo).regex(STAFF_NO_PATTERN, STAFF_MESSAGES.staffNo),
  displayName: z.string().trim().min(1, STAFF_MESSAGES.displayName).max(150, STAFF_MESSAGES.displayName),
  position: z.string().trim().min(1, STAFF_MESSAGES.position).max(100, STAFF_MESSAGES.position),
  nric: z.string().trim().regex(NRIC_PATTERN, STAFF_MESSAGES.nric),
  phone: optionalText(20, PHONE_PATTERN, STAFF_MESSAGES.phone),
  email: optionalText(150, EMAIL_PATTERN, STAFF_MESSAGES.email),
});

/** staff/createstaff: staffNo, institutionId, moduleId (§7.1 form data) plus the profile and the section. */
export const StaffCreateSchema = StaffProfileInputSchema.extend({
  pkSectionId: z.number({ error: STAFF_MESSAGES.section }).int().positive(STAFF_MESSAGES.section),
  institutionId: z.number().int().positive().nullable().optional(),
  moduleId: z.number().int().positive().nullable().optional(),
});
export type StaffCreate = z.input<typeof StaffCreateSchema>;

/** staff/save: an edit of one staff member (every field of createstaff; isActive to reactivate or deactivate). */
export const StaffSaveSchema = StaffCreateSchema.extend({
  pkStaffId: z.number().int().positive(),
  isActive: z.boolean().optional(),
});
export type StaffSave = z.input<typeof StaffSaveSchema>;

/** staff/updatestaffroles: the position and, when the staff member has a user account, its role. */
export const StaffRolesSchema = z
  .object({
    pkStaffId: z.number().int().positive(),
    position: z.string().trim().min(1, STAFF_MESSAGES.position).max(100, STAFF_MESSAGES.position).optional(),
    pkRoleId: z.number().int().positive().optional(),
  })
  .refine((v) => v.position !== undefined || v.pkRoleId !== undefined, { message: 'Nyatakan jawatan atau peranan', path: ['position'] });
export type StaffRoles = z.input<typeof StaffRolesSchema>;

/** staff/delete: an array of ids (§7.1). */
export const StaffDeleteSchema = z
  .array(z.number().int().positive())
  .min(1, 'Pilih sekurang-kurangnya satu staf')
  .max(500, 'Maksimum 500 staf satu kali');

export const StaffDeleteResultSchema = z.object({
  /** erased: no roster, case, journal or other history */
  deleted: z.array(z.number().int()),
  /** kept as inactive (with their user account) because they have history */
  deactivated: z.array(z.object({ pkStaffId: z.number().int(), reasons: z.array(z.string()) })),
});
export type StaffDeleteResult = z.infer<typeof StaffDeleteResultSchema>;

// ------------------------------------------------------------------------------------------------ answers

export const StaffSectionSchema = z.object({
  pkSectionId: z.number().int(),
  sectionName: z.string(),
  description: z.string(),
  regionId: z.number().int(),
  regionCode: z.string(),
  regionName: z.string(),
});
export type StaffSection = z.infer<typeof StaffSectionSchema>;

export const StaffUserSchema = z.object({
  /** app user id */
  userId: z.number().int(),
  username: z.string(),
  pkRoleId: z.number().int(),
  roleName: z.string(),
  isActive: z.boolean(),
});

/** One staff member (staff/get, getAllStatus): §7.1 "body with pkStaffId and profile". */
export const StaffSchema = z.object({
  pkStaffId: z.number().int(),
  pkSectionId: z.number().int(),
  profile: z.object({
    displayName: z.string(),
    position: z.string(),
    staffNo: z.string(),
    nric: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  section: StaffSectionSchema,
  institutionId: z.number().int().nullable(),
  moduleId: z.number().int().nullable(),
  isActive: z.boolean(),
  /** the staff member's sign-in account, if any */
  user: StaffUserSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Staff = z.infer<typeof StaffSchema>;

/** A list row (§3.11 Staff: pkStaffId, profile.displayName, profile.position, pkSectionId), no personal data. */
export const StaffRowSchema = z.object({
  pkStaffId: z.number().int(),
  staffNo: z.string(),
  profile: z.object({ displayName: z.string(), position: z.string() }),
  pkSectionId: z.number().int(),
  sectionName: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  /** the sign-in account's username, null when the staff member has none */
  username: z.string().nullable(),
  roleName: z.string().nullable(),
  isActive: z.boolean(),
});
export type StaffRow = z.infer<typeof StaffRowSchema>;

// ------------------------------------------------------------------------------------------------ filters

const filterText = (max: number) => z.string().trim().max(max).optional();

/** staff/dataTables (§7.1): active staff; pkCompanyId is accepted (the fixed company of §9) and not used. */
export const StaffFilterSchema = z.object({
  pkCompanyId: z.number().int().nonnegative().optional(),
  pkSectionId: z.number().int().positive().optional(),
  position: filterText(100),
  /** the username (§7.1 "userId (username)") */
  userId: filterText(100),
  /** words of the name, staff number or username */
  search: filterText(100),
  /** only staff without a user account (user registration picks from these) */
  withoutUser: z.boolean().optional(),
});
export type StaffFilter = z.input<typeof StaffFilterSchema>;

/** staff/dataTablesAllStatus (§7.1): regionCode, pkSectionId, username, position; active and inactive. */
export const StaffAllStatusFilterSchema = z.object({
  regionCode: filterText(20),
  pkSectionId: z.number().int().positive().optional(),
  username: filterText(100),
  position: filterText(100),
  search: filterText(100),
  /** true: active only; false: inactive only; absent: both */
  isActive: z.boolean().optional(),
});
export type StaffAllStatusFilter = z.input<typeof StaffAllStatusFilterSchema>;

/** The columns a staff list may be sorted by (orderColumn). */
export const STAFF_SORT_COLUMNS = ['staffNo', 'displayName', 'position', 'sectionName', 'regionName', 'username', 'isActive'] as const;

export const StaffChoicesSchema = z.object({
  sections: z.array(StaffSectionSchema),
  positions: z.array(z.string()),
  /** the roles the caller may give a user through updatestaffroles */
  roles: z.array(z.object({ pkRoleId: z.number().int(), roleName: z.string(), label: z.string() })),
});
export type StaffChoices = z.infer<typeof StaffChoicesSchema>;

// ------------------------------------------------------------------------------------------------ CSV import

/** The columns of an import file (header names, any case); phone and email may be empty. */
export const STAFF_IMPORT_COLUMNS = ['staffNo', 'displayName', 'position', 'nric', 'phone', 'email', 'section'] as const;
export type StaffImportColumn = (typeof STAFF_IMPORT_COLUMNS)[number];
export const STAFF_IMPORT_MAX_ROWS = 5000;
/** the largest file the import takes (base64 in JSON: the route's body limit is a third more) */
export const STAFF_IMPORT_MAX_BYTES = 6 * 1024 * 1024;

/** An import file: JSON with the file's bytes in base64 (the JSON conventions of the outbox). */
export const StaffImportFileSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  fileContent: z
    .string()
    .min(1, 'Fail kosong')
    .max(Math.ceil(STAFF_IMPORT_MAX_BYTES / 3) * 4, 'Fail terlalu besar (maksimum 6 MB)')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Kandungan fail mesti base64'),
});
export type StaffImportFile = z.infer<typeof StaffImportFileSchema>;

export const StaffImportIssueSchema = z.object({ field: z.string(), message: z.string() });

export const StaffImportRowSchema = z.object({
  /** 1-based line in the file (the header is line 1) */
  line: z.number().int(),
  values: z.record(z.string(), z.string()),
  /** the section the code names, when known */
  pkSectionId: z.number().int().nullable(),
  issues: z.array(StaffImportIssueSchema),
});
export type StaffImportRow = z.infer<typeof StaffImportRowSchema>;

export const StaffImportPreviewSchema = z.object({
  fileName: z.string(),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  rows: z.array(StaffImportRowSchema),
});
export type StaffImportPreview = z.infer<typeof StaffImportPreviewSchema>;

export const StaffImportResultSchema = z.object({
  created: z.number().int(),
  pkStaffIds: z.array(z.number().int()),
});
export type StaffImportResult = z.infer<typeof StaffImportResultSchema>;
