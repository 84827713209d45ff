/**
 * Field reports (issue #30 item 2, beyond the spec; contract/field-reports.ts). A patrol (PR) reports what it came
 * upon for a roster it is one of the people of (server/lib/roster-people.ts): the event type, section, KM, direction,
 * the tablet's GPS fix, a short note and an optional photo. The photo is checked by its bytes and re-encoded like
 * every case photo (document/image-check.ts cleanImage: a clean JPEG made here, the SHA-256 of the stored bytes), with
 * its evidence (EXIF capture time, the device's clock) kept as document/saveFile keeps it.
 *
 * The TMC users (TMCA/TMCS) of the section's region are alerted at once (category ALERT_CATEGORY_FIELD_REPORT). They
 * refuse it here (reject, with a reason) or accept it through incident/save with `fieldReportId`, which calls
 * lockPendingReport before the case is created and acceptReport after, in the case's transaction: the report
 * becomes ACCEPTED with the case, the case's first journal entry is the report (written as the reporting patrol's,
 * the author of what it says) with the photo as its first attachment (the same bytes and SHA-256, field evidence
 * statusImg 1, uploaded by the patrol), and the patrol's users are alerted. Only the TMC opens cases (§6).
 *
 * Scope: the TMC sees its region's reports (every region when it sees all regions), a patrol the reports of the
 * rosters it is on and its own; anything else answers 404, as if it did not exist.
 */
