/**
 * Calls of the shift handover (issue #29 item 2; contract/handover.ts): the flagged cases read with react-query every
 * minute, and the handover written through the outbox (src/offline/writes.ts) like every write of the portal:
 * answered while the user waits, kept on the device when offline (the queued toast says so), thrown as
 * ParkedWriteError with the server's message when refused.
 */
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import type { HandoverResult, HandoverSave } from '@contract/handover';
import { ApiError } from '@/lib/api';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/handover';
import { getSession, useSession } from '@/lib/session';
import { getDb } from '@/offline/db';
import { miscItem, sendWrites } from '@/offline/writes';
import { HANDOVER_KIND, HANDOVER_PATHS, queuedIncidentIds } from './handover-rules';
import { handoverPendingQuery } from './handover-query';

/** The flagged cases of the caller's scope, read every minute. */
export function useHandoverPending() {
  return useQuery(handoverPendingQuery(useSession()?.user.userId));
}

export type HandoverOutcome = { status: 'sent'; result: HandoverResult } | { status: 'queued' };

/** Hands the cases over (one outbox item: HANDOVER_PATHS.save with HandoverSave). */
export async function sendHandover(items: HandoverSave['items']): Promise<HandoverOutcome> {
  const userId = getSession()?.user.userId;
  if (!userId) throw new ApiError(401, 'UNAUTHORIZED', t('app.unexpected'));
  const body: HandoverSave = { items };
  const item = miscItem(userId, HANDOVER_KIND, t('handover.queuedLabel', { count: items.length }), HANDOVER_PATHS.save, body);
  const outcome = await sendWrites([item]);
  if (outcome.status === 'queued') return { status: 'queued' };
  const result = outcome.answers[item.clientId!] as HandoverResult | undefined;
  return { status: 'sent', result: { handedOver: result?.handedOver ?? [] } };
}

/** The cases of the user's handovers that wait on the device (not those the server refused), live. */
export function useQueuedHandovers(): Set<number> {
  const userId = useSession()?.user.userId;
  return (
    useLiveQuery(
      async () => {
        if (!userId) return new Set<number>();
        const items = await getDb().outbox.where('userId').equals(userId).toArray();
        return queuedIncidentIds(items.filter((i) => i.kind === HANDOVER_KIND && i.state !== 'parked').map((i) => i.body));
      },
      [userId],
      new Set<number>(),
    ) ?? new Set<number>()
  );
}
