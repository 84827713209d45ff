/**
 * The browser tests' one shared server (issue #28): the built app on PGlite with the demo data, started once for the
 * whole e2e run instead of once per test file. A test file takes it with `sharedServer()` (support/server.ts) and
 * makes its own users and data through the API, with unique names. Files that must kill, restart or stop it to read
 * its database (the fault run, durability, the update prompt, the reports' database check) start their own with
 * `startServer()`. E2E_NO_SHARED_SERVER=1 starts none (a run of only such files: npm test's second e2e lane).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DATA_ROOT, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the shared server's origin, http://127.0.0.1:<port> */
    e2eSharedServer: { baseUrl: string; port: number; dataDir: string };
  }
}

export default async function setup(project: TestProject) {
  // the run's seeded data directories (support/server.ts), when `npm test` has not given it a place shared by its lanes
  const seeds = process.env.E2E_SEED_DIR ? null : await mkdtemp(path.join(DATA_ROOT, 'lebuhraya-e2e-seeds-'));
  if (seeds) process.env.E2E_SEED_DIR = seeds;
  const removeSeeds = async () => {
    if (seeds) await rm(seeds, { recursive: true, force: true });
  };
  // a run of only the files with servers of their own (npm test's second e2e lane) needs none
  if (process.env.E2E_NO_SHARED_SERVER === '1') return removeSeeds;
  const t0 = Date.now();
  const server = await startServer({ env: { DEMO_HISTORY_DAYS: '90' } });
  console.log(`[e2e] shared server on ${server.baseUrl} (ready in ${Date.now() - t0} ms)`);
  project.provide('e2eSharedServer', { baseUrl: server.baseUrl, port: server.port, dataDir: server.dataDir });
  return async () => {
    await server.stop();
    await removeSeeds();
  };
}
