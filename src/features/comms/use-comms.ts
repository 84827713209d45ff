import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMING } from '@contract/lookups';
import { useSession } from '@/lib/session';
import { alertsCall, broadcastsCall, markAlertReadCall, markNotificationReadCall, notificationsCall, sendBroadcastCall } from './comms-api';

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

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  const session = useSession();
  const userId = session?.user.userId ?? '';
  return useMutation({
    mutationFn: (ticket: string) => markNotificationReadCall(ticket),
    onSuccess: () => qc.invalidateQueries({ queryKey: commsKeys.notifications(userId) }),
  });
}
