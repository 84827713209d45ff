// Fleet (issue #16 "Performance"): the vehicle list with 5,000 vehicles (the spec's page size) and the checklist
// report (Laporan Senarai Semak) over one year of daily checklists for 500 vehicles (about 365,000 checklists and
// 5 million items). Printed, never a timed test.
//
// A fresh database (PGlite in a temp folder, or a new PostgreSQL database beside DATABASE_URL / BENCH_DATABASE_URL,
// dropped at the end) with the demo seed, then, in a few INSERT … SELECT generate_series statements:
// BENCH_VEHICLES vehicles with their call signs spread over every section; BENCH_FLEET_TEAMS of them get a team and
// two rosters a day (day and night shift) for BENCH_DAYS days, each roster a checklist (odometer rising, every 50th
// with a gap, every 97th item short) with one item per active master item.
// The app listens on loopback; each call's p50 is measured in turns with the very SQL the app sent for it (captured
// at the driver) run through the driver: ratio = the app's overhead, target ≤ 1.3× for the vehicle list.
import { and, eq, sql } from 'drizzle-orm';
import { CHECKLIST_PATHS } from '../contract/checklist-rules';
import { VEHICLE_PATHS } from '../contract/fleet-rules';
import { PATHS } from '../contract/paths';
import { build } from '../server/app';
import {
  assetChecklistMaster,
  callSign,
  dailyAssetChecklist,
  dailyAssetChecklistItem,
  dutyRoster,
  section,
  shift,
  staff,
  team,
  vehicle,
  vehicleModel,
} from '../server/db/schema';
import { localDate } from '../server/lib/time';
import { benchDatabase } from './support/bench-database';
import { loopbackClient, measurePair, sqlCapture } from './support/driver-compare';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 5000);
const FLEET_TEAMS = Number(process.env.BENCH_FLEET_TEAMS ?? 500);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PASSWORD = 'Lebuhraya@2026';
const TENGAH = 22;
const ms = (n: number) => Math.round(n * 100) / 100;
const fmt = (n: number) => n.toLocaleString('en');
const secs = (t: number) => `${Math.round((performance.now() - t) / 100) / 10} s`;

