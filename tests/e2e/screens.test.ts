/**
 * (f) Screenshots of the main screens at 800×1280, 1024×768 and 1440×900 (test-results/screenshots), with layout
 * checks: no sideways scrolling of the page, touch targets of the chrome at least 44 px. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors } from './support/browser';
import { demoUsers } from './support/users';

let server: RunningServer;
let browser: Browser;
const users = await demoUsers();
const byRole = (r: string) => users.find((u) => u.roleName === r)!;

const SIZES = [
  { width: 800, height: 1280 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Every visible button and link of the top bar and side menu is at least 44 px high (touch). */
async function touchTargets(page: Page) {
  const small = await page.evaluate(() => {
    const out: string[] = [];
    document
      .querySelectorAll(
        '[data-testid=top-bar] button, [data-testid=top-bar] a, [data-testid=side-nav] a, [data-testid=side-nav] button, [data-testid=side-nav] [data-menu-key]',
      )
      .forEach((el) => {
        const r = (el as HTMLElement).getBoundingClientRect();
        if (r.width > 0 && r.height > 0 && r.height < 43.5)
          out.push(`${el.getAttribute('data-menu-key') ?? el.getAttribute('aria-label') ?? el.textContent} ${r.height}`);
      });
    return out;
  });
  expect(small).toEqual([]);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(400);
}

describe('screens at tablet and desktop sizes', () => {
  for (const size of SIZES) {
    const tag = `${size.width}x${size.height}`;
    it(`sign-in, dashboard, roster list, drawer at ${tag}`, async () => {
      const ctx = await newContext(browser, { baseUrl: server.baseUrl, ...size });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      try {
        await page.goto('/signin');
        await page.getByTestId('signin-username').waitFor();
        await settle(page);
        await noSidewaysScroll(page);
        await screenshot(page, `signin-${tag}`);

        await page.goto('/maintenance/checkusername');
        await page.getByTestId('check-username').fill(byRole('TMCA').username);
        await page.getByTestId('check-submit').click();
        await page.getByTestId('check-result').waitFor();
        await noSidewaysScroll(page);
        await screenshot(page, `checkusername-${tag}`);

        const tmca = byRole('TMCA');
        await signIn(page, tmca.username, tmca.password);
        await page.waitForURL((u) => u.pathname === '/');
        await page.getByTestId('dashboard').waitFor();
        await page.waitForFunction(() => !document.querySelector('[data-testid=dashboard-loading]'));
        await settle(page);
        await noSidewaysScroll(page);
        if (size.width >= 768) await touchTargets(page);
        await screenshot(page, `dashboard-${tag}`);

        await page.goto('/listingroster');
        await page.getByTestId('roster-table').waitFor();
        await settle(page);
        await noSidewaysScroll(page);
        await screenshot(page, `listingroster-${tag}`);

        await page.getByTestId('broadcast-button').click();
        await page.getByTestId('comms-drawer').waitFor();
        await page.getByTestId('broadcast-input').fill(`Ujian siaran ${tag}: lorong kiri KM 245.3 arah utara ditutup sementara.`);
        await page.getByTestId('broadcast-send').click();
        await page.getByTestId('broadcast-item').first().waitFor();
        await settle(page);
        const drawerWidth = await page.getByTestId('comms-drawer').evaluate((e) => e.getBoundingClientRect().width);
        expect(Math.round(drawerWidth)).toBe(300);
        await screenshot(page, `drawer-broadcast-${tag}`);
        await page.getByTestId('mode-alerts').click();
        await page.getByTestId('alert-list').waitFor();
        await settle(page);
        await screenshot(page, `drawer-alerts-${tag}`);
        await page.keyboard.press('Escape');

        await page.getByTestId('notification-bell').click();
        await page.getByTestId('notification-list').waitFor();
        const listHeight = await page.getByTestId('notification-list').evaluate((e) => e.getBoundingClientRect().height);
        expect(listHeight).toBeLessThanOrEqual(300);
        await settle(page);
        await screenshot(page, `bell-${tag}`);
        await page.keyboard.press('Escape');

        await page.goto('/signout');
        await page.waitForURL((u) => u.pathname === '/signin');

        const admin = byRole('Administrator');
        await signIn(page, admin.username, admin.password);
        await page.waitForURL((u) => u.pathname === '/primesupport');
        await page.getByTestId('support-health').waitFor();
        await settle(page);
        await noSidewaysScroll(page);
        await screenshot(page, `primesupport-${tag}`);
        await page.goto('/signout');
        await page.waitForURL((u) => u.pathname === '/signin');

        const plain = byRole('User');
        await signIn(page, plain.username, plain.password);
        await page.waitForURL((u) => u.pathname === '/');
        await page.getByTestId('welcome-card').waitFor();
        await settle(page);
        await noSidewaysScroll(page);
        await screenshot(page, `welcome-${tag}`);

        expect(errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }
});
