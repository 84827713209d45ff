/**
 * The one-roster DLU report's call (issue #15; report/mainlinePeriods/get/{id}): the roster's mainline (DLU) and
 * off-mainline (LLU) periods, its GPS gaps and its track. The last answer is kept on the device.
 */
import { useQuery } from '@tanstack/react-query';
import { ACTIVITY_PATHS } from '@contract/activity-log-rules';
import type { MainlineReport } from '@contract/activity-log';
import { apiGet, type CallOptions } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { useSession } from '@/lib/session';

export const mainlineCall = (rosterId: number, opts?: CallOptions) => apiGet<MainlineReport>(ACTIVITY_PATHS.mainline(rosterId), opts);

export function useMainlineReport(rosterId: number) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: ['mainlineReport', rosterId],
    queryFn: async ({ signal }) => {
      const r = await networkFirst(userId, `mainline:${rosterId}`, () => mainlineCall(rosterId, { signal, quiet: true }));
      return { report: r.data, cachedAt: r.cachedAt };
    },
    enabled: rosterId > 0,
    refetchOnWindowFocus: false,
  });
}
