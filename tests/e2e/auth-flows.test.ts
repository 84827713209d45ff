/**
 * (b) signed-out redirects, (c) a wrong password shows the server's message, (d) the forced password reset of
 * user `baharu`, and the §4.1 token check on route change. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PATHS } from '@contract';
import { startServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, signIn, watchErrors } from './support/browser';
import { demoUsers } from './support/users';

let server: RunningServer;
let browser: Browser;
const users = await demoUsers();
const tmca = users.find((u) => u.roleName === 'TMCA')!;
const pr = users.find((u) => u.roleName === 'PR');
const baharu = users.find((u) => u.username === 'baharu') ?? {
  username: 'baharu',
  password: 'Lebuhraya@2026',
  roleName: 'TMCA',
  roleId: 104,
  displayName: '',
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { statusCode: number; statusMsg: string; body: Record<string, unknown> } };
}

describe('signed out (§2.2)', () => {
  it('/ and /listingroster go to /signin; the username check stays and works', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto('/');
      await page.waitForURL((u) => u.pathname === '/signin');
      await page.getByTestId('signin-username').waitFor();
      expect(await page.getByTestId('side-nav').count()).toBe(0);

      await page.goto('/listingroster');
      await page.waitForURL((u) => u.pathname === '/signin');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/listingroster');

      await page.goto('/primesupport');
      await page.waitForURL((u) => u.pathname === '/signin');

      await page.goto('/maintenance/checkusername');
      await page.getByTestId('check-username').fill(tmca.username);
      await page.getByTestId('check-submit').click();
      const result = page.getByTestId('check-result');
      await result.waitFor();
      expect(new URL(page.url()).pathname).toBe('/maintenance/checkusername');
      expect(await result.getAttribute('data-exists')).toBe('true');
      expect(await result.getAttribute('data-active')).toBe('true');
      expect(await page.getByTestId('check-authtype').textContent()).toBeTruthy();
      expect(await page.getByTestId('side-nav').count()).toBe(0);

      // the §2.2 name of the same screen
      await page.goto('/usernamechecker');
      await page.waitForURL((u) => u.pathname === '/maintenance/checkusername');

      // from the sign-in page, the link to the username check
      await page.goto('/signin');
      await page.getByTestId('link-checkusername').click();
      await page.waitForURL((u) => u.pathname === '/maintenance/checkusername');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('after signing in, the user is taken to the page it asked for', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    const page = await ctx.newPage();
    try {
      await page.goto('/listingroster');
      await page.waitForURL((u) => u.pathname === '/signin');
      await page.getByTestId('signin-username').fill(tmca.username);
      await page.getByTestId('signin-password').fill(tmca.password);
      await page.getByTestId('signin-submit').click();
      await page.waitForURL((u) => u.pathname === '/listingroster');
      await page.getByTestId('roster-table').waitFor();

      // read-only list of today's rosters; the section filter and paging travel in the URL
      await page.getByTestId('roster-row').first().waitFor();
      expect(await page.getByTestId('roster-pageinfo').textContent()).toMatch(/^1–\d+ daripada \d+$/);
      const section = (await page.getByTestId('roster-row').first().locator('td').nth(1).textContent())!.trim();
      const value = await page
        .getByTestId('roster-section')
        .locator('option')
        .evaluateAll((os, name) => (os as HTMLOptionElement[]).find((o) => o.textContent?.trim().startsWith(`${name} `))?.value ?? '', section);
      expect(value).not.toBe('');
      await page.getByTestId('roster-section').selectOption(value);
      await page.waitForURL((u) => u.searchParams.get('sectionId') === value);
      await page.waitForFunction((name) => {
        const rows = [...document.querySelectorAll('[data-testid=roster-row]')];
        return rows.length > 0 && rows.every((r) => r.querySelectorAll('td')[1]?.textContent?.trim() === name);
      }, section);
    } finally {
      await ctx.close();
    }
  });
});

describe('sign-in errors (§8)', () => {
  it('a wrong password shows the server code and message', async () => {
    // what the server says for this case, straight from the API
    const direct = await api(PATHS.login, { username: pr?.username ?? tmca.username, password: 'salah-sama-sekali' });
    expect(direct.status).toBe(401);
    const expected = `${direct.json.body.errorCode}: ${direct.json.statusMsg}`;

    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    const page = await ctx.newPage();
    try {
      await signIn(page, pr?.username ?? tmca.username, 'juga-salah-123');
      const alert = page.getByTestId('signin-error');
      await alert.waitFor();
      expect(await alert.textContent()).toContain(expected);
      expect(expected.startsWith('INVALID_CREDENTIALS: ')).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/signin');

      // the show-password toggle
      const pw = page.getByTestId('signin-password');
      expect(await pw.getAttribute('type')).toBe('password');
      await page.getByTestId('toggle-password').click();
      expect(await pw.getAttribute('type')).toBe('text');
    } finally {
      await ctx.close();
    }
  });
});

describe('forced password reset (§8 resetpassword)', () => {
  it('baharu is sent to /resetpassword and, after resetting, lands on the dashboard', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const newPassword = 'Lebuhraya#2027baru';
    try {
      await signIn(page, baharu.username, baharu.password);
      await page.waitForURL((u) => u.pathname === '/resetpassword');
      expect(new URL(page.url()).searchParams.get('username')).toBe(baharu.username);
      expect(await page.getByTestId('reset-username').inputValue()).toBe(baharu.username);

      await page.getByTestId('reset-old').fill(baharu.password);
      await page.getByTestId('reset-new').fill(newPassword);
      await page.getByTestId('reset-confirm').fill(newPassword);
      await page.getByTestId('reset-submit').click();
      await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
      await page.getByTestId('dashboard').waitFor();
      await page.getByTestId('side-nav').waitFor();

      // the new password works, the old one no longer does
      await page.goto('/signout');
      await page.waitForURL((u) => u.pathname === '/signin');
      expect((await api(PATHS.login, { username: baharu.username, password: baharu.password })).status).toBe(401);
      await signIn(page, baharu.username, newPassword);
      await page.waitForURL((u) => u.pathname === '/');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe('token check on route change (§4.1)', () => {
  it('a revoked token sends the user to /signin with "Ops! Please try again."', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    const page = await ctx.newPage();
    try {
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByTestId('dashboard').waitFor();

      // sign the same user out elsewhere: the server revokes every token of the user
      const other = await api(PATHS.login, { username: tmca.username, password: tmca.password });
      expect(other.status).toBe(200);
      expect((await api(PATHS.logout, {}, String(other.json.body.token))).status).toBe(200);

      // the next request finds the token revoked: the user's click, or a background poll that got there first (then
      // the menu is already gone and the click has nothing to click)
      const onSignin = page.waitForURL((u) => u.pathname === '/signin', { timeout: 20_000 });
      await Promise.race([
        page
          .locator('[data-testid=side-nav] [data-menu-key=rosterList]')
          .click({ timeout: 20_000 })
          .catch(() => onSignin),
        onSignin,
      ]);
      await onSignin;
      await page.getByTestId('signin-expired').waitFor();
      expect(await page.getByTestId('signin-expired').textContent()).toContain('Ops! Please try again.');
      await page.getByText('Ops! Please try again.').first().waitFor();

      // token and user data are gone
      await page.goto('/');
      await page.waitForURL((u) => u.pathname === '/signin');
    } finally {
      await ctx.close();
    }
  });
});

describe('session storage (§4.1) and the on-demand chrome', () => {
  const idbSession = (page: import('playwright-core').Page) =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          // the app writes its copy once the first screen has painted: until then there may be no database, which
          // this probe must not create (the upgrade is aborted and counts as none)
          const req = indexedDB.open('lebuhraya-ops');
          req.onupgradeneeded = () => req.transaction!.abort();
          req.onerror = () => (req.error?.name === 'AbortError' ? resolve(0) : reject(req.error));
          req.onsuccess = () => {
            const db = req.result;
            if (!db.objectStoreNames.contains('session')) {
              db.close();
              resolve(0);
              return;
            }
            const count = db.transaction('session').objectStore('session').count();
            count.onsuccess = () => {
              db.close();
              resolve(count.result);
            };
          };
        }),
    );

  it('the session is mirrored in localStorage and held in IndexedDB; an IndexedDB-only session still loads; the user menu signs out', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    try {
      await signIn(page, tmca.username, tmca.password);
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByTestId('dashboard').waitFor();
      const mirror = JSON.parse((await page.evaluate(() => localStorage.getItem('lebuhraya.session')))!);
      expect(mirror.user.userId).toBe(tmca.username);
      expect(mirror.token.length).toBeGreaterThan(5);
      await expect.poll(() => idbSession(page)).toBe(1);

      // a device signed in by an earlier build has the session in IndexedDB only
      await page.evaluate(() => localStorage.removeItem('lebuhraya.session'));
      await page.reload();
      await page.getByTestId('dashboard').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate(() => localStorage.getItem('lebuhraya.session'))).toContain(mirror.token);

      // a tooltip loads on the first hover
      await page.getByTestId('menu-toggle').hover();
      await page.mouse.move(30, 34);
      await page.locator('[data-scope=tooltip][data-part=content]', { hasText: 'Kecilkan menu' }).waitFor();

      // the user menu loads on the first click and signs out
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await page.waitForURL((u) => u.pathname === '/signin');
      expect(await page.evaluate(() => localStorage.getItem('lebuhraya.session'))).toBe('null');
      await expect.poll(() => idbSession(page)).toBe(0);
      await page.goto('/');
      await page.waitForURL((u) => u.pathname === '/signin');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
