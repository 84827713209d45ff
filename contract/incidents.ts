/**
 * Incidents (§3.1–3.4, §3.7, §3.8, §7.3, §7.4): the main record, the subforms, the audit trail, the journal and
 * attachments. Server-side validation; the PWA imports types only (`import type`) and validates with its own
 * zod/mini copies where it must.
 */
import { z } from 'zod';
import { LookupItemSchema, dataTablesBody } from './envelope';
import { INCIDENT_LIMITS, STATUS_GROUP_NAMES, hasDigit } from './incident-rules';
import { VehicleLocationSchema } from './maps';
import { calendarDate, instant, withRange } from './dates';

const id = z.number().int().positive();
const hms = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Masa mesti hh:mm:ss');
const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);
const remark = z.string().max(INCIDENT_LIMITS.remarkMax, `Catatan maksimum ${INCIDENT_LIMITS.remarkMax} aksara`);
export const JustificationSchema = z
  .string()
  .trim()
  .min(1, '* Justification is required')
  .max(INCIDENT_LIMITS.justificationMax, `Justifikasi maksimum ${INCIDENT_LIMITS.justificationMax} aksara`);

const Lookup = LookupItemSchema;
const LookupOrNull = LookupItemSchema.nullable();

// ---------------------------------------------------------------- main record

/** incident/save payload (§3.1). pkIncidentId when editing; date and time are set by the server on a new case (§4.2). */
export const IncidentSaveSchema = z.object({
  pkIncidentId: id.optional(),
  incidentSeverityId: id.nullable().optional(),
  pkIncidentSourceId: id,
  /** the section as chosen (a combined one such as N1+N2, or a plain one) */
  pkSectionId: id,
  /** the specific section of a combined one (N1 of N1+N2); required when pkSectionId is combined */
  pkSpecificSectionId: id.nullable().optional(),
  /** Assign To; required on a new case, may be null on an edit after 298 (Assign To hidden) */
  pkDutyRosterId: id.nullable().optional(),
  pkIncidentCategoryId: id,
  /** Event Location (event_location id) */
  pkEventLocationId: id,
  pkLocationTypeId: id.nullable().optional(),
  pkCardinalDirectionId: id,
  pkWeatherConditionId: id.nullable().optional(),
  pkLightingConditionId: id.nullable().optional(),
  kilometerMarker: z
    .string()
    .trim()
    .min(1, 'Kilometer diperlukan')
    .max(INCIDENT_LIMITS.kilometerMaxLength)
    .refine(hasDigit, 'Min 1 aksara bernombor'),
  pkHighwayId: id,
  date: calendarDate.optional(),
  time: hms.optional(),
  latitude: lat.nullable().optional(),
  longtitude: lng.nullable().optional(),
  /** required when a superadmin saves a closed or cancelled case (data correction, §4.2) */
  justification: JustificationSchema.optional(),
  /** the version the editor started from: required with pkIncidentId (400 without), a stale one answers 409 */
  version: z.number().int().min(0).optional(),
  /**
   * a new case opened from a patrol's field report (Terima, issue #30 item 2; contract/field-reports.ts): accepts
   * the report in the same transaction; refused on an edit (400) and when the report is no longer pending (409)
   */
  fieldReportId: id.optional(),
});
export type IncidentSave = z.infer<typeof IncidentSaveSchema>;

export const IncidentSavedSchema = z.object({
  pkIncidentId: id,
  ticketNumber: z.string(),
  incidentStatusId: z.number().int().nullable(),
  subformId: z.number().int().nullable(),
  version: z.number().int(),
});
export type IncidentSaved = z.infer<typeof IncidentSavedSchema>;

const SectionRefSchema = z.object({
  pkSectionId: z.number().int(),
  sectionName: z.string(),
  isCombined: z.boolean(),
  /** region key = region id, value = name, description = code */
  region: Lookup,
});

