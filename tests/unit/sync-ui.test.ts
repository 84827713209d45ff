import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebUser } from '@contract';
import { getDb, resetDbForTests, writeSession } from '@/offline/db';
import { deviceId, enqueue, type NewOutboxItem, type OutboxItem } from '@/offline/outbox';
import { saveDraft } from '@/offline/drafts';
import { detectEviction, markerKey, readMarker, writeMarker } from '@/offline/unsent-marker';
import { relativeParts } from '@/features/sync/sync-state';
import { checkEviction, readCounts } from '@/features/sync/sync-runtime';
import { conflictRows, fixKind, journalEntryOf, reopenInForm } from '@/features/sync/outbox-fix';
import { syncPanelActions } from '@/app/shell/sync-actions';
import { clearUserCaches, isUserDataCache, signOutPlan } from '@/features/auth/sign-out';
import { endSession, startSession } from '@/lib/session';

afterEach(async () => {
  await resetDbForTests();
});

class MemStorage {
  m = new Map<string, string>();
  getItem = (k: string) => this.m.get(k) ?? null;
  setItem = (k: string, v: string) => void this.m.set(k, v);
  removeItem = (k: string) => void this.m.delete(k);
}

const item = (userId: string, n = 0): NewOutboxItem => ({
  userId,
  kind: 'journal.save',
  label: `Catatan ${n}`,
  path: '/rest/x',
  body: { entry: `e${n}` },
  group: 'incident:1',
});

describe('eviction marker (issue #4: evicted storage is told, not shown as synced)', () => {
  it('keeps the count per user in localStorage; zero removes it', () => {
    const s = new MemStorage();
    writeMarker('a', { items: 3, drafts: 1 }, s);
    writeMarker('b', { items: 1, drafts: 0 }, s);
    expect(readMarker('a', s)).toEqual({ items: 3, drafts: 1 });
    expect(readMarker('b', s)).toEqual({ items: 1, drafts: 0 });
    writeMarker('a', { items: 0, drafts: 0 }, s);
    expect(s.getItem(markerKey('a'))).toBeNull();
    expect(readMarker('a', s)).toBeNull();
  });

  it('fewer items in a cleared database than the marker says → evicted', () => {
    expect(detectEviction({ items: 3, drafts: 1 }, { items: 0, drafts: 0 }, false)).toEqual({ expected: 4, found: 0 });
    expect(detectEviction({ items: 3, drafts: 0 }, { items: 3, drafts: 0 }, false)).toBeNull();
    expect(detectEviction(null, { items: 0, drafts: 0 }, false)).toBeNull();
    // the service worker sent items while no tab was open: the database is intact, nothing was evicted
    expect(detectEviction({ items: 3, drafts: 0 }, { items: 1, drafts: 0 }, true)).toBeNull();
  });

  it('checkEviction reads the database: an emptied database with a marker is reported', async () => {
    const s = new MemStorage();
    writeMarker('pr1', { items: 2, drafts: 1 }, s);
    expect(await checkEviction(getDb(), 'pr1', s)).toEqual({ expected: 3, found: 0 });
  });

  it('checkEviction: a database that still has its items (or was only drained) is not evicted', async () => {
    const db = getDb();
    await deviceId(db);
    await enqueue(db, [item('pr1', 1), item('pr1', 2)]);
    const s = new MemStorage();
    writeMarker('pr1', { items: 2, drafts: 0 }, s);
    expect(await checkEviction(db, 'pr1', s)).toBeNull();
    writeMarker('pr1', { items: 5, drafts: 0 }, s);
    expect(await checkEviction(db, 'pr1', s)).toBeNull(); // intact: the worker sent the rest
  });

  it('readCounts: unsent, parked and drafts of one user only', async () => {
    const db = getDb();
    const [a] = await enqueue(db, [item('pr1', 1), item('pr1', 2), item('other', 3)]);
    await db.outbox.update(a.seq!, { state: 'parked' });
    await saveDraft(db, { userId: 'pr1', kind: 'newCase', title: 'Kes baharu', values: {}, link: { to: '/kesbaru' } });
    expect(await readCounts(db, 'pr1')).toMatchObject({ unsent: 2, parked: 1, drafts: 1, lastSync: null, authPaused: false });
    expect(await readCounts(db, 'other')).toMatchObject({ unsent: 1, parked: 0, drafts: 0 });
  });
});

