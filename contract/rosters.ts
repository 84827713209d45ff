/**
 * Duty rosters (issue #15 item 1 and the staffing view): the schemas of dutyroster/save|portal/save|get|delete|
 * getActivePrDetails|formOptions|generateMonth, dutyRosterView/dataTables|staffing, rosterRoles, devicenoid and
 * hpnosection. Paths, constants, messages and the rules in words are in the zod-free contract/rosters-rules.ts.
 */
import { z } from 'zod';
import { calendarDate } from './dates';
import { DataTablesQuerySchema, dataTablesBody } from './envelope';
import { VehicleLocationSchema } from './maps';
import {
  CONFLICT_CODES,
  GENERATE_OUTCOMES,
  ROSTER_LIFECYCLES,
  ROSTER_MEMBERS_MAX,
  ROSTER_MESSAGES,
  ROSTER_MONTH_PAGE_MAX,
  ROSTER_REMARK_MAX,
  ROSTER_ROLE_IDS,
  dmyToIso,
} from './rosters-rules';

export * from './rosters-rules';

const id = (what: string) =>
  z
    .number({ error: `Sila pilih ${what}.` })
    .int(`${what} tidak sah.`)
    .positive(`Sila pilih ${what}.`);
const optionalId = (what: string) =>
  z
    .number({ error: `${what} tidak sah.` })
    .int(`${what} tidak sah.`)
    .positive(`${what} tidak sah.`)
    .nullable()
    .default(null);
const hour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Masa mesti HH:mm (24 jam).');
const month = z.string().regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, ROSTER_MESSAGES.month);

export const RosterLifecycleSchema = z.enum(ROSTER_LIFECYCLES);
export const RosterStatusSchema = z.enum(['upcoming', 'active', 'ended']);

// ------------------------------------------------------------------------------------------------ save

export const RosterMemberInputSchema = z.object({
  staffId: id('kakitangan'),
  rosterRoleId: z
    .number({ error: 'Sila pilih peranan.' })
    .int()
    .refine((k) => ROSTER_ROLE_IDS.includes(k), 'Peranan dalam jadual tugas tidak sah.'),
});
export type RosterMemberInput = z.infer<typeof RosterMemberInputSchema>;

const members = z
  .array(RosterMemberInputSchema)
  .max(ROSTER_MEMBERS_MAX, `Maksimum ${ROSTER_MEMBERS_MAX} ahli satu jadual tugas.`)
  .refine((m) => new Set(m.map((x) => x.staffId)).size === m.length, 'Kakitangan yang sama dipilih lebih daripada sekali.')
  .optional();

const saveFields = {
  /** absent: a new roster */
  pkDutyRosterId: z.number().int().positive().optional(),
  sectionId: id('seksyen'),
  /** jenisRoster lookup key; the shift's own type when not given */
  jenisRosterId: optionalId('Jenis roster'),
  /** namaSyif: the shift */
  shiftId: id('syif'),
  teamId: id('pasukan'),
  /** HH:mm, Asia/Brunei; the shift's hours when not given */
  startHour: hour.nullable().default(null),
  endHour: hour.nullable().default(null),
  vehicleId: optionalId('Kenderaan'),
  deviceNoId: optionalId('No. peranti'),
  hpNoSectionId: optionalId('No. telefon seksyen'),
  /** the people and their dutyRosterRoles role; absent or empty: the team's members (roles from their positions) */
  members,
  remark: z.string().trim().max(ROSTER_REMARK_MAX, `Catatan maksimum ${ROSTER_REMARK_MAX} aksara.`).nullable().default(null),
  statusAlert: z.boolean().default(false),
  /** required when editing: the version read (409 when another change came first) */
  version: z.number().int().positive().optional(),
};

/**
 * dutyroster/save and dutyroster/portal/save: dates 'YYYY-MM-DD' (the form enters dd/mm/yyyy and converts, §5).
 * Without endDate a shift ending at or before its start hour ends the next day.
 */
export const RosterSaveSchema = z
  .object({
    ...saveFields,
    startDate: calendarDate,
    endDate: calendarDate.nullable().default(null),
  })
  .refine((v) => !v.endDate || v.endDate >= v.startDate, { path: ['endDate'], message: ROSTER_MESSAGES.endBeforeStart })
  .refine((v) => !v.pkDutyRosterId || v.version !== undefined, { path: ['version'], message: ROSTER_MESSAGES.versionRequired });
