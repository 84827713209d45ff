/**
 * The deployment of docs/deploy.md, tested (issue #32): Debian's nginx running deploy/nginx.conf (TLS, HSTS, the
 * upstream with failover) in front of two built servers on one PostgreSQL. A TMC operator and a patrol write journal
 * entries through the screens while server A is killed with SIGKILL and started again; at the end every entry is on
 * the server exactly once, in the order written, and both outboxes are empty. Then, server by server on their own
 * ports: a write through A is read through B on the very next request (B's answer cache warmed with the old answer
 * first), and a sign-out through A is refused by B on the next request. HSTS on the HTTPS answers, the HTTP → HTTPS
 * redirect, the Cache-Control of the shell and of hashed assets through nginx, /metrics refused to a non-monitoring
 * address.
 *
 * Needs a build (`DIST_DIR=… npm run build`), nginx and openssl (.ci/run installs them), and PostgreSQL: the admin
 * connection E2E_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres), where a throw-away database is
 * made and dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { IncidentListRow, IncidentView, JournalEntry } from '@contract/incidents';
import { PATHS } from '@contract/paths';
import { freePort, startServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, signIn, syncReady, watchErrors } from './support/browser';
import { demoUsers, type E2eUser } from './support/users';
import { Api, saveOf, until } from './support/api';
import { httpsRequest, startNginx, type RunningNginx } from './support/nginx';
import { freshPgDatabase, type PgDatabase } from './support/postgres';

const ADMIN_URL = process.env.E2E_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** journal entries each user writes; server A is killed after KILL_AFTER of them (both users together) */
const ENTRIES_EACH = 10;
const KILL_AFTER = 4;
/** how long A stays down before it is started again (B alone serves meanwhile) */
const DOWN_MS = 3_000;
/** nginx's HSTS (deploy/nginx.conf): one header, a year */
const HSTS = 'max-age=31536000';

const users = await demoUsers();
const tmca = users.find((u) => u.username === 'tmca')!;
const pr = users.find((u) => u.roleName === 'PR')!;

/** A throw-away database on the admin connection's server; a clear failure when PostgreSQL does not answer. */
async function freshDatabase(): Promise<PgDatabase> {
  const db = await freshPgDatabase('two', ADMIN_URL);
  if (!db)
    throw new Error(
      `the two-server test needs PostgreSQL: no connection to ${ADMIN_URL.replace(/\/\/[^@]*@/, '//…@')}. ` +
        'Start one, or point E2E_POSTGRES_URL at an admin connection that may create databases.',
    );
  return db;
}

let db: PgDatabase | undefined;
let serverA: RunningServer | undefined;
let serverB: RunningServer | undefined;
let nginx: RunningNginx | undefined;
let browser: Browser | undefined;
/** A's restart after its SIGKILL (awaited by afterAll too, so nothing is left running) */
let restartingA: Promise<RunningServer> | undefined;
/**
 * Behind nginx: the client's address from X-Forwarded-For (TRUST_PROXY), as docs/deploy.md says. HSTS_MAX_AGE is set
 * although nginx sends HSTS itself (the app's should be 0 there): the answers must still carry ONE header, nginx's.
 */
let env: Record<string, string> = {};

beforeAll(async () => {
  db = await freshDatabase();
  env = { DATABASE_URL: db.url, TRUST_PROXY: 'true', HSTS_MAX_AGE: '600' };
  // Both servers at once on the empty database, as systemd starts its instances: one migrates and seeds under the
  // start-up lock, the other waits for it and finds the data there. nginx and the browser start meanwhile.
  const [portA, portB] = [await freePort(), await freePort()];
  const started = await Promise.allSettled([
    startServer({ env, port: portA }),
    startServer({ env, port: portB }),
    startNginx({ upstreams: [portA, portB] }),
    launchBrowser(),
  ]);
  if (started[0].status === 'fulfilled') serverA = started[0].value;
  if (started[1].status === 'fulfilled') serverB = started[1].value;
  if (started[2].status === 'fulfilled') nginx = started[2].value;
  if (started[3].status === 'fulfilled') browser = started[3].value;
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
});

afterAll(async () => {
  await browser?.close().catch(() => {});
  await nginx?.stop().catch(() => {});
  const restarted = await restartingA?.catch(() => undefined);
  await Promise.all([restarted, serverA, serverB].map((s) => s?.stop().catch(() => {})));
  await db?.drop();
});

async function openCase(ctx: BrowserContext, user: E2eUser, incidentId: number): Promise<Page> {
  const page = await ctx.newPage();
  await signIn(page, user.username, user.password);
  await page.waitForURL((u) => u.pathname !== '/signin');
  await page.goto(`/insidenView/${incidentId}`);
  // the first visit loads the whole PWA through nginx: on a loaded machine that took more than the default 20 s
  await page.getByTestId('journal-panel').waitFor({ timeout: 60_000 });
  await syncReady(page);
  return page;
}

