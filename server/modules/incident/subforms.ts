/**
 * The seven subform records of §3.4 in one table (incident_subform). save creates the live record of a case or
 * updates it; get answers it with the type's own id field (pkIncidentAccidentId, …); delete soft-deletes. The
 * subform type must be the case's event type (§2.15: each subform sends its numeric type id).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { SubformRecord } from '../../../contract/incidents';
import { INCIDENT_LIMITS, SUBFORMS, type EventTypeId, type SubformKind } from '../../../contract/incident-rules';
import { ASSIST_TYPE } from '../../../contract/lookups';
import type { LookupName } from '../../../contract/lookups';
import { isPatrolRole } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { incident, incidentSubform, lookupItem } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { incidentAccess, isRosterMember, type IncidentAccess } from './access';
import { checkLookups, finalCaseMessage, isFinalCase, isSuperadmin, NOT_ASSIGNED_TO_YOU, softDeleteSubformChildren, type Tx } from './refs';
import { writeCorrectionEntry } from './service';
import { staleConflict } from '../../lib/http-error';
import { now as clockNow } from '../../lib/clock';
import { oncePerDb } from '../../db/once-per-db';

type SubformRow = typeof incidentSubform.$inferSelect;

/** Payload field → column, with the lookup list its key must belong to. */
const FIELDS = {
  pkCasualTypeId: { column: 'casualTypeId', category: 'casualtyType', label: 'Jenis kecederaan' },
  pkAssistTypeId: { column: 'assistTypeId', category: 'assistType', label: 'Jenis bantuan' },
  naFlagTrafficJam: { column: 'naFlagTrafficJam', label: 'Kesesakan jalan (N/A)' },
  naFlagLaneClosure: { column: 'naFlagLaneClosure', label: 'Penutupan lorong (N/A)' },
  naFlagRoadFurniture: { column: 'naFlagRoadFurniture', label: 'Kerosakan aset (N/A)' },
  pkBreakdownCauseId: { column: 'breakdownCauseId', category: 'breakdownCause', label: 'Sebab kerosakan' },
  pkObstacleObjectTypeId: { column: 'obstacleObjectTypeId', category: 'obstacleObjectType', label: 'Jenis objek halangan' },
  pkStrayAnimalTypeId: { column: 'strayAnimalTypeId', category: 'strayAnimalType', label: 'Jenis haiwan' },
  moveToSafety: { column: 'moveToSafety', label: 'Alih ke tempat yang selamat' },
  pkHazardTypeId: { column: 'hazardTypeId', category: 'roadConditionHazardType', label: 'Jenis keadaan jalan' },
  pkOthersTypeId: { column: 'othersTypeId', category: 'incidentOtherType', label: 'Lain-lain kes' },
} as const satisfies Record<string, { column: keyof SubformRow; category?: LookupName; label: string }>;
type FieldName = keyof typeof FIELDS;

/** The fields each kind carries (§3.4). */
const KIND_FIELDS: Record<SubformKind, readonly FieldName[]> = {
  accident: ['pkCasualTypeId', 'pkAssistTypeId', 'naFlagTrafficJam', 'naFlagLaneClosure', 'naFlagRoadFurniture'],
  breakdown: ['pkBreakdownCauseId', 'pkAssistTypeId'],
  obstacle: ['pkObstacleObjectTypeId', 'pkAssistTypeId', 'moveToSafety'],
  strayAnimal: ['pkStrayAnimalTypeId', 'pkAssistTypeId', 'moveToSafety'],
  roadConditionHazard: ['pkHazardTypeId', 'pkAssistTypeId'],
  roadFurniture: ['pkAssistTypeId'],
  others: ['pkOthersTypeId', 'pkAssistTypeId'],
};

/** §2.12 and §2.15: road condition and asset damage offer only the other-assistance list (277). */
export const OTHER_ASSIST_ONLY: readonly SubformKind[] = ['roadConditionHazard', 'roadFurniture'];

/** Names the type in messages: 'kemalangan', 'kerosakan kenderaan', … */
export const KIND_LABEL: Record<SubformKind, string> = {
  accident: 'kemalangan',
  breakdown: 'kerosakan kenderaan',
  obstacle: 'objek halangan',
  strayAnimal: 'haiwan liar',
  roadConditionHazard: 'keadaan jalan berbahaya',
  roadFurniture: 'kerosakan aset lebuhraya',
  others: 'kes lain-lain',
};

export type SubformInput = { pkIncidentId: number; incidentTypeId: number; remark?: string; version?: number } & Partial<
  Record<FieldName, number | boolean | null>
> &
  Record<string, unknown>;

