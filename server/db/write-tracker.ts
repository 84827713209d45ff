/**
 * Which data has changed since an answer was computed (issue #18): every statement the app sends passes through the
 * driver's `query`, so the tracker sees each write, whichever route, service, background job or seed made it, and
 * keeps a version per domain:
 *
 *   - 'positions': writes to the patrol position tables only (a fix every 10 s from each patrol);
 *   - 'data': every other write (cases, rosters, people, lookups, notifications…).
 *
 * Writes to the idempotency keys alone change no answer. A domain's version moves AFTER the write is committed: after
 * an autocommit statement has finished, and after the COMMIT of a transaction that wrote. An answer computed by a
 * read that began at version v and stored under v is therefore never taken for current once a write it may have
 * missed has been committed (server/plugins/answer-cache.ts relies on exactly this).
 *
 * Other servers on the same PostgreSQL (issue #32): a committed write of this process is also published (db/notify.ts,
 * LISTEN/NOTIFY) before the statement's promise resolves, and every other process moves its versions when the notice
 * arrives, so a write through one server drops the answers every server cached before it. While a process cannot
 * listen (its listening connection lost, not yet listening again) the tracker is not `live`: every cache keyed on it
 * is bypassed, since writes of other servers would go unseen. On the embedded PGlite database this process is the only
 * writer and the tracker is always live.
 */
export type WriteDomain = 'data' | 'positions';

