/**
 * The patrol's activity log, the shift summary and the end-of-duty report (Laporan Tamat Tugas): paths, constants,
 * messages and pure helpers (issue #15; spec §2.1 /activitylog/{rosterId}/{mode}, /dailyactivitylog,
 * /laporanmasalebuhraya/{rosterId}/…, §2.18, §3.12 Summary and Acknowledgement, §4.2 event 295, §4.3, §7.5, §7.7).
 * Zod-free, so the PWA may import it at run time; the schemas are in contract/activity-log.ts.
 */
import { ACTIVITY_EVENT_END_OF_PATROL } from './lookups';
import { MANAGE_BASE } from './paths';

export const ACTIVITY_PATHS = {
  /** POST, filter in the body (ActivityLogFilter): the entries of one roster, or of a day/section/region */
  dataTables: `${MANAGE_BASE}/activityLog/dataTables`,
  /** POST ActivityLogSave: creates (no pkActivityLogId) or edits an entry */
  save: `${MANAGE_BASE}/activityLog/save`,
  /** POST { pkActivityLogId } */
  delete: `${MANAGE_BASE}/activityLog/delete`,
  /** POST { pkDutyRosterId }: recomputes and stores the shift summary (§3.12 Summary), answers it */
  updateSummary: `${MANAGE_BASE}/dutyroster/updateActivityLogSummary`,
  /** POST DutyRosterAck: verify (isDisemak), approve (isDisahkan), or revoke (SUPERADMIN, with a justification) */
  updateAck: `${MANAGE_BASE}/dutyroster/updateDutyRosterAck`,
  /** GET: the whole end-of-duty report of one roster */
  report: (rosterId: number) => `${MANAGE_BASE}/report/LaporanTamatTugas/${rosterId}`,
  reportPattern: `${MANAGE_BASE}/report/LaporanTamatTugas/:id`,
  /** GET: the roster's periods without GPS fixes during its shift */
  inactiveGps: (rosterId: number) => `${MANAGE_BASE}/report/inactiveGps/get/${rosterId}`,
  inactiveGpsPattern: `${MANAGE_BASE}/report/inactiveGps/get/:id`,
  /** GET: the roster's mainline (DLU) and off-mainline (LLU) periods and its track (the one-roster DLU report) */
  mainline: (rosterId: number) => `${MANAGE_BASE}/report/mainlinePeriods/get/${rosterId}`,
  mainlinePattern: `${MANAGE_BASE}/report/mainlinePeriods/get/:id`,
  /** POST, filter in the body (EndOfDutyFilter): the end-of-duty reports (one row per roster), paged */
  reportDataTables: `${MANAGE_BASE}/laporanTamatTugasData/dataTables`,
  /** POST, same filter: the same rows as CSV (UTF-8 with BOM) */
  reportCsv: `${MANAGE_BASE}/laporanTamatTugasData/csv`,
} as const;

/** activityLogEvents keys (server/db/seed/data/lookups.ts); 295 = end of patrol (§4.2, §9) */
export const ACTIVITY_EVENT = {
  SHIFT_START: 3001,
  VEHICLE_CHECK: 3002,
  PATROL_START: 3003,
  PATROL_END: ACTIVITY_EVENT_END_OF_PATROL,
  BREAK: 3004,
  REFUEL: 3005,
  INCIDENT: 3006,
  TRAFFIC_CONTROL: 3007,
  LAYBY_CHECK: 3008,
  OFFICE: 3009,
  HANDOVER: 3010,
  SHIFT_END: 3011,
} as const;

