/**
 * The patrol tablet's live position (issue #7, src/features/positions/): sampling, batching through the outbox
 * (fake-indexeddb, replayed by the real sync engine against a fake API), the reporter's roster and permission rules,
 * and the chip's texts.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebUser } from '@contract/auth';
import type { RondaGpsSave } from '@contract/maps';
import { POSITION_BATCH_MAX, POSITION_INTERVAL_MS } from '@contract/map-rules';
import { PATHS } from '@contract/paths';
import { createDb, type LebuhrayaDb } from '@/offline/db';
import { listItems } from '@/offline/outbox';
import { drain, type SyncEnv } from '@/offline/sync-engine';
import { createSampler, SAMPLING_SLACK_MS, toFix } from '@/features/positions/sampler';
import { flushPositions, POSITIONS_KIND, recordFix, resumePositions, unsentFixes } from '@/features/positions/position-queue';
import { startPositionReporter } from '@/features/positions/reporter';
import {
  getPositionSnapshot,
  previewPositionPhase,
  requestGpsPermission,
  resetPositionSnapshot,
  rosterOnShift,
} from '@/features/positions/position-state';
import { chipText } from '@/features/positions/position-status';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/positions';

let db: LebuhrayaDb;
let n = 0;
beforeEach(async () => {
  db = createDb(`positions-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  vi.useRealTimers();
  db.close();
  await db.delete();
});

const label = (k: number) => `Kedudukan GPS (${k})`;
const fixAt = (i: number) => toFix({ latitude: 2.9 + i / 1000, longitude: 101.7 }, Date.parse('2026-11-23T08:00:00Z') + i * POSITION_INTERVAL_MS);

/** A fake rondaGps/save: 'offline' throws like a dropped line; otherwise it keeps what it was sent. */
function fakeServer() {
  const state = { offline: false, refuse: 0, received: [] as { key: string; body: RondaGpsSave }[] };
  const fetchImpl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (state.offline) throw new TypeError('Failed to fetch');
    const headers = init?.headers as Record<string, string>;
    const body = JSON.parse(String(init?.body)) as RondaGpsSave;
    if (state.refuse > 0) {
      state.refuse--;
      return new Response(JSON.stringify({ statusCode: 403, statusMsg: 'Jadual tugas tidak aktif', body: { errorCode: 'ROSTER_NOT_ACTIVE' } }), {
        status: 403,
      });
    }
    // the outbox's key makes a repeat harmless: the server keeps the first
    if (!state.received.some((r) => r.key === headers['Idempotency-Key'])) state.received.push({ key: headers['Idempotency-Key'], body });
    return new Response(
      JSON.stringify({ statusCode: 200, statusMsg: 'OK', body: { pkDutyRosterId: body.pkDutyRosterId, accepted: body.positions.length } }),
      { status: 200 },
    );
  }) as typeof fetch;
  const env: SyncEnv = {
    db,
    fetch: fetchImpl,
    origin: 'http://api.test',
    session: async () => ({ token: 'tok-123456', userId: 'pr', expiresAt: '2099-01-01T00:00:00Z' }),
  };
  return { state, env };
}

describe('sampling (at most one fix per interval)', () => {
  it('takes the first fix at once, then one per interval (a timer a little early still counts)', () => {
    const s = createSampler(12_000);
    expect(s.take(0)).toBeNull();
    expect(s.offer({ latitude: 3, longitude: 101 })).toBe(true);
    expect(s.take(1_000)?.recordedAt).toBe(new Date(1_000).toISOString());
    expect(s.offer({ latitude: 3.1, longitude: 101 })).toBe(false);
    expect(s.take(5_000)).toBeNull();
    expect(s.take(1_000 + 12_000 - SAMPLING_SLACK_MS)?.latitude).toBe(3.1);
    s.lost();
    expect(s.take(60_000)).toBeNull();
    s.offer({ latitude: 3.2, longitude: 101 });
    expect(s.take(60_000)?.latitude).toBe(3.2);
  });

  it('keeps the fix within the contract: no NaN heading, speed and accuracy bounded', () => {
    const f = toFix({ latitude: 3, longitude: 101, heading: NaN, speed: 400, accuracy: 2e6 }, 0);
    expect(f).toMatchObject({ heading: null, speed: 150, accuracy: 100_000 });
    expect(toFix({ latitude: 3, longitude: 101, heading: 90, speed: 12.5, accuracy: 8 }, 0)).toMatchObject({ heading: 90, speed: 12.5, accuracy: 8 });
  });
});

