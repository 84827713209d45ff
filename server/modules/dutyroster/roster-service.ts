/**
 * Duty rosters, one at a time (issue #15 item 1; §7.5 dutyroster save|portal/save|get|delete|getActivePrDetails,
 * rosterRoles, devicenoid, hpnosection; the roster form's options). The rules are written out in
 * contract/rosters-rules.ts. Every call checks access first (access.ts); a write runs in one transaction, one roster
 * write at a time (conflicts.ts lockRosterWrites), and every refusal leaves nothing written. Each change is recorded
 * (server/lib/change-log.ts, entity 'roster', by roster id) with readable values: names, plates, dates dd-mm-yyyy.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../../../contract/auth';
import { leaveTypeName } from '../../../contract/leave';
import {
  ROSTER_MAX_HOURS,
  ROSTER_MESSAGES,
  ROSTER_ROLE,
  defaultRosterRole,
  endsNextDay,
  type ActivePrDetails,
  type DeviceItem,
  type PhoneItem,
  type RosterDetail,
  type RosterFormOptions,
  type RosterPerson,
  type RosterRoleRow,
  type RosterSaveParsed,
} from '../../../contract/rosters';
import type { Db } from '../../db/client';
import {
  activityLog,
  adminChange,
  alertNotification,
  callSign,
  deviceNo,
  dutyRoster,
  dutyRosterAbsence,
  dutyRosterMember,
  hpNoSection,
  incident,
  incidentAudit,
  lookupItem,
  region,
  rosterLatestPosition,
  rosterPosition,
  section,
  shift,
  staff,
  team,
  teamMember,
  teamSchedule,
  vehicle,
} from '../../db/schema';
import { addDays, bruneiInstant } from '../../db/seed/rosters';
import { recordChange } from '../../lib/change-log';
import { badRequest, conflict, HttpError, notFound, sqlStateOf, staleConflict } from '../../lib/http-error';
import { assertSectionInScope } from '../../lib/scope';
import { ERROR_CODES } from '../../../contract/envelope';
import { geoIndex } from '../maps/geo-index';
import { latestColumns, toLocation } from '../maps/positions';
import { rosterInScope, rosterReadable } from './access';
import { approvedLeave, lockRosterWrites, overlaps, rostersOfPeople, rostersOfVehicles } from './conflicts';
import { clockStatus, lifecycleSql, rosterPeople, rosterRoleNames } from './people';
import { now as clockNow } from '../../lib/clock';
import { oncePerDb } from '../../db/once-per-db';

const jenis = alias(lookupItem, 'jenis_roster');

/** 'YYYY-MM-DD' → 'dd-mm-yyyy' (§9 display), for messages and the history. */
export const dmy = (ymd: string) => `${ymd.slice(8, 10)}-${ymd.slice(5, 7)}-${ymd.slice(0, 4)}`;
/** 'dd/mm/yyyy' as roster names show dates (server/db/seed/rosters.ts does the same). */
const nameDate = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;
const conflictAt = (message: string, field: string) => new HttpError(409, ERROR_CODES.CONFLICT, message, { field });

// ------------------------------------------------------------------------------------------------ reads

/** The roster's usage: activity entries, cases (assigned or in their audit trail) and GPS positions. */
const prepareUsage = (db: Db) => {
  const id = sql.placeholder('id');
  return db
    .select({
      activities: sql<number>`(select count(*)::int from ${activityLog} where ${activityLog.dutyRosterId} = ${id})`,
      cases: sql<number>`(select count(*)::int from ${incident} where ${incident.dutyRosterId} = ${id})
        + (select count(distinct ${incidentAudit.incidentId})::int from ${incidentAudit} where ${incidentAudit.assigneeRosterId} = ${id}
            and not exists (select 1 from ${incident} i2 where i2.id = ${incidentAudit.incidentId} and i2.duty_roster_id = ${id}))`,
      positions: sql<number>`(select count(*)::int from ${rosterPosition} where ${rosterPosition.dutyRosterId} = ${id})
        + (select count(*)::int from ${rosterLatestPosition} where ${rosterLatestPosition.dutyRosterId} = ${id}
            and not exists (select 1 from ${rosterPosition} p2 where p2.duty_roster_id = ${id}))`,
    })
    .from(sql`(select 1) as one`)
    .prepare('roster_usage');
};
async function usageOf(db: Db, id: number): Promise<RosterDetail['usage']> {
  const [row] = await readsFor(db).usage.execute({ id });
  return row;
}

