/**
 * Demo secondary crashes (issue #17): for a few of the fortnight's accidents (and one in each region's 15 days of a
 * longer history, #31) that a patrol reached, a breakdown reported 25 minutes before it, 0.8 km further along the
 * direction of travel on the same section, whose assistance was done only after the accident: the accident is then a
 * secondary crash of the breakdown (KPI definition in contract/reports-rules.ts); the incident report shows the pairs.
 *
 * Each breakdown is written as the server writes a case: a ticket number of the server's format (ticket_counter
 * moved on), its subform, an audit trail 203 → 204 → 206 → 207 → 298 → 210 (the TMC's steps by the accident's TMC
 * operator, the patrol's by the accident's patrol) matching the case's time columns, and a TMC journal note. Runs
 * once, after seedDemoIncidents, inside seedDemoData's transaction; deterministic for a given day.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { journalReadStatus } from '../../../contract/incident-rules';
import { EVENT_TYPE, STATUS } from '../../../contract/lookups';
import { KM_GROWS_WITH_TRAVEL } from '../../../contract/reports-rules';
import { statusPatch } from '../../modules/incident/audit';
import type { Db } from '../client';
import { gpsKmMarker, incident, incidentAudit, incidentSubform, journalEntry, section, ticketCounter } from '../schema';
import { bruneiDate } from './rosters';
import { now as clockNow } from '../../lib/clock';

const MIN = 60_000;
/** How many pairs the demo shows in the last fortnight, and in each region's 15 days before it (a longer history, #31). */
const PAIRS = 3;
const OLDER_PAIRS = 1;
const FORTNIGHT_MS = 14 * 24 * 60 * MIN;
const OLDER_SPAN_MS = 15 * 24 * 60 * MIN;
/** minutes after the breakdown's report of each of its steps */
const STEPS: readonly (readonly [number, number])[] = [
  [STATUS.ASSIGNED, 0],
  [STATUS.RECEIVED, 3],
  [STATUS.ARRIVED, 14],
  [STATUS.ASSISTANCE_DONE, 55],
  [STATUS.CASE_DONE, 62],
  [STATUS.CLOSED, 70],
];
const TMC_STEPS = new Set<number>([STATUS.ASSIGNED, STATUS.CLOSED]);

