import { registerTexts } from '../index';

/**
 * UI texts of the sync status in the top bar (issue #4: the chip, its last-sync time) and the update prompt's
 * kept-work note, both languages: these ship with the shell; the sync panel's, the Draf list's and sign-out's are
 * the sync part's (loaded with them). Keys are prefixed 'sync.'.
 */
export const syncStatusMs = {
  'sync.online': 'Dalam talian',
  'sync.offline': 'Luar talian',
  'sync.unsent': '{n} belum dihantar',
  'sync.allSent': 'Semua dihantar',
  'sync.lastSync': 'Segerak terakhir: {when}',
  'sync.never': 'Belum disegerakkan',
  'sync.ago.now': 'baru sahaja',
  'sync.ago.min': '{n} minit lalu',
  'sync.ago.hour': '{n} jam lalu',
  'sync.authPaused': 'Log masuk semula untuk menghantar',
  'sync.evictedShort': 'Data peranti dipadam',
  'sync.update.kept': '{n} item belum dihantar kekal dalam peranti dan akan dihantar selepas muat semula.',
} as const;

export const syncStatusEn: Record<keyof typeof syncStatusMs, string> = {
  'sync.online': 'Online',
  'sync.offline': 'Offline',
  'sync.unsent': '{n} not sent',
  'sync.allSent': 'All sent',
  'sync.lastSync': 'Last sync: {when}',
  'sync.never': 'Not synced yet',
  'sync.ago.now': 'just now',
  'sync.ago.min': '{n} min ago',
  'sync.ago.hour': '{n} h ago',
  'sync.authPaused': 'Sign in again to send',
  'sync.evictedShort': 'Device data cleared',
  'sync.update.kept': '{n} unsent items stay on the device and are sent after the reload.',
};

registerTexts(syncStatusMs, syncStatusEn);
