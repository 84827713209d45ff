import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Attachment } from '../../../contract/incidents';
import type { Db } from '../../db/client';
import { attachment, attachmentContent, staff } from '../../db/schema';
import { tamperedAmong } from './integrity';
import { oncePerDb } from '../../db/once-per-db';

const columns = {
  id: attachment.id,
  incidentId: attachment.incidentId,
  subformId: attachment.subformId,
  journalEntryId: attachment.journalEntryId,
  tableType: attachment.tableType,
  storedName: attachment.storedName,
  fileName: attachment.fileName,
  mimeType: attachment.mimeType,
  byteSize: attachment.byteSize,
  width: attachment.width,
  height: attachment.height,
  statusImg: attachment.statusImg,
  uploadedByStaffId: attachment.uploadedByStaffId,
  uploadedByRole: attachment.uploadedByRole,
  sha256: attachment.sha256,
  exifCapturedAt: attachment.exifCapturedAt,
  exifSource: attachment.exifSource,
  deviceTime: attachment.deviceTime,
  createdAt: attachment.createdAt,
  displayName: staff.displayName,
};
export type AttachmentDbRow = {
  id: number;
  incidentId: number;
  subformId: number | null;
  journalEntryId: number | null;
  tableType: string;
  storedName: string;
  fileName: string;
  mimeType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  statusImg: number;
  uploadedByStaffId: number;
  uploadedByRole: string;
  sha256: string;
  exifCapturedAt: string | null;
  exifSource: string | null;
  deviceTime: Date | null;
  createdAt: Date;
  displayName: string;
};

/** The answer's form of a row; `tampered` from the integrity check (integrity.ts tamperedAmong / withIntegrity). */
export function toAttachment(r: AttachmentDbRow, tampered: boolean): Attachment {
  const journal = r.tableType === 'JOURNAL_ENTRY';
  return {
    pkAttachmentListId: r.id,
    pkDocumentsId: r.id,
    tableType: journal ? 'JOURNAL_ENTRY' : 'INCIDENT_SUBFORM',
    fkTableId: (journal ? r.journalEntryId : r.subformId) ?? 0,
    pkIncidentId: r.incidentId,
    documentName: r.fileName,
    documentType: r.mimeType,
    byteSize: r.byteSize,
    width: r.width,
    height: r.height,
    statusImg: r.statusImg === 1 ? 1 : 0,
    createdDateTime: r.createdAt.toISOString(),
    uploadedBy: { pkStaffId: r.uploadedByStaffId, displayName: r.displayName, roleName: r.uploadedByRole },
    sha256: r.sha256,
    capturedAt: r.exifCapturedAt,
    capturedAtSource: r.exifSource === 'file' || r.exifSource === 'device' ? r.exifSource : null,
    deviceTime: r.deviceTime ? r.deviceTime.toISOString() : null,
    tampered,
  };
}

/** Rows in the answer's form, each checked against its stored bytes' hash (tampered flag). */
export async function withIntegrity(db: Db, rows: AttachmentDbRow[]): Promise<Attachment[]> {
  const tampered = await tamperedAmong(db, rows);
  return rows.map((r) => toAttachment(r, tampered.has(r.id)));
}

/** Live (not deleted) attachments matching `cond`, in upload order. */
export async function findAttachments(db: Db, cond: SQL | undefined, paging?: { length: number; start: number }): Promise<AttachmentDbRow[]> {
  const q = db
    .select(columns)
    .from(attachment)
    .innerJoin(staff, eq(staff.id, attachment.uploadedByStaffId))
    .where(and(isNull(attachment.deletedAt), cond))
    .orderBy(asc(attachment.createdAt), asc(attachment.id));
  return paging ? q.limit(paging.length).offset(paging.start) : q;
}

export async function countAttachments(db: Db, cond: SQL | undefined): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(attachment)
    .where(and(isNull(attachment.deletedAt), cond));
  return count;
}

/** One live attachment by id, or undefined. */
export async function findAttachment(db: Db, id: number): Promise<AttachmentDbRow | undefined> {
  const [row] = await findAttachments(db, eq(attachment.id, id));
  return row;
}

export async function attachmentBytes(db: Db, id: number): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ content: attachmentContent.content })
    .from(attachmentContent)
    .where(eq(attachmentContent.attachmentId, id))
    .limit(1);
  return row?.content;
}

/** The live attachments of journal entries, by entry id (index attachment_journal_idx). */
export async function attachmentsByJournalEntry(db: Db, entryIds: number[]): Promise<Map<number, Attachment[]>> {
  const map = new Map<number, Attachment[]>();
  if (!entryIds.length) return map;
  const rows = await ofEntriesOf(db).execute({ entryIds });
  const answers = await withIntegrity(db, rows);
  rows.forEach((r, i) => {
    const list = map.get(r.journalEntryId!) ?? [];
    list.push(answers[i]);
    map.set(r.journalEntryId!, list);
  });
  return map;
}

/**
 * attachmentsByJournalEntry's read: one statement for any number of entries (`= any($1)`), built once per database and
 * prepared (named on PostgreSQL), as incident/access.ts does: a case's journal (journal/getAllByIncident) ends with it,
 * and building it with Drizzle on every call was a good part of the call's own work (bench/uncached-reads.ts).
 */
const prepareOfEntries = (db: Db) =>
  db
    .select(columns)
    .from(attachment)
    .innerJoin(staff, eq(staff.id, attachment.uploadedByStaffId))
    .where(
      and(
        isNull(attachment.deletedAt),
        eq(attachment.tableType, 'JOURNAL_ENTRY'),
        sql`${attachment.journalEntryId} = any(${sql.placeholder('entryIds')}::int[])`,
      ),
    )
    .orderBy(asc(attachment.createdAt), asc(attachment.id))
    .prepare('journal_entry_attachments');
const ofEntriesOf = oncePerDb((db: Db) => prepareOfEntries(db));
