import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { STATUS } from '../../contract/lookups';
import { PATHS } from '../../contract/paths';
import { incident, incidentAudit, incidentNotification, journalEntry } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';
import { audit, getView, newCasePayload, rosterOf, saveCase, saveSubformCall, snapshot, versionOf } from './support/incident-fixtures';
import { nowMs } from '../../server/lib/clock';

describe('audit trail and status rules (incidentAudit)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let tmca: string;
  let pr: string;
  let prMalam: string;
  let utara: string;
  let superadmin: string;
  let tste: string;

  beforeAll(async () => {
    app = await buildTestApp();
    tmca = (await login(app, 'tmca')).token;
    pr = (await login(app, 'pr')).token;
    prMalam = (await login(app, 'pr.malam')).token;
    utara = (await login(app, 'tmca.utara')).token;
    superadmin = (await login(app, 'superadmin')).token;
    tste = (await login(app, 'tste')).token;
  });
  afterAll(async () => app?.cleanup());

  /** A new accident case on today's N9-PAGI-A roster (team of `pr`), with its subform. */
  async function newCase() {
    const res = await saveCase(app, tmca, await newCasePayload(app));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().body.pkIncidentId as number;
    const sub = await saveSubformCall(app, tmca, 'incidentAccident', { pkIncidentId: id, incidentTypeId: 184, pkCasualTypeId: 1603 });
    expect(sub.statusCode, sub.body).toBe(200);
    return id;
  }
  const row = async (id: number) => (await app.ctx.db.select().from(incident).where(eq(incident.id, id)))[0];
  const trail = async (id: number) =>
    (await call(app, tmca, { method: 'GET', url: PATHS.auditByIncident(id) })).json().body as { incidentStatus: { key: number } }[];

  async function refused(token: string, payload: Record<string, unknown>, status: number, message?: string | RegExp, field?: string) {
    const before = await snapshot(app);
    const res = await audit(app, token, payload);
    expect(res.statusCode, res.body).toBe(status);
    if (message) typeof message === 'string' ? expect(res.json().statusMsg).toBe(message) : expect(res.json().statusMsg).toMatch(message);
    if (field) expect(res.json().body.field).toBe(field);
    expect(await snapshot(app)).toEqual(before);
    return res.json();
  }

  it('the full patrol lifecycle 203 → 204 → 206 → 207 → 298 → 210 fills the list times and the trail', async () => {
    const id = await newCase();
    const steps: [string, number, number?][] = [
      [pr, STATUS.RECEIVED],
      [pr, STATUS.ARRIVED],
      [pr, STATUS.ASSISTANCE_DONE],
      [pr, STATUS.CASE_DONE],
    ];
    let version = (await row(id)).version;
    for (const [token, status] of steps) {
      const res = await audit(app, token, { incidentId: id, incidentStatusId: status, latitude: 3.25, longtitude: 101.6 });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json().body;
      expect(body).toMatchObject({
        pkIncidentId: id,
        incidentStatus: { key: status },
        latitude: 3.25,
        longtitude: 101.6,
        assigner: { roleName: 'PR' },
        version: version + 1,
      });
      expect(body.date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(body.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      version = body.version;
      expect((await row(id)).statusId).toBe(status);
    }
    // the patrol's activity raises the TMC bell for the case
    const [note] = await app.ctx.db.select().from(incidentNotification).where(eq(incidentNotification.incidentId, id));
    expect(note).toMatchObject({ read: false, incidentStatus: 'Selesai Kes' });

    const view = (await getView(app, tmca, id)).json().body;
    expect(view.hasDoneEntry).toBe(true);
    for (const k of ['dihantar', 'diterima', 'tiba', 'selesaiBantuan', 'selesaiKes'] as const) expect(view.times[k], k).toEqual(expect.any(String));

    const close = await audit(app, tmca, { incidentId: id, incidentStatusId: STATUS.CLOSED });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().statusMsg).toBe('Kes berjaya ditutup.');
    const r = await row(id);
    expect(r.statusId).toBe(STATUS.CLOSED);
    expect(r.closedAt).not.toBeNull();
    expect((await trail(id)).map((t) => t.incidentStatus.key)).toEqual([210, 298, 207, 206, 204, 203]);

    // a closed case takes no more steps, and cannot be closed twice
    await refused(
      pr,
      { incidentId: id, incidentStatusId: STATUS.CASE_DONE },
      409,
      'Status kes tidak boleh ditukar daripada "Tutup" kepada "Selesai Kes".',
    );
    await refused(tmca, { incidentId: id, incidentStatusId: STATUS.CLOSED }, 409, /telah pun ditutup/);
    await refused(tmca, { incidentId: id, incidentStatusId: STATUS.ASSIGNED, assigneeId: r.dutyRosterId }, 409);
  });

  it('a superadmin corrects a closed case: justification required, CORRECTION journal entry listing old → new', async () => {
    const id = await newCase();
    for (const s of [STATUS.RECEIVED, STATUS.ARRIVED, STATUS.CASE_DONE])
      expect((await audit(app, pr, { incidentId: id, incidentStatusId: s })).statusCode).toBe(200);
    expect((await audit(app, tmca, { incidentId: id, incidentStatusId: STATUS.CLOSED })).statusCode).toBe(200);
    const p = await newCasePayload(app);
    const edit = { ...p, pkIncidentId: id, kilometerMarker: '450.3', pkWeatherConditionId: 1304, version: await versionOf(app, id) };

    // a non-superadmin may not edit a closed case
    const before = await snapshot(app);
    const tmcaEdit = await saveCase(app, tmca, edit);
    expect(tmcaEdit.statusCode).toBe(409);
    expect(tmcaEdit.json().statusMsg).toMatch(/ditutup/);
    const noWhy = await saveCase(app, superadmin, edit);
    expect(noWhy.statusCode).toBe(400);
    expect(noWhy.json()).toMatchObject({ statusMsg: '* Justification is required', body: { field: 'justification' } });
    const tooLong = await saveCase(app, superadmin, { ...edit, justification: 'x'.repeat(151) });
    expect(tooLong.statusCode).toBe(400);
    expect(await snapshot(app)).toEqual(before);

    const res = await saveCase(app, superadmin, { ...edit, justification: 'KM salah direkodkan oleh operator' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().statusMsg).toBe('Changes logged successfully.');
    const r = await row(id);
    expect(r).toMatchObject({ kilometerMarker: '450.3', weatherId: 1304, statusId: STATUS.CLOSED });
    const [entry] = await app.ctx.db
      .select()
      .from(journalEntry)
      .where(and(eq(journalEntry.incidentId, id), eq(journalEntry.kind, 'CORRECTION')));
    expect(entry.roleName).toBe('SUPERADMIN');
    expect(entry.subformId).toBe(r.subformId);
    expect(entry.entry).toContain(`Kilometer: ${p.kilometerMarker} → 450.3`);
    expect(entry.entry).toContain('Keadaan Cuaca: Cerah → Hujan Lebat');
    expect(entry.entry).toContain('Justifikasi: KM salah direkodkan oleh operator');
    expect(entry.entry).not.toContain('Arah:');
  });

  it('cancel (BATALKAN KES): justification required and at most 150 characters; then only a superadmin edits', async () => {
    const id = await newCase();
    await refused(tmca, { incidentId: id, incidentStatusId: STATUS.CANCELLED }, 400, '* Justification is required', 'remark');
    await refused(tmca, { incidentId: id, incidentStatusId: STATUS.CANCELLED, remark: '   ' }, 400, '* Justification is required', 'remark');
    await refused(tmca, { incidentId: id, incidentStatusId: STATUS.CANCELLED, remark: 'x'.repeat(151) }, 400, undefined, 'remark');
    // a patrol may not cancel
    await refused(pr, { incidentId: id, incidentStatusId: STATUS.CANCELLED, remark: 'salah' }, 403);

    const res = await audit(app, tmca, { incidentId: id, incidentStatusId: STATUS.CANCELLED, remark: '  Laporan palsu, disahkan oleh CCTV  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().statusMsg).toBe('Kes telah berjaya dibatalkan');
    expect(res.json().body.remark).toBe('Laporan palsu, disahkan oleh CCTV');
    expect(await row(id)).toMatchObject({ statusId: STATUS.CANCELLED, everCancelled: true });
    await refused(tmca, { incidentId: id, incidentStatusId: STATUS.CANCELLED, remark: 'lagi' }, 409, 'Kes berstatus "Batal" tidak boleh dibatalkan.');

    // editing a cancelled case as a non-superadmin: refused, nothing saved (main record and subform)
    const p = await newCasePayload(app);
    const before = await snapshot(app);
    const edit = await saveCase(app, tmca, { ...p, pkIncidentId: id, kilometerMarker: '451', version: await versionOf(app, id) });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().statusMsg).toMatch(/dibatalkan/);
    const sub = await saveSubformCall(app, tmca, 'incidentAccident', { pkIncidentId: id, incidentTypeId: 184, remark: 'ubah' });
    expect(sub.statusCode).toBe(409);
    expect(await snapshot(app)).toEqual(before);
    // and it takes no close
    await refused(tmca, { incidentId: id, incidentStatusId: STATUS.CLOSED }, 409);

    const fix = await saveCase(app, superadmin, {
      ...p,
      pkIncidentId: id,
      kilometerMarker: '451',
      justification: 'Pembetulan lokasi',
      version: await versionOf(app, id),
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(fix.json().statusMsg).toBe('Changes logged successfully.');
  });

  it('Tutup needs a 298 or 209 entry; a status the rules forbid is refused naming both statuses', async () => {
    const id = await newCase();
    await refused(
      tmca,
      { incidentId: id, incidentStatusId: STATUS.CLOSED },
      409,
      'Kes tidak boleh ditutup: tiada status Selesai Kes (298) atau Negative (209).',
    );
    await refused(
      pr,
      { incidentId: id, incidentStatusId: STATUS.ASSISTANCE_DONE },
      409,
      'Status kes tidak boleh ditukar daripada "Tugasan Dihantar" kepada "Selesai Bantuan".',
    );
    await refused(pr, { incidentId: id, incidentStatusId: STATUS.CASE_DONE }, 409, /"Tugasan Dihantar" kepada "Selesai Kes"/);
    await refused(tmca, { incidentId: id, incidentStatusId: 999 }, 400, undefined, 'incidentStatusId');
    await refused(tmca, { incidentId: id, incidentStatusId: 'Tutup' }, 400, undefined, 'incidentStatusId');
    await refused(tmca, { incidentStatusId: STATUS.RECEIVED }, 400, undefined, 'incidentId');
    await refused(
      tmca,
      { incidentId: id, incidentStatusId: STATUS.RECEIVED, datetime: new Date(nowMs() + 3600_000).toISOString() },
      400,
      undefined,
      'datetime',
    );

    // Negative (209) also allows Tutup
    expect((await audit(app, pr, { incidentId: id, incidentStatusId: STATUS.RECEIVED })).statusCode).toBe(200);
    expect((await audit(app, pr, { incidentId: id, incidentStatusId: STATUS.NEGATIVE })).statusCode).toBe(200);
    // cancel is hidden on Negative (§4.2)
    await refused(
      tmca,
      { incidentId: id, incidentStatusId: STATUS.CANCELLED, remark: 'tiada' },
      409,
      'Kes berstatus "Negative" tidak boleh dibatalkan.',
    );
    const close = await audit(app, tste, { incidentId: id, incidentStatusId: STATUS.CLOSED });
    expect(close.statusCode, close.body).toBe(200);
  });

  it('patrol steps only by the team of the assigned roster; Ditolak (205) clears the roster and a new 203 sends it again', async () => {
    const id = await newCase();
    const night = await rosterOf(app, 'N9-MALAM-A');
    await refused(prMalam, { incidentId: id, incidentStatusId: STATUS.RECEIVED }, 403, 'Kes ini tidak ditugaskan kepada pasukan anda.');
    await refused(prMalam, { incidentId: id, incidentStatusId: STATUS.ASSIGNED, assigneeId: night.id }, 403);
    // TMC records a step for the patrol on the radio
    const rec = await audit(app, tmca, { incidentId: id, incidentStatusId: STATUS.RECEIVED });
    expect(rec.statusCode, rec.body).toBe(200);
    const rej = await audit(app, pr, { incidentId: id, incidentStatusId: STATUS.REJECTED, remark: 'Kenderaan rosak' });
    expect(rej.statusCode, rej.body).toBe(200);
    expect(rej.json().body.assignee).toMatchObject({ pkDutyRosterId: (await rosterOf(app, 'N9-PAGI-A')).id });
    expect(await row(id)).toMatchObject({ statusId: STATUS.REJECTED, dutyRosterId: null });
    await refused(pr, { incidentId: id, incidentStatusId: STATUS.ARRIVED }, 403);

    // reassignment from Ditolak: assigneeId required, roster checks, then a new 203
    await refused(tmca, { incidentId: id, incidentStatusId: STATUS.ASSIGNED }, 400, 'Sila pilih "Ditugaskan Kepada".', 'assigneeId');
    await refused(tmca, { incidentId: id, incidentStatusId: STATUS.ASSIGNED, assigneeId: 999999 }, 404, 'DutyRoster data not found.');
    await refused(tmca, { incidentId: id, incidentStatusId: STATUS.ASSIGNED, assigneeId: (await rosterOf(app, 'N5-PAGI-A')).id }, 403);
    const again = await audit(app, tmca, { incidentId: id, incidentStatusId: STATUS.ASSIGNED, assigneeId: night.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().statusMsg).toBe('Tugasan berjaya dihantar.');
    expect(await row(id)).toMatchObject({ statusId: STATUS.ASSIGNED, dutyRosterId: night.id });
    const entries = () => app.ctx.db.select().from(incidentAudit).where(eq(incidentAudit.incidentId, id));
    const n = (await entries()).length;
    // the same 203 again is idempotent: no duplicate entry, the same entry answered
    const repeat = await audit(app, tmca, { incidentId: id, incidentStatusId: STATUS.ASSIGNED, assigneeId: night.id });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().body.pkIncidentAuditId).toBe(again.json().body.pkIncidentAuditId);
    expect(await entries()).toHaveLength(n);
    // now the night team works it
    expect((await audit(app, prMalam, { incidentId: id, incidentStatusId: STATUS.ARRIVED })).statusCode).toBe(200);
    expect((await getView(app, prMalam, id)).json().body.assignedToCaller).toBe(true);
  });

  it('dataTables pages 30 by default, newest first; another region is refused everywhere', async () => {
    const id = await newCase();
    for (const s of [STATUS.RECEIVED, STATUS.ARRIVED, STATUS.ASSISTANCE_DONE])
      expect((await audit(app, pr, { incidentId: id, incidentStatusId: s })).statusCode).toBe(200);
    const res = await call(app, tmca, { method: 'POST', url: PATHS.auditDataTables, payload: { incidentId: id } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body;
    expect(body).toMatchObject({ recordCount: 4, page: 0, size: 30 });
    expect(body.rows.map((r: { incidentStatus: { key: number } }) => r.incidentStatus.key)).toEqual([207, 206, 204, 203]);
    expect(body.rows[3]).toMatchObject({
      assigner: { roleName: 'TMCA', displayName: 'Nurul Huda binti Ismail' },
      assignee: { pkDutyRosterId: expect.any(Number) },
    });
    const paged = await call(app, tmca, { method: 'POST', url: `${PATHS.auditDataTables}?length=2&start=2`, payload: { incidentId: id } });
    expect(paged.json().body).toMatchObject({ recordCount: 4, page: 1, size: 2 });
    expect(paged.json().body.rows.map((r: { incidentStatus: { key: number } }) => r.incidentStatus.key)).toEqual([204, 203]);

    expect((await call(app, utara, { method: 'POST', url: PATHS.auditDataTables, payload: { incidentId: id } })).statusCode).toBe(403);
    expect((await call(app, utara, { method: 'GET', url: PATHS.auditByIncident(id) })).statusCode).toBe(403);
    await refused(utara, { incidentId: id, incidentStatusId: STATUS.CASE_DONE }, 403, 'Kes ini di luar wilayah anda.');
    await refused(utara, { incidentId: 9_999_999, incidentStatusId: STATUS.CASE_DONE }, 404);
    const [last] = await app.ctx.db.select().from(incidentAudit).where(eq(incidentAudit.incidentId, id)).orderBy(desc(incidentAudit.id)).limit(1);
    expect(last.statusId).toBe(STATUS.ASSISTANCE_DONE);
  });
});
