/**
 * npm run backup [-- --out FILE]   and   npm run restore FILE
 *
 * The database the server uses (the same settings: DATABASE_URL, else the embedded PGlite under DATA_DIR, default
 * ./data), photos and documents included (their bytes live in it). docs/backup.md says what each does and when.
 *
 * - PostgreSQL: `pg_dump -Fc` (custom format) of a snapshot that also counts the rows, so the counts are the dump's
 *   even while the server writes (an online backup). Restore moves the schemas there aside, restores into an empty
 *   schema with `pg_restore --no-owner --single-transaction`, and only then drops what it moved aside (a failed restore
 *   puts them back). A missing database is created.
 * - PGlite: its data directory (PGlite's dumpDataDir, a gzip tar). One process at a time may open it, so both refuse
 *   while the server (or anything else) holds it (server/db/data-dir-lock.ts). Restore loads the dump into a new folder
 *   beside it, checks it, and moves the old folder aside (pgdata.before-restore-<time>) rather than deleting it.
 *
 * Each backup has a manifest beside it (<file>.manifest.json: kind, app version, newest migration, time, size, sha256,
 * rows per table): restore refuses a file without one, of the other database kind, damaged (size or sha256), or made
 * by a newer version (a migration this checkout does not have).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { APP_VERSION } from '../contract/menu';
import { migrationsFolder } from '../server/db/client';
import { DataDirInUseError, lockDataDir } from '../server/db/data-dir-lock';

export type Kind = 'postgres' | 'pglite';

export interface Manifest {
  format: 'lebuhraya-ops-backup';
  formatVersion: 1;
  kind: Kind;
  /** the dump's file name (the manifest lies beside it) */
  file: string;
  bytes: number;
  sha256: string;
  appVersion: string;
  /** the newest migration applied in the database backed up */
  migration: { tag: string | null; when: number };
  createdAt: string;
  /** where it was taken from (never a password) */
  source: string;
  /** PostgreSQL: the server's and pg_dump's versions */
  postgres?: { server: string; pgDump: string };
  rows: Record<string, number>;
}

export const MANIFEST_SUFFIX = '.manifest.json';

/** A failure the user can act on: printed as is, without a stack. */
export class Refusal extends Error {}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

interface Settings {
  databaseUrl?: string;
  dataDir: string;
}
/** The server's own reading of them (server/config.ts), without the rest of its configuration. */
const settings = (env: NodeJS.ProcessEnv): Settings => ({
  databaseUrl: env.DATABASE_URL || undefined,
  dataDir: path.resolve(env.DATA_DIR || 'data'),
});

function journal(): { when: number; tag: string }[] {
  return (JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] })
    .entries;
}

async function newestMigration(q: Query): Promise<Manifest['migration']> {
  const [row] = await q('select max(created_at)::text as last from drizzle.__drizzle_migrations').catch(() => [{ last: null }]);
  const when = Number(row?.last ?? 0);
  return { when, tag: journal().find((e) => e.when === when)?.tag ?? null };
}

/** Rows of every table of the app's schemas (public, drizzle), by schema-qualified name. */
async function countRows(q: Query): Promise<Record<string, number>> {
  const tables = await q(`select table_schema as s, table_name as t from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`);
  const rows: Record<string, number> = {};
  for (const { s, t } of tables) {
    const name = s === 'public' ? String(t) : `${s}.${t}`;
    const [r] = await q(`select count(*)::bigint::text as n from "${s}"."${t}"`);
    rows[name] = Number(r.n);
  }
  return rows;
}

async function sha256File(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(file)) h.update(chunk as Buffer);
  return h.digest('hex');
}

const mb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);
const stampOf = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function dirSize(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += (await stat(path.join(e.parentPath, e.name))).size;
  }
  return total;
}

function printRows(rows: Record<string, number>) {
  const entries = Object.entries(rows).filter(([, n]) => n > 0);
  const total = Object.values(rows).reduce((a, b) => a + b, 0);
  const width = Math.max(...entries.map(([t]) => t.length));
  for (const [t, n] of entries) console.log(`  ${t.padEnd(width)}  ${String(n).padStart(10)}`);
  console.log(`  ${Object.keys(rows).length} tables (${Object.keys(rows).length - entries.length} empty), ${total} rows`);
}

// ------------------------------------------------------------------------------------------------- PostgreSQL tools

/** The URL without its password (for pg_dump's command line, visible to `ps`) and the password for PGPASSWORD. */
function splitPassword(url: string): { url: string; password?: string } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.password = '';
  return { url: u.toString(), password };
}

const where = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
};

