/**
 * What an acknowledged write teaches the device's kept copies (the per-user cache of networkFirst reads). The replay
 * runs in the page and in the service worker; the worker's Background Sync may deliver a queued journal entry while
 * the page has no network. The queued row then leaves the outbox, and a journal read that falls back to the kept copy
 * would not have the entry: the user's own text would vanish from the case until the device is online again. The
 * server's answer is the saved entry, so it goes into the kept copy in the same transaction as the acknowledgement.
 * Shared code: relative imports only, no DOM, no React.
 */
import type { LebuhrayaDb } from './db';
import type { OutboxItem } from './outbox';

/** The key under which a case's journal list is kept on the device (src/features/journal/use-journal.ts). */
export const journalListCacheKey = (incidentId: number) => `journal:list:${incidentId}`;

type EntryLike = { pkJournalEntryId: number; pkIncidentId: number };

const isEntry = (v: unknown): v is EntryLike =>
  typeof v === 'object' && v !== null && typeof (v as EntryLike).pkJournalEntryId === 'number' && typeof (v as EntryLike).pkIncidentId === 'number';

/**
 * Puts the server's answer to an acknowledged item into the kept copy it belongs to, if the device keeps one: a saved
 * journal entry into its case's journal list (replacing the same entry, else added). A list the device never kept is
 * left alone (the next read fetches it whole). Runs inside the acknowledgement's transaction (db.userCache in its scope).
 */
export async function applyAck(db: LebuhrayaDb, userId: string, item: OutboxItem, body: unknown): Promise<void> {
  if (item.kind !== 'journal.save' || !isEntry(body)) return;
  const key = journalListCacheKey(body.pkIncidentId);
  const row = await db.userCache.get([userId, key]);
  if (!row || !Array.isArray(row.data)) return;
  const list = row.data as EntryLike[];
  const at = list.findIndex((e) => isEntry(e) && e.pkJournalEntryId === body.pkJournalEntryId);
  const data = at >= 0 ? list.map((e, i) => (i === at ? body : e)) : [body, ...list];
  // updatedAt stays: it says when the list was fetched, and the rest of it is no newer
  await db.userCache.put({ ...row, data });
}
