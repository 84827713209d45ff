import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { JournalEntry } from '../../../contract/incidents';
import type { Db } from '../../db/client';
import { journalEntry, staff } from '../../db/schema';
import { localDmy, localHms } from '../../lib/time';
import { attachmentsByJournalEntry } from '../document/queries';
import { oncePerDb } from '../../db/once-per-db';

/** dd-mm-yyyy and hh:mm:ss in Asia/Brunei (§9). */
export function localParts(at: Date): { date: string; time: string } {
  return { date: localDmy(at), time: localHms(at) };
}

const columns = {
  id: journalEntry.id,
  incidentId: journalEntry.incidentId,
  subformId: journalEntry.subformId,
  entry: journalEntry.entry,
  kind: journalEntry.kind,
  readStatus: journalEntry.readStatus,
  roleName: journalEntry.roleName,
  createdAt: journalEntry.createdAt,
  staffId: staff.id,
  displayName: staff.displayName,
  position: staff.position,
};

/** Entries matching `cond`, newest first (index journal_entry_incident_idx), each with its live attachments. */
export async function findEntries(db: Db, cond: SQL | undefined, paging?: { length: number; start: number }): Promise<JournalEntry[]> {
  const q = db
    .select(columns)
    .from(journalEntry)
    .innerJoin(staff, eq(staff.id, journalEntry.staffId))
    .where(cond)
    .orderBy(desc(journalEntry.createdAt), desc(journalEntry.id));
  return withAttachments(db, await (paging ? q.limit(paging.length).offset(paging.start) : q));
}

/**
 * Every entry of a case, newest first (journal/getAllByIncident), its read built once per database and prepared
 * (named on PostgreSQL), as incident/access.ts does: building it with Drizzle on every call was a good part of the
 * call's own work (bench/uncached-reads.ts).
 */
export async function findEntriesOfIncident(db: Db, incidentId: number): Promise<JournalEntry[]> {
  return withAttachments(db, await ofIncidentOf(db).execute({ incidentId }));
}
const prepareOfIncident = (db: Db) =>
  db
    .select(columns)
    .from(journalEntry)
    .innerJoin(staff, eq(staff.id, journalEntry.staffId))
    .where(eq(journalEntry.incidentId, sql.placeholder('incidentId')))
    .orderBy(desc(journalEntry.createdAt), desc(journalEntry.id))
    .prepare('journal_of_incident');
const ofIncidentOf = oncePerDb((db: Db) => prepareOfIncident(db));

type EntryRow = Awaited<ReturnType<ReturnType<typeof prepareOfIncident>['execute']>>[number];

async function withAttachments(db: Db, rows: EntryRow[]): Promise<JournalEntry[]> {
  const attachments = await attachmentsByJournalEntry(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    pkJournalEntryId: r.id,
    pkIncidentId: r.incidentId,
    incidentSubFormId: r.subformId,
    entry: r.entry,
    kind: r.kind === 'CORRECTION' || r.kind === 'HANDOVER' ? r.kind : 'NOTE',
    ...localParts(r.createdAt),
    createdDateTime: r.createdAt.toISOString(),
    readStatus: r.readStatus,
    staff: { pkStaffId: r.staffId, displayName: r.displayName, position: r.position, roleName: r.roleName },
    attachments: attachments.get(r.id) ?? [],
  }));
}

export async function countEntries(db: Db, cond: SQL | undefined): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(journalEntry).where(cond);
  return count;
}

export async function findEntry(db: Db, id: number): Promise<JournalEntry | undefined> {
  const [row] = await findEntries(db, eq(journalEntry.id, id));
  return row;
}

/** The bare row of an entry (for the access check before anything is shown). */
export async function entryRef(db: Db, id: number) {
  const [row] = await db
    .select({
      id: journalEntry.id,
      incidentId: journalEntry.incidentId,
      subformId: journalEntry.subformId,
      staffId: journalEntry.staffId,
      entry: journalEntry.entry,
    })
    .from(journalEntry)
    .where(eq(journalEntry.id, id))
    .limit(1);
  return row;
}

export const byIncident = (incidentId: number) => eq(journalEntry.incidentId, incidentId);
export const bySubform = (incidentId: number, subformId: number) =>
  and(eq(journalEntry.incidentId, incidentId), eq(journalEntry.subformId, subformId));
