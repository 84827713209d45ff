import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMING } from '@contract/lookups';
import { useSession } from '@/lib/session';
import type { Notification } from '@contract/comms';
import {
  alertsCall,
  broadcastsCall,
  markAlertReadCall,
  markBroadcastsSeenCall,
  notificationsCall,
  readNotificationCalls,
  sendBroadcastCall,
} from './comms-api';

/** §4.4, §9: notifications, broadcasts and alerts refresh every 60 s while signed in. */
const REFRESH = TIMING.refreshMs;

export const commsKeys = {
  notifications: (userId: string) => ['comms', 'notifications', userId] as const,
  broadcasts: (userId: string) => ['comms', 'broadcasts', userId] as const,
  alerts: (userId: string) => ['comms', 'alerts', userId] as const,
};

export function useNotifications(enabled: boolean) {
  const session = useSession();
  const userId = session?.user.userId ?? '';
  return useQuery({
    queryKey: commsKeys.notifications(userId),
    queryFn: () => notificationsCall(),
    enabled: enabled && !!userId,
    refetchInterval: REFRESH,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

export function useBroadcasts() {
  const session = useSession();
  const userId = session?.user.userId ?? '';
  return useQuery({
    queryKey: commsKeys.broadcasts(userId),
    queryFn: async () => (await broadcastsCall()).rows,
    enabled: !!userId,
    refetchInterval: REFRESH,
    retry: false,
  });
}

export function useAlerts() {
  const session = useSession();
  const userId = session?.user.userId ?? '';
  return useQuery({
    queryKey: commsKeys.alerts(userId),
    queryFn: async () => (await alertsCall(0)).rows,
    enabled: !!userId,
    refetchInterval: REFRESH,
    retry: false,
  });
}

export function useSendBroadcast() {
  const qc = useQueryClient();
  const session = useSession();
  const userId = session?.user.userId ?? '';
  return useMutation({
    mutationFn: (message: string) => sendBroadcastCall(message),
    onSuccess: (saved) => {
      // Show it at once (newest first, at most 8), then ask the server for the real list.
      if (saved && typeof saved === 'object' && 'message' in saved) {
        qc.setQueryData(commsKeys.broadcasts(userId), (old: unknown) => [saved, ...((old as unknown[]) ?? [])].slice(0, 8));
      }
      void qc.invalidateQueries({ queryKey: commsKeys.broadcasts(userId) });
    },
  });
}

export function useMarkAlertRead() {
  const qc = useQueryClient();
  const session = useSession();
  const userId = session?.user.userId ?? '';
  return useMutation({
    mutationFn: (id: number) => markAlertReadCall(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: commsKeys.alerts(userId) }),
  });
}

/**
 * Opening a notification (§4.4): (1) a TMC reader appends 'Read by: …' to the latest entry a patrol wrote on the
 * case's subform, (2) the notification is marked read by ticket number, (3) the lists refresh.
 */
export function useReadNotification() {
  const qc = useQueryClient();
  const session = useSession();
  const userId = session?.user.userId ?? '';
  const roleName = session?.user.roles[0]?.roleName ?? '';
  return useMutation({
    mutationFn: (n: Notification) => readNotificationCalls(n, roleName),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: commsKeys.notifications(userId) });
      // the journal panels of the case show the 'Read by' line
      void qc.invalidateQueries({ queryKey: ['journal'] });
    },
  });
}

/** The broadcasts the panel shows that the user had not seen yet are marked seen, once (issue #6 "seen by N of M"). */
export function useMarkBroadcastsSeen(rows: { pkMessageBroadcastId: number; seenByMe?: boolean }[], active: boolean) {
  const asked = useRef(new Set<number>());
  useEffect(() => {
    if (!active) return;
    const ids = rows.filter((r) => r.seenByMe === false && !asked.current.has(r.pkMessageBroadcastId)).map((r) => r.pkMessageBroadcastId);
    if (!ids.length) return;
    ids.forEach((id) => {
      asked.current.add(id);
    });
    markBroadcastsSeenCall(ids).catch((err: unknown) => {
      ids.forEach((id) => {
        asked.current.delete(id);
      });
      console.warn('[broadcasts] seen mark not sent', err);
    });
  }, [rows, active]);
}
