/**
 * Attachments (§3.6, §7.3 attachmentList, §7.5 document): journal photos (tableType JOURNAL_ENTRY) and a subform's
 * Lampiran Media (INCIDENT_SUBFORM). One record per file; the bytes in attachment_content. Every call checks the
 * case's access first (incidentAccess: 404 / 403 other region). Every upload and delete is recorded in the audit
 * trail (admin_change, entity 'attachment': who, when, which photo, its SHA-256); every answer carries the photo's
 * integrity (integrity.ts: `tampered` when its stored bytes no longer match its hash).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { canDeleteAttachment } from '../../../contract/incident-rules';
import type { Attachment, AttachmentListSave, DocumentSave } from '../../../contract/incidents';
import { STATUS } from '../../../contract/lookups';
import { can, isPatrolRole } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { attachment, attachmentContent, journalEntry } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { sha256Hex } from '../../lib/hash';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { requestContext } from '../../plugins/idempotency';
import { incidentAccess, incidentAccessBySubform, isRosterMember, type IncidentAccess } from '../incident/access';
import { notifyPatrolActivity } from '../incident/notify';
import { cleanImage, decodeBase64Strict, sanitizeFileName, storedNameFor } from './image-check';
import { attachmentBytes, findAttachment, toAttachment, withIntegrity, type AttachmentDbRow } from './queries';
import { now } from '../../lib/clock';

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

/** The evidence an upload may carry from its device (issue #19). */
export interface PhotoEvidence {
  capturedAt?: string | null;
  deviceTime?: string | null;
}

/** What the audit trail records of a photo (admin_change, entity 'attachment'): which photo, of which case, its hash. */
function auditValues(r: {
  incidentId: number;
  tableType: string;
  subformId: number | null;
  journalEntryId: number | null;
  fileName: string;
  byteSize: number;
  sha256: string;
  exifCapturedAt: string | null;
  deviceTime: Date | null;
}) {
  return {
    incidentId: r.incidentId,
    tableType: r.tableType,
    fkTableId: r.tableType === 'JOURNAL_ENTRY' ? r.journalEntryId : r.subformId,
    fileName: r.fileName,
    byteSize: r.byteSize,
    sha256: r.sha256,
    capturedAt: r.exifCapturedAt,
    deviceTime: r.deviceTime,
  };
}

/**
 * One upload: the target's access first, then the image checked and re-encoded (image-check cleanImage: a JPEG made
 * here, its SHA-256 of the stored bytes), then the record, the bytes and the audit entry in one transaction.
 *
 * Evidence (issue #19): the capture time is the EXIF DateTimeOriginal of the bytes received when they carry one
 * (source 'file'), else what the device read from the original before compressing it (source 'device'); the
 * device time is the body's deviceTime (the device's clock when the photo was taken or chosen), else the write's
 * X-Client-Time; the uploader is the signed-in user, never anything in the body.
 */
export async function saveFile(db: Db, user: TokenClaims, input: DocumentSave): Promise<Attachment> {
  const target = await resolveTarget(db, user, input);
  // before the transaction: the decode and encode run in libvips' thread pool and hold no connection
  const image = await cleanImage(decodeBase64Strict(input.fileContent));
  const origin = requestContext();
  const exifCapturedAt = image.capturedAt ?? input.capturedAt ?? null;
  const exifSource = image.capturedAt ? 'file' : input.capturedAt ? 'device' : null;
  const deviceTime = input.deviceTime ? new Date(input.deviceTime) : origin.clientTime;
  const id = await db.transaction(async (tx) => {
    const values = {
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
      exifCapturedAt,
      exifSource,
      deviceTime,
      deviceId: origin.deviceId,
    };
    const [row] = await tx.insert(attachment).values(values).returning({ id: attachment.id });
    await tx.insert(attachmentContent).values({ attachmentId: row.id, content: image.bytes });
    await recordChange(tx, user, 'attachment', row.id, 'create', null, { ...auditValues(values), deviceId: origin.deviceId });
    await notifyPatrolActivity(tx, user.rn, target.access.id);
    return row.id;
  });
  const saved = await findAttachment(db, id);
  return toAttachment(saved!, false);
}

