/**
 * Background polling of the control-room lists and the system notifications (issue #6 item 4): the logic the
 * service worker (sw/poll.ts) runs and the messages it exchanges with the page (./comms-background.tsx). Pure: no
 * DOM, no Dexie, no React, no zod; what it needs (fetch, storage, clock, notifications) comes in as PollDeps.
 *
 * An *event* is one unread item of a list, by key: a case notification (`case:<incident>:<updatedAt>`: re-raised by
 * a patrol's new activity, it is a new event) or an alert (`alert:<id>`). The worker remembers the keys it has
 * handled ("known": notified, or seen by the user on a focused screen) per user, so one event never notifies twice.
 */
import type { AlertRow, Notification } from '@contract/comms';
import type { DataTablesResult } from '@contract/envelope';
import { PAGE_SIZE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { showsNotificationBell } from '@contract/roles';
import { systemText, type SystemLang } from './system-texts';

/** The Periodic Background Sync tag (registered by the page after sign-in, where the installed app may). */
export const COMMS_PERIODIC_TAG = 'lebuhraya-comms-poll';
/** A page without focus asks the worker to poll this often (the same 60 s as the screens' own refresh, §9). */
export const BACKGROUND_POLL_MS = 60_000;
/** Polls asked for sooner than this after the last one are skipped (every unfocused tab asks). */
export const POLL_MIN_GAP_MS = 45_000;
/** More new events than this in one poll give one summary notification instead of one each. */
export const MAX_SINGLE_NOTIFICATIONS = 3;
/** Known keys are kept this long, and at most this many (newest kept). */
export const KNOWN_TTL_MS = 14 * 24 * 3600_000;
export const KNOWN_MAX = 1000;
/** `data.app` of our notifications (a click on anything else is not ours). */
export const NOTIFICATION_APP = 'lebuhraya-comms';

/** Where a click on a system notification leads. */
export type OpenTarget = { kind: 'case'; incidentId: number } | { kind: 'alerts' };

/** Page → worker. */
export type ToWorker =
  /** poll now (a page without focus, every 60 s), with the page's focus and language (a restarted worker has lost
   * the last COMMS_STATE); `force` skips the minimum gap */
  | { type: 'COMMS_POLL'; force?: boolean; focused?: boolean; lang?: SystemLang }
  /** these events were on a focused screen: never notify them */
  | { type: 'COMMS_SEEN'; userId: string; keys: string[]; lang?: SystemLang }
  /** the page's focus and language (the worker trusts a page's own report over the browser's client list) */
  | { type: 'COMMS_STATE'; focused: boolean; lang: SystemLang }
  /** a page started: anything to open (a click that opened a new window)? */
  | { type: 'COMMS_HELLO' };

/** Worker → page. */
export type FromWorker = { type: 'COMMS_OPEN'; target: OpenTarget } | { type: 'COMMS_POLLED'; result: PollResult };

export const isToWorker = (d: unknown): d is ToWorker =>
  !!d && typeof d === 'object' && typeof (d as { type?: unknown }).type === 'string' && (d as { type: string }).type.startsWith('COMMS_');

export const caseKey = (n: Pick<Notification, 'incidentId' | 'incidentStatus' | 'updatedAt'>) =>
  `case:${n.incidentId}:${n.updatedAt ?? n.incidentStatus}`;
export const alertKey = (a: Pick<AlertRow, 'pkAlertNotificationId'>) => `alert:${a.pkAlertNotificationId}`;

/** The keys of the unread events of the lists (either may be missing). */
export function unreadKeys(notifications: readonly Notification[] | undefined, alerts: readonly AlertRow[] | undefined): string[] {
  return [...(notifications ?? []).filter((n) => !n.read).map(caseKey), ...(alerts ?? []).filter((a) => a.viewed === 0).map(alertKey)];
}

/** Adds keys (at `now`) and drops those older than KNOWN_TTL_MS, keeping at most KNOWN_MAX (the newest). */
export function remember(known: Record<string, number>, keys: readonly string[], now: number): Record<string, number> {
  const all: Record<string, number> = { ...known };
  for (const k of keys) all[k] ??= now;
  const kept = Object.entries(all)
    .filter(([, at]) => now - at <= KNOWN_TTL_MS)
    .sort((a, b) => b[1] - a[1])
    .slice(0, KNOWN_MAX);
  return Object.fromEntries(kept);
}

export type NewEvent = { key: string; kind: 'case'; notification: Notification } | { key: string; kind: 'alert'; alert: AlertRow };

/** The unread events not known yet, cases first then alerts, each list in the server's order (newest first). */
export function newEvents(
  notifications: readonly Notification[] | undefined,
  alerts: readonly AlertRow[] | undefined,
  known: Record<string, number>,
): NewEvent[] {
  const out: NewEvent[] = [];
  for (const n of notifications ?? []) if (!n.read && !(caseKey(n) in known)) out.push({ key: caseKey(n), kind: 'case', notification: n });
  for (const a of alerts ?? []) if (a.viewed === 0 && !(alertKey(a) in known)) out.push({ key: alertKey(a), kind: 'alert', alert: a });
  return out;
}

export interface SystemNotification {
  title: string;
  options: {
    body: string;
    tag: string;
    data: { app: typeof NOTIFICATION_APP; target: OpenTarget; key: string };
    icon: string;
    badge: string;
    lang: string;
  };
}

const ICON = '/icons/icon-192.png';

/** The system notifications for new events: one each (tag = the event's key), or one summary for many. */
export function systemNotifications(events: readonly NewEvent[], lang: SystemLang): SystemNotification[] {
  const base = { icon: ICON, badge: ICON, lang };
  if (events.length > MAX_SINGLE_NOTIFICATIONS) {
    const target: OpenTarget = events.some((e) => e.kind === 'alert')
      ? { kind: 'alerts' }
      : { kind: 'case', incidentId: (events[0] as Extract<NewEvent, { kind: 'case' }>).notification.incidentId };
    const key = `summary:${events.map((e) => e.key).join('|')}`;
    return [
      {
        title: systemText(lang, 'summaryTitle', { count: events.length }),
        // one summary at a time: a later one replaces it
        options: { ...base, body: systemText(lang, 'summaryBody'), tag: 'lebuhraya-comms-summary', data: { app: NOTIFICATION_APP, target, key } },
      },
    ];
  }
  return events.map((e) =>
    e.kind === 'case'
      ? {
          title: systemText(lang, 'caseTitle', { ticket: e.notification.incidentTicketNumber }),
          options: {
            ...base,
            body: systemText(lang, 'caseBody', { status: e.notification.incidentStatus }),
            tag: e.key,
            data: { app: NOTIFICATION_APP, target: { kind: 'case', incidentId: e.notification.incidentId }, key: e.key },
          },
        }
      : {
          title: systemText(lang, 'alertTitle'),
          options: {
            ...base,
            body: [systemText(lang, 'alertBody', { description: e.alert.description }), e.alert.remark].filter(Boolean).join('\n'),
            tag: e.key,
            data: { app: NOTIFICATION_APP, target: { kind: 'alerts' }, key: e.key },
          },
        },
  );
}

/** The answer of one conditional poll of a list. */
export type ListAnswer<T> = { status: 200; etag: string | null; data: T } | { status: 304 } | { status: 401 } | { status: 'error'; code?: number };

/** POSTs a polled list with `If-None-Match` of the last answer; a 304 carries no body. */
export async function pollList<T>(
  fetchFn: typeof fetch,
  url: string,
  body: unknown,
  token: string,
  etag: string | undefined,
): Promise<ListAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  if (etag) headers['If-None-Match'] = etag;
  let res: Response;
  try {
    // no-store: the browser neither answers from nor fills its HTTP cache; the conditional header is ours
    res = await fetchFn(url, { method: 'POST', headers, body: JSON.stringify(body), cache: 'no-store', credentials: 'omit' });
  } catch {
    return { status: 'error' };
  }
  if (res.status === 304) return { status: 304 };
  if (res.status === 401) return { status: 401 };
  if (!res.ok) return { status: 'error', code: res.status };
  try {
    const json = (await res.json()) as { body: T };
    return { status: 200, etag: res.headers.get('ETag'), data: json.body };
  } catch {
    return { status: 'error', code: res.status };
  }
}

