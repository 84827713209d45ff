/**
 * The roster's timeline of its shift (§7.4 llugps get/{id}, §2.18 timeline widget):
 * - 'LLU History': each period its fixes were off the mainline (offsetMetres > MAINLINE_BOUND_METRES), consecutive
 *   off-mainline fixes making one period; the entry is at the period's start, placed at its farthest fix, with the
 *   location text "<metres> m dari KM <km> (<section>)" (so the widget's 500 m rule shows its map);
 * - 'Status': the case steps written for this roster during the shift (audit entries assigned to it): title the
 *   status label, description the ticket number.
 * Newest first.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LLU_HISTORY, MAINLINE_BOUND_METRES } from '../../../contract/map-rules';
import type { TimelineEntry } from '../../../contract/maps';
import type { Db } from '../../db/client';
import { incident, incidentAudit, lookupItem, rosterPosition } from '../../db/schema';
import { localHms } from '../../lib/time';
import type { GeoIndex } from './geo-index';

export const LLU_TITLE = 'Keluar Laluan Utama';
export const STATUS_TYPE = 'Status';

export async function rosterTimeline(db: Db, geo: GeoIndex, roster: { id: number; startsAt: Date; endsAt: Date }): Promise<TimelineEntry[]> {
  const st = alias(lookupItem, 'st');
  const [fixes, steps] = await Promise.all([
    db
      .select({
        latitude: rosterPosition.latitude,
        longitude: rosterPosition.longitude,
        recordedAt: rosterPosition.recordedAt,
        sectionId: rosterPosition.sectionId,
        km: rosterPosition.km,
        offsetMetres: rosterPosition.offsetMetres,
      })
      .from(rosterPosition)
      .where(
        and(
          eq(rosterPosition.dutyRosterId, roster.id),
          gte(rosterPosition.recordedAt, roster.startsAt),
          lte(rosterPosition.recordedAt, roster.endsAt),
        ),
      )
      .orderBy(asc(rosterPosition.recordedAt), asc(rosterPosition.id)),
    db
      .select({
        at: incidentAudit.at,
        statusId: incidentAudit.statusId,
        label: st.value,
        ticketNumber: incident.ticketNumber,
        chainage: incident.chainage,
        latitude: incidentAudit.latitude,
        longitude: incidentAudit.longitude,
      })
      .from(incidentAudit)
      .innerJoin(incident, eq(incident.id, incidentAudit.incidentId))
      .leftJoin(st, eq(st.key, incidentAudit.statusId))
      .where(and(eq(incidentAudit.assigneeRosterId, roster.id), gte(incidentAudit.at, roster.startsAt), lte(incidentAudit.at, roster.endsAt))),
  ]);

  const entries: TimelineEntry[] = [];
  type Fix = (typeof fixes)[number];
  let period: Fix[] = [];
  const close = () => {
    if (!period.length) return;
    const far = period.reduce((a, b) => ((b.offsetMetres ?? 0) > (a.offsetMetres ?? 0) ? b : a));
    const first = period[0];
    const last = period.at(-1)!;
    const sectionName = far.sectionId ? (geo.sections.get(far.sectionId)?.name ?? '') : '';
    entries.push({
      time: first.recordedAt.toISOString(),
      title: LLU_TITLE,
      description: `${localHms(first.recordedAt)} – ${localHms(last.recordedAt)}`,
      location: `${Math.round(far.offsetMetres ?? 0)} m dari KM ${(far.km ?? 0).toFixed(1)} (${sectionName})`,
      type: LLU_HISTORY,
      latitude: far.latitude,
      longitude: far.longitude,
    });
    period = [];
  };
  for (const f of fixes) {
    if (f.offsetMetres !== null && f.offsetMetres > MAINLINE_BOUND_METRES) period.push(f);
    else close();
  }
  close();
  for (const s of steps) {
    entries.push({
      time: s.at.toISOString(),
      title: s.label ?? String(s.statusId),
      description: s.ticketNumber,
      location: s.chainage,
      type: STATUS_TYPE,
      latitude: s.latitude,
      longitude: s.longitude,
    });
  }
  return entries.sort((a, b) => b.time.localeCompare(a.time));
}
