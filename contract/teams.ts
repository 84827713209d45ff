/**
 * Teams administration (issue #14 item 4; §2.1 /listingteam, /createupdateteam/{teamId}; §3.12; §7.5 team,
 * teamMembers, teamSchedule; §9 page sizes: all teams 500, team members 100).
 *
 * A patrol team belongs to one listed section (no G section, no specific part of a combined section, §5), has members
 * (a staff member is in at most one ACTIVE team) and a schedule: the shift it works, its vehicle, and the days of a
 * cycle it works on — the team works on the local (Asia/Brunei) days where (days since 2026-01-01) mod cycleDays is
 * one of workDays. Duty rosters are generated from the schedule (server/db/seed/rosters.ts); a schedule change only
 * affects rosters generated afterwards.
 *
 * History: 'team' records are keyed by the team id, and so are 'teamMember' and 'teamSchedule' records (a member
 * added or removed, the schedule set or changed), so the team's screen shows all three.
 */
import { z } from 'zod';
import { DataTablesQuerySchema, dataTablesBody } from './envelope';
import { MANAGE_BASE } from './paths';
export * from './teams-rules';

export const TEAMS_PATHS = {
  dataTables: `${MANAGE_BASE}/team/dataTables`,
  csv: `${MANAGE_BASE}/team/csv`,
  get: (id: number) => `${MANAGE_BASE}/team/get/${id}`,
  getPattern: `${MANAGE_BASE}/team/get/:id`,
  save: `${MANAGE_BASE}/team/save`,
  delete: `${MANAGE_BASE}/team/delete`,
  membersDataTables: `${MANAGE_BASE}/teamMembers/dataTables`,
  membersSave: `${MANAGE_BASE}/teamMembers/save`,
  membersDelete: `${MANAGE_BASE}/teamMembers/delete`,
  /** active staff in the team's region who may join it (in no active team) */
  membersCandidates: `${MANAGE_BASE}/teamMembers/candidates`,
  scheduleDataTables: `${MANAGE_BASE}/teamSchedule/dataTables`,
  scheduleSave: `${MANAGE_BASE}/teamSchedule/save`,
  /** the active shifts and the team section's active vehicles the schedule form offers */
  scheduleOptions: (teamId: number) => `${MANAGE_BASE}/teamSchedule/options/${teamId}`,
  scheduleOptionsPattern: `${MANAGE_BASE}/teamSchedule/options/:id`,
} as const;

/** §9: "all teams 500"; team members 100 (a page, and the most members a team may have). */
export const TEAM_PAGE_MAX = 500;
export const TEAM_MEMBERS_PAGE_MAX = 100;
export const TEAM_MEMBERS_MAX = 100;
export const TEAM_NAME_MAX = 60;
/** the calendar of the schedule screen */
export const TEAM_CALENDAR_DAYS = 28;
export const TEAM_CYCLE_MAX = 28;
/** The team leader is the first member (in the order they joined) whose position starts with this (seed positions). */
export const TEAM_LEADER_POSITION_PREFIX = 'PR - Ketua Peronda';

const id = (what: string) =>
  z
    .number({ error: `Sila pilih ${what}.` })
    .int(`${what} tidak sah.`)
    .positive(`Sila pilih ${what}.`);

// ------------------------------------------------------------------------------------------------ paging

/** team/dataTables and team/csv: §7 paging in the query string, at most 500 a page (§9). */
export const TeamListQuerySchema = DataTablesQuerySchema.extend({
  length: z.coerce
    .number()
    .int()
    .min(1, 'Saiz halaman sekurang-kurangnya 1.')
    .max(TEAM_PAGE_MAX, `Saiz halaman maksimum ${TEAM_PAGE_MAX} pasukan.`)
    .default(25),
});
/** teamMembers/dataTables and candidates: at most 100 a page (§9). */
export const TeamMembersQuerySchema = DataTablesQuerySchema.extend({
  length: z.coerce
    .number()
    .int()
    .min(1, 'Saiz halaman sekurang-kurangnya 1.')
    .max(TEAM_MEMBERS_PAGE_MAX, `Saiz halaman maksimum ${TEAM_MEMBERS_PAGE_MAX} ahli.`)
    .default(TEAM_MEMBERS_PAGE_MAX),
});

// ------------------------------------------------------------------------------------------------ team

