/**
 * The patrol's activity log, the shift summary, the end-of-duty report (Laporan Tamat Tugas) and its
 * acknowledgement (issue #15 items 2–5; spec §3.12, §4.2 event 295, §4.3, §7.5, §7.7).
 *
 * Access first, always: the roster exists (404), then
 * - a PR works only on its own rosters: one of the roster's people (server/lib/roster-people.ts: its member rows,
 *   else its team less those released by leave): 403;
 * - everyone else only on rosters of their region scope (server/lib/scope.ts): 403.
 * The route's permission (contract/roles.ts) is checked before by the auth plugin.
 *
 * Writes. An entry is written on a roster: its event is an activityLogEvents key, its time within the shift ±15 min
 * and not in the future (FUTURE_ALLOWANCE_MS), its checkpoint one of a ronda of the roster's section. Once the report
 * is verified (isDisemak) nothing of it changes (409) until a SUPERADMIN revokes the verification. Every write locks
 * the roster row, so a save and a verification never cross. Each write stores the recomputed summary of its roster
 * and is recorded in the change log under the roster ('roster', id).
 *
 * Acknowledgement (§4.3): verify (reportVerify; the shift ended or its end recorded; not one's own roster), approve
 * (reportApprove; verified first; not one's own), revoke (SUPERADMIN, with a justification: the approval if any, else
 * the verification). Verification freezes the summary: it is computed and stored in the same transaction, and the
 * report shows that stored one from then on; before it, the report computes the summary on the fly.
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import {
  ACTIVITY_MESSAGES,
  ACTIVITY_SHIFT_MARGIN_MS,
  MAINLINE_TRACK_MAX,
  ROSTER_LIFECYCLE_LABEL,
  minutesToHm,
  type AckState,
  type ActivityLogFilter,
  type ActivityLogQuery,
  type ActivityLogRow,
  type ActivityLogSave,
  type DutyRosterAck,
  type EndOfDutyFilter,
  type EndOfDutyQuery,
  type EndOfDutyReport,
  type EndOfDutyRow,
  type GpsPeriod,
  type MainlineReport,
  type ShiftSummary,
} from '../../../contract/activity-log';
import { FUTURE_ALLOWANCE_MS } from '../../../contract/date-rules';
import { can, isPatrolRole } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { activityLog, dutyRoster, incident, region, section, shift, team, vehicle } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { CSV_EXPORT_MAX_ROWS, listPage, orderOf, toCsv, totalOver, type CsvColumn, type Sortable } from '../../lib/data-table';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { isRosterPerson, rosterHasPerson } from '../../lib/roster-people';
import { regionScopeOf } from '../../lib/scope';
import { localDisplay } from '../../lib/time';
import {
  activitiesOf,
  activityById,
  activityFrom,
  activityRowOfText,
  activitySelectByName,
  caseCounts,
  casesOf,
  checkpointOnSections,
  endOfDutyFrom,
  entryFlags,
  findRoster,
  lifecycleOf,
  lifecycleSql,
  lookupIn,
  rosterHeader,
  rosterPeople,
  sectionFamily,
  summaryInputs,
  toActivityRow,
  type ActivityDbRow,
  type RosterRef,
} from './queries';
import { checklistSummaryOfRoster } from '../checklist/service';
import { handoversOfRoster } from '../handover/service';
import { summaryColumns } from './summary-job';
import { computeSummary, downsample, isOnMainline, windowEnd, type ComputedSummary, type GpsSpan } from './summary';
import { now as clockNow } from '../../lib/clock';
import { shiftDateAt } from '../../../contract/shift-time';
import { oncePerDb } from '../../db/once-per-db';

const MESSAGES = {
  moveEntry: 'Aktiviti tidak boleh dipindahkan ke jadual tugas lain.',
  unknownDirection: 'Arah tidak sah.',
  unknownIncident: 'Kes tidak dijumpai.',
  incidentOtherRegion: 'Kes ini bukan dari wilayah jadual tugas ini.',
  latLngTogether: 'Latitud dan longitud mesti diberi bersama.',
  revokeSuperadmin: 'Hanya SUPERADMIN boleh membatalkan pengesahan laporan tamat tugas.',
  notVerifier: 'Anda tidak dibenarkan menyemak laporan tamat tugas.',
  notApprover: 'Anda tidak dibenarkan mengesahkan laporan tamat tugas.',
  sectionNotFound: 'Seksyen tidak dijumpai.',
} as const;

const isSuperadmin = (user: TokenClaims) => user.rn === 'SUPERADMIN';

// ------------------------------------------------------------------------------------------------ access

/** The roster if the caller may work on it (rule in the module comment); 404 / 403 otherwise. */
async function rosterFor(db: Db, user: TokenClaims, rosterId: number, opts: { forUpdate?: boolean } = {}): Promise<RosterRef> {
  const r = await findRoster(db, rosterId, opts);
  if (!r) throw notFound(ACTIVITY_MESSAGES.rosterNotFound);
  if (isPatrolRole(user.rn)) {
    if (!(await isRosterPerson(db, r.id, user.sid))) throw forbidden(ACTIVITY_MESSAGES.notOwnTeam);
  } else {
    const scope = regionScopeOf(user);
    if (scope !== null && r.regionId !== scope) throw forbidden(ACTIVITY_MESSAGES.outOfRegion);
  }
  return r;
}