export async function seedDemoSecondaryCrashes(db: Db, opts: { now?: Date } = {}): Promise<{ incidents: number }> {
  // the fortnight's first PAIRS accidents that fit (as ever), and OLDER_PAIRS in each region's 15 days of a longer history
  const now = opts.now ?? clockNow();
  // accidents a patrol reached, at least two hours old, with a kilometre, on a section with its bounds
  const accidents = await db
    .select({
      id: incident.id,
      at: incident.incidentAt,
      sectionId: incident.sectionId,
      specificSectionId: incident.specificSectionId,
      regionId: incident.regionId,
      highwayId: incident.highwayId,
      directionId: incident.directionId,
      km: incident.km,
      rosterId: incident.dutyRosterId,
      eventLocationId: incident.eventLocationId,
      locationTypeId: incident.locationTypeId,
    })
    .from(incident)
    .where(
      and(
        eq(incident.categoryId, EVENT_TYPE.ACCIDENT),
        sql`${incident.arrivedAt} IS NOT NULL AND ${incident.km} IS NOT NULL AND ${incident.dutyRosterId} IS NOT NULL`,
        sql`coalesce(${incident.statusId}, 0) <> ${STATUS.CANCELLED} AND ${incident.incidentAt} < ${new Date(now.getTime() - 3 * 60 * MIN).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(incident.incidentAt), asc(incident.id));
  if (!accidents.length) return { incidents: 0 };

  const trails = await db
    .select({
      incidentId: incidentAudit.incidentId,
      statusId: incidentAudit.statusId,
      staffId: incidentAudit.assignerStaffId,
      roleName: incidentAudit.assignerRoleName,
    })
    .from(incidentAudit)
    .where(
      inArray(
        incidentAudit.incidentId,
        accidents.map((a) => a.id),
      ),
    )
    .orderBy(asc(incidentAudit.id));
  const sections = new Map((await db.select().from(section)).map((s) => [s.id, s]));

  let written = 0;
  const made = new Map<string, number>();
  const fortnight = now.getTime() - FORTNIGHT_MS;
  for (const a of accidents) {
    const recent = a.at.getTime() >= fortnight;
    const bucket = recent ? 'recent' : `${a.regionId}:${Math.floor((fortnight - a.at.getTime()) / OLDER_SPAN_MS)}`;
    if ((made.get(bucket) ?? 0) >= (recent ? PAIRS : OLDER_PAIRS)) continue;
    const trail = trails.filter((t) => t.incidentId === a.id);
    const tmc = trail.find((t) => t.statusId === STATUS.ASSIGNED && t.roleName.startsWith('TMC'));
    const patrol = trail.find((t) => t.statusId === STATUS.ARRIVED && t.roleName === 'PR');
    const sign = KM_GROWS_WITH_TRAVEL[a.directionId];
    const phys = sections.get(a.specificSectionId ?? a.sectionId);
    if (!tmc || !patrol || !sign || !phys || phys.kmStart === null || phys.kmEnd === null) continue;
    // 0.8 km ahead of the accident in its direction of travel: the accident lies upstream of the breakdown
    const km = Math.round((a.km! + sign * 0.8) * 10) / 10;
    if (km < Math.min(phys.kmStart, phys.kmEnd) || km > Math.max(phys.kmStart, phys.kmEnd)) continue;
    const at = new Date(Math.floor((a.at.getTime() - 25 * MIN) / 1000) * 1000);
    if (at.getTime() + 70 * MIN > now.getTime()) continue;
    const [marker] = await db
      .select({ latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
      .from(gpsKmMarker)
      .where(and(eq(gpsKmMarker.sectionId, phys.id), sql`abs(${gpsKmMarker.km} - ${km}) < 0.05`))
      .limit(1);
    if (!marker) continue;

    // the ticket number: the next of the physical section's local day
    const day = bruneiDate(at);
    const [counter] = await db
      .insert(ticketCounter)
      .values({ sectionId: phys.id, day, last: 1 })
      .onConflictDoUpdate({ target: [ticketCounter.sectionId, ticketCounter.day], set: { last: sql`${ticketCounter.last} + 1` } })
      .returning({ last: ticketCounter.last });
    const steps = STEPS.map(([status, m]) => ({ status, at: new Date(at.getTime() + m * MIN), by: TMC_STEPS.has(status) ? tmc : patrol }));
    const row: typeof incident.$inferInsert = {
      ticketNumber: `${phys.name}-${day.replaceAll('-', '')}-${String(counter.last).padStart(4, '0')}`,
      sectionId: a.sectionId,
      specificSectionId: a.specificSectionId,
      regionId: a.regionId,
      highwayId: a.highwayId,
      eventLocationId: a.eventLocationId,
      locationTypeId: a.locationTypeId,
      sourceId: 1101,
      categoryId: EVENT_TYPE.BREAKDOWN,
      severityId: 1701,
      directionId: a.directionId,
      weatherId: 1301,
      lightingId: 1401,
      kilometerMarker: km.toFixed(1),
      km,
      chainage: `${km.toFixed(1)} (${phys.name})`,
      latitude: marker.latitude,
      longitude: marker.longitude,
      dutyRosterId: a.rosterId,
      incidentAt: at,
      createdByStaffId: tmc.staffId,
      version: steps.length,
      createdAt: at,
      updatedAt: steps.at(-1)!.at,
    };
    for (const s of steps) Object.assign(row, statusPatch(s.status, s.at));
    const [inc] = await db.insert(incident).values(row).returning({ id: incident.id });
    const [sub] = await db
      .insert(incidentSubform)
      .values({
        incidentId: inc.id,
        typeId: EVENT_TYPE.BREAKDOWN,
        remark: 'KENDERAAN ROSAK DI LORONG KIRI, MENUNGGU TRAK TUNDA.',
        createdAt: new Date(at.getTime() + 90_000),
      })
      .returning({ id: incidentSubform.id });
    await db.update(incident).set({ subformId: sub.id }).where(eq(incident.id, inc.id));
    await db.insert(incidentAudit).values(
      steps.map((s) => ({
        incidentId: inc.id,
        statusId: s.status,
        assignerStaffId: s.by.staffId,
        assignerRoleName: s.by.roleName,
        assigneeRosterId: a.rosterId,
        at: s.at,
        createdAt: s.at,
      })),
    );
    await db.insert(journalEntry).values({
      incidentId: inc.id,
      subformId: sub.id,
      staffId: tmc.staffId,
      roleName: tmc.roleName,
      entry: 'Kenderaan rosak di lorong kiri dilaporkan oleh pengguna jalan raya; peronda dimaklumkan.',
      kind: 'NOTE',
      readStatus: journalReadStatus(tmc.roleName),
      createdAt: new Date(at.getTime() + 60_000),
    });
    written += 1;
    made.set(bucket, (made.get(bucket) ?? 0) + 1);
  }
  return { incidents: written };
}
