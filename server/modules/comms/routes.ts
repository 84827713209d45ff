import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  AlertFilterSchema,
  AlertRowSchema,
  AlertSaveSchema,
  BroadcastFilterSchema,
  BroadcastRowSchema,
  BroadcastSaveSchema,
  NotificationFilterSchema,
  NotificationSchema,
  NotificationUpdateSchema,
} from '../../../contract/comms';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema } from '../../../contract/envelope';
import { BROADCAST_REGION_ID } from '../../../contract/lookups';
import { PATHS } from '../../../contract/paths';
import { alertNotification, dutyRoster, incidentNotification, messageBroadcast, region, section, staff } from '../../db/schema';
import { requireUser, seesAllRegions } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { badRequest, notFound } from '../../lib/http-error';
import { ok, page } from '../../lib/reply';
import { dayjs, localDate, localInstant, TZ } from '../../lib/time';
import { typed, type AppContext } from '../../lib/context';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

export async function commsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;

  // ---- 'Siaran Portal' broadcasts (§2.5, §7.4): to region 27, listed today → tomorrow
  const broadcastColumns = {
    id: messageBroadcast.id,
    regionId: messageBroadcast.regionId,
    senderStaffId: messageBroadcast.senderStaffId,
    senderRoleName: messageBroadcast.senderRoleName,
    message: messageBroadcast.message,
    createdAt: messageBroadcast.createdAt,
    displayName: staff.displayName,
    position: staff.position,
  };
  type BroadcastDbRow = { id: number; regionId: number; senderStaffId: number; senderRoleName: string; message: string; createdAt: Date; displayName: string; position: string };
  const toBroadcast = (b: BroadcastDbRow) => ({
    pkMessageBroadcastId: b.id,
    pkRegionId: b.regionId,
    pkRccId: b.senderStaffId,
    message: b.message,
    createdDateTime: b.createdAt.toISOString(),
    rcc: { pkStaffId: b.senderStaffId, profile: { displayName: b.displayName, position: b.position }, roleName: b.senderRoleName },
  });

  r.post(PATHS.broadcastSave, {
    schema: { tags: ['comms'], summary: 'Send a broadcast to region 27', security: [{ bearerAuth: [] }], body: BroadcastSaveSchema, response: { 200: envelope(BroadcastRowSchema), ...errors } },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const user = requireUser(request);
        const [row] = await db
          .insert(messageBroadcast)
          .values({ regionId: BROADCAST_REGION_ID, senderStaffId: user.sid, senderRoleName: user.rn, message: request.body.message.trim() })
          .returning({ id: messageBroadcast.id });
        const [full] = await db.select(broadcastColumns).from(messageBroadcast).innerJoin(staff, eq(staff.id, messageBroadcast.senderStaffId)).where(eq(messageBroadcast.id, row.id));
        return ok(toBroadcast(full), 'Mesej siaran dihantar.');
      }),
  });

  r.post(PATHS.broadcastDataTables, {
    schema: {
      tags: ['comms'],
      summary: 'Broadcasts of region 27, today to tomorrow (Asia/Brunei), newest first',
      security: [{ bearerAuth: [] }],
      querystring: DataTablesQuerySchema,
      body: BroadcastFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(BroadcastRowSchema)), ...errors },
    },
    handler: async (request) => {
      const f = request.body ?? {};
      const from = localInstant(f.dateFrom ?? localDate());
      const to = localInstant(f.dateTo ?? localDate(Date.now(), 1), '00:00');
      const until = dayjs(to).add(1, 'day').toDate();
      if (until <= from) throw badRequest('Tarikh akhir mesti selepas tarikh mula.', 'dateTo');
      const cond = and(eq(messageBroadcast.regionId, BROADCAST_REGION_ID), gte(messageBroadcast.createdAt, from), lt(messageBroadcast.createdAt, until));
      const [rows, [{ count }]] = await Promise.all([
        db
          .select(broadcastColumns)
          .from(messageBroadcast)
          .innerJoin(staff, eq(staff.id, messageBroadcast.senderStaffId))
          .where(cond)
          .orderBy(desc(messageBroadcast.createdAt), desc(messageBroadcast.id))
          .limit(request.query.length)
          .offset(request.query.start),
        db.select({ count: sql<number>`count(*)::int` }).from(messageBroadcast).where(cond),
      ]);
      return page(rows.map(toBroadcast), count, request.query);
    },
  });

  // ---- Alerts (§2.5 'Notifikasi' mode, §3.9): per recipient, viewed 0 → 1
  r.post(PATHS.alertDataTables, {
    schema: {
      tags: ['comms'],
      summary: "The caller's alerts, unread (viewed 0) or archived (viewed 1)",
      security: [{ bearerAuth: [] }],
      querystring: DataTablesQuerySchema,
      body: AlertFilterSchema.optional().default({ viewed: 0 }),
      response: { 200: envelope(dataTablesBody(AlertRowSchema)), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const cond = and(eq(alertNotification.userId, Number(user.sub)), eq(alertNotification.viewed, request.body?.viewed ?? 0));
      const [rows, [{ count }]] = await Promise.all([
        db
          .select({ a: alertNotification, sectionName: section.name, rosterName: dutyRoster.dutyRosterName })
          .from(alertNotification)
          .leftJoin(section, eq(section.id, alertNotification.sectionId))
          .leftJoin(dutyRoster, eq(dutyRoster.id, alertNotification.dutyRosterId))
          .where(cond)
          .orderBy(desc(alertNotification.createdAt), desc(alertNotification.id))
          .limit(request.query.length)
          .offset(request.query.start),
        db.select({ count: sql<number>`count(*)::int` }).from(alertNotification).where(cond),
      ]);
      return page(
        rows.map(({ a, sectionName, rosterName }) => ({
          pkAlertNotificationId: a.id,
          viewed: a.viewed === 1 ? (1 as const) : (0 as const),
          category: a.category,
          description: a.description,
          remark: a.remark,
          datetime: a.createdAt.toISOString(),
          section: a.sectionId && sectionName ? { pkSectionId: a.sectionId, sectionName } : null,
          incident: a.incidentId ? { pkIncidentId: a.incidentId } : null,
          dutyRoster: a.dutyRosterId && rosterName ? { pkDutyRosterId: a.dutyRosterId, dutyRosterName: rosterName } : null,
        })),
        count,
        request.query,
      );
    },
  });

  r.post(PATHS.alertSave, {
    schema: { tags: ['comms'], summary: 'Mark an alert read (archived)', security: [{ bearerAuth: [] }], body: AlertSaveSchema, response: { 200: envelope(z.null()), ...errors } },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const user = requireUser(request);
        const updated = await db
          .update(alertNotification)
          .set({ viewed: 1 })
          .where(and(eq(alertNotification.id, request.body.pkAlertNotificationId), eq(alertNotification.userId, Number(user.sub))))
          .returning({ id: alertNotification.id });
        if (!updated.length) throw notFound('Notifikasi tidak dijumpai.');
        return ok(null, 'Notifikasi ditanda telah dibaca.');
      }),
  });

  // ---- Case notifications for the TMC bell (§2.4, §4.4)
  const notificationScope = (user: ReturnType<typeof requireUser>): SQL | undefined =>
    seesAllRegions(user) ? undefined : eq(incidentNotification.regionId, user.reg);

  r.post(PATHS.notificationGetAll, {
    config: { permission: 'notifications' },
    schema: {
      tags: ['comms'],
      summary: "Case notifications of the caller's region (TMC roles)",
      security: [{ bearerAuth: [] }],
      body: NotificationFilterSchema.optional().default({}),
      response: { 200: envelope(z.array(NotificationSchema)), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const f = request.body ?? {};
      const rows = await db
        .select({ n: incidentNotification })
        .from(incidentNotification)
        .innerJoin(section, eq(section.id, incidentNotification.sectionId))
        .innerJoin(region, eq(region.id, incidentNotification.regionId))
        .where(
          and(
            notificationScope(user),
            f.sectionName ? eq(section.name, f.sectionName) : undefined,
            f.regionName ? eq(region.name, f.regionName) : undefined,
            f.readStatus === undefined ? undefined : eq(incidentNotification.read, f.readStatus),
          ),
        )
        .orderBy(desc(incidentNotification.updatedAt))
        .limit(200);
      return ok(
        rows.map(({ n }) => {
          const at = dayjs(n.incidentAt).tz(TZ);
          return {
            incidentId: n.incidentId,
            subformIncidentId: n.subformIncidentId,
            incidentTicketNumber: n.ticketNumber,
            incidentStatus: n.incidentStatus,
            incidentDate: at.format('DD-MM-YYYY'),
            incidentTime: at.format('HH:mm:ss'),
            read: n.read,
          };
        }),
      );
    },
  });

  r.post(PATHS.notificationUpdate, {
    config: { permission: 'notifications' },
    schema: { tags: ['comms'], summary: 'Mark the notifications of a ticket read', security: [{ bearerAuth: [] }], body: NotificationUpdateSchema, response: { 200: envelope(z.null()), ...errors } },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const user = requireUser(request);
        const updated = await db
          .update(incidentNotification)
          .set({ read: true, updatedAt: new Date() })
          .where(and(eq(incidentNotification.ticketNumber, request.body.incidentTicketNumber), notificationScope(user)))
          .returning({ id: incidentNotification.id });
        if (!updated.length) throw notFound('Notifikasi bagi tiket ini tidak dijumpai.');
        return ok(null, 'Notifikasi ditanda telah dibaca.');
      }),
  });
}
