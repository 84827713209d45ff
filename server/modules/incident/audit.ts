/**
 * The audit trail (§3.7, §4.2) and the status rules of the patrol steps, Tutup and Batal. Every status change is one
 * transaction on the locked incident row: the audit entry, the incident's status, its list times (§3.2), its
 * hasDoneEntry/everCancelled flags and its version.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { AuditRow, AuditSave } from '../../../contract/incidents';
import { canCancelCase, canCloseCase, PATROL_STEPS, PATROL_STEP_IDS } from '../../../contract/incident-rules';
import { STATUS } from '../../../contract/lookups';
import { FUTURE_ALLOWANCE_MS } from '../../../contract/date-rules';
import { can, isPatrolRole } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { dutyRoster, incident, incidentAudit, lookupItem, staff } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError } from '../../lib/http-error';
import { requestContext } from '../../plugins/idempotency';
import { raiseReassignmentAlert } from '../comms/alerts';
import { incidentAccess, isRosterMember } from './access';
import { notifyPatrolActivity } from './notify';
import { getIncident } from './queries';
import { checkRoster, isFinalCase, localDmy, localHms, lookupMap, NOT_ASSIGNED_TO_YOU, statusLabel, type Tx } from './refs';
import { now as clockNow } from '../../lib/clock';
import { oncePerDb } from '../../db/once-per-db';

/** A status written in the future (clock skew aside) is refused; a patrol tablet that was offline may send past times. */
const FUTURE_SLACK_MS = FUTURE_ALLOWANCE_MS;

export const JUSTIFICATION_REQUIRED = '* Justification is required';
export const CLOSE_REFUSED = 'Kes tidak boleh ditutup: tiada status Selesai Kes (298) atau Negative (209).';

/** The incident columns a status sets (list times of §3.2, flags of §4.2). */
export function statusPatch(statusId: number, at: Date): Partial<typeof incident.$inferInsert> {
  const patch: Partial<typeof incident.$inferInsert> = { statusId };
  switch (statusId) {
    case STATUS.ASSIGNED:
      patch.dispatchedAt = at;
      break;
    case STATUS.RECEIVED:
      patch.receivedAt = at;
      break;
    case STATUS.REJECTED:
      // Ditolak sends the case back to the TMC: the assigned roster is cleared (§4.2)
      patch.dutyRosterId = null;
      break;
    case STATUS.ARRIVED:
      patch.arrivedAt = at;
      break;
    case STATUS.ASSISTANCE_DONE:
      patch.assistanceDoneAt = at;
      break;
    case STATUS.CASE_DONE:
    case STATUS.NEGATIVE:
      patch.caseDoneAt = at;
      patch.hasDoneEntry = true;
      break;
    case STATUS.CLOSED:
      patch.closedAt = at;
      break;
    case STATUS.CANCELLED:
      patch.everCancelled = true;
      break;
  }
  return patch;
}

export interface AuditInsert {
  incidentId: number;
  statusId: number;
  user: TokenClaims;
  rosterId: number | null;
  at: Date;
  latitude?: number | null;
  longitude?: number | null;
  remark?: string | null;
  rccLateCodeId?: number | null;
  prLateCodeId?: number | null;
}

/**
 * One audit entry. Beside the status time (`at`, which a queued write may set in the past) it records where the
 * write came from: created_at is the server's time (UTC), and the request context of the write route (offline sync,
 * #4) gives the device's claimed time (X-Client-Time), the device (X-Device-Id) and the Idempotency-Key.
 */
export async function insertAudit(tx: Tx, a: AuditInsert): Promise<number> {
  const origin = requestContext();
  const [row] = await tx
    .insert(incidentAudit)
    .values({
      incidentId: a.incidentId,
      statusId: a.statusId,
      assignerStaffId: a.user.sid,
      assignerRoleName: a.user.rn,
      assigneeRosterId: a.rosterId,
      at: a.at,
      latitude: a.latitude ?? null,
      longitude: a.longitude ?? null,
      remark: a.remark ?? null,
      rccLateCodeId: a.rccLateCodeId ?? null,
      prLateCodeId: a.prLateCodeId ?? null,
      clientTime: origin.clientTime,
      deviceId: origin.deviceId,
      idempotencyKey: origin.idempotencyKey,
      createdAt: clockNow(),
    })
    .returning({ id: incidentAudit.id });
  return row.id;
}