import { aliasedTable, and, desc, eq, gte, or, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { isTooFarAhead } from '../../../contract/date-rules';
import {
  ALERT_CATEGORY_FIELD_REPORT,
  FIELD_REPORT_LIMITS,
  FIELD_REPORT_TEXTS,
  type FieldReportReject,
  type FieldReportRow,
  type FieldReportSave,
  type FieldReportStatus,
} from '../../../contract/field-reports';
import { isEventTypeId, journalReadStatus } from '../../../contract/incident-rules';
import { can, isPatrolRole } from '../../../contract/roles';
import type { Db } from '../../db/client';
import {
  attachment,
  attachmentContent,
  dutyRoster,
  fieldReport,
  fieldReportPhoto,
  incident,
  journalEntry,
  lookupItem,
  section,
  staff,
} from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { now as clockNow } from '../../lib/clock';
import { ERROR_CODES } from '../../../contract/envelope';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { isRosterPerson, rosterHasPerson } from '../../lib/roster-people';
import { localDisplay } from '../../lib/time';
import { seesAllRegions } from '../../plugins/auth';
import { requestContext } from '../../plugins/idempotency';
import { patrolUsersOfRoster, raise, tmcUsersOfRegion } from '../comms/alerts';
import { cleanImage, decodeBase64Strict, sanitizeFileName, storedNameFor } from '../document/image-check';
import { checkLookups } from '../incident/refs';

const HOUR = 3600_000;
const MB = 1024 * 1024;
export const PHOTO_TOO_LARGE_MESSAGE = `Foto terlalu besar. Saiz maksimum ${FIELD_REPORT_LIMITS.photoMaxBytes / MB} MB.`;
export const REPORTED_AT_FUTURE_MESSAGE = 'Masa laporan tidak boleh pada masa hadapan.';
export const ROSTER_NOT_FOUND_MESSAGE = 'Jadual tugas tidak dijumpai.';
export const EDIT_REFUSED_MESSAGE = 'Laporan peronda hanya boleh diterima ke dalam kes baharu.';

// ------------------------------------------------------------------------------------------------ reading

const cat = aliasedTable(lookupItem, 'fr_cat');
const dir = aliasedTable(lookupItem, 'fr_dir');
const rep = aliasedTable(staff, 'fr_rep');
const dec = aliasedTable(staff, 'fr_dec');

const rowColumns = {
  id: fieldReport.id,
  status: fieldReport.status,
  categoryId: fieldReport.categoryId,
  categoryName: cat.value,
  sectionId: fieldReport.sectionId,
  sectionName: section.name,
  regionId: fieldReport.regionId,
  kilometerMarker: fieldReport.kilometerMarker,
  directionId: fieldReport.directionId,
  directionName: dir.value,
  latitude: fieldReport.latitude,
  longitude: fieldReport.longitude,
  accuracyMeters: fieldReport.accuracyMeters,
  note: fieldReport.note,
  reportedAt: fieldReport.reportedAt,
  createdAt: fieldReport.createdAt,
  rosterId: fieldReport.dutyRosterId,
  rosterName: dutyRoster.dutyRosterName,
  reporterStaffId: fieldReport.reportedByStaffId,
  reporterName: rep.displayName,
  reporterRole: fieldReport.reportedByRole,
  photoName: fieldReport.photoName,
  photoType: fieldReport.photoType,
  photoByteSize: fieldReport.photoByteSize,
  photoSha256: fieldReport.photoSha256,
  decidedAt: fieldReport.decidedAt,
  deciderStaffId: fieldReport.decidedByStaffId,
  deciderName: dec.displayName,
  rejectReason: fieldReport.rejectReason,
  incidentId: fieldReport.incidentId,
  ticketNumber: incident.ticketNumber,
};

function selectRows(db: Db, where: SQL | undefined, limit: number): Promise<DbRow[]> {
  return db
    .select(rowColumns)
    .from(fieldReport)
    .innerJoin(dutyRoster, eq(dutyRoster.id, fieldReport.dutyRosterId))
    .innerJoin(section, eq(section.id, fieldReport.sectionId))
    .innerJoin(rep, eq(rep.id, fieldReport.reportedByStaffId))
    .leftJoin(cat, eq(cat.key, fieldReport.categoryId))
    .leftJoin(dir, eq(dir.key, fieldReport.directionId))
    .leftJoin(dec, eq(dec.id, fieldReport.decidedByStaffId))
    .leftJoin(incident, eq(incident.id, fieldReport.incidentId))
    .where(where)
    .orderBy(desc(fieldReport.createdAt), desc(fieldReport.id))
    .limit(limit);
}

/** A row of selectRows (written out: drizzle's inferred type of seven joins is too deep for the compiler). */
interface DbRow {
  id: number;
  status: string;
  categoryId: number;
  categoryName: string | null;
  sectionId: number;
  sectionName: string;
  regionId: number;
  kilometerMarker: string;
  directionId: number;
  directionName: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracyMeters: number | null;
  note: string | null;
  reportedAt: Date;
  createdAt: Date;
  rosterId: number;
  rosterName: string;
  reporterStaffId: number;
  reporterName: string;
  reporterRole: string;
  photoName: string | null;
  photoType: string | null;
  photoByteSize: number | null;
  photoSha256: string | null;
  decidedAt: Date | null;
  deciderStaffId: number | null;
  deciderName: string | null;
  rejectReason: string | null;
  incidentId: number | null;
  ticketNumber: string | null;
}

const STATUSES: readonly FieldReportStatus[] = ['PENDING', 'ACCEPTED', 'REJECTED'];
const statusOf = (s: string): FieldReportStatus => ((STATUSES as readonly string[]).includes(s) ? (s as FieldReportStatus) : 'PENDING');

function toRow(r: DbRow): FieldReportRow {
  return {
    pkFieldReportId: r.id,
    status: statusOf(r.status),
    pkIncidentCategoryId: r.categoryId,
    incidentCategoryName: r.categoryName ?? String(r.categoryId),
    pkSectionId: r.sectionId,
    sectionName: r.sectionName,
    kilometerMarker: r.kilometerMarker,
    pkCardinalDirectionId: r.directionId,
    directionName: r.directionName ?? String(r.directionId),
    latitude: r.latitude,
    longitude: r.longitude,
    accuracyMeters: r.accuracyMeters,
    note: r.note,
    reportedAt: r.reportedAt.toISOString(),
    createdDateTime: r.createdAt.toISOString(),
    dutyRoster: { pkDutyRosterId: r.rosterId, dutyRosterName: r.rosterName },
    reportedBy: { pkStaffId: r.reporterStaffId, displayName: r.reporterName },
    photo:
      r.photoSha256 && r.photoName && r.photoType && r.photoByteSize !== null
        ? { documentName: r.photoName, documentType: r.photoType, byteSize: r.photoByteSize, sha256: r.photoSha256 }
        : null,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    decidedBy: r.deciderStaffId !== null && r.deciderName !== null ? { pkStaffId: r.deciderStaffId, displayName: r.deciderName } : null,
    rejectReason: r.rejectReason,
    incident: r.incidentId !== null && r.ticketNumber !== null ? { pkIncidentId: r.incidentId, ticketNumber: r.ticketNumber } : null,
  };
}

/**
 * The reports the caller may see, as a condition on the query of selectRows: the TMC its region's (all when it sees
 * every region), a patrol those of the rosters it is one of the people of and its own. Any other role: 403 (the
 * routes' permissions already refuse them).
 */
function scopeOf(user: TokenClaims): SQL | undefined {
  if (can(user.rn, 'fieldReportDecide')) return seesAllRegions(user) ? undefined : eq(fieldReport.regionId, user.reg);
  if (can(user.rn, 'fieldReportWrite')) return or(eq(fieldReport.reportedByStaffId, user.sid), rosterHasPerson(user.sid));
  throw forbidden();
}

/** One report the caller may see, or 404 (also for one outside its scope: it does not learn that it exists). */
export async function getReport(db: Db, user: TokenClaims, id: number): Promise<FieldReportRow> {
  const [row] = await selectRows(db, and(eq(fieldReport.id, id), scopeOf(user)), 1);
  if (!row) throw notFound(FIELD_REPORT_TEXTS.notFound);
  return toRow(row);
}

/**
 * fieldReport/list: PENDING reports and those decided in the last decidedHours (a status filter narrows to one of
 * them), of the caller's scope, optionally of one section; newest first, at most listMax.
 */
export async function listReports(
  db: Db,
  user: TokenClaims,
  filter: { status?: FieldReportStatus; sectionId?: number },
  now = clockNow(),
): Promise<FieldReportRow[]> {
  const since = new Date(now.getTime() - FIELD_REPORT_LIMITS.decidedHours * HOUR);
  const recent = gte(fieldReport.decidedAt, since);
  const byStatus =
    filter.status === 'PENDING'
      ? eq(fieldReport.status, 'PENDING')
      : filter.status
        ? and(eq(fieldReport.status, filter.status), recent)
        : or(eq(fieldReport.status, 'PENDING'), recent);
  const rows = await selectRows(
    db,
    and(scopeOf(user), byStatus, filter.sectionId ? eq(fieldReport.sectionId, filter.sectionId) : undefined),
    FIELD_REPORT_LIMITS.listMax,
  );
  return rows.map(toRow);
}

/** fieldReport/photo/{id}: the photo's bytes and type, to whoever may see the report (404 otherwise, or without one). */
export async function readPhoto(
  db: Db,
  user: TokenClaims,
  id: number,
): Promise<{ bytes: Buffer; mimeType: string; fileName: string; sha256: string }> {
  const report = await getReport(db, user, id);
  if (!report.photo) throw notFound(FIELD_REPORT_TEXTS.noPhoto);
  const [p] = await db.select({ content: fieldReportPhoto.content }).from(fieldReportPhoto).where(eq(fieldReportPhoto.fieldReportId, id));
  if (!p) throw notFound(FIELD_REPORT_TEXTS.noPhoto);
  return { bytes: p.content, mimeType: report.photo.documentType, fileName: report.photo.documentName, sha256: report.photo.sha256 };
}

// ------------------------------------------------------------------------------------------------ saving

/** The roster of a report: it exists (400), the caller is one of its people (403), it did not end too long ago (400). */
async function reportRoster(db: Db, user: TokenClaims, rosterId: number, now: Date) {
  const [r] = await db
    .select({ id: dutyRoster.id, name: dutyRoster.dutyRosterName, endsAt: dutyRoster.endsAt, regionId: section.regionId })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .where(eq(dutyRoster.id, rosterId))
    .limit(1);
  if (!r) throw badRequest(ROSTER_NOT_FOUND_MESSAGE, 'pkDutyRosterId');
  if (!(await isRosterPerson(db, r.id, user.sid))) throw forbidden(FIELD_REPORT_TEXTS.notOnRoster);
  if (r.endsAt.getTime() < now.getTime() - FIELD_REPORT_LIMITS.lateHours * HOUR) throw badRequest(FIELD_REPORT_TEXTS.rosterTooOld, 'pkDutyRosterId');
  return r;
}

/**
 * fieldReport/save (PR): the checks, the photo checked by its bytes and re-encoded, then the report, its photo and the
 * alert to the region's TMC users in one transaction. The reporter is the signed-in user, never the body.
 */
export async function saveReport(db: Db, user: TokenClaims, input: FieldReportSave, now = clockNow()): Promise<FieldReportRow> {
  if (!can(user.rn, 'fieldReportWrite')) throw forbidden();
  const roster = await reportRoster(db, user, input.pkDutyRosterId, now);
  const [sec] = await db.select({ id: section.id, regionId: section.regionId }).from(section).where(eq(section.id, input.pkSectionId)).limit(1);
  if (!sec) throw badRequest(`Seksyen ${input.pkSectionId} tidak wujud.`, 'pkSectionId');
  if (sec.regionId !== roster.regionId) throw badRequest(FIELD_REPORT_TEXTS.otherRegion, 'pkSectionId');
  if (!isEventTypeId(input.pkIncidentCategoryId))
    throw badRequest(`Jenis kejadian tidak sah (kod ${input.pkIncidentCategoryId}; mesti 184–190).`, 'pkIncidentCategoryId');
  await checkLookups(db, [
    { field: 'pkIncidentCategoryId', value: input.pkIncidentCategoryId, category: 'incidentCategory', label: 'Jenis kejadian' },
    { field: 'pkCardinalDirectionId', value: input.pkCardinalDirectionId, category: 'cardinalDirection', label: 'Arah' },
  ]);
  if ((input.latitude == null) !== (input.longitude == null))
    throw badRequest('Latitud dan longitud mesti diberi bersama.', input.latitude == null ? 'latitude' : 'longitude');
  const reportedAt = new Date(input.reportedAt);
  if (isTooFarAhead(reportedAt, now)) throw badRequest(REPORTED_AT_FUTURE_MESSAGE, 'reportedAt');
  if (input.fileContent && !input.documentName) throw badRequest(FIELD_REPORT_TEXTS.photoNameRequired, 'documentName');

  const origin = requestContext();
  let photo: Awaited<ReturnType<typeof cleanImage>> | null = null;
  if (input.fileContent) {
    const bytes = decodeBase64Strict(input.fileContent);
    if (bytes.length > FIELD_REPORT_LIMITS.photoMaxBytes)
      throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, PHOTO_TOO_LARGE_MESSAGE, { field: 'fileContent' });
    photo = await cleanImage(bytes);
  }
  const capturedAt = photo ? (photo.capturedAt ?? input.capturedAt ?? null) : null;
  const capturedAtSource = photo ? (photo.capturedAt ? 'file' : input.capturedAt ? 'device' : null) : null;
  const photoDeviceTime = photo ? (input.deviceTime ? new Date(input.deviceTime) : origin.clientTime) : null;

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fieldReport)
      .values({
        dutyRosterId: roster.id,
        reportedByUserId: Number(user.sub) || null,
        reportedByStaffId: user.sid,
        reportedByRole: user.rn,
        categoryId: input.pkIncidentCategoryId,
        sectionId: sec.id,
        regionId: sec.regionId,
        kilometerMarker: input.kilometerMarker.trim(),
        directionId: input.pkCardinalDirectionId,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        accuracyMeters: input.accuracyMeters ?? null,
        note: input.note?.trim() || null,
        reportedAt,
        createdAt: now,
        status: 'PENDING',
        deviceId: origin.deviceId,
        ...(photo
          ? {
              photoName: sanitizeFileName(input.documentName ?? '', photo.ext),
              photoType: photo.mime,
              photoByteSize: photo.bytes.length,
              photoSha256: photo.sha256,
              photoWidth: photo.width,
              photoHeight: photo.height,
              photoCapturedAt: capturedAt,
              photoCapturedAtSource: capturedAtSource,
              photoDeviceTime,
            }
          : {}),
      })
      .returning({ id: fieldReport.id });
    if (photo) await tx.insert(fieldReportPhoto).values({ fieldReportId: row.id, content: photo.bytes });
    const saved = await getReport(tx, user, row.id);
    // the region's TMC users are told at once
    await raise(
      tx,
      {
        eventKey: `field-report:${row.id}`,
        category: ALERT_CATEGORY_FIELD_REPORT,
        description: FIELD_REPORT_TEXTS.alertNew(
          saved.incidentCategoryName,
          saved.kilometerMarker,
          saved.directionName,
          saved.dutyRoster.dutyRosterName,
        ),
        remark: reporterRemark(saved),
        sectionId: saved.pkSectionId,
        incidentId: null,
        dutyRosterId: saved.dutyRoster.pkDutyRosterId,
        createdAt: now,
      },
      await tmcUsersOfRegion(tx, sec.regionId),
    );
    return row.id;
  });
  return getReport(db, user, id);
}