describe('the position queue (batches through the outbox)', () => {
  it('online: every fix leaves at once as a batch of one, in order, each once', async () => {
    const { state, env } = fakeServer();
    for (let i = 0; i < 3; i++) {
      await recordFix(db, 'pr', 7, fixAt(i));
      expect((await flushPositions(db, 'pr', label)).queued).toBe(1);
      await drain(env);
    }
    expect(state.received.map((r) => r.body.positions.map((p) => p.recordedAt))).toEqual([0, 1, 2].map((i) => [fixAt(i).recordedAt]));
    expect(await unsentFixes(db, 'pr')).toBe(0);
    expect(await listItems(db, 'pr')).toEqual([]);
  });

  it('offline: one waiting line, the rest kept; back online they arrive in the order taken, none twice', async () => {
    const { state, env } = fakeServer();
    state.offline = true;
    for (let i = 0; i < 25; i++) {
      await recordFix(db, 'pr', 7, fixAt(i));
      await flushPositions(db, 'pr', label);
      await drain(env);
    }
    const items = await listItems(db, 'pr');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: POSITIONS_KIND, path: PATHS.rondaGpsSave, group: 'positions:7', label: 'Kedudukan GPS (1)' });
    expect(await unsentFixes(db, 'pr')).toBe(25);

    state.offline = false;
    // the engine's backoff would hold the batch for minutes: the reporter's 'online' handler releases it
    expect((await drain(env)).sent).toBe(0);
    expect(await resumePositions(db, 'pr')).toBe(1);
    await drain(env);
    await flushPositions(db, 'pr', label); // what the reporter does on the acknowledgement
    await drain(env);
    const sent = state.received.flatMap((r) => r.body.positions.map((p) => p.recordedAt));
    expect(sent).toHaveLength(25);
    expect(sent).toEqual([...sent].sort());
    expect(new Set(sent).size).toBe(25);
    expect(state.received).toHaveLength(2);
    expect(await unsentFixes(db, 'pr')).toBe(0);
  });

  it('hours offline: full batches of POSITION_BATCH_MAX queue behind the waiting one; a roster change ends a batch', async () => {
    await recordFix(db, 'pr', 7, fixAt(0));
    await flushPositions(db, 'pr', label);
    const rows = Array.from({ length: POSITION_BATCH_MAX + 10 }, (_, i) => ({ userId: 'pr', pkDutyRosterId: i < 5 ? 7 : 8, fix: fixAt(i + 1) }));
    await db.positions.bulkAdd(rows);
    const r = await flushPositions(db, 'pr', label, POSITION_BATCH_MAX);
    expect(r.queued).toBe(2);
    const items = await listItems(db, 'pr');
    expect(items.map((i) => [(i.body as RondaGpsSave).pkDutyRosterId, (i.body as RondaGpsSave).positions.length])).toEqual([
      [7, 1],
      [7, 5],
      [8, POSITION_BATCH_MAX],
    ]);
    expect(await db.positions.count()).toBe(5);
    expect(await unsentFixes(db, 'pr')).toBe(POSITION_BATCH_MAX + 11);
  });

  it('a refused batch (403: roster off shift) is dropped with its message and does not block the next fixes', async () => {
    const { state, env } = fakeServer();
    state.refuse = 1;
    await recordFix(db, 'pr', 7, fixAt(0));
    await flushPositions(db, 'pr', label);
    const first = await drain(env);
    expect(first.parked).toBe(1);
    await recordFix(db, 'pr', 7, fixAt(1));
    const r = await flushPositions(db, 'pr', label);
    expect(r.refused.map((p) => p.message)).toEqual(['Jadual tugas tidak aktif']);
    expect(r.queued).toBe(1);
    await drain(env);
    expect(state.received.map((x) => x.body.positions[0].recordedAt)).toEqual([fixAt(1).recordedAt]);
    expect(await listItems(db, 'pr')).toEqual([]);
  });

  it("keeps each user's fixes apart", async () => {
    await recordFix(db, 'pr', 7, fixAt(0));
    await recordFix(db, 'pr.malam', 9, fixAt(1));
    await flushPositions(db, 'pr', label);
    expect((await listItems(db, 'pr.malam')).length).toBe(0);
    expect(await unsentFixes(db, 'pr.malam')).toBe(1);
  });
});

