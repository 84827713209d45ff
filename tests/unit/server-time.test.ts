import { describe, expect, it } from 'vitest';
import { dayjs, localCompact, localDate, localDisplay, localDmy, localHms, localInstant, localYmd, TZ } from '../../server/lib/time';

// server/lib/time.ts formats instants since 1946 by a fixed UTC+8 shift instead of dayjs' tz plugin: the same text
describe('server local time formatting', () => {
  it('answers as dayjs in Asia/Brunei for instants from 1946 to 2100, and falls back to it before, for strings and invalid dates', () => {
    const lo = Date.UTC(1946, 0, 1);
    const hi = Date.UTC(2101, 0, 1);
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const tz = (at: Date | number | string) => dayjs(at).tz(TZ);
    for (let i = 0; i < 1_000; i++) {
      const ms = lo + Math.floor(rnd() * (hi - lo));
      const d = new Date(ms);
      const off = Math.floor(rnd() * 60) - 30;
      expect(localDate(ms, off)).toBe(tz(ms).add(off, 'day').format('YYYY-MM-DD'));
      expect(localYmd(d)).toBe(tz(d).format('YYYY-MM-DD'));
      expect(localDmy(d)).toBe(tz(d).format('DD-MM-YYYY'));
      expect(localHms(d)).toBe(tz(d).format('HH:mm:ss'));
      expect(localCompact(d)).toBe(tz(d).format('YYYYMMDD'));
      expect(localDisplay(d)).toBe(tz(d).format('DD-MM-YYYY HH:mm:ss'));
    }
    for (let i = 0; i < 1_000; i++) {
      const ymd = tz(lo + Math.floor(rnd() * (hi - lo))).format('YYYY-MM-DD');
      const hhmm = `${String(Math.floor(rnd() * 24)).padStart(2, '0')}:${String(Math.floor(rnd() * 60)).padStart(2, '0')}`;
      expect(localInstant(ymd, hhmm).getTime()).toBe(dayjs.tz(`${ymd} ${hhmm}`, 'YYYY-MM-DD HH:mm', TZ).valueOf());
    }
    for (const [ymd, hhmm] of [
      ['2026-02-31', '10:00'],
      ['2026-11-28', '24:00'],
      ['1940-06-01', '00:00'],
      ['2026-11-28', '7:05'],
      ['2026-11-28', '00:00'],
    ]) {
      expect(String(localInstant(ymd, hhmm).getTime()), `${ymd} ${hhmm}`).toBe(String(dayjs.tz(`${ymd} ${hhmm}`, 'YYYY-MM-DD HH:mm', TZ).valueOf()));
    }
    // local midnight and the last second of a day
    expect(localDisplay(new Date('2026-11-28T16:00:00Z'))).toBe('29-11-2026 00:00:00');
    expect(localDisplay(new Date('2026-11-28T15:59:59Z'))).toBe('28-11-2026 23:59:59');
    const old = new Date(Date.UTC(1940, 5, 1));
    expect(localDisplay(old)).toBe(tz(old).format('DD-MM-YYYY HH:mm:ss'));
    expect(localYmd('2026-11-28T20:00:00Z')).toBe('2026-11-29');
    expect(localYmd(new Date(Number.NaN))).toBe(tz(new Date(Number.NaN)).format('YYYY-MM-DD'));
  });
});