/** The new-report alert's remark: who reported it and when, with the note. */
const reporterRemark = (r: FieldReportRow) =>
  `${r.reportedBy.displayName}, ${localDisplay(r.reportedAt)}${r.note ? `: ${r.note}` : ''}`.slice(0, 1000);

// ------------------------------------------------------------------------------------------------ deciding

/** The report a decision is about, locked: 404 unknown; 404 outside the TMC's region (as get); 409 decided. */
async function lockForDecision(db: Db, id: number) {
  const [r] = await db
    .select({
      id: fieldReport.id,
      status: fieldReport.status,
      regionId: fieldReport.regionId,
      sectionId: fieldReport.sectionId,
      dutyRosterId: fieldReport.dutyRosterId,
      categoryId: fieldReport.categoryId,
      reportedByStaffId: fieldReport.reportedByStaffId,
      reportedByRole: fieldReport.reportedByRole,
      reportedAt: fieldReport.reportedAt,
      note: fieldReport.note,
      deviceId: fieldReport.deviceId,
      photoName: fieldReport.photoName,
      photoType: fieldReport.photoType,
      photoByteSize: fieldReport.photoByteSize,
      photoSha256: fieldReport.photoSha256,
      photoWidth: fieldReport.photoWidth,
      photoHeight: fieldReport.photoHeight,
      photoCapturedAt: fieldReport.photoCapturedAt,
      photoCapturedAtSource: fieldReport.photoCapturedAtSource,
      photoDeviceTime: fieldReport.photoDeviceTime,
    })
    .from(fieldReport)
    .where(eq(fieldReport.id, id))
    .limit(1)
    .for('update');
  return r;
}
type LockedReport = NonNullable<Awaited<ReturnType<typeof lockForDecision>>>;

