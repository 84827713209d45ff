import { describe, expect, it } from 'vitest';
import {
  formatKm,
  LLU_HISTORY,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  parseMapCenter,
  sectionZoom,
  TILE_URL_DEFAULT,
  tileOrigin,
  timelineShowsMap,
} from '@contract/map-rules';
import { EVENT_TYPE, STATUS } from '@contract/lookups';
import type { WebUser } from '@contract/auth';
import { ageParts, CASE_TYPE_LOOKS, caseTypeLook, shapePolygon, statusGroup } from '@/features/map/marker-rules';
import { isTileUrl } from '../../sw/tiles-match';
import { plan, SECTION_NETWORK_CACHE_KEY } from '@/offline/local-store';
import { routePermission } from '@/lib/access';

describe('§2.18 timeline map rule', () => {
  it('shows a map when the location starts with more than 500 metres', () => {
    expect(timelineShowsMap('650 m dari KM 12.3 (N9)')).toBe(true);
    expect(timelineShowsMap('500.5m dari KM 3')).toBe(true);
    expect(timelineShowsMap('1200,5 m dari Plaza Tol')).toBe(true);
  });
  it('shows the text at 500 metres or less, or when no number of metres leads', () => {
    expect(timelineShowsMap('500 m dari KM 12.3')).toBe(false);
    expect(timelineShowsMap('30 m dari KM 1')).toBe(false);
    expect(timelineShowsMap('KM 650 arah Utara')).toBe(false);
    expect(timelineShowsMap('650 km ke utara')).toBe(false);
    expect(timelineShowsMap('Hentian Sebelah Tapah')).toBe(false);
    expect(timelineShowsMap(null)).toBe(false);
    expect(timelineShowsMap('')).toBe(false);
  });
  it('always shows a map for LLU History', () => {
    expect(timelineShowsMap('Hentian Sebelah Tapah', LLU_HISTORY)).toBe(true);
    expect(timelineShowsMap(null, LLU_HISTORY)).toBe(true);
    expect(timelineShowsMap('Hentian', 'Kes')).toBe(false);
  });
});

describe('§9 map constants and helpers', () => {
  it('default centre and zoom', () => {
    expect(MAP_DEFAULT_CENTER).toEqual([4.03, 102.21]);
    expect(MAP_DEFAULT_ZOOM).toBe(7.33);
  });
  it('section zoom is mapzoom − 1 with a minimum of mapzoom − 2', () => {
    expect(sectionZoom(12)).toEqual({ zoom: 11, minZoom: 10 });
  });
  it('reads a section mapcenter', () => {
    expect(parseMapCenter('3.1390, 101.6869')).toEqual([3.139, 101.6869]);
    expect(parseMapCenter('91,10')).toBeNull();
    expect(parseMapCenter('x')).toBeNull();
    expect(parseMapCenter(null)).toBeNull();
  });
  it('distance in KM with 2 decimals', () => {
    expect(formatKm(3.14259)).toBe('3.14 KM');
    expect(formatKm(0)).toBe('0.00 KM');
  });
  it('tile origin of a URL template', () => {
    expect(tileOrigin(TILE_URL_DEFAULT)).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('https://{a-c}.tiles.example.org/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.org');
    expect(tileOrigin('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });
  it('the service worker caches only the tile host', () => {
    const o = 'https://tile.openstreetmap.org';
    expect(isTileUrl(new URL('https://tile.openstreetmap.org/7/101/63.png'), o)).toBe(true);
    expect(isTileUrl(new URL('https://evil.example/tile.openstreetmap.org/1.png'), o)).toBe(false);
    expect(isTileUrl(new URL('http://tile.openstreetmap.org/7/1/1.png'), o)).toBe(false);
    expect(isTileUrl(new URL('https://a.tiles.example.org/1/1/1.png'), 'https://*.tiles.example.org')).toBe(true);
    expect(isTileUrl(new URL('https://tiles.example.org.evil.io/1/1/1.png'), 'https://*.tiles.example.org')).toBe(false);
    expect(isTileUrl(new URL('https://tile.openstreetmap.org/1.png'), null)).toBe(false);
  });
});

describe('map markers', () => {
  it('gives each event type 184–190 its own shape and colour', () => {
    const ids = Object.values(EVENT_TYPE);
    expect(CASE_TYPE_LOOKS.map((l) => l.typeId).sort()).toEqual([...ids].sort());
    expect(new Set(CASE_TYPE_LOOKS.map((l) => l.shape)).size).toBe(ids.length);
    expect(new Set(CASE_TYPE_LOOKS.map((l) => l.colour)).size).toBe(ids.length);
    expect(caseTypeLook(999).shape).toBe('circle');
  });
  it('groups the open statuses', () => {
    expect(statusGroup(null)).toBe('new');
    expect(statusGroup(STATUS.REJECTED)).toBe('new');
    expect(statusGroup(STATUS.ASSIGNED)).toBe('active');
    expect(statusGroup(STATUS.RECEIVED)).toBe('active');
    expect(statusGroup(STATUS.ARRIVED)).toBe('active');
    expect(statusGroup(STATUS.ASSISTANCE_DONE)).toBe('done');
    expect(statusGroup(STATUS.CASE_DONE)).toBe('done');
  });
  it('draws legend shapes with the right number of corners', () => {
    expect(shapePolygon('triangle', 8)!.split(' ')).toHaveLength(3);
    expect(shapePolygon('star', 8)!.split(' ')).toHaveLength(10);
    expect(shapePolygon('circle', 8)).toBeNull();
    // angle 0: the first corner points up
    expect(shapePolygon('triangle', 8)!.split(' ')[0]).toBe('8.00,0.00');
  });
  it('ages in seconds, minutes, hours', () => {
    expect(ageParts(42)).toEqual({ unit: 'seconds', n: 42 });
    expect(ageParts(61)).toEqual({ unit: 'minutes', n: 1 });
    expect(ageParts(7300)).toEqual({ unit: 'hours', n: 2 });
    expect(ageParts(-5)).toEqual({ unit: 'seconds', n: 0 });
  });
});

describe('map access and offline network', () => {
  const userOf = (roleName: string) =>
    ({
      userId: 'u',
      section: { pkSectionId: 3, sectionName: 'N1', region: { key: 7, value: 'Utara', code: 'N' } },
      roles: [{ pkRoleId: 105, roleName }],
    }) as unknown as WebUser;
  it('/map needs the map permission', () => {
    expect(routePermission('/map')).toBe('map');
  });
  it('the local store keeps the highway network for the map roles only', () => {
    expect(plan(userOf('TMCA'), '2026-01-01').some((s) => s.key === SECTION_NETWORK_CACHE_KEY)).toBe(true);
    expect(plan(userOf('PR'), '2026-01-01').some((s) => s.key === SECTION_NETWORK_CACHE_KEY)).toBe(false);
  });
});

describe("the pages' CSP lets the maps reach the tile host, and only it", () => {
  it('img-src and connect-src name the tile origin', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerSecurity, tileSources } = await import('../../server/plugins/security');
    expect(tileSources({})).toEqual(['https://tile.openstreetmap.org']);
    expect(tileSources({ VITE_TILE_URL: 'https://{a-c}.tiles.example.org/{z}/{x}/{y}.png' })).toEqual(['https://*.tiles.example.org']);
    const app = Fastify();
    await registerSecurity(app);
    app.get('/page', async () => 'ok');
    const res = await app.inject({ method: 'GET', url: '/page' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(csp).toContain("connect-src 'self' https://tile.openstreetmap.org");
    expect(csp).toContain("default-src 'self'");
    await app.close();
  });
});
