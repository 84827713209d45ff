/**
 * Who may open which route (§2.2, §6). Route guards (src/routes/__root.tsx) and the sign-in screen use this.
 */
import { can, landsOnPrimeSupport, type Permission } from '@contract/roles';
import type { WebUser } from '@contract/auth';

/** Reachable signed out. /resetpassword is part of the sign-in flow (restricted token, §8 'resetpassword'). */
export const PUBLIC_PATHS: readonly string[] = ['/signin', '/maintenance/checkusername', '/usernamechecker', '/resetpassword', '/resetpasswordlink'];

/** Shown without the side menu and top bar (§2.2: hidden on sign-in and the username check). */
export const CHROMELESS_PATHS: readonly string[] = [...PUBLIC_PATHS, '/signout'];
/** Every path below these is shown without the shell too (the printable incident view, §2.7). */
export const CHROMELESS_PREFIXES: readonly string[] = ['/insiden/'];

/** Screens that exist and the permission each needs (null: any signed-in user). */
export const ROUTE_PERMISSIONS: Readonly<Record<string, Permission | null>> = {
  '/': null,
  '/listingroster': 'rosterList',
  '/kesbaru': 'newCase',
  // the user's form drafts (issue #4): the roles that fill the new-case form or a subform
  '/draf': 'editSubform',
  '/cariankes': 'caseSearch',
  '/incident': 'caseSearch',
  '/cariantmclogsheet': 'tmcLog',
  // the incident map (issue #7)
  '/map': 'map',
  // a key ending in /* covers every path below it (dynamic routes)
  '/insidenView/*': 'viewCase',
  // a case created offline, not sent yet (issue #4): only its creator has it
  '/kes-tertunda/*': 'newCase',
  '/insiden/*': 'viewCase',
  '/primesupport': 'primeSupport',
  // organisation administration (issue #14): users and roles for the administrators, the rest for the managers
  '/manageuser': 'adminUsers',
  '/registeruser': 'adminUsers',
  '/listingstaff': 'adminOrg',
  '/createupdatestaff': 'adminOrg',
  '/createupdatestaff/*': 'adminOrg',
  '/listingleave': 'adminOrg',
  '/createleave': 'adminOrg',
  '/createleave/*': 'adminOrg',
  '/listingteam': 'adminOrg',
  '/createupdateteam/*': 'adminOrg',
  '/listingshift': 'adminOrg',
  '/createupdateshift': 'adminOrg',
  '/createupdateshift/*': 'adminOrg',
  '/listingronda': 'adminOrg',
  '/createupdateronda': 'adminOrg',
  '/createupdateronda/*': 'adminOrg',
  '/listingcheckpoint': 'adminOrg',
  '/createupdatecheckpoint': 'adminOrg',
  '/createupdatecheckpoint/*': 'adminOrg',
  '/signout': null,
  // "Syif saya" (issue #30): the patrol's home for the shift; the menu shows it to the patrol roles (contract/menu.ts)
  '/syifsaya': 'activityLogWrite',
  // the activity log and the end-of-duty report (issue #15): reading needs 'reports' (PR has it); recording
  // (/activitylog/{id}/edit) is checked on the screen with activityLogWrite and the server's can.editActivities
  '/dailyactivitylog': 'reports',
  '/activitylog/*': 'reports',
  '/laporanmasalebuhraya/*': 'reports',
  // duty rosters (issue #15): the form for the roster managers, the staffing view of a day for whoever reads rosters
  '/createupdateroster/*': 'rosterManage',
  '/staffingroster': 'rosterList',
  // the daily vehicle checklist on the patrol's tablet and its report (issue #16)
  '/senaraisemak/*': 'checklistWrite',
  '/reportsenaraisemak': 'reportChecklist',
  // fleet and equipment (issue #16): the lists for whoever reads the organisation (read-only without fleetManage),
  // the forms for fleetManage; /maintenance (the checklist master) is exact, so /maintenance/checkusername stays public
  '/managevehicle': 'readOrg',
  '/registervehicle': 'fleetManage',
  '/registervehicle/*': 'fleetManage',
  '/listingasset': 'readOrg',
  '/createupdateasset': 'fleetManage',
  '/createupdateasset/*': 'fleetManage',
  '/maintenance': 'readOrg',
  // reports (issue #17): the Dashboard roles; Jenis Bantuan Lain-Lain and the hub also OTHERS (§6)
  '/reportingmodule': 'reportHub',
  '/laporaninsiden': 'reports',
  '/laporanmasalebuhraya': 'reports',
  '/laporanmasabertugas': 'reports',
  '/laporanpenggunaankenderaan': 'reports',
  '/laporanjenisbantuan': 'reportOtherAssistance',
  '/laporanrondaan': 'reports',
  '/laporanseksyen/*': 'reports',
  // §2.1 routes of issue #19: the subform routes open the new-case form with their type chosen (/kesbaru?type=);
  // /journalEntry, /furtheractions and /bantuan pick a case and open its journal, further actions or assistance;
  // /play, the gallery of the portal's own components, for the roles that administer users and roles
  '/accidentsubform': 'newCase',
  '/breakdownsubform': 'newCase',
  '/objekhalangan': 'newCase',
  '/keadaanjalan': 'newCase',
  '/haiwan': 'newCase',
  '/assetlebuhraya': 'newCase',
  '/lainlain': 'newCase',
  '/journalEntry': 'viewCase',
  '/furtheractions': 'viewCase',
  '/bantuan': 'viewCase',
  '/play': 'adminUsers',
};