const { databaseUrl, dataDir, cleanup } = await benchDatabase('fleet', process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined);
const t0 = performance.now();
const app = await build({ logger: false, config: { databaseUrl, dataDir: dataDir ?? 'unused', clientDir: '/nonexistent', seedFastHash: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const db = app.ctx.db;
console.log(`app ready on a fresh ${app.ctx.dbKind} database in ${secs(t0)} (demo seed)`);

// ---------------------------------------------------------------- 5,000 vehicles with call signs

const t1 = performance.now();
const sections = await db
  .select({ id: section.id })
  .from(section)
  .where(and(sql`${section.combinedSectionId} is null`, sql`${section.name} not like '%G%'`));
let [model] = await db.select({ id: vehicleModel.id }).from(vehicleModel).where(eq(vehicleModel.isActive, true)).limit(1);
if (!model) [model] = await db.insert(vehicleModel).values({ name: 'Toyota Hilux 2.4', vehicleType: 'Peronda' }).returning({ id: vehicleModel.id });
const sectionIds = `{${sections.map((s) => s.id).join(',')}}`;
const existingVehicles = await db.$count(vehicle);
const toAdd = Math.max(0, VEHICLES - existingVehicles);
await db.execute(sql`insert into ${callSign} (section_id, call_sign)
  select (${sectionIds}::int[])[1 + (i % ${sections.length})], 'BENCH ' || i from generate_series(1, ${toAdd}) as i`);
await db.execute(sql`insert into ${vehicle} (section_id, plate_number, vehicle_model, vehicle_type, vehicle_model_id, call_sign_id, is_active)
  select c.section_id, 'BEN ' || substr(c.call_sign, 7), m.name, m.vehicle_type, m.id, c.id, (substr(c.call_sign, 7)::int % 20) <> 0
  from ${callSign} c cross join (select id, name, vehicle_type from ${vehicleModel} where id = ${model.id}) m
  where c.call_sign like 'BENCH %'`);
const vehicleCount = await db.$count(vehicle);
console.log(`${fmt(vehicleCount)} vehicles (${fmt(toAdd)} added with their call signs, 1 in 20 inactive) in ${secs(t1)}`);

// ---------------------------------------------------------------- a year of rosters and checklists for 500 vehicles

const t2 = performance.now();
const shifts = await db
  .select({ id: shift.id, startHour: shift.startHour, endHour: shift.endHour })
  .from(shift)
  .where(eq(shift.isActive, true))
  .orderBy(shift.id)
  .limit(2);
const [creator] = await db.select({ id: staff.id }).from(staff).limit(1);
const from = localDate(Date.now(), -DAYS);
await db.execute(sql`insert into ${team} (name, section_id)
  select 'BENCH-F-' || v.id, v.section_id from ${vehicle} v where v.plate_number like 'BEN %' and v.is_active order by v.id limit ${FLEET_TEAMS}`);
for (const s of shifts) {
  // a shift whose end is not after its start ends the next day
  const next = sql.raw(s.endHour <= s.startHour ? "interval '1 day'" : "interval '0 day'");
  await db.execute(sql`insert into ${dutyRoster} (section_id, shift_id, team_id, vehicle_id, duty_roster_name, start_date, end_date, start_hour, end_hour, starts_at, ends_at)
    select t.section_id, ${s.id}, t.id, substr(t.name, 9)::int, t.name || '-' || to_char(d, 'YYYYMMDD'),
      d::date, (d + ${next})::date, ${s.startHour}, ${s.endHour},
      (d + ${s.startHour}::time) at time zone 'Asia/Brunei',
      (d + ${next} + ${s.endHour}::time) at time zone 'Asia/Brunei'
    from ${team} t cross join generate_series(${from}::date, (${from}::date + ${DAYS - 1}::int)::date, interval '1 day') as d
    where t.name like 'BENCH-F-%'
    on conflict do nothing`);
}
await db.execute(sql`insert into ${dailyAssetChecklist} (vehicle_id, duty_roster_id, staff_id, odometer_pre, odometer_post, no_kad_tng, no_kad_bahan_api, pre_at, post_at, post_staff_id)
  select r.vehicle_id, r.id, ${creator.id},
    10000 + (row_number() over w)::int * 150 + case when (row_number() over w) % 50 = 0 then 40 else 0 end,
    10000 + (row_number() over w)::int * 150 + 120 + case when (row_number() over w) % 50 = 0 then 40 else 0 end,
    'TNG' || r.vehicle_id, 'BA' || r.vehicle_id, r.starts_at, r.ends_at, ${creator.id}
  from ${dutyRoster} r join ${team} t on t.id = r.team_id
  where t.name like 'BENCH-F-%'
  window w as (partition by r.vehicle_id order by r.starts_at)`);
const checklistCount = await db.$count(dailyAssetChecklist);
const masters = await db.$count(assetChecklistMaster, eq(assetChecklistMaster.isActive, true));
await db.execute(sql`insert into ${dailyAssetChecklistItem} (daily_asset_checklist_id, asset_checklist_master_id, expected_quantity, pre_quantity, post_quantity)
  select c.id, m.id, m.default_quantity,
    case when (c.id + m.id) % 97 = 0 then greatest(m.default_quantity - 1, 0) else m.default_quantity end,
    m.default_quantity
  from ${dailyAssetChecklist} c join ${dutyRoster} r on r.id = c.duty_roster_id join ${team} t on t.id = r.team_id and t.name like 'BENCH-F-%'
  cross join ${assetChecklistMaster} m where m.is_active`);
const itemCount = await db.$count(dailyAssetChecklistItem);
await db.execute(sql`ANALYZE`).catch(() => {});
console.log(`${fmt(checklistCount)} checklists and ${fmt(itemCount)} items (${masters} master items each) in ${secs(t2)}`);

// ---------------------------------------------------------------- the calls and their SQL

const client = loopbackClient(port);
const capture = sqlCapture(db);
async function signIn(username: string) {
  const r = await client.call('POST', PATHS.login, { username, password: PASSWORD });
  if (r.status !== 200) throw new Error(`sign-in ${username}: ${r.status} ${r.text}`);
  return (JSON.parse(r.text) as { body: { token: string } }).body.token;
}
const opsmgmt = await signIn('opsmgmt');
const regionmgmt = await signIn('regionmgmt');
const lastMonthFrom = localDate(Date.now(), -30);
const today = localDate(Date.now(), 0);
const yearFrom = localDate(Date.now(), -365);

interface Target {
  name: string;
  path: string;
  body: unknown;
  token: string;
}
const targets: Target[] = [
  {
    name: 'vehicle/dataTablesAllStatus · all regions · 5,000 a page',
    path: `${VEHICLE_PATHS.dataTablesAllStatus}?length=5000&start=0`,
    body: {},
    token: opsmgmt,
  },
  {
    name: 'vehicle/dataTables · region Tengah · active · by plate',
    path: `${VEHICLE_PATHS.dataTables}?length=5000&start=0&orderColumn=plateNumber`,
    body: { regionId: TENGAH },
    token: regionmgmt,
  },
  {
    name: 'laporanSenaraiSemakData · region Tengah · last 30 days · 10 a page',
    path: `${CHECKLIST_PATHS.reportDataTables}?length=10&start=0`,
    body: { dateFrom: lastMonthFrom, dateTo: today, regionId: TENGAH },
    token: regionmgmt,
  },
  {
    name: 'laporanSenaraiSemakData · all regions · a year · 10 a page',
    path: `${CHECKLIST_PATHS.reportDataTables}?length=10&start=0`,
    body: { dateFrom: yearFrom, dateTo: today },
    token: opsmgmt,
  },
  {
    name: 'laporanSenaraiSemakData · all regions · a year · defects only · page 50',
    path: `${CHECKLIST_PATHS.reportDataTables}?length=10&start=490`,
    body: { dateFrom: yearFrom, dateTo: today, defectsOnly: true },
    token: opsmgmt,
  },
];

const table: Record<string, Record<string, number | string>> = {};
const sqlShown: string[] = [];
for (const t of targets) {
  const first = await client.call('POST', t.path, t.body, t.token);
  if (first.status !== 200) {
    table[t.name] = { 'app p50 ms': 'n/a', ratio: 'n/a', found: `route answered ${first.status}: ${first.text.slice(0, 120)}` };
    continue;
  }
  const body = (JSON.parse(first.text) as { body: { recordCount: number; rows: unknown[] } }).body;
  const sent = await capture.during(() => client.call('POST', t.path, t.body, t.token));
  const { ours, bare } = await measurePair(
    () => client.call('POST', t.path, t.body, t.token),
    () => capture.replay(sent),
    { requests: REQUESTS, seconds: SECONDS },
  );
  table[t.name] = {
    'app p50 ms': ms(ours.p50),
    'app p90 ms': ms(ours.p90),
    'SQL p50 ms': ms(bare.p50),
    ratio: `${ms(ours.p50 / Math.max(bare.p50, 0.001))}×`,
    statements: sent.length,
    rows: body.rows.length,
    found: fmt(body.recordCount),
    'JSON KB': Math.round(Buffer.byteLength(first.text) / 1024),
    runs: ours.n,
  };
  sqlShown.push(`── ${t.name}\n${sent.map((a) => capture.textOf(a).replace(/\s+/g, ' ')).join('\n')}`);
}
console.log(
  `\nfleet (${app.ctx.dbKind}; ${fmt(vehicleCount)} vehicles, ${fmt(checklistCount)} checklists, ${fmt(itemCount)} items; loopback HTTP keep-alive, one client, the app call and the same SQL through the driver in turns: up to ${REQUESTS} of each or ${SECONDS} s after 10 warm-up pairs; target ratio ≤ 1.3× for the vehicle list)`,
);
console.table(table);
console.log('\nSQL of each measured call (as the driver got it):');
console.log(sqlShown.join('\n'));
client.close();
await app.close();
await cleanup();
process.exit(0);
