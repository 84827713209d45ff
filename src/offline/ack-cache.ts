/**
 * What an acknowledged write teaches the device's kept copies (the per-user cache of networkFirst reads). The replay
 * runs in the page and in the service worker; the worker's Background Sync may deliver a queued journal entry while
 * the page has no network. The queued row then leaves the outbox, and a journal read that falls back to the kept copy
 * would not have the entry: the user's own text would vanish from the case until the device is online again. The
 * server's answer is the saved entry, so it goes into the kept copy in the same transaction as the acknowledgement.
 * Shared code: relative imports only, no DOM, no React.
 */
import type { LebuhrayaDb } from './db';
import type { CacheOnAck, OutboxItem } from './outbox';

/** The key under which a case's journal list is kept on the device (src/features/journal/use-journal.ts). */
const JOURNAL_LIST = 'journal:list:';
export const journalListCacheKey = (incidentId: number) => `${JOURNAL_LIST}${incidentId}`;

/** What a journal entry's item declares: the saved entry joins its case's journal list. */
export const journalListOnAck: CacheOnAck = { keyPrefix: JOURNAL_LIST, keyField: 'pkIncidentId', idField: 'pkJournalEntryId' };

type Row = Record<string, unknown>;

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Puts the server's answer to an acknowledged item into the kept list the item declares (`cacheOnAck`), if the device
 * keeps that list: replacing the row with the same id, else first. A list the device never kept is left alone (the
 * next read fetches it whole). Runs inside the acknowledgement's transaction (db.userCache in its scope).
 */
export async function applyAck(db: LebuhrayaDb, userId: string, item: OutboxItem, body: unknown): Promise<void> {
  const on = item.cacheOnAck;
  if (!on || !isRow(body)) return;
  const keyValue = body[on.keyField];
  const id = body[on.idField];
  if ((typeof keyValue !== 'number' && typeof keyValue !== 'string') || id === undefined || id === null) return;
  const row = await db.userCache.get([userId, `${on.keyPrefix}${keyValue}`]);
  if (!row || !Array.isArray(row.data)) return;
  const list = row.data as unknown[];
  const at = list.findIndex((e) => isRow(e) && e[on.idField] === id);
  const data = at >= 0 ? list.map((e, i) => (i === at ? body : e)) : [body, ...list];
  // updatedAt stays: it says when the list was fetched, and the rest of it is no newer
  await db.userCache.put({ ...row, data });
}
