/**
 * Shifts (issue #14 item 5; §7.5 namasyifid). Shifts are shared by every region: reads for readOrg, writes for the
 * national roles (adminShifts), so no region scope applies. shift.id is a plain integer key (the §7 pkNamaSyifId
 * values are small numbers): a new shift takes max(id)+1 inside its transaction; a concurrent insert of the same id
 * waits for the other and then finds its key taken (ON CONFLICT DO NOTHING), and the next try reads the new max.
 * A shift used by a duty roster or a team schedule is deactivated, never deleted (rosters keep their own hours).
 */
import { and, asc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import {
  crossesMidnight,
  SHIFT_MESSAGES,
  shiftMinutes,
  type NamaSyifItem,
  type ShiftDeleteResult,
  type ShiftFilter,
  type ShiftRow,
  type ShiftSave,
} from '../../../contract/shifts';
import type { Db } from '../../db/client';
import { dutyRoster, lookupItem, shift, teamSchedule } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { escapeLike, listPage, orderOf, totalOver, type Sortable } from '../../lib/data-table';
import { badRequest, conflict, notFound } from '../../lib/http-error';

const category = alias(lookupItem, 'category');
const jenisRoster = alias(lookupItem, 'jenis_roster');

const rosterCount = sql<number>`(select count(*)::int from ${dutyRoster} where ${dutyRoster.shiftId} = ${shift.id})`;
const scheduleCount = sql<number>`(select count(*)::int from ${teamSchedule} where ${teamSchedule.shiftId} = ${shift.id})`;

const columns = {
  s: shift,
  categoryName: category.value,
  jenisRosterName: jenisRoster.value,
  rosterCount,
  scheduleCount,
};
type DbRow = {
  s: typeof shift.$inferSelect;
  categoryName: string | null;
  jenisRosterName: string | null;
  rosterCount: number;
  scheduleCount: number;
};

const selectRows = (db: Db) =>
  db
    .select(columns)
    .from(shift)
    .leftJoin(category, and(eq(category.key, shift.categoryId), eq(category.category, 'shiftCategory')))
    .leftJoin(jenisRoster, and(eq(jenisRoster.key, shift.jenisRosterId), eq(jenisRoster.category, 'jenisRoster')));

const selectListRows = (db: Db) =>
  db
    .select({ ...columns, total: totalOver() })
    .from(shift)
    .leftJoin(category, and(eq(category.key, shift.categoryId), eq(category.category, 'shiftCategory')))
    .leftJoin(jenisRoster, and(eq(jenisRoster.key, shift.jenisRosterId), eq(jenisRoster.category, 'jenisRoster')));

function toRow(r: DbRow): ShiftRow {
  const s = r.s;
  return {
    pkShiftId: s.id,
    name: s.name,
    categoryId: s.categoryId,
    categoryName: r.categoryName,
    startHour: s.startHour,
    endHour: s.endHour,
    crossesMidnight: crossesMidnight(s.startHour, s.endHour),
    durationMinutes: shiftMinutes(s.startHour, s.endHour),
    jenisRosterId: s.jenisRosterId,
    jenisRosterName: r.jenisRosterName,
    isActive: s.isActive,
    rosterCount: Number(r.rosterCount),
    scheduleCount: Number(r.scheduleCount),
  };
}

/** The fields of a shift the change history keeps, the category and roster type by their names. */
async function historyValues(db: Db, s: typeof shift.$inferSelect) {
  const keys = [s.categoryId, s.jenisRosterId].filter((k): k is number => k !== null);
  const names = keys.length
    ? await db.select({ key: lookupItem.key, value: lookupItem.value }).from(lookupItem).where(inArray(lookupItem.key, keys))
    : [];
  const name = (k: number | null) => (k === null ? null : (names.find((n) => n.key === k)?.value ?? String(k)));
  return {
    name: s.name,
    category: name(s.categoryId),
    startHour: s.startHour,
    endHour: s.endHour,
    rosterType: name(s.jenisRosterId),
    isActive: s.isActive,
  };
}

const SORTABLE: Sortable = {
  pkShiftId: shift.id,
  name: shift.name,
  startHour: shift.startHour,
  endHour: shift.endHour,
  categoryName: category.value,
  jenisRosterName: jenisRoster.value,
  isActive: shift.isActive,
};

export async function listShifts(db: Db, f: ShiftFilter, q: DataTablesQuery): Promise<{ rows: ShiftRow[]; recordCount: number }> {
  const conds: (SQL | undefined)[] = [];
  for (const word of (f.text ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) conds.push(ilike(shift.name, `%${escapeLike(word)}%`));
  if (f.categoryId) conds.push(eq(shift.categoryId, f.categoryId));
  if (f.jenisRosterId) conds.push(eq(shift.jenisRosterId, f.jenisRosterId));
  if (f.isActive !== undefined) conds.push(eq(shift.isActive, f.isActive));
  const qb = selectListRows(db)
    .where(and(...conds))
    .$dynamic();
  const { rows, recordCount } = await listPage<typeof qb, DbRow & { total: number }>(qb, q, orderOf(q, SORTABLE, 'startHour', [shift.id]));
  return { rows: rows.map(toRow), recordCount };
}

export async function findShift(db: Db, id: number): Promise<ShiftRow | undefined> {
  const [row] = await selectRows(db).where(eq(shift.id, id));
  return row ? toRow(row) : undefined;
}

export async function getShift(db: Db, id: number): Promise<ShiftRow> {
  const row = await findShift(db, id);
  if (!row) throw notFound(SHIFT_MESSAGES.notFound);
  return row;
}

async function isLookupKey(db: Db, list: string, key: number): Promise<boolean> {
  const [row] = await db
    .select({ key: lookupItem.key })
    .from(lookupItem)
    .where(and(eq(lookupItem.category, list), eq(lookupItem.key, key)));
  return !!row;
}

export async function saveShift(db: Db, user: TokenClaims, input: ShiftSave): Promise<ShiftRow> {
  const name = input.name.trim();
  const isActive = input.isActive ?? true;
  // the schema refuses equal hours too; this is the rule, whoever calls the service
  if (input.startHour === input.endHour) throw badRequest(SHIFT_MESSAGES.sameHours, 'endHour');
  const id = await db.transaction(async (tx) => {
    let before: typeof shift.$inferSelect | undefined;
    if (input.pkShiftId) {
      [before] = await tx.select().from(shift).where(eq(shift.id, input.pkShiftId)).for('update');
      if (!before) throw notFound(SHIFT_MESSAGES.notFound);
    }
    if (!(await isLookupKey(tx, 'shiftCategory', input.categoryId))) throw badRequest(SHIFT_MESSAGES.category, 'categoryId');
    if (!(await isLookupKey(tx, 'jenisRoster', input.jenisRosterId))) throw badRequest(SHIFT_MESSAGES.jenisRoster, 'jenisRosterId');
    if (isActive) {
      const [same] = await tx
        .select({ id: shift.id })
        .from(shift)
        .where(and(sql`lower(${shift.name}) = lower(${name})`, eq(shift.isActive, true), before ? ne(shift.id, before.id) : undefined))
        .limit(1);
      if (same) throw conflict(`${SHIFT_MESSAGES.duplicateName} (syif #${same.id})`);
    }
    const values = {
      name,
      categoryId: input.categoryId,
      startHour: input.startHour,
      endHour: input.endHour,
      jenisRosterId: input.jenisRosterId,
      isActive,
    };
    if (before) {
      const [after] = await tx.update(shift).set(values).where(eq(shift.id, before.id)).returning();
      const action = before.isActive === after.isActive ? 'update' : after.isActive ? 'activate' : 'deactivate';
      await recordChange(tx, user, 'shift', after.id, action, await historyValues(tx, before), await historyValues(tx, after));
      return after.id;
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const [{ next }] = await tx.select({ next: sql<number>`(coalesce(max(${shift.id}), 0) + 1)::int` }).from(shift);
      const [created] = await tx
        .insert(shift)
        .values({ id: Number(next), ...values })
        .onConflictDoNothing()
        .returning();
      if (created) {
        await recordChange(tx, user, 'shift', created.id, 'create', null, await historyValues(tx, created));
        return created.id;
      }
    }
    throw conflict('Syif baharu tidak dapat diberi nombor kerana simpanan serentak. Sila cuba lagi.');
  });
  return (await findShift(db, id))!;
}

export async function deleteShift(db: Db, user: TokenClaims, id: number): Promise<ShiftDeleteResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(shift).where(eq(shift.id, id)).for('update');
    if (!before) throw notFound(SHIFT_MESSAGES.notFound);
    // the row lock above waits for any roster or schedule being made with this shift (their key-share lock)
    const [roster] = await tx.select({ id: dutyRoster.id }).from(dutyRoster).where(eq(dutyRoster.shiftId, id)).limit(1);
    const [schedule] = roster ? [] : await tx.select({ id: teamSchedule.id }).from(teamSchedule).where(eq(teamSchedule.shiftId, id)).limit(1);
    if (roster || schedule) {
      if (before.isActive) {
        const [after] = await tx.update(shift).set({ isActive: false }).where(eq(shift.id, id)).returning();
        await recordChange(tx, user, 'shift', id, 'deactivate', await historyValues(tx, before), await historyValues(tx, after));
      }
      return { pkShiftId: id, outcome: 'deactivated' as const };
    }
    await tx.delete(shift).where(eq(shift.id, id));
    await recordChange(tx, user, 'shift', id, 'delete', await historyValues(tx, before), null);
    return { pkShiftId: id, outcome: 'deleted' as const };
  });
}

/** namasyifid/getByJenisRosterId: the active shifts of a roster type, earliest start first. */
export async function shiftsByJenisRoster(db: Db, jenisRosterId: number): Promise<NamaSyifItem[]> {
  if (!(await isLookupKey(db, 'jenisRoster', jenisRosterId))) throw notFound(SHIFT_MESSAGES.jenisRosterNotFound);
  const rows = await db
    .select({ s: shift, categoryName: category.value })
    .from(shift)
    .leftJoin(category, and(eq(category.key, shift.categoryId), eq(category.category, 'shiftCategory')))
    .where(and(eq(shift.jenisRosterId, jenisRosterId), eq(shift.isActive, true)))
    .orderBy(asc(shift.startHour), asc(shift.name), asc(shift.id));
  return rows.map(({ s, categoryName }) => ({
    key: s.id,
    value: s.name,
    description: `${s.startHour}–${s.endHour}${crossesMidnight(s.startHour, s.endHour) ? ' (+1 hari)' : ''}${categoryName ? ` · ${categoryName}` : ''}`,
    startHour: s.startHour,
    endHour: s.endHour,
    categoryId: s.categoryId,
    crossesMidnight: crossesMidnight(s.startHour, s.endHour),
  }));
}
