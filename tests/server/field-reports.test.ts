/**
 * Field reports (issue #30 item 2): the patrol `pr` (team N9-PAGI-A, day shift) reports what it finds for its roster,
 * with or without a photo; the Tengah TMC sees it and is alerted; Tolak refuses it with a reason; Terima is
 * incident/save with fieldReportId, which opens the case with the report as its first journal entry and the photo as
 * that entry's first attachment (the same bytes and SHA-256), in one transaction. Refusals: the wrong role, a roster
 * the caller is not on, another region's section, a bad image, an old roster; a decided report is decided once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  ALERT_CATEGORY_FIELD_REPORT,
  FIELD_REPORT_LIMITS,
  FIELD_REPORT_PATHS,
  FIELD_REPORT_TEXTS,
  type FieldReportRow,
} from '../../contract/field-reports';
import type { JournalEntry } from '../../contract/incidents';
import { PATHS } from '../../contract/paths';
import { addDays } from '../../server/db/seed/rosters';
import {
  alertNotification,
  appUser,
  attachment,
  attachmentContent,
  fieldReport,
  fieldReportPhoto,
  incident,
  journalEntry,
} from '../../server/db/schema';
import { sha256Hex } from '../../server/lib/hash';
import { nowMs, setClock } from '../../server/lib/clock';
import { localDate } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';
import { newCasePayload, rosterOf, saveCase, sectionByName } from './support/incident-fixtures';

type App = Awaited<ReturnType<typeof buildTestApp>>;

describe('field reports (issue #30 item 2)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  let day: string;
  let pagi: Awaited<ReturnType<typeof rosterOf>>;
  let n9: Awaited<ReturnType<typeof sectionByName>>;
  let jpeg: string;
  const local = (hms: string) => `${day}T${hms}+08:00`;

  const report = async (overrides: Record<string, unknown> = {}) => ({
    pkDutyRosterId: pagi.id,
    pkIncidentCategoryId: 187,
    pkSectionId: n9.id,
    kilometerMarker: '250.4',
    pkCardinalDirectionId: 1201,
    latitude: 2.95,
    longitude: 101.8,
    accuracyMeters: 12,
    note: 'Tayar pecah di lorong kiri',
    reportedAt: new Date(nowMs() - 60_000).toISOString(),
    ...overrides,
  });
  const withPhoto = (extra: Record<string, unknown> = {}) => ({
    documentName: 'lokasi.png',
    documentType: 'image/png',
    fileContent: jpeg,
    capturedAt: `${day}T09:58:00`,
    deviceTime: new Date(local('09:58:05')).toISOString(),
    ...extra,
  });
  const save = (payload: object, who = 'pr', key?: string) =>
    call(app, tok[who], { method: 'POST', url: FIELD_REPORT_PATHS.save, payload, headers: key ? { 'idempotency-key': key } : {} });
  const saved = async (payload: object) => {
    const res = await save(payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as FieldReportRow;
  };
  const list = async (who: string, query = '') => {
    const res = await call(app, tok[who], { method: 'GET', url: `${FIELD_REPORT_PATHS.list}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as FieldReportRow[];
  };
  const reject = (id: number, reason: string, who = 'tmca') =>
    call(app, tok[who], { method: 'POST', url: FIELD_REPORT_PATHS.reject, payload: { pkFieldReportId: id, reason } });
  const userId = async (username: string) => (await app.ctx.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, username)))[0].id;
  /** the FR alerts of a user for one event (server/modules/field-report/service.ts event keys) */
  const alertsOf = async (username: string, eventKey: string) =>
    app.ctx.db
      .select()
      .from(alertNotification)
      .where(
        and(
          eq(alertNotification.userId, await userId(username)),
          eq(alertNotification.category, ALERT_CATEGORY_FIELD_REPORT),
          eq(alertNotification.eventKey, eventKey),
        ),
      );

  beforeAll(async () => {
    app = await buildTestApp();
    day = localDate(nowMs());
    for (const u of ['pr', 'pr.malam', 'tmca', 'tmcs', 'tmca.utara', 'sectmgr']) tok[u] = (await login(app, u)).token;
    pagi = await rosterOf(app, 'N9-PAGI-A', day);
    n9 = await sectionByName(app, 'N9');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 30 } } })
      .png()
      .toBuffer();
    jpeg = png.toString('base64');
  });
  // the day shift of `pr` covers 10:00
  afterEach(() => setClock(null));
  afterAll(async () => app?.cleanup());

  it('the demo data: two pending reports in Tengah (one with a photo), one rejected and one accepted into a case', async () => {
    const rows = await list('tmca');
    const pending = rows.filter((r) => r.status === 'PENDING');
    expect(pending).toHaveLength(2);
    expect(pending.filter((r) => r.photo)).toHaveLength(1);
    const withPhoto = pending.find((r) => r.photo)!;
    const photo = await call(app, tok.tmca, { method: 'GET', url: FIELD_REPORT_PATHS.photo(withPhoto.pkFieldReportId) });
    expect(photo.statusCode).toBe(200);
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('jpeg');
    expect(sha256Hex(photo.rawPayload)).toBe(withPhoto.photo!.sha256);
    expect(rows.filter((r) => r.status === 'REJECTED').map((r) => r.rejectReason?.length)).toEqual([expect.any(Number)]);
    const [accepted] = rows.filter((r) => r.status === 'ACCEPTED');
    expect(accepted.incident).not.toBeNull();
    const journal = (await call(app, tok.tmca, { method: 'GET', url: PATHS.journalByIncident(accepted.incident!.pkIncidentId) })).json()
      .body as JournalEntry[];
    // newest first: the report is the case's first entry
    expect(journal.at(-1)!.entry).toContain('Laporan peronda daripada');
    // the region's TMC users were alerted of the pending ones; Utara sees none of them
    for (const r of pending) expect(await alertsOf('tmca', `field-report:${r.pkFieldReportId}`)).toHaveLength(1);
    expect((await list('tmca.utara')).filter((r) => pending.some((p) => p.pkFieldReportId === r.pkFieldReportId))).toHaveLength(0);
  });

  it('a patrol reports with a photo: stored re-encoded with its hash; the TMC users of the region are alerted', async () => {
    setClock(local('10:00:00'));
    const r = await saved(await report(withPhoto()));
    expect(r).toMatchObject({
      status: 'PENDING',
      pkIncidentCategoryId: 187,
      pkSectionId: n9.id,
      sectionName: 'N9',
      kilometerMarker: '250.4',
      pkCardinalDirectionId: 1201,
      latitude: 2.95,
      longitude: 101.8,
      accuracyMeters: 12,
      note: 'Tayar pecah di lorong kiri',
      dutyRoster: { pkDutyRosterId: pagi.id, dutyRosterName: pagi.name },
      reportedBy: { displayName: 'Mohd Faizal bin Ismail' },
      decidedAt: null,
      decidedBy: null,
      rejectReason: null,
      incident: null,
    });
    expect(r.incidentCategoryName.length).toBeGreaterThan(0);
    expect(r.directionName.length).toBeGreaterThan(0);
    // the photo: a JPEG made by the server, named for its stored type, its hash that of the stored bytes
    expect(r.photo).toMatchObject({ documentName: 'lokasi.jpg', documentType: 'image/jpeg' });
    const [p] = await app.ctx.db.select().from(fieldReportPhoto).where(eq(fieldReportPhoto.fieldReportId, r.pkFieldReportId));
    expect(sha256Hex(p.content)).toBe(r.photo!.sha256);
    expect(p.content.length).toBe(r.photo!.byteSize);
    // GET photo answers those bytes with their type
    const photo = await call(app, tok.tmca, { method: 'GET', url: FIELD_REPORT_PATHS.photo(r.pkFieldReportId) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(photo.rawPayload, p.content)).toBe(0);
    expect(photo.headers['x-photo-integrity']).toBe('ok');
    // both TMC users of Tengah get the alert, with the section, the roster and a remark; Utara's operator does not
    const text = FIELD_REPORT_TEXTS.alertNew(r.incidentCategoryName, '250.4', r.directionName, pagi.name);
    for (const who of ['tmca', 'tmcs']) {
      const [a] = await alertsOf(who, `field-report:${r.pkFieldReportId}`);
      expect(a, who).toMatchObject({ description: text, sectionId: n9.id, dutyRosterId: pagi.id, viewed: 0 });
      expect(a.remark).toContain('Mohd Faizal bin Ismail');
      expect(a.remark).toContain('Tayar pecah');
    }
    expect(await alertsOf('tmca.utara', `field-report:${r.pkFieldReportId}`)).toHaveLength(0);
    // the bell's list shows the section and roster of the alert
    const bell = await call(app, tok.tmca, { method: 'POST', url: `${PATHS.alertDataTables}?length=100&start=0`, payload: { viewed: 0 } });
    const row = (bell.json().body.rows as { category: string; description: string; section: unknown; dutyRoster: unknown }[]).find(
      (x) => x.description === text,
    );
    expect(row).toMatchObject({ category: 'FR', section: { sectionName: 'N9' }, dutyRoster: { dutyRosterName: pagi.name } });
  });

  it('a report without a photo; GET photo answers 404', async () => {
    setClock(local('10:05:00'));
    const r = await saved(await report({ note: null, latitude: null, longitude: null, accuracyMeters: null }));
    expect(r.photo).toBeNull();
    expect(r.note).toBeNull();
    const photo = await call(app, tok.tmca, { method: 'GET', url: FIELD_REPORT_PATHS.photo(r.pkFieldReportId) });
    expect(photo.statusCode).toBe(404);
    expect(photo.json().statusMsg).toBe(FIELD_REPORT_TEXTS.noPhoto);
    const got = await call(app, tok.tmcs, { method: 'GET', url: FIELD_REPORT_PATHS.get(r.pkFieldReportId) });
    expect(got.statusCode).toBe(200);
    expect(got.json().body).toEqual(r);
  });

  it('refuses: another role 403, a roster the caller is not on 403, another region 400, a bad image 400, an old roster 400, unknown lookups 400', async () => {
    setClock(local('10:10:00'));
    const before = (await app.ctx.db.select({ n: count() }).from(fieldReport))[0].n;
    const tmca = await save(await report(), 'tmca');
    expect(tmca.statusCode).toBe(403);
    const notOn = await save(await report(), 'pr.malam');
    expect(notOn.statusCode).toBe(403);
    expect(notOn.json().statusMsg).toBe(FIELD_REPORT_TEXTS.notOnRoster);
    const utara = await sectionByName(app, 'N5');
    const other = await save(await report({ pkSectionId: utara.id }));
    expect(other.statusCode).toBe(400);
    expect(other.json().statusMsg).toBe(FIELD_REPORT_TEXTS.otherRegion);
    const notImage = await save(await report(withPhoto({ fileContent: Buffer.from('GIF89a not really an image at all').toString('base64') })));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().statusMsg).toBe('Not an image');
    const noName = await save(await report({ fileContent: jpeg }));
    expect(noName.statusCode).toBe(400);
    const old = await rosterOf(app, 'N9-PAGI-A', addDays(day, -3));
    const tooOld = await save(await report({ pkDutyRosterId: old.id }));
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().statusMsg).toBe(FIELD_REPORT_TEXTS.rosterTooOld);
    // yesterday's roster ended 15 hours ago: within lateHours, still taken
    const yesterday = await rosterOf(app, 'N9-PAGI-A', addDays(day, -1));
    const late = await save(await report({ pkDutyRosterId: yesterday.id }));
    expect(late.statusCode, late.body).toBe(200);
    for (const bad of [{ pkIncidentCategoryId: 1201 }, { pkCardinalDirectionId: 184 }, { pkSectionId: 999_999 }, { pkDutyRosterId: 999_999 }]) {
      const res = await save(await report(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const future = await save(await report({ reportedAt: new Date(nowMs() + 3600_000).toISOString() }));
    expect(future.statusCode).toBe(400);
    // only the late one was stored
    expect((await app.ctx.db.select({ n: count() }).from(fieldReport))[0].n).toBe(before + 1);
  });

  it('a photo over 5 MB is refused with 413, before it is decoded; a body over the route limit too', async () => {
    setClock(local('10:12:00'));
    const big = Buffer.alloc(FIELD_REPORT_LIMITS.photoMaxBytes + 1024, 7).toString('base64');
    const res = await save(await report(withPhoto({ fileContent: big })));
    expect(res.statusCode).toBe(413);
    expect(res.json().body.errorCode).toBe('PAYLOAD_TOO_LARGE');
    const huge = await save(await report(withPhoto({ fileContent: Buffer.alloc(7 * 1024 * 1024, 7).toString('base64') })));
    expect(huge.statusCode).toBe(413);
  });

  it("lists: the TMC its region's, another region's TMC nothing of it, the patrol its own; others 403; get outside the scope 404", async () => {
    setClock(local('10:15:00'));
    const r = await saved(await report({ note: 'Senarai' }));
    const tengah = await list('tmca');
    expect(tengah.map((x) => x.pkFieldReportId)).toContain(r.pkFieldReportId);
    for (const x of tengah) expect(x.pkFieldReportId).toBeGreaterThan(0);
    // newest first
    const times = tengah.map((x) => Date.parse(x.createdDateTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await list('tmca', `?sectionId=${n9.id}`)).map((x) => x.pkFieldReportId)).toContain(r.pkFieldReportId);
    expect((await list('tmca', '?status=REJECTED')).map((x) => x.pkFieldReportId)).not.toContain(r.pkFieldReportId);
    expect((await list('tmca.utara')).map((x) => x.pkFieldReportId)).not.toContain(r.pkFieldReportId);
    const own = await list('pr');
    expect(own.map((x) => x.pkFieldReportId)).toContain(r.pkFieldReportId);
    expect((await list('pr.malam')).map((x) => x.pkFieldReportId)).not.toContain(r.pkFieldReportId);
    const sectmgr = await call(app, tok.sectmgr, { method: 'GET', url: FIELD_REPORT_PATHS.list });
    expect(sectmgr.statusCode).toBe(403);
    for (const who of ['tmca.utara', 'pr.malam']) {
      const got = await call(app, tok[who], { method: 'GET', url: FIELD_REPORT_PATHS.get(r.pkFieldReportId) });
      expect(got.statusCode, who).toBe(404);
    }
    const mine = await call(app, tok.pr, { method: 'GET', url: FIELD_REPORT_PATHS.get(r.pkFieldReportId) });
    expect(mine.statusCode).toBe(200);
  });

  it('Tolak: a reason required; REJECTED, the patrol alerted with the reason; a second decision 409', async () => {
    setClock(local('10:20:00'));
    const r = await saved(await report({ note: 'Untuk ditolak' }));
    expect((await reject(r.pkFieldReportId, '  ')).statusCode).toBe(400);
    expect((await reject(r.pkFieldReportId, 'ok', 'pr')).statusCode).toBe(403);
    expect((await reject(r.pkFieldReportId, 'Bukan di kawasan kami', 'tmca.utara')).statusCode).toBe(404);
    const res = await reject(r.pkFieldReportId, 'Sudah dilaporkan oleh CCTV');
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json().body as FieldReportRow;
    expect(done).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'Sudah dilaporkan oleh CCTV',
      decidedBy: { displayName: 'Nurul Huda binti Ismail' },
      incident: null,
    });
    expect(done.decidedAt).not.toBeNull();
    const [a] = await alertsOf('pr', `field-report-rejected:${r.pkFieldReportId}`);
    expect(a).toMatchObject({
      description: FIELD_REPORT_TEXTS.alertRejected(r.incidentCategoryName),
      remark: 'Sudah dilaporkan oleh CCTV',
      sectionId: n9.id,
      dutyRosterId: pagi.id,
    });
    const again = await reject(r.pkFieldReportId, 'Sekali lagi', 'tmcs');
    expect(again.statusCode).toBe(409);
    expect(again.json().statusMsg).toBe(FIELD_REPORT_TEXTS.notPending);
    // the patrol still sees it, decided, in its list
    expect((await list('pr', '?status=REJECTED')).find((x) => x.pkFieldReportId === r.pkFieldReportId)?.rejectReason).toBe(
      'Sudah dilaporkan oleh CCTV',
    );
    // and a rejected report is not accepted
    const before = (await app.ctx.db.select({ n: count() }).from(incident))[0].n;
    const accept = await saveCase(app, tok.tmca, await newCasePayload(app, { fieldReportId: r.pkFieldReportId, pkIncidentSourceId: 1103 }));
    expect(accept.statusCode).toBe(409);
    expect((await app.ctx.db.select({ n: count() }).from(incident))[0].n).toBe(before);
  });

  it('Terima: incident/save with fieldReportId opens the case with the report as its first journal entry and the photo as its first attachment', async () => {
    setClock(local('10:30:00'));
    const r = await saved(await report(withPhoto({ documentName: 'bukti.jpg' })));
    const res = await saveCase(
      app,
      tok.tmcs,
      await newCasePayload(app, { fieldReportId: r.pkFieldReportId, pkIncidentSourceId: 1103, pkDutyRosterId: pagi.id, pkIncidentCategoryId: 187 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().body as { pkIncidentId: number; ticketNumber: string };
    // the report: ACCEPTED into the case, by the operator
    const got = (await call(app, tok.pr, { method: 'GET', url: FIELD_REPORT_PATHS.get(r.pkFieldReportId) })).json().body as FieldReportRow;
    expect(got).toMatchObject({
      status: 'ACCEPTED',
      incident: { pkIncidentId: c.pkIncidentId, ticketNumber: c.ticketNumber },
      decidedBy: { displayName: 'Rajendran a/l Muniandy' },
    });
    // the case: assigned to the reporting roster
    const [row] = await app.ctx.db.select().from(incident).where(eq(incident.id, c.pkIncidentId));
    expect(row.dutyRosterId).toBe(pagi.id);
    // the journal: one entry, the report's, written as the reporting patrol's, with the photo
    const journal = await call(app, tok.tmca, { method: 'GET', url: PATHS.journalByIncident(c.pkIncidentId) });
    const entries = journal.json().body as JournalEntry[];
    expect(entries).toHaveLength(1);
    const [e] = entries;
    expect(e.entry).toContain(`Laporan peronda daripada ${pagi.name} (Mohd Faizal bin Ismail)`);
    expect(e.entry).toContain('Catatan: Tayar pecah di lorong kiri');
    expect(e.staff).toMatchObject({ displayName: 'Mohd Faizal bin Ismail', roleName: 'PR' });
    expect(e.attachments).toHaveLength(1);
    const [att] = e.attachments;
    expect(att).toMatchObject({
      tableType: 'JOURNAL_ENTRY',
      fkTableId: e.pkJournalEntryId,
      documentName: 'bukti.jpg',
      documentType: 'image/jpeg',
      statusImg: 1,
      sha256: r.photo!.sha256,
      byteSize: r.photo!.byteSize,
      uploadedBy: { displayName: 'Mohd Faizal bin Ismail', roleName: 'PR' },
      capturedAt: `${day}T09:58:00`,
      capturedAtSource: 'device',
      deviceTime: new Date(local('09:58:05')).toISOString(),
      tampered: false,
    });
    // the bytes served are the report's photo, byte for byte
    const photo = await call(app, tok.tmca, { method: 'GET', url: FIELD_REPORT_PATHS.photo(r.pkFieldReportId) });
    const download = await call(app, tok.tmca, { method: 'POST', url: PATHS.documentDownload, payload: { pkDocumentsId: att.pkDocumentsId } });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, photo.rawPayload)).toBe(0);
    expect(sha256Hex(download.rawPayload)).toBe(r.photo!.sha256);
    const [stored] = await app.ctx.db
      .select({ content: attachmentContent.content })
      .from(attachmentContent)
      .innerJoin(attachment, eq(attachment.id, attachmentContent.attachmentId))
      .where(eq(attachment.id, att.pkDocumentsId));
    expect(sha256Hex(stored.content)).toBe(r.photo!.sha256);
    // the patrol is alerted with the case
    const [a] = await alertsOf('pr', `field-report-accepted:${r.pkFieldReportId}`);
    expect(a).toMatchObject({
      description: FIELD_REPORT_TEXTS.alertAccepted(r.incidentCategoryName, c.ticketNumber),
      incidentId: c.pkIncidentId,
      dutyRosterId: pagi.id,
      sectionId: n9.id,
    });
    expect(a.remark).toContain(c.ticketNumber);

    // accepted twice, or rejected after: 409, no second case
    const before = (await app.ctx.db.select({ n: count() }).from(incident))[0].n;
    const again = await saveCase(app, tok.tmca, await newCasePayload(app, { fieldReportId: r.pkFieldReportId }));
    expect(again.statusCode).toBe(409);
    expect(again.json().statusMsg).toBe(FIELD_REPORT_TEXTS.notPending);
    expect((await reject(r.pkFieldReportId, 'Terlambat')).statusCode).toBe(409);
    expect((await app.ctx.db.select({ n: count() }).from(incident))[0].n).toBe(before);
    expect(await app.ctx.db.select().from(journalEntry).where(eq(journalEntry.incidentId, c.pkIncidentId))).toHaveLength(1);
  });

  it('Terima refused: on an edit 400, by another region 403, an unknown report 404; nothing is written', async () => {
    setClock(local('10:40:00'));
    const r = await saved(await report({ note: 'Untuk disunting' }));
    const first = await saveCase(app, tok.tmca, await newCasePayload(app));
    expect(first.statusCode, first.body).toBe(200);
    const c = first.json().body as { pkIncidentId: number; version: number };
    const edit = await saveCase(
      app,
      tok.tmca,
      await newCasePayload(app, { pkIncidentId: c.pkIncidentId, version: c.version, fieldReportId: r.pkFieldReportId }),
    );
    expect(edit.statusCode).toBe(400);
    const before = (await app.ctx.db.select({ n: count() }).from(incident))[0].n;
    const utara = await saveCase(app, tok['tmca.utara'], await newCasePayload(app, { fieldReportId: r.pkFieldReportId, pkDutyRosterId: null }, 'N5'));
    expect(utara.statusCode).toBe(403);
    const unknown = await saveCase(app, tok.tmca, await newCasePayload(app, { fieldReportId: 999_999 }));
    expect(unknown.statusCode).toBe(404);
    expect((await app.ctx.db.select({ n: count() }).from(incident))[0].n).toBe(before);
    const [still] = await app.ctx.db.select({ status: fieldReport.status }).from(fieldReport).where(eq(fieldReport.id, r.pkFieldReportId));
    expect(still.status).toBe('PENDING');
  });

  it('a save replayed with the same Idempotency-Key stores one report and answers the first answer', async () => {
    setClock(local('10:50:00'));
    const payload = await report(withPhoto({ documentName: 'ulang.jpg' }));
    const before = (await app.ctx.db.select({ n: count() }).from(fieldReport))[0].n;
    const first = await save(payload, 'pr', 'fr-replay-1');
    expect(first.statusCode, first.body).toBe(200);
    const second = await save(payload, 'pr', 'fr-replay-1');
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().body.pkFieldReportId).toBe(first.json().body.pkFieldReportId);
    expect((await app.ctx.db.select({ n: count() }).from(fieldReport))[0].n).toBe(before + 1);
    // one alert per TMC user
    expect(await alertsOf('tmca', `field-report:${first.json().body.pkFieldReportId}`)).toHaveLength(1);
  });
});
