/**
 * Issue #7 items 3–5 in the browser, through the real server: a patrol's tablet positions reach the TMC's /map
 * (posted through rondaGps/save as the PR user of the roster on shift; a second position later moves the marker on
 * the next live refresh), the open cases are markers at their places and closed ones are not, a patrol marker opens
 * its §3.12 info and timeline; the map dialog of a case lists the nearest patrols with KM distances in order; with
 * every tile request aborted the map still draws the highway network and the markers (pixels checked, screenshot).
 * Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ActivePrRow, IncidentListRow, IncidentSaved, IncidentView, KmLocation } from '@contract/incidents';
import type { LookupItem } from '@contract/envelope';
import type { EventLocation, Section } from '@contract/sections';
import type { RondaGpsSaveResult } from '@contract/maps';
import { EVENT_TYPE, STATUS } from '@contract/lookups';
import { TILE_URL_DEFAULT, tileOrigin } from '@contract/map-rules';
import { PATHS } from '@contract/paths';
import { nowMs } from '../../server/lib/clock';
import { startServer, type RunningServer } from './support/server';
import { deviceHas, launchBrowser, newContext, screenshot, signIn, swControlling, watchErrors } from './support/browser';
import { png } from '../support/images';
import { demoUsers } from './support/users';
import { Api } from './support/api';
import { patrolOnShiftFor } from './support/cases';

let server: RunningServer;
let api: Api;
let browser: Browser;
const users = await demoUsers();
const tmca = users.find((u) => u.username === 'tmca')!;

interface Probe {
  cases(): { id: number; lat: number; lng: number }[];
  patrols(): { id: number; lat: number; lng: number; stale: boolean }[];
  pins(): { id: string; lat: number; lng: number }[];
  networkLines(): number;
  tiles(): { loaded: number; failed: number };
  pixelOf(lat: number, lng: number): [number, number] | null;
  centre(lat: number, lng: number, zoom: number): void;
}
const probe = <T>(page: Page, name: string, fn: (p: Probe) => T) =>
  page.evaluate(([n, src]) => new Function('p', `return (${src})(p)`)((window as unknown as Record<string, unknown>)[n]) as T, [
    name,
    fn.toString(),
  ] as const);

const near = (a: number, b: number, eps = 1e-5) => Math.abs(a - b) < eps;
const TILE_HOST = new URL(tileOrigin(TILE_URL_DEFAULT)!).host;

/** A breakdown on the roster's section, a third of the way along it, with the place of its kilometre marker (as the form sends it). */
async function caseWithPlace(roster: ActivePrRow): Promise<number> {
  const sec = await api.call<Section>(tmca, 'GET', PATHS.sectionGet(roster.sectionId));
  const kmStart = sec.body.kmStart ?? 0;
  const kmEnd = sec.body.kmEnd ?? kmStart + 10;
  const km = (kmStart + (kmEnd - kmStart) / 3).toFixed(1);
  const loc = await api.call<KmLocation>(tmca, 'POST', PATHS.kmLocation, { sectionId: roster.sectionId, kmLocation: km });
  expect(loc.body.matched, `KM ${km} on ${sec.body.sectionName}`).toBe(true);
  const locations = await api.call<EventLocation[]>(tmca, 'GET', PATHS.eventLocationsBySection(roster.sectionId));
  const sources = await api.call<LookupItem[]>(tmca, 'POST', PATHS.lookup('incidentSource'));
  const directions = await api.call<LookupItem[]>(tmca, 'POST', PATHS.lookup('cardinalDirection'));
  const saved = await api.call<IncidentSaved>(tmca, 'POST', PATHS.incidentSave, {
    pkIncidentSourceId: sources.body[0]!.key,
    pkSectionId: sec.body.pkSectionId,
    pkDutyRosterId: roster.pkDutyRosterId,
    pkIncidentCategoryId: EVENT_TYPE.BREAKDOWN,
    pkEventLocationId: locations.body[0]!.key,
    pkLocationTypeId: locations.body[0]!.locationTypeId,
    pkCardinalDirectionId: directions.body[0]!.key,
    kilometerMarker: km,
    pkHighwayId: sec.body.highwayId,
    latitude: loc.body.latitude,
    longtitude: loc.body.longtitude,
  });
  expect(saved.status, saved.statusMsg).toBe(200);
  return saved.body.pkIncidentId;
}

