import { PAGE_SIZE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import type { AlertRow, BroadcastRow, Notification } from '@contract/comms';
import type { JournalEntry } from '@contract/incidents';
import { READ_STATUS } from '@contract/lookups';
import { isPatrolRole, isTmcRole } from '@contract/roles';
import type { DataTablesResult } from '@contract/envelope';
import { apiGet, apiPost, dataTables } from '@/lib/api';
import { t } from '@/lib/i18n';
import { getSession } from '@/lib/session';

/**
 * Writes go through the outbox (issue #4), loaded on first use: the bell ships with the shell, Dexie does not, nor
 * the outbox lines' texts (the label is made once they are there). Resolves with the server's answer, or null when
 * the write stays queued on the device.
 */
async function queuedWrite<T>(kind: string, label: () => string, path: string, body: unknown): Promise<T | null> {
  const userId = getSession()?.user.userId;
  if (!userId) return apiPost<T>(path, body);
  const [{ miscItem, sendWrites }] = await Promise.all([import('@/offline/writes'), import('@/lib/i18n/parts/offline-writes')]);
  const item = miscItem(userId, kind, label(), path, body);
  const outcome = await sendWrites([item], { silent: kind !== 'broadcast.save' });
  return (outcome.answers[item.clientId!] as T | undefined) ?? null;
}

/** Today → tomorrow (the server's default range), at most 8 (§9). */
export const broadcastsCall = (quiet = true) =>
  dataTables<BroadcastRow>(PATHS.broadcastDataTables, {}, { length: PAGE_SIZE.broadcasts, start: 0 }, { quiet }) as Promise<
    DataTablesResult<BroadcastRow>
  >;

export const sendBroadcastCall = (message: string) =>
  queuedWrite<BroadcastRow | null>('broadcast.save', () => t('queued.label.broadcast'), PATHS.broadcastSave, { message });

/** messageBroadcast/seen: the broadcasts the user has had on screen (a silent write; offline it waits). */
export const markBroadcastsSeenCall = (ids: number[]) =>
  queuedWrite<unknown>('broadcast.seen', () => t('queued.label.broadcastSeen'), PATHS.broadcastSeen, { ids });

export const alertsCall = (viewed: 0 | 1 = 0, quiet = true) =>
  dataTables<AlertRow>(PATHS.alertDataTables, { viewed }, { length: PAGE_SIZE.alerts, start: 0 }, { quiet }) as Promise<DataTablesResult<AlertRow>>;

export const markAlertReadCall = (pkAlertNotificationId: number) =>
  queuedWrite<unknown>('alert.read', () => t('queued.label.alertRead'), PATHS.alertSave, { pkAlertNotificationId, viewed: 1 });

export const notificationsCall = (quiet = true) => apiPost<Notification[]>(PATHS.notificationGetAll, {}, { quiet });

export const markNotificationReadCall = (incidentTicketNumber: string) =>
  queuedWrite<unknown>('notification.read', () => t('queued.label.notificationRead', { ticket: incidentTicketNumber }), PATHS.notificationUpdate, {
    incidentTicketNumber,
  });

/** The entry §4.4 marks: the newest written by a patrol (position or role starting with PR) on the subform. */
export function latestPatrolEntry(entries: JournalEntry[], subformId: number | null): JournalEntry | null {
  const mine = entries.filter(
    (e) =>
      e.kind === 'NOTE' &&
      (subformId === null || e.incidentSubFormId === subformId) &&
      (isPatrolRole(e.staff.roleName) || e.staff.position.toUpperCase().startsWith('PR')),
  );
  mine.sort((a, b) => Date.parse(b.createdDateTime) - Date.parse(a.createdDateTime) || b.pkJournalEntryId - a.pkJournalEntryId);
  return mine[0] ?? null;
}

/** §4.4 steps 1 and 2 (step 3, the refresh, is the caller's). Offline, the read mark waits in the outbox. */
export async function readNotificationCalls(n: Notification, roleName: string): Promise<void> {
  if (isTmcRole(roleName)) {
    try {
      const entry = latestPatrolEntry(await apiGet<JournalEntry[]>(PATHS.journalByIncident(n.incidentId), { quiet: true }), n.subformIncidentId);
      if (entry) {
        await queuedWrite('journal.read', () => t('queued.label.journalRead', { ticket: n.incidentTicketNumber }), PATHS.journalEntryUpdateStatus, {
          pkJournalEntryId: entry.pkJournalEntryId,
          readStatus: READ_STATUS.TMC,
        });
      }
    } catch (err) {
      // the journal could not be read (offline): the notification is still marked read
      console.warn('[notifications] read mark of the journal skipped', err);
    }
  }
  if (!n.read) await markNotificationReadCall(n.incidentTicketNumber);
}
