import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  displayDateToIso,
  formatClock,
  formatDate,
  formatDateTime,
  formatDateTimeShort,
  formatTime,
  isIsoDate,
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

describe('the Intl implementation agrees with dayjs (what the app used before)', () => {
  // dayjs stays a dependency of the server; the client formats with Intl. Same answers for what the API sends.
  const dj = async () => {
    const { default: dayjs } = await import('dayjs');
    const { default: utc } = await import('dayjs/plugin/utc');
    const { default: timezone } = await import('dayjs/plugin/timezone');
    const { default: customParseFormat } = await import('dayjs/plugin/customParseFormat');
    dayjs.extend(utc);
    dayjs.extend(timezone);
    dayjs.extend(customParseFormat);
    return dayjs;
  };

  it('formats instants, local date-times, numbers and dates alike', async () => {
    const dayjs = await dj();
    const show = (input: string | number | Date, fmt: string) => {
      if (typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input)) return dayjs.tz(input, 'YYYY-MM-DD', 'Asia/Brunei').format(fmt);
      const d = dayjs(input).tz('Asia/Brunei');
      return d.isValid() ? d.format(fmt) : '';
    };
    const inputs: (string | number | Date)[] = [
      '2026-03-01T16:30:05Z',
      '2026-03-01T16:30:05.123z',
      '2026-03-01T08:00:00+08:00',
      '2026-03-01T08:00:00-05:00',
      '2026-03-01T08:00:00',
      '2026-03-01 23:15:00',
      '2026-03-01T08:00',
      '2026-03',
      '2026-12-31',
      '2024-02-29',
      '02-03-2026',
      'not a date',
      '2026-03-01T25:99:00Z',
      0,
      Date.parse('2026-07-04T12:00:00Z'),
      new Date('2026-01-01T00:00:00Z'),
    ];
    for (const input of inputs) {
      expect(formatDate(input), String(input)).toBe(show(input, 'DD-MM-YYYY'));
      expect(formatDateTime(input), String(input)).toBe(show(input, 'DD-MM-YYYY HH:mm:ss'));
      expect(formatDateTimeShort(input), String(input)).toBe(show(input, 'DD-MM-YYYY HH:mm'));
      if (typeof input !== 'string' || !/^\d{1,2}:\d{2}/.test(input)) expect(formatTime(input), String(input)).toBe(show(input, 'HH:mm:ss'));
    }
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 7 * 3600_000 + 1234) {
      expect(todayIso(t)).toBe(dayjs(t).tz('Asia/Brunei').format('YYYY-MM-DD'));
    }
  });

  it('reads dd-mm-yyyy strictly', async () => {
    const dayjs = await dj();
    for (const s of ['01-03-2026', '31-02-2026', '29-02-2024', '29-02-2026', '1-3-2026', '01/03/2026', '', '00-01-2026', '01-13-2026']) {
      const d = dayjs(s, 'DD-MM-YYYY', true);
      expect(displayDateToIso(s), s).toBe(d.isValid() ? d.format('YYYY-MM-DD') : '');
    }
    for (const s of ['2026-03-01', '2026-02-31', '2024-02-29', '2026-13-01', '2026-3-1']) {
      expect(isIsoDate(s), s).toBe(/^\d{4}-\d{2}-\d{2}$/.test(s) && dayjs(s, 'YYYY-MM-DD', true).isValid());
    }
  });
});

describe('the wall clock of Asia/Brunei by arithmetic (UTC+8 since 1945)', () => {
  it('agrees with Intl for instants from 1946 to 2100, seconds included', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Brunei',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const asIntl = (ms: number) => {
      const p = Object.fromEntries(intl.formatToParts(ms).map((x) => [x.type, x.value]));
      return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`;
    };
    const from = Date.UTC(1946, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    // midnight either side in Brunei, a year's end, a leap day, and 2,000 spread instants
    const instants = [
      Date.UTC(2026, 10, 27, 15, 59, 59),
      Date.UTC(2026, 10, 27, 16, 0, 0),
      Date.UTC(2026, 11, 31, 16, 0, 0),
      Date.UTC(2028, 1, 28, 16, 0, 0),
    ];
    for (let i = 0; i < 2000; i++) instants.push(Math.floor(from + ((to - from) * ((i * 7919) % 2000)) / 2000) + i * 997);
    for (const ms of instants) expect(formatDateTime(ms), new Date(ms).toISOString()).toBe(asIntl(ms));
  });
});
