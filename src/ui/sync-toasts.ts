/**
 * The toasts of queued writes: 'Disimpan dalam peranti — akan dihantar apabila talian pulih' when a write stays on
 * the device, and the full-storage error (shown, never swallowed).
 */
import { StorageFullError } from '@/offline/outbox';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/sync';
import { notify } from './toaster';

export function notifyQueued() {
  notify.info(t('sync.queued'), { id: 'sync-queued' });
}

/** Shows a full device storage; returns whether `err` was that. */
export function notifyIfStorageFull(err: unknown): boolean {
  if (!(err instanceof StorageFullError)) return false;
  notify.error(t('sync.storageFull'), { id: 'storage-full', persistent: true });
  return true;
}
