/**
 * Journal (Jurnal Kes, §2.16, §3.8, §4.4, §7.4): entries written on a case, linked to its subform, newest first.
 * Every call checks the case's access first (incidentAccess / incidentAccessBySubform: 404, 403 other region).
 *
 * Writing on a Tutup or Batal case is allowed on purpose: the journal is the case's running record, and notes go on
 * after a case is closed or cancelled (a late report from the scene, a follow-up call, the superadmin's data
 * correction of §4.2). The edit/close/cancel rules of §6 guard the case record, not its journal.
 */
import { eq } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { journalReadStatus } from '../../../contract/incident-rules';
import type { JournalEntry } from '../../../contract/incidents';
import { isTmcRole } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { incident, journalEntry, staff } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { incidentAccess, incidentAccessBySubform, NO_INCIDENT_MESSAGE, type IncidentAccess } from '../incident/access';
import { notifyPatrolActivity } from '../incident/notify';
import { byIncident, bySubform, countEntries, entryRef, findEntries, findEntriesOfIncident, findEntry, localParts } from './queries';
import { now } from '../../lib/clock';

export const JOURNAL_SAVED = 'Jurnal telah berjaya disimpan';
const NO_ENTRY_MESSAGE = 'Kemasukan jurnal tidak dijumpai.';

/** The case an entry goes to: by subform (the link of §3.8) or by incident, which must agree when both are sent. */
async function caseOf(
  db: Db,
  user: TokenClaims,
  ids: { incidentSubFormId?: number; pkIncidentId?: number },
): Promise<{ access: IncidentAccess; subformId: number | null }> {
  if (ids.incidentSubFormId) {
    const access = await incidentAccessBySubform(db, user, ids.incidentSubFormId);
    if (ids.pkIncidentId && ids.pkIncidentId !== access.id) throw badRequest('Subform ini bukan milik kes tersebut.', 'incidentSubFormId');
    return { access, subformId: ids.incidentSubFormId };
  }
  if (ids.pkIncidentId) {
    const access = await incidentAccess(db, user, ids.pkIncidentId);
    return { access, subformId: access.subformId };
  }
  throw badRequest('Sila nyatakan kes (incidentSubFormId atau pkIncidentId).', 'incidentSubFormId');
}

/** journalEntry/save: the entry and its link in one transaction; a patrol's entry raises the TMC notification. */
export async function saveEntry(
  db: Db,
  user: TokenClaims,
  input: { entry: string; incidentSubFormId?: number; pkIncidentId?: number },
): Promise<JournalEntry> {
  const { access, subformId } = await caseOf(db, user, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(journalEntry)
      .values({
        incidentId: access.id,
        subformId,
        staffId: user.sid,
        roleName: user.rn,
        entry: input.entry.trim(),
        kind: 'NOTE',
        readStatus: journalReadStatus(user.rn),
        createdAt: now(),
      })
      .returning({ id: journalEntry.id });
    await notifyPatrolActivity(tx, user.rn, access.id);
    return row.id;
  });
  return (await findEntry(db, id))!;
}

/** An entry the caller may see: 404 when missing, then the case's 403. */
async function readableEntryRef(db: Db, user: TokenClaims, id: number) {
  const ref = await entryRef(db, id);
  if (!ref) throw notFound(NO_ENTRY_MESSAGE);
  const access = await incidentAccess(db, user, ref.incidentId);
  return { ref, access };
}

export async function getEntry(db: Db, user: TokenClaims, id: number): Promise<JournalEntry> {
  await readableEntryRef(db, user, id);
  return (await findEntry(db, id))!;
}

/**
 * journalEntry/updateStatus, the read mark of §4.4: a TMC reader appends
 * 'Read by: <display name> (<role>) Read Date: dd-mm-yyyy hh:mm:ss' (Asia/Brunei) once. The entry's readStatus
 * column keeps the writer's code (829/830, §6); the request's readStatus is accepted for the client's sake and
 * not stored.
 */
