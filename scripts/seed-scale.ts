/**
 * npm run seed:scale -- --incidents N [--database-url URL] [--from 2021-01-01] [--batch 50000] [--seed S] [--history-days D]
 *
 * Adds N realistic incidents (each run adds N more) to the database of DATABASE_URL, or with no URL to the
 * embedded PGlite database under DATA_DIR (default ./data). Incidents spread from --from (default 2021-01-01) to
 * now over every patrol section, with daily and hourly patterns (rush hours, weekends, the Hari Raya and Chinese
 * New Year exodus, the 2021 movement-control months, slow growth); each has its subform, an audit trail of 3–6
 * entries that follows the status rules, 0–3 journal entries and, for ~40 %, 1–3 involved vehicles. Statuses are
 * mostly Tutup (210), some Batal (202) and Negative (209); cases of the last fortnight may still be open (a few
 * thousand per million). Ticket numbers follow the server's `<section>-<yyyymmdd>-<nnnn>` and ticket_counter is
 * moved on, so later saves never collide. The demo data (sections, staff, teams) is seeded first if missing, and
 * the duty rosters of the whole period are generated from the team schedules.
 *
 * Generation is set-based SQL, one transaction per batch (INSERT … SELECT over generate_series with random()
 * seeded by setseed), in time order so the incident indexes fill at their ends.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { ACTIVITY_EVENT_END_OF_PATROL, EVENT_TYPE, STATUS } from '../contract/lookups';
import { openDb, type Db, type DbHandle } from '../server/db/client';
import { addDays, bruneiDate, ensureRosters, seedDemoData } from '../server/db/seed';
import {
  CANCEL_REASONS,
  CATEGORY_WEIGHTS,
  HOUR_WEIGHTS,
  PR_ARRIVED_NOTES,
  PR_DONE_NOTES,
  PR_NEGATIVE_NOTES,
  PUBLIC_PLATE_PREFIXES,
  REJECT_REASONS,
  REMARKS,
  SOURCE_WEIGHTS,
  TMC_NOTES,
  VEHICLES,
  WEATHER_WEIGHTS,
} from '../server/db/seed/incidents';

export interface ScaleOptions {
  incidents: number;
  /** first local date of the period (default 2021-01-01) */
  from?: string;
  /** incidents per transaction (default 50 000) */
  batchSize?: number;
  /** random seed (default: derived from how many incidents exist, so each run adds different cases) */
  seed?: number;
  now?: Date;
  log?: (line: string) => void;
}

