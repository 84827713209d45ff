/**
 * Issue #19 (accessibility): no serious or critical axe-core violation (WCAG 2.0/2.1 A and AA rules) on any screen a
 * TMC operator (TMCA) or a patrol (PR) can open, nor on the main dialogs, in Malay and in English (each TMCA screen
 * once, the languages by turns: a CI run checked each twice, 9 of its minutes; the dialogs in both). The screens are
 * derived from the route permissions (src/lib/access.ts ROUTE_PERMISSIONS filtered by the role's permissions), the
 * routes with an id get a real case and the patrol's roster made through the API. A meta-test breaks a label on a
 * real screen and asserts the same check reports it (the check can fail). The patrol's screens are checked on its
 * tablet, screen by screen, by tablet-layout.test.ts (and at night by night-theme.test.ts). Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { can } from '@contract';
import type { ActivePrRow } from '@contract/incidents';
import { EVENT_TYPE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { ROUTE_PERMISSIONS } from '@/lib/access';
import { eventTypeOfRoute } from '@/lib/spec-routes';
import { LANGUAGE_STORAGE_KEY, type Language } from '@/lib/i18n';
import { settle, trackRequests } from './support/settle';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, signIn, syncReady, watchErrors } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { Api } from './support/api';
import { createCase, patrolOnShift } from './support/cases';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  rule: string;
  impact: string;
  target: string;
  html: string;
  help: string;
}

/**
 * The check: axe-core over the page (or a part of it), WCAG 2.0/2.1 A+AA rules plus label-content-name-mismatch
 * (WCAG 2.5.3, experimental in axe and so off by default), keeping the serious and critical violations, one row per
 * element.
 */
async function seriousViolations(page: Page, include?: string): Promise<Violation[]> {
  const builder = new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .setLegacyMode(true);
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: v.impact ?? '',
        target: n.target.map(String).join(' '),
        html: contrastOf(n) + n.html,
        help: v.help,
      })),
    );
}

/** For a contrast finding: the colours and ratio axe measured (to fix it without guessing). */
function contrastOf(n: { any: { id: string; data?: unknown }[] }): string {
  const d = n.any.find((c) => c.id === 'color-contrast')?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return d?.fgColor ? `${d.fgColor} on ${d.bgColor} = ${d.contrastRatio}: ` : '';
}

const table = (where: string, rows: Violation[]) =>
  rows
    .map(
      (r) => `${where.padEnd(44)} ${r.impact.padEnd(8)} ${r.rule.padEnd(30)} ${r.target.slice(0, 60).padEnd(60)} ${r.help} | ${r.html.slice(0, 160)}`,
    )
    .join('\n');

let server: RunningServer;
let browser: Browser;
let api: Api;
const users = await demoUsers();
const byName = (n: string) => users.find((u) => u.username === n)!;
const tmca = byName('tmca');
let patrol: E2eUser;
let roster: ActivePrRow;
let caseId: number;
let subformId: number;
/** every finding, printed once at the end as one table */
const found: string[] = [];

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  api = new Api(server.baseUrl);
  ({ patrol, roster } = await patrolOnShift(api, tmca, users));
  const created = await createCase(api, tmca, roster, EVENT_TYPE.ACCIDENT, '402.9', 'Ujian kebolehcapaian');
  caseId = created.pkIncidentId;
  subformId = created.subformId;
  // the patrol writes on the case: the operator's bell has a notification that opens the case dialog
  const wrote = await api.call(patrol, 'POST', PATHS.journalEntrySave, {
    pkIncidentId: caseId,
    incidentSubFormId: subformId,
    entry: 'Tiba di lokasi.',
  });
  expect(wrote.status).toBe(200);
});

afterAll(async () => {
  if (found.length) console.log(`serious/critical axe violations:\n${found.join('\n')}`);
  await browser?.close();
  await server?.stop();
});

