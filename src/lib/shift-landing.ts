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
