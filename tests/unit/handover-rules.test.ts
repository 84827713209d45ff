import { describe, expect, it } from 'vitest';
import type { HandoverCase } from '@contract/handover';
import { clockOf, handoverItems, hasStarted, targetsOf } from '@/features/dashboard/handover-rules';

const at = (iso: string) => Date.parse(iso);
const roster = (id: number, name: string, startsAt: string, endsAt: string) => ({ pkDutyRosterId: id, dutyRosterName: name, startsAt, endsAt });

/** A night case at 23:59 Brunei (15:59Z): the day roster ended at 19:00, the night roster 19:00–07:00 is on shift. */
const nightCase = (incidentId: number, proposed: HandoverCase['proposed']): HandoverCase => ({
  incidentId,
  ticketNumber: `T${incidentId}`,
  version: 1,
  eventTypeName: 'Kemalangan',
  statusId: 203,
  statusName: 'Tugasan Dihantar',
  kilometer: '12.0',
  regionId: 1,
  sectionId: 1,
  sectionName: 'N9',
  from: { ...roster(1, 'N9-SIANG-A', '2026-12-01T23:00:00Z', '2026-12-02T11:00:00Z'), ended: true },
  needsPatrol: true,
  proposed,
});

describe('handover panel rules', () => {
  const night = roster(2, 'N9-MALAM-A', '2026-12-02T11:00:00Z', '2026-12-02T23:00:00Z');

  it('the incoming roster is "started" from its start on, "starts" before it', () => {
    // 18:45 Brunei: the night roster starts at 19:00
    expect(hasStarted(night.startsAt, at('2026-12-02T10:45:00Z'))).toBe(false);
    // 19:00 exactly and 23:59: already on shift
    expect(hasStarted(night.startsAt, at('2026-12-02T11:00:00Z'))).toBe(true);
    expect(hasStarted(night.startsAt, at('2026-12-02T15:59:00Z'))).toBe(true);
    expect(clockOf(night.startsAt)).toBe('19:00');
  });

  it('hands over only the rows with an incoming roster, named explicitly, grouped by roster', () => {
    const rows = [nightCase(10, night), nightCase(11, null), nightCase(12, night)];
    expect(handoverItems(rows)).toEqual([
      { incidentId: 10, toRosterId: 2 },
      { incidentId: 12, toRosterId: 2 },
    ]);
    expect(targetsOf(rows)).toEqual([{ rosterId: 2, name: 'N9-MALAM-A', count: 2 }]);
  });
});
