import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { EVENT_TYPE_IDS, SUBFORMS, type EventTypeId } from '../../contract/incident-rules';
import { STATUS } from '../../contract/lookups';
import { PATHS } from '../../contract/paths';
import { incident, incidentSubform, journalEntry } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';
import { audit, getView, newCasePayload, saveCase, saveSubformCall, snapshot } from './support/incident-fixtures';

/** A filled subform of each type with real lookup keys (§3.4). */
const FILLED: Record<EventTypeId, Record<string, unknown>> = {
  184: { pkCasualTypeId: 1602, pkAssistTypeId: 1902, naFlagTrafficJam: true, naFlagLaneClosure: false, naFlagRoadFurniture: true },
  185: { pkBreakdownCauseId: 2401, pkAssistTypeId: 1903 },
  186: { pkObstacleObjectTypeId: 1801, pkAssistTypeId: 1902, moveToSafety: true },
  187: { pkStrayAnimalTypeId: 2601, pkAssistTypeId: 277, moveToSafety: false },
  188: { pkHazardTypeId: 2501, pkAssistTypeId: 277 },
  189: { pkAssistTypeId: 277 },
  190: { pkOthersTypeId: 491, pkAssistTypeId: 430 },
};

describe('incident subforms (§3.4)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let tmca: string;
  let pr: string;
  let prMalam: string;
  let utara: string;
  let superadmin: string;

  beforeAll(async () => {
    app = await buildTestApp();
    tmca = (await login(app, 'tmca')).token;
    pr = (await login(app, 'pr')).token;
    prMalam = (await login(app, 'pr.malam')).token;
    utara = (await login(app, 'tmca.utara')).token;
    superadmin = (await login(app, 'superadmin')).token;
  });
  afterAll(async () => app?.cleanup());

  async function newCase(type: EventTypeId = 184) {
    const res = await saveCase(app, tmca, await newCasePayload(app, { pkIncidentCategoryId: type }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body.pkIncidentId as number;
  }
  const live = (incidentId: number) =>
    app.ctx.db
      .select()
      .from(incidentSubform)
      .where(and(eq(incidentSubform.incidentId, incidentId), isNull(incidentSubform.deletedAt)));

  it('creates each of the seven types with its subform; get answers the own id field and the fields', async () => {
    for (const type of EVENT_TYPE_IDS) {
      const def = SUBFORMS[type];
      const id = await newCase(type);
      const res = await saveSubformCall(app, tmca, def.path, {
        pkIncidentId: id,
        incidentTypeId: type,
        remark: `  kes ${def.kind} ß `,
        ...FILLED[type],
      });
      expect(res.statusCode, `${def.path}: ${res.body}`).toBe(200);
      const rec = res.json().body;
      expect(rec, def.path).toMatchObject({
        pkIncidentId: id,
        incidentTypeId: type,
        remark: `KES ${def.kind.toUpperCase()} SS`,
        version: 0,
        ...FILLED[type],
      });
      expect(rec[def.idField]).toBe(rec.subformId);
      const view = (await getView(app, tmca, id)).json().body;
      expect(view.subformId).toBe(rec.subformId);

      const got = await call(app, tmca, { method: 'GET', url: PATHS.subformGet(def.path, rec.subformId) });
      expect(got.statusCode).toBe(200);
      expect(got.json().body).toEqual(rec);
      // the subform of another type's path is not this one
      const other = SUBFORMS[type === 184 ? 185 : 184];
      expect((await call(app, tmca, { method: 'GET', url: PATHS.subformGet(other.path, rec.subformId) })).statusCode).toBe(404);
    }
  });

  it('a second save updates the live record (own id, version); stale version or a replaced id is refused', async () => {
    const id = await newCase(185);
    const first = (await saveSubformCall(app, tmca, 'incidentBreakdown', { pkIncidentId: id, incidentTypeId: 185, pkBreakdownCauseId: 2401 })).json()
      .body;
    // without the own id the live record is updated too (one live subform per case)
    const second = await saveSubformCall(app, pr, 'incidentBreakdown', {
      pkIncidentId: id,
      incidentTypeId: 185,
      pkIncidentBreakdownId: first.subformId,
      version: 0,
      pkAssistTypeId: 1903,
      remark: 'tayar pancit',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().body).toMatchObject({
      subformId: first.subformId,
      version: 1,
      pkBreakdownCauseId: 2401,
      pkAssistTypeId: 1903,
      remark: 'TAYAR PANCIT',
    });
    const third = await saveSubformCall(app, tmca, 'incidentBreakdown', { pkIncidentId: id, incidentTypeId: 185, pkBreakdownCauseId: null });
    expect(third.json().body).toMatchObject({ subformId: first.subformId, version: 2, pkBreakdownCauseId: null, pkAssistTypeId: 1903 });
    expect(await live(id)).toHaveLength(1);

    const before = await snapshot(app);
    const stale = await saveSubformCall(app, tmca, 'incidentBreakdown', { pkIncidentId: id, incidentTypeId: 185, version: 1, remark: 'lama' });
    expect(stale.statusCode).toBe(409);
    const wrongId = await saveSubformCall(app, tmca, 'incidentBreakdown', {
      pkIncidentId: id,
      incidentTypeId: 185,
      pkIncidentBreakdownId: first.subformId + 1000,
    });
    expect(wrongId.statusCode).toBe(409);
    expect(await snapshot(app)).toEqual(before);
  });

  it('saves at the same moment on a case without a subform make one live record', async () => {
    const id = await newCase(190);
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        saveSubformCall(app, i % 2 ? pr : tmca, 'incidentOthers', { pkIncidentId: id, incidentTypeId: 190, pkOthersTypeId: 2801 + i }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(results.map((r) => r.json().body.subformId)).size).toBe(1);
    const rows = await live(id);
    expect(rows).toHaveLength(1);
    expect(rows[0].version).toBe(3);
  });

  it('delete soft-deletes (array of ids), clears the case link; a deleted one is gone for get and delete', async () => {
    const id = await newCase(186);
    const rec = (await saveSubformCall(app, tmca, 'incidentObstacle', { pkIncidentId: id, incidentTypeId: 186, pkObstacleObjectTypeId: 1802 })).json()
      .body;
    const wrongPath = await call(app, tmca, { method: 'POST', url: PATHS.subformDelete('incidentAccident'), payload: [rec.subformId] });
    expect(wrongPath.statusCode).toBe(400);
    const del = await call(app, tmca, { method: 'POST', url: PATHS.subformDelete('incidentObstacle'), payload: [rec.subformId] });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().body).toEqual([rec.subformId]);
    const [row] = await app.ctx.db.select().from(incidentSubform).where(eq(incidentSubform.id, rec.subformId));
    expect(row.deletedAt).not.toBeNull();
    expect((await app.ctx.db.select().from(incident).where(eq(incident.id, id)))[0].subformId).toBeNull();
    expect((await call(app, tmca, { method: 'GET', url: PATHS.subformGet('incidentObstacle', rec.subformId) })).statusCode).toBe(404);
    expect((await call(app, tmca, { method: 'POST', url: PATHS.subformDelete('incidentObstacle'), payload: [rec.subformId] })).statusCode).toBe(404);
    // saving again after a delete makes a new live record
    const again = await saveSubformCall(app, tmca, 'incidentObstacle', { pkIncidentId: id, incidentTypeId: 186 });
    expect(again.statusCode).toBe(200);
    expect(again.json().body.subformId).not.toBe(rec.subformId);
    for (const bad of [[], ['x'], [0], {}]) {
      expect((await call(app, tmca, { method: 'POST', url: PATHS.subformDelete('incidentObstacle'), payload: bad })).statusCode).toBe(400);
    }
  });

  describe('bad input: a clear 4xx and nothing half-saved', () => {
    async function refused(token: string, pathWord: string, payload: Record<string, unknown>, status: number, field?: string, message?: RegExp) {
      const before = await snapshot(app);
      const res = await saveSubformCall(app, token, pathWord, payload);
      expect(res.statusCode, res.body).toBe(status);
      if (field) expect(res.json().body.field).toBe(field);
      if (message) expect(res.json().statusMsg).toMatch(message);
      expect(await snapshot(app)).toEqual(before);
    }

    it('a subform type that does not match the event type', async () => {
      const id = await newCase(184);
      // the breakdown path with the breakdown type on an accident case
      await refused(
        tmca,
        'incidentBreakdown',
        { pkIncidentId: id, incidentTypeId: 185 },
        400,
        'incidentTypeId',
        /tidak sepadan dengan jenis kejadian/,
      );
      // the accident path with another type id
      await refused(tmca, 'incidentAccident', { pkIncidentId: id, incidentTypeId: 185 }, 400, 'incidentTypeId');
      expect(await live(id)).toHaveLength(0);
    });

    it('remark over 500, missing or wrong-typed fields, lookup keys of another list', async () => {
      const id = await newCase(184);
      await refused(tmca, 'incidentAccident', { pkIncidentId: id, incidentTypeId: 184, remark: 'a'.repeat(501) }, 400, 'remark');
      await refused(tmca, 'incidentAccident', { incidentTypeId: 184 }, 400, 'pkIncidentId');
      await refused(tmca, 'incidentAccident', { pkIncidentId: id }, 400, 'incidentTypeId');
      await refused(tmca, 'incidentAccident', { pkIncidentId: id, incidentTypeId: 184, naFlagTrafficJam: 'ya' }, 400, 'naFlagTrafficJam');
      await refused(
        tmca,
        'incidentAccident',
        { pkIncidentId: id, incidentTypeId: 184, pkCasualTypeId: 2601 },
        400,
        'pkCasualTypeId',
        /Jenis kecederaan tidak sah/,
      );
      await refused(tmca, 'incidentAccident', { pkIncidentId: id, incidentTypeId: 184, pkAssistTypeId: 1601 }, 400, 'pkAssistTypeId');
      const hazard = await newCase(188);
      await refused(tmca, 'incidentRoadConditionHazard', { pkIncidentId: hazard, incidentTypeId: 188, pkHazardTypeId: 2601 }, 400, 'pkHazardTypeId');
      await refused(tmca, 'incidentRoadConditionHazard', { pkIncidentId: hazard, incidentTypeId: 188, pkAssistTypeId: 1902 }, 400, 'pkAssistTypeId');
      const others = await newCase(190);
      await refused(tmca, 'incidentOthers', { pkIncidentId: others, incidentTypeId: 190, pkOthersTypeId: 2401 }, 400, 'pkOthersTypeId');
      await refused(tmca, 'incidentOthers', { pkIncidentId: 9_999_999, incidentTypeId: 190 }, 404);
      // exactly 500 is fine
      const ok = await saveSubformCall(app, tmca, 'incidentAccident', { pkIncidentId: id, incidentTypeId: 184, remark: 'a'.repeat(500) });
      expect(ok.statusCode).toBe(200);
    });

    it('a patrol only on its own team’s case, and no case of another region', async () => {
      const id = await newCase(187);
      await refused(
        prMalam,
        'incidentStrayAnimal',
        { pkIncidentId: id, incidentTypeId: 187, pkStrayAnimalTypeId: 2601 },
        403,
        undefined,
        /tidak ditugaskan kepada pasukan anda/,
      );
      await refused(utara, 'incidentStrayAnimal', { pkIncidentId: id, incidentTypeId: 187 }, 403, undefined, /luar wilayah/);
      const mine = await saveSubformCall(app, pr, 'incidentStrayAnimal', { pkIncidentId: id, incidentTypeId: 187, pkStrayAnimalTypeId: 2602 });
      expect(mine.statusCode, mine.body).toBe(200);
      expect((await call(app, utara, { method: 'GET', url: PATHS.subformGet('incidentStrayAnimal', mine.json().body.subformId) })).statusCode).toBe(
        403,
      );
      expect(
        (await call(app, utara, { method: 'POST', url: PATHS.subformDelete('incidentStrayAnimal'), payload: [mine.json().body.subformId] }))
          .statusCode,
      ).toBe(403);
      expect((await call(app, utara, { method: 'GET', url: PATHS.incidentViewBySubform(mine.json().body.subformId) })).statusCode).toBe(403);
    });

    it('a closed case: only a superadmin changes the subform, and the change is a CORRECTION entry', async () => {
      const id = await newCase(189);
      const rec = (await saveSubformCall(app, tmca, 'incidentRoadFurniture', { pkIncidentId: id, incidentTypeId: 189, remark: 'pagar rosak' })).json()
        .body;
      for (const s of [STATUS.RECEIVED, STATUS.CASE_DONE])
        expect((await audit(app, pr, { incidentId: id, incidentStatusId: s })).statusCode).toBe(200);
      expect((await audit(app, tmca, { incidentId: id, incidentStatusId: STATUS.CLOSED })).statusCode).toBe(200);
      await refused(tmca, 'incidentRoadFurniture', { pkIncidentId: id, incidentTypeId: 189, remark: 'ubah' }, 409, undefined, /ditutup/);
      await refused(pr, 'incidentRoadFurniture', { pkIncidentId: id, incidentTypeId: 189, remark: 'ubah' }, 409);
      const before = await snapshot(app);
      expect(
        (await call(app, tmca, { method: 'POST', url: PATHS.subformDelete('incidentRoadFurniture'), payload: [rec.subformId] })).statusCode,
      ).toBe(409);
      expect(await snapshot(app)).toEqual(before);

      const fix = await saveSubformCall(app, superadmin, 'incidentRoadFurniture', {
        pkIncidentId: id,
        incidentTypeId: 189,
        remark: 'pagar besi rosak 20 meter',
      });
      expect(fix.statusCode, fix.body).toBe(200);
      const [entry] = await app.ctx.db
        .select()
        .from(journalEntry)
        .where(and(eq(journalEntry.incidentId, id), eq(journalEntry.kind, 'CORRECTION')));
      expect(entry.entry).toContain('Catatan: PAGAR ROSAK → PAGAR BESI ROSAK 20 METER');
    });
  });
});
