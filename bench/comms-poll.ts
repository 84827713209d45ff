// Control-room polling (issue #6): 2,000 signed-in clients polling the notifications and the broadcasts every 60 s
// (§4.4, §9) is about 67 requests/s. For notificationView/getAll and messageBroadcast/dataTables, without and with
// If-None-Match (an unchanged poll answers 304), and for a bare Fastify route answering the same broadcast JSON in
// the same server process, it finds the highest sustained rate with p99 under 100 ms (closed-loop autocannon runs
// with 1, 2, 4, … connections); then it runs the 2,000-client mix at an even 67 req/s (a new broadcast every 30 s)
// and prints the share of 304 answers and the server process's CPU and memory.
//
// The server runs in a forked process of its own (this file with the argument `server`), so its CPU and memory are
// measured apart from autocannon's. Embedded PGlite in a temp folder, or BENCH_DATABASE_URL (PostgreSQL; the bench
// users and broadcasts are added to that database).
// BENCH_CLIENTS (2000), BENCH_STEP_SECONDS (5 per connection count), BENCH_MIX_SECONDS (60),
// BENCH_BROADCAST_EVERY_SECONDS (30).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import Fastify from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { PATHS } from '../contract/paths';
import { ROLE_IDS } from '../contract/roles';

if (process.argv[2] === 'server') await serve();
else await drive();

// ------------------------------------------------------------------------------------------------ the server process

