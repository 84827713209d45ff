// Month view of duty rosters (issue #15 "Performance"): dutyRosterView/dataTables for a region with two years of
// history (about 40,000 rosters and 2,000,000 activity entries). Printed, never a timed test.
//
// A fresh database: with DATABASE_URL (or BENCH_DATABASE_URL) set, a new PostgreSQL database beside it, dropped at
// the end; otherwise an embedded PGlite in a temp folder. It gets the demo seed, then BENCH_TEAMS extra patrol teams
// of the Tengah region (three members each, every day, day and night shifts in turn) so that the region's teams have
// about BENCH_ROSTERS rosters over the last BENCH_DAYS days (batch inserts of the schedule rule, server/db/seed/
// rosters.ts rosterRows), every tenth of them edited (its own member rows with roles), and BENCH_ACTIVITY activity
// entries spread over them (one INSERT … SELECT generate_series).
// The app listens on loopback; for the month view of the region (a full page of 1,000 rows) and of one section it
// measures the p50 of BENCH_REQUESTS sequential calls (bounded by BENCH_SECONDS each), in turns with the very SQL the
// app sent for that call (captured at the driver) run through the driver, so both see the same load: ratio = the
// app's overhead (HTTP, auth, validation, scope, people of each roster, JSON), target ≤ 1.3×.
import http from 'node:http';
import { benchDatabase } from './support/bench-database';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PATHS } from '../contract/paths';
import { ROSTER_PATHS } from '../contract/rosters-rules';
import { build } from '../server/app';
import { activityLog, dutyRoster, dutyRosterMember, section, shift, staff, team, teamMember, teamSchedule } from '../server/db/schema';
import { addDays, rosterRows, type ScheduleForRoster } from '../server/db/seed/rosters';
import { localDate } from '../server/lib/time';

