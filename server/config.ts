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
  /** cheaper argon2id parameters for the demo users (tests only) */
  seedFastHash: boolean;
  trustProxy: boolean;
  login: {
    /** failed sign-ins per username before it is blocked for blockSeconds */
    maxFailsPerUser: number;
    /** failed sign-ins per address before it is blocked */
    maxFailsPerAddress: number;
    windowSeconds: number;
    blockSeconds: number;
  };
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
    seedFastHash: bool(env.SEED_FAST_HASH, false),
    trustProxy: bool(env.TRUST_PROXY, false),
    login: {
      maxFailsPerUser: int(env.LOGIN_MAX_FAILS_PER_USER, 5),
      maxFailsPerAddress: int(env.LOGIN_MAX_FAILS_PER_ADDRESS, 20),
      windowSeconds: int(env.LOGIN_WINDOW_SECONDS, 15 * 60),
      blockSeconds: int(env.LOGIN_BLOCK_SECONDS, 15 * 60),
    },
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
  };
}