/** One database session: temporary tables live in it between statements. */
interface Session {
  run(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

async function sessionFor(handle: DbHandle): Promise<Session> {
  let run: Session['run'];
  let close: Session['close'];
  if (handle.kind === 'postgres') {
    // one connection of the pool for the whole run, closed afterwards (never handed back with session settings)
    const client = await (handle.db as unknown as { $client: pg.Pool }).$client.connect();
    run = async (text) => ({ rows: (await client.query(text)).rows });
    close = async () => client.release(true);
  } else {
    // PGlite is one session already
    run = async (text) => ({ rows: ((await handle.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows });
    close = async () => {};
  }
  if (!process.env.SEED_SCALE_DEBUG) return { run, close };
  // SEED_SCALE_DEBUG=1: the time of every statement
  return {
    close,
    run: async (text) => {
      const m =
        /^\s*(?:CREATE TEMP TABLE \w+ ON COMMIT DROP AS|INSERT INTO (?:incident|incident_subform|incident_audit|journal_entry|involved_vehicle) \([^)]*\))([\s\S]*)$/.exec(
          text,
        );
      if (m && process.env.SEED_SCALE_DEBUG === 'explain') {
        console.log((await run(`EXPLAIN (ANALYZE, COSTS OFF) ${m[1]}`)).rows.map((r) => Object.values(r)[0]).join('\n'));
      }
      const t = performance.now();
      const out = await run(text);
      console.log(`  ${(performance.now() - t).toFixed(0).padStart(7)} ms  ${text.trim().split('\n')[0].slice(0, 90)}`);
      return out;
    },
  };
}

// ------------------------------------------------------------------------------------------------ SQL literals

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => `ARRAY[${items.map(q).join(', ')}]::text[]`;
const intArray = (items: readonly number[]) => `ARRAY[${items.map((n) => String(Math.trunc(n))).join(', ')}]::int[]`;
/** Lower bounds [0, c1, c2, …] for width_bucket(random(), …): bucket k is chosen with probability w_k / Σw. */
function thresholds(weights: readonly number[]): string {
  const total = weights.reduce((s, w) => s + w, 0);
  let acc = 0;
  const lows = weights.map((w) => {
    const lo = acc / total;
    acc += w;
    return lo;
  });
  return `ARRAY[${lows.map((x) => x.toFixed(12)).join(', ')}]::float8[]`;
}
/** A random element of a literal array, by a random column in [0, 1). */
const pickText = (items: readonly string[], r: string) => `(${textArray(items)})[1 + floor(${r} * ${items.length})::int]`;
const byCategory = (table: Record<number, readonly string[]>, r: string, cat = 'cat') =>
  `CASE ${cat} ${Object.entries(table)
    .map(([k, items]) => `WHEN ${k} THEN ${pickText(items, r)}`)
    .join(' ')} END`;

// ------------------------------------------------------------------------------------------------ patterns

const DAY_MS = 86_400_000;
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** Hari Raya Aidilfitri and Chinese New Year: the balik kampung days around them are the busiest of the year. */
const HARI_RAYA = ['2021-05-13', '2022-05-02', '2023-04-22', '2024-04-10', '2025-03-31', '2026-03-20', '2027-03-10'];
const CNY = ['2021-02-12', '2022-02-01', '2023-01-22', '2024-02-10', '2025-01-29', '2026-02-17', '2027-02-06'];
/** Mon..Sun (getUTCDay: 0 = Sunday) */
const WEEKDAY = [1.15, 0.95, 0.92, 0.93, 0.97, 1.12, 1.08];

/** Relative traffic of one local date. */
export function dayWeight(date: string): number {
  const t = Date.parse(`${date}T00:00:00Z`);
  const years = (t - Date.parse('2021-01-01T00:00:00Z')) / (365.25 * DAY_MS);
  let w = (1 + 0.04 * years) * WEEKDAY[new Date(t).getUTCDay()];
  const near = (list: string[], span: number) => list.some((d) => Math.abs(daysBetween(d, date)) <= span);
  if (near(HARI_RAYA, 4)) w *= 1.7;
  else if (near(CNY, 3)) w *= 1.4;
  const md = date.slice(5);
  if (md >= '12-18' || md <= '01-02') w *= 1.15; // year-end school holidays
  if (date >= '2021-06-01' && date <= '2021-10-10') w *= 0.45; // movement control: no interstate travel
  return w;
}

/** Section traffic: the Klang Valley sections carry the most. */
const SECTION_WEIGHT: Record<string, number> = { N9: 2.5, S1: 2.2, N8: 1.5, S2: 1.6, N5: 1.2, S4: 1.1, N1: 0.7, N7: 0.5 };

const S = STATUS;
/**
 * Status paths of closed-out cases [statuses, weight] and of cases still being worked (the last fortnight only:
 * a Negative waits for its Tutup there, so the dashboard's open set stays a few thousand cases).
 */
const FINAL_PATHS: readonly (readonly [readonly number[], number])[] = [
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.ASSISTANCE_DONE, S.CASE_DONE, S.CLOSED], 30],
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.CASE_DONE, S.CLOSED], 38],
  [[S.ASSIGNED, S.ARRIVED, S.CASE_DONE, S.CLOSED], 8],
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.NEGATIVE, S.CLOSED], 7],
  [[S.ASSIGNED, S.RECEIVED, S.NEGATIVE, S.CLOSED], 4],
  [[S.ASSIGNED, S.RECEIVED, S.CANCELLED], 3],
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.CANCELLED], 1],
  [[S.ASSIGNED, S.REJECTED, S.ASSIGNED, S.ARRIVED, S.CASE_DONE, S.CLOSED], 3],
];
const OPEN_PATHS: readonly (readonly [readonly number[], number])[] = [
  [[S.ASSIGNED], 25],
  [[S.ASSIGNED, S.RECEIVED], 20],
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED], 20],
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.ASSISTANCE_DONE], 10],
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.ASSISTANCE_DONE, S.CASE_DONE], 10],
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.CASE_DONE], 8],
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.NEGATIVE], 4],
  [[S.ASSIGNED, S.REJECTED], 3],
];
const MAX_STEPS = 6;
const OPEN_PATH_BASE = 100;
/** Minutes after the previous step: min + span × random. */
const STEP_MINUTES: Record<number, readonly [number, number]> = {
  [S.ASSIGNED]: [2, 6],
  [S.RECEIVED]: [1, 4],
  [S.REJECTED]: [2, 4],
  [S.ARRIVED]: [8, 22],
  [S.ASSISTANCE_DONE]: [10, 35],
  [S.CASE_DONE]: [2, 13],
  [S.NEGATIVE]: [3, 9],
  [S.CLOSED]: [5, 55],
  [S.CANCELLED]: [3, 27],
};
const TMC_STEPS = [S.ASSIGNED, S.CLOSED, S.CANCELLED];
const ON_SCENE = [S.ARRIVED, S.ASSISTANCE_DONE, S.CASE_DONE, S.NEGATIVE];

// ------------------------------------------------------------------------------------------------ seeding