const prepareDetail = (db: Db) =>
  db
    .select({
      dr: dutyRoster,
      sectionName: section.name,
      regionId: section.regionId,
      regionName: region.name,
      jenisRosterName: jenis.value,
      shiftName: shift.name,
      teamName: team.name,
      plateNumber: vehicle.plateNumber,
      vehicleModel: vehicle.vehicleModel,
      vehicleActive: vehicle.isActive,
      callSign: callSign.callSign,
      deviceNo: deviceNo.deviceNo,
      phoneNo: hpNoSection.phoneNo,
      lifecycle: lifecycleSql(sql.placeholder('at')),
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .innerJoin(shift, eq(shift.id, dutyRoster.shiftId))
    .innerJoin(team, eq(team.id, dutyRoster.teamId))
    .leftJoin(jenis, and(eq(jenis.key, dutyRoster.jenisRosterId), eq(jenis.category, 'jenisRoster')))
    .leftJoin(vehicle, eq(vehicle.id, dutyRoster.vehicleId))
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    .leftJoin(deviceNo, eq(deviceNo.id, dutyRoster.deviceNoId))
    .leftJoin(hpNoSection, eq(hpNoSection.id, dutyRoster.hpNoSectionId))
    .where(eq(dutyRoster.id, sql.placeholder('id')))
    .prepare('roster_detail');

/**
 * A roster's reads (get/{id}, getActivePrDetails, the answers of its writes), built once per database and prepared
 * (named on PostgreSQL), as incident/access.ts does: Drizzle building them on every call was a good part of the
 * call's own work (bench/uncached-reads.ts).
 */
const readsFor = oncePerDb((db: Db) => ({ detail: prepareDetail(db), usage: prepareUsage(db) }));

/** The roster as get/{id} answers it (access already checked). */
export async function rosterDetail(db: Db, id: number, now = clockNow()): Promise<RosterDetail> {
  const [r] = await readsFor(db).detail.execute({ id, at: now.toISOString() });
  if (!r) throw notFound(ROSTER_MESSAGES.notFound);
  const [people, usage] = await Promise.all([rosterPeople(db, [id]), usageOf(db, id)]);
  const dr = r.dr;
  return {
    pkDutyRosterId: dr.id,
    dutyRosterName: dr.dutyRosterName,
    sectionId: dr.sectionId,
    sectionName: r.sectionName,
    regionId: r.regionId,
    regionName: r.regionName,
    jenisRosterId: dr.jenisRosterId,
    jenisRosterName: r.jenisRosterName,
    shiftId: dr.shiftId,
    shiftName: r.shiftName,
    teamId: dr.teamId,
    teamName: r.teamName,
    startDate: dr.startDate,
    endDate: dr.endDate,
    startHour: dr.startHour,
    endHour: dr.endHour,
    startsAt: dr.startsAt.toISOString(),
    endsAt: dr.endsAt.toISOString(),
    vehicleId: dr.vehicleId,
    plateNumber: r.plateNumber,
    vehicleModel: r.vehicleModel,
    vehicleActive: r.vehicleActive,
    callSign: r.callSign,
    deviceNoId: dr.deviceNoId,
    deviceNo: r.deviceNo,
    hpNoSectionId: dr.hpNoSectionId,
    phoneNo: r.phoneNo,
    remark: dr.remark,
    statusAlert: dr.statusAlert,
    version: dr.version,
    members: people.people.get(id) ?? [],
    membersFromTeam: people.fromTeam.has(id),
    status: clockStatus(dr, now),
    lifecycle: r.lifecycle,
    isDisemak: dr.isDisemak,
    isDisahkan: dr.isDisahkan,
    usage,
  };
}

/** dutyroster/get/{id} */
export async function getRoster(db: Db, user: TokenClaims, id: number): Promise<RosterDetail> {
  await rosterReadable(db, user, id);
  return rosterDetail(db, id);
}

/** dutyroster/getActivePrDetails/{id}: the roster and its latest position. */
export async function activePrDetails(db: Db, user: TokenClaims, id: number): Promise<ActivePrDetails> {
  await rosterReadable(db, user, id);
  const [detail, [pos], geo] = await Promise.all([
    rosterDetail(db, id),
    db.select(latestColumns).from(rosterLatestPosition).where(eq(rosterLatestPosition.dutyRosterId, id)),
    geoIndex(db),
  ]);
  return { ...detail, latestPosition: pos ? toLocation(geo, pos) : null };
}

/** rosterRoles/getRosterRolesByDutyRosterId/{id} */
export async function rosterRoles(db: Db, user: TokenClaims, id: number): Promise<RosterRoleRow[]> {
  await rosterReadable(db, user, id);
  const { people, memberRowIds } = await rosterPeople(db, [id]);
  const rows = memberRowIds.get(id);
  return (people.get(id) ?? []).map((p) => ({ ...p, pkDutyRosterId: id, pkTeamMemberId: rows?.get(p.pkStaffId) ?? null }));
}

// ------------------------------------------------------------------------------------------------ lookups

/** devicenoid/getAll: every tablet, active first, by number. */
export async function allDevices(db: Db): Promise<DeviceItem[]> {
  const rows = await db
    .select({ key: deviceNo.id, value: deviceNo.deviceNo, sectionName: section.name, sectionId: deviceNo.sectionId, isActive: deviceNo.isActive })
    .from(deviceNo)
    .leftJoin(section, eq(section.id, deviceNo.sectionId))
    .orderBy(sql`${deviceNo.isActive} desc`, asc(deviceNo.deviceNo));
  return rows.map(({ sectionName, ...r }) => ({ ...r, description: sectionName ?? 'Pool' }));
}

/** hpnosection/getbySectionId/{id}: the section's phones (a specific part's come with its combined section's). */
export async function phonesOfSection(db: Db, user: TokenClaims, sectionId: number): Promise<PhoneItem[]> {
  await assertSectionInScope(db, user, sectionId);
  const ids = await phoneSectionIds(db, sectionId);
  const rows = await db
    .select({
      key: hpNoSection.id,
      value: hpNoSection.phoneNo,
      sectionName: section.name,
      sectionId: hpNoSection.sectionId,
      isActive: hpNoSection.isActive,
    })
    .from(hpNoSection)
    .innerJoin(section, eq(section.id, hpNoSection.sectionId))
    .where(inArray(hpNoSection.sectionId, ids))
    .orderBy(sql`${hpNoSection.isActive} desc`, asc(hpNoSection.phoneNo));
  return rows.map(({ sectionName, ...r }) => ({ ...r, description: sectionName }));
}

/** A section, its specific parts (combined) and its combined section (a part): whose phones a roster may carry. */
async function phoneSectionIds(db: Db, sectionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: section.id, combinedSectionId: section.combinedSectionId })
    .from(section)
    .where(or(eq(section.id, sectionId), eq(section.combinedSectionId, sectionId)));
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) if (r.id === sectionId && r.combinedSectionId) ids.add(r.combinedSectionId);
  return [...ids];
}

