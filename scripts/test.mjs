// npm test: typecheck → lint → unit → server (PGlite, and PostgreSQL when DATABASE_URL is set) → build → browser tests.
// Ends with the line `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve('.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- unit server`

const phases = [
  // each check counts as one test: passed when the command exits 0
  { name: 'typecheck', check: ['npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']] },
  { name: 'lint', check: ['npx', ['biome', 'ci', '--error-on-warnings', '.']] },
  { name: 'unit', args: ['--project', 'unit'], env: {} },
  { name: 'server (PGlite)', args: ['--project', 'server'], env: { DATABASE_URL: '' } },
  ...(process.env.DATABASE_URL
    ? [{ name: 'server (PostgreSQL)', args: ['--project', 'server'], env: { DATABASE_URL: process.env.DATABASE_URL } }]
    : []),
  { name: 'build', build: true },
  { name: 'e2e', args: ['--project', 'e2e'], env: { DATABASE_URL: '' } },
].filter((p) => !only.length || only.some((o) => p.name.startsWith(o)));

let passed = 0;
let failed = 0;
let broken = false;
const summary = [];
const slowest = []; // { phase, file, ms }: the ten slowest test files are printed at the end
const started = Date.now();
const failures = []; // every failed test, repeated at the end so the tail of a CI log names it
for (const [i, phase] of phases.entries()) {
  console.log(`\n━━ ${phase.name} ━━`);
  const t0 = Date.now();
  const took = () => ` (${duration(Date.now() - t0)})`;
  if (phase.check) {
    const r = spawnSync(phase.check[0], phase.check[1], { stdio: 'inherit' });
    const ok = r.status === 0;
    if (ok) passed += 1;
    else failed += 1;
    summary.push(`${phase.name}: ${ok ? '1 passed, 0 failed' : '0 passed, 1 failed'}${took()}`);
    continue;
  }
  if (phase.build) {
    const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (r.status !== 0) {
      broken = true;
      summary.push(`build: FAILED${took()}`);
      break;
    }
    summary.push(`build: ok${took()}`);
    continue;
  }
  const file = path.join(out, `phase-${i}.json`);
  const env = { ...process.env, ...phase.env };
  if (env.DATABASE_URL === '') delete env.DATABASE_URL;
  const r = spawnSync('npx', ['vitest', 'run', ...phase.args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
    stdio: 'inherit',
    env,
  });
  let p = 0;
  let f = 0;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    p = json.numPassedTests;
    f = json.numFailedTests + (json.numTotalTests === 0 ? 0 : 0);
    // a file that failed to load counts as one failure
    f += json.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0).length;
    for (const t of json.testResults) {
      const file = path.relative(process.cwd(), t.name);
      if (t.startTime && t.endTime) slowest.push({ phase: phase.name, file, ms: t.endTime - t.startTime });
      if (t.status === 'failed' && t.assertionResults.length === 0) failures.push(`${phase.name} · ${file}: ${firstLine(t.message)}`);
      for (const a of t.assertionResults.filter((x) => x.status === 'failed')) {
        failures.push(`${phase.name} · ${file} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      }
    }
  } catch {
    f += 1;
  }
  if (r.status !== 0 && f === 0) f = 1;
  passed += p;
  failed += f;
  summary.push(`${phase.name}: ${p} passed, ${f} failed${took()}`);
}
if (failures.length) console.log(`\nFailed:\n${failures.map((x) => `  ✗ ${x}`).join('\n')}`);
if (slowest.length) {
  console.log('\nSlowest test files:');
  for (const s of slowest.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${duration(s.ms).padStart(7)}  ${s.phase} · ${s.file}`);
}
console.log(`\n${summary.join('\n')}`);
console.log(`total: ${duration(Date.now() - started)}`);
if (broken) failed += 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

function duration(ms) {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

function firstLine(message) {
  return String(message ?? '')
    .split('\n')
    .slice(0, 3)
    .join(' ')
    .slice(0, 400);
}
