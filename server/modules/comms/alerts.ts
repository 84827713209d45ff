/**
 * Alerts raised by the server for real events (issue #6 item 2; §2.5 'Notifikasi', §3.9 alert notification):
 *
 * - unacknowledged case: the latest audit entry of a case is still its 203 (Tugasan Dihantar) `unackMinutes` after
 *   it was written (no 204 Diterima, nor any later step, rejection, close or cancel since) → every active TMC user
 *   (TMCA/TMCS) of the case's region. Found by a periodic sweep; event key `unack:<incident>:<203 audit id>`.
 * - reassignment: a new 203 to a roster other than the one of the case's previous 203 → the patrol (PR) users of the
 *   new roster's team and the region's TMC users, except the user who made it. Raised in the same transaction as the
 *   203 (incident/save and incidentAudit/save); event key `reassign:<incident>:<203 audit id>`.
 *
 * - GPS silent (issue #7): a roster on shift whose latest tablet position (roster_latest_position) is older than
 *   `gpsSilentMinutes` although it reported during this shift → the region's TMC users, once per silence: event key
 *   `gps-silent:<roster>:<last position id>`, so a roster that reports again and falls silent again alerts again.
 *   Category 'GPS'. Found by the same periodic sweep.
 *
 * One alert per event and recipient: the unique index (event_key, user_id) with ON CONFLICT DO NOTHING, so a sweep run
 * twice (or by two servers on one database) adds nothing the second time.
 */
import { and, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STATUS } from '../../../contract/lookups';
import { ROLE_IDS } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { alertNotification, appUser, dutyRoster, incident, incidentAudit, rosterLatestPosition, section, staff } from '../../db/schema';
import { rosterHasPerson } from '../../lib/roster-people';
import { localDisplay, localHms } from '../../lib/time';
import { now as clockNow } from '../../lib/clock';

/** alert category of §3.9: 'I' means incident */
export const ALERT_CATEGORY_INCIDENT = 'I';
/** alert category of a patrol whose tablet stopped reporting its position */
export const ALERT_CATEGORY_GPS = 'GPS';
/** the sweep looks back this far: a case left at 203 for longer than a day before the server ran raises nothing */
export const UNACK_LOOKBACK_HOURS = 24;

const TMC_ROLE_IDS = [ROLE_IDS.TMCA, ROLE_IDS.TMCS];

export const unackDescription = (ticket: string, minutes: number) => `Kes ${ticket} belum diterima oleh peronda selepas ${minutes} minit`;
export const reassignDescription = (ticket: string, rosterName: string) => `Kes ${ticket} ditugaskan semula kepada ${rosterName}`;
export const gpsSilentDescription = (rosterName: string, lastSeen: Date) => `GPS peronda ${rosterName} senyap sejak ${localHms(lastSeen)}`;
export const GPS_SILENT_MINUTES_DEFAULT = 10;

/** Active TMC users (TMCA/TMCS, user and staff active) whose section lies in the region. */
export async function tmcUsersOfRegion(db: Db, regionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .innerJoin(staff, eq(staff.id, appUser.staffId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(and(eq(section.regionId, regionId), inArray(appUser.roleId, TMC_ROLE_IDS), eq(appUser.isActive, true), eq(staff.isActive, true)));
  return rows.map((r) => r.id);
}

/** Active patrol (PR) users who are people of the roster (server/lib/roster-people.ts). */
export async function patrolUsersOfRoster(db: Db, rosterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: appUser.id })
    .from(dutyRoster)
    .innerJoin(appUser, rosterHasPerson(appUser.staffId))
    .innerJoin(staff, eq(staff.id, appUser.staffId))
    .where(and(eq(dutyRoster.id, rosterId), eq(appUser.roleId, ROLE_IDS.PR), eq(appUser.isActive, true), eq(staff.isActive, true)));
  return rows.map((r) => r.id);
}

export interface AlertEvent {
  eventKey: string;
  description: string;
  remark: string | null;
  sectionId: number | null;
  incidentId: number | null;
  dutyRosterId: number | null;
  createdAt: Date;
  category?: string;
}

/** One row per recipient; an (event, recipient) pair already alerted is skipped. Returns how many were added. */
export async function raise(db: Db, event: AlertEvent, userIds: number[]): Promise<number> {
  const recipients = [...new Set(userIds)];
  if (!recipients.length) return 0;
  const added = await db
    .insert(alertNotification)
    .values(recipients.map((userId) => ({ userId, viewed: 0, ...event, category: event.category ?? ALERT_CATEGORY_INCIDENT })))
    .onConflictDoNothing({ target: [alertNotification.eventKey, alertNotification.userId] })
    .returning({ id: alertNotification.id });
  return added.length;
}