async function serve() {
  const { build } = await import('../server/app');
  const { appUser, broadcastSeen, messageBroadcast, section, staff } = await import('../server/db/schema');
  const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
  const BROADCASTS = Number(process.env.BENCH_BROADCASTS ?? 30);

  const dataDir = await mkdtemp(path.join(tmpdir(), 'lbh-comms-'));
  const app = await build({
    logger: false,
    config: {
      dataDir,
      databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      clientDir: '/nonexistent',
      seedFastHash: true,
      alerts: { unackMinutes: 5, sweepSeconds: 60 },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const db = app.ctx.db;

  // ---- CLIENTS TMC users (the bell is TMC only: every client polls both lists, the heaviest mix)
  const sections = await db
    .select({ id: section.id, regionId: section.regionId })
    .from(section)
    .where(and(ne(section.regionId, 27), eq(section.isCombined, false)));
  const run = Date.now().toString(36);
  const users: { sub: string; uid: string; rid: number; rn: string; sid: number; sec: number; reg: number }[] = [];
  for (let i = 0; i < CLIENTS; i += 500) {
    const batch = Array.from({ length: Math.min(500, CLIENTS - i) }, (_, k) => i + k);
    const staffRows = await db
      .insert(staff)
      .values(
        batch.map((n) => ({
          staffNo: `BENCH-${run}-${n}`,
          displayName: `Operator Bench ${n}`,
          position: 'TMC Operator',
          sectionId: sections[n % sections.length].id,
        })),
      )
      .returning({ id: staff.id, sectionId: staff.sectionId });
    const userRows = await db
      .insert(appUser)
      .values(
        staffRows.map((s, k) => ({ username: `bench.${run}.${batch[k]}`, passwordHash: 'bench-no-login', staffId: s.id, roleId: ROLE_IDS.TMCA })),
      )
      .returning({ id: appUser.id, username: appUser.username, staffId: appUser.staffId });
    userRows.forEach((u, k) => {
      const sec = sections.find((s) => s.id === staffRows[k].sectionId)!;
      users.push({ sub: String(u.id), uid: u.username, rid: ROLE_IDS.TMCA, rn: 'TMCA', sid: u.staffId, sec: sec.id, reg: sec.regionId });
    });
  }
  const tokens: string[] = [];
  for (const u of users) tokens.push((await app.signToken(u, new Date(0))).token);

  // ---- today's broadcasts, each seen by about half of the clients
  const sender = users[0];
  const sent: number[] = [];
  for (let b = 0; b < BROADCASTS; b++) {
    const [row] = await db
      .insert(messageBroadcast)
      .values({
        regionId: 27,
        senderStaffId: sender.sid,
        senderRoleName: 'TMCA',
        message: `Siaran ujian ${b}: lorong kiri KM ${100 + b} ditutup sementara`,
        createdAt: new Date(Date.now() - (BROADCASTS - b) * 60_000),
      })
      .returning({ id: messageBroadcast.id });
    sent.push(row.id);
    const seen = users.filter((_, k) => (k + b) % 2 === 0).map((u) => ({ broadcastId: row.id, staffId: u.sid }));
    for (let i = 0; i < seen.length; i += 1000)
      await db
        .insert(broadcastSeen)
        .values(seen.slice(i, i + 1000))
        .onConflictDoNothing();
  }

  // ---- bare route: the same broadcast JSON as a client gets it
  const sample = await (
    await fetch(`${base}${PATHS.broadcastDataTables}?length=8&start=0`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
      body: '{}',
    })
  ).json();
  const bare = Fastify({ logger: false });
  bare.post('/bare', async () => sample);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  process.on('message', async (m: { type: string }) => {
    if (m.type === 'usage') process.send!({ type: 'usage', cpu: process.cpuUsage(), mem: process.memoryUsage(), at: performance.now() });
    if (m.type === 'broadcast') {
      await app.inject({
        method: 'POST',
        url: PATHS.broadcastSave,
        headers: { authorization: `Bearer ${tokens[1]}` },
        payload: { message: `Siaran semasa ujian ${new Date().toISOString()}` },
      });
      process.send!({ type: 'broadcast' });
    }
    if (m.type === 'stop') {
      await bare.close();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', base, bareUrl, tokens, dbKind: app.ctx.dbKind, broadcasts: sent.length });
}

// ------------------------------------------------------------------------------------------------ the driver

interface Ready {
  type: 'ready';
  base: string;
  bareUrl: string;
  tokens: string[];
  dbKind: string;
  broadcasts: number;
}
interface Usage {
  type: 'usage';
  cpu: NodeJS.CpuUsage;
  mem: NodeJS.MemoryUsage;
  at: number;
}

async function drive() {
  const STEP = Number(process.env.BENCH_STEP_SECONDS ?? 5);
  const MIX = Number(process.env.BENCH_MIX_SECONDS ?? 60);
  const CHANGE_EVERY_S = Number(process.env.BENCH_BROADCAST_EVERY_SECONDS ?? 30);
  /** each client polls both lists once a minute: 2,000 clients → 33 req/s per list, 67 req/s in all */
  const LIST_RATE = Number(process.env.BENCH_CLIENTS ?? 2000) / 60;
  const POLL_RATE = 2 * LIST_RATE;

  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['server'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type === type) {
          child.off('message', on);
          resolve(m as T);
        }
      };
      child.on('message', on);
    });
  const t0 = performance.now();
  const ready = await next<Ready>('ready');
  console.log(
    `server ready in ${Math.round((performance.now() - t0) / 1000)} s: ${ready.tokens.length} signed-in TMC clients, ${ready.broadcasts} broadcasts today (${ready.dbKind})`,
  );
  const usage = () => {
    child.send({ type: 'usage' });
    return next<Usage>('usage');
  };
  const { tokens } = ready;

  type Target = { name: string; url: string; conditional: boolean; auth: boolean };
  const getAll = `${ready.base}${PATHS.notificationGetAll}`;
  const bc = `${ready.base}${PATHS.broadcastDataTables}?length=8&start=0`;

  // each client's current ETag per list (per user: seenByMe is the caller's; the bell list is per region)
  const etags = new Map<string, string>();
  async function prime(url: string) {
    for (let i = 0; i < tokens.length; i += 100) {
      await Promise.all(
        tokens.slice(i, i + 100).map(async (tok, k) => {
          const res = await fetch(url, {
            method: 'POST',
            headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' },
            body: '{}',
          });
          await res.arrayBuffer();
          etags.set(`${url}|${i + k}`, res.headers.get('etag') ?? '');
        }),
      );
    }
  }
  await prime(getAll);
  await prime(bc);

  /**
   * One closed-loop autocannon run: `connections` clients each sending the next request when the last answered,
   * rotating over the 2,000 tokens (so the per-user session cache is cold, as with real clients a minute apart).
   */
  async function load(targets: Target[], connections: number, seconds: number) {
    let n = 0;
    const codes = { s200: 0, s304: 0, other: 0 };
    const requests: CannonRequest[] = targets.map((t) => ({
      method: 'POST' as const,
      path: new URL(t.url).pathname + new URL(t.url).search,
      setupRequest: (req: CannonRequest, context: object) => {
        const i = n++ % tokens.length;
        (context as { i: number }).i = i;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (t.auth) headers.authorization = `Bearer ${tokens[i]}`;
        const tag = etags.get(`${t.url}|${i}`);
        if (t.conditional && tag) headers['if-none-match'] = tag;
        return { ...req, headers, body: '{}' };
      },
      onResponse: (status: number) => {
        if (status === 200) codes.s200++;
        else if (status === 304) codes.s304++;
        else codes.other++;
      },
    }));
    const origin = new URL(targets[0].url).origin;
    const r = await autocannon({ url: origin, connections, duration: seconds, requests });
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + codes.other, codes, connections };
  }

  /**
   * The highest sustained rate with p99 < 100 ms: closed-loop runs with 1, 2, 4, … connections; the best throughput
   * of a run whose p99 stayed under 100 ms with no errors. (autocannon's own rate limit sends each connection's
   * quota at the start of every second, a burst no population of clients on 60 s timers makes, so it is not used.)
   */
  async function ceiling(t: Target) {
    await load([t], 4, 2); // warm-up
    let best: Awaited<ReturnType<typeof load>> | null = null;
    for (let c = 1; c <= 256; c *= 2) {
      const r = await load([t], c, STEP);
      if (r.p99 >= 100 || r.errors) break;
      if (!best || r.rps > best.rps) best = r;
    }
    return best;
  }

  /**
   * Open loop at a steady rate (the 2,000 clients' polls spread evenly over the minute): one request every
   * 1000/rate ms whatever the answers, each client sending its last ETag as If-None-Match.
   */
  async function steady(urls: string[], rate: number, seconds: number) {
    const lat: number[] = [];
    const codes = { s200: 0, s304: 0, other: 0 };
    const inflight = new Set<Promise<void>>();
    const gap = 1000 / rate;
    const start = performance.now();
    let k = 0;
    while (performance.now() - start < seconds * 1000) {
      const url = urls[k % urls.length];
      const i = Math.floor(k / urls.length) % tokens.length;
      k++;
      const key = `${url}|${i}`;
      const headers: Record<string, string> = { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' };
      const tag = etags.get(key);
      if (tag) headers['if-none-match'] = tag;
      const t = performance.now();
      const p = fetch(url, { method: 'POST', headers, body: '{}' })
        .then(async (res) => {
          await res.arrayBuffer();
          lat.push(performance.now() - t);
          if (res.status === 200) {
            codes.s200++;
            const e = res.headers.get('etag');
            if (e) etags.set(key, e);
          } else if (res.status === 304) codes.s304++;
          else codes.other++;
        })
        .catch(() => void codes.other++)
        .finally(() => inflight.delete(p));
      inflight.add(p);
      const due = start + k * gap;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await Promise.all(inflight);
    lat.sort((a, b) => a - b);
    const pct = (q: number) => Math.round(lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] * 10) / 10;
    return { rps: lat.length / seconds, p50: pct(0.5), p99: pct(0.99), max: pct(1), codes, errors: codes.other };
  }

  const targets: Target[] = [
    { name: 'POST notificationView/getAll', url: getAll, conditional: false, auth: true },
    { name: 'POST notificationView/getAll + If-None-Match', url: getAll, conditional: true, auth: true },
    { name: 'POST messageBroadcast/dataTables', url: bc, conditional: false, auth: true },
    { name: 'POST messageBroadcast/dataTables + If-None-Match', url: bc, conditional: true, auth: true },
    { name: 'bare Fastify route, same broadcast JSON', url: ready.bareUrl, conditional: false, auth: false },
  ];
  const table: Record<string, Record<string, number | string>> = {};
  for (const t of targets) {
    const best = await ceiling(t);
    const share = best && t.conditional ? `${((100 * best.codes.s304) / Math.max(1, best.codes.s200 + best.codes.s304)).toFixed(1)} %` : '';
    table[t.name] = best
      ? {
          'max req/s (p99<100ms)': Math.round(best.rps),
          connections: best.connections,
          'p50 ms': best.p50,
          'p99 ms': best.p99,
          '304 share': share,
          'x one list at 2,000 clients': (best.rps / LIST_RATE).toFixed(1),
        }
      : {
          'max req/s (p99<100ms)': 'none (p99 ≥ 100 ms with 1 connection)',
          connections: '',
          'p50 ms': '',
          'p99 ms': '',
          '304 share': '',
          'x one list at 2,000 clients': '',
        };
  }
  console.log(
    `\ncomms polling: highest sustained rate with p99 < 100 ms (${ready.dbKind}, closed loop, ${STEP} s per connection count, ${tokens.length} clients rotating)`,
  );
  console.table(table);

  // ---- the 2,000-client mix: every client polls both lists once a minute with its ETag, a broadcast every 10 s
  const before = await usage();
  const ticker = setInterval(() => child.send({ type: 'broadcast' }), CHANGE_EVERY_S * 1000);
  const mix = await steady([getAll, bc], POLL_RATE, MIX);
  clearInterval(ticker);
  const after = await usage();
  const wallMs = after.at - before.at;
  const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `\n${tokens.length}-client mix for ${MIX} s at ${POLL_RATE.toFixed(0)} req/s (each client polls both lists with its last ETag; a new broadcast every ${CHANGE_EVERY_S} s,\n` +
      `so a broadcast poll made after one answers 200 and the bell polls, unchanged, 304)`,
  );
  console.table({
    mix: {
      'req/s': Number(mix.rps.toFixed(1)),
      'p50 ms': mix.p50,
      'p99 ms': mix.p99,
      'max ms': mix.max,
      errors: mix.errors,
      '200': mix.codes.s200,
      '304': mix.codes.s304,
      '304 share': `${((100 * mix.codes.s304) / Math.max(1, mix.codes.s200 + mix.codes.s304)).toFixed(1)} %`,
    },
  });
  console.log(
    `server process: CPU ${((100 * cpuMs) / wallMs).toFixed(1)} % of one core (${Math.round(cpuMs)} ms in ${(wallMs / 1000).toFixed(1)} s), ` +
      `RSS ${mb(after.mem.rss)}, heap used ${mb(after.mem.heapUsed)}, external ${mb(after.mem.external)}`,
  );

  child.send({ type: 'stop' });
  await new Promise((r) => child.once('exit', r));
}
