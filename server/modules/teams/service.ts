/**
 * Teams administration (issue #14 item 4): teams, their members and their schedule.
 *
 * Rules. Every call checks access first: the team (or the section a team is put in) must be in the caller's region
 * scope (403 otherwise, 404 when it does not exist). A team belongs to a listed section (§5) and its name is unique
 * within the section (409). A staff member is in at most one ACTIVE team: adding a member of another active team, or
 * re-activating a team one of whose members is now in another active team, is refused (409 naming that team). A team
 * has at most 100 members. A team with duty rosters is deactivated, never erased. Changing the schedule changes only
 * rosters generated afterwards: rosters already generated stay as they are.
 *
 * Every change is recorded (server/lib/change-log.ts) in its own transaction: 'team' by team id, 'teamMember' and
 * 'teamSchedule' also by the team id.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import {
  TEAM_MEMBERS_MAX,
  type TeamDeleteResult,
  type TeamDetail,
  type TeamFilter,
  type TeamMemberCandidate,
  type TeamMemberCandidateFilter,
  type TeamMemberRow,
  type TeamRow,
  type TeamScheduleOptions,
  type TeamScheduleResult,
} from '../../../contract/teams';
import type { Db } from '../../db/client';
import { callSign, dutyRoster, section, shift, staff, team, teamMember, teamSchedule, vehicle } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { CSV_EXPORT_MAX_ROWS, toCsv } from '../../lib/data-table';
import { ERROR_CODES } from '../../../contract/envelope';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { assertSectionInScope, regionScopeOf } from '../../lib/scope';
import {
  activeTeamsOf,
  allTeams,
  calendarOf,
  listCandidates,
  listedSection,
  listMembers,
  membersByIds,
  rosterCountOf,
  schedulesOf,
  teamInScope,
  teamRow,
  type TeamRef,
} from './queries';

/** The parsed bodies (zod defaults applied). */
export interface TeamSaveInput {
  pkTeamId?: number;
  teamName: string;
  sectionId: number;
  isActive: boolean;
}
export interface TeamScheduleSaveInput {
  teamId: number;
  shiftId: number;
  vehicleId: number | null;
  cycleDays: number;
  workDays: number[];
}

// ------------------------------------------------------------------------------------------------ team

export async function getTeam(db: Db, user: TokenClaims, id: number): Promise<TeamDetail> {
  await teamInScope(db, user, id);
  const row = await teamRow(db, id);
  if (!row) throw notFound('Pasukan tidak dijumpai.');
  return { ...row, rosterCount: await rosterCountOf(db, id) };
}

const teamValues = (t: { name: string; sectionId: number; sectionName: string; isActive: boolean }) => ({
  teamName: t.name,
  sectionId: t.sectionId,
  sectionName: t.sectionName,
  isActive: t.isActive,
});

/** Members of `teamId` who are in another active team: 409 naming the first one and the team. */
async function refuseMembersInOtherActiveTeams(db: Db, teamId: number, staffIds: number[]) {
  const clashes = await activeTeamsOf(db, staffIds, teamId);
  if (clashes.length) {
    const c = clashes[0];
    const more = clashes.length > 1 ? ` (dan ${clashes.length - 1} lagi)` : '';
    throw conflict(
      `${c.displayName} sudah menjadi ahli pasukan aktif ${c.teamName} (seksyen ${c.sectionName})${more}. Seorang kakitangan hanya boleh berada dalam satu pasukan aktif.`,
    );
  }
}

