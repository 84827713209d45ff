import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import type { SectionKmMarkers } from '../../contract/incidents';
import { nearestKmMarker } from '../../contract/incident-rules';
import { gpsKmMarker, section } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';

type App = Awaited<ReturnType<typeof buildTestApp>>;

describe('kilometre check: GpsKmMarker/getLocationGpsCoordinates (§5, §7.3)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const sectionId: Record<string, number> = {};
  /** a marker in the middle of N9 */
  let marker: { km: number; latitude: number; longitude: number };

  const check = (who: string, payload: unknown) => call(app, tok[who], { method: 'POST', url: PATHS.kmLocation, payload: payload as object });
  const markerOf = async (name: string, offset: number) => {
    const [m] = await app.ctx.db
      .select({ km: gpsKmMarker.km, latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
      .from(gpsKmMarker)
      .where(eq(gpsKmMarker.sectionId, sectionId[name]))
      .orderBy(asc(gpsKmMarker.km))
      .offset(offset)
      .limit(1);
    return { ...m, km: Math.round(m.km * 10) / 10 };
  };

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['tmca', 'tmca.utara', 'opsmgmt', 'pr', 'sectmgr', 'tsta']) tok[u] = (await login(app, u)).token;
    for (const s of await app.ctx.db.select({ id: section.id, name: section.name }).from(section)) sectionId[s.name] = s.id;
    marker = await markerOf('N9', 150);
  });
  afterAll(async () => app?.cleanup());

  it('a kilometre on the section matches the nearest marker and takes its coordinates', async () => {
    const res = await check('tmca', { sectionId: sectionId.N9, kmLocation: marker.km.toFixed(1) });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual({
      matched: true,
      latitude: marker.latitude,
      longtitude: marker.longitude,
      km: marker.km,
      sectionId: sectionId.N9,
      sectionName: 'N9',
    });
  });

  it('the first number of the text counts, with a comma or a dot; the nearest marker within 100 m wins', async () => {
    const next = await markerOf('N9', 151);
    const texts = [
      `KM ${marker.km.toFixed(1).replace('.', ',')}`,
      `km${marker.km.toFixed(1)} arah 2`,
      `${(marker.km + 0.03).toFixed(2)}`,
      `KM ${(next.km - 0.04).toFixed(2)}`,
    ];
    const expected = [marker.km, marker.km, marker.km, next.km];
    for (const [i, kmLocation] of texts.entries()) {
      const res = await check('sectmgr', { sectionId: sectionId.N9, kmLocation });
      expect(res.statusCode, kmLocation).toBe(200);
      expect(res.json().body, kmLocation).toMatchObject({ matched: true, km: expected[i] });
    }
  });

  it('no marker within the bound is matched=false (200, not an error); a wider bound matches', async () => {
    const [range] = await app.ctx.db
      .select({ max: sql<number>`max(${gpsKmMarker.km})` })
      .from(gpsKmMarker)
      .where(eq(gpsKmMarker.sectionId, sectionId.N9));
    const beyond = await check('tmca', { sectionId: sectionId.N9, kmLocation: `KM ${Math.round(range.max + 5)}` });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json().body).toEqual({ matched: false, latitude: null, longtitude: null, km: null, sectionId: sectionId.N9, sectionName: 'N9' });
    expect(beyond.json().statusMsg).toContain('tidak dijumpai');

    const justPast = (range.max + 0.3).toFixed(1);
    expect((await check('tmca', { sectionId: sectionId.N9, kmLocation: justPast })).json().body.matched).toBe(false);
    const wide = await check('tmca', { sectionId: sectionId.N9, kmLocation: justPast, bound: 0.5 });
    expect(wide.json().body).toMatchObject({ matched: true, km: Math.round(range.max * 10) / 10 });
  });

  it("a combined section looks in its specific sections' markers and names the one matched", async () => {
    const n2 = await markerOf('N2', 20);
    const res = await check('tmca.utara', { sectionId: sectionId['N1+N2'], kmLocation: String(n2.km) });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({
      matched: true,
      sectionId: sectionId.N2,
      sectionName: 'N2',
      latitude: n2.latitude,
      longtitude: n2.longitude,
    });
    const control = await check('opsmgmt', { sectionId: sectionId.G1, kmLocation: '10' });
    expect(control.json().body.matched).toBe(false);
  });

  it('a section of another region is 403; national roles and map roles may ask', async () => {
    expect((await check('tmca', { sectionId: sectionId.N5, kmLocation: '100' })).statusCode).toBe(403);
    expect((await check('tmca.utara', { sectionId: sectionId.N9, kmLocation: String(marker.km) })).statusCode).toBe(403);
    expect((await check('tmca.utara', { sectionId: sectionId['N1+N2'], kmLocation: '10' })).statusCode).toBe(200);
    expect((await check('opsmgmt', { sectionId: sectionId.N9, kmLocation: String(marker.km) })).json().body.matched).toBe(true);
    expect((await check('tsta', { sectionId: sectionId.N9, kmLocation: String(marker.km) })).statusCode).toBe(200);
    expect((await check('pr', { sectionId: sectionId.N9, kmLocation: String(marker.km) })).statusCode).toBe(403);
    expect((await call(app, null, { method: 'POST', url: PATHS.kmLocation, payload: { sectionId: sectionId.N9, kmLocation: '1' } })).statusCode).toBe(
      401,
    );
  });

  it('bad input is a clear 400 (no digit, empty, too long, wrong types, bound out of range); an unknown section 404', async () => {
    const noDigit = await check('tmca', { sectionId: sectionId.N9, kmLocation: 'KM' });
    expect(noDigit.statusCode).toBe(400);
    expect(noDigit.json()).toMatchObject({ body: { field: 'kmLocation' } });
    expect(noDigit.json().statusMsg).toContain('Min 1 aksara bernombor');
    for (const payload of [
      { sectionId: sectionId.N9, kmLocation: '' },
      { sectionId: sectionId.N9, kmLocation: '1'.repeat(21) },
      { sectionId: 'N9', kmLocation: '10' },
      { kmLocation: '10' },
      { sectionId: sectionId.N9, kmLocation: '10', bound: 0 },
      { sectionId: sectionId.N9, kmLocation: '10', bound: 50 },
    ]) {
      expect((await check('tmca', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await check('tmca', { sectionId: 9999, kmLocation: '10' })).statusCode).toBe(404);
  });

  it('the marker lookup is a range scan of gps_km_marker_section_km_idx', async () => {
    // the same predicate the service sends (section ids, km between, nearest first); seq scans off so the plan
    // shows whether the index can serve it at all on this small table
    const plan = await app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await tx.execute(
        sql.raw(
          `explain select km from gps_km_marker where section_id in (${sectionId.N1}, ${sectionId.N2}) and km between 10.0 and 10.2 order by abs(km - 10.1::double precision) limit 1`,
        ),
      );
      return (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('gps_km_marker_section_km_idx');
  });

  it('gpskmmarkersectionid/getBySectionId lists every marker of a section (the specific parts of a combined one), the same nearest match as the check, with an ETag', async () => {
    const get = (who: string, id: number, headers: Record<string, string> = {}) =>
      call(app, tok[who], { method: 'GET', url: PATHS.kmMarkersBySection(id), headers });
    const res = await get('tmca', sectionId.N9);
    expect(res.statusCode).toBe(200);
    const [n9] = res.json().body as SectionKmMarkers[];
    expect(n9).toMatchObject({ sectionId: sectionId.N9, sectionName: 'N9' });
    const [{ n }] = (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(gpsKmMarker).where(eq(gpsKmMarker.sectionId, sectionId.N9))) as {
      n: number;
    }[];
    expect(n9.markers).toHaveLength(n);
    const kms = n9.markers.map((m) => m[0]);
    expect(kms).toEqual([...kms].sort((a, b) => a - b));
    // the device's match (contract nearestKmMarker) is the server's
    const found = nearestKmMarker([n9], marker.km + 0.04);
    expect(found).toEqual({ sectionId: sectionId.N9, sectionName: 'N9', km: marker.km, latitude: marker.latitude, longitude: marker.longitude });
    expect(nearestKmMarker([n9], kms[kms.length - 1] + 5)).toBeNull();

    const combined = Object.keys(sectionId).find((k) => k.includes('+'))!;
    const parts = (await get('opsmgmt', sectionId[combined])).json().body as SectionKmMarkers[];
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.markers.length > 0)).toBe(true);

    expect((await get('tmca.utara', sectionId.N9)).statusCode).toBe(403);
    expect((await get('tmca', 999_999)).statusCode).toBe(404);
    const again = await get('tmca', sectionId.N9, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