// ---------------------------------------------------------------- the reporter

const user = (rosters: WebUser['rosters']): WebUser =>
  ({
    userId: 'pr',
    pkStaffId: 5,
    resetPasswordCount: 1,
    roles: [{ pkRoleId: 106, roleName: 'PR' }],
    section: { pkSectionId: 1, sectionName: 'N9', region: { key: 2, value: 'Tengah' } },
    profile: { displayName: 'Peronda', position: 'Ketua', staffNo: 'P1' },
    rosters,
  }) as unknown as WebUser;

/** A roster of the given wall-clock day and hours in Asia/Brunei. */
const roster = (id: number, date: string, start: string, end: string, endDate = date): WebUser['rosters'][number] => ({
  pkDutyRosterId: id,
  dutyRosterName: `N9-${id}`,
  sectionId: 1,
  startDate: date,
  endDate,
  startHour: start,
  endHour: end,
  plateNumber: 'WXX 1234',
  callSign: 'PR1',
});

describe('which roster reports', () => {
  it('only a roster on shift now (Asia/Brunei wall clock), night shifts across midnight too', () => {
    const day = roster(1, '2026-11-23', '07:00:00', '19:00:00');
    const night = roster(2, '2026-11-23', '19:00:00', '07:00:00', '2026-11-24');
    expect(rosterOnShift([day, night], Date.parse('2026-11-23T02:00:00Z'))?.pkDutyRosterId).toBe(1); // 10:00 MYT
    expect(rosterOnShift([day, night], Date.parse('2026-11-23T15:00:00Z'))?.pkDutyRosterId).toBe(2); // 23:00 MYT
    expect(rosterOnShift([day], Date.parse('2026-11-23T11:00:00Z'))).toBeNull(); // 19:00 MYT: ended
    expect(rosterOnShift([day], Date.parse('2026-11-22T22:59:00Z'))).toBeNull(); // 06:59 MYT: not yet
  });
});