/** team/save: a new team (no pkTeamId) or a change of name, section or status. */
export async function saveTeam(db: Db, user: TokenClaims, input: TeamSaveInput): Promise<TeamDetail> {
  // access first: the team being changed, then the section it goes to
  if (input.pkTeamId) await teamInScope(db, user, input.pkTeamId);
  await assertSectionInScope(db, user, input.sectionId);
  const sec = await listedSection(db, input.sectionId);
  if (!sec)
    throw badRequest('Pasukan hanya boleh berada dalam seksyen yang disenaraikan (bukan seksyen G atau sebahagian seksyen gabungan).', 'sectionId');
  const name = input.teamName.trim();

  const id = await db.transaction(async (tx) => {
    const current = input.pkTeamId ? await teamInScope(tx, user, input.pkTeamId, { forUpdate: true }) : null;
    const [dup] = await tx
      .select({ id: team.id, name: team.name })
      .from(team)
      .where(and(eq(team.sectionId, sec.id), sql`lower(${team.name}) = lower(${name})`, current ? sql`${team.id} <> ${current.id}` : undefined))
      .limit(1);
    if (dup)
      throw new HttpError(409, ERROR_CODES.CONFLICT, `Nama pasukan "${dup.name}" sudah digunakan dalam seksyen ${sec.name}. Sila pilih nama lain.`, {
        field: 'teamName',
      });

    const after = { teamName: name, sectionId: sec.id, sectionName: sec.name, isActive: input.isActive };
    if (!current) {
      const [created] = await tx.insert(team).values({ name, sectionId: sec.id, isActive: input.isActive }).returning({ id: team.id });
      await recordChange(tx, user, 'team', created.id, 'create', null, after);
      return created.id;
    }

    const memberIds = (await tx.select({ staffId: teamMember.staffId }).from(teamMember).where(eq(teamMember.teamId, current.id))).map(
      (m) => m.staffId,
    );
    if (sec.regionId !== current.regionId && memberIds.length) {
      throw conflict(
        `Pasukan ${current.name} mempunyai ${memberIds.length} ahli dari wilayah lain; keluarkan ahlinya dahulu sebelum memindahkannya ke seksyen ${sec.name}.`,
      );
    }
    if (input.isActive && !current.isActive) await refuseMembersInOtherActiveTeams(tx, current.id, memberIds);

    await tx.update(team).set({ name, sectionId: sec.id, isActive: input.isActive }).where(eq(team.id, current.id));
    const onlyStatus = current.name === name && current.sectionId === sec.id && current.isActive !== input.isActive;
    await recordChange(
      tx,
      user,
      'team',
      current.id,
      onlyStatus ? (input.isActive ? 'activate' : 'deactivate') : 'update',
      teamValues(current),
      after,
    );
    return current.id;
  });
  return getTeam(db, user, id);
}

/** team/delete: a team with duty rosters is deactivated; the others are erased with their members and schedule. */
export async function deleteTeams(db: Db, user: TokenClaims, ids: number[]): Promise<TeamDeleteResult> {
  const unique = [...new Set(ids)];
  // access first, for every team: all or nothing
  for (const id of unique) await teamInScope(db, user, id);
  const deleted: number[] = [];
  const deactivated: number[] = [];
  await db.transaction(async (tx) => {
    for (const id of unique) {
      const t = await teamInScope(tx, user, id, { forUpdate: true });
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(dutyRoster).where(eq(dutyRoster.teamId, id));
      if (n > 0) {
        if (t.isActive) {
          await tx.update(team).set({ isActive: false }).where(eq(team.id, id));
          await recordChange(tx, user, 'team', id, 'deactivate', teamValues(t), teamValues({ ...t, isActive: false }));
        }
        deactivated.push(id);
        continue;
      }
      const members = await tx
        .select({ staffId: staff.id, staffNo: staff.staffNo, displayName: staff.displayName })
        .from(teamMember)
        .innerJoin(staff, eq(staff.id, teamMember.staffId))
        .where(eq(teamMember.teamId, id))
        .orderBy(asc(teamMember.id));
      const schedules = await schedulesOf(tx, id);
      await tx.delete(teamMember).where(eq(teamMember.teamId, id));
      await tx.delete(teamSchedule).where(eq(teamSchedule.teamId, id));
      await tx.delete(team).where(eq(team.id, id));
      await recordChange(
        tx,
        user,
        'team',
        id,
        'delete',
        {
          ...teamValues(t),
          members: members.map((m) => `${m.displayName} (${m.staffNo})`),
          schedule: schedules.map((s) => ({ shiftName: s.shiftName, cycleDays: s.cycleDays, workDays: s.workDays, plateNumber: s.plateNumber })),
        },
        null,
      );
      deleted.push(id);
    }
  });
  return { deleted, deactivated };
}

const CSV_COLUMNS = [
  { label: 'Pasukan', value: (r: TeamRow) => r.teamName },
  { label: 'Seksyen', value: (r: TeamRow) => r.sectionName },
  { label: 'Wilayah', value: (r: TeamRow) => r.regionCode },
  { label: 'Bil. Ahli', value: (r: TeamRow) => r.memberCount },
  { label: 'Ketua', value: (r: TeamRow) => r.leaderName },
  { label: 'Syif', value: (r: TeamRow) => r.shiftName },
  { label: 'No. Plat', value: (r: TeamRow) => r.plateNumber },
  { label: 'Status', value: (r: TeamRow) => (r.isActive ? 'Aktif' : 'Tidak Aktif') },
];

export async function teamsCsv(db: Db, user: TokenClaims, f: TeamFilter, q: Pick<DataTablesQuery, 'orderColumn' | 'direction'>): Promise<string> {
  return toCsv(await allTeams(db, user, f, q, CSV_EXPORT_MAX_ROWS), CSV_COLUMNS);
}

// ------------------------------------------------------------------------------------------------ members

export async function teamMembers(
  db: Db,
  user: TokenClaims,
  teamId: number,
  q: DataTablesQuery,
): Promise<{ rows: TeamMemberRow[]; recordCount: number }> {
  await teamInScope(db, user, teamId);
  return listMembers(db, teamId, q);
}

