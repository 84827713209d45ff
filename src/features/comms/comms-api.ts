import { PAGE_SIZE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import type { AlertRow, BroadcastRow, Notification } from '@contract/comms';
import type { DataTablesResult } from '@contract/envelope';
import { apiPost, dataTables } from '@/lib/api';
import { t } from '@/lib/i18n';
import { getSession } from '@/lib/session';

/**
 * Writes go through the outbox (issue #4), loaded on first use: the bell ships with the shell, Dexie does not.
 * Resolves with the server's answer, or null when the write stays queued on the device.
 */
async function queuedWrite<T>(kind: string, label: string, path: string, body: unknown): Promise<T | null> {
  const userId = getSession()?.user.userId;
  if (!userId) return apiPost<T>(path, body);
  const { miscItem, sendWrites } = await import('@/features/incidents/outbox-writes');
  const item = miscItem(userId, kind, label, path, body);
  const outcome = await sendWrites([item], { silent: kind !== 'broadcast.save' });
  return (outcome.answers[item.clientId!] as T | undefined) ?? null;
}

/** Today → tomorrow (the server's default range), at most 8 (§9). */
export const broadcastsCall = (quiet = true) =>
  dataTables<BroadcastRow>(PATHS.broadcastDataTables, {}, { length: PAGE_SIZE.broadcasts, start: 0 }, { quiet }) as Promise<DataTablesResult<BroadcastRow>>;

export const sendBroadcastCall = (message: string) => queuedWrite<BroadcastRow | null>('broadcast.save', t('queued.label.broadcast'), PATHS.broadcastSave, { message });

export const alertsCall = (viewed: 0 | 1 = 0, quiet = true) =>
  dataTables<AlertRow>(PATHS.alertDataTables, { viewed }, { length: PAGE_SIZE.alerts, start: 0 }, { quiet }) as Promise<DataTablesResult<AlertRow>>;

export const markAlertReadCall = (pkAlertNotificationId: number) =>
  queuedWrite<unknown>('alert.read', t('queued.label.alertRead'), PATHS.alertSave, { pkAlertNotificationId, viewed: 1 });

export const notificationsCall = (quiet = true) => apiPost<Notification[]>(PATHS.notificationGetAll, {}, { quiet });

export const markNotificationReadCall = (incidentTicketNumber: string) =>
  queuedWrite<unknown>('notification.read', t('queued.label.notificationRead', { ticket: incidentTicketNumber }), PATHS.notificationUpdate, { incidentTicketNumber });