// ------------------------------------------------------------------------------------------------ read side

const auditColumns = {
  id: incidentAudit.id,
  incidentId: incidentAudit.incidentId,
  statusId: incidentAudit.statusId,
  at: incidentAudit.at,
  remark: incidentAudit.remark,
  latitude: incidentAudit.latitude,
  longitude: incidentAudit.longitude,
  rccLateCodeId: incidentAudit.rccLateCodeId,
  prLateCodeId: incidentAudit.prLateCodeId,
  assignerStaffId: incidentAudit.assignerStaffId,
  assignerRoleName: incidentAudit.assignerRoleName,
  assignerName: staff.displayName,
  assigneeRosterId: incidentAudit.assigneeRosterId,
  assigneeName: dutyRoster.dutyRosterName,
  clientTime: incidentAudit.clientTime,
  deviceId: incidentAudit.deviceId,
  idempotencyKey: incidentAudit.idempotencyKey,
};

type AuditDbRow = {
  id: number;
  incidentId: number;
  statusId: number;
  at: Date;
  remark: string | null;
  latitude: number | null;
  longitude: number | null;
  rccLateCodeId: number | null;
  prLateCodeId: number | null;
  assignerStaffId: number;
  assignerRoleName: string;
  assignerName: string;
  assigneeRosterId: number | null;
  assigneeName: string | null;
  clientTime: Date | null;
  deviceId: string | null;
  idempotencyKey: string | null;
};

async function toAuditRows(db: Tx, rows: AuditDbRow[]): Promise<AuditRow[]> {
  const lookups = await lookupMap(
    db,
    rows.flatMap((r) => [r.statusId, r.rccLateCodeId, r.prLateCodeId]),
  );
  const lk = (key: number | null) => (key === null ? null : (lookups.get(key) ?? { key, value: String(key), description: null }));
  return rows.map((r) => ({
    pkIncidentAuditId: r.id,
    pkIncidentId: r.incidentId,
    incidentStatus: lk(r.statusId)!,
    date: localDmy(r.at),
    time: localHms(r.at),
    datetime: r.at.toISOString(),
    remark: r.remark,
    prLateCode: lk(r.prLateCodeId),
    rccLateCode: lk(r.rccLateCodeId),
    assigner: { pkStaffId: r.assignerStaffId, displayName: r.assignerName, roleName: r.assignerRoleName },
    assignee: r.assigneeRosterId === null ? null : { pkDutyRosterId: r.assigneeRosterId, dutyRosterName: r.assigneeName ?? '' },
    latitude: r.latitude,
    longtitude: r.longitude,
    clientTime: r.clientTime ? r.clientTime.toISOString() : null,
    deviceId: r.deviceId,
    idempotencyKey: r.idempotencyKey,
  }));
}

/**
 * The reads of a case's audit trail (all of it, a page of it, its count), built once per database and prepared
 * (named statements on PostgreSQL), as access.ts does for the access checks: building them with Drizzle on every
 * call was a good part of the call's own work (bench/uncached-reads.ts).
 */
function auditReads(db: Tx) {
  const trail = () =>
    db
      .select(auditColumns)
      .from(incidentAudit)
      .innerJoin(staff, eq(staff.id, incidentAudit.assignerStaffId))
      .leftJoin(dutyRoster, eq(dutyRoster.id, incidentAudit.assigneeRosterId))
      .where(eq(incidentAudit.incidentId, sql.placeholder('incidentId')))
      .orderBy(desc(incidentAudit.at), desc(incidentAudit.id));
  return {
    all: trail().prepare('audit_trail'),
    page: trail().limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare('audit_trail_page'),
    count: db
      .select({ n: sql<number>`count(*)::int` })
      .from(incidentAudit)
      .where(eq(incidentAudit.incidentId, sql.placeholder('incidentId')))
      .prepare('audit_trail_count'),
  };
}
const auditReadsFor = oncePerDb((db: Tx) => auditReads(db));

/** The audit trail of a case, newest first (index incident_audit_incident_at_idx, read backwards). */
export async function findAuditRows(db: Tx, incidentId: number, paging?: { length: number; start: number }): Promise<AuditRow[]> {
  const reads = auditReadsFor(db);
  const rows = paging
    ? await reads.page.execute({ incidentId, limit: paging.length, offset: paging.start })
    : await reads.all.execute({ incidentId });
  return toAuditRows(db, rows);
}