export function toRecord(row: SubformRow): SubformRecord {
  const idField = SUBFORMS[row.typeId as EventTypeId]?.idField;
  return {
    subformId: row.id,
    pkIncidentId: row.incidentId,
    incidentTypeId: row.typeId,
    remark: row.remark,
    pkCasualTypeId: row.casualTypeId,
    pkAssistTypeId: row.assistTypeId,
    naFlagTrafficJam: row.naFlagTrafficJam,
    naFlagLaneClosure: row.naFlagLaneClosure,
    naFlagRoadFurniture: row.naFlagRoadFurniture,
    pkBreakdownCauseId: row.breakdownCauseId,
    pkObstacleObjectTypeId: row.obstacleObjectTypeId,
    pkStrayAnimalTypeId: row.strayAnimalTypeId,
    moveToSafety: row.moveToSafety,
    pkHazardTypeId: row.hazardTypeId,
    pkOthersTypeId: row.othersTypeId,
    version: row.version,
    modifiedDate: row.updatedAt.toISOString(),
    ...(idField ? { [idField]: row.id } : {}),
  } as SubformRecord;
}

/**
 * Who may write a case's subform and its child lists: editSubform (route), a patrol only on a case of its team's
 * roster, and a final case (Tutup, Batal) only a superadmin.
 */
export async function checkWriteRights(tx: Tx, user: TokenClaims, c: IncidentAccess) {
  if (isPatrolRole(user.rn) && !(await isRosterMember(tx, user.sid, c.dutyRosterId))) throw forbidden(NOT_ASSIGNED_TO_YOU);
  if (isFinalCase(c) && !isSuperadmin(user)) throw conflict(finalCaseMessage(c));
}

const showValue = async (tx: Tx, field: FieldName, v: unknown): Promise<string> => {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'boolean') return v ? 'Ya' : 'Tidak';
  if ('category' in FIELDS[field]) {
    const [r] = await tx
      .select({ value: lookupItem.value })
      .from(lookupItem)
      .where(eq(lookupItem.key, v as number));
    return r?.value ?? String(v);
  }
  return String(v);
};

export async function saveSubform(db: Db, user: TokenClaims, typeId: EventTypeId, input: SubformInput, now = clockNow()): Promise<SubformRecord> {
  const def = SUBFORMS[typeId];
  return db.transaction(async (tx) => {
    const c = await incidentAccess(tx, user, input.pkIncidentId, { forUpdate: true });
    await checkWriteRights(tx, user, c);
    if (input.incidentTypeId !== typeId || input.incidentTypeId !== c.categoryId) {
      throw badRequest(
        `Jenis subform (${input.incidentTypeId}) tidak sepadan dengan jenis kejadian kes (${c.categoryId}); subform ini untuk ${KIND_LABEL[def.kind]} (${typeId}).`,
        'incidentTypeId',
      );
    }
    const remark = input.remark === undefined ? undefined : input.remark.trim().toUpperCase();
    if (remark !== undefined && remark.length > INCIDENT_LIMITS.remarkMax)
      throw badRequest(`Catatan maksimum ${INCIDENT_LIMITS.remarkMax} aksara.`, 'remark');

    const fields = KIND_FIELDS[def.kind];
    await checkLookups(
      tx,
      fields.flatMap((f) => {
        const spec = FIELDS[f];
        return 'category' in spec ? [{ field: f, value: input[f] as number | null | undefined, category: spec.category, label: spec.label }] : [];
      }),
    );
    if (OTHER_ASSIST_ONLY.includes(def.kind) && input.pkAssistTypeId != null && input.pkAssistTypeId !== ASSIST_TYPE.OTHER) {
      throw badRequest(`Subform ${KIND_LABEL[def.kind]} hanya menerima bantuan lain-lain (${ASSIST_TYPE.OTHER}).`, 'pkAssistTypeId');
    }
    const set: Partial<typeof incidentSubform.$inferInsert> = {};
    for (const f of fields) {
      if (input[f] !== undefined) (set as Record<string, unknown>)[FIELDS[f].column] = input[f];
    }
    if (remark !== undefined) set.remark = remark;

    const ownId = input[def.idField] as number | undefined;
    const [live] = await tx
      .select()
      .from(incidentSubform)
      .where(and(eq(incidentSubform.incidentId, c.id), isNull(incidentSubform.deletedAt)));

    if (live && live.typeId === typeId) {
      if (ownId !== undefined && ownId !== live.id)
        throw staleConflict('Subform ini telah dipadam atau diganti. Sila muat semula kes.', toRecord(live));
      if (input.version !== undefined && input.version !== live.version) {
        throw staleConflict('Subform ini telah dikemaskini oleh pengguna lain. Sila muat semula dan cuba lagi.', toRecord(live));
      }
      const [row] = await tx
        .update(incidentSubform)
        .set({ ...set, version: sql`${incidentSubform.version} + 1`, updatedAt: now })
        .where(eq(incidentSubform.id, live.id))
        .returning();
      if (isFinalCase(c)) {
        const lines: string[] = [];
        for (const f of fields) {
          const col = FIELDS[f].column;
          if (live[col] !== row[col]) lines.push(`${FIELDS[f].label}: ${await showValue(tx, f, live[col])} → ${await showValue(tx, f, row[col])}`);
        }
        if (live.remark !== row.remark) lines.push(`Catatan: ${live.remark || '-'} → ${row.remark || '-'}`);
        if (lines.length)
          await writeCorrectionEntry(
            tx,
            user,
            { incidentId: c.id, subformId: row.id },
            `Pembetulan subform ${KIND_LABEL[def.kind]} kes ${c.ticketNumber}:`,
            lines,
          );
      }
      return toRecord(row);
    }

    if (ownId !== undefined) throw conflict('Subform ini telah dipadam atau diganti. Sila muat semula kes.');
    if (live) {
      // a live record of another type cannot outlive an event-type change; replace it
      await tx.update(incidentSubform).set({ deletedAt: now, updatedAt: now }).where(eq(incidentSubform.id, live.id));
      await softDeleteSubformChildren(tx, [live.id], now);
    }
    const [row] = await tx
      .insert(incidentSubform)
      .values({ ...set, incidentId: c.id, typeId, remark: remark ?? '', createdAt: now, updatedAt: now })
      .returning();
    await tx.update(incident).set({ subformId: row.id, updatedAt: now }).where(eq(incident.id, c.id));
    if (isFinalCase(c)) {
      await writeCorrectionEntry(tx, user, { incidentId: c.id, subformId: row.id }, `Pembetulan kes ${c.ticketNumber}:`, [
        `Subform ${KIND_LABEL[def.kind]} direkodkan.`,
      ]);
    }
    return toRecord(row);
  });
}

