import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { TICKET_PATTERN } from '../../contract/incident-rules';
import { STATUS } from '../../contract/lookups';
import { PATHS } from '../../contract/paths';
import { dutyRoster, gpsKmMarker, incident, incidentAudit, incidentSubform } from '../../server/db/schema';
import { localDate } from '../../server/lib/time';
import { buildTestApp, call, login } from './support/build';
import { audit, getView, newCasePayload, rosterOf, saveCase, saveSubformCall, sectionByName, snapshot, versionOf } from './support/incident-fixtures';
import { nowMs } from '../../server/lib/clock';

describe('incident main record (incident/save, get, views)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let tmca: string;
  let tmcs: string;
  let utara: string;
  let pr: string;
  let superadmin: string;
  let sectmgr: string;
  let tmcaStaffId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    const a = await login(app, 'tmca');
    tmca = a.token;
    tmcaStaffId = a.user.pkStaffId;
    tmcs = (await login(app, 'tmcs')).token;
    utara = (await login(app, 'tmca.utara')).token;
    pr = (await login(app, 'pr')).token;
    superadmin = (await login(app, 'superadmin')).token;
    sectmgr = (await login(app, 'sectmgr')).token;
  });
  afterAll(async () => app?.cleanup());

  async function createCase(overrides = {}, token = tmca) {
    const res = await saveCase(app, token, await newCasePayload(app, overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { pkIncidentId: number; ticketNumber: string; version: number; incidentStatusId: number; subformId: number | null };
  }

  it('creates a case: server ticket, date and time now, 203 to the roster in the same step, marker coordinates', async () => {
    const payload = await newCasePayload(app);
    const before = nowMs();
    const res = await saveCase(app, tmca, { ...payload, date: '2020-01-01', time: '00:00:00' });
    expect(res.statusCode, res.body).toBe(200);
    const env = res.json();
    expect(env.statusMsg).toBe('Kes berjaya disimpan.');
    const saved = env.body;
    expect(saved.ticketNumber).toMatch(TICKET_PATTERN);
    const prefix = `N9-${localDate().replace(/-/g, '')}-`;
    expect(saved.ticketNumber.startsWith(prefix)).toBe(true);
    const seq = Number(saved.ticketNumber.slice(prefix.length));
    expect(saved).toMatchObject({ incidentStatusId: STATUS.ASSIGNED, subformId: null, version: 0 });

    const [row] = await app.ctx.db.select().from(incident).where(eq(incident.id, saved.pkIncidentId));
    // §4.2: a new case takes now, whatever the payload says
    expect(row.incidentAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.incidentAt.getTime()).toBeLessThanOrEqual(nowMs() + 1000);
    expect(row).toMatchObject({
      statusId: 203,
      dutyRosterId: payload.pkDutyRosterId,
      regionId: 22,
      createdByStaffId: tmcaStaffId,
      chainage: `${payload.kilometerMarker} (N9)`,
    });
    expect(row.dispatchedAt).not.toBeNull();
    expect(row.km).toBeCloseTo(Number(payload.kilometerMarker), 3);
    const [marker] = await app.ctx.db
      .select()
      .from(gpsKmMarker)
      .where(and(eq(gpsKmMarker.sectionId, 9)));
    expect(marker).toBeTruthy();
    expect(row.latitude).not.toBeNull();
    expect(row.longitude).not.toBeNull();

    const trail = await app.ctx.db.select().from(incidentAudit).where(eq(incidentAudit.incidentId, saved.pkIncidentId));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      statusId: 203,
      assigneeRosterId: payload.pkDutyRosterId,
      assignerStaffId: tmcaStaffId,
      assignerRoleName: 'TMCA',
    });

    // the next case of the section and day takes the next number
    const next = await createCase();
    expect(next.ticketNumber).toBe(`${prefix}${String(seq + 1).padStart(4, '0')}`);
  });

  it('saves at the same moment take consecutive ticket numbers, none twice', async () => {
    const payload = await newCasePayload(app);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => saveCase(app, i % 2 ? tmcs : tmca, payload)));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = results.map((r) => Number(r.json().body.ticketNumber.split('-')[2])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers[5] - numbers[0]).toBe(5);
  });

  it('takes coordinates from the payload when given, and none for a kilometre without a marker', async () => {
    const withPos = await createCase({ latitude: 3.2, longtitude: 101.6 });
    const [a] = await app.ctx.db.select().from(incident).where(eq(incident.id, withPos.pkIncidentId));
    expect([a.latitude, a.longitude]).toEqual([3.2, 101.6]);
    const text = await createCase({ kilometerMarker: 'KM 9A' });
    const [b] = await app.ctx.db.select().from(incident).where(eq(incident.id, text.pkIncidentId));
    expect(b).toMatchObject({ kilometerMarker: 'KM 9A', km: null, latitude: null, longitude: null, chainage: 'KM 9A (N9)' });
    const far = await createCase({ kilometerMarker: '9999' });
    const [c] = await app.ctx.db.select().from(incident).where(eq(incident.id, far.pkIncidentId));
    expect(c.latitude).toBeNull();
  });

  it('reads a case back: incident/get, getByTicketNumber and incidentView/get with lookups resolved', async () => {
    const saved = await createCase({ pkWeatherConditionId: 1304 });
    const got = await call(app, tmca, { method: 'GET', url: PATHS.incidentGet(saved.pkIncidentId) });
    expect(got.statusCode, got.body).toBe(200);
    const c = got.json().body;
    expect(c).toMatchObject({
      pkIncidentId: saved.pkIncidentId,
      ticketNumber: saved.ticketNumber,
      cipTicketNumber: null,
      incidentSource: { key: 1101, value: expect.stringContaining('Orang Awam') },
      incidentCategory: { key: 184, value: 'Kemalangan', description: 'ACCIDENT' },
      cardinalDirection: { key: 1201, value: 'Arah Utara' },
      weatherCondition: { key: 1304, value: 'Hujan Lebat' },
      lightingCondition: { key: 1401 },
      locationType: { key: 1001 },
      incidentSeverity: { key: 1701 },
      highway: { key: 1, description: 'E1' },
      section: { pkSectionId: 9, sectionName: 'N9', isCombined: false, region: { key: 22, value: 'Tengah', description: 'TGH' } },
      specificSection: null,
      eventLocation: { key: expect.any(Number), value: expect.any(String) },
      dutyRoster: {
        pkDutyRosterId: expect.any(Number),
        dutyRosterName: expect.any(String),
        plateNumber: expect.any(String),
        callSign: expect.any(String),
      },
      incidentStatusId: 203,
      incidentStatus: 'Tugasan Dihantar',
      createdBy: { pkStaffId: tmcaStaffId, displayName: 'Nurul Huda binti Ismail', userId: expect.any(Number) },
      version: 0,
    });
    expect(c.date).toBe(localDate());
    expect(c.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);

    const byTicket = await call(app, tmca, { method: 'GET', url: PATHS.incidentByTicket(saved.ticketNumber) });
    expect(byTicket.statusCode).toBe(200);
    expect(byTicket.json().body.pkIncidentId).toBe(saved.pkIncidentId);
    const lower = await call(app, tmca, { method: 'GET', url: PATHS.incidentByTicket(saved.ticketNumber.toLowerCase()) });
    expect(lower.json().body.pkIncidentId).toBe(saved.pkIncidentId);
    const none = await call(app, tmca, { method: 'GET', url: PATHS.incidentByTicket('N9-19990101-0001') });
    expect(none.statusCode).toBe(404);

    const view = await getView(app, tmca, saved.pkIncidentId);
    expect(view.statusCode).toBe(200);
    expect(view.json().body).toMatchObject({
      pkIncidentId: saved.pkIncidentId,
      times: { dihantar: expect.any(String), diterima: null, tiba: null, selesaiBantuan: null, selesaiKes: null },
      hasDoneEntry: false,
      everCancelled: false,
      assignedToCaller: false,
    });
    // the patrol of the assigned roster sees it as its own
    const prView = await getView(app, pr, saved.pkIncidentId);
    expect(prView.json().body.assignedToCaller).toBe(true);
  });

  it('incidentView/dataTables by incident id answers rows[0].incidentId and subFormincidentId; searchBySubformId finds the case', async () => {
    const saved = await createCase({ pkIncidentCategoryId: 185 });
    const sub = await saveSubformCall(app, tmca, 'incidentBreakdown', {
      pkIncidentId: saved.pkIncidentId,
      incidentTypeId: 185,
      pkBreakdownCauseId: 2401,
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const subformId = sub.json().body.subformId;
    const res = await call(app, tmca, { method: 'POST', url: PATHS.incidentViewDataTables, payload: { incidentId: saved.pkIncidentId } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body;
    expect(body.recordCount).toBe(1);
    expect(body.rows[0]).toEqual({
      incidentId: saved.pkIncidentId,
      subFormincidentId: subformId,
      incidentCategoryId: 185,
      ticketNumber: saved.ticketNumber,
      incidentStatusId: 203,
      incidentStatus: 'Tugasan Dihantar',
    });
    const bySection = await call(app, tmca, { method: 'POST', url: `${PATHS.incidentViewDataTables}?length=2`, payload: { sectionId: 9 } });
    expect(bySection.json().body.rows).toHaveLength(2);
    expect(bySection.json().body.rows[0].incidentId).toBeGreaterThan(bySection.json().body.rows[1].incidentId);
    const bySub = await call(app, tmca, { method: 'GET', url: PATHS.incidentViewBySubform(subformId) });
    expect(bySub.statusCode).toBe(200);
    expect(bySub.json().body.pkIncidentId).toBe(saved.pkIncidentId);
    // another region's section list is refused, and the default list keeps to the caller's region
    expect((await call(app, utara, { method: 'POST', url: PATHS.incidentViewDataTables, payload: { sectionId: 9 } })).statusCode).toBe(403);
    const utaraList = await call(app, utara, { method: 'POST', url: PATHS.incidentViewDataTables, payload: {} });
    const utaraCount = await app.ctx.db.$count(incident, eq(incident.regionId, 21));
    expect(utaraList.json().body.recordCount).toBe(utaraCount);
    expect(utaraList.json().body.rows.map((r: { incidentId: number }) => r.incidentId)).not.toContain(saved.pkIncidentId);
  });

  it('incidentView/dataTables: by id with a section (listed or not), past the end, unknown case 404, unknown section 400; every order as the database sorts', async () => {
    const saved = await createCase();
    const [c] = await app.ctx.db.select({ sectionId: incident.sectionId }).from(incident).where(eq(incident.id, saved.pkIncidentId));
    const view = (payload: object, qs = '') => call(app, tmca, { method: 'POST', url: `${PATHS.incidentViewDataTables}${qs}`, payload });
    const own = await view({ incidentId: saved.pkIncidentId, sectionId: c.sectionId });
    expect(own.json().body).toMatchObject({ recordCount: 1, rows: [{ incidentId: saved.pkIncidentId, incidentStatus: 'Tugasan Dihantar' }] });
    const otherSection = c.sectionId === 8 ? 9 : 8;
    expect((await view({ incidentId: saved.pkIncidentId, sectionId: otherSection })).json().body).toMatchObject({ recordCount: 0, rows: [] });
    // past the end of a one-case list: no row, the count still 1
    expect((await view({ incidentId: saved.pkIncidentId }, '?start=1')).json().body).toMatchObject({ recordCount: 1, rows: [] });
    const missing = await view({ incidentId: 9_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusMsg).toBe('Kes tidak dijumpai.');
    const noSection = await view({ sectionId: 9_999 });
    expect(noSection.statusCode).toBe(400);
    expect((await view({ incidentId: saved.pkIncidentId, sectionId: 9_999 })).statusCode).toBe(400);

    // the orders: the region's cases as the database orders them (ties on the time broken by id)
    const cases = await app.ctx.db
      .select({ id: incident.id, at: incident.incidentAt, ticket: incident.ticketNumber })
      .from(incident)
      .where(eq(incident.regionId, 22));
    const byTime = [...cases].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id).map((r) => r.id);
    const byTicket = [...cases].sort((a, b) => (a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : 0)).map((r) => r.id);
    const ids = async (qs: string) => ((await view({}, `?length=5000${qs}`)).json().body.rows as { incidentId: number }[]).map((r) => r.incidentId);
    expect(await ids('')).toEqual([...byTime].reverse());
    expect(await ids('&orderColumn=createdDate&direction=asc')).toEqual(byTime);
    expect(await ids('&orderColumn=incidentDateTime&direction=desc')).toEqual([...byTime].reverse());
    expect(await ids('&orderColumn=ticketNumber&direction=desc')).toEqual([...byTicket].reverse());
    expect(await ids('&orderColumn=incidentId')).toEqual(cases.map((r) => r.id).sort((a, b) => a - b));
    expect(await ids('&orderColumn=nope&direction=asc')).toEqual([...byTime].reverse());
    // a page is a slice of the list
    const slice = await view({}, '?length=3&start=2&orderColumn=createdDate&direction=asc');
    expect(slice.json().body.rows.map((r: { incidentId: number }) => r.incidentId)).toEqual(byTime.slice(2, 5));
  });

  it('edits a case: version goes up, a stale version is refused, the ticket stays', async () => {
    const saved = await createCase();
    const payload = await newCasePayload(app);
    const res = await saveCase(app, tmcs, {
      ...payload,
      pkIncidentId: saved.pkIncidentId,
      version: 0,
      kilometerMarker: '455.5',
      pkCardinalDirectionId: 1202,
      date: localDate(),
      time: '00:00:01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().statusMsg).toBe('Kes berjaya disimpan.');
    expect(res.json().body).toMatchObject({ pkIncidentId: saved.pkIncidentId, ticketNumber: saved.ticketNumber, version: 1, incidentStatusId: 203 });
    const view = (await getView(app, tmca, saved.pkIncidentId)).json().body;
    expect(view).toMatchObject({
      kilometerMarker: '455.5',
      chainage: '455.5 (N9)',
      cardinalDirection: { key: 1202 },
      time: '00:00:01',
      date: localDate(),
    });
    // no roster change: no new 203
    const trail = await app.ctx.db.select().from(incidentAudit).where(eq(incidentAudit.incidentId, saved.pkIncidentId));
    expect(trail).toHaveLength(1);

    const before = await snapshot(app);
    const stale = await saveCase(app, tmca, { ...payload, pkIncidentId: saved.pkIncidentId, version: 0, kilometerMarker: '460' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().statusMsg).toMatch(/dikemaskini oleh pengguna lain/);
    expect(await snapshot(app)).toEqual(before);
  });

  it('reassigns when the roster changes: a new 203 entry, in the same transaction as the edit', async () => {
    const saved = await createCase();
    const night = await rosterOf(app, 'N9-MALAM-A');
    const payload = await newCasePayload(app, { pkDutyRosterId: night.id });
    const res = await saveCase(app, tmca, { ...payload, pkIncidentId: saved.pkIncidentId, version: saved.version });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await app.ctx.db.select().from(incident).where(eq(incident.id, saved.pkIncidentId));
    expect(row).toMatchObject({ dutyRosterId: night.id, statusId: 203, version: 1 });
    const trail = await app.ctx.db.select().from(incidentAudit).where(eq(incidentAudit.incidentId, saved.pkIncidentId));
    expect(trail.map((t) => [t.statusId, t.assigneeRosterId])).toEqual([
      [203, (await rosterOf(app, 'N9-PAGI-A')).id],
      [203, night.id],
    ]);
    // the client's follow-up 203 to the same roster is idempotent
    const again = await audit(app, tmca, { incidentId: saved.pkIncidentId, incidentStatusId: 203, assigneeId: night.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(await app.ctx.db.select().from(incidentAudit).where(eq(incidentAudit.incidentId, saved.pkIncidentId))).toHaveLength(2);
  });

  it('changing the event type drops the live subform in the same save; a client that deleted it first also works', async () => {
    const saved = await createCase();
    const sub = await saveSubformCall(app, tmca, 'incidentAccident', {
      pkIncidentId: saved.pkIncidentId,
      incidentTypeId: 184,
      pkCasualTypeId: 1603,
      remark: 'dua kereta',
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const oldId = sub.json().body.subformId;
    const payload = await newCasePayload(app, { pkIncidentCategoryId: 186 });
    const res = await saveCase(app, tmca, { ...payload, pkIncidentId: saved.pkIncidentId, version: await versionOf(app, saved.pkIncidentId) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.subformId).toBeNull();
    const [old] = await app.ctx.db.select().from(incidentSubform).where(eq(incidentSubform.id, oldId));
    expect(old.deletedAt).not.toBeNull();
    const obstacle = await saveSubformCall(app, tmca, 'incidentObstacle', {
      pkIncidentId: saved.pkIncidentId,
      incidentTypeId: 186,
      pkObstacleObjectTypeId: 1801,
      moveToSafety: true,
    });
    expect(obstacle.statusCode, obstacle.body).toBe(200);
    expect((await getView(app, tmca, saved.pkIncidentId)).json().body).toMatchObject({
      incidentCategory: { key: 186 },
      subformId: obstacle.json().body.subformId,
    });

    // the spec's order: delete the old subform, save the main record, save the new subform
    const del = await call(app, tmca, { method: 'POST', url: PATHS.subformDelete('incidentObstacle'), payload: [obstacle.json().body.subformId] });
    expect(del.statusCode, del.body).toBe(200);
    const res2 = await saveCase(app, tmca, {
      ...payload,
      pkIncidentCategoryId: 187,
      pkIncidentId: saved.pkIncidentId,
      version: await versionOf(app, saved.pkIncidentId),
    });
    expect(res2.statusCode, res2.body).toBe(200);
    const animal = await saveSubformCall(app, tmca, 'incidentStrayAnimal', {
      pkIncidentId: saved.pkIncidentId,
      incidentTypeId: 187,
      pkStrayAnimalTypeId: 2601,
    });
    expect(animal.statusCode, animal.body).toBe(200);
    const live = await app.ctx.db
      .select()
      .from(incidentSubform)
      .where(and(eq(incidentSubform.incidentId, saved.pkIncidentId), isNull(incidentSubform.deletedAt)));
    expect(live.map((l) => l.typeId)).toEqual([187]);
  });

  it('combined sections need a specific section that is one of their parts; chainage and ticket use it', async () => {
    const n1n2 = await sectionByName(app, 'N1+N2');
    const n1 = await sectionByName(app, 'N1');
    const n3 = await sectionByName(app, 'N3');
    const base = await newCasePayload(app, {}, 'N1');
    const roster = await rosterOf(app, 'N1+N2-PAGI-A');
    const payload = { ...base, pkSectionId: n1n2.id, pkSpecificSectionId: n1.id, pkDutyRosterId: roster.id };
    const before = await snapshot(app);
    const noSpecific = await saveCase(app, utara, { ...payload, pkSpecificSectionId: null });
    expect(noSpecific.statusCode).toBe(400);
    expect(noSpecific.json().body.field).toBe('pkSpecificSectionId');
    const wrongPart = await saveCase(app, utara, { ...payload, pkSpecificSectionId: n3.id });
    expect(wrongPart.statusCode).toBe(400);
    expect(wrongPart.json().body.field).toBe('pkSpecificSectionId');
    const partAlone = await saveCase(app, utara, { ...payload, pkSectionId: n1.id, pkSpecificSectionId: null });
    expect(partAlone.statusCode).toBe(400);
    expect(partAlone.json().body.field).toBe('pkSectionId');
    expect(await snapshot(app)).toEqual(before);

    const ok = await saveCase(app, utara, payload);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().body.ticketNumber).toMatch(/^N1-\d{8}-\d{4}$/);
    const view = (await getView(app, utara, ok.json().body.pkIncidentId)).json().body;
    expect(view).toMatchObject({
      section: { sectionName: 'N1+N2', isCombined: true },
      specificSection: { sectionName: 'N1' },
      chainage: `${payload.kilometerMarker} (N1)`,
    });
    expect(view.latitude).not.toBeNull();
  });

  describe('bad input: a clear 4xx and nothing half-saved', () => {
    async function refused(token: string, payload: unknown, status: number, field?: string, message?: RegExp | string) {
      const before = await snapshot(app);
      const res = await saveCase(app, token, payload);
      expect(res.statusCode, res.body).toBe(status);
      const env = res.json();
      expect(env.statusCode).toBe(status);
      if (field) expect(env.body.field).toBe(field);
      if (message) typeof message === 'string' ? expect(env.statusMsg).toBe(message) : expect(env.statusMsg).toMatch(message);
      expect(await snapshot(app)).toEqual(before);
      return env;
    }

    it('missing or wrong-typed fields, a kilometre with no digit', async () => {
      const p = await newCasePayload(app);
      const { pkIncidentSourceId: _s, ...noSource } = p;
      await refused(tmca, noSource, 400, 'pkIncidentSourceId');
      await refused(tmca, { ...p, pkSectionId: 'N9' }, 400, 'pkSectionId');
      await refused(tmca, { ...p, latitude: 'utara' }, 400, 'latitude');
      await refused(tmca, { ...p, kilometerMarker: 'KM' }, 400, 'kilometerMarker', /Min 1 aksara bernombor/);
      await refused(tmca, { ...p, kilometerMarker: '   ' }, 400, 'kilometerMarker');
      await refused(tmca, { ...p, pkDutyRosterId: null }, 400, 'pkDutyRosterId');
      await refused(tmca, { ...p, latitude: 3.1 }, 400, 'longtitude');
    });

    it('references that do not exist or belong elsewhere', async () => {
      const p = await newCasePayload(app);
      await refused(tmca, { ...p, pkSectionId: 9999 }, 400, 'pkSectionId');
      await refused(tmca, { ...p, pkIncidentCategoryId: 191 }, 400, 'pkIncidentCategoryId');
      await refused(tmca, { ...p, pkIncidentSourceId: 1201 }, 400, 'pkIncidentSourceId', /Sumber laporan tidak sah/);
      await refused(tmca, { ...p, pkCardinalDirectionId: 1101 }, 400, 'pkCardinalDirectionId');
      await refused(tmca, { ...p, pkWeatherConditionId: 1401 }, 400, 'pkWeatherConditionId');
      await refused(tmca, { ...p, pkLightingConditionId: 1301 }, 400, 'pkLightingConditionId');
      await refused(tmca, { ...p, incidentSeverityId: 1001 }, 400, 'incidentSeverityId');
      await refused(tmca, { ...p, pkLocationTypeId: 1701 }, 400, 'pkLocationTypeId');
      await refused(tmca, { ...p, pkHighwayId: 2 }, 400, 'pkHighwayId');
      const other = await newCasePayload(app, {}, 'N8');
      await refused(tmca, { ...p, pkEventLocationId: other.pkEventLocationId }, 400, 'pkEventLocationId');
      // a section of another region
      const s4 = await newCasePayload(app, {}, 'S4');
      await refused(tmca, { ...s4, pkDutyRosterId: p.pkDutyRosterId }, 403);
    });

    it('rosters: unknown (DutyRoster data not found.), another region, ended more than 12 h ago', async () => {
      const p = await newCasePayload(app);
      await refused(tmca, { ...p, pkDutyRosterId: 999999 }, 404, undefined, 'DutyRoster data not found.');
      // tmca.utara's roster used by tmca
      const utaraRoster = await rosterOf(app, 'N5-PAGI-A');
      await refused(tmca, { ...p, pkDutyRosterId: utaraRoster.id }, 403);
      // a roster of the same team a month ago
      const today = await rosterOf(app, 'N9-PAGI-A');
      const [row] = await app.ctx.db.select().from(dutyRoster).where(eq(dutyRoster.id, today.id));
      const monthAgo = new Date(nowMs() - 30 * 86_400_000);
      const date = localDate(monthAgo);
      const [old] = await app.ctx.db
        .insert(dutyRoster)
        .values({ ...row, id: undefined, startDate: date, endDate: date, startsAt: monthAgo, endsAt: new Date(monthAgo.getTime() + 12 * 3600_000) })
        .returning({ id: dutyRoster.id });
      await refused(tmca, { ...p, pkDutyRosterId: old.id }, 400, 'pkDutyRosterId', 'Jadual tugas ini telah tamat.');
    });

    it('who may create and edit: newCase is TMCA/TMCS only, editCase for the others, a patrol neither', async () => {
      const p = await newCasePayload(app);
      await refused(pr, p, 403);
      await refused(superadmin, p, 403, undefined, /TMCA dan TMCS/);
      await refused(sectmgr, p, 403, undefined, /TMCA dan TMCS/);
      const saved = await createCase();
      const edit = await saveCase(app, sectmgr, { ...p, pkIncidentId: saved.pkIncidentId, kilometerMarker: '452', version: saved.version });
      expect(edit.statusCode, edit.body).toBe(200);
      // a superadmin edits only closed or cancelled cases
      await refused(superadmin, { ...p, pkIncidentId: saved.pkIncidentId, justification: 'ujian' }, 409, undefined, /Superadmin/);
    });

    it('an incident of another region: tmca.utara reading or editing a Tengah case', async () => {
      const saved = await createCase();
      for (const url of [
        PATHS.incidentGet(saved.pkIncidentId),
        PATHS.incidentViewGet(saved.pkIncidentId),
        PATHS.auditByIncident(saved.pkIncidentId),
        PATHS.incidentByTicket(saved.ticketNumber),
      ]) {
        const res = await call(app, utara, { method: 'GET', url });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().statusMsg).toBe('Kes ini di luar wilayah anda.');
      }
      const dt = await call(app, utara, { method: 'POST', url: PATHS.incidentViewDataTables, payload: { incidentId: saved.pkIncidentId } });
      expect(dt.statusCode).toBe(403);
      const p = await newCasePayload(app);
      await refused(utara, { ...p, pkIncidentId: saved.pkIncidentId }, 403, undefined, 'Kes ini di luar wilayah anda.');
      await refused(tmca, { ...p, pkIncidentId: 9_999_999 }, 404);
      expect((await call(app, tmca, { method: 'GET', url: PATHS.incidentGet(9_999_999) })).statusCode).toBe(404);
    });
  });
});
