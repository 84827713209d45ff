/**
 * Exactly-once delivery of the outbox (issue #4), in the real browser against the real server: a server killed in
 * the middle of a replay, a token that expires while 50 items wait, two tabs, and a connection that flaps while the
 * patrol writes 60 entries (sized by entries, not by the clock: a slow machine writes the same, only slower). Needs a build (`DIST_DIR=… npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { IncidentView, JournalEntry } from '@contract/incidents';
import { PATHS } from '@contract/paths';
import { startServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, signIn, syncReady, watchErrors } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { Api, until } from './support/api';

let browser: Browser;
const users = await demoUsers();
const pr = users.find((u) => u.roleName === 'PR')!;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openCase(ctx: BrowserContext, user: E2eUser, incidentId: number, page?: Page): Promise<Page> {
  const p = page ?? (await ctx.newPage());
  if (!page) {
    await signIn(p, user.username, user.password);
    await p.waitForURL((u) => u.pathname !== '/signin');
  }
  await p.goto(`/insidenView/${incidentId}`);
  await p.getByTestId('journal-panel').waitFor();
  // the sync's code loads after the first paint: a page taken offline before it has no unsent count until it is online
  await syncReady(p);
  return p;
}

/** Writes one journal entry and waits until the panel took it (sent, or kept on the device). */
async function writeEntry(page: Page, text: string) {
  const input = page.getByTestId('journal-input');
  await input.fill(text);
  await page.getByTestId('journal-send').click();
  await page.waitForFunction(() => (document.querySelector('[data-testid=journal-input]') as HTMLTextAreaElement | null)?.value === '', undefined, {
    timeout: 30_000,
  });
}

const texts = async (api: Api, incidentId: number) =>
  ((await api.call<JournalEntry[]>(pr, 'GET', PATHS.journalByIncident(incidentId))).body ?? [])
    .slice()
    .sort((a, b) => a.pkJournalEntryId - b.pkJournalEntryId)
    .map((e) => e.entry);

/** Every written text is on the server exactly once, in the order written. */
async function expectExactlyOnce(api: Api, incidentId: number, prefix: string, written: string[]) {
  const mine = (await texts(api, incidentId)).filter((t) => t.startsWith(prefix));
  expect(mine).toEqual(written);
}

/** The unsent count of the top bar (data-unsent of the sync status button). */
async function unsentCount(page: Page): Promise<number> {
  const v = await page.getByTestId('sync-status').getAttribute('data-unsent');
  return Number(v ?? 'NaN');
}

