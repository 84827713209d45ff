import { can, isPatrolRole, type Permission } from './roles';

/** Side menu of §2.3, filtered per role by §6. `path` is the route it opens. */
export interface MenuItem {
  key: string;
  /** key into the UI text module (src/lib/i18n) */
  labelKey: string;
  path: string;
  permission: Permission | null;
  /** shown only to the patrol roles (isPatrolRole), besides the permission */
  patrolOnly?: true;
  children?: MenuItem[];
}

export const MENU: MenuItem[] = [
  { key: 'dashboard', labelKey: 'menu.dashboard', path: '/', permission: 'dashboard' },
  // issue #30: "Syif saya", the patrol's home for the shift (not a §2.3 item)
  { key: 'myShift', labelKey: 'menu.myShift', path: '/syifsaya', permission: 'activityLogWrite', patrolOnly: true },
  { key: 'map', labelKey: 'menu.map', path: '/map', permission: 'map' },
  { key: 'newCase', labelKey: 'menu.newCase', path: '/kesbaru', permission: 'newCase' },
  // issue #4: the user's form drafts on this device (not a §2.3 item)
  { key: 'drafts', labelKey: 'sync.menu.drafts', path: '/draf', permission: 'editSubform' },
  { key: 'tmcLog', labelKey: 'menu.tmcLog', path: '/cariantmclogsheet', permission: 'tmcLog' },
  { key: 'caseSearch', labelKey: 'menu.caseSearch', path: '/cariankes', permission: 'caseSearch' },
  { key: 'rosterList', labelKey: 'menu.rosterList', path: '/listingroster', permission: 'rosterList' },
  {
    key: 'reports',
    labelKey: 'menu.reports',
    path: '',
    permission: null,
    children: [
      // issue #17: the hub of every report the caller may open, with the KPI overview (not a §2.3 item)
      { key: 'reportHub', labelKey: 'menu.reportHub', path: '/reportingmodule', permission: 'reportHub' },
      { key: 'reportEndOfDuty', labelKey: 'menu.reportEndOfDuty', path: '/dailyactivitylog', permission: 'reports' },
      { key: 'reportIncident', labelKey: 'menu.reportIncident', path: '/laporaninsiden', permission: 'reports' },
      { key: 'reportMainline', labelKey: 'menu.reportMainline', path: '/laporanmasalebuhraya', permission: 'reports' },
      { key: 'reportWorkDuration', labelKey: 'menu.reportWorkDuration', path: '/laporanmasabertugas', permission: 'reports' },
      { key: 'reportVehicleUsage', labelKey: 'menu.reportVehicleUsage', path: '/laporanpenggunaankenderaan', permission: 'reports' },
      // Laporan Rondaan (issue #17 item 8; issue #31: it had no entry, only the hub linked it)
      { key: 'reportLooping', labelKey: 'menu.reportLooping', path: '/laporanrondaan', permission: 'reports' },
      { key: 'reportOtherAssistance', labelKey: 'menu.reportOtherAssistance', path: '/laporanjenisbantuan', permission: 'reportOtherAssistance' },
      { key: 'reportChecklist', labelKey: 'menu.reportChecklist', path: '/reportsenaraisemak', permission: 'reportChecklist' },
    ],
  },
  // issue #14: the administration hub (staff, users, leave, teams, shifts, rondas) for the roles that administer
  { key: 'admin', labelKey: 'menu.admin', path: '/primesupport', permission: 'primeSupport' },
  { key: 'logout', labelKey: 'menu.logout', path: '/signout', permission: null },
];

/** The menu a role sees: items it may use; a group shows when any child shows. */
export function menuFor(roleName: string | undefined | null): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of MENU) {
    if (item.children) {
      const children = item.children.filter((c) => c.permission === null || can(roleName, c.permission));
      if (children.length) out.push({ ...item, children });
    } else if ((item.permission === null || can(roleName, item.permission)) && (!item.patrolOnly || (!!roleName && isPatrolRole(roleName)))) {
      out.push(item);
    }
  }
  return out;
}

/** Flat list of the menu keys a role sees (used by tests and the route guard). */
export function menuKeysFor(roleName: string | undefined | null): string[] {
  return menuFor(roleName).flatMap((i) => (i.children ? [i.key, ...i.children.map((c) => c.key)] : [i.key]));
}

export const APP_VERSION = '2.0.3.1.84';
