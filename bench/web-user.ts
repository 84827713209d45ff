// getDetailWebUser under autocannon, beside a bare Fastify route returning the same JSON in the same run.
// The ratio (ours / bare) is the figure. Uses DATABASE_URL when set, else an embedded PGlite in a temp folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { build } from '../server/app';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function run(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, method: 'POST', headers, body: '{}', connections: CONNECTIONS, duration: DURATION });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'lbh-bench-'));
const app = await build({ logger: false, config: { dataDir, clientDir: '/nonexistent', seedFastHash: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = await fetch(`${base}/rest/auth/jwt/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'tmca', password: 'Lebuhraya@2026' }) });
const { body } = (await login.json()) as { body: { token: string } };
const headers = { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' };
const sample = await (await fetch(`${base}/rest/auth/getDetailWebUser`, { method: 'POST', headers, body: '{}' })).json();

const bare = Fastify({ logger: false });
bare.post('/bare', async () => sample);
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

await run(`${base}/rest/auth/getDetailWebUser`, headers); // warm-up
const ours = await run(`${base}/rest/auth/getDetailWebUser`, headers);
const baseline = await run(bareUrl, headers);

console.log(`\ngetDetailWebUser (${app.ctx.dbKind}, ${CONNECTIONS} connections, ${DURATION}s each)`);
console.table({
  'POST /rest/auth/getDetailWebUser': { 'req/s': Math.round(ours.rps), 'p50 ms': ours.p50, 'p99 ms': ours.p99, errors: ours.errors },
  'bare Fastify route, same JSON': { 'req/s': Math.round(baseline.rps), 'p50 ms': baseline.p50, 'p99 ms': baseline.p99, errors: baseline.errors },
});
console.log(`ratio req/s ours/bare: ${(ours.rps / baseline.rps).toFixed(3)}  ·  p99 ours/bare: ${(ours.p99 / Math.max(baseline.p99, 1)).toFixed(2)}`);

await bare.close();
await app.close();
await rm(dataDir, { recursive: true, force: true });
