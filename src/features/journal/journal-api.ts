/**
 * Every call of the journal and the attachments (§7.3 attachmentList, §7.4 journal, §7.5 document). Reads go through
 * react-query (use-journal.ts); the writes are here in one place so issue #4 can route them through the outbox.
 */
import { PATHS } from '@contract/paths';
import type { Attachment, JournalEntry } from '@contract/incidents';
import type { DataTablesResult } from '@contract/envelope';
import { apiFile, apiGet, dataTables, imageBlob, type CallOptions } from '@/lib/api';
import { JPEG } from '@/lib/image';

/** §9 page size of subform child lists. */
const CHILD_LIST_LENGTH = 100;

// ---------------------------------------------------------------- reads

/** The journal of a case, all its entries with their attachments. */
export const journalListCall = (incidentId: number, opts?: CallOptions) => apiGet<JournalEntry[]>(PATHS.journalByIncident(incidentId), opts);

export const journalEntryCall = (id: number) => apiGet<JournalEntry>(PATHS.journalEntryGet(id));

/** Lampiran Media of one subform (tableType INCIDENT_SUBFORM), in upload order. */
export const mediaListCall = (subformId: number, opts?: CallOptions) =>
  dataTables<Attachment>(PATHS.attachmentDataTables, { incidentSubFormId: subformId }, { length: CHILD_LIST_LENGTH, start: 0 }, opts) as Promise<
    DataTablesResult<Attachment>
  >;

/**
 * The bytes of one document (document/downloadFile answers with the image itself, not JSON). An <img src> cannot
 * carry the bearer token, so the bytes are fetched here and shown through an object URL.
 */
export async function documentBytesCall(pkDocumentsId: number, signal?: AbortSignal): Promise<Blob> {
  // the server names the type from the content; keep it (a missing one would make the browser guess)
  return imageBlob(await apiFile('POST', PATHS.documentDownload, { pkDocumentsId }, 'image/*, application/json', { signal }), JPEG);
}

// ---------------------------------------------------------------- writes

/**
 * The writes of the journal and the attachments go through the outbox (issue #4): see
 * src/offline/case-writes.ts (journalItems, documentItem, attachmentDeleteItem).
 */
export type { ImageToSend } from '@/offline/case-writes';