export type RosterSave = z.input<typeof RosterSaveSchema>;
export type RosterSaveParsed = z.output<typeof RosterSaveSchema>;

const dmyDate = (what: string) =>
  z
    .string({ error: `Sila isi ${what}.` })
    .trim()
    .min(1, `Sila isi ${what}.`)
    .refine((s) => dmyToIso(s) !== null, `${what} mesti hh/bb/tttt (cth. 22/11/2026).`)
    .transform((s) => dmyToIso(s)!);

/**
 * The roster form (§5): dates typed as dd/mm/yyyy, sent as YYYY-MM-DD; an empty end date means "by the shift".
 * Its output is the body of dutyroster/save.
 */
export const RosterFormSchema = z
  .object({
    ...saveFields,
    startDate: dmyDate('Tarikh mula'),
    endDate: z
      .string()
      .trim()
      .refine((s) => s === '' || dmyToIso(s) !== null, 'Tarikh tamat mesti hh/bb/tttt (cth. 22/11/2026).')
      .transform((s) => (s === '' ? null : dmyToIso(s)!)),
    startHour: hour.or(z.literal('')).transform((s) => (s === '' ? null : s)),
    endHour: hour.or(z.literal('')).transform((s) => (s === '' ? null : s)),
    members: z.array(RosterMemberInputSchema).min(1, ROSTER_MESSAGES.noMembers).max(ROSTER_MEMBERS_MAX),
  })
  .refine((v) => !v.endDate || v.endDate >= v.startDate, { path: ['endDate'], message: ROSTER_MESSAGES.endBeforeStart });
export type RosterFormValues = z.input<typeof RosterFormSchema>;

// ------------------------------------------------------------------------------------------------ reads

export const RosterPersonSchema = z.object({
  pkStaffId: z.number().int(),
  staffNo: z.string(),
  displayName: z.string(),
  position: z.string(),
  /** dutyRosterRoles key; for a roster without member rows, the default of the position */
  rosterRoleId: z.number().int().nullable(),
  rosterRoleName: z.string().nullable(),
});
export type RosterPerson = z.infer<typeof RosterPersonSchema>;

export const RosterDetailSchema = z.object({
  pkDutyRosterId: z.number().int(),
  dutyRosterName: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  regionId: z.number().int(),
  regionName: z.string(),
  jenisRosterId: z.number().int().nullable(),
  jenisRosterName: z.string().nullable(),
  shiftId: z.number().int(),
  shiftName: z.string(),
  teamId: z.number().int(),
  teamName: z.string(),
  /** local (Asia/Brunei) dates 'YYYY-MM-DD' and hours 'HH:mm' */
  startDate: z.string(),
  endDate: z.string(),
  startHour: z.string(),
  endHour: z.string(),
  /** ISO instants */
  startsAt: z.string(),
  endsAt: z.string(),
  vehicleId: z.number().int().nullable(),
  plateNumber: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  vehicleActive: z.boolean().nullable(),
  callSign: z.string().nullable(),
  deviceNoId: z.number().int().nullable(),
  deviceNo: z.string().nullable(),
  hpNoSectionId: z.number().int().nullable(),
  phoneNo: z.string().nullable(),
  remark: z.string().nullable(),
  statusAlert: z.boolean(),
  version: z.number().int(),
  members: z.array(RosterPersonSchema),
  /** true: the roster has no member rows of its own; its people are its team's (minus those released by leave) */
  membersFromTeam: z.boolean(),
  status: RosterStatusSchema,
  lifecycle: RosterLifecycleSchema,
  isDisemak: z.boolean(),
  isDisahkan: z.boolean(),
  /** what uses the roster (a roster used by any of these cannot be deleted) */
  usage: z.object({ activities: z.number().int(), cases: z.number().int(), positions: z.number().int() }),
});
export type RosterDetail = z.infer<typeof RosterDetailSchema>;

/** getActivePrDetails/{id}: the roster and its latest position (null: none reported). */
export const ActivePrDetailsSchema = RosterDetailSchema.extend({ latestPosition: VehicleLocationSchema.nullable() });
export type ActivePrDetails = z.infer<typeof ActivePrDetailsSchema>;