/** dutyroster/formOptions/{sectionId}: what the roster form offers for a section. */
export async function formOptions(db: Db, user: TokenClaims, sectionId: number, rosterId?: number): Promise<RosterFormOptions> {
  const regionId = await assertSectionInScope(db, user, sectionId);
  const current = rosterId ? await rosterInScope(db, user, rosterId) : null;
  const [sec] = await db.select({ name: section.name }).from(section).where(eq(section.id, sectionId));
  const phoneIds = await phoneSectionIds(db, sectionId);
  const [teams, members, roles, vehicles, devices, phones] = await Promise.all([
    db
      .select({ key: team.id, value: team.name, isActive: team.isActive, shiftId: teamSchedule.shiftId, vehicleId: teamSchedule.vehicleId })
      .from(team)
      .leftJoin(teamSchedule, eq(teamSchedule.teamId, team.id))
      .where(and(eq(team.sectionId, sectionId), current ? or(eq(team.isActive, true), eq(team.id, current.teamId)) : eq(team.isActive, true)))
      .orderBy(asc(team.name), asc(teamSchedule.id)),
    db
      .select({
        teamId: teamMember.teamId,
        pkStaffId: staff.id,
        staffNo: staff.staffNo,
        displayName: staff.displayName,
        position: staff.position,
        isActive: staff.isActive,
      })
      .from(teamMember)
      .innerJoin(team, eq(team.id, teamMember.teamId))
      .innerJoin(staff, eq(staff.id, teamMember.staffId))
      .where(eq(team.sectionId, sectionId))
      .orderBy(asc(teamMember.id)),
    rosterRoleNames(db),
    db
      .select({
        key: vehicle.id,
        value: vehicle.plateNumber,
        vehicleType: vehicle.vehicleType,
        callSign: callSign.callSign,
        isActive: vehicle.isActive,
        needsAttention: sql<boolean>`(${vehicle.attentionSince} is not null)`,
        attentionReason: vehicle.attentionReason,
      })
      .from(vehicle)
      .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
      .where(eq(vehicle.sectionId, sectionId))
      .orderBy(sql`${vehicle.isActive} desc`, asc(vehicle.vehicleType), asc(vehicle.plateNumber)),
    allDevices(db),
    db
      .select({
        key: hpNoSection.id,
        value: hpNoSection.phoneNo,
        sectionName: section.name,
        sectionId: hpNoSection.sectionId,
        isActive: hpNoSection.isActive,
      })
      .from(hpNoSection)
      .innerJoin(section, eq(section.id, hpNoSection.sectionId))
      .where(and(inArray(hpNoSection.sectionId, phoneIds), eq(hpNoSection.isActive, true)))
      .orderBy(asc(hpNoSection.phoneNo)),
  ]);
  const seen = new Set<number>();
  return {
    section: { sectionId, sectionName: sec?.name ?? '', regionId },
    teams: teams
      .filter((t) => !seen.has(t.key) && seen.add(t.key))
      .map((t) => ({
        ...t,
        members: members
          .filter((m) => m.teamId === t.key)
          .map(({ teamId: _t, ...m }) => {
            const role = defaultRosterRole(m.position);
            return { ...m, rosterRoleId: role, rosterRoleName: roles.get(role) ?? null };
          }),
      })),
    vehicles,
    devices: devices.filter((d) => d.isActive && (d.sectionId === null || phoneIds.includes(d.sectionId))),
    phones: phones.map(({ sectionName, ...p }) => ({ ...p, description: sectionName })),
  };
}