/** What the worker keeps per user (src/offline userCache, key POLL_STATE_KEY). */
export interface PollState {
  /** event key → when it became known (ms) */
  known: Record<string, number>;
  /** ETag of the last 200 of each list */
  etags: { notifications?: string; alerts?: string };
  /** when the last poll ran (ms), 0 before the first */
  lastPollAt: number;
  /** a poll with this token got 401: no poll until the user signs in again (a new token) */
  stoppedToken?: string;
  /** the language the page last reported (for a periodic sync with no page open) */
  lang?: SystemLang;
}

export const POLL_STATE_KEY = 'comms:poll';
export const emptyPollState = (): PollState => ({ known: {}, etags: {}, lastPollAt: 0 });

type ListStatus = 200 | 304 | 401 | 'error' | 'not-asked';

export interface PollResult {
  outcome: 'polled' | 'recent' | 'no-session' | 'stopped' | 'unauthorized';
  lists: { notifications: ListStatus; alerts: ListStatus };
  /** the first poll for this user: what is unread now becomes known, nothing is shown */
  baseline: boolean;
  /** the app had focus: new events became known without a system notification */
  focused: boolean;
  /** tags of the notifications shown */
  shown: string[];
}

export interface PollSession {
  token: string;
  userId: string;
  roleName: string;
  /** ISO instant */
  expiresAt: string;
}

