/**
 * Database metrics (issue #32, docs/monitoring.md): the time of every statement by kind, and the connection pool.
 *
 * Statements are timed where db/write-tracker.ts watches them, in the driver's `query`: node-postgres's clients (each
 * wrapped when the pool first hands it out, which pool.query() and Drizzle's transactions both go through) and PGlite's
 * query() and its transactions' tx.query(). The driver is wrapped ONCE (a handle may serve several apps: the tests
 * share one); each app adds its observer and removes it when it closes.
 *
 * Pool gauges: node-postgres's own counts. PGlite has no pool: one embedded backend runs one statement or transaction
 * at a time and queues the rest, so it shows as a pool of 1, idle when nothing runs, and the statements (or
 * transactions) queued behind the running one as waiting.
 */
import { Gauge, type Registry } from 'prom-client';
import { CellHistogram } from '../lib/histogram';
import type { DbHandle } from './client';

export const QUERY_KINDS = ['select', 'insert', 'update', 'delete', 'other'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

const LEAD = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;
/** the write of a WITH statement (a CTE's insert/update/delete); `for update` and `do update set` are no targets */
const WITH_WRITE = /\b(insert\s+into|delete\s+from|update\s+(?!set\b|of\b|nowait\b|skip\b)["a-z_])/i;
const KIND_BY_INITIAL: Record<string, QueryKind> = { s: 'select', i: 'insert', u: 'update', d: 'delete' };

/** The kind of a statement from its text (never the text itself: bounded label values). */
export function queryKind(text: string): QueryKind {
  const m = LEAD.exec(text);
  if (!m) return 'other';
  let initial = m[1][0].toLowerCase();
  if (initial === 'w') {
    const w = WITH_WRITE.exec(text);
    initial = w ? w[1][0].toLowerCase() : 's';
  }
  return KIND_BY_INITIAL[initial] ?? 'other';
}

type Observer = (kind: QueryKind, seconds: number) => void;
type Query = (...args: unknown[]) => unknown;
interface Queryable {
  query: Query;
}

/** per driver client: the apps observing it and the statements under way (PGlite's queue) */
interface Watch {
  observers: Set<Observer>;
  inFlight: number;
}
const watches = new WeakMap<object, Watch>();
const CLIENT_WRAPPED = Symbol('queryTimed');

const textOf = (arg: unknown) =>
  typeof arg === 'string' ? arg : typeof (arg as { text?: unknown })?.text === 'string' ? (arg as { text: string }).text : '';

function emit(watch: Watch, kind: QueryKind, started: number) {
  const seconds = (performance.now() - started) / 1000;
  for (const o of watch.observers) o(kind, seconds);
}

/** Wraps one query function: times each call (callback or promise style), counts it in flight while it runs. */
function timed(watch: Watch, query: Query, countInFlight: boolean): Query {
  return (...args: unknown[]) => {
    if (!watch.observers.size) return query(...args);
    const kind = queryKind(textOf(args[0]));
    const started = performance.now();
    if (countInFlight) watch.inFlight++;
    const settle = () => {
      if (countInFlight) watch.inFlight--;
      emit(watch, kind, started);
    };
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        settle();
        return (last as (e: unknown, r: unknown) => unknown)(err, res);
      };
      return query(...args);
    }
    let result: unknown;
    try {
      result = query(...args);
    } catch (err) {
      settle();
      throw err;
    }
    if (!result || typeof (result as Promise<unknown>).then !== 'function') {
      settle();
      return result;
    }
    return (result as Promise<unknown>).then(
      (r) => {
        settle();
        return r;
      },
      (err) => {
        settle();
        throw err;
      },
    );
  };
}

interface PgPoolLike {
  on: (event: 'acquire', cb: (client: Queryable) => void) => unknown;
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
interface PgliteLike extends Queryable {
  transaction: <T>(cb: (tx: Queryable) => Promise<T>) => Promise<T>;
}

function watchPgPool(pool: PgPoolLike): Watch {
  const watch: Watch = { observers: new Set(), inFlight: 0 };
  pool.on('acquire', (client) => {
    const c = client as Queryable & { [CLIENT_WRAPPED]?: true };
    if (c[CLIENT_WRAPPED]) return;
    c[CLIENT_WRAPPED] = true;
    c.query = timed(watch, c.query.bind(c), false);
  });
  return watch;
}

function watchPglite(client: PgliteLike): Watch {
  const watch: Watch = { observers: new Set(), inFlight: 0 };
  client.query = timed(watch, client.query.bind(client), true);
  const transaction = client.transaction.bind(client);
  client.transaction = (async <T>(cb: (tx: Queryable) => Promise<T>) => {
    // the transaction holds the backend from its start to its end: one in flight (its statements are not counted again)
    watch.inFlight++;
    try {
      return await transaction(async (tx: Queryable) => {
        tx.query = timed(watch, tx.query.bind(tx), false);
        return cb(tx);
      });
    } finally {
      watch.inFlight--;
    }
  }) as PgliteLike['transaction'];
  return watch;
}

/**
 * Times the handle's statements into `registry` (db_query_duration_seconds by kind) and reports its pool
 * (db_pool_connections, db_pool_idle, db_pool_waiting). Answers the function that stops this registry's observation.
 */
export function installQueryMetrics(handle: DbHandle, registry: Registry): () => void {
  const client = (handle.db as unknown as { $client: object }).$client;
  let watch = watches.get(client);
  if (!watch) {
    watch = handle.kind === 'postgres' ? watchPgPool(client as PgPoolLike) : watchPglite(client as PgliteLike);
    watches.set(client, watch);
  }
  const w = watch;
  const histogram = new CellHistogram(
    'db_query_duration_seconds',
    'Time of each database statement, from sending it to its answer (queueing in PGlite included), by kind (select, insert, update, delete, other)',
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    [registry],
  );
  // every kind's cell made now: each is listed from the first scrape, at zero
  const byKind = new Map(QUERY_KINDS.map((k) => [k, histogram.cell({ kind: k })]));
  const observer: Observer = (kind, seconds) => byKind.get(kind)?.observe(seconds);
  w.observers.add(observer);

  const pool = handle.kind === 'postgres' ? (client as PgPoolLike) : null;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections open (PGlite: 1, its one embedded backend)',
    registers: [registry],
    collect() {
      this.set(pool ? pool.totalCount : 1);
    },
  });
  new Gauge({
    name: 'db_pool_idle',
    help: 'Open database connections doing nothing (PGlite: 1 while no statement or transaction runs)',
    registers: [registry],
    collect() {
      this.set(pool ? pool.idleCount : w.inFlight === 0 ? 1 : 0);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Queries waiting for a connection (PGlite: statements and transactions queued behind the running one)',
    registers: [registry],
    collect() {
      this.set(pool ? pool.waitingCount : Math.max(0, w.inFlight - 1));
    },
  });
  return () => {
    w.observers.delete(observer);
  };
}