/** The roster of an entry to be changed: accessible, locked, and not yet verified. */
async function writableRoster(db: Db, user: TokenClaims, rosterId: number): Promise<RosterRef> {
  const r = await rosterFor(db, user, rosterId, { forUpdate: true });
  if (r.isDisemak) throw conflict(ACTIVITY_MESSAGES.lockedByAck);
  return r;
}

/** A list's limits for the caller: region scope, and for a patrol its own team's rosters. */
function listScope(user: TokenClaims): SQL[] {
  const parts: SQL[] = [];
  const scope = regionScopeOf(user);
  if (scope !== null) parts.push(eq(section.regionId, scope));
  if (isPatrolRole(user.rn)) parts.push(rosterHasPerson(user.sid));
  return parts;
}

/** A region / section filter checked against the caller's scope (403), answering the section ids it covers. */
async function scopedPlace(db: Db, user: TokenClaims, f: { regionId?: number; sectionId?: number }): Promise<{ sectionIds?: number[] }> {
  const scope = regionScopeOf(user);
  if (f.regionId && scope !== null && f.regionId !== scope) throw forbidden(ACTIVITY_MESSAGES.outOfRegion);
  if (!f.sectionId) return {};
  const [s] = await db.select({ regionId: section.regionId }).from(section).where(eq(section.id, f.sectionId));
  if (!s) throw notFound(MESSAGES.sectionNotFound);
  if (scope !== null && s.regionId !== scope) throw forbidden(ACTIVITY_MESSAGES.outOfRegion);
  return { sectionIds: await sectionFamily(db, f.sectionId) };
}

// ------------------------------------------------------------------------------------------------ activity log

const entryValues = (r: ActivityLogRow | undefined) =>
  r
    ? {
        activity: {
          pkActivityLogId: r.pkActivityLogId,
          event: r.eventName,
          occurredAt: r.occurredAt,
          km: r.km,
          direction: r.directionName,
          checkpoint: r.checkpointName,
          location: r.location,
          remark: r.remark,
          ticketNumber: r.ticketNumber,
        },
      }
    : { activity: null };

