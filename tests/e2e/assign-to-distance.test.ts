/**
 * The Assign To list of /kesbaru ordered by distance (issue #7 item 2), in Chromium against the real server: free
 * on-shift rosters of the region report positions through the real API (as their own patrol users) at different
 * kilometres of N9, one of them a stale position nearest of all; the TMC operator chooses N9 and a kilometre, and the
 * cards come in the server's order: the fresh positions nearest first with their distance and age, the stale one
 * after them, marked. Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { WebUser } from '@contract/auth';
import type { ActivePrRow, SectionKmMarkers } from '@contract/incidents';
import type { PositionFix } from '@contract/maps';
import { PATHS } from '@contract/paths';
import type { Section } from '@contract/sections';
import { nowMs } from '../../server/lib/clock';
import { startServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { Api } from './support/api';
import { choose } from './support/new-case-form';

let browser: Browser;
let server: RunningServer;
let api: Api;
const users = await demoUsers();
const tmca = users.find((u) => u.username === 'tmca')!;

beforeAll(async () => {
  // its own server: the ranking reads the latest position of every roster on shift, which other files' patrols move
  server = await startServer();
  browser = await launchBrowser();
  api = new Api(server.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function ok<T>(p: Promise<{ status: number; body: T; statusMsg: string }>, what: string): Promise<T> {
  const r = await p;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.statusMsg}`);
  return r.body;
}

/** The patrol user leading a roster's team (the seed's teams: roster name = team name + date). */
async function leaderOf(row: ActivePrRow): Promise<E2eUser> {
  const seed = (await import('../../server/db/seed/index')) as typeof import('../../server/db/seed/index');
  const people = seed.buildPeople();
  const team = people.teams.find((t) => row.dutyRosterName.startsWith(`${t.name} `));
  if (!team) throw new Error(`no seeded team for ${row.dutyRosterName}`);
  const user = people.users.find((u) => u.staffNo === team.members[0]);
  if (!user) throw new Error(`no user for the leader of ${team.name}`);
  return { username: user.username, password: seed.DEMO_PASSWORD, roleId: user.roleId, roleName: 'PR', displayName: team.name };
}

/** The rosters of the seeded teams (whose leader leaderOf() knows). */
async function seededRosters(rows: ActivePrRow[]): Promise<ActivePrRow[]> {
  const seed = (await import('../../server/db/seed/index')) as typeof import('../../server/db/seed/index');
  const teams = seed.buildPeople().teams;
  return rows.filter((r) => teams.some((t) => r.dutyRosterName.startsWith(`${t.name} `)));
}

const fix = (m: [number, number, number], agoMs: number): PositionFix => ({
  latitude: m[1],
  longitude: m[2],
  recordedAt: new Date(nowMs() - agoMs).toISOString(),
  accuracy: 8,
  heading: null,
  speed: null,
});

