/**
 * Attachments (§3.6, §7.3 attachmentList, §7.5 document): journal photos (tableType JOURNAL_ENTRY) and a subform's
 * Lampiran Media (INCIDENT_SUBFORM). One record per file; the bytes in attachment_content. Every call checks the
 * case's access first (incidentAccess: 404 / 403 other region).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { canDeleteAttachment } from '../../../contract/incident-rules';
import type { Attachment, DocumentSave } from '../../../contract/incidents';
import { STATUS } from '../../../contract/lookups';
import { can, isPatrolRole } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { attachment, attachmentContent, journalEntry } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { incidentAccess, incidentAccessBySubform, isRosterMember, type IncidentAccess } from '../incident/access';
import { notifyPatrolActivity } from '../incident/notify';
import { cleanImage, decodeBase64Strict, sanitizeFileName, storedNameFor } from './image-check';
import { attachmentBytes, findAttachment, toAttachment, type AttachmentDbRow } from './queries';

export const DELETE_FAILED_MESSAGE = 'Ops! Aset tidak berjaya dipadam.';
export const NO_ATTACHMENT_MESSAGE = 'Lampiran tidak dijumpai.';

interface Target {
  access: IncidentAccess;
  subformId: number | null;
  journalEntryId: number | null;
}

/** Where an upload goes, with the case's access checked first. */
async function resolveTarget(db: Db, user: TokenClaims, input: Pick<DocumentSave, 'tableType' | 'fkTableId'>): Promise<Target> {
  if (input.tableType === 'JOURNAL_ENTRY') {
    const [entry] = await db
      .select({ id: journalEntry.id, incidentId: journalEntry.incidentId, subformId: journalEntry.subformId, staffId: journalEntry.staffId })
      .from(journalEntry)
      .where(eq(journalEntry.id, input.fkTableId))
      .limit(1);
    if (!entry) throw notFound('Kemasukan jurnal tidak dijumpai.');
    const access = await incidentAccess(db, user, entry.incidentId);
    // a journal photo belongs to the entry it was sent with: only its writer adds to it
    if (entry.staffId !== user.sid) throw forbidden('Hanya penulis kemasukan jurnal ini boleh melampirkan imej kepadanya.');
    // Journal photos are allowed on a Tutup or Batal case: the case record goes on after closing (a late photo of
    // the scene, a correction), like the journal itself.
    return { access, subformId: entry.subformId, journalEntryId: entry.id };
  }
  const access = await incidentAccessBySubform(db, user, input.fkTableId);
  // Lampiran Media is part of the subform: the subform's editors add to it; a patrol only on its own case
  if (!can(user.rn, 'editSubform')) throw forbidden();
  if (isPatrolRole(user.rn) && !(await isRosterMember(db, user.sid, access.dutyRosterId))) {
    throw forbidden('Hanya peronda yang ditugaskan boleh menambah lampiran kes ini.');
  }
  // a closed or cancelled case's subform changes only as a superadmin's data correction (§4.2, §6)
  const final = access.statusId === STATUS.CLOSED || access.statusId === STATUS.CANCELLED;
  if (final && user.rn !== 'SUPERADMIN') throw forbidden('Kes telah ditutup atau dibatalkan; lampiran media tidak boleh ditambah.');
  return { access, subformId: input.fkTableId, journalEntryId: null };
}

/**
 * One upload: the target's access first, then the image checked and re-encoded (image-check cleanImage: a JPEG made
 * here, its SHA-256 of the stored bytes), then the record and bytes in one transaction. The EXIF capture time
 * (image.capturedAt) has no column yet and is not stored.
 */
export async function saveFile(db: Db, user: TokenClaims, input: DocumentSave): Promise<Attachment> {
  const target = await resolveTarget(db, user, input);
  // before the transaction: the decode and encode run in libvips' thread pool and hold no connection
  const image = await cleanImage(decodeBase64Strict(input.fileContent));
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(attachment)
      .values({
        incidentId: target.access.id,
        subformId: target.subformId,
        journalEntryId: target.journalEntryId,
        tableType: input.tableType,
        storedName: storedNameFor(image.ext),
        fileName: sanitizeFileName(input.documentName, image.ext),
        mimeType: image.mime,
        byteSize: image.bytes.length,
        width: image.width,
        height: image.height,
        sha256: image.sha256,
        // field evidence from the patrol is protected from deletion by TMC operators (§6)
        statusImg: isPatrolRole(user.rn) ? 1 : 0,
        uploadedByStaffId: user.sid,
        uploadedByRole: user.rn,
      })
      .returning({ id: attachment.id });
    await tx.insert(attachmentContent).values({ attachmentId: row.id, content: image.bytes });
    await notifyPatrolActivity(tx, user.rn, target.access.id);
    return row.id;
  });
  const saved = await findAttachment(db, id);
  return toAttachment(saved!);
}

/** A live attachment the caller may see (404, then the case's 403). */
export async function readableAttachment(db: Db, user: TokenClaims, id: number): Promise<AttachmentDbRow> {
  const row = await findAttachment(db, id);
  if (!row) throw notFound(NO_ATTACHMENT_MESSAGE);
  await incidentAccess(db, user, row.incidentId);
  return row;
}

export async function readAttachmentWithBytes(db: Db, user: TokenClaims, id: number): Promise<{ row: AttachmentDbRow; bytes: Buffer }> {
  const row = await readableAttachment(db, user, id);
  const bytes = await attachmentBytes(db, id);
  if (!bytes) throw notFound(NO_ATTACHMENT_MESSAGE);
  return { row, bytes };
}

/**
 * §6 delete by role id (canDeleteAttachment): a soft delete, the record and bytes stay for the audit. Every refusal
 * answers the client's own message 'Ops! Aset tidak berjaya dipadam.' with the matching status.
 */
export async function deleteAttachment(db: Db, user: TokenClaims, id: number): Promise<Attachment> {
  try {
    const row = await readableAttachment(db, user, id);
    if (!canDeleteAttachment(user.rid, row.statusImg)) throw forbidden(DELETE_FAILED_MESSAGE);
    const done = await db
      .update(attachment)
      .set({ deletedAt: new Date() })
      .where(and(eq(attachment.id, id), isNull(attachment.deletedAt)))
      .returning({ id: attachment.id });
    if (!done.length) throw notFound(DELETE_FAILED_MESSAGE);
    return toAttachment(row);
  } catch (err) {
    if (err instanceof HttpError && err.message !== DELETE_FAILED_MESSAGE)
      throw new HttpError(err.statusCode, err.errorCode, DELETE_FAILED_MESSAGE, err.extra);
    throw err;
  }
}