function fakeGeo() {
  const watches = new Map<number, { ok: PositionCallback; err?: PositionErrorCallback | null }>();
  let next = 1;
  const geo = {
    watchPosition: vi.fn((ok: PositionCallback, err?: PositionErrorCallback | null) => {
      watches.set(next, { ok, err });
      return next++;
    }),
    clearWatch: vi.fn((id: number) => void watches.delete(id)),
    getCurrentPosition: vi.fn(),
  };
  const emit = (lat: number, lng: number) =>
    watches.forEach((w) => {
      w.ok({
        coords: { latitude: lat, longitude: lng, accuracy: 5, heading: null, speed: null },
        timestamp: Date.now(),
      } as unknown as GeolocationPosition);
    });
  const fail = (code: number) =>
    watches.forEach((w) => {
      w.err?.({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError);
    });
  return { geo: geo as unknown as Geolocation & typeof geo, emit, fail, watches };
}

const permissions = (state: PermissionState) =>
  ({ query: async () => ({ state, addEventListener() {}, removeEventListener() {} }) }) as unknown as Permissions;

const flushAsync = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

describe('the reporter', () => {
  const onShift = () => roster(7, '2026-11-23', '07:00:00', '19:00:00');

  it('granted and on shift: watches, takes the first fix at once and one per interval, queues them; stops at sign-out', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse('2026-11-23T02:00:00Z') });
    const g = fakeGeo();
    const replay = vi.fn();
    const stop = startPositionReporter(user([onShift()]), { db, geolocation: g.geo, permissions: permissions('granted'), replay });
    await flushAsync();
    expect(g.geo.watchPosition).toHaveBeenCalledTimes(1);
    expect(getPositionSnapshot()).toMatchObject({ phase: 'waiting', rosterName: 'N9-7' });
    g.emit(2.9, 101.7);
    await flushAsync();
    expect(getPositionSnapshot()).toMatchObject({ phase: 'active', recorded: 1, lastFix: [2.9, 101.7] });
    g.emit(2.91, 101.7);
    g.emit(2.92, 101.7);
    await flushAsync();
    expect(getPositionSnapshot().recorded).toBe(1);
    vi.advanceTimersByTime(POSITION_INTERVAL_MS);
    await flushAsync();
    vi.advanceTimersByTime(POSITION_INTERVAL_MS);
    await flushAsync();
    expect(getPositionSnapshot().recorded).toBe(3);
    // first batch queued; the later fixes wait behind it (nothing acknowledged in this test)
    const items = await listItems(db, 'pr');
    expect(items).toHaveLength(1);
    expect((items[0].body as RondaGpsSave).positions.map((p) => p.latitude)).toEqual([2.9]);
    expect((await db.positions.toArray()).map((r) => r.fix.latitude)).toEqual([2.92, 2.92]);
    expect(replay).toHaveBeenCalled();
    stop();
    expect(g.watches.size).toBe(0);
    expect(getPositionSnapshot().phase).toBe('off');
  });

  it('not asked yet: no prompt until the patrol presses the button, once; a refusal stops it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse('2026-11-23T02:00:00Z') });
    const g = fakeGeo();
    const stop = startPositionReporter(user([onShift()]), { db, geolocation: g.geo, permissions: permissions('prompt'), replay: () => {} });
    await flushAsync();
    expect(getPositionSnapshot().phase).toBe('permission');
    vi.advanceTimersByTime(10 * 60_000);
    expect(g.geo.watchPosition).not.toHaveBeenCalled();
    requestGpsPermission();
    requestGpsPermission();
    expect(g.geo.watchPosition).toHaveBeenCalledTimes(1);
    g.fail(1);
    expect(getPositionSnapshot().phase).toBe('denied');
    expect(g.watches.size).toBe(0);
    vi.advanceTimersByTime(10 * 60_000);
    expect(g.geo.watchPosition).toHaveBeenCalledTimes(1);
    stop();
  });

  it('before the reporter is there: the banner shows on shift when not asked yet; a press then is the ask', async () => {
    const at = Date.parse('2026-11-23T02:00:00Z'); // 10:00 MYT
    resetPositionSnapshot();
    // off shift, or asked already (granted, or nothing to ask with): nothing shown before the reporter
    await previewPositionPhase([onShift()], Date.parse('2026-11-23T11:30:00Z'), permissions('prompt'));
    expect(getPositionSnapshot().phase).toBe('off');
    await previewPositionPhase([onShift()], at, permissions('granted'));
    expect(getPositionSnapshot().phase).toBe('off');
    resetPositionSnapshot();
    await previewPositionPhase([onShift()], at, undefined);
    expect(getPositionSnapshot().phase).toBe('off');
    await previewPositionPhase([onShift()], at, permissions('denied'));
    expect(getPositionSnapshot()).toMatchObject({ phase: 'denied', rosterName: 'N9-7' });
    resetPositionSnapshot();
    await previewPositionPhase([onShift()], at, permissions('prompt'));
    expect(getPositionSnapshot()).toMatchObject({ phase: 'permission', rosterName: 'N9-7' });

    // the patrol presses 'Benarkan lokasi' before the reporter's code came: it asks once it starts, once
    requestGpsPermission();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: at });
    const g = fakeGeo();
    const stop = startPositionReporter(user([onShift()]), { db, geolocation: g.geo, permissions: permissions('prompt'), replay: () => {} });
    await flushAsync();
    expect(g.geo.watchPosition).toHaveBeenCalledTimes(1);
    expect(getPositionSnapshot().phase).toBe('waiting');
    requestGpsPermission();
    expect(g.geo.watchPosition).toHaveBeenCalledTimes(1);
    // once the reporter runs, the preview no longer writes over its reading
    await previewPositionPhase([onShift()], at, permissions('prompt'));
    expect(getPositionSnapshot().phase).toBe('waiting');
    stop();
    expect(getPositionSnapshot().phase).toBe('off');
  });

  it('a second tab (another reports): the banner asks the browser from there and goes once it is answered', async () => {
    const at = Date.parse('2026-11-23T02:00:00Z'); // 10:00 MYT
    resetPositionSnapshot();
    // the browser's permission, answered later by its prompt
    const listeners = new Set<() => void>();
    const status = {
      state: 'prompt' as PermissionState,
      addEventListener: (_: string, l: () => void) => void listeners.add(l),
      removeEventListener: (_: string, l: () => void) => void listeners.delete(l),
    };
    const live = { query: async () => status } as unknown as Permissions;
    await previewPositionPhase([onShift()], at, live);
    expect(getPositionSnapshot()).toMatchObject({ phase: 'permission', rosterName: 'N9-7' });
    // the lock is held by the first tab for as long as this test runs
    const locks = { request: () => new Promise<void>(() => {}) } as unknown as LockManager;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: at });
    const g = fakeGeo();
    const stop = startPositionReporter(user([onShift()]), { db, geolocation: g.geo, permissions: live, replay: () => {}, locks });
    await flushAsync();
    expect(getPositionSnapshot().phase).toBe('permission');
    requestGpsPermission();
    requestGpsPermission();
    expect(g.geo.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(g.geo.watchPosition).not.toHaveBeenCalled();
    status.state = 'granted';
    listeners.forEach((l) => {
      l();
    });
    expect(getPositionSnapshot().phase).toBe('off');
    stop();
    expect(listeners.size).toBe(0);
  });

  it('off shift: nothing is watched; the watch starts when the shift starts and stops when it ends', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse('2026-11-22T22:59:00Z') }); // 06:59 MYT
    const g = fakeGeo();
    const stop = startPositionReporter(user([onShift()]), { db, geolocation: g.geo, permissions: permissions('granted'), replay: () => {} });
    await flushAsync();
    expect(getPositionSnapshot().phase).toBe('off');
    expect(g.geo.watchPosition).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2 * 60_000);
    expect(g.geo.watchPosition).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.parse('2026-11-23T11:00:30Z')); // 19:00:30 MYT
    vi.advanceTimersByTime(30_000);
    expect(g.watches.size).toBe(0);
    expect(getPositionSnapshot().phase).toBe('off');
    stop();
  });
});

