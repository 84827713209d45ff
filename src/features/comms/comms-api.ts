import { PAGE_SIZE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import type { AlertRow, BroadcastRow, Notification } from '@contract/comms';
import type { DataTablesResult } from '@contract/envelope';
import { apiPost, dataTables } from '@/lib/api';

/** Today → tomorrow (the server's default range), at most 8 (§9). */
export const broadcastsCall = (quiet = true) =>
  dataTables<BroadcastRow>(PATHS.broadcastDataTables, {}, { length: PAGE_SIZE.broadcasts, start: 0 }, { quiet }) as Promise<DataTablesResult<BroadcastRow>>;

export const sendBroadcastCall = (message: string) => apiPost<BroadcastRow | null>(PATHS.broadcastSave, { message });

export const alertsCall = (viewed: 0 | 1 = 0, quiet = true) =>
  dataTables<AlertRow>(PATHS.alertDataTables, { viewed }, { length: PAGE_SIZE.alerts, start: 0 }, { quiet }) as Promise<DataTablesResult<AlertRow>>;

export const markAlertReadCall = (pkAlertNotificationId: number) => apiPost<unknown>(PATHS.alertSave, { pkAlertNotificationId, viewed: 1 });

export const notificationsCall = (quiet = true) => apiPost<Notification[]>(PATHS.notificationGetAll, {}, { quiet });

export const markNotificationReadCall = (incidentTicketNumber: string) => apiPost<unknown>(PATHS.notificationUpdate, { incidentTicketNumber });
