/**
 * Roles and permissions shared by the PWA (menu, route guards) and the server (which enforces them).
 * Spec §3.11 gives ids 1, 2 and 101–110; §6 also names SUPERADMIN and OTHERS, which get ids 111 and 112 here.
 * `label` is the Malay label, `labelEn` the English one (issue #31; role.label_en).
 */
export const ROLES = [
  { id: 1, name: 'Administrator', label: 'Pentadbir Sistem', labelEn: 'System administrator' },
  { id: 2, name: 'User', label: 'Pengguna', labelEn: 'User' },
  { id: 101, name: 'SECTMGR', label: 'Pengurus Seksyen', labelEn: 'Section manager' },
  { id: 102, name: 'TSTE', label: 'Juruteknik Sistem Trafik (Eksekutif)', labelEn: 'Traffic systems technician (executive)' },
  { id: 103, name: 'TSTA', label: 'Juruteknik Sistem Trafik (Pembantu)', labelEn: 'Traffic systems technician (assistant)' },
  { id: 104, name: 'TMCA', label: 'Operator TMC', labelEn: 'TMC operator' },
  { id: 105, name: 'TMCS', label: 'Penyelia TMC', labelEn: 'TMC supervisor' },
  { id: 106, name: 'PR', label: 'Peronda Lebuhraya', labelEn: 'Highway patroller' },
  { id: 107, name: 'SC', label: 'Koordinator Seksyen', labelEn: 'Section coordinator' },
  { id: 108, name: 'PRIMEADMIN', label: 'Pentadbir Prime', labelEn: 'Prime administrator' },
  { id: 109, name: 'OPSMGMT', label: 'Pengurusan Operasi', labelEn: 'Operations management' },
  { id: 110, name: 'REGIONMGMT', label: 'Pengurusan Wilayah', labelEn: 'Regional management' },
  { id: 111, name: 'SUPERADMIN', label: 'Superadmin', labelEn: 'Superadmin' },
  { id: 112, name: 'OTHERS', label: 'Lain-lain', labelEn: 'Others' },
] as const;

export type Role = (typeof ROLES)[number];
export type RoleName = Role['name'];
export type RoleId = Role['id'];

export const ROLE_IDS = {
  ADMINISTRATOR: 1,
  USER: 2,
  SECTMGR: 101,
  TSTE: 102,
  TSTA: 103,
  TMCA: 104,
  TMCS: 105,
  PR: 106,
  SC: 107,
  PRIMEADMIN: 108,
  OPSMGMT: 109,
  REGIONMGMT: 110,
  SUPERADMIN: 111,
  OTHERS: 112,
} as const satisfies Record<string, RoleId>;

export function roleById(id: number): Role | undefined {
  return ROLES.find((r) => r.id === id);
}

export function roleByName(name: string): Role | undefined {
  return ROLES.find((r) => r.name === name);
}

/** §6: the badge count shows only for role names starting with TMC. */
export const isTmcRole = (roleName: string) => roleName.startsWith('TMC');
/** §6: patrol roles start with PR (PRIMEADMIN is not a patrol role). */
export const isPatrolRole = (roleName: string) => roleName === 'PR' || (roleName.startsWith('PR') && roleName !== 'PRIMEADMIN');

/** §6: TSTE sees no bell; the bell and its badge are for TMC roles. */
export const showsNotificationBell = (roleName: string) => roleName !== 'TSTE' && isTmcRole(roleName);

/** Role id 1 lands on /primesupport (§2.2, §6). */
export const landsOnPrimeSupport = (roleId: number) => roleId === ROLE_IDS.ADMINISTRATOR;

const DASHBOARD_ROLES = ['TSTA', 'TSTE', 'SECTMGR', 'REGIONMGMT', 'SC', 'TMCA', 'TMCS', 'PR', 'OPSMGMT', 'SUPERADMIN'] as const;
const MAP_ROLES = ['TSTA', 'TSTE', 'SECTMGR', 'REGIONMGMT', 'SC', 'TMCA', 'TMCS', 'OPSMGMT'] as const;

/**
 * Permission → role names, exactly as §6. The menu mirrors these; the server enforces them on every call.
 */
