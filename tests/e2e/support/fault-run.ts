/**
 * The randomised fault run (issue #19 item 2), shared by tests/e2e/fault-run.test.ts and bench/fault-run.ts.
 *
 * Two browser contexts write through the real client path — the outbox and sync engine of the page, with client ids
 * (Idempotency-Keys) and `{ $ref }` placeholders — a TMC operator (new cases with their subform and child items,
 * child items later, journal entries with photos, broadcasts, logsheets) and a patrol with two tabs open on the same
 * device (status steps, journal entries with photos, position fixes), while:
 * - each context's network flaps at random (context.setOffline);
 * - the server is killed with SIGKILL and started again on the same data and port (at least twice);
 * - tokens expire (the server runs with a short JWT_TTL) and each tab signs in again through the sign-in screen;
 * - both patrol tabs replay the one outbox of the device at the same time.
 * Most writes are made in the page by the functions the screens call (src/app/outbox-hook.ts, enabled by a
 * localStorage flag); a journal entry with a photo goes through the real screen (written offline).
 *
 * At the end, with the server stopped, the database is read: every write is there exactly once, per case in the order
 * written, each photo's stored bytes are the server's re-encoding (cleanImage) of exactly the bytes the client
 * queued, and both devices hold nothing unsent (the top bar's count, the Dexie outbox and the position table).
 * Choices (who does what, when the faults come) follow a seeded PRNG; the seed is printed. Timing still varies from
 * run to run (the browser and the server run for real), so a seed repeats the plan, not the exact interleaving.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LookupItem } from '@contract/envelope';
import { EVENT_TYPE, STATUS } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import type { EventLocation, Section } from '@contract/sections';
import type { OutboxHook } from '../../../src/app/outbox-hook';
import { openDb } from '../../../server/db/client';
import { cleanImage } from '../../../server/modules/document/image-check';
import { png } from '../../support/images';
import { Api, until } from './api';
import { patrolOnShift } from './cases';
import { newContext, signIn, syncReady } from './browser';
import { startServer, type RunningServer } from './server';
import type { E2eUser } from './users';

// ---------------------------------------------------------------- seeded choices

/** mulberry32: a small seeded PRNG (32-bit state). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  constructor(readonly next: () => number) {}
  int(lo: number, hi: number) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number) {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  /** a weighted choice */
  weighted<T extends string>(w: Record<T, number>): T {
    const entries = Object.entries(w) as [T, number][];
    let r = this.next() * entries.reduce((s, [, n]) => s + n, 0);
    for (const [k, n] of entries) {
      r -= n;
      if (r < 0) return k;
    }
    return entries[entries.length - 1][0];
  }
}

/** The seed: FAULT_SEED, else a fixed default (a CI run repeats the same plan). */
export const seedFromEnv = (env = process.env): number => (env.FAULT_SEED ? Number.parseInt(env.FAULT_SEED, 10) >>> 0 : 20261127);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `p`, or a rejection after `ms` (a page that stopped answering must not hang the run). */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
    }),
  ]);
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const prev = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((r) => (release = r));
    await prev;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

// ---------------------------------------------------------------- PostgreSQL

/** A fresh database (named lbh_test_…, so CI's cleanup drops a leftover), or null when no PostgreSQL answers. */
export { freshPgDatabase } from './postgres';

// ---------------------------------------------------------------- the run

export type MutationKind =
  | 'cases'
  | 'subforms'
  | 'childItems'
  | 'statusSteps'
  | 'journalEntries'
  | 'photos'
  | 'broadcasts'
  | 'logsheets'
  | 'positions';
export const KINDS: MutationKind[] = [
  'cases',
  'subforms',
  'childItems',
  'statusSteps',
  'journalEntries',
  'photos',
  'broadcasts',
  'logsheets',
  'positions',
];

