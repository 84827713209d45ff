/**
 * Zod-free constants of the patrol teams; the schema module contract/teams.ts re-exports them. The PWA's English
 * catalogue of the server's texts (src/lib/i18n/server-texts-en.ts) takes its messages from here, without zod.
 */

export const TEAM_MESSAGES = {
  saved: 'Pasukan berjaya disimpan.',
  deleted: 'Pasukan berjaya dipadam.',
  deactivated: 'Pasukan yang mempunyai jadual tugas tidak dipadam tetapi dinyahaktifkan.',
  membersSaved: 'Ahli pasukan berjaya ditambah.',
  membersDeleted: 'Ahli pasukan berjaya dikeluarkan.',
  scheduleSaved: 'Jadual pasukan berjaya disimpan. Jadual tugas yang telah dijana tidak berubah.',
  notFound: 'Pasukan tidak dijumpai.',
  outOfRegion: 'Pasukan ini di luar wilayah anda.',
} as const;