// ------------------------------------------------------------------------------------------------ unacknowledged

export interface SweepResult {
  /** cases found unacknowledged past the limit */
  cases: number;
  /** alert rows added (0 when every recipient already had its alert) */
  alerts: number;
}

/**
 * One sweep: every case whose latest audit entry (by write order) is a 203 written at least `minutes` before `now`
 * (and within the last day) alerts the region's TMC users once per 203.
 */
export async function sweepUnacknowledged(db: Db, opts: { minutes: number; now?: Date }): Promise<SweepResult> {
  const now = opts.now ?? clockNow();
  const cutoff = new Date(now.getTime() - opts.minutes * 60_000);
  const since = new Date(now.getTime() - UNACK_LOOKBACK_HOURS * 3600_000);
  // the latest audit entry per case that is still at 203; "later" means written later (id order), so a patrol's
  // queued 204 with a past status time still counts as the acknowledgement
  const latest = db
    .selectDistinctOn([incidentAudit.incidentId], {
      auditId: incidentAudit.id,
      incidentId: incidentAudit.incidentId,
      statusId: incidentAudit.statusId,
      rosterId: incidentAudit.assigneeRosterId,
      writtenAt: incidentAudit.createdAt,
    })
    .from(incidentAudit)
    .where(inArray(incidentAudit.incidentId, db.select({ id: incident.id }).from(incident).where(eq(incident.statusId, STATUS.ASSIGNED))))
    .orderBy(incidentAudit.incidentId, sql`${incidentAudit.id} desc`)
    .as('latest');
  const due = await db
    .select({
      auditId: latest.auditId,
      incidentId: latest.incidentId,
      rosterId: latest.rosterId,
      writtenAt: latest.writtenAt,
      ticketNumber: incident.ticketNumber,
      sectionId: incident.sectionId,
      regionId: incident.regionId,
      rosterName: dutyRoster.dutyRosterName,
    })
    .from(latest)
    .innerJoin(incident, eq(incident.id, latest.incidentId))
    .leftJoin(dutyRoster, eq(dutyRoster.id, latest.rosterId))
    .where(and(eq(latest.statusId, STATUS.ASSIGNED), lte(latest.writtenAt, cutoff), gt(latest.writtenAt, since)));

  let alerts = 0;
  const tmcByRegion = new Map<number, number[]>();
  for (const c of due) {
    let tmc = tmcByRegion.get(c.regionId);
    if (!tmc) {
      tmc = await tmcUsersOfRegion(db, c.regionId);
      tmcByRegion.set(c.regionId, tmc);
    }
    alerts += await raise(
      db,
      {
        eventKey: `unack:${c.incidentId}:${c.auditId}`,
        description: unackDescription(c.ticketNumber, opts.minutes),
        remark: c.rosterName ? `Ditugaskan kepada ${c.rosterName} pada ${localDisplay(c.writtenAt)}` : null,
        sectionId: c.sectionId,
        incidentId: c.incidentId,
        dutyRosterId: c.rosterId,
        createdAt: now,
      },
      tmc,
    );
  }
  return { cases: due.length, alerts };
}

// ------------------------------------------------------------------------------------------------ GPS silent

/**
 * One sweep: every roster on shift at `now` whose latest position was taken during this shift and is at least
 * `minutes` old alerts its region's TMC users once for that position.
 */
export async function sweepGpsSilent(db: Db, opts: { minutes: number; now?: Date }): Promise<SweepResult> {
  const now = opts.now ?? clockNow();
  const cutoff = new Date(now.getTime() - opts.minutes * 60_000);
  const silent = await db
    .select({
      rosterId: dutyRoster.id,
      rosterName: dutyRoster.dutyRosterName,
      sectionId: dutyRoster.sectionId,
      regionId: section.regionId,
      positionId: rosterLatestPosition.positionId,
      lastSeen: rosterLatestPosition.recordedAt,
      km: rosterLatestPosition.km,
    })
    .from(dutyRoster)
    .innerJoin(rosterLatestPosition, eq(rosterLatestPosition.dutyRosterId, dutyRoster.id))
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .where(
      and(
        lte(dutyRoster.startsAt, now),
        gt(dutyRoster.endsAt, now),
        lte(rosterLatestPosition.recordedAt, cutoff),
        sql`${rosterLatestPosition.recordedAt} >= ${dutyRoster.startsAt}`,
      ),
    );
  let alerts = 0;
  const tmcByRegion = new Map<number, number[]>();
  for (const r of silent) {
    let tmc = tmcByRegion.get(r.regionId);
    if (!tmc) {
      tmc = await tmcUsersOfRegion(db, r.regionId);
      tmcByRegion.set(r.regionId, tmc);
    }
    alerts += await raise(
      db,
      {
        eventKey: `gps-silent:${r.rosterId}:${r.positionId}`,
        description: gpsSilentDescription(r.rosterName, r.lastSeen),
        remark: `Kedudukan terakhir pada ${localDisplay(r.lastSeen)}${r.km !== null ? ` di KM ${(Math.round(r.km * 10) / 10).toFixed(1)}` : ''}`,
        sectionId: r.sectionId,
        incidentId: null,
        dutyRosterId: r.rosterId,
        createdAt: now,
        category: ALERT_CATEGORY_GPS,
      },
      tmc,
    );
  }
  return { cases: silent.length, alerts };
}

