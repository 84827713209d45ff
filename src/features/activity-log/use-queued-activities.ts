/**
 * The user's activity-log writes of one roster that wait in the outbox (live, from IndexedDB: they survive a reload
 * and are shown as 'Belum dihantar' until acknowledged), with the server ids the id map already knows for the entries
 * this device created (a later edit still names its entry by the entity).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '@/offline/db';
import type { OutboxItem } from '@/offline/outbox';
import { useSession } from '@/lib/session';
import { activityGroup, type QueuedWrite } from './activity-rules';

export interface QueuedActivities {
  items: QueuedWrite[];
  idMap: Map<string, number>;
  /** false until IndexedDB has answered once */
  loaded: boolean;
}

const EMPTY: QueuedActivities = { items: [], idMap: new Map(), loaded: false };

const refsIn = (items: readonly OutboxItem[]) => {
  const out = new Set<string>();
  for (const i of items) {
    if (i.creates) out.add(i.creates.entity);
    for (const d of i.dependsOn) out.add(d);
  }
  return [...out];
};

export function useQueuedActivities(rosterId: number): QueuedActivities {
  const userId = useSession()?.user.userId;
  return (
    useLiveQuery(
      async (): Promise<QueuedActivities> => {
        if (!userId) return { ...EMPTY, loaded: true };
        const db = getDb();
        const group = activityGroup(rosterId);
        const items = (await db.outbox.where('userId').equals(userId).sortBy('seq')).filter((i) => i.group === group);
        const idMap = new Map<string, number>();
        const refs = refsIn(items);
        if (refs.length) for (const r of await db.idMap.bulkGet(refs)) if (r && r.userId === userId) idMap.set(r.clientId, r.serverId);
        return {
          items: items.map((i) => ({
            clientId: i.clientId,
            seq: i.seq,
            kind: i.kind,
            state: i.state,
            body: i.body,
            creates: i.creates,
            park: i.park ? { message: i.park.message } : undefined,
          })),
          idMap,
          loaded: true,
        };
      },
      [userId, rosterId],
      EMPTY,
    ) ?? EMPTY
  );
}
