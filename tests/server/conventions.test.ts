import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_NAMES } from '../../contract/lookups';
import { PATHS } from '../../contract/paths';
import { DEMO_USERS } from '../../server/db/seed';
import { buildTestApp, call, login } from './support/build';

const userOf = (roleName: string) => DEMO_USERS.find((d) => d.roleName === roleName && d.username !== 'baharu')!;

describe('lookups, lists and the envelope', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let tmca: string;
  let tmcaRegion: number;
  beforeAll(async () => {
    app = await buildTestApp();
    const s = await login(app, userOf('TMCA').username);
    tmca = s.token;
    tmcaRegion = s.user.section.region.key;
  });
  afterAll(async () => app?.cleanup());

  it('every §7.2 lookup answers real values in the envelope, without a token', async () => {
    for (const name of LOOKUP_NAMES) {
      const res = await app.inject({ method: 'POST', url: `/rest/roster/lookup/${name}` });
      expect(res.statusCode, name).toBe(200);
      const env = res.json();
      expect(env.statusCode).toBe(200);
      expect(Array.isArray(env.body), name).toBe(true);
      expect(env.body.length, name).toBeGreaterThan(0);
      for (const item of env.body) {
        expect(item).toEqual({
          key: expect.any(Number),
          value: expect.any(String),
          description: item.description === null ? null : expect.any(String),
          // the English name beside the spec's fields (issue #31)
          valueEn: expect.any(String),
        });
        expect(item.value.trim().length).toBeGreaterThan(0);
      }
    }
  });

  it("lookups keep the spec's special keys", async () => {
    const keys = async (name: string) =>
      new Map<number, string>(
        (await app.inject({ method: 'POST', url: `/rest/roster/lookup/${name}` }))
          .json()
          .body.map((i: { key: number; value: string }) => [i.key, i.value]),
      );
    const categories = await keys('incidentCategory');
    for (const k of [184, 185, 186, 187, 188, 189, 190]) expect(categories.has(k), `event type ${k}`).toBe(true);
    const statuses = await keys('incidentStatus');
    for (const k of [202, 203, 205, 209, 210, 298]) expect(statuses.has(k), `status ${k}`).toBe(true);
    expect(statuses.get(202)).toBe('Batal');
    expect(statuses.get(203)).toBe('Tugasan Dihantar');
    expect(statuses.get(210)).toBe('Tutup');
    const collisions = await keys('collisionType');
    for (const k of [265, 266, 267]) expect(collisions.has(k)).toBe(true);
    const assist = await keys('assistType');
    expect(assist.has(277) && assist.has(430)).toBe(true);
    expect((await keys('incidentOtherType')).has(491)).toBe(true);
    expect((await keys('activityLogEvents')).has(295)).toBe(true);
  });

  it('an unchanged lookup is answered 304 to If-None-Match; an unknown one 404', async () => {
    const first = await app.inject({ method: 'POST', url: '/rest/roster/lookup/region' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({ method: 'POST', url: '/rest/roster/lookup/region', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const unknown = await app.inject({ method: 'POST', url: '/rest/roster/lookup/tiadaSenarai' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().body.errorCode).toBe('NOT_FOUND');
  });

  it('section dataTables pages and sorts by the query string and answers rows, recordCount, page, size', async () => {
    const all = await call(app, tmca, { method: 'POST', url: '/rest/roster/manage/section/dataTables?length=1000&start=0', payload: {} });
    expect(all.statusCode).toBe(200);
    const total = all.json().body.recordCount;
    expect(total).toBeGreaterThan(10);
    const p = await call(app, tmca, {
      method: 'POST',
      url: '/rest/roster/manage/section/dataTables?orderColumn=sectionName&direction=desc&length=5&start=5',
      payload: {},
    });
    const body = p.json().body;
    expect(body).toMatchObject({ recordCount: total, page: 1, size: 5 });
    expect(body.rows).toHaveLength(5);
    const names = body.rows.map((r: { sectionName: string }) => r.sectionName);
    expect([...names].sort().reverse()).toEqual(names);

    for (const qs of ['direction=sideways', 'length=0', 'length=999999', 'start=-1', 'orderColumn=name;drop']) {
      const res = await call(app, tmca, { method: 'POST', url: `/rest/roster/manage/section/dataTables?${qs}`, payload: {} });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().body.errorCode).toBe('VALIDATION');
    }
    const badBody = await call(app, tmca, { method: 'POST', url: '/rest/roster/manage/section/dataTables', payload: { regionId: 'utara' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().body.field).toBe('regionId');
  });

  it('listed sections drop the G section and the specific parts; combined sections list their parts', async () => {
    const all = (await call(app, tmca, { method: 'POST', url: '/rest/roster/manage/section/dataTables?length=1000', payload: {} })).json().body.rows;
    const listed = (
      await call(app, tmca, { method: 'POST', url: '/rest/roster/manage/section/dataTables?length=1000', payload: { listed: true } })
    ).json().body.rows;
    expect(all.filter((s: { sectionName: string }) => s.sectionName.includes('G'))).toHaveLength(1);
    expect(listed.some((s: { sectionName: string }) => s.sectionName.includes('G'))).toBe(false);
    for (const combined of ['N1+N2', 'N3+N7', 'S5+S6']) {
      const row = listed.find((s: { sectionName: string }) => s.sectionName === combined);
      expect(row, combined).toBeTruthy();
      expect(row.isCombined).toBe(true);
      expect(row.specificSections.map((s: { sectionName: string }) => s.sectionName).sort()).toEqual(combined.split('+').sort());
      for (const part of combined.split('+')) expect(listed.some((s: { sectionName: string }) => s.sectionName === part)).toBe(false);
    }
  });

  it('section/get answers mapcenter and mapzoom; an unknown id 404; a bad id 400', async () => {
    const res = await call(app, tmca, { method: 'GET', url: '/rest/roster/manage/section/get/1' });
    const list = (await call(app, tmca, { method: 'POST', url: '/rest/roster/manage/section/dataTables?length=1', payload: {} })).json().body.rows;
    const id = list[0].pkSectionId;
    const one = res.statusCode === 200 ? res : await call(app, tmca, { method: 'GET', url: `/rest/roster/manage/section/get/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().body.mapcenter).toMatch(/^-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?$/);
    expect(one.json().body.mapzoom).toEqual(expect.any(Number));
    expect((await call(app, tmca, { method: 'GET', url: '/rest/roster/manage/section/get/999999' })).statusCode).toBe(404);
    expect((await call(app, tmca, { method: 'GET', url: '/rest/roster/manage/section/get/abc' })).statusCode).toBe(400);
    expect((await call(app, null, { method: 'GET', url: `/rest/roster/manage/section/get/${id}` })).statusCode).toBe(401);
  });

  it('event locations come per section', async () => {
    const listed = (
      await call(app, tmca, { method: 'POST', url: '/rest/roster/manage/section/dataTables?length=1000', payload: { listed: true } })
    ).json().body.rows;
    const combined = listed.find((s: { isCombined: boolean }) => s.isCombined);
    const res = await call(app, tmca, { method: 'GET', url: `/rest/roster/manage/eventlocationid/getBySectionId/${combined.pkSectionId}` });
    expect(res.statusCode).toBe(200);
    const locs = res.json().body;
    expect(locs.length).toBeGreaterThan(1);
    const ids = new Set(combined.specificSections.map((s: { pkSectionId: number }) => s.pkSectionId));
    expect(locs.every((l: { sectionId: number }) => ids.has(l.sectionId) || l.sectionId === combined.pkSectionId)).toBe(true);
  });

  it("duty rosters are scoped to the caller's region by the server", async () => {
    const res = await call(app, tmca, { method: 'POST', url: '/rest/roster/manage/dutyroster/dataTables?length=500', payload: {} });
    expect(res.statusCode).toBe(200);
    const rows = res.json().body.rows;
    expect(rows.length).toBeGreaterThan(0);
    const sections = (await call(app, tmca, { method: 'POST', url: '/rest/roster/manage/section/dataTables?length=1000', payload: {} })).json().body
      .rows;
    const regionOf = new Map(sections.map((s: { pkSectionId: number; regionId: number }) => [s.pkSectionId, s.regionId]));
    expect(rows.every((r: { sectionId: number }) => regionOf.get(r.sectionId) === tmcaRegion)).toBe(true);
    expect(rows[0].members.length).toBeGreaterThan(0);
    expect(rows[0].plateNumber).toBeTruthy();

    const other = sections.find((s: { regionId: number; sectionName: string }) => s.regionId !== tmcaRegion && !s.sectionName.includes('G'));
    const refused = await call(app, tmca, {
      method: 'POST',
      url: '/rest/roster/manage/dutyroster/dataTables',
      payload: { sectionId: other.pkSectionId },
    });
    expect(refused.statusCode).toBe(403);
    const refusedRegion = await call(app, tmca, {
      method: 'POST',
      url: '/rest/roster/manage/dutyroster/dataTables',
      payload: { regionId: other.regionId },
    });
    expect(refusedRegion.statusCode).toBe(403);
    const badDate = await call(app, tmca, { method: 'POST', url: '/rest/roster/manage/dutyroster/dataTables', payload: { date: '22/11/2026' } });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().body.field).toBe('date');

    const ops = await login(app, userOf('OPSMGMT').username);
    const national = await call(app, ops.token, {
      method: 'POST',
      url: '/rest/roster/manage/dutyroster/dataTables?length=1',
      payload: { sectionId: other.pkSectionId },
    });
    expect(national.statusCode).toBe(200);
  });

  it('broadcasts: saved to region 27 and listed newest first; empty, blank or over-long refused', async () => {
    for (const message of ['', '   \n ', 'x'.repeat(1001)]) {
      const res = await call(app, tmca, { method: 'POST', url: '/rest/roster/manage/messageBroadcast/save', payload: { message } });
      expect(res.statusCode).toBe(400);
      expect(res.json().body.field).toBe('message');
    }
    const saved = await call(app, tmca, {
      method: 'POST',
      url: '/rest/roster/manage/messageBroadcast/save',
      payload: { message: 'Kesesakan di KM 301.5 arah selatan, sila berhati-hati.' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().body).toMatchObject({ pkRegionId: 27, rcc: { roleName: 'TMCA' } });
    const pr = await login(app, userOf('PR').username);
    const list = await call(app, pr.token, { method: 'POST', url: '/rest/roster/manage/messageBroadcast/dataTables?length=8', payload: {} });
    expect(list.statusCode).toBe(200);
    expect(list.json().body.rows[0].message).toBe('Kesesakan di KM 301.5 arah selatan, sila berhati-hati.');
  });

  it("alerts: only the caller's own can be marked read", async () => {
    const list = await call(app, tmca, { method: 'POST', url: '/rest/roster/manage/alertNotification/dataTables', payload: { viewed: 0 } });
    expect(list.statusCode).toBe(200);
    expect(list.json().body).toMatchObject({ rows: expect.any(Array), recordCount: expect.any(Number) });
    const missing = await call(app, tmca, {
      method: 'POST',
      url: '/rest/roster/manage/alertNotification/save',
      payload: { pkAlertNotificationId: 424242, viewed: 1 },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await call(app, tmca, {
      method: 'POST',
      url: '/rest/roster/manage/alertNotification/save',
      payload: { pkAlertNotificationId: 1, viewed: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('large answers travel compressed as the browser accepts (brotli, gzip); the ETag is the plain body’s, so a 304 holds either way', async () => {
    const get = (headers: Record<string, string> = {}) => call(app, tmca, { method: 'GET', url: PATHS.sectionNetwork, headers });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(gz.headers.etag).toBe(plain.headers.etag);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const same = await get({ 'accept-encoding': 'gzip, br', 'if-none-match': plain.headers.etag as string });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers['content-encoding']).toBeUndefined();
    // the incident map, polled every 15 s
    const map = await call(app, tmca, { method: 'POST', url: PATHS.bigMaps, payload: {}, headers: { 'accept-encoding': 'gzip' } });
    expect(map.statusCode).toBe(200);
    expect(JSON.parse(gunzipSync(map.rawPayload).toString('utf8'))).toMatchObject({ statusCode: 200, body: { incidents: expect.any(Array) } });
    // small answers and errors go as they are
    const health = await app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    const denied = await app.inject({ method: 'POST', url: PATHS.bigMaps, payload: {}, headers: { 'accept-encoding': 'gzip' } });
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ statusCode: 401 });
  });

  it('unknown API paths answer the 404 envelope; health answers', async () => {
    const res = await call(app, tmca, { method: 'GET', url: '/rest/roster/manage/tiada/apa' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, body: { errorCode: 'NOT_FOUND' } });
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toMatchObject({ status: 'ok', version: '2.0.3.1.84' });
  });

  it("API answers, 200 and errors alike, carry an API's security headers (OWASP REST): nothing loaded or framed, no-store", async () => {
    const answers = [
      await call(app, tmca, { method: 'POST', url: `${PATHS.sectionDataTables}?length=5&start=0`, payload: {} }),
      await call(app, tmca, { method: 'GET', url: '/rest/roster/manage/tiada/apa' }),
      await app.inject({ method: 'GET', url: '/healthz' }),
    ];
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('no-store');
      // what only a page needs is not sent with every answer
      expect(res.headers['origin-agent-cluster']).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });
});

const INLINE = "document.documentElement.classList.add('light');";
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const text${i} = 'Lebuhraya ${i}';`).join('\n');

describe('pages', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lbh-client-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), `<!doctype html><title>Lebuhraya Ops</title><script>${INLINE}</script><div id="root"></div>`);
    await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'assets', 'big-abc123.js'), BIG_SCRIPT);
    await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => {})');
    app = await buildTestApp({ clientDir: dir });
  });
  afterAll(async () => app?.cleanup());

  it('serves the PWA with a Content-Security-Policy and history-mode fallback', async () => {
    for (const url of ['/', '/signin', '/insidenView/42', '/maintenance/checkusername']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      // the page's inline script (the night theme's boot) by its hash, and no other inline script
      const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src'));
      expect(scriptSrc).toBe(`script-src 'self' 'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
    // a tablet's first visit downloads the scripts compressed
    const big = await app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(big.rawPayload).toString('utf8')).toBe(BIG_SCRIPT);
    const missingAsset = await app.inject({ method: 'GET', url: '/assets/tiada.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('the OpenAPI document is generated from the zod schemas (for signed-in users: #20)', async () => {
    expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(401);
    const res = await call(app, (await login(app, 'tmca')).token, { method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/rest/auth/jwt/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(Object.keys(doc.paths)).toContain('/rest/roster/manage/dutyroster/dataTables');
  });
});
