// Live patrol positions (issue #7): 500 patrols each reporting a fix every 10 s is 50 rondaGps/save requests a
// second. Under autocannon, at that rate and at 10× it (500 req/s), and closed-loop at the most the server takes,
// it prints the sustained rate and p50/p99 of rondaGps/save (one fix per request, a fresh Idempotency-Key each, as a
// tablet sends) beside a bare Fastify route in the same server process answering the same JSON; then (issue #18
// item 3) the same in BATCHES of BENCH_BATCH fixes (10) per request, counted in fixes/s: at BENCH_FIXES_RATE fixes/s
// (5,000: 100× the load of 500 patrols every 10 s) and closed loop, each request a distinct Idempotency-Key and the
// next roster in turn (so concurrent requests write distinct rosters), against the target (≥ 5,000 fixes/s, p99
// under 200 ms); then the history
// growth: rows and bytes per row of roster_position measured after the runs, what 500 patrols every 10 s makes per
// day and over the retention (POSITION_HISTORY_DAYS, 90), and the time the pruning job takes to delete a day's worth
// of old rows (scaled from BENCH_PRUNE_ROWS old rows inserted for the purpose); last, bigMaps/getIncidentAndActivePR
// for a TMC user whose region has BENCH_MAP_CASES (3,000, MAP_INCIDENTS_MAX) open cases, beside a bare route
// answering the same JSON: the route as served (its cache, server/modules/maps/big-maps-cache.ts) without and with
// If-None-Match (304), the bare route without and with it (a bare 304), and the answer built on every call as it
// was before the cache (bigMaps() through the response schema's serialiser, on a bare Fastify of its own: the floor
// of the uncached route, no auth), alternating in two rounds.
//
// The server runs in a forked process of its own (this file with the argument `server`). Embedded PGlite in a temp
// folder, or BENCH_DATABASE_URL (PostgreSQL: the bench patrols are added to that database).
// BENCH_PATROLS (500), BENCH_SECONDS (15 per run), BENCH_PRUNE_ROWS (100000), BENCH_BATCH (10), BENCH_FIXES_RATE (5000),
// BENCH_PARTS (single,batch,history,bigmaps: the parts to run); BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the
// server process there.
import { fork, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import Fastify from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PATHS } from '../contract/paths';
import { ROLE_IDS } from '../contract/roles';

const PATROLS = Number(process.env.BENCH_PATROLS ?? 500);
const REPORT_EVERY_S = 10;

if (process.argv[2] === 'server') await serve();
else await drive();

// ------------------------------------------------------------------------------------------------ the server process