export async function countAuditRows(db: Tx, incidentId: number): Promise<number> {
  const [{ n }] = await auditReadsFor(db).count.execute({ incidentId });
  return n;
}

async function auditRowById(db: Tx, id: number): Promise<AuditRow> {
  const rows = await db
    .select(auditColumns)
    .from(incidentAudit)
    .innerJoin(staff, eq(staff.id, incidentAudit.assignerStaffId))
    .leftJoin(dutyRoster, eq(dutyRoster.id, incidentAudit.assigneeRosterId))
    .where(eq(incidentAudit.id, id));
  return (await toAuditRows(db, rows))[0];
}

// ------------------------------------------------------------------------------------------------ incidentAudit/save

export interface AuditSaved {
  row: AuditRow;
  version: number;
  statusMsg: string;
}

const KNOWN_STATUSES: readonly number[] = Object.values(STATUS);

async function transitionRefused(db: Tx, from: number | null, to: number): Promise<never> {
  const [a, b] = await Promise.all([statusLabel(db, from), statusLabel(db, to)]);
  throw conflict(`Status kes tidak boleh ditukar daripada "${a}" kepada "${b}".`);
}

/**
 * One status change by the caller, under the rules of §4.2 and the patrol steps of issue #3:
 * 203 assign/reassign, the patrol's 204/205/206/207/298/209, 210 Tutup, 202 Batal.
 */
