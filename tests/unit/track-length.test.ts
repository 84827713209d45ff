/**
 * The length of a roster's GPS track (issue #31; server/modules/activity-log/summary.ts trackMetresOf), on fixes
 * whose distances are worked out by hand: along one meridian, 0.01° of latitude is 6 371 008.8 m × 0.01 × π / 180 =
 * 1 111.95 m (@turf/distance's earth radius), and along the equator 0.01° of longitude is the same.
 */
import { describe, expect, it } from 'vitest';
import { trackMetresOf, type TrackFix } from '../../server/modules/activity-log/summary';

const MIN = 60_000;
const T0 = Date.parse('2025-03-02T00:00:00Z');
const window = { startsAt: T0, endsAt: T0 + 8 * 60 * MIN };
const fix = (minute: number, latitude: number, longitude = 101.7): TrackFix => ({ at: T0 + minute * MIN, latitude, longitude });
const STEP = 1111.95;

describe('trackMetresOf', () => {
  it('sums the steps between consecutive fixes, in time order, in whole metres', () => {
    expect(trackMetresOf([fix(10, 3.0), fix(15, 3.01), fix(20, 3.02)], window, T0 + 10 * 60 * MIN)).toBe(Math.round(2 * STEP));
    // the order they come in does not matter; a fix back to where it was counts the way back
    expect(trackMetresOf([fix(20, 3.0), fix(10, 3.0), fix(15, 3.01)], window, T0 + 10 * 60 * MIN)).toBe(Math.round(2 * STEP));
    // along the equator, east
    expect(trackMetresOf([fix(10, 0, 101.7), fix(15, 0, 101.71)], window, T0 + 10 * 60 * MIN)).toBe(Math.round(STEP));
  });

  it('skips a stray fix (over 200 km/h from the last good one) and measures on from the last good fix', () => {
    // 3.01 → 4.01 in 5 min is 1 334 km/h: skipped; 3.01 → 3.02 measured over 10 min
    const fixes = [fix(0, 3.0), fix(5, 3.01), fix(10, 4.01), fix(15, 3.02), fix(20, 3.03)];
    expect(trackMetresOf(fixes, window, T0 + 10 * 60 * MIN)).toBe(Math.round(3 * STEP));
    // 1 111.95 m in 20 s is 200.15 km/h: skipped; in 21 s (190.6 km/h): counted
    expect(trackMetresOf([fix(0, 3.0), { at: T0 + 20_000, latitude: 3.01, longitude: 101.7 }], window, T0 + 60 * MIN)).toBe(0);
    expect(trackMetresOf([fix(0, 3.0), { at: T0 + 21_000, latitude: 3.01, longitude: 101.7 }], window, T0 + 60 * MIN)).toBe(Math.round(STEP));
  });

  it('counts only the fixes inside the shift (up to now while on shift); fewer than two: 0', () => {
    const fixes = [fix(-5, 2.99), fix(0, 3.0), fix(5, 3.01), fix(60, 3.02)];
    // before the shift: left out; at 00:30 (on shift) the 01:00 fix has not happened
    expect(trackMetresOf(fixes, window, T0 + 30 * MIN)).toBe(Math.round(STEP));
    expect(trackMetresOf(fixes, window, T0 + 10 * 60 * MIN)).toBe(Math.round(2 * STEP));
    expect(trackMetresOf([fix(0, 3.0)], window, T0 + 10 * 60 * MIN)).toBe(0);
    expect(trackMetresOf([], window, T0 + 10 * 60 * MIN)).toBe(0);
    // two fixes at the same instant add nothing
    expect(trackMetresOf([fix(1, 3.0), fix(1, 3.01)], window, T0 + 10 * 60 * MIN)).toBe(0);
  });
});