/** Runs the sweep every `sweepSeconds` (unref'd; stopped when the app closes). 0 turns it off. */
export function startUnackSweep(app: FastifyInstance, db: Db, opts: { minutes: number; sweepSeconds: number; gpsSilentMinutes?: number }) {
  if (!opts.sweepSeconds) return;
  let running = false;
  const tick = async () => {
    if (running) return; // a slow sweep is not overlapped by the next one
    running = true;
    try {
      const r = await sweepUnacknowledged(db, { minutes: opts.minutes });
      if (r.alerts) app.log.info({ event: 'unack_alerts', cases: r.cases, alerts: r.alerts }, 'unacknowledged-case alerts raised');
      const g = await sweepGpsSilent(db, { minutes: opts.gpsSilentMinutes ?? GPS_SILENT_MINUTES_DEFAULT });
      if (g.alerts) app.log.info({ event: 'gps_silent_alerts', rosters: g.cases, alerts: g.alerts }, 'GPS-silent alerts raised');
    } catch (err) {
      app.log.error({ err }, 'unacknowledged-case sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), opts.sweepSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

// ------------------------------------------------------------------------------------------------ reassignment

/**
 * Called right after a 203 audit entry is written, in its transaction. When the case had an earlier 203 to another
 * roster, the new roster's patrol users and the region's TMC users (not the actor) get an alert. Returns how many.
 */
export async function raiseReassignmentAlert(db: Db, a: { incidentId: number; auditId: number; actorUserId: number }): Promise<number> {
  const [now203] = await db
    .select({ rosterId: incidentAudit.assigneeRosterId, at: incidentAudit.createdAt })
    .from(incidentAudit)
    .where(eq(incidentAudit.id, a.auditId));
  if (!now203?.rosterId) return 0;
  const [before] = await db
    .select({ rosterId: incidentAudit.assigneeRosterId })
    .from(incidentAudit)
    .where(and(eq(incidentAudit.incidentId, a.incidentId), eq(incidentAudit.statusId, STATUS.ASSIGNED), lt(incidentAudit.id, a.auditId)))
    .orderBy(sql`${incidentAudit.id} desc`)
    .limit(1);
  if (!before || before.rosterId === now203.rosterId) return 0;

  const [c] = await db
    .select({ ticketNumber: incident.ticketNumber, sectionId: incident.sectionId, regionId: incident.regionId })
    .from(incident)
    .where(eq(incident.id, a.incidentId));
  const rosters = await db
    .select({ id: dutyRoster.id, name: dutyRoster.dutyRosterName })
    .from(dutyRoster)
    .where(inArray(dutyRoster.id, [now203.rosterId, ...(before.rosterId ? [before.rosterId] : [])]));
  const newName = rosters.find((r) => r.id === now203.rosterId)?.name ?? String(now203.rosterId);
  const oldName = before.rosterId ? rosters.find((r) => r.id === before.rosterId)?.name : null;
  const recipients = [...(await patrolUsersOfRoster(db, now203.rosterId)), ...(await tmcUsersOfRegion(db, c.regionId))].filter(
    (id) => id !== a.actorUserId,
  );
  return raise(
    db,
    {
      eventKey: `reassign:${a.incidentId}:${a.auditId}`,
      description: reassignDescription(c.ticketNumber, newName),
      remark: oldName ? `Sebelum ini ditugaskan kepada ${oldName}` : null,
      sectionId: c.sectionId,
      incidentId: a.incidentId,
      dutyRosterId: now203.rosterId,
      createdAt: now203.at,
    },
    recipients,
  );
}
