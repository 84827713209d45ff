import { describe, expect, it } from 'vitest';
import type { MainlineDayChart, MainlineGroupItem, VehicleUsageItem, WorkItem } from '@contract/reports';
import { parsePagedReportSearch, parseWorkSearch, withScope, workGroupOf } from '@/features/roster-reports/roster-reports-search';
import {
  countText,
  dluDayLines,
  dluGroupBars,
  dluRouteParams,
  hm,
  hoursHm,
  hoursToMinutes,
  loopingState,
  pagedOf,
  percentText,
  shareOf,
  shiftShare,
  vehicleHourBars,
  vehicleKmBars,
  vehicleLabel,
  vehicleRowTarget,
  workBars,
} from '@/features/roster-reports/roster-reports-format';
import { reportFilterOf } from '@/ui/report/report-search';

/** The roster reports of issue #17 (/laporanmasalebuhraya, /laporanmasabertugas, /laporanpenggunaankenderaan, /laporanrondaan): searches and formatting. */

const units = { h: 'j', m: 'm' };
const figures = { rosters: 0, avgDluMinutes: null, avgLluMinutes: null, avgNoGpsMinutes: null, dluShare: null, completeness: { have: 0, of: 0 } };

describe('roster report searches', () => {
  it('keeps the scope and the paging of a paged report, drops the rest', () => {
    expect(
      parsePagedReportSearch({
        from: '2026-11-01',
        to: '2026-11-25',
        region: '22',
        section: 7,
        page: '2',
        size: '25',
        sort: 'dluMinutes',
        dir: 'desc',
        x: 1,
      }),
    ).toEqual({
      from: '2026-11-01',
      to: '2026-11-25',
      region: 22,
      section: 7,
      page: 2,
      size: 25,
      sort: 'dluMinutes',
      dir: 'desc',
    });
    expect(
      parsePagedReportSearch({ from: '2026-02-30', to: 'kelmarin', region: '-1', section: 0, page: '-3', size: '7', sort: 'x; drop', dir: 'up' }),
    ).toEqual({});
  });

  it('keeps the work grouping: team, else person by default (left out of the URL)', () => {
    expect(parseWorkSearch({ group: 'team', from: '2026-11-01' })).toEqual({ group: 'team', from: '2026-11-01' });
    expect(parseWorkSearch({ group: 'person' })).toEqual({});
    expect(parseWorkSearch({ group: 'everyone' })).toEqual({});
    expect(workGroupOf({})).toBe('person');
    expect(workGroupOf({ group: 'team' })).toBe('team');
  });

  it('a new scope goes back to the first page and keeps the size, sort and grouping', () => {
    const s = { from: '2026-11-01', to: '2026-11-10', region: 22, section: 7, page: 3, size: 25, sort: 'date', dir: 'asc' as const };
    expect(withScope(s, { from: '2026-10-01', to: '2026-11-10', region: 22 })).toEqual({
      from: '2026-10-01',
      to: '2026-11-10',
      region: 22,
      size: 25,
      sort: 'date',
      dir: 'asc',
    });
    expect(withScope({ group: 'team' as const, section: 4 }, {})).toEqual({ group: 'team' });
  });

  it('sends the region of a region-limited user whatever the URL says, and no filter for a bad range', () => {
    expect(reportFilterOf({ from: '2026-11-01', to: '2026-11-25', region: 5, section: 9 }, 22)).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-25',
      regionId: 22,
      sectionId: 9,
    });
    expect(reportFilterOf({ from: '2026-11-01', to: '2026-11-25', region: 5 }, undefined)).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-25',
      regionId: 5,
    });
    expect(reportFilterOf({ from: '2026-11-25', to: '2026-11-01' }, undefined)).toBeNull();
    expect(reportFilterOf({ from: '2020-01-01', to: '2026-11-01' }, undefined)).toBeNull();
  });

  it('opens a report table at REPORT_PAGE_SIZE rows unless the URL says otherwise', () => {
    expect(pagedOf({} as { size?: number }).size).toBe(10);
    expect(pagedOf({ size: 50 }).size).toBe(50);
  });
});

