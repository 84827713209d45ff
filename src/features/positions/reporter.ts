/**
 * The patrol tablet's live position (issue #7 item 1; spec §3.12, §7.5 rondaGps), loaded on demand by the shell
 * (src/app/shell/use-position-reporter.ts) for a patrol user:
 * - reports only while a roster of the user is on shift (its start and end in Asia/Brunei, checked every 30 s):
 *   starts at the start, stops at the end and at sign-out;
 * - asks for the location only when the browser already allows it or the patrol pressed 'Benarkan lokasi' (never
 *   in a loop); a refusal is shown, not asked again;
 * - watchPosition; at most one fix per POSITION_INTERVAL_MS (./sampler.ts), each kept in IndexedDB and sent in
 *   batches through the outbox (./position-queue.ts): offline, they wait and go later, in order.
 */
import { liveQuery } from 'dexie';
import type { WebUser } from '@contract/auth';
import { POSITION_INTERVAL_MS } from '@contract/map-rules';
import { getDb, type LebuhrayaDb } from '@/offline/db';
import { StorageFullError } from '@/offline/outbox';
import { onSyncEvent, syncNow } from '@/offline/sync-client';
import { rememberFix } from '@/lib/last-fix';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/positions';
import { createSampler } from './sampler';
import { flushPositions, isPositionsItem, recordFix, resumePositions, unsentFixes } from './position-queue';
import { resetPositionSnapshot, rosterOnShift, setPermissionRequester, setPositionSnapshot, setReporterReads } from './position-state';

/** how often the reporter looks whether a roster of the user started or ended */
export const ROSTER_CHECK_MS = 30_000;

type Roster = WebUser['rosters'][number];

export interface ReporterEnv {
  db: LebuhrayaDb;
  geolocation: Geolocation | undefined;
  permissions: Permissions | undefined;
  intervalMs: number;
  replay: () => void;
  /** Web Locks (one reporting tab per device); undefined: this one reports */
  locks: Pick<LockManager, 'request'> | undefined;
}

export const POSITIONS_LOCK = 'lebuhraya-positions';