/** One journal entry through the screen: typed, sent, and taken by the panel (sent, or queued in the outbox). */
async function writeEntry(page: Page, text: string) {
  await page.getByTestId('journal-input').fill(text);
  await page.getByTestId('journal-send').click();
  await page.waitForFunction(() => (document.querySelector('[data-testid=journal-input]') as HTMLTextAreaElement | null)?.value === '', undefined, {
    timeout: 30_000,
  });
}

const unsentCount = async (page: Page) => Number((await page.getByTestId('sync-status').getAttribute('data-unsent')) ?? 'NaN');

async function journalTexts(api: Api, incidentId: number): Promise<string[]> {
  const answer = await api.call<JournalEntry[]>(tmca, 'GET', PATHS.journalByIncident(incidentId));
  if (answer.status !== 200) throw new Error(`journal of case ${incidentId}: ${answer.status} ${answer.statusMsg}`);
  return answer.body
    .slice()
    .sort((a, b) => a.pkJournalEntryId - b.pkJournalEntryId)
    .map((e) => e.entry);
}

// ---------------------------------------------------------------- direct calls to one server (bypassing nginx)

async function signInAt(server: RunningServer, user: E2eUser): Promise<string> {
  const res = await fetch(`${server.baseUrl}${PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  expect(res.status, `sign-in of ${user.username}`).toBe(200);
  return ((await res.json()) as { body: { token: string } }).body.token;
}

async function callAt<T>(server: RunningServer, token: string, method: 'GET' | 'POST', urlPath: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${urlPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { body: T; statusMsg?: string };
  return { status: res.status, body: json.body, statusMsg: json.statusMsg, cache: res.headers.get('x-answer-cache') };
}

/** The case's row of the dashboard list as this server answers it (a read the server keeps in its answer cache). */
async function dashboardRow(server: RunningServer, token: string, view: IncidentView) {
  const answer = await callAt<{ rows: IncidentListRow[] }>(server, token, 'POST', `${PATHS.dashboardDataTables}?length=10&start=0`, {
    ticketNumber: view.ticketNumber,
  });
  expect(answer.status, answer.statusMsg).toBe(200);
  const row = answer.body.rows.find((r) => r.incidentId === view.pkIncidentId);
  expect(row, `case ${view.ticketNumber} in the dashboard list`).toBeDefined();
  return { row: row!, cache: answer.cache };
}

// ---------------------------------------------------------------- the tests

describe('two servers on one PostgreSQL behind nginx', () => {
  it('a TMC operator and a patrol write through nginx while server A is killed and restarted: every entry once, outboxes empty', async () => {
    const t0 = Date.now();
    const mark = (what: string) => console.log(`[two-servers] ${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
    const api = new Api(serverB!.baseUrl);
    const [theCase] = await api.openCases(pr, { assignedToCaller: true });
    const contexts = await Promise.all([tmca, pr].map(() => newContext(browser!, { baseUrl: nginx!.baseUrl, ignoreHTTPSErrors: true })));
    try {
      const [tmcPage, prPage] = await Promise.all([
        openCase(contexts[0], tmca, theCase.pkIncidentId),
        openCase(contexts[1], pr, theCase.pkIncidentId),
      ]);
      const errors = [...watchErrors(tmcPage), ...watchErrors(prPage)];
      mark('both signed in through nginx, the case open');
      const written: Record<string, string[]> = { TMC: [], Ronda: [] };
      let total = 0;
      const killA = async () => {
        const a = serverA!;
        await a.kill();
        mark(`A killed (SIGKILL) after ${total} entries`);
        await new Promise((r) => setTimeout(r, DOWN_MS));
        const again = await startServer({ env, port: a.port, dataDir: a.dataDir });
        mark('A started again');
        return again;
      };
      const write = async (page: Page, prefix: 'TMC' | 'Ronda', from: number, to: number) => {
        for (let i = from; i <= to; i++) {
          const text = `${prefix} dua-pelayan ${String(i).padStart(2, '0')}`;
          await writeEntry(page, text);
          written[prefix].push(text);
          // SIGKILL in the middle of the writing, whatever A is doing then
          if (++total === KILL_AFTER) restartingA = killA();
        }
      };
      const half = ENTRIES_EACH / 2;
      // the first half: A dies after KILL_AFTER entries, the rest go while it is down (nginx sends everything to B)
      await Promise.all([write(tmcPage, 'TMC', 1, half), write(prPage, 'Ronda', 1, half)]);
      mark('first half written');
      expect(restartingA, 'A was killed').toBeDefined();
      serverA = await restartingA!;
      restartingA = undefined;
      // the second half with A back in the upstream
      await Promise.all([write(tmcPage, 'TMC', half + 1, ENTRIES_EACH), write(prPage, 'Ronda', half + 1, ENTRIES_EACH)]);

      mark('second half written');
      const mine = async () => (await journalTexts(api, theCase.pkIncidentId)).filter((t) => t.includes(' dua-pelayan '));
      await until('every entry on the server', async () => (await mine()).length >= 2 * ENTRIES_EACH, 60_000);
      await until('both outboxes empty', async () => (await unsentCount(tmcPage)) === 0 && (await unsentCount(prPage)) === 0, 30_000);
      mark('every entry on the server, both outboxes empty');
      const onServer = await mine();
      // 0 lost, 0 doubled, each device's entries in the order it wrote them (read through A and B alike)
      expect(onServer.filter((t) => t.startsWith('TMC '))).toEqual(written.TMC);
      expect(onServer.filter((t) => t.startsWith('Ronda '))).toEqual(written.Ronda);
      expect(onServer).toHaveLength(2 * ENTRIES_EACH);
      expect((await journalTexts(new Api(serverA.baseUrl), theCase.pkIncidentId)).filter((t) => t.includes(' dua-pelayan '))).toEqual(onServer);
      expect(errors).toEqual([]);
      // what nginx did meanwhile (printed, not asserted: which requests met the dead process depends on timing)
      const lines = (await nginx!.accessLog()).split('\n').filter(Boolean);
      const upstreams = lines.map((l) => /upstream=(.*?) upstream_status=/.exec(l)?.[1] ?? '');
      console.log(
        `[two-servers] nginx: ${lines.length} requests, ${upstreams.filter((u) => u.includes(',')).length} passed on to the next process, ` +
          `${upstreams.filter((u) => u.endsWith(`:${serverA!.port}`)).length} answered by A, ${upstreams.filter((u) => u.endsWith(`:${serverB!.port}`)).length} by B`,
      );
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });

  it('a write through one server is read through the other on the very next request', async () => {
    const [theCase] = await new Api(serverA!.baseUrl).openCases(tmca);
    const tokenA = await signInAt(serverA!, tmca);
    const tokenB = await signInAt(serverB!, tmca);
    for (const [writer, reader, readerToken, writerToken, step] of [
      [serverA!, serverB!, tokenB, tokenA, 0.1],
      [serverB!, serverA!, tokenA, tokenB, -0.1],
    ] as const) {
      const view = (await callAt<IncidentView>(writer, writerToken, 'GET', PATHS.incidentViewGet(theCase.pkIncidentId))).body;
      // the reader's answer cache holds the old row (the second read is answered from it)
      await dashboardRow(reader, readerToken, view);
      const warm = await dashboardRow(reader, readerToken, view);
      expect(warm.cache, 'the reader answered the second read from its cache').toBe('hit');
      expect(warm.row.kilometermarker).toBe(view.kilometerMarker);
      const km = (Number(view.kilometerMarker) + step).toFixed(1);
      const saved = await callAt(writer, writerToken, 'POST', PATHS.incidentSave, saveOf(view, { kilometerMarker: km }));
      expect(saved.status, saved.statusMsg).toBe(200);
      expect((await dashboardRow(reader, readerToken, view)).row.kilometermarker).toBe(km);
    }
  });

  it('a sign-out through one server is refused by the other on the next request', async () => {
    const tmcs = users.find((u) => u.username === 'tmcs')!;
    const token = await signInAt(serverA!, tmcs);
    // B has checked this token (and keeps what it learnt of the user's session)
    expect((await callAt(serverB!, token, 'GET', PATHS.checkToken)).status).toBe(200);
    expect((await callAt(serverA!, token, 'POST', PATHS.logout)).status).toBe(200);
    expect((await callAt(serverB!, token, 'GET', PATHS.checkToken)).status).toBe(401);
    expect((await callAt(serverA!, token, 'GET', PATHS.checkToken)).status).toBe(401);
  });

  it('nginx: HSTS on every HTTPS answer, HTTP redirected to HTTPS, the shell never cached, hashed assets for a year, /metrics closed', async () => {
    const get = (p: string) => httpsRequest(`${nginx!.baseUrl}${p}`, { ca: nginx!.ca });
    const shell = await get('/');
    expect(shell.status).toBe(200);
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expect(shell.headers['cache-control']).toBe('no-cache');
    const sw = await get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const assetPath = /src="(\/assets\/index-[^"]+\.js)"/.exec(shell.body)?.[1];
    expect(assetPath, 'the shell names its hashed script').toBeDefined();
    const asset = await get(assetPath!);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers['cache-control']).toBe('no-store');
    // the monitoring address only (a placeholder in deploy/nginx.conf): this client is not it
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(403);
    // one HSTS header, nginx's (the app's own, HSTS_MAX_AGE, is hidden), on the app's answers and nginx's own alike
    for (const answer of [shell, sw, asset, health, metrics]) expect(answer.headers['strict-transport-security']).toBe(HSTS);

    const plain = await httpsRequest(`${nginx!.httpUrl}/insidenView/1?tab=jurnal`);
    expect(plain.status).toBe(301);
    // $host: the name the browser asked for, on the standard HTTPS port
    expect(plain.headers.location).toBe('https://127.0.0.1/insidenView/1?tab=jurnal');
  });
});