describe('Assign To ordered by distance (issue #7)', () => {
  it('free rosters nearest first with distance and position age; a stale position is marked and ranked after them', async () => {
    const me = (await ok(api.call<{ user: WebUser }>(tmca, 'POST', PATHS.webUser, {}), 'webUser')).user;
    const regionId = me.section.region.key;
    const sections = (
      await ok(api.call<{ rows: Section[] }>(tmca, 'POST', `${PATHS.sectionDataTables}?length=50&start=0`, { regionId, listed: true }), 'sections')
    ).rows;
    const n9 = sections.find((s) => s.sectionName === 'N9')!;
    const parts = await ok(api.call<SectionKmMarkers[]>(tmca, 'GET', PATHS.kmMarkersBySection(n9.sectionId)), 'km markers');
    const markers = parts.find((p) => p.sectionId === n9.sectionId)?.markers ?? parts[0].markers;
    expect(markers.length).toBeGreaterThan(400);

    // the rosters on shift in the region (free ones first), each led by a patrol user: the last one chosen reports a
    // position seven minutes old (stale) nearest of all, the others fresh ones 1, 5 and 12 km along N9
    const active = (await ok(api.call<{ rows: ActivePrRow[] }>(tmca, 'POST', `${PATHS.nearestActivePr}?length=100&start=0`, { regionId }), 'active'))
      .rows;
    // the seeded teams' rosters (other files on the shared server make teams of their own)
    const seeded = await seededRosters(active);
    const free = seeded.filter((r) => !r.busy);
    const chosen = (free.length >= 3 ? free : [...free, ...seeded.filter((r) => r.busy)]).slice(0, 4);
    expect(chosen.length, `rosters on shift: ${active.map((r) => r.dutyRosterName).join(', ')}`).toBeGreaterThanOrEqual(3);
    const i = Math.floor(markers.length / 3);
    const incident = markers[i];
    const at = (km: number) => markers[i + Math.round(km * 10)];
    const plan = chosen.map((row, n) => ({ row, km: n === chosen.length - 1 ? 0.5 : [1, 5, 12][n], stale: n === chosen.length - 1 }));
    // reported in another order than the distances
    for (const p of [...plan].reverse()) {
      const patrol = await leaderOf(p.row);
      const saved = await api.call(patrol, 'POST', PATHS.rondaGpsSave, {
        pkDutyRosterId: p.row.pkDutyRosterId,
        positions: [fix(at(p.km), p.stale ? 7 * 60_000 : 10_000)],
      });
      expect(saved.status, `${p.row.dutyRosterName}: ${saved.statusMsg}`).toBe(200);
    }
    // §6 / issue #7: free before busy, fresh before stale, then nearest first
    const expected = [...plan].sort((a, b) => Number(a.row.busy) - Number(b.row.busy) || Number(a.stale) - Number(b.stale) || a.km - b.km);

    const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1440, height: 1100 });
    try {
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname !== '/signin');
      await page.goto('/kesbaru');
      await page.getByTestId('new-case-step1').waitFor();
      await choose(page, 'case-section', 'N9 ');
      await page.getByTestId('case-km').fill(incident[0].toFixed(1));
      await page.getByTestId('case-km-valid').waitFor();

      const ours = expected.map((p) => p.row.pkDutyRosterId);
      const card = (id: number) => page.getByTestId(`case-roster-${id}`);
      // the list follows the kilometre: every card of ours measured from the live position
      await expect
        .poll(async () => Promise.all(ours.map(async (id) => (await card(id).count()) && (await card(id).getAttribute('data-basis')))), {
          timeout: 20_000,
        })
        .toEqual(ours.map(() => expect.stringMatching(/^(highway|position)$/)));

      // the cards in the order shown
      const order = () =>
        page
          .locator('[data-testid^="case-roster-"][data-busy]')
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-testid')!.slice('case-roster-'.length))));
      expect((await order()).filter((id) => ours.includes(id))).toEqual(ours);
      const km = await Promise.all(ours.map(async (id) => Number(await card(id).getAttribute('data-distance'))));
      // within a group of fresh positions, nearest first (the kilometres along the highway as posted)
      for (let n = 1; n < expected.length; n++) {
        if (expected[n].row.busy === expected[n - 1].row.busy && !expected[n].stale && !expected[n - 1].stale)
          expect(km[n]).toBeGreaterThan(km[n - 1]);
      }
      // the stale one is the nearest of all, yet after the fresh ones of its group
      const staleAt = expected.findIndex((p) => p.stale);
      expect(km[staleAt]).toBe(Math.min(...km));
      // distance, age and the stale marker on the cards
      for (const [n, id] of ours.entries()) {
        expect(await card(id).getByTestId('case-roster-distance').textContent()).toBe(`${km[n].toFixed(2)} km`);
        const age = (await card(id).getByTestId('case-roster-age').textContent()) ?? '';
        expect(age).toMatch(expected[n].stale ? /kedudukan [67] min lalu$/ : /kedudukan \d+ s lalu$/);
        expect(await card(id).getAttribute('data-stale')).toBe(String(expected[n].stale));
        expect(await card(id).getByTestId('case-roster-stale').count()).toBe(expected[n].stale ? 1 : 0);
      }
      // the same order as the server's ranking for that place
      const ranked = (
        await ok(
          api.call<{ rows: ActivePrRow[] }>(tmca, 'POST', `${PATHS.nearestActivePr}?length=100&start=0`, {
            regionId,
            sectionId: n9.sectionId,
            kilometer: incident[0].toFixed(1),
          }),
          'nearest',
        )
      ).rows.map((r) => r.pkDutyRosterId);
      expect(await order()).toEqual(ranked);

      await card(ours[ours.length - 1]).scrollIntoViewIfNeeded();
      await screenshot(page, 'assign-to-distance-1440');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
