import { describe, expect, it } from 'vitest';
import { localInstantMs, rosterCovers, rosterEndMs, rosterPhaseAt, rostersCovering, shiftDateAt, type RosterSpan } from '@contract/shift-time';

/** 27/11 local (Asia/Brunei): the day roster 07:00–19:00 and the night roster 19:00–07:00 (ends 28/11). */
const day27: RosterSpan = { startDate: '2026-11-27', endDate: '2026-11-27', startHour: '07:00', endHour: '19:00' };
const night27: RosterSpan = { startDate: '2026-11-27', endDate: '2026-11-28', startHour: '19:00', endHour: '07:00' };
const day28: RosterSpan = { startDate: '2026-11-28', endDate: '2026-11-28', startHour: '07:00', endHour: '19:00' };
const night28: RosterSpan = { startDate: '2026-11-28', endDate: '2026-11-29', startHour: '19:00', endHour: '07:00' };
const all = [day27, night27, day28, night28];
/** A local Asia/Brunei time as an instant. */
const local = (date: string, hms: string) => Date.parse(`${date}T${hms}+08:00`);

describe('one rule for "now": which rosters cover an instant, and its shift date', () => {
  it.each([
    ['2026-11-27', '23:59:00', [night27], '2026-11-27'],
    ['2026-11-28', '00:30:00', [night27], '2026-11-27'],
    ['2026-11-28', '06:59:00', [night27], '2026-11-27'],
    ['2026-11-28', '06:59:59', [night27], '2026-11-27'],
    ['2026-11-28', '07:00:00', [day28], '2026-11-28'],
    ['2026-11-28', '18:59:00', [day28], '2026-11-28'],
    ['2026-11-28', '19:00:00', [night28], '2026-11-28'],
  ])('%s %s local', (date, time, covering, shiftDate) => {
    const at = local(date, time);
    expect(rostersCovering(all, at)).toEqual(covering);
    expect(shiftDateAt(at, all)).toBe(shiftDate);
    // without rosters at hand, the shift day starts at 07:00
    expect(shiftDateAt(at)).toBe(shiftDate);
    // the same answer from a Date and from ISO text
    expect(rostersCovering(all, new Date(at))).toEqual(covering);
    expect(rostersCovering(all, new Date(at).toISOString())).toEqual(covering);
  });

  it('the start is in, the end is out', () => {
    expect(rosterCovers(night27, local('2026-11-27', '19:00:00'))).toBe(true);
    expect(rosterCovers(night27, local('2026-11-28', '07:00:00'))).toBe(false);
    expect(rosterCovers(day27, local('2026-11-27', '06:59:59'))).toBe(false);
    expect(rosterPhaseAt(night27, local('2026-11-27', '18:59:00'))).toBe('upcoming');
    expect(rosterPhaseAt(night27, local('2026-11-28', '00:30:00'))).toBe('active');
    expect(rosterPhaseAt(night27, local('2026-11-28', '07:00:00'))).toBe('ended');
  });

  it('a night roster stored with its end date equal to its start date still ends on the next day', () => {
    const sameDate = { ...night27, endDate: '2026-11-27' };
    expect(rosterEndMs(sameDate)).toBe(local('2026-11-28', '07:00:00'));
    expect(rosterCovers(sameDate, local('2026-11-28', '00:30:00'))).toBe(true);
  });

  it('the stored instants win over the dates and hours when given', () => {
    const r = { ...day28, startsAt: '2026-11-27T23:00:00.000Z', endsAt: new Date('2026-11-28T03:00:00.000Z') };
    expect(rosterCovers(r, local('2026-11-28', '10:59:00'))).toBe(true);
    expect(rosterCovers(r, local('2026-11-28', '11:00:00'))).toBe(false);
  });

  it('local instants are Asia/Brunei (UTC+8), seconds optional', () => {
    expect(localInstantMs('2026-11-28', '00:30')).toBe(Date.parse('2026-11-27T16:30:00Z'));
    expect(localInstantMs('2026-11-28', '06:59:30')).toBe(Date.parse('2026-11-27T22:59:30Z'));
    expect(Number.isNaN(localInstantMs('28/11/2026', '07:00'))).toBe(true);
  });
});
