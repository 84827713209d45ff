/**
 * The signed-in session: kept in memory for synchronous use (route guards, bearer header), mirrored in localStorage
 * so the first render needs no database (§4.1 "Login state is kept in local storage"), and held in the versioned
 * IndexedDB database (src/offline/db.ts) beside the user's cached data. Dexie is imported on demand: a start with a
 * mirror never waits for it, and a sign-in writes its IndexedDB copy once the first screen has painted.
 */
import { useSyncExternalStore } from 'react';
import type { WebUser } from '@contract/auth';
import { roleByName } from '@contract/roles';
import { DB_NAME } from '@/offline/schema';
import { clearFilters } from './filters';
import { afterLandingFrame } from './frame-mark';
import { whenIdleAfterPaint } from './idle';

export interface Session {
  token: string;
  expiresAt: string;
  user: WebUser;
}

/** localStorage key of the mirror: the session as JSON, or 'null' once this build knows there is none. */
export const SESSION_MIRROR_KEY = 'lebuhraya.session';

let current: Session | null = null;
let loaded = false;
const listeners = new Set<() => void>();
const emit = () =>
  listeners.forEach((l) => {
    l();
  });

/** §4.1: a session counts as signed in when the token is longer than 5 characters. */
export const isSignedIn = (s: Session | null = current): s is Session => !!s && typeof s.token === 'string' && s.token.length > 5;

export const getSession = () => current;
export const getToken = () => (isSignedIn(current) ? current.token : null);
export const isSessionLoaded = () => loaded;

const offlineDb = () => import('@/offline/db');

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // blocked storage throws on access
  }
}

const asSession = (v: unknown): Session | null => {
  if (!v || typeof v !== 'object') return null;
  const s = v as Session;
  return isSignedIn(s) && s.user && typeof s.user === 'object' ? { token: s.token, expiresAt: s.expiresAt, user: s.user } : null;
};

/** What the mirror says: a session, none, or 'unknown' (never written by this build, unreadable, no storage). */
function readMirror(): { session: Session | null } | 'unknown' {
  const raw = (() => {
    try {
      return storage()?.getItem(SESSION_MIRROR_KEY) ?? null;
    } catch {
      return null;
    }
  })();
  if (raw === null) return 'unknown';
  if (raw === 'null') return { session: null };
  try {
    const s = asSession(JSON.parse(raw));
    return s ? { session: s } : 'unknown';
  } catch {
    return 'unknown';
  }
}

function writeMirror(s: Session | null): boolean {
  try {
    const st = storage();
    if (!st) return false;
    st.setItem(SESSION_MIRROR_KEY, s ? JSON.stringify({ token: s.token, expiresAt: s.expiresAt, user: s.user }) : 'null');
    return true;
  } catch (err) {
    console.warn('[session] cannot mirror the session in localStorage', err);
    return false;
  }
}

/** Whether the IndexedDB database may exist (false only when the browser can tell that it does not). */
async function databaseMayExist(): Promise<boolean> {
  const idb = globalThis.indexedDB as (IDBFactory & { databases?: () => Promise<IDBDatabaseInfo[]> }) | undefined;
  if (!idb) return false;
  if (typeof idb.databases !== 'function') return true;
  try {
    return (await idb.databases()).some((d) => d.name === DB_NAME);
  } catch {
    return true;
  }
}

/**
 * Reads the stored session once at start-up (before the router renders). With a mirror this settles at once
 * without Dexie. Without one (first start after an update from a build that kept the session in IndexedDB only,
 * or no localStorage) the session is read from IndexedDB and mirrored.
 */
export async function loadSession(): Promise<Session | null> {
  const mirror = readMirror();
  if (mirror !== 'unknown') {
    current = mirror.session;
  } else {
    current = null;
    try {
      if (await databaseMayExist()) {
        const row = await (await offlineDb()).readSession();
        current = asSession(row);
      }
      writeMirror(current);
    } catch (err) {
      // IndexedDB can be unavailable (private mode, blocked storage): run with an in-memory session only.
      console.warn('[session] cannot read the stored session', err);
    }
  }
  loaded = true;
  emit();
  return current;
}

let storing: Promise<void> = Promise.resolve();
/** Resolves once the IndexedDB copy of the latest session is written (or could not be). */
export const sessionStored = () => storing;

/**
 * Signs in on this device. The mirror is written at once (the next render and a reload read it); the IndexedDB copy
 * (the service worker's, for polling and Background Sync) once the screen the sign-in leads to is on the page and the
 * browser is idle (src/lib/frame-mark.ts), so Dexie is not on the way from sign-in to the first screen (issue #2).
 * Without localStorage the IndexedDB copy is the only one, and is written before this resolves.
 */
export async function startSession(s: Session): Promise<void> {
  current = { ...s };
  emit();
  const mirrored = writeMirror(current);
  const store = async () => {
    if (current?.token !== s.token) return; // signed out (or in as someone else) meanwhile
    try {
      await (await offlineDb()).writeSession(s);
    } catch (err) {
      console.warn('[session] cannot store the session', err);
    }
  };
  const previous = storing;
  // after the screen the sign-in leads to (its frame, then an idle moment): Syif saya's chunk is still on its way when
  // the browser is first idle after sign-in, and Dexie is not part of what that screen needs to show itself
  storing = mirrored
    ? previous
        .then(() => afterLandingFrame())
        .then(() => new Promise<void>((r) => whenIdleAfterPaint(r)))
        .then(store)
    : previous.then(store);
  if (!mirrored) await storing;
}

/** Replaces the user details (e.g. after getDetailWebUser) keeping the token. */
export async function updateSessionUser(user: WebUser) {
  if (!current) return;
  await startSession({ ...current, user });
}

/**
 * Ends the session on this device: token, user data (mirror and database), the user's cached data and the
 * remembered filters (§4.1: "dashboard filters, token and user data are cleared"). Unsent work is kept.
 */
export async function endSession(): Promise<void> {
  const userId = current?.user.userId;
  current = null;
  clearFilters();
  writeMirror(null);
  emit();
  try {
    // a sign-in's IndexedDB copy still to be written is written (or skipped) before the copy is deleted
    await storing;
    const db = await offlineDb();
    await db.deleteSession();
    // the user's unsent work (outbox, drafts) stays on the device until that user signs in again: only an empty
    // outbox lets sign-out wipe everything (issue #4)
    if (userId) {
      const unsent = await db.unsentWork(userId);
      await db.clearUserData(userId, undefined, { keepUnsent: unsent.items + unsent.drafts > 0 });
    }
  } catch (err) {
    console.warn('[session] cannot clear stored data', err);
  }
}

/** Hears every change of the session (sign-in, sign-out, new details); returns the unsubscribe. */
export const onSessionChange = (l: () => void): (() => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export function useSession(): Session | null {
  return useSyncExternalStore(onSessionChange, getSession, getSession);
}

/** Role of a user: the first role (§7.1 roles[0]). */
export function userRole(user: WebUser | null | undefined): { id: number; name: string; label: string } {
  const r = user?.roles?.[0];
  if (!r) return { id: 0, name: '', label: '' };
  return { id: r.pkRoleId, name: r.roleName, label: roleByName(r.roleName)?.label ?? r.roleName };
}

/** For tests. */
export function __setSessionForTests(s: Session | null) {
  current = s;
  loaded = true;
  emit();
}
