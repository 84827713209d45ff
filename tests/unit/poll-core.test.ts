/**
 * The pure logic of the background poll (src/features/comms/poll-core.ts, issue #6 item 4): which events are new,
 * what is notified and how, the conditional request and its 304.
 */
import { describe, expect, it } from 'vitest';
import type { AlertRow, Notification } from '@contract/comms';
import {
  alertKey,
  caseKey,
  KNOWN_MAX,
  KNOWN_TTL_MS,
  MAX_SINGLE_NOTIFICATIONS,
  newEvents,
  NOTIFICATION_APP,
  pollList,
  remember,
  systemNotifications,
  unreadKeys,
} from '@/features/comms/poll-core';

const note = (incidentId: number, o: Partial<Notification> = {}): Notification => ({
  incidentId,
  subformIncidentId: incidentId * 10,
  incidentTicketNumber: `N9-20261123-${String(incidentId).padStart(4, '0')}`,
  incidentStatus: 'Dalam Tindakan',
  incidentDate: '23-11-2026',
  incidentTime: '10:00:00',
  read: false,
  updatedAt: '2026-11-23T02:00:00.000Z',
  ...o,
});

const alert = (id: number, o: Partial<AlertRow> = {}): AlertRow => ({
  pkAlertNotificationId: id,
  viewed: 0,
  category: 'I',
  description: `Kes N9-20261123-00${id} belum diterima oleh peronda selepas 5 minit`,
  remark: 'Ditugaskan kepada N9 Pagi pada 23-11-2026 10:00:00',
  datetime: '2026-11-23T02:05:00.000Z',
  section: null,
  incident: { pkIncidentId: id },
  dutyRoster: null,
  ...o,
});

describe('event keys', () => {
  it('a case notification is an event per (re)raise; an alert per id', () => {
    expect(caseKey(note(7))).toBe('case:7:2026-11-23T02:00:00.000Z');
    expect(caseKey(note(7, { updatedAt: '2026-11-23T03:00:00.000Z' }))).not.toBe(caseKey(note(7)));
    // a server without updatedAt: the status stands in
    expect(caseKey(note(7, { updatedAt: undefined }))).toBe('case:7:Dalam Tindakan');
    expect(alertKey(alert(3))).toBe('alert:3');
  });

  it('only unread items count', () => {
    expect(unreadKeys([note(1), note(2, { read: true })], [alert(5), alert(6, { viewed: 1 })])).toEqual([caseKey(note(1)), 'alert:5']);
    expect(unreadKeys(undefined, undefined)).toEqual([]);
  });
});

describe('remember', () => {
  it('adds keys, keeps when a key was first known, drops old ones and keeps at most KNOWN_MAX', () => {
    const now = 1_000_000_000_000;
    const r = remember({ a: now - 10 }, ['a', 'b'], now);
    expect(r).toEqual({ a: now - 10, b: now });
    expect(remember({ old: now - KNOWN_TTL_MS - 1, fresh: now - 5 }, [], now)).toEqual({ fresh: now - 5 });
    const many = Object.fromEntries(Array.from({ length: KNOWN_MAX + 50 }, (_, i) => [`k${i}`, now - i]));
    const kept = remember(many, ['new'], now);
    expect(Object.keys(kept)).toHaveLength(KNOWN_MAX);
    expect(kept.new).toBe(now);
    expect(kept[`k${KNOWN_MAX + 49}`]).toBeUndefined();
  });
});

describe('newEvents', () => {
  it('unread and not known, cases first in the server order', () => {
    const known = { [caseKey(note(1))]: 1, 'alert:5': 1 };
    const ev = newEvents([note(2), note(1), note(3, { read: true })], [alert(5), alert(6)], known);
    expect(ev.map((e) => e.key)).toEqual([caseKey(note(2)), 'alert:6']);
  });

  it('a case re-raised by new patrol activity is new again', () => {
    const known = { [caseKey(note(1))]: 1 };
    expect(newEvents([note(1, { updatedAt: '2026-11-23T05:00:00.000Z' })], [], known)).toHaveLength(1);
  });
});