export interface FaultRunOptions {
  browser: Browser;
  users: E2eUser[];
  seed: number;
  /** at least this many mutations (all kinds together) */
  mutations: number;
  /** PostgreSQL: the database to run on (a fresh one); unset: the embedded PGlite in a fresh data directory */
  databaseUrl?: string;
  /** SIGKILL + restart of the server at least this many times (default 2) */
  kills?: number;
  /** the server's token lifetime (default 25s): every tab signs in again several times */
  jwtTtl?: string;
  /** how long the end may take to drain (default 240 s: items that failed often while offline wait out their backoff, up to minutes) */
  drainTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface FaultRunReport {
  seed: number;
  database: 'pglite' | 'postgres';
  counts: Record<MutationKind, number>;
  total: number;
  /** of which through the screens */
  throughUi: { journalEntries: number; photos: number };
  faults: { kills: number; flaps: number; offlineMs: number; signIns: number; tabReloads: number };
  durationsMs: { setup: number; writing: number; drain: number; check: number; total: number };
  /** what the final check found wrong (empty: exactly once everywhere) */
  problems: string[];
  /** page errors seen */
  pageErrors: string[];
  /** unsent count per tab at the end: [top bar, outbox items, position fixes] */
  unsent: Record<string, [number, number, number]>;
}

interface CaseRec {
  key: string;
  /** the TMC device's entity client id of the case and of its subform (null: made through the API or the screen) */
  entity: string | null;
  subEntity: string | null;
  id?: number;
  subformId?: number;
  /** the subform's remark (our marker), when made here */
  marker?: string;
  /** plates of its involved vehicles, in order */
  plates: string[];
  /** patrol steps queued, in order */
  steps: number[];
  /** journal counters per author */
  journal: Record<'tmc' | 'pr', number>;
  assignedToPatrol: boolean;
}

interface PhotoRec {
  entry: string;
  bytes: Buffer;
}

interface Tab {
  name: string;
  page: Page;
  lock: Mutex;
  ctx: CtxRec;
}
interface CtxRec {
  name: 'tmc' | 'pr';
  ctx: BrowserContext;
  user: E2eUser;
  userId: string;
  tabs: Tab[];
  /** > 0: keep the network up (a sign-in is running) */
  holdOnline: number;
  offline: boolean;
}

type Hooked = Window & { lebuhrayaOutbox: OutboxHook };

/** A context's network drops every 20 to 80 mutations, for 5 to 40 mutations (at most 4 s). */
const FLAP_EVERY = [20, 80] as const;
const OFFLINE_FOR = [5, 40] as const;
const OFFLINE_MAX_MS = 4_000;

const PATROL_STEPS = [STATUS.RECEIVED, STATUS.ARRIVED, STATUS.ASSISTANCE_DONE, STATUS.CASE_DONE] as const;

export async function faultRun(o: FaultRunOptions): Promise<FaultRunReport> {
  const t0 = Date.now();
  const log = o.log ?? ((s: string) => console.log(s));
  const rng = new Rng(mulberry32(o.seed));
  const tag = `F${o.seed % 100000}`;
  const counts = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<MutationKind, number>;
  const throughUi = { journalEntries: 0, photos: 0 };
  const faults = { kills: 0, flaps: 0, offlineMs: 0, signIns: 0, tabReloads: 0 };
  const pageErrors: string[] = [];
  const problems: string[] = [];
  const total = () => KINDS.reduce((s, k) => s + counts[k], 0);
  const env = { JWT_TTL: o.jwtTtl ?? '25s', ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}) };

  let server: RunningServer = await startServer({ env });
  const { port, dataDir } = server;
  let serverUp = true;
  const api = new Api(server.baseUrl);
  const tmcUser = o.users.find((u) => u.username === 'tmca')!;
  const contexts: CtxRec[] = [];
  let stopFaults = false;
  const faultTasks: Promise<void>[] = [];
  let runStart = new Date();

  try {
    // ------------------------------------------------------------ reference data (API, as the TMC operator)
    const { patrol, roster } = await patrolOnShift(api, tmcUser, o.users);
    /** an API call of the set-up; the test's own token expires quickly too: signed in again on a 401 */
    const ok = async <T>(call: () => Promise<{ status: number; body: T; statusMsg: string }>, what: string) => {
      let r = await call();
      if (r.status === 401) {
        api.forget();
        r = await call();
      }
      if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.statusMsg}`);
      return r.body;
    };
    const sec = await ok(() => api.call<Section>(tmcUser, 'GET', PATHS.sectionGet(roster.sectionId)), 'section');
    const locations = await ok(() => api.call<EventLocation[]>(tmcUser, 'GET', PATHS.eventLocationsBySection(roster.sectionId)), 'event locations');
    const sources = await ok(() => api.call<LookupItem[]>(tmcUser, 'POST', PATHS.lookup('incidentSource')), 'sources');
    const directions = await ok(() => api.call<LookupItem[]>(tmcUser, 'POST', PATHS.lookup('cardinalDirection')), 'directions');
    runStart = new Date(Date.now() - 1_000);
    // ------------------------------------------------------------ the cases
    const cases: CaseRec[] = [];
    let caseN = 0;
    const newRec = (over: Partial<CaseRec>): CaseRec => {
      const r: CaseRec = {
        key: `c${++caseN}`,
        entity: null,
        subEntity: null,
        plates: [],
        steps: [],
        journal: { tmc: 0, pr: 0 },
        assignedToPatrol: true,
        ...over,
      };
      cases.push(r);
      return r;
    };
    // two cases from the API (the patrol has work from the start)
    for (let i = 0; i < 2; i++) {
      const saved = await ok(
        () =>
          api.call<{ pkIncidentId: number }>(tmcUser, 'POST', PATHS.incidentSave, {
            pkIncidentSourceId: sources[0].key,
            pkSectionId: sec.pkSectionId,
            pkDutyRosterId: roster.pkDutyRosterId,
            pkIncidentCategoryId: EVENT_TYPE.BREAKDOWN,
            pkEventLocationId: locations[0].key,
            pkLocationTypeId: locations[0].locationTypeId,
            pkCardinalDirectionId: directions[0].key,
            kilometerMarker: `40${i + 1}.3`,
            pkHighwayId: sec.highwayId,
          }),
        'incident/save',
      );
      newRec({ id: saved.pkIncidentId });
    }

    // ------------------------------------------------------------ browsers
    const open = async (name: 'tmc' | 'pr', user: E2eUser, tabs: number): Promise<CtxRec> => {
      const ctx = await newContext(o.browser, { baseUrl: server.baseUrl });
      await ctx.addInitScript(() => {
        try {
          localStorage.setItem('lebuhraya.outboxHook', '1');
        } catch {
          // about:blank has no localStorage
        }
      });
      const rec: CtxRec = { name, ctx, user, userId: '', tabs: [], holdOnline: 0, offline: false };
      for (let i = 0; i < tabs; i++) {
        const page = await ctx.newPage();
        page.on('pageerror', (e) => pageErrors.push(`${name}${i + 1}: ${e.message}`));
        rec.tabs.push({ name: `${name}${i + 1}`, page, lock: new Mutex(), ctx: rec });
      }
      await signInTab(rec.tabs[0]);
      for (const t of rec.tabs.slice(1)) {
        await t.page.goto('/');
        await hookReady(t.page);
      }
      rec.userId = (await rec.tabs[0].page.evaluate(() => (window as unknown as Hooked).lebuhrayaOutbox.session()?.userId)) ?? '';
      contexts.push(rec);
      return rec;
    };
    const hookReady = (page: Page) =>
      page.waitForFunction(() => !!(window as unknown as Partial<Hooked>).lebuhrayaOutbox, undefined, { timeout: 30_000 });

    /** The sign-in screen, online, against a running server; the tab then holds a fresh token. */
    async function signInTab(tab: Tab) {
      tab.ctx.holdOnline++;
      try {
        await tab.ctx.ctx.setOffline(false);
        for (let attempt = 1; ; attempt++) {
          try {
            await until('the server', async () => serverUp && (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 60_000, 200);
            await signIn(tab.page, tab.ctx.user.username, tab.ctx.user.password);
            await tab.page.waitForURL((u) => u.pathname !== '/signin', { timeout: 20_000 });
            await hookReady(tab.page);
            faults.signIns++;
            return;
          } catch (err) {
            if (attempt >= 5) throw err;
            await sleep(500);
          }
        }
      } finally {
        tab.ctx.holdOnline--;
        if (tab.ctx.holdOnline === 0 && tab.ctx.offline) await tab.ctx.ctx.setOffline(true);
      }
    }

    const tmc = await open('tmc', tmcUser, 1);
    const pr = await open('pr', patrol, 2);
    const T = tmc.tabs[0];

    // a journal entry with a photo on the patrol's tablet, written offline (it waits in the outbox)
    const photos: PhotoRec[] = [];
    const uiPhotoEntry = `${tag} pr ui-photo`;
    const sentPhotos = new Map<string, Buffer>();
    for (const c of [tmc.ctx, pr.ctx])
      c.on('request', (req) => {
        if (req.method() !== 'POST' || !req.url().endsWith(PATHS.documentSave)) return;
        try {
          const body = JSON.parse(req.postData() ?? '{}') as { fileContent?: string };
          const key = req.headers()['idempotency-key'];
          if (key && body.fileContent) sentPhotos.set(key, Buffer.from(body.fileContent, 'base64'));
        } catch {
          // not JSON: not ours
        }
      });
    {
      const P = pr.tabs[0];
      await P.page.goto(`/insidenView/${cases[0].id}`);
      await P.page.getByTestId('journal-panel').waitFor();
      await syncReady(P.page);
      await P.page.getByTestId('journal-input').fill(uiPhotoEntry);
      await P.page.getByTestId('journal-file').setInputFiles({ name: 'foto-ui.png', mimeType: 'image/png', buffer: png(320, 240) });
      await P.page.getByTestId('journal-chosen').getByText('foto-ui.jpg').waitFor();
      // compressed (its worker loaded online; the service worker is off here): now the line goes
      await pr.ctx.setOffline(true);
      await P.page.getByTestId('journal-send').click();
      await P.page.waitForFunction(
        () => (document.querySelector('[data-testid=journal-input]') as HTMLTextAreaElement | null)?.value === '',
        undefined,
        { timeout: 30_000 },
      );
      await pr.ctx.setOffline(false);
      counts.journalEntries++;
      counts.photos++;
      throughUi.journalEntries++;
      throughUi.photos++;
      await hookReady(P.page);
    }
    const tSetup = Date.now();
    log(`[fault-run] seed ${o.seed} on ${o.databaseUrl ? 'PostgreSQL' : 'PGlite'}: setup ${tSetup - t0} ms; writing ${o.mutations}+ mutations`);

    // ------------------------------------------------------------ faults
    // Faults come by the count of mutations, from the seeded stream, not on a clock: a slower machine does the same
    // work through the same faults, only slower. A context goes offline every FLAP_EVERY mutations (of both users) for
    // OFFLINE_FOR mutations, at most OFFLINE_MAX_MS (when both are offline and nothing is written, time ends it).
    const waitForTotal = async (n: number, maxMs = Number.POSITIVE_INFINITY) => {
      const t = Date.now();
      while (!stopFaults && total() < n && Date.now() - t < maxMs) await sleep(50);
    };
    const flapper = (c: CtxRec, r: Rng) =>
      (async () => {
        while (!stopFaults) {
          await waitForTotal(total() + r.int(FLAP_EVERY[0], FLAP_EVERY[1]));
          if (stopFaults) break;
          if (c.holdOnline > 0) continue;
          c.offline = true;
          await c.ctx.setOffline(true);
          faults.flaps++;
          const t = Date.now();
          await waitForTotal(total() + r.int(OFFLINE_FOR[0], OFFLINE_FOR[1]), OFFLINE_MAX_MS);
          faults.offlineMs += Date.now() - t;
          c.offline = false;
          await c.ctx.setOffline(false);
        }
      })();
    faultTasks.push(flapper(tmc, new Rng(mulberry32(o.seed ^ 0x1111))), flapper(pr, new Rng(mulberry32(o.seed ^ 0x2222))));

    const kills = o.kills ?? 2;
    const killAt = Array.from({ length: kills }, (_, i) => Math.round(o.mutations * ((i + 0.3 + rng.next() * 0.5) / (kills + 0.2))));
    const restartLock = new Mutex();
    const killServer = () =>
      restartLock.run(async () => {
        log(`[fault-run]   SIGKILL at ${total()} mutations`);
        serverUp = false;
        await server.kill();
        faults.kills++;
        await sleep(rng.int(200, 2_000));
        server = await startServer({ port, dataDir, env });
        serverUp = true;
        log(`[fault-run]   server up again at ${total()} mutations`);
      });
    const killer = (async () => {
      for (const at of killAt) {
        while (!stopFaults && total() < at) await sleep(100);
        if (stopFaults) break;
        await killServer();
      }
    })();
    faultTasks.push(killer);

    /** Each tab signs in again when its token has expired (a few seconds later, as a user would). */
    const keeper = (c: CtxRec, r: Rng) =>
      (async () => {
        while (!stopFaults) {
          await sleep(500);
          for (const tab of c.tabs) {
            const s = await tab.lock
              .run(() => tab.page.evaluate(() => (window as unknown as Partial<Hooked>).lebuhrayaOutbox?.session() ?? null))
              .catch(() => null);
            if (s && Date.parse(s.expiresAt) > Date.now() + 1_000) continue;
            await sleep(r.int(300, 3_000));
            await tab.lock.run(async () => {
              // another tab signed in meanwhile: a reload reads its session; else the sign-in screen
              const other = c.tabs.find((x) => x !== tab);
              if (other) {
                await tab.page.goto('/').catch(() => {});
                await hookReady(tab.page).catch(() => {});
                faults.tabReloads++;
                const again = await tab.page.evaluate(() => (window as unknown as Hooked).lebuhrayaOutbox.session()).catch(() => null);
                if (again && Date.parse(again.expiresAt) > Date.now() + 2_000) return;
              }
              await signInTab(tab);
            });
          }
        }
      })();
    const keepers = [keeper(tmc, new Rng(mulberry32(o.seed ^ 0x3333))), keeper(pr, new Rng(mulberry32(o.seed ^ 0x4444)))];

    // ------------------------------------------------------------ writing
    const tWrite = Date.now();
    const jpegs = new Map<string, Buffer>();
    const photoFor = (r: Rng, name: string) => {
      const bytes = png(r.int(24, 96), r.int(24, 72));
      jpegs.set(name, bytes);
      return bytes;
    };
    const broadcasts: string[] = [];
    const logsheets: string[] = [];
    const fixes: number[] = [];
    let plateN = 0;
    let fixN = 0;
    let miscN = 0;
    const known = () => cases.filter((c) => c.id !== undefined);

    /** Learns the server ids of the TMC's cases from its device's id map (as its screens do). */
    const learnIds = async () => {
      const want = cases.filter((c) => c.entity && (c.id === undefined || c.subformId === undefined));
      if (!want.length) return;
      const got = await T.lock.run(() =>
        T.page.evaluate(
          async (ents) => {
            const h = (window as unknown as Hooked).lebuhrayaOutbox;
            return Promise.all(ents.map(async ([e, s]) => [(await h.serverIdOf(e)) ?? null, (await h.serverIdOf(s)) ?? null]));
          },
          want.map((c) => [c.entity!, c.subEntity!] as [string, string]),
        ),
      );
      want.forEach((c, i) => {
        if (got[i][0] !== null) c.id = got[i][0]!;
        if (got[i][1] !== null) c.subformId = got[i][1]!;
      });
    };

    const tmcTarget = Math.ceil(o.mutations * 0.55);
    const prTarget = o.mutations - tmcTarget;
    let tmcDone = 0;
    let prDone = 0;

    const tmcLoop = async (r: Rng) => {
      while (tmcDone < tmcTarget) {
        await sleep(r.int(0, 10));
        if (r.chance(0.2)) await learnIds().catch(() => {});
        const kind = r.weighted({ newCase: 3, children: 2, journal: 5, broadcast: 1, logsheet: 1 });
        const uid = tmc.userId;
        if (kind === 'newCase') {
          const plates = Array.from({ length: r.int(1, 3) }, () => `${tag}-V${++plateN}`);
          const c = newRec({ plates: [...plates] });
          c.marker = `${tag} kes ${c.key}`;
          const incident = {
            pkIncidentSourceId: r.pick(sources).key,
            pkSectionId: sec.pkSectionId,
            pkDutyRosterId: roster.pkDutyRosterId,
            pkIncidentCategoryId: EVENT_TYPE.ACCIDENT,
            pkEventLocationId: locations[0].key,
            pkLocationTypeId: locations[0].locationTypeId,
            pkCardinalDirectionId: r.pick(directions).key,
            kilometerMarker: `${r.int(400, 405)}.${r.int(0, 9)}`,
            pkHighwayId: sec.highwayId,
          };
          const res = await T.lock.run(() =>
            T.page.evaluate(
              async ({ uid, incident, marker, plates }) => {
                const h = (window as unknown as Hooked).lebuhrayaOutbox;
                const w = h.newCaseItems({
                  userId: uid,
                  incident: incident as never,
                  subform: { type: 184, payload: { remark: marker } },
                  typeName: 'Kemalangan',
                  formValues: null,
                  children: {
                    deletes: [],
                    saves: plates.map((p, i) => ({
                      list: 'involvedVehicle' as const,
                      field: 'involvedVehicles' as never,
                      uid: `v${i}`,
                      create: true,
                      payload: { pkIncidentVehicleTypeId: 2302, platNumber: p },
                      label: p,
                    })),
                  },
                });
                await h.queueWrites(w.items);
                const sub = w.items.find((i) => i.kind === 'subform.save');
                return { entity: w.entity, subEntity: sub?.creates?.entity ?? null };
              },
              { uid, incident, marker: c.marker, plates },
            ),
          );
          c.entity = res.entity;
          c.subEntity = res.subEntity;
          counts.cases++;
          counts.subforms++;
          counts.childItems += plates.length;
          tmcDone += 2 + plates.length;
        } else if (kind === 'children') {
          const c = r.pick(cases.filter((x) => x.subEntity));
          if (!c) continue;
          const plates = Array.from({ length: r.int(1, 3) }, () => `${tag}-V${++plateN}`);
          await T.lock.run(() =>
            T.page.evaluate(
              async ({ uid, target, subform, plates }) => {
                const h = (window as unknown as Hooked).lebuhrayaOutbox;
                const group = await h.groupOf(uid, target);
                const w = h.childItems({
                  userId: uid,
                  group,
                  target,
                  // the subform's server id when known, else a reference to the subform this device creates
                  subform: typeof subform === 'number' ? subform : { $ref: subform },
                  plan: {
                    deletes: [],
                    saves: plates.map((p, i) => ({
                      list: 'involvedVehicle' as const,
                      field: 'involvedVehicles' as never,
                      uid: `v${i}`,
                      create: true,
                      payload: { pkIncidentVehicleTypeId: 2302, platNumber: p },
                      label: p,
                    })),
                  },
                });
                await h.queueWrites(w.items);
              },
              { uid, target: { id: c.id ?? null, entity: c.entity }, subform: c.subformId ?? c.subEntity!, plates },
            ),
          );
          c.plates.push(...plates);
          counts.childItems += plates.length;
          tmcDone += plates.length;
        } else if (kind === 'journal') {
          const c = r.pick(cases.filter((x) => x.entity || x.id !== undefined));
          const n = r.int(1, 6);
          const entries = Array.from({ length: n }, () => `${tag} tmc ${c.key} #${++c.journal.tmc}`);
          const withPhoto = r.chance(0.25) ? entries.length - 1 : -1;
          const photo = withPhoto >= 0 ? photoFor(r, entries[withPhoto]) : null;
          await T.lock.run(() =>
            T.page.evaluate(
              async ({ uid, target, entries, withPhoto, photo }) => {
                const h = (window as unknown as Hooked).lebuhrayaOutbox;
                const items = [];
                for (let i = 0; i < entries.length; i++) {
                  const images =
                    i === withPhoto && photo
                      ? [{ name: `foto-${i}.png`, blob: new Blob([Uint8Array.from(atob(photo), (ch) => ch.charCodeAt(0))], { type: 'image/png' }) }]
                      : [];
                  items.push(...(await h.journalItems({ userId: uid, target, entry: entries[i], images })).items);
                }
                await h.queueWrites(items);
              },
              {
                uid,
                target: c.entity ? { id: c.id ?? null, entity: c.entity } : { id: c.id! },
                entries,
                withPhoto,
                photo: photo?.toString('base64') ?? null,
              },
            ),
          );
          if (photo) {
            photos.push({ entry: entries[withPhoto], bytes: photo });
            counts.photos++;
            tmcDone++;
          }
          counts.journalEntries += n;
          tmcDone += n;
        } else {
          const text = `${tag} ${kind} ${++miscN}`;
          const now = Date.now();
          await T.lock.run(() =>
            T.page.evaluate(
              async ({ uid, kind, text, from, to }) => {
                const h = (window as unknown as Hooked).lebuhrayaOutbox;
                const item =
                  kind === 'broadcast'
                    ? h.miscItem(uid, 'broadcast.save', h.label('queued.label.broadcast'), h.paths.broadcastSave, { message: text })
                    : h.miscItem(uid, 'tmclog.create', h.label('tmclog.queuedLabel'), h.paths.tmcLogSheetSave, { from, to, remarks: text });
                await h.queueWrites([item]);
              },
              { uid, kind, text, from: new Date(now - 30 * 60_000).toISOString(), to: new Date(now - 60_000).toISOString() },
            ),
          );
          if (kind === 'broadcast') {
            broadcasts.push(text);
            counts.broadcasts++;
          } else {
            logsheets.push(text);
            counts.logsheets++;
          }
          tmcDone++;
        }
      }
    };

    const prLoop = async (r: Rng) => {
      while (prDone < prTarget) {
        await sleep(r.int(0, 10));
        const tab = r.pick(pr.tabs);
        const uid = pr.userId;
        const mine = known().filter((c) => c.assignedToPatrol);
        const stepable = mine.filter((c) => c.steps.length < PATROL_STEPS.length);
        const kind = r.weighted({ status: stepable.length ? 3 : 0, journal: 4, positions: 3 });
        if (kind === 'status') {
          const c = r.pick(stepable);
          const n = Math.min(r.int(1, 2), PATROL_STEPS.length - c.steps.length);
          const steps = PATROL_STEPS.slice(c.steps.length, c.steps.length + n) as number[];
          await tab.lock.run(() =>
            tab.page.evaluate(
              async ({ uid, id, steps }) => {
                const h = (window as unknown as Hooked).lebuhrayaOutbox;
                const items = [];
                for (const s of steps)
                  items.push(
                    await h.auditItem({
                      userId: uid,
                      target: { id },
                      payload: { incidentId: id, incidentStatusId: s },
                      statusName: String(s),
                      base: null,
                    }),
                  );
                await h.queueWrites(items);
              },
              { uid, id: c.id!, steps },
            ),
          );
          c.steps.push(...steps);
          counts.statusSteps += n;
          prDone += n;
        } else if (kind === 'journal') {
          const c = r.pick(mine);
          const n = r.int(1, 5);
          const entries = Array.from({ length: n }, () => `${tag} pr ${c.key} #${++c.journal.pr}`);
          const withPhoto = r.chance(0.25) ? 0 : -1;
          const photo = withPhoto >= 0 ? photoFor(r, entries[0]) : null;
          await tab.lock.run(() =>
            tab.page.evaluate(
              async ({ uid, id, entries, withPhoto, photo }) => {
                const h = (window as unknown as Hooked).lebuhrayaOutbox;
                const items = [];
                for (let i = 0; i < entries.length; i++) {
                  const images =
                    i === withPhoto && photo
                      ? [{ name: `foto-${i}.png`, blob: new Blob([Uint8Array.from(atob(photo), (ch) => ch.charCodeAt(0))], { type: 'image/png' }) }]
                      : [];
                  items.push(...(await h.journalItems({ userId: uid, target: { id }, entry: entries[i], images })).items);
                }
                await h.queueWrites(items);
              },
              { uid, id: c.id!, entries, withPhoto, photo: photo?.toString('base64') ?? null },
            ),
          );
          if (photo) {
            photos.push({ entry: entries[0], bytes: photo });
            counts.photos++;
            prDone++;
          }
          counts.journalEntries += n;
          prDone += n;
        } else {
          const n = r.int(5, 20);
          const ids = Array.from({ length: n }, () => ++fixN);
          const lat = 2.7 + r.next() * 0.2;
          const lng = 101.8 + r.next() * 0.2;
          await tab.lock.run(() =>
            tab.page.evaluate(
              async ({ uid, roster, ids, lat, lng }) => {
                const h = (window as unknown as Hooked).lebuhrayaOutbox;
                for (const [i, id] of ids.entries())
                  await h.recordFix(uid, roster, {
                    latitude: lat + i * 0.0005,
                    longitude: lng + i * 0.0005,
                    recordedAt: new Date().toISOString(),
                    // the fix's marker: its number
                    accuracy: id,
                  });
              },
              { uid, roster: roster.pkDutyRosterId, ids, lat, lng },
            ),
          );
          fixes.push(...ids);
          counts.positions += n;
          prDone += n;
        }
      }
    };

    await Promise.all([tmcLoop(new Rng(mulberry32(o.seed ^ 0x5555))), prLoop(new Rng(mulberry32(o.seed ^ 0x6666)))]);
    // the kills still due happen now
    stopFaults = true;
    await killer;
    while (faults.kills < kills) await killServer();
    stopFaults = true;
    await Promise.all(faultTasks);
    await Promise.all(keepers);
    const tDrain = Date.now();
    log(
      `[fault-run]   ${total()} mutations queued in ${tDrain - tWrite} ms; ${faults.kills} kills, ${faults.flaps} flaps, ${faults.signIns} sign-ins; draining`,
    );

    // ------------------------------------------------------------ the end: everything online, the outboxes drain
    // The faults are over: the server is restarted once more, cleanly, and signs tokens of a working day's length, as
    // a real one does (the tokens signed before stay valid to their end). With the run's 15 s tokens every tab signed
    // in again on each pass of the drain below and sent for a few seconds of every 45: 300 mutations drained in 305 s.
    await restartLock.run(async () => {
      serverUp = false;
      await server.stop({ keepData: true });
      server = await startServer({ port, dataDir, env: { ...env, JWT_TTL: '30m' } });
      serverUp = true;
    });
    log(`[fault-run]   restarted for the drain in ${Date.now() - tDrain} ms`);
    for (const c of contexts) await c.ctx.setOffline(false);
    const unsent: FaultRunReport['unsent'] = {};
    const readUnsent = async (tab: Tab) => {
      const topBar = Number(
        (await tab.page
          .getByTestId('sync-status')
          .getAttribute('data-unsent', { timeout: 5_000 })
          .catch(() => null)) ?? 'NaN',
      );
      const dev = await within(
        tab.page.evaluate(async (uid) => {
          const h = (window as unknown as Hooked).lebuhrayaOutbox;
          await h.flushPositions(uid);
          void h.syncNow();
          return h.unsent(uid);
        }, tab.ctx.userId),
        15_000,
        `${tab.name}: the outbox`,
      );
      unsent[tab.name] = [topBar, dev.unsent, dev.fixes];
      return { topBar, ...dev };
    };
    const drainTimeout = o.drainTimeoutMs ?? 480_000;
    let lastSignInCheck = 0;
    let lastLog = Date.now();
    try {
      await until(
        'both devices with nothing unsent',
        async () => {
          // the tokens still expire meanwhile: sign in again where needed
          if (Date.now() - lastSignInCheck > 2_000) {
            lastSignInCheck = Date.now();
            for (const c of contexts)
              for (const tab of c.tabs) {
                const s = await within(
                  tab.page.evaluate(() => (window as unknown as Hooked).lebuhrayaOutbox.session()),
                  10_000,
                  `${tab.name}: the session`,
                ).catch(() => null);
                if (!s || Date.parse(s.expiresAt) <= Date.now() + 1_000) {
                  const t = Date.now();
                  await signInTab(tab);
                  log(`[fault-run]   ${tab.name}: signed in again while draining (${Date.now() - t} ms)`);
                }
              }
          }
          let clean = true;
          for (const c of contexts)
            for (const tab of c.tabs) {
              const u = await readUnsent(tab);
              if (u.topBar !== 0 || u.unsent !== 0 || u.fixes !== 0 || u.parked !== 0) clean = false;
            }
          if (Date.now() - lastLog > 10_000) {
            lastLog = Date.now();
            log(`[fault-run]   draining ${Math.round((Date.now() - tDrain) / 1000)} s: [top bar, outbox, fixes] ${JSON.stringify(unsent)}`);
          }
          return clean;
        },
        drainTimeout,
        1_000,
      );
    } catch (err) {
      problems.push(`${String(err)}; unsent per tab [top bar, outbox, fixes]: ${JSON.stringify(unsent)}`);
      for (const c of contexts)
        for (const tab of c.tabs) {
          const items = await tab.page
            .evaluate(async (uid) => {
              const db = await new Promise<IDBDatabase>((res, rej) => {
                const q = indexedDB.open('lebuhraya-ops');
                q.onsuccess = () => res(q.result);
                q.onerror = () => rej(q.error);
              });
              const rows = await new Promise<Record<string, unknown>[]>((res, rej) => {
                const q = db.transaction('outbox').objectStore('outbox').getAll();
                q.onsuccess = () => res(q.result as Record<string, unknown>[]);
                q.onerror = () => rej(q.error);
              });
              db.close();
              return rows
                .filter((r) => r.userId === uid)
                .slice(0, 5)
                .map((r) => ({
                  kind: r.kind,
                  state: r.state,
                  attempts: r.attempts,
                  wait: Number(r.nextAttemptAt) - Date.now(),
                  park: r.park,
                  lastError: r.lastError,
                }));
            }, c.userId)
            .catch((e) => String(e));
          problems.push(`${tab.name} outbox head: ${JSON.stringify(items)}`);
        }
    }
    await learnIds().catch((e) => problems.push(`the TMC's id map: ${String(e)}`));
    const tCheck = Date.now();

    // ------------------------------------------------------------ the server's side, read from its database
    await server.stop({ keepData: true });
    serverUp = false;
    // bounded: a database that cannot be opened fails the run with this message instead of holding it to its timeout
    const handle = await within(openDb({ databaseUrl: o.databaseUrl, dataDir }), 120_000, 'opening the database after the run');
    try {
      const q = async <R>(s: ReturnType<typeof sql>) => ((await handle.db.execute(s)) as unknown as { rows: R[] }).rows;
      const like = `${tag} %`;

      // cases: each made here exactly once, with exactly one subform (its remark is our marker)
      const created = await q<{ id: number; n: number }>(
        sql`select i.id, (select count(*)::int from incident_subform s where s.incident_id = i.id) as n from incident i
            join app_user u on u.id = i.created_by_user_id where u.username = ${tmcUser.username} and i.created_at >= ${runStart.toISOString()}`,
      );
      const expectedCases = counts.cases + cases.filter((c) => !c.entity).length;
      if (created.length !== expectedCases) problems.push(`cases: ${created.length} on the server, ${expectedCases} made`);
      // each case made on the TMC device: exactly one subform with its marker (the server keeps remarks in upper case),
      // on a case of this run with exactly one subform (and its server id the one the device's id map named)
      const subs = await q<{ remark: string; incident_id: number; id: number }>(
        sql`select remark, incident_id, id from incident_subform where remark like ${like.toUpperCase()}`,
      );
      for (const c of cases.filter((x) => x.marker)) {
        const mine = subs.filter((x) => x.remark === c.marker!.toUpperCase());
        if (mine.length !== 1) {
          problems.push(`case ${c.key}: ${mine.length} subforms with its marker`);
          continue;
        }
        if (c.id !== undefined && mine[0].incident_id !== c.id)
          problems.push(`case ${c.key}: its subform is on case ${mine[0].incident_id}, not ${c.id}`);
        c.id ??= mine[0].incident_id;
        c.subformId ??= mine[0].id;
        const row = created.find((x) => x.id === c.id);
        if (!row) problems.push(`case ${c.key}: case ${c.id} is not one made in this run`);
        else if (row.n !== 1) problems.push(`case ${c.key}: ${row.n} subforms`);
      }
      // child items: each plate once, on its case's subform, in the order written
      const vehicles = await q<{ id: number; plate_number: string; subform_id: number }>(
        sql`select id, plate_number, subform_id from involved_vehicle where plate_number like ${`${tag}-V%`} order by id`,
      );
      for (const c of cases) {
        if (!c.plates.length) continue;
        const got = vehicles.filter((v) => c.plates.includes(v.plate_number));
        const order = got.map((v) => v.plate_number);
        if (JSON.stringify(order) !== JSON.stringify(c.plates))
          problems.push(`case ${c.key}: vehicles ${JSON.stringify(order)}, written ${JSON.stringify(c.plates)}`);
        if (c.subformId !== undefined && got.some((v) => v.subform_id !== c.subformId)) problems.push(`case ${c.key}: a vehicle on another subform`);
      }
      if (vehicles.length !== counts.childItems) problems.push(`child items: ${vehicles.length} on the server, ${counts.childItems} made`);

      // journal entries: each once, per case and author in the order written
      const entries = await q<{ id: number; incident_id: number; entry: string }>(
        sql`select id, incident_id, entry from journal_entry where entry like ${like} order by id`,
      );
      const byText = new Map<string, typeof entries>();
      for (const e of entries) byText.set(e.entry, [...(byText.get(e.entry) ?? []), e]);
      for (const [text, rows] of byText) if (rows.length !== 1) problems.push(`journal "${text}": ${rows.length} times`);
      if (entries.length !== counts.journalEntries)
        problems.push(`journal entries: ${entries.length} on the server, ${counts.journalEntries} written`);
      for (const c of cases)
        for (const who of ['tmc', 'pr'] as const) {
          const want = Array.from({ length: c.journal[who] }, (_, i) => `${tag} ${who} ${c.key} #${i + 1}`);
          const got = entries.filter((e) => e.entry.startsWith(`${tag} ${who} ${c.key} #`));
          const texts = got.map((e) => e.entry);
          if (JSON.stringify(texts) !== JSON.stringify(want))
            problems.push(`case ${c.key} ${who} journal order: ${JSON.stringify(texts.slice(0, 8))}… vs ${JSON.stringify(want.slice(0, 8))}…`);
          if (c.id !== undefined && got.some((e) => e.incident_id !== c.id)) problems.push(`case ${c.key}: a journal entry on another case`);
        }
      if (!byText.has(uiPhotoEntry)) problems.push('the journal entry written on the screen is missing');

      // photos: one per entry, its stored bytes the server's clean JPEG of exactly the bytes queued
      const atts = await q<{ entry: string; sha256: string; content: Buffer | Uint8Array; id: number }>(
        sql`select j.entry, a.sha256, c.content, a.id from attachment a join journal_entry j on j.id = a.journal_entry_id
            join attachment_content c on c.attachment_id = a.id where j.entry like ${like} order by a.id`,
      );
      if (atts.length !== counts.photos) problems.push(`photos: ${atts.length} on the server, ${counts.photos} attached`);
      const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');
      for (const p of photos) {
        const got = atts.filter((a) => a.entry === p.entry);
        if (got.length !== 1) {
          problems.push(`photo of "${p.entry}": ${got.length} on the server`);
          continue;
        }
        const want = (await cleanImage(p.bytes)).sha256;
        if (got[0].sha256 !== want || sha(got[0].content) !== want)
          problems.push(`photo of "${p.entry}": stored bytes differ from the re-encoding of the queued ones`);
      }
      {
        const got = atts.filter((a) => a.entry === uiPhotoEntry);
        // the screen's photo: compressed in the page; what was sent (every attempt the same bytes) re-encoded by the server
        const uiSent = [...sentPhotos.values()].find((b) => !photos.some((p) => p.bytes.equals(b)));
        if (got.length !== 1 || !uiSent) problems.push(`the screen's photo: ${got.length} on the server, sent ${uiSent ? 'yes' : 'no'}`);
        else if (got[0].sha256 !== (await cleanImage(uiSent)).sha256 || sha(got[0].content) !== got[0].sha256)
          problems.push("the screen's photo: stored bytes differ from the re-encoding of the sent ones");
      }

      // status steps: the patrol's, per case exactly the steps queued, in order
      const audits = await q<{ incident_id: number; status_id: number }>(
        sql`select incident_id, status_id from incident_audit where assigner_role_name = 'PR' and created_at >= ${runStart.toISOString()} order by id`,
      );
      let stepsOnServer = 0;
      for (const c of cases) {
        if (!c.steps.length) continue;
        const got = audits.filter((a) => a.incident_id === c.id).map((a) => a.status_id);
        stepsOnServer += got.length;
        if (JSON.stringify(got) !== JSON.stringify(c.steps))
          problems.push(`case ${c.key} status steps ${JSON.stringify(got)}, queued ${JSON.stringify(c.steps)}`);
      }
      if (stepsOnServer !== counts.statusSteps) problems.push(`status steps: ${stepsOnServer} on the server, ${counts.statusSteps} queued`);

      // broadcasts and logsheets: each once
      const bc = (await q<{ message: string }>(sql`select message from message_broadcast where message like ${like}`)).map((r) => r.message);
      const ls = (await q<{ remarks: string }>(sql`select remarks from tmc_logsheet where remarks like ${like}`)).map((r) => r.remarks);
      const once = (what: string, got: string[], want: string[]) => {
        if (got.length !== want.length || new Set(got).size !== got.length || want.some((w) => !got.includes(w)))
          problems.push(`${what}: ${got.length} on the server (${new Set(got).size} distinct), ${want.length} written`);
      };
      once('broadcasts', bc, broadcasts);
      once('logsheets', ls, logsheets);

      // positions: each fix once (its accuracy is its number), in the order taken
      const pos = await q<{ accuracy: number }>(
        sql`select accuracy from roster_position where duty_roster_id = ${roster.pkDutyRosterId} and received_at >= ${runStart.toISOString()} order by recorded_at, id`,
      );
      const acc = pos.map((p) => Math.round(Number(p.accuracy)));
      once('position fixes', acc.map(String), fixes.map(String));
      if (JSON.stringify(acc) !== JSON.stringify([...acc].sort((a, b) => a - b))) problems.push('position fixes: not in the order taken');
    } finally {
      await handle.close();
    }
    const tEnd = Date.now();
    return {
      seed: o.seed,
      database: o.databaseUrl ? 'postgres' : 'pglite',
      counts,
      total: total(),
      throughUi,
      faults,
      durationsMs: { setup: tSetup - t0, writing: tDrain - tWrite, drain: tCheck - tDrain, check: tEnd - tCheck, total: tEnd - t0 },
      problems,
      pageErrors,
      unsent,
    };
  } finally {
    stopFaults = true;
    await Promise.allSettled(faultTasks);
    for (const c of contexts) await c.ctx.close().catch(() => {});
    await server.stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  }
}

