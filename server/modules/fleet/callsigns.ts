/**
 * Call signs (issue #16; §3.12 callsign, §7.6 callsign/*, §7.8 getDetails): region-scoped like vehicles. A call sign
 * is unique (409); its section cannot change while a vehicle refers to it (409), nor can it be deactivated or deleted
 * while an active vehicle carries it (409). One a vehicle ever carried is deactivated, never erased. Every change is
 * recorded (entity 'callsign').
 */
import { and, asc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import { FLEET_MESSAGES, type CallSignFilter, type CallSignOption, type CallSignRow, type FleetDeleteResult } from '../../../contract/fleet';
import type { Db } from '../../db/client';
import { callSign, region, section, vehicle } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { escapeLike, listPage, orderOf, totalOver, type Sortable } from '../../lib/data-table';
import { conflict, notFound } from '../../lib/http-error';
import { assertSectionInScope, regionScopeOf } from '../../lib/scope';
import { callSignInScope, uniqueViolationOf, vehicleInScope } from './access';

export interface CallSignSaveInput {
  pkCallSignId?: number;
  sectionId: number;
  callsign: string;
  isActive: boolean;
}

/** The active vehicle carrying a call sign (at most one: vehicle_active_call_sign_idx). */
const carrier = alias(vehicle, 'carrier');

const columns = {
  pkCallSignId: callSign.id,
  callsign: callSign.callSign,
  sectionId: callSign.sectionId,
  sectionName: section.name,
  regionId: section.regionId,
  regionName: region.name,
  isActive: callSign.isActive,
  vehicleId: carrier.id,
  plateNumber: carrier.plateNumber,
};

const SORTABLE: Sortable = {
  pkCallSignId: callSign.id,
  callsign: callSign.callSign,
  sectionName: section.name,
  regionName: region.name,
  isActive: callSign.isActive,
  plateNumber: carrier.plateNumber,
};

const callSignQuery = (db: Db, where: SQL | undefined) =>
  db
    .select({ ...columns, total: totalOver() })
    .from(callSign)
    .innerJoin(section, eq(section.id, callSign.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .leftJoin(carrier, and(eq(carrier.callSignId, callSign.id), eq(carrier.isActive, true)))
    .where(where)
    .$dynamic();

type DbRow = CallSignRow & { total: number };

export async function listCallSigns(
  db: Db,
  user: TokenClaims,
  f: CallSignFilter,
  q: DataTablesQuery,
): Promise<{ rows: CallSignRow[]; recordCount: number }> {
  const scope = regionScopeOf(user);
  const parts: (SQL | undefined)[] = [scope === null ? undefined : eq(section.regionId, scope)];
  for (const word of (f.text ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${escapeLike(word)}%`;
    parts.push(or(ilike(callSign.callSign, like), ilike(sql`replace(${carrier.plateNumber}, ' ', '')`, like)));
  }
  if (f.regionId) parts.push(eq(section.regionId, f.regionId));
  if (f.sectionId) parts.push(eq(callSign.sectionId, f.sectionId));
  if (f.isActive !== undefined) parts.push(eq(callSign.isActive, f.isActive));
  if (f.unassigned !== undefined) parts.push(f.unassigned ? isNull(carrier.id) : isNotNull(carrier.id));
  const qb = callSignQuery(db, and(...parts));
  return listPage<typeof qb, DbRow>(qb, q, orderOf(q, SORTABLE, 'sectionName', [callSign.callSign, callSign.id]));
}

async function callSignRow(db: Db, where: SQL): Promise<CallSignRow | undefined> {
  const [row] = (await callSignQuery(db, where)) as unknown as DbRow[];
  if (!row) return undefined;
  const { total: _t, ...r } = row;
  return r;
}

export async function getCallSign(db: Db, user: TokenClaims, id: number): Promise<CallSignRow> {
  await callSignInScope(db, user, id);
  const row = await callSignRow(db, eq(callSign.id, id));
  if (!row) throw notFound(FLEET_MESSAGES.callsignNotFound);
  return row;
}

/** callsign/getDetails: one call sign by its name, with the active vehicle carrying it. */
export async function callSignDetails(db: Db, user: TokenClaims, name: string): Promise<CallSignRow> {
  const [found] = await db.select({ id: callSign.id }).from(callSign).where(eq(callSign.callSign, name));
  if (!found) throw notFound(FLEET_MESSAGES.callsignNotFound);
  return getCallSign(db, user, found.id);
}

const freeOf = (sectionId: number) => and(eq(callSign.sectionId, sectionId), eq(callSign.isActive, true), isNull(carrier.id));

async function options(db: Db, where: SQL | undefined): Promise<CallSignOption[]> {
  return db
    .select({ key: callSign.id, value: callSign.callSign })
    .from(callSign)
    .leftJoin(carrier, and(eq(carrier.callSignId, callSign.id), eq(carrier.isActive, true)))
    .where(where)
    .orderBy(asc(callSign.callSign));
}

/** callsign/notAssigned: the section's active call signs no active vehicle carries. */
export async function callSignsNotAssigned(db: Db, user: TokenClaims, sectionId: number): Promise<CallSignOption[]> {
  await assertSectionInScope(db, user, sectionId);
  return options(db, freeOf(sectionId));
}

/** callsign/unAssigned: those a vehicle may carry: the free ones of its section and its own. */
export async function callSignsForVehicle(db: Db, user: TokenClaims, vehicleId: number): Promise<CallSignOption[]> {
  const v = await vehicleInScope(db, user, vehicleId);
  return options(db, v.callSignId === null ? freeOf(v.sectionId) : or(freeOf(v.sectionId), eq(callSign.id, v.callSignId)));
}

const historyValues = (c: { callSign: string; sectionName: string; isActive: boolean }) => ({
  callsign: c.callSign,
  section: c.sectionName,
  isActive: c.isActive,
});

/** callsign/save: a new call sign or an edit. */
export async function saveCallSign(db: Db, user: TokenClaims, input: CallSignSaveInput): Promise<CallSignRow> {
  if (input.pkCallSignId) await callSignInScope(db, user, input.pkCallSignId);
  await assertSectionInScope(db, user, input.sectionId);
  const name = input.callsign;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const current = input.pkCallSignId ? await callSignInScope(tx, user, input.pkCallSignId, { forUpdate: true }) : null;
      const [same] = await tx
        .select({ id: callSign.id })
        .from(callSign)
        .where(and(eq(callSign.callSign, name), current ? ne(callSign.id, current.id) : undefined))
        .limit(1);
      if (same) throw conflict(FLEET_MESSAGES.duplicateCallsign(name), 'callsign');
      const [sec] = await tx.select({ name: section.name }).from(section).where(eq(section.id, input.sectionId));
      if (current) {
        if (current.sectionId !== input.sectionId) {
          const [used] = await tx.select({ id: vehicle.id }).from(vehicle).where(eq(vehicle.callSignId, current.id)).limit(1);
          if (used) throw conflict(FLEET_MESSAGES.callsignSectionLocked);
        }
        if (!input.isActive && current.isActive) {
          const [active] = await tx
            .select({ plateNumber: vehicle.plateNumber })
            .from(vehicle)
            .where(and(eq(vehicle.callSignId, current.id), eq(vehicle.isActive, true)))
            .limit(1);
          if (active) throw conflict(FLEET_MESSAGES.callsignTaken(current.callSign, active.plateNumber));
        }
      }
      const values = { sectionId: input.sectionId, callSign: name, isActive: input.isActive };
      const after = { callSign: name, sectionName: sec?.name ?? '', isActive: input.isActive };
      if (!current) {
        const [created] = await tx.insert(callSign).values(values).returning({ id: callSign.id });
        await recordChange(tx, user, 'callsign', created.id, 'create', null, historyValues(after));
        return created.id;
      }
      await tx.update(callSign).set(values).where(eq(callSign.id, current.id));
      const onlyStatus = current.callSign === name && current.sectionId === input.sectionId && current.isActive !== input.isActive;
      await recordChange(
        tx,
        user,
        'callsign',
        current.id,
        onlyStatus ? (input.isActive ? 'activate' : 'deactivate') : 'update',
        historyValues(current),
        historyValues(after),
      );
      return current.id;
    });
  } catch (err) {
    if (uniqueViolationOf(err) !== undefined) throw conflict(FLEET_MESSAGES.duplicateCallsign(name), 'callsign');
    throw err;
  }
  return (await callSignRow(db, eq(callSign.id, id)))!;
}

/** callsign/delete: 409 while an active vehicle carries it; deactivated when any vehicle refers to it; else erased. */
export async function deleteCallSign(db: Db, user: TokenClaims, id: number): Promise<FleetDeleteResult> {
  await callSignInScope(db, user, id);
  return db.transaction(async (tx) => {
    const current = await callSignInScope(tx, user, id, { forUpdate: true });
    const refs = await tx.select({ plateNumber: vehicle.plateNumber, isActive: vehicle.isActive }).from(vehicle).where(eq(vehicle.callSignId, id));
    const active = refs.find((r) => r.isActive);
    if (active) throw conflict(FLEET_MESSAGES.callsignTaken(current.callSign, active.plateNumber));
    if (refs.length) {
      if (current.isActive) {
        await tx.update(callSign).set({ isActive: false }).where(eq(callSign.id, id));
        await recordChange(tx, user, 'callsign', id, 'deactivate', historyValues(current), historyValues({ ...current, isActive: false }));
      }
      return { id, outcome: 'deactivated' as const };
    }
    await tx.delete(callSign).where(eq(callSign.id, id));
    await recordChange(tx, user, 'callsign', id, 'delete', historyValues(current), null);
    return { id, outcome: 'deleted' as const };
  });
}
