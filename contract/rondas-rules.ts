/**
 * Zod-free constants of the rondas (patrol loops) and their checkpoints; the schema module contract/rondas.ts re-exports them. The PWA's English
 * catalogue of the server's texts (src/lib/i18n/server-texts-en.ts) takes its messages from here, without zod.
 */

/** Server messages (Malay), named once so the tests and the screens read the same words. */
export const RONDA_MESSAGES = {
  saved: 'Ronda berjaya disimpan.',
  deleted: 'Ronda berjaya dipadam.',
  checkpointSaved: 'Pusat semakan berjaya disimpan.',
  checkpointDeleted: 'Pusat semakan berjaya dipadam.',
  checkpointMoved: 'Susunan pusat semakan dikemas kini.',
  rondaNotFound: 'Ronda tidak dijumpai.',
  checkpointNotFound: 'Pusat semakan tidak dijumpai.',
  sectionWithoutRange: 'Seksyen ini tiada julat KM; pilih seksyen khusus (contoh N9, S1).',
  sectionWithoutAlignment: 'Seksyen ini tiada jajaran lebuh raya; pusat semakan tidak boleh diletakkan.',
  kmEqual: 'KM Dari dan KM Hingga tidak boleh sama.',
  inactiveRonda: 'Ronda ini tidak aktif; aktifkan dahulu sebelum menambah pusat semakan.',
  badDirection: 'Arah tidak sah: pilih daripada senarai arah (cardinalDirection).',
} as const;