// ------------------------------------------------------------------------------------------------ save

/** What the history of a roster keeps, as a person reads it. */
async function historyValues(db: Db, id: number) {
  const d = await rosterDetail(db, id);
  return {
    dutyRosterName: d.dutyRosterName,
    section: d.sectionName,
    jenisRoster: d.jenisRosterName,
    shift: d.shiftName,
    team: d.teamName,
    startDate: dmy(d.startDate),
    endDate: dmy(d.endDate),
    startHour: d.startHour,
    endHour: d.endHour,
    vehicle: d.plateNumber,
    deviceNo: d.deviceNo,
    phoneNo: d.phoneNo,
    members: d.members.map((m) => `${m.displayName} (${m.rosterRoleName ?? '—'})`),
    remark: d.remark,
    statusAlert: d.statusAlert,
  };
}

interface Planned {
  values: Omit<typeof dutyRoster.$inferInsert, 'id'>;
  members: { staffId: number; rosterRoleId: number }[];
}

/**
 * Every check of a roster to be written (new, or `self` being edited), in the order a person would fix them: what
 * the roster is made of, then its times, then who and what is already taken. Answers the row and its members.
 */
async function planRoster(
  tx: Db,
  input: RosterSaveParsed,
  sec: { id: number; name: string; regionId: number },
  self: number | null,
): Promise<Planned> {
  // the team: of the section, active
  const [t] = await tx
    .select({ id: team.id, name: team.name, sectionId: team.sectionId, isActive: team.isActive })
    .from(team)
    .where(eq(team.id, input.teamId));
  if (!t) throw badRequest('Pasukan tidak wujud.', 'teamId');
  if (t.sectionId !== sec.id) throw badRequest(`Pasukan ${t.name} bukan pasukan seksyen ${sec.name}.`, 'teamId');
  if (!t.isActive) throw badRequest(`Pasukan ${t.name} tidak aktif; pilih pasukan yang aktif.`, 'teamId');

  // the roster type and the shift
  if (input.jenisRosterId !== null) {
    const [j] = await tx
      .select({ key: lookupItem.key })
      .from(lookupItem)
      .where(and(eq(lookupItem.key, input.jenisRosterId), eq(lookupItem.category, 'jenisRoster')));
    if (!j) throw badRequest(ROSTER_MESSAGES.unknownJenisRoster, 'jenisRosterId');
  }
  const [s] = await tx.select().from(shift).where(eq(shift.id, input.shiftId));
  if (!s) throw badRequest('Syif tidak wujud.', 'shiftId');
  if (!s.isActive) throw badRequest(`Syif ${s.name} tidak aktif; pilih syif yang aktif.`, 'shiftId');
  if (input.jenisRosterId !== null && s.jenisRosterId !== input.jenisRosterId)
    throw badRequest(`Syif ${s.name} bukan syif bagi jenis roster yang dipilih.`, 'shiftId');

  // the times: the shift's hours by default; without an end date a shift ending at or before its start ends next day
  const startHour = input.startHour ?? s.startHour;
  const endHour = input.endHour ?? s.endHour;
  const endDate = input.endDate ?? (endsNextDay(startHour, endHour) ? addDays(input.startDate, 1) : input.startDate);
  const startsAt = bruneiInstant(input.startDate, startHour);
  const endsAt = bruneiInstant(endDate, endHour);
  if (endsAt <= startsAt)
    throw badRequest(
      `${ROSTER_MESSAGES.endBeforeStart} (${dmy(input.startDate)} ${startHour} – ${dmy(endDate)} ${endHour})`,
      input.endDate ? 'endDate' : 'endHour',
    );
  if (endsAt.getTime() - startsAt.getTime() > ROSTER_MAX_HOURS * 3_600_000) throw badRequest(ROSTER_MESSAGES.tooLong, 'endDate');

  // one roster per team, shift and start date
  const [dup] = await tx
    .select({ id: dutyRoster.id, name: dutyRoster.dutyRosterName })
    .from(dutyRoster)
    .where(
      and(
        eq(dutyRoster.teamId, t.id),
        eq(dutyRoster.shiftId, s.id),
        eq(dutyRoster.startDate, input.startDate),
        self ? sql`${dutyRoster.id} <> ${self}` : undefined,
      ),
    );
  if (dup) throw conflictAt(`Pasukan ${t.name} sudah mempunyai jadual tugas ${s.name} pada ${dmy(input.startDate)} (${dup.name}).`, 'startDate');

  // the vehicle, device and phone
  let plate: string | null = null;
  if (input.vehicleId !== null) {
    const [v] = await tx
      .select({ plate: vehicle.plateNumber, sectionId: vehicle.sectionId, isActive: vehicle.isActive })
      .from(vehicle)
      .where(eq(vehicle.id, input.vehicleId));
    if (!v) throw badRequest('Kenderaan tidak wujud.', 'vehicleId');
    if (v.sectionId !== sec.id) throw badRequest(`Kenderaan ${v.plate} bukan kenderaan seksyen ${sec.name}.`, 'vehicleId');
    if (!v.isActive) throw badRequest(`Kenderaan ${v.plate} tidak aktif dan tidak boleh digunakan dalam jadual tugas.`, 'vehicleId');
    plate = v.plate;
  }
  if (input.deviceNoId !== null) {
    const [d] = await tx.select({ no: deviceNo.deviceNo, isActive: deviceNo.isActive }).from(deviceNo).where(eq(deviceNo.id, input.deviceNoId));
    if (!d) throw badRequest(ROSTER_MESSAGES.unknownDevice, 'deviceNoId');
    if (!d.isActive) throw badRequest(`Peranti ${d.no} tidak aktif.`, 'deviceNoId');
  }
  if (input.hpNoSectionId !== null) {
    const [p] = await tx
      .select({ no: hpNoSection.phoneNo, sectionId: hpNoSection.sectionId, isActive: hpNoSection.isActive })
      .from(hpNoSection)
      .where(eq(hpNoSection.id, input.hpNoSectionId));
    if (!p) throw badRequest(ROSTER_MESSAGES.unknownPhone, 'hpNoSectionId');
    if (!(await phoneSectionIds(tx, sec.id)).includes(p.sectionId))
      throw badRequest(`No. telefon ${p.no} bukan telefon seksyen ${sec.name}.`, 'hpNoSectionId');
    if (!p.isActive) throw badRequest(`No. telefon ${p.no} tidak aktif.`, 'hpNoSectionId');
  }

  // the people: as sent, or the team's members (minus those released from this roster by leave)
  let members = input.members ?? [];
  if (!members.length) {
    const teamPeople = await tx
      .select({ staffId: staff.id, position: staff.position })
      .from(teamMember)
      .innerJoin(staff, eq(staff.id, teamMember.staffId))
      .where(
        and(
          eq(teamMember.teamId, t.id),
          self
            ? sql`not exists (select 1 from ${dutyRosterAbsence} where ${dutyRosterAbsence.dutyRosterId} = ${self} and ${dutyRosterAbsence.staffId} = ${staff.id})`
            : undefined,
        ),
      )
      .orderBy(asc(teamMember.id));
    members = teamPeople.map((p) => ({ staffId: p.staffId, rosterRoleId: defaultRosterRole(p.position) }));
  }
  if (!members.length) throw badRequest(`${ROSTER_MESSAGES.noMembers} Pasukan ${t.name} tiada ahli.`, 'members');
  if (members.filter((m) => m.rosterRoleId === ROSTER_ROLE.LEADER).length > 1) throw badRequest(ROSTER_MESSAGES.oneLeader, 'members');
  const staffIds = members.map((m) => m.staffId);
  const people = await tx
    .select({ id: staff.id, name: staff.displayName, isActive: staff.isActive, regionId: section.regionId })
    .from(staff)
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(inArray(staff.id, staffIds));
  const missing = staffIds.filter((id) => !people.some((p) => p.id === id));
  if (missing.length) throw badRequest(`Kakitangan tidak dijumpai (id ${missing.join(', ')}).`, 'members');
  for (const p of people) {
    if (!p.isActive) throw badRequest(`${p.name} tidak aktif dan tidak boleh dimasukkan ke dalam jadual tugas.`, 'members');
    if (p.regionId !== sec.regionId) throw badRequest(`${p.name} bukan kakitangan wilayah seksyen ${sec.name}.`, 'members');
  }

  // approved leave over the roster's days
  const [leave] = await approvedLeave(tx, staffIds, input.startDate, endDate);
  if (leave) {
    throw conflictAt(
      `${leave.displayName} bercuti (${leaveTypeName(leave.leaveTypeId)}) dari ${dmy(leave.dateFrom)} hingga ${dmy(leave.dateTo)} dan tidak boleh dimasukkan ke dalam jadual tugas ${dmy(input.startDate)}.`,
      'members',
    );
  }
  // a person or the vehicle in another roster at the same time
  const span = { startsAt, endsAt };
  const busy = (await rostersOfPeople(tx, staffIds, startsAt, endsAt, self ? [self] : [])).find((h) => overlaps(h, span));
  if (busy) {
    const who = people.find((p) => p.id === busy.staffId)?.name ?? `Kakitangan ${busy.staffId}`;
    throw conflictAt(`${who} sudah bertugas dalam jadual tugas ${busy.rosterName} pada masa yang sama.`, 'members');
  }
  if (input.vehicleId !== null) {
    const [taken] = (await rostersOfVehicles(tx, [input.vehicleId], startsAt, endsAt, self ?? undefined)).filter((h) => overlaps(h, span));
    if (taken) throw conflictAt(`Kenderaan ${plate} sudah digunakan oleh jadual tugas ${taken.rosterName} pada masa yang sama.`, 'vehicleId');
  }

  return {
    values: {
      sectionId: sec.id,
      shiftId: s.id,
      teamId: t.id,
      vehicleId: input.vehicleId,
      dutyRosterName: `${t.name} ${nameDate(input.startDate)}`,
      startDate: input.startDate,
      endDate,
      startHour,
      endHour,
      startsAt,
      endsAt,
      remark: input.remark || null,
      statusAlert: input.statusAlert,
      jenisRosterId: input.jenisRosterId ?? s.jenisRosterId,
      deviceNoId: input.deviceNoId,
      hpNoSectionId: input.hpNoSectionId,
    },
    members,
  };
}

