/**
 * The user's own writes of one incident that wait in the outbox (issue #4): the journal and the audit trail show
 * them beside what the server has, marked 'Belum dihantar', until they are acknowledged (src/features/journal,
 * src/features/incidents/detail).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from './db';
import type { OutboxItem } from './outbox';
import { useSession } from '@/lib/session';

export interface QueuedTarget {
  /** the server id of the case (0/null: not known yet) */
  id?: number | null;
  /** the entity client id of a case created on this device */
  entity?: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Whether an item belongs to the case: by its server id, or by the entity it was created under on this device. */
export function belongsTo(item: OutboxItem, target: QueuedTarget, entities: ReadonlySet<string>): boolean {
  const r = item.incidentRef;
  if (!r) return false;
  if (target.id && r.id === target.id) return true;
  if (r.entity && (r.entity === target.entity || entities.has(r.entity))) return true;
  return false;
}

/** A queued journal entry with the photos queued for it. */
export interface QueuedEntry {
  item: OutboxItem;
  entry: string;
  photos: OutboxItem[];
}

/** Groups queued journal.save items with their document.save items (fkTableId: ref(journal entity)). */
export function queuedEntriesOf(items: readonly OutboxItem[]): QueuedEntry[] {
  const out: QueuedEntry[] = [];
  for (const i of items) {
    if (i.kind !== 'journal.save') continue;
    const entity = i.creates?.entity;
    const photos = items.filter(
      (d) => d.kind === 'document.save' && isRecord(d.body) && isRecord(d.body.fkTableId) && d.body.fkTableId.$ref === entity,
    );
    out.push({ item: i, entry: isRecord(i.body) && typeof i.body.entry === 'string' ? i.body.entry : '', photos });
  }
  // newest first, as the journal lists
  return out.sort((a, b) => (b.item.seq ?? 0) - (a.item.seq ?? 0));
}

/** The user's queued items of one case, live (empty while loading). */
export function useQueuedItems(target: QueuedTarget, kinds?: readonly string[]): OutboxItem[] {
  const userId = useSession()?.user.userId;
  const key = `${target.id ?? ''}|${target.entity ?? ''}|${kinds?.join(',') ?? ''}|${userId ?? ''}`;
  return (
    useLiveQuery(
      async () => {
        if (!userId) return [];
        const db = getDb();
        // the entities this case was created under on this device (an offline-created case, now with its server id)
        const entities = new Set<string>();
        if (target.id) {
          const rows = await db.idMap.where('serverKey').equals(`incident:${target.id}`).toArray();
          for (const r of rows) if (r.userId === userId) entities.add(r.clientId);
        }
        const items = await db.outbox.where('userId').equals(userId).sortBy('seq');
        return items.filter((i) => (!kinds || kinds.includes(i.kind)) && belongsTo(i, target, entities));
      },
      [key],
      [] as OutboxItem[],
    ) ?? []
  );
}
