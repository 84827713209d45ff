/// <reference lib="webworker" />
/**
 * Background polling and system notifications in the service worker (issue #6 item 4; the logic is
 * src/features/comms/poll-core.ts, the page's side src/features/comms/comms-background.tsx).
 * - `periodicsync` (tag COMMS_PERIODIC_TAG, registered by the page where the installed app may): one poll;
 * - message COMMS_POLL (a page without focus, every 60 s; several tabs are one poll per 45 s): one poll;
 * - message COMMS_SEEN: events a focused screen showed become known (never notified);
 * - message COMMS_STATE: a page's focus and language;
 * - `notificationclick`: focuses a window of the app (or opens one) and tells it to open the case or the alerts.
 * The token is the signed-in session's, read from IndexedDB at each poll; a 401 stops polling until a new sign-in,
 * and no session at all unregisters the periodic sync.
 */
import { readSession, type LebuhrayaDb, type UserCacheRow } from '../src/offline/db';
import {
  COMMS_PERIODIC_TAG,
  isToWorker,
  NOTIFICATION_APP,
  pollComms,
  POLL_STATE_KEY,
  remember,
  emptyPollState,
  type FromWorker,
  type OpenTarget,
  type PollDeps,
  type PollResult,
  type PollState,
  type SystemNotification,
} from '../src/features/comms/poll-core';
import type { SystemLang } from '../src/features/comms/system-texts';

// ---------- per-user state (userCache: wiped with the user's data at sign-out) ----------

export async function loadPollState(db: LebuhrayaDb, userId: string): Promise<PollState | undefined> {
  const row = (await db.userCache.get([userId, POLL_STATE_KEY])) as UserCacheRow<PollState> | undefined;
  return row?.data;
}

export async function savePollState(db: LebuhrayaDb, userId: string, state: PollState): Promise<void> {
  const row: UserCacheRow<PollState> = { userId, key: POLL_STATE_KEY, data: state, updatedAt: new Date().toISOString() };
  await db.userCache.put(row as UserCacheRow);
}

/** COMMS_SEEN: the keys a focused screen showed become known (creates the state: later polls compare with it). */
export async function markSeen(db: LebuhrayaDb, userId: string, keys: readonly string[], now = Date.now(), lang?: SystemLang): Promise<void> {
  await db.transaction('rw', db.table('userCache'), async () => {
    const state = (await loadPollState(db, userId)) ?? emptyPollState();
    await savePollState(db, userId, { ...state, known: remember(state.known, keys, now), ...(lang ? { lang } : {}) });
  });
}

/** The session the poll uses (the outbox replay reads the same row). */
export async function pollSession(db: LebuhrayaDb) {
  const s = await readSession(db);
  if (!s) return null;
  return { token: s.token, userId: s.user.userId, roleName: s.user.roles[0]?.roleName ?? '', expiresAt: s.expiresAt };
}

// ---------- the worker's wiring ----------

interface PeriodicSyncEventLike extends ExtendableEvent {
  tag: string;
}
interface PeriodicSyncManagerLike {
  unregister(tag: string): Promise<void>;
}

/** A URL of the app for a click target (a new window opens there). */
export const targetUrl = (t: OpenTarget) => (t.kind === 'case' ? `/insidenView/${t.incidentId}` : '/');

interface WindowLike {
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowLike>;
  postMessage(m: unknown): void;
}

/**
 * A click on a system notification: the app's focused window (else a visible one, else any) is focused and asked
 * to open the target; with no window, a new one opens at the case, or at the start page for the alerts (which
 * have no URL of their own: the new page asks for them with COMMS_HELLO, `remember` keeps the target till then).
 */
export async function openFromNotification(
  target: OpenTarget,
  env: { windows: () => Promise<readonly WindowLike[]>; openWindow: (url: string) => Promise<unknown>; remember: (t: OpenTarget) => void },
): Promise<'message' | 'opened'> {
  const list = await env.windows();
  const win = list.find((c) => c.focused) ?? list.find((c) => c.visibilityState === 'visible') ?? list[0];
  if (win) {
    const focused = await win.focus().catch(() => win);
    (focused ?? win).postMessage({ type: 'COMMS_OPEN', target } satisfies FromWorker);
    return 'message';
  }
  if (target.kind === 'alerts') env.remember(target);
  await env.openWindow(targetUrl(target));
  return 'opened';
}

