/**
 * The shift handover (issue #29 item 2; contract/handover.ts). A case is flagged when it is open (not Tutup, not
 * Batal), is assigned to a roster, and now is within HANDOVER_WINDOW_MINUTES of that roster's end or past it; it is
 * handed over when it still needs a patrol (HANDOVER_STATUSES, or no status yet), else it waits for the TMC to close
 * it. The incoming roster proposed is one of the same section on duty at handoverTargetAt (the
 * outgoing roster's end, or for a late handover the end of the window from now, so the proposal is never itself about
 * to be flagged), the one with the fewest open cases first. Handing over writes, in one
 * transaction per request: a 203 to the incoming roster whose remark names the outgoing one (the audit trail), a
 * journal entry of kind HANDOVER, a case_handover record, and the reassignment alert to the incoming patrol.
 */
import { aliasedTable, and, asc, count, eq, gt, inArray, isNotNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import {
  HANDOVER_MAX,
  HANDOVER_STATUSES,
  HANDOVER_TEXTS,
  HANDOVER_WINDOW_MINUTES,
  type HandoverCase,
  type HandoverList,
  type HandoverRecord,
  type HandoverRoster,
  type HandoverSave,
  handoverTargetAt,
} from '../../../contract/handover';
import { journalReadStatus } from '../../../contract/incident-rules';
import { STATUS } from '../../../contract/lookups';
import type { Db } from '../../db/client';
import { caseHandover, dutyRoster, incident, journalEntry, lookupItem, section, staff } from '../../db/schema';
import { now as clockNow } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { localDisplay } from '../../lib/time';
import { seesAllRegions } from '../../plugins/auth';
import { incidentAccess } from '../incident/access';
import { insertAudit, statusPatch } from '../incident/audit';
import { checkRoster } from '../incident/refs';
import { raiseReassignmentAlert } from '../comms/alerts';

const FINAL: number[] = [STATUS.CLOSED, STATUS.CANCELLED];
const windowMs = HANDOVER_WINDOW_MINUTES * 60_000;

const rosterOut = (r: { id: number; name: string; startsAt: Date; endsAt: Date }): HandoverRoster => ({
  pkDutyRosterId: r.id,
  dutyRosterName: r.name,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
});

/** An open case: no status yet, or one that is not final (an incoming roster's load). */
const isOpen = or(sql`${incident.statusId} is null`, notInArray(incident.statusId, FINAL));
/** A case that still needs a patrol (and so a handover): no status yet, or one of HANDOVER_STATUSES. */
const needsPatrol = (statusId: number | null) => statusId === null || HANDOVER_STATUSES.includes(statusId);

/** A roster as the handover reads it (outgoing and incoming). */
const rosterColumns = {
  id: dutyRoster.id,
  name: dutyRoster.dutyRosterName,
  sectionId: dutyRoster.sectionId,
  startsAt: dutyRoster.startsAt,
  endsAt: dutyRoster.endsAt,
};

interface Incoming {
  id: number;
  name: string;
  sectionId: number;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The incoming rosters of these sections that are on duty at `at`, the roster itself excluded, ordered by how
 * many open cases they hold and when they start.
 */
async function incomingRosters(db: Db, sectionIds: number[], at: Date): Promise<Incoming[]> {
  if (!sectionIds.length) return [];
  // the open cases of each candidate only (a handful of rosters), through the partial index incident_roster_open_idx
  const openCases = sql`(select count(*) from ${incident} where ${incident.dutyRosterId} = ${dutyRoster.id} and (${isOpen}))`;
  return db
    .select(rosterColumns)
    .from(dutyRoster)
    .where(and(inArray(dutyRoster.sectionId, sectionIds), lte(dutyRoster.startsAt, at), gt(dutyRoster.endsAt, at)))
    .orderBy(openCases, asc(dutyRoster.startsAt), asc(dutyRoster.id));
}

/** The proposal among rosters on duty at `at` (handoverTargetAt): of the section, not the outgoing roster itself. */
function proposalFor(candidates: Incoming[], from: { id: number; sectionId: number }): Incoming | null {
  return candidates.find((c) => c.sectionId === from.sectionId && c.id !== from.id) ?? null;
}

/** handover/pending: the flagged cases of the caller's scope, the oldest end first. */
export async function pendingHandovers(db: Db, user: TokenClaims, q: { sectionId?: number }, now = clockNow()): Promise<HandoverList> {
  const ev = aliasedTable(lookupItem, 'ev');
  const st = aliasedTable(lookupItem, 'st');
  const flagBefore = new Date(now.getTime() + windowMs);
  const where = and(
    isNotNull(incident.dutyRosterId),
    isOpen,
    lte(dutyRoster.endsAt, flagBefore),
    seesAllRegions(user) ? undefined : eq(incident.regionId, user.reg),
    q.sectionId ? eq(incident.sectionId, q.sectionId) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        incidentId: incident.id,
        ticketNumber: incident.ticketNumber,
        version: incident.version,
        eventTypeName: ev.value,
        statusId: incident.statusId,
        statusName: st.value,
        kilometer: incident.kilometerMarker,
        regionId: incident.regionId,
        sectionId: incident.sectionId,
        sectionName: section.name,
        rosterId: dutyRoster.id,
        rosterName: dutyRoster.dutyRosterName,
        rosterSectionId: dutyRoster.sectionId,
        rosterStartsAt: dutyRoster.startsAt,
        rosterEndsAt: dutyRoster.endsAt,
      })
      .from(incident)
      .innerJoin(dutyRoster, eq(dutyRoster.id, incident.dutyRosterId))
      .innerJoin(section, eq(section.id, incident.sectionId))
      .leftJoin(ev, eq(ev.key, incident.categoryId))
      .leftJoin(st, eq(st.key, incident.statusId))
      .where(where)
      .orderBy(asc(dutyRoster.endsAt), asc(incident.incidentAt), asc(incident.id))
      .limit(HANDOVER_MAX),
    db.select({ total: count() }).from(incident).innerJoin(dutyRoster, eq(dutyRoster.id, incident.dutyRosterId)).where(where),
  ]);
  // proposals: for every distinct (section, target instant) the rosters on duty then
  const keyOf = (r: (typeof rows)[number]) => `${r.rosterSectionId}:${handoverTargetAt(r.rosterEndsAt.getTime(), now.getTime())}`;
  const targets = new Map<string, { sectionId: number; at: number }>();
  for (const r of rows) targets.set(keyOf(r), { sectionId: r.rosterSectionId, at: handoverTargetAt(r.rosterEndsAt.getTime(), now.getTime()) });
  const candidates = new Map<string, Incoming[]>();
  await Promise.all(
    [...targets].map(async ([key, t]) => {
      candidates.set(key, await incomingRosters(db, [t.sectionId], new Date(t.at)));
    }),
  );
  const out: HandoverCase[] = rows.map((r) => {
    const patrol = needsPatrol(r.statusId);
    const proposal = patrol ? proposalFor(candidates.get(keyOf(r)) ?? [], { id: r.rosterId, sectionId: r.rosterSectionId }) : null;
    return {
      incidentId: r.incidentId,
      ticketNumber: r.ticketNumber,
      version: r.version,
      eventTypeName: r.eventTypeName,
      statusId: r.statusId,
      statusName: r.statusName,
      kilometer: r.kilometer,
      regionId: r.regionId,
      sectionId: r.sectionId,
      sectionName: r.sectionName,
      from: {
        ...rosterOut({ id: r.rosterId, name: r.rosterName, startsAt: r.rosterStartsAt, endsAt: r.rosterEndsAt }),
        ended: r.rosterEndsAt.getTime() <= now.getTime(),
      },
      needsPatrol: patrol,
      proposed: proposal ? rosterOut(proposal) : null,
    };
  });
  return { rows: out, total: Number(total), windowMinutes: HANDOVER_WINDOW_MINUTES };
}

