/**
 * The last position the tablet's GPS gave this page, whoever asked for it (the position reporter's watch, a patrol
 * step, the field report): a GPS that stops answering for a while (a tunnel, under a bridge) still leaves the app
 * knowing where the tablet was a moment ago. Kept in memory only; its age is the position's own (when the GPS took
 * it), not when it was read.
 */
export interface LastFix {
  latitude: number;
  longitude: number;
  accuracy: number | null;
}

let last: { at: number; fix: LastFix } | null = null;

/** Notes a position the GPS gave (`p` of a geolocation callback). */
export function rememberFix(p: Pick<GeolocationPosition, 'coords' | 'timestamp'>, now = Date.now()) {
  const at = Number.isFinite(p.timestamp) ? Math.min(p.timestamp, now) : now;
  if (last && last.at > at) return;
  last = {
    at,
    fix: {
      latitude: p.coords.latitude,
      longitude: p.coords.longitude,
      accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null,
    },
  };
}

/** The last position, when the GPS took it at most `maxAgeMs` ago; else null. */
export function recentFix(maxAgeMs: number, now = Date.now()): LastFix | null {
  return last && now - last.at <= maxAgeMs ? last.fix : null;
}

/** For tests. */
export function forgetFixForTests() {
  last = null;
}
