import { and, asc, count, eq, gt, isNotNull, lte, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { dutyRoster, gpsKmMarker, incident, section } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';
import { insertIncident as makeIncident } from './support/incident-fixtures';
import { now as clockNow } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;

interface Row {
  pkDutyRosterId: number;
  dutyRosterName: string;
  sectionId: number;
  sectionName: string;
  plateNumber: string | null;
  callSign: string | null;
  members: { pkStaffId: number; displayName: string; position: string }[];
  distanceKm: number | null;
  distanceBasis: string;
  positionAgeSeconds: number | null;
  busy: boolean;
  openCases: number;
}

/** not busy before busy, then distance (unknown last), then name */
function expectRanked(rows: Row[]) {
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1];
    const b = rows[i];
    const key = (r: Row) => [Number(r.busy), r.distanceKm ?? Infinity] as const;
    const [ab, ad] = key(a);
    const [bb, bd] = key(b);
    const ordered = ab < bb || (ab === bb && (ad < bd || (ad === bd && a.dutyRosterName.localeCompare(b.dutyRosterName) <= 0)));
    expect(ordered, `${a.dutyRosterName} before ${b.dutyRosterName}`).toBe(true);
  }
}

describe('active patrols: dutyroster/activePRList and nearestActivePR (§6, §7.5)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const reg: Record<string, number> = {};
  let tmcaStaff: number;
  const sid: Record<string, number> = {};

  const list = (who: string, payload: unknown, qs = 'length=100') =>
    call(app, tok[who], { method: 'POST', url: `${PATHS.activePrList}?${qs}`, payload: payload as object });
  const nearest = (who: string, payload: unknown, qs = 'length=100') =>
    call(app, tok[who], { method: 'POST', url: `${PATHS.nearestActivePr}?${qs}`, payload: payload as object });
  const rowsOf = (res: { json: () => { body: { rows: Row[] } } }) => res.json().body.rows;
  /** the rosters on shift now, straight from the table */
  const onShift = async (regionId?: number) => {
    const now = clockNow();
    const rows = await app.ctx.db
      .select({ id: dutyRoster.id, regionId: section.regionId })
      .from(dutyRoster)
      .innerJoin(section, eq(section.id, dutyRoster.sectionId))
      .where(and(lte(dutyRoster.startsAt, now), gt(dutyRoster.endsAt, now)));
    return rows
      .filter((r) => regionId === undefined || r.regionId === regionId)
      .map((r) => r.id)
      .sort((a, b) => a - b);
  };
  const markerOf = async (name: string, offset: number) => {
    const [m] = await app.ctx.db
      .select({ km: gpsKmMarker.km, latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
      .from(gpsKmMarker)
      .where(eq(gpsKmMarker.sectionId, sid[name]))
      .orderBy(asc(gpsKmMarker.km))
      .offset(offset)
      .limit(1);
    return { ...m, km: Math.round(m.km * 10) / 10 };
  };

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['tmca', 'tmcs', 'tmca.utara', 'opsmgmt', 'pr', 'tsta', 'sectmgr', 'others']) {
      const s = await login(app, u);
      tok[u] = s.token;
      reg[u] = s.user.section.region.key;
      if (u === 'tmca') tmcaStaff = s.user.pkStaffId;
    }
    for (const s of await app.ctx.db.select({ id: section.id, name: section.name }).from(section)) sid[s.name] = s.id;
  });
  afterAll(async () => app?.cleanup());

  it("activePRList: the rosters on shift now in the caller's region with team, vehicle and no distance", async () => {
    const res = await list('tmca', {});
    expect(res.statusCode).toBe(200);
    const rows = rowsOf(res);
    expect(rows.length).toBeGreaterThan(0);
    expect(res.json().body.recordCount).toBe(rows.length);
    expect(rows.map((r) => r.pkDutyRosterId).sort((a, b) => a - b)).toEqual(await onShift(reg.tmca));
    // open cases straight from the table (the demo data assigns some): status set and not 202/209/210/298
    const open = await app.ctx.db
      .select({ rosterId: incident.dutyRosterId, n: count() })
      .from(incident)
      .where(and(isNotNull(incident.dutyRosterId), isNotNull(incident.statusId), notInArray(incident.statusId, [202, 209, 210, 298])))
      .groupBy(incident.dutyRosterId);
    const openBy = new Map(open.map((o) => [o.rosterId, o.n]));
    for (const r of rows) {
      expect(r.members.length).toBeGreaterThan(0);
      expect(r.plateNumber).toBeTruthy();
      expect(r).toMatchObject({ distanceKm: null, distanceBasis: 'none', positionAgeSeconds: null });
      expect(r.openCases, r.dutyRosterName).toBe(openBy.get(r.pkDutyRosterId) ?? 0);
      expect(r.busy).toBe(r.openCases > 0);
    }
    expectRanked(rows);
  });

  it('from here on every patrol starts free: the demo cases are taken off their rosters', async () => {
    await app.ctx.db.update(incident).set({ dutyRosterId: null });
    const rows = rowsOf(await list('tmca', {}));
    expect(rows.every((r) => !r.busy && r.openCases === 0)).toBe(true);
    expect(rows.map((r) => r.dutyRosterName)).toEqual([...rows.map((r) => r.dutyRosterName)].sort((a, b) => a.localeCompare(b)));
  });

  it('activePRList by section: a section, and the combined group a part belongs to', async () => {
    const n9 = rowsOf(await list('tmca', { sectionId: sid.N9 }));
    expect(n9.length).toBeGreaterThan(0);
    expect(n9.every((r) => r.sectionId === sid.N9)).toBe(true);
    const part = rowsOf(await list('tmca.utara', { sectionId: sid.N1 }));
    expect(part.length).toBeGreaterThan(0);
    expect(part.every((r) => r.sectionName === 'N1+N2' || r.sectionName === 'N1')).toBe(true);
    const group = rowsOf(await list('tmca.utara', { sectionId: sid['N1+N2'] }));
    expect(group.map((r) => r.pkDutyRosterId).sort()).toEqual(part.map((r) => r.pkDutyRosterId).sort());
  });

  it('another region is 403 unless the caller sees all regions', async () => {
    expect((await list('tmca', { regionId: reg['tmca.utara'] })).statusCode).toBe(403);
    expect((await list('tmca', { sectionId: sid.N5 })).statusCode).toBe(403);
    expect((await nearest('tmca', { sectionId: sid.N5, kilometer: '100' })).statusCode).toBe(403);
    expect((await nearest('tmca.utara', { regionId: reg.tmca, latitude: 3.3, longitude: 101.55 })).statusCode).toBe(403);
    const utara = await list('opsmgmt', { regionId: reg['tmca.utara'] });
    expect(utara.statusCode).toBe(200);
    expect(
      rowsOf(utara)
        .map((r) => r.pkDutyRosterId)
        .sort((a, b) => a - b),
    ).toEqual(await onShift(reg['tmca.utara']));
    const everywhere = await list('opsmgmt', {}, 'length=1000');
    expect(
      rowsOf(everywhere)
        .map((r) => r.pkDutyRosterId)
        .sort((a, b) => a - b),
    ).toEqual(await onShift());
    // a national role asking near a section gets that section's region
    const near = await nearest('opsmgmt', { sectionId: sid.N9, kilometer: '400' });
    expect(
      rowsOf(near)
        .map((r) => r.pkDutyRosterId)
        .sort((a, b) => a - b),
    ).toEqual(await onShift(reg.tmca));
  });

  it('nearestActivePR by position: the patrol of the section comes first at 0 km, the rest by straight-line distance', async () => {
    const m = await markerOf('N9', 150);
    const res = await nearest('tmca', { latitude: m.latitude, longitude: m.longitude, direction: 1202 });
    expect(res.statusCode).toBe(200);
    const rows = rowsOf(res);
    expect(rows.map((r) => r.pkDutyRosterId).sort((a, b) => a - b)).toEqual(await onShift(reg.tmca));
    expect(rows[0].sectionId).toBe(sid.N9);
    for (const r of rows) {
      expect(r.distanceBasis).toBe('section');
      expect(r.distanceKm).toEqual(expect.any(Number));
      expect(Math.round(r.distanceKm! * 100) / 100).toBe(r.distanceKm);
      if (r.sectionId === sid.N9) expect(r.distanceKm).toBe(0);
      else expect(r.distanceKm!).toBeGreaterThan(0);
    }
    expectRanked(rows);

    // the same point by section and kilometre (the km marker)
    const byKm = rowsOf(await nearest('tmca', { sectionId: sid.N9, kilometer: `KM ${m.km}` }));
    expect(byKm.map((r) => [r.pkDutyRosterId, r.distanceKm])).toEqual(rows.map((r) => [r.pkDutyRosterId, r.distanceKm]));

    // a point on S1 puts the S1 patrol first
    const s1 = await markerOf('S1', 30);
    const nearS1 = rowsOf(await nearest('tmcs', { latitude: s1.latitude, longitude: s1.longitude }));
    expect(nearS1[0].sectionName).toBe('S1');
    expect(nearS1[0].distanceKm).toBe(0);

    // a kilometre off the section gives no point: no distances, ranked by name
    const off = rowsOf(await nearest('tmca', { sectionId: sid.N9, kilometer: '99999' }));
    expect(off.every((r) => r.distanceKm === null && r.distanceBasis === 'none')).toBe(true);
    expectRanked(off);
  });

  it('busy patrols (an open case assigned) rank after free ones; done, negative, closed, cancelled and status-less cases do not count', async () => {
    const m = await markerOf('N9', 150);
    const before = rowsOf(await nearest('tmca', { latitude: m.latitude, longitude: m.longitude }));
    const first = before[0];
    const second = before[1];
    await makeIncident(app, { section: 'N9', staffId: tmcaStaff, rosterId: first.pkDutyRosterId, statusId: 203 });
    await makeIncident(app, { section: 'N9', staffId: tmcaStaff, rosterId: first.pkDutyRosterId, statusId: 206 });
    for (const statusId of [298, 209, 210, 202, null]) {
      await makeIncident(app, { section: 'N9', staffId: tmcaStaff, rosterId: second.pkDutyRosterId, statusId });
    }
    const after = rowsOf(await nearest('tmca', { latitude: m.latitude, longitude: m.longitude }));
    const busy = after.find((r) => r.pkDutyRosterId === first.pkDutyRosterId)!;
    expect(busy).toMatchObject({ busy: true, openCases: 2, distanceKm: 0 });
    // the busy patrol, though on the spot, now comes after every free one
    expect(after.at(-1)!.pkDutyRosterId).toBe(first.pkDutyRosterId);
    expect(first.distanceKm).toBe(0);
    expect(after.find((r) => r.pkDutyRosterId === second.pkDutyRosterId)).toMatchObject({ busy: false, openCases: 0 });
    expectRanked(after);
    const listed = rowsOf(await list('tmca', {}));
    expect(listed.at(-1)).toMatchObject({ pkDutyRosterId: first.pkDutyRosterId, busy: true });
  });

  it('pages by the query string', async () => {
    const all = rowsOf(await nearest('tmca', { sectionId: sid.N9, kilometer: '400' }));
    const p = await nearest('tmca', { sectionId: sid.N9, kilometer: '400' }, 'length=2&start=1');
    expect(p.json().body).toMatchObject({ recordCount: all.length, page: 0, size: 2 });
    expect(rowsOf(p).map((r) => r.pkDutyRosterId)).toEqual(all.slice(1, 3).map((r) => r.pkDutyRosterId));
  });

  it('who may ask: new-case, edit-case and map roles; bad input 400; unknown section 404', async () => {
    expect((await list('pr', {})).statusCode).toBe(403);
    expect((await nearest('others', {})).statusCode).toBe(403);
    expect((await list('tsta', {})).statusCode).toBe(200);
    expect((await nearest('sectmgr', { sectionId: sid.N9, kilometer: '400' })).statusCode).toBe(200);
    expect((await call(app, null, { method: 'POST', url: PATHS.activePrList, payload: {} })).statusCode).toBe(401);
    for (const payload of [{ latitude: 100, longitude: 101 }, { longitude: 'x' }, { sectionId: -1 }, { kilometer: '1'.repeat(21) }]) {
      expect((await nearest('tmca', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await list('tmca', {}, 'length=0')).statusCode).toBe(400);
    expect((await nearest('tmca', { sectionId: 9999 })).statusCode).toBe(404);
  });
});