export async function seedScale(handle: DbHandle, opts: ScaleOptions): Promise<{ added: number; ms: number }> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const t0 = performance.now();
  const now = opts.now ?? new Date();
  const from = opts.from ?? '2021-01-01';
  const today = bruneiDate(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || from > today) throw new Error(`--from must be a date before today, got ${from}`);
  const batchSize = Math.max(1000, opts.batchSize ?? 50_000);
  const db: Db = handle.db;

  const { seeded } = await seedDemoData(db, { passwordHashCost: process.env.SEED_FAST_HASH ? 'fast' : 'normal' });
  if (seeded) log('demo data seeded');
  const span = daysBetween(from, today) + 1;
  const rostersAdded = await ensureRosters(db, { from: addDays(from, -1), days: span + 1 });
  if (rostersAdded) log(`duty rosters generated for ${from} … ${today}: ${rostersAdded}`);

  const s = await sessionFor(handle);
  try {
    if (handle.kind === 'postgres') {
      await s.run(`SET synchronous_commit = off`);
      await s.run(`SET work_mem = '128MB'`);
    }
    // every reference is taken from the tables themselves: skip the per-row foreign-key triggers where allowed
    // (superuser); otherwise they run, only slower
    try {
      await s.run(`SET session_replication_role = replica`);
    } catch {
      log('(foreign-key checks stay on: not a superuser)');
    }
    const before = Number((await s.run(`SELECT count(*)::bigint AS n FROM incident`)).rows[0].n);
    const seed = opts.seed ?? before;
    await prepare(s);

    // days of the period, split into batches of about equal weight, in time order
    const days = Array.from({ length: span }, (_, i) => addDays(from, i));
    const weights = days.map(dayWeight);
    const total = weights.reduce((a, b) => a + b, 0);
    const batches = Math.max(1, Math.ceil(opts.incidents / batchSize));
    let dayIndex = 0;
    let added = 0;
    for (let b = 0; b < batches; b++) {
      const target = b === batches - 1 ? opts.incidents - added : Math.round(opts.incidents / batches);
      const share = (total * target) / opts.incidents;
      const first = dayIndex;
      let acc = 0;
      while (dayIndex < span && (acc < share || dayIndex === first) && (b === batches - 1 || span - dayIndex > batches - b - 1)) {
        acc += weights[dayIndex++];
      }
      if (b === batches - 1) dayIndex = span;
      const offs = Array.from({ length: dayIndex - first }, (_, i) => first + i);
      if (!offs.length || target <= 0) continue;
      const tb = performance.now();
      await s.run('BEGIN');
      try {
        await s.run(`SELECT setseed(${(((seed * 7919 + b * 104729) % 2_000_000) / 1_000_000 - 1).toFixed(6)})`);
        await generateBatch(s, {
          from,
          n: target,
          dayOffsets: offs,
          dayWeights: offs.map((i) => weights[i]),
          now,
        });
        await s.run('COMMIT');
      } catch (err) {
        await s.run('ROLLBACK');
        throw err;
      }
      added += target;
      const secs = ((performance.now() - tb) / 1000).toFixed(1);
      log(
        `batch ${b + 1}/${batches}: ${days[first]} … ${days[dayIndex - 1]} +${target.toLocaleString('en')} (${added.toLocaleString('en')}/${opts.incidents.toLocaleString('en')}, ${secs} s)`,
      );
    }

    log('analysing tables …');
    const tables = ['incident', 'incident_subform', 'incident_audit', 'journal_entry', 'involved_vehicle', 'ticket_counter', 'duty_roster'];
    // VACUUM also sets the visibility map, so counts can be answered from the indexes alone
    for (const t of tables) await s.run(handle.kind === 'postgres' ? `VACUUM (ANALYZE) ${t}` : `ANALYZE ${t}`);
    const after = Number((await s.run(`SELECT count(*)::bigint AS n FROM incident`)).rows[0].n);
    const ms = performance.now() - t0;
    log(`done: +${(after - before).toLocaleString('en')} incidents (now ${after.toLocaleString('en')}) in ${(ms / 1000).toFixed(1)} s`);
    return { added: after - before, ms };
  } finally {
    await s.run(`RESET session_replication_role`).catch(() => {});
    await s.run(`DROP TABLE IF EXISTS pg_temp.scale_section, pg_temp.scale_tmc, pg_temp.scale_roster, pg_temp.scale_path`).catch(() => {});
    await s.close();
  }
}

/** Session tables the batches read: sections with their places, TMC staff per region, one roster per shift, paths. */
async function prepare(s: Session) {
  await s.run(`DROP TABLE IF EXISTS pg_temp.scale_section, pg_temp.scale_tmc, pg_temp.scale_roster, pg_temp.scale_path`);
  const sectionWeights = Object.entries(SECTION_WEIGHT)
    .map(([name, w]) => `WHEN ${q(name)} THEN ${w}`)
    .join(' ');
  await s.run(`CREATE TEMP TABLE scale_section AS
    SELECT s.id, coalesce(s.combined_section_id, s.id) AS unit_id, s.region_id, s.highway_id, s.name, s.km_start, s.km_end,
           CASE s.name ${sectionWeights} ELSE 1 END::float8 AS weight,
           array_agg(e.id ORDER BY e.id) AS locs, array_agg(e.km ORDER BY e.id) AS loc_km, array_agg(e.location_type_id ORDER BY e.id) AS loc_type
    FROM section s JOIN event_location e ON e.section_id = s.id
    WHERE NOT s.is_combined AND s.km_start IS NOT NULL AND s.name NOT LIKE '%G%'
    GROUP BY s.id`);
  await s.run(`CREATE TEMP TABLE scale_tmc AS
    SELECT sec.region_id, array_agg(st.id ORDER BY st.id) AS staff, array_agg(u.id ORDER BY st.id) AS users, array_agg(r.name ORDER BY st.id) AS roles
    FROM app_user u JOIN staff st ON st.id = u.staff_id JOIN role r ON r.id = u.role_id JOIN section sec ON sec.id = st.section_id
    WHERE r.name IN ('TMCA', 'TMCS') AND u.is_active AND u.reset_password_count > 0
    GROUP BY sec.region_id`);
  // the A team of every unit works every day: its roster is the one a case of that shift is sent to
  await s.run(`CREATE TEMP TABLE scale_roster AS
    SELECT DISTINCT ON (dr.section_id, dr.start_date, dr.shift_id)
           dr.section_id AS unit_id, dr.start_date, dr.shift_id, dr.id AS roster_id, lead.staff_id AS leader
    FROM duty_roster dr
    JOIN team t ON t.id = dr.team_id
    LEFT JOIN LATERAL (
      SELECT tm.staff_id FROM team_member tm JOIN staff st ON st.id = tm.staff_id
      WHERE tm.team_id = t.id ORDER BY (st.position LIKE '%Ketua%') DESC, tm.id LIMIT 1
    ) lead ON true
    ORDER BY dr.section_id, dr.start_date, dr.shift_id, (t.name LIKE '%-A') DESC, dr.id`);
  await s.run(`ALTER TABLE scale_roster ADD PRIMARY KEY (unit_id, start_date, shift_id)`);
  // paths by id: closed-out ones 1…, open ones 101… (chosen with width_bucket over their weights)
  const rows = [
    ...FINAL_PATHS.map(([st], i) => `(${i + 1}, ${intArray(st)})`),
    ...OPEN_PATHS.map(([st], i) => `(${OPEN_PATH_BASE + i + 1}, ${intArray(st)})`),
  ];
  await s.run(`CREATE TEMP TABLE scale_path (id int PRIMARY KEY, st int[])`);
  await s.run(`INSERT INTO scale_path VALUES ${rows.join(', ')}`);
  for (const t of ['scale_section', 'scale_tmc', 'scale_roster', 'scale_path']) await s.run(`ANALYZE ${t}`);
}