async function serve() {
  const { build } = await import('../server/app');
  const { appUser, dutyRoster, gpsKmMarker, rosterPosition, section, shift, staff, team, teamMember } = await import('../server/db/schema');
  const { prunePositions } = await import('../server/modules/maps/positions');
  const { bigMaps } = await import('../server/modules/maps/big-maps');
  const { serializerCompiler } = await import('fastify-type-provider-zod');
  const { envelope } = await import('../contract/envelope');
  const { BigMapsSchema } = await import('../contract/maps');
  const { ok } = await import('../server/lib/reply');
  const PRUNE_ROWS = Number(process.env.BENCH_PRUNE_ROWS ?? 100_000);

  const dataDir = await mkdtemp(path.join(tmpdir(), 'lbh-positions-'));
  const app = await build({
    logger: false,
    config: {
      dataDir,
      databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      clientDir: '/nonexistent',
      seedFastHash: true,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const db = app.ctx.db;

  // ---- PATROLS rosters on shift now, each with a PR user in its team, spread over the specific sections
  const sections = await db
    .select({ id: section.id, regionId: section.regionId })
    .from(section)
    .where(and(eq(section.isCombined, false), sql`${section.kmStart} is not null`))
    .orderBy(asc(section.id));
  const [sh] = await db.select({ id: shift.id }).from(shift).limit(1);
  const run = Date.now().toString(36);
  const now = Date.now();
  const patrols: {
    token: string;
    rosterId: number;
    path: [number, number][];
  }[] = [];
  const markersBySection = new Map<number, [number, number][]>();
  for (const s of sections) {
    const ms = await db
      .select({ lat: gpsKmMarker.latitude, lng: gpsKmMarker.longitude })
      .from(gpsKmMarker)
      .where(eq(gpsKmMarker.sectionId, s.id))
      .orderBy(asc(gpsKmMarker.km));
    markersBySection.set(
      s.id,
      ms.map((m) => [m.lat, m.lng]),
    );
  }
  for (let n = 0; n < PATROLS; n++) {
    const s = sections[n % sections.length];
    const [st] = await db
      .insert(staff)
      .values({
        staffNo: `BENCH-${run}-${n}`,
        displayName: `Peronda Bench ${n}`,
        position: 'Ketua Peronda',
        sectionId: s.id,
      })
      .returning({ id: staff.id });
    const [u] = await db
      .insert(appUser)
      .values({
        username: `bench.pr.${run}.${n}`,
        passwordHash: 'bench-no-login',
        staffId: st.id,
        roleId: ROLE_IDS.PR,
      })
      .returning({ id: appUser.id, username: appUser.username });
    const [t] = await db
      .insert(team)
      .values({ name: `BENCH-${run}-${n}`, sectionId: s.id })
      .returning({ id: team.id });
    await db.insert(teamMember).values({ teamId: t.id, staffId: st.id });
    const [r] = await db
      .insert(dutyRoster)
      .values({
        sectionId: s.id,
        shiftId: sh.id,
        teamId: t.id,
        dutyRosterName: `BENCH ${n}`,
        startDate: new Date(now).toISOString().slice(0, 10),
        endDate: new Date(now).toISOString().slice(0, 10),
        startHour: '00:00',
        endHour: '23:59',
        startsAt: new Date(now - 3600_000),
        endsAt: new Date(now + 12 * 3600_000),
      })
      .returning({ id: dutyRoster.id });
    const token = (
      await app.signToken(
        {
          sub: String(u.id),
          uid: u.username,
          rid: ROLE_IDS.PR,
          rn: 'PR',
          sid: st.id,
          sec: s.id,
          reg: s.regionId,
        },
        new Date(0),
      )
    ).token;
    const ms = markersBySection.get(s.id)!;
    const start = (n * 37) % Math.max(1, ms.length - 60);
    patrols.push({ token, rosterId: r.id, path: ms.slice(start, start + 60) });
  }

  // ---- bare route: the same JSON answer a save gets
  const sample = await (
    await fetch(`${base}${PATHS.rondaGpsSave}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${patrols[0].token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        pkDutyRosterId: patrols[0].rosterId,
        positions: [
          {
            latitude: patrols[0].path[0][0],
            longitude: patrols[0].path[0][1],
            recordedAt: new Date().toISOString(),
          },
        ],
      }),
    })
  ).json();
  const bare = Fastify({ logger: false });
  bare.post('/bare', async () => sample);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  const sizeOf = async () => {
    const res = (await db.execute(
      sql`select (select count(*) from roster_position)::int as rows, pg_total_relation_size('roster_position')::bigint as bytes`,
    )) as unknown as {
      rows: { rows: number; bytes: string | number }[];
    };
    return { rows: Number(res.rows[0].rows), bytes: Number(res.rows[0].bytes) };
  };

  let bareMap: { close: () => Promise<unknown> } | undefined;
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'usage')
      process.send!({
        type: 'usage',
        cpu: process.cpuUsage(),
        mem: process.memoryUsage(),
        at: performance.now(),
      });
    if (m.type === 'size') process.send!({ type: 'size', ...(await sizeOf()) });
    if (m.type === 'prune') {
      // PRUNE_ROWS fixes of 100 days ago (the retention is 90), then the pruning job's delete
      const old = new Date(Date.now() - 100 * 86_400_000);
      const rid = patrols[0].rosterId;
      for (let i = 0; i < PRUNE_ROWS; i += 50_000) {
        const n = Math.min(50_000, PRUNE_ROWS - i);
        await db.execute(
          sql`insert into ${rosterPosition} (duty_roster_id, latitude, longitude, recorded_at, km, offset_metres, section_id)
              select ${rid}, 3.0, 101.5, ${old.toISOString()}::timestamptz + (g * interval '1 second'), 100, 0, null from generate_series(1, ${n}) g`,
        );
      }
      const t = performance.now();
      const deleted = await prunePositions(db, 90);
      process.send!({ type: 'prune', deleted, ms: performance.now() - t });
    }
    if (m.type === 'bigmaps') {
      // open cases in the TMC user's region up to MAP_CASES (copies of a seeded case, spread over the last day)
      const MAP_CASES = Number(process.env.BENCH_MAP_CASES ?? 3000);
      const [tmca] = await db
        .select({
          id: appUser.id,
          staffId: appUser.staffId,
          roleId: appUser.roleId,
        })
        .from(appUser)
        .where(eq(appUser.username, 'tmca'));
      const [st] = await db.select({ sectionId: staff.sectionId }).from(staff).where(eq(staff.id, tmca.staffId));
      const [sec] = await db.select({ regionId: section.regionId }).from(section).where(eq(section.id, st.sectionId));
      const openNow = (await db.execute(
        sql`select count(*)::int as n from incident where region_id = ${sec.regionId} and (status_id is null or status_id not in (202, 210))`,
      )) as unknown as { rows: { n: number }[] };
      const missing = Math.max(0, MAP_CASES - Number(openNow.rows[0].n));
      await db.execute(sql`
        insert into incident (ticket_number, section_id, region_id, highway_id, source_id, category_id, direction_id, kilometer_marker, km,
                              chainage, latitude, longitude, status_id, incident_at, created_by_staff_id)
        select 'BENCH-' || ${run} || '-' || g, i.section_id, i.region_id, i.highway_id, i.source_id, i.category_id, i.direction_id,
               i.kilometer_marker, i.km, i.chainage, i.latitude, i.longitude, (array[203, 204, 206, 298])[1 + g % 4],
               now() - (g * interval '20 seconds'), i.created_by_staff_id
        from generate_series(1, ${missing}) g,
             (select * from incident where region_id = ${sec.regionId} order by id limit 1) i`);
      const token = (
        await app.signToken(
          {
            sub: String(tmca.id),
            uid: 'tmca',
            rid: tmca.roleId,
            rn: 'TMCA',
            sid: tmca.staffId,
            sec: st.sectionId,
            reg: sec.regionId,
          },
          new Date(0),
        )
      ).token;
      const res = await fetch(`${base}${PATHS.bigMaps}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      const text = await res.text();
      const body = JSON.parse(text).body as {
        incidents: unknown[];
        activePR: unknown[];
      };
      // what one refresh costs on the wire, as the browser asks for it (server/plugins/compression.ts)
      const wire = (encoding: string) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            `${base}${PATHS.bigMaps}`,
            {
              method: 'POST',
              headers: {
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
                'accept-encoding': encoding,
              },
            },
            (r) => {
              let n = 0;
              r.on('data', (c: Buffer) => (n += c.length));
              r.on('end', () => resolve(n));
              r.on('error', reject);
            },
          );
          req.on('error', reject);
          req.end('{}');
        });
      const wireBytes = {
        identity: await wire('identity'),
        gzip: await wire('gzip'),
        br: await wire('br'),
      };
      // the bare route: the same bytes; a 304 to an If-None-Match naming its tag (the floor of a revalidation)
      const bareTag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
      const mapServer = Fastify({ logger: false });
      mapServer.post('/bare-map', async (req, reply) =>
        req.headers['if-none-match'] === bareTag ? reply.code(304).send() : reply.type('application/json').send(text),
      );
      // the answer built on every call as before the cache: bigMaps() through the response schema's serialiser
      mapServer.setSerializerCompiler(serializerCompiler);
      const staleSeconds = app.ctx.config.positions.staleSeconds;
      mapServer.post('/uncached-map', { schema: { response: { 200: envelope(BigMapsSchema) } } }, async () =>
        ok(await bigMaps(db, { regionId: sec.regionId }, staleSeconds)),
      );
      await mapServer.listen({ port: 0, host: '127.0.0.1' });
      bareMap = mapServer;
      const mapPort = (mapServer.server.address() as { port: number }).port;
      process.send!({
        type: 'bigmaps',
        token,
        incidents: body.incidents.length,
        patrols: body.activePR.length,
        bytes: text.length,
        wireBytes,
        etag: res.headers.get('etag'),
        bareTag,
        bareMapUrl: `http://127.0.0.1:${mapPort}/bare-map`,
        uncachedMapUrl: `http://127.0.0.1:${mapPort}/uncached-map`,
      });
    }
    if (m.type === 'stop') {
      await bareMap?.close();
      await bare.close();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send!({
    type: 'ready',
    base,
    bareUrl,
    patrols,
    dbKind: app.ctx.dbKind,
  });
}

// ------------------------------------------------------------------------------------------------ the driver

interface Ready {
  type: 'ready';
  base: string;
  bareUrl: string;
  patrols: { token: string; rosterId: number; path: [number, number][] }[];
  dbKind: string;
}

async function drive() {
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
  const RATE = PATROLS / REPORT_EVERY_S;

  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['server'], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
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
  const ask = <T>(type: string) => {
    child.send({ type });
    return next<T>(type);
  };
  const t0 = performance.now();
  const ready = await next<Ready>('ready');
  console.log(`server ready in ${Math.round((performance.now() - t0) / 1000)} s: ${ready.patrols.length} patrols on shift (${ready.dbKind})`);
  const { patrols } = ready;

  /** one autocannon run; rate undefined = closed loop (as fast as the connections go) */
  async function load(url: string, save: boolean, connections: number, rate?: number, batch = 1) {
    let n = 0;
    const codes = { s200: 0, other: 0 };
    const u = new URL(url);
    const requests: CannonRequest[] = [
      {
        method: 'POST',
        path: u.pathname,
        setupRequest: (req: CannonRequest) => {
          const k = n++;
          const p = patrols[k % patrols.length];
          const round = Math.floor(k / patrols.length) * batch;
          const headers: Record<string, string> = {
            'content-type': 'application/json',
          };
          if (save) {
            headers.authorization = `Bearer ${p.token}`;
            headers['idempotency-key'] = randomUUID();
          }
          // a batch: `batch` consecutive points of the patrol's path, a second apart, the last taken now
          const at = Date.now();
          const positions = Array.from({ length: batch }, (_, j) => {
            const [lat, lng] = p.path[(round + j) % p.path.length];
            return {
              latitude: lat,
              longitude: lng,
              recordedAt: new Date(at - (batch - 1 - j) * 1000).toISOString(),
              accuracy: 8,
              heading: 180,
              speed: 25,
            };
          });
          const body = JSON.stringify({
            pkDutyRosterId: p.rosterId,
            positions,
          });
          return { ...req, headers, body };
        },
        onResponse: (status: number) => {
          if (status === 200) codes.s200++;
          else codes.other++;
        },
      },
    ];
    const r = await autocannon({
      url: u.origin,
      connections,
      duration: SECONDS,
      requests,
      ...(rate ? { overallRate: rate } : {}),
    });
    return {
      rps: r.requests.average,
      fixes: (codes.s200 * batch) / SECONDS,
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      errors: r.errors + r.timeouts + codes.other,
      ok: codes.s200,
    };
  }

  const save = `${ready.base}${PATHS.rondaGpsSave}`;
  const parts = new Set((process.env.BENCH_PARTS ?? 'single,batch,history,bigmaps').split(',').map((p) => p.trim()));
  await load(save, true, 4); // warm-up (JIT, caches)
  let saveMax: Awaited<ReturnType<typeof load>> | undefined;
  let sizes:
    | {
        before: { rows: number; bytes: number };
        after: { rows: number; bytes: number };
      }
    | undefined;
  if (parts.has('single')) {
    const before = await ask<{ rows: number; bytes: number }>('size');
    const table: Record<string, Record<string, number | string>> = {};
    const row = (r: Awaited<ReturnType<typeof load>>, target: string) => ({
      'target req/s': target,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'max ms': r.max,
      errors: r.errors,
    });
    const runs: [string, string, boolean, number, number | undefined, string][] = [
      [`rondaGps/save at ${RATE} req/s (${PATROLS} patrols / ${REPORT_EVERY_S} s)`, save, true, 16, RATE, String(RATE)],
      [`bare route at ${RATE} req/s`, ready.bareUrl, false, 16, RATE, String(RATE)],
      [`rondaGps/save at ${RATE * 10} req/s (10x)`, save, true, 64, RATE * 10, String(RATE * 10)],
      [`bare route at ${RATE * 10} req/s (10x)`, ready.bareUrl, false, 64, RATE * 10, String(RATE * 10)],
      ['rondaGps/save closed loop, 16 connections', save, true, 16, undefined, 'max'],
      ['bare route closed loop, 16 connections', ready.bareUrl, false, 16, undefined, 'max'],
    ];
    const results: Record<string, Awaited<ReturnType<typeof load>>> = {};
    for (const [name, url, isSave, conns, rate, target] of runs) {
      const r = await load(url, isSave, conns, rate);
      results[name] = r;
      table[name] = row(r, target);
    }
    sizes = {
      before,
      after: await ask<{ rows: number; bytes: number }>('size'),
    };
    console.log(`\nposition ingest (${ready.dbKind}; autocannon, ${SECONDS} s per run; one fix per request with its own Idempotency-Key)`);
    console.table(table);
    saveMax = results['rondaGps/save closed loop, 16 connections'];
    const bareMax = results['bare route closed loop, 16 connections'];
    console.log(
      `closed-loop throughput: rondaGps/save ${Math.round(saveMax.rps)} req/s = ${(saveMax.rps / bareMax.rps).toFixed(3)} of the bare route (${Math.round(bareMax.rps)} req/s), ${(saveMax.rps / RATE).toFixed(1)}x the ${PATROLS}-patrol rate`,
    );
  }

  // ---- batches (issue #18 item 3): fixes/s, not requests
  if (parts.has('batch')) {
    const BATCH = Number(process.env.BENCH_BATCH ?? 10);
    const FIXES_RATE = Number(process.env.BENCH_FIXES_RATE ?? 5000);
    const bTable: Record<string, Record<string, number | string>> = {};
    const bRow = (r: Awaited<ReturnType<typeof load>>, target: string) => ({
      'target fixes/s': target,
      'req/s': Math.round(r.rps),
      'fixes/s': Math.round(r.fixes),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'max ms': r.max,
      errors: r.errors,
    });
    const bRuns: [string, number, number | undefined, string][] = [
      [`batches of ${BATCH} at ${FIXES_RATE} fixes/s (${FIXES_RATE / BATCH} req/s), 64 connections`, 64, FIXES_RATE / BATCH, String(FIXES_RATE)],
      [`batches of ${BATCH}, closed loop, 16 connections`, 16, undefined, 'max'],
      [`batches of ${BATCH}, closed loop, 64 connections`, 64, undefined, 'max'],
    ];
    const bResults: Awaited<ReturnType<typeof load>>[] = [];
    // warm-up: the pool's connections opened, the statements' plans and the JIT settled before the timed runs
    await load(save, true, 16, undefined, BATCH);
    for (const [name, conns, rate, target] of bRuns) {
      const r = await load(save, true, conns, rate, BATCH);
      bResults.push(r);
      bTable[name] = bRow(r, target);
    }
    console.log(
      `\nposition ingest in batches (${ready.dbKind}; ${BATCH} fixes per request, each its own Idempotency-Key, rosters in turn; ${SECONDS} s per run)`,
    );
    console.table(bTable);
    const atRate = bResults[0];
    const best = bResults.slice(1).reduce((a, b) => (b.fixes > a.fixes ? b : a));
    console.log(
      `target ${FIXES_RATE} fixes/s with p99 < 200 ms: at the target rate ${Math.round(atRate.fixes)} fixes/s, p99 ${atRate.p99} ms, ${atRate.errors} errors ` +
        `(${atRate.fixes >= FIXES_RATE * 0.98 && atRate.p99 < 200 && !atRate.errors ? 'MET' : 'NOT MET'}); closed loop at most ${Math.round(best.fixes)} fixes/s` +
        (saveMax ? ` (${(best.fixes / saveMax.rps).toFixed(1)}x the fixes/s of one-fix requests)` : ''),
    );
  }

  // ---- history growth (of the one-fix runs) and pruning
  if (parts.has('history')) {
    const perDay = PATROLS * (86_400 / REPORT_EVERY_S);
    const gb = (b: number) => `${(b / 1024 ** 3).toFixed(2)} GB`;
    if (sizes) {
      const added = sizes.after.rows - sizes.before.rows;
      const bytesPerRow = added > 0 ? (sizes.after.bytes - sizes.before.bytes) / added : NaN;
      console.log(`\nhistory (roster_position, table + indexes): ${added} rows added by the runs, ${bytesPerRow.toFixed(0)} bytes per row`);
      console.table({
        [`${PATROLS} patrols every ${REPORT_EVERY_S} s`]: {
          'rows/day': perDay,
          'size/day': gb(perDay * bytesPerRow),
          'rows kept (90 days)': perDay * 90,
          'size kept (90 days)': gb(perDay * 90 * bytesPerRow),
        },
      });
    }
    const prune = await ask<{ deleted: number; ms: number }>('prune');
    const pruneDayS = ((prune.ms / Math.max(1, prune.deleted)) * perDay) / 1000;
    console.log(
      `pruning (daily job, POSITION_HISTORY_DAYS=90): deleted ${prune.deleted} old rows in ${(prune.ms / 1000).toFixed(2)} s ` +
        `(${Math.round(prune.deleted / (prune.ms / 1000))} rows/s) → one day's ${perDay} rows in about ${Math.round(pruneDayS)} s`,
    );
  }

  // ---- the incident map with its open cases (3,000 = MAP_INCIDENTS_MAX) and the patrols on shift
  if (parts.has('bigmaps')) await mapParts();
  child.send({ type: 'stop' });
  await new Promise((r) => child.once('exit', r));

  async function mapParts() {
    const bm = await ask<{
      token: string;
      incidents: number;
      patrols: number;
      bytes: number;
      wireBytes: Record<string, number>;
      etag: string;
      bareTag: string;
      bareMapUrl: string;
      uncachedMapUrl: string;
    }>('bigmaps');
    const mapRun = async (url: string, token: string | null, ifNoneMatch?: string) => {
      const u = new URL(url);
      let s200 = 0;
      let s304 = 0;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
      };
      const r = await autocannon({
        url: u.origin,
        connections: 4,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            path: u.pathname,
            headers,
            body: '{}',
            onResponse: (status: number) => (status === 200 ? s200++ : status === 304 ? s304++ : 0),
          },
        ],
      });
      return {
        'req/s': Math.round(r.requests.average * 10) / 10,
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        '200': s200,
        '304': s304,
        errors: r.errors + r.timeouts + (r.non2xx - s304),
      };
    };
    console.log(
      `\nbigMaps/getIncidentAndActivePR: ${bm.incidents} open cases + ${bm.patrols} patrols on shift in the region, ${(bm.bytes / 1024).toFixed(0)} KB of JSON (closed loop, 4 connections)`,
    );
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    console.log(
      `on the wire per refresh: ${kb(bm.wireBytes.identity)} plain, ${kb(bm.wireBytes.gzip)} gzip (${(bm.wireBytes.gzip / bm.wireBytes.identity).toFixed(3)}), ${kb(bm.wireBytes.br)} brotli (${(bm.wireBytes.br / bm.wireBytes.identity).toFixed(3)}); the load runs below ask uncompressed`,
    );
    const ours = `${ready.base}${PATHS.bigMaps}`;
    const mapTable: Record<string, Record<string, number | string>> = {};
    const ratios: {
      plain: number[];
      revalidate: number[];
      revalidateVsFull: number[];
    } = { plain: [], revalidate: [], revalidateVsFull: [] };
    for (const round of [1, 2]) {
      const a = await mapRun(ours, bm.token);
      const b = await mapRun(bm.bareMapUrl, null);
      // the tag of the answer as it is now (a snapshot lasts at most SNAPSHOT_MAX_AGE_MS: the client revalidates with its latest)
      const current = await fetch(ours, {
        method: 'POST',
        headers: { authorization: `Bearer ${bm.token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      await current.arrayBuffer();
      const c = await mapRun(ours, bm.token, current.headers.get('etag') ?? bm.etag);
      const d = await mapRun(bm.bareMapUrl, null, bm.bareTag);
      mapTable[`#${round} bigMaps (cached answer)`] = a;
      mapTable[`#${round} bare route, same JSON`] = b;
      mapTable[`#${round} bigMaps, If-None-Match (304)`] = c;
      mapTable[`#${round} bare route, If-None-Match (304)`] = d;
      ratios.plain.push(a['req/s'] / b['req/s']);
      ratios.revalidate.push(c['req/s'] / d['req/s']);
      ratios.revalidateVsFull.push(c['req/s'] / b['req/s']);
    }
    const uncached = await mapRun(bm.uncachedMapUrl, null);
    mapTable['built on every call, as before the cache (no auth)'] = uncached;
    console.table(mapTable);
    const range = (xs: number[]) => `${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)}`;
    console.log(
      `ratio of the bare route (target ≥ 0.3): ${range(ratios.plain)} without If-None-Match; with it, 304 against the bare 304 ${range(ratios.revalidate)}, ` +
        `304 against the bare full answer ${range(ratios.revalidateVsFull)}; built on every call (the route before the cache, without its auth): ` +
        `${(uncached['req/s'] / (mapTable['#1 bare route, same JSON']['req/s'] as number)).toFixed(3)}`,
    );
  }
}
