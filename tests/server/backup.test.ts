// @both-databases: pg_dump/pg_restore on PostgreSQL, the data directory's dump on PGlite (scripts/test.mjs runs this file on PGlite and on PostgreSQL)
/**
 * Backups (issue #32 item 4): data written through the app on top of the compact demo, `npm run backup` (the real
 * script, a child process), the database wiped, `npm run restore`, and every table's rows, every sequence and every
 * photo's bytes are what they were. On PGlite (a data directory on disk) and, with DATABASE_URL, on PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { ROSTER_PATHS } from '../../contract/rosters-rules';
import { build } from '../../server/app';
import type { Config } from '../../server/config';
import { type Db, type DbHandle, openDb } from '../../server/db/client';
import { dutyRoster } from '../../server/db/schema';
import { png } from '../support/images';
import { call, login } from './support/build';
import { freshDatabaseUrl, migratedPgliteDump } from './support/database';
import { newCasePayload, rosterOf, saveCase, saveSubformCall } from './support/incident-fixtures';

const onPostgres = Boolean(process.env.DATABASE_URL);
/** each script run starts tsx and the database (PGlite's WebAssembly): seconds apiece, more on a loaded 2-core CI machine */
const SCRIPTS_TIMEOUT = 240_000;

/** As buildTestApp (support/build.ts), but on a database this file opens itself: a PGlite folder on disk, or its own PostgreSQL database. */
async function appOn(handle: DbHandle): Promise<FastifyInstance> {
  const config: Partial<Config> = {
    dataDir: 'memory://',
    seedDemo: true,
    demoLive: false,
    seedFastHash: true,
    demoHistoryDays: 14,
    summaryJobSeconds: 0,
    clientDir: '/nonexistent',
    jwtSecret: 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  };
  const app = await build({ logger: false, db: handle, config });
  await app.ready();
  return app;
}

