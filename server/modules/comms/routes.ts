import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  AlertFilterSchema,
  AlertRowSchema,
  AlertSaveSchema,
  BroadcastFilterSchema,
  BroadcastRowSchema,
  BroadcastSaveSchema,
  BroadcastSeenSchema,
  NotificationFilterSchema,
  NotificationSchema,
  NotificationUpdateSchema,
} from '../../../contract/comms';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema } from '../../../contract/envelope';
import { BROADCAST_REGION_ID } from '../../../contract/lookups';
import { PATHS } from '../../../contract/paths';
import {
  alertNotification,
  appUser,
  broadcastSeen,
  dutyRoster,
  incidentNotification,
  messageBroadcast,
  region,
  section,
  staff,
} from '../../db/schema';
import { requireUser, seesAllRegions } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { ok, page } from '../../lib/reply';
import { dayjs, localDate, localInstant, TZ } from '../../lib/time';
import { typed, type AppContext } from '../../lib/context';
import { now, nowMs } from '../../lib/clock';

/** BroadcastSaveSchema's limit (issue #6) */
const BROADCAST_MAX = 1000;
/** how long a server process reuses its count of the broadcast audience (all active users) */
export const AUDIENCE_TTL_MS = 30_000;

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

export async function commsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;

  // ---- 'Siaran Portal' broadcasts (§2.5, §7.4): to region 27, listed today → tomorrow
  // Region 27 is the national level (HQ): a broadcast reaches every signed-in user, and every user has the broadcast
  // button in the top bar. So the audience M of "seen by N of M" is every active user (user and staff record active),
  // counted at most every AUDIENCE_TTL_MS per server process, and again after any committed write of the data on any
  // server (db/notify.ts; it changes when a user is registered or deactivated);
  // N is the distinct staff who marked it seen (the sender counts: sending it is seeing it), read from the primary key
  // of broadcast_seen alone: a user deactivated after seeing one still counts for it.
  let audience: { n: number; at: number; stamp: string } | null = null;
  const audienceCount = async (d: typeof db) => {
    const stamp = ctx.writes.stamp(['data']);
    if (audience && ctx.writes.live && audience.stamp === stamp && Date.now() - audience.at < AUDIENCE_TTL_MS) return audience.n;
    const [{ n }] = await d
      .select({ n: sql<number>`count(*)::int` })
      .from(appUser)
      .innerJoin(staff, eq(staff.id, appUser.staffId))
      .where(and(eq(appUser.isActive, true), eq(staff.isActive, true)));
    audience = { n, at: Date.now(), stamp };
    return n;
  };
  const seenCountOf = sql<number>`(select count(*)::int from ${broadcastSeen} bs where bs.broadcast_id = ${messageBroadcast.id})`;
  const seenBy = (staffId: number) =>
    sql<boolean>`exists (select 1 from ${broadcastSeen} bs where bs.broadcast_id = ${messageBroadcast.id} and bs.staff_id = ${staffId})`;
  const broadcastColumns = (me: number) => ({
    id: messageBroadcast.id,
    regionId: messageBroadcast.regionId,
    senderStaffId: messageBroadcast.senderStaffId,
    senderRoleName: messageBroadcast.senderRoleName,
    message: messageBroadcast.message,
    createdAt: messageBroadcast.createdAt,
    displayName: staff.displayName,
    position: staff.position,
    seenCount: seenCountOf,
    seenByMe: seenBy(me),
  });
  type BroadcastDbRow = {
    id: number;
    regionId: number;
    senderStaffId: number;
    senderRoleName: string;
    message: string;
    createdAt: Date;
    displayName: string;
    position: string;
    seenCount: number;
    seenByMe: boolean;
  };
  const toBroadcast = (b: BroadcastDbRow, audience: number) => ({
    pkMessageBroadcastId: b.id,
    pkRegionId: b.regionId,
    pkRccId: b.senderStaffId,
    message: b.message,
    createdDateTime: b.createdAt.toISOString(),
    rcc: { pkStaffId: b.senderStaffId, profile: { displayName: b.displayName, position: b.position }, roleName: b.senderRoleName },
    seenCount: Number(b.seenCount),
    audienceCount: audience,
    seenByMe: b.seenByMe === true || (b.seenByMe as unknown) === 't',
  });

  r.post(PATHS.broadcastSave, {
    config: { permission: 'broadcast' },
    schema: {
      tags: ['comms'],
      summary: 'Send a broadcast to region 27 (1–1000 characters, not only spaces)',
      security: [{ bearerAuth: [] }],
      body: BroadcastSaveSchema,
      response: { 200: envelope(BroadcastRowSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const user = requireUser(request);
        const message = request.body.message.trim();
        // the schema refuses these already (400 'Input tidak sah: message — …'); kept here for callers of the service
        if (!message) throw badRequest('Mesej siaran tidak boleh kosong', 'message');
        if (message.length > BROADCAST_MAX) throw badRequest(`Mesej siaran tidak boleh melebihi ${BROADCAST_MAX} aksara`, 'message');
        const [row] = await db
          .insert(messageBroadcast)
          .values({ regionId: BROADCAST_REGION_ID, senderStaffId: user.sid, senderRoleName: user.rn, message, createdAt: now() })
          .returning({ id: messageBroadcast.id });
        await db.insert(broadcastSeen).values({ broadcastId: row.id, staffId: user.sid }).onConflictDoNothing();
        const [full] = await db
          .select(broadcastColumns(user.sid))
          .from(messageBroadcast)
          .innerJoin(staff, eq(staff.id, messageBroadcast.senderStaffId))
          .where(eq(messageBroadcast.id, row.id));
        return ok(toBroadcast(full, await audienceCount(db)), 'Mesej siaran dihantar.');
      }),
  });

  r.post(PATHS.broadcastDataTables, {
    config: { etag: true },
    schema: {
      tags: ['comms'],
      summary: 'Broadcasts of region 27, today to tomorrow (Asia/Brunei) or created after `since`, newest first; seen by N of M',
      description:
        'ETag of the answer: a poll with If-None-Match answers 304 while nothing changed (a new broadcast or a changed seen count changes it).',
      security: [{ bearerAuth: [] }],
      querystring: DataTablesQuerySchema,
      body: BroadcastFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(BroadcastRowSchema)), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const f = request.body ?? {};
      let cond: SQL | undefined;
      if (f.since) {
        // catch-up after being offline: whatever the date range, what was created after the last one the device has,
        // compared at the millisecond precision of createdDateTime (PostgreSQL keeps microseconds: a plain
        // `> since` would answer again the very broadcast whose createdDateTime the client sent)
        const since = new Date(f.since);
        cond = and(
          eq(messageBroadcast.regionId, BROADCAST_REGION_ID),
          sql`date_trunc('milliseconds', ${messageBroadcast.createdAt}) > ${since.toISOString()}::timestamptz`,
        );
      } else {
        const from = localInstant(f.dateFrom ?? localDate());
        const to = localInstant(f.dateTo ?? localDate(nowMs(), 1), '00:00');
        const until = dayjs(to).add(1, 'day').toDate();
        if (until <= from) throw badRequest('Tarikh akhir mesti selepas tarikh mula.', 'dateTo');
        cond = and(eq(messageBroadcast.regionId, BROADCAST_REGION_ID), gte(messageBroadcast.createdAt, from), lt(messageBroadcast.createdAt, until));
      }
      const [rows, [{ count }], audience] = await Promise.all([
        db
          .select(broadcastColumns(user.sid))
          .from(messageBroadcast)
          .innerJoin(staff, eq(staff.id, messageBroadcast.senderStaffId))
          .where(cond)
          .orderBy(desc(messageBroadcast.createdAt), desc(messageBroadcast.id))
          .limit(request.query.length)
          .offset(request.query.start),
        db.select({ count: sql<number>`count(*)::int` }).from(messageBroadcast).where(cond),
        audienceCount(db),
      ]);
      return page(
        rows.map((b) => toBroadcast(b, audience)),
        count,
        request.query,
      );
    },
  });

  r.post(PATHS.broadcastSeen, {
    schema: {
      tags: ['comms'],
      summary: 'The caller has seen these broadcasts (repeatable; each broadcast counts a user once)',
      security: [{ bearerAuth: [] }],
      body: BroadcastSeenSchema,
      response: { 200: envelope(z.null()), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const user = requireUser(request);
        const ids = [...new Set(request.body.ids)];
        // every broadcast goes to region 27 and every user sees those: anything else is not one the caller may see
        const found = await db
          .select({ id: messageBroadcast.id })
          .from(messageBroadcast)
          .where(and(inArray(messageBroadcast.id, ids), eq(messageBroadcast.regionId, BROADCAST_REGION_ID)));
        const missing = ids.filter((id) => !found.some((f) => f.id === id));
        if (missing.length) throw notFound(`Siaran tidak dijumpai: ${missing.join(', ')}.`);
        await db
          .insert(broadcastSeen)
          .values(ids.map((broadcastId) => ({ broadcastId, staffId: user.sid })))
          .onConflictDoNothing();
        return ok(null, 'Siaran ditanda telah dilihat.');
      }),
  });

  // ---- Alerts (§2.5 'Notifikasi' mode, §3.9): per recipient, viewed 0 → 1
  r.post(PATHS.alertDataTables, {
    config: { etag: true },
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
    schema: {
      tags: ['comms'],
      summary: 'Mark an alert read (archived)',
      security: [{ bearerAuth: [] }],
      body: AlertSaveSchema,
      response: { 200: envelope(z.null()), ...errors },
    },
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

  // TSTE (and every role outside TMCA/TMCS) has no bell (§2.4, §6): the client never asks (showsNotificationBell), and
  // the server refuses with 403 rather than answering an empty list that would look like "nothing happened".
  r.post(PATHS.notificationGetAll, {
    config: { permission: 'notifications', etag: true },
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
            updatedAt: n.updatedAt.toISOString(),
          };
        }),
      );
    },
  });

  r.post(PATHS.notificationUpdate, {
    config: { permission: 'notifications' },
    schema: {
      tags: ['comms'],
      summary: 'Mark the notifications of a ticket read',
      security: [{ bearerAuth: [] }],
      body: NotificationUpdateSchema,
      response: { 200: envelope(z.null()), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const user = requireUser(request);
        const ticket = request.body.incidentTicketNumber;
        // 404: no notification for this ticket at all; 403: only another region's (as a case of another region is
        // refused 403 by incidentAccess: ticket numbers are printed on every list, so their existence is no secret)
        const rows = await db
          .select({ id: incidentNotification.id, regionId: incidentNotification.regionId })
          .from(incidentNotification)
          .where(eq(incidentNotification.ticketNumber, ticket));
        if (!rows.length) throw notFound('Notifikasi bagi tiket ini tidak dijumpai.');
        const mine = seesAllRegions(user) ? rows : rows.filter((n) => n.regionId === user.reg);
        if (!mine.length) throw forbidden('Notifikasi ini di luar wilayah anda.');
        await db
          .update(incidentNotification)
          .set({ read: true, updatedAt: now() })
          .where(
            inArray(
              incidentNotification.id,
              mine.map((n) => n.id),
            ),
          );
        return ok(null, 'Notifikasi ditanda telah dibaca.');
      }),
  });
}