export interface PollDeps {
  fetch: typeof fetch;
  now: () => number;
  /** base URL of the API (the worker's origin) */
  origin: string;
  session: () => Promise<PollSession | null>;
  load: (userId: string) => Promise<PollState | undefined>;
  save: (userId: string, state: PollState) => Promise<void>;
  /** is a window of the app focused (the user sees the bell and the drawer)? */
  appFocused: () => Promise<boolean>;
  /** may notifications be shown (permission granted)? */
  canNotify: () => boolean;
  show: (n: SystemNotification) => Promise<void>;
  /** the language a page reported since the worker started, if any (else the stored one, else Malay) */
  lang: () => SystemLang | undefined;
}

const listStatus = (a: ListAnswer<unknown> | null): ListStatus => (a === null ? 'not-asked' : a.status);

/**
 * One background poll (the periodic sync, a page's 60 s message): both lists with If-None-Match, the new events of
 * those that changed, system notifications for them unless the app is focused, the state saved.
 */
export async function pollComms(deps: PollDeps, opts: { force?: boolean } = {}): Promise<PollResult> {
  const none = { notifications: 'not-asked', alerts: 'not-asked' } as const;
  const s = await deps.session();
  const now = deps.now();
  if (!s || Date.parse(s.expiresAt) <= now) return { outcome: 'no-session', lists: none, baseline: false, focused: false, shown: [] };
  const stored = await deps.load(s.userId);
  if (stored?.stoppedToken === s.token) return { outcome: 'stopped', lists: none, baseline: false, focused: false, shown: [] };
  if (!opts.force && stored && now - stored.lastPollAt < POLL_MIN_GAP_MS)
    return { outcome: 'recent', lists: none, baseline: false, focused: false, shown: [] };
  const state = stored ?? emptyPollState();

  const url = (path: string) => new URL(path, deps.origin).toString();
  const [notes, alerts] = await Promise.all([
    showsNotificationBell(s.roleName)
      ? pollList<Notification[]>(deps.fetch, url(PATHS.notificationGetAll), {}, s.token, state.etags.notifications)
      : Promise.resolve(null),
    pollList<DataTablesResult<AlertRow>>(
      deps.fetch,
      url(`${PATHS.alertDataTables}?length=${PAGE_SIZE.alerts}&start=0`),
      { viewed: 0 },
      s.token,
      state.etags.alerts,
    ),
  ]);
  const lists = { notifications: listStatus(notes), alerts: listStatus(alerts) };

  if (notes?.status === 401 || alerts.status === 401) {
    await deps.save(s.userId, { ...state, lastPollAt: now, stoppedToken: s.token });
    return { outcome: 'unauthorized', lists, baseline: false, focused: false, shown: [] };
  }

  const events = newEvents(notes?.status === 200 ? notes.data : undefined, alerts.status === 200 ? alerts.data.rows : undefined, state.known);
  const baseline = !stored;
  const focused = events.length > 0 && !baseline ? await deps.appFocused() : false;
  const shown: string[] = [];
  if (events.length && !baseline && !focused && deps.canNotify()) {
    for (const n of systemNotifications(events, deps.lang() ?? state.lang ?? 'ms')) {
      try {
        await deps.show(n);
        shown.push(n.options.tag);
      } catch (err) {
        console.warn('[comms-poll] notification not shown', err);
      }
    }
  }
  await deps.save(s.userId, {
    ...state,
    known: remember(
      state.known,
      events.map((e) => e.key),
      now,
    ),
    etags: {
      notifications: notes?.status === 200 ? (notes.etag ?? undefined) : state.etags.notifications,
      alerts: alerts.status === 200 ? (alerts.etag ?? undefined) : state.etags.alerts,
    },
    lastPollAt: now,
    stoppedToken: undefined,
  });
  return { outcome: 'polled', lists, baseline, focused, shown };
}