/** The major version of a PostgreSQL client tool, or a Refusal when it is not installed. */
function toolVersion(tool: 'pg_dump' | 'pg_restore', serverMajor: number): { major: number; text: string; bin: string } {
  const bin = (tool === 'pg_dump' ? process.env.PG_DUMP : process.env.PG_RESTORE) || tool;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  const install = `install the PostgreSQL ${serverMajor} client (Debian/Ubuntu: apt install postgresql-client-${serverMajor}) or set ${tool === 'pg_dump' ? 'PG_DUMP' : 'PG_RESTORE'} to its path`;
  if (r.error || r.status !== 0) throw new Refusal(`${bin} is not available (${r.error?.message ?? r.stderr.trim()}): ${install}`);
  const m = /(\d+)(?:\.\d+)?/.exec(r.stdout.replace(/^[^)]*\)/, ''));
  if (!m) throw new Refusal(`cannot read the version of ${bin}: ${r.stdout.trim()}`);
  const major = Number(m[1]);
  // pg_dump refuses a newer server, and an older pg_dump's dump would miss what it does not know
  if (major < serverMajor) throw new Refusal(`${bin} is version ${major}, older than the database server (${serverMajor}): ${install}`);
  return { major, text: r.stdout.trim(), bin };
}

function run(bin: string, args: string[], password: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'inherit', 'pipe'], env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Refusal(`${path.basename(bin)} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

const pgQuery =
  (c: pg.Client): Query =>
  async (text) =>
    (await c.query(text)).rows;

// ------------------------------------------------------------------------------------------------- backup

export async function backup(opts: { out?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ file: string; manifest: Manifest }> {
  const s = settings(opts.env ?? process.env);
  const kind: Kind = s.databaseUrl ? 'postgres' : 'pglite';
  const at = new Date();
  const file = path.resolve(
    opts.out ?? path.join(process.env.BACKUP_DIR || 'backups', `lebuhraya-${kind}-${stampOf(at)}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`),
  );
  await mkdir(path.dirname(file), { recursive: true });
  // written under a temporary name and renamed when complete: an interrupted backup never looks like a good one
  const partial = `${file}.partial`;
  let base: Omit<Manifest, 'bytes' | 'sha256'>;
  try {
    base = s.databaseUrl ? await dumpPostgres(s.databaseUrl, partial, at, file) : await dumpPglite(s.dataDir, partial, at, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  await rename(partial, file);
  const manifest: Manifest = { ...base, bytes: (await stat(file)).size, sha256: await sha256File(file) };
  await writeFile(`${file}${MANIFEST_SUFFIX}`, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`backup of ${manifest.source} (${kind}, migration ${manifest.migration.tag ?? 'none'})`);
  console.log(`  → ${file} (${mb(manifest.bytes)}), manifest beside it`);
  printRows(manifest.rows);
  return { file, manifest };
}

function manifestBase(kind: Kind, file: string, at: Date, source: string, migration: Manifest['migration'], rows: Record<string, number>) {
  return {
    format: 'lebuhraya-ops-backup' as const,
    formatVersion: 1 as const,
    kind,
    file: path.basename(file),
    appVersion: APP_VERSION,
    migration,
    createdAt: at.toISOString(),
    source,
    rows,
  };
}

async function dumpPostgres(databaseUrl: string, partial: string, at: Date, file: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const [v] = (await c.query(`select current_setting('server_version_num')::int as num, current_setting('server_version') as text`)).rows;
    const serverMajor = Math.floor(v.num / 10000);
    const tool = toolVersion('pg_dump', serverMajor);
    // one snapshot for the counts and the dump: pg_dump --snapshot reads exactly what this transaction sees
    await c.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (await c.query('select pg_export_snapshot() as snapshot')).rows;
    const q = pgQuery(c);
    const migration = await newestMigration(q);
    const rows = await countRows(q);
    const { url, password } = splitPassword(databaseUrl);
    await run(tool.bin, ['--format=custom', `--snapshot=${snapshot}`, `--file=${partial}`, `--dbname=${url}`], password);
    await c.query('commit');
    return { ...manifestBase('postgres', file, at, where(databaseUrl), migration, rows), postgres: { server: v.text, pgDump: tool.text } };
  } finally {
    await c.end();
  }
}

async function openPglite(dir: string, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(dir, loadDataDir ? { loadDataDir } : undefined);
  await client.waitReady;
  const q: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
  return { client, q };
}

/** The data directory's lock, or a Refusal saying who holds it and what to do. */
async function lockForOffline(dataDir: string, what: string) {
  try {
    return await lockDataDir(dataDir, what);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    throw new Refusal(
      `${err.message}.\nThe embedded database can only be ${what === 'npm run backup' ? 'backed up' : 'restored'} while the server is stopped ` +
        '(stop it, e.g. `systemctl stop lebuhraya`, run this again, then start it); for backups while it runs, use PostgreSQL (DATABASE_URL).',
    );
  }
}

async function dumpPglite(dataDir: string, partial: string, at: Date, file: string) {
  const pgdata = path.join(dataDir, 'pgdata');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Refusal(`no embedded database in ${dataDir} (no ${pgdata}): nothing to back up`);
  const release = await lockForOffline(dataDir, 'npm run backup');
  try {
    const { client, q } = await openPglite(pgdata);
    try {
      const migration = await newestMigration(q);
      const rows = await countRows(q);
      const dump = await client.dumpDataDir('gzip');
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      return manifestBase('pglite', file, at, pgdata, migration, rows);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

// ------------------------------------------------------------------------------------------------- restore

/** The manifest of a backup file, checked against the file and this checkout; a Refusal says what is wrong. */
export async function readManifest(file: string, expect: Kind): Promise<Manifest> {
  if (!existsSync(file)) throw new Refusal(`no such file: ${file}`);
  const mf = `${file}${MANIFEST_SUFFIX}`;
  if (!existsSync(mf))
    throw new Refusal(
      `no manifest beside the backup (${path.basename(mf)}): copy it with the backup file; restore checks what it restores against it`,
    );
  const m = JSON.parse(await readFile(mf, 'utf8')) as Manifest;
  if (m.format !== 'lebuhraya-ops-backup') throw new Refusal(`${mf} is not a Lebuhraya Ops backup manifest`);
  if (m.kind !== expect) {
    throw new Refusal(
      `${path.basename(file)} is a backup of ${m.kind === 'pglite' ? 'the embedded database (PGlite)' : 'PostgreSQL'}, and this ` +
        `installation uses ${expect === 'pglite' ? 'the embedded database (DATABASE_URL is not set)' : 'PostgreSQL (DATABASE_URL)'}: ` +
        `restore it with ${m.kind === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'}`,
    );
  }
  // the file's own first bytes, in case the manifest was copied beside the wrong file
  const fh = await open(file, 'r');
  const head = Buffer.alloc(5);
  await fh.read(head, 0, 5, 0);
  await fh.close();
  const looks = head.toString('latin1') === 'PGDMP' ? 'postgres' : head[0] === 0x1f && head[1] === 0x8b ? 'pglite' : 'unknown';
  if (looks !== m.kind)
    throw new Refusal(`${path.basename(file)} is not a ${m.kind === 'pglite' ? 'PGlite data directory dump' : 'pg_dump custom-format file'}`);
  const size = (await stat(file)).size;
  if (size !== m.bytes || (await sha256File(file)) !== m.sha256) {
    throw new Refusal(
      `${path.basename(file)} is damaged or incomplete: its ${size !== m.bytes ? `size (${size}, manifest ${m.bytes})` : 'sha256'} differs from the manifest's`,
    );
  }
  const known = journal();
  const newest = Math.max(...known.map((e) => e.when));
  if (m.migration.when > newest) {
    throw new Refusal(
      `${path.basename(file)} was made by a newer version (app ${m.appVersion}, migration ${m.migration.tag ?? m.migration.when}) than this checkout ` +
        `(migration ${known.find((e) => e.when === newest)?.tag}): restore it with that version or later`,
    );
  }
  return m;
}

