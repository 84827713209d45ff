import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { WebUser } from '@contract/auth';
import { startWhenIdle } from '@/lib/idle';
import { onDemand } from '@/ui/on-demand';
import { resetSyncSnapshot } from '@/features/sync/sync-state';
import { routeSettled } from './route-settled';

// Dexie, the replay and the local store load when the browser is idle after the signed-in screen has painted
// (src/features/sync/sync-runtime.ts): they are not part of what the first screen needs to show itself
const runtime = onDemand(() => import('@/features/sync/sync-runtime'));

/**
 * Runs the offline sync while a user is signed in: started once the shell has rendered (app start or a new
 * sign-in, which also resumes what a 401 paused), stopped at sign-out or when another user signs in.
 */
export function useSyncRuntime(user: WebUser | null) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const userId = user?.userId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the runtime follows the signed-in user (userId), not each update of the user's details
  useEffect(() => {
    if (!user) {
      resetSyncSnapshot(null);
      return;
    }
    // tried again when its code could not be fetched (offline before the service worker cached it)
    return startWhenIdle(() => runtime.load().then((m) => m.startRuntime(user, queryClient)), { label: 'sync', gate: routeSettled(router) });
  }, [userId, queryClient, router]);
}