/** Read side of incident/get/{id} and incidentView/get/{id} (§3.1). */
export const IncidentSchema = z.object({
  pkIncidentId: z.number().int(),
  ticketNumber: z.string(),
  cipTicketNumber: z.string().nullable(),
  mhroadsTicketNumber: z.string().nullable(),
  kilometerMarker: z.string(),
  /** 'KM (section or specific section)' */
  chainage: z.string(),
  /** local (Asia/Brunei) date and time of the incident */
  date: z.string(),
  time: z.string(),
  incidentDateTime: z.string(),
  createdBy: z.object({ userId: z.number().int().nullable(), pkStaffId: z.number().int(), displayName: z.string() }),
  incidentSource: Lookup,
  incidentCategory: Lookup,
  incidentSeverity: LookupOrNull,
  cardinalDirection: Lookup,
  locationType: LookupOrNull,
  weatherCondition: LookupOrNull,
  lightingCondition: LookupOrNull,
  highway: Lookup,
  section: SectionRefSchema,
  specificSection: z.object({ pkSectionId: z.number().int(), sectionName: z.string() }).nullable(),
  eventLocation: LookupOrNull,
  dutyRoster: z
    .object({
      pkDutyRosterId: z.number().int(),
      dutyRosterName: z.string(),
      plateNumber: z.string().nullable(),
      callSign: z.string().nullable(),
    })
    .nullable(),
  latitude: z.number().nullable(),
  longtitude: z.number().nullable(),
  incidentStatusId: z.number().int().nullable(),
  /** status label; 'Tiada Status' when none */
  incidentStatus: z.string(),
  subformId: z.number().int().nullable(),
  version: z.number().int(),
  createdDate: z.string(),
  modifiedDate: z.string(),
});
export type Incident = z.infer<typeof IncidentSchema>;

/** The list times of §3.2 (ISO instants or null). */
export const IncidentTimesSchema = z.object({
  dihantar: z.string().nullable(),
  diterima: z.string().nullable(),
  tiba: z.string().nullable(),
  selesaiBantuan: z.string().nullable(),
  selesaiKes: z.string().nullable(),
});

/** incidentView/get/{id}: the record plus what the detail page needs to decide its buttons (§4.2, §6). */
export const IncidentViewSchema = IncidentSchema.extend({
  times: IncidentTimesSchema,
  /** a 298 or 209 audit entry exists (Tutup allowed) */
  hasDoneEntry: z.boolean(),
  /** a 202 audit entry exists */
  everCancelled: z.boolean(),
  /** the caller is on the team of the assigned roster (patrol steps allowed) */
  assignedToCaller: z.boolean(),
});
export type IncidentView = z.infer<typeof IncidentViewSchema>;

// ---------------------------------------------------------------- lists

/** Incident list row (§3.2) plus what the lists show beside it. */
export const IncidentListRowSchema = IncidentTimesSchema.extend({
  incidentId: z.number().int(),
  subformId: z.number().int().nullable(),
  /** ISO instant of the incident */
  createdDate: z.string(),
  jenisKes: z.string(),
  incidentCategoryId: z.number().int(),
  ticketNumber: z.string(),
  kilometermarker: z.string(),
  direction: z.string(),
  eventLocation: z.string().nullable(),
  section: z.string(),
  regionName: z.string(),
  creationSource: z.string(),
  statusKes: z.string(),
  statusId: z.number().int().nullable(),
  dutyRosterName: z.string().nullable(),
  plateNumbers: z.array(z.string()),
});
export type IncidentListRow = z.infer<typeof IncidentListRowSchema>;

/** manage/dashboard/dataTables answer: a page of rows; recordCount stops at LIST_COUNT_CAP (recordCountCapped then true). */
export const IncidentPageSchema = dataTablesBody(IncidentListRowSchema).extend({ recordCountCapped: z.boolean().optional() });
export type IncidentPage = z.infer<typeof IncidentPageSchema>;

/** manage/dashboard/dataTables filter (§7.3); also used by the case search. dateEnd is not before dateStart. */
export const DashboardFilterSchema = withRange(
  z.object({
    staffId: id.optional(),
    sectionId: id.optional(),
    regionCode: z.string().max(20).optional(),
    dateStart: calendarDate.optional(),
    dateEnd: calendarDate.optional(),
    incidentCategory: id.optional(),
    plateNumber: z.string().trim().max(INCIDENT_LIMITS.plateMaxLength).optional(),
    /** true: include Tutup and Batal (hidden by default, §4.2) */
    searchAllStatus: z.boolean().optional(),
    kmSearch: z.string().trim().max(INCIDENT_LIMITS.kilometerMaxLength).optional(),
    incidentStatus: id.optional(),
    incidentStatusGroup: z.enum(STATUS_GROUP_NAMES as [string, ...string[]]).optional(),
    ticketNumber: z.string().trim().max(40).optional(),
    /** only cases assigned to rosters of the caller's teams (a patrol's own list) */
    assignedToMe: z.boolean().optional(),
  }),
  'dateStart',
  'dateEnd',
);
export type DashboardFilter = z.infer<typeof DashboardFilterSchema>;