export async function restore(file: string, opts: { env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  const s = settings(opts.env ?? process.env);
  const abs = path.resolve(file.endsWith(MANIFEST_SUFFIX) ? file.slice(0, -MANIFEST_SUFFIX.length) : file);
  const m = await readManifest(abs, s.databaseUrl ? 'postgres' : 'pglite');
  const rows = s.databaseUrl ? await restorePostgres(s.databaseUrl, abs, m) : await restorePglite(s.dataDir, abs);
  const differ = Object.keys({ ...rows, ...m.rows }).filter((t) => rows[t] !== m.rows[t]);
  if (differ.length) throw new Refusal(`restored, but the row counts of ${differ.join(', ')} differ from the manifest's`);
  const newest = Math.max(...journal().map((e) => e.when));
  console.log(`  rows as in the manifest (backup of ${m.source}, ${m.createdAt}, app ${m.appVersion})`);
  printRows(rows);
  if (m.migration.when < newest) console.log(`  the backup's schema is older (${m.migration.tag}): the server migrates it on its next start`);
}

async function connectOrCreate(databaseUrl: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: databaseUrl });
  try {
    await c.connect();
    return c;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
    // a new machine: the database does not exist yet; made from the maintenance database
    const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
    const u = new URL(databaseUrl);
    u.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: u.toString() });
    await admin.connect();
    try {
      await admin.query(`create database "${name.replace(/"/g, '""')}"`);
    } finally {
      await admin.end();
    }
    console.log(`created the database ${name}`);
    const again = new pg.Client({ connectionString: databaseUrl });
    await again.connect();
    return again;
  }
}

