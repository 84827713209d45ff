// @both-databases: transactions and locks: one connection (PGlite) against a pool (node-postgres) (scripts/test.mjs runs this file on PGlite and on PostgreSQL)
/**
 * Offline sync, server side (#4): optimistic concurrency with the current record in the 409, server-owned fields
 * refused on incident/save, status races on incidentAudit/save, and ETags on the read data the PWA caches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../contract/lookups';
import { PATHS } from '../../contract/paths';
import { buildTestApp, call, login } from './support/build';
import { audit, newCasePayload, saveCase, saveSubformCall, sectionByName, snapshot } from './support/incident-fixtures';

describe('optimistic concurrency, server-owned fields, ETags', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let tmca: string;
  let tmcs: string;
  let pr: string;

  beforeAll(async () => {
    app = await buildTestApp();
    tmca = (await login(app, 'tmca')).token;
    tmcs = (await login(app, 'tmcs')).token;
    pr = (await login(app, 'pr')).token;
  });
  afterAll(async () => app?.cleanup());

  async function createCase() {
    const payload = await newCasePayload(app);
    const res = await saveCase(app, tmca, payload);
    expect(res.statusCode, res.body).toBe(200);
    return { payload, saved: res.json().body as { pkIncidentId: number; version: number } };
  }

  // ------------------------------------------------------------------------------------------------ 409 + current

  it('a stale version on incident/save answers 409 with the current case (the incident/get shape) and changes nothing', async () => {
    const { payload, saved } = await createCase();
    const id = saved.pkIncidentId;
    const edit = await saveCase(app, tmcs, { ...payload, pkIncidentId: id, version: 0, kilometerMarker: `${payload.kilometerMarker}5` });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().body.version).toBe(1);

    const before = await snapshot(app);
    const stale = await saveCase(app, tmca, { ...payload, pkIncidentId: id, version: 0 });
    expect(stale.statusCode).toBe(409);
    const env = stale.json();
    expect(env.body.errorCode).toBe('CONFLICT');
    expect(env.statusMsg).toMatch(/dikemaskini oleh pengguna lain/);
    const current = (await call(app, tmca, { method: 'GET', url: PATHS.incidentGet(id) })).json().body;
    expect(env.body.current).toEqual(current);
    expect(env.body.current).toMatchObject({ pkIncidentId: id, version: 1, kilometerMarker: `${payload.kilometerMarker}5` });
    expect(await snapshot(app)).toEqual(before);
  });

  it('two editors saving from the same version at once: one wins, the other gets 409 with the winner in current', async () => {
    const { payload, saved } = await createCase();
    const id = saved.pkIncidentId;
    const [a, b] = await Promise.all([
      saveCase(app, tmca, { ...payload, pkIncidentId: id, version: 0, kilometerMarker: `${payload.kilometerMarker}1` }),
      saveCase(app, tmcs, { ...payload, pkIncidentId: id, version: 0, kilometerMarker: `${payload.kilometerMarker}2` }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(lost.json().body.current).toMatchObject({ pkIncidentId: id, version: won.json().body.version });
  });

  it('a stale subform version answers 409 with the current subform (the subform get shape)', async () => {
    const { saved } = await createCase();
    const id = saved.pkIncidentId;
    const first = await saveSubformCall(app, tmca, 'incidentAccident', { pkIncidentId: id, incidentTypeId: 184, pkCasualTypeId: 1603 });
    expect(first.statusCode, first.body).toBe(200);
    const sub = first.json().body;
    const second = await saveSubformCall(app, tmcs, 'incidentAccident', {
      pkIncidentId: id,
      incidentTypeId: 184,
      pkIncidentAccidentId: sub.subformId,
      version: sub.version,
      remark: 'dikemaskini',
    });
    expect(second.statusCode, second.body).toBe(200);
    const stale = await saveSubformCall(app, tmca, 'incidentAccident', {
      pkIncidentId: id,
      incidentTypeId: 184,
      pkIncidentAccidentId: sub.subformId,
      version: sub.version,
      remark: 'lama',
    });
    expect(stale.statusCode).toBe(409);
    const current = (await call(app, tmca, { method: 'GET', url: PATHS.subformGet('incidentAccident', sub.subformId) })).json().body;
    expect(stale.json().body.current).toEqual(current);
    expect(stale.json().body.current).toMatchObject({ pkIncidentAccidentId: sub.subformId, version: sub.version + 1, remark: 'DIKEMASKINI' });
  });

  it('incidentAudit/save: two patrol steps racing on one case lock the row; one is written, the other 409 with the current case', async () => {
    const { saved } = await createCase();
    const id = saved.pkIncidentId;
    const before = await snapshot(app);
    const [a, b] = await Promise.all([
      audit(app, pr, { incidentId: id, incidentStatusId: STATUS.RECEIVED }),
      audit(app, pr, { incidentId: id, incidentStatusId: STATUS.RECEIVED }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const after = await snapshot(app);
    expect(after.incident_audit).toBe((before.incident_audit as number) + 1);
    // the refused one carries the case as it is now
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    const current = (await call(app, tmca, { method: 'GET', url: PATHS.incidentGet(id) })).json().body;
    expect(lost.json().body.current).toEqual(current);
    expect(lost.json().body.current).toMatchObject({ incidentStatusId: STATUS.RECEIVED, version: won.json().body.version });
  });

  // ------------------------------------------------------------------------------------------------ server-owned fields

  it('incident/save refuses server-owned or unknown fields with 400 naming the field', async () => {
    const { payload, saved } = await createCase();
    const before = await snapshot(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ createdBy: { pkStaffId: 1 } }, 'createdBy'],
      [{ createdByStaffId: 1 }, 'createdByStaffId'],
      [{ incidentStatusId: STATUS.CLOSED }, 'incidentStatusId'],
      [{ statusId: STATUS.CLOSED }, 'statusId'],
      [{ ticketNumber: 'N9-20200101-0001' }, 'ticketNumber'],
      [{ createdDate: '2020-01-01T00:00:00Z' }, 'createdDate'],
      [{ regionId: 1 }, 'regionId'],
    ];
    for (const [extra, field] of cases) {
      for (const body of [
        { ...payload, ...extra },
        { ...payload, pkIncidentId: saved.pkIncidentId, ...extra },
      ]) {
        const res = await saveCase(app, tmca, body);
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json().body).toMatchObject({ errorCode: 'VALIDATION', field });
        expect(res.json().statusMsg).toContain(field);
      }
    }
    expect(await snapshot(app)).toEqual(before);
  });

  // ------------------------------------------------------------------------------------------------ ETags

  it('cached read data answers a weak ETag of its body and 304 without a body to a matching If-None-Match', async () => {
    const n9 = await sectionByName(app, 'N9');
    const reads: { method: 'GET' | 'POST'; url: string; payload?: object; token: string | null }[] = [
      { method: 'POST', url: PATHS.lookup('incidentStatus'), token: null },
      { method: 'POST', url: `${PATHS.sectionDataTables}?length=100`, payload: {}, token: tmca },
      { method: 'GET', url: PATHS.eventLocationsBySection(n9.id), token: tmca },
      { method: 'POST', url: `${PATHS.dutyRosterDataTables}?length=50`, payload: {}, token: tmca },
    ];
    for (const r of reads) {
      const first = await call(app, r.token, { method: r.method, url: r.url, payload: r.payload });
      expect(first.statusCode, r.url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, r.url).toMatch(/^W\/"[0-9a-f]{40}"$/);
      expect(first.headers['cache-control']).toBe('no-store');
      const again = await call(app, r.token, { method: r.method, url: r.url, payload: r.payload, headers: { 'if-none-match': etag } });
      expect(again.statusCode, r.url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-store');
      // a list of tags, or the strong form of the same tag, matches too (weak comparison)
      const listed = await call(app, r.token, {
        method: r.method,
        url: r.url,
        payload: r.payload,
        headers: { 'if-none-match': `W/"0000", ${etag.slice(2)}` },
      });
      expect(listed.statusCode, r.url).toBe(304);
      const other = await call(app, r.token, { method: r.method, url: r.url, payload: r.payload, headers: { 'if-none-match': 'W/"0000"' } });
      expect(other.statusCode, r.url).toBe(200);
      expect(other.json().body).toEqual(first.json().body);
    }
    // writes and errors carry none
    const refused = await call(app, tmca, { method: 'POST', url: PATHS.lookup('tiadaSenarai') });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.etag).toBeUndefined();
    const write = await saveCase(app, tmca, await newCasePayload(app));
    expect(write.headers.etag).toBeUndefined();
  });

  it('the ETag changes when the data does', async () => {
    const url = `${PATHS.dutyRosterDataTables}?length=5`;
    const a = await call(app, tmca, { method: 'POST', url, payload: {} });
    const b = await call(app, tmca, { method: 'POST', url: `${PATHS.dutyRosterDataTables}?length=6`, payload: {} });
    expect(a.headers.etag).not.toBe(b.headers.etag);
    const stale = await call(app, tmca, {
      method: 'POST',
      url: `${PATHS.dutyRosterDataTables}?length=6`,
      payload: {},
      headers: { 'if-none-match': a.headers.etag as string },
    });
    expect(stale.statusCode).toBe(200);
  });
});
