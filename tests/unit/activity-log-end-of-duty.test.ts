/**
 * The end-of-duty report's and the one-roster DLU report's pure rules (issue #15): the list's URL and filter, the
 * caller's own shifts, the Semak / Sahkan / revoke buttons, the link to the DLU report, the lifecycle badge's
 * palette, the checklist lines; the DLU report's parameters, time bar, totals and track runs.
 */
import { describe, expect, it } from 'vitest';
import { INACTIVE_GPS_GAP_MS, ROSTER_LIFECYCLE } from '@contract/activity-log-rules';
import type { ActivityLogRow, EndOfDutyReport, MainlineReport } from '@contract/activity-log';
import { rosterStatusAt } from '@/lib/roster-status';
import {
  ackActions,
  activityLogPath,
  activityPlace,
  activityTimelineEntry,
  dateRangeOf,
  dluReportParams,
  dluReportPath,
  filterOf,
  minutesText,
  myShifts,
  parseEndOfDutySearch,
  type UserRoster,
} from '@/features/end-of-duty/end-of-duty-rules';
import { LIFECYCLE_PALETTE } from '@/ui/roster-lifecycle-badge';
import { addDays } from '@/lib/time';
import { barSegments, hourTicks, parseDluParams, percentOf, totalsOf, trackRuns } from '@/features/mainline-report/mainline-rules';

describe('the end-of-duty list: URL and filter', () => {
  it('reads its search, dropping what is malformed', () => {
    expect(
      parseEndOfDutySearch({
        from: '2026-03-01',
        to: '2026-03-07',
        regionId: '22',
        sectionId: 9,
        lifecycle: 'verified',
        page: '2',
        size: '50',
        sort: 'startDate',
        dir: 'desc',
      }),
    ).toEqual({
      page: 2,
      size: 50,
      sort: 'startDate',
      dir: 'desc',
      from: '2026-03-01',
      to: '2026-03-07',
      regionId: 22,
      sectionId: 9,
      lifecycle: 'verified',
    });
    expect(parseEndOfDutySearch({ from: '01-03-2026', to: 'x', regionId: '-1', lifecycle: 'done', size: '7' })).toEqual({});
  });

  it('the last week by default; the region is the caller’s own unless it sees every region', () => {
    expect(addDays('2026-03-01', -6)).toBe('2026-02-23');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(dateRangeOf({}, '2026-03-07')).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(dateRangeOf({ to: '2026-02-10' }, '2026-03-07')).toEqual({ from: '2026-02-04', to: '2026-02-10' });
    expect(filterOf({ regionId: 25, sectionId: 9, lifecycle: 'ended' }, '2026-03-07', 22)).toEqual({
      dateFrom: '2026-03-01',
      dateTo: '2026-03-07',
      regionId: 22,
      sectionId: 9,
      lifecycle: 'ended',
    });
    expect(filterOf({ regionId: 25 }, '2026-03-07', undefined)).toEqual({ dateFrom: '2026-03-01', dateTo: '2026-03-07', regionId: 25 });
    expect(filterOf({}, '2026-03-07', undefined)).toEqual({ dateFrom: '2026-03-01', dateTo: '2026-03-07' });
    // a backwards range asks nothing
    expect(filterOf({ from: '2026-03-08', to: '2026-03-07' }, '2026-03-07', undefined)).toBeNull();
  });
});

describe('the patrol’s own shifts', () => {
  const roster = (id: number, startDate: string, startHour: string, endDate: string, endHour: string): UserRoster => ({
    pkDutyRosterId: id,
    dutyRosterName: `R${id}`,
    sectionId: 9,
    startDate,
    endDate,
    startHour,
    endHour,
    plateNumber: null,
    callSign: null,
  });
  const rosters = [roster(2, '2026-03-01', '19:00', '2026-03-02', '07:00'), roster(1, '2026-03-01', '07:00', '2026-03-01', '19:00')];

  it('the one on shift now, and those to come', () => {
    const at = (iso: string) => (r: UserRoster) => rosterStatusAt({ ...r, status: 'upcoming' }, Date.parse(iso));
    expect(myShifts(rosters, at('2026-03-01T02:00:00Z'))).toMatchObject({ current: { pkDutyRosterId: 1 }, upcoming: [{ pkDutyRosterId: 2 }] });
    expect(myShifts(rosters, at('2026-03-01T14:00:00Z'))).toMatchObject({ current: { pkDutyRosterId: 2 }, upcoming: [] });
    expect(myShifts(rosters, at('2026-02-28T14:00:00Z'))).toMatchObject({ current: null, upcoming: [{ pkDutyRosterId: 1 }, { pkDutyRosterId: 2 }] });
    expect(myShifts(undefined, at('2026-03-01T02:00:00Z'))).toEqual({ current: null, upcoming: [] });
  });
});