/** The section a roster may be on: listed (§5: no G, not a specific part of a combined section), 400 otherwise. */
async function listedSection(db: Db, sectionId: number) {
  const [sec] = await db
    .select({ id: section.id, name: section.name, regionId: section.regionId })
    .from(section)
    .where(and(eq(section.id, sectionId), isNull(section.combinedSectionId), sql`${section.name} not like '%G%'`));
  if (!sec) throw badRequest(ROSTER_MESSAGES.sectionNotListed, 'sectionId');
  return sec;
}

/** dutyroster/save and portal/save: a new roster (no pkDutyRosterId) or an edit (version required). */
export async function saveRoster(db: Db, user: TokenClaims, input: RosterSaveParsed): Promise<RosterDetail> {
  // access first: the roster being changed, then the section it is put on
  if (input.pkDutyRosterId) await rosterInScope(db, user, input.pkDutyRosterId);
  await assertSectionInScope(db, user, input.sectionId);
  const sec = await listedSection(db, input.sectionId);

  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await lockRosterWrites(tx);
      const current = input.pkDutyRosterId ? await rosterInScope(tx, user, input.pkDutyRosterId, { forUpdate: true }) : null;
      if (current) {
        if (current.version !== input.version) throw staleConflict(ROSTER_MESSAGES.stale, await rosterDetail(tx, current.id));
        if (current.isDisemak || current.isDisahkan) throw conflict(ROSTER_MESSAGES.locked);
      }
      const plan = await planRoster(tx, input, sec, current?.id ?? null);
      if (!current) {
        const [created] = await tx.insert(dutyRoster).values(plan.values).returning({ id: dutyRoster.id });
        await tx
          .insert(dutyRosterMember)
          .values(plan.members.map((m) => ({ dutyRosterId: created.id, staffId: m.staffId, rosterRoleId: m.rosterRoleId })));
        await recordChange(tx, user, 'roster', created.id, 'create', null, await historyValues(tx, created.id));
        return created.id;
      }
      const before = await historyValues(tx, current.id);
      await tx
        .update(dutyRoster)
        .set({ ...plan.values, version: sql`${dutyRoster.version} + 1`, updatedAt: clockNow() })
        .where(eq(dutyRoster.id, current.id));
      await tx.delete(dutyRosterMember).where(eq(dutyRosterMember.dutyRosterId, current.id));
      await tx
        .insert(dutyRosterMember)
        .values(plan.members.map((m) => ({ dutyRosterId: current.id, staffId: m.staffId, rosterRoleId: m.rosterRoleId })));
      await recordChange(tx, user, 'roster', current.id, 'update', before, await historyValues(tx, current.id));
      return current.id;
    });
  } catch (err) {
    // the unique (team, shift, start date) index, when a concurrent write got there between the check and the insert
    if (sqlStateOf(err) === '23505') throw conflictAt('Pasukan ini sudah mempunyai jadual tugas bagi syif dan tarikh mula yang sama.', 'startDate');
    throw err;
  }
  return rosterDetail(db, id);
}