interface Batch {
  from: string;
  n: number;
  /** day numbers (days after `from`) this batch covers, with their weights */
  dayOffsets: number[];
  dayWeights: number[];
  now: Date;
}

async function generateBatch(s: Session, b: Batch) {
  const sections = (await s.run(`SELECT id, weight FROM scale_section ORDER BY id`)).rows as { id: number; weight: number }[];
  const nowSql = `${q(b.now.toISOString())}::timestamptz`;
  const [incidentSeq, subformSeq] = ['incident', 'incident_subform'].map((t) => `${q(t)}`);
  const seqs = (await s.run(`SELECT pg_get_serial_sequence(${incidentSeq}, 'id') AS a, pg_get_serial_sequence(${subformSeq}, 'id') AS b`))
    .rows[0] as { a: string; b: string };

  // 1. the random draws of each case (2 % more than needed: the part of today after now is dropped). OFFSET 0
  //    keeps each level materialised, so an expression is computed once per case, not once per use.
  const r = (name: string) => `random() AS ${name}`;
  const draws = [
    'r_km',
    'r_loc',
    'r_path',
    'r_open',
    'r_dir',
    'r_sev',
    'r_tmc',
    'r_light',
    'r_sub1',
    'r_sub2',
    'r_sub3',
    'r_rem',
    'r_j',
    'r_v',
    'r_note',
  ]
    .concat(Array.from({ length: MAX_STEPS }, (_, i) => `r${i + 1}`))
    .map(r)
    .join(', ');
  await s.run(`CREATE TEMP TABLE g0 ON COMMIT DROP AS
    SELECT * FROM (
      SELECT d.*, ((d.day + d.hr * interval '1 hour' + d.sec * interval '1 second') - interval '8 hours') AT TIME ZONE 'UTC' AS at
      FROM (
        SELECT
          (${q(b.from)}::date + (${intArray(b.dayOffsets)})[width_bucket(random(), ${thresholds(b.dayWeights)})]) AS day,
          width_bucket(random(), ${thresholds(HOUR_WEIGHTS)}) - 1 AS hr,
          floor(random() * 3600)::int AS sec,
          (${intArray(sections.map((x) => x.id))})[width_bucket(random(), ${thresholds(sections.map((x) => Number(x.weight)))})] AS phys,
          (${intArray(CATEGORY_WEIGHTS.map(([c]) => c))})[width_bucket(random(), ${thresholds(CATEGORY_WEIGHTS.map(([, w]) => w))})] AS cat,
          (${intArray(SOURCE_WEIGHTS.map(([c]) => c))})[width_bucket(random(), ${thresholds(SOURCE_WEIGHTS.map(([, w]) => w))})] AS src,
          (${intArray(WEATHER_WEIGHTS.map(([c]) => c))})[width_bucket(random(), ${thresholds(WEATHER_WEIGHTS.map(([, w]) => w))})] AS wx,
          ${draws}
        FROM generate_series(1, ${b.n + Math.ceil(b.n * 0.02) + 50})
        OFFSET 0
      ) d
      OFFSET 0
    ) e
    WHERE e.at <= ${nowSql}
    LIMIT ${b.n}`);

  // 2. place, roster, staff and status path, the steps' times (each after the one before); ids in time order
  const openShare = `CASE WHEN g0.at > ${nowSql} - interval '1 day' THEN 0.9 WHEN g0.at > ${nowSql} - interval '3 days' THEN 0.6
    WHEN g0.at > ${nowSql} - interval '7 days' THEN 0.3 WHEN g0.at > ${nowSql} - interval '14 days' THEN 0.1 ELSE 0 END`;
  const delay = (k: number) =>
    `CASE st_full[${k}] ${Object.entries(STEP_MINUTES)
      .map(([st, [min, spanMin]]) => `WHEN ${st} THEN ${min} + ${spanMin} * r${k}`)
      .join(' ')} ELSE 0 END`;
  const cumulative = (k: number) =>
    k === 1 ? 'l.at' : `l.at + (${Array.from({ length: k - 1 }, (_, j) => `l.dl[${j + 2}]`).join(' + ')}) * interval '1 minute'`;
  await s.run(`CREATE TEMP TABLE g1 ON COMMIT DROP AS
    SELECT nextval(${q(seqs.a)}) AS id, nextval(${q(seqs.b)}) AS sub_id, z.* FROM (
      SELECT l.*, ARRAY[${Array.from({ length: MAX_STEPS }, (_, i) => `date_trunc('second', ${cumulative(i + 1)})`).join(', ')}]::timestamptz[] AS ts
      FROM (
        SELECT k.*, ARRAY[0, ${Array.from({ length: MAX_STEPS - 1 }, (_, i) => delay(i + 2)).join(', ')}]::float8[] AS dl
        FROM (
          SELECT g0.*, s.unit_id, s.region_id, s.highway_id, s.name AS phys_name,
            p.loc, p.loc_type, round(p.km::numeric, 1)::real AS km,
            ro.roster_id, ro.leader,
            tmc.staff[1 + floor(g0.r_tmc * cardinality(tmc.staff))::int] AS tmc_staff,
            tmc.users[1 + floor(g0.r_tmc * cardinality(tmc.staff))::int] AS tmc_user,
            tmc.roles[1 + floor(g0.r_tmc * cardinality(tmc.staff))::int] AS tmc_role,
            pa.st AS st_full
          FROM g0
          JOIN scale_section s ON s.id = g0.phys
          CROSS JOIN LATERAL (
            SELECT s.locs[i] AS loc, s.loc_type[i] AS loc_type,
              CASE WHEN s.loc_type[i] = 1001 THEN s.km_start + g0.r_km * (s.km_end - s.km_start)
                   ELSE least(s.km_end, greatest(s.km_start, s.loc_km[i] + (g0.r_km - 0.5) * 0.6)) END AS km
            FROM (SELECT CASE WHEN g0.r_loc < 0.45 THEN 1 ELSE 1 + floor((g0.r_loc - 0.45) / 0.55 * cardinality(s.locs))::int END AS i) pick
          ) p
          LEFT JOIN scale_roster ro ON ro.unit_id = s.unit_id
            AND ro.shift_id = CASE WHEN g0.hr >= 7 AND g0.hr < 19 THEN 1 ELSE 2 END
            AND ro.start_date = CASE WHEN g0.hr < 7 THEN g0.day - 1 ELSE g0.day END
          JOIN scale_tmc tmc ON tmc.region_id = s.region_id
          -- recent cases may still be open (the patrol is on it); older ones are closed out
          JOIN scale_path pa ON pa.id = CASE WHEN g0.r_open < ${openShare}
            THEN ${OPEN_PATH_BASE} + width_bucket(g0.r_path, ${thresholds(OPEN_PATHS.map(([, w]) => w))})
            ELSE width_bucket(g0.r_path, ${thresholds(FINAL_PATHS.map(([, w]) => w))}) END
          OFFSET 0
        ) k
        OFFSET 0
      ) l
      ORDER BY l.at
    ) z`);

  // 3. steps cut at now; ticket numbers per physical section and local day, after those already taken
  await s.run(`CREATE TEMP TABLE g ON COMMIT DROP AS
    SELECT y.*, y.st_full[1:y.n] AS st, y.ts[1:y.n] AS t, m.latitude AS lat, m.longitude AS lng,
      y.phys_name || '-' || to_char(y.day, 'YYYYMMDD') || '-' || lpad((coalesce(tc.last, 0) + row_number() OVER w)::text, 4, '0') AS ticket,
      coalesce(tc.last, 0) + row_number() OVER w AS ticket_no
    FROM (
      SELECT g1.*, least(cardinality(g1.st_full), ${Array.from({ length: MAX_STEPS }, (_, i) => `(g1.ts[${i + 1}] <= ${nowSql})::int`).join(' + ')}) AS n
      FROM g1 OFFSET 0
    ) y
    LEFT JOIN ticket_counter tc ON tc.section_id = y.phys AND tc.day = y.day
    LEFT JOIN gps_km_marker m ON m.section_id = y.phys AND m.km = y.km
    WINDOW w AS (PARTITION BY y.phys, y.day ORDER BY y.at, y.id)`);

  // 4. the rows
  const tmcStep = (k: string) => `st[${k}] IN (${TMC_STEPS.join(', ')})`;
  await s.run(`INSERT INTO incident (id, ticket_number, section_id, specific_section_id, region_id, highway_id, event_location_id, location_type_id,
      source_id, category_id, severity_id, direction_id, weather_id, lighting_id, kilometer_marker, km, chainage, latitude, longitude,
      duty_roster_id, status_id, subform_id, incident_at, created_by_staff_id, created_by_user_id,
      dispatched_at, received_at, arrived_at, assistance_done_at, case_done_at, closed_at, has_done_entry, ever_cancelled, version, created_at, updated_at)
    SELECT g.id, g.ticket, g.unit_id, CASE WHEN g.unit_id <> g.phys THEN g.phys END, g.region_id, g.highway_id, g.loc, g.loc_type,
      g.src, g.cat,
      CASE WHEN g.cat = ${EVENT_TYPE.ACCIDENT} THEN (ARRAY[1701, 1702, 1703, 1704])[width_bucket(g.r_sev, ARRAY[0, 0.45, 0.8, 0.95]::float8[])]
           WHEN g.r_sev < 0.5 THEN 1701 END,
      CASE WHEN g.highway_id = 3 THEN (CASE WHEN g.r_dir < 0.5 THEN 1203 ELSE 1204 END) ELSE (CASE WHEN g.r_dir < 0.5 THEN 1201 ELSE 1202 END) END,
      g.wx,
      CASE WHEN g.hr >= 7 AND g.hr < 19 THEN 1401 WHEN g.hr IN (6, 19) THEN 1402 WHEN g.r_light < 0.6 THEN 1403 ELSE 1404 END,
      to_char(g.km, 'FM99990.0'), g.km, to_char(g.km, 'FM99990.0') || ' (' || g.phys_name || ')', g.lat, g.lng,
      CASE WHEN g.st[g.n] = ${S.REJECTED} THEN NULL ELSE g.roster_id END, g.st[g.n], g.sub_id, g.at, g.tmc_staff, g.tmc_user,
      CASE WHEN g.n >= 3 AND g.st[3] = ${S.ASSIGNED} THEN g.t[3] ELSE g.t[1] END,
      g.t[array_position(g.st, ${S.RECEIVED})], g.t[array_position(g.st, ${S.ARRIVED})], g.t[array_position(g.st, ${S.ASSISTANCE_DONE})],
      g.t[coalesce(array_position(g.st, ${S.CASE_DONE}), array_position(g.st, ${S.NEGATIVE}))], g.t[array_position(g.st, ${S.CLOSED})],
      g.st && ARRAY[${S.CASE_DONE}, ${S.NEGATIVE}], ${S.CANCELLED} = ANY (g.st), g.n, g.at, g.t[g.n]
    FROM g`);

  const remarks = Object.fromEntries(Object.entries(REMARKS).map(([k, v]) => [k, v.map((x) => x.replace('{n}', '2'))]));
  await s.run(`INSERT INTO incident_subform (id, incident_id, type_id, casual_type_id, assist_type_id, na_flag_traffic_jam, na_flag_lane_closure,
      na_flag_road_furniture, breakdown_cause_id, obstacle_object_type_id, stray_animal_type_id, move_to_safety, hazard_type_id, others_type_id,
      remark, created_at, updated_at)
    SELECT g.sub_id, g.id, g.cat,
      CASE WHEN cat = 184 THEN (ARRAY[1601, 1602, 1603, 1604])[width_bucket(r_sub1, ARRAY[0, 0.03, 0.15, 0.5]::float8[])] END,
      CASE cat WHEN 184 THEN (ARRAY[1902, 1903, 277, 430])[1 + floor(r_sub2 * 4)::int] WHEN 185 THEN (ARRAY[1902, 1903, 430])[1 + floor(r_sub2 * 3)::int]
               WHEN 186 THEN 1902 WHEN 187 THEN (ARRAY[1902, 277])[1 + floor(r_sub2 * 2)::int] WHEN 188 THEN 277 WHEN 189 THEN 277
               ELSE (ARRAY[1901, 1902, 277])[1 + floor(r_sub2 * 3)::int] END,
      cat = 184 AND r_sub3 < 0.5, cat = 184 AND r_sub3 < 0.6, cat = 184 AND r_sub3 < 0.7,
      CASE WHEN cat = 185 THEN 2401 + floor(r_sub1 * 12)::int END,
      CASE WHEN cat = 186 THEN 1801 + floor(r_sub1 * 12)::int END,
      CASE WHEN cat = 187 THEN 2601 + floor(r_sub1 * 13)::int END,
      CASE WHEN cat IN (186, 187) THEN r_sub3 < 0.75 END,
      CASE WHEN cat = 188 THEN 2501 + floor(r_sub1 * 11)::int END,
      CASE WHEN cat = 190 THEN (ARRAY[491, 2801, 2802, 2803, 2804, 2805, 2806, 2807, 2808, 2809, 2810])[1 + floor(r_sub1 * 11)::int] END,
      ${byCategory(remarks, 'r_rem')}, g.at + interval '90 seconds', g.at + interval '90 seconds'
    FROM g`);

  await s.run(`INSERT INTO incident_audit (incident_id, status_id, assigner_staff_id, assigner_role_name, assignee_roster_id, at, latitude, longitude,
      remark, created_at)
    SELECT g.id, g.st[ks.k],
      CASE WHEN ${tmcStep('k')} OR g.leader IS NULL THEN g.tmc_staff ELSE g.leader END,
      CASE WHEN ${tmcStep('k')} OR g.leader IS NULL THEN g.tmc_role ELSE 'PR' END,
      g.roster_id, g.t[k],
      CASE WHEN g.st[k] IN (${ON_SCENE.join(', ')}) THEN g.lat END, CASE WHEN g.st[k] IN (${ON_SCENE.join(', ')}) THEN g.lng END,
      CASE g.st[k] WHEN ${S.CANCELLED} THEN ${pickText(CANCEL_REASONS, 'g.r_note')} WHEN ${S.REJECTED} THEN ${pickText(REJECT_REASONS, 'g.r_note')} END,
      g.t[k]
    FROM g JOIN (SELECT generate_series(1, ${MAX_STEPS}) AS k) ks ON ks.k <= g.n`);

  // journal: 0–3 entries (the TMC's note with the call, the patrol's on scene, the patrol's at the end)
  await s.run(`INSERT INTO journal_entry (incident_id, subform_id, staff_id, role_name, entry, kind, read_status, created_at)
    SELECT g.id, g.sub_id,
      CASE WHEN j = 1 OR g.leader IS NULL THEN g.tmc_staff ELSE g.leader END,
      CASE WHEN j = 1 OR g.leader IS NULL THEN g.tmc_role ELSE 'PR' END,
      CASE j WHEN 1 THEN ${byCategory(TMC_NOTES, 'g.r_note', 'g.cat')}
             WHEN 2 THEN ${pickText(PR_ARRIVED_NOTES, 'g.r_note')}
             ELSE CASE WHEN ${S.NEGATIVE} = ANY (g.st) THEN ${pickText(PR_NEGATIVE_NOTES, 'g.r_note')} ELSE ${pickText(PR_DONE_NOTES, 'g.r_note')} END END,
      'NOTE',
      CASE WHEN j = 1 OR g.leader IS NULL THEN 829 ELSE 830 END,
      least(${nowSql}, CASE j WHEN 1 THEN g.t[1] + interval '45 seconds' WHEN 2 THEN g.t[least(2, g.n)] + interval '2 minutes' ELSE g.t[g.n] - interval '1 minute' END)
    FROM g JOIN (SELECT generate_series(1, 3) AS j) js ON js.j <= least(g.n, width_bucket(g.r_j, ARRAY[0, 0.2, 0.5, 0.8]::float8[]) - 1)`);

  // involved vehicles: ~40 % of cases, 1–3 each, plates in the style of the region
  const plateSql = `(CASE g.region_id ${Object.entries(PUBLIC_PLATE_PREFIXES)
    .map(([region, list]) => `WHEN ${region} THEN ${textArray(list)}`)
    .join(' ')} ELSE ${textArray(PUBLIC_PLATE_PREFIXES[22])} END)`;
  await s.run(`INSERT INTO involved_vehicle (incident_id, subform_id, vehicle_type_id, plate_number, plate_normalized, brand, created_at)
    SELECT v.id, v.sub_id, v.type_id, v.plate, replace(v.plate, ' ', ''), v.brand, v.at FROM (
      SELECT g.id, g.sub_id, g.at,
        (${intArray(VEHICLES.map(([t]) => t))})[1 + ((g.id * 31 + k * 17) % ${VEHICLES.length})::int] AS type_id,
        (${textArray(VEHICLES.map(([, brand]) => brand))})[1 + ((g.id * 31 + k * 17) % ${VEHICLES.length})::int] AS brand,
        ${plateSql}[1 + floor(random() * cardinality(${plateSql}))::int] || ' ' || (1 + floor(random() * 9999))::int AS plate
      FROM g JOIN (SELECT generate_series(1, 3) AS k) ks ON ks.k <= CASE WHEN g.r_v < 0.4 THEN 1 + floor(g.r_v / 0.4 * 3)::int ELSE 0 END
    ) v`);

  await s.run(`INSERT INTO ticket_counter (section_id, day, last)
    SELECT phys, day, max(ticket_no) FROM g GROUP BY phys, day
    ON CONFLICT (section_id, day) DO UPDATE SET last = greatest(ticket_counter.last, excluded.last)`);
}