const POSITION_TABLES = new Set(['roster_position', 'roster_latest_position']);
const SILENT_TABLES = new Set(['idempotency_key']);
/** the tables a statement writes: INSERT INTO t, UPDATE t, DELETE FROM t, at any depth of a WITH */
const WRITE_TARGET =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(?:"?[a-z_][a-z0-9_]*"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const DDL = /^\s*(?:create|alter|drop|copy|vacuum|cluster|reindex|refresh)\b/i;
const TX_END = /^\s*(commit|rollback|end|abort)\b/i;

/** The domains a statement writes (empty for a read, or for a write to the idempotency keys alone). */
export function domainsOf(text: string): WriteDomain[] {
  if (DDL.test(text)) return ['data', 'positions'];
  if (!/\b(insert|update|delete|truncate|merge)\b/i.test(text)) return [];
  const out = new Set<WriteDomain>();
  for (const m of text.matchAll(WRITE_TARGET)) {
    const table = m[1].toLowerCase();
    // 'FOR UPDATE' / 'ON CONFLICT … DO UPDATE SET' are no targets: 'update set' / 'update of' / 'update nowait'
    if (/^(set|of|nowait|skip)$/.test(table)) continue;
    if (SILENT_TABLES.has(table)) continue;
    out.add(POSITION_TABLES.has(table) ? 'positions' : 'data');
  }
  return [...out];
}

/** every domain: what a lost or regained listening connection invalidates */
export const ALL_DOMAINS: readonly WriteDomain[] = ['data', 'positions'];

export class WriteTracker {
  private readonly versions: Record<WriteDomain, number> = { data: 0, positions: 0 };
  private isLive: boolean;
  private publisher?: (domains: WriteDomain[]) => Promise<void> | undefined;

  /** `live: false`: caches keyed on this tracker are bypassed until setLive(true) (PostgreSQL, before it listens) */
  constructor(opts: { live?: boolean } = {}) {
    this.isLive = opts.live ?? true;
  }

  /** the current version of one domain */
  version(domain: WriteDomain): number {
    return this.versions[domain];
  }

  /** the versions of several domains as one comparable string */
  stamp(domains: readonly WriteDomain[]): string {
    return domains.map((d) => this.versions[d]).join('.');
  }

  /** true while every committed write of the database is seen (ours at once, other servers' by notice): caches may serve */
  get live(): boolean {
    return this.isLive;
  }

  /**
   * Listening started or stopped. Either way every version moves: what was cached before a lost connection may have
   * missed writes made while it was lost, and an answer computed across the change is never stored as current.
   */
  setLive(live: boolean) {
    this.isLive = live;
    this.bump(ALL_DOMAINS);
  }

  /** a committed write of these domains (this process's, or another's by notice): versions move, nothing is published */
  bump(domains: Iterable<WriteDomain>) {
    for (const d of domains) this.versions[d]++;
  }

  /**
   * A committed write of THIS process: versions move and the write is published to the other servers; the promise
   * (when there is a publisher) settles once the notice is sent, and the write's statement resolves only after it,
   * so an answer to a write is sent after every other server can know of it.
   */
  committed(domains: Iterable<WriteDomain>): Promise<void> | undefined {
    const list = [...new Set(domains)];
    if (!list.length) return undefined;
    this.bump(list);
    return this.publisher?.(list);
  }

  /** where committed writes are published (db/notify.ts); one at a time */
  publishTo(publisher: ((domains: WriteDomain[]) => Promise<void> | undefined) | undefined) {
    this.publisher = publisher;
  }

  private barrier?: () => Promise<void>;

  /** how to catch up with the other servers' notices (db/notify.ts); none: there is nothing to hear (one process) */
  syncWith(barrier: (() => Promise<void>) | undefined) {
    this.barrier = barrier;
  }

  /**
   * Settles once every notice of a write committed (by any server) before this call has moved the versions: an answer
   * served from memory after it is as current as one computed now. Immediate without other servers to hear.
   */
  caughtUp(): Promise<void> {
    return this.barrier ? this.barrier() : Promise.resolve();
  }
}

type Query = (...args: unknown[]) => Promise<unknown>;
interface Queryable {
  query: Query;
}
const WRAPPED = Symbol('writeTracked');
const textOf = (arg: unknown) =>
  typeof arg === 'string' ? arg : typeof (arg as { text?: unknown })?.text === 'string' ? (arg as { text: string }).text : '';

/**
 * node-postgres: every statement of the pool (pool.query and the transactions' checked-out clients alike) runs through
 * a client's query(); each client remembers what its open transaction wrote and bumps it at COMMIT.
 */
export function trackPgPool(pool: { on: (event: 'acquire', cb: (client: Queryable) => void) => unknown }, tracker: WriteTracker) {
  pool.on('acquire', (client) => {
    const c = client as Queryable & { [WRAPPED]?: true };
    if (c[WRAPPED]) return;
    c[WRAPPED] = true;
    const query = c.query.bind(c) as Query;
    let inTx = false;
    const pending = new Set<WriteDomain>();
    c.query = ((...args: unknown[]) => {
      const text = textOf(args[0]);
      const domains = domainsOf(text);
      if (/^\s*(begin|start\s+transaction)\b/i.test(text)) inTx = true;
      const end = TX_END.exec(text)?.[1]?.toLowerCase();
      // the notice of a committed write (tracker.committed): the statement resolves once it is sent
      const settle = (failed: boolean): Promise<void> | undefined => {
        if (end) {
          // a failed COMMIT rolled back
          const published = !failed && end !== 'rollback' && end !== 'abort' ? tracker.committed(pending) : undefined;
          pending.clear();
          inTx = false;
          return published;
        }
        if (domains.length && !failed) {
          if (inTx) for (const d of domains) pending.add(d);
          else return tracker.committed(domains);
        }
        return undefined;
      };
      // pool.query() calls the client's query with a callback; Drizzle's transactions use the promise
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        const callback = last as (e: unknown, r: unknown) => unknown;
        args[args.length - 1] = (err: unknown, res: unknown) => {
          const published = settle(!!err);
          if (!published) return callback(err, res);
          published.then(
            () => callback(err, res),
            () => callback(err, res),
          );
        };
        return query(...args);
      }
      const result = query(...args);
      if (!result || typeof (result as Promise<unknown>).then !== 'function') return result;
      return (result as Promise<unknown>).then(
        async (r) => {
          await settle(false)?.catch(() => {});
          return r;
        },
        (err) => {
          settle(true);
          throw err;
        },
      );
    }) as Query;
  });
}

interface PgliteLike extends Queryable {
  transaction: <T>(cb: (tx: Queryable) => Promise<T>) => Promise<T>;
}

/** PGlite: statements outside a transaction through query(); a transaction's through its tx, bumped once it commits. */
export function trackPglite(client: PgliteLike, tracker: WriteTracker) {
  const query = client.query.bind(client) as Query;
  client.query = (async (...args: unknown[]) => {
    const domains = domainsOf(textOf(args[0]));
    const r = await query(...args);
    if (domains.length) tracker.bump(domains);
    return r;
  }) as Query;
  const transaction = client.transaction.bind(client);
  client.transaction = (async <T>(cb: (tx: Queryable) => Promise<T>) => {
    const pending = new Set<WriteDomain>();
    const r = await transaction(async (tx: Queryable) => {
      const txQuery = tx.query.bind(tx) as Query;
      tx.query = (async (...args: unknown[]) => {
        for (const d of domainsOf(textOf(args[0]))) pending.add(d);
        return txQuery(...args);
      }) as Query;
      return cb(tx);
    });
    tracker.bump(pending);
    return r;
  }) as PgliteLike['transaction'];
}
