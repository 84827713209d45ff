/**
 * Several servers on one PostgreSQL database behave as one (issue #32): every cache of a process is keyed on its
 * WriteTracker (db/write-tracker.ts), and this module moves every process's tracker when ANY process commits a write.
 *
 *   - Publishing: a committed write of this process sends `pg_notify('lebuhraya_writes', '<instance>:<domains>')` on
 *     this process's listening connection. Notices are coalesced: every write committed in the same tick shares one
 *     notice (the union of their domains), sent after those commits (a listener never moves its version before the
 *     data is visible to it). The write's statement resolves only once its notice is sent (write-tracker.ts), so by
 *     the time a server answers a write, PostgreSQL has queued the notice for every listener.
 *   - Listening: one dedicated connection per process (application_name `lebuhraya-notices <instance>`) LISTENs on the
 *     channel; another instance's notice bumps this tracker for those domains, which drops what the answer cache, the
 *     session state of plugins/auth.ts and every other cache keyed on the tracker held. A process ignores its own
 *     notices (it moved its versions at the commit).
 *   - A lost connection: the tracker stops being `live` at once (every cache is bypassed: another server's write would
 *     go unseen), the process logs it and reconnects with a doubling delay (100 ms up to 10 s); once it LISTENs again
 *     the tracker is live again and every version moves (all that was cached before is dropped). While it is lost the
 *     process's own notices go through the pool instead, so the other servers still see its writes.
 *
 * No window: a notice reaches the other processes' sockets within milliseconds of the write's answer, and a cache
 * about to answer from memory first waits for a round trip on the listening connection (barrier(): what was
 * committed before it has been heard by its end), so a read reaching another server right after a write's answer
 * never gets what that server had cached before the write.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ALL_DOMAINS, type WriteDomain, type WriteTracker } from './write-tracker';

export const WRITES_CHANNEL = 'lebuhraya_writes';
/** the listening connection's application_name (pg_stat_activity) is this, a space and the instance id */
export const NOTICES_APPLICATION = 'lebuhraya-notices';
/** a write waits at most this long for its notice to be sent (a stalled connection must not stall the writes) */
const PUBLISH_WAIT_MS = 2_000;
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 10_000;

/** A fresh instance id: 12 hex digits, never containing the payload's separator. */
export const newInstanceId = () => randomBytes(6).toString('hex');

export const noticePayload = (instanceId: string, domains: readonly WriteDomain[]) => `${instanceId}:${[...domains].sort().join(',')}`;

/** A notice's sender and the domains it wrote; null for a payload this version does not understand (ignored). */
export function parseNotice(payload: string | undefined): { instanceId: string; domains: WriteDomain[] } | null {
  const m = /^([0-9a-f]+):([a-z,]+)$/.exec(payload ?? '');
  if (!m) return null;
  const domains = m[2].split(',').filter((d): d is WriteDomain => (ALL_DOMAINS as readonly string[]).includes(d));
  return domains.length ? { instanceId: m[1], domains } : null;
}

/**
 * Collects the domains of the writes committed in one tick and sends one notice for them. `send` gets the payload;
 * every caller of the tick gets the same promise, settled when that notice was sent (or failed: never rejected).
 */
export function coalescer(send: (domains: WriteDomain[]) => Promise<void>, schedule: (fn: () => void) => void = setImmediate) {
  let pending: Set<WriteDomain> | null = null;
  let flushed: Promise<void> | null = null;
  return (domains: readonly WriteDomain[]): Promise<void> => {
    if (!pending) {
      const batch = new Set<WriteDomain>();
      pending = batch;
      flushed = new Promise<void>((resolve) =>
        schedule(() => {
          pending = null;
          send([...batch]).then(
            () => resolve(),
            () => resolve(),
          );
        }),
      );
    }
    for (const d of domains) pending.add(d);
    return flushed!;
  };
}

interface Logger {
  info: (msg: string) => void;
  warn: (msg: string) => void;
}

export interface WriteNoticesOptions {
  connectionString: string;
  tracker: WriteTracker;
  /** where notices go while the listening connection is lost */
  pool: { query: (text: string, values: unknown[]) => Promise<unknown> };
  instanceId?: string;
  log?: Logger;
  /** the first reconnect's delay (doubled on each failure up to 10 s); 100 ms unless given */
  reconnectFirstMs?: number;
}

