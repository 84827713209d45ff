import path from 'node:path';
import { INTEGRATION_TIMEOUT_MS, POSITION_STALE_SECONDS_DEFAULT } from '../contract/map-rules';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when unset the embedded PGlite database under dataDir is used */
  databaseUrl?: string;
  /** folder of the embedded database; `memory://` keeps it in memory */
  dataDir: string;
  /** HS256 secret; when unset one is generated once and kept in the database */
  jwtSecret?: string;
  jwtTtlSeconds: number;
  logLevel: string;
  /** the built PWA (vite build output); not served when absent */
  clientDir: string;
  /** seed the demo data on an empty database */
  seedDemo: boolean;
  /**
   * on a demo database, the rosters covering now get their last minutes of GPS fixes at start (issue #29 item 5,
   * server/db/seed/live.ts; DEMO_LIVE, default on; the tests turn it off unless they test it)
   */
  demoLive: boolean;
  /**
   * days of history the demo data gets on seeding (DEMO_HISTORY_DAYS, default 90): cases, rosters with their activity
   * logs, GPS fixes and shift summaries, checklists, logsheet entries and leave, so every report's default 30 days and
   * the 30 before them (the KPIs' previous period) have figures; the server tests seed 14 (fast, their expectations)
   */
  demoHistoryDays: number;
  /** cheaper argon2id parameters for the demo users (tests only) */
  seedFastHash: boolean;
  trustProxy: boolean;
  /** /docs (the whole API with its schemas) without a token; default: signed-in users only (issue #20) */
  apiDocsPublic: boolean;
  /** Strict-Transport-Security max-age in seconds for a deployment behind TLS; 0 sends no header */
  hstsMaxAge: number;
  /**
   * How long a cached read answer (plugins/answer-cache.ts) may be served while no write it depends on has been
   * committed. Unset: 120 s on either database: this process sees its own writes at once, and on PostgreSQL the other
   * servers' writes by their notices (db/notify.ts; while those cannot be heard nothing is cached). 0 turns the cache off.
   */
  answerCacheTtlMs?: number;
  /**
   * Sign-in throttling (issue #20): failures are counted per (username, address) pair and per address in the
   * database; past the free failures each further attempt of that pair (or address) waits a doubling delay. Never a
   * hard lock, and failures from one address never delay the same username from another.
   */
  login: {
    /** failures of one (username, address) pair that cost nothing; the next attempt waits firstDelaySeconds */
    freeFailsPerPair: number;
    /** failures from one address (any usernames) within windowSeconds before that address is delayed too */
    failsPerAddress: number;
    /** the first delay; each further failure doubles it */
    firstDelaySeconds: number;
    /** the longest delay */
    maxDelaySeconds: number;
    /**
     * a pair's counter is forgotten this long after its delay ended without a further failure; an address counts
     * its failures in windows of this length from its first failure
     */
    windowSeconds: number;
    /** the clock in milliseconds (tests move it); the server's clock (lib/clock.ts nowMs) when unset */
    now?: () => number;
  };
  /** how often the shift summaries of ended rosters are stored (issue #31; activity-log/summary-job.ts); 0: never (the server tests call it) */
  summaryJobSeconds: number;
  /** server-raised alerts (issue #6) */
  alerts: {
    /** a case whose latest 203 has no later audit entry for this many minutes alerts the region's TMC users */
    unackMinutes: number;
    /** how often the sweep looks for such cases; 0 turns the periodic sweep off (tests call it directly) */
    sweepSeconds: number;
    /** a roster on shift whose latest tablet position is older than this (having reported this shift) alerts TMC (default 10) */
    gpsSilentMinutes?: number;
  };
  /** live patrol positions and maps (issue #7) */
  positions: {
    /** a position older than this is stale: shown as such and ranked last by nearestActivePR */
    staleSeconds: number;
    /** history rows older than this are deleted by the daily pruning job */
    historyDays: number;
    /** how often the pruning job runs; 0 turns it off (tests call it directly) */
    pruneEveryHours: number;
    /** a fix may be this many minutes before the shift's start or after its end (a tablet back online late) */
    shiftGraceMinutes: number;
    /** external tracking service (findPRVehicle); unset: the tablets' positions only */
    trackingUrl?: string;
    /** timeout of a call to the tracking service (§9: 30 s) */
    integrationTimeoutMs: number;
  };
  /**
   * LDAP sign-in (issue #14, §6): users of authType LDAP bind to this directory. Unset url: local passwords only,
   * LDAP users cannot sign in and cannot be registered.
   */
  ldap: {
    /** ldap://host:389 or ldaps://host:636 */
    url?: string;
    /** the DN a user binds as; `{username}` is replaced by the escaped username (default uid={username},<baseDn>) */
    bindDnTemplate?: string;
    /** where the people are (the default bind DN template hangs below it) */
    baseDn?: string;
    /** the account that looks a username up at registration; anonymous when unset */
    searchBindDn?: string;
    searchBindPassword?: string;
    /** connect and operation timeout */
    timeoutMs: number;
  };
}

/** "12h", "30m", "45s", "3600" → seconds */
export function parseDuration(value: string): number {
  const m = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!m) throw new Error(`Invalid duration: ${value} (use e.g. 12h, 30m, 3600)`);
  const n = Number(m[1]);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return n * unit;
}

const bool = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : /^(1|true|yes|on)$/i.test(v));
const int = (v: string | undefined, dflt: number) => (v === undefined || v === '' ? dflt : Number.parseInt(v, 10));
const positive = (name: string, n: number, min: number) => {
  if (!Number.isInteger(n) || n < min) throw new Error(`Invalid ${name}: ${n} (a whole number, at least ${min})`);
  return n;
};