export function startPositionReporter(user: WebUser, opts: Partial<ReporterEnv> = {}): () => void {
  const env: ReporterEnv = {
    db: opts.db ?? getDb(),
    geolocation: 'geolocation' in opts ? opts.geolocation : typeof navigator !== 'undefined' ? navigator.geolocation : undefined,
    permissions: 'permissions' in opts ? opts.permissions : typeof navigator !== 'undefined' ? navigator.permissions : undefined,
    intervalMs: opts.intervalMs ?? POSITION_INTERVAL_MS,
    replay: opts.replay ?? (() => void syncNow()),
    locks: 'locks' in opts ? opts.locks : typeof navigator !== 'undefined' ? navigator.locks : undefined,
  };
  const { db, geolocation: geo } = env;
  const userId = user.userId;
  const sampler = createSampler(env.intervalMs);
  let stopped = false;
  let roster: Roster | null = null;
  let permission: PermissionState | 'unknown' = 'unknown';
  /** the patrol pressed 'Benarkan lokasi' (the browser's prompt is then shown by watchPosition) */
  let asked = false;
  let watchId: number | null = null;
  let tickTimer: ReturnType<typeof setInterval> | null = null;
  let recorded = 0;
  let permissionStatus: PermissionStatus | null = null;
  /** this tab holds the device's reporting lock */
  let reporting = false;

  const label = (n: number) => t('positions.outboxLabel', { n }, 'ms');

  let flushing: Promise<void> = Promise.resolve();
  /** Batches the fixes into the outbox (one at a time, in order) and replays when something was queued. */
  const flush = () => {
    flushing = flushing.then(async () => {
      if (stopped) return;
      try {
        const r = await flushPositions(db, userId, label);
        if (r.refused.length) setPositionSnapshot({ refused: r.refused[r.refused.length - 1].message });
        if (r.queued) env.replay();
      } catch (err) {
        console.warn('[positions] cannot queue the positions', err);
      }
    });
    return flushing;
  };

  const record = async () => {
    if (stopped || !roster) return;
    const fix = sampler.take(Date.now());
    if (!fix) return;
    try {
      await recordFix(db, userId, roster.pkDutyRosterId, fix);
      recorded++;
      setPositionSnapshot({ recorded });
      await flush();
    } catch (err) {
      // a full device: the fix is lost, the next one is tried again (the sync runtime reports the quota)
      if (!(err instanceof StorageFullError)) console.warn('[positions] cannot keep a position', err);
    }
  };

  const stopWatch = () => {
    if (watchId !== null && geo) geo.clearWatch(watchId);
    watchId = null;
    if (tickTimer) clearInterval(tickTimer);
    tickTimer = null;
    sampler.reset();
  };

  const startWatch = () => {
    if (watchId !== null || stopped) return;
    if (!geo) {
      setPositionSnapshot({ phase: 'unavailable' });
      return;
    }
    setPositionSnapshot({ phase: 'waiting' });
    watchId = geo.watchPosition(
      (p) => {
        if (stopped) return;
        if (permission !== 'granted') permission = 'granted';
        rememberFix(p);
        const first = sampler.offer(p.coords);
        setPositionSnapshot({ phase: 'active', lastFix: [p.coords.latitude, p.coords.longitude] });
        if (first) void record();
      },
      (e) => {
        if (stopped) return;
        if (e.code === e.PERMISSION_DENIED) {
          permission = 'denied';
          stopWatch();
          setPositionSnapshot({ phase: 'denied' });
        } else if (e.code === e.POSITION_UNAVAILABLE) {
          sampler.lost();
          setPositionSnapshot({ phase: 'unavailable' });
        }
        // TIMEOUT: keep the last fix, the watch goes on
      },
      { enableHighAccuracy: true, maximumAge: Math.round(env.intervalMs / 2) },
    );
    tickTimer = setInterval(() => void record(), env.intervalMs);
  };

  /** Follows the roster and the permission: watching exactly while on shift and allowed. */
  const evaluate = () => {
    if (stopped || !reporting) return;
    roster = rosterOnShift(user.rosters, Date.now());
    if (!roster) {
      stopWatch();
      setPositionSnapshot({ phase: 'off', rosterName: null });
      return;
    }
    setPositionSnapshot({ rosterName: roster.dutyRosterName });
    if (permission === 'denied') {
      stopWatch();
      setPositionSnapshot({ phase: 'denied' });
    } else if (permission === 'granted' || asked) startWatch();
    else setPositionSnapshot({ phase: 'permission' });
  };

  // pressed before the reporter was there (the banner shows from the first screen, position-state.ts): asked now
  asked = setPermissionRequester(() => {
    if (stopped || asked) return;
    asked = true;
    // a second tab (another one reports) shows the banner of the first screen: the browser asks from here, and the
    // reporting tab follows the answer (its permission's change)
    if (!reporting)
      geo?.getCurrentPosition(
        () => {},
        () => {},
      );
    evaluate();
  });

  const onPermissionChange = () => {
    if (!permissionStatus) return;
    permission = permissionStatus.state;
    if (permission === 'denied') stopWatch();
    evaluate();
  };
  let rosterTimer: ReturnType<typeof setInterval> | null = null;
  /** The watch itself: the permission, then the roster every 30 s. */
  const begin = () => {
    if (stopped) return;
    reporting = true;
    setReporterReads();
    if (env.permissions?.query) {
      env.permissions.query({ name: 'geolocation' }).then(
        (status) => {
          if (stopped) return;
          permissionStatus = status;
          permission = status.state;
          status.addEventListener('change', onPermissionChange);
          evaluate();
        },
        () => evaluate(),
      );
    } else evaluate();
    rosterTimer = setInterval(evaluate, ROSTER_CHECK_MS);
  };
  // one tab of the device reports (Web Locks): a second tab waits and takes over when the first one closes
  const lockAbort = new AbortController();
  let releaseLock = () => {};
  if (env.locks) {
    env.locks
      .request(POSITIONS_LOCK, { signal: lockAbort.signal }, () => {
        begin();
        return new Promise<void>((resolve) => (releaseLock = resolve));
      })
      .catch(() => {
        /* aborted at stop before the lock was had */
      });
  } else begin();

  // the server took a batch: say so and send what waited behind it; a refused one is dropped by the next flush
  const offEvents = onSyncEvent((e) => {
    if (e.type === 'acked' && isPositionsItem(e.item) && e.item.userId === userId) {
      setPositionSnapshot({ lastSentAt: Date.now(), refused: null });
      void flush();
    } else if (e.type === 'parked' && isPositionsItem(e.item) && e.item.userId === userId) void flush();
  });
  const onOnline = () =>
    void resumePositions(db, userId)
      .catch((err: unknown) => console.warn('[positions] cannot resume the batches', err))
      .then(() => flush())
      .then(() => env.replay());
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  const pendingSub = liveQuery(() => unsentFixes(db, userId)).subscribe({
    next: (pending) => {
      if (!stopped) setPositionSnapshot({ pending });
    },
    error: (err: unknown) => console.warn('[positions] cannot watch the queue', err),
  });
  // fixes (and a refused batch) left by an earlier page of this user go now
  void flush();

  return () => {
    stopped = true;
    stopWatch();
    if (rosterTimer) clearInterval(rosterTimer);
    lockAbort.abort();
    releaseLock();
    offEvents();
    pendingSub.unsubscribe();
    permissionStatus?.removeEventListener('change', onPermissionChange);
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    resetPositionSnapshot();
  };
}
