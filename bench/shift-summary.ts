// Shift summary of a roster with 4,000 GPS fixes (issue #15 "Performance"). Printed, never a timed test.
//
// A fresh database (PostgreSQL: a new database beside BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres, dropped at the end; without PostgreSQL an embedded PGlite in a temp
// folder) gets the demo seed. One roster of the demo patrol's team (8 hours, ended 2 hours ago) gets BENCH_FIXES
// fixes (default 4,000: one every 6.9 s, mostly on the mainline, some stretches off it, a few gaps) through the real
// rondaGps/save route in batches of 500, and 60 activity entries through activityLog/save. Then, for
// BENCH_RUNS runs each (default 200, bounded by BENCH_SECONDS):
//   - computeSummary() alone on the roster's entries and fixes (pure, in memory);
//   - the same with its reads (entries and fixes from the database);
//   - the API call dutyroster/updateActivityLogSummary over loopback HTTP (reads, computes, stores);
//   - activityLog/dataTables of the roster (all its entries) against the very SQL the app sent for it (captured at the
//     driver) run through the driver, in turns: ratio = the app's overhead (HTTP, auth, scope check, JSON).
import http from 'node:http';
import { benchDatabase } from './support/bench-database';
import { asc, eq, sql } from 'drizzle-orm';
import { ACTIVITY_EVENT, ACTIVITY_PATHS } from '../contract/activity-log';
import { PATHS } from '../contract/paths';
import { build } from '../server/app';
import { dutyRoster, gpsKmMarker, shift, team } from '../server/db/schema';
import { findRoster, summaryInputs } from '../server/modules/activity-log/queries';
import { computeSummary } from '../server/modules/activity-log/summary';
import { dayjs, localDate, TZ } from '../server/lib/time';

