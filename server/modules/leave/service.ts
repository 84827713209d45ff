/**
 * Leave administration (issue #14 item 3). Every call checks access first: the permission (adminOrg, on the route),
 * then the region of the leave's staff member (a manager works on its own region; national roles on all), then the
 * rule of the call. Each change is written with its change-log record in one transaction.
 *
 * - save: a new leave is 'requested'; only a requested leave may be edited. The person's row is locked while the
 *   overlap with their other requested or approved leave is checked, so two saves cannot both slip in (409).
 * - decide: approve or reject a requested leave; nobody decides their own. Approving a leave that meets rosters the
 *   person is on needs rosterAction: 'release' writes duty_roster_absence rows (off those rosters, which stay),
 *   'keep' leaves the person on them and the conflicts stay visible.
 * - delete: requested leave only, all or none.
 */
import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import {
  LEAVE_MESSAGES,
  LEAVE_STAFF_OPTIONS_MAX,
  LEAVE_STATUS_LABEL,
  leaveTypeName,
  type LeaveCheck,
  type LeaveCheckResult,
  type LeaveDecide,
  type LeaveDelete,
  type LeaveFilter,
  type LeaveRow,
  type LeaveSave,
  type LeaveStaffOption,
  type LeaveStaffOptionsFilter,
  type LeaveStatus,
} from '../../../contract/leave';
import { can } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { dutyRosterAbsence, section, staff, staffLeave } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { CSV_EXPORT_MAX_ROWS, escapeLike, toCsv, type CsvColumn } from '../../lib/data-table';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { assertSectionInScope, inScope, regionScopeOf } from '../../lib/scope';
import { findLeave, findLeaves, leaveCsvRows, leaveOwner, overlappingLeaves, rosterConflicts } from './queries';
import { now as clockNow } from '../../lib/clock';

const dmy = (ymd: string) => `${ymd.slice(8, 10)}-${ymd.slice(5, 7)}-${ymd.slice(0, 4)}`;

/**
 * The fields of a leave the change history keeps, as a person reads them: the staff member and the approver by name
 * and number, the type and status by their labels, dates dd-mm-yyyy.
 */
async function historyValues(db: Db, l: typeof staffLeave.$inferSelect) {
  const ids = [l.staffId, ...(l.approverStaffId ? [l.approverStaffId] : [])];
  const people = await db.select({ id: staff.id, name: staff.displayName, no: staff.staffNo }).from(staff).where(inArray(staff.id, ids));
  const who = (id: number | null) => {
    const p = id ? people.find((x) => x.id === id) : undefined;
    return p ? `${p.name} (${p.no})` : null;
  };
  return {
    staff: who(l.staffId),
    leaveType: leaveTypeName(l.leaveTypeId),
    dateFrom: dmy(l.dateFrom),
    dateTo: dmy(l.dateTo),
    remark: l.remark,
    status: LEAVE_STATUS_LABEL[l.status as LeaveStatus] ?? l.status,
    approver: who(l.approverStaffId),
  };
}

const ROSTER_ACTION_LABEL = { keep: 'Kekalkan dalam jadual tugas', release: 'Lepaskan daripada jadual tugas' } as const;

const mayReach = (user: TokenClaims, regionId: number) => {
  const scope = regionScopeOf(user);
  return scope === null || scope === regionId;
};

/** 404 when the leave does not exist, 403 when its staff member is of another region. Answers the leave. */
export async function assertLeaveAccess(db: Db, user: TokenClaims, id: number, lock = false) {
  if (!can(user.rn, 'adminOrg')) throw forbidden();
  const row = await leaveOwner(db, id, lock);
  if (!row) throw notFound(LEAVE_MESSAGES.notFound);
  if (!mayReach(user, row.regionId)) throw forbidden(LEAVE_MESSAGES.otherRegion);
  return row.l;
}

/** The staff member a leave is for: 400 when unknown (the field), 403 when of another region. */
async function staffInScope(db: Db, user: TokenClaims, staffId: number, lock: boolean) {
  const q = db
    .select({ id: staff.id, isActive: staff.isActive, regionId: section.regionId })
    .from(staff)
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(eq(staff.id, staffId));
  const [row] = lock ? await q.for('update', { of: staff }) : await q;
  if (!row) throw badRequest(LEAVE_MESSAGES.staffNotFound, 'pkStaffId');
  if (!mayReach(user, row.regionId)) throw forbidden(LEAVE_MESSAGES.otherRegion);
  return row;
}

/** A list filter's section or region must be within the caller's scope (403), as the roster list does. */
async function checkFilterScope(db: Db, user: TokenClaims, f: LeaveFilter) {
  if (f.pkSectionId) await assertSectionInScope(db, user, f.pkSectionId);
  const scope = regionScopeOf(user);
  if (f.pkRegionId && scope !== null && f.pkRegionId !== scope) throw forbidden('Wilayah ini di luar skop anda.');
  if (f.pkStaffId) {
    const [row] = await db
      .select({ regionId: section.regionId })
      .from(staff)
      .innerJoin(section, eq(section.id, staff.sectionId))
      .where(eq(staff.id, f.pkStaffId));
    if (row && !mayReach(user, row.regionId)) throw forbidden(LEAVE_MESSAGES.otherRegion);
  }
}