export async function memberCandidates(
  db: Db,
  user: TokenClaims,
  f: TeamMemberCandidateFilter,
  q: DataTablesQuery,
): Promise<{ rows: TeamMemberCandidate[]; recordCount: number }> {
  const t = await teamInScope(db, user, f.teamId);
  return listCandidates(db, t, f, q);
}

const memberValues = (m: { staffId: number; staffNo: string; displayName: string }) => ({
  staffId: m.staffId,
  staffNo: m.staffNo,
  displayName: m.displayName,
});

/** teamMembers/save: adds staff to a team, all or none. */
export async function addMembers(db: Db, user: TokenClaims, input: { teamId: number; staffIds: number[] }): Promise<TeamMemberRow[]> {
  await teamInScope(db, user, input.teamId);
  const scope = regionScopeOf(user);
  return db.transaction(async (tx) => {
    // the team row is locked so two additions to one team count its members one after the other, and the staff rows
    // so two additions of one person to two teams see each other (a staff member is in at most one active team)
    const t = await teamInScope(tx, user, input.teamId, { forUpdate: true });
    const people = await tx
      .select({ staffId: staff.id, staffNo: staff.staffNo, displayName: staff.displayName, isActive: staff.isActive, regionId: section.regionId })
      .from(staff)
      .innerJoin(section, eq(section.id, staff.sectionId))
      .where(inArray(staff.id, input.staffIds))
      .orderBy(asc(staff.id))
      .for('update', { of: staff });
    const found = new Set(people.map((p) => p.staffId));
    const missing = input.staffIds.filter((id) => !found.has(id));
    if (missing.length) throw badRequest(`Kakitangan tidak dijumpai (id ${missing.join(', ')}).`, 'staffIds');
    for (const p of people) {
      if (scope !== null && p.regionId !== scope) throw forbidden(`${p.displayName} di luar wilayah anda.`);
      if (p.regionId !== t.regionId) throw badRequest(`${p.displayName} bukan kakitangan wilayah pasukan ${t.name}.`, 'staffIds');
      if (!p.isActive) throw badRequest(`${p.displayName} tidak aktif dan tidak boleh ditambah ke pasukan.`, 'staffIds');
    }
    const current = await tx.select({ staffId: teamMember.staffId }).from(teamMember).where(eq(teamMember.teamId, t.id));
    const already = people.find((p) => current.some((c) => c.staffId === p.staffId));
    if (already) throw conflict(`${already.displayName} sudah menjadi ahli pasukan ${t.name}.`);
    await refuseMembersInOtherActiveTeams(tx, t.id, input.staffIds);
    if (current.length + people.length > TEAM_MEMBERS_MAX) {
      throw badRequest(`Pasukan maksimum ${TEAM_MEMBERS_MAX} ahli; pasukan ${t.name} sudah mempunyai ${current.length} ahli.`, 'staffIds');
    }
    const order = new Map(input.staffIds.map((id, i) => [id, i]));
    const inserted = await tx
      .insert(teamMember)
      .values([...people].sort((a, b) => order.get(a.staffId)! - order.get(b.staffId)!).map((p) => ({ teamId: t.id, staffId: p.staffId })))
      .returning({ id: teamMember.id, staffId: teamMember.staffId });
    for (const p of people) await recordChange(tx, user, 'teamMember', t.id, 'create', null, memberValues(p));
    return membersByIds(
      tx,
      t.id,
      inserted.map((i) => i.id),
    );
  });
}

/** teamMembers/delete: removes members (by pkTeamMemberId), all or none. */
export async function removeMembers(db: Db, user: TokenClaims, ids: number[]): Promise<{ removed: number[] }> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: teamMember.id, teamId: teamMember.teamId, staffId: staff.id, staffNo: staff.staffNo, displayName: staff.displayName })
    .from(teamMember)
    .innerJoin(staff, eq(staff.id, teamMember.staffId))
    .where(inArray(teamMember.id, unique));
  if (rows.length !== unique.length) {
    const have = new Set(rows.map((r) => r.id));
    throw notFound(`Ahli pasukan tidak dijumpai (id ${unique.filter((id) => !have.has(id)).join(', ')}).`);
  }
  // access: every team concerned must be in scope
  for (const teamId of new Set(rows.map((r) => r.teamId))) await teamInScope(db, user, teamId);
  await db.transaction(async (tx) => {
    const gone = await tx.delete(teamMember).where(inArray(teamMember.id, unique)).returning({ id: teamMember.id });
    if (gone.length !== unique.length) throw conflict('Ahli pasukan telah dikeluarkan oleh pengguna lain. Sila muat semula senarai.');
    for (const r of rows) await recordChange(tx, user, 'teamMember', r.teamId, 'delete', memberValues(r), null);
  });
  return { removed: unique };
}

