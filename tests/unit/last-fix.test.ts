import { afterEach, describe, expect, it } from 'vitest';
import { forgetFixForTests, recentFix, rememberFix } from '@/lib/last-fix';

const at = (timestamp: number, latitude = 2.9, accuracy = 12) => ({
  timestamp,
  coords: { latitude, longitude: 101.7, accuracy } as GeolocationCoordinates,
});

afterEach(() => forgetFixForTests());

describe('the last GPS position (src/lib/last-fix.ts)', () => {
  it('is there while young enough, aged by when the GPS took it (not when it was read)', () => {
    expect(recentFix(60_000)).toBeNull();
    rememberFix(at(1_000_000), 1_030_000);
    expect(recentFix(60_000, 1_059_000)).toEqual({ latitude: 2.9, longitude: 101.7, accuracy: 12 });
    expect(recentFix(60_000, 1_061_000)).toBeNull();
  });

  it('an older position read late (a browser cache) does not replace a newer one; a timestamp ahead of the clock counts as now', () => {
    rememberFix(at(2_000_000, 3.1), 2_000_000);
    rememberFix(at(1_990_000, 3.0), 2_001_000);
    expect(recentFix(60_000, 2_001_000)?.latitude).toBe(3.1);
    rememberFix(at(9_999_999, 3.2), 2_002_000);
    expect(recentFix(60_000, 2_060_000)?.latitude).toBe(3.2);
    expect(recentFix(60_000, 2_062_001)).toBeNull();
  });
});