/** The screens a role can open: every route its permissions allow, the ones with an id filled with real data. */
function screensFor(roleName: string): string[] {
  const out: string[] = [];
  for (const [path, permission] of Object.entries(ROUTE_PERMISSIONS)) {
    if (path === '/signout' || (permission !== null && !can(roleName, permission))) continue;
    if (!path.endsWith('/*')) {
      out.push(path);
      continue;
    }
    const r = roster.pkDutyRosterId;
    const withIds: Record<string, string[]> = {
      '/insidenView/*': [`/insidenView/${caseId}`],
      '/insiden/*': [`/insiden/${caseId}/${subformId}`],
      '/activitylog/*': [`/activitylog/${r}/view`, `/activitylog/${r}/edit`, `/activitylog/${r}/print`],
      '/senaraisemak/*': [`/senaraisemak/${r}`],
      '/laporanseksyen/*': [`/laporanseksyen/${roster.sectionId}`],
    };
    out.push(...(withIds[path] ?? []));
  }
  return out;
}

async function signedIn(
  user: E2eUser,
  lang: Language,
  size?: { width: number; height: number },
): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await newContext(browser, { baseUrl: server.baseUrl, ...size });
  await ctx.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, lang] as const);
  const page = await ctx.newPage();
  trackRequests(page);
  const errors = watchErrors(page);
  await signIn(page, user.username, user.password);
  // a patrol on shift lands on Syif saya (issue #30); the checks start from the dashboard as before
  await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/syifsaya');
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await syncReady(page);
  return { ctx, page, errors };
}

async function check(page: Page, where: string, include?: string): Promise<Violation[]> {
  await settle(page, where);
  const rows = await seriousViolations(page, include);
  if (rows.length) found.push(table(where, rows));
  return rows;
}

/**
 * The main dialogs, each opened the way the user opens it and checked while open: the top bar's sync panel, the
 * broadcast/alerts drawer, the notification list and the case dialog it opens (TMC), the user menu, and on the case
 * page the child-list editor (add a vehicle), the photo dialog, the map dialog (TMC) and a confirmation.
 */
async function dialogs(page: Page, roleName: string, lang: Language): Promise<string[]> {
  const failures: string[] = [];
  const at = async (name: string, open: () => Promise<void>, close: () => Promise<void> = () => page.keyboard.press('Escape')) => {
    await open();
    const rows = await check(page, `${roleName}/${lang} dialog ${name}`);
    if (rows.length) failures.push(table(name, rows));
    await close();
  };
  const testId = (id: string) => page.getByTestId(id);
  const gone = (id: string) => testId(id).waitFor({ state: 'hidden' });

  await page.goto(`/insidenView/${caseId}`);
  await testId('incident-detail').waitFor();
  await at(
    'sync panel',
    async () => {
      await testId('sync-status').click();
      await testId('sync-panel').waitFor();
    },
    async () => {
      await page.keyboard.press('Escape');
      await gone('sync-panel');
    },
  );
  await at(
    'user menu',
    async () => {
      await testId('user-menu').click();
      await testId('user-menu-logout').waitFor();
    },
    async () => {
      await page.keyboard.press('Escape');
      await gone('user-menu-logout');
    },
  );
  await at(
    'broadcast drawer',
    async () => {
      await testId('broadcast-button').click();
      await testId('comms-drawer').waitFor();
    },
    async () => {},
  );
  await at(
    'alerts drawer',
    async () => {
      await testId('mode-alerts').click();
      await testId('alert-list').waitFor();
    },
    async () => {
      await page.keyboard.press('Escape');
      await gone('comms-drawer');
    },
  );
  await at(
    'child-list editor (add a vehicle)',
    async () => {
      // the operator edits the whole case, the patrol its details
      await testId('detail-edit-details').or(testId('detail-edit')).first().click();
      await testId('child-add-involvedVehicle').click();
      await testId('child-dialog-involvedVehicle').waitFor();
    },
    async () => {
      await testId('child-dialog-cancel').click();
      await gone('child-dialog-involvedVehicle');
      await testId('detail-cancel-edit').click();
    },
  );
  if (roleName !== 'TMCA') {
    // the patrol adds the case's photos (Lampiran Media)
    await at(
      'media dialog',
      async () => {
        await testId('media-open-upload').click();
        await testId('media-dialog').waitFor();
      },
      async () => {
        await page.keyboard.press('Escape');
        await gone('media-dialog');
      },
    );
    return failures;
  }

  await at(
    'confirmation (cancel the case?)',
    async () => {
      await testId('detail-cancel-case').click();
      await testId('cancel-confirm').waitFor();
    },
    async () => {
      await testId('cancel-confirm-no').click();
      await gone('cancel-confirm');
    },
  );
  await at(
    'map dialog',
    async () => {
      await testId('detail-map').click();
      await testId('map-dialog').waitFor();
    },
    async () => {
      await testId('map-dialog-close').click();
      await gone('map-dialog');
    },
  );
  await at(
    'notifications',
    async () => {
      await testId('notification-bell').click();
      await testId('notification-item').first().waitFor();
    },
    async () => {},
  );
  await at(
    'case dialog',
    async () => {
      await testId('notification-item').first().click();
      await testId('case-dialog').getByTestId('incident-detail').waitFor();
    },
    async () => {
      await testId('case-dialog-close').click();
      await gone('case-dialog');
    },
  );
  return failures;
}