describe('the report', () => {
  const ack = {
    isDisemak: false,
    acknowledgedBy: null,
    acknowledgedByName: null,
    acknowledgedAt: null,
    isDisahkan: false,
    approvedBy: null,
    approvedByName: null,
    approvedAt: null,
  };
  const can = { verify: true, approve: true, revoke: false, editActivities: false };

  it('Semak before Sahkan; revoke once there is something to revoke; all as the server allows', () => {
    expect(ackActions({ can, ack })).toEqual({ verify: true, approve: false, revoke: false });
    expect(ackActions({ can, ack: { ...ack, isDisemak: true } })).toEqual({ verify: false, approve: true, revoke: false });
    expect(ackActions({ can, ack: { ...ack, isDisemak: true, isDisahkan: true } })).toEqual({ verify: false, approve: false, revoke: false });
    expect(ackActions({ can: { ...can, revoke: true }, ack: { ...ack, isDisemak: true, isDisahkan: true } }).revoke).toBe(true);
    expect(ackActions({ can: { ...can, revoke: true }, ack }).revoke).toBe(false);
    expect(ackActions({ can: { ...can, verify: false, approve: false }, ack })).toEqual({ verify: false, approve: false, revoke: false });
  });

  it('links to the DLU report of the roster and to its own modes', () => {
    const r = {
      pkDutyRosterId: 300,
      sectionName: 'N9',
      teamName: 'N9 PAGI/A',
      shiftName: 'Syif Pagi',
      startDate: '2026-03-01',
    } as EndOfDutyReport['roster'];
    expect(dluReportPath(r, 'DLU')).toBe('/laporanmasalebuhraya/300/N9/N9%20PAGI%2FA/Syif%20Pagi/2026-03-01/DLU');
    expect(dluReportParams(r, 'LLU')).toEqual({
      rosterId: '300',
      seksyen: 'N9',
      team: 'N9 PAGI/A',
      syif: 'Syif Pagi',
      date: '2026-03-01',
      dlullu: 'LLU',
    });
    expect(activityLogPath(300, 'print')).toBe('/activitylog/300/print');
    // the route reads its own link back
    expect(parseDluParams({ rosterId: '300', seksyen: 'N9', team: 'N9%20PAGI%2FA', syif: 'Syif%20Pagi', date: '2026-03-01', dlullu: 'DLU' })).toEqual(
      {
        rosterId: 300,
        seksyen: 'N9',
        team: 'N9 PAGI/A',
        syif: 'Syif Pagi',
        date: '2026-03-01',
        dlullu: 'DLU',
      },
    );
  });

  it('every lifecycle step has its colour', () => {
    for (const l of ROSTER_LIFECYCLE) expect(LIFECYCLE_PALETTE[l]).toBeTruthy();
    expect(new Set(Object.values(LIFECYCLE_PALETTE)).size).toBe(ROSTER_LIFECYCLE.length);
  });

  it('an activity of the report reads as a §2.18 entry', () => {
    const row = {
      pkActivityLogId: 1,
      eventName: 'Tamat Rondaan',
      occurredAt: '2026-03-01T03:00:00.000Z',
      km: 15,
      directionName: 'Arah Selatan',
      checkpointName: null,
      location: null,
      remark: null,
      ticketNumber: null,
      createdByName: 'Ali',
      latitude: null,
      longitude: null,
    } as ActivityLogRow;
    expect(activityPlace(row)).toBe('KM 15 · Arah Selatan');
    expect(activityTimelineEntry(row, (n) => `Oleh ${n}`)).toMatchObject({
      title: 'Tamat Rondaan',
      description: 'Oleh Ali',
      location: 'KM 15 · Arah Selatan',
    });
    expect(minutesText(0)).toBe('0m');
  });
});