export async function markRead(db: Db, user: TokenClaims, id: number): Promise<{ entry: JournalEntry; marked: boolean }> {
  if (!isTmcRole(user.rn)) throw forbidden('Hanya pengguna TMC boleh menanda jurnal sebagai telah dibaca.');
  await readableEntryRef(db, user, id);
  const [me] = await db.select({ displayName: staff.displayName }).from(staff).where(eq(staff.id, user.sid)).limit(1);
  const reader = `Read by: ${me?.displayName ?? user.uid} (${user.rn})`;
  const marked = await db.transaction(async (tx) => {
    const [row] = await tx.select({ entry: journalEntry.entry }).from(journalEntry).where(eq(journalEntry.id, id)).for('update');
    if (row.entry.includes(reader)) return false;
    const { date, time } = localParts(now());
    await tx
      .update(journalEntry)
      .set({ entry: `${row.entry}\n${reader} Read Date: ${date} ${time}` })
      .where(eq(journalEntry.id, id));
    return true;
  });
  return { entry: (await findEntry(db, id))!, marked };
}

/** journal/save, the link of §3.8: idempotent; the entry and the subform must be of the same case. */
export async function linkEntry(
  db: Db,
  user: TokenClaims,
  input: { journalEntryId: number; staffId?: number; incidentSubFormId: number },
): Promise<JournalEntry> {
  const access = await incidentAccessBySubform(db, user, input.incidentSubFormId);
  const ref = await entryRef(db, input.journalEntryId);
  if (!ref) throw notFound(NO_ENTRY_MESSAGE);
  if (ref.incidentId !== access.id) throw badRequest('Kemasukan jurnal ini bukan milik kes subform tersebut.', 'journalEntryId');
  if (input.staffId && input.staffId !== ref.staffId) throw badRequest('staffId bukan penulis kemasukan jurnal ini.', 'staffId');
  if (ref.subformId !== input.incidentSubFormId) {
    await db.update(journalEntry).set({ subformId: input.incidentSubFormId }).where(eq(journalEntry.id, ref.id));
  }
  return (await findEntry(db, ref.id))!;
}

/** journal/dataTables: by subform (its link) or by incident, newest first. */
export async function listEntries(
  db: Db,
  user: TokenClaims,
  filter: { incidentSubFormId?: number; incidentId?: number },
  paging: { length: number; start: number },
): Promise<{ rows: JournalEntry[]; recordCount: number }> {
  let cond: Parameters<typeof countEntries>[1];
  if (filter.incidentSubFormId) {
    const access = await incidentAccessBySubform(db, user, filter.incidentSubFormId);
    if (filter.incidentId && filter.incidentId !== access.id) throw badRequest('Subform ini bukan milik kes tersebut.', 'incidentSubFormId');
    cond = bySubform(access.id, filter.incidentSubFormId);
  } else if (filter.incidentId) {
    await incidentAccess(db, user, filter.incidentId);
    cond = byIncident(filter.incidentId);
  } else {
    throw badRequest('Sila nyatakan kes (incidentSubFormId atau incidentId).', 'incidentSubFormId');
  }
  const [rows, recordCount] = await Promise.all([findEntries(db, cond, paging), countEntries(db, cond)]);
  return { rows, recordCount };
}

/** journal/getAllByIncident: every entry of the case (all its subforms), newest first, with attachments. */
export async function entriesOfIncident(db: Db, user: TokenClaims, incidentId: number): Promise<JournalEntry[]> {
  await incidentAccess(db, user, incidentId);
  return findEntriesOfIncident(db, incidentId);
}

/** journal/getByTicketNumber: the same by the case's ticket number. */
export async function entriesOfTicket(db: Db, user: TokenClaims, ticket: string): Promise<JournalEntry[]> {
  const [row] = await db.select({ id: incident.id }).from(incident).where(eq(incident.ticketNumber, ticket.trim().toUpperCase())).limit(1);
  if (!row) throw notFound(NO_INCIDENT_MESSAGE);
  return entriesOfIncident(db, user, row.id);
}
