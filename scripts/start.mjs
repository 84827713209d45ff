// npm start: builds when dist/ is missing or older than the sources (scripts/build-stamp.mjs), then serves it.
// npm run serve (start.mjs --no-build): serves what is built, as it is; fails when nothing is.
// The server runs in this process (no second node to start), so signals reach its graceful shutdown directly.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildState } from './build-stamp.mjs';

const distDir = process.env.DIST_DIR || 'dist';
const serveOnly = process.argv.includes('--no-build');
const t0 = performance.now();
const state = buildState(process.cwd(), distDir);
if (serveOnly) {
  if (!state.built) {
    console.error(`npm run serve: ${state.reason}: run \`npm start\` (builds, then serves) or \`npm run build\` first`);
    process.exit(1);
  }
} else if (state.stale) {
  console.log(`building: ${state.reason}`);
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) {
    console.error(`npm start: the build failed (exit ${r.status ?? r.signal}); nothing served`);
    process.exit(r.status || 1);
  }
} else {
  console.log(`${state.reason} (checked in ${Math.round(performance.now() - t0)} ms): serving ${distDir}/`);
}
// a build elsewhere than dist/ serves its own PWA too (the server's default is dist/client)
if (process.env.DIST_DIR && !process.env.CLIENT_DIR) process.env.CLIENT_DIR = path.resolve(distDir, 'client');
await import(pathToFileURL(path.resolve(distDir, 'server', 'server.mjs')).href);
