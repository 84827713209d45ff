/**
 * The hand-computed fixture of the roster reports' tests (issue #17, tests/server/reports-rosters.test.ts): section
 * S2 (Tengah) in March 2025 (period 2025-03-01..07, previous period 2025-02-22..28), a time no demo record uses.
 * Its own staff (A–E), teams UJI-A (A, B, C) and UJI-B (D, E), shift (08:00–16:00, 480 min), vehicles and rondas.
 *
 *  roster | date       | team  | people (rule)                  | vehicle | summary DLU/LLU/NOGPS | activity log                         | checklist
 *  R1     | 2025-03-01 | UJI-A | A, B (C released: absence)     | V1      | 300 / 100 / 80        | 08:05 … 15:50 (465 min), 2 rondas    | 1000 → 1150
 *  R2     | 2025-03-02 | UJI-A | A, D (duty_roster_member rows) | V1      | 200 / 150 / 130       | none (worked = planned 480)          | 1150 → (no post)
 *  R3     | 2025-03-03 | UJI-B | D, E (team)                    | V2      | none                  | one entry (worked = planned), a 295 alone | none
 *  P1     | 2025-02-25 | UJI-A | A, B, C (team)                 | V1      | 400 / 40 / 40         | 08:00 … 16:00 (480), 1 ronda          | 900 → 1000
 * S2 has two active ronda loops (and one inactive): 2 planned per roster.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ACTIVITY_EVENT } from '../../../contract/activity-log-rules';
import {
  activityLog,
  dailyAssetChecklist,
  dutyRoster,
  dutyRosterAbsence,
  dutyRosterMember,
  rondaLoop,
  section,
  shift,
  staff,
  team,
  teamMember,
  vehicle,
} from '../../../server/db/schema';

/** 'YYYY-MM-DD' + 'HH:mm' in Asia/Brunei (UTC+8) as an instant. */
export const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+08:00`);

export const PERIOD = { dateFrom: '2025-03-01', dateTo: '2025-03-07' };
export const PREVIOUS = { from: '2025-02-22', to: '2025-02-28' };

export interface RosterFixture {
  sectionId: number;
  staff: Record<'A' | 'B' | 'C' | 'D' | 'E', number>;
  teams: { A: number; B: number };
  vehicles: { V1: number; V2: number };
  rosters: { R1: number; R2: number; R3: number; P1: number };
}

export async function makeRosterFixture(app: FastifyInstance): Promise<RosterFixture> {
  const db = app.ctx.db;
  const [s2] = await db.select({ id: section.id }).from(section).where(eq(section.name, 'S2'));
  const sectionId = s2.id;
  const people = await db
    .insert(staff)
    .values(
      (['A', 'B', 'C', 'D', 'E'] as const).map((k) => ({
        staffNo: `UJIRR${k}`,
        displayName: `Peronda Uji ${k}`,
        position: 'PR - Peronda',
        sectionId,
      })),
    )
    .returning({ id: staff.id, staffNo: staff.staffNo });
  const sid = (k: string) => people.find((p) => p.staffNo === `UJIRR${k}`)!.id;
  const st = { A: sid('A'), B: sid('B'), C: sid('C'), D: sid('D'), E: sid('E') };
  const [tA, tB] = await db
    .insert(team)
    .values([
      { name: 'UJI-A', sectionId },
      { name: 'UJI-B', sectionId },
    ])
    .returning({ id: team.id });
  await db.insert(teamMember).values([
    { teamId: tA.id, staffId: st.A },
    { teamId: tA.id, staffId: st.B },
    { teamId: tA.id, staffId: st.C },
    { teamId: tB.id, staffId: st.D },
    { teamId: tB.id, staffId: st.E },
  ]);
  await db.insert(shift).values({ id: 9701, name: 'Syif Uji Laporan', startHour: '08:00', endHour: '16:00' });
  const [v1, v2] = await db
    .insert(vehicle)
    .values([
      { sectionId, plateNumber: 'UJI 1', vehicleModel: 'Toyota Hilux', vehicleType: 'Peronda' },
      { sectionId, plateNumber: 'UJI 2', vehicleModel: 'Toyota Hilux', vehicleType: 'Peronda' },
    ])
    .returning({ id: vehicle.id });
  await db.insert(rondaLoop).values([
    { sectionId, name: 'Ronda Uji 1', pointAName: 'A', pointBName: 'B', kmFrom: 260, kmTo: 270 },
    { sectionId, name: 'Ronda Uji 2', pointAName: 'B', pointBName: 'C', kmFrom: 270, kmTo: 280 },
    { sectionId, name: 'Ronda Uji Lama', pointAName: 'C', pointBName: 'D', kmFrom: 280, kmTo: 285, isActive: false },
  ]);

  const roster = async (date: string, teamId: number, vehicleId: number, summary?: [number, number, number]) => {
    const [r] = await db
      .insert(dutyRoster)
      .values({
        sectionId,
        shiftId: 9701,
        teamId,
        vehicleId,
        dutyRosterName: `UJI ${date}`,
        startDate: date,
        endDate: date,
        startHour: '08:00',
        endHour: '16:00',
        startsAt: at(date, '08:00'),
        endsAt: at(date, '16:00'),
        ...(summary
          ? {
              dluMinutes: summary[0],
              lluMinutes: summary[1],
              inactiveGpsMinutes: summary[2],
              rondaCount: 0,
              rehatMinutes: 0,
              summaryAt: at(date, '16:30'),
            }
          : {}),
      })
      .returning({ id: dutyRoster.id });
    return r.id;
  };
  const R1 = await roster('2025-03-01', tA.id, v1.id, [300, 100, 80]);
  const R2 = await roster('2025-03-02', tA.id, v1.id, [200, 150, 130]);
  const R3 = await roster('2025-03-03', tB.id, v2.id);
  const P1 = await roster('2025-02-25', tA.id, v1.id, [400, 40, 40]);

  await db.insert(dutyRosterAbsence).values({ dutyRosterId: R1, staffId: st.C });
  await db.insert(dutyRosterMember).values([
    { dutyRosterId: R2, staffId: st.A },
    { dutyRosterId: R2, staffId: st.D },
  ]);

  const E = ACTIVITY_EVENT;
  const log = (rosterId: number, date: string, entries: [number, string][]) =>
    db
      .insert(activityLog)
      .values(entries.map(([eventId, hhmm]) => ({ dutyRosterId: rosterId, eventId, occurredAt: at(date, hhmm), createdBy: st.A })));
  await log(R1, '2025-03-01', [
    [E.SHIFT_START, '08:05'],
    [E.PATROL_START, '08:30'],
    [E.PATROL_END, '09:30'],
    [E.PATROL_START, '10:00'],
    [E.PATROL_END, '11:00'],
    [E.BREAK, '12:00'],
    [E.SHIFT_END, '15:50'],
  ]);
  await log(R3, '2025-03-03', [[E.PATROL_END, '08:00']]);
  await log(P1, '2025-02-25', [
    [E.SHIFT_START, '08:00'],
    [E.PATROL_START, '09:00'],
    [E.PATROL_START, '09:10'],
    [E.PATROL_END, '10:00'],
    [E.SHIFT_END, '16:00'],
  ]);

  const checklist = (rosterId: number, vehicleId: number, date: string, pre: number, post: number | null) =>
    db.insert(dailyAssetChecklist).values({
      vehicleId,
      dutyRosterId: rosterId,
      staffId: st.A,
      odometerPre: pre,
      odometerPost: post,
      preAt: at(date, '08:10'),
      postAt: post === null ? null : at(date, '15:45'),
      postStaffId: post === null ? null : st.A,
    });
  await checklist(R1, v1.id, '2025-03-01', 1000, 1150);
  await checklist(R2, v1.id, '2025-03-02', 1150, null);
  await checklist(P1, v1.id, '2025-02-25', 900, 1000);

  return { sectionId, staff: st, teams: { A: tA.id, B: tB.id }, vehicles: { V1: v1.id, V2: v2.id }, rosters: { R1, R2, R3, P1 } };
}