/** rosterRoles/getRosterRolesByDutyRosterId/{id}: one row per person. */
export const RosterRoleRowSchema = RosterPersonSchema.extend({
  pkDutyRosterId: z.number().int(),
  /** the duty_roster_member row (null: the roster has none; the person is its team's) */
  pkTeamMemberId: z.number().int().nullable(),
});
export type RosterRoleRow = z.infer<typeof RosterRoleRowSchema>;

export const RosterDeleteSchema = z.object({
  pkDutyRosterId: id('jadual tugas'),
  /** when given, 409 if the roster changed since */
  version: z.number().int().positive().optional(),
});
export type RosterDelete = z.infer<typeof RosterDeleteSchema>;
export const RosterDeleteResultSchema = z.object({ pkDutyRosterId: z.number().int() });

// ------------------------------------------------------------------------------------------------ lookups

export const DeviceItemSchema = z.object({
  key: z.number().int(),
  value: z.string(),
  /** the section the tablet is kept at, or 'Pool' */
  description: z.string().nullable(),
  sectionId: z.number().int().nullable(),
  isActive: z.boolean(),
});
export type DeviceItem = z.infer<typeof DeviceItemSchema>;

export const PhoneItemSchema = z.object({
  key: z.number().int(),
  value: z.string(),
  description: z.string().nullable(),
  sectionId: z.number().int(),
  isActive: z.boolean(),
});
export type PhoneItem = z.infer<typeof PhoneItemSchema>;

export const RosterFormOptionsSchema = z.object({
  section: z.object({ sectionId: z.number().int(), sectionName: z.string(), regionId: z.number().int() }),
  /** the section's teams (active ones; an inactive one only when the roster has it), with their members */
  teams: z.array(
    z.object({
      key: z.number().int(),
      value: z.string(),
      isActive: z.boolean(),
      /** the team's schedule shift and vehicle (the form's defaults) */
      shiftId: z.number().int().nullable(),
      vehicleId: z.number().int().nullable(),
      members: z.array(RosterPersonSchema.extend({ isActive: z.boolean() })),
    }),
  ),
  /** the section's vehicles, inactive ones too (shown, not selectable) */
  vehicles: z.array(
    z.object({
      key: z.number().int(),
      value: z.string(),
      vehicleType: z.string(),
      callSign: z.string().nullable(),
      isActive: z.boolean(),
      /** issue #16: a checklist found an item short or damaged and no manager has cleared it yet */
      needsAttention: z.boolean(),
      attentionReason: z.string().nullable(),
    }),
  ),
  /** active tablets of the section and the pooled ones */
  devices: z.array(DeviceItemSchema),
  phones: z.array(PhoneItemSchema),
});
export type RosterFormOptions = z.infer<typeof RosterFormOptionsSchema>;

// ------------------------------------------------------------------------------------------------ month view

/** dutyRosterView/dataTables: paging in the query, at most 1000 a page (§9). */
export const RosterMonthQuerySchema = DataTablesQuerySchema.extend({
  length: z.coerce
    .number()
    .int()
    .min(1)
    .max(ROSTER_MONTH_PAGE_MAX, `Saiz halaman maksimum ${ROSTER_MONTH_PAGE_MAX} jadual tugas.`)
    .default(ROSTER_MONTH_PAGE_MAX),
});

export const RosterMonthFilterSchema = z.object({
  /** 'YYYY-MM': rosters starting in that month (Asia/Brunei dates) */
  month,
  sectionId: z.number().int().positive().optional(),
  regionId: z.number().int().positive().optional(),
  teamId: z.number().int().positive().optional(),
  lifecycle: RosterLifecycleSchema.optional(),
});
export type RosterMonthFilter = z.infer<typeof RosterMonthFilterSchema>;

export const RosterMonthRowSchema = z.object({
  pkDutyRosterId: z.number().int(),
  dutyRosterName: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  regionName: z.string(),
  shiftId: z.number().int(),
  shiftName: z.string(),
  teamId: z.number().int(),
  teamName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startHour: z.string(),
  endHour: z.string(),
  plateNumber: z.string().nullable(),
  callSign: z.string().nullable(),
  deviceNo: z.string().nullable(),
  phoneNo: z.string().nullable(),
  statusAlert: z.boolean(),
  members: z.array(z.object({ pkStaffId: z.number().int(), displayName: z.string(), rosterRoleName: z.string().nullable() })),
  status: RosterStatusSchema,
  lifecycle: RosterLifecycleSchema,
});
export type RosterMonthRow = z.infer<typeof RosterMonthRowSchema>;

