/**
 * Case notifications for the TMC bell (§3.9, §4.4): when a patrol (a PR role) writes a journal entry or changes a
 * status on a case, the case's notification row is (re)raised unread for the case's region.
 */
import { and, eq } from 'drizzle-orm';
import { isPatrolRole } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { incident, incidentNotification, lookupItem } from '../../db/schema';
import { now } from '../../lib/clock';

export async function notifyPatrolActivity(db: Db, actorRoleName: string, incidentId: number): Promise<boolean> {
  if (!isPatrolRole(actorRoleName)) return false;
  const [c] = await db
    .select({
      ticketNumber: incident.ticketNumber,
      sectionId: incident.sectionId,
      regionId: incident.regionId,
      subformId: incident.subformId,
      incidentAt: incident.incidentAt,
      status: lookupItem.value,
    })
    .from(incident)
    .leftJoin(lookupItem, eq(lookupItem.key, incident.statusId))
    .where(eq(incident.id, incidentId))
    .limit(1);
  if (!c) return false;
  const values = {
    subformIncidentId: c.subformId,
    ticketNumber: c.ticketNumber,
    sectionId: c.sectionId,
    regionId: c.regionId,
    incidentStatus: c.status ?? 'Tiada Status',
    incidentAt: c.incidentAt,
    read: false,
    updatedAt: now(),
  };
  const updated = await db
    .update(incidentNotification)
    .set(values)
    // by ticket number (index incident_notification_ticket_idx): one row per case, found without a table scan
    .where(and(eq(incidentNotification.ticketNumber, c.ticketNumber), eq(incidentNotification.incidentId, incidentId)))
    .returning({ id: incidentNotification.id });
  if (!updated.length) await db.insert(incidentNotification).values({ incidentId, ...values });
  return true;
}