describe('outbox: exactly once', () => {
  let server: RunningServer;
  let api: Api;
  let cases: IncidentView[];

  beforeAll(async () => {
    server = await startServer();
    api = new Api(server.baseUrl);
    cases = await api.openCases(pr, { assignedToCaller: true, limit: 3 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the server is killed in the middle of a replay and started again: nothing lost, nothing doubled', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    const errors: string[] = [];
    try {
      const page = await openCase(ctx, pr, cases[0].pkIncidentId);
      errors.push(...watchErrors(page));
      await ctx.setOffline(true);
      const written: string[] = [];
      for (let i = 1; i <= 30; i++) {
        const t = `Mati-hidup ${String(i).padStart(2, '0')}`;
        await writeEntry(page, t);
        written.push(t);
      }
      // the top bar's count follows the outbox a moment after the last write
      await expect.poll(() => unsentCount(page), { timeout: 10_000 }).toBe(30);
      await ctx.setOffline(false);
      // some have arrived: kill the server in the middle of the replay
      await until(
        'the first entries on the server',
        async () => (await texts(api, cases[0].pkIncidentId)).filter((t) => t.startsWith('Mati-hidup')).length >= 3,
        30_000,
        50,
      );
      await server.kill();
      await new Promise((r) => setTimeout(r, 1_500));
      server = await startServer({ port: server.port, dataDir: server.dataDir });
      api = new Api(server.baseUrl);
      await until(
        'all 30 entries on the server',
        async () => (await texts(api, cases[0].pkIncidentId)).filter((t) => t.startsWith('Mati-hidup')).length >= 30,
        90_000,
      );
      await until('an empty outbox', async () => (await unsentCount(page)) === 0, 30_000);
      await expectExactlyOnce(api, cases[0].pkIncidentId, 'Mati-hidup', written);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('two tabs open: each item is sent once', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    const keys: string[] = [];
    // requests the server answered: an attempt that died on the device's lost connection (counted by 'request') never
    // reached it and is no second sending
    ctx.on('requestfinished', (req) => {
      if (req.method() === 'POST' && req.url().endsWith(PATHS.journalEntrySave)) keys.push(req.headers()['idempotency-key'] ?? 'none');
    });
    try {
      const a = await openCase(ctx, pr, cases[1].pkIncidentId);
      const b = await openCase(ctx, pr, cases[1].pkIncidentId, await ctx.newPage());
      await ctx.setOffline(true);
      const written: string[] = [];
      for (let i = 1; i <= 6; i++) {
        const t = `Dua-tab ${i}`;
        await writeEntry(i % 2 ? a : b, t);
        written.push(t);
      }
      await ctx.setOffline(false);
      await until(
        'all entries on the server',
        async () => (await texts(api, cases[1].pkIncidentId)).filter((t) => t.startsWith('Dua-tab')).length >= 6,
        60_000,
      );
      await until('both tabs see an empty outbox', async () => (await unsentCount(a)) === 0 && (await unsentCount(b)) === 0, 30_000);
      await expectExactlyOnce(api, cases[1].pkIncidentId, 'Dua-tab', written);
      expect(keys).toHaveLength(6);
      expect(new Set(keys).size).toBe(6);
      expect(keys).not.toContain('none');
    } finally {
      await ctx.close();
    }
  });

  it('the connection flaps on and off while the patrol writes 60 entries: the server ends with exactly what was written', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    try {
      const page = await openCase(ctx, pr, cases[2].pkIncidentId);
      const written: string[] = [];
      let offline = false;
      let stop = false;
      const flapper = (async () => {
        let k = 0;
        while (!stop) {
          await new Promise((r) => setTimeout(r, 2_000 + ((k++ * 1_300) % 3_000)));
          if (stop) break;
          offline = !offline;
          await ctx.setOffline(offline);
        }
      })();
      for (let i = 0; i < 60; ) {
        const t = `Kelip ${String(++i).padStart(3, '0')}`;
        await writeEntry(page, t);
        written.push(t);
        await new Promise((r) => setTimeout(r, 700));
      }
      stop = true;
      await flapper;
      await ctx.setOffline(false);
      expect(written.length).toBeGreaterThan(40);
      await until(
        'every entry on the server',
        async () => (await texts(api, cases[2].pkIncidentId)).filter((t) => t.startsWith('Kelip')).length >= written.length,
        120_000,
      );
      await until('an empty outbox', async () => (await unsentCount(page)) === 0, 30_000);
      await expectExactlyOnce(api, cases[2].pkIncidentId, 'Kelip', written);
    } finally {
      await ctx.close();
    }
  }, 360_000);
});

describe('outbox: token expiry', () => {
  let server: RunningServer;
  let api: Api;

  beforeAll(async () => {
    // long enough for the sign-in and the first screen under load, short enough not to wait long for it to expire
    server = await startServer({ env: { JWT_TTL: '30s' } });
    api = new Api(server.baseUrl);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the token expires while 50 items wait; the user signs in again and the queue drains', async () => {
    const [c] = await api.openCases(pr, { assignedToCaller: true });
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    try {
      const page = await openCase(ctx, pr, c.pkIncidentId);
      // the token's own expiry (the sign-in may be late under load): the session mirror holds it
      const expiresAt = await page.evaluate((key) => {
        const s = JSON.parse(localStorage.getItem(key) ?? 'null') as { expiresAt?: string } | null;
        return s?.expiresAt ? Date.parse(s.expiresAt) : NaN;
      }, 'lebuhraya.session'); // SESSION_MIRROR_KEY of src/lib/session.ts
      expect(expiresAt).toBeGreaterThan(Date.now());
      await ctx.setOffline(true);
      const written: string[] = [];
      for (let i = 1; i <= 50; i++) {
        const t = `Token-tamat ${String(i).padStart(2, '0')}`;
        await writeEntry(page, t);
        written.push(t);
      }
      // wait for the token to expire, then come back online
      await new Promise((r) => setTimeout(r, Math.max(0, expiresAt + 2_000 - Date.now())));
      // a shift offline, not a minute: the replay's backoff has grown to its cap of 5 minutes (written into the queue
      // as the page's own retries would have left it)
      const held = await page.evaluate(async (cap) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const r = indexedDB.open('lebuhraya-ops');
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
        const n = await new Promise<number>((resolve, reject) => {
          const tx = db.transaction('outbox', 'readwrite');
          let k = 0;
          const cur = tx.objectStore('outbox').openCursor();
          cur.onsuccess = () => {
            const c = cur.result;
            if (!c) return;
            const v = c.value as { state: string; waitsForNetwork?: boolean; attempts: number; nextAttemptAt: number };
            if (v.state === 'pending') {
              c.update({ ...v, attempts: Math.max(v.attempts, 9), nextAttemptAt: Date.now() + cap, waitsForNetwork: true });
              k++;
            }
            c.continue();
          };
          tx.oncomplete = () => resolve(k);
          tx.onerror = () => reject(tx.error);
        });
        db.close();
        return n;
      }, 300_000);
      expect(held).toBeGreaterThanOrEqual(50);
      await ctx.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      // nothing was accepted with the expired token, nothing was dropped (the test's own token expired too)
      await new Promise((r) => setTimeout(r, 3_000));
      api.forget();
      expect((await texts(api, c.pkIncidentId)).filter((t) => t.startsWith('Token-tamat'))).toEqual([]);
      // sign in again (the app sent the user to /signin, or the user goes there)
      if (!page.url().includes('/signin')) await page.goto('/signin');
      await page.getByTestId('signin-username').fill(pr.username);
      await page.getByTestId('signin-password').fill(pr.password);
      await page.getByTestId('signin-submit').click();
      await page.waitForURL((u) => u.pathname !== '/signin');
      api.forget();
      await until(
        'all 50 entries on the server',
        async () => (await texts(api, c.pkIncidentId)).filter((t) => t.startsWith('Token-tamat')).length >= 50,
        // at once after the sign-in (which has just reached the server), not at the end of the 5 minutes' backoff
        45_000,
      );
      await expectExactlyOnce(api, c.pkIncidentId, 'Token-tamat', written);
    } finally {
      await ctx.close();
    }
    // 50 entries written on a loaded machine, the token's 30 s, the sign-in and the drain
  }, 180_000);
});
