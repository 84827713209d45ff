/**
 * Zod-free constants of the shifts; the schema module contract/shifts.ts re-exports them. The PWA's English
 * catalogue of the server's texts (src/lib/i18n/server-texts-en.ts) takes its messages from here, without zod.
 */

export const SHIFT_NAME_MAX = 100;

export const SHIFT_MESSAGES = {
  hour: 'Masa mesti dalam format HH:MM (00:00–23:59).',
  sameHours: 'Masa mula dan tamat syif tidak boleh sama.',
  name: 'Nama syif diperlukan.',
  nameLong: `Nama syif maksimum ${SHIFT_NAME_MAX} aksara.`,
  category: 'Kategori syif tidak sah.',
  jenisRoster: 'Jenis roster tidak sah.',
  duplicateName: 'Nama syif ini telah digunakan oleh syif aktif lain.',
  notFound: 'Syif tidak dijumpai.',
  jenisRosterNotFound: 'Jenis roster tidak dijumpai.',
  saved: 'Syif telah berjaya disimpan.',
  deleted: 'Syif telah dipadam.',
  deactivated: 'Syif ini digunakan oleh jadual tugas atau jadual pasukan, maka ia dinyahaktifkan (tidak dipadam).',
} as const;
