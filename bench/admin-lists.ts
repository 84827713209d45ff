// Administration lists on 20,000 staff / 500 teams (issue #14 "Performance"). Printed, never a timed test.
//
// A fresh database (PostgreSQL: a new database beside BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres, dropped at the end; without PostgreSQL an embedded PGlite in a temp
// folder) gets the demo seed, then 20,000 staff with a user account each and 500 teams with members (batch inserts).
// The app listens on loopback; for a filtered, sorted page of staff/dataTables, user/getusers and team/dataTables it
// measures the p50 of BENCH_REQUESTS sequential calls (bounded by BENCH_SECONDS each), in turns with the very SQL the
// app sent for that call (captured at the driver) run through the driver, so both see the same load: ratio = the
// app's overhead (HTTP, auth, validation, scope, JSON), target ≤ 1.3×. A list whose route is not there prints 'n/a'.
// Last, the CSV import of 5,000 rows: preview and commit, rows per second.
import http from 'node:http';
import { benchDatabase } from './support/bench-database';
import { sql } from 'drizzle-orm';
import { MANAGE_BASE, PATHS } from '../contract/paths';
import { ROLE_IDS } from '../contract/roles';
import { STAFF_PATHS } from '../contract/staff';
import { build } from '../server/app';
import { appUser, section, staff, team, teamMember } from '../server/db/schema';

