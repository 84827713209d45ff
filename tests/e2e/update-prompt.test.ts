/**
 * The service-worker update flow: a waiting version shows 'Versi baharu tersedia' with 'Muat semula'; nothing
 * reloads until the user clicks; after the click the new version controls the page. Runs the real server on a
 * private copy of dist/client so the worker file can be changed. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { CLIENT_DIR, startServer, type RunningServer } from './support/server';
import { launchBrowser, newContext } from './support/browser';

let server: RunningServer;
let browser: Browser;
let clientCopy: string;

beforeAll(async () => {
  clientCopy = await mkdtemp(path.join(os.tmpdir(), 'lebuhraya-client-'));
  await cp(CLIENT_DIR, clientCopy, { recursive: true });
  server = await startServer({ env: { CLIENT_DIR: clientCopy } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (clientCopy) await rm(clientCopy, { recursive: true, force: true });
});

describe('new version prompt', () => {
  it("shows 'Versi baharu tersedia' and reloads only on 'Muat semula'", async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    try {
      await page.goto('/signin');
      await page.getByTestId('signin-username').waitFor();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const active = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
      expect(active).toMatch(/\/sw\.js$/);

      // a new build of the worker appears on the server
      await appendFile(path.join(clientCopy, 'sw.js'), `\n// e2e new version ${Date.now()}\n`);
      await page.evaluate(() => {
        (window as unknown as { __marker: number }).__marker = 42;
      });
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        await reg?.update();
      });

      const prompt = page.getByTestId('update-prompt');
      await prompt.waitFor({ timeout: 30_000 });
      expect(await prompt.textContent()).toContain('Versi baharu tersedia');
      expect(await prompt.textContent()).toContain('Muat semula');

      // no forced reload: the page (and its marker) is still the same a while later
      await page.waitForTimeout(1_500);
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

      await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), page.getByTestId('update-reload').click()]);
      await page.getByTestId('signin-username').waitFor();
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      expect(await page.getByTestId('update-prompt').count()).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