// ------------------------------------------------------------------------------------------------ delete

/** dutyroster/delete: a roster nothing uses is erased with its people; otherwise 409 saying what uses it. */
export async function deleteRoster(
  db: Db,
  user: TokenClaims,
  input: { pkDutyRosterId: number; version?: number },
): Promise<{ pkDutyRosterId: number }> {
  await rosterInScope(db, user, input.pkDutyRosterId);
  await db.transaction(async (tx) => {
    await lockRosterWrites(tx);
    const current = await rosterInScope(tx, user, input.pkDutyRosterId, { forUpdate: true });
    if (input.version !== undefined && current.version !== input.version)
      throw staleConflict(ROSTER_MESSAGES.stale, await rosterDetail(tx, current.id));
    if (current.isDisemak || current.isDisahkan) throw conflict(ROSTER_MESSAGES.locked);
    const usage = await usageOf(tx, current.id);
    const [{ alerts }] = await tx
      .select({ alerts: sql<number>`count(*)::int` })
      .from(alertNotification)
      .where(eq(alertNotification.dutyRosterId, current.id));
    const uses = [
      usage.activities ? `${usage.activities} catatan aktiviti` : null,
      usage.cases ? `${usage.cases} kes` : null,
      usage.positions ? `${usage.positions} kedudukan GPS` : null,
      alerts ? `${alerts} notifikasi` : null,
    ].filter(Boolean);
    if (uses.length) throw conflict(`Jadual tugas ${current.name} tidak boleh dipadam kerana ia mempunyai ${uses.join(', ')}.`);
    const before = await historyValues(tx, current.id);
    await tx.delete(dutyRosterMember).where(eq(dutyRosterMember.dutyRosterId, current.id));
    await tx.delete(dutyRosterAbsence).where(eq(dutyRosterAbsence.dutyRosterId, current.id));
    await tx.delete(dutyRoster).where(eq(dutyRoster.id, current.id));
    await recordChange(tx, user, 'roster', current.id, 'delete', before, null);
  });
  return { pkDutyRosterId: input.pkDutyRosterId };
}

/** admin_change rows of rosters created by a month generation (one insert). */
export async function recordGenerated(tx: Db, user: TokenClaims, rows: { id: number; values: Record<string, unknown> }[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(adminChange).values(
      rows.slice(i, i + 500).map((r) => ({
        entity: 'roster',
        entityId: r.id,
        action: 'create',
        userId: Number(user.sub),
        staffId: user.sid,
        changes: Object.entries(r.values).map(([field, value]) => ({ field, old: null, new: value })),
      })),
    );
  }
}

export type { RosterPerson };
