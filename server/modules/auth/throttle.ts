import { isIPv4, isIPv6 } from 'node:net';
import { eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loginThrottle as t } from '../../db/schema';
import { nowMs } from '../../lib/clock';

/**
 * Sign-in throttling (issue #20, OWASP ASVS 5.0 anti-automation): growing delays instead of a lockout.
 *
 * - Per (username, address) pair: the first `freeFailsPerPair` failures cost nothing; after that each attempt of the
 *   pair must wait a delay that doubles with every failure (2 s, 4 s, 8 s … up to `maxDelaySeconds`) from the last
 *   one. A success clears the pair. The same username from another address is never affected, so nobody can lock
 *   someone else out by typing their (public) username. The counter is forgotten `windowSeconds` after its delay
 *   ended without another failure.
 * - Per address: only failures count (successes never do), `failsPerAddress` per window of `windowSeconds` from the
 *   address's first failure, then the same doubling delays for every attempt from it until the window ends. A control
 *   room of operators behind one NAT address never gets there with typos.
 *
 * Unknown usernames get the same counters as known ones (the throttle tells nothing about which usernames exist).
 * The counters are rows of login_throttle, so they survive a restart and instances share them. The pair is gated by
 * one atomic upsert that counts the attempt before its password is checked (a success deletes the row): concurrent
 * guesses of one pair cannot slip past the delay together. The address is checked first and counted on failure.
 */
export type ThrottleConfig = Config['login'];

export interface Refusal {
  retryAfterSeconds: number;
}

/** An IPv6 client has a whole /64 to itself: its addresses count as one. IPv4-mapped IPv6 is the IPv4 address. */
export function addressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip) || ip === '::1') return ip;
  const [head, tail = ''] = ip.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // an embedded IPv4 tail (::1.2.3.4) takes two groups; only the first four groups matter here
  const fill = 8 - left.length - right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, fill)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export const pairKey = (username: string, address: string) => `pair:${address} ${username}`;
export const addressKey = (address: string) => `addr:${address}`;

/** Seconds to wait after the `failures`-th failure of a counter whose first `free` failures cost nothing. */
export function delaySeconds(failures: number, free: number, cfg: Pick<ThrottleConfig, 'firstDelaySeconds' | 'maxDelaySeconds'>): number {
  if (failures < free) return 0;
  return Math.min(cfg.maxDelaySeconds, cfg.firstDelaySeconds * 2 ** Math.min(failures - free, 40));
}

/** delaySeconds in SQL, for a failure count computed in the same statement */
const delaySql = (failures: SQL, free: number, cfg: ThrottleConfig) =>
  sql`(case when ${failures} >= ${free}::integer then least(${cfg.maxDelaySeconds}::double precision, ${cfg.firstDelaySeconds}::double precision * power(2, least(${failures} - ${free}::integer, 40))) else 0 end)`;

export function createLoginThrottle(db: Db, cfg: ThrottleConfig) {
  // stored and compared in the database: the server's clock (lib/clock.ts)
  const clock = cfg.now ?? nowMs;
  let lastPrune = Number.NEGATIVE_INFINITY;

  const refusal = (nextAllowedAt: Date, now: number): Refusal => ({
    retryAfterSeconds: Math.max(1, Math.ceil((nextAllowedAt.getTime() - now) / 1000)),
  });

  /**
   * Lets the attempt through (answers null) or refuses it (answers the seconds to wait). A pair attempt let through is
   * already counted as a failure: call `succeeded` when the password was right, `failed` when not.
   */
  async function admit(username: string, ip: string): Promise<Refusal | null> {
    const now = clock();
    const nowAt = new Date(now);
    const address = addressOf(ip);
    const [addr] = await db
      .select({ nextAllowedAt: t.nextAllowedAt })
      .from(t)
      .where(eq(t.key, addressKey(address)))
      .limit(1);
    if (addr && addr.nextAllowedAt.getTime() > now) return refusal(addr.nextAllowedAt, now);

    // a pair whose delay ended a window ago starts over
    const stale = sql`${t.nextAllowedAt} <= ${new Date(now - cfg.windowSeconds * 1000).toISOString()}::timestamptz`;
    const failures = sql`(case when ${stale} then 1 else ${t.failures} + 1 end)`;
    const key = pairKey(username, address);
    const admitted = await db
      .insert(t)
      .values({
        key,
        failures: 1,
        firstFailureAt: nowAt,
        lastFailureAt: nowAt,
        nextAllowedAt: new Date(now + delaySeconds(1, cfg.freeFailsPerPair, cfg) * 1000),
      })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures,
          firstFailureAt: sql`(case when ${stale} then ${nowAt.toISOString()}::timestamptz else ${t.firstFailureAt} end)`,
          lastFailureAt: nowAt,
          nextAllowedAt: sql`${nowAt.toISOString()}::timestamptz + make_interval(secs => ${delaySql(failures, cfg.freeFailsPerPair, cfg)})`,
        },
        // within the delay: nothing changes and nothing is returned
        setWhere: sql`${t.nextAllowedAt} <= ${nowAt.toISOString()}::timestamptz`,
      })
      .returning({ failures: t.failures });
    if (admitted.length) return null;
    const [pair] = await db.select({ nextAllowedAt: t.nextAllowedAt }).from(t).where(eq(t.key, key)).limit(1);
    return refusal(pair?.nextAllowedAt ?? nowAt, now);
  }

  /** A wrong password (or unknown username, or inactive account): counts one failure of the address. */
  async function failed(ip: string) {
    const now = clock();
    const nowAt = new Date(now);
    // an address counts its failures in windows from its first failure (steady typos of a busy room never add up)
    const stale = sql`${t.firstFailureAt} <= ${new Date(now - cfg.windowSeconds * 1000).toISOString()}::timestamptz`;
    const failures = sql`(case when ${stale} then 1 else ${t.failures} + 1 end)`;
    await db
      .insert(t)
      .values({
        key: addressKey(addressOf(ip)),
        failures: 1,
        firstFailureAt: nowAt,
        lastFailureAt: nowAt,
        nextAllowedAt: new Date(now + delaySeconds(1, cfg.failsPerAddress, cfg) * 1000),
      })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures,
          firstFailureAt: sql`(case when ${stale} then ${nowAt.toISOString()}::timestamptz else ${t.firstFailureAt} end)`,
          lastFailureAt: nowAt,
          nextAllowedAt: sql`${nowAt.toISOString()}::timestamptz + make_interval(secs => ${delaySql(failures, cfg.failsPerAddress, cfg)})`,
        },
      });
    await prune(now);
  }

  /** The right password: the pair starts over (the address keeps its failures: they were failures). */
  async function succeeded(username: string, ip: string) {
    await db.delete(t).where(eq(t.key, pairKey(username, addressOf(ip))));
  }

  /** At most once a window per instance: rows whose delay ended a window ago count for nothing any more. */
  async function prune(now = clock()) {
    if (now - lastPrune < cfg.windowSeconds * 1000) return 0;
    lastPrune = now;
    const gone = await db
      .delete(t)
      .where(lte(t.nextAllowedAt, new Date(now - cfg.windowSeconds * 1000)))
      .returning({ key: t.key });
    return gone.length;
  }

  return { admit, failed, succeeded, prune };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