export async function listLeaves(db: Db, user: TokenClaims, f: LeaveFilter, q: DataTablesQuery) {
  await checkFilterScope(db, user, f);
  return findLeaves(db, user, f, q);
}

export async function getLeave(db: Db, user: TokenClaims, id: number): Promise<LeaveRow> {
  await assertLeaveAccess(db, user, id);
  return (await findLeave(db, id))!;
}

export async function checkLeave(db: Db, user: TokenClaims, input: LeaveCheck): Promise<LeaveCheckResult> {
  await staffInScope(db, user, input.pkStaffId, false);
  const [conflicts, overlapping] = await Promise.all([
    rosterConflicts(db, input.pkStaffId, input.dateFrom, input.dateTo),
    overlappingLeaves(db, input.pkStaffId, input.dateFrom, input.dateTo, input.pkLeaveId),
  ]);
  return {
    conflicts,
    overlapping: overlapping.map((o) => ({
      pkLeaveId: o.pkLeaveId,
      leaveTypeName: leaveTypeName(o.leaveTypeId),
      dateFrom: o.dateFrom,
      dateTo: o.dateTo,
      status: o.status as LeaveStatus,
    })),
  };
}

export async function saveLeave(db: Db, user: TokenClaims, input: LeaveSave, now = clockNow()): Promise<LeaveRow> {
  const remark = (input.remark ?? '').trim() || null;
  const id = await db.transaction(async (tx) => {
    let before: typeof staffLeave.$inferSelect | null = null;
    if (input.pkLeaveId) {
      before = await assertLeaveAccess(tx, user, input.pkLeaveId, true);
      if (before.status !== 'requested')
        throw conflict(`${LEAVE_MESSAGES.notRequested} (status: ${LEAVE_STATUS_LABEL[before.status as LeaveStatus] ?? before.status})`);
    }
    // the person's row is locked until the end of the transaction: overlapping saves for one person queue here
    const person = await staffInScope(tx, user, input.pkStaffId, true);
    if (!person.isActive && before?.staffId !== input.pkStaffId) throw badRequest(LEAVE_MESSAGES.staffInactive, 'pkStaffId');
    if (before && before.staffId !== input.pkStaffId) await staffInScope(tx, user, before.staffId, true);

    const overlap = await overlappingLeaves(tx, input.pkStaffId, input.dateFrom, input.dateTo, input.pkLeaveId);
    if (overlap.length) {
      const o = overlap[0];
      throw conflict(
        `${LEAVE_MESSAGES.overlap}: ${leaveTypeName(o.leaveTypeId)} ${dmy(o.dateFrom)} hingga ${dmy(o.dateTo)} (${LEAVE_STATUS_LABEL[o.status as LeaveStatus] ?? o.status}).`,
      );
    }

    const values = { staffId: input.pkStaffId, leaveTypeId: input.leaveTypeId, dateFrom: input.dateFrom, dateTo: input.dateTo, remark };
    if (before) {
      const [after] = await tx
        .update(staffLeave)
        .set({ ...values, updatedAt: now })
        .where(eq(staffLeave.id, before.id))
        .returning();
      await recordChange(tx, user, 'leave', after.id, 'update', await historyValues(tx, before), await historyValues(tx, after));
      return after.id;
    }
    const [created] = await tx
      .insert(staffLeave)
      .values({ ...values, status: 'requested', createdByStaffId: user.sid, createdAt: now, updatedAt: now })
      .returning();
    await recordChange(tx, user, 'leave', created.id, 'create', null, await historyValues(tx, created));
    return created.id;
  });
  return (await findLeave(db, id))!;
}

