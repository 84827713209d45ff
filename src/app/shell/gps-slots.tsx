import { useEffect } from 'react';
import type { WebUser } from '@contract/auth';
import { isPatrolRole } from '@contract/roles';
import { userRole } from '@/lib/session';
import { onDemand, useOnDemand } from '@/ui/on-demand';

// the GPS chip and banner (issue #7) are for patrol users only: their code and texts load for them, after the frame
const gps = onDemand(() => import('@/features/positions/position-status'));

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
  return mod ? <mod.GpsPermissionBanner /> : null;
}
