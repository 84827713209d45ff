/**
 * The device position for a patrol step (issue #3 item 4): asked for with a short timeout and never waited on
 * longer than that. The last fix the app heard of (src/lib/last-fix.ts: this, the position reporter, the field report)
 * stands in, so a tablet whose GPS answers slowly still sends where it was a moment ago rather than nothing.
 */
import { recentFix, rememberFix } from '@/lib/last-fix';

export interface DevicePosition {
  latitude: number;
  longtitude: number;
}

/** How long a step waits for a fresh fix before it goes without. */
export const POSITION_WAIT_MS = 3_000;
/** A fix this old is still good enough for an audit entry. */
const MAX_AGE_MS = 60_000;

const geolocation = () => (typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null);

function recent(): DevicePosition | null {
  const f = recentFix(MAX_AGE_MS);
  return f ? { latitude: f.latitude, longtitude: f.longitude } : null;
}

/** Resolves with a position or null (no permission, no fix, too slow): never rejects, never waits over `waitMs`. */
export function currentPosition(waitMs = POSITION_WAIT_MS): Promise<DevicePosition | null> {
  const geo = geolocation();
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    let done = false;
    const finish = (pos: DevicePosition | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(pos);
    };
    const timer = setTimeout(() => finish(recent()), waitMs);
    try {
      geo.getCurrentPosition(
        (p) => {
          rememberFix(p);
          finish({ latitude: p.coords.latitude, longtitude: p.coords.longitude });
        },
        () => finish(recent()),
        { enableHighAccuracy: true, timeout: waitMs, maximumAge: MAX_AGE_MS },
      );
    } catch {
      finish(recent());
    }
  });
}

/** Asks once ahead of time (the permission prompt shows when the panel opens, not in the middle of a step). */
export function warmUpPosition() {
  void currentPosition(10_000);
}