/** handover/save: hands each case over, all or nothing. */
export async function saveHandover(db: Db, user: TokenClaims, input: HandoverSave, now = clockNow()): Promise<HandoverRecord[]> {
  const ids = input.items.map((i) => i.incidentId);
  if (new Set(ids).size !== ids.length) throw badRequest('Setiap kes hanya sekali dalam satu serahan.', 'items');
  const [by] = await db.select({ name: staff.displayName }).from(staff).where(eq(staff.id, user.sid)).limit(1);
  const byName = by?.name ?? user.uid;
  return db.transaction(async (tx) => {
    const done: HandoverRecord[] = [];
    for (const item of input.items) {
      // access first (region scope), then the case's state, locked for the write
      const c = await incidentAccess(tx, user, item.incidentId, { forUpdate: true });
      if (FINAL.includes(c.statusId ?? -1)) throw conflict(`${c.ticketNumber}: ${HANDOVER_TEXTS.closed}`);
      if (!needsPatrol(c.statusId)) throw conflict(`${c.ticketNumber}: ${HANDOVER_TEXTS.patrolDone}`);
      if (c.dutyRosterId == null) throw conflict(`${c.ticketNumber}: ${HANDOVER_TEXTS.notFlagged}`);
      const [from] = await tx.select(rosterColumns).from(dutyRoster).where(eq(dutyRoster.id, c.dutyRosterId)).limit(1);
      if (!from) throw notFound('Jadual tugas kes tidak dijumpai.');
      if (from.endsAt.getTime() - windowMs > now.getTime()) throw conflict(`${c.ticketNumber}: ${HANDOVER_TEXTS.notFlagged}`);

      let toId = item.toRosterId;
      if (toId == null) {
        const proposal = proposalFor(
          await incomingRosters(tx, [from.sectionId], new Date(handoverTargetAt(from.endsAt.getTime(), now.getTime()))),
          from,
        );
        if (!proposal) throw conflict(`${c.ticketNumber}: ${HANDOVER_TEXTS.noProposal}`);
        toId = proposal.id;
      }
      if (toId === from.id) throw badRequest(HANDOVER_TEXTS.sameRoster, 'toRosterId');
      // the incoming roster: in scope, of the case's region, not ended (the assignment rule), and of the same section
      const to = await checkRoster(tx, user, toId, { field: 'toRosterId', caseRegionId: c.regionId, now });
      if (to.sectionId !== from.sectionId && to.sectionId !== c.sectionId) throw badRequest(HANDOVER_TEXTS.otherSection, 'toRosterId');
      if (to.endsAt.getTime() <= from.endsAt.getTime()) throw badRequest(HANDOVER_TEXTS.endsFirst, 'toRosterId');
      // never to a roster that would be flagged at once
      if (to.endsAt.getTime() <= now.getTime() + windowMs) throw badRequest(HANDOVER_TEXTS.endsSoon, 'toRosterId');

      const auditId = await insertAudit(tx, {
        incidentId: c.id,
        statusId: STATUS.ASSIGNED,
        user,
        rosterId: to.id,
        at: now,
        remark: HANDOVER_TEXTS.auditRemark(from.name),
      });
      await tx
        .update(incident)
        .set({ ...statusPatch(STATUS.ASSIGNED, now), dutyRosterId: to.id, version: sql`${incident.version} + 1`, updatedAt: now })
        .where(eq(incident.id, c.id));
      const [entry] = await tx
        .insert(journalEntry)
        .values({
          incidentId: c.id,
          subformId: c.subformId,
          staffId: user.sid,
          roleName: user.rn,
          entry: HANDOVER_TEXTS.journal(c.ticketNumber, from.name, to.name, byName, localDisplay(now)),
          kind: 'HANDOVER',
          readStatus: journalReadStatus(user.rn),
          createdAt: now,
        })
        .returning({ id: journalEntry.id });
      await tx.insert(caseHandover).values({
        incidentId: c.id,
        fromRosterId: from.id,
        toRosterId: to.id,
        auditId,
        journalEntryId: entry.id,
        byUserId: Number(user.sub) || null,
        byStaffId: user.sid,
        at: now,
      });
      // the incoming patrol and the region's TMC are told (issue #6's reassignment alert)
      await raiseReassignmentAlert(tx, { incidentId: c.id, auditId, actorUserId: Number(user.sub) });
      done.push({
        incidentId: c.id,
        ticketNumber: c.ticketNumber,
        fromRosterId: from.id,
        fromRosterName: from.name,
        toRosterId: to.id,
        toRosterName: to.name,
        byName,
        at: now.toISOString(),
      });
    }
    return done;
  });
}