/** The live subform of …/get, built once per database and prepared (named on PostgreSQL), as access.ts does. */
const liveSubformById = oncePerDb((db: Db) => prepareLiveSubform(db));
const prepareLiveSubform = (db: Db) =>
  db
    .select()
    .from(incidentSubform)
    .where(and(eq(incidentSubform.id, sql.placeholder('id')), isNull(incidentSubform.deletedAt)))
    .limit(1)
    .prepare('live_subform_by_id');

export async function getSubform(db: Db, user: TokenClaims, typeId: EventTypeId, id: number): Promise<SubformRecord> {
  const [row] = await liveSubformById(db).execute({ id });
  if (!row) throw notFound('Subform tidak dijumpai.');
  await incidentAccess(db, user, row.incidentId);
  if (row.typeId !== typeId) throw notFound(`Subform ${id} bukan subform ${KIND_LABEL[SUBFORMS[typeId].kind]}.`);
  return toRecord(row);
}

/** .../delete: soft-deletes the given subforms of this type, each under its case's rules; all or nothing. */
export async function deleteSubforms(db: Db, user: TokenClaims, typeId: EventTypeId, ids: number[], now = clockNow()): Promise<number[]> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: incidentSubform.id,
        incidentId: incidentSubform.incidentId,
        typeId: incidentSubform.typeId,
        deletedAt: incidentSubform.deletedAt,
      })
      .from(incidentSubform)
      .where(inArray(incidentSubform.id, unique));
    for (const id of unique) {
      const row = rows.find((r) => r.id === id);
      if (!row || row.deletedAt) throw notFound(`Subform ${id} tidak dijumpai.`);
      const c = await incidentAccess(tx, user, row.incidentId, { forUpdate: true });
      await checkWriteRights(tx, user, c);
      if (row.typeId !== typeId) throw badRequest(`Subform ${id} bukan subform ${KIND_LABEL[SUBFORMS[typeId].kind]}.`, 'ids');
      if (isFinalCase(c)) {
        await writeCorrectionEntry(tx, user, { incidentId: c.id, subformId: null }, `Pembetulan kes ${c.ticketNumber}:`, [
          `Subform ${KIND_LABEL[SUBFORMS[typeId].kind]} dipadam.`,
        ]);
      }
    }
    await tx.update(incidentSubform).set({ deletedAt: now, updatedAt: now }).where(inArray(incidentSubform.id, unique));
    await softDeleteSubformChildren(tx, unique, now);
    const incidentIds = [...new Set(rows.map((r) => r.incidentId))];
    await tx
      .update(incident)
      .set({ subformId: null, updatedAt: now })
      .where(and(inArray(incident.id, incidentIds), inArray(incident.subformId, unique)));
    return unique;
  });
}
