/**
 * The activity log's pure rules (src/features/activity-log/activity-rules.ts, issue #15): the save payload and its
 * checks (±15 min of the shift, not in the future, KM, lengths), the entries as shown (server rows merged with the
 * user's queued writes), the shift's state, the local summary and lifecycle, and how an entry reads (§2.18).
 */
import { describe, expect, it } from 'vitest';
import { ACTIVITY_EVENT, ACTIVITY_LOCATION_MAX, ACTIVITY_REMARK_MAX } from '@contract/activity-log-rules';
import type { ActivityLogRow } from '@contract/activity-log';
import { timelineShowsMap } from '@contract/map-rules';
import { instantOfWall, wallDateTime } from '@/lib/time';
import {
  ACTIVITY_DELETE_KIND,
  ACTIVITY_SAVE_KIND,
  activityGroup,
  buildSavePayload,
  defaultEntryDate,
  entryDates,
  eventButtons,
  EVENT_ORDER,
  formOf,
  liveEntries,
  localLifecycle,
  localSummary,
  mergeEntries,
  minutesText,
  normalizeTime,
  parseKm,
  placeText,
  shiftState,
  timelineEntryOf,
  type EntryForm,
  type QueuedWrite,
} from '@/features/activity-log/activity-rules';

const E = ACTIVITY_EVENT;
// a day shift 07:00–19:00 Brunei time on 1 March 2026 (UTC+8)
const SHIFT = { startsAt: Date.parse('2026-02-28T23:00:00Z'), endsAt: Date.parse('2026-03-01T11:00:00Z') };
const NOW = Date.parse('2026-03-01T04:00:00Z'); // 12:00 Brunei

const form = (p: Partial<EntryForm> = {}): EntryForm => ({
  eventId: E.PATROL_START,
  date: '2026-03-01',
  time: '08:15',
  km: '',
  directionId: null,
  checkpointId: null,
  location: '',
  remark: '',
  ...p,
});

const build = (p: Partial<EntryForm> = {}, extra: Partial<Parameters<typeof buildSavePayload>[0]> = {}) =>
  buildSavePayload({ rosterId: 300, form: form(p), shift: SHIFT, now: NOW, instantOf: instantOfWall, ...extra });

const row = (p: Partial<ActivityLogRow>): ActivityLogRow => ({
  pkActivityLogId: 1,
  dutyRosterId: 300,
  eventId: E.SHIFT_START,
  eventName: 'Mula Syif',
  occurredAt: '2026-03-01T00:00:00.000Z',
  km: null,
  directionId: null,
  directionName: null,
  rondaCheckpointId: null,
  checkpointName: null,
  location: null,
  latitude: null,
  longitude: null,
  remark: null,
  incidentId: null,
  ticketNumber: null,
  createdBy: 7,
  createdByName: 'Ali',
  createdAt: '2026-03-01T00:00:05.000Z',
  ...p,
});

const save = (clientId: string, seq: number, body: object, p: Partial<QueuedWrite> = {}): QueuedWrite => ({
  clientId,
  seq,
  kind: ACTIVITY_SAVE_KIND,
  state: 'pending',
  body: {
    dutyRosterId: 300,
    km: null,
    directionId: null,
    rondaCheckpointId: null,
    location: null,
    latitude: null,
    longitude: null,
    remark: null,
    ...body,
  },
  ...p,
});

