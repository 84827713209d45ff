/**
 * What the top bar shows of the sync, kept without Dexie: the shell chunk holds only this snapshot and its hook;
 * the runtime that fills it (./sync-runtime.ts: Dexie, the replay, the local store) and the panel load on demand.
 * The eviction marker the runtime keeps beside it is in src/offline/unsent-marker.ts (sign-out clears it too).
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
  listeners.forEach((l) => {
    l();
  });
}

export function resetSyncSnapshot(userId: string | null = null) {
  snapshot = { ...EMPTY, userId };
  listeners.forEach((l) => {
    l();
  });
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
  panelListeners.forEach((l) => {
    l();
  });
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
