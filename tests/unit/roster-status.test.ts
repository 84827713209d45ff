import { describe, expect, it } from 'vitest';
import type { DutyRosterRow } from '@contract';
import { rosterHours, rosterStatusAt } from '@/lib/roster-status';
import { currentShiftRosters, sectionsOf, sortRosters, summarize } from '@/features/dashboard/roster-summary';

const at = (iso: string) => Date.parse(iso);
const row = (p: Partial<DutyRosterRow>): DutyRosterRow => ({
  pkDutyRosterId: 1,
  dutyRosterName: 'N9-PAGI-A',
  sectionId: 9,
  sectionName: 'N9',
  regionName: 'Tengah',
  shiftId: 1,
  shiftName: 'Syif Pagi',
  teamId: 1,
  teamName: 'PAGI-A',
  startDate: '2026-03-01',
  endDate: '2026-03-01',
  startHour: '07:00',
  endHour: '19:00',
  plateNumber: 'VAA 1234',
  callSign: 'N9-1',
  vehicleModel: null,
  members: [],
  status: 'upcoming',
  ...p,
});

describe('roster status from Brunei wall-clock times', () => {
  it('day shift 07:00–19:00', () => {
    const r = row({});
    expect(rosterStatusAt(r, at('2026-02-28T22:59:59Z'))).toBe('upcoming'); // 06:59:59 +08
    expect(rosterStatusAt(r, at('2026-02-28T23:00:00Z'))).toBe('active'); // 07:00 +08
    expect(rosterStatusAt(r, at('2026-03-01T10:59:59Z'))).toBe('active');
    expect(rosterStatusAt(r, at('2026-03-01T11:00:00Z'))).toBe('ended'); // 19:00 +08
  });

  it('night shift over midnight', () => {
    const r = row({ startHour: '19:00', endHour: '07:00', endDate: '2026-03-02' });
    expect(rosterStatusAt(r, at('2026-03-01T16:30:00Z'))).toBe('active'); // 00:30 on 2 March
    expect(rosterStatusAt(r, at('2026-03-01T23:00:00Z'))).toBe('ended');
    expect(rosterHours(r)).toBe('19:00 – 07:00 (+1)');
  });

  it('unreadable times keep the server status', () => {
    expect(rosterStatusAt(row({ startHour: '', status: 'active' }))).toBe('active');
  });

  it('summary counts, order and sections', () => {
    const rows = [
      row({ pkDutyRosterId: 1, status: 'ended', sectionId: 1, sectionName: 'N1', plateNumber: 'A 1' }),
      row({ pkDutyRosterId: 2, status: 'active', sectionId: 2, sectionName: 'N2', plateNumber: 'B 2' }),
      row({ pkDutyRosterId: 3, status: 'active', sectionId: 2, sectionName: 'N2', plateNumber: 'B 2' }),
      row({ pkDutyRosterId: 4, status: 'upcoming', sectionId: 3, sectionName: 'N3', plateNumber: null }),
    ];
    expect(summarize(rows)).toEqual({
      total: 4,
      active: 2,
      upcoming: 1,
      ended: 1,
      sectionsCovered: 1,
      sectionsToday: 3,
      vehiclesOnShift: 1,
      vehiclesToday: 2,
    });
    expect(sortRosters(rows).map((r) => r.status)).toEqual(['active', 'active', 'upcoming', 'ended']);
    expect(sectionsOf(rows).map((s) => s.name)).toEqual(['N1', 'N2', 'N3']);
  });

  it("the dashboard at night (issue #29): the night roster of the previous evening is on shift and the user's own", () => {
    const day1 = row({ pkDutyRosterId: 1, startDate: '2026-03-01', endDate: '2026-03-01', startHour: '07:00', endHour: '19:00' });
    const night1 = row({ pkDutyRosterId: 2, startDate: '2026-03-01', endDate: '2026-03-02', startHour: '19:00', endHour: '07:00' });
    const day2 = row({ pkDutyRosterId: 3, startDate: '2026-03-02', endDate: '2026-03-02', startHour: '07:00', endHour: '19:00' });
    const night2 = row({ pkDutyRosterId: 4, startDate: '2026-03-02', endDate: '2026-03-03', startHour: '19:00', endHour: '07:00' });
    const all = [day1, night1, day2, night2];
    const local = (iso: string) => Date.parse(`${iso}+08:00`);
    const cases: [string, RosterStatusRow[], number[]][] = [
      ['2026-03-01T23:59:00', ['ended', 'active', 'upcoming', 'upcoming'], [1, 2]],
      ['2026-03-02T00:30:00', ['ended', 'active', 'upcoming', 'upcoming'], [1, 2]],
      ['2026-03-02T06:59:00', ['ended', 'active', 'upcoming', 'upcoming'], [1, 2]],
      ['2026-03-02T07:00:00', ['ended', 'ended', 'active', 'upcoming'], [3, 4]],
    ];
    for (const [when, statuses, mine] of cases) {
      expect(
        all.map((r) => rosterStatusAt(r, local(when))),
        when,
      ).toEqual(statuses);
      expect(
        currentShiftRosters(all, local(when)).map((r) => r.pkDutyRosterId),
        when,
      ).toEqual(mine);
      const counted = summarize(all.map((r) => ({ ...r, status: rosterStatusAt(r, local(when)) })));
      expect(counted.active, when).toBe(1);
    }
  });
});

type RosterStatusRow = DutyRosterRow['status'];
