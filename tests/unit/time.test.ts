import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  displayDateToIso,
  formatClock,
  formatDate,
  formatDateTime,
  formatDateTimeShort,
  formatTime,
  isoDateToDisplay,
  todayIso,
} from '@/lib/time';

// The machine's own zone must not matter: everything is shown in Asia/Brunei (UTC+8).
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

describe('time formats in Asia/Brunei (§9)', () => {
  const instant = '2026-03-01T16:30:05Z'; // 00:30:05 on 2 March in Brunei

  it('dd-mm-yyyy', () => {
    expect(formatDate(instant)).toBe('02-03-2026');
    expect(formatDate(new Date(instant))).toBe('02-03-2026');
    expect(formatDate(Date.parse(instant))).toBe('02-03-2026');
  });

  it('hh:mm:ss, 24-hour', () => {
    expect(formatTime(instant)).toBe('00:30:05');
    expect(formatTime('2026-03-01T05:07:09Z')).toBe('13:07:09');
  });

  it("'DD-MM-YYYY HH:mm:ss' and the short list form", () => {
    expect(formatDateTime(instant)).toBe('02-03-2026 00:30:05');
    expect(formatDateTimeShort(instant)).toBe('02-03-2026 00:30');
    expect(formatDateTime('2026-12-31T15:59:59.999Z')).toBe('31-12-2026 23:59:59');
    expect(formatDateTime('2026-12-31T16:00:00Z')).toBe('01-01-2027 00:00:00');
  });

  it('an offset instant is converted, not re-labelled', () => {
    expect(formatDateTime('2026-03-01T08:00:00+08:00')).toBe('01-03-2026 08:00:00');
    expect(formatDateTime('2026-03-01T08:00:00-05:00')).toBe('01-03-2026 21:00:00');
  });

  it('a bare calendar date is a day, never shifted by a zone', () => {
    expect(formatDate('2026-03-01')).toBe('01-03-2026');
    expect(isoDateToDisplay('2026-03-01')).toBe('01-03-2026');
    expect(displayDateToIso('01-03-2026')).toBe('2026-03-01');
    expect(displayDateToIso('31-02-2026')).toBe('');
  });

  it('a bare time of day is only padded', () => {
    expect(formatTime('7:05')).toBe('07:05:00');
    expect(formatClock('07:05:30')).toBe('07:05');
    expect(formatClock('19:00', true)).toBe('19:00:00');
  });

  it("today's date is Brunei's date (16:00 UTC is already tomorrow)", () => {
    expect(todayIso(Date.parse('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(todayIso(Date.parse('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });

  it('empty and invalid inputs give an empty string', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
