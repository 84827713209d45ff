/**
 * What the top bar shows of the sync, kept without Dexie: the shell chunk holds only this snapshot and its hook;
 * the runtime that fills it (./sync-runtime.ts: Dexie, the replay, the local store) and the panel load on demand.
 * Also the eviction marker: the number of unsent items per user, mirrored in localStorage whenever the outbox
 * changes, so a start that finds fewer in IndexedDB can tell the user the browser cleared its storage.
 */
import { useSyncExternalStore } from 'react';

export interface SyncSnapshot {
  /** the runtime has read the database once for this user */
  ready: boolean;
  userId: string | null;
  /** outbox items of this user (waiting or parked) */
  unsent: number;
  parked: number;
  drafts: number;
  /** ISO instant of the last acknowledged write */
  lastSync: string | null;
  /** the sync waits for a new sign-in (a 401 or an expired token) */
  authPaused: boolean;
  /** the browser cleared stored data: this many items were expected, this many found */
  evicted: { expected: number; found: number } | null;
  /** the device storage is full (a write could not be stored) */
  storageFull: boolean;
  /** IndexedDB cannot be opened at all (private mode, blocked storage) */
  unavailable: boolean;
}

const EMPTY: SyncSnapshot = {
  ready: false,
  userId: null,
  unsent: 0,
  parked: 0,
  drafts: 0,
  lastSync: null,
  authPaused: false,
  evicted: null,
  storageFull: false,
  unavailable: false,
};

let snapshot: SyncSnapshot = EMPTY;
const listeners = new Set<() => void>();

export const getSyncSnapshot = () => snapshot;

export function setSyncSnapshot(patch: Partial<SyncSnapshot>) {
  snapshot = { ...snapshot, ...patch };
  listeners.forEach((l) => l());
}

export function resetSyncSnapshot(userId: string | null = null) {
  snapshot = { ...EMPTY, userId };
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSyncSnapshot(): SyncSnapshot {
  return useSyncExternalStore(subscribe, getSyncSnapshot, getSyncSnapshot);
}

// ---------------------------------------------------------------- the panel's open state

let panelOpen = false;
const panelListeners = new Set<() => void>();
export const isSyncPanelOpen = () => panelOpen;
export function setSyncPanelOpen(open: boolean) {
  panelOpen = open;
  panelListeners.forEach((l) => l());
}
export function useSyncPanelOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      panelListeners.add(l);
      return () => panelListeners.delete(l);
    },
    isSyncPanelOpen,
    isSyncPanelOpen,
  );
}

// ---------------------------------------------------------------- eviction marker

export const MARKER_PREFIX = 'lebuhraya.unsent.';
export const markerKey = (userId: string) => `${MARKER_PREFIX}${userId}`;

export interface UnsentMarker {
  items: number;
  drafts: number;
}

export function readMarker(userId: string, storage: Pick<Storage, 'getItem'> | null = safeStorage()): UnsentMarker | null {
  try {
    const raw = storage?.getItem(markerKey(userId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<UnsentMarker>;
    return { items: Number(v.items) || 0, drafts: Number(v.drafts) || 0 };
  } catch {
    return null;
  }
}

export function writeMarker(userId: string, m: UnsentMarker, storage: Pick<Storage, 'setItem' | 'removeItem'> | null = safeStorage()) {
  try {
    if (m.items === 0 && m.drafts === 0) storage?.removeItem(markerKey(userId));
    else storage?.setItem(markerKey(userId), JSON.stringify(m));
  } catch {
    /* private mode: no marker, no eviction check */
  }
}

/**
 * Whether the browser evicted the stored data: the marker says items waited, the database holds fewer, and the
 * database was cleared (it lacks what survives any normal run: the session row or the device id). Items the
 * service worker sent while no tab was open lower the count too, but leave the database otherwise intact.
 */
export function detectEviction(marker: UnsentMarker | null, found: UnsentMarker, dbIntact: boolean): { expected: number; found: number } | null {
  if (!marker || dbIntact) return null;
  const expected = marker.items + marker.drafts;
  const have = found.items + found.drafts;
  return have < expected ? { expected, found: have } : null;
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- relative time

/** '2 minit lalu'-style parts: the caller picks the text (see sync.ago.* in src/lib/i18n/parts/sync.ts). */
export function relativeParts(iso: string | null, now = Date.now()): { unit: 'now' | 'min' | 'hour' | 'day'; n: number } | null {
  if (!iso) return null;
  const ms = now - Date.parse(iso);
  if (!Number.isFinite(ms)) return null;
  const min = Math.floor(ms / 60_000);
  if (min < 1) return { unit: 'now', n: 0 };
  if (min < 60) return { unit: 'min', n: min };
  const h = Math.floor(min / 60);
  if (h < 24) return { unit: 'hour', n: h };
  return { unit: 'day', n: Math.floor(h / 24) };
}
