/**
 * The server's one clock: every "now" and "today" of the server (and of the tests that make data relative to it)
 * reads it, never `Date.now()` or `new Date()` directly. It is the real time unless it is set:
 *
 * - `LEBUHRAYA_CLOCK` in the environment: a local time of day in Asia/Brunei (`06:59:30`: today at that time), an
 *   ISO instant with its zone (`2026-11-27T22:59:30Z`, `2026-11-28T06:59:30+08:00`), or the anchored form `<ISO instant>@<real epoch ms>` ("when the real clock
 *   read R, this clock read I"). The clock then runs on from there at the real pace. `anchorClockEnv()` turns the
 *   first two forms into the third, so that every process started with that environment (the test runner, its
 *   workers, the server it starts) reads the same instant at the same moment.
 * - `setClock(at)` in a test (null: back to LEBUHRAYA_CLOCK, else the real time). It moves the clock of its own
 *   process only; answers the server keeps in memory (plugins/answer-cache.ts) are not dropped by it.
 *
 * Only "now" moves: durations (timeouts, caches, rate windows) are measured on the real clock, so a test's clock jump
 * does not expire a cache or a rate limit by itself.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const CLOCK_TZ = 'Asia/Brunei';
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const ANCHORED = /^(.+)@(\d+)$/;
/** an ISO instant with its zone: Date.parse alone also reads '7' (July 2001) or a zoneless time in the machine's zone */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

const instantOf = (text: string): number => (ISO_INSTANT.test(text) ? Date.parse(text) : Number.NaN);

/** The clock's value minus the real time, in ms. */
let offsetMs = 0;

/**
 * What a LEBUHRAYA_CLOCK value means, as "at real time `realMs` the clock reads `clockMs`"; undefined for an empty
 * value. Throws on a value it cannot read (a typo must not silently run the real time).
 */
export function parseClockSetting(value: string | undefined, realMs = Date.now()): { clockMs: number; realMs: number } | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const anchored = ANCHORED.exec(v);
  if (anchored) {
    const clockMs = instantOf(anchored[1]);
    if (Number.isNaN(clockMs)) throw new Error(`LEBUHRAYA_CLOCK: cannot read the instant ${anchored[1]}`);
    return { clockMs, realMs: Number(anchored[2]) };
  }
  const tod = TIME_OF_DAY.exec(v);
  if (tod) {
    const [h, m, s] = [Number(tod[1]), Number(tod[2]), Number(tod[3] ?? 0)];
    if (h > 23 || m > 59 || s > 59) throw new Error(`LEBUHRAYA_CLOCK: ${v} is not a time of day`);
    const today = dayjs(realMs).tz(CLOCK_TZ).format('YYYY-MM-DD');
    const at = dayjs.tz(`${today} ${tod[1].padStart(2, '0')}:${tod[2]}:${String(s).padStart(2, '0')}`, 'YYYY-MM-DD HH:mm:ss', CLOCK_TZ);
    return { clockMs: at.valueOf(), realMs };
  }
  const clockMs = instantOf(v);
  if (Number.isNaN(clockMs)) throw new Error(`LEBUHRAYA_CLOCK: expected HH:mm[:ss], an ISO instant with its zone or <instant>@<ms>, got ${v}`);
  return { clockMs, realMs };
}

/** Rewrites `env.LEBUHRAYA_CLOCK` in its anchored form (see above); returns the value (undefined when not set). */
export function anchorClockEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const setting = parseClockSetting(env.LEBUHRAYA_CLOCK);
  if (!setting) return undefined;
  const value = `${new Date(setting.clockMs).toISOString()}@${setting.realMs}`;
  env.LEBUHRAYA_CLOCK = value;
  return value;
}

function fromEnv() {
  const setting = parseClockSetting(process.env.LEBUHRAYA_CLOCK);
  offsetMs = setting ? setting.clockMs - setting.realMs : 0;
}
fromEnv();

/** Now, in ms since the epoch. */
export const nowMs = (): number => Date.now() + offsetMs;

/** Now, as a Date. */
export const now = (): Date => new Date(nowMs());

/** Sets the clock to `at` (it runs on from there); null sets it back to LEBUHRAYA_CLOCK, or the real time. */
export function setClock(at: Date | number | string | null): void {
  if (at === null) {
    fromEnv();
    return;
  }
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? instantOf(at) : at.getTime();
  if (Number.isNaN(ms)) throw new Error(`setClock: cannot read ${String(at)}`);
  offsetMs = ms - Date.now();
}

/** Whether the clock is set away from the real time (shown in the start-up log and /healthz). */
export const clockIsSet = (): boolean => offsetMs !== 0;