describe('the one-roster DLU report', () => {
  const report: MainlineReport = {
    pkDutyRosterId: 300,
    startsAt: '2026-02-28T23:00:00.000Z',
    endsAt: '2026-03-01T11:00:00.000Z',
    periods: [
      { from: '2026-03-01T01:00:00.000Z', to: '2026-03-01T02:00:00.000Z', minutes: 60, kind: 'LLU' },
      { from: '2026-02-28T22:50:00.000Z', to: '2026-03-01T01:00:00.000Z', minutes: 120, kind: 'DLU' },
      { from: '2026-03-01T02:00:00.000Z', to: '2026-03-01T02:00:00.000Z', minutes: 0, kind: 'NOGPS' },
    ],
    track: [],
    dluMinutes: 120,
    lluMinutes: 60,
    inactiveGpsMinutes: 30,
  };

  it('refuses a bad roster id or class; accepts a dd-mm-yyyy date', () => {
    const p = { rosterId: '300', seksyen: 'N9', team: 'A', syif: 'Pagi', date: '01-03-2026', dlullu: 'llu' };
    expect(parseDluParams(p)).toMatchObject({ date: '2026-03-01', dlullu: 'LLU' });
    expect(parseDluParams({ ...p, dlullu: 'XYZ' })).toBeNull();
    expect(parseDluParams({ ...p, rosterId: '0' })).toBeNull();
    expect(parseDluParams({ ...p, rosterId: 'abc' })).toBeNull();
  });

  it('the time bar: periods clipped to the shift, in order, as shares of its width; empty ones left out', () => {
    const s = barSegments(report);
    expect(s.map((x) => x.kind)).toEqual(['DLU', 'LLU']);
    expect(s[0]).toMatchObject({ left: 0, from: Date.parse(report.startsAt) });
    expect(s[0].width).toBeCloseTo((2 / 12) * 100);
    expect(s[1].left).toBeCloseTo((2 / 12) * 100);
    expect(s[1].width).toBeCloseTo((1 / 12) * 100);
    expect(barSegments({ ...report, endsAt: report.startsAt })).toEqual([]);
  });

  it('hour ticks at full Brunei hours, sparser on long shifts', () => {
    const ticks = hourTicks(report.startsAt, report.endsAt);
    expect(ticks).toHaveLength(13);
    expect(ticks[0]).toEqual({ at: Date.parse(report.startsAt), left: 0 });
    expect(ticks.at(-1)!.left).toBe(100);
    expect(hourTicks('2026-03-01T00:30:00Z', '2026-03-01T16:30:00Z').map((t) => new Date(t.at).getUTCHours())).toEqual([1, 3, 5, 7, 9, 11, 13, 15]);
  });

  it('totals and their share of the shift', () => {
    const t = totalsOf(report);
    expect(t).toEqual({ DLU: 120, LLU: 60, NOGPS: 30, shift: 720 });
    expect(percentOf(t.DLU, t.shift)).toBe(17);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('the track runs: a change of class shares its fix, a GPS silence breaks the line', () => {
    const at = (min: number) => new Date(Date.parse('2026-03-01T00:00:00Z') + min * 60_000).toISOString();
    const fix = (min: number, lng: number, onMainline: boolean) => ({ at: at(min), latitude: 2.7, longitude: lng, onMainline, km: null });
    const gap = INACTIVE_GPS_GAP_MS / 60_000 + 1;
    const runs = trackRuns([
      fix(0, 101.0, true),
      fix(1, 101.1, true),
      fix(2, 101.2, false),
      fix(3, 101.3, false),
      fix(3 + gap, 101.4, false),
      fix(4 + gap, 101.5, true),
    ]);
    expect(runs.map((r) => [r.onMainline, r.points.map((p) => p[0])])).toEqual([
      [true, [101.0, 101.1]],
      [false, [101.1, 101.2, 101.3]],
      [false, [101.4]],
      [true, [101.4, 101.5]],
    ]);
    expect(trackRuns([])).toEqual([]);
  });
});
