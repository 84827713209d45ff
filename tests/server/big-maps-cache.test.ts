/**
 * bigMaps/getIncidentAndActivePR from its cache (issue #18 item 2; server/modules/maps/big-maps-cache.ts): the
 * serialised answer per scope with an ETag, 304 to If-None-Match, gzip/brotli of the same bytes; never another
 * region's answer; a new case, a status change, a position fix, a roster or member change on the very next request.
 */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { dutyRoster, dutyRosterMember, gpsKmMarker, incident, section, staff } from '../../server/db/schema';
import { bigMaps } from '../../server/modules/maps/big-maps';
import { BigMapsCache, negotiateEncoding, scopeKey, SNAPSHOT_MAX_AGE_MS } from '../../server/modules/maps/big-maps-cache';
import { buildTestApp, call, login } from './support/build';
import { demoPatrolOnShift, newCasePayload, saveCase } from './support/incident-fixtures';
import { now as clockNow, nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;
interface MapBody {
  incidents: { incidentId: number; incidentStatusId: number | null; section: string }[];
  activePR: {
    pkDutyRosterId: number;
    latlng: [number, number] | null;
    location: { lastSeen: string } | null;
    busy: boolean;
    plateNumber: string | null;
    members: { pkStaffId: number; displayName: string }[];
    stale: boolean;
  }[];
  serverTime: string;
}

describe('bigMaps cache (issue #18)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const reg: Record<string, number> = {};
  let roster: { id: number; sectionId: number; teamId: number };
  let prOn: string;

  const map = (who: string, payload: object = {}, headers: Record<string, string> = {}) =>
    call(app, tok[who], { method: 'POST', url: PATHS.bigMaps, payload, headers });
  const bodyOf = (res: { json: () => unknown }) => (res.json() as { body: MapBody }).body;
  const openIdsOfRegion = async (regionId: number) =>
    new Set(
      (
        await app.ctx.db
          .select({ id: incident.id })
          .from(incident)
          .where(and(eq(incident.regionId, regionId), sql`(${incident.statusId} IS NULL OR ${incident.statusId} NOT IN (202, 210))`))
      ).map((r) => r.id),
    );

  beforeAll(async () => {
    app = await buildTestApp({
      positions: { staleSeconds: 300, historyDays: 90, pruneEveryHours: 0, shiftGraceMinutes: 15, integrationTimeoutMs: 30_000 },
    });
    for (const u of ['tmca', 'tmca.utara', 'opsmgmt', 'pr', 'pr.malam']) {
      const s = await login(app, u);
      tok[u] = s.token;
      reg[u] = s.user.section.region.key;
    }
    expect(reg.tmca).not.toBe(reg['tmca.utara']);
    // the demo patrol on shift now and its roster (given a window with room on both sides, whatever the time of day)
    const r = await demoPatrolOnShift(app);
    roster = r;
    prOn = r.username;
    await app.ctx.db
      .update(dutyRoster)
      .set({ startsAt: new Date(nowMs() - 3600_000), endsAt: new Date(nowMs() + 2 * 3600_000) })
      .where(eq(dutyRoster.id, roster.id));
  });
  afterAll(async () => app?.cleanup());

  it('the cached answer is the one bigMaps builds: same cases and patrols, as JSON; ETag; 304 to If-None-Match', async () => {
    const first = await map('tmca');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const body = bodyOf(first);
    const direct = await bigMaps(app.ctx.db, { regionId: reg.tmca }, 300, new Date(body.serverTime));
    expect(body.incidents).toEqual(JSON.parse(JSON.stringify(direct.incidents)));
    expect(body.activePR).toEqual(JSON.parse(JSON.stringify(direct.activePR)));
    expect(body.incidents.length).toBeGreaterThan(0);

    // unchanged: the very same bytes, and 304 with no body to a matching If-None-Match (weak or strong form, in a list)
    const again = await map('tmca');
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const notModified = await map('tmca', {}, { 'if-none-match': `"other", ${etag}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect((await map('tmca', {}, { 'if-none-match': etag.slice(2) })).statusCode).toBe(304);
    // a stale tag gets the full answer
    const stale = await map('tmca', {}, { 'if-none-match': 'W/"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('gzip and brotli of the same bytes, as the client accepts; none for identity or q=0', async () => {
    const plain = await map('tmca');
    const gz = await map('tmca', {}, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const br = await map('tmca', {}, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect((await map('tmca', {}, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    expect(negotiateEncoding('br;q=0, *;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding('gzip', true)).toBe('identity');
  });

  it('two users of different regions never get each other’s cached answer, ETag or 304', async () => {
    const a = await map('tmca');
    const b = await map('tmca.utara');
    const a2 = await map('tmca');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.headers.etag).not.toBe(b.headers.etag);
    const mineA = await openIdsOfRegion(reg.tmca);
    const mineB = await openIdsOfRegion(reg['tmca.utara']);
    expect(bodyOf(a).incidents.every((i) => mineA.has(i.incidentId))).toBe(true);
    expect(bodyOf(b).incidents.every((i) => mineB.has(i.incidentId))).toBe(true);
    expect(bodyOf(b).incidents.length).toBeGreaterThan(0);
    expect(a2.body).toBe(a.body);
    // the other region's tag is no tag of mine: the full answer of my region, never a 304
    const cross = await map('tmca.utara', {}, { 'if-none-match': a.headers.etag as string });
    expect(cross.statusCode).toBe(200);
    expect(cross.body).toBe(b.body);
    // a user who sees every region, asking for each, gets each region's own answer (the same bytes as its users')
    const nat = await map('opsmgmt', { regionId: reg['tmca.utara'] });
    expect(bodyOf(nat).incidents.map((i) => i.incidentId)).toEqual(bodyOf(b).incidents.map((i) => i.incidentId));
    const natA = await map('opsmgmt', { regionId: reg.tmca });
    expect(bodyOf(natA).incidents.map((i) => i.incidentId)).toEqual(bodyOf(a).incidents.map((i) => i.incidentId));
    // …and another region asked by a regional user is still refused, cached or not
    expect((await map('tmca', { regionId: reg['tmca.utara'] })).statusCode).toBe(403);
    // a section filter is a scope of its own
    const [n9] = await app.ctx.db.select().from(section).where(eq(section.name, 'N9'));
    const bySection = await map('tmca', { sectionId: n9.id });
    expect(bySection.headers.etag).not.toBe(a.headers.etag);
    expect(new Set(bodyOf(bySection).incidents.map((i) => i.section))).toEqual(new Set(['N9']));
    expect(scopeKey({ regionId: 1 })).not.toBe(scopeKey({ regionId: 1, sectionIds: [3] }));
    expect(scopeKey({ sectionIds: [3, 1] })).toBe(scopeKey({ sectionIds: [1, 3] }));
  });

  it('a new case (incident/save) shows on the very next request: 200 with a new ETag after a 304', async () => {
    const before = await map('tmca');
    const etag = before.headers.etag as string;
    expect((await map('tmca', {}, { 'if-none-match': etag })).statusCode).toBe(304);
    const created = await saveCase(app, tok.tmca, await newCasePayload(app));
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { body: { pkIncidentId: number } }).body.pkIncidentId;
    const after = await map('tmca', {}, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(bodyOf(after).incidents[0].incidentId).toBe(id);
    // the other region's answer does not carry it
    expect(bodyOf(await map('tmca.utara')).incidents.some((i) => i.incidentId === id)).toBe(false);
  });

  it('a status change shows on the very next request: to Tutup it leaves the map, to another status it changes', async () => {
    const before = bodyOf(await map('tmca'));
    const target = before.incidents[1];
    await app.ctx.db
      .update(incident)
      .set({ statusId: 204 === target.incidentStatusId ? 206 : 204 })
      .where(eq(incident.id, target.incidentId));
    const changed = bodyOf(await map('tmca')).incidents.find((i) => i.incidentId === target.incidentId)!;
    expect(changed.incidentStatusId).toBe(204 === target.incidentStatusId ? 206 : 204);
    await app.ctx.db.update(incident).set({ statusId: 210 }).where(eq(incident.id, target.incidentId));
    expect(bodyOf(await map('tmca')).incidents.some((i) => i.incidentId === target.incidentId)).toBe(false);
  });

  it('a position fix (rondaGps/save), a case assigned to the patrol and a roster change show on the very next request', async () => {
    const first = await map('tmca');
    const etag = first.headers.etag as string;
    const mine = () => bodyOf(first).activePR.find((r) => r.pkDutyRosterId === roster.id);
    expect(mine()).toBeDefined();
    const [m] = await app.ctx.db
      .select({ latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
      .from(gpsKmMarker)
      .where(eq(gpsKmMarker.sectionId, roster.sectionId))
      .orderBy(asc(gpsKmMarker.km))
      .offset(77)
      .limit(1);
    const saved = await call(app, tok[prOn], {
      method: 'POST',
      url: PATHS.rondaGpsSave,
      payload: {
        pkDutyRosterId: roster.id,
        positions: [{ latitude: m.latitude, longitude: m.longitude, recordedAt: new Date(nowMs() - 1000).toISOString() }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const moved = await map('tmca', {}, { 'if-none-match': etag });
    expect(moved.statusCode).toBe(200);
    const row = bodyOf(moved).activePR.find((r) => r.pkDutyRosterId === roster.id)!;
    expect(row.latlng).toEqual([m.latitude, m.longitude]);
    // the case part was not rebuilt for a position: the same incidents, byte for byte
    expect(JSON.stringify(bodyOf(moved).incidents)).toBe(JSON.stringify(bodyOf(first).incidents));

    // free once its open cases are unassigned; busy when a case is assigned to it, each on the next request
    await app.ctx.db.update(incident).set({ dutyRosterId: null }).where(eq(incident.dutyRosterId, roster.id));
    expect(bodyOf(await map('tmca')).activePR.find((r) => r.pkDutyRosterId === roster.id)!.busy).toBe(false);
    const [free] = await app.ctx.db
      .select({ id: incident.id })
      .from(incident)
      .where(and(eq(incident.regionId, reg.tmca), sql`${incident.dutyRosterId} is distinct from ${roster.id}`, eq(incident.statusId, 203)))
      .limit(1);
    await app.ctx.db.update(incident).set({ dutyRosterId: roster.id }).where(eq(incident.id, free.id));
    expect(bodyOf(await map('tmca')).activePR.find((r) => r.pkDutyRosterId === roster.id)!.busy).toBe(true);

    // a member row added to the roster (dutyroster/save writes these): the member shows
    const [someone] = await app.ctx.db
      .select({ id: staff.id, name: staff.displayName })
      .from(staff)
      .where(sql`${staff.id} not in (select staff_id from team_member where team_id = ${roster.teamId})`)
      .limit(1);
    const people = bodyOf(await map('tmca')).activePR.find((r) => r.pkDutyRosterId === roster.id)!.members;
    await app.ctx.db
      .insert(dutyRosterMember)
      .values([...people.map((p) => ({ dutyRosterId: roster.id, staffId: p.pkStaffId })), { dutyRosterId: roster.id, staffId: someone.id }]);
    const withMember = bodyOf(await map('tmca')).activePR.find((r) => r.pkDutyRosterId === roster.id)!;
    expect(withMember.members.map((p) => p.pkStaffId)).toContain(someone.id);

    // the roster's shift ended early: it leaves the map on the next request
    await app.ctx.db
      .update(dutyRoster)
      .set({ endsAt: new Date(nowMs() - 1000) })
      .where(eq(dutyRoster.id, roster.id));
    expect(bodyOf(await map('tmca')).activePR.some((r) => r.pkDutyRosterId === roster.id)).toBe(false);
    await app.ctx.db
      .update(dutyRoster)
      .set({ endsAt: new Date(nowMs() + 2 * 3600_000) })
      .where(eq(dutyRoster.id, roster.id));
    expect(bodyOf(await map('tmca')).activePR.some((r) => r.pkDutyRosterId === roster.id)).toBe(true);
  });

  it('a snapshot lasts while nothing changes, and no longer than its first fresh position stays fresh', async () => {
    const cache = new BigMapsCache(app.ctx.db, 300);
    const scope = { regionId: reg.tmca };
    const t0 = clockNow();
    const a = await cache.answer(scope, t0);
    const b = await cache.answer(scope, new Date(t0.getTime() + 1000));
    expect(b).toBe(a);
    expect(cache.stats).toMatchObject({ builds: 1, hits: 1, caseBuilds: 1 });
    const body = JSON.parse(a.body.toString()).body as MapBody;
    const fresh = body.activePR.filter((r) => r.latlng && !r.stale);
    expect(fresh.length).toBeGreaterThan(0);
    expect(a.expiresAt).toBeLessThanOrEqual(t0.getTime() + SNAPSHOT_MAX_AGE_MS);
    // past the stale limit of the oldest fresh position: a new snapshot (the cases' JSON reused), that patrol now stale
    const later = new Date(Math.min(...fresh.map((r) => Date.parse(r.location!.lastSeen))) + 301_000);
    const c = await cache.answer(scope, later);
    expect(c).not.toBe(a);
    expect(cache.stats).toMatchObject({ builds: 2, caseBuilds: 1 });
    const cBody = JSON.parse(c.body.toString()).body as MapBody;
    expect(cBody.serverTime).toBe(later.toISOString());
    expect(cBody.activePR.filter((r) => r.latlng && !r.stale).length).toBeLessThan(fresh.length);
  });
});
