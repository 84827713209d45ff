import { describe, expect, it } from 'vitest';
import { STATUS } from '@contract/lookups';
import { clockDuration, incidentClock } from '@/features/incidents/detail/clock';
import { openingOk } from '@/features/incidents/detail/open-lanes-dialog';
import type { LaneClosureItem } from '@/features/incidents/form/children-model';

// 2026-03-01 08:00:00 in Asia/Brunei (UTC+8) is 00:00:00Z
const T1 = '2026-03-01T00:00:00.000Z';
const at = (min: number) => new Date(Date.parse(T1) + min * 60_000).toISOString();
const row = (status: number, min: number) => ({ incidentStatus: { key: status }, datetime: at(min) });
const closure = (uid: string, lane: number, start: string, end: string | null, dir = 1): LaneClosureItem => ({
  uid,
  asetId: 1,
  pkRoadlaneId: lane,
  roadLane: `Lorong ${lane}`,
  pkCardinalDirectionId: dir,
  cardinalDirection: dir === 1 ? 'Utara' : 'Selatan',
  dateStartSelected: '2026-03-01',
  timeStartSelected: start,
  dateEndSelected: end ? '2026-03-01' : null,
  timeEndSelected: end,
});

describe('incident clock (FHWA timeline)', () => {
  it('takes T3, T4 and T6 from the first matching audit entries and measures clearance from T1', () => {
    const c = incidentClock({
      createdDate: T1,
      audit: [
        row(STATUS.ASSIGNED, 1),
        row(STATUS.RECEIVED, 3),
        row(STATUS.ARRIVED, 12),
        row(STATUS.ASSIGNED, 20),
        row(STATUS.ARRIVED, 25),
        row(STATUS.CASE_DONE, 95),
      ],
      laneClosures: [closure('a', 2201, '08:05:00', '09:00:00'), closure('b', 2202, '08:10:00', '09:20:00')],
      now: Date.parse(at(500)),
    });
    expect(c.t3).toBe(at(1));
    expect(c.t4).toBe(at(12));
    expect(c.t6).toBe(at(95));
    // T5: the last opening, 09:20 local = 80 min after T1
    expect(c.t5).toBe(at(80));
    expect(c.roadwayClearance).toEqual({ seconds: 80 * 60, running: false });
    expect(c.incidentClearance).toEqual({ seconds: 95 * 60, running: false });
    expect(c.lanes).toEqual([
      { lane: 'Lorong 2201', direction: 'Utara', minutes: 55, open: false },
      { lane: 'Lorong 2202', direction: 'Utara', minutes: 70, open: false },
    ]);
    expect(c.openClosures).toEqual([]);
  });

  it('runs against now while a lane is closed and the case is not done; a negative (209) also ends the case', () => {
    const now = Date.parse(at(45));
    const c = incidentClock({
      createdDate: T1,
      audit: [row(STATUS.ASSIGNED, 0)],
      laneClosures: [closure('a', 2201, '08:05:00', null), closure('b', 2201, '08:00:00', '08:10:00')],
      now,
    });
    expect(c.t5).toBeNull();
    expect(c.roadwayClearance).toEqual({ seconds: 45 * 60, running: true });
    expect(c.incidentClearance).toEqual({ seconds: 45 * 60, running: true });
    // one lane (same lane and direction): 10 closed-and-opened minutes + 40 still closed
    expect(c.lanes).toEqual([{ lane: 'Lorong 2201', direction: 'Utara', minutes: 50, open: true }]);
    expect(c.openClosures.map((x) => x.uid)).toEqual(['a']);
    const negative = incidentClock({ createdDate: T1, audit: [row(STATUS.NEGATIVE, 30)], laneClosures: [], now });
    expect(negative.t6).toBe(at(30));
    expect(negative.roadwayClearance).toBeNull();
    expect(negative.t4).toBeNull();
  });

  it('splits durations into hours, minutes and seconds', () => {
    expect(clockDuration(0)).toEqual({ h: 0, m: 0, s: 0 });
    expect(clockDuration(3 * 3600 + 25 * 60 + 9)).toEqual({ h: 3, m: 25, s: 9 });
    expect(clockDuration(-5)).toEqual({ h: 0, m: 0, s: 0 });
  });

  it('accepts an opening time only after Masa Tutup and not in the future', () => {
    const c = closure('a', 2201, '08:05:00', null);
    const now = Date.parse(at(60)); // 09:00 local
    expect(openingOk(c, { date: '2026-03-01', time: '08:30:00' }, now)).toBe(true);
    expect(openingOk(c, { date: '2026-03-01', time: '08:04:59' }, now)).toBe(false);
    expect(openingOk(c, { date: '2026-03-01', time: '10:00:00' }, now)).toBe(false);
    expect(openingOk(c, { date: '', time: '08:30:00' }, now)).toBe(false);
  });
});
