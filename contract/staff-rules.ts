/**
 * Zod-free constants of the staff records; the schema module contract/staff.ts re-exports them. The PWA's English
 * catalogue of the server's texts (src/lib/i18n/server-texts-en.ts) takes its messages from here, without zod.
 */

export const STAFF_MESSAGES = {
  duplicateStaffNo: 'No. staf sudah wujud',
  nric: 'No. KP (NRIC) mesti 12 digit, contohnya 900101-10-1234 atau 900101101234',
  email: 'Alamat e-mel tidak sah',
  phone: 'No. telefon tidak sah: 7–20 digit (boleh dengan +, - atau ruang)',
  staffNo: 'No. staf hanya huruf, nombor, - dan / (1–30 aksara)',
  displayName: 'Nama diperlukan (maksimum 150 aksara)',
  position: 'Jawatan diperlukan (maksimum 100 aksara)',
  section: 'Seksyen diperlukan',
  notFound: 'Staf tidak dijumpai.',
  inactive: 'Staf ini tidak aktif.',
  otherRegion: 'Staf ini di luar wilayah anda.',
  sectionOtherRegion: 'Seksyen ini di luar wilayah anda.',
  unknownRole: 'Peranan tidak wujud.',
  roleNotAllowed: 'Anda tidak dibenarkan memberi atau menukar peranan ini.',
  ownRole: 'Anda tidak boleh menukar peranan anda sendiri.',
  noUserForRole: 'Staf ini tiada akaun pengguna: peranan tidak boleh ditetapkan.',
  created: 'Staf berjaya didaftarkan.',
  saved: 'Maklumat staf berjaya disimpan.',
  rolesSaved: 'Jawatan dan peranan berjaya dikemaskini.',
  deleted: 'Staf berjaya dipadam atau dinyahaktifkan.',
  imported: 'Import staf berjaya.',
  importRefused: 'Import ditolak: ada baris yang tidak sah. Tiada staf disimpan.',
  tooManyRows: 'maksimum 5000 baris',
} as const;
