/** Headless system Chromium through playwright-core. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { clockIsSet, nowMs } from '../../../server/lib/clock';
import { ROOT } from './server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface ContextOptions {
  baseUrl: string;
  width?: number;
  height?: number;
  serviceWorkers?: 'allow' | 'block';
  /** the page clock's instant (epoch ms), running on from there; default: the server clock's when it is set */
  clockAt?: number;
  /** accept a self-signed certificate (the HTTPS of a test's own nginx) */
  ignoreHTTPSErrors?: boolean;
}

/** A fresh profile (own IndexedDB, caches, service workers) per context. */
export async function newContext(browser: Browser, o: ContextOptions): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL: o.baseUrl,
    viewport: { width: o.width ?? 1440, height: o.height ?? 900 },
    serviceWorkers: o.serviceWorkers ?? 'block',
    locale: 'ms-MY',
    timezoneId: 'Asia/Kuala_Lumpur',
    ignoreHTTPSErrors: o.ignoreHTTPSErrors,
  });
  ctx.setDefaultTimeout(20_000);
  ctx.setDefaultNavigationTimeout(30_000);
  // with the clock set (LEBUHRAYA_CLOCK, server/lib/clock.ts) the pages read the server's instant too; it runs on
  // at the real pace from there
  if (o.clockAt !== undefined) await ctx.clock.install({ time: o.clockAt });
  else if (clockIsSet()) await ctx.clock.install({ time: nowMs() });
  return ctx;
}

/** Collects page errors and CSP violations, so a test can assert the app ran cleanly under the server's CSP. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) errors.push(`csp: ${m.text()}`);
  });
  return errors;
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/signin');
  await page.getByTestId('signin-username').fill(username);
  await page.getByTestId('signin-password').fill(password);
  await page.getByTestId('signin-submit').click();
}

/**
 * Waits until the offline sync has started and read the device's outbox (the top bar's `data-ready`). Its code loads
 * after the first paint; with the service worker blocked (these tests' default) a page taken offline before that
 * has no sync until the browser is back online (src/lib/idle.ts startWhenIdle), and its unsent count is not known.
 */
export async function syncReady(page: Page) {
  await page.locator('[data-testid=sync-status][data-ready]').waitFor({ state: 'attached' });
}

export async function screenshot(page: Page, name: string) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Waits until the service worker controls the page (its precache holds every chunk: the app then works offline). */
export async function swControlling(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
        setTimeout(resolve, 5_000);
      });
    }
  });
}

/** Waits until the device's cache (IndexedDB userCache) holds these keys: the local store fills them after sign-in. */
export async function deviceHas(page: Page, keys: string[]) {
  await expect
    .poll(
      () =>
        page.evaluate(async (want) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const r = indexedDB.open('lebuhraya-ops');
            r.onsuccess = () => resolve(r.result);
            r.onerror = () => reject(r.error);
          });
          const rows = await new Promise<{ key: string }[]>((resolve, reject) => {
            const r = db.transaction('userCache').objectStore('userCache').getAll();
            r.onsuccess = () => resolve(r.result as { key: string }[]);
            r.onerror = () => reject(r.error);
          });
          db.close();
          const have = new Set(rows.map((r) => r.key));
          return want.filter((k) => !have.has(k));
        }, keys),
      { timeout: 30_000 },
    )
    .toEqual([]);
}

/**
 * Waits until a dialog is closed: gone from the page, or closing (its Ark content says data-state="closed"). The
 * dialog unmounts after its exit animation, and the presence machine starts watching for that animation's end in a
 * requestAnimationFrame: with Playwright's clock installed that frame runs on the page's clock while the CSS animation
 * runs on the real one, so on a loaded machine the animation can end before it is watched and the closed dialog stays
 * in the DOM (invisible). A real browser runs the frame before the animation moves on.
 */
export async function dialogClosed(dialog: Locator, timeout = 20_000) {
  await expect
    .poll(() => dialog.evaluateAll((els) => els.every((e) => e.getAttribute('data-state') === 'closed')), { timeout, interval: 100 })
    .toBe(true);
}

/**
 * Opens a route inside the running app, as its links do (the router follows the browser's history), not with a
 * reload (a second or two each), and waits for the screen's root (`ready`, by default `main`).
 */
export async function goInApp(page: Page, route: string, ready = 'main') {
  await page.evaluate((p) => {
    history.pushState(history.state, '', p);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, route);
  await page.waitForURL((u) => u.pathname === route.split('?')[0]);
  await page.locator(ready).first().waitFor();
}

/**
 * The page's requests on their way, counted from the call on: `idle()` once none is. For `fastForwardWhenIdle`.
 */
export function trackRequests(page: Page) {
  const open = new Set<unknown>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return { inFlight: () => open.size };
}

/**
 * Moves the page's clock on `ms` at once (Playwright's fastForward), once none of its requests is on its way. The jump
 * fires every timer that falls due before its end, a request's 30 s timeout (ky, src/lib/api.ts) among them: a
 * request on its way then is aborted as timed out, and a poll that joined it waits a whole period more. Bringing a
 * page to the front is such a moment (TanStack Query asks its stale lists again on focus): the short wait lets the
 * request that starts then be counted.
 */
export async function fastForwardWhenIdle(page: Page, requests: ReturnType<typeof trackRequests>, ms: number) {
  await new Promise((r) => setTimeout(r, 500));
  await expect.poll(() => requests.inFlight(), { timeout: 20_000 }).toBe(0);
  await page.clock.fastForward(ms);
}
