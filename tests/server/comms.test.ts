import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { STATUS } from '../../contract/lookups';
import { PATHS } from '../../contract/paths';
import { alertNotification, appUser, incidentAudit, messageBroadcast } from '../../server/db/schema';
import { sweepUnacknowledged } from '../../server/modules/comms/alerts';
import { buildTestApp, call, login } from './support/build';
import { audit, newCasePayload, rosterOf, saveCase, versionOf } from './support/incident-fixtures';
import { nowMs } from '../../server/lib/clock';

const MIN = 60_000;

describe('control-room communications (issue #6, server)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let tmca: string;
  let tmcs: string;
  let utara: string;
  let pr: string;
  let prMalam: string;
  let tste: string;
  let opsmgmt: string;
  const userId: Record<string, number> = {};

  beforeAll(async () => {
    // the periodic sweep is off here: the tests call it with their own `now`
    app = await buildTestApp({ alerts: { unackMinutes: 5, sweepSeconds: 0 } });
    tmca = (await login(app, 'tmca')).token;
    tmcs = (await login(app, 'tmcs')).token;
    utara = (await login(app, 'tmca.utara')).token;
    pr = (await login(app, 'pr')).token;
    prMalam = (await login(app, 'pr.malam')).token;
    tste = (await login(app, 'tste')).token;
    opsmgmt = (await login(app, 'opsmgmt')).token;
    for (const u of await app.ctx.db.select({ id: appUser.id, username: appUser.username }).from(appUser)) userId[u.username] = u.id;
  });
  afterAll(async () => app?.cleanup());

  const post = (token: string, url: string, payload: object = {}, headers: Record<string, string> = {}) =>
    call(app, token, { method: 'POST', url, payload, headers });
  const broadcasts = (token: string, body: object = {}, headers: Record<string, string> = {}) =>
    post(token, `${PATHS.broadcastDataTables}?length=50`, body, headers);
  const send = (token: string, message: string) => post(token, PATHS.broadcastSave, { message });
  const activeUsers = async () =>
    (
      (await app.ctx.db.execute(
        sql`select count(*)::int as n from app_user u join staff s on s.id = u.staff_id where u.is_active and s.is_active`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;

  async function newCase(rosterTeam = 'N9-PAGI-A') {
    const roster = await rosterOf(app, rosterTeam);
    const res = await saveCase(app, tmca, await newCasePayload(app, { pkDutyRosterId: roster.id }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { pkIncidentId: number; ticketNumber: string };
  }
  const alertsOf = (eventKeyPrefix: string) =>
    app.ctx.db
      .select()
      .from(alertNotification)
      .where(like(alertNotification.eventKey, `${eventKeyPrefix}%`));
  const latest203 = async (incidentId: number) =>
    (
      await app.ctx.db
        .select({ id: incidentAudit.id, createdAt: incidentAudit.createdAt })
        .from(incidentAudit)
        .where(and(eq(incidentAudit.incidentId, incidentId), eq(incidentAudit.statusId, STATUS.ASSIGNED)))
    ).sort((a, b) => b.id - a.id)[0];

  // ------------------------------------------------------------------------------------------------ broadcasts

  it('refuses an empty, a whitespace-only and a 1,001-character broadcast with a readable 400; 1,000 characters go', async () => {
    const before = (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(messageBroadcast))[0].n;
    for (const [message, text] of [
      ['', 'Mesej siaran tidak boleh kosong'],
      ['   \n\t ', 'Mesej siaran tidak boleh kosong'],
      ['x'.repeat(1001), 'Mesej siaran tidak boleh melebihi 1000 aksara'],
    ] as const) {
      const res = await send(tmca, message);
      expect(res.statusCode, JSON.stringify(message.slice(0, 10))).toBe(400);
      expect(res.json().statusMsg).toContain(text);
      expect(res.json().body).toMatchObject({ errorCode: 'VALIDATION', field: 'message' });
    }
    expect((await post(tmca, PATHS.broadcastSave, {})).statusCode).toBe(400);
    expect((await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(messageBroadcast))[0].n).toBe(before);
    const ok = await send(tmca, 'y'.repeat(1000));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().body.message).toBe('y'.repeat(1000));
    // surrounding spaces are dropped when stored (the 1,000 limit counts them, as the client's counter does)
    const padded = await send(tmca, '  Jalan licin di KM 12  ');
    expect(padded.json().body.message).toBe('Jalan licin di KM 12');
  });

  it('counts who has seen a broadcast (seen by N of M, seenByMe); seen is repeatable and unknown ids are 404', async () => {
    const sent = await send(tmca, 'Lorong kiri KM 300 ditutup sementara');
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().body.pkMessageBroadcastId as number;
    const audience = await activeUsers();
    // the sender has seen its own message
    expect(sent.json().body).toMatchObject({ seenCount: 1, audienceCount: audience, seenByMe: true });

    const rowFor = async (token: string) =>
      (await broadcasts(token)).json().body.rows.find((r: { pkMessageBroadcastId: number }) => r.pkMessageBroadcastId === id);
    expect(await rowFor(tste)).toMatchObject({ seenCount: 1, audienceCount: audience, seenByMe: false });

    for (let i = 0; i < 2; i++) {
      const seen = await post(tste, PATHS.broadcastSeen, { ids: [id, id] });
      expect(seen.statusCode, seen.body).toBe(200);
    }
    expect(await rowFor(tste)).toMatchObject({ seenCount: 2, seenByMe: true });
    expect((await post(pr, PATHS.broadcastSeen, { ids: [id] })).statusCode).toBe(200);
    expect(await rowFor(tmca)).toMatchObject({ seenCount: 3, seenByMe: true });

    // an unknown id (or one not sent to region 27) is 404 and marks nothing, not even the known ones
    const missing = await post(prMalam, PATHS.broadcastSeen, { ids: [id, 99999999] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusMsg).toContain('99999999');
    const [other] = await app.ctx.db
      .insert(messageBroadcast)
      .values({ regionId: 22, senderStaffId: (await login(app, 'tmcs')).user.pkStaffId, senderRoleName: 'TMCS', message: 'bukan 27' })
      .returning();
    expect((await post(prMalam, PATHS.broadcastSeen, { ids: [other.id] })).statusCode).toBe(404);
    expect(await rowFor(tmca)).toMatchObject({ seenCount: 3 });
    expect((await post(prMalam, PATHS.broadcastSeen, { ids: [] })).statusCode).toBe(400);

    // the sender's own broadcast list counts the same
    expect(await rowFor(pr)).toMatchObject({ seenCount: 3, audienceCount: audience, seenByMe: true });
  });

  it('since= catches up: only broadcasts created after it, whatever the date range, newest first', async () => {
    const senderStaffId = (await login(app, 'tmcs')).user.pkStaffId;
    const [old] = await app.ctx.db
      .insert(messageBroadcast)
      .values({ regionId: 27, senderStaffId, senderRoleName: 'TMCS', message: 'tiga hari lalu', createdAt: new Date(nowMs() - 3 * 24 * 3600_000) })
      .returning();
    const defaultRange = (await broadcasts(tmca)).json().body.rows.map((r: { pkMessageBroadcastId: number }) => r.pkMessageBroadcastId);
    expect(defaultRange).not.toContain(old.id);

    const first = (await send(tmcs, 'Siaran pertama')).json().body;
    const second = (await send(tmcs, 'Siaran kedua')).json().body;
    const third = (await send(tmca, 'Siaran ketiga')).json().body;
    const caught = (await broadcasts(pr, { since: first.createdDateTime })).json().body;
    expect(caught.rows.map((r: { pkMessageBroadcastId: number }) => r.pkMessageBroadcastId)).toEqual([
      third.pkMessageBroadcastId,
      second.pkMessageBroadcastId,
    ]);
    expect(caught.recordCount).toBe(2);

    const longAgo = (await broadcasts(pr, { since: new Date(old.createdAt.getTime() - 1000).toISOString() })).json().body.rows;
    expect(longAgo.map((r: { pkMessageBroadcastId: number }) => r.pkMessageBroadcastId)).toContain(old.id);
    expect(longAgo[0].pkMessageBroadcastId).toBe(third.pkMessageBroadcastId);
    const times = longAgo.map((r: { createdDateTime: string }) => r.createdDateTime);
    expect([...times].sort().reverse()).toEqual(times);

    const bad = await broadcasts(pr, { since: 'semalam' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().body.field).toBe('since');
  });

  it('an unchanged broadcast poll is 304; a new broadcast or another user seeing one makes it 200 again', async () => {
    const a = await broadcasts(pr);
    const etag = a.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const same = await broadcasts(pr, {}, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    const id = (await send(tmca, 'Siaran baharu untuk ETag')).json().body.pkMessageBroadcastId;
    const changed = await broadcasts(pr, {}, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    const etag2 = changed.headers.etag as string;
    expect(etag2).not.toBe(etag);
    expect((await broadcasts(pr, {}, { 'if-none-match': etag2 })).statusCode).toBe(304);

    // only a seen count moves
    expect((await post(tmcs, PATHS.broadcastSeen, { ids: [id] })).statusCode).toBe(200);
    const seenChanged = await broadcasts(pr, {}, { 'if-none-match': etag2 });
    expect(seenChanged.statusCode).toBe(200);
    expect(seenChanged.headers.etag).not.toBe(etag2);
  });

  // ------------------------------------------------------------------------------------------------ notifications

  it('notifications are region-scoped; marking read is 404 for an unknown ticket and 403 for another region; TSTE has no bell', async () => {
    const c = await newCase();
    const step = await audit(app, pr, { incidentId: c.pkIncidentId, incidentStatusId: STATUS.RECEIVED });
    expect(step.statusCode, step.body).toBe(200);

    const tickets = async (token: string, body: object = {}) => {
      const res = await post(token, PATHS.notificationGetAll, body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().body as { incidentTicketNumber: string; read: boolean }[]).map((n) => n.incidentTicketNumber);
    };
    expect(await tickets(tmca)).toContain(c.ticketNumber);
    expect(await tickets(utara)).not.toContain(c.ticketNumber);
    // a regionName filter does not widen the scope of a regional user
    expect(await tickets(utara, { regionName: 'Tengah' })).toEqual([]);
    expect(await tickets(tmca, { readStatus: false })).toContain(c.ticketNumber);
    expect(await tickets(tmca, { sectionName: 'N5' })).not.toContain(c.ticketNumber);

    expect((await post(tste, PATHS.notificationGetAll)).statusCode).toBe(403);
    expect((await post(pr, PATHS.notificationGetAll)).statusCode).toBe(403);

    const unknown = await post(tmca, PATHS.notificationUpdate, { incidentTicketNumber: 'N9-19990101-0001' });
    expect(unknown.statusCode).toBe(404);
    const other = await post(utara, PATHS.notificationUpdate, { incidentTicketNumber: c.ticketNumber });
    expect(other.statusCode).toBe(403);
    expect(other.json().body.errorCode).toBe('FORBIDDEN');
    expect(await tickets(tmca, { readStatus: false })).toContain(c.ticketNumber);

    const mine = await post(tmcs, PATHS.notificationUpdate, { incidentTicketNumber: c.ticketNumber });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await tickets(tmca, { readStatus: false })).not.toContain(c.ticketNumber);
    expect(await tickets(tmca, { readStatus: true })).toContain(c.ticketNumber);
  });

  it('an unchanged notification poll is 304; patrol activity or a read mark makes it 200', async () => {
    const c = await newCase();
    const first = await post(tmca, PATHS.notificationGetAll);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await post(tmca, PATHS.notificationGetAll, {}, { 'if-none-match': etag })).statusCode).toBe(304);

    expect((await audit(app, pr, { incidentId: c.pkIncidentId, incidentStatusId: STATUS.RECEIVED })).statusCode).toBe(200);
    const raised = await post(tmca, PATHS.notificationGetAll, {}, { 'if-none-match': etag });
    expect(raised.statusCode).toBe(200);
    const etag2 = raised.headers.etag as string;
    expect((await post(tmca, PATHS.notificationGetAll, {}, { 'if-none-match': etag2 })).statusCode).toBe(304);

    expect((await post(tmca, PATHS.notificationUpdate, { incidentTicketNumber: c.ticketNumber })).statusCode).toBe(200);
    expect((await post(tmca, PATHS.notificationGetAll, {}, { 'if-none-match': etag2 })).statusCode).toBe(200);
  });

  // ------------------------------------------------------------------------------------------------ alerts

  it("the sweep alerts the region's TMC users once per unacknowledged 203, not an acknowledged case, and again for a new 203", async () => {
    const late = await newCase();
    const acked = await newCase();
    expect((await audit(app, pr, { incidentId: acked.pkIncidentId, incidentStatusId: STATUS.RECEIVED })).statusCode).toBe(200);
    const a203 = await latest203(late.pkIncidentId);

    // not yet 5 minutes
    await sweepUnacknowledged(app.ctx.db, { minutes: 5, now: new Date(a203.createdAt.getTime() + 4 * MIN) });
    expect(await alertsOf(`unack:${late.pkIncidentId}:`)).toHaveLength(0);

    const now = new Date(a203.createdAt.getTime() + 6 * MIN);
    const first = await sweepUnacknowledged(app.ctx.db, { minutes: 5, now });
    expect(first.alerts).toBeGreaterThan(0);
    const rows = await alertsOf(`unack:${late.pkIncidentId}:`);
    const recipients = rows.map((r) => r.userId).sort((x, y) => x - y);
    expect(new Set(recipients).size).toBe(rows.length);
    expect(recipients).toEqual(expect.arrayContaining([userId.tmca, userId.tmcs]));
    expect(recipients).not.toContain(userId['tmca.utara']);
    expect(recipients).not.toContain(userId.pr);
    expect(recipients).not.toContain(userId.opsmgmt);
    expect(rows[0]).toMatchObject({
      eventKey: `unack:${late.pkIncidentId}:${a203.id}`,
      category: 'I',
      viewed: 0,
      description: `Kes ${late.ticketNumber} belum diterima oleh peronda selepas 5 minit`,
      incidentId: late.pkIncidentId,
      dutyRosterId: (await rosterOf(app, 'N9-PAGI-A')).id,
    });
    expect(await alertsOf(`unack:${acked.pkIncidentId}:`)).toHaveLength(0);

    // the next sweeps add nothing for the same 203
    await sweepUnacknowledged(app.ctx.db, { minutes: 5, now: new Date(now.getTime() + MIN) });
    await sweepUnacknowledged(app.ctx.db, { minutes: 5, now: new Date(now.getTime() + 10 * MIN) });
    expect(await alertsOf(`unack:${late.pkIncidentId}:`)).toHaveLength(rows.length);

    // the recipient sees it in its Notifikasi list with section, incident and roster
    const list = (await post(tmcs, `${PATHS.alertDataTables}?length=1000`, { viewed: 0 })).json().body.rows as {
      incident: { pkIncidentId: number } | null;
    }[];
    const mine = list.find((a) => a.incident?.pkIncidentId === late.pkIncidentId);
    expect(mine).toMatchObject({ category: 'I', section: { sectionName: 'N9' }, dutyRoster: { pkDutyRosterId: expect.any(Number) } });
    const utaraList = (await post(utara, `${PATHS.alertDataTables}?length=1000`, { viewed: 0 })).json().body.rows as {
      incident: { pkIncidentId: number } | null;
    }[];
    expect(utaraList.some((a) => a.incident?.pkIncidentId === late.pkIncidentId)).toBe(false);

    // acknowledged later: no new alert; a new 203 (sent again to another roster) is a new event
    expect((await audit(app, pr, { incidentId: late.pkIncidentId, incidentStatusId: STATUS.RECEIVED })).statusCode).toBe(200);
    await sweepUnacknowledged(app.ctx.db, { minutes: 5, now: new Date(now.getTime() + 20 * MIN) });
    expect(await alertsOf(`unack:${late.pkIncidentId}:`)).toHaveLength(rows.length);
    const night = await rosterOf(app, 'N9-MALAM-A');
    expect((await audit(app, tmca, { incidentId: late.pkIncidentId, incidentStatusId: STATUS.ASSIGNED, assigneeId: night.id })).statusCode).toBe(200);
    const b203 = await latest203(late.pkIncidentId);
    await sweepUnacknowledged(app.ctx.db, { minutes: 5, now: new Date(b203.createdAt.getTime() + 6 * MIN) });
    expect(await alertsOf(`unack:${late.pkIncidentId}:${b203.id}`)).toHaveLength(rows.length);
  });

  it('the unacknowledged limit is a setting: 15 minutes waits for 15 and says so', async () => {
    const c = await newCase();
    const t = (await latest203(c.pkIncidentId)).createdAt.getTime();
    await sweepUnacknowledged(app.ctx.db, { minutes: 15, now: new Date(t + 10 * MIN) });
    expect(await alertsOf(`unack:${c.pkIncidentId}:`)).toHaveLength(0);
    await sweepUnacknowledged(app.ctx.db, { minutes: 15, now: new Date(t + 16 * MIN) });
    const rows = await alertsOf(`unack:${c.pkIncidentId}:`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].description).toBe(`Kes ${c.ticketNumber} belum diterima oleh peronda selepas 15 minit`);
    expect(app.ctx.config.alerts.unackMinutes).toBe(5);
  });

  it("a reassignment alerts the new roster's patrol team and the region's TMC users (not the one who did it), by edit and by 203", async () => {
    const c = await newCase('N9-PAGI-A');
    const night = await rosterOf(app, 'N9-MALAM-A');
    const day = await rosterOf(app, 'N9-PAGI-A');
    // a new case is an assignment, not a reassignment
    expect(await alertsOf(`reassign:${c.pkIncidentId}:`)).toHaveLength(0);

    // by incident/save (edit with another roster)
    const edit = await saveCase(app, tmca, {
      ...(await newCasePayload(app, { pkDutyRosterId: night.id })),
      pkIncidentId: c.pkIncidentId,
      version: await versionOf(app, c.pkIncidentId),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const first = await alertsOf(`reassign:${c.pkIncidentId}:`);
    const to = first.map((r) => r.userId);
    expect(to).toEqual(expect.arrayContaining([userId['pr.malam'], userId.tmcs]));
    expect(to).not.toContain(userId.tmca); // the one who reassigned it
    expect(to).not.toContain(userId.pr); // the old team
    expect(to).not.toContain(userId['tmca.utara']);
    expect(new Set(to).size).toBe(to.length);
    expect(first[0]).toMatchObject({ category: 'I', incidentId: c.pkIncidentId, dutyRosterId: night.id, viewed: 0 });
    expect(first[0].description).toBe(`Kes ${c.ticketNumber} ditugaskan semula kepada ${night.name}`);
    expect(first[0].remark).toBe(`Sebelum ini ditugaskan kepada ${day.name}`);
    // the patrol sees it in its own list
    const prList = (await post(prMalam, `${PATHS.alertDataTables}?length=1000`, { viewed: 0 })).json().body.rows as {
      incident: { pkIncidentId: number } | null;
    }[];
    expect(prList.some((a) => a.incident?.pkIncidentId === c.pkIncidentId)).toBe(true);

    // by incidentAudit/save (a 203 to another roster), done by the supervisor: the operator is alerted this time
    const back = await audit(app, tmcs, { incidentId: c.pkIncidentId, incidentStatusId: STATUS.ASSIGNED, assigneeId: day.id });
    expect(back.statusCode, back.body).toBe(200);
    const second = (await alertsOf(`reassign:${c.pkIncidentId}:`)).filter((r) => !first.some((f) => f.id === r.id));
    expect(second.map((r) => r.userId)).toEqual(expect.arrayContaining([userId.pr, userId.tmca]));
    expect(second.map((r) => r.userId)).not.toContain(userId.tmcs);
    expect(second.map((r) => r.userId)).not.toContain(userId['pr.malam']);

    // the same roster again (a retried 203) raises nothing new
    const n = (await alertsOf(`reassign:${c.pkIncidentId}:`)).length;
    expect((await audit(app, tmcs, { incidentId: c.pkIncidentId, incidentStatusId: STATUS.ASSIGNED, assigneeId: day.id })).statusCode).toBe(200);
    expect(await alertsOf(`reassign:${c.pkIncidentId}:`)).toHaveLength(n);
  });

  it('an unchanged alert poll is 304; a new alert or a read mark makes it 200', async () => {
    const list = (headers: Record<string, string> = {}) => post(tmcs, `${PATHS.alertDataTables}?length=1000`, { viewed: 0 }, headers);
    const a = await list();
    const etag = a.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await list({ 'if-none-match': etag })).statusCode).toBe(304);

    const c = await newCase();
    const t = (await latest203(c.pkIncidentId)).createdAt.getTime();
    await sweepUnacknowledged(app.ctx.db, { minutes: 5, now: new Date(t + 6 * MIN) });
    const b = await list({ 'if-none-match': etag });
    expect(b.statusCode).toBe(200);
    const etag2 = b.headers.etag as string;
    const alert = (b.json().body.rows as { pkAlertNotificationId: number; incident: { pkIncidentId: number } | null }[]).find(
      (r) => r.incident?.pkIncidentId === c.pkIncidentId,
    )!;
    expect(alert).toBeTruthy();
    expect((await list({ 'if-none-match': etag2 })).statusCode).toBe(304);

    expect((await post(tmcs, PATHS.alertSave, { pkAlertNotificationId: alert.pkAlertNotificationId, viewed: 1 })).statusCode).toBe(200);
    expect((await list({ 'if-none-match': etag2 })).statusCode).toBe(200);
    // another user's alert is not the caller's to mark
    const [someoneElses] = await app.ctx.db.select().from(alertNotification).where(eq(alertNotification.userId, userId.tmca)).limit(1);
    expect((await post(tmcs, PATHS.alertSave, { pkAlertNotificationId: someoneElses.id, viewed: 1 })).statusCode).toBe(404);
  });

  it('the bell list is for TMC roles only: a national role such as OPSMGMT is refused too', async () => {
    expect((await post(opsmgmt, PATHS.notificationGetAll)).statusCode).toBe(403);
  });
});