/** activityLog/save: a new entry (no pkActivityLogId) or an edit of one, on a roster the caller may write. */
export async function saveActivity(db: Db, user: TokenClaims, input: ActivityLogSave, now = clockNow()): Promise<ActivityLogRow> {
  return db.transaction(async (tx) => {
    const r = await writableRoster(tx, user, input.dutyRosterId);
    let before: ActivityLogRow | undefined;
    if (input.pkActivityLogId) {
      before = await activityById(tx, input.pkActivityLogId);
      if (!before) throw notFound(ACTIVITY_MESSAGES.notFound);
      if (before.dutyRosterId !== r.id) throw badRequest(MESSAGES.moveEntry, 'dutyRosterId');
    }
    if (!(await lookupIn(tx, 'activityLogEvents', input.eventId))) throw badRequest(ACTIVITY_MESSAGES.unknownEvent, 'eventId');
    const at = new Date(input.occurredAt);
    if (at.getTime() < r.startsAt.getTime() - ACTIVITY_SHIFT_MARGIN_MS || at.getTime() > r.endsAt.getTime() + ACTIVITY_SHIFT_MARGIN_MS) {
      throw badRequest(ACTIVITY_MESSAGES.outsideShift, 'occurredAt');
    }
    if (at.getTime() > now.getTime() + FUTURE_ALLOWANCE_MS) throw badRequest(ACTIVITY_MESSAGES.inFuture, 'occurredAt');
    if (input.directionId != null && !(await lookupIn(tx, 'cardinalDirection', input.directionId)))
      throw badRequest(MESSAGES.unknownDirection, 'directionId');
    if (input.rondaCheckpointId != null && !(await checkpointOnSections(tx, input.rondaCheckpointId, await sectionFamily(tx, r.sectionId)))) {
      throw badRequest(ACTIVITY_MESSAGES.checkpointNotOnRonda, 'rondaCheckpointId');
    }
    if (input.incidentId != null) {
      const [c] = await tx.select({ regionId: incident.regionId }).from(incident).where(eq(incident.id, input.incidentId));
      if (!c) throw badRequest(MESSAGES.unknownIncident, 'incidentId');
      if (c.regionId !== r.regionId) throw badRequest(MESSAGES.incidentOtherRegion, 'incidentId');
    }
    if ((input.latitude == null) !== (input.longitude == null))
      throw badRequest(MESSAGES.latLngTogether, input.latitude == null ? 'latitude' : 'longitude');

    const values = {
      eventId: input.eventId,
      occurredAt: at,
      km: input.km ?? null,
      directionId: input.directionId ?? null,
      rondaCheckpointId: input.rondaCheckpointId ?? null,
      location: input.location || null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      remark: input.remark || null,
      incidentId: input.incidentId ?? null,
    };
    let id: number;
    if (before) {
      await tx
        .update(activityLog)
        .set({ ...values, updatedAt: now })
        .where(eq(activityLog.id, before.pkActivityLogId));
      id = before.pkActivityLogId;
    } else {
      const [created] = await tx
        .insert(activityLog)
        .values({ ...values, dutyRosterId: r.id, createdBy: user.sid, createdAt: now, updatedAt: now })
        .returning({ id: activityLog.id });
      id = created.id;
    }
    const after = (await activityById(tx, id))!;
    await recordChange(tx, user, 'roster', r.id, 'update', entryValues(before), entryValues(after));
    await storeSummary(tx, r, now);
    return after;
  });
}

/** activityLog/delete */
export async function deleteActivity(db: Db, user: TokenClaims, id: number, now = clockNow()): Promise<{ pkActivityLogId: number }> {
  return db.transaction(async (tx) => {
    const [entry] = await tx.select({ rosterId: activityLog.dutyRosterId }).from(activityLog).where(eq(activityLog.id, id));
    if (!entry) throw notFound(ACTIVITY_MESSAGES.notFound);
    const r = await writableRoster(tx, user, entry.rosterId);
    const before = await activityById(tx, id);
    await tx.delete(activityLog).where(eq(activityLog.id, id));
    await recordChange(tx, user, 'roster', r.id, 'update', entryValues(before), entryValues(undefined));
    await storeSummary(tx, r, now);
    return { pkActivityLogId: id };
  });
}

const ACTIVITY_SORTABLE: Sortable = {
  occurredAt: activityLog.occurredAt,
  eventName: sql`ev.value`,
  createdAt: activityLog.createdAt,
  pkActivityLogId: activityLog.id,
  dutyRosterName: dutyRoster.dutyRosterName,
};

/**
 * activityLog/dataTables: the entries of one roster, or of the rosters of a day (their local start date; today when
 * not given) in a section or region, within the caller's scope; time order unless asked otherwise.
 */