const ROLES = [
  { name: 'TMCA', user: () => tmca },
  { name: 'PR', user: () => patrol },
];
const LANGS: Language[] = ['ms', 'en'];

describe('axe: no serious or critical violation', () => {
  for (const role of ROLES) {
    // the patrol's screens are checked on its tablet by tablet-layout.test.ts (English at 1024×768, Malay at
    // 800×1280) and at night by night-theme.test.ts: here its main dialogs, in Malay
    const isPatrol = role.name === 'PR';
    for (const [n, lang] of LANGS.filter((l) => !isPatrol || l === 'ms').entries()) {
      // every screen once, in the two languages by turns (what axe checks does not change with the words; the words
      // are english.test.ts's), the main dialogs in both
      const what = isPatrol ? 'main dialog' : `${n === 0 ? 'first' : 'second'} of every two screens and main dialog`;
      it(`every ${what} of ${role.name} in ${lang}`, { timeout: 300_000 }, async () => {
        const { ctx, page, errors } = await signedIn(role.user(), lang);
        try {
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          const failures: string[] = [];
          for (const path of isPatrol ? [] : screensFor(role.name).filter((_, i) => i % LANGS.length === n)) {
            // client-side, as the menu's links go (the router follows history.pushState): no reload of the app per screen
            await page.evaluate((p) => window.history.pushState(window.history.state, '', p), path);
            // a §2.1 subform route lands on the new-case form with its type (src/lib/spec-routes.ts)
            const landing = eventTypeOfRoute(path) ? '/kesbaru' : path;
            await page.waitForURL((u) => u.pathname === landing);
            const rows = await check(page, `${role.name}/${lang} ${path}`);
            if (rows.length) failures.push(table(path, rows));
          }
          failures.push(...(await dialogs(page, role.name, lang)));
          expect(failures.join('\n')).toBe('');
          expect(errors).toEqual([]);
        } finally {
          await ctx.close();
        }
      });
    }
  }

  // a phone's width, where the menu is a drawer opened from the top bar (the patrol's tablet: tablet-layout.test.ts)
  it('the drawer menu of PR on a phone', { timeout: 300_000 }, async () => {
    const { ctx, page, errors } = await signedIn(patrol, 'ms', { width: 390, height: 844 });
    try {
      const failures: string[] = [];
      await page.goto('/');
      await page.getByTestId('menu-toggle').click();
      const drawer = page.getByRole('dialog');
      await drawer.getByTestId('side-nav').waitFor();
      const rows = await check(page, 'PR/phone drawer menu');
      if (rows.length) failures.push(table('drawer menu', rows));
      expect(failures.join('\n')).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('fails on a deliberately broken label (the check can fail)', async () => {
    const { ctx, page } = await signedIn(tmca, 'ms');
    try {
      await page.goto('/incident');
      await page.getByTestId('list-size').waitFor();
      await settle(page, 'meta /incident');
      const before = await seriousViolations(page);
      // a form control of the real screen loses every name it had, and an unnamed field is added
      await page.evaluate(() => {
        const select = document.querySelector('[data-testid=list-size]')!;
        select.removeAttribute('aria-label');
        select.removeAttribute('aria-labelledby');
        select.setAttribute('id', 'broken-select');
        for (const l of document.querySelectorAll('label[for=broken-select]')) l.remove();
        const input = document.createElement('input');
        input.type = 'text';
        input.id = 'broken-input';
        document.querySelector('main')!.append(input);
      });
      const after = await seriousViolations(page);
      expect(after.length).toBeGreaterThan(before.length);
      expect(after.map((r) => `${r.rule} ${r.target}`)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^select-name .*broken-select/), expect.stringMatching(/^label .*broken-input/)]),
      );
    } finally {
      await ctx.close();
    }
  });
});
