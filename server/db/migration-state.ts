import path from 'node:path';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The `when` of the newest migration of the journal, read once per folder (the journal does not change while the server runs). */
const newestByFolder = new Map<string, number>();
export function newestMigration(folder: string): number {
  let newest = newestByFolder.get(folder);
  if (newest === undefined) {
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    newest = Math.max(...journal.entries.map((e) => e.when));
    newestByFolder.set(folder, newest);
  }
  return newest;
}

/**
 * True when the newest migration of the journal in `folder` is recorded in the database (drizzle keeps its `when` as
 * created_at): openDb skips the migrator's DDL then (most of a second on PGlite), and /readyz answers 503 otherwise
 * (a server started on a database another, older release migrated, or one restored from an older backup).
 * False without a migrations table; a database that cannot be reached throws.
 */
export async function migrationsApplied(db: Db, folder: string): Promise<boolean> {
  const newest = newestMigration(folder);
  let last: string | null | undefined;
  try {
    const res = await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
    last = (res as unknown as { rows: { last: string | null }[] }).rows[0]?.last;
  } catch (err) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: nothing migrated yet
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return false;
    throw err;
  }
  return last !== null && last !== undefined && Number(last) >= newest;
}