export async function decideLeave(db: Db, user: TokenClaims, input: LeaveDecide, now = clockNow()): Promise<LeaveRow> {
  await db.transaction(async (tx) => {
    const before = await assertLeaveAccess(tx, user, input.pkLeaveId, true);
    if (before.staffId === user.sid) throw forbidden(LEAVE_MESSAGES.ownLeave);
    if (before.status !== 'requested')
      throw conflict(`${LEAVE_MESSAGES.alreadyDecided} (status: ${LEAVE_STATUS_LABEL[before.status as LeaveStatus] ?? before.status})`);

    let released: string[] = [];
    if (input.decision === 'approved') {
      const conflicts = await rosterConflicts(tx, before.staffId, before.dateFrom, before.dateTo);
      if (conflicts.length && !input.rosterAction) {
        throw badRequest(`${LEAVE_MESSAGES.rosterActionRequired} Jadual bertembung: ${conflicts.length}.`, 'rosterAction');
      }
      if (conflicts.length && input.rosterAction === 'release') {
        const done = await tx
          .insert(dutyRosterAbsence)
          .values(conflicts.map((c) => ({ dutyRosterId: c.pkDutyRosterId, staffId: before.staffId, leaveId: before.id, createdAt: now })))
          .onConflictDoNothing()
          .returning({ id: dutyRosterAbsence.dutyRosterId });
        const ids = new Set(done.map((d) => d.id));
        released = conflicts.filter((c) => ids.has(c.pkDutyRosterId)).map((c) => `${c.dutyRosterName} (${c.shift} ${c.startHour}–${c.endHour})`);
      }
    }
    const [after] = await tx
      .update(staffLeave)
      .set({ status: input.decision, approverStaffId: user.sid, decidedAt: now, updatedAt: now })
      .where(eq(staffLeave.id, before.id))
      .returning();
    const rosterNote =
      input.decision === 'approved' && input.rosterAction
        ? { rosterAction: ROSTER_ACTION_LABEL[input.rosterAction], releasedRosters: released.length ? released : null }
        : {};
    await recordChange(tx, user, 'leave', after.id, 'update', await historyValues(tx, before), {
      ...(await historyValues(tx, after)),
      ...rosterNote,
    });
  });
  return (await findLeave(db, input.pkLeaveId))!;
}

export async function deleteLeaves(db: Db, user: TokenClaims, input: LeaveDelete): Promise<{ deleted: number[] }> {
  const ids = [...new Set(input.ids)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    const rows = [];
    for (const id of ids) {
      const l = await assertLeaveAccess(tx, user, id, true);
      if (l.status !== 'requested')
        throw conflict(
          `${LEAVE_MESSAGES.deleteNotRequested} (${dmy(l.dateFrom)} hingga ${dmy(l.dateTo)}: ${LEAVE_STATUS_LABEL[l.status as LeaveStatus] ?? l.status})`,
        );
      rows.push(l);
    }
    for (const l of rows) {
      await tx.delete(staffLeave).where(eq(staffLeave.id, l.id));
      await recordChange(tx, user, 'leave', l.id, 'delete', await historyValues(tx, l), null);
    }
  });
  return { deleted: ids };
}

// ------------------------------------------------------------------------------------------------ staff options

/** Active staff in the caller's scope to record leave for (by section, name or number), at most 50. */
export async function staffOptions(db: Db, user: TokenClaims, f: LeaveStaffOptionsFilter): Promise<LeaveStaffOption[]> {
  if (f.pkSectionId) await assertSectionInScope(db, user, f.pkSectionId);
  const conds: (SQL | undefined)[] = [inScope(user)];
  if (f.pkStaffId) conds.push(eq(staff.id, f.pkStaffId));
  else conds.push(eq(staff.isActive, true));
  if (f.pkSectionId) conds.push(eq(staff.sectionId, f.pkSectionId));
  for (const word of (f.text ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${escapeLike(word)}%`;
    conds.push(or(ilike(staff.displayName, like), ilike(staff.staffNo, like)));
  }
  return db
    .select({
      pkStaffId: staff.id,
      staffNo: staff.staffNo,
      displayName: staff.displayName,
      position: staff.position,
      pkSectionId: section.id,
      sectionName: section.name,
    })
    .from(staff)
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(and(...conds))
    .orderBy(asc(staff.displayName), asc(staff.id))
    .limit(LEAVE_STAFF_OPTIONS_MAX);
}

// ------------------------------------------------------------------------------------------------ CSV

type CsvRow = LeaveRow & { conflictCount: number };
const CSV_COLUMNS: CsvColumn<CsvRow>[] = [
  { label: 'No. Staf', value: (r) => r.staffNo },
  { label: 'Nama', value: (r) => r.displayName },
  { label: 'Jawatan', value: (r) => r.position },
  { label: 'Seksyen', value: (r) => r.sectionName },
  { label: 'Wilayah', value: (r) => r.regionName },
  { label: 'Jenis Cuti', value: (r) => r.leaveTypeName },
  { label: 'Dari', value: (r) => dmy(r.dateFrom) },
  { label: 'Hingga', value: (r) => dmy(r.dateTo) },
  { label: 'Hari', value: (r) => r.days },
  { label: 'Status', value: (r) => LEAVE_STATUS_LABEL[r.status] },
  { label: 'Pelulus', value: (r) => r.approver?.displayName ?? '' },
  { label: 'Catatan', value: (r) => r.remark ?? '' },
  { label: 'Jadual Bertembung', value: (r) => r.conflictCount },
];

export async function leaveCsv(db: Db, user: TokenClaims, f: LeaveFilter, q: Pick<DataTablesQuery, 'orderColumn' | 'direction'>): Promise<string> {
  await checkFilterScope(db, user, f);
  const rows = await leaveCsvRows(db, user, f, q, CSV_EXPORT_MAX_ROWS);
  return toCsv(rows, CSV_COLUMNS);
}