async function restorePostgres(databaseUrl: string, file: string, m: Manifest): Promise<Record<string, number>> {
  const c = await connectOrCreate(databaseUrl);
  try {
    const [v] = (await c.query(`select current_setting('server_version_num')::int as num`)).rows;
    const tool = toolVersion('pg_restore', Math.floor(v.num / 10000));
    // a server still connected would write into a database being replaced under it
    const [{ n }] = (await c.query('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()'))
      .rows;
    if (n > 0) {
      throw new Refusal(
        `${n} other connection(s) to ${where(databaseUrl)}: stop the server(s) using it first (e.g. \`systemctl stop lebuhraya\`), then run this again`,
      );
    }
    // what is there now is moved aside, not dropped, until the restore has succeeded
    const suffix = `_before_restore_${stampOf(new Date()).toLowerCase()}`;
    const present = (await c.query(`select nspname from pg_namespace where nspname in ('public', 'drizzle')`)).rows.map((r) => r.nspname as string);
    await c.query('begin');
    for (const schema of present) await c.query(`alter schema "${schema}" rename to "${schema}${suffix}"`);
    await c.query('create schema public');
    await c.query('commit');
    const { url, password } = splitPassword(databaseUrl);
    try {
      await run(tool.bin, ['--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file], password);
    } catch (err) {
      await c.query('begin');
      await c.query('drop schema if exists public cascade');
      await c.query('drop schema if exists drizzle cascade');
      for (const schema of present) await c.query(`alter schema "${schema}${suffix}" rename to "${schema}"`);
      await c.query('commit');
      console.error(`restore failed: ${where(databaseUrl)} is as it was before`);
      throw err;
    }
    for (const schema of present) await c.query(`drop schema "${schema}${suffix}" cascade`);
    const rows = await countRows(pgQuery(c));
    console.log(`restored ${path.basename(file)} (${mb(m.bytes)}, ${tool.text}) into ${where(databaseUrl)}`);
    console.log(
      `  what was there before (${present.length ? present.join(', ') : 'nothing'}) was replaced; database size ${mb(Number((await c.query('select pg_database_size(current_database()) as n')).rows[0].n))}`,
    );
    return rows;
  } finally {
    await c.end();
  }
}

async function restorePglite(dataDir: string, file: string): Promise<Record<string, number>> {
  await mkdir(dataDir, { recursive: true });
  const release = await lockForOffline(dataDir, 'npm run restore');
  try {
    const pgdata = path.join(dataDir, 'pgdata');
    // loaded and checked in a folder of its own first: a dump that does not load leaves the data directory untouched
    const fresh = path.join(dataDir, 'pgdata.restoring');
    await rm(fresh, { recursive: true, force: true });
    let rows: Record<string, number>;
    try {
      const { client, q } = await openPglite(fresh, new Blob([await readFile(file)]));
      try {
        rows = await countRows(q);
      } finally {
        await client.close();
      }
    } catch (err) {
      await rm(fresh, { recursive: true, force: true });
      if (err instanceof Refusal) throw err;
      throw new Refusal(`${path.basename(file)} does not load as a PGlite data directory (${(err as Error).message}); ${dataDir} is untouched`);
    }
    let aside: string | undefined;
    if (existsSync(pgdata)) {
      aside = path.join(dataDir, `pgdata.before-restore-${stampOf(new Date())}`);
      await rename(pgdata, aside);
    }
    await rename(fresh, pgdata);
    console.log(`restored ${path.basename(file)} into ${pgdata} (${mb(await dirSize(pgdata))})`);
    console.log(
      aside ? `  the previous database was moved to ${aside} (delete it when you no longer need it)` : '  there was no database there before',
    );
    return rows;
  } finally {
    release();
  }
}

// ------------------------------------------------------------------------------------------------- command line

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command === 'backup') {
    const i = rest.indexOf('--out');
    const out = i >= 0 ? rest[i + 1] : rest.find((a) => a.startsWith('--out='))?.slice(6);
    if (i >= 0 && !out) throw new Refusal('--out needs a file name');
    await backup({ out });
  } else if (command === 'restore') {
    const file = rest.find((a) => !a.startsWith('-'));
    if (!file) throw new Refusal('usage: npm run restore FILE (a file written by npm run backup, its manifest beside it)');
    await restore(file);
  } else {
    throw new Refusal('usage: tsx scripts/backup.ts backup [--out FILE] | restore FILE');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Refusal ? `${process.argv[2] ?? 'backup'}: ${err.message}` : err);
    process.exit(1);
  });
}
