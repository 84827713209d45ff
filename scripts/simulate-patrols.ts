/**
 * npm run simulate:patrols [-- --url http://localhost:8080 --interval 10 --password <demo password> --once]
 *
 * Makes the demo map alive (issue #7): every duty roster on shift now drives its patrol vehicle back and forth along
 * its section's real alignment (about 80–110 km/h, turning at the section's ends) and reports a position every
 * --interval seconds through the real API, as a patrol tablet would:
 *
 *   1. signs in as `opsmgmt` (a national role) to read today's and yesterday's rosters (dutyroster/dataTables: the
 *      ones whose status is 'active') and the section alignments (section/network);
 *   2. signs in as a patrol (PR) member of each roster's team (the seeded accounts: the seed's own people list
 *      gives the usernames; the demo password of the README);
 *   3. every interval, POST rondaGps/save for each roster, with an Idempotency-Key, as that member.
 *
 * Rosters are read again every 5 minutes (a shift change brings other teams). Ctrl-C stops it. --once sends one
 * round and exits (a quick check that the server accepts the positions).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import along from '@turf/along';
import { lineString } from '@turf/helpers';
import length from '@turf/length';
import { PATHS } from '../contract/paths';
import { ROLE_IDS } from '../contract/roles';
import { buildPeople } from '../server/db/seed/people';
import { DEMO_PASSWORD } from '../server/db/seed/data/people';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    interval: { type: 'string', default: '10' },
    password: { type: 'string', default: DEMO_PASSWORD },
    admin: { type: 'string', default: 'opsmgmt' },
    once: { type: 'boolean', default: false },
  },
});
const base = args.url!.replace(/\/+$/, '');
const intervalS = Number(args.interval);
if (!Number.isFinite(intervalS) || intervalS < 1) throw new Error(`--interval must be a number of seconds ≥ 1, not ${args.interval}`);
const ROSTER_REFRESH_MS = 5 * 60_000;

interface Envelope<T> {
  statusCode: number;
  statusMsg: string;
  body: T;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function api<T>(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const json = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok) throw new ApiError(res.status, `${method} ${path}: ${res.status} ${json?.statusMsg ?? res.statusText}`);
  return json!.body;
}

const tokens = new Map<string, string>();
async function tokenOf(username: string, fresh = false): Promise<string> {
  if (!fresh && tokens.has(username)) return tokens.get(username)!;
  const body = await api<{ token: string }>('POST', PATHS.login, null, { username, password: args.password });
  tokens.set(username, body.token);
  return body.token;
}

// ------------------------------------------------------------------------------------------------ who drives what

/** team name → the usernames of its active PR members (the seed's own list: the same rows on every database) */
function patrolUsersByTeam(): Map<string, string[]> {
  const people = buildPeople();
  const byStaffNo = new Map(people.users.map((u) => [u.staffNo, u]));
  const out = new Map<string, string[]>();
  for (const t of people.teams) {
    const users = t.members.map((no) => byStaffNo.get(no)).filter((u) => u && u.roleId === ROLE_IDS.PR && u.isActive);
    out.set(
      t.name,
      users.map((u) => u!.username.toLowerCase()),
    );
  }
  return out;
}

interface RosterRow {
  pkDutyRosterId: number;
  dutyRosterName: string;
  sectionId: number;
  sectionName: string;
  teamName: string;
  plateNumber: string | null;
  status: string;
}

interface Patrol {
  rosterId: number;
  name: string;
  username: string;
  line: ReturnType<typeof lineString>;
  lengthKm: number;
  /** km along the line */
  at: number;
  /** +1 towards the line's end, −1 back */
  dir: 1 | -1;
  /** m/s */
  speed: number;
}

