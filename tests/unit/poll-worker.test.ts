/**
 * One background poll as the service worker runs it (pollComms with sw/poll.ts's state in IndexedDB, on
 * fake-indexeddb) against a fake API that answers as the server's etag plugin does: ETag of the body, 304 to a
 * matching If-None-Match. Which events notify, once; nothing while the app is focused; 401 stops the polling.
 */
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertRow, Notification } from '@contract/comms';
import { PATHS } from '@contract/paths';
import { createDb, type LebuhrayaDb } from '@/offline/db';
import { caseKey, pollComms, POLL_MIN_GAP_MS, type PollDeps, type SystemNotification } from '@/features/comms/poll-core';
import { loadPollState, markSeen, openFromNotification, savePollState } from '../../sw/poll';

const note = (incidentId: number, o: Partial<Notification> = {}): Notification => ({
  incidentId,
  subformIncidentId: null,
  incidentTicketNumber: `N9-20261123-${String(incidentId).padStart(4, '0')}`,
  incidentStatus: 'Dalam Tindakan',
  incidentDate: '23-11-2026',
  incidentTime: '10:00:00',
  read: false,
  updatedAt: '2026-11-23T02:00:00.000Z',
  ...o,
});
const alert = (id: number): AlertRow => ({
  pkAlertNotificationId: id,
  viewed: 0,
  category: 'I',
  description: `Amaran ${id}`,
  remark: null,
  datetime: '2026-11-23T02:05:00.000Z',
  section: null,
  incident: null,
  dutyRoster: null,
});

/** The two polled lists of one user, answered as the server does (etag plugin). */
class FakeApi {
  notifications: Notification[] = [];
  alerts: AlertRow[] = [];
  token = 'token-1';
  log: { path: string; status: number; ifNoneMatch?: string }[] = [];
  fetch = (async (input: string, init: RequestInit) => {
    const url = new URL(input);
    const h = init.headers as Record<string, string>;
    const respond = (status: number, body?: unknown) => {
      this.log.push({ path: url.pathname, status, ifNoneMatch: h['If-None-Match'] });
      if (body === undefined) return new Response(null, { status });
      const text = JSON.stringify({ statusCode: status, statusMsg: 'ok', body });
      const etag = `W/"${createHash('sha1').update(text).digest('hex')}"`;
      if (status === 200 && h['If-None-Match'] === etag) {
        this.log[this.log.length - 1].status = 304;
        return new Response(null, { status: 304, headers: { ETag: etag } });
      }
      return new Response(text, { status, headers: { ETag: etag } });
    };
    if (h.Authorization !== `Bearer ${this.token}`) return respond(401);
    if (url.pathname === PATHS.notificationGetAll) return respond(200, this.notifications);
    if (url.pathname === PATHS.alertDataTables) {
      expect(JSON.parse(String(init.body))).toEqual({ viewed: 0 });
      return respond(200, { rows: this.alerts, recordCount: this.alerts.length, page: 0, size: 1000 });
    }
    return respond(404);
  }) as unknown as typeof fetch;
}

let db: LebuhrayaDb;
let api: FakeApi;
let n = 0;
let now: number;
let focused: boolean;
let granted: boolean;
let shown: SystemNotification[];
let role: string;
const USER = 'u-tmca';

const deps = (): PollDeps => ({
  fetch: api.fetch,
  now: () => now,
  origin: 'http://localhost:8080',
  session: async () => ({ token: 'token-1', userId: USER, roleName: role, expiresAt: new Date(now + 3600_000).toISOString() }),
  load: (u) => loadPollState(db, u),
  save: (u, s) => savePollState(db, u, s),
  appFocused: async () => focused,
  canNotify: () => granted,
  show: async (x) => {
    shown.push(x);
  },
  lang: () => undefined,
});