describe('one reporting tab per device', () => {
  it('a second tab waits for the lock and takes over when the first one stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse('2026-11-23T02:00:00Z') });
    // a minimal exclusive Web Lock
    const queue: (() => void)[] = [];
    let held = false;
    const locks = {
      request: (_name: string, opts: { signal?: AbortSignal }, cb: () => Promise<void>) =>
        new Promise<void>((resolve, reject) => {
          const run = () => {
            held = true;
            void cb().then(() => {
              held = false;
              queue.shift()?.();
              resolve();
            });
          };
          if (!held) run();
          else {
            queue.push(run);
            opts.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }
        }),
    } as unknown as LockManager;
    const a = fakeGeo();
    const b = fakeGeo();
    const env = { db, permissions: permissions('granted'), replay: () => {}, locks };
    const stopA = startPositionReporter(user([roster(7, '2026-11-23', '07:00:00', '19:00:00')]), { ...env, geolocation: a.geo });
    const stopB = startPositionReporter(user([roster(7, '2026-11-23', '07:00:00', '19:00:00')]), { ...env, geolocation: b.geo });
    await flushAsync();
    expect(a.geo.watchPosition).toHaveBeenCalledTimes(1);
    expect(b.geo.watchPosition).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(b.geo.watchPosition).not.toHaveBeenCalled();
    stopA();
    await flushAsync();
    expect(a.watches.size).toBe(0);
    expect(b.geo.watchPosition).toHaveBeenCalledTimes(1);
    stopB();
  });
});

describe('the GPS chip', () => {
  const tt = (k: Parameters<typeof t>[0], p?: Record<string, string | number>) => t(k, p, 'ms');
  const base = { phase: 'active' as const, pending: 0, lastSentAt: 1_000, refused: null };
  it('says when the last position went, what waits offline and what stops it', () => {
    expect(chipText({ ...base, phase: 'off' }, true, 0, tt)).toBeNull();
    expect(chipText(base, true, 13_000, tt)?.text).toBe('GPS: dihantar 12 s lalu');
    expect(chipText(base, true, 301_000, tt)?.text).toBe('GPS: dihantar 5 min lalu');
    expect(chipText({ ...base, pending: 25 }, false, 13_000, tt)?.text).toBe('GPS: 25 kedudukan menunggu talian');
    expect(chipText({ ...base, phase: 'denied' }, true, 0, tt)).toEqual({ text: 'GPS: kebenaran lokasi ditolak', tone: 'problem' });
    expect(chipText({ ...base, refused: 'Jadual tugas tidak aktif' }, true, 2_000, tt)?.text).toBe('GPS: ditolak pelayan');
  });
});