// ------------------------------------------------------------------------------------------------ generation

export const RosterGenerateSchema = z.object({
  month,
  /** one section (and its specific parts), else a region, else the caller's region (all regions for national roles) */
  sectionId: z.number().int().positive().optional(),
  regionId: z.number().int().positive().optional(),
  /** true: answer what would happen, write nothing */
  dryRun: z.boolean().default(true),
});
export type RosterGenerate = z.input<typeof RosterGenerateSchema>;

export const GenerateReasonSchema = z.object({
  code: z.enum(CONFLICT_CODES),
  message: z.string(),
  /** who (a person) or what (another roster) it is about */
  staffId: z.number().int().nullable(),
  otherRosterId: z.number().int().nullable(),
});
export type GenerateReason = z.infer<typeof GenerateReasonSchema>;

export const GenerateCandidateSchema = z.object({
  outcome: z.enum(GENERATE_OUTCOMES),
  teamId: z.number().int(),
  teamName: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  shiftId: z.number().int(),
  shiftName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startHour: z.string(),
  endHour: z.string(),
  vehicleId: z.number().int().nullable(),
  plateNumber: z.string().nullable(),
  /** the existing roster ('exists') or the one created (commit) */
  pkDutyRosterId: z.number().int().nullable(),
  reasons: z.array(GenerateReasonSchema),
});
export type GenerateCandidate = z.infer<typeof GenerateCandidateSchema>;

export const GenerateResultSchema = z.object({
  month: z.string(),
  dryRun: z.boolean(),
  counts: z.object({ create: z.number().int(), exists: z.number().int(), conflict: z.number().int() }),
  /** rosters written (0 on a dry run) */
  created: z.number().int(),
  candidates: z.array(GenerateCandidateSchema),
});
export type GenerateResult = z.infer<typeof GenerateResultSchema>;

// ------------------------------------------------------------------------------------------------ staffing view

export const StaffingFilterSchema = z.object({
  /** the local day (Asia/Brunei): rosters starting that day */
  date: calendarDate,
  sectionId: z.number().int().positive().optional(),
  regionId: z.number().int().positive().optional(),
});
export type StaffingFilter = z.infer<typeof StaffingFilterSchema>;

export const StaffingRosterSchema = z.object({
  pkDutyRosterId: z.number().int(),
  dutyRosterName: z.string(),
  teamName: z.string(),
  startHour: z.string(),
  endHour: z.string(),
  plateNumber: z.string().nullable(),
  callSign: z.string().nullable(),
  people: z.array(z.object({ pkStaffId: z.number().int(), displayName: z.string(), rosterRoleName: z.string().nullable() })),
  lifecycle: RosterLifecycleSchema,
});
export type StaffingRoster = z.infer<typeof StaffingRosterSchema>;

export const StaffingResultSchema = z.object({
  date: z.string(),
  /** the columns: active shifts worked in scope (by a team schedule or a roster that day), earliest first */
  shifts: z.array(z.object({ shiftId: z.number().int(), shiftName: z.string(), startHour: z.string(), endHour: z.string() })),
  sections: z.array(
    z.object({
      sectionId: z.number().int(),
      sectionName: z.string(),
      description: z.string(),
      regionName: z.string(),
      cells: z.array(z.object({ shiftId: z.number().int(), rosters: z.array(StaffingRosterSchema), gap: z.boolean() })),
      /** staff of the section on approved leave that day */
      onLeave: z.array(
        z.object({
          pkStaffId: z.number().int(),
          displayName: z.string(),
          position: z.string(),
          leaveTypeName: z.string(),
          dateFrom: z.string(),
          dateTo: z.string(),
          /** the roster of that day the person was released from (duty_roster_absence), if any */
          releasedFrom: z.string().nullable(),
        }),
      ),
    }),
  ),
  totals: z.object({ rosters: z.number().int(), onDuty: z.number().int(), onLeave: z.number().int(), gaps: z.number().int() }),
});
export type StaffingResult = z.infer<typeof StaffingResultSchema>;

export const RosterMonthResultSchema = dataTablesBody(RosterMonthRowSchema);
