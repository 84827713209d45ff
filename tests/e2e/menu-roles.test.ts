/**
 * (a) Every demo user signs in; the side menu shows exactly menuFor(roleName) (§2.3, §6), role id 1 lands on
 * /primesupport, the others on / (dashboard or welcome card), and the bell shows for TMCA/TMCS only (§2.4).
 * Needs `npm run build` (dist/client + dist/server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { can, menuFor, menuKeysFor, showsNotificationBell } from '@contract';
import { ms } from '@/lib/i18n/ms';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, signIn, watchErrors } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';

let server: RunningServer;
let browser: Browser;
const users: E2eUser[] = await demoUsers();

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const IMPLEMENTED = new Set([
  '/',
  '/syifsaya',
  '/kesbaru',
  '/draf',
  '/cariankes',
  '/cariantmclogsheet',
  '/listingroster',
  '/map',
  '/primesupport',
  '/dailyactivitylog',
  '/reportsenaraisemak',
  '/reportingmodule',
  '/laporaninsiden',
  '/laporanmasalebuhraya',
  '/laporanmasabertugas',
  '/laporanpenggunaankenderaan',
  '/laporanrondaan',
  '/laporanjenisbantuan',
  '/signout',
]);

describe('sign-in and menu per role', () => {
  it('has demo users for every role of the contract that the seed provides', () => {
    expect(users.length).toBeGreaterThan(0);
  });

  for (const user of users) {
    it(`${user.username} (${user.roleName}) lands right and sees exactly its menu`, async () => {
      const ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1440, height: 900 });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      try {
        await signIn(page, user.username, user.password);
        const landing = user.roleId === 1 ? '/primesupport' : '/';
        // a patrol on shift lands on Syif saya (issue #30)
        await page.waitForURL(
          (u) => u.pathname === landing || u.pathname === '/resetpassword' || (user.roleName === 'PR' && u.pathname === '/syifsaya'),
          {
            timeout: 20_000,
          },
        );
        if (new URL(page.url()).pathname === '/resetpassword') {
          // a user who must change the password first (seed: resetPasswordCount 0); auth-flows.test.ts covers it
          const next = `${user.password}-Baru1`;
          await page.getByTestId('reset-old').fill(user.password);
          await page.getByTestId('reset-new').fill(next);
          await page.getByTestId('reset-confirm').fill(next);
          await page.getByTestId('reset-submit').click();
          await page.waitForURL((u) => u.pathname === landing, { timeout: 30_000 });
        }
        await page.getByTestId('side-nav').waitFor();

        // exactly the §6 menu, in order
        const keys = await page
          .locator('[data-testid=side-nav] [data-menu-key]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-key')));
        expect(keys).toEqual(menuKeysFor(user.roleName));

        // labels are the Malay product texts; screens still to come are disabled with 'Akan datang'
        for (const item of menuFor(user.roleName).flatMap((i) => [i, ...(i.children ?? [])])) {
          const el = page.locator(`[data-testid=side-nav] [data-menu-key="${item.key}"]`);
          await expect(el.textContent()).resolves.toContain(ms[item.labelKey as keyof typeof ms]);
          if (!item.children) {
            const available = IMPLEMENTED.has(item.path);
            expect(await el.getAttribute('data-available'), item.key).toBe(String(available));
            if (!available) {
              expect(await el.getAttribute('aria-disabled')).toBe('true');
              await expect(el.textContent()).resolves.toContain('Akan datang');
            }
          }
        }
        await expect(page.locator('[data-testid=side-nav] [data-testid=app-version]').textContent()).resolves.toContain('2.0.3.1.84');

        // the bell: TMC roles only, never TSTE
        const bells = await page.getByTestId('notification-bell').count();
        expect(bells).toBe(showsNotificationBell(user.roleName) ? 1 : 0);
        expect(bells).toBe(['TMCA', 'TMCS'].includes(user.roleName) ? 1 : 0);

        // top bar: date, broadcast button, the user's name and role
        await expect(page.getByTestId('top-date').textContent()).resolves.toMatch(/\d{2}-\d{2}-\d{4}/);
        expect(await page.getByTestId('broadcast-button').count()).toBe(1);
        await expect(page.getByTestId('user-name').textContent()).resolves.toBe(user.displayName);
        await expect(page.getByTestId('user-role').textContent()).resolves.toBe(user.roleName);

        // landing content
        if (user.roleId === 1) await page.getByText('Sokongan Sistem').first().waitFor();
        else if (new URL(page.url()).pathname === '/syifsaya') await page.getByTestId('ms-screen').waitFor();
        else if (can(user.roleName, 'dashboard')) await page.getByTestId('dashboard').waitFor();
        else await page.getByTestId('welcome-card').waitFor();

        // sign out clears the session: / goes back to /signin
        await page.goto('/signout');
        await page.waitForURL((u) => u.pathname === '/signin');
        await page.goto('/');
        await page.waitForURL((u) => u.pathname === '/signin');
        expect(errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }
});