// ------------------------------------------------------------------------------------------------ schedule

async function scheduleResult(db: Db, t: TeamRef, q?: Pick<DataTablesQuery, 'start' | 'length'>): Promise<TeamScheduleResult> {
  const all = await schedulesOf(db, t.id);
  const calendar = await calendarOf(db, t, all);
  const start = q?.start ?? 0;
  const length = q?.length ?? Math.max(all.length, 1);
  return {
    rows: all.slice(start, start + length),
    recordCount: all.length,
    page: Math.floor(start / length),
    size: length,
    from: calendar[0].date,
    calendar,
  };
}

/** teamSchedule/dataTables: which shift and days the team works, and the next 28 days by that rule. */
export async function teamScheduleOf(db: Db, user: TokenClaims, teamId: number, q: DataTablesQuery): Promise<TeamScheduleResult> {
  const t = await teamInScope(db, user, teamId);
  return scheduleResult(db, t, q);
}

/** teamSchedule/save: sets the team's schedule (one per team). Rosters already generated are not touched. */
export async function saveSchedule(db: Db, user: TokenClaims, input: TeamScheduleSaveInput): Promise<TeamScheduleResult> {
  const t = await teamInScope(db, user, input.teamId);
  const [s] = await db.select({ id: shift.id, name: shift.name, isActive: shift.isActive }).from(shift).where(eq(shift.id, input.shiftId));
  if (!s) throw badRequest('Syif tidak wujud.', 'shiftId');
  if (!s.isActive) throw badRequest(`Syif ${s.name} tidak aktif; pilih syif yang aktif.`, 'shiftId');
  let plateNumber: string | null = null;
  if (input.vehicleId !== null) {
    const [v] = await db
      .select({ plateNumber: vehicle.plateNumber, sectionId: vehicle.sectionId, isActive: vehicle.isActive })
      .from(vehicle)
      .where(eq(vehicle.id, input.vehicleId));
    if (!v) throw badRequest('Kenderaan tidak wujud.', 'vehicleId');
    if (!v.isActive) throw badRequest(`Kenderaan ${v.plateNumber} tidak aktif; pilih kenderaan yang aktif.`, 'vehicleId');
    if (v.sectionId !== t.sectionId) throw badRequest(`Kenderaan ${v.plateNumber} bukan kenderaan seksyen ${t.sectionName}.`, 'vehicleId');
    plateNumber = v.plateNumber;
  }
  const workDays = [...input.workDays].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await teamInScope(tx, user, t.id, { forUpdate: true });
    const [existing] = await schedulesOf(tx, t.id);
    const after = { shiftId: s.id, shiftName: s.name, vehicleId: input.vehicleId, plateNumber, cycleDays: input.cycleDays, workDays };
    if (existing) {
      await tx
        .update(teamSchedule)
        .set({ shiftId: s.id, vehicleId: input.vehicleId, cycleDays: input.cycleDays, workDays })
        .where(eq(teamSchedule.id, existing.pkTeamScheduleId));
      const before = {
        shiftId: existing.shiftId,
        shiftName: existing.shiftName,
        vehicleId: existing.vehicleId,
        plateNumber: existing.plateNumber,
        cycleDays: existing.cycleDays,
        workDays: existing.workDays,
      };
      await recordChange(tx, user, 'teamSchedule', t.id, 'update', before, after);
    } else {
      await tx.insert(teamSchedule).values({ teamId: t.id, shiftId: s.id, vehicleId: input.vehicleId, cycleDays: input.cycleDays, workDays });
      await recordChange(tx, user, 'teamSchedule', t.id, 'create', null, after);
    }
  });
  return scheduleResult(db, t);
}

/** teamSchedule/options/{teamId}: the active shifts and the active vehicles of the team's section. */
export async function scheduleOptions(db: Db, user: TokenClaims, teamId: number): Promise<TeamScheduleOptions> {
  const t = await teamInScope(db, user, teamId);
  const [shifts, vehicles] = await Promise.all([
    db
      .select({ key: shift.id, value: shift.name, startHour: shift.startHour, endHour: shift.endHour })
      .from(shift)
      .where(eq(shift.isActive, true))
      .orderBy(asc(shift.startHour), asc(shift.name)),
    db
      .select({ key: vehicle.id, value: vehicle.plateNumber, vehicleType: vehicle.vehicleType, callSign: callSign.callSign })
      .from(vehicle)
      .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
      .where(and(eq(vehicle.sectionId, t.sectionId), eq(vehicle.isActive, true)))
      .orderBy(asc(vehicle.vehicleType), asc(vehicle.plateNumber)),
  ]);
  return { shifts, vehicles };
}