const TENGAH = 22;
const DAYS = Number(process.env.BENCH_DAYS ?? 730);
const TARGET_ROSTERS = Number(process.env.BENCH_ROSTERS ?? 40_000);
const ACTIVITY = Number(process.env.BENCH_ACTIVITY ?? 2_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PASSWORD = 'Lebuhraya@2026';
const BATCH = 1000;
const ms = (n: number) => Math.round(n * 100) / 100;
const fmt = (n: number) => n.toLocaleString('en');
const secs = (t: number) => `${Math.round((performance.now() - t) / 100) / 10} s`;

// ---------------------------------------------------------------- a fresh database

const { databaseUrl, dataDir, cleanup } = await benchDatabase('rosters', process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined);

const t0 = performance.now();
const app = await build({ logger: false, config: { databaseUrl, dataDir: dataDir ?? 'unused', clientDir: '/nonexistent', seedFastHash: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}`;
const db = app.ctx.db;
console.log(`app ready on a fresh ${app.ctx.dbKind} database in ${secs(t0)} (demo seed)`);

// ---------------------------------------------------------------- two years of rosters of the Tengah region

const t1 = performance.now();
const tengah = await db
  .select({ id: section.id, name: section.name })
  .from(section)
  .where(and(eq(section.regionId, TENGAH), sql`${section.combinedSectionId} is null`, sql`${section.name} not like '%G%'`));
const existingTeams = await db
  .select({ id: team.id })
  .from(team)
  .where(
    inArray(
      team.sectionId,
      tengah.map((s) => s.id),
    ),
  );
const extraTeams = Math.max(0, Math.ceil(TARGET_ROSTERS / DAYS) - existingTeams.length);
const newStaff = await db
  .insert(staff)
  .values(
    Array.from({ length: extraTeams * 3 }, (_, i) => ({
      staffNo: `BR${String(i).padStart(6, '0')}`,
      displayName: `Peronda Bench ${i}`,
      position: ['PR - Ketua Peronda', 'PR - Pemandu Peronda', 'PR - Peronda'][i % 3],
      sectionId: tengah[Math.floor(i / 3) % tengah.length].id,
    })),
  )
  .returning({ id: staff.id, sectionId: staff.sectionId });
const teams = extraTeams
  ? await db
      .insert(team)
      .values(
        Array.from({ length: extraTeams }, (_, i) => ({ name: `BENCH-${String(i).padStart(3, '0')}`, sectionId: tengah[i % tengah.length].id })),
      )
      .returning({ id: team.id })
  : [];
if (teams.length) {
  await db.insert(teamMember).values(teams.flatMap((t, i) => [0, 1, 2].map((k) => ({ teamId: t.id, staffId: newStaff[i * 3 + k].id }))));
  await db.insert(teamSchedule).values(teams.map((t, i) => ({ teamId: t.id, shiftId: (i % 2) + 1, vehicleId: null, cycleDays: 1, workDays: [0] })));
}
// every active Tengah team's schedule over the last DAYS days (the days the app generated itself are left as they are)
const schedules: ScheduleForRoster[] = await db
  .select({
    teamId: team.id,
    teamName: team.name,
    sectionId: team.sectionId,
    shiftId: shift.id,
    startHour: shift.startHour,
    endHour: shift.endHour,
    vehicleId: teamSchedule.vehicleId,
    cycleDays: teamSchedule.cycleDays,
    workDays: teamSchedule.workDays,
  })
  .from(teamSchedule)
  .innerJoin(team, and(eq(team.id, teamSchedule.teamId), eq(team.isActive, true)))
  .innerJoin(shift, eq(shift.id, teamSchedule.shiftId))
  .where(
    inArray(
      team.sectionId,
      tengah.map((s) => s.id),
    ),
  );
const from = localDate(Date.now(), -DAYS);
let inserted = 0;
for (let d = 0; d < DAYS; d += 30) {
  const rows = rosterRows(schedules, addDays(from, d), Math.min(30, DAYS - d));
  for (let i = 0; i < rows.length; i += BATCH) {
    const done = await db
      .insert(dutyRoster)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoNothing()
      .returning({ id: dutyRoster.id });
    inserted += done.length;
  }
}
// every tenth roster edited: its own member rows (the team's people with their roles)
await db.execute(sql`insert into ${dutyRosterMember} (duty_roster_id, staff_id, roster_role_id)
  select dr.id, tm.staff_id,
    case when s.position like '%Ketua%' then 3701 when s.position like '%Pemandu%' then 3702 else 3703 end
  from ${dutyRoster} dr join ${teamMember} tm on tm.team_id = dr.team_id join ${staff} s on s.id = tm.staff_id
  where dr.id % 10 = 0 on conflict do nothing`);
const rosterCount = await db.$count(dutyRoster);
const regionRosters = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(dutyRoster)
  .innerJoin(section, eq(section.id, dutyRoster.sectionId))
  .where(eq(section.regionId, TENGAH))
  .then(([r]) => r.n);
console.log(
  `inserted ${fmt(inserted)} rosters (${fmt(teams.length)} bench teams) in ${secs(t1)}: ${fmt(regionRosters)} in the Tengah region, ${fmt(rosterCount)} in all`,
);

// ---------------------------------------------------------------- 2,000,000 activity entries

const t2 = performance.now();
const [creator] = await db.select({ id: staff.id }).from(staff).limit(1);
const perRoster = Math.max(1, Math.ceil(ACTIVITY / Math.max(1, rosterCount)));
// entries spread over each roster's shift: shift start first, end of patrol (295) last, the usual events between
await db.execute(sql`insert into ${activityLog} (duty_roster_id, event_id, occurred_at, created_by)
  select dr.id,
    case when k = 1 then 3001 when k = ${perRoster} then 295 else (array[3002,3003,3004,3005,3006,3007,3008,3010])[1 + (k % 8)] end,
    dr.starts_at + ((dr.ends_at - dr.starts_at) * k / (${perRoster} + 1)),
    ${creator.id}
  from ${dutyRoster} dr cross join generate_series(1, ${perRoster}) as k
  where dr.ends_at < now()
  limit ${ACTIVITY}`);
const activityCount = await db.$count(activityLog);
await db.execute(sql`ANALYZE`).catch(() => {});
console.log(`inserted ${fmt(activityCount)} activity entries (${perRoster} per ended roster) in ${secs(t2)}`);

// ---------------------------------------------------------------- the driver, and the SQL a call sends

type Driver = { query: (...args: unknown[]) => Promise<unknown> };
const driver = (db as unknown as { $client: Driver }).$client;
const driverQuery = driver.query.bind(driver);
let capture: unknown[][] | null = null;
driver.query = (...args: unknown[]) => {
  if (capture) capture.push(args);
  return driverQuery(...args);
};
const textOf = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? ''));

async function signIn(username: string) {
  const res = await fetch(`${base}${PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { body: { token: string } }).body.token;
}
const regionmgmt = await signIn('regionmgmt');
const sectmgr = await signIn('sectmgr');

// a month in the middle of the history
const month = localDate(Date.now(), -Math.round(DAYS / 2)).slice(0, 7);
const n9 = tengah.find((s) => s.name === 'N9') ?? tengah[0];
interface Target {
  name: string;
  url: string;
  body: unknown;
  token: string;
}
const targets: Target[] = [
  {
    name: `dutyRosterView/dataTables · region Tengah · ${month} · 1,000 a page`,
    url: `${ROSTER_PATHS.monthDataTables}?length=1000&start=0`,
    body: { month, regionId: TENGAH },
    token: regionmgmt,
  },
  {
    name: `dutyRosterView/dataTables · section ${n9.name} · ${month} · by team`,
    url: `${ROSTER_PATHS.monthDataTables}?length=1000&start=0&orderColumn=teamName`,
    body: { month, sectionId: n9.id },
    token: sectmgr,
  },
  {
    name: `dutyRosterView/dataTables · region Tengah · ${month} · ended only · 100`,
    url: `${ROSTER_PATHS.monthDataTables}?length=100&start=100`,
    body: { month, regionId: TENGAH, lifecycle: 'ended' },
    token: regionmgmt,
  },
];

/** One call over loopback HTTP with a keep-alive connection and no Accept-Encoding (the answer's JSON as it leaves the app). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function callOnce(t: Target): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(t.body ?? {});
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: t.url,
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
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

/** p50 and p90 of the app's call and of the same SQL through the driver, in turns, up to REQUESTS each or SECONDS. */
async function measurePair(appCall: () => Promise<unknown>, bare: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) {
    await appCall();
    await bare();
  }
  const a: number[] = [];
  const b: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  while (a.length < REQUESTS && performance.now() < end) {
    let s = performance.now();
    await appCall();
    a.push(performance.now() - s);
    s = performance.now();
    await bare();
    b.push(performance.now() - s);
  }
  const stats = (times: number[]) => {
    times.sort((x, y) => x - y);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    return { n: times.length, p50: at(0.5), p90: at(0.9) };
  };
  return { ours: stats(a), bare: stats(b) };
}

const table: Record<string, Record<string, number | string>> = {};
const sqlShown: string[] = [];
for (const t of targets) {
  const first = await callOnce(t);
  if (first.status !== 200) {
    table[t.name] = { 'app p50 ms': 'n/a', ratio: 'n/a', found: `route answered ${first.status}: ${first.text.slice(0, 120)}` };
    continue;
  }
  const body = (JSON.parse(first.text) as { body: { recordCount: number; rows: unknown[] } }).body;
  capture = [];
  await callOnce(t);
  const sent = capture.filter((args) => !/tokens_valid_after/.test(textOf(args)));
  capture = null;
  const { ours, bare } = await measurePair(
    () => callOnce(t),
    async () => {
      for (const args of sent) await driverQuery(...args);
    },
  );
  table[t.name] = {
    'app p50 ms': ms(ours.p50),
    'app p90 ms': ms(ours.p90),
    'SQL p50 ms': ms(bare.p50),
    'SQL p90 ms': ms(bare.p90),
    ratio: `${ms(ours.p50 / Math.max(bare.p50, 0.001))}×`,
    statements: sent.length,
    rows: body.rows.length,
    found: fmt(body.recordCount),
    'JSON KB': Math.round(Buffer.byteLength(first.text) / 1024),
    runs: ours.n,
  };
  sqlShown.push(`── ${t.name}\n${sent.map((a) => textOf(a).replace(/\s+/g, ' ')).join('\n')}`);
}

console.log(
  `\nduty roster month view (${app.ctx.dbKind}; ${fmt(regionRosters)} rosters in the region over ${DAYS} days, ${fmt(activityCount)} activity entries; loopback HTTP keep-alive, one client, the app call and the same SQL through the driver in turns: up to ${REQUESTS} of each or ${SECONDS} s after 10 warm-up pairs; target ratio ≤ 1.3×)`,
);
console.table(table);
console.log('\nSQL of each measured call (as the driver got it):');
console.log(sqlShown.join('\n'));

agent.destroy();
await app.close();
await cleanup();
process.exit(0);
