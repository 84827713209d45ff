/**
 * The checklist master (issue #16; /maintenance, §7.6 assetChecklistMaster/*): per asset category, the items a daily
 * checklist counts. National: read with readOrg, written by any fleetManage role. The category is an assetCategory
 * lookup key (400); an item's name is unique among the active items of its category ignoring case (409; the partial
 * unique index asset_checklist_master_name_idx holds it too). An item a checklist counted is deactivated on delete,
 * never erased. Every change is recorded (entity 'checklistMaster').
 */
import { and, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import { FLEET_MESSAGES, type ChecklistMasterFilter, type ChecklistMasterRow, type FleetDeleteResult } from '../../../contract/fleet';
import type { Db } from '../../db/client';
import { assetChecklistMaster, dailyAssetChecklistItem, lookupItem } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { escapeLike, listPage, orderOf, totalOver, type Sortable } from '../../lib/data-table';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { assetCategoryName, uniqueViolationOf } from './access';

export interface ChecklistMasterSaveInput {
  pkAssetChecklistMasterId?: number;
  assetCategoryId: number;
  name: string;
  unitLabel: string;
  isMeasurable: boolean;
  defaultQuantity: number;
  sortOrder: number;
  isActive: boolean;
}

const category = alias(lookupItem, 'master_category');

function masterSelect(db: Db) {
  const used = db
    .select({ masterId: dailyAssetChecklistItem.assetChecklistMasterId, n: sql<number>`count(*)::int`.as('used_n') })
    .from(dailyAssetChecklistItem)
    .groupBy(dailyAssetChecklistItem.assetChecklistMasterId)
    .as('master_used');
  const usedCount = sql<number>`coalesce(${used.n}, 0)`;
  const columns = {
    pkAssetChecklistMasterId: assetChecklistMaster.id,
    assetCategoryId: assetChecklistMaster.assetCategoryId,
    assetCategoryName: category.value,
    name: assetChecklistMaster.name,
    unitLabel: assetChecklistMaster.unitLabel,
    isMeasurable: assetChecklistMaster.isMeasurable,
    defaultQuantity: assetChecklistMaster.defaultQuantity,
    sortOrder: assetChecklistMaster.sortOrder,
    isActive: assetChecklistMaster.isActive,
    usedCount,
  };
  const sortable: Sortable = {
    pkAssetChecklistMasterId: assetChecklistMaster.id,
    assetCategoryId: assetChecklistMaster.assetCategoryId,
    assetCategoryName: category.value,
    name: assetChecklistMaster.name,
    unitLabel: assetChecklistMaster.unitLabel,
    isMeasurable: assetChecklistMaster.isMeasurable,
    defaultQuantity: assetChecklistMaster.defaultQuantity,
    sortOrder: assetChecklistMaster.sortOrder,
    isActive: assetChecklistMaster.isActive,
    usedCount,
  };
  const query = (where: SQL | undefined) =>
    db
      .select({ ...columns, total: totalOver() })
      .from(assetChecklistMaster)
      .leftJoin(category, and(eq(category.key, assetChecklistMaster.assetCategoryId), eq(category.category, 'assetCategory')))
      .leftJoin(used, eq(used.masterId, assetChecklistMaster.id))
      .where(where)
      .$dynamic();
  return { query, sortable };
}

type DbRow = ChecklistMasterRow & { total: number };
const toRow = ({ total: _t, ...r }: DbRow): ChecklistMasterRow => ({ ...r, usedCount: Number(r.usedCount) });

/** assetChecklistMaster/dataTables: by category, then sort order, then name unless asked otherwise. */
export async function listChecklistMaster(
  db: Db,
  f: ChecklistMasterFilter,
  q: DataTablesQuery,
): Promise<{ rows: ChecklistMasterRow[]; recordCount: number }> {
  const parts: (SQL | undefined)[] = [];
  for (const word of (f.text ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) parts.push(ilike(assetChecklistMaster.name, `%${escapeLike(word)}%`));
  if (f.assetCategoryId) parts.push(eq(assetChecklistMaster.assetCategoryId, f.assetCategoryId));
  if (f.isActive !== undefined) parts.push(eq(assetChecklistMaster.isActive, f.isActive));
  const { query, sortable } = masterSelect(db);
  const qb = query(and(...parts));
  const { rows, recordCount } = await listPage<typeof qb, DbRow>(
    qb,
    q,
    orderOf(q, sortable, 'assetCategoryId', [assetChecklistMaster.sortOrder, sql`lower(${assetChecklistMaster.name})`, assetChecklistMaster.id]),
  );
  return { rows: rows.map((r) => toRow({ ...r, total: 0 })), recordCount };
}

export async function findChecklistMaster(db: Db, id: number): Promise<ChecklistMasterRow | undefined> {
  const [row] = (await masterSelect(db).query(eq(assetChecklistMaster.id, id))) as unknown as DbRow[];
  return row ? toRow(row) : undefined;
}

async function historyValues(db: Db, m: typeof assetChecklistMaster.$inferSelect) {
  return {
    category: (await assetCategoryName(db, m.assetCategoryId)) ?? String(m.assetCategoryId),
    name: m.name,
    unitLabel: m.unitLabel,
    isMeasurable: m.isMeasurable,
    defaultQuantity: m.defaultQuantity,
    sortOrder: m.sortOrder,
    isActive: m.isActive,
  };
}

/** assetChecklistMaster/save: a new item or an edit. */
export async function saveChecklistMaster(db: Db, user: TokenClaims, input: ChecklistMasterSaveInput): Promise<ChecklistMasterRow> {
  const name = input.name.trim().replace(/\s+/g, ' ');
  // the schema refuses it too; this is the rule, whoever calls the service
  if (!input.isMeasurable && input.defaultQuantity !== 1) throw badRequest(FLEET_MESSAGES.masterNotMeasurable, 'defaultQuantity');
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      let current: typeof assetChecklistMaster.$inferSelect | undefined;
      if (input.pkAssetChecklistMasterId) {
        [current] = await tx.select().from(assetChecklistMaster).where(eq(assetChecklistMaster.id, input.pkAssetChecklistMasterId)).for('update');
        if (!current) throw notFound(FLEET_MESSAGES.masterNotFound);
      }
      if ((await assetCategoryName(tx, input.assetCategoryId)) === undefined) throw badRequest(FLEET_MESSAGES.assetCategory, 'assetCategoryId');
      if (input.isActive) {
        const [same] = await tx
          .select({ id: assetChecklistMaster.id })
          .from(assetChecklistMaster)
          .where(
            and(
              eq(assetChecklistMaster.assetCategoryId, input.assetCategoryId),
              sql`lower(${assetChecklistMaster.name}) = lower(${name})`,
              eq(assetChecklistMaster.isActive, true),
              current ? ne(assetChecklistMaster.id, current.id) : undefined,
            ),
          )
          .limit(1);
        if (same) throw conflict(FLEET_MESSAGES.duplicateMaster, 'name');
      }
      const values = {
        assetCategoryId: input.assetCategoryId,
        name,
        unitLabel: input.unitLabel.trim(),
        isMeasurable: input.isMeasurable,
        defaultQuantity: input.defaultQuantity,
        sortOrder: input.sortOrder,
        isActive: input.isActive,
      };
      if (!current) {
        const [created] = await tx.insert(assetChecklistMaster).values(values).returning();
        await recordChange(tx, user, 'checklistMaster', created.id, 'create', null, await historyValues(tx, created));
        return created.id;
      }
      const [after] = await tx.update(assetChecklistMaster).set(values).where(eq(assetChecklistMaster.id, current.id)).returning();
      const before = await historyValues(tx, current);
      const now = await historyValues(tx, after);
      const onlyStatus =
        JSON.stringify({ ...before, isActive: null }) === JSON.stringify({ ...now, isActive: null }) && before.isActive !== now.isActive;
      await recordChange(tx, user, 'checklistMaster', current.id, onlyStatus ? (now.isActive ? 'activate' : 'deactivate') : 'update', before, now);
      return current.id;
    });
  } catch (err) {
    if (uniqueViolationOf(err) !== undefined) throw conflict(FLEET_MESSAGES.duplicateMaster, 'name');
    throw err;
  }
  return (await findChecklistMaster(db, id))!;
}

/** assetChecklistMaster/delete: counted by any checklist → deactivated; else erased. */
export async function deleteChecklistMaster(db: Db, user: TokenClaims, id: number): Promise<FleetDeleteResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(assetChecklistMaster).where(eq(assetChecklistMaster.id, id)).for('update');
    if (!current) throw notFound(FLEET_MESSAGES.masterNotFound);
    const [used] = await tx
      .select({ id: dailyAssetChecklistItem.id })
      .from(dailyAssetChecklistItem)
      .where(eq(dailyAssetChecklistItem.assetChecklistMasterId, id))
      .limit(1);
    if (used) {
      if (current.isActive) {
        const [after] = await tx.update(assetChecklistMaster).set({ isActive: false }).where(eq(assetChecklistMaster.id, id)).returning();
        await recordChange(tx, user, 'checklistMaster', id, 'deactivate', await historyValues(tx, current), await historyValues(tx, after));
      }
      return { id, outcome: 'deactivated' as const };
    }
    const before = await historyValues(tx, current);
    await tx.delete(assetChecklistMaster).where(eq(assetChecklistMaster.id, id));
    await recordChange(tx, user, 'checklistMaster', id, 'delete', before, null);
    return { id, outcome: 'deleted' as const };
  });
}