beforeEach(async () => {
  db = createDb(`poll-test-${++n}`);
  await db.open();
  api = new FakeApi();
  now = Date.parse('2026-11-23T03:00:00Z');
  focused = false;
  granted = true;
  shown = [];
  role = 'TMCA';
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('background poll (worker)', () => {
  it('the first poll of a user is a baseline: what is unread now never notifies', async () => {
    api.notifications = [note(1)];
    api.alerts = [alert(1)];
    const r = await pollComms(deps());
    expect(r).toMatchObject({ outcome: 'polled', baseline: true, lists: { notifications: 200, alerts: 200 }, shown: [] });
    expect(shown).toEqual([]);
    const state = await loadPollState(db, USER);
    expect(Object.keys(state!.known).sort()).toEqual(['alert:1', caseKey(note(1))].sort());
    expect(state!.etags.notifications).toMatch(/^W\/"/);
  });

  it('after the page reported what it showed: a new event notifies once, an unchanged poll is 304 and costs no body', async () => {
    api.notifications = [note(1)];
    await markSeen(db, USER, [caseKey(note(1))], now);

    api.notifications = [note(2), note(1)];
    const r1 = await pollComms(deps());
    expect(r1).toMatchObject({ outcome: 'polled', baseline: false, focused: false, shown: [caseKey(note(2))] });
    expect(shown.map((s) => s.title)).toEqual(['Notifikasi kes N9-20261123-0002']);

    now += 60_000;
    const r2 = await pollComms(deps());
    expect(r2.lists).toEqual({ notifications: 304, alerts: 304 });
    expect(r2.shown).toEqual([]);
    expect(api.log.slice(-2).every((l) => l.status === 304 && !!l.ifNoneMatch)).toBe(true);

    // the etags lost (a second device state, a server restart): the list comes again, nothing notifies twice
    const state = (await loadPollState(db, USER))!;
    await savePollState(db, USER, { ...state, etags: {} });
    now += 60_000;
    const r3 = await pollComms(deps());
    expect(r3.lists.notifications).toBe(200);
    expect(r3.shown).toEqual([]);

    // the patrol writes again on case 2: re-raised, a new event
    api.notifications = [note(2, { updatedAt: '2026-11-23T03:01:00.000Z' }), note(1)];
    now += 60_000;
    const r4 = await pollComms(deps());
    expect(r4.shown).toEqual([caseKey(note(2, { updatedAt: '2026-11-23T03:01:00.000Z' }))]);
    expect(shown).toHaveLength(2);
  });

  it('a new alert notifies with its description; a user without the bell never asks for case notifications', async () => {
    role = 'PR';
    await markSeen(db, USER, [], now);
    api.alerts = [alert(7)];
    const r = await pollComms(deps());
    expect(r.lists).toEqual({ notifications: 'not-asked', alerts: 200 });
    expect(shown.map((s) => [s.title, s.options.body, s.options.tag])).toEqual([['Notifikasi baharu', 'Amaran 7', 'alert:7']]);
    expect(api.log.some((l) => l.path === PATHS.notificationGetAll)).toBe(false);
  });

  it('while the app is focused, or without permission, new events become known without a system notification', async () => {
    await markSeen(db, USER, [], now);
    focused = true;
    api.notifications = [note(3)];
    expect((await pollComms(deps())).focused).toBe(true);
    focused = false;
    granted = false;
    api.alerts = [alert(4)];
    now += 60_000;
    expect((await pollComms(deps())).shown).toEqual([]);
    granted = true;
    now += 60_000;
    await savePollState(db, USER, { ...(await loadPollState(db, USER))!, etags: {} });
    expect((await pollComms(deps())).shown).toEqual([]);
    expect(shown).toEqual([]);
  });

  it('polls closer than the minimum gap are skipped unless forced', async () => {
    await pollComms(deps());
    now += POLL_MIN_GAP_MS - 1;
    expect((await pollComms(deps())).outcome).toBe('recent');
    expect((await pollComms(deps(), { force: true })).outcome).toBe('polled');
  });

  it('a 401 stops polling with that token; a new sign-in (another token) resumes', async () => {
    await pollComms(deps());
    api.token = 'token-2';
    now += 60_000;
    expect((await pollComms(deps())).outcome).toBe('unauthorized');
    const calls = api.log.length;
    now += 60_000;
    expect((await pollComms(deps())).outcome).toBe('stopped');
    expect(api.log.length).toBe(calls);
    const d = deps();
    d.session = async () => ({ token: 'token-2', userId: USER, roleName: role, expiresAt: new Date(now + 3600_000).toISOString() });
    expect((await pollComms(d)).outcome).toBe('polled');
  });

  it('no session, or an expired one: nothing is asked', async () => {
    const d = deps();
    d.session = async () => null;
    expect((await pollComms(d)).outcome).toBe('no-session');
    d.session = async () => ({ token: 'token-1', userId: USER, roleName: role, expiresAt: new Date(now - 1).toISOString() });
    expect((await pollComms(d)).outcome).toBe('no-session');
    expect(api.log).toEqual([]);
  });

  it('the language the page last reported (stored with its seen events) is used, also by a worker started afresh', async () => {
    await markSeen(db, USER, [], now, 'en');
    api.notifications = [note(8)];
    const d = deps();
    d.lang = () => undefined;
    await pollComms(d);
    expect(shown.map((s) => s.title)).toEqual(['Case notification N9-20261123-0008']);
    expect((await loadPollState(db, USER))!.lang).toBe('en');
  });

  it('many new events at once: one summary', async () => {
    await markSeen(db, USER, [], now);
    api.notifications = [1, 2, 3, 4, 5].map((i) => note(i));
    const r = await pollComms(deps());
    expect(r.shown).toEqual(['lebuhraya-comms-summary']);
    expect(shown[0].title).toBe('5 notifikasi baharu');
  });
});

describe('a click on a system notification', () => {
  const win = (name: string, focused: boolean, visible: boolean, log: string[]) => {
    const w = {
      focused,
      visibilityState: (visible ? 'visible' : 'hidden') as DocumentVisibilityState,
      focus: async () => {
        log.push(`focus ${name}`);
        return w;
      },
      postMessage: (m: unknown) => log.push(`${name} ${JSON.stringify(m)}`),
    };
    return w;
  };

  it('focuses the focused (else a visible, else any) window of the app and asks it to open the target', async () => {
    const log: string[] = [];
    const opened: string[] = [];
    const env = (list: ReturnType<typeof win>[]) => ({
      windows: async () => list,
      openWindow: async (u: string) => opened.push(u),
      remember: () => log.push('remember'),
    });
    expect(await openFromNotification({ kind: 'case', incidentId: 12 }, env([win('a', false, false, log), win('b', false, true, log)]))).toBe(
      'message',
    );
    expect(log).toEqual(['focus b', 'b {"type":"COMMS_OPEN","target":{"kind":"case","incidentId":12}}']);
    log.length = 0;
    await openFromNotification({ kind: 'alerts' }, env([win('a', false, false, log), win('c', true, true, log)]));
    expect(log).toEqual(['focus c', 'c {"type":"COMMS_OPEN","target":{"kind":"alerts"}}']);
    log.length = 0;
    await openFromNotification({ kind: 'alerts' }, env([win('a', false, false, log)]));
    expect(log[0]).toBe('focus a');
    expect(opened).toEqual([]);
  });

  it('with no window: opens the case at its URL; the alerts at the start page, remembered for the new page', async () => {
    const opened: string[] = [];
    const remembered: unknown[] = [];
    const env = { windows: async () => [], openWindow: async (u: string) => opened.push(u), remember: (t: unknown) => remembered.push(t) };
    expect(await openFromNotification({ kind: 'case', incidentId: 12 }, env)).toBe('opened');
    expect(await openFromNotification({ kind: 'alerts' }, env)).toBe('opened');
    expect(opened).toEqual(['/insidenView/12', '/']);
    expect(remembered).toEqual([{ kind: 'alerts' }]);
  });
});