export async function saveAudit(db: Db, user: TokenClaims, input: AuditSave, now = clockNow()): Promise<AuditSaved> {
  const statusId = input.incidentStatusId;
  return db.transaction((tx) =>
    withCurrentOnConflict(tx, user, input.incidentId, async () => {
      const c = await incidentAccess(tx, user, input.incidentId, { forUpdate: true });
      if (!KNOWN_STATUSES.includes(statusId)) throw badRequest(`Status ${statusId} tidak dikenali.`, 'incidentStatusId');

      const at = input.datetime ? new Date(input.datetime) : now;
      if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) throw badRequest('Masa status tidak boleh pada masa hadapan.', 'datetime');
      if (at.getTime() < c.incidentAt.getTime() - FUTURE_SLACK_MS) throw badRequest('Masa status tidak boleh sebelum masa kes.', 'datetime');
      if ((input.latitude == null) !== (input.longtitude == null))
        throw badRequest('Latitud dan longitud mesti diberi bersama.', input.latitude == null ? 'latitude' : 'longtitude');
      const lateCodes = [input.pkRccLateCodeId, input.pkPrLateCodeId].filter((k): k is number => typeof k === 'number');
      if (lateCodes.length) {
        const found = await tx.select({ key: lookupItem.key }).from(lookupItem).where(inArray(lookupItem.key, lateCodes));
        for (const [field, key] of [
          ['pkRccLateCodeId', input.pkRccLateCodeId],
          ['pkPrLateCodeId', input.pkPrLateCodeId],
        ] as const) {
          if (typeof key === 'number' && !found.some((f) => f.key === key)) throw badRequest(`Kod lewat ${key} tidak sah.`, field);
        }
      }

      let rosterId: number | null = c.dutyRosterId;
      const remark = input.remark?.trim() || null;
      let statusMsg = 'Status kes berjaya dikemaskini.';

      if (statusId === STATUS.ASSIGNED) {
        if (!can(user.rn, 'editCase') && !can(user.rn, 'newCase')) throw forbidden('Anda tidak dibenarkan menugaskan kes.');
        if (isFinalCase(c)) throw conflict('Kes yang telah ditutup atau dibatalkan tidak boleh ditugaskan semula.');
        if (input.assigneeId == null) throw badRequest('Sila pilih "Ditugaskan Kepada".', 'assigneeId');
        // the same roster again while still 203: nothing new happened (a retried request)
        if (input.assigneeId === c.dutyRosterId && c.statusId === STATUS.ASSIGNED) {
          const [last] = await tx
            .select({ id: incidentAudit.id })
            .from(incidentAudit)
            .where(and(eq(incidentAudit.incidentId, c.id), eq(incidentAudit.statusId, STATUS.ASSIGNED)))
            .orderBy(desc(incidentAudit.at), desc(incidentAudit.id))
            .limit(1);
          if (last)
            return { row: await auditRowById(tx, last.id), version: c.version, statusMsg: 'Kes telah pun ditugaskan kepada jadual tugas ini.' };
        }
        const roster = await checkRoster(tx, user, input.assigneeId, { field: 'assigneeId', caseRegionId: c.regionId, now });
        rosterId = roster.id;
        statusMsg = 'Tugasan berjaya dihantar.';
      } else if (PATROL_STEP_IDS.includes(statusId)) {
        if (!can(user.rn, 'patrolAction')) throw forbidden('Anda tidak dibenarkan mengemaskini status rondaan.');
        if (isPatrolRole(user.rn) && !(await isRosterMember(tx, user.sid, c.dutyRosterId))) throw forbidden(NOT_ASSIGNED_TO_YOU);
        if (!PATROL_STEPS[statusId].includes(c.statusId ?? -1)) await transitionRefused(tx, c.statusId, statusId);
      } else if (statusId === STATUS.CLOSED) {
        if (!can(user.rn, 'closeCase')) throw forbidden('Anda tidak dibenarkan menutup kes.');
        if (c.statusId === STATUS.CLOSED) throw conflict('Kes ini telah pun ditutup.');
        if (c.statusId === STATUS.CANCELLED || c.everCancelled) throw conflict('Kes yang telah dibatalkan tidak boleh ditutup.');
        if (!canCloseCase(c.statusId, c.hasDoneEntry)) throw conflict(CLOSE_REFUSED);
        statusMsg = 'Kes berjaya ditutup.';
      } else if (statusId === STATUS.CANCELLED) {
        if (!can(user.rn, 'cancelCase')) throw forbidden('Anda tidak dibenarkan membatalkan kes.');
        if (!remark) throw badRequest(JUSTIFICATION_REQUIRED, 'remark');
        if (!canCancelCase(c.statusId) || c.everCancelled) {
          throw conflict(`Kes berstatus "${await statusLabel(tx, c.statusId)}" tidak boleh dibatalkan.`);
        }
        statusMsg = 'Kes telah berjaya dibatalkan';
      } else {
        await transitionRefused(tx, c.statusId, statusId);
      }

      const auditId = await insertAudit(tx, {
        incidentId: c.id,
        statusId,
        user,
        rosterId,
        at,
        latitude: input.latitude,
        longitude: input.longtitude,
        remark,
        rccLateCodeId: input.pkRccLateCodeId,
        prLateCodeId: input.pkPrLateCodeId,
      });
      const patch = statusPatch(statusId, at);
      if (statusId === STATUS.ASSIGNED) patch.dutyRosterId = rosterId;
      const [updated] = await tx
        .update(incident)
        .set({ ...patch, version: sql`${incident.version} + 1`, updatedAt: now })
        .where(eq(incident.id, c.id))
        .returning({ version: incident.version });
      await notifyPatrolActivity(tx, user.rn, c.id);
      // issue #6: a 203 to another roster than the previous 203's alerts the new team and the region's TMC
      if (statusId === STATUS.ASSIGNED) await raiseReassignmentAlert(tx, { incidentId: c.id, auditId, actorUserId: Number(user.sub) });
      return { row: await auditRowById(tx, auditId), version: updated.version, statusMsg };
    }),
  );
}

/**
 * A status change refused with 409 (no longer allowed: another device or user moved the case on first) answers the
 * case as it is now in body.current (offline sync, #4), as a stale version does on incident/save.
 */
async function withCurrentOnConflict<T>(tx: Tx, user: TokenClaims, incidentId: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) {
      err.extra.current ??= await getIncident(tx, user, incidentId);
    }
    throw err;
  }
}

/** incidentAudit/dataTables and getByIncidentId: the access check first, then the rows. */
export async function auditTrail(db: Db, user: TokenClaims, incidentId: number, paging?: { length: number; start: number }) {
  await incidentAccess(db, user, incidentId);
  const [rows, recordCount] = await Promise.all([
    findAuditRows(db, incidentId, paging),
    paging ? countAuditRows(db, incidentId) : Promise.resolve(0),
  ]);
  return { rows, recordCount: paging ? recordCount : rows.length };
}