const rowsOf = async (db: Db, text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * Everything a restore must bring back: per table its row count and an md5 over its rows (each row's md5, sorted, so
 * the physical order does not matter), every sequence's position (new rows after a restore must not collide), and
 * the sha256 of every stored photo and document.
 */
async function fingerprint(db: Db) {
  const tables = await rowsOf(
    db,
    `select table_schema as s, table_name as t from information_schema.tables
     where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const rows: Record<string, string> = {};
  for (const { s, t } of tables) {
    const [r] = await rowsOf(
      db,
      `select count(*)::int as n, md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as h from "${s}"."${t}" x`,
    );
    rows[`${s}.${t}`] = `${r.n} ${r.h}`;
  }
  const sequences = Object.fromEntries(
    (await rowsOf(db, `select sequencename as n, last_value::text as v from pg_sequences where schemaname = 'public' order by 1`)).map((r) => [
      r.n,
      r.v,
    ]),
  );
  const photos: Record<string, string> = {};
  for (const [table, key] of [
    ['attachment_content', 'attachment_id'],
    ['checklist_photo', 'id'],
    ['field_report_photo', 'field_report_id'],
  ]) {
    for (const r of await rowsOf(db, `select ${key}::text as id, encode(sha256(content), 'hex') as h from ${table} order by ${key}`))
      photos[`${table}/${r.id}`] = String(r.h);
  }
  return { rows, sequences, photos };
}

/** `npm run <script> -- args` as a user runs it, on the given database settings; its exit code and output. */
function npmRun(script: string, args: string[], env: Record<string, string | undefined>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const childEnv = { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env };
    execFile('npm', ['run', '--silent', script, '--', ...args], { env: childEnv, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let dir: string;
  /** the database's settings as the scripts read them */
  let env: Record<string, string>;
  let handle: DbHandle;
  let app: FastifyInstance;
  let dropDb: () => Promise<void> = async () => {};
  let photoId: number;
  let photoBytes: string;
  let before: Awaited<ReturnType<typeof fingerprint>>;
  let backupFile: string;

  const open = () => (onPostgres ? openDb({ dataDir: 'memory://', databaseUrl: env.DATABASE_URL }) : openDb({ dataDir: env.DATA_DIR }));
  const download = async (a: FastifyInstance, token: string, id: number) => {
    const res = await call(a, token, { method: 'POST', url: PATHS.documentDownload, payload: { pkDocumentsId: id } });
    expect(res.statusCode).toBe(200);
    return createHash('sha256').update(res.rawPayload).digest('hex');
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lbh-backup-'));
    if (onPostgres) {
      const fresh = await freshDatabaseUrl();
      env = { DATABASE_URL: fresh.databaseUrl! };
      dropDb = fresh.drop;
      handle = await open();
    } else {
      // a data directory on disk, as a server has (from the suite's migrated template, as every file's database)
      env = { DATA_DIR: path.join(dir, 'data') };
      handle = await openDb({ dataDir: env.DATA_DIR, loadDataDir: await migratedPgliteDump() });
    }
    app = await appOn(handle);

    // written through the app: a case, a journal entry with a photo, a roster edited
    const tmca = (await login(app, 'tmca')).token;
    const saved = await saveCase(app, tmca, await newCasePayload(app, { pkIncidentCategoryId: 185 }));
    expect(saved.statusCode, saved.body).toBe(200);
    const sub = await saveSubformCall(app, tmca, 'incidentBreakdown', {
      pkIncidentId: saved.json().body.pkIncidentId,
      incidentTypeId: 185,
      pkBreakdownCauseId: 2401,
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const subformId = sub.json().body.subformId as number;
    const entry = await call(app, tmca, {
      method: 'POST',
      url: PATHS.journalEntrySave,
      payload: { entry: 'Sebelum sandaran', incidentSubFormId: subformId },
    });
    expect(entry.statusCode).toBe(200);
    const photo = await call(app, tmca, {
      method: 'POST',
      url: PATHS.documentSave,
      payload: {
        tableType: 'JOURNAL_ENTRY',
        fkTableId: entry.json().body.pkJournalEntryId,
        documentName: 'lokasi.png',
        fileContent: png(64, 48).toString('base64'),
      },
    });
    expect(photo.statusCode).toBe(200);
    photoId = photo.json().body.pkAttachmentListId;
    photoBytes = await download(app, tmca, photoId);
    const sectmgr = (await login(app, 'sectmgr')).token;
    const r = await rosterOf(app, 'N9-PAGI-A');
    const [row] = await handle.db.select().from(dutyRoster).where(eq(dutyRoster.id, r.id));
    const edited = await call(app, sectmgr, {
      method: 'POST',
      url: ROSTER_PATHS.save,
      payload: {
        pkDutyRosterId: r.id,
        sectionId: row.sectionId,
        shiftId: row.shiftId,
        teamId: row.teamId,
        startDate: row.startDate,
        remark: 'Sebelum sandaran',
        version: row.version,
      },
    });
    expect(edited.statusCode).toBe(200);
    before = await fingerprint(handle.db);
  }, SCRIPTS_TIMEOUT);

  afterAll(async () => {
    await app?.close().catch(() => {});
    await handle?.close().catch(() => {});
    await dropDb();
    await rm(dir, { recursive: true, force: true });
  });

  it('the fingerprint sees the data written (a fingerprint that saw nothing would prove nothing)', () => {
    expect(before.photos[`attachment_content/${photoId}`]).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(before.rows['public.incident'].split(' ')[0])).toBeGreaterThan(0);
    expect(Number(before.rows['drizzle.__drizzle_migrations'].split(' ')[0])).toBeGreaterThan(0);
  });

  if (onPostgres) {
    it(
      'PostgreSQL: backup runs while the server is connected (online); restore refuses while it is',
      async () => {
        const online = path.join(dir, 'online.dump');
        const made = await npmRun('backup', ['--out', online], env);
        expect(made.code, made.out).toBe(0);
        // a connection the server holds (its pool closes idle ones after 10 s: one is held here as a server's would be)
        const held = await (handle.db as unknown as { $client: pg.Pool }).$client.connect();
        try {
          const refused = await npmRun('restore', [online], env);
          expect(refused.code).not.toBe(0);
          // the held one and the server's LISTEN connection for other servers' write notices (db/notify.ts)
          expect(refused.out).toMatch(/[1-9]\d* other connection\(s\).*stop the server/);
        } finally {
          held.release();
        }
        expect(await fingerprint(handle.db)).toEqual(before);
      },
      SCRIPTS_TIMEOUT,
    );
  } else {
    it(
      'PGlite: backup and restore refuse while the server holds the data directory, and say to stop it',
      async () => {
        const made = await npmRun('backup', ['--out', path.join(dir, 'refused.tar.gz')], env);
        expect(made.code).not.toBe(0);
        expect(made.out).toMatch(/in use by .*pid \d+.*\n.*while the server is stopped/);
        expect(existsSync(path.join(dir, 'refused.tar.gz'))).toBe(false);
        expect(existsSync(path.join(dir, 'refused.tar.gz.partial'))).toBe(false);
      },
      SCRIPTS_TIMEOUT,
    );
  }

  it(
    'backup writes the dump and its manifest (kind, newest migration, rows per table)',
    async () => {
      await app.close();
      await handle.close();
      backupFile = path.join(dir, 'backups', onPostgres ? 'site.dump' : 'site.tar.gz');
      const made = await npmRun('backup', ['--out', backupFile], env);
      expect(made.code, made.out).toBe(0);
      expect(made.out).toContain(backupFile);
      const manifest = JSON.parse(await readFile(`${backupFile}.manifest.json`, 'utf8'));
      expect(manifest).toMatchObject({ format: 'lebuhraya-ops-backup', kind: onPostgres ? 'postgres' : 'pglite', file: path.basename(backupFile) });
      expect(manifest.migration.tag).toMatch(/^\d{4}_/);
      expect(manifest.sha256).toBe(
        createHash('sha256')
          .update(await readFile(backupFile))
          .digest('hex'),
      );
      for (const [t, v] of Object.entries(before.rows)) expect(manifest.rows[t.replace(/^public\./, '')], t).toBe(Number(v.split(' ')[0]));
    },
    SCRIPTS_TIMEOUT,
  );

  it(
    'restore refuses a damaged file and one of a newer schema, changing nothing',
    async () => {
      const manifest = JSON.parse(await readFile(`${backupFile}.manifest.json`, 'utf8'));
      const damaged = path.join(dir, `damaged${path.extname(backupFile)}`);
      const bytes = await readFile(backupFile);
      await writeFile(damaged, bytes.subarray(0, bytes.length - 100));
      await writeFile(`${damaged}.manifest.json`, JSON.stringify({ ...manifest, file: path.basename(damaged) }));
      const bad = await npmRun('restore', [damaged], env);
      expect(bad.code).not.toBe(0);
      expect(bad.out).toMatch(/damaged or incomplete/);
      const newer = path.join(dir, `newer${path.extname(backupFile)}`);
      await writeFile(newer, bytes);
      await writeFile(
        `${newer}.manifest.json`,
        JSON.stringify({ ...manifest, migration: { tag: '9999_future', when: manifest.migration.when + 1 } }),
      );
      const refused = await npmRun('restore', [newer], env);
      expect(refused.code).not.toBe(0);
      expect(refused.out).toMatch(/made by a newer version.*9999_future/);
      // and the other kind: a PGlite dump for PostgreSQL or the other way round
      await writeFile(`${newer}.manifest.json`, JSON.stringify({ ...manifest, kind: onPostgres ? 'pglite' : 'postgres' }));
      const otherKind = await npmRun('restore', [newer], env);
      expect(otherKind.code).not.toBe(0);
      expect(otherKind.out).toMatch(onPostgres ? /backup of the embedded database/ : /backup of PostgreSQL/);
      handle = await open();
      expect(await fingerprint(handle.db)).toEqual(before);
      await handle.close();
    },
    SCRIPTS_TIMEOUT,
  );

  it(
    'wiped, then restored: every row, every sequence and every photo’s bytes are identical, and the app serves the photo',
    async () => {
      if (onPostgres) {
        // a new machine: the database does not even exist (restore creates it)
        await dropDb();
      } else {
        // a data directory that has since been used again: a new, empty database the restore must move aside
        await rm(env.DATA_DIR, { recursive: true, force: true });
        const empty = await openDb({ dataDir: env.DATA_DIR });
        await empty.close();
      }
      const restored = await npmRun('restore', [backupFile], env);
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toMatch(/rows as in the manifest/);
      if (!onPostgres) {
        const aside = (await readdir(env.DATA_DIR)).filter((f) => f.startsWith('pgdata.before-restore-'));
        expect(aside).toHaveLength(1);
        expect(restored.out).toContain(aside[0]);
      }
      handle = await open();
      expect(await fingerprint(handle.db)).toEqual(before);
      app = await appOn(handle);
      const tmca = (await login(app, 'tmca')).token;
      expect(await download(app, tmca, photoId)).toBe(photoBytes);
    },
    SCRIPTS_TIMEOUT,
  );
});