async function namesOf(db: Db, r: { categoryId: number; dutyRosterId: number; reportedByStaffId: number }) {
  const [n] = await db
    .select({ category: lookupItem.value, roster: dutyRoster.dutyRosterName, reporter: staff.displayName })
    .from(dutyRoster)
    .innerJoin(staff, eq(staff.id, r.reportedByStaffId))
    .leftJoin(lookupItem, eq(lookupItem.key, r.categoryId))
    .where(eq(dutyRoster.id, r.dutyRosterId))
    .limit(1);
  return { category: n?.category ?? String(r.categoryId), roster: n?.roster ?? String(r.dutyRosterId), reporter: n?.reporter ?? '' };
}

/** fieldReport/reject (TMCA/TMCS of the report's region): REJECTED with the reason; the patrol is alerted. */
export async function rejectReport(db: Db, user: TokenClaims, input: FieldReportReject, now = clockNow()): Promise<FieldReportRow> {
  if (!can(user.rn, 'fieldReportDecide')) throw forbidden();
  const reason = input.reason.trim();
  if (reason.length < FIELD_REPORT_LIMITS.reasonMin) throw badRequest(FIELD_REPORT_TEXTS.reasonRequired, 'reason');
  await db.transaction(async (tx) => {
    const r = await lockForDecision(tx, input.pkFieldReportId);
    if (!r || (!seesAllRegions(user) && r.regionId !== user.reg)) throw notFound(FIELD_REPORT_TEXTS.notFound);
    if (r.status !== 'PENDING') throw conflict(FIELD_REPORT_TEXTS.notPending);
    await tx
      .update(fieldReport)
      .set({ status: 'REJECTED', decidedAt: now, decidedByUserId: Number(user.sub) || null, decidedByStaffId: user.sid, rejectReason: reason })
      .where(eq(fieldReport.id, r.id));
    const names = await namesOf(tx, r);
    await raise(
      tx,
      {
        eventKey: `field-report-rejected:${r.id}`,
        category: ALERT_CATEGORY_FIELD_REPORT,
        description: FIELD_REPORT_TEXTS.alertRejected(names.category),
        remark: reason,
        sectionId: r.sectionId,
        incidentId: null,
        dutyRosterId: r.dutyRosterId,
        createdAt: now,
      },
      await patrolUsersOfRoster(tx, r.dutyRosterId),
    );
  });
  return getReport(db, user, input.pkFieldReportId);
}

