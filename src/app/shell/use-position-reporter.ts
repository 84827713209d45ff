import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { WebUser } from '@contract/auth';
import { isPatrolRole } from '@contract/roles';
import { startWhenIdle } from '@/lib/idle';
import { userRole } from '@/lib/session';
import { onDemand } from '@/ui/on-demand';
import { routeSettled } from './route-settled';

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
  const router = useRouter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the signed-in user (userId), not each update of the user's details
  useEffect(() => {
    if (!user || !patrol) return;
    // tried again when its code could not be fetched (offline before the service worker cached it)
    return startWhenIdle(() => reporter.load().then((m) => m.startPositionReporter(user)), { label: 'positions', gate: routeSettled(router) });
  }, [userId, patrol, router]);
}