describe('sign-out decision (§4.1, issue #4)', () => {
  it('nothing unsent → wipe; items or drafts → ask', () => {
    expect(signOutPlan({ items: 0, drafts: 0 })).toEqual({ kind: 'wipe' });
    expect(signOutPlan(null)).toEqual({ kind: 'wipe' });
    expect(signOutPlan({ items: 2, drafts: 0 })).toEqual({ kind: 'ask', items: 2, drafts: 0 });
    expect(signOutPlan({ items: 0, drafts: 1 })).toEqual({ kind: 'ask', items: 0, drafts: 1 });
  });

  it('clears every Cache Storage entry but the precached app shell', async () => {
    const names = ['workbox-precache-v2-http://x/', 'api-cache', 'images'];
    const deleted: string[] = [];
    const store = {
      keys: async () => names,
      delete: async (n: string) => {
        deleted.push(n);
        return true;
      },
    };
    expect(await clearUserCaches(store)).toEqual(['api-cache', 'images']);
    expect(deleted).toEqual(['api-cache', 'images']);
    expect(isUserDataCache('workbox-precache-v2-abc')).toBe(false);
    expect(await clearUserCaches(undefined)).toEqual([]);
  });

  it('signing out with unsent work keeps it for that user; another user never sees it', async () => {
    const db = getDb();
    const userA = { userId: 'tmca', roles: [{ pkRoleId: 104, roleName: 'TMCA' }] } as WebUser;
    await startSession({ token: 'tok-aaaaaa', expiresAt: new Date(Date.now() + 3600_000).toISOString(), user: userA });
    await writeSession({ token: 'tok-aaaaaa', expiresAt: new Date(Date.now() + 3600_000).toISOString(), user: userA });
    await enqueue(db, [item('tmca', 1)]);
    await endSession();
    expect(await readCounts(db, 'tmca')).toMatchObject({ unsent: 1 });
    expect(await readCounts(db, 'pr')).toMatchObject({ unsent: 0 });
  });
});

describe('the panel’s fixes', () => {
  it('a journal entry is fixed in the panel, a case write in its form', () => {
    expect(fixKind({ kind: 'journal.save', body: { entry: 'x' } })).toBe('journal');
    expect(journalEntryOf({ kind: 'journal.save', body: { entry: 'abc' } })).toBe('abc');
    expect(fixKind({ kind: 'incident.create', body: {} })).toBe('form');
    expect(fixKind({ kind: 'subform.save', body: {} })).toBe('form');
    expect(fixKind({ kind: 'audit.save', body: {} })).toBeNull();
  });

  it('a 409 lists the fields of the write that differ from the server’s record', () => {
    const rows = conflictRows(
      { kilometerMarker: '12.3', sectionId: 4, version: 2, remark: 'same', pkIncidentId: { $ref: 'x' } },
      { kilometerMarker: '12.5', sectionId: 4, version: 3, remark: 'same', other: 1 },
    );
    expect(rows).toEqual([{ field: 'kilometerMarker', mine: '12.3', server: '12.5' }]);
    expect(conflictRows(null, {})).toEqual([]);
  });

  it("'Betulkan dalam borang' reopens through the incident screens' function the app hands in", async () => {
    const item = {
      clientId: 'c-1',
      userId: 'u-1',
      kind: 'incident.update',
      label: 'Kemaskini kes — T-1',
      path: '/rest/incident/save',
      body: {},
      group: 'incident:s:7',
      state: 'parked',
      formValues: { main: {}, subform: {} },
      incidentRef: { id: 7, ticket: 'T-1' },
    } as unknown as OutboxItem;
    const link = await reopenInForm(item, syncPanelActions.reopenItemAsDraft);
    expect(link).toMatchObject({ to: '/insidenView/$insidenId', params: { insidenId: '7' } });
    const draftId = (link!.search as { draft: string }).draft;
    expect(await getDb().drafts.get(draftId)).toMatchObject({ userId: 'u-1', replaces: 'c-1' });
    // no form values: nothing to reopen; a failing reopening: null (the panel says it cannot)
    expect(await reopenInForm({ ...item, formValues: undefined }, () => Promise.reject(new Error('not called')))).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await reopenInForm(item, () => Promise.reject(new Error('boom')))).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('relative time', () => {
  it('now, minutes, hours, days', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(relativeParts(null, now)).toBeNull();
    expect(relativeParts('2026-03-01T09:59:30Z', now)).toEqual({ unit: 'now', n: 0 });
    expect(relativeParts('2026-03-01T09:55:00Z', now)).toEqual({ unit: 'min', n: 5 });
    expect(relativeParts('2026-03-01T07:00:00Z', now)).toEqual({ unit: 'hour', n: 3 });
    expect(relativeParts('2026-02-27T10:00:00Z', now)).toEqual({ unit: 'day', n: 2 });
  });
});