// ------------------------------------------------------------------------------------------------ report history (#17)

export interface HistoryOptions {
  /** local days back from today whose rosters get activity logs, shift summaries and checklists (default 365) */
  days: number;
  now?: Date;
  log?: (line: string) => void;
}

/**
 * The records the reports of issue #17 read beyond the cases, for the report benchmark: set-based, idempotent (a
 * second run adds nothing twice).
 * - Lane closures (Penutupan Lorong) on ~45 % of accidents and 1 in 10 "others" cases: closed 3–20 min after the
 *   report, open again 15–135 min later (1 in 25 never given its opening time).
 * - Other assistance (requestFurtherAction, kind OTHER) on ~25 % of cases: notified 2–15 min after the report,
 *   arrived 10–70 min and completed 20–140 min after notification (1 in 30 not completed).
 * - For the rosters of the last `days` days: a shift's activity log (Mula Syif, two ronda pairs, Rehat, Tamat Syif),
 *   its stored shift summary (DLU/LLU/no-GPS minutes summing to the shift), and for rosters with a vehicle the daily
 *   checklist with odometers rising 80–250 km a shift.
 */
export async function seedReportHistory(handle: DbHandle, opts: HistoryOptions): Promise<void> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const now = opts.now ?? new Date();
  const today = bruneiDate(now);
  const first = addDays(today, -opts.days);
  const s = await sessionFor(handle);
  const step = async (label: string, text: string) => {
    const t = performance.now();
    await s.run(text);
    log(`${label} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };
  try {
    if (handle.kind === 'postgres') await s.run(`SET work_mem = '128MB'`);
    await s.run(`SELECT setseed(0.17)`);
    await step(
      'lane closures',
      `INSERT INTO lane_closure (incident_id, subform_id, road_lane_id, cardinal_direction_id, initial_closing_time, opening_time)
       SELECT i.id, i.subform_id, 2201 + (i.id % 3), i.direction_id,
         i.incident_at + make_interval(mins => 3 + (i.id % 18)),
         CASE WHEN i.id % 25 = 0 THEN NULL ELSE i.incident_at + make_interval(mins => 3 + (i.id % 18) + 15 + (i.id * 7) % 121) END
       FROM incident i
       WHERE i.subform_id IS NOT NULL AND i.status_id IS DISTINCT FROM ${STATUS.CANCELLED}
         AND ((i.category_id = ${EVENT_TYPE.ACCIDENT} AND i.id % 20 < 9) OR i.category_id = ${EVENT_TYPE.OTHERS} AND i.id % 10 = 0)
         AND NOT EXISTS (SELECT 1 FROM lane_closure l WHERE l.incident_id = i.id)`,
    );
    await step(
      'other assistance items',
      `INSERT INTO further_action_item (incident_id, subform_id, further_action_id, kind, is_notified, is_arrived, is_completed, notified_at, arrived_at, completed_at, record_created_date)
       SELECT i.id, i.subform_id, 2001 + (i.id * 13) % 12, 'OTHER', true, true, i.id % 30 <> 0,
         i.incident_at + make_interval(mins => 2 + i.id % 14),
         i.incident_at + make_interval(mins => 2 + i.id % 14 + 10 + (i.id * 3) % 61),
         CASE WHEN i.id % 30 = 0 THEN NULL ELSE i.incident_at + make_interval(mins => 2 + i.id % 14 + 20 + (i.id * 11) % 121) END,
         i.incident_at + make_interval(mins => 2 + i.id % 14)
       FROM incident i
       WHERE i.subform_id IS NOT NULL AND i.id % 4 = 1 AND i.status_id IS DISTINCT FROM ${STATUS.CANCELLED}
         AND NOT EXISTS (SELECT 1 FROM further_action_item f WHERE f.incident_id = i.id AND f.kind = 'OTHER')`,
    );
    await step(
      'activity logs',
      `INSERT INTO activity_log (duty_roster_id, event_id, occurred_at, created_by)
       SELECT r.id, e.event_id, r.starts_at + make_interval(mins => e.at_min), m.staff_id
       FROM duty_roster r
       JOIN LATERAL (SELECT tm.staff_id FROM team_member tm WHERE tm.team_id = r.team_id ORDER BY tm.id LIMIT 1) m ON true
       CROSS JOIN (VALUES (3001, 5), (3003, 30), (${ACTIVITY_EVENT_END_OF_PATROL}, 150), (3004, 200), (3003, 240), (${ACTIVITY_EVENT_END_OF_PATROL}, 380), (3011, 700)) AS e(event_id, at_min)
       WHERE r.start_date >= '${first}' AND r.ends_at <= now()
         AND r.starts_at + make_interval(mins => e.at_min) < r.ends_at
         AND NOT EXISTS (SELECT 1 FROM activity_log a WHERE a.duty_roster_id = r.id)`,
    );
    await step(
      'shift summaries',
      `UPDATE duty_roster r SET
         ronda_count = 2, rehat_minutes = 40,
         dlu_minutes = x.dlu, llu_minutes = x.llu,
         inactive_gps_minutes = greatest(0, x.len - x.dlu - x.llu), summary_at = r.ends_at
       FROM (SELECT id, (extract(epoch FROM ends_at - starts_at) / 60)::int AS len,
               ((extract(epoch FROM ends_at - starts_at) / 60) * (0.45 + (id % 31) / 100.0))::int AS dlu,
               ((extract(epoch FROM ends_at - starts_at) / 60) * (0.10 + (id % 13) / 100.0))::int AS llu
             FROM duty_roster WHERE start_date >= '${first}' AND ends_at <= now() AND summary_at IS NULL AND id % 40 <> 0) x
       WHERE r.id = x.id`,
    );
    await step(
      'checklists',
      `INSERT INTO daily_asset_checklist (vehicle_id, duty_roster_id, staff_id, odometer_pre, odometer_post, no_kad_tng, no_kad_bahan_api, pre_at, post_at, post_staff_id)
       SELECT r.vehicle_id, r.id, m.staff_id,
         base.o + (sum(80 + (r.id * 7) % 171) OVER w - (80 + (r.id * 7) % 171))::int,
         CASE WHEN r.id % 50 = 0 THEN NULL ELSE base.o + (sum(80 + (r.id * 7) % 171) OVER w)::int END,
         'TNG' || r.vehicle_id, 'BA' || r.vehicle_id, r.starts_at + interval '10 minutes', r.ends_at - interval '10 minutes', m.staff_id
       FROM duty_roster r
       JOIN LATERAL (SELECT tm.staff_id FROM team_member tm WHERE tm.team_id = r.team_id ORDER BY tm.id LIMIT 1) m ON true
       JOIN LATERAL (SELECT coalesce(max(c.odometer_post), max(c.odometer_pre), 20000) + 10 AS o FROM daily_asset_checklist c WHERE c.vehicle_id = r.vehicle_id) base ON true
       WHERE r.vehicle_id IS NOT NULL AND r.start_date >= '${first}' AND r.ends_at <= now()
         AND NOT EXISTS (SELECT 1 FROM daily_asset_checklist c WHERE c.duty_roster_id = r.id)
       WINDOW w AS (PARTITION BY r.vehicle_id ORDER BY r.starts_at)`,
    );
    for (const t of ['lane_closure', 'further_action_item', 'activity_log', 'duty_roster', 'daily_asset_checklist'])
      await s.run(handle.kind === 'postgres' ? `VACUUM (ANALYZE) ${t}` : `ANALYZE ${t}`);
  } finally {
    await s.close();
  }
}

// ------------------------------------------------------------------------------------------------ command line

function parseArgs(argv: string[]) {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`Unexpected argument ${a}`);
    const [k, inline] = a.slice(2).split('=', 2);
    out[k] = inline ?? argv[++i] ?? '';
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const n = Number(args.incidents);
  const historyDays = args['history-days'] ? Number(args['history-days']) : 0;
  if (!Number.isInteger(n) || n <= 0 || !Number.isInteger(historyDays) || historyDays < 0) {
    console.error(
      'Usage: npm run seed:scale -- --incidents N [--database-url URL] [--from 2021-01-01] [--batch 50000] [--seed S] [--history-days D]',
    );
    process.exit(2);
  }
  const databaseUrl = args['database-url'] || process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || path.resolve('data');
  const handle = await openDb({ databaseUrl, dataDir });
  console.log(`seed:scale → ${handle.kind} ${handle.where}: adding ${n.toLocaleString('en')} incidents`);
  try {
    await seedScale(handle, {
      incidents: n,
      from: args.from || undefined,
      batchSize: args.batch ? Number(args.batch) : undefined,
      seed: args.seed ? Number(args.seed) : undefined,
    });
    // the reports' records (#17): lane closures, other assistance, and D days of activity logs, summaries, checklists
    if (historyDays) await seedReportHistory(handle, { days: historyDays });
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
