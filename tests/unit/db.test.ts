import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import type { WebUser } from '@contract';
import { cacheGet, cachePut, clearUserData, createDb, getDb, readSession, resetDbForTests, writeSession } from '@/offline/db';
import { DB_NAME, LATEST_VERSION, SCHEMA_VERSIONS, USER_TABLES } from '@/offline/schema';
import { enqueue } from '@/offline/outbox';
import { saveDraft } from '@/offline/drafts';
import { endSession, getSession, getToken, isSignedIn, loadSession, startSession } from '@/lib/session';

const userA = { userId: 'tmca', roles: [{ pkRoleId: 104, roleName: 'TMCA' }] } as WebUser;
const userB = { userId: 'pr', roles: [{ pkRoleId: 106, roleName: 'PR' }] } as WebUser;

afterEach(async () => {
  await resetDbForTests();
});

describe('Dexie database (src/offline/db.ts)', () => {
  it("is 'lebuhraya-ops' with ascending schema versions in one place", async () => {
    expect(DB_NAME).toBe('lebuhraya-ops');
    const versions = SCHEMA_VERSIONS.map((v) => v.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(versions[0]).toBe(1);
    const db = getDb();
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    expect(db.tables.map((t) => t.name).sort()).toEqual(['drafts', 'idMap', 'outbox', 'positions', 'session', 'syncMeta', 'userCache']);
  });

  it('every per-user table is indexed by userId', async () => {
    const db = getDb();
    await db.open();
    for (const name of USER_TABLES) {
      const t = db.table(name);
      const indexed = [t.schema.primKey, ...t.schema.indexes].some(
        (i) => i.name === 'userId' || (Array.isArray(i.keyPath) && i.keyPath[0] === 'userId'),
      );
      expect(indexed, name).toBe(true);
    }
  });

  it('stores and reads the session', async () => {
    await writeSession({ token: 'tok-123456', expiresAt: '2099-01-01T00:00:00Z', user: userA });
    const s = await readSession();
    expect(s?.token).toBe('tok-123456');
    expect(s?.user.userId).toBe('tmca');
    expect(s?.savedAt).toMatch(/^\d{4}-/);
  });

  it('clearUserData removes only that user’s cached rows', async () => {
    await cachePut('tmca', 'lookup:region', [{ key: 1 }]);
    await cachePut('tmca', 'rosters:2026-03-01', { rows: [] });
    await cachePut('pr', 'lookup:region', [{ key: 2 }]);
    await clearUserData('tmca');
    expect(await cacheGet('tmca', 'lookup:region')).toBeUndefined();
    expect(await cacheGet('tmca', 'rosters:2026-03-01')).toBeUndefined();
    expect((await cacheGet('pr', 'lookup:region'))?.data).toEqual([{ key: 2 }]);
  });

  it('copies stored while a write is under way go together in the next transaction, in order, each resolved once stored', async () => {
    const db = getDb();
    await db.open();
    const puts = vi.spyOn(db.userCache, 'put');
    const bulkPuts = vi.spyOn(db.userCache, 'bulkPut');
    try {
      const first = cachePut('pr', 'incident:view:1', { n: 1 });
      const rest = Array.from({ length: 12 }, (_, i) => cachePut('pr', `incident:view:${i + 2}`, { n: i + 2 }));
      const again = cachePut('pr', 'incident:view:2', { n: 'later' });
      const rows = await Promise.all([first, ...rest, again]);
      expect(rows.map((r) => r.key)).toContain('incident:view:13');
      // the first tick's fourteen copies in one transaction, not fourteen
      expect(puts.mock.calls.length + bulkPuts.mock.calls.length).toBe(1);
      expect((await cacheGet('pr', 'incident:view:13'))?.data).toEqual({ n: 13 });
      expect((await cacheGet('pr', 'incident:view:2'))?.data).toEqual({ n: 'later' });
      // one more while a write is under way joins the next one
      const a = cachePut('pr', 'a', 1);
      await Promise.resolve();
      await Promise.resolve();
      const b = cachePut('pr', 'b', 2);
      const c = cachePut('pr', 'c', 3);
      await Promise.all([a, b, c]);
      expect(puts.mock.calls.length + bulkPuts.mock.calls.length).toBeLessThanOrEqual(3);
      expect((await cacheGet('pr', 'c'))?.data).toBe(3);
    } finally {
      puts.mockRestore();
      bulkPuts.mockRestore();
    }
  });

  it('a failed write fails every copy it carried; the next copies are written', async () => {
    const db = getDb();
    await db.open();
    const bulkPuts = vi.spyOn(db.userCache, 'bulkPut').mockRejectedValueOnce(new Error('QuotaExceededError'));
    try {
      const results = await Promise.allSettled([cachePut('pr', 'x1', 1), cachePut('pr', 'x2', 2)]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      await cachePut('pr', 'x3', 3);
      expect((await cacheGet('pr', 'x3'))?.data).toBe(3);
      expect(await cacheGet('pr', 'x1')).toBeUndefined();
    } finally {
      bulkPuts.mockRestore();
    }
  });

  it('a copy still waiting for its write when the user’s data is wiped is not written after the wipe', async () => {
    const db = getDb();
    await db.open();
    const under = cachePut('tmca', 'k0', 0);
    await Promise.resolve();
    await Promise.resolve();
    const waiting = cachePut('tmca', 'k1', 1);
    const other = cachePut('pr', 'k1', 2);
    const wipe = clearUserData('tmca');
    await Promise.all([under, waiting, other, wipe]);
    expect(await cacheGet('tmca', 'k1')).toBeUndefined();
    expect((await cacheGet('pr', 'k1'))?.data).toBe(2);
  });

  it('opens an existing version-1 database written by an earlier build', async () => {
    const old = new Dexie('lo-upgrade-test');
    old.version(1).stores({ session: 'id', userCache: '[userId+key], userId, updatedAt' });
    await old.table('userCache').put({ userId: 'x', key: 'k', data: 1, updatedAt: 'now' });
    old.close();
    const db = createDb('lo-upgrade-test');
    expect((await cacheGet('x', 'k', db))?.data).toBe(1);
    db.close();
    await Dexie.delete('lo-upgrade-test');
  });
});

describe('session (src/lib/session.ts)', () => {
  it('start → load → end: sign-out clears the session and the user’s cached data, not other users’', async () => {
    await startSession({ token: 'token-abcdef', expiresAt: '2099-01-01T00:00:00Z', user: userA });
    expect(getToken()).toBe('token-abcdef');
    await cachePut('tmca', 'sections:all', [1, 2]);
    await cachePut('pr', 'sections:all', [3]);

    // a reload reads it back from IndexedDB
    const loaded = await loadSession();
    expect(loaded?.user.userId).toBe('tmca');

    await endSession();
    expect(getSession()).toBeNull();
    expect(await readSession()).toBeUndefined();
    expect(await cacheGet('tmca', 'sections:all')).toBeUndefined();
    expect((await cacheGet('pr', 'sections:all'))?.data).toEqual([3]);
    expect(await loadSession()).toBeNull();
  });

  it('sign-out keeps the unsent work of that user (outbox, drafts) and wipes everything when nothing is unsent', async () => {
    const db = getDb();
    await startSession({ token: 'token-abcdef', expiresAt: '2099-01-01T00:00:00Z', user: userA });
    await cachePut('tmca', 'lookup:region', [1]);
    await enqueue(db, [{ userId: 'tmca', kind: 'journal.save', label: 'x', path: '/rest/x', body: {}, group: 'incident:1' }]);
    await saveDraft(db, { userId: 'tmca', kind: 'newCase', title: 'Kes', values: { a: 1 }, link: { to: '/kesbaru' } });
    await endSession();
    expect(await cacheGet('tmca', 'lookup:region')).toBeUndefined();
    expect(await db.outbox.where('userId').equals('tmca').count()).toBe(1);
    expect(await db.drafts.where('userId').equals('tmca').count()).toBe(1);

    await db.outbox.clear();
    await db.drafts.clear();
    await startSession({ token: 'token-abcdef', expiresAt: '2099-01-01T00:00:00Z', user: userA });
    await db.idMap.put({ clientId: 'c1', userId: 'tmca', serverId: 1, serverKey: 'incident:1' });
    await endSession();
    expect(await db.idMap.count()).toBe(0);
  });

  it('§4.1: signed in only with a token longer than 5 characters', async () => {
    expect(isSignedIn({ token: '12345', expiresAt: '', user: userB })).toBe(false);
    expect(isSignedIn({ token: '123456', expiresAt: '', user: userB })).toBe(true);
    await writeSession({ token: 'abc', expiresAt: '2099-01-01T00:00:00Z', user: userB });
    expect(await loadSession()).toBeNull();
  });
});
