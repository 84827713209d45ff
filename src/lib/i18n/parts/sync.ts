/**
 * UI texts of the offline sync (issue #4: status in the top bar, outbox panel, drafts, sign-out with unsent
 * items), both languages; spread into ms.ts and en.ts. Keys are prefixed 'sync.'.
 */
export const syncMs = {
  'sync.queued': 'Disimpan dalam peranti — akan dihantar apabila talian pulih',
  'sync.storageFull': 'Storan peranti penuh: rekod ini tidak dapat disimpan dalam peranti. Kosongkan ruang storan dan cuba lagi.',
};

export const syncEn: Record<keyof typeof syncMs, string> = {
  'sync.queued': 'Saved on this device — it will be sent when the connection is back',
  'sync.storageFull': 'Device storage is full: this record could not be saved on the device. Free some storage and try again.',
};