/** dashboard/getIncidentItemsCount: cases per event type for the filter. */
export const IncidentItemsCountSchema = z.object({
  total: z.number().int(),
  byCategory: z.array(z.object({ key: z.number().int(), value: z.string(), count: z.number().int() })),
});
/** dashboard/getDashboardItemsCount: cases per status group and status for the filter (dates, section, region). */
export const DashboardItemsCountSchema = z.object({
  total: z.number().int(),
  byGroup: z.record(z.string(), z.number().int()),
  byStatus: z.array(z.object({ key: z.number().int(), value: z.string(), count: z.number().int() })),
});

/** incidentView/dataTables (§7.3): by incident id, section, or a company. */
export const IncidentViewFilterSchema = z.object({
  companyId: z.number().int().optional(),
  incidentId: id.optional(),
  sectionId: id.optional(),
});
export const IncidentViewRowSchema = z.object({
  incidentId: z.number().int(),
  subFormincidentId: z.number().int().nullable(),
  incidentCategoryId: z.number().int(),
  ticketNumber: z.string(),
  incidentStatusId: z.number().int().nullable(),
  incidentStatus: z.string(),
});

// ---------------------------------------------------------------- subforms (§3.4)

const subformBase = {
  pkIncidentId: id,
  /** the numeric incident-type id every subform sends with its data (§2.15) */
  incidentTypeId: id,
  remark: remark.optional(),
  version: z.number().int().min(0).optional(),
};
export const AccidentSaveSchema = z.object({
  ...subformBase,
  pkIncidentAccidentId: id.optional(),
  pkCasualTypeId: id.nullable().optional(),
  pkAssistTypeId: id.nullable().optional(),
  naFlagTrafficJam: z.boolean().optional(),
  naFlagLaneClosure: z.boolean().optional(),
  naFlagRoadFurniture: z.boolean().optional(),
});
export const BreakdownSaveSchema = z.object({
  ...subformBase,
  pkIncidentBreakdownId: id.optional(),
  pkBreakdownCauseId: id.nullable().optional(),
  pkAssistTypeId: id.nullable().optional(),
});
export const ObstacleSaveSchema = z.object({
  ...subformBase,
  pkIncidentObstacleId: id.optional(),
  pkObstacleObjectTypeId: id.nullable().optional(),
  pkAssistTypeId: id.nullable().optional(),
  moveToSafety: z.boolean().nullable().optional(),
});
export const StrayAnimalSaveSchema = z.object({
  ...subformBase,
  pkIncidentStrayAnimalId: id.optional(),
  pkStrayAnimalTypeId: id.nullable().optional(),
  pkAssistTypeId: id.nullable().optional(),
  moveToSafety: z.boolean().nullable().optional(),
});
export const RoadConditionHazardSaveSchema = z.object({
  ...subformBase,
  pkIncidentRoadConditionHazardId: id.optional(),
  pkHazardTypeId: id.nullable().optional(),
  /** §2.12 restricts assistance to the other-assistance list */
  pkAssistTypeId: id.nullable().optional(),
});
export const RoadFurnitureSaveSchema = z.object({
  ...subformBase,
  pkIncidentRoadFurnitureId: id.optional(),
  pkAssistTypeId: id.nullable().optional(),
});
export const OthersSaveSchema = z.object({
  ...subformBase,
  pkIncidentOthersId: id.optional(),
  pkOthersTypeId: id.nullable().optional(),
  pkAssistTypeId: id.nullable().optional(),
});

/** Save schema per subform kind (SUBFORMS[type].kind). */
export const SUBFORM_SAVE_SCHEMAS = {
  accident: AccidentSaveSchema,
  breakdown: BreakdownSaveSchema,
  obstacle: ObstacleSaveSchema,
  strayAnimal: StrayAnimalSaveSchema,
  roadConditionHazard: RoadConditionHazardSaveSchema,
  roadFurniture: RoadFurnitureSaveSchema,
  others: OthersSaveSchema,
} as const;

/**
 * A saved subform as every subform's get/save answers it: the common `subformId` plus the type's own id field
 * (pkIncidentAccidentId, …) with the same value, and every field (null where the type has none).
 */
