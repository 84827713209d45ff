// @both-databases: stored answers replayed: transactions of each driver (scripts/test.mjs runs this file on PGlite and on PostgreSQL)
/**
 * Offline sync, server side (#4): Idempotency-Key on writes. The key is recorded in the write's own transaction, so a
 * repeat (sequential, concurrent, or after an answer that never reached the client) changes nothing and gets the
 * first answer; a failed write keeps no key; the same key for another request is 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PATHS } from '../../contract/paths';
import {
  alertNotification,
  appUser,
  idempotencyKey,
  incident,
  incidentAudit,
  incidentNotification,
  journalEntry,
  messageBroadcast,
} from '../../server/db/schema';
import { deleteOldKeys } from '../../server/plugins/idempotency';
import { buildTestApp, call, login } from './support/build';
import { insertIncident, newCasePayload, saveCase, saveSubformCall, snapshot } from './support/incident-fixtures';
import { nowMs } from '../../server/lib/clock';

/** 1×1 PNG */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const count = async (app: App, table: string, where = 'true') =>
  ((await app.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`))) as unknown as { rows: { n: number }[] }).rows[0].n;

describe('Idempotency-Key on writes', () => {
  let app: App;
  let tmca: string;
  let tmcs: string;
  let utara: string;
  let tmcaUserId: number;
  let tmcaStaffId: number;
  let keySeq = 0;
  const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

  beforeAll(async () => {
    app = await buildTestApp();
    const a = await login(app, 'tmca');
    tmca = a.token;
    tmcaStaffId = a.user.pkStaffId;
    tmcs = (await login(app, 'tmcs')).token;
    utara = (await login(app, 'tmca.utara')).token;
    [{ id: tmcaUserId }] = await app.ctx.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'tmca'));
  });
  afterAll(async () => app?.cleanup());

  const save = (payload: unknown, headers: Record<string, string> = {}, token = tmca) =>
    call(app, token, { method: 'POST', url: PATHS.incidentSave, payload: payload as object, headers });
  const casesBy = (staffId: number) => count(app, 'incident', `created_by_staff_id = ${staffId}`);

  it('the same key twice: one case, one 203 entry, the same answer; the repeat is marked replayed', async () => {
    const payload = await newCasePayload(app);
    const key = newKey();
    const before = await snapshot(app);
    const first = await save(payload, { 'Idempotency-Key': key });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await save(payload, { 'Idempotency-Key': key });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const after = await snapshot(app);
    expect(after.incident).toBe((before.incident as number) + 1);
    expect(after.incident_audit).toBe((before.incident_audit as number) + 1);
    expect(after.ticket_counter === before.ticket_counter || after.ticket_counter === (before.ticket_counter as number) + 1).toBe(true);
    const rows = await app.ctx.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: tmcaUserId, method: 'POST', path: PATHS.incidentSave, statusCode: 200 });
    expect(rows[0].requestHash).toMatch(/^[0-9a-f]{64}$/);
    expect((rows[0].response as { body: { pkIncidentId: number } }).body.pkIncidentId).toBe(first.json().body.pkIncidentId);
  });

  it('ten at once with one key: one case, one audit entry, ten identical answers', async () => {
    const payload = await newCasePayload(app);
    const key = newKey();
    const cases = await casesBy(tmcaStaffId);
    const audits = await count(app, 'incident_audit');
    const answers = await Promise.all(Array.from({ length: 10 }, () => save(payload, { 'Idempotency-Key': key })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const bodies = answers.map((a) => a.json());
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await casesBy(tmcaStaffId)).toBe(cases + 1);
    expect(await count(app, 'incident_audit')).toBe(audits + 1);
    expect(await count(app, 'incident_audit', `idempotency_key = '${key}'`)).toBe(1);
    expect(await count(app, 'idempotency_key', `key = '${key}'`)).toBe(1);
  });

  it('a write whose answer never reached the client, retried with its key, is still one case', async () => {
    const payload = await newCasePayload(app);
    const key = newKey();
    const cases = await casesBy(tmcaStaffId);
    // the first send commits; its answer is "lost" (not read)
    await save(payload, { 'Idempotency-Key': key, 'X-Device-Id': 'tablet-7' });
    // the outbox resends later, same key and body
    const retry = await save(payload, { 'Idempotency-Key': key, 'X-Device-Id': 'tablet-7' });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await casesBy(tmcaStaffId)).toBe(cases + 1);
    const [row] = await app.ctx.db.select().from(incident).where(eq(incident.id, retry.json().body.pkIncidentId));
    expect(row.ticketNumber).toBe(retry.json().body.ticketNumber);
  });

  it('the same key with another body or another path is 422 IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    const payload = await newCasePayload(app);
    const key = newKey();
    expect((await save(payload, { 'Idempotency-Key': key })).statusCode).toBe(200);
    const before = await snapshot(app);
    const other = await save({ ...payload, kilometerMarker: `${payload.kilometerMarker}1` }, { 'Idempotency-Key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json().body).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' });
    expect(other.json().statusMsg).toMatch(/telah digunakan/);
    const otherPath = await call(app, tmca, {
      method: 'POST',
      url: PATHS.journalEntrySave,
      payload: { pkIncidentId: 1, entry: 'x' },
      headers: { 'Idempotency-Key': key },
    });
    expect(otherPath.statusCode).toBe(422);
    expect(await snapshot(app)).toEqual(before);
    // the same body with its keys in another order is the same request
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    const same = await save(reordered, { 'Idempotency-Key': key });
    expect(same.statusCode).toBe(200);
    expect(same.headers['idempotent-replayed']).toBe('true');
  });

  it('without a key, two saves are two cases (as before)', async () => {
    const payload = await newCasePayload(app);
    const cases = await casesBy(tmcaStaffId);
    const keys = await count(app, 'idempotency_key');
    const a = await save(payload);
    const b = await save(payload);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().body.pkIncidentId).not.toBe(a.json().body.pkIncidentId);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await casesBy(tmcaStaffId)).toBe(cases + 2);
    expect(await count(app, 'idempotency_key')).toBe(keys);
  });

  it('a write refused (4xx) keeps no key: the corrected retry with the same key runs', async () => {
    const payload = await newCasePayload(app);
    const key = newKey();
    const bad = await save({ ...payload, pkEventLocationId: 999999 }, { 'Idempotency-Key': key });
    expect(bad.statusCode).toBe(400);
    expect(await count(app, 'idempotency_key', `key = '${key}'`)).toBe(0);
    const good = await save(payload, { 'Idempotency-Key': key });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keys are per user: another user with the same key writes its own case', async () => {
    const payload = await newCasePayload(app);
    const key = newKey();
    const a = await save(payload, { 'Idempotency-Key': key }, tmca);
    const b = await save(payload, { 'Idempotency-Key': key }, tmcs);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().body.pkIncidentId).not.toBe(a.json().body.pkIncidentId);
  });

  it('the audit entry of a queued write records server time, client time, device and key', async () => {
    const payload = await newCasePayload(app);
    const key = newKey();
    const clientTime = new Date(nowMs() - 3600 * 1000).toISOString();
    const res = await save(payload, { 'Idempotency-Key': key, 'X-Device-Id': 'tablet-N9-01', 'X-Client-Time': clientTime });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().body.pkIncidentId;
    const [row] = await app.ctx.db.select().from(incidentAudit).where(eq(incidentAudit.incidentId, id));
    expect(row.clientTime?.toISOString()).toBe(clientTime);
    expect(row.deviceId).toBe('tablet-N9-01');
    expect(row.idempotencyKey).toBe(key);
    expect(Math.abs(row.createdAt.getTime() - nowMs())).toBeLessThan(60_000);
    expect(row.assignerStaffId).toBe(tmcaStaffId);
    const trail = await call(app, tmca, { method: 'GET', url: PATHS.auditByIncident(id) });
    expect(trail.json().body[0]).toMatchObject({ clientTime, deviceId: 'tablet-N9-01', idempotencyKey: key });

    // a status change sent later by the outbox carries its own
    const later = await call(app, tmca, {
      method: 'POST',
      url: PATHS.auditSave,
      payload: { incidentId: id, incidentStatusId: 202, remark: 'Duplikasi' },
      headers: { 'Idempotency-Key': `${key}-b`, 'X-Client-Time': '2026-01-01T08:00:00+08:00' },
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().body).toMatchObject({ clientTime: '2026-01-01T00:00:00.000Z', deviceId: null, idempotencyKey: `${key}-b` });

    // without the headers the new fields are null
    const plain = await save(payload);
    const [p] = await app.ctx.db.select().from(incidentAudit).where(eq(incidentAudit.incidentId, plain.json().body.pkIncidentId));
    expect(p).toMatchObject({ clientTime: null, deviceId: null, idempotencyKey: null });
  });

  it('malformed sync headers are 400 naming the header', async () => {
    const payload = await newCasePayload(app);
    const before = await snapshot(app);
    const cases: [Record<string, string>, string][] = [
      [{ 'Idempotency-Key': 'x'.repeat(101) }, 'Idempotency-Key'],
      [{ 'Idempotency-Key': 'has space' }, 'Idempotency-Key'],
      [{ 'X-Device-Id': 'd'.repeat(101) }, 'X-Device-Id'],
      [{ 'X-Client-Time': 'yesterday' }, 'X-Client-Time'],
      [{ 'X-Client-Time': '2026-11-22' }, 'X-Client-Time'],
      [{ 'X-Client-Time': '2026-13-45T99:00:00Z' }, 'X-Client-Time'],
    ];
    for (const [headers, field] of cases) {
      const res = await save(payload, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
      expect(res.json().body.field).toBe(field);
    }
    expect(await snapshot(app)).toEqual(before);
    const uuid = await save(payload, { 'Idempotency-Key': '3f0c1e9a-8a4b-4c1d-9e2f-0a1b2c3d4e5f', 'X-Device-Id': 'd'.repeat(100) });
    expect(uuid.statusCode, uuid.body).toBe(200);
  });

  it("a queued write against another region's case is refused (403), keeps no key and changes nothing", async () => {
    const res0 = await save(await newCasePayload(app));
    const id = res0.json().body.pkIncidentId;
    const before = await snapshot(app);
    const key = newKey();
    const edit = await save({ ...(await newCasePayload(app)), pkIncidentId: id, version: 0 }, { 'Idempotency-Key': key }, utara);
    expect([403, 404]).toContain(edit.statusCode);
    const status = await call(app, utara, {
      method: 'POST',
      url: PATHS.auditSave,
      payload: { incidentId: id, incidentStatusId: 210 },
      headers: { 'Idempotency-Key': `${key}-a` },
    });
    expect([403, 404]).toContain(status.statusCode);
    const journal = await call(app, utara, {
      method: 'POST',
      url: PATHS.journalEntrySave,
      payload: { pkIncidentId: id, entry: 'bukan kes saya' },
      headers: { 'Idempotency-Key': `${key}-j` },
    });
    expect([403, 404]).toContain(journal.statusCode);
    expect(await snapshot(app)).toEqual(before);
    expect(await count(app, 'idempotency_key', `key like '${key}%'`)).toBe(0);
  });

  it('every write route takes a key: subform, journal, audit, broadcast, alert, notification read', async () => {
    const { id } = await insertIncident(app, { section: 'N9', staffId: tmcaStaffId, typeId: 185 });
    const twice = async (url: string, payload: unknown) => {
      const key = newKey();
      const a = await call(app, tmca, { method: 'POST', url, payload: payload as object, headers: { 'Idempotency-Key': key } });
      const b = await call(app, tmca, { method: 'POST', url, payload: payload as object, headers: { 'Idempotency-Key': key } });
      expect(a.statusCode, `${url} ${a.body}`).toBe(200);
      expect(b.statusCode, `${url} ${b.body}`).toBe(a.statusCode);
      expect(b.headers['idempotent-replayed'], url).toBe('true');
      expect(b.json(), url).toEqual(a.json());
      return a.json().body;
    };
    // subform save on a case whose subform was written straight into the table: the save updates it once
    const sub = await twice(PATHS.subformSave('incidentBreakdown'), {
      pkIncidentId: id,
      incidentTypeId: 185,
      pkBreakdownCauseId: 2401,
      remark: 'sekali',
    });
    expect(sub.version).toBe(1);
    // journal entry: one row
    const entries = await count(app, 'journal_entry', `incident_id = ${id}`);
    await twice(PATHS.journalEntrySave, { pkIncidentId: id, entry: 'Catatan dari luar talian' });
    expect(await count(app, 'journal_entry', `incident_id = ${id}`)).toBe(entries + 1);
    // broadcast: one row
    const broadcasts = (await app.ctx.db.select().from(messageBroadcast)).length;
    await twice(PATHS.broadcastSave, { message: 'Siaran sekali sahaja' });
    expect((await app.ctx.db.select().from(messageBroadcast)).length).toBe(broadcasts + 1);
    // alert read mark
    const [alert] = await app.ctx.db.insert(alertNotification).values({ userId: tmcaUserId, category: 'UJIAN', description: 'ujian' }).returning();
    await twice(PATHS.alertSave, { pkAlertNotificationId: alert.id, viewed: 1 });
    // notification read mark of a ticket
    const [inc] = await app.ctx.db.select().from(incident).where(eq(incident.id, id));
    await app.ctx.db.insert(incidentNotification).values({
      incidentId: id,
      ticketNumber: inc.ticketNumber,
      sectionId: inc.sectionId,
      regionId: inc.regionId,
      incidentStatus: 'Tugasan Dihantar',
      incidentAt: inc.incidentAt,
    });
    await twice(PATHS.notificationUpdate, { incidentTicketNumber: inc.ticketNumber });
    // an upload: one attachment
    const entryId = (await app.ctx.db.select({ id: journalEntry.id }).from(journalEntry).where(eq(journalEntry.incidentId, id)))[0].id;
    const files = await count(app, 'attachment');
    const file = await twice(PATHS.documentSave, {
      tableType: 'JOURNAL_ENTRY',
      fkTableId: entryId,
      documentName: 'lokasi.png',
      fileContent: PNG_1PX,
    });
    expect(await count(app, 'attachment')).toBe(files + 1);
    // the delete of it: the repeat answers the first answer, not 404
    await twice(PATHS.attachmentDelete(file.pkDocumentsId), {});
    // journal read mark and link
    await twice(PATHS.journalEntryUpdateStatus, { pkJournalEntryId: entryId });
    await twice(PATHS.journalSave, { journalEntryId: entryId, incidentSubFormId: sub.subformId });
    // subform delete: the repeat answers the first answer instead of 404
    const del = await twice(PATHS.subformDelete('incidentBreakdown'), [sub.subformId]);
    expect(del).toEqual([sub.subformId]);
    // the audit trail entry of a status change is written once
    const audits = await count(app, 'incident_audit', `incident_id = ${id}`);
    await twice(PATHS.auditSave, { incidentId: id, incidentStatusId: 202, remark: 'Kes berganda' });
    expect(await count(app, 'incident_audit', `incident_id = ${id}`)).toBe(audits + 1);
  });

  it('keys older than 30 days are deleted; newer ones kept', async () => {
    const old = new Date(nowMs() - 31 * 24 * 3600 * 1000);
    const recent = new Date(nowMs() - 29 * 24 * 3600 * 1000);
    await app.ctx.db.insert(idempotencyKey).values([
      { userId: tmcaUserId, key: 'old-key', method: 'POST', path: '/x', requestHash: 'h', statusCode: 200, response: {}, createdAt: old },
      { userId: tmcaUserId, key: 'recent-key', method: 'POST', path: '/x', requestHash: 'h', statusCode: 200, response: {}, createdAt: recent },
    ]);
    expect(await deleteOldKeys(app.ctx.db)).toBeGreaterThanOrEqual(1);
    const left = await app.ctx.db
      .select({ key: idempotencyKey.key })
      .from(idempotencyKey)
      .where(and(eq(idempotencyKey.userId, tmcaUserId), sql`${idempotencyKey.key} in ('old-key', 'recent-key')`));
    expect(left.map((l) => l.key)).toEqual(['recent-key']);
  });

  it('subform saves through the fixture helper still work without headers', async () => {
    const res = await saveCase(app, tmca, await newCasePayload(app));
    const sub = await saveSubformCall(app, tmca, 'incidentAccident', {
      pkIncidentId: res.json().body.pkIncidentId,
      incidentTypeId: 184,
      pkCasualTypeId: 1603,
    });
    expect(sub.statusCode, sub.body).toBe(200);
  });
});