function bearing(a: number[], b: number[]): number {
  const φ1 = (a[1] * Math.PI) / 180;
  const φ2 = (b[1] * Math.PI) / 180;
  const Δλ = ((b[0] - a[0]) * Math.PI) / 180;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

const localDate = (offsetDays: number) => new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function loadPatrols(previous: Map<number, Patrol>): Promise<Map<number, Patrol>> {
  const admin = await tokenOf(args.admin!, true);
  const network = await api<{ sectionId: number; sectionName: string; alignment: [number, number][] }[]>('GET', PATHS.sectionNetwork, admin);
  const lineOf = new Map(network.filter((s) => s.alignment.length >= 2).map((s) => [s.sectionName, s.alignment]));
  const rows: RosterRow[] = [];
  for (const date of [localDate(-1), localDate(0)]) {
    const page = await api<{ rows: RosterRow[] }>('POST', `${PATHS.dutyRosterDataTables}?length=1000`, admin, { date });
    rows.push(...page.rows.filter((r) => r.status === 'active'));
  }
  const teams = patrolUsersByTeam();
  const out = new Map<number, Patrol>();
  for (const r of rows) {
    const kept = previous.get(r.pkDutyRosterId);
    if (kept) {
      out.set(r.pkDutyRosterId, kept);
      continue;
    }
    const username = teams.get(r.teamName)?.[0];
    // a combined section drawn by its parts (N1+N2 → N1) when it has no alignment of its own
    const coords = lineOf.get(r.sectionName) ?? lineOf.get(r.sectionName.split('+')[0]);
    if (!username || !coords) {
      console.warn(`  skip ${r.dutyRosterName}: ${username ? 'no alignment' : 'no patrol account in its team'}`);
      continue;
    }
    const line = lineString(coords);
    const lengthKm = length(line, { units: 'kilometers' });
    out.set(r.pkDutyRosterId, {
      rosterId: r.pkDutyRosterId,
      name: r.dutyRosterName,
      username,
      line,
      lengthKm,
      at: Math.random() * lengthKm,
      dir: Math.random() < 0.5 ? 1 : -1,
      speed: 22 + Math.random() * 8,
    });
  }
  return out;
}

function step(p: Patrol, seconds: number) {
  p.at += (p.dir * p.speed * seconds) / 1000;
  if (p.at >= p.lengthKm) {
    p.at = 2 * p.lengthKm - p.at;
    p.dir = -1;
  } else if (p.at <= 0) {
    p.at = -p.at;
    p.dir = 1;
  }
  p.at = Math.min(p.lengthKm, Math.max(0, p.at));
}

async function report(p: Patrol): Promise<void> {
  const here = along(p.line, p.at, { units: 'kilometers' }).geometry.coordinates;
  const ahead = along(p.line, Math.min(p.lengthKm, Math.max(0, p.at + p.dir * 0.05)), { units: 'kilometers' }).geometry.coordinates;
  const fix = {
    latitude: Math.round(here[1] * 1e6) / 1e6,
    longitude: Math.round(here[0] * 1e6) / 1e6,
    recordedAt: new Date().toISOString(),
    accuracy: 8,
    heading: Math.round(bearing(here, ahead)),
    speed: Math.round(p.speed * 10) / 10,
  };
  const send = async (fresh: boolean) =>
    api(
      'POST',
      PATHS.rondaGpsSave,
      await tokenOf(p.username, fresh),
      { pkDutyRosterId: p.rosterId, positions: [fix] },
      { 'Idempotency-Key': randomUUID() },
    );
  try {
    await send(false);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) await send(true);
    else throw err;
  }
}

async function main() {
  console.log(
    `simulate:patrols → ${base}: every on-shift roster's patrol vehicle drives along its section and reports its position every ${intervalS} s (rondaGps/save, signed in as a PR member of its team). Ctrl-C stops.`,
  );
  let patrols = await loadPatrols(new Map());
  console.log(`  ${patrols.size} patrols on shift: ${[...patrols.values()].map((p) => p.name).join(', ') || '(none)'}`);
  let loadedAt = Date.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const stop = () => {
    if (stopped) process.exit(130);
    stopped = true;
    console.log('\nstopping (Ctrl-C again to quit at once)…');
    clearTimeout(timer);
    wake?.();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  let round = 0;
  let sent = 0;
  while (!stopped) {
    round += 1;
    if (Date.now() - loadedAt > ROSTER_REFRESH_MS) {
      try {
        patrols = await loadPatrols(patrols);
        loadedAt = Date.now();
      } catch (err) {
        console.warn(`  rosters not refreshed: ${(err as Error).message}`);
      }
    }
    const list = [...patrols.values()];
    for (const p of list) step(p, round === 1 ? 0 : intervalS);
    const results = await Promise.allSettled(list.map((p) => report(p)));
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`${list[i].name}: ${(r.reason as Error).message}`] : []));
    sent += list.length - failed.length;
    console.log(
      `${new Date().toISOString()} round ${round}: ${list.length - failed.length}/${list.length} positions accepted${failed.length ? `; failed: ${failed.slice(0, 3).join('; ')}` : ''}`,
    );
    if (args.once) break;
    await new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, intervalS * 1000);
    });
  }
  console.log(`done: ${sent} positions sent in ${round} rounds.`);
  if (args.once && sent === 0 && patrols.size > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`simulate:patrols failed: ${(err as Error).message}`);
  process.exit(1);
});