export const SubformRecordSchema = z
  .object({
    subformId: z.number().int(),
    pkIncidentId: z.number().int(),
    incidentTypeId: z.number().int(),
    remark: z.string(),
    pkCasualTypeId: z.number().int().nullable(),
    pkAssistTypeId: z.number().int().nullable(),
    naFlagTrafficJam: z.boolean(),
    naFlagLaneClosure: z.boolean(),
    naFlagRoadFurniture: z.boolean(),
    pkBreakdownCauseId: z.number().int().nullable(),
    pkObstacleObjectTypeId: z.number().int().nullable(),
    pkStrayAnimalTypeId: z.number().int().nullable(),
    moveToSafety: z.boolean().nullable(),
    pkHazardTypeId: z.number().int().nullable(),
    pkOthersTypeId: z.number().int().nullable(),
    version: z.number().int(),
    modifiedDate: z.string(),
  })
  .catchall(z.number().int());
export type SubformRecord = z.infer<typeof SubformRecordSchema>;

/** .../delete takes an array of ids (§7.3). */
export const IdsSchema = z.array(id).min(1).max(100);

// ---------------------------------------------------------------- audit (§3.7)

/** incidentAudit/save: a status change. 202 and the superadmin correction need a justification in remark. */
export const AuditSaveSchema = z.object({
  incidentId: id,
  assignerId: id.optional(),
  assigneeId: id.nullable().optional(),
  incidentStatusId: id,
  /** ISO instant; defaults to now; not more than FUTURE_ALLOWANCE_MS ahead of the server clock (audit.ts) */
  datetime: instant.optional(),
  latitude: lat.nullable().optional(),
  longtitude: lng.nullable().optional(),
  remark: z.string().trim().max(INCIDENT_LIMITS.justificationMax, `Justifikasi maksimum ${INCIDENT_LIMITS.justificationMax} aksara`).optional(),
  pkRccLateCodeId: id.nullable().optional(),
  pkPrLateCodeId: id.nullable().optional(),
});
export type AuditSave = z.infer<typeof AuditSaveSchema>;

