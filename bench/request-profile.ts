// Where the time of one request goes (issue #18 item 1). For each kind of request (a signed-in read of the user,
// the dashboard's first page, a lookup, a journal write with an Idempotency-Key), the app runs in this process on a
// seeded database (PGlite; PostgreSQL with BENCH_DATABASE_URL or DATABASE_URL) under autocannon while V8's sampling
// profiler runs; each sample's self time is charged to the layer its function belongs to (by source file), and the
// total is divided by the requests answered: CPU ms per request per layer. The database statements each request
// sends are counted by wrapping the driver. autocannon's own samples are left out. Printed, never a timed test.
import { Session } from 'node:inspector/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PATHS } from '../contract/paths';
import { build } from '../server/app';

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? '';

// ---------------------------------------------------------------- layers, by the source file of a function
const LAYERS: [string, (url: string, fn: string) => boolean][] = [
  [
    'load generator (excluded)',
    (u) => /node_modules\/(autocannon|http-parser-js|hdr-histogram|reinterval|retimer|hyperid|cli-table|pretty-bytes)\//.test(u),
  ],
  ['database: PGlite (wasm, same thread)', (u) => u.includes('@electric-sql/pglite') || u.startsWith('wasm://')],
  ['database driver (pg, protocol)', (u) => /node_modules\/(pg|pg-protocol|pg-types|pg-pool|postgres-[a-z]+)\//.test(u)],
  ['Drizzle (query building, row mapping)', (u) => u.includes('node_modules/drizzle-orm/')],
  ['zod (request validation, response check)', (u) => /node_modules\/(zod|fastify-type-provider-zod)\//.test(u)],
  ['JWT verify (@fastify/jwt, fast-jwt)', (u) => /node_modules\/(@fastify\/jwt|fast-jwt|@lukeed|mnemonist|obliterator)\//.test(u)],
  ['compression', (u) => u.includes('@fastify/compress') || u.includes('node:zlib') || (u.includes('internal/streams') && false)],
  [
    'Fastify core (routing, hooks, reply)',
    (u) =>
      /node_modules\/(fastify|avvio|find-my-way|light-my-request|@fastify\/(?!jwt|compress)[^/]+|fast-json-stringify|fast-querystring|secure-json-parse|toad-cache|abstract-logging|pino[^/]*|process-warning|rfdc|content-type|fast-content-type-parse|@fastify\/error)\//.test(
        u,
      ),
  ],
  ['auth plugin (session state)', (u) => u.includes('/server/plugins/auth')],
  ['idempotency plugin', (u) => u.includes('/server/plugins/idempotency')],
  ['other plugins (etag, text guard, errors, security)', (u) => u.includes('/server/plugins/')],
  ['route handlers and services', (u) => u.includes('/server/modules/') || u.includes('/server/lib/') || u.includes('/contract/')],
  ['Node HTTP, sockets, streams', (u) => u.startsWith('node:')],
  ['garbage collection', (_u, f) => f === '(garbage collector)'],
  ['idle', (_u, f) => f === '(idle)' || f === '(program)'],
  ['V8 built-ins (JSON, RegExp, …)', (u, f) => u === '' && f !== ''],
];
const layerOf = (url: string, fn: string) => LAYERS.find(([, test]) => test(url, fn))?.[0] ?? 'other';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** BENCH_TOP=n: the n functions of most self time, per kind (where a layer's time goes) */
const TOP = Number(process.env.BENCH_TOP ?? 0);
function topFunctions(profile: Profile, done: number) {
  const node = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { functionName, url } = node.get(id)!.callFrame;
    const layer = layerOf(url, functionName);
    if (layer === 'idle' || layer.startsWith('load generator')) return;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/main\//, '')}`;
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...out]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([fn, t]) => ({ function: fn.slice(0, 110), 'ms/req': +(t / done).toFixed(3) }));
}

function byLayer(profile: Profile): Map<string, number> {
  const node = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const n = node.get(id)!;
    const layer = layerOf(n.callFrame.url, n.callFrame.functionName);
    out.set(layer, (out.get(layer) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

// ---------------------------------------------------------------- the app
const dataDir = await mkdtemp(path.join(tmpdir(), 'lbh-prof-'));
const app = await build({
  logger: false,
  config: { dataDir, clientDir: '/nonexistent', seedFastHash: true, databaseUrl: DATABASE_URL || undefined },
});
// count the statements sent to the database: every one passes a driver's query(): PGlite's (and a transaction's tx),
// or, on PostgreSQL, a pooled client's (transactions included)
type Q = { query: (...a: unknown[]) => Promise<unknown> };
let statements = 0;
const counted = (c: Q) => {
  const raw = c.query.bind(c);
  c.query = (...a: unknown[]) => {
    statements++;
    return raw(...a);
  };
};
const client0 = (
  app.ctx.db as unknown as {
    session: { client: Q & { transaction?: (cb: (tx: Q) => Promise<unknown>) => Promise<unknown>; on?: (e: string, cb: (c: Q) => void) => void } };
  }
).session.client;
if (app.ctx.dbKind === 'pglite') {
  counted(client0);
  const rawTx = client0.transaction!.bind(client0);
  client0.transaction = (cb) =>
    rawTx((tx) => {
      counted(tx);
      return cb(tx);
    });
} else {
  const seen = new WeakSet<object>();
  client0.on!('acquire', (c) => {
    if (seen.has(c)) return;
    seen.add(c);
    counted(c);
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = await fetch(`${base}${PATHS.login}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'tmca', password: 'Lebuhraya@2026' }),
});
const token = ((await login.json()) as { body: { token: string } }).body.token;
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() + 8 * 3600_000 - 30 * 86400_000).toISOString().slice(0, 10);
const firstCase = (await (
  await fetch(`${base}${PATHS.dashboardDataTables}?length=1&start=0`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ dateStart: monthAgo, dateEnd: today }),
  })
).json()) as { body: { rows: { incidentId: number }[] } };
const caseId = firstCase.body.rows[0]?.incidentId;
if (!caseId) throw new Error('no case in the last 30 days of the demo data');

interface Kind {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers: Record<string, string>;
  /** each request its own Idempotency-Key */
  keyed?: boolean;
}
const KINDS: Kind[] = [
  { name: 'getDetailWebUser', method: 'POST', path: PATHS.webUser, body: '{}', headers: auth },
  {
    name: 'dashboard first page (30 days)',
    method: 'POST',
    path: `${PATHS.dashboardDataTables}?length=10&start=0`,
    body: JSON.stringify({ dateStart: monthAgo, dateEnd: today }),
    headers: auth,
  },
  { name: 'lookup incidentCategory (ETag)', method: 'POST', path: PATHS.lookup('incidentCategory'), body: '{}', headers: auth },
  {
    name: 'journal entry save (Idempotency-Key)',
    method: 'POST',
    path: PATHS.journalEntrySave,
    body: JSON.stringify({ pkIncidentId: caseId, entry: 'Ujian prestasi' }),
    headers: auth,
    keyed: true,
  },
];

const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.setSamplingInterval', { interval: 200 });

const rows: Record<string, Record<string, string | number>> = {};
const layersSeen = new Set<string>();
const tops = new Map<string, ReturnType<typeof topFunctions>>();
for (const kind of KINDS) {
  const url = `${base}${kind.path}`;
  let n = 0;
  const opts = {
    url,
    method: kind.method,
    headers: kind.headers,
    connections: CONNECTIONS,
    ...(kind.body ? { body: kind.body } : {}),
    ...(kind.keyed
      ? {
          requests: [
            { setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `prof-${process.pid}-${++n}` } }) },
          ],
        }
      : {}),
  };
  const probe = await fetch(url, {
    method: kind.method,
    headers: { ...kind.headers, ...(kind.keyed ? { 'idempotency-key': `probe-${process.pid}` } : {}) },
    body: kind.body,
  });
  if (!probe.ok) throw new Error(`${kind.name}: ${probe.status} ${await probe.text()}`);
  await autocannon({ ...opts, duration: 2 }); // warm-up
  statements = 0;
  await inspector.post('Profiler.start');
  const r = await autocannon({ ...opts, duration: DURATION });
  const { profile } = (await inspector.post('Profiler.stop')) as unknown as { profile: Profile };
  const done = r.requests.total;
  if (r.non2xx || r.errors) console.warn(`${kind.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const layers = byLayer(profile);
  const row: Record<string, string | number> = {
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'statements/req': +(statements / done).toFixed(2),
  };
  let busy = 0;
  for (const [layer, msTotal] of [...layers].sort((a, b) => b[1] - a[1])) {
    if (layer === 'idle' || layer.startsWith('load generator')) continue;
    busy += msTotal;
    layersSeen.add(layer);
    row[layer] = +(msTotal / done).toFixed(3);
  }
  row['CPU ms/req (app)'] = +(busy / done).toFixed(3);
  if (TOP) tops.set(kind.name, topFunctions(profile, done));
  rows[kind.name] = row;
}
await inspector.post('Profiler.disable');
inspector.disconnect();

console.log(
  `\nCPU per request by layer (${app.ctx.dbKind}, ${CONNECTIONS} connections, ${DURATION}s each; ms of CPU per answered request, sampled every 0.2 ms; autocannon's own samples left out)`,
);
// one table per kind, layers as rows: readable in a terminal and pasteable into docs/benchmarks.md
for (const [name, row] of Object.entries(rows)) {
  console.log(
    `\n${name}: ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, ${row['statements/req']} statements per request, ${row['CPU ms/req (app)']} ms CPU per request`,
  );
  const table: Record<string, { 'ms/req': number; share: string }> = {};
  const total = Number(row['CPU ms/req (app)']);
  for (const layer of LAYERS.map(([l]) => l).concat('other')) {
    if (typeof row[layer] !== 'number') continue;
    table[layer] = { 'ms/req': row[layer] as number, share: `${Math.round(((row[layer] as number) / total) * 100)} %` };
  }
  console.table(table);
  if (tops.has(name)) console.table(tops.get(name));
}

await app.close();
await rm(dataDir, { recursive: true, force: true });