/** The handovers out of and into a roster, for its end-of-duty report. */
export async function handoversOfRoster(db: Db, rosterId: number): Promise<{ out: HandoverRecord[]; in: HandoverRecord[] }> {
  const fromR = aliasedTable(dutyRoster, 'from_r');
  const toR = aliasedTable(dutyRoster, 'to_r');
  const rows = await db
    .select({
      incidentId: caseHandover.incidentId,
      ticketNumber: incident.ticketNumber,
      fromRosterId: caseHandover.fromRosterId,
      fromRosterName: fromR.dutyRosterName,
      toRosterId: caseHandover.toRosterId,
      toRosterName: toR.dutyRosterName,
      byName: staff.displayName,
      at: caseHandover.at,
    })
    .from(caseHandover)
    .innerJoin(incident, eq(incident.id, caseHandover.incidentId))
    .innerJoin(fromR, eq(fromR.id, caseHandover.fromRosterId))
    .innerJoin(toR, eq(toR.id, caseHandover.toRosterId))
    .innerJoin(staff, eq(staff.id, caseHandover.byStaffId))
    .where(or(eq(caseHandover.fromRosterId, rosterId), eq(caseHandover.toRosterId, rosterId)))
    .orderBy(asc(caseHandover.at), asc(caseHandover.id));
  const rec = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  return { out: rec.filter((r) => r.fromRosterId === rosterId), in: rec.filter((r) => r.toRosterId === rosterId) };
}