describe('systemNotifications', () => {
  it('one per event, Malay, tagged by the event, opening the case or the alerts', () => {
    const ev = newEvents([note(4, { incidentStatus: 'Diterima' })], [alert(9)], {});
    const out = systemNotifications(ev, 'ms');
    expect(out).toHaveLength(2);
    expect(out[0].title).toBe('Notifikasi kes N9-20261123-0004');
    expect(out[0].options.body).toBe('Status: Diterima. Peronda telah mengemas kini kes ini.');
    expect(out[0].options.tag).toBe(caseKey(note(4)));
    expect(out[0].options.data).toEqual({ app: NOTIFICATION_APP, target: { kind: 'case', incidentId: 4 }, key: caseKey(note(4)) });
    expect(out[1].title).toBe('Notifikasi baharu');
    expect(out[1].options.body).toBe(`${alert(9).description}\n${alert(9).remark}`);
    expect(out[1].options.tag).toBe('alert:9');
    expect(out[1].options.data.target).toEqual({ kind: 'alerts' });
  });

  it('English when the page said so; an alert without remark has the description alone', () => {
    const out = systemNotifications(newEvents([note(4)], [alert(9, { remark: null })], {}), 'en');
    expect(out[0].title).toBe('Case notification N9-20261123-0004');
    expect(out[1].options.body).toBe(alert(9).description);
  });

  it(`more than ${MAX_SINGLE_NOTIFICATIONS} at once: one summary`, () => {
    const cases = [1, 2, 3, 4].map((i) => note(i));
    const [only, ...rest] = systemNotifications(newEvents(cases, [], {}), 'ms');
    expect(rest).toEqual([]);
    expect(only.title).toBe('4 notifikasi baharu');
    expect(only.options.tag).toBe('lebuhraya-comms-summary');
    expect(only.options.data.target).toEqual({ kind: 'case', incidentId: 1 });
    const withAlert = systemNotifications(newEvents(cases, [alert(1)], {}), 'ms');
    expect(withAlert[0].title).toBe('5 notifikasi baharu');
    expect(withAlert[0].options.data.target).toEqual({ kind: 'alerts' });
  });
});

describe('pollList', () => {
  const answer = (status: number, body?: unknown, etag?: string) =>
    new Response(body === undefined ? null : JSON.stringify({ statusCode: status, statusMsg: 'ok', body }), {
      status,
      headers: etag ? { ETag: etag } : {},
    });

  it('sends the bearer token and If-None-Match of the last answer; a 304 has no data', async () => {
    const seen: RequestInit[] = [];
    const fetchFn = (async (_url: string, init: RequestInit) => {
      seen.push(init);
      const h = init.headers as Record<string, string>;
      return h['If-None-Match'] === 'W/"abc"' ? answer(304) : answer(200, [note(1)], 'W/"abc"');
    }) as unknown as typeof fetch;
    const first = await pollList<Notification[]>(fetchFn, 'http://x/rest', {}, 'tok', undefined);
    expect(first).toEqual({ status: 200, etag: 'W/"abc"', data: [note(1)] });
    expect((seen[0].headers as Record<string, string>)['If-None-Match']).toBeUndefined();
    expect((seen[0].headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(seen[0].cache).toBe('no-store');
    const second = await pollList(fetchFn, 'http://x/rest', {}, 'tok', 'W/"abc"');
    expect(second).toEqual({ status: 304 });
  });

  it('401, other errors and a network failure', async () => {
    const f = (status: number) => (async () => answer(status, null)) as unknown as typeof fetch;
    expect(await pollList(f(401), 'http://x', {}, 't', undefined)).toEqual({ status: 401 });
    expect(await pollList(f(403), 'http://x', {}, 't', undefined)).toEqual({ status: 'error', code: 403 });
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await pollList(down, 'http://x', {}, 't', undefined)).toEqual({ status: 'error' });
  });
});
