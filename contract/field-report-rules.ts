/**
 * Field reports' paths, constants and texts (issue #30 item 2), zod-free so the PWA may import them at run time; the
 * schemas are in contract/field-reports.ts, which says what a field report is.
 */
import { MANAGE_BASE } from './paths';

export const FIELD_REPORT_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type FieldReportStatus = (typeof FIELD_REPORT_STATUSES)[number];

export const FIELD_REPORT_LIMITS = {
  /** the patrol's short note */
  noteMax: 500,
  /** the TMC's reason for Tolak */
  reasonMin: 3,
  reasonMax: 300,
  /** rows in one answer of fieldReport/list */
  listMax: 100,
  /** decided reports stay in the lists this long after their decision (the patrol sees its outcomes) */
  decidedHours: 24,
  /** a report may be sent (offline, late) up to this long after its roster ended */
  lateHours: 24,
  /** the photo's bytes, before base64 */
  photoMaxBytes: 5 * 1024 * 1024,
} as const;

/** alert category (§3.9 alert_notification.category) of a new field report and of its outcome */
export const ALERT_CATEGORY_FIELD_REPORT = 'FR';

/** the incident source (lookup incidentSource) the new-case form proposes for an accepted report, by name */
export const FIELD_REPORT_SOURCE_NAME = 'Peronda';

export const FIELD_REPORT_PATHS = {
  /** POST FieldReportSave (PR): answers the FieldReportRow stored */
  save: `${MANAGE_BASE}/fieldReport/save`,
  /**
   * GET FieldReportFilter: the TMC's region's reports (PENDING, and those decided in the last decidedHours), or the
   * patrol's own (of rosters it is on), newest first; answers FieldReportRow[]
   */
  list: `${MANAGE_BASE}/fieldReport/list`,
  /** GET one report (the new-case form's prefill) */
  get: (id: number) => `${MANAGE_BASE}/fieldReport/get/${id}`,
  getPattern: `${MANAGE_BASE}/fieldReport/get/:id`,
  /** GET the report's photo: the image bytes with their Content-Type (404 without a photo) */
  photo: (id: number) => `${MANAGE_BASE}/fieldReport/photo/${id}`,
  photoPattern: `${MANAGE_BASE}/fieldReport/photo/:id`,
  /** POST FieldReportReject (TMCA/TMCS): answers the FieldReportRow */
  reject: `${MANAGE_BASE}/fieldReport/reject`,
} as const;

/**
 * Server texts (Malay, the product's language): alerts, journal entry and refusals. The PWA translates what it shows
 * itself; these reach users as the server wrote them (alerts, journal, error messages).
 */
export const FIELD_REPORT_TEXTS = {
  /** alert to the region's TMC users when a report arrives */
  alertNew: (category: string, km: string, direction: string, roster: string) => `Laporan peronda: ${category} di ${km} ${direction} (${roster})`,
  /** alert to the reporting patrol's users when it is accepted */
  alertAccepted: (category: string, ticket: string) => `Laporan anda (${category}) diterima: kes ${ticket}`,
  /** alert to the reporting patrol's users when it is refused */
  alertRejected: (category: string) => `Laporan anda (${category}) ditolak`,
  /** the first journal entry of a case opened from a report */
  journal: (roster: string, byName: string, at: string, note: string | null) =>
    `Laporan peronda daripada ${roster} (${byName}) pada ${at}.${note ? ` Catatan: ${note}` : ''}`,
  notOnRoster: 'Anda bukan peronda jadual tugas ini.',
  rosterTooOld: 'Jadual tugas ini telah lama tamat: laporan tidak boleh dihantar.',
  otherRegion: 'Seksyen laporan mesti dari wilayah jadual tugas anda.',
  notPending: 'Laporan ini telah diputuskan oleh operator lain.',
  notFound: 'Laporan peronda tidak dijumpai.',
  noPhoto: 'Laporan ini tiada foto.',
  reasonRequired: 'Sila nyatakan sebab laporan ditolak.',
  photoNameRequired: 'Nama foto diperlukan bersama foto.',
} as const;
