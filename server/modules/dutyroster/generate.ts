/**
 * Generate a month of duty rosters (issue #15 item 1: "Generate a month of rosters from the teams' schedules in one
 * action, with a preview"). dutyroster/generateMonth { month, sectionId?, regionId?, dryRun }.
 *
 * The candidates are what the active teams' schedules (team_schedule, the rule of server/db/seed/rosters.ts
 * rosterRows) give for every day of the month in scope. Each is
 * - 'exists' when its team already has a roster of that shift starting that day (left as it is, edits included);
 * - 'conflict' with every reason that keeps it from being written: a person on approved leave over its days (name
 *   and dates), a person in another roster at the same time (name and that roster — an existing one, or an earlier
 *   candidate of this run), its vehicle in another roster at the same time, an inactive vehicle or shift;
 * - 'create' otherwise.
 * The preview (dryRun) writes nothing. The commit recomputes the same under the roster write lock and writes exactly
 * the 'create' ones in one transaction (each with its change record), and answers the counts.
 */
import { and, asc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { leaveTypeName } from '../../../contract/leave';
import { ROSTER_MESSAGES, monthDays, type GenerateCandidate, type GenerateReason, type GenerateResult } from '../../../contract/rosters';
import type { Db } from '../../db/client';
import { dutyRoster, section, shift, staff, team, teamMember, teamSchedule, vehicle } from '../../db/schema';
import { addDays, bruneiInstant, rosterRows, type DutyRosterInsert } from '../../db/seed/rosters';
import { badRequest, forbidden } from '../../lib/http-error';
import { assertSectionInScope, regionScopeOf } from '../../lib/scope';
import { approvedLeave, lockRosterWrites, overlaps, rostersOfPeople, rostersOfVehicles } from './conflicts';
import { dmy, recordGenerated } from './roster-service';

export interface GenerateInput {
  month: string;
  sectionId?: number;
  regionId?: number;
  dryRun: boolean;
}

/** The team sections in scope: a section (with its parts, and its combined section when it is a part), a region, or the caller's scope. */
async function scopeCondition(db: Db, user: TokenClaims, input: GenerateInput): Promise<SQL | undefined> {
  const scope = regionScopeOf(user);
  if (input.sectionId) {
    await assertSectionInScope(db, user, input.sectionId);
    const rows = await db
      .select({ id: section.id, combinedSectionId: section.combinedSectionId })
      .from(section)
      .where(or(eq(section.id, input.sectionId), eq(section.combinedSectionId, input.sectionId)));
    const ids = new Set(rows.map((r) => r.id));
    for (const r of rows) if (r.id === input.sectionId && r.combinedSectionId) ids.add(r.combinedSectionId);
    return inArray(team.sectionId, [...ids]);
  }
  if (input.regionId) {
    if (scope !== null && input.regionId !== scope) throw forbidden(ROSTER_MESSAGES.otherRegion);
    return eq(section.regionId, input.regionId);
  }
  return scope === null ? undefined : eq(section.regionId, scope);
}

interface Candidate extends GenerateCandidate {
  row: DutyRosterInsert;
  staffIds: number[];
  startsAt: Date;
  endsAt: Date;
}

/** The candidates of a month with their outcome and reasons (reads only). */
export async function planMonth(db: Db, user: TokenClaims, input: GenerateInput): Promise<Candidate[]> {
  const m = monthDays(input.month);
  if (!m) throw badRequest(ROSTER_MESSAGES.month, 'month');
  const where = await scopeCondition(db, user, input);
  const schedules = await db
    .select({
      teamId: team.id,
      teamName: team.name,
      sectionId: team.sectionId,
      sectionName: section.name,
      shiftId: shift.id,
      shiftName: shift.name,
      shiftActive: shift.isActive,
      startHour: shift.startHour,
      endHour: shift.endHour,
      vehicleId: teamSchedule.vehicleId,
      plateNumber: vehicle.plateNumber,
      vehicleActive: vehicle.isActive,
      cycleDays: teamSchedule.cycleDays,
      workDays: teamSchedule.workDays,
      jenisRosterId: shift.jenisRosterId,
    })
    .from(teamSchedule)
    .innerJoin(team, and(eq(team.id, teamSchedule.teamId), eq(team.isActive, true)))
    .innerJoin(section, eq(section.id, team.sectionId))
    .innerJoin(shift, eq(shift.id, teamSchedule.shiftId))
    .leftJoin(vehicle, eq(vehicle.id, teamSchedule.vehicleId))
    .where(where)
    .orderBy(asc(teamSchedule.id));
  if (!schedules.length) return [];
  const bySchedule = new Map(schedules.map((s) => [`${s.teamId}|${s.shiftId}`, s]));
  const rows = rosterRows(schedules, m.first, m.days);
  if (!rows.length) return [];

  const teamIds = [...new Set(schedules.map((s) => s.teamId))];
  const windowFrom = bruneiInstant(addDays(m.first, -1), '00:00');
  const windowTo = bruneiInstant(addDays(m.last, 2), '00:00');
  const [existing, members] = await Promise.all([
    db
      .select({ id: dutyRoster.id, teamId: dutyRoster.teamId, shiftId: dutyRoster.shiftId, startDate: dutyRoster.startDate })
      .from(dutyRoster)
      .where(and(inArray(dutyRoster.teamId, teamIds), gte(dutyRoster.startDate, m.first), lte(dutyRoster.startDate, m.last))),
    db
      .select({ teamId: teamMember.teamId, staffId: staff.id, displayName: staff.displayName })
      .from(teamMember)
      .innerJoin(staff, eq(staff.id, teamMember.staffId))
      .where(inArray(teamMember.teamId, teamIds))
      .orderBy(asc(teamMember.id)),
  ]);
  const existingId = new Map(existing.map((e) => [`${e.teamId}|${e.shiftId}|${e.startDate}`, e.id]));
  const nameOf = new Map(members.map((p) => [p.staffId, p.displayName]));
  const staffIds = [...new Set(members.map((p) => p.staffId))];
  const vehicleIds = [...new Set(schedules.map((s) => s.vehicleId).filter((v): v is number => v !== null))];
  const [leave, personRosters, vehicleRosters] = await Promise.all([
    approvedLeave(db, staffIds, addDays(m.first, -1), addDays(m.last, 1)),
    rostersOfPeople(db, staffIds, windowFrom, windowTo),
    rostersOfVehicles(db, vehicleIds, windowFrom, windowTo),
  ]);

  // earlier candidates of this run that will be written, by person and by vehicle
  const plannedByStaff = new Map<number, { name: string; startsAt: Date; endsAt: Date }[]>();
  const plannedByVehicle = new Map<number, { name: string; startsAt: Date; endsAt: Date }[]>();
  const sorted = [...rows].sort((a, b) => (a.startsAt as Date).getTime() - (b.startsAt as Date).getTime() || a.teamId - b.teamId);
  const out: Candidate[] = [];
  for (const row of sorted) {
    const s = bySchedule.get(`${row.teamId}|${row.shiftId}`)!;
    const startsAt = row.startsAt as Date;
    const endsAt = row.endsAt as Date;
    const span = { startsAt, endsAt };
    const people = members.filter((p) => p.teamId === row.teamId).map((p) => p.staffId);
    const key = `${row.teamId}|${row.shiftId}|${row.startDate}`;
    const base = {
      teamId: s.teamId,
      teamName: s.teamName,
      sectionId: s.sectionId,
      sectionName: s.sectionName,
      shiftId: s.shiftId,
      shiftName: s.shiftName,
      startDate: row.startDate,
      endDate: row.endDate,
      startHour: row.startHour,
      endHour: row.endHour,
      vehicleId: s.vehicleId,
      plateNumber: s.plateNumber,
      row: { ...row, jenisRosterId: s.jenisRosterId },
      staffIds: people,
      startsAt,
      endsAt,
    };
    const have = existingId.get(key);
    if (have) {
      out.push({ ...base, outcome: 'exists', pkDutyRosterId: have, reasons: [] });
      continue;
    }
    const reasons: GenerateReason[] = [];
    const reason = (r: Omit<GenerateReason, 'staffId' | 'otherRosterId'> & Partial<GenerateReason>) =>
      reasons.push({ staffId: null, otherRosterId: null, ...r });
    if (!s.shiftActive) reason({ code: 'shiftInactive', message: `Syif ${s.shiftName} tidak aktif.` });
    if (s.vehicleId !== null && s.vehicleActive === false) reason({ code: 'vehicleInactive', message: `Kenderaan ${s.plateNumber} tidak aktif.` });
    for (const id of people) {
      const l = leave.find((x) => x.staffId === id && x.dateFrom <= row.endDate && x.dateTo >= row.startDate);
      if (l) {
        reason({
          code: 'leave',
          staffId: id,
          message: `${nameOf.get(id)} bercuti (${leaveTypeName(l.leaveTypeId)}) dari ${dmy(l.dateFrom)} hingga ${dmy(l.dateTo)}.`,
        });
        continue;
      }
      const other = personRosters.find((h) => h.staffId === id && overlaps(h, span));
      if (other) {
        reason({
          code: 'personBusy',
          staffId: id,
          otherRosterId: other.rosterId,
          message: `${nameOf.get(id)} sudah bertugas dalam jadual tugas ${other.rosterName} pada masa yang sama.`,
        });
        continue;
      }
      const planned = plannedByStaff.get(id)?.find((p) => overlaps(p, span));
      if (planned)
        reason({ code: 'personBusy', staffId: id, message: `${nameOf.get(id)} juga dijadualkan dalam ${planned.name} pada masa yang sama.` });
    }
    if (s.vehicleId !== null && s.vehicleActive !== false) {
      const other = vehicleRosters.find((h) => h.vehicleId === s.vehicleId && overlaps(h, span));
      const planned = plannedByVehicle.get(s.vehicleId)?.find((p) => overlaps(p, span));
      if (other)
        reason({
          code: 'vehicleBusy',
          otherRosterId: other.rosterId,
          message: `Kenderaan ${s.plateNumber} sudah digunakan oleh jadual tugas ${other.rosterName} pada masa yang sama.`,
        });
      else if (planned)
        reason({ code: 'vehicleBusy', message: `Kenderaan ${s.plateNumber} juga dijadualkan untuk ${planned.name} pada masa yang sama.` });
    }
    if (reasons.length) {
      out.push({ ...base, outcome: 'conflict', pkDutyRosterId: null, reasons });
      continue;
    }
    out.push({ ...base, outcome: 'create', pkDutyRosterId: null, reasons: [] });
    const mine = { name: row.dutyRosterName, startsAt, endsAt };
    for (const id of people) plannedByStaff.set(id, [...(plannedByStaff.get(id) ?? []), mine]);
    if (s.vehicleId !== null) plannedByVehicle.set(s.vehicleId, [...(plannedByVehicle.get(s.vehicleId) ?? []), mine]);
  }
  // as a person reads them: by date, section, shift start, team
  return out.sort(
    (a, b) =>
      a.startDate.localeCompare(b.startDate) ||
      a.sectionName.localeCompare(b.sectionName) ||
      a.startHour.localeCompare(b.startHour) ||
      a.teamName.localeCompare(b.teamName),
  );
}

const publicOf = ({ row: _r, staffIds: _s, startsAt: _a, endsAt: _b, ...c }: Candidate): GenerateCandidate => c;

function resultOf(month: string, dryRun: boolean, candidates: Candidate[], created: number): GenerateResult {
  const counts = { create: 0, exists: 0, conflict: 0 };
  for (const c of candidates) counts[c.outcome]++;
  return { month, dryRun, counts, created, candidates: candidates.map(publicOf) };
}

/** dutyroster/generateMonth */
export async function generateMonth(db: Db, user: TokenClaims, input: GenerateInput): Promise<GenerateResult> {
  if (input.dryRun) return resultOf(input.month, true, await planMonth(db, user, input), 0);
  // access and the month's shape first, outside the transaction (a refusal writes nothing)
  await planMonthScopeCheck(db, user, input);
  return db.transaction(async (tx) => {
    await lockRosterWrites(tx);
    const candidates = await planMonth(tx, user, input);
    const toCreate = candidates.filter((c) => c.outcome === 'create');
    const logged: { id: number; values: Record<string, unknown> }[] = [];
    for (let i = 0; i < toCreate.length; i += 500) {
      const batch = toCreate.slice(i, i + 500);
      const ids = await tx
        .insert(dutyRoster)
        .values(batch.map((c) => c.row))
        .returning({ id: dutyRoster.id, teamId: dutyRoster.teamId, shiftId: dutyRoster.shiftId, startDate: dutyRoster.startDate });
      const idOf = new Map(ids.map((r) => [`${r.teamId}|${r.shiftId}|${r.startDate}`, r.id]));
      for (const c of batch) {
        c.pkDutyRosterId = idOf.get(`${c.teamId}|${c.shiftId}|${c.startDate}`) ?? null;
        if (c.pkDutyRosterId)
          logged.push({
            id: c.pkDutyRosterId,
            values: {
              dutyRosterName: c.row.dutyRosterName,
              section: c.sectionName,
              shift: c.shiftName,
              team: c.teamName,
              startDate: dmy(c.startDate),
              endDate: dmy(c.endDate),
              startHour: c.startHour,
              endHour: c.endHour,
              vehicle: c.plateNumber,
              generatedFrom: `Jadual pasukan (${input.month})`,
            },
          });
      }
    }
    await recordGenerated(tx, user, logged);
    return resultOf(input.month, false, candidates, logged.length);
  });
}

async function planMonthScopeCheck(db: Db, user: TokenClaims, input: GenerateInput) {
  if (!monthDays(input.month)) throw badRequest(ROSTER_MESSAGES.month, 'month');
  await scopeCondition(db, user, input);
}