const FIXES = Number(process.env.BENCH_FIXES ?? 4000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PASSWORD = 'Lebuhraya@2026';
const ms = (n: number) => Math.round(n * 1000) / 1000;

// ---------------------------------------------------------------- a fresh database

const { databaseUrl, dataDir, cleanup } = await benchDatabase(
  'summary',
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const t0 = performance.now();
const app = await build({ logger: false, config: { databaseUrl, dataDir: dataDir ?? 'unused', clientDir: '/nonexistent', seedFastHash: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const db = app.ctx.db;
console.log(`app ready on a fresh ${app.ctx.dbKind} database in ${Math.round((performance.now() - t0) / 1000)} s (demo seed)`);

// ---------------------------------------------------------------- calls over loopback HTTP (keep-alive)

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function callOnce(method: 'GET' | 'POST', url: string, body: unknown, token?: string): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
async function signIn(username: string) {
  const r = await callOnce('POST', PATHS.login, { username, password: PASSWORD });
  if (r.status !== 200) throw new Error(`sign-in ${username}: ${r.status} ${r.text}`);
  return (JSON.parse(r.text) as { body: { token: string } }).body.token;
}
const pr = await signIn('pr');
const sc = await signIn('sc');

// ---------------------------------------------------------------- the roster, its fixes and entries

const [t] = await db.select({ id: team.id, sectionId: team.sectionId }).from(team).where(eq(team.name, 'N9-PAGI-A'));
const startsAt = new Date(Math.floor((Date.now() - 10 * 3_600_000) / 60_000) * 60_000);
const endsAt = new Date(startsAt.getTime() + 8 * 3_600_000);
const hhmm = (d: Date) => dayjs(d).tz(TZ).format('HH:mm');
await db.insert(shift).values({ id: 9900, name: 'Syif Penanda Aras', startHour: hhmm(startsAt), endHour: hhmm(endsAt) });
const [roster] = await db
  .insert(dutyRoster)
  .values({
    sectionId: t.sectionId,
    shiftId: 9900,
    teamId: t.id,
    dutyRosterName: 'N9-PAGI-A PENANDA ARAS',
    startDate: localDate(startsAt),
    endDate: localDate(endsAt),
    startHour: hhmm(startsAt),
    endHour: hhmm(endsAt),
    startsAt,
    endsAt,
  })
  .returning({ id: dutyRoster.id });

const markers = await db
  .select({ latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
  .from(gpsKmMarker)
  .where(eq(gpsKmMarker.sectionId, t.sectionId))
  .orderBy(asc(gpsKmMarker.km));
// every 950 fixes the tablet is silent for 50 slots (about 5.7 min: an inactive-GPS period); every 400th fix starts
// 40 fixes off the mainline (about 1.3 km away); otherwise along the section and back, on the markers
const GAP_EVERY = 950;
const GAP_SLOTS = 50;
const step = (8 * 3_600_000) / (FIXES + GAP_SLOTS * Math.ceil(FIXES / GAP_EVERY));
const fixes = Array.from({ length: FIXES }, (_, i) => {
  const lap = i % (2 * markers.length);
  const m = markers[lap < markers.length ? lap : 2 * markers.length - 1 - lap];
  const off = i % 400 < 40 && i >= 400;
  const slot = i + GAP_SLOTS * Math.floor(i / GAP_EVERY);
  return { latitude: m.latitude, longitude: m.longitude + (off ? 0.012 : 0), recordedAt: new Date(startsAt.getTime() + slot * step).toISOString() };
});
const t1 = performance.now();
for (let i = 0; i < fixes.length; i += 500) {
  const r = await callOnce('POST', PATHS.rondaGpsSave, { pkDutyRosterId: roster.id, positions: fixes.slice(i, i + 500) }, pr);
  if (r.status !== 200) throw new Error(`rondaGps/save: ${r.status} ${r.text}`);
}
const events = [
  ACTIVITY_EVENT.PATROL_START,
  ACTIVITY_EVENT.LAYBY_CHECK,
  ACTIVITY_EVENT.PATROL_END,
  ACTIVITY_EVENT.BREAK,
  ACTIVITY_EVENT.TRAFFIC_CONTROL,
  ACTIVITY_EVENT.REFUEL,
];
for (let i = 0; i < 60; i++) {
  const r = await callOnce(
    'POST',
    ACTIVITY_PATHS.save,
    {
      dutyRosterId: roster.id,
      eventId: i === 0 ? ACTIVITY_EVENT.SHIFT_START : events[i % events.length],
      occurredAt: new Date(startsAt.getTime() + i * 8 * 60_000).toISOString(),
      remark: `Catatan ${i}`,
    },
    pr,
  );
  if (r.status !== 200) throw new Error(`activityLog/save: ${r.status} ${r.text}`);
}
console.log(
  `roster ${roster.id}: ${FIXES.toLocaleString('en')} fixes through rondaGps/save and 60 entries through activityLog/save in ${Math.round(performance.now() - t1)} ms`,
);
await db.execute(sql`ANALYZE`).catch(() => {});

// ---------------------------------------------------------------- measurements

const stats = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, p50: at(0.5), p90: at(0.9) };
};
async function measure(fn: () => Promise<unknown> | unknown) {
  for (let i = 0; i < 10; i++) await fn();
  const times: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  while (times.length < RUNS && performance.now() < end) {
    const s = performance.now();
    await fn();
    times.push(performance.now() - s);
  }
  return stats(times);
}

const ref = (await findRoster(db, roster.id))!;
const input = await summaryInputs(db, ref);
const window = { startsAt: ref.startsAt.getTime(), endsAt: ref.endsAt.getTime() };
const now = Date.now();
const result = computeSummary({ ...input, window, now });
const pure = await measure(() => computeSummary({ ...input, window, now }));
const withReads = await measure(async () => {
  const i = await summaryInputs(db, ref);
  return computeSummary({ ...i, window, now });
});
const api = await measure(async () => {
  const r = await callOnce('POST', ACTIVITY_PATHS.updateSummary, { pkDutyRosterId: roster.id }, pr);
  if (r.status !== 200) throw new Error(`updateActivityLogSummary: ${r.status} ${r.text}`);
});

// activityLog/dataTables of the roster against its SQL through the driver, in turns
type Driver = { query: (...args: unknown[]) => Promise<unknown> };
const driver = (db as unknown as { $client: Driver }).$client;
const driverQuery = driver.query.bind(driver);
let capture: unknown[][] | null = null;
driver.query = (...args: unknown[]) => {
  if (capture) capture.push(args);
  return driverQuery(...args);
};
const textOf = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? ''));
const listUrl = `${ACTIVITY_PATHS.dataTables}?length=1000`;
const listCall = () => callOnce('POST', listUrl, { dutyRosterId: roster.id }, sc);
const first = await listCall();
const found = (JSON.parse(first.text) as { body: { recordCount: number } }).body.recordCount;
capture = [];
await listCall();
const sent = capture.filter((args) => !/tokens_valid_after/.test(textOf(args)));
capture = null;
for (let i = 0; i < 20; i++) {
  await listCall();
  for (const a of sent) await driverQuery(...a);
}
const appTimes: number[] = [];
const sqlTimes: number[] = [];
const end = performance.now() + SECONDS * 1000;
while (appTimes.length < RUNS && performance.now() < end) {
  let s = performance.now();
  await listCall();
  appTimes.push(performance.now() - s);
  s = performance.now();
  for (const a of sent) await driverQuery(...a);
  sqlTimes.push(performance.now() - s);
}
const ours = stats(appTimes);
const bare = stats(sqlTimes);

// ---------------------------------------------------------------- report

const fixCount = input.fixes.length;
console.log(
  `\nshift summary of one roster (${app.ctx.dbKind}; ${fixCount.toLocaleString('en')} fixes in its window, ${input.entries.length} entries): DLU ${result.dluMinutes} min, LLU ${result.lluMinutes} min, no GPS ${result.inactiveGpsMinutes} min, ${result.rondaCount} rondas, rest ${result.rehatMinutes} min`,
);
console.table({
  'computeSummary (pure, in memory)': { 'p50 ms': ms(pure.p50), 'p90 ms': ms(pure.p90), runs: pure.n },
  'reads + computeSummary': { 'p50 ms': ms(withReads.p50), 'p90 ms': ms(withReads.p90), runs: withReads.n },
  'API dutyroster/updateActivityLogSummary (HTTP, reads, computes, stores)': { 'p50 ms': ms(api.p50), 'p90 ms': ms(api.p90), runs: api.n },
});
console.log(`\nactivityLog/dataTables of the roster (${found} entries) against the same SQL through the driver, in turns (target ratio ≤ 1.3×)`);
console.table({
  'activityLog/dataTables': {
    'app p50 ms': ms(ours.p50),
    'app p90 ms': ms(ours.p90),
    'SQL p50 ms': ms(bare.p50),
    'SQL p90 ms': ms(bare.p90),
    ratio: `${ms(ours.p50 / Math.max(bare.p50, 0.001))}×`,
    statements: sent.length,
    runs: ours.n,
  },
});
console.log('\nSQL of the measured list call (as the driver got it):');
console.log(sent.map((a) => textOf(a).replace(/\s+/g, ' ')).join('\n'));

agent.destroy();
await app.close();
await cleanup();
process.exit(0);