/** an entry may be timed this far before its roster's start or after its end (issue #15: ±15 min) */
export const ACTIVITY_SHIFT_MARGIN_MS = 15 * 60_000;
/** remark of an entry: like the subforms' remarks (§9) */
export const ACTIVITY_REMARK_MAX = 500;
export const ACTIVITY_LOCATION_MAX = 200;
/** §9 "latest activity log 1"; a roster's log fits one page of this */
export const ACTIVITY_PAGE_MAX = 1000;
/** §9 page size of the end-of-duty list (the report screens' default) */
export const END_OF_DUTY_PAGE_SIZE = 50;
/** two consecutive GPS fixes further apart than this leave an inactive-GPS period between them */
export const INACTIVE_GPS_GAP_MS = 5 * 60_000;
/** a step of a roster's GPS track implying more than this (km/h) is a stray fix, left out of its length (issue #31) */
export const TRACK_MAX_KMH = 200;
/** §5 justification maximum (revoking a verification or approval) */
export const ACK_JUSTIFICATION_MAX = 150;

/**
 * A roster's lifecycle (issue #15): planned (before its first activity and start), onShift (first activity or the
 * shift started), ended (event 295 or 'Tamat Syif', or the shift is over), verified (isDisemak), approved (isDisahkan).
 */
export const ROSTER_LIFECYCLE = ['planned', 'onShift', 'ended', 'verified', 'approved'] as const;
export type RosterLifecycle = (typeof ROSTER_LIFECYCLE)[number];

export const ACK_ACTIONS = ['verify', 'approve', 'revoke'] as const;
export type AckAction = (typeof ACK_ACTIONS)[number];

export const ACTIVITY_MESSAGES = {
  saved: 'Aktiviti berjaya disimpan.',
  deleted: 'Aktiviti berjaya dipadam.',
  notFound: 'Aktiviti tidak dijumpai.',
  rosterNotFound: 'Jadual tugas tidak dijumpai.',
  outOfRegion: 'Jadual tugas ini di luar wilayah anda.',
  notOwnTeam: 'Anda bukan ahli pasukan peronda bagi jadual tugas ini.',
  outsideShift: 'Masa aktiviti mesti dalam syif jadual tugas ini (15 minit sebelum mula hingga 15 minit selepas tamat).',
  inFuture: 'Masa aktiviti tidak boleh melebihi masa semasa.',
  unknownEvent: 'Jenis aktiviti tidak sah.',
  checkpointNotOnRonda: 'Titik semak ini bukan dari ronda seksyen jadual tugas ini.',
  lockedByAck: 'Laporan tamat tugas ini telah disemak; aktivitinya tidak boleh diubah lagi.',
  summaryUpdated: 'Ringkasan syif telah dikemas kini.',
  verified: 'Laporan tamat tugas telah disemak.',
  approved: 'Laporan tamat tugas telah disahkan.',
  revoked: 'Pengesahan laporan tamat tugas telah dibatalkan.',
  verifyOwn: 'Anda tidak boleh menyemak laporan tamat tugas anda sendiri.',
  approveOwn: 'Anda tidak boleh mengesahkan laporan tamat tugas anda sendiri.',
  alreadyVerified: 'Laporan tamat tugas ini telah disemak.',
  alreadyApproved: 'Laporan tamat tugas ini telah disahkan.',
  approveBeforeVerify: 'Laporan tamat tugas mesti disemak sebelum disahkan.',
  notEnded: 'Laporan tamat tugas hanya boleh disemak selepas syif tamat.',
  revokeNeedsJustification: 'Justifikasi diperlukan untuk membatalkan pengesahan.',
  nothingToRevoke: 'Laporan tamat tugas ini belum disemak.',
} as const;

/** 'HH:mm' of a number of minutes ('125' → '2j 05m' is for the screens; this is the CSV form) */
export function minutesToHm(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '';
  const m = Math.max(0, Math.round(minutes));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- added with the server of the activity log (#15)

/** the one-roster DLU report's track holds at most this many points (downsampled evenly, first and last kept) */
export const MAINLINE_TRACK_MAX = 2000;

/** the lifecycle in the product's words (the CSV; the screens may use their own i18n) */
export const ROSTER_LIFECYCLE_LABEL: Readonly<Record<RosterLifecycle, string>> = {
  planned: 'Dirancang',
  onShift: 'Sedang Bertugas',
  ended: 'Tamat',
  verified: 'Disemak',
  approved: 'Disahkan',
};