describe('maps (issue #7)', () => {
  let patrol: Awaited<ReturnType<typeof patrolOnShiftFor>>;
  let openCase: IncidentView;
  let closedIds: number[];

  beforeAll(async () => {
    // its own server: the nearest-patrol ranking reads the latest position of every roster on shift, which other
    // files' patrols move on the shared server
    server = await startServer();
    api = new Api(server.baseUrl);
    browser = await launchBrowser();
    // a roster that stays on shift while the file runs (near 07:00 or 19:00 the next shift's)
    patrol = await patrolOnShiftFor(api, tmca, users, 8);
    const made = await caseWithPlace(patrol.roster);
    const v = await api.call<IncidentView>(tmca, 'GET', PATHS.incidentViewGet(made));
    openCase = v.body;
    expect(openCase.latitude).not.toBeNull();
    const closed = await api.call<{ rows: IncidentListRow[] }>(tmca, 'POST', `${PATHS.dashboardDataTables}?length=100&start=0`, {
      searchAllStatus: true,
      incidentStatus: STATUS.CLOSED,
    });
    closedIds = closed.body.rows.map((r) => r.incidentId);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function postPosition(lat: number, lng: number, agoSeconds: number) {
    const r = await api.call<RondaGpsSaveResult>(patrol.patrol, 'POST', PATHS.rondaGpsSave, {
      pkDutyRosterId: patrol.roster.pkDutyRosterId,
      positions: [{ latitude: lat, longitude: lng, recordedAt: new Date(nowMs() - agoSeconds * 1000).toISOString(), accuracy: 8 }],
    });
    expect(r.status, r.statusMsg).toBe(200);
    return r.body;
  }

  it('/map shows the moving patrol and the open cases, not the closed ones; a patrol opens its info and timeline', async () => {
    const lat0 = openCase.latitude!;
    const lng0 = openCase.longtitude!;
    // the patrol 1.5 km up the road, then (a simulated drive) 700 m from the case
    const first = [lat0 + 0.0135, lng0 + 0.002] as const;
    const second = [lat0 + 0.006, lng0 + 0.001] as const;
    await postPosition(first[0], first[1], 20);

    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1440, height: 900 });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    try {
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname === '/');
      // the menu item is live (not 'Akan datang')
      await page.locator('[data-testid=side-nav] [data-menu-key="map"]').click();
      await page.waitForURL((u) => u.pathname === '/map');
      await page.getByTestId('map-screen').waitFor();
      await page.waitForFunction(
        ([id, lat, lng]) => {
          const m = (window as unknown as { __lebuhrayaMap?: Probe }).__lebuhrayaMap;
          return !!m && m.patrols().some((p) => p.id === id && Math.abs(p.lat - lat) < 1e-5 && Math.abs(p.lng - lng) < 1e-5);
        },
        [patrol.roster.pkDutyRosterId, first[0], first[1]] as const,
        { timeout: 30_000 },
      );
      const cases = await probe(page, '__lebuhrayaMap', (p) => p.cases());
      const mine = cases.find((c) => c.id === openCase.pkIncidentId);
      expect(mine, 'the new open case is a marker').toBeTruthy();
      expect(near(mine!.lat, lat0) && near(mine!.lng, lng0)).toBe(true);
      expect(
        cases.filter((c) => closedIds.includes(c.id)),
        'closed cases are not on the map',
      ).toEqual([]);
      expect(closedIds.length).toBeGreaterThan(0);
      // the highway network is a call of its own, which may answer after bigMaps under load
      await expect.poll(() => probe(page, '__lebuhrayaMap', (p) => p.networkLines()), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('map-counts').innerText(), { timeout: 30_000 }).toMatch(/\d+ kes terbuka · \d+ peronda aktif/);

      // the patrol drives on: the next live refresh moves its marker
      await postPosition(second[0], second[1], 0);
      await page.waitForFunction(
        ([id, lat, lng]) => {
          const m = (window as unknown as { __lebuhrayaMap?: Probe }).__lebuhrayaMap;
          return !!m && m.patrols().some((p) => p.id === id && Math.abs(p.lat - lat) < 1e-5 && Math.abs(p.lng - lng) < 1e-5);
        },
        [patrol.roster.pkDutyRosterId, second[0], second[1]] as const,
        { timeout: 30_000 },
      );

      // section selector: the roster's section zooms in (mapzoom − 1, min zoom mapzoom − 2)
      await page.getByTestId('map-section').selectOption(String(patrol.roster.sectionId));
      await page.waitForTimeout(600);
      const view = await page.evaluate(() =>
        (window as unknown as { __lebuhrayaMap: { view(): { zoom: number; minZoom: number } } }).__lebuhrayaMap.view(),
      );
      expect(view.minZoom).toBe(view.zoom - 1);

      // click the patrol: its info and its timeline
      const px = await probe(page, '__lebuhrayaMap', (p) => p.patrols());
      const me = px.find((p) => p.id === patrol.roster.pkDutyRosterId)!;
      const at = await page.evaluate(([lat, lng]) => (window as unknown as { __lebuhrayaMap: Probe }).__lebuhrayaMap.pixelOf(lat, lng), [
        me.lat,
        me.lng,
      ] as const);
      const box = (await page.getByTestId('map-canvas').boundingBox())!;
      await page.mouse.click(box.x + at![0], box.y + at![1]);
      const panel = page.getByTestId('patrol-panel');
      await panel.waitFor();
      await expect(page.getByTestId('patrol-name').innerText()).resolves.toBe(patrol.roster.dutyRosterName);
      await expect(page.getByTestId('patrol-plate').innerText()).resolves.toContain(patrol.roster.plateNumber ?? '—');
      // last seen: dd-mm-yyyy hh:mm, no seconds (§9)
      await expect(page.getByTestId('patrol-lastSeen').innerText()).resolves.toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}(?!:)/);
      await page.locator('[data-testid=timeline], [data-testid=timeline-empty]').first().waitFor();
      await screenshot(page, 'map-live');

      // clicking a case opens it
      await page.getByTestId('patrol-close').click();
      // close in on the case first: at the section's zoom the patrol 700 m away covers it
      await page.evaluate(([lat, lng]) => (window as unknown as { __lebuhrayaMap: Probe }).__lebuhrayaMap.centre(lat, lng, 17), [
        lat0,
        lng0,
      ] as const);
      await page.waitForTimeout(700);
      const cpx = await page.evaluate(([lat, lng]) => (window as unknown as { __lebuhrayaMap: Probe }).__lebuhrayaMap.pixelOf(lat, lng), [
        lat0,
        lng0,
      ] as const);
      await page.mouse.click(box.x + cpx![0], box.y + cpx![1]);
      await page.waitForURL((u) => u.pathname === `/insidenView/${openCase.pkIncidentId}`, { timeout: 10_000 });
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 150_000);

  it('the map dialog of a case lists the nearest patrols with KM distances in order', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 900 });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    try {
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto(`/insidenView/${openCase.pkIncidentId}`);
      await page.getByTestId('detail-map').click();
      const dialog = page.getByTestId('map-dialog');
      await dialog.waitFor();
      const size = (await dialog.boundingBox())!;
      expect(size.width).toBeLessThanOrEqual(1000);
      expect(size.height).toBeLessThanOrEqual(600);
      await page.getByTestId('map-dialog-nearest').waitFor({ timeout: 20_000 });
      const rows = await page
        .getByTestId('map-dialog-patrol')
        .evaluateAll((els) =>
          els.map((e) => ({ id: Number(e.getAttribute('data-roster-id')), distance: e.getAttribute('data-distance'), text: e.textContent ?? '' })),
        );
      const server = await api.call<{ rows: ActivePrRow[] }>(tmca, 'POST', `${PATHS.nearestActivePr}?length=100&start=0`, {
        regionId: openCase.section.region.key,
        sectionId: openCase.section.pkSectionId,
        kilometer: openCase.kilometerMarker,
        latitude: openCase.latitude,
        longitude: openCase.longtitude,
        direction: openCase.cardinalDirection.key,
      });
      // the server's ranking, as it is
      expect(rows.map((r) => r.id)).toEqual(server.body.rows.map((r) => r.pkDutyRosterId));
      const mine = rows.find((r) => r.id === patrol.roster.pkDutyRosterId)!;
      expect(mine.text).toMatch(/\d+\.\d{2} KM/);
      // free patrols with a fresh position first, nearest first; then the busy ones (ours is: the case is its own),
      // nearest first; stale positions last
      const rank = (r: ActivePrRow) => (r.stale ? 2 : r.busy ? 1 : 0);
      const ranked = server.body.rows.map((r) => [rank(r), r.distanceKm ?? Infinity] as const);
      expect(ranked).toEqual([...ranked].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
      const shown = await page.getByTestId('map-dialog-distance').allInnerTexts();
      expect(shown).toEqual(server.body.rows.map((r) => (r.distanceKm !== null ? `${r.distanceKm.toFixed(2)} KM` : 'Jarak tidak diketahui')));
      const ours = server.body.rows.find((r) => r.pkDutyRosterId === patrol.roster.pkDutyRosterId)!;
      expect(ours.busy).toBe(true);
      expect(ours.distanceKm!).toBeLessThan(2);
      // the red incident pin at the case, the patrol's green marker at its position
      await page.waitForFunction(() => ((window as unknown as { __lebuhrayaMapDialog?: Probe }).__lebuhrayaMapDialog?.pins().length ?? 0) === 1);
      const pins = await probe(page, '__lebuhrayaMapDialog', (p) => p.pins());
      expect(near(pins[0]!.lat, openCase.latitude!) && near(pins[0]!.lng, openCase.longtitude!)).toBe(true);
      // the patrol's info window
      await page.locator(`[data-testid=map-dialog-patrol][data-roster-id="${patrol.roster.pkDutyRosterId}"]`).click();
      await page.getByTestId('map-dialog-info-window').waitFor();
      await expect(page.getByTestId('map-dialog-info-window').innerText()).resolves.toContain(patrol.roster.dutyRosterName);
      await expect(page.getByTestId('map-dialog-oncore').count()).resolves.toBe(0);
      await screenshot(page, 'map-dialog');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('with every tile request aborted, the map draws the highway network and the markers', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1280, height: 860 });
    let aborted = 0;
    await ctx.route(
      (u) => u.host === TILE_HOST,
      (r) => {
        aborted++;
        return r.abort('blockedbyclient');
      },
    );
    const page = await ctx.newPage();
    try {
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto('/map');
      await page.waitForFunction(
        () => {
          const m = (window as unknown as { __lebuhrayaMap?: Probe }).__lebuhrayaMap;
          return !!m && m.networkLines() > 0 && m.cases().length > 0 && m.patrols().length > 0 && m.tiles().failed > 0;
        },
        undefined,
        { timeout: 30_000 },
      );
      await page.getByTestId('map-no-tiles').waitFor();
      expect(aborted).toBeGreaterThan(0);
      expect(await probe(page, '__lebuhrayaMap', (p) => p.tiles().loaded)).toBe(0);
      await page.waitForTimeout(800);
      // drawn pixels: the map's canvases hold the network and the markers (tiles drew nothing)
      const drawn = await page.evaluate(() => {
        let n = 0;
        const colours = new Set<string>();
        for (const c of document.querySelectorAll<HTMLCanvasElement>('[data-testid=map-canvas] canvas')) {
          const ctx2 = c.getContext('2d');
          if (!ctx2 || !c.width || !c.height) continue;
          const d = ctx2.getImageData(0, 0, c.width, c.height).data;
          for (let i = 3; i < d.length; i += 4) {
            if (d[i]! > 0) {
              n++;
              if (n % 50 === 0) colours.add(`${d[i - 3]! >> 5},${d[i - 2]! >> 5},${d[i - 1]! >> 5}`);
            }
          }
        }
        return { n, colours: colours.size };
      });
      expect(drawn.n, 'drawn pixels').toBeGreaterThan(2000);
      // highway amber, its casing, marker colours: not one flat colour
      expect(drawn.colours).toBeGreaterThan(3);
      await page.getByTestId('map-canvas').screenshot({ path: await screenshot(page, 'map-no-tiles').then((f) => f.replace('.png', '-canvas.png')) });
    } finally {
      await ctx.close();
    }
  }, 90_000);
  it("offline, the map comes back from the device: tiles seen before from the worker's tile cache, network and markers from the local store", async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1280, height: 860, serviceWorkers: 'allow' });
    const tile = png(256, 256);
    let served = 0;
    let online = true;
    // the tile host, stood in for by the test (no internet here): answers while online, refuses once offline
    await ctx.route(
      (u) => u.host === TILE_HOST,
      (r) => {
        if (!online) return r.abort('internetdisconnected');
        served++;
        return r.fulfill({ status: 200, contentType: 'image/png', headers: { 'access-control-allow-origin': '*' }, body: tile });
      },
    );
    const page = await ctx.newPage();
    try {
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname === '/');
      await swControlling(page);
      await page.goto('/map');
      await page.waitForFunction(
        () => {
          const m = (window as unknown as { __lebuhrayaMap?: Probe }).__lebuhrayaMap;
          return !!m && m.tiles().loaded > 4 && m.cases().length > 0 && m.networkLines() > 0;
        },
        undefined,
        { timeout: 30_000 },
      );
      expect(served).toBeGreaterThan(0);
      // the worker kept them (CacheFirst, tile host only)
      await expect
        .poll(() => page.evaluate(async () => (await (await caches.open('lebuhraya-tiles')).keys()).map((r) => new URL(r.url).host)), {
          timeout: 15_000,
        })
        .not.toEqual([]);
      const hosts = await page.evaluate(async () => (await (await caches.open('lebuhraya-tiles')).keys()).map((r) => new URL(r.url).host));
      expect(new Set(hosts)).toEqual(new Set([TILE_HOST]));
      await deviceHas(page, ['sectionNetwork']);
      const before = await probe(page, '__lebuhrayaMap', (p) => ({ cases: p.cases().length, lines: p.networkLines() }));

      online = false;
      await ctx.setOffline(true);
      await page.reload();
      await page.getByTestId('map-screen').waitFor();
      await page.waitForFunction(
        ([cases, lines]) => {
          const m = (window as unknown as { __lebuhrayaMap?: Probe }).__lebuhrayaMap;
          return !!m && m.tiles().loaded > 0 && m.cases().length === cases && m.networkLines() === lines;
        },
        [before.cases, before.lines] as const,
        { timeout: 30_000 },
      );
      await page.getByTestId('map-offline').waitFor();
      await screenshot(page, 'map-offline');
    } finally {
      await ctx.setOffline(false);
      await ctx.close();
    }
  }, 120_000);
});