/** Paths role id 1 may stay on; anything else sends it to /primesupport (§2.2). */
const ADMIN_PATHS: readonly string[] = ['/primesupport', '/signout', '/manageuser', '/registeruser', '/play', ...PUBLIC_PATHS];

export const normalizePath = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p) || '/';

export interface GuardUser {
  roleId: number;
  roleName: string;
}

export function guardUserOf(user: WebUser | null | undefined): GuardUser | null {
  const r = user?.roles?.[0];
  return r ? { roleId: r.pkRoleId, roleName: r.roleName } : null;
}

/** The page a role lands on after sign-in and when it opens a route it may not use. */
export function landingFor(u: GuardUser | null): '/primesupport' | '/' {
  return u && landsOnPrimeSupport(u.roleId) ? '/primesupport' : '/';
}

/** The permission a path needs: an exact entry, else the nearest `/prefix/*` entry; undefined when none. */
export function routePermission(path: string): Permission | null | undefined {
  if (path in ROUTE_PERMISSIONS) return ROUTE_PERMISSIONS[path];
  for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1)) {
    const key = `${path.slice(0, cut)}/*`;
    if (key in ROUTE_PERMISSIONS) return ROUTE_PERMISSIONS[key];
  }
  return undefined;
}

export function isPublicPath(pathname: string) {
  return PUBLIC_PATHS.includes(normalizePath(pathname));
}

export function isChromeless(pathname: string) {
  const path = normalizePath(pathname);
  return CHROMELESS_PATHS.includes(path) || CHROMELESS_PREFIXES.some((p) => path.startsWith(p));
}

export interface GuardRedirect {
  to: string;
  search?: Record<string, string>;
  /** the screen exists but the role may not use it: the shell says so ('Anda tiada akses ke halaman itu.') */
  denied?: true;
}

/**
 * Where to send a navigation to `pathname`, or null to let it through.
 * - signed out: anything but the public routes → /signin (remembering where the user was going);
 * - signed in on /signin → its landing page;
 * - role id 1 → /primesupport (except sign-out and the public tools);
 * - a route whose permission the role lacks → its landing page.
 * Paths that are not screens fall through to the not-found page.
 */
export function guardRedirect(pathname: string, user: GuardUser | null): GuardRedirect | null {
  const path = normalizePath(pathname);
  if (!user) {
    if (isPublicPath(path)) return null;
    return path === '/' || path === '/signout' ? { to: '/signin' } : { to: '/signin', search: { redirect: path } };
  }
  const landing = landingFor(user);
  if (path === '/signin') return { to: landing };
  const perm = routePermission(path);
  const denied = perm ? !can(user.roleName, perm) : false;
  if (landsOnPrimeSupport(user.roleId))
    return ADMIN_PATHS.includes(path) ? null : { to: '/primesupport', ...(denied ? { denied: true as const } : {}) };
  if (denied) return path === landing ? null : { to: landing, denied: true };
  return null;
}

/** A safe after-sign-in target: an internal path the user may open, else the landing page. */
export function afterSignInTarget(redirect: string | undefined, user: GuardUser): string {
  const landing = landingFor(user);
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return landing;
  const path = normalizePath(redirect.split(/[?#]/)[0]);
  if (isPublicPath(path) || path === '/signout') return landing;
  return guardRedirect(path, user) ? landing : path;
}
