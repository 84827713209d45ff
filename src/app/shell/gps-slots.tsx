import { useEffect } from 'react';
import type { WebUser } from '@contract/auth';
import { isPatrolRole } from '@contract/roles';
import { userRole } from '@/lib/session';
import { onDemand, useOnDemand } from '@/ui/on-demand';

// the GPS chip and banner (issue #7) are for patrol users only: their code and texts load for them alone (with the
// app's start when the session was kept, loadGpsEarly; else when the shell first shows them)
const gps = onDemand(() => import('@/features/positions/position-status'));

/**
 * A patrol's chip and banner start with the app rather than after its first screen (src/main.tsx, once the stored
 * session is read): their code loads beside the route's, and the banner's reading (on shift, the location not asked
 * yet: position-state.ts previewPositionPhase) is there by the time the shell first renders. On a slow tablet the
 * banner came seconds after the screen, the last large thing to paint.
 */
export function loadGpsEarly(user: WebUser | null | undefined) {
  if (!user || !isPatrolRole(userRole(user).name)) return;
  gps.load().then(
    (m) => m.previewPositionPhase(user.rosters, Date.now()),
    () => {
      /* offline before the service worker cached it: the slots ask again when they mount */
    },
  );
}

function usePatrolGps(user: WebUser) {
  const patrol = isPatrolRole(userRole(user).name);
  const [mod, request] = useOnDemand(gps);
  useEffect(() => {
    if (patrol) request();
  }, [patrol, request]);
  return patrol ? mod : null;
}

/** The top bar's 'GPS: dihantar 12 s lalu' chip of a patrol on shift. */
export function GpsChipSlot({ user }: { user: WebUser }) {
  const mod = usePatrolGps(user);
  return mod ? <mod.GpsChip /> : null;
}

/** The banner asking a patrol on shift for the location (once). */
export function GpsBannerSlot({ user }: { user: WebUser }) {
  const mod = usePatrolGps(user);
  return mod ? <mod.GpsPermissionBanner rosters={user.rosters} /> : null;
}