describe('roster report formatting', () => {
  it('shows minutes and hours as hours and minutes', () => {
    expect(hm(0, units)).toBe('0m');
    expect(hm(45, units)).toBe('45m');
    expect(hm(125, units)).toBe('2j 05m');
    expect(hm(null, units)).toBe('—');
    expect(hoursHm(12.5, units)).toBe('12j 30m');
    expect(hoursHm(0.25, { h: 'h', m: 'm' })).toBe('15m');
    expect(hoursHm(null, units)).toBe('—');
    expect(hoursToMinutes(1.26)).toBe(76);
  });

  it('shows percentages, counts and shares', () => {
    expect(percentText(85.5)).toBe('85.5%');
    expect(percentText(100)).toBe('100%');
    expect(percentText(null)).toBe('—');
    expect(countText(12345)).toBe('12,345');
    expect(countText(undefined)).toBe('—');
    expect(shareOf(3, 4)).toBe(75);
    expect(shareOf(1, 3)).toBe(33.3);
    expect(shareOf(0, 0)).toBeNull();
    expect(shiftShare(360, 720)).toBe(50);
    expect(shiftShare(null, 720)).toBeNull();
    expect(shiftShare(10, 0)).toBeNull();
  });

  it("builds the one-roster report's route parameters of a roster row", () => {
    const row = { pkDutyRosterId: 41, sectionName: 'N9', teamName: 'N9-PAGI-A', shiftName: 'Pagi 07:00-19:00', date: '2026-11-20' };
    expect(dluRouteParams(row)).toEqual({
      rosterId: '41',
      seksyen: 'N9',
      team: 'N9-PAGI-A',
      syif: 'Pagi 07:00-19:00',
      date: '2026-11-20',
      dlullu: 'DLU',
    });
    expect(dluRouteParams({ ...row, teamName: '  ' }, 'LLU')).toMatchObject({ team: '-', dlullu: 'LLU' });
  });

  it("orders the day chart's points by date, dd-mm within a year, dd-mm-yyyy across years", () => {
    const items: MainlineDayChart['items'] = [
      { ...figures, date: '2026-11-21', rosters: 2, avgDluMinutes: 300, avgLluMinutes: 120 },
      { ...figures, date: '2026-11-20', rosters: 1, avgDluMinutes: 250.5, avgLluMinutes: 90 },
      { ...figures, date: '2026-11-22' },
    ];
    expect(dluDayLines(items)).toEqual([
      { day: '20-11', dlu: 250.5, llu: 90 },
      { day: '21-11', dlu: 300, llu: 120 },
      { day: '22-11', dlu: null, llu: null },
    ]);
    expect(
      dluDayLines([
        { ...figures, date: '2026-01-01' },
        { ...figures, date: '2025-12-31' },
      ]).map((d) => d.day),
    ).toEqual(['31-12-2025', '01-01-2026']);
  });

  it('makes the region and section bars of the items with rosters, biggest first, labelled by code', () => {
    const items: MainlineGroupItem[] = [
      { ...figures, id: 1, code: 'N9', label: 'Nilai', rosters: 3, avgDluMinutes: 200 },
      { ...figures, id: 2, code: null, label: 'Seremban', rosters: 4, avgDluMinutes: 400 },
      { ...figures, id: 3, code: 'N5', label: 'Kosong', rosters: 0 },
      { ...figures, id: 4, code: 'N6', label: 'Tiada GPS', rosters: 1, avgDluMinutes: null },
    ];
    expect(dluGroupBars(items)).toEqual([
      { id: 2, label: 'Seremban', value: 400 },
      { id: 1, label: 'N9', value: 200 },
      { id: 4, label: 'N6', value: null },
    ]);
  });

  it('makes the worked-time bars of the top items in minutes with the previous period', () => {
    const item = (id: number, label: string, worked: number, previous = 0): WorkItem => ({
      id,
      code: null,
      label,
      detail: '',
      sectionName: 'N9',
      rosters: 1,
      plannedMinutes: 720,
      workedMinutes: worked,
      previousWorkedMinutes: previous,
    });
    const items = [
      item(1, 'Ali', 600, 500),
      item(2, 'Bala', 900),
      item(3, 'Chong', 600),
      ...Array.from({ length: 25 }, (_, i) => item(10 + i, `Z${i}`, 10)),
    ];
    const bars = workBars(items);
    expect(bars).toHaveLength(20);
    expect(bars.slice(0, 3)).toEqual([
      { id: 2, label: 'Bala', value: 900, previous: 0 },
      { id: 1, label: 'Ali', value: 600, previous: 500 },
      { id: 3, label: 'Chong', value: 600, previous: 0 },
    ]);
    expect(workBars(items, 2)).toHaveLength(2);
  });

  it('labels vehicles by plate (and call sign in words); hours become minutes on the hour chart', () => {
    const v: VehicleUsageItem = {
      vehicleId: 9,
      plateNumber: 'WXY 1234',
      callSign: 'PLUS 21',
      sectionName: 'N9',
      rosters: 10,
      checklists: 8,
      gpsRosters: 2,
      odometerKm: 1400,
      gpsKm: 120,
      km: 1520,
      distanceSource: 'mixed',
      rosterHours: 120,
      activeHours: 40.5,
      previousKm: 1300,
      previousActiveHours: 38.25,
    };
    expect(vehicleLabel(v)).toBe('WXY 1234 (PLUS 21)');
    expect(vehicleLabel({ ...v, callSign: null })).toBe('WXY 1234');
    expect(vehicleKmBars([v])).toEqual([{ id: 9, label: 'WXY 1234', value: 1520, previous: 1300 }]);
    expect(vehicleHourBars([v])).toEqual([{ id: 9, label: 'WXY 1234', value: 2430, previous: 2295 }]);
  });

  it('opens a vehicle row only for fleetManage', () => {
    expect(vehicleRowTarget(9, true)).toEqual({ to: '/registervehicle/$vehicleId', params: { vehicleId: '9' } });
    expect(vehicleRowTarget(9, false)).toBeNull();
  });

  it("reads a ronda row's state", () => {
    expect(loopingState({ planned: 0, completed: 2 })).toBe('none-planned');
    expect(loopingState({ planned: 4, completed: 4 })).toBe('done');
    expect(loopingState({ planned: 4, completed: 5 })).toBe('done');
    expect(loopingState({ planned: 4, completed: 1 })).toBe('partial');
    expect(loopingState({ planned: 4, completed: 0 })).toBe('missed');
  });
});
