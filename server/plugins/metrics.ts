/**
 * Prometheus metrics (issue #32, docs/monitoring.md): `GET /metrics` in the Prometheus text format.
 *
 * One Registry per app (tests build many apps in one process; the global default registry would mix them), plus the
 * process's default metrics (CPU, memory, event loop, GC) on a registry of their own made once per process: they
 * describe the process, not an app, and prom-client's collectors for them (a GC observer, an event-loop histogram)
 * are never released, so one set per app would pile up in the tests. A scrape answers both.
 *
 * The request path stays cheap: per request one lookup of a cell cached on the route's config (its label set's cell
 * of the duration histogram, made once per method and status, lib/histogram.ts) and one observation; the request
 * counter is that cell's count, read at scrape time. The duration is Fastify's own (reply.elapsedTime, from onRequest
 * to the response sent). Database, pool and cache figures are read at scrape time.
 * The scrape's own requests are not counted (the usual practice: Prometheus records each scrape as `up` and
 * `scrape_duration_seconds`, and counting them would add a steady trickle to the request rates).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { CellHistogram, type HistogramCell } from '../lib/histogram';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './idempotency';

export const METRICS_PATH = '/metrics';

/** why a sign-in failed (server/modules/auth/service.ts names them); anything else counts as 'error' */
export const SIGN_IN_FAILURES = ['bad_password', 'unknown_user', 'inactive', 'throttled', 'directory_unavailable', 'error'] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

/** how an outbox replay (a write carrying Idempotency-Key) was answered: 2xx/3xx, 4xx, 5xx */
const OUTBOX_OUTCOMES = ['acknowledged', 'refused', 'failed'] as const;
/** 'first': the write ran now; 'stored': the key was known and its stored answer was sent again (Idempotent-Replayed) */
const OUTBOX_ANSWERS = ['first', 'stored'] as const;

/** the route label of requests no route matched (the 404 envelope, or index.html for a page of the PWA) */
export const UNMATCHED_ROUTE = 'unmatched';
/** the route label of the PWA's built files (one route per file: their names change with every build) */
export const STATIC_ROUTE = 'static';

export interface CacheStats {
  hits: number;
  misses: number;
}

export interface AppMetrics {
  /** this app's metrics (not the process's) */
  readonly registry: Registry;
  signInFailed(reason: SignInFailure): void;
  /** patrol position fixes stored (a replayed batch stores nothing and is not counted) */
  positionsIngested(count: number): void;
  /** a cache whose hits and misses (monotonic counts) are read at each scrape */
  cacheSource(cache: string, stats: () => CacheStats): void;
  /** the Prometheus text of the process and of this app */
  text(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** request durations: from a cached read (a millisecond) to a report (seconds) */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** per route: its label and, per method and status, its cell of the request histogram */
interface Cell {
  route: string | null;
  byMethod: Map<string, Map<number, HistogramCell>>;
}
const CELL = Symbol('metricsCell');

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const signIn = new Counter({
    name: 'sign_in_failures_total',
    help: 'Sign-ins refused, by reason (bad_password, unknown_user, inactive, throttled, directory_unavailable, error)',
    labelNames: ['reason'],
    registers: [registry],
  });
  const signInChildren = new Map(SIGN_IN_FAILURES.map((r) => [r, signIn.labels(r)]));
  const positions = new Counter({ name: 'positions_ingested_total', help: 'Patrol position fixes stored', registers: [registry] });
  const sources = new Map<string, () => CacheStats>();
  new Counter({
    name: 'cache_lookups_total',
    help: 'Lookups of the in-memory answer caches, by cache (answer, big_maps) and result (hit, miss)',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, stats] of sources) {
        const s = stats();
        this.inc({ cache, result: 'hit' }, s.hits);
        this.inc({ cache, result: 'miss' }, s.misses);
      }
    },
  });
  for (const r of SIGN_IN_FAILURES) signIn.labels(r).inc(0);
  return {
    registry,
    signInFailed: (reason) => (signInChildren.get(reason) ?? signIn.labels('error')).inc(),
    positionsIngested: (count) => positions.inc(count),
    cacheSource: (cache, stats) => {
      sources.set(cache, stats);
    },
    text: async () => `${await processMetrics().metrics()}\n${await registry.metrics()}`,
  };
}

/** Constant-time comparison of the Authorization header with `Bearer <token>`. */
function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header) return false;
  const got = Buffer.from(header);
  const want = Buffer.from(`Bearer ${token}`);
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * Decorates `app.metrics`, counts every request by method, route pattern and status (and the outbox's replays among
 * them), and answers GET /metrics (Bearer `token` when given). Call it before any route is registered.
 */
export function registerMetrics(app: FastifyInstance, opts: { token?: string } = {}) {
  const metrics = createMetrics();
  const { registry } = metrics;
  app.decorate('metrics', metrics);

  const duration = new CellHistogram(
    'http_request_duration_seconds',
    'Time from receiving a request to its answer sent, by method, route pattern and status code',
    HTTP_BUCKETS,
    [registry],
  );
  // every request answered is one observation of its cell: the counter is the cells' counts
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
    collect() {
      this.reset();
      for (const c of duration.cells()) if (c.count > 0) this.inc(c.labels, c.count);
    },
  });
  const outbox = new Counter({
    name: 'outbox_replays_total',
    help: "Writes carrying Idempotency-Key (the PWA's outbox), by outcome (acknowledged, refused, failed) and answer (first, stored)",
    labelNames: ['outcome', 'answer'],
    registers: [registry],
  });
  const outboxChildren = OUTBOX_OUTCOMES.map((outcome) => OUTBOX_ANSWERS.map((answer) => outbox.labels(outcome, answer)));
  for (const row of outboxChildren) for (const c of row) c.inc(0);
  const idempotencyHeader = IDEMPOTENCY_HEADER.toLowerCase();

  const cellOf = (request: FastifyRequest): Cell => {
    const config = request.routeOptions.config as { url?: string; file?: string; [CELL]?: Cell };
    let cell = config[CELL];
    if (!cell) {
      // the pattern (never the raw URL: bounded label values); the scrape itself is not counted
      const route = config.url === METRICS_PATH ? null : config.file !== undefined ? STATIC_ROUTE : (config.url ?? UNMATCHED_ROUTE);
      cell = { route, byMethod: new Map() };
      config[CELL] = cell;
    }
    return cell;
  };

  const childOf = (cell: Cell & { route: string }, method: string, status: number): HistogramCell => {
    let byStatus = cell.byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      cell.byMethod.set(method, byStatus);
    }
    let child = byStatus.get(status);
    if (!child) {
      child = duration.cell({ method, route: cell.route, status_code: String(status) });
      byStatus.set(status, child);
    }
    return child;
  };

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const cell = cellOf(request);
    if (cell.route !== null) {
      const status = reply.statusCode;
      childOf(cell as Cell & { route: string }, request.method, status).observe(reply.elapsedTime / 1000);
      if (request.headers[idempotencyHeader] !== undefined && request.method !== 'GET' && request.method !== 'HEAD') {
        const outcome = status < 400 ? 0 : status < 500 ? 1 : 2;
        outboxChildren[outcome][reply.getHeader(REPLAYED_HEADER) === 'true' ? 1 : 0].inc();
      }
    }
    done();
  });

  app.get(METRICS_PATH, {
    config: { auth: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (opts.token && !bearerMatches(request.headers.authorization, opts.token)) {
        return reply.code(401).header('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain; charset=utf-8').send('Unauthorized\n');
      }
      return reply.type(registry.contentType).send(await metrics.text());
    },
  });
}
