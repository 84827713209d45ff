/**
 * Duty rosters (issue #15 item 1; spec §2.1 /createupdateroster/{rosterId}, /listingroster, §3.12, §5, §7.5
 * dutyroster, dutyRosterView, rosterRoles, hpnosection, devicenoid; §9 "rosters by month 1000"): paths, constants,
 * messages and pure helpers. Zod-free, so the PWA may import it at run time; the schemas are in contract/rosters.ts.
 *
 * The rules of a roster (server/modules/dutyroster/roster-service.ts enforces them, the form mirrors some):
 * - its section is in the caller's region scope; its team is an active team of that section; its shift is active
 *   (and of the roster type, when one is chosen); its vehicle, device and section phone, when given, exist and are
 *   active (the vehicle and phone of the roster's own section);
 * - it starts at startDate startHour and ends at endDate endHour, Asia/Brunei (hours default to the shift's; without
 *   an end date a shift ending at or before its start hour ends the next day); it ends after it starts and lasts at
 *   most ROSTER_MAX_HOURS;
 * - its people (members with a dutyRosterRoles role; by default the team's members) are active, of its region, not
 *   on approved leave over its days, and in no other roster that overlaps it in time; its vehicle is in no other
 *   overlapping roster; one roster per team, shift and start date.
 */
import { LOOKUP_BASE, MANAGE_BASE } from './paths';

export const ROSTER_PATHS = {
  /** POST RosterSave: creates (no pkDutyRosterId) or edits a roster (version required) */
  save: `${MANAGE_BASE}/dutyroster/save`,
  /** POST RosterSave: the portal form's variant of save, same body and rules */
  portalSave: `${MANAGE_BASE}/dutyroster/portal/save`,
  /** GET: one roster with its people, vehicle, device, phone, lifecycle and what uses it */
  get: (id: number) => `${MANAGE_BASE}/dutyroster/get/${id}`,
  getPattern: `${MANAGE_BASE}/dutyroster/get/:id`,
  /** POST { pkDutyRosterId, version? }: refused (409) when the roster has activity entries, cases or positions */
  delete: `${MANAGE_BASE}/dutyroster/delete`,
  /** GET: the roster with its people, vehicle, callsign, device, phone and latest position */
  activePrDetails: (id: number) => `${MANAGE_BASE}/dutyroster/getActivePrDetails/${id}`,
  activePrDetailsPattern: `${MANAGE_BASE}/dutyroster/getActivePrDetails/:id`,
  /** GET: what the roster form offers for a section (teams with members, vehicles, devices, phones) */
  formOptions: (sectionId: number) => `${MANAGE_BASE}/dutyroster/formOptions/${sectionId}`,
  formOptionsPattern: `${MANAGE_BASE}/dutyroster/formOptions/:id`,
  /** POST RosterGenerate: a month of rosters from the active teams' schedules (dryRun: the preview) */
  generateMonth: `${MANAGE_BASE}/dutyroster/generateMonth`,
  /** POST RosterMonthFilter, paging in the query (≤ 1000 a page, §9): one row per roster of a month */
  monthDataTables: `${MANAGE_BASE}/dutyRosterView/dataTables`,
  /** POST StaffingFilter: section × shift of one day, with the people on duty and on leave, gaps flagged */
  staffing: `${MANAGE_BASE}/dutyRosterView/staffing`,
  /** GET: the roster's people with their dutyRosterRoles role */
  rosterRoles: (id: number) => `${MANAGE_BASE}/rosterRoles/getRosterRolesByDutyRosterId/${id}`,
  rosterRolesPattern: `${MANAGE_BASE}/rosterRoles/getRosterRolesByDutyRosterId/:id`,
  /** GET: every patrol tablet (device number), active or not (§7.5 devicenoid getAll; a lookup, §7.5 lists it there) */
  devices: `${LOOKUP_BASE}/devicenoid/getAll`,
  /** GET: the phone numbers of a section (§7.5 hpnosection getbySectionId) */
  phonesBySection: (sectionId: number) => `${LOOKUP_BASE}/hpnosection/getbySectionId/${sectionId}`,
  phonesBySectionPattern: `${LOOKUP_BASE}/hpnosection/getbySectionId/:id`,
} as const;

/** The screen of a new roster is /createupdateroster/baru (as /createupdateteam/baru). */
export const NEW_ROSTER_PARAM = 'baru';

/** §9: "rosters by month 1000". */
export const ROSTER_MONTH_PAGE_MAX = 1000;
/** A roster lasts at most this long (a 12-hour shift with room for overtime). */
export const ROSTER_MAX_HOURS = 24;
export const ROSTER_REMARK_MAX = 500;
/** The most people one roster may have. */
export const ROSTER_MEMBERS_MAX = 20;

/** dutyRosterRoles lookup keys (server/db/seed/data/lookups.ts DUTY_ROSTER_ROLE). */
export const ROSTER_ROLE = { LEADER: 3701, DRIVER: 3702, PATROLLER: 3703, TRAINEE: 3704 } as const;
export const ROSTER_ROLE_IDS: readonly number[] = Object.values(ROSTER_ROLE);