export function registerCommsPoll(scope: ServiceWorkerGlobalScope, getDb: () => LebuhrayaDb) {
  /** what each page last said about itself (client id → focus), and the language of the last report */
  const reports = new Map<string, boolean>();
  let lang: SystemLang | undefined;
  /** a click that had to open a new window: what to open once that page says hello (alerts have no URL of their own) */
  let pending: { target: OpenTarget; at: number } | null = null;

  const windows = () => scope.clients.matchAll({ type: 'window', includeUncontrolled: true });

  async function appFocused(): Promise<boolean> {
    const list = await windows();
    return list.some((c) => (reports.get(c.id) ?? c.focused) && c.visibilityState === 'visible');
  }

  const deps = (db: LebuhrayaDb): PollDeps => ({
    fetch: (i, init) => fetch(i, init),
    now: () => Date.now(),
    origin: scope.location.origin,
    session: () => pollSession(db),
    load: (userId) => loadPollState(db, userId),
    save: (userId, state) => savePollState(db, userId, state),
    appFocused,
    canNotify: () => typeof Notification !== 'undefined' && Notification.permission === 'granted',
    show: (n: SystemNotification) => scope.registration.showNotification(n.title, n.options),
    lang: () => lang,
  });

  let running: Promise<PollResult> | null = null;
  /** One poll at a time (a periodic sync and a page's message may meet). */
  async function poll(force = false): Promise<PollResult> {
    if (running) return running;
    const db = getDb();
    running = pollComms(deps(db), { force }).finally(() => {
      running = null;
    });
    const result = await running;
    if (result.outcome === 'no-session' || result.outcome === 'unauthorized' || result.outcome === 'stopped') {
      // nobody to poll for: the periodic sync stops too (the page registers it again after the next sign-in)
      const periodic = (scope.registration as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManagerLike }).periodicSync;
      await periodic?.unregister(COMMS_PERIODIC_TAG).catch(() => {});
    }
    return result;
  }

  scope.addEventListener('periodicsync', ((event: PeriodicSyncEventLike) => {
    if (event.tag === COMMS_PERIODIC_TAG) event.waitUntil(poll().catch((err) => console.warn('[comms-poll]', err)));
  }) as EventListener);

  scope.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (!isToWorker(data)) return;
    const source = event.source as Client | null;
    const reply = (m: FromWorker) => source?.postMessage(m);
    const isLang = (l: unknown): l is SystemLang => l === 'ms' || l === 'en';
    switch (data.type) {
      case 'COMMS_POLL':
        if (source && 'id' in source && typeof data.focused === 'boolean') reports.set(source.id, data.focused);
        if (isLang(data.lang)) lang = data.lang;
        event.waitUntil(
          poll(!!data.force).then(
            (result) => reply({ type: 'COMMS_POLLED', result }),
            (err) => console.warn('[comms-poll]', err),
          ),
        );
        break;
      case 'COMMS_SEEN':
        if (Array.isArray(data.keys) && typeof data.userId === 'string') {
          event.waitUntil(
            markSeen(
              getDb(),
              data.userId,
              data.keys.filter((k) => typeof k === 'string'),
              Date.now(),
              isLang(data.lang) ? data.lang : undefined,
            ).catch(() => {}),
          );
        }
        break;
      case 'COMMS_STATE':
        if (source && 'id' in source) reports.set(source.id, !!data.focused);
        if (isLang(data.lang)) lang = data.lang;
        break;
      case 'COMMS_HELLO':
        if (pending && Date.now() - pending.at < 120_000) reply({ type: 'COMMS_OPEN', target: pending.target });
        pending = null;
        break;
    }
  });

  scope.addEventListener('notificationclick', (event) => {
    const data = event.notification.data as { app?: string; target?: OpenTarget } | null;
    if (data?.app !== NOTIFICATION_APP || !data.target) return;
    const target = data.target;
    event.notification.close();
    event.waitUntil(
      openFromNotification(target, {
        windows: async () => {
          const list = await windows();
          // forget the reports of pages that have gone
          for (const id of [...reports.keys()]) if (!list.some((c) => c.id === id)) reports.delete(id);
          return list;
        },
        openWindow: (url) => scope.clients.openWindow(url),
        remember: (t) => {
          pending = { target: t, at: Date.now() };
        },
      }),
    );
  });
}