/** DEMO_HISTORY_DAYS: 14 to 366 days (default 90). */
export const DEMO_HISTORY_DAYS_DEFAULT = 90;
function demoHistoryDays(v: string | undefined): number {
  const n = int(v, DEMO_HISTORY_DAYS_DEFAULT);
  if (!Number.isInteger(n) || n < 14 || n > 366) throw new Error(`Invalid DEMO_HISTORY_DAYS: ${v} (a whole number of days, 14 to 366)`);
  return n;
}

/**
 * The answer caches' TTL: as configured, else 120 s on both databases (every committed write is seen: this process's
 * at once, other servers' on PostgreSQL by their notices, db/notify.ts). `dbKind` stays for callers that pass it.
 */
export const answerCacheTtl = (config: Pick<Config, 'answerCacheTtlMs'>, _dbKind: 'postgres' | 'pglite') => config.answerCacheTtlMs ?? 120_000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || path.resolve('data'),
    jwtSecret: env.JWT_SECRET || undefined,
    jwtTtlSeconds: parseDuration(env.JWT_TTL || '12h'),
    logLevel: env.LOG_LEVEL || 'info',
    clientDir: env.CLIENT_DIR || path.resolve('dist/client'),
    seedDemo: bool(env.SEED_DEMO, true),
    demoLive: bool(env.DEMO_LIVE, true),
    demoHistoryDays: demoHistoryDays(env.DEMO_HISTORY_DAYS),
    seedFastHash: bool(env.SEED_FAST_HASH, false),
    trustProxy: bool(env.TRUST_PROXY, false),
    apiDocsPublic: bool(env.API_DOCS_PUBLIC, false),
    hstsMaxAge: positive('HSTS_MAX_AGE', int(env.HSTS_MAX_AGE, 0), 0),
    answerCacheTtlMs: env.ANSWER_CACHE_TTL_MS ? positive('ANSWER_CACHE_TTL_MS', int(env.ANSWER_CACHE_TTL_MS, 0), 0) : undefined,
    login: {
      freeFailsPerPair: positive('LOGIN_FREE_FAILS_PER_PAIR', int(env.LOGIN_FREE_FAILS_PER_PAIR, 5), 1),
      failsPerAddress: positive('LOGIN_FAILS_PER_ADDRESS', int(env.LOGIN_FAILS_PER_ADDRESS, 100), 1),
      firstDelaySeconds: positive('LOGIN_FIRST_DELAY_SECONDS', int(env.LOGIN_FIRST_DELAY_SECONDS, 2), 1),
      maxDelaySeconds: positive('LOGIN_MAX_DELAY_SECONDS', int(env.LOGIN_MAX_DELAY_SECONDS, 15 * 60), 1),
      windowSeconds: positive('LOGIN_WINDOW_SECONDS', int(env.LOGIN_WINDOW_SECONDS, 15 * 60), 1),
    },
    summaryJobSeconds: positive('SUMMARY_JOB_SECONDS', int(env.SUMMARY_JOB_SECONDS, 60), 0),
    alerts: {
      unackMinutes: positive('ALERT_UNACK_MINUTES', int(env.ALERT_UNACK_MINUTES, 5), 1),
      sweepSeconds: positive('ALERT_SWEEP_SECONDS', int(env.ALERT_SWEEP_SECONDS, 60), 0),
      gpsSilentMinutes: positive('GPS_SILENT_MINUTES', int(env.GPS_SILENT_MINUTES, 10), 1),
    },
    positions: {
      staleSeconds: positive('POSITION_STALE_SECONDS', int(env.POSITION_STALE_SECONDS, POSITION_STALE_SECONDS_DEFAULT), 1),
      historyDays: positive('POSITION_HISTORY_DAYS', int(env.POSITION_HISTORY_DAYS, 90), 1),
      pruneEveryHours: positive('POSITION_PRUNE_EVERY_HOURS', int(env.POSITION_PRUNE_EVERY_HOURS, 24), 0),
      shiftGraceMinutes: positive('POSITION_SHIFT_GRACE_MINUTES', int(env.POSITION_SHIFT_GRACE_MINUTES, 15), 0),
      trackingUrl: env.TRACKING_URL ? env.TRACKING_URL.replace(/\/+$/, '') : undefined,
      integrationTimeoutMs: positive('INTEGRATION_TIMEOUT_MS', int(env.INTEGRATION_TIMEOUT_MS, INTEGRATION_TIMEOUT_MS), 1),
    },
    ldap: ldapConfig(env),
  };
}

function ldapConfig(env: NodeJS.ProcessEnv): Config['ldap'] {
  const url = env.LDAP_URL?.trim() || undefined;
  const timeoutMs = positive('LDAP_TIMEOUT_MS', int(env.LDAP_TIMEOUT_MS, 5000), 100);
  if (!url) return { timeoutMs };
  if (!/^ldaps?:\/\/[^/\s]+\/?$/i.test(url)) throw new Error(`Invalid LDAP_URL: ${url} (use ldap://host:port or ldaps://host:port)`);
  const bindDnTemplate = env.LDAP_BIND_DN_TEMPLATE?.trim() || undefined;
  const baseDn = env.LDAP_BASE_DN?.trim() || undefined;
  if (bindDnTemplate && !bindDnTemplate.includes('{username}')) throw new Error('Invalid LDAP_BIND_DN_TEMPLATE: it must contain {username}');
  if (!bindDnTemplate && !baseDn) throw new Error('LDAP_URL needs LDAP_BIND_DN_TEMPLATE or LDAP_BASE_DN');
  return {
    url,
    bindDnTemplate,
    baseDn,
    searchBindDn: env.LDAP_SEARCH_BIND_DN?.trim() || undefined,
    searchBindPassword: env.LDAP_SEARCH_BIND_PASSWORD || undefined,
    timeoutMs,
  };
}
