// getDetailWebUser and the dashboard's first page under autocannon, beside a bare Node HTTP server (node:http, no
// framework) and a bare Fastify route answering the same bytes, in the same run (issue #18). The ratio ours / bare
// Node is the figure: targets 0.1 on the embedded database, 0.2 on PostgreSQL. Runs on PGlite (a temp folder), then
// on PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL is set (a fresh database, dropped afterwards).
// The app's answer cache (plugins/answer-cache.ts) serves repeated reads; the first figures of each kind are also
// taken with it off (ANSWER_CACHE_TTL_MS=0 equivalent) so docs/benchmarks.md can show both.
import http from 'node:http';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { PATHS } from '../contract/paths';
import { build } from '../server/app';
import { benchDatabase } from './support/bench-database';

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? '';

async function run(url: string, headers: Record<string, string>, body: string) {
  const r = await autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: DURATION });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** a bare node:http server sending fixed bytes with the same headers a JSON API sends */
async function bareNode(bytes: string) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(bytes) });
      res.end(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/bare`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function benchOn(kind: 'pglite' | 'postgres') {
  const where = await benchDatabase('webuser', kind === 'postgres' ? PG_URL : undefined);
  if (kind === 'postgres' && !where.databaseUrl) throw new Error('PostgreSQL not reachable');
  const dataDir = where.dataDir ?? 'unused';
  const rows: Record<string, Record<string, number | string>> = {};
  for (const cache of [false, true]) {
    const app = await build({
      logger: false,
      config: { dataDir, clientDir: '/nonexistent', seedFastHash: true, databaseUrl: where.databaseUrl, answerCacheTtlMs: cache ? undefined : 0 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}${PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'tmca', password: 'Lebuhraya@2026' }),
    });
    const { body } = (await login.json()) as { body: { token: string } };
    const headers = { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' };
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() + 8 * 3600_000 - 30 * 86400_000).toISOString().slice(0, 10);
    const kinds = [
      { name: 'getDetailWebUser', path: PATHS.webUser, body: '{}' },
      {
        name: 'dashboard first page',
        path: `${PATHS.dashboardDataTables}?length=10&start=0`,
        body: JSON.stringify({ dateStart: monthAgo, dateEnd: today }),
      },
    ];
    for (const k of kinds) {
      const url = `${base}${k.path}`;
      const sample = await (await fetch(url, { method: 'POST', headers, body: k.body })).text();
      const node = await bareNode(sample);
      const bare = Fastify({ logger: false });
      const parsed = JSON.parse(sample);
      bare.post('/bare', async () => parsed);
      await bare.listen({ port: 0, host: '127.0.0.1' });
      const bareFastifyUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
      await run(url, headers, k.body); // warm-up
      await run(node.url, headers, k.body);
      // alternate ours and the baselines twice, keep the better of each (a shared 2-core machine)
      const best = (a: Awaited<ReturnType<typeof run>>, b: Awaited<ReturnType<typeof run>>) => (a.rps >= b.rps ? a : b);
      let ours = await run(url, headers, k.body);
      let baseNode = await run(node.url, headers, k.body);
      let baseFastify = await run(bareFastifyUrl, headers, k.body);
      ours = best(ours, await run(url, headers, k.body));
      baseNode = best(baseNode, await run(node.url, headers, k.body));
      baseFastify = best(baseFastify, await run(bareFastifyUrl, headers, k.body));
      rows[`${k.name}${cache ? '' : ' (cache off)'}`] = {
        bytes: Buffer.byteLength(sample),
        'ours req/s': Math.round(ours.rps),
        'ours p50/p99 ms': `${ours.p50}/${ours.p99}`,
        'bare Node req/s': Math.round(baseNode.rps),
        'bare Fastify req/s': Math.round(baseFastify.rps),
        'ratio vs Node': +(ours.rps / baseNode.rps).toFixed(3),
        'ratio vs Fastify': +(ours.rps / baseFastify.rps).toFixed(3),
        errors: ours.errors,
      };
      await node.close();
      await bare.close();
    }
    await app.close();
  }
  await where.cleanup();
  console.log(`\ngetDetailWebUser and the dashboard's first page (${kind}, ${CONNECTIONS} connections, ${DURATION}s runs, best of two alternating)`);
  console.table(rows);
  const target = kind === 'pglite' ? 0.1 : 0.2;
  for (const [name, r] of Object.entries(rows)) {
    if (name.includes('cache off')) continue;
    console.log(
      `${name}: ${r['ratio vs Node']} of a bare Node server (target ≥ ${target}) ${(r['ratio vs Node'] as number) >= target ? 'met' : 'NOT met'}`,
    );
  }
}

await benchOn('pglite');
if (PG_URL) {
  try {
    await benchOn('postgres');
  } catch (err) {
    console.log(`\nPostgreSQL part skipped: ${(err as Error).message}`);
  }
} else console.log('\nPostgreSQL part skipped: set BENCH_DATABASE_URL (or DATABASE_URL)');
