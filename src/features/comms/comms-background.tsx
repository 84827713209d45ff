import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { showsNotificationBell } from '@contract/roles';
import { useLanguage } from '@/lib/i18n';
import { useSession, userRole } from '@/lib/session';
import { BACKGROUND_POLL_MS, COMMS_PERIODIC_TAG, unreadKeys, type FromWorker, type ToWorker } from './poll-core';
import { useAlerts, useNotifications } from './use-comms';

/** The user looks at this page: visible and focused (the bell and the drawer are in front of them). */
const pageFocused = () => document.visibilityState === 'visible' && document.hasFocus();

const hasWorker = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** To the active service worker (also before it controls this page, e.g. on the first visit). */
async function toWorker(m: ToWorker) {
  if (!hasWorker()) return;
  const reg = await navigator.serviceWorker.getRegistration();
  (navigator.serviceWorker.controller ?? reg?.active)?.postMessage(m);
}

interface PeriodicSyncManagerLike {
  register(tag: string, opts: { minInterval: number }): Promise<void>;
}

/** Periodic Background Sync where the browser grants it (an installed app, Chromium); elsewhere nothing. */
async function registerPeriodicPoll() {
  if (!hasWorker()) return;
  const reg = await navigator.serviceWorker.ready;
  const periodic = (reg as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManagerLike }).periodicSync;
  if (!periodic) return;
  const perm = await navigator.permissions?.query({ name: 'periodic-background-sync' as PermissionName }).catch(() => null);
  if (perm?.state !== 'granted') return;
  // the browser decides the real interval (Chromium: by site engagement, hours rather than minutes)
  await periodic.register(COMMS_PERIODIC_TAG, { minInterval: BACKGROUND_POLL_MS });
}

/**
 * The page's side of background polling (issue #6 item 4), rendered by the app shell while a user is signed in:
 * - registers the Periodic Background Sync of the worker (sw/poll.ts) where the browser allows it;
 * - tells the worker whether this page has focus, and which unread events a focused screen has shown (those never
 *   become system notifications);
 * - while it has no focus (hidden tab, minimised window, another application in front) asks the worker to poll
 *   every 60 s: the screens' own 60 s refresh stops in a hidden tab, the worker's poll takes over with
 *   If-None-Match and shows a system notification for what is new;
 * - opens what a click on a system notification asks for: the case (/insidenView/{id}) or the alerts drawer.
 */
export function CommsBackground({ onOpenAlerts }: { onOpenAlerts: () => void }) {
  const session = useSession();
  const userId = session?.user.userId ?? '';
  const bell = showsNotificationBell(userRole(session?.user).name);
  const notifications = useNotifications(bell);
  const alerts = useAlerts();
  const lang = useLanguage();
  const navigate = useNavigate();

  // the latest of everything the listeners below need, without re-subscribing them
  const latest = useRef({ userId, lang, notifications: notifications.data, alerts: alerts.data, onOpenAlerts, navigate });
  latest.current = { userId, lang, notifications: notifications.data, alerts: alerts.data, onOpenAlerts, navigate };

  // what a focused screen shows is seen
  useEffect(() => {
    if (!userId || !pageFocused()) return;
    void toWorker({ type: 'COMMS_SEEN', userId, keys: unreadKeys(notifications.data, alerts.data), lang: latest.current.lang });
  }, [userId, notifications.data, alerts.data]);

  useEffect(() => {
    if (!userId) return;
    registerPeriodicPoll().catch((err: unknown) => console.warn('[comms] periodic sync not registered', err));
  }, [userId]);

  useEffect(() => {
    if (!userId || !hasWorker()) return;
    const report = () => {
      const focused = pageFocused();
      void toWorker({ type: 'COMMS_STATE', focused, lang: latest.current.lang });
      const l = latest.current;
      if (focused) void toWorker({ type: 'COMMS_SEEN', userId: l.userId, keys: unreadKeys(l.notifications, l.alerts), lang: l.lang });
    };
    const onMessage = (e: MessageEvent) => {
      const m = e.data as FromWorker | null;
      if (m?.type !== 'COMMS_OPEN') return;
      if (m.target.kind === 'case')
        void latest.current.navigate({ to: '/insidenView/$insidenId', params: { insidenId: String(m.target.incidentId) } });
      else latest.current.onOpenAlerts();
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    navigator.serviceWorker.startMessages();
    const events = ['visibilitychange', 'focus', 'blur'] as const;
    events.forEach((ev) => {
      (ev === 'visibilitychange' ? document : window).addEventListener(ev, report);
    });
    navigator.serviceWorker.addEventListener('controllerchange', report);
    report();
    void toWorker({ type: 'COMMS_HELLO' });
    const timer = window.setInterval(() => {
      if (!pageFocused()) void toWorker({ type: 'COMMS_POLL', focused: false, lang: latest.current.lang });
    }, BACKGROUND_POLL_MS);
    return () => {
      window.clearInterval(timer);
      navigator.serviceWorker.removeEventListener('message', onMessage);
      navigator.serviceWorker.removeEventListener('controllerchange', report);
      events.forEach((ev) => {
        (ev === 'visibilitychange' ? document : window).removeEventListener(ev, report);
      });
    };
  }, [userId]);

  // the language of the system notifications follows the page's
  useEffect(() => {
    if (userId) void toWorker({ type: 'COMMS_STATE', focused: pageFocused(), lang });
  }, [userId, lang]);

  return null;
}
