/**
 * Evidence integrity (issue #19): every photo's stored bytes are checked against the SHA-256 taken when they were
 * stored; an answer that lists or serves a photo whose bytes no longer match carries `tampered: true`.
 *
 * Hashing every photo on every list would read every image each time. PostgreSQL (and PGlite) give each row
 * version its own `xmin`: any UPDATE of attachment_content (or a delete and insert) makes a new row version with a
 * new xmin. The hash of a row version is computed once, in the database (sha256(bytea), no bytes sent to Node), and
 * kept here by `attachment id : xmin`; a list after that costs one query of the ids' xmin. A tampered row has a new
 * xmin, so it is hashed again and found out on the next read. A photo whose bytes are missing is tampered too.
 *
 * What this does not catch: someone who changes the bytes AND the stored sha256 in the same way (the hash is not
 * signed); the audit trail (admin_change, entity 'attachment') still holds the hash recorded at upload.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachmentContent } from '../../db/schema';

/** `${attachmentId}:${xmin}` → SHA-256 (hex) of that row version's bytes; bounded, the oldest dropped first */
const hashOfVersion = new Map<string, string>();
const MAX_CACHED = 50_000;

function remember(key: string, hash: string) {
  if (hashOfVersion.size >= MAX_CACHED) {
    const oldest = hashOfVersion.keys().next().value;
    if (oldest !== undefined) hashOfVersion.delete(oldest);
  }
  hashOfVersion.set(key, hash);
}

/** The ids among `rows` whose stored bytes do not hash to their recorded sha256 (or are missing). */
export async function tamperedAmong(db: Db, rows: readonly { id: number; sha256: string }[]): Promise<Set<number>> {
  const out = new Set<number>();
  if (!rows.length) return out;
  const ids = rows.map((r) => r.id);
  const versions = await db
    .select({ id: attachmentContent.attachmentId, v: sql<string>`${attachmentContent}.xmin::text` })
    .from(attachmentContent)
    .where(inArray(attachmentContent.attachmentId, ids));
  const versionOf = new Map(versions.map((r) => [r.id, `${r.id}:${r.v}`]));
  const missing = versions.filter((r) => !hashOfVersion.has(`${r.id}:${r.v}`)).map((r) => r.id);
  if (missing.length) {
    const hashed = await db
      .select({
        id: attachmentContent.attachmentId,
        v: sql<string>`${attachmentContent}.xmin::text`,
        h: sql<string>`encode(sha256(${attachmentContent.content}), 'hex')`,
      })
      .from(attachmentContent)
      .where(inArray(attachmentContent.attachmentId, missing));
    for (const r of hashed) remember(`${r.id}:${r.v}`, r.h);
  }
  for (const r of rows) {
    const key = versionOf.get(r.id);
    const hash = key ? hashOfVersion.get(key) : undefined;
    if (hash !== r.sha256) out.add(r.id);
  }
  return out;
}
