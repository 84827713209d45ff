import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebUser } from '@contract';
import { cacheGet, cachePut, readSession, resetDbForTests, writeSession } from '@/offline/db';
import { DB_NAME } from '@/offline/schema';
import { endSession, getSession, getToken, loadSession, SESSION_MIRROR_KEY, sessionStored, startSession } from '@/lib/session';

const user = {
  userId: 'tmca',
  roles: [{ pkRoleId: 104, roleName: 'TMCA' }],
  profile: { displayName: 'Nurul Huda binti Ismail', position: 'TMCA', staffNo: 'PLS001' },
} as WebUser;

/** The part of Storage the session uses, in memory (Node has no localStorage). */
class MemoryStorage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
}

const g = globalThis as { localStorage?: unknown; indexedDB?: unknown };
const realIndexedDb = g.indexedDB;
let ls: MemoryStorage;

/** Runs fn with IndexedDB gone: any attempt to open the database fails. */
async function withoutIndexedDb<T>(fn: () => Promise<T>): Promise<T> {
  g.indexedDB = undefined;
  try {
    return await fn();
  } finally {
    g.indexedDB = realIndexedDb;
  }
}

const dbExists = async () => (await indexedDB.databases()).some((d) => d.name === DB_NAME);

beforeEach(() => {
  ls = new MemoryStorage();
  g.localStorage = ls;
});

afterEach(async () => {
  await endSession();
  await resetDbForTests();
  delete g.localStorage;
});

describe('session: localStorage mirror + Dexie', () => {
  it('sign-in writes both (IndexedDB after the first screen); a reload reads the mirror without opening IndexedDB', async () => {
    await startSession({ token: 'token-abcdef', expiresAt: '2099-01-01T00:00:00Z', user });
    expect(JSON.parse(ls.getItem(SESSION_MIRROR_KEY)!)).toMatchObject({ token: 'token-abcdef', user: { userId: 'tmca' } });
    // the worker's copy follows once the first screen has painted (Dexie is not on the way to it)
    await sessionStored();
    expect((await readSession())?.token).toBe('token-abcdef');

    const loaded = await withoutIndexedDb(() => loadSession());
    expect(loaded?.token).toBe('token-abcdef');
    expect(getSession()?.user.profile.displayName).toBe('Nurul Huda binti Ismail');
  });

  it('the mirror is read synchronously: the first render after loadSession() has the session', async () => {
    await startSession({ token: 'token-abcdef', expiresAt: '2099-01-01T00:00:00Z', user });
    const pending = loadSession();
    // no await yet: a mirror sets the session before any database work
    expect(getToken()).toBe('token-abcdef');
    await pending;
  });

  it('sign-out clears the mirror, the Dexie session and the user’s cached data', async () => {
    await startSession({ token: 'token-abcdef', expiresAt: '2099-01-01T00:00:00Z', user });
    await cachePut('tmca', 'rosters:2026-03-01', { rows: [1] });
    await cachePut('pr', 'rosters:2026-03-01', { rows: [2] });

    await endSession();
    expect(getSession()).toBeNull();
    expect(ls.getItem(SESSION_MIRROR_KEY)).toBe('null');
    expect(await readSession()).toBeUndefined();
    expect(await cacheGet('tmca', 'rosters:2026-03-01')).toBeUndefined();
    expect((await cacheGet('pr', 'rosters:2026-03-01'))?.data).toEqual({ rows: [2] });
    expect(await withoutIndexedDb(() => loadSession())).toBeNull();
  });

  it('a session an earlier build kept in IndexedDB only is loaded once and mirrored', async () => {
    await writeSession({ token: 'older-build-token', expiresAt: '2099-01-01T00:00:00Z', user });
    expect(ls.getItem(SESSION_MIRROR_KEY)).toBeNull();

    const loaded = await loadSession();
    expect(loaded?.token).toBe('older-build-token');
    expect(JSON.parse(ls.getItem(SESSION_MIRROR_KEY)!).token).toBe('older-build-token');
    // from now on the mirror is enough
    expect((await withoutIndexedDb(() => loadSession()))?.token).toBe('older-build-token');
  });

  it('a first start on a new device neither signs in nor creates the database', async () => {
    expect(await dbExists()).toBe(false);
    expect(await loadSession()).toBeNull();
    expect(await dbExists()).toBe(false);
    expect(ls.getItem(SESSION_MIRROR_KEY)).toBe('null');
  });

  it('the mirror decides: once it says signed out, a stale IndexedDB row does not sign the user back in', async () => {
    ls.setItem(SESSION_MIRROR_KEY, 'null');
    await writeSession({ token: 'stale-token-123', expiresAt: '2099-01-01T00:00:00Z', user });
    expect(await loadSession()).toBeNull();
  });

  it('an unreadable mirror or a too-short token falls back to IndexedDB', async () => {
    await writeSession({ token: 'dexie-token-123', expiresAt: '2099-01-01T00:00:00Z', user });
    ls.setItem(SESSION_MIRROR_KEY, '{not json');
    expect((await loadSession())?.token).toBe('dexie-token-123');

    ls.setItem(SESSION_MIRROR_KEY, JSON.stringify({ token: 'abc', expiresAt: '', user }));
    expect((await loadSession())?.token).toBe('dexie-token-123');
  });

  it('a sign-out right after sign-in leaves no IndexedDB copy behind (the late write is skipped)', async () => {
    const signingIn = startSession({ token: 'token-abcdef', expiresAt: '2099-01-01T00:00:00Z', user });
    await endSession();
    await signingIn;
    await sessionStored();
    expect(await readSession()).toBeUndefined();
    expect(await loadSession()).toBeNull();
  });

  it('without localStorage (blocked storage) the session still survives a reload through IndexedDB', async () => {
    delete g.localStorage;
    await startSession({ token: 'token-abcdef', expiresAt: '2099-01-01T00:00:00Z', user });
    expect((await loadSession())?.token).toBe('token-abcdef');
    await endSession();
    expect(await loadSession()).toBeNull();
  });
});