/** The report as printed lines: seed, counts per kind, faults, durations. */
export function formatReport(r: FaultRunReport): string {
  const kinds = KINDS.map((k) => `${k} ${r.counts[k]}`).join(', ');
  return [
    `[fault-run] seed ${r.seed} (FAULT_SEED=${r.seed}) on ${r.database}: ${r.total} mutations — ${kinds}`,
    `[fault-run]   through the screens: ${r.throughUi.journalEntries} journal entry with ${r.throughUi.photos} photo`,
    `[fault-run]   faults: ${r.faults.kills} SIGKILL+restart, ${r.faults.flaps} network flaps (${(r.faults.offlineMs / 1000).toFixed(1)} s offline), ${r.faults.signIns} sign-ins (tokens expiring), ${r.faults.tabReloads} tab reloads`,
    `[fault-run]   durations: setup ${r.durationsMs.setup} ms, writing ${r.durationsMs.writing} ms, drain ${r.durationsMs.drain} ms, check ${r.durationsMs.check} ms, total ${r.durationsMs.total} ms`,
    `[fault-run]   unsent at the end [top bar, outbox, fixes]: ${JSON.stringify(r.unsent)}`,
    r.problems.length
      ? `[fault-run]   PROBLEMS:\n${r.problems.map((p) => `    - ${p}`).join('\n')}`
      : '[fault-run]   exactly once: every mutation on the server once, in order; photos identical; 0 unsent',
  ].join('\n');
}
