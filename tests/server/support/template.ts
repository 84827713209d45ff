/**
 * Global setup of the server suite: one migrated, empty database that every test file's database starts from, so a
 * file does not pay for PGlite's initdb and the migrations again (issue #28). On PostgreSQL (DATABASE_URL) it is a
 * template database (`create database … template …`, see database.ts); on PGlite, a dump of the data directory that
 * each file loads (PGlite's loadDataDir). The demo data is still seeded by each file: it is made relative to the
 * clock, and a file must see it as fresh as the file starts.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDb } from '../../../server/db/client';

export const PG_TEMPLATE_ENV = 'LBH_TEST_PG_TEMPLATE';
export const PGLITE_TEMPLATE_ENV = 'LBH_TEST_PGLITE_TEMPLATE';

async function admin(baseUrl: string, statement: string) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export default async function setup() {
  const t0 = Date.now();
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `lbh_test_tpl_${randomBytes(4).toString('hex')}`;
    await admin(baseUrl, `create database ${name}`);
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    const h = await openDb({ dataDir: 'memory://', databaseUrl: u.toString() });
    await h.close();
    process.env[PG_TEMPLATE_ENV] = name;
    console.log(`[server tests] migrated template database ${name} (${Date.now() - t0} ms)`);
    return async () => {
      await admin(baseUrl, `drop database if exists ${name} with (force)`).catch(() => {});
    };
  }
  const h = await openDb({ dataDir: 'memory://' });
  const client = (h.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await h.close();
  const dir = path.resolve('.tmp');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `pglite-migrated-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  console.log(`[server tests] migrated PGlite template ${path.relative(process.cwd(), file)} (${Date.now() - t0} ms)`);
  return async () => {
    await rm(file, { force: true });
  };
}
