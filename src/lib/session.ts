/**
 * The signed-in session: kept in memory for synchronous use (route guards, bearer header) and in IndexedDB
 * (src/offline/db.ts) so it survives reloads and works offline (§4.1 "login state is kept locally").
 */
import { useSyncExternalStore } from 'react';
import type { WebUser } from '@contract/auth';
import { roleByName } from '@contract/roles';
import { deleteSession, readSession, writeSession, clearUserData, type SessionRow } from '@/offline/db';
import { clearFilters } from './filters';

export interface Session {
  token: string;
  expiresAt: string;
  user: WebUser;
}

let current: Session | null = null;
let loaded = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** §4.1: a session counts as signed in when the token is longer than 5 characters. */
export const isSignedIn = (s: Session | null = current): s is Session => !!s && typeof s.token === 'string' && s.token.length > 5;

export const getSession = () => current;
export const getToken = () => (isSignedIn(current) ? current.token : null);
export const isSessionLoaded = () => loaded;

/** Reads the stored session once at start-up (before the router renders). */
export async function loadSession(): Promise<Session | null> {
  try {
    const row = await readSession();
    current = row && isSignedIn(row) ? { token: row.token, expiresAt: row.expiresAt, user: row.user } : null;
  } catch (err) {
    // IndexedDB can be unavailable (private mode, blocked storage): run with an in-memory session only.
    console.warn('[session] cannot read the stored session', err);
    current = null;
  }
  loaded = true;
  emit();
  return current;
}

export async function startSession(s: Session): Promise<void> {
  current = { ...s };
  emit();
  try {
    await writeSession(s);
  } catch (err) {
    console.warn('[session] cannot store the session', err);
  }
}

/** Replaces the user details (e.g. after getDetailWebUser) keeping the token. */
export async function updateSessionUser(user: WebUser) {
  if (!current) return;
  await startSession({ ...current, user });
}

/**
 * Ends the session on this device: token, user data, the user's cached data and the remembered filters
 * (§4.1: "dashboard filters, token and user data are cleared").
 */
export async function endSession(): Promise<void> {
  const userId = current?.user.userId;
  current = null;
  clearFilters();
  emit();
  try {
    await deleteSession();
    if (userId) await clearUserData(userId);
  } catch (err) {
    console.warn('[session] cannot clear stored data', err);
  }
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
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

export type { SessionRow };
