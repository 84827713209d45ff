/**
 * Field reports (issue #30 item 2, beyond the spec): a patrol that comes upon a crash, debris or a stray animal
 * reports it from the tablet ("Lapor kejadian" on Syif saya): the event type, where (GPS, the KM marker and direction
 * derived from it and editable), an optional photo and a short note. It goes through the outbox like every write.
 *
 * The region's TMC users (TMCA/TMCS) get an alert at once and see it on the dashboard: Terima opens the new-case form
 * prefilled (source Peronda, the section, KM, direction and position, the reporting roster as Assign To); saving that
 * case with `fieldReportId` (IncidentSave) accepts the report in the same transaction, writes the report as the case's
 * first journal entry with the photo as its first attachment, and alerts the patrol. Tolak asks a reason and alerts
 * the patrol. Only the TMC opens cases (spec §6 stands): a report is never a case by itself.
 */
import { z } from 'zod';
import { instant } from './dates';
import { FIELD_REPORT_LIMITS, FIELD_REPORT_STATUSES } from './field-report-rules';
import { EXIF_TIME_PATTERN } from './incidents';
import { INCIDENT_LIMITS, hasDigit } from './incident-rules';

export * from './field-report-rules';

const id = z.number().int().positive();

export const FieldReportSaveSchema = z
  .object({
    /** the patrol's roster: the caller must be one of its people */
    pkDutyRosterId: id,
    /** the event type (incident category lookup) */
    pkIncidentCategoryId: id,
    pkSectionId: id,
    kilometerMarker: z
      .string()
      .trim()
      .min(1, 'Kilometer diperlukan')
      .max(INCIDENT_LIMITS.kilometerMaxLength)
      .refine(hasDigit, 'Min 1 aksara bernombor'),
    pkCardinalDirectionId: id,
    /** the tablet's GPS fix, when it had one */
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    accuracyMeters: z.number().min(0).max(100_000).nullable().optional(),
    note: z.string().trim().max(FIELD_REPORT_LIMITS.noteMax).nullable().optional(),
    /** the device's clock when the patrol pressed Hantar (the report may reach the server much later) */
    reportedAt: instant,
    // ---- the optional photo: fileContent (base64, filled by the outbox from the item's Blob) with its name
    documentName: z.string().trim().min(1).max(200).optional(),
    documentType: z.string().max(100).optional(),
    fileContent: z.string().min(1).optional(),
    capturedAt: z.string().regex(EXIF_TIME_PATTERN, 'capturedAt: YYYY-MM-DDTHH:MM:SS, optionally ±hh:mm').nullable().optional(),
    deviceTime: instant.nullable().optional(),
  })
  .refine((b) => !b.fileContent || !!b.documentName, { message: 'Nama foto diperlukan bersama foto.', path: ['documentName'] });
export type FieldReportSave = z.infer<typeof FieldReportSaveSchema>;

export const FieldReportRejectSchema = z.object({
  pkFieldReportId: id,
  reason: z.string().trim().min(FIELD_REPORT_LIMITS.reasonMin, 'Sila nyatakan sebab laporan ditolak.').max(FIELD_REPORT_LIMITS.reasonMax),
});
export type FieldReportReject = z.infer<typeof FieldReportRejectSchema>;

export const FieldReportFilterSchema = z.object({
  /** only this status (default: PENDING and the recently decided) */
  status: z.enum(FIELD_REPORT_STATUSES).optional(),
  /** TMC: narrow to one section of the region */
  sectionId: z.coerce.number().int().positive().optional(),
});

const person = z.object({ pkStaffId: z.number().int(), displayName: z.string() });

export const FieldReportRowSchema = z.object({
  pkFieldReportId: z.number().int(),
  status: z.enum(FIELD_REPORT_STATUSES),
  pkIncidentCategoryId: z.number().int(),
  incidentCategoryName: z.string(),
  pkSectionId: z.number().int(),
  sectionName: z.string(),
  kilometerMarker: z.string(),
  pkCardinalDirectionId: z.number().int(),
  directionName: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracyMeters: z.number().nullable(),
  note: z.string().nullable(),
  /** ISO instants: the device's time of the report, and when the server stored it */
  reportedAt: z.string(),
  createdDateTime: z.string(),
  dutyRoster: z.object({ pkDutyRosterId: z.number().int(), dutyRosterName: z.string() }),
  reportedBy: person,
  photo: z.object({ documentName: z.string(), documentType: z.string(), byteSize: z.number().int(), sha256: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: person.nullable(),
  rejectReason: z.string().nullable(),
  /** the case it was accepted into */
  incident: z.object({ pkIncidentId: z.number().int(), ticketNumber: z.string() }).nullable(),
});
export type FieldReportRow = z.infer<typeof FieldReportRowSchema>;
