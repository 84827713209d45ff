/**
 * (e) The service worker: after one visit the shell and /signin load with the network off; a signed-in user gets
 * the shell and the last roster copy; API answers are never cached. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, signIn, watchErrors } from './support/browser';
import { demoUsers } from './support/users';

let server: RunningServer;
let browser: Browser;
const users = await demoUsers();
const tmca = users.find((u) => u.roleName === 'TMCA')!;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until a service worker is active and controls the page. */
async function swControls(page: Page) {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
        setTimeout(resolve, 5_000);
      });
    }
    return reg.active?.state;
  });
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

describe('offline (service worker)', () => {
  it('the sign-in page loads with the network off after one visit', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto('/signin');
      await page.getByTestId('signin-username').waitFor();
      await swControls(page);

      // only the app shell is precached; no API answer is
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
        return urls;
      });
      expect(cached.some((u) => u === '/index.html')).toBe(true);
      expect(cached.some((u) => /^\/(rest|public|healthz)/.test(u))).toBe(false);

      await ctx.setOffline(true);
      await page.reload();
      await page.getByTestId('signin-username').waitFor();
      await page.getByTestId('signin-submit').waitFor();

      // a deep link also comes from the cache (navigation fallback to index.html), then the guard sends it to /signin
      await page.goto('/listingroster');
      await page.waitForURL((u) => u.pathname === '/signin');
      await page.getByTestId('signin-username').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('a signed-in user gets the shell, its on-demand menus and the last copy of today’s rosters offline', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    try {
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByTestId('dashboard').waitFor();
      // wait for the first answer (and its offline copy)
      await page.waitForFunction(() => !document.querySelector('[data-testid=dashboard-loading]'));
      const cards = await page.getByTestId('roster-card').count();
      await swControls(page);

      await ctx.setOffline(true);
      await page.reload();
      await page.getByTestId('app-shell').waitFor();
      await page.getByTestId('side-nav').waitFor();
      await page.getByTestId('offline-banner').waitFor();
      if (cards > 0) {
        await page.getByTestId('dashboard-cached').waitFor();
        expect(await page.getByTestId('roster-card').count()).toBe(cards);
      }
      // what loads on first use (menus, drawers) comes from the precache too
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('broadcast-button').click();
      await page.getByTestId('comms-drawer').waitFor();
      await ctx.setOffline(false);
    } finally {
      await ctx.close();
    }
  });
});