export class WriteNotices {
  readonly instanceId: string;
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs: number;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly log: Logger;
  private readonly publish: (domains: readonly WriteDomain[]) => Promise<void>;
  /** notices received from other instances (tests, metrics) */
  received = 0;
  /** the listening connection was lost at least once (its return is logged; a first start is not news) */
  private wasLost = false;

  constructor(
    private readonly PgClient: typeof pg.Client,
    private readonly opts: WriteNoticesOptions,
  ) {
    this.instanceId = opts.instanceId ?? newInstanceId();
    this.retryMs = opts.reconnectFirstMs ?? RECONNECT_FIRST_MS;
    this.log = opts.log ?? { info: (m) => console.info(m), warn: (m) => console.warn(m) };
    this.publish = coalescer((domains) => this.send(domains));
    opts.tracker.syncWith(() => this.barrier());
    opts.tracker.publishTo((domains) => {
      const sent = this.publish(domains);
      // not listening: the notice goes through the pool, and a write holding a pooled connection must not wait for
      // another (a full pool would stall); the others will not be told sooner anyway if this process cannot listen
      if (!this.client) return undefined;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, PUBLISH_WAIT_MS);
        timer.unref();
      });
      return Promise.race([sent, late]).finally(() => clearTimeout(timer));
    });
  }

  private nextBarrier: Promise<void> | null = null;

  /**
   * A round trip on the listening connection, sent after this call: PostgreSQL hands a listening backend's pending
   * notices to its client before it reads the next query, so every notice of a write committed before the call has
   * reached the tracker when the round trip ends. Calls of one tick share one round trip (sent after all of them).
   */
  barrier(): Promise<void> {
    if (!this.client) return Promise.resolve();
    this.nextBarrier ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        this.nextBarrier = null;
        const c = this.client;
        if (!c) return resolve();
        c.query('select 1').then(
          () => resolve(),
          () => resolve(),
        );
      }),
    );
    return this.nextBarrier;
  }

  /** true while this process LISTENs */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Connects and listens; a failure is logged and retried in the background (the process serves without caches meanwhile). */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.opts.tracker.publishTo(undefined);
    this.opts.tracker.syncWith(undefined);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => {});
  }

  private async send(domains: WriteDomain[]): Promise<void> {
    const payload = noticePayload(this.instanceId, domains);
    const statement = 'select pg_notify($1, $2)';
    try {
      if (this.client) await this.client.query(statement, [WRITES_CHANNEL, payload]);
      else await this.opts.pool.query(statement, [WRITES_CHANNEL, payload]);
    } catch (err) {
      // the write is committed all the same; the others drop their caches when they lose or regain their connection
      this.log.warn(`write notice not sent: ${(err as Error).message}`);
    }
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const c = new this.PgClient({
      connectionString: this.opts.connectionString,
      application_name: `${NOTICES_APPLICATION} ${this.instanceId}`,
      // a half-open connection (a peer that vanished) is found out rather than waited on forever
      keepAlive: true,
    });
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      c.end().catch(() => {});
      if (this.client === c) {
        this.client = null;
        this.opts.tracker.setLive(false);
        this.wasLost = true;
        this.log.warn(`write notices: listening connection lost (${reason}); serving without caches until listening again`);
      }
      this.scheduleReconnect();
    };
    c.on('error', (err) => onLost(err.message));
    c.on('end', () => onLost('closed'));
    c.on('notification', (msg) => {
      if (msg.channel !== WRITES_CHANNEL) return;
      const notice = parseNotice(msg.payload);
      if (!notice || notice.instanceId === this.instanceId) return;
      this.received++;
      this.opts.tracker.bump(notice.domains);
    });
    try {
      await c.connect();
      await c.query(`listen ${WRITES_CHANNEL}`);
    } catch (err) {
      this.wasLost = true;
      this.log.warn(`write notices: cannot listen (${(err as Error).message}); retrying in ${this.retryMs} ms`);
      onLost((err as Error).message);
      return;
    }
    if (lost || this.closed) {
      if (this.closed) await c.end().catch(() => {});
      return;
    }
    this.client = c;
    this.retryMs = this.opts.reconnectFirstMs ?? RECONNECT_FIRST_MS;
    // every version moves: what was cached before this connection may have missed writes of other servers
    this.opts.tracker.setLive(true);
    if (this.wasLost) this.log.info(`write notices: listening again on ${WRITES_CHANNEL}; caches dropped and in use again`);
  }

  private scheduleReconnect() {
    if (this.closed || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((err) => this.log.warn(`write notices: ${(err as Error).message}`));
    }, wait);
    this.retryTimer.unref();
  }
}
