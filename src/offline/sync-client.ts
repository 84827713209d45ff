/**
 * The page's side of the sync: queues writes and replays the outbox on app start, `online`, `visibilitychange`, a
 * backoff timer (never longer than 5 minutes) and the user's 'Segerakkan sekarang'; asks the service worker for a
 * Background Sync so a closed tab still drains where the browser has it. One replayer at a time (Web Locks); what
 * one tab or the worker sends, every tab hears (BroadcastChannel), so screens refresh and counters move.
 */
import { getSession } from '@/lib/session';
import { browserOnline } from '@/lib/online';
import { getDb } from './db';
import { enqueue, type NewOutboxItem, type OutboxItem, type ParkInfo } from './outbox';
import { drain, MAX_BACKOFF_MS, SYNC_CHANNEL, SYNC_TAG, withSyncLock, type DrainResult, type SyncEvent } from './sync-engine';

type Listener = (e: SyncEvent) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function getChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(SYNC_CHANNEL);
  channel.onmessage = (m: MessageEvent<SyncEvent>) =>
    listeners.forEach((l) => {
      l(m.data);
    });
  return channel;
}

/** Every sync event of this tab, of other tabs and of the service worker. */
export function onSyncEvent(fn: Listener): () => void {
  getChannel();
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

function emit(e: SyncEvent) {
  listeners.forEach((l) => {
    l(e);
  });
  try {
    getChannel()?.postMessage(e);
  } catch (err) {
    console.warn('[sync] cannot tell other tabs', err);
  }
}

const pageSession = async () => {
  const s = getSession();
  return s ? { token: s.token, userId: s.user.userId, expiresAt: s.expiresAt } : null;
};

// ---------------------------------------------------------------- replay

let timer: ReturnType<typeof setTimeout> | null = null;
let running: Promise<DrainResult | 'locked'> | null = null;
let again = false;

function schedule(ms: number) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), Math.max(500, Math.min(ms, MAX_BACKOFF_MS)));
}

let againNetworkBack = false;

/**
 * Replays the outbox now (or, when another tab or the worker replays, a moment later). `networkBack`: the network is
 * known to be back (the browser's `online`, the user's 'Segerakkan sekarang'), so what waited for it goes now.
 */
export async function syncNow(opts: { networkBack?: boolean } = {}): Promise<DrainResult | 'locked' | null> {
  if (!getSession()) return null;
  if (running) {
    again = true;
    againNetworkBack ||= !!opts.networkBack;
    return running;
  }
  const networkBack = !!opts.networkBack;
  running = withSyncLock(() => drain({ db: getDb(), fetch: (i, init) => fetch(i, init), session: pageSession, onEvent: emit, networkBack }));
  try {
    const r = await running;
    if (r === 'locked') schedule(1_500);
    else if (r.nextAttemptAt !== undefined) schedule(r.nextAttemptAt - Date.now());
    else if (r.stoppedBy === 'offline') schedule(MAX_BACKOFF_MS);
    return r;
  } catch (err) {
    console.warn('[sync] replay failed', err);
    schedule(30_000);
    return null;
  } finally {
    running = null;
    if (again) {
      const back = againNetworkBack;
      again = false;
      againNetworkBack = false;
      void syncNow({ networkBack: back });
    }
  }
}

/** Asks the service worker for a Background Sync (where the browser has it), so a closed tab still drains. */
async function registerBackgroundSync() {
  try {
    const sw = navigator.serviceWorker;
    if (!sw?.controller) return;
    const reg = (await Promise.race([sw.ready, new Promise((r) => setTimeout(r, 2_000, null))])) as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | null;
    await reg?.sync?.register(SYNC_TAG);
  } catch (err) {
    console.info('[sync] no Background Sync here; the page replays on its own', err);
  }
}

let started = false;
/** Starts the triggers (once per page; the caller replays at once with syncNow). Returns a stop function for tests. */
export function startSync(): () => void {
  if (started) return () => {};
  started = true;
  const onOnline = () => void syncNow({ networkBack: true });
  const onVisible = () => {
    if (document.visibilityState === 'visible') void syncNow();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    started = false;
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    if (timer) clearTimeout(timer);
  };
}

// ---------------------------------------------------------------- queueing

/** Queues writes (in order) and starts a replay. Throws StorageFullError when the device is full. */
export async function queueWrites(items: NewOutboxItem[], opts: { replaces?: string[] } = {}): Promise<OutboxItem[]> {
  const rows = await enqueue(getDb(), items, opts);
  void registerBackgroundSync();
  void syncNow();
  return rows;
}

export type QueueOutcome =
  /** the server acknowledged every item: its answers by client id */
  | { status: 'sent'; answers: Record<string, unknown>; items: OutboxItem[] }
  /** the server refused one: it waits in the outbox beside its message */
  | { status: 'parked'; item: OutboxItem; park: ParkInfo; items: OutboxItem[]; answers: Record<string, unknown> }
  /** kept on the device, sent when the connection (or a new sign-in) allows */
  | { status: 'queued'; items: OutboxItem[]; answers: Record<string, unknown> };

/**
 * Queues writes and waits a while for their fate: the screen can then show the server's answer (a ticket number,
 * a refusal) as before, or 'Disimpan dalam peranti — akan dihantar apabila talian pulih' when it stays queued.
 */
export async function queueAndWait(items: NewOutboxItem[], opts: { waitMs?: number; replaces?: string[] } = {}): Promise<QueueOutcome> {
  const waitMs = opts.waitMs ?? 20_000;
  const answers: Record<string, unknown> = {};
  let rows: OutboxItem[] = [];
  let queuedAt = Infinity;
  let off = () => {};
  const outcome = new Promise<QueueOutcome>((resolve) => {
    const ids = new Set<string>();
    const timeout = setTimeout(() => resolve({ status: 'queued', items: rows, answers }), waitMs);
    const done = (o: QueueOutcome) => {
      clearTimeout(timeout);
      resolve(o);
    };
    off = onSyncEvent((e) => {
      if (!ids.size) for (const r of rows) ids.add(r.clientId);
      if (e.type === 'acked' && ids.has(e.item.clientId)) {
        answers[e.item.clientId] = e.answer;
        if (rows.every((r) => r.clientId in answers)) done({ status: 'sent', answers, items: rows });
      } else if (e.type === 'parked' && ids.has(e.item.clientId)) {
        done({ status: 'parked', item: e.item, park: e.park, items: rows, answers });
      } else if (e.type === 'paused' || (e.type === 'drained' && e.result.startedAt >= queuedAt)) {
        // the network is gone, the sign-in expired, or a replay that began after the items were queued ended without
        // them (they wait behind a parked item or for their backoff)
        done({ status: 'queued', items: rows, answers });
      }
    });
  });
  try {
    rows = await enqueue(getDb(), items, opts);
    queuedAt = Date.now();
  } catch (err) {
    off();
    throw err;
  }
  void registerBackgroundSync();
  if (!browserOnline()) {
    off();
    return { status: 'queued', items: rows, answers };
  }
  void syncNow();
  try {
    return await outcome;
  } finally {
    off();
  }
}
