/**
 * Every administrative change is recorded (issue #14 item 8): who, when, which entity, the fields that changed with
 * their old and new values. Written in the transaction of the change itself, so a change and its record are never
 * apart. Each record's screen reads its history with historyOf().
 */
import { and, desc, eq } from 'drizzle-orm';
import type { TokenClaims } from '../../contract/auth';
import type { ChangeRecord } from '../../contract/admin';
import type { Db } from '../db/client';
import { adminChange, staff } from '../db/schema';

type Tx = Pick<Db, 'insert' | 'select'>;
export type ChangeAction = 'create' | 'update' | 'delete' | 'deactivate' | 'activate' | 'import';
type Values = Record<string, unknown>;

/** Never written into the history: secrets and bookkeeping. */
const HIDDEN = new Set(['passwordHash', 'password', 'tokensValidAfter', 'updatedAt', 'createdAt', 'lastLoginAt', 'resetTokenHash']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between two versions of a record (all fields of a new or removed one). */
export function changedFields(before: Values | null, after: Values | null): { field: string; old: unknown; new: unknown }[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: { field: string; old: unknown; new: unknown }[] = [];
  for (const field of keys) {
    if (HIDDEN.has(field)) continue;
    const o = before?.[field] ?? null;
    const n = after?.[field] ?? null;
    if (!same(o, n)) out.push({ field, old: o instanceof Date ? o.toISOString() : o, new: n instanceof Date ? n.toISOString() : n });
  }
  return out;
}

/** Records one change; an update that changed nothing records nothing. */
export async function recordChange(
  tx: Tx,
  user: Pick<TokenClaims, 'sub' | 'sid'>,
  entity: string,
  entityId: number,
  action: ChangeAction,
  before: Values | null,
  after: Values | null,
) {
  const changes = changedFields(before, after);
  if (action === 'update' && !changes.length) return;
  await tx.insert(adminChange).values({ entity, entityId, action, userId: Number(user.sub), staffId: user.sid, changes });
}

/** The history of one record, newest first, with the name of whoever made each change. */
export async function historyOf(db: Db, entity: string, entityId: number, limit = 100): Promise<ChangeRecord[]> {
  const rows = await db
    .select({
      id: adminChange.id,
      action: adminChange.action,
      at: adminChange.at,
      changes: adminChange.changes,
      staffId: adminChange.staffId,
      displayName: staff.displayName,
    })
    .from(adminChange)
    .leftJoin(staff, eq(staff.id, adminChange.staffId))
    .where(and(eq(adminChange.entity, entity), eq(adminChange.entityId, entityId)))
    .orderBy(desc(adminChange.at), desc(adminChange.id))
    .limit(limit);
  return rows.map((r) => ({
    pkChangeId: r.id,
    action: r.action as ChangeAction,
    at: r.at.toISOString(),
    by: { pkStaffId: r.staffId, displayName: r.displayName ?? '—' },
    changes: r.changes,
  }));
}

/**
 * Who may read the history of a record: each area registers a check of its entity (role and region scope, the same
 * as for reading the record); an entity with none registered has no readable history.
 */
type HistoryAccess = (db: Db, user: TokenClaims, entityId: number) => Promise<void>;
const historyAccess = new Map<string, HistoryAccess>();
export function registerHistoryAccess(entity: string, check: HistoryAccess) {
  historyAccess.set(entity, check);
}
export function historyAccessOf(entity: string): HistoryAccess | undefined {
  return historyAccess.get(entity);
}
