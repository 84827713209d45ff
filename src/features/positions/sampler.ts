/**
 * Sampling of the tablet's position (issue #7): watchPosition gives fixes at its own pace (every second in a moving
 * car, nothing while parked); the reporter keeps at most one per interval. The first fix after the watch starts is
 * taken at once (the TMC sees the patrol without waiting an interval); afterwards the reporter's timer takes the
 * latest fix every interval, so a parked vehicle still reports where it stands and its position never goes stale.
 */
import type { PositionFix } from '@contract/maps';

export interface Coords {
  latitude: number;
  longitude: number;
  accuracy?: number | null;
  heading?: number | null;
  speed?: number | null;
}

/** A timer may fire a little early or late: an interval counts as passed this much before its end. */
export const SAMPLING_SLACK_MS = 1_000;

const finite = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function toFix(c: Coords, at: number): PositionFix {
  const heading = finite(c.heading);
  const speed = finite(c.speed);
  const accuracy = finite(c.accuracy);
  return {
    latitude: c.latitude,
    longitude: c.longitude,
    recordedAt: new Date(at).toISOString(),
    accuracy: accuracy === null ? null : Math.min(accuracy, 100_000),
    // the spec of GeolocationCoordinates: heading NaN or null when standing still
    heading: heading === null || heading < 0 || heading > 360 ? null : heading,
    speed: speed === null || speed < 0 ? null : Math.min(speed, 150),
  };
}

export interface Sampler {
  /** a fix from watchPosition; true when it should be taken at once (the first one) */
  offer(c: Coords): boolean;
  /** the signal is gone (POSITION_UNAVAILABLE): nothing is taken until the next fix */
  lost(): void;
  /** the fix to record now, or null (none known, or one was taken less than an interval ago) */
  take(now: number): PositionFix | null;
  /** the watch stopped: the next fix is a first one again */
  reset(): void;
}

export function createSampler(intervalMs: number): Sampler {
  let latest: Coords | null = null;
  let lastTakenAt: number | null = null;
  return {
    offer(c) {
      latest = c;
      return lastTakenAt === null;
    },
    lost() {
      latest = null;
    },
    take(now) {
      if (!latest) return null;
      if (lastTakenAt !== null && now - lastTakenAt < intervalMs - SAMPLING_SLACK_MS && now >= lastTakenAt) return null;
      lastTakenAt = now;
      return toFix(latest, now);
    },
    reset() {
      latest = null;
      lastTakenAt = null;
    },
  };
}
