/**
 * What the patrol sees of its position reporting (issue #7): a small store the reporter (loaded on demand) writes
 * and the top bar's chip and the permission banner read. No Dexie, no geolocation here: this stays in the shell.
 */
import { useSyncExternalStore } from 'react';
import type { WebUser } from '@contract/auth';
import { rosterStatusAt } from '@/lib/roster-status';

type Roster = WebUser['rosters'][number];

/** The user's roster on shift at `now` (the first, when rosters overlap), or null. */
export function rosterOnShift(rosters: readonly Roster[], now: number): Roster | null {
  return rosters.find((r) => rosterStatusAt({ ...r, status: 'upcoming' }, now) === 'active') ?? null;
}

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
/** the reporter of this page reads the phase itself (it holds the device's reporting lock: one tab reports) */
let reporterReads = false;
/** the browser's permission state the first screen's reading follows (previewPositionPhase) */
let previewStatus: PermissionStatus | null = null;
/** 'Benarkan lokasi' pressed before the reporter was there: it asks once it starts */
let askedEarly = false;

export function setPositionSnapshot(patch: Partial<PositionSnapshot>) {
  snapshot = { ...snapshot, ...patch };
  listeners.forEach((l) => {
    l();
  });
}

export function resetPositionSnapshot() {
  snapshot = INITIAL;
  requester = null;
  reporterReads = false;
  askedEarly = false;
  previewStatus?.removeEventListener('change', followPreview);
  previewStatus = null;
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

/**
 * The reporter registers how to ask the browser for the location (the banner's button calls it); it says whether
 * the patrol pressed the button before it was there (it then asks at once).
 */
export function setPermissionRequester(fn: (() => void) | null): boolean {
  requester = fn;
  const early = askedEarly;
  askedEarly = false;
  return early;
}

/** The user's 'Benarkan lokasi': asks the browser once (the browser's own prompt), or as soon as the reporter is there. */
export function requestGpsPermission() {
  if (requester) requester();
  else askedEarly = true;
}

/** The reporter of this page reads the phase from now on (it has the device's reporting lock). */
export function setReporterReads() {
  reporterReads = true;
}

const PHASE_OF: Partial<Record<PermissionState, GpsPhase>> = { prompt: 'permission', denied: 'denied', granted: 'off' };

function followPreview() {
  if (!reporterReads && previewStatus && snapshot.rosterName) setPositionSnapshot({ phase: PHASE_OF[previewStatus.state] ?? 'off' });
}

/**
 * What the banner and the chip can show before the reporter reads it. The reporter loads with Dexie once the browser
 * is idle after the first screen, seconds later on a slow tablet; whether a roster of the patrol is on shift (the
 * session's rosters) and whether the browser was asked for the location (the Permissions API) need neither, so a
 * patrol on shift whose browser has not been asked sees 'Benarkan lokasi' with the first screen. The reporter's own
 * reading takes over once it has the reporting lock; in a second tab of the app, which waits for the lock, this one
 * stays, and follows the permission as the first tab's prompt changes it.
 */
export function previewPositionPhase(
  rosters: readonly Roster[],
  now: number,
  permissions: Pick<Permissions, 'query'> | undefined = typeof navigator === 'undefined' ? undefined : navigator.permissions,
): Promise<void> {
  const roster = rosterOnShift(rosters, now);
  if (reporterReads || previewStatus || snapshot.phase !== 'off' || !roster || !permissions?.query) return Promise.resolve();
  return permissions.query({ name: 'geolocation' }).then(
    (status) => {
      if (reporterReads || previewStatus || snapshot.phase !== 'off') return;
      previewStatus = status;
      status.addEventListener('change', followPreview);
      setPositionSnapshot({ rosterName: roster.dutyRosterName });
      followPreview();
    },
    () => {},
  );
}