export const TeamFilterSchema = z.object({
  sectionId: z.number().int().positive().optional(),
  regionId: z.number().int().positive().optional(),
  /** part of the team name (case-insensitive) */
  name: z.string().trim().max(TEAM_NAME_MAX).optional(),
  isActive: z.boolean().optional(),
});
export type TeamFilter = z.infer<typeof TeamFilterSchema>;

export const TeamRowSchema = z.object({
  pkTeamId: z.number().int(),
  teamName: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  regionId: z.number().int(),
  regionCode: z.string(),
  memberCount: z.number().int(),
  /** the first member whose position starts with TEAM_LEADER_POSITION_PREFIX */
  leaderName: z.string().nullable(),
  /** of the team's schedule (none: the team is not scheduled) */
  shiftId: z.number().int().nullable(),
  shiftName: z.string().nullable(),
  plateNumber: z.string().nullable(),
  isActive: z.boolean(),
});
export type TeamRow = z.infer<typeof TeamRowSchema>;

/** team/get/{id}: the row and how many duty rosters the team has (a team with rosters is deactivated, never erased). */
export const TeamDetailSchema = TeamRowSchema.extend({ rosterCount: z.number().int() });
export type TeamDetail = z.infer<typeof TeamDetailSchema>;

/** team/save: without pkTeamId a new team. The name is unique within its section (409). */
export const TeamSaveSchema = z.object({
  pkTeamId: z.number().int().positive().optional(),
  teamName: z
    .string({ error: 'Sila isi nama pasukan.' })
    .trim()
    .min(1, 'Sila isi nama pasukan.')
    .max(TEAM_NAME_MAX, `Nama pasukan maksimum ${TEAM_NAME_MAX} aksara.`),
  sectionId: id('seksyen'),
  isActive: z.boolean().default(true),
});
export type TeamSave = z.input<typeof TeamSaveSchema>;

/** team/delete: teams with duty rosters are deactivated, the others erased with their members and schedule. */
export const TeamDeleteSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'Sila pilih pasukan.').max(100, 'Maksimum 100 pasukan sekali.'),
});
export const TeamDeleteResultSchema = z.object({ deleted: z.array(z.number().int()), deactivated: z.array(z.number().int()) });
export type TeamDeleteResult = z.infer<typeof TeamDeleteResultSchema>;

// ------------------------------------------------------------------------------------------------ members

export const TeamMemberFilterSchema = z.object({ teamId: id('pasukan') });

export const TeamMemberRowSchema = z.object({
  pkTeamMemberId: z.number().int(),
  teamId: z.number().int(),
  pkStaffId: z.number().int(),
  staffNo: z.string(),
  displayName: z.string(),
  position: z.string(),
  sectionName: z.string(),
  /** the staff member's own status */
  isActive: z.boolean(),
  isLeader: z.boolean(),
});
export type TeamMemberRow = z.infer<typeof TeamMemberRowSchema>;

