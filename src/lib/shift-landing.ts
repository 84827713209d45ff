import type { WebUser } from '@contract/auth';
import { can, isPatrolRole } from '@contract/roles';
import { rosterStatusAt } from './roster-status';

/** "Syif saya" (issue #30 item 1): the patrol's home for the shift. */
export const MY_SHIFT_PATH = '/syifsaya';

/**
 * Where a patrol lands after signing in (issue #30): Syif saya while a roster of theirs covers now (the session's
 * rosters, by the contract's rule for now, contract/shift-time.ts); null for everyone else and for a patrol off shift
 * (the role's landing page, src/lib/access.ts landingFor).
 */
export function shiftLanding(user: Pick<WebUser, 'roles' | 'rosters'> | null | undefined, now: number = Date.now()): string | null {
  const role = user?.roles?.[0]?.roleName;
  if (!user || !role || !isPatrolRole(role) || !can(role, 'activityLogWrite')) return null;
  return user.rosters.some((r) => rosterStatusAt({ ...r, status: 'upcoming' }, now) === 'active') ? MY_SHIFT_PATH : null;
}

/** sessionStorage: set once this tab (a PWA window, a browser tab) has shown its first screen */
export const TAB_OPENED_KEY = 'lebuhraya.tabOpened';

/**
 * Where the app's first screen in a tab goes when it opens on '/' (the installed app's start, a bookmark): Syif saya
 * for a patrol on shift, as after signing in; null otherwise. Only once per tab: the dashboard stays one tap away in
 * the menu, and a reload, a link or the back button go where they point (issue #30 item 1: "the patrol's landing
 * screen whenever a roster of theirs covers now", also on a tablet that kept its session since yesterday's shift).
 */
export function launchLanding(
  pathname: string,
  user: Pick<WebUser, 'roles' | 'rosters'> | null | undefined,
  now: number = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = tabStorage(),
): string | null {
  if (!storage) return null;
  try {
    if (storage.getItem(TAB_OPENED_KEY)) return null;
    storage.setItem(TAB_OPENED_KEY, '1');
  } catch {
    return null; // storage refused (private mode): never redirect rather than redirect on every load
  }
  return pathname === '/' || pathname === '' ? shiftLanding(user, now) : null;
}

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