export const PERMISSIONS = {
  dashboard: DASHBOARD_ROLES,
  map: MAP_ROLES,
  newCase: ['TMCA', 'TMCS'],
  tmcLog: ['TMCA', 'TMCS', 'OPSMGMT', 'SUPERADMIN'],
  caseSearch: DASHBOARD_ROLES,
  rosterList: [...MAP_ROLES, 'SUPERADMIN'],
  reports: DASHBOARD_ROLES,
  reportOtherAssistance: [...DASHBOARD_ROLES, 'OTHERS'],
  /** /reportingmodule (issue #17): whoever may open any report; the hub shows only the reports the caller may open */
  reportHub: [...DASHBOARD_ROLES, 'OTHERS'],
  reportChecklist: ['TSTA', 'TSTE', 'SECTMGR', 'REGIONMGMT', 'SC', 'OPSMGMT', 'SUPERADMIN'],
  /** /primesupport: the administration hub (issue #14); role id 1 lands there */
  primeSupport: ['Administrator', 'PRIMEADMIN', 'SUPERADMIN', 'SECTMGR', 'REGIONMGMT', 'OPSMGMT'],
  // ---- organisation administration (issue #14; docs/roles.md "Who may do what"). The server enforces these on every call,
  // managers within their region scope; the screens mirror them.
  /** users and roles: register, activate/deactivate, change role, reset a password */
  adminUsers: ['Administrator', 'PRIMEADMIN', 'SUPERADMIN'],
  /** staff, leave, teams, shifts, rondas and checkpoints: the managers, within their region */
  adminOrg: ['SECTMGR', 'REGIONMGMT', 'OPSMGMT', 'SUPERADMIN'],
  /** write shifts: they are shared by every region, so only the national roles (everyone reads them with readOrg) */
  adminShifts: ['OPSMGMT', 'SUPERADMIN'],
  /** read staff, teams, shifts, rondas and checkpoints: what rosters need (everyone who works with rosters) */
  readOrg: ['Administrator', 'PRIMEADMIN', ...DASHBOARD_ROLES],
  /**
   * send a broadcast (Siaran Portal, §2.5): control-centre staff, their supervisors, the managers and SUPERADMIN
   * (issue #20: every role could broadcast to all users); everyone signed in still reads them
   */
  broadcast: ['TMCA', 'TMCS', 'SECTMGR', 'REGIONMGMT', 'OPSMGMT', 'SUPERADMIN'],
  /** the case-notification bell (§2.4, §6): TMC roles; TSTE never */
  notifications: ['TMCA', 'TMCS'],
  // ---- case work (issue #3). §6 gives only the edit/close/cancel/attachment rules; who may act at all is ours
  // (docs/roles.md "Case permissions"). The server enforces these; the screens only mirror them.
  /** read a case, its audit trail and journal; write the journal */
  viewCase: DASHBOARD_ROLES,
  /** change the main record (section, KM, event type, roster: reassignment) */
  editCase: ['TMCA', 'TMCS', 'SECTMGR', 'REGIONMGMT', 'SC', 'OPSMGMT', 'SUPERADMIN'],
  /** save the subform details; a PR only on a case assigned to a roster of its team */
  editSubform: ['TMCA', 'TMCS', 'SECTMGR', 'REGIONMGMT', 'SC', 'OPSMGMT', 'SUPERADMIN', 'PR'],
  /** BATALKAN KES */
  cancelCase: ['TMCA', 'TMCS', 'SECTMGR', 'REGIONMGMT', 'OPSMGMT', 'SUPERADMIN'],
  /** Tutup: any user when the close condition holds (§6) */
  closeCase: DASHBOARD_ROLES,
  /** the patrol's steps (received, arrived, …); TMC operators may record them for a patrol on the radio */
  patrolAction: ['PR', 'TMCA', 'TMCS'],
  // ---- duty rosters, activity log and the end-of-duty report (issue #15; docs/roles.md "Who may do what")
  /** create, edit, delete and generate duty rosters: the managers and the section coordinator, within their region */
  rosterManage: ['SECTMGR', 'REGIONMGMT', 'SC', 'OPSMGMT', 'SUPERADMIN'],
  /**
   * write a roster's activity log: the patrol on its own team's roster; the TMC (on the radio), the section
   * coordinator and the managers for any roster of their region
   */
  activityLogWrite: ['PR', 'TMCA', 'TMCS', 'SC', 'SECTMGR', 'REGIONMGMT', 'OPSMGMT', 'SUPERADMIN'],
  /** verify (Semak, isDisemak) an end-of-duty report: the supervisors; never one's own roster */
  reportVerify: ['SC', 'TMCS', 'SECTMGR', 'REGIONMGMT', 'OPSMGMT', 'SUPERADMIN'],
  /** approve (Sahkan, isDisahkan) a verified end-of-duty report: the managers */
  reportApprove: ['SECTMGR', 'REGIONMGMT', 'OPSMGMT', 'SUPERADMIN'],
  // ---- fleet and equipment (issue #16; docs/roles.md "Who may do what")
  /**
   * register and change vehicles, call signs, vehicle models and assets, keep the checklist master, clear a
   * vehicle's "needs attention": the managers, vehicles and assets within their region (read with readOrg)
   */
  fleetManage: ['SECTMGR', 'REGIONMGMT', 'OPSMGMT', 'SUPERADMIN'],
  /**
   * record a daily vehicle and asset checklist: the patrol for a roster it is on (dailyAssetChecklist/save); the
   * section coordinator and the managers for any roster of their region (also portal/save)
   */
  checklistWrite: ['PR', 'SC', 'SECTMGR', 'REGIONMGMT', 'OPSMGMT', 'SUPERADMIN'],
  // ---- field reports (issue #30 item 2, beyond the spec; contract/field-reports.ts)
  /** report what a patrol comes upon (Lapor kejadian): the patrol, for a roster it is one of the people of */
  fieldReportWrite: ['PR'],
  /** accept a field report into a new case (Terima) or refuse it with a reason (Tolak): the TMC, within its region */
  fieldReportDecide: ['TMCA', 'TMCS'],
} as const satisfies Record<string, readonly RoleName[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(roleName: string | undefined | null, permission: Permission): boolean {
  if (!roleName) return false;
  return (PERMISSIONS[permission] as readonly string[]).includes(roleName);
}

/** Region-wide roles see every section of their region; the rest see the region too (§6 scopes by regionName). */
export const SEES_ALL_REGIONS: readonly RoleName[] = ['SUPERADMIN', 'OPSMGMT', 'Administrator', 'PRIMEADMIN'];

// ------------------------------------------------------------------------------------------------ granting a role

/** The administrators' roles: they manage the users and their roles (adminUsers). */
export const ADMINISTRATOR_ROLES: readonly RoleName[] = ['Administrator', 'PRIMEADMIN', 'SUPERADMIN'];

/**
 * A role's rank for granting (issue #27): 0 the roles that manage nobody; 1 SECTMGR (a section); 2 REGIONMGMT (a
 * region); 3 the roles that reach every region (OPSMGMT, Administrator, PRIMEADMIN); 4 SUPERADMIN.
 */
export const ROLE_RANK: Readonly<Record<RoleName, number>> = {
  User: 0,
  OTHERS: 0,
  TSTE: 0,
  TSTA: 0,
  TMCA: 0,
  TMCS: 0,
  PR: 0,
  SC: 0,
  SECTMGR: 1,
  REGIONMGMT: 2,
  OPSMGMT: 3,
  Administrator: 3,
  PRIMEADMIN: 3,
  SUPERADMIN: 4,
};

/**
 * THE rule for giving a role (docs/roles.md "Who may give which role"), applied by every server path that sets or
 * changes one (user/registration, user/changeRole, staff/updatestaffroles) and, for the role a user already holds, by
 * every path that manages that user (change the role, reset the password, a reset link, activate or deactivate):
 *
 * - SUPERADMIN gives every role.
 * - Nobody else gives an administrators' role (Administrator, PRIMEADMIN, SUPERADMIN): they manage users and roles,
 *   so whoever gives them could make themselves or a friend their equal.
 * - Nobody else gives a role that sees every region (SEES_ALL_REGIONS: OPSMGMT): national access is a national
 *   decision, and an Administrator or PRIMEADMIN, who read no cases themselves, would otherwise hand out reading
 *   every region's cases.
 * - Otherwise a role is given only by a role ranked above it (ROLE_RANK): nobody raises a user to their own rank or
 *   above.
 *
 * Answers why not, as the 403 message, or null when the caller may give the role.
 */
export function grantRefusal(callerRole: string | null | undefined, roleName: string): string | null {
  const role = roleByName(roleName);
  if (!role) return `Peranan ${roleName} tidak wujud.`;
  if (callerRole === 'SUPERADMIN') return null;
  if (ADMINISTRATOR_ROLES.includes(role.name)) return `Hanya SUPERADMIN boleh memberi peranan pentadbir ${role.name}.`;
  if (SEES_ALL_REGIONS.includes(role.name)) return `Hanya SUPERADMIN boleh memberi peranan ${role.name}, yang melihat semua wilayah.`;
  const caller = callerRole ? roleByName(callerRole) : undefined;
  if (!caller || ROLE_RANK[role.name] >= ROLE_RANK[caller.name]) {
    return `Peranan ${callerRole ?? 'anda'} tidak boleh memberi peranan ${role.name}: hanya peranan di bawah pangkat sendiri.`;
  }
  return null;
}

export const mayGrantRole = (callerRole: string | null | undefined, roleName: string) => grantRefusal(callerRole, roleName) === null;

/** The roles each role may give (the rule above, spelled out: the staff form's and the users screens' choices). */
export const GRANTABLE_ROLES: Readonly<Record<string, readonly RoleName[]>> = Object.fromEntries(
  ROLES.map((c) => [c.name, ROLES.filter((r) => mayGrantRole(c.name, r.name)).map((r) => r.name)]),
);

/**
 * Managing a user (changing the role, resetting the password, a reset link, activating or deactivating) is for who
 * could have given the role the user holds: otherwise an Administrator could take over an OPSMGMT's account with a
 * temporary password, or demote the SUPERADMIN. Answers why not, or null.
 */
export function manageRefusal(callerRole: string | null | undefined, heldRole: string): string | null {
  const why = grantRefusal(callerRole, heldRole);
  return why && `Anda tidak boleh mengurus pengguna berperanan ${heldRole}. ${why}`;
}
