/**
 * Zod-free constants of the staff leave; the schema module contract/leave.ts re-exports them. The PWA's English
 * catalogue of the server's texts (src/lib/i18n/server-texts-en.ts) takes its messages from here, without zod.
 */

/** Leave types (staff_leave.leave_type_id). */
export const LEAVE_TYPES = [
  { key: 1, value: 'Cuti Tahunan', description: 'Annual leave' },
  { key: 2, value: 'Cuti Sakit', description: 'Sick leave' },
  { key: 3, value: 'Cuti Kecemasan', description: 'Emergency leave' },
  { key: 4, value: 'Cuti Ganti', description: 'Replacement leave' },
  { key: 5, value: 'Cuti Tanpa Gaji', description: 'Unpaid leave' },
  { key: 6, value: 'Kursus/Latihan', description: 'Course / training' },
  { key: 7, value: 'Cuti Bersalin/Paterniti', description: 'Maternity / paternity leave' },
] as const;
export type LeaveTypeId = (typeof LEAVE_TYPES)[number]['key'];
export const leaveTypeName = (key: number): string => LEAVE_TYPES.find((t) => t.key === key)?.value ?? `Jenis ${key}`;

export const LEAVE_STATUSES = ['requested', 'approved', 'rejected'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
/** Status labels as the screens and the CSV show them. */
export const LEAVE_STATUS_LABEL: Record<LeaveStatus, string> = { requested: 'Dimohon', approved: 'Diluluskan', rejected: 'Ditolak' };

export const ROSTER_ACTIONS = ['keep', 'release'] as const;
export type RosterAction = (typeof ROSTER_ACTIONS)[number];

/** A single leave may cover at most this many days (a maternity leave is 98). */
export const LEAVE_MAX_DAYS = 366;

export const LEAVE_MESSAGES = {
  toBeforeFrom: 'Tarikh tamat cuti tidak boleh sebelum tarikh mula cuti.',
  tooLong: `Tempoh cuti maksimum ${LEAVE_MAX_DAYS} hari satu permohonan.`,
  type: 'Jenis cuti tidak sah.',
  typeRequired: 'Sila pilih jenis cuti.',
  staff: 'Sila pilih kakitangan.',
  notFound: 'Rekod cuti tidak dijumpai.',
  staffNotFound: 'Kakitangan tidak dijumpai.',
  staffInactive: 'Kakitangan ini tidak aktif.',
  otherRegion: 'Kakitangan ini di luar wilayah anda.',
  overlap: 'Cuti bertindih dengan cuti lain kakitangan yang sama',
  notRequested: 'Hanya cuti berstatus Dimohon boleh dikemaskini.',
  alreadyDecided: 'Cuti ini telah diputuskan.',
  deleteNotRequested: 'Hanya cuti berstatus Dimohon boleh dipadam.',
  ownLeave: 'Anda tidak boleh meluluskan atau menolak cuti anda sendiri.',
  rosterActionRequired: 'Cuti ini bertembung dengan jadual tugas. Sila pilih tindakan bagi jadual tugas tersebut (kekalkan atau lepaskan).',
  saved: 'Cuti telah berjaya disimpan.',
  approved: 'Cuti telah diluluskan.',
  rejected: 'Cuti telah ditolak.',
  deleted: 'Cuti telah dipadam.',
} as const;