export const ATTACHMENT_IMMUTABLE_MESSAGE = 'Lampiran yang telah disimpan tidak boleh diubah. Padam dan muat naik semula jika perlu.';

/**
 * attachmentList/save (§7.3): one Lampiran Media image of a subform, the same path as document/saveFile with
 * tableType INCIDENT_SUBFORM. A stored attachment is evidence and never changes: a body naming one (its
 * pkAttachmentListId) is refused with 409 (404 when there is no such attachment to name).
 */
export async function saveAttachmentListItem(db: Db, user: TokenClaims, input: AttachmentListSave): Promise<Attachment> {
  if (input.pkAttachmentListId) {
    await readableAttachment(db, user, input.pkAttachmentListId);
    throw conflict(ATTACHMENT_IMMUTABLE_MESSAGE, 'pkAttachmentListId');
  }
  return saveFile(db, user, {
    tableType: 'INCIDENT_SUBFORM',
    fkTableId: input.incidentSubFormId,
    documentName: input.documentName,
    documentType: input.documentType,
    fileContent: (input.fileContent ?? input.img)!,
    capturedAt: input.capturedAt,
    deviceTime: input.deviceTime,
  });
}

/** A live attachment the caller may see (404, then the case's 403). */
export async function readableAttachment(db: Db, user: TokenClaims, id: number): Promise<AttachmentDbRow> {
  const row = await findAttachment(db, id);
  if (!row) throw notFound(NO_ATTACHMENT_MESSAGE);
  await incidentAccess(db, user, row.incidentId);
  return row;
}

/** The attachment and its bytes; `tampered` when the bytes served do not hash to the sha256 recorded at upload. */
export async function readAttachmentWithBytes(
  db: Db,
  user: TokenClaims,
  id: number,
): Promise<{ row: AttachmentDbRow; bytes: Buffer; tampered: boolean }> {
  const row = await readableAttachment(db, user, id);
  const bytes = await attachmentBytes(db, id);
  if (!bytes) throw notFound(NO_ATTACHMENT_MESSAGE);
  return { row, bytes, tampered: sha256Hex(bytes) !== row.sha256 };
}

/**
 * §6 delete by role id (canDeleteAttachment): a soft delete, the record and bytes stay for the audit. Every refusal
 * answers the client's own message 'Ops! Aset tidak berjaya dipadam.' with the matching status.
 */
export async function deleteAttachment(db: Db, user: TokenClaims, id: number): Promise<Attachment> {
  try {
    const row = await readableAttachment(db, user, id);
    if (!canDeleteAttachment(user.rid, row.statusImg)) throw forbidden(DELETE_FAILED_MESSAGE);
    const [answer] = await withIntegrity(db, [row]);
    await db.transaction(async (tx) => {
      const deletedAt = now();
      const done = await tx
        .update(attachment)
        .set({ deletedAt, deletedByStaffId: user.sid })
        .where(and(eq(attachment.id, id), isNull(attachment.deletedAt)))
        .returning({ id: attachment.id });
      if (!done.length) throw notFound(DELETE_FAILED_MESSAGE);
      // the audit keeps the hash the photo was stored with and whether its bytes still matched it when deleted
      await recordChange(tx, user, 'attachment', id, 'delete', { ...auditValues(row), tampered: answer.tampered }, null);
    });
    return answer;
  } catch (err) {
    if (err instanceof HttpError && err.message !== DELETE_FAILED_MESSAGE)
      throw new HttpError(err.statusCode, err.errorCode, DELETE_FAILED_MESSAGE, err.extra);
    throw err;
  }
}