export const AuditRowSchema = z.object({
  pkIncidentAuditId: z.number().int(),
  pkIncidentId: z.number().int(),
  incidentStatus: Lookup,
  /** local date dd-mm-yyyy and time hh:mm:ss, and the ISO instant */
  date: z.string(),
  time: z.string(),
  datetime: z.string(),
  remark: z.string().nullable(),
  prLateCode: LookupOrNull,
  rccLateCode: LookupOrNull,
  assigner: z.object({ pkStaffId: z.number().int(), displayName: z.string(), roleName: z.string() }),
  assignee: z.object({ pkDutyRosterId: z.number().int(), dutyRosterName: z.string() }).nullable(),
  latitude: z.number().nullable(),
  longtitude: z.number().nullable(),
  /** offline sync (#4): the time the device claimed for the write (X-Client-Time, ISO), null when not sent */
  clientTime: z.string().nullable().optional(),
  /** the device the write came from (X-Device-Id) */
  deviceId: z.string().nullable().optional(),
  /** the Idempotency-Key the write came with */
  idempotencyKey: z.string().nullable().optional(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;
export const AuditFilterSchema = z.object({ incidentId: id });
/** incidentAudit/save answers the entry written (or, for a repeated 203 to the same roster, the existing one) and the case's new version. */
export const AuditSavedSchema = AuditRowSchema.extend({ version: z.number().int() });
export type AuditSaved = z.infer<typeof AuditSavedSchema>;

// ---------------------------------------------------------------- journal (§3.8) and attachments

export const ATTACHMENT_TABLE_TYPES = ['JOURNAL_ENTRY', 'INCIDENT_SUBFORM'] as const;

export const AttachmentSchema = z.object({
  pkAttachmentListId: z.number().int(),
  /** the same id: documents and attachment-list items are one record here */
  pkDocumentsId: z.number().int(),
  tableType: z.enum(ATTACHMENT_TABLE_TYPES),
  fkTableId: z.number().int(),
  pkIncidentId: z.number().int(),
  documentName: z.string(),
  documentType: z.string(),
  byteSize: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** 1: field evidence uploaded by a patrol (only managers may delete it, §6); 0: any other upload */
  statusImg: z.union([z.literal(0), z.literal(1)]),
  createdDateTime: z.string(),
  /** the signed-in user who uploaded it (set by the server, never taken from the body) */
  uploadedBy: z.object({ pkStaffId: z.number().int(), displayName: z.string(), roleName: z.string() }),
  // ---- evidence (issue #19)
  /** SHA-256 (hex) of the stored bytes, computed when stored */
  sha256: z.string(),
  /** EXIF DateTimeOriginal: local wall time 'YYYY-MM-DDTHH:MM:SS' (+ '±hh:mm' when the camera wrote its offset); null without EXIF */
  capturedAt: z.string().nullable(),
  /** where capturedAt was read: 'file' (the bytes the server received) or 'device' (the original file, before compression) */
  capturedAtSource: z.enum(['file', 'device']).nullable(),
  /** the device's clock when the photo was taken or chosen (ISO), null when the device sent none */
  deviceTime: z.string().nullable(),
  /** the stored bytes no longer match sha256: the photo was changed after upload */
  tampered: z.boolean(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;
export const AttachmentWithContentSchema = AttachmentSchema.extend({ fileByteArray: z.string() });

/** EXIF DateTimeOriginal as the device read it: 'YYYY-MM-DDTHH:MM:SS' with an optional '±hh:mm' (the camera's offset). */
export const EXIF_TIME_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d([+-]([01]\d|2[0-3]):[0-5]\d)?$/;
/** The evidence a device sends with a photo (issue #19): its EXIF capture time and the device's clock when it was taken or chosen. */
const photoEvidence = {
  capturedAt: z.string().regex(EXIF_TIME_PATTERN, 'capturedAt: YYYY-MM-DDTHH:MM:SS, optionally ±hh:mm').nullable().optional(),
  deviceTime: instant.nullable().optional(),
};

/** document/saveFile: one image, base64 in fileContent (§3.6). Checked by content on the server. */
export const DocumentSaveSchema = z.object({
  tableType: z.enum(ATTACHMENT_TABLE_TYPES),
  /** journal entry id or subform id */
  fkTableId: id,
  documentName: z.string().trim().min(1).max(200),
  documentType: z.string().max(100).optional(),
  fileContent: z.string().min(1),
  ...photoEvidence,
});
export type DocumentSave = z.infer<typeof DocumentSaveSchema>;

/**
 * attachmentList/save (§3.6, §7.3): one Lampiran Media image of a subform. The spec's fields documentType,
 * documentName, fileContent (the client's own name for the bytes, img, is accepted too); statusImg is decided by the
 * server (§6), never by the body. An attachment is never changed once stored (evidence): a body naming an existing
 * pkAttachmentListId is refused (409).
 */
export const AttachmentListSaveSchema = z
  .object({
    incidentSubFormId: id,
    pkAttachmentListId: id.nullable().optional(),
    documentName: z.string().trim().min(1).max(200),
    documentType: z.string().max(100).optional(),
    fileContent: z.string().min(1).optional(),
    img: z.string().min(1).optional(),
    statusImg: z.union([z.literal(0), z.literal(1)]).optional(),
    ...photoEvidence,
  })
  .refine((b) => (b.fileContent === undefined) !== (b.img === undefined), {
    message: 'Sila hantar kandungan imej dalam fileContent (atau img), satu sahaja.',
    path: ['fileContent'],
  });
export type AttachmentListSave = z.infer<typeof AttachmentListSaveSchema>;
export const DocumentDownloadSchema = z.object({ pkDocumentsId: id });
export const AttachmentListFilterSchema = z.object({ incidentSubFormId: id });

export const JournalEntrySchema = z.object({
  pkJournalEntryId: z.number().int(),
  pkIncidentId: z.number().int(),
  incidentSubFormId: z.number().int().nullable(),
  entry: z.string(),
  /**
   * NOTE: written by a user; CORRECTION: a superadmin's data correction listing old and new values; HANDOVER: a shift
   * handover of the case from one roster to the next (contract/handover.ts)
   */
  kind: z.enum(['NOTE', 'CORRECTION', 'HANDOVER']),
  /** local dd-mm-yyyy and hh:mm:ss, and the ISO instant */
  date: z.string(),
  time: z.string(),
  createdDateTime: z.string(),
  /** 829 TMC, 830 PR, null otherwise (§6) */
  readStatus: z.number().int().nullable(),
  staff: z.object({ pkStaffId: z.number().int(), displayName: z.string(), position: z.string(), roleName: z.string() }),
  attachments: z.array(AttachmentSchema),
});
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

/** journalEntry/save: nothing is saved when blank (§5). With incidentSubFormId the link is made in the same step. */
export const JournalEntrySaveSchema = z.object({
  entry: z
    .string()
    .max(INCIDENT_LIMITS.journalEntryMax, `Kenyataan maksimum ${INCIDENT_LIMITS.journalEntryMax} aksara`)
    .refine((s) => s.trim().length > 0, 'Kenyataan tidak boleh kosong'),
  incidentSubFormId: id.optional(),
  pkIncidentId: id.optional(),
});
/** journal/save: the link of §3.8 (journalEntryId, staffId, incidentSubFormId). */
export const JournalLinkSaveSchema = z.object({ journalEntryId: id, staffId: id.optional(), incidentSubFormId: id });
export const JournalFilterSchema = z.object({ incidentSubFormId: id.optional(), incidentId: id.optional() });
/** journalEntry/updateStatus: the read mark of §4.4 (appends 'Read by: …' once per reader). */
export const JournalEntryStatusSchema = z.object({ pkJournalEntryId: id, readStatus: z.number().int().optional() });

// ---------------------------------------------------------------- locations and patrols

/** GpsKmMarker/getLocationGpsCoordinates (§7.3). */
export const KmLocationRequestSchema = z.object({
  sectionId: id,
  kmLocation: z.string().trim().min(1).max(INCIDENT_LIMITS.kilometerMaxLength).refine(hasDigit, 'Min 1 aksara bernombor'),
  /** how far (km) from a marker still counts as a match; default 0.1 */
  bound: z.number().positive().max(5).optional(),
});
export const KmLocationSchema = z.object({
  matched: z.boolean(),
  latitude: z.number().nullable(),
  longtitude: z.number().nullable(),
  /** the marker's kilometre when matched */
  km: z.number().nullable(),
  sectionId: z.number().int(),
  sectionName: z.string(),
});
export type KmLocation = z.infer<typeof KmLocationSchema>;

/**
 * gpskmmarkersectionid/getBySectionId/{id} (§7.5 'gpskmmarkersectionid … getBySectionId…'): every 100 m marker of a
 * section (of its specific sections when combined) as [km, latitude, longitude], kilometre order. The PWA keeps
 * them on the device so the kilometre check works offline (issue #4).
 */
export const SectionKmMarkersSchema = z.object({
  sectionId: z.number().int(),
  sectionName: z.string(),
  markers: z.array(z.tuple([z.number(), z.number(), z.number()])),
});
export type SectionKmMarkers = z.infer<typeof SectionKmMarkersSchema>;

/** dutyroster/nearestActivePR and activePRList (§7.5). */
export const ActivePrFilterSchema = z.object({
  regionId: id.optional(),
  sectionId: id.optional(),
  kilometer: z.string().trim().max(INCIDENT_LIMITS.kilometerMaxLength).optional(),
  latitude: lat.optional(),
  longitude: lng.optional(),
  direction: id.optional(),
});
export type ActivePrFilter = z.infer<typeof ActivePrFilterSchema>;
export const ActivePrRowSchema = z.object({
  pkDutyRosterId: z.number().int(),
  dutyRosterName: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  startHour: z.string(),
  endHour: z.string(),
  plateNumber: z.string().nullable(),
  callSign: z.string().nullable(),
  members: z.array(z.object({ pkStaffId: z.number().int(), displayName: z.string(), position: z.string() })),
  /** km from the incident (2 decimals) when both places are known */
  distanceKm: z.number().nullable(),
  /**
   * how the distance was measured (issue #7): 'highway' along the highway by kilometre (plus the way to the nearest
   * crossover when the patrol is on the other carriageway), 'position' the straight line from the live position,
   * 'section' the straight line to the roster's section (no position), 'none' unknown
   */
  distanceBasis: z.enum(['highway', 'position', 'section', 'none']),
  /** km to and back from the nearest crossover added to a 'highway' distance (opposite carriageway); 0 otherwise */
  crossoverKm: z.number().nullable().optional(),
  /** seconds since the patrol's last position (#7), null when none */
  positionAgeSeconds: z.number().int().nullable(),
  /** the last position is older than the configured limit: shown as stale and ranked last */
  stale: z.boolean().optional(),
  /** the patrol's live position (#7), null when none */
  position: VehicleLocationSchema.nullable().optional(),
  /** already on an open case */
  busy: z.boolean(),
  openCases: z.number().int(),
});
export type ActivePrRow = z.infer<typeof ActivePrRowSchema>;
