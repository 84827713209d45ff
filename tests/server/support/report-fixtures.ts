/**
 * Hand-made cases for the incident report tests (issue #17): a case written straight into the tables with its live
 * subform, lane closures and assistance items, every time given in minutes after the case's local (Asia/Brunei)
 * report time, so a test can compute its KPIs by hand.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { furtherActionItem, incident, incidentSubform, laneClosure, section, staff } from '../../../server/db/schema';
import { localInstant } from '../../../server/lib/time';

type App = FastifyInstance;

export interface CaseSpec {
  /** local 'YYYY-MM-DD HH:mm' */
  at: string;
  section?: string;
  category: number;
  status: number | null;
  km: number;
  direction: number;
  /** minutes after `at` */
  dispatched?: number;
  received?: number;
  arrived?: number;
  assistanceDone?: number;
  caseDone?: number;
  naLaneClosure?: boolean;
  /** closing and (optional) opening minutes */
  closures?: { close: number; open?: number }[];
  /** OTHER (requestFurtherAction) or EXISTING items: minutes of notified / arrived / completed (absent: not done) */
  items?: { id: number; kind?: 'OTHER' | 'EXISTING'; notified?: number; arrived?: number; completed?: number }[];
}

let seq = 0;

/** Writes the case and answers its id and ticket number. */
export async function insertCase(app: App, c: CaseSpec): Promise<{ id: number; ticket: string }> {
  const db = app.ctx.db;
  const [sec] = await db
    .select()
    .from(section)
    .where(eq(section.name, c.section ?? 'N9'));
  const [someone] = await db.select({ id: staff.id }).from(staff).limit(1);
  const [date, hhmm] = c.at.split(' ');
  const base = localInstant(date, hhmm);
  const t = (m: number | undefined) => (m === undefined ? null : new Date(base.getTime() + m * 60_000));
  seq += 1;
  const ticket = `${sec.name}-${date.replaceAll('-', '')}-${String(8000 + seq)}`;
  return db.transaction(async (tx) => {
    const [inc] = await tx
      .insert(incident)
      .values({
        ticketNumber: ticket,
        sectionId: sec.id,
        regionId: sec.regionId,
        highwayId: sec.highwayId,
        sourceId: 1101,
        categoryId: c.category,
        directionId: c.direction,
        kilometerMarker: String(c.km),
        km: c.km,
        chainage: `${c.km} (${sec.name})`,
        incidentAt: base,
        createdByStaffId: someone.id,
        statusId: c.status,
        dispatchedAt: t(c.dispatched),
        receivedAt: t(c.received),
        arrivedAt: t(c.arrived),
        assistanceDoneAt: t(c.assistanceDone),
        caseDoneAt: t(c.caseDone),
      })
      .returning({ id: incident.id });
    const [sub] = await tx
      .insert(incidentSubform)
      .values({ incidentId: inc.id, typeId: c.category, naFlagLaneClosure: c.naLaneClosure ?? false, assistTypeId: c.items?.length ? 277 : null })
      .returning({ id: incidentSubform.id });
    await tx.update(incident).set({ subformId: sub.id }).where(eq(incident.id, inc.id));
    for (const cl of c.closures ?? []) {
      await tx.insert(laneClosure).values({
        incidentId: inc.id,
        subformId: sub.id,
        roadLaneId: 2201,
        cardinalDirectionId: c.direction,
        initialClosingTime: t(cl.close)!,
        openingTime: t(cl.open),
      });
    }
    for (const it of c.items ?? []) {
      await tx.insert(furtherActionItem).values({
        incidentId: inc.id,
        subformId: sub.id,
        furtherActionId: it.id,
        kind: it.kind ?? 'OTHER',
        isNotified: it.notified !== undefined,
        isArrived: it.arrived !== undefined,
        isCompleted: it.completed !== undefined,
        notifiedAt: t(it.notified),
        arrivedAt: t(it.arrived),
        completedAt: t(it.completed),
        recordCreatedDate: base,
      });
    }
    return { id: inc.id, ticket };
  });
}
