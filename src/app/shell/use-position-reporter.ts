import { useEffect } from 'react';
import type { WebUser } from '@contract/auth';
import { isPatrolRole } from '@contract/roles';
import { whenIdleAfterPaint } from '@/lib/idle';
import { userRole } from '@/lib/session';
import { onDemand } from '@/ui/on-demand';

// the reporter (geolocation, Dexie, batching) loads when the browser is idle after the first paint, for patrol
// users only: it is not part of what the first screen needs (issue #2)
const reporter = onDemand(() => import('@/features/positions/reporter'));

/**
 * The patrol tablet's live position (issue #7): started for a signed-in patrol user (it reports only while one of
 * the user's rosters is on shift), stopped at sign-out or when another user signs in.
 */
export function usePositionReporter(user: WebUser | null) {
  const userId = user?.userId;
  const patrol = !!user && isPatrolRole(userRole(user).name);
  useEffect(() => {
    if (!user || !patrol) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const cancelStart = whenIdleAfterPaint(() => {
      reporter.load().then(
        (m) => {
          if (!cancelled) stop = m.startPositionReporter(user);
        },
        (err: unknown) => console.warn('[positions] could not start', err),
      );
    });
    return () => {
      cancelled = true;
      cancelStart();
      stop?.();
    };
    // follows the signed-in user, not each update of the user's details
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, patrol]);
}
