// The randomised fault run at length (issue #19 item 2; tests/e2e/support/fault-run.ts, shared with
// tests/e2e/fault-run.test.ts): a TMC operator and a patrol with two tabs write through the outbox while the network
// flaps, the server is killed with SIGKILL and restarted, and tokens expire; then the database is read: every write
// exactly once, in order per case, photos identical, 0 unsent. Prints the seed, the counts per kind, the faults and
// the durations. Needs a build (`DIST_DIR=… npm run build`; the same DIST_DIR when running this).
//   npx tsx bench/fault-run.ts
//   npm run bench -- fault-run   (builds first)
// FAULT_SEED (default fixed), FAULT_MUTATIONS (default 1000), FAULT_KILLS (default 5), FAULT_JWT_TTL (default 25s),
// FAULT_DATABASES (default 'pglite,postgres'; PostgreSQL on DATABASE_URL or 127.0.0.1:5432, a fresh database dropped after).
import { launchBrowser } from '../tests/e2e/support/browser';
import { faultRun, formatReport, freshPgDatabase, seedFromEnv, type FaultRunReport } from '../tests/e2e/support/fault-run';
import { demoUsers } from '../tests/e2e/support/users';

const seed = seedFromEnv();
const mutations = Number(process.env.FAULT_MUTATIONS ?? 1_000);
const kills = Number(process.env.FAULT_KILLS ?? 5);
const jwtTtl = process.env.FAULT_JWT_TTL ?? '25s';
const databases = (process.env.FAULT_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim());
const drainTimeoutMs = Number(process.env.FAULT_DRAIN_TIMEOUT_MS ?? 600_000);

console.log(`[fault-run] seed ${seed} (FAULT_SEED), ${mutations}+ mutations per database, ${kills} kills, token lifetime ${jwtTtl}`);
const users = await demoUsers();
const browser = await launchBrowser();
const reports: FaultRunReport[] = [];
try {
  for (const db of databases) {
    if (db === 'pglite') {
      reports.push(await faultRun({ browser, users, seed, mutations, kills, jwtTtl, drainTimeoutMs }));
    } else if (db === 'postgres') {
      const pg = await freshPgDatabase('fault');
      if (!pg) {
        console.log('[fault-run] PostgreSQL does not answer (DATABASE_URL or 127.0.0.1:5432): skipped');
        continue;
      }
      try {
        reports.push(await faultRun({ browser, users, seed, mutations, kills, jwtTtl, drainTimeoutMs, databaseUrl: pg.url }));
      } finally {
        await pg.drop();
      }
    } else throw new Error(`FAULT_DATABASES: unknown ${db}`);
    console.log(formatReport(reports[reports.length - 1]));
  }
} finally {
  await browser.close();
}
const failed = reports.filter((r) => r.problems.length || r.pageErrors.length);
for (const r of failed) if (r.pageErrors.length) console.log(`[fault-run] page errors on ${r.database}: ${r.pageErrors.join(' | ')}`);
process.exitCode = failed.length ? 1 : 0;