export async function listActivities(
  db: Db,
  user: TokenClaims,
  f: ActivityLogFilter,
  q: ActivityLogQuery,
): Promise<{ rows: ActivityLogRow[]; recordCount: number }> {
  const parts: SQL[] = [];
  if (f.dutyRosterId && (q.orderColumn ?? 'occurredAt') === 'occurredAt') {
    // a roster's log in time order (the tablet's and the screen's call): its read prepared
    await rosterFor(db, user, f.dutyRosterId);
    // the prepared read's rows as the driver reads them (`all`: both drivers' prepared queries have it, the shared
    // type does not declare it), written by activityRowOfText
    type Raw = Parameters<typeof activityRowOfText>[0] & { total_over: number };
    const read = rosterLogFor(db, q.direction === 'desc' ? 'desc' : 'asc') as unknown as { all: (values: Record<string, unknown>) => Promise<Raw[]> };
    const raw = await read.all({ rosterId: f.dutyRosterId, limit: q.length, offset: q.start });
    let recordCount = raw[0]?.total_over ?? 0;
    // past the end: the first row still carries the total
    if (!raw.length && q.start > 0) recordCount = (await read.all({ rosterId: f.dutyRosterId, limit: 1, offset: 0 }))[0]?.total_over ?? 0;
    return { rows: raw.map(activityRowOfText), recordCount };
  }
  if (f.dutyRosterId) {
    await rosterFor(db, user, f.dutyRosterId);
    parts.push(eq(activityLog.dutyRosterId, f.dutyRosterId));
  } else {
    const place = await scopedPlace(db, user, f);
    // no date: the shift date of now (issue #29: before 07:00, the night shift that started the previous evening)
    parts.push(eq(dutyRoster.startDate, f.date ?? shiftDateAt(clockNow())), ...listScope(user));
    if (place.sectionIds)
      parts.push(
        sql`${dutyRoster.sectionId} in (${sql.join(
          place.sectionIds.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
    if (f.regionId) parts.push(eq(section.regionId, f.regionId));
  }
  const qb = activityFrom(db, { total: totalOver() })
    .where(and(...parts))
    .$dynamic();
  const { rows, recordCount } = await listPage<typeof qb, ActivityDbRow & { total: number }>(
    qb,
    q,
    orderOf(
      q,
      ACTIVITY_SORTABLE,
      'occurredAt',
      (q.orderColumn ?? 'occurredAt') === 'occurredAt' ? [activityLog.id] : [activityLog.occurredAt, activityLog.id],
    ),
  );
  return { rows: rows.map(toActivityRow), recordCount };
}

/**
 * activityLog/dataTables of one roster in time order (either way round), as listActivities builds it for any filter,
 * built once per database and prepared (named on PostgreSQL), as incident/access.ts does: Drizzle building it on every
 * call was a good part of the call's own work (bench/uncached-reads.ts).
 */
const prepareRosterLog = (db: Db, dir: 'asc' | 'desc') =>
  activityFrom(db, { total: totalOver() }, activitySelectByName)
    .where(and(eq(activityLog.dutyRosterId, sql.placeholder('rosterId'))))
    .orderBy(...orderOf({ direction: dir }, ACTIVITY_SORTABLE, 'occurredAt', [activityLog.id]))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`activity_log_rows_of_roster_${dir}`);
const rosterLogOf = oncePerDb((db: Db) => ({ asc: prepareRosterLog(db, 'asc'), desc: prepareRosterLog(db, 'desc') }));
const rosterLogFor = (db: Db, dir: 'asc' | 'desc') => rosterLogOf(db)[dir];

// ------------------------------------------------------------------------------------------------ summary

async function summaryNow(db: Db, r: RosterRef, now: Date): Promise<ComputedSummary> {
  const { entries, fixes } = await summaryInputs(db, r);
  return computeSummary({ entries, fixes, window: { startsAt: r.startsAt.getTime(), endsAt: r.endsAt.getTime() }, now: now.getTime() });
}

/** Computes the summary of a roster and stores it in its summary columns (with its inputs' counts and track length). */
async function storeSummary(db: Db, r: RosterRef, now: Date): Promise<ShiftSummary> {
  const { summary: s, columns } = await summaryColumns(db, r, now);
  await db.update(dutyRoster).set(columns).where(eq(dutyRoster.id, r.id));
  return toSummary(r.id, s, now);
}

const toSummary = (id: number, s: Omit<ComputedSummary, 'spans'>, at: Date | null): ShiftSummary => ({
  pkDutyRosterId: id,
  rondaCount: s.rondaCount,
  rehatMinutes: s.rehatMinutes,
  dluMinutes: s.dluMinutes,
  lluMinutes: s.lluMinutes,
  inactiveGpsMinutes: s.inactiveGpsMinutes,
  summaryAt: at ? at.toISOString() : null,
});

const storedSummary = (r: RosterRef): ShiftSummary | null =>
  r.summaryAt
    ? toSummary(
        r.id,
        {
          rondaCount: r.rondaCount ?? 0,
          rehatMinutes: r.rehatMinutes ?? 0,
          dluMinutes: r.dluMinutes ?? 0,
          lluMinutes: r.lluMinutes ?? 0,
          inactiveGpsMinutes: r.inactiveGpsMinutes ?? 0,
        },
        r.summaryAt,
      )
    : null;

/** dutyroster/updateActivityLogSummary: recompute and store (refused once verified: the verified one stays). */
export async function updateSummary(db: Db, user: TokenClaims, rosterId: number, now = clockNow()): Promise<ShiftSummary> {
  return db.transaction(async (tx) => storeSummary(tx, await writableRoster(tx, user, rosterId), now));
}

const toPeriod = (s: GpsSpan): GpsPeriod => ({
  from: new Date(s.from).toISOString(),
  to: new Date(s.to).toISOString(),
  minutes: Math.round(((s.to - s.from) / 60_000) * 100) / 100,
  kind: s.kind,
});

/** report/inactiveGps/get/{id}: the roster's stretches of its shift without GPS fixes. */
export async function inactiveGps(db: Db, user: TokenClaims, rosterId: number, now = clockNow()): Promise<GpsPeriod[]> {
  const r = await rosterFor(db, user, rosterId);
  const s = await summaryNow(db, r, now);
  return s.spans.filter((p) => p.kind === 'NOGPS').map(toPeriod);
}

/** report/mainlinePeriods/get/{id}: DLU, LLU and NOGPS periods of the shift and its track (≤ MAINLINE_TRACK_MAX points). */
export async function mainlineReport(db: Db, user: TokenClaims, rosterId: number, now = clockNow()): Promise<MainlineReport> {
  const r = await rosterFor(db, user, rosterId);
  const { entries, fixes } = await summaryInputs(db, r);
  const window = { startsAt: r.startsAt.getTime(), endsAt: r.endsAt.getTime() };
  const s = computeSummary({ entries, fixes, window, now: now.getTime() });
  const end = windowEnd(window, now.getTime());
  const inShift = fixes.filter((f) => f.at >= window.startsAt && f.at <= end);
  return {
    pkDutyRosterId: r.id,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    periods: s.spans.map(toPeriod),
    track: downsample(inShift, MAINLINE_TRACK_MAX).map((f) => ({
      at: new Date(f.at).toISOString(),
      latitude: f.latitude,
      longitude: f.longitude,
      onMainline: isOnMainline(f.offsetMetres),
      km: f.km === null ? null : Math.round(f.km * 10) / 10,
    })),
    dluMinutes: s.dluMinutes,
    lluMinutes: s.lluMinutes,
    inactiveGpsMinutes: s.inactiveGpsMinutes,
  };
}

// ------------------------------------------------------------------------------------------------ the report

/** report/LaporanTamatTugas/{id}: the whole end-of-duty report of one roster. */
export async function endOfDutyReport(db: Db, user: TokenClaims, rosterId: number, now = clockNow()): Promise<EndOfDutyReport> {
  const r = await rosterFor(db, user, rosterId);
  const [header, people, activities, flags, computed, cases, own, checklist, handovers] = await Promise.all([
    rosterHeader(db, r.id),
    rosterPeople(db, r),
    activitiesOf(db, r.id),
    entryFlags(db, r.id),
    summaryNow(db, r, now),
    casesOf(db, r),
    isRosterPerson(db, r.id, user.sid),
    checklistSummaryOfRoster(db, r.id),
    handoversOfRoster(db, r.id),
  ]);
  const lifecycle = lifecycleOf(r, flags, now);
  const ended = r.endsAt.getTime() <= now.getTime() || flags.hasEnd;
  const summary = (r.isDisemak ? storedSummary(r) : null) ?? toSummary(r.id, computed, now);
  const { acknowledgedByName, approvedByName, ...rest } = header;
  return {
    roster: {
      ...rest,
      startsAt: rest.startsAt.toISOString(),
      endsAt: rest.endsAt.toISOString(),
      members: people,
    },
    lifecycle,
    summary,
    ack: ackStateOf(r, acknowledgedByName, approvedByName),
    cases,
    activities,
    inactiveGps: computed.spans.filter((p) => p.kind === 'NOGPS').map(toPeriod),
    checklist,
    handovers,
    can: {
      verify: can(user.rn, 'reportVerify') && !r.isDisemak && ended && !own,
      approve: can(user.rn, 'reportApprove') && r.isDisemak && !r.isDisahkan && !own,
      revoke: isSuperadmin(user) && r.isDisemak,
      editActivities: can(user.rn, 'activityLogWrite') && !r.isDisemak,
    },
  };
}

const ackStateOf = (r: RosterRef, acknowledgedByName: string | null, approvedByName: string | null): AckState => ({
  isDisemak: r.isDisemak,
  acknowledgedBy: r.acknowledgedBy,
  acknowledgedByName: r.isDisemak ? acknowledgedByName : null,
  acknowledgedAt: r.acknowledgedAt ? r.acknowledgedAt.toISOString() : null,
  isDisahkan: r.isDisahkan,
  approvedBy: r.approvedBy,
  approvedByName: r.isDisahkan ? approvedByName : null,
  approvedAt: r.approvedAt ? r.approvedAt.toISOString() : null,
});

// ------------------------------------------------------------------------------------------------ acknowledgement

const ackValues = (r: {
  isDisemak: boolean;
  acknowledgedBy: number | null;
  acknowledgedAt: Date | null;
  isDisahkan: boolean;
  approvedBy: number | null;
  approvedAt: Date | null;
}) => ({
  isDisemak: r.isDisemak,
  acknowledgedBy: r.acknowledgedBy,
  acknowledgedAt: r.acknowledgedAt,
  isDisahkan: r.isDisahkan,
  approvedBy: r.approvedBy,
  approvedAt: r.approvedAt,
});

/** dutyroster/updateDutyRosterAck: verify, approve or revoke (rules in the module comment). */
export async function updateAck(db: Db, user: TokenClaims, input: DutyRosterAck, now = clockNow()): Promise<{ ack: AckState; statusMsg: string }> {
  return db.transaction(async (tx) => {
    const r = await rosterFor(tx, user, input.pkDutyRosterId, { forUpdate: true });
    const before = ackValues(r);
    let after = before;
    let statusMsg: string;
    let justification: string | undefined;
    if (input.action === 'verify') {
      if (!can(user.rn, 'reportVerify')) throw forbidden(MESSAGES.notVerifier);
      if (await isRosterPerson(tx, r.id, user.sid)) throw forbidden(ACTIVITY_MESSAGES.verifyOwn);
      if (r.isDisemak) throw conflict(ACTIVITY_MESSAGES.alreadyVerified);
      const flags = await entryFlags(tx, r.id);
      if (!(r.endsAt.getTime() <= now.getTime() || flags.hasEnd)) throw conflict(ACTIVITY_MESSAGES.notEnded);
      // the summary verified is the one stored now, and it stays so
      await storeSummary(tx, r, now);
      after = { ...before, isDisemak: true, acknowledgedBy: user.sid, acknowledgedAt: now };
      statusMsg = ACTIVITY_MESSAGES.verified;
    } else if (input.action === 'approve') {
      if (!can(user.rn, 'reportApprove')) throw forbidden(MESSAGES.notApprover);
      if (await isRosterPerson(tx, r.id, user.sid)) throw forbidden(ACTIVITY_MESSAGES.approveOwn);
      if (r.isDisahkan) throw conflict(ACTIVITY_MESSAGES.alreadyApproved);
      if (!r.isDisemak) throw conflict(ACTIVITY_MESSAGES.approveBeforeVerify);
      after = { ...before, isDisahkan: true, approvedBy: user.sid, approvedAt: now };
      statusMsg = ACTIVITY_MESSAGES.approved;
    } else {
      if (!isSuperadmin(user)) throw forbidden(MESSAGES.revokeSuperadmin);
      justification = input.justification?.trim();
      if (!justification) throw badRequest(ACTIVITY_MESSAGES.revokeNeedsJustification, 'justification');
      if (r.isDisahkan) after = { ...before, isDisahkan: false, approvedBy: null, approvedAt: null };
      else if (r.isDisemak) after = { ...before, isDisemak: false, acknowledgedBy: null, acknowledgedAt: null };
      else throw conflict(ACTIVITY_MESSAGES.nothingToRevoke);
      statusMsg = ACTIVITY_MESSAGES.revoked;
    }
    await tx.update(dutyRoster).set(after).where(eq(dutyRoster.id, r.id));
    await recordChange(tx, user, 'roster', r.id, 'update', before, justification ? { ...after, justification } : after);
    const fresh = (await findRoster(tx, r.id))!;
    const names = await rosterHeader(tx, r.id);
    return { ack: ackStateOf(fresh, names.acknowledgedByName, names.approvedByName), statusMsg };
  });
}

// ------------------------------------------------------------------------------------------------ end-of-duty list

const END_OF_DUTY_SORTABLE = (now: Date): Sortable => ({
  startDate: dutyRoster.startsAt,
  dutyRosterName: dutyRoster.dutyRosterName,
  regionName: region.name,
  sectionName: section.name,
  teamName: team.name,
  shiftName: shift.name,
  lifecycle: lifecycleSql(now),
  acknowledgedAt: dutyRoster.acknowledgedAt,
  approvedAt: dutyRoster.approvedAt,
  plateNumber: vehicle.plateNumber,
  rondaCount: dutyRoster.rondaCount,
  rehatMinutes: dutyRoster.rehatMinutes,
  dluMinutes: dutyRoster.dluMinutes,
  lluMinutes: dutyRoster.lluMinutes,
  activityCount: sql`(select count(*) from ${activityLog} where ${activityLog.dutyRosterId} = ${dutyRoster.id})`,
});

async function endOfDutyWhere(db: Db, user: TokenClaims, f: EndOfDutyFilter, now: Date): Promise<SQL | undefined> {
  const place = await scopedPlace(db, user, f);
  const parts = listScope(user);
  if (f.regionId) parts.push(eq(section.regionId, f.regionId));
  if (place.sectionIds)
    parts.push(
      sql`${dutyRoster.sectionId} in (${sql.join(
        place.sectionIds.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.dateFrom) parts.push(gte(dutyRoster.startDate, f.dateFrom));
  if (f.dateTo) parts.push(lte(dutyRoster.startDate, f.dateTo));
  if (f.lifecycle) parts.push(sql`${lifecycleSql(now)} = ${f.lifecycle}`);
  return parts.length ? and(...parts) : undefined;
}

type EndOfDutyDbRow = Omit<EndOfDutyRow, 'caseCount' | 'acknowledgedAt' | 'approvedAt'> & {
  regionId: number;
  startsAt: Date;
  endsAt: Date;
  acknowledgedAt: Date | null;
  approvedAt: Date | null;
};

async function withCaseCounts(db: Db, rows: EndOfDutyDbRow[]): Promise<EndOfDutyRow[]> {
  const counts = await caseCounts(
    db,
    rows.map((r) => ({ id: r.pkDutyRosterId })),
  );
  return rows.map(({ regionId: _r, startsAt: _s, endsAt: _e, acknowledgedAt, approvedAt, ...row }) => ({
    ...row,
    caseCount: counts.get(row.pkDutyRosterId) ?? 0,
    acknowledgedAt: acknowledgedAt ? acknowledgedAt.toISOString() : null,
    approvedAt: approvedAt ? approvedAt.toISOString() : null,
  }));
}

/** The sort of the list: the column asked for, else by date newest first. */
const endOfDutyOrder = (q: Pick<EndOfDutyQuery, 'orderColumn' | 'direction'>, now: Date) =>
  orderOf({ orderColumn: q.orderColumn, direction: q.direction ?? (q.orderColumn ? 'asc' : 'desc') }, END_OF_DUTY_SORTABLE(now), 'startDate', [
    section.name,
    dutyRoster.id,
  ]);

/** laporanTamatTugasData/dataTables: one row per roster of the caller's scope, filtered. */
export async function listEndOfDuty(
  db: Db,
  user: TokenClaims,
  f: EndOfDutyFilter,
  q: EndOfDutyQuery,
  now = clockNow(),
): Promise<{ rows: EndOfDutyRow[]; recordCount: number }> {
  const where = await endOfDutyWhere(db, user, f, now);
  const qb = endOfDutyFrom(db, now).where(where).$dynamic();
  const { rows, recordCount } = await listPage<typeof qb, EndOfDutyDbRow & { total: number }>(
    qb,
    { ...q, direction: q.direction ?? 'asc' },
    endOfDutyOrder(q, now),
  );
  return { rows: await withCaseCounts(db, rows), recordCount };
}

const dmy = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

const CSV_COLUMNS: CsvColumn<EndOfDutyRow>[] = [
  { label: 'Tarikh', value: (r) => dmy(r.startDate) },
  { label: 'Masa Mula', value: (r) => r.startHour },
  { label: 'Masa Tamat', value: (r) => r.endHour },
  { label: 'Jadual Tugas', value: (r) => r.dutyRosterName },
  { label: 'Wilayah', value: (r) => r.regionName },
  { label: 'Seksyen', value: (r) => r.sectionName },
  { label: 'Pasukan', value: (r) => r.teamName },
  { label: 'Syif', value: (r) => r.shiftName },
  { label: 'No. Plat', value: (r) => r.plateNumber },
  { label: 'Status', value: (r) => ROSTER_LIFECYCLE_LABEL[r.lifecycle] },
  { label: 'Bil. Aktiviti', value: (r) => r.activityCount },
  { label: 'Bil. Kes', value: (r) => r.caseCount },
  { label: 'Bil. Rondaan', value: (r) => r.rondaCount },
  { label: 'Rehat (JJ:MM)', value: (r) => minutesToHm(r.rehatMinutes) },
  { label: 'DLU (JJ:MM)', value: (r) => minutesToHm(r.dluMinutes) },
  { label: 'LLU (JJ:MM)', value: (r) => minutesToHm(r.lluMinutes) },
  { label: 'Disemak Oleh', value: (r) => r.acknowledgedByName },
  { label: 'Tarikh Disemak', value: (r) => (r.acknowledgedAt ? localDisplay(r.acknowledgedAt) : null) },
  { label: 'Disahkan Oleh', value: (r) => r.approvedByName },
  { label: 'Tarikh Disahkan', value: (r) => (r.approvedAt ? localDisplay(r.approvedAt) : null) },
];

/** laporanTamatTugasData/csv: the same rows (up to CSV_EXPORT_MAX_ROWS) as CSV, UTF-8 with BOM. */
export async function endOfDutyCsv(
  db: Db,
  user: TokenClaims,
  f: EndOfDutyFilter,
  q: Pick<EndOfDutyQuery, 'orderColumn' | 'direction'>,
  now = clockNow(),
): Promise<string> {
  const where = await endOfDutyWhere(db, user, f, now);
  const rows = await endOfDutyFrom(db, now)
    .where(where)
    .orderBy(...endOfDutyOrder(q, now))
    .limit(CSV_EXPORT_MAX_ROWS);
  return toCsv(
    await withCaseCounts(
      db,
      rows.map(({ total: _t, ...r }) => r as EndOfDutyDbRow),
    ),
    CSV_COLUMNS,
  );
}