describe('the save payload', () => {
  it('turns the Brunei wall clock into an instant and sends what was typed, trimmed', () => {
    const r = build({ km: ' 12,5 ', directionId: 1201, location: '  Hentian Sebelah Seremban ', remark: ' ok ' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.body).toEqual({
      dutyRosterId: 300,
      eventId: E.PATROL_START,
      occurredAt: '2026-03-01T00:15:00.000Z',
      km: 12.5,
      directionId: 1201,
      rondaCheckpointId: null,
      location: 'Hentian Sebelah Seremban',
      latitude: null,
      longitude: null,
      remark: 'ok',
    });
    expect('pkActivityLogId' in r.body).toBe(false);
  });

  it('an edit carries its id; empty texts are null', () => {
    const r = build({ location: '   ', remark: '' }, { pkActivityLogId: 55 });
    expect(r.ok && r.body).toMatchObject({ pkActivityLogId: 55, location: null, remark: null, km: null });
  });

  it('a checkpoint gives its place unless KM or direction were typed', () => {
    const checkpoint = { pkRondaLoopCheckpointId: 9, checkpointName: 'CP Nilai', km: 20.4, directionId: 1202, latitude: 2.8, longitude: 101.8 };
    const a = build({ checkpointId: 9 }, { checkpoint });
    expect(a.ok && a.body).toMatchObject({ rondaCheckpointId: 9, km: 20.4, directionId: 1202, latitude: 2.8, longitude: 101.8 });
    const b = build({ checkpointId: 9, km: '21', directionId: 1201 }, { checkpoint });
    expect(b.ok && b.body).toMatchObject({ rondaCheckpointId: 9, km: 21, directionId: 1201 });
  });

  it('refuses a time outside the shift by more than 15 minutes, or in the future', () => {
    expect(build({ time: '06:45' }).ok).toBe(true); // 15 min before the start
    expect(build({ time: '06:44' })).toEqual({ ok: false, errors: { time: 'outsideShift' } });
    expect(build({ time: '12:01' }).ok).toBe(true); // within the clock tolerance
    expect(build({ time: '12:30' })).toEqual({ ok: false, errors: { time: 'inFuture' } });
    // the shift's end + 15 min, seen from after the shift
    const later = Date.parse('2026-03-01T12:00:00Z');
    expect(build({ time: '19:15' }, { now: later }).ok).toBe(true);
    expect(build({ time: '19:16' }, { now: later })).toEqual({ ok: false, errors: { time: 'outsideShift' } });
    // an unknown shift (offline, no roster on the device): only the future is checked
    expect(build({ time: '03:00' }, { shift: null }).ok).toBe(true);
  });

  it('names the fields in error', () => {
    expect(build({ time: '25:00' })).toEqual({ ok: false, errors: { time: 'time' } });
    expect(build({ time: '' })).toEqual({ ok: false, errors: { time: 'time' } });
    expect(build({ km: '12.3.4' })).toEqual({ ok: false, errors: { km: 'km' } });
    expect(build({ km: '2001' })).toEqual({ ok: false, errors: { km: 'km' } });
    expect(build({ eventId: 0 })).toMatchObject({ ok: false, errors: { eventId: 'event' } });
    expect(build({ location: 'x'.repeat(ACTIVITY_LOCATION_MAX + 1) })).toEqual({ ok: false, errors: { location: 'location' } });
    expect(build({ remark: 'x'.repeat(ACTIVITY_REMARK_MAX + 1) })).toEqual({ ok: false, errors: { remark: 'remark' } });
    expect(build({ remark: 'x'.repeat(ACTIVITY_REMARK_MAX) }).ok).toBe(true);
  });

  it('reads a time as typed on a tablet, 24-hour', () => {
    for (const [typed, time] of [
      ['2016', '20:16'],
      ['20.16', '20:16'],
      ['20:16', '20:16'],
      ['8:5', '08:05'],
      ['816', '08:16'],
      [' 07:30:59 ', '07:30'],
    ])
      expect(normalizeTime(typed), typed).toBe(time);
    for (const bad of ['24:00', '12:60', 'abc', '1', '12345']) expect(normalizeTime(bad), bad).toBe(bad);
    expect(build({ time: '1816' }, { now: Date.parse('2026-03-01T12:30:00Z') }).ok).toBe(true);
    expect(build({ time: '8.15' }).ok && (build({ time: '8.15' }) as { body: { occurredAt: string } }).body.occurredAt).toBe(
      '2026-03-01T00:15:00.000Z',
    );
  });

  it('reads a KM as typed', () => {
    expect(parseKm('')).toBeNull();
    expect(parseKm(' 12 ')).toBe(12);
    expect(parseKm('12,25')).toBe(12.25);
    expect(parseKm('abc')).toBeNaN();
    expect(parseKm('-1')).toBeNaN();
  });

  it('an entry opens in the form as it is, on the Brunei wall clock', () => {
    const f = formOf(
      {
        eventId: E.BREAK,
        occurredAt: '2026-03-01T16:30:00.000Z',
        km: 3.5,
        directionId: 1201,
        rondaCheckpointId: 4,
        location: 'R&R',
        latitude: null,
        longitude: null,
        remark: 'makan',
      },
      wallDateTime,
    );
    expect(f).toEqual({
      eventId: E.BREAK,
      date: '2026-03-02',
      time: '00:30',
      km: '3.5',
      directionId: 1201,
      checkpointId: 4,
      location: 'R&R',
      remark: 'makan',
    });
  });
});

describe('entries as shown: the server’s merged with the queued writes', () => {
  const rows = [
    row({ pkActivityLogId: 1, eventId: E.SHIFT_START, occurredAt: '2026-03-01T00:00:00.000Z' }),
    row({ pkActivityLogId: 2, eventId: E.PATROL_START, eventName: 'Mula Rondaan', occurredAt: '2026-03-01T00:30:00.000Z' }),
  ];

  it('a queued new entry shows at once, unsent, in time order', () => {
    const out = mergeEntries(rows, [save('c1', 1, { eventId: E.BREAK, occurredAt: '2026-03-01T00:10:00.000Z' }, { creates: { entity: 'e1' } })]);
    expect(out.map((e) => e.key)).toEqual(['s:1', 'c:e1', 's:2']);
    expect(out[1]).toMatchObject({ serverId: null, entity: 'e1', row: null, pending: { op: 'create', state: 'pending', items: ['c1'] } });
    expect(out[0].pending).toBeNull();
  });

  it('a queued edit of a server entry shows its new values; a queued delete marks it and it no longer counts', () => {
    const out = mergeEntries(rows, [
      save('c1', 1, { pkActivityLogId: 2, eventId: E.PATROL_START, occurredAt: '2026-03-01T00:40:00.000Z', remark: 'lewat' }),
      { clientId: 'c2', seq: 2, kind: ACTIVITY_DELETE_KIND, state: 'pending', body: { pkActivityLogId: 1 } },
    ]);
    const two = out.find((e) => e.serverId === 2)!;
    expect(two.values).toMatchObject({ occurredAt: '2026-03-01T00:40:00.000Z', remark: 'lewat' });
    expect(two.pending).toMatchObject({ op: 'edit', items: ['c1'] });
    expect(two.row?.eventName).toBe('Mula Rondaan');
    expect(out.find((e) => e.serverId === 1)!.pending?.op).toBe('delete');
    expect(liveEntries(out).map((e) => e.serverId)).toEqual([2]);
  });

  it('an edit of a queued entry (by its entity) stays one creation with the latest values', () => {
    const out = mergeEntries(rows, [
      save('c1', 1, { eventId: E.BREAK, occurredAt: '2026-03-01T01:00:00.000Z' }, { creates: { entity: 'e1' }, state: 'sending' }),
      save('c2', 2, { pkActivityLogId: { $ref: 'e1' }, eventId: E.BREAK, occurredAt: '2026-03-01T01:05:00.000Z', remark: 'ubah' }),
    ]);
    expect(out).toHaveLength(3);
    const q = out.find((e) => e.entity === 'e1')!;
    expect(q.values).toMatchObject({ occurredAt: '2026-03-01T01:05:00.000Z', remark: 'ubah' });
    expect(q.pending).toMatchObject({ op: 'create', state: 'sending', items: ['c1', 'c2'] });
  });

  it('once created (the id map knows it) a later queued edit lands on the server’s row', () => {
    const server = [...rows, row({ pkActivityLogId: 3, eventId: E.BREAK, eventName: 'Rehat', occurredAt: '2026-03-01T01:00:00.000Z' })];
    const out = mergeEntries(
      server,
      [save('c2', 2, { pkActivityLogId: { $ref: 'e1' }, eventId: E.BREAK, occurredAt: '2026-03-01T01:05:00.000Z' })],
      new Map([['e1', 3]]),
    );
    expect(out).toHaveLength(3);
    expect(out.find((e) => e.serverId === 3)).toMatchObject({ pending: { op: 'edit' }, values: { occurredAt: '2026-03-01T01:05:00.000Z' } });
  });

  it('a creation acknowledged before the list caught up is not shown twice', () => {
    const server = [...rows, row({ pkActivityLogId: 3, eventId: E.BREAK, occurredAt: '2026-03-01T01:00:00.000Z' })];
    const out = mergeEntries(
      server,
      [save('c1', 1, { eventId: E.BREAK, occurredAt: '2026-03-01T01:00:00.000Z' }, { creates: { entity: 'e1' } })],
      new Map([['e1', 3]]),
    );
    expect(out.map((e) => e.key)).toEqual(['s:1', 's:2', 's:3']);
  });

  it('a refused write shows the server’s message and wins over the state of the others', () => {
    const out = mergeEntries(rows, [
      save(
        'c1',
        1,
        { eventId: E.BREAK, occurredAt: '2026-03-01T01:00:00.000Z' },
        { creates: { entity: 'e1' }, state: 'parked', park: { message: 'Masa aktiviti mesti dalam syif' } },
      ),
      { clientId: 'c2', seq: 2, kind: ACTIVITY_DELETE_KIND, state: 'pending', body: { pkActivityLogId: { $ref: 'e1' } } },
    ]);
    expect(out.find((e) => e.entity === 'e1')!.pending).toEqual({
      op: 'delete',
      state: 'parked',
      message: 'Masa aktiviti mesti dalam syif',
      items: ['c1', 'c2'],
    });
  });

  it('ignores other kinds and bodies it cannot read', () => {
    const out = mergeEntries(rows, [
      { clientId: 'x', seq: 1, kind: 'journal.save', state: 'pending', body: { entry: 'x' } },
      save('y', 2, { eventId: 'no' }),
    ]);
    expect(out).toHaveLength(2);
    expect(out.every((e) => e.pending === null)).toBe(true);
  });

  it('the group keeps a roster’s writes in order', () => {
    expect(activityGroup(300)).toBe('activityLog:300');
  });
});

describe('the shift: state, summary, lifecycle', () => {
  const at = (hhmm: string) => `2026-03-01T${hhmm}:00.000Z`;
  const log = [
    { eventId: E.SHIFT_START, occurredAt: at('00:00') },
    { eventId: E.PATROL_START, occurredAt: at('00:30') },
    { eventId: E.PATROL_END, occurredAt: at('01:30') },
    { eventId: E.BREAK, occurredAt: at('01:40') },
    { eventId: E.PATROL_START, occurredAt: at('02:10') },
  ];

  it('a patrol under way suggests its end; a break shows while it is the last entry', () => {
    expect(shiftState([])).toMatchObject({ suggested: E.SHIFT_START, shiftStarted: false, patrolSince: null });
    expect(shiftState(log.slice(0, 1)).suggested).toBe(E.VEHICLE_CHECK);
    expect(shiftState(log)).toMatchObject({ patrolSince: at('02:10'), suggested: E.PATROL_END, breakSince: null, shiftStarted: true });
    expect(shiftState(log.slice(0, 4))).toMatchObject({ patrolSince: null, breakSince: at('01:40'), suggested: E.PATROL_START });
    // order does not matter
    expect(shiftState([...log].reverse()).patrolSince).toBe(at('02:10'));
  });

  it('counts the patrols a 295 closes and the break until the next entry (or now)', () => {
    expect(localSummary(log, SHIFT, NOW)).toEqual({ rondaCount: 1, rehatMinutes: 30, entryCount: 5 });
    // a 295 without a start is not a patrol; an open break lasts until now (capped at the shift's end)
    const open = [
      { eventId: E.PATROL_END, occurredAt: at('00:10') },
      { eventId: E.BREAK, occurredAt: at('03:30') },
    ];
    expect(localSummary(open, SHIFT, NOW)).toEqual({ rondaCount: 0, rehatMinutes: 30, entryCount: 2 });
    expect(localSummary(open, SHIFT, Date.parse('2026-03-01T20:00:00Z')).rehatMinutes).toBe(450);
  });

  it('planned → on shift → ended → verified → approved', () => {
    const before = SHIFT.startsAt - 60_000;
    expect(localLifecycle([], SHIFT, before)).toBe('planned');
    expect(localLifecycle([], SHIFT, NOW)).toBe('onShift');
    expect(localLifecycle(log.slice(0, 2), SHIFT, before)).toBe('onShift');
    expect(localLifecycle(log.slice(0, 3), SHIFT, NOW)).toBe('ended');
    expect(localLifecycle([{ eventId: E.SHIFT_END, occurredAt: at('10:00') }], SHIFT, NOW)).toBe('ended');
    expect(localLifecycle([], SHIFT, SHIFT.endsAt)).toBe('ended');
    expect(localLifecycle(log, SHIFT, NOW, { isDisemak: true, isDisahkan: false })).toBe('verified');
    expect(localLifecycle(log, SHIFT, NOW, { isDisemak: true, isDisahkan: true })).toBe('approved');
    expect(localLifecycle([], null, NOW)).toBe('planned');
  });
});

describe('how an entry reads', () => {
  it('the place: typed location first, then KM, direction, checkpoint', () => {
    const v = {
      eventId: E.BREAK,
      occurredAt: '2026-03-01T01:00:00Z',
      km: 12.3456,
      directionId: 1201,
      rondaCheckpointId: 4,
      location: ' R&R Seremban ',
      latitude: null,
      longitude: null,
      remark: null,
    };
    expect(placeText(v, null, { direction: () => 'Arah Utara', checkpoint: () => 'CP 4' })).toBe('R&R Seremban · KM 12.346 · Arah Utara · CP 4');
    expect(placeText({ ...v, km: null, directionId: null, rondaCheckpointId: null, location: null }, null)).toBeNull();
    // the server's names when the values are its own
    const r = row({ directionId: 1201, directionName: 'Utara (server)', rondaCheckpointId: 4, checkpointName: 'CP server' });
    expect(placeText(v, r)).toBe('R&R Seremban · KM 12.346 · Utara (server) · CP server');
  });

  it('the §2.18 entry: a location of more than 500 m shows the map', () => {
    const r = row({
      eventName: 'Rehat',
      eventId: E.BREAK,
      location: '650 m dari KM 12.3',
      km: 12.3,
      remark: 'makan',
      latitude: 2.7,
      longitude: 101.9,
      ticketNumber: 'N9-1',
    });
    const e = timelineEntryOf({ values: { ...r }, row: r }, undefined, (n) => `Oleh ${n}`);
    expect(e).toEqual({
      time: r.occurredAt,
      title: 'Rehat',
      description: 'makan\nNo. Tiket: N9-1\nOleh Ali',
      location: '650 m dari KM 12.3 · KM 12.3',
      type: 'Rehat',
      latitude: 2.7,
      longitude: 101.9,
    });
    expect(timelineShowsMap(e.location, e.type)).toBe(true);
    // a queued entry: the lookup's event name, no author
    const q = timelineEntryOf({ values: { ...r, eventId: E.REFUEL }, row: null }, { event: () => 'Isi Minyak' });
    expect(q).toMatchObject({ title: 'Isi Minyak', description: 'makan' });
  });

  it('event buttons follow the shift’s order, from the lookup or the fallback', () => {
    expect(eventButtons(undefined).map((b) => b.id)).toEqual(EVENT_ORDER);
    expect(eventButtons(undefined)[3]).toEqual({ id: 295, name: 'Tamat Rondaan' });
    const lookup = [
      { key: 3011, value: 'Tamat Syif' },
      { key: 9999, value: 'Baru' },
      { key: 3001, value: 'Mula Syif' },
      { key: 295, value: 'Tamat Rondaan' },
    ];
    expect(eventButtons(lookup).map((b) => b.id)).toEqual([3001, 295, 3011, 9999]);
  });

  it('the dates an entry may take: the shift’s days, else today and yesterday', () => {
    expect(entryDates({ startDate: '2026-03-01', endDate: '2026-03-02' }, '2026-03-02', '2026-03-01')).toEqual(['2026-03-01', '2026-03-02']);
    expect(entryDates(null, '2026-03-02', '2026-03-01', '2026-02-20')).toEqual(['2026-02-20', '2026-03-01', '2026-03-02']);
    expect(defaultEntryDate(['2026-03-01', '2026-03-02'], '2026-03-02')).toBe('2026-03-02');
    expect(defaultEntryDate(['2026-03-01'], '2026-03-03')).toBe('2026-03-01');
    expect(defaultEntryDate(['2026-03-05'], '2026-03-03')).toBe('2026-03-05');
  });

  it('minutes read as hours and minutes', () => {
    expect(minutesText(125)).toBe('2j 05m');
    expect(minutesText(45)).toBe('45m');
    expect(minutesText(812_160 + 43)).toBe('13,536j 43m');
    expect(minutesText(null)).toBe('—');
    expect(minutesText(60, { h: 'h', m: 'm' })).toBe('1h 00m');
  });
});