const STAFF = Number(process.env.BENCH_STAFF ?? 20_000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const IMPORT_ROWS = 5000;
const PASSWORD = 'Lebuhraya@2026';
const BATCH = 1000;
const ms = (n: number) => Math.round(n * 100) / 100;
const fmt = (n: number) => n.toLocaleString('en');

// ---------------------------------------------------------------- a fresh database

const { databaseUrl, dataDir, cleanup } = await benchDatabase(
  'admin',
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const t0 = performance.now();
const app = await build({ logger: false, config: { databaseUrl, dataDir: dataDir ?? 'unused', clientDir: '/nonexistent', seedFastHash: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const db = app.ctx.db;
console.log(`app ready on a fresh ${app.ctx.dbKind} database in ${Math.round((performance.now() - t0) / 1000)} s (demo seed)`);

// ---------------------------------------------------------------- 20,000 staff with accounts, 500 teams

const POSITIONS = [
  'PR - Peronda',
  'PR - Pemandu Peronda',
  'PR - Ketua Peronda',
  'TMCA - Operator TMC',
  'TSTA - Pembantu Teknikal Sistem Trafik',
  'SC - Koordinator Seksyen',
];
const ROLE_OF = [ROLE_IDS.PR, ROLE_IDS.PR, ROLE_IDS.PR, ROLE_IDS.TMCA, ROLE_IDS.TSTA, ROLE_IDS.SC];
const FIRST = ['Ahmad', 'Mohd', 'Nurul', 'Siti', 'Tan', 'Lim', 'Ravi', 'Priya', 'Azman', 'Farah', 'Wong', 'Kumar', 'Hafiz', 'Aisyah', 'Chong', 'Zul'];
const LAST = ['Ismail', 'Abdullah', 'Hassan', 'Wei Ming', 'Mei Ling', 'Muniandy', 'Rahman', 'Osman', 'Kok Leong', 'Yusof', 'Krishnan', 'Hamid'];
const sections = await db.select({ id: section.id, name: section.name, regionId: section.regionId }).from(section);
const work = sections.filter((s) => !s.name.includes('G'));
const t1 = performance.now();
const staffIds: { id: number; sectionId: number }[] = [];
for (let i = 0; i < STAFF; i += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, STAFF - i) }, (_, k) => {
    const n = i + k;
    return {
      staffNo: `BN${String(n).padStart(6, '0')}`,
      displayName: `${FIRST[n % FIRST.length]} ${LAST[(n * 7) % LAST.length]} ${n}`,
      position: POSITIONS[n % POSITIONS.length],
      nric: `9${String(n).padStart(5, '0')}-10-${String(n % 10000).padStart(4, '0')}`,
      phone: `012-${String(1000000 + n).slice(-7)}`,
      email: `bench.${n}@lebuhraya-ops.example`,
      sectionId: work[n % work.length].id,
      isActive: n % 25 !== 0,
    };
  });
  const done = await db.insert(staff).values(rows).returning({ id: staff.id, sectionId: staff.sectionId });
  staffIds.push(...done);
  await db.insert(appUser).values(
    done.map((s, k) => ({
      username: `bench.${i + k}`,
      passwordHash: 'bench-no-login',
      staffId: s.id,
      roleId: ROLE_OF[(i + k) % ROLE_OF.length],
      isActive: (i + k) % 25 !== 0,
    })),
  );
}
const teamRows: (typeof team.$inferInsert)[] = Array.from({ length: TEAMS }, (_, i) => ({
  name: `BENCH-${String(i).padStart(3, '0')}`,
  sectionId: work[i % work.length].id,
}));
const teams = await db.insert(team).values(teamRows).returning({ id: team.id, sectionId: team.sectionId });
const bySection = new Map<number, number[]>();
for (const s of staffIds) bySection.set(s.sectionId, [...(bySection.get(s.sectionId) ?? []), s.id]);
const members: (typeof teamMember.$inferInsert)[] = [];
teams.forEach((t, i) => {
  const pool = bySection.get(t.sectionId) ?? [];
  const from = Math.floor(i / work.length) * 4;
  for (let k = 0; k < 4 && from + k < pool.length; k++) members.push({ teamId: t.id, staffId: pool[from + k] });
});
for (let i = 0; i < members.length; i += BATCH) await db.insert(teamMember).values(members.slice(i, i + BATCH));
const totals = {
  staff: await db.$count(staff),
  users: await db.$count(appUser),
  teams: await db.$count(team),
  members: await db.$count(teamMember),
};
console.log(
  `seeded ${fmt(STAFF)} staff with accounts and ${fmt(TEAMS)} teams (${fmt(members.length)} members) in ${Math.round((performance.now() - t1) / 1000)} s: ` +
    `${fmt(totals.staff)} staff, ${fmt(totals.users)} users, ${fmt(totals.teams)} teams, ${fmt(totals.members)} team members in all`,
);
await db.execute(sql`ANALYZE`).catch(() => {});

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
const superadmin = await signIn('superadmin');
const regionmgmt = await signIn('regionmgmt');

interface Target {
  name: string;
  method: 'GET' | 'POST';
  /** candidate URLs (with a sort the route may not know, then plainer): the first that answers 200 is measured */
  urls: string[];
  body?: unknown;
  token: string;
}
const TENGAH = 22;
const tengahSection = work.find((s) => s.regionId === TENGAH)!;
const targets: Target[] = [
  {
    name: 'staff/dataTables · region Tengah (regionmgmt) · position PR - Peronda · by name · page 2 of 25',
    method: 'POST',
    urls: [`${STAFF_PATHS.dataTables}?length=25&start=25&orderColumn=displayName&direction=asc`],
    body: { pkCompanyId: 1, position: 'PR - Peronda' },
    token: regionmgmt,
  },
  {
    name: 'staff/dataTablesAllStatus · section + search "ahmad" · by staff no desc · 25',
    method: 'POST',
    urls: [`${STAFF_PATHS.dataTablesAllStatus}?length=25&start=0&orderColumn=staffNo&direction=desc`],
    body: { pkSectionId: tengahSection.id, search: 'ahmad' },
    token: superadmin,
  },
  {
    name: 'user/getusers · role PR, active · by name · page 2 of 25',
    method: 'GET',
    urls: [
      `${MANAGE_BASE}/user/getusers?length=25&start=25&orderColumn=displayName&direction=asc&roleId=${ROLE_IDS.PR}&status=active`,
      `${MANAGE_BASE}/user/getusers?length=25&start=25&orderColumn=username&direction=asc&roleId=${ROLE_IDS.PR}&status=active`,
      `${MANAGE_BASE}/user/getusers?length=25&start=25&roleId=${ROLE_IDS.PR}&status=active`,
    ],
    token: superadmin,
  },
  {
    name: 'team/dataTables · region Tengah · by name · 25',
    method: 'POST',
    urls: [
      `${MANAGE_BASE}/team/dataTables?length=25&start=0&orderColumn=teamName&direction=asc`,
      `${MANAGE_BASE}/team/dataTables?length=25&start=0&orderColumn=name&direction=asc`,
      `${MANAGE_BASE}/team/dataTables?length=25&start=0`,
    ],
    body: { regionId: TENGAH },
    token: superadmin,
  },
];

/**
 * One call over loopback HTTP with a keep-alive connection and no Accept-Encoding (as autocannon sends it in the
 * other benches: the answer's JSON as it leaves the app, not the compression of it).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const port = (app.server.address() as { port: number }).port;
function callOnce(t: Target, url: string): Promise<{ status: number; text: string }> {
  const payload = t.method === 'POST' ? JSON.stringify(t.body ?? {}) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: t.method,
        agent,
        headers: {
          authorization: `Bearer ${t.token}`,
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

/**
 * p50 and p90 of the app's call and of the same SQL through the driver, run in turns (app, SQL, app, SQL, …) so both
 * see the same load of the machine: up to REQUESTS of each, stopping after SECONDS.
 */
async function measurePair(app: () => Promise<unknown>, bare: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) {
    await app();
    await bare();
  } // warm-up
  const a: number[] = [];
  const b: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  while (a.length < REQUESTS && performance.now() < end) {
    let s = performance.now();
    await app();
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
  let chosen: { url: string; text: string } | null = null;
  let lastStatus = 0;
  for (const url of t.urls) {
    const r = await callOnce(t, url);
    lastStatus = r.status;
    if (r.status === 200) {
      chosen = { url, text: r.text };
      break;
    }
    if (r.status === 404) break; // no such route (yet)
  }
  if (!chosen) {
    table[t.name] = { 'app p50 ms': 'n/a', 'SQL p50 ms': 'n/a', ratio: 'n/a', found: `route answered ${lastStatus}` };
    continue;
  }
  const found = (JSON.parse(chosen.text) as { body: { recordCount?: number } }).body.recordCount ?? '?';
  // the SQL of this call, as the driver got it (the sign-in check's statement is cached by the app: left out)
  await callOnce(t, chosen.url);
  capture = [];
  await callOnce(t, chosen.url);
  const sent = capture.filter((args) => !/tokens_valid_after/.test(textOf(args)));
  capture = null;
  const { ours, bare } = await measurePair(
    () => callOnce(t, chosen.url),
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
    found: typeof found === 'number' ? fmt(found) : found,
    runs: ours.n,
  };
  sqlShown.push(`── ${t.name}\n${sent.map((a) => textOf(a).replace(/\s+/g, ' ')).join('\n')}`);
}

// ---------------------------------------------------------------- CSV import of 5,000 rows

const header = 'staffNo,displayName,position,nric,phone,email,section';
const importCsv = `${header}\r\n${Array.from({ length: IMPORT_ROWS }, (_, i) => `IMPB${String(i).padStart(5, '0')},Staf Import ${i},PR - Peronda,${String(800101100000 + i)},013-${String(2000000 + i)},import.${i}@lebuhraya-ops.example,${work[i % work.length].name}`).join('\r\n')}\r\n`;
const importBody = JSON.stringify({ fileName: 'bench-5000.csv', fileContent: Buffer.from(importCsv, 'utf8').toString('base64') });
const importCall = async (url: string) => {
  const s = performance.now();
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${superadmin}`, 'content-type': 'application/json' },
    body: importBody,
  });
  const json = (await res.json()) as { statusMsg: string; body: { valid?: number; created?: number } };
  return { seconds: (performance.now() - s) / 1000, status: res.status, json };
};
const previews = [];
for (let i = 0; i < 3; i++) previews.push(await importCall(STAFF_PATHS.importPreview));
const preview = previews.sort((a, b) => a.seconds - b.seconds)[1];
const commit = await importCall(STAFF_PATHS.importCommit);

// ---------------------------------------------------------------- report

console.log(
  `\nadministration lists (${app.ctx.dbKind}, loopback HTTP keep-alive, one client, app call and the same SQL through the driver in turns: up to ${REQUESTS} of each or ${SECONDS} s after 20 warm-up pairs; target ratio ≤ 1.3×)`,
);
console.table(table);
console.log(`\nCSV import of ${fmt(IMPORT_ROWS)} rows (${(Buffer.byteLength(importCsv) / 1024).toFixed(0)} KB, superadmin):`);
console.table({
  'import/preview (median of 3)': {
    status: preview.status,
    seconds: ms(preview.seconds),
    'rows/s': Math.round(IMPORT_ROWS / preview.seconds),
    result: `${preview.json.body.valid ?? '?'} valid`,
  },
  'import/commit (one transaction)': {
    status: commit.status,
    seconds: ms(commit.seconds),
    'rows/s': Math.round(IMPORT_ROWS / commit.seconds),
    result: commit.status === 200 ? `${commit.json.body.created} created` : commit.json.statusMsg,
  },
});
console.log('\nSQL of each measured call (as the driver got it):');
console.log(sqlShown.join('\n'));

agent.destroy();
await app.close();
await cleanup();
process.exit(0);
