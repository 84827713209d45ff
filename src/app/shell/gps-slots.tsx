import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { WebUser } from '@contract/auth';
import { isPatrolRole } from '@contract/roles';
import { userRole } from '@/lib/session';
import { onDemand, useOnDemand } from '@/ui/on-demand';
import { routeSettled } from './route-settled';

// the GPS chip and banner (issue #7) are for patrol users only: their code and texts load for them, after the screen
const gps = onDemand(() => import('@/features/positions/position-status'));

function usePatrolGps(user: WebUser) {
  const patrol = isPatrolRole(userRole(user).name);
  const [mod, request] = useOnDemand(gps);
  const router = useRouter();
  // after the screen: the chip's code loads once the navigation under way (a landing screen's chunk) has rendered
  useEffect(() => (patrol ? routeSettled(router)(request) : undefined), [patrol, request, router]);
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
