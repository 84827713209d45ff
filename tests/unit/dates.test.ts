/**
 * The date and time types of the contract (issue #20 item 6) and the server's reading of PostgreSQL timestamps.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  calendarDate,
  DATE_MAX_YEAR,
  DATE_MESSAGES,
  DATE_MIN_YEAR,
  FUTURE_ALLOWANCE_MS,
  instant,
  isCalendarDate,
  isOrderedRange,
  isTooFarAhead,
  withRange,
} from '@contract/dates';
import { CHILD_LIMITS } from '@contract/child-rules';
import { POSITION_FUTURE_ALLOWANCE_MS } from '@contract/map-rules';
import { parsePgTimestamp } from '../../server/db/timestamp';

const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('calendarDate', () => {
  it('takes 2000-01-01 to 2100-12-31 and refuses the days around them', () => {
    expect([DATE_MIN_YEAR, DATE_MAX_YEAR]).toEqual([2000, 2100]);
    for (const ok of ['2000-01-01', '2100-12-31', '2026-11-25']) expect(messages(calendarDate, ok), ok).toEqual([]);
    for (const out of ['1999-12-31', '2101-01-01', '0001-01-01', '9999-12-31'])
      expect(messages(calendarDate, out), out).toEqual([DATE_MESSAGES.range]);
  });

  it('knows leap days and month lengths', () => {
    expect(messages(calendarDate, '2028-02-29')).toEqual([]);
    expect(messages(calendarDate, '2000-02-29')).toEqual([]); // divisible by 400
    for (const bad of ['2027-02-29', '2100-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00']) {
      expect(messages(calendarDate, bad), bad).toEqual([DATE_MESSAGES.invalid]);
    }
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
  });

  it('wants YYYY-MM-DD, one message', () => {
    for (const bad of ['25-11-2026', '2026-1-5', '2026-11-25T00:00:00Z', '', ' 2026-11-25'])
      expect(messages(calendarDate, bad), bad).toEqual([DATE_MESSAGES.format]);
    expect(calendarDate.safeParse(20261125).success).toBe(false);
  });
});

describe('instant', () => {
  it('takes an ISO instant with a zone within 2000–2100 (the date as written), at most milliseconds', () => {
    for (const ok of ['2000-01-01T00:00:00Z', '2100-12-31T23:59:59.999Z', '2026-11-25T08:30:00.000+08:00', '2026-11-25T08:30:00.5-03:30']) {
      expect(messages(instant, ok), ok).toEqual([]);
    }
    for (const out of [
      '1999-12-31T23:59:59.999Z',
      '2101-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '2200-01-01T00:00:00+08:00',
    ]) {
      expect(messages(instant, out), out).toEqual([DATE_MESSAGES.range]);
    }
  });

  it('refuses days that do not exist, no zone, no seconds, and more than milliseconds', () => {
    expect(messages(instant, '2028-02-29T12:00:00Z')).toEqual([]);
    expect(messages(instant, '2027-02-29T12:00:00Z')).toEqual([DATE_MESSAGES.invalid]);
    expect(messages(instant, '2026-02-30T00:00:00Z')).toEqual([DATE_MESSAGES.invalid]);
    for (const bad of [
      '2026-11-25T08:30:00',
      '2026-11-25T08:30Z',
      '2026-11-25 08:30:00Z',
      '2026-11-25T24:00:00Z',
      '2026-11-25T08:30:00+0800',
      'semalam',
    ]) {
      expect(messages(instant, bad), bad).toEqual([DATE_MESSAGES.instantFormat]);
    }
    expect(messages(instant, '2026-11-25T08:30:00.123456Z')).toEqual([DATE_MESSAGES.precision]);
  });
});

describe('ranges', () => {
  const Filter = withRange(z.object({ dateFrom: calendarDate.optional(), dateTo: calendarDate.optional() }), 'dateFrom', 'dateTo');
  const Span = withRange(z.object({ from: instant, to: instant.nullable() }), 'from', 'to', "Masa 'To' tidak boleh sebelum masa 'From'.");

  it('an end before its start is refused, naming the end; equal or missing ends pass', () => {
    expect(Filter.safeParse({ dateFrom: '2026-03-02', dateTo: '2026-03-01' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['dateTo'], message: DATE_MESSAGES.toBeforeFrom }),
    ]);
    expect(Filter.safeParse({ dateFrom: '2026-03-02', dateTo: '2026-03-02' }).success).toBe(true);
    expect(Filter.safeParse({ dateTo: '2026-03-01' }).success).toBe(true);
    expect(Span.safeParse({ from: '2026-03-02T08:00:00+08:00', to: '2026-03-02T00:00:00Z' }).success).toBe(true); // the same instant
    expect(Span.safeParse({ from: '2026-03-02T08:00:00+08:00', to: '2026-03-01T23:59:59.999Z' }).error?.issues[0]).toMatchObject({
      path: ['to'],
      message: "Masa 'To' tidak boleh sebelum masa 'From'.",
    });
    expect(Span.safeParse({ from: '2026-03-02T08:00:00Z', to: null }).success).toBe(true);
    expect(isOrderedRange('2026-03-02', '2026-03-01')).toBe(false);
  });

  it('one allowance for times that may not be in the future', () => {
    expect(FUTURE_ALLOWANCE_MS).toBe(5 * 60_000);
    expect(CHILD_LIMITS.clockSkewMs).toBe(FUTURE_ALLOWANCE_MS);
    expect(POSITION_FUTURE_ALLOWANCE_MS).toBe(FUTURE_ALLOWANCE_MS);
    const now = Date.parse('2026-11-25T08:00:00Z');
    expect(isTooFarAhead(now + FUTURE_ALLOWANCE_MS, now)).toBe(false);
    expect(isTooFarAhead(now + FUTURE_ALLOWANCE_MS + 1, now)).toBe(true);
  });
});

describe("the server's reading of PostgreSQL timestamps", () => {
  it('keeps the year as written (V8 reads "0001-01-01 00:00:00+00" as 2001)', () => {
    // the quirk behind the 2001: new Date('0001-01-01 00:00:00+00') (V8's legacy parser) is 2001-01-01T00:00:00.000Z
    expect(parsePgTimestamp('0001-01-01 00:00:00+00').toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(parsePgTimestamp('0049-06-30 12:00:00+00').toISOString()).toBe('0049-06-30T12:00:00.000Z');
    expect(parsePgTimestamp('0099-12-31 23:59:59.999+00').toISOString()).toBe('0099-12-31T23:59:59.999Z');
    expect(parsePgTimestamp('9999-12-31 23:59:59+00').toISOString()).toBe('9999-12-31T23:59:59.000Z');
  });

  it('reads offsets (with minutes and seconds), microseconds to the millisecond, the JSON form, BC and no zone', () => {
    expect(parsePgTimestamp('2026-03-02 08:00:00.123456+08').toISOString()).toBe('2026-03-02T00:00:00.123Z');
    expect(parsePgTimestamp('2026-03-02 08:00:00-03:30').toISOString()).toBe('2026-03-02T11:30:00.000Z');
    expect(parsePgTimestamp('0001-01-01 07:39:40+07:39:40').toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(parsePgTimestamp('2026-03-02T08:00:00.1+08:00').toISOString()).toBe('2026-03-02T00:00:00.100Z');
    expect(parsePgTimestamp('2026-03-02 08:00:00').toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(parsePgTimestamp('0001-01-01 00:00:00+00 BC').getUTCFullYear()).toBe(0);
    expect(Number.isNaN(parsePgTimestamp('infinity').getTime())).toBe(true);
  });
});
