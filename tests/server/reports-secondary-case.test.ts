/**
 * The secondary-crash flag of one case (issue #17: "flagged on both cases"): GET
 * IncidentAndResponseTimeReport/secondaryCrash/case/{id} on a hand-made fixture in April 2017 (no other data uses it,
 * section N9): the primary lists its secondaries, the secondary its primary (the nearest in time when several
 * qualify, as the period report lists it), an unrelated case nothing; the answer agrees with the period report; and
 * the case's own access rule (no token 401, another region 403, a role without case access 403, unknown 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSecondary, SecondaryAnswer } from '../../contract/reports';
import { REPORT_PATHS } from '../../contract/reports';
import { buildTestApp, call, login } from './support/build';
import { insertCase } from './support/report-fixtures';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const N = 1201; // Arah Utara: the kilometre grows along it
const APRIL = { dateFrom: '2017-04-01', dateTo: '2017-04-30' };

describe('secondary-crash flag of one case (issue #17)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const ids: Record<string, { id: number; ticket: string }> = {};

  const get = (who: string | null, id: number) => call(app, who ? tok[who] : null, { method: 'GET', url: REPORT_PATHS.incidentSecondaryCase(id) });
  const flag = async (who: string, id: number): Promise<CaseSecondary> => {
    const res = await get(who, id);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as CaseSecondary;
  };
  const pairsOf = (list: CaseSecondary['asPrimary']) => list.map((p) => [p.primary.id, p.secondary.id, p.minutesAfter, p.kmUpstream]);

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['opsmgmt', 'tmca', 'tmca.utara', 'others']) tok[u] = (await login(app, u)).token;
    // P: a breakdown at KM 100 northbound, assistance done 90 min later
    ids.P = await insertCase(app, { at: '2017-04-10 10:00', category: 185, status: 210, km: 100, direction: N, assistanceDone: 90 });
    // S: an accident 20 min later, 1.5 km behind it: a secondary of P (clears a minute later, so never a primary)
    ids.S = await insertCase(app, { at: '2017-04-10 10:20', category: 184, status: 210, km: 98.5, direction: N, assistanceDone: 1 });
    // Q: another breakdown at 10:30, KM 99.8
    ids.Q = await insertCase(app, { at: '2017-04-10 10:30', category: 185, status: 210, km: 99.8, direction: N, assistanceDone: 60 });
    // T: an accident at 10:40, KM 99.2: behind P (40 min, 0.8 km) and behind Q (10 min, 0.6 km): listed with Q, the nearest in time
    ids.T = await insertCase(app, { at: '2017-04-10 10:40', category: 184, status: 210, km: 99.2, direction: N, assistanceDone: 1 });
    // U: an accident of another day, far away: no pair
    ids.U = await insertCase(app, { at: '2017-04-12 09:00', category: 184, status: 210, km: 50, direction: N, assistanceDone: 5 });
  }, 120_000);

  afterAll(async () => {
    await app?.cleanup();
  });

  it('flags the primary with its secondaries and the secondary with its primary', async () => {
    const p = await flag('opsmgmt', ids.P.id);
    expect(p.caseId).toBe(ids.P.id);
    expect(p.asSecondary).toEqual([]);
    expect(pairsOf(p.asPrimary)).toEqual([[ids.P.id, ids.S.id, 20, 1.5]]);
    expect(p.asPrimary[0].secondary).toMatchObject({
      ticketNumber: ids.S.ticket,
      categoryLabel: 'Kemalangan',
      sectionName: 'N9',
      km: 98.5,
      directionLabel: 'Arah Utara',
    });
    expect(p.asPrimary[0].primary).toMatchObject({ ticketNumber: ids.P.ticket, km: 100 });

    const s = await flag('opsmgmt', ids.S.id);
    expect(s.asPrimary).toEqual([]);
    expect(pairsOf(s.asSecondary)).toEqual([[ids.P.id, ids.S.id, 20, 1.5]]);
    expect(s.asSecondary[0].primary.ticketNumber).toBe(ids.P.ticket);
  });

  it('pairs a secondary with several possible primaries with the nearest in time only', async () => {
    expect(pairsOf((await flag('opsmgmt', ids.T.id)).asSecondary)).toEqual([[ids.Q.id, ids.T.id, 10, 0.6]]);
    const q = await flag('opsmgmt', ids.Q.id);
    expect([pairsOf(q.asPrimary), q.asSecondary]).toEqual([[[ids.Q.id, ids.T.id, 10, 0.6]], []]);
    // P is not T's primary: T is listed once, with Q
    expect((await flag('opsmgmt', ids.P.id)).asPrimary.map((x) => x.secondary.id)).toEqual([ids.S.id]);
  });

  it('gives an unrelated case empty lists', async () => {
    expect(await flag('opsmgmt', ids.U.id)).toEqual({ caseId: ids.U.id, asSecondary: [], asPrimary: [] });
  });

  it('agrees with the period report, also for a user limited to the region', async () => {
    const period = (await call(app, tok.opsmgmt, { method: 'POST', url: REPORT_PATHS.incidentSecondary, payload: APRIL })).json()
      .body as SecondaryAnswer;
    expect(period.items.map((x) => [x.primary.id, x.secondary.id]).sort()).toEqual(
      [
        [ids.P.id, ids.S.id],
        [ids.Q.id, ids.T.id],
      ].sort(),
    );
    for (const pair of period.items) {
      expect((await flag('opsmgmt', pair.primary.id)).asPrimary).toContainEqual(pair);
      expect((await flag('opsmgmt', pair.secondary.id)).asSecondary).toEqual([pair]);
    }
    // TMCA of the case's region reads the case: the same flags
    expect(await flag('tmca', ids.P.id)).toEqual(await flag('opsmgmt', ids.P.id));
    expect(await flag('tmca', ids.T.id)).toEqual(await flag('opsmgmt', ids.T.id));
  });

  it('is refused as the case is: no token 401, another region 403, no case access 403, unknown case 404', async () => {
    expect((await get(null, ids.P.id)).statusCode).toBe(401);
    const other = await get('tmca.utara', ids.P.id);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ statusCode: 403, statusMsg: 'Kes ini di luar wilayah anda.' });
    expect((await get('others', ids.P.id)).statusCode).toBe(403);
    const unknown = await get('opsmgmt', 99_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, statusMsg: 'Kes tidak dijumpai.' });
    expect((await call(app, tok.opsmgmt, { method: 'GET', url: REPORT_PATHS.incidentSecondaryCase(0) })).statusCode).toBe(400);
  });
});
