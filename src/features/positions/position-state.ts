/**
 * What the patrol sees of its position reporting (issue #7): a small store the reporter (loaded on demand) writes
 * and the top bar's chip and the permission banner read. No Dexie, no geolocation here: this stays in the shell.
 */
import { useSyncExternalStore } from 'react';

export type GpsPhase =
  /** not a patrol, or no roster of the user on shift now: nothing is reported */
  | 'off'
  /** on shift, the browser has not been asked for the location yet */
  | 'permission'
  /** the user (or the browser's settings) refused the location */
  | 'denied'
  /** watching, no fix yet */
  | 'waiting'
  /** the device has no position (no signal) */
  | 'unavailable'
  /** fixes are coming in */
  | 'active';

export interface PositionSnapshot {
  phase: GpsPhase;
  rosterName: string | null;
  /** fixes taken and not yet acknowledged by the server */
  pending: number;
  /** epoch ms of the last acknowledged batch */
  lastSentAt: number | null;
  /** fixes recorded since the reporter started */
  recorded: number;
  /** the last fix of the device [lat, lng] */
  lastFix: [number, number] | null;
  /** the server's message when it refused the last batch (cleared by the next one it takes) */
  refused: string | null;
}

const INITIAL: PositionSnapshot = { phase: 'off', rosterName: null, pending: 0, lastSentAt: null, recorded: 0, lastFix: null, refused: null };

let snapshot: PositionSnapshot = INITIAL;
const listeners = new Set<() => void>();
let requester: (() => void) | null = null;

export function setPositionSnapshot(patch: Partial<PositionSnapshot>) {
  snapshot = { ...snapshot, ...patch };
  listeners.forEach((l) => {
    l();
  });
}

export function resetPositionSnapshot() {
  snapshot = INITIAL;
  requester = null;
  listeners.forEach((l) => {
    l();
  });
}

export const getPositionSnapshot = () => snapshot;

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function usePositionSnapshot(): PositionSnapshot {
  return useSyncExternalStore(subscribe, getPositionSnapshot, getPositionSnapshot);
}

/** The reporter registers how to ask the browser for the location (the banner's button calls it). */
export function setPermissionRequester(fn: (() => void) | null) {
  requester = fn;
}

/** The user's 'Benarkan lokasi': asks the browser once (the browser's own prompt). */
export function requestGpsPermission() {
  requester?.();
}
