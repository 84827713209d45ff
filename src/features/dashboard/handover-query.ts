/**
 * The read of "Perlu serahan" (the flagged cases, HANDOVER_PATHS.pending): one definition for the panel's query
 * (handover-api.ts) and for the dashboard's frame, which asks for it as soon as it shows (dashboard-screen.tsx), beside
 * the panel's code rather than after it. Part of the first load: no Dexie, no texts.
 */
import type { HandoverList } from '@contract/handover';
import { apiGet } from '@/lib/api';
import { HANDOVER_PATHS, HANDOVER_REFRESH_MS } from './handover-rules';

/**
 * The flagged cases of the caller's scope, read every minute. Under 'incidents': the dashboard's refresh button and
 * every case write refresh it with the case lists.
 */
export const handoverPendingQuery = (userId: string | undefined) => ({
  queryKey: ['incidents', 'handover', userId ?? ''] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<HandoverList>(HANDOVER_PATHS.pending, { signal, quiet: true }),
  refetchInterval: HANDOVER_REFRESH_MS,
  refetchOnWindowFocus: true,
  enabled: !!userId,
});