/** teamMembers/save: adds staff to a team (all or none). */
export const TeamMemberSaveSchema = z.object({
  teamId: id('pasukan'),
  staffIds: z
    .array(z.number().int().positive())
    .min(1, 'Sila pilih sekurang-kurangnya seorang kakitangan.')
    .max(TEAM_MEMBERS_MAX, `Maksimum ${TEAM_MEMBERS_MAX} ahli sekali.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Kakitangan yang sama dipilih lebih daripada sekali.'),
});
export type TeamMemberSave = z.infer<typeof TeamMemberSaveSchema>;

/** teamMembers/delete: team member ids (pkTeamMemberId). */
export const TeamMemberDeleteSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'Sila pilih ahli pasukan.').max(TEAM_MEMBERS_MAX, `Maksimum ${TEAM_MEMBERS_MAX} ahli sekali.`),
});

export const TeamMemberCandidateFilterSchema = z.object({
  teamId: id('pasukan'),
  /** part of the name or staff number */
  search: z.string().trim().max(60).optional(),
  /** only staff of the team's own section (default), else the whole region */
  sameSection: z.boolean().default(true),
});
export type TeamMemberCandidateFilter = z.input<typeof TeamMemberCandidateFilterSchema>;

export const TeamMemberCandidateSchema = z.object({
  pkStaffId: z.number().int(),
  staffNo: z.string(),
  displayName: z.string(),
  position: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
});
export type TeamMemberCandidate = z.infer<typeof TeamMemberCandidateSchema>;

// ------------------------------------------------------------------------------------------------ schedule

export const TeamScheduleFilterSchema = z.object({ teamId: id('pasukan') });

export const TeamScheduleRowSchema = z.object({
  pkTeamScheduleId: z.number().int(),
  teamId: z.number().int(),
  shiftId: z.number().int(),
  shiftName: z.string(),
  startHour: z.string(),
  endHour: z.string(),
  vehicleId: z.number().int().nullable(),
  plateNumber: z.string().nullable(),
  cycleDays: z.number().int(),
  workDays: z.array(z.number().int()),
});
export type TeamScheduleRow = z.infer<typeof TeamScheduleRowSchema>;

/** One day of the next 28: does the team work it by its schedule, which shift, and is a roster already generated. */
export const TeamCalendarDaySchema = z.object({
  /** YYYY-MM-DD, Asia/Brunei */
  date: z.string(),
  works: z.boolean(),
  shiftName: z.string().nullable(),
  /** a duty roster of this team starts that day (generated earlier, possibly from an older schedule) */
  hasRoster: z.boolean(),
});
export type TeamCalendarDay = z.infer<typeof TeamCalendarDaySchema>;

/** teamSchedule/dataTables: the schedule rows and the calendar of the next 28 days from today (Asia/Brunei). */
export const TeamScheduleResultSchema = dataTablesBody(TeamScheduleRowSchema).extend({
  from: z.string(),
  calendar: z.array(TeamCalendarDaySchema),
});
export type TeamScheduleResult = z.infer<typeof TeamScheduleResultSchema>;

/** teamSchedule/save: one schedule per team (set or replaced). Rosters already generated stay as they are. */
export const TeamScheduleSaveSchema = z
  .object({
    teamId: id('pasukan'),
    shiftId: id('syif'),
    vehicleId: z.number().int().positive().nullable().default(null),
    cycleDays: z
      .number({ error: 'Sila isi panjang kitaran (hari).' })
      .int('Panjang kitaran mesti nombor bulat.')
      .min(1, 'Panjang kitaran sekurang-kurangnya 1 hari.')
      .max(TEAM_CYCLE_MAX, `Panjang kitaran maksimum ${TEAM_CYCLE_MAX} hari.`),
    workDays: z
      .array(z.number().int('Hari bekerja tidak sah.').min(0, 'Hari bekerja tidak sah.'))
      .min(1, 'Pilih sekurang-kurangnya satu hari bekerja.'),
  })
  .superRefine((v, ctx) => {
    const bad = v.workDays.filter((d) => d >= v.cycleDays);
    if (bad.length)
      ctx.addIssue({ code: 'custom', path: ['workDays'], message: `Hari bekerja mesti antara 1 dan ${v.cycleDays} (hari dalam kitaran).` });
    else if (new Set(v.workDays).size !== v.workDays.length) ctx.addIssue({ code: 'custom', path: ['workDays'], message: 'Hari bekerja berulang.' });
  });
export type TeamScheduleSave = z.input<typeof TeamScheduleSaveSchema>;

export const TeamScheduleOptionsSchema = z.object({
  shifts: z.array(z.object({ key: z.number().int(), value: z.string(), startHour: z.string(), endHour: z.string() })),
  vehicles: z.array(z.object({ key: z.number().int(), value: z.string(), vehicleType: z.string(), callSign: z.string().nullable() })),
});
export type TeamScheduleOptions = z.infer<typeof TeamScheduleOptionsSchema>;

// ------------------------------------------------------------------------------------------------ cycle labels

/** Day 0 of every schedule cycle (server/db/seed/rosters.ts SCHEDULE_EPOCH says the same). */
export const TEAM_SCHEDULE_EPOCH = '2026-01-01';

/**
 * For the schedule form's labels only: the first date from `from` (YYYY-MM-DD) on which each day of a cycle of
 * `cycleDays` falls, by the rule rosters are generated with. The calendar itself comes from the server.
 */
export function nextDatesOfCycle(from: string, cycleDays: number): string[] {
  const day = 86_400_000;
  const start = Date.parse(`${from}T00:00:00Z`);
  const epoch = Date.parse(`${TEAM_SCHEDULE_EPOCH}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isInteger(cycleDays) || cycleDays < 1 || cycleDays > TEAM_CYCLE_MAX) return [];
  const out: string[] = [];
  for (let i = 0; i < cycleDays; i++) {
    const at = start + i * day;
    const pos = ((Math.round((at - epoch) / day) % cycleDays) + cycleDays) % cycleDays;
    out[pos] = new Date(at).toISOString().slice(0, 10);
  }
  return out;
}
