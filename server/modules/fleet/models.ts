/**
 * Vehicle models (issue #16; §7.6 vehicleModel/dataTables, 3,000 a page by §9): national, read with readOrg, written
 * by any fleetManage role. A model's name is unique ignoring case (409; the unique index vehicle_model_name_idx holds
 * it too). A renamed or retyped model's vehicles get the new name and type copied into their own columns.
 */
import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import { FLEET_MESSAGES, type VehicleModelFilter, type VehicleModelRow } from '../../../contract/fleet';
import type { Db } from '../../db/client';
import { vehicle, vehicleModel } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { escapeLike, listPage, orderOf, totalOver, type Sortable } from '../../lib/data-table';
import { conflict, notFound } from '../../lib/http-error';
import { uniqueViolationOf } from './access';
import { now } from '../../lib/clock';

export interface VehicleModelSaveInput {
  pkVehicleModelId?: number;
  name: string;
  vehicleType: string;
  isActive: boolean;
}

function modelSelect(db: Db) {
  const counts = db
    .select({ modelId: vehicle.vehicleModelId, n: sql<number>`count(*)::int`.as('vehicle_n') })
    .from(vehicle)
    .groupBy(vehicle.vehicleModelId)
    .as('model_vehicles');
  const vehicleCount = sql<number>`coalesce(${counts.n}, 0)`;
  const columns = {
    pkVehicleModelId: vehicleModel.id,
    name: vehicleModel.name,
    vehicleType: vehicleModel.vehicleType,
    isActive: vehicleModel.isActive,
    vehicleCount,
  };
  const sortable: Sortable = {
    pkVehicleModelId: vehicleModel.id,
    name: vehicleModel.name,
    vehicleType: vehicleModel.vehicleType,
    isActive: vehicleModel.isActive,
    vehicleCount,
  };
  const query = (where: SQL | undefined) =>
    db
      .select({ ...columns, total: totalOver() })
      .from(vehicleModel)
      .leftJoin(counts, eq(counts.modelId, vehicleModel.id))
      .where(where)
      .$dynamic();
  return { query, sortable };
}

export async function listVehicleModels(
  db: Db,
  f: VehicleModelFilter,
  q: DataTablesQuery,
): Promise<{ rows: VehicleModelRow[]; recordCount: number }> {
  const parts: (SQL | undefined)[] = [];
  for (const word of (f.text ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    parts.push(or(ilike(vehicleModel.name, `%${escapeLike(word)}%`), ilike(vehicleModel.vehicleType, `%${escapeLike(word)}%`)));
  }
  if (f.isActive !== undefined) parts.push(eq(vehicleModel.isActive, f.isActive));
  const { query, sortable } = modelSelect(db);
  const qb = query(and(...parts));
  const { rows, recordCount } = await listPage<typeof qb, VehicleModelRow & { total: number }>(
    qb,
    q,
    orderOf(q, sortable, 'name', [vehicleModel.id]),
  );
  return { rows: rows.map((r) => ({ ...r, vehicleCount: Number(r.vehicleCount) })), recordCount };
}

export async function modelRow(db: Db, id: number): Promise<VehicleModelRow> {
  const [row] = (await modelSelect(db).query(eq(vehicleModel.id, id))) as unknown as (VehicleModelRow & { total: number })[];
  if (!row) throw notFound(FLEET_MESSAGES.modelNotFound);
  const { total: _t, ...r } = row;
  return { ...r, vehicleCount: Number(r.vehicleCount) };
}

/** vehicleModel/save: a new model or an edit; the name unique ignoring case (409). */
export async function saveVehicleModel(db: Db, user: TokenClaims, input: VehicleModelSaveInput): Promise<VehicleModelRow> {
  const name = input.name.trim().replace(/\s+/g, ' ');
  const vehicleType = input.vehicleType.trim().replace(/\s+/g, ' ');
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      let current: typeof vehicleModel.$inferSelect | undefined;
      if (input.pkVehicleModelId) {
        [current] = await tx.select().from(vehicleModel).where(eq(vehicleModel.id, input.pkVehicleModelId)).for('update');
        if (!current) throw notFound(FLEET_MESSAGES.modelNotFound);
      }
      const [same] = await tx
        .select({ id: vehicleModel.id })
        .from(vehicleModel)
        .where(and(sql`lower(${vehicleModel.name}) = lower(${name})`, current ? ne(vehicleModel.id, current.id) : undefined))
        .limit(1);
      if (same) throw conflict(FLEET_MESSAGES.duplicateModel, 'name');
      const values = { name, vehicleType, isActive: input.isActive };
      if (!current) {
        const [created] = await tx.insert(vehicleModel).values(values).returning({ id: vehicleModel.id });
        await recordChange(tx, user, 'vehicleModel', created.id, 'create', null, values);
        return created.id;
      }
      await tx.update(vehicleModel).set(values).where(eq(vehicleModel.id, current.id));
      await recordChange(
        tx,
        user,
        'vehicleModel',
        current.id,
        'update',
        { name: current.name, vehicleType: current.vehicleType, isActive: current.isActive },
        values,
      );
      if (current.name !== name || current.vehicleType !== vehicleType) {
        // the older readers read the vehicle row alone: its copies follow the model
        await tx.update(vehicle).set({ vehicleModel: name, vehicleType, updatedAt: now() }).where(eq(vehicle.vehicleModelId, current.id));
      }
      return current.id;
    });
  } catch (err) {
    if (uniqueViolationOf(err) !== undefined) throw conflict(FLEET_MESSAGES.duplicateModel, 'name');
    throw err;
  }
  return modelRow(db, id);
}