/**
 * The role a team member has on a roster by default, from the position (seed positions 'PR - Ketua Peronda',
 * 'PR - Pemandu Peronda', 'PR - Peronda'; a position with 'Pelatih' is a trainee).
 */
export function defaultRosterRole(position: string): number {
  const p = position.toLowerCase();
  if (p.includes('ketua')) return ROSTER_ROLE.LEADER;
  if (p.includes('pemandu')) return ROSTER_ROLE.DRIVER;
  if (p.includes('pelatih')) return ROSTER_ROLE.TRAINEE;
  return ROSTER_ROLE.PATROLLER;
}

/** The lifecycle of a roster, as contract/activity-log-rules.ts ROSTER_LIFECYCLE defines it. */
export { ROSTER_LIFECYCLE as ROSTER_LIFECYCLES, type RosterLifecycle as RosterLifecycleName } from './activity-log-rules';

/** Outcome of one candidate roster of a month generation. */
export const GENERATE_OUTCOMES = ['create', 'exists', 'conflict'] as const;
export type GenerateOutcome = (typeof GENERATE_OUTCOMES)[number];
/** Why a candidate is a conflict. */
export const CONFLICT_CODES = ['leave', 'personBusy', 'vehicleBusy', 'vehicleInactive', 'shiftInactive'] as const;
export type ConflictCode = (typeof CONFLICT_CODES)[number];

export const ROSTER_MESSAGES = {
  saved: 'Jadual tugas berjaya disimpan.',
  deleted: 'Jadual tugas berjaya dipadam.',
  generated: 'Jadual tugas bulan ini telah dijana.',
  preview: 'Pratonton penjanaan jadual tugas.',
  notFound: 'Jadual tugas tidak dijumpai.',
  outOfRegion: 'Jadual tugas ini di luar wilayah anda.',
  otherRegion: 'Anda hanya boleh melihat jadual tugas wilayah anda.',
  notOwnRoster: 'Anda hanya boleh melihat jadual tugas pasukan anda sendiri.',
  stale: 'Jadual tugas ini telah dikemas kini oleh pengguna lain. Sila muat semula dan cuba lagi.',
  versionRequired: 'Versi jadual tugas diperlukan untuk kemaskini.',
  endBeforeStart: 'Masa tamat jadual tugas mesti selepas masa mula.',
  tooLong: `Jadual tugas tidak boleh melebihi ${ROSTER_MAX_HOURS} jam.`,
  noMembers: 'Jadual tugas mesti mempunyai sekurang-kurangnya seorang ahli.',
  oneLeader: 'Hanya seorang ketua pasukan bagi setiap jadual tugas.',
  locked: 'Laporan tamat tugas jadual ini telah disemak; jadual tugas tidak boleh diubah atau dipadam lagi.',
  sectionNotListed: 'Jadual tugas hanya untuk seksyen yang disenaraikan (bukan seksyen G atau sebahagian seksyen gabungan).',
  unknownJenisRoster: 'Jenis roster tidak wujud.',
  unknownDevice: 'No. peranti tidak wujud.',
  unknownPhone: 'No. telefon seksyen tidak wujud.',
  month: 'Bulan mesti dalam format YYYY-MM.',
} as const;

// ------------------------------------------------------------------------------------------------ dates (§5)

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * §5: roster dates are entered as day/month/year and converted before saving. 'dd/mm/yyyy' (also d/m/yyyy, '-' or
 * '.' between) → 'YYYY-MM-DD', or null when it is not a day that exists.
 */
export function dmyToIso(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const d = Number(m[1]);
  const mo = Number(m[2]);
  const y = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;
  if (d > days) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** 'YYYY-MM-DD' → 'dd/mm/yyyy' (the form's entry format); '' for anything else. */
export function isoToDmy(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** 'HH:mm' as minutes of the day, or null. */
export function hourMinutes(hour: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(hour);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** A shift from `startHour` to `endHour` ends the next day when its end is at or before its start (19:00–07:00). */
export const endsNextDay = (startHour: string, endHour: string): boolean => {
  const s = hourMinutes(startHour);
  const e = hourMinutes(endHour);
  return s !== null && e !== null && e <= s;
};

/** 'YYYY-MM-DD' plus n days (UTC calendar arithmetic). */
export function addIsoDays(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const t = Date.UTC(y!, m! - 1, d! + n);
  return new Date(t).toISOString().slice(0, 10);
}

/** The days of a month 'YYYY-MM': its first day and how many days it has, or null when it is not a month. */
export function monthDays(month: string): { first: string; days: number; last: string } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  if (mo < 1 || mo > 12 || y < 2000 || y > 2100) return null;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return { first: `${m[1]}-${m[2]}-01`, days, last: `${m[1]}-${m[2]}-${pad(days)}` };
}
