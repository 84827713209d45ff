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
 * It counts writes of THIS process only: another server sharing a PostgreSQL database changes data the tracker never
 * sees, which is why answers cached under it also expire (a short time on PostgreSQL, see config).
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

export class WriteTracker {
  private readonly versions: Record<WriteDomain, number> = { data: 0, positions: 0 };

  /** the current version of one domain */
  version(domain: WriteDomain): number {
    return this.versions[domain];
  }

  /** the versions of several domains as one comparable string */
  stamp(domains: readonly WriteDomain[]): string {
    return domains.map((d) => this.versions[d]).join('.');
  }

  /** a committed write of these domains */
  bump(domains: Iterable<WriteDomain>) {
    for (const d of domains) this.versions[d]++;
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
      const settle = (failed: boolean) => {
        if (end) {
          // a failed COMMIT rolled back
          if (!failed && end !== 'rollback' && end !== 'abort') tracker.bump(pending);
          pending.clear();
          inTx = false;
        } else if (domains.length && !failed) {
          if (inTx) for (const d of domains) pending.add(d);
          else tracker.bump(domains);
        }
      };
      // pool.query() calls the client's query with a callback; Drizzle's transactions use the promise
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = (err: unknown, res: unknown) => {
          settle(!!err);
          return (last as (e: unknown, r: unknown) => unknown)(err, res);
        };
        return query(...args);
      }
      const result = query(...args);
      if (!result || typeof (result as Promise<unknown>).then !== 'function') return result;
      return (result as Promise<unknown>).then(
        (r) => {
          settle(false);
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