/**
 * incident/save with `fieldReportId`, before the new case is written (in its transaction): the report exists (404),
 * the caller may decide (403) within its region (403), and it is still PENDING (409: nothing is created). The row
 * stays locked until the case's transaction ends, so two operators accepting at once open one case.
 */
export async function lockPendingReport(db: Db, user: TokenClaims, id: number): Promise<LockedReport> {
  if (!can(user.rn, 'fieldReportDecide')) throw forbidden('Hanya TMCA dan TMCS boleh menerima laporan peronda.');
  const r = await lockForDecision(db, id);
  if (!r) throw notFound(FIELD_REPORT_TEXTS.notFound);
  if (!seesAllRegions(user) && r.regionId !== user.reg) throw forbidden('Laporan peronda ini di luar wilayah anda.');
  if (r.status !== 'PENDING') throw conflict(FIELD_REPORT_TEXTS.notPending, 'fieldReportId');
  return r;
}

/**
 * After the new case is written, in its transaction: the report's journal entry (the case's first), its photo as
 * that entry's first attachment (the same bytes and SHA-256, the patrol's field evidence), the report ACCEPTED with
 * the case, and the patrol's users alerted.
 */
export async function acceptReport(
  db: Db,
  user: TokenClaims,
  r: LockedReport,
  c: { incidentId: number; ticketNumber: string; sectionId: number },
  now = clockNow(),
): Promise<void> {
  const names = await namesOf(db, r);
  const [entry] = await db
    .insert(journalEntry)
    .values({
      incidentId: c.incidentId,
      subformId: null,
      // the report is the patrol's account: its author is the reporting patrol (the TMC user who accepted it is the
      // case's creator and the report's decider)
      staffId: r.reportedByStaffId,
      roleName: r.reportedByRole,
      entry: FIELD_REPORT_TEXTS.journal(names.roster, names.reporter, localDisplay(r.reportedAt), r.note),
      kind: 'NOTE',
      readStatus: journalReadStatus(r.reportedByRole),
      createdAt: now,
    })
    .returning({ id: journalEntry.id });
  if (r.photoSha256) {
    const [p] = await db.select({ content: fieldReportPhoto.content }).from(fieldReportPhoto).where(eq(fieldReportPhoto.fieldReportId, r.id));
    if (p) {
      const values = {
        incidentId: c.incidentId,
        subformId: null,
        journalEntryId: entry.id,
        tableType: 'JOURNAL_ENTRY',
        storedName: storedNameFor('jpg'),
        fileName: r.photoName ?? 'gambar.jpg',
        mimeType: r.photoType ?? 'image/jpeg',
        byteSize: p.content.length,
        width: r.photoWidth,
        height: r.photoHeight,
        // the hash recorded when the report was stored: the evidence's chain from the patrol's upload
        sha256: r.photoSha256,
        statusImg: isPatrolRole(r.reportedByRole) ? 1 : 0,
        uploadedByStaffId: r.reportedByStaffId,
        uploadedByRole: r.reportedByRole,
        exifCapturedAt: r.photoCapturedAt,
        exifSource: r.photoCapturedAtSource,
        deviceTime: r.photoDeviceTime,
        deviceId: r.deviceId,
        createdAt: now,
      };
      const [a] = await db.insert(attachment).values(values).returning({ id: attachment.id });
      await db.insert(attachmentContent).values({ attachmentId: a.id, content: p.content });
      await recordChange(db, user, 'attachment', a.id, 'create', null, {
        incidentId: c.incidentId,
        tableType: 'JOURNAL_ENTRY',
        fkTableId: entry.id,
        fileName: values.fileName,
        byteSize: values.byteSize,
        sha256: values.sha256,
        capturedAt: values.exifCapturedAt,
        deviceTime: values.deviceTime,
        deviceId: values.deviceId,
        fieldReportId: r.id,
      });
    }
  }
  await db
    .update(fieldReport)
    .set({
      status: 'ACCEPTED',
      incidentId: c.incidentId,
      decidedAt: now,
      decidedByUserId: Number(user.sub) || null,
      decidedByStaffId: user.sid,
    })
    .where(and(eq(fieldReport.id, r.id), eq(fieldReport.status, 'PENDING')));
  const [by] = await db.select({ name: staff.displayName }).from(staff).where(eq(staff.id, user.sid)).limit(1);
  await raise(
    db,
    {
      eventKey: `field-report-accepted:${r.id}`,
      category: ALERT_CATEGORY_FIELD_REPORT,
      description: FIELD_REPORT_TEXTS.alertAccepted(names.category, c.ticketNumber),
      remark: `Kes ${c.ticketNumber} dibuka oleh ${by?.name ?? user.uid}`,
      sectionId: c.sectionId,
      incidentId: c.incidentId,
      dutyRosterId: r.dutyRosterId,
      createdAt: now,
    },
    await patrolUsersOfRoster(db, r.dutyRosterId),
  );
}
