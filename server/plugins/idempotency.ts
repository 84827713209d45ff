/**
 * Offline sync, server side (issue #4): idempotent writes and the request context of a write.
 *
 * A client may send `Idempotency-Key: <1–100 visible ASCII characters>` on a write. The key is recorded in the
 * SAME database transaction as the write it guards:
 *
 *   BEGIN
 *     INSERT INTO idempotency_key … ON CONFLICT DO NOTHING RETURNING   -- a concurrent duplicate waits here until the
 *                                                                       -- first commits (or rolls back), then finds it
 *     the route's work, with this transaction as its db                -- services' own db.transaction() become savepoints
 *     UPDATE idempotency_key SET status_code, response                 -- the answer, for a later repeat
 *   COMMIT
 *
 * A key already committed answers the stored first answer (same status and body, `Idempotent-Replayed: true`) and
 * changes nothing; the same key with another body, path or method answers 422 IDEMPOTENCY_KEY_REUSED. A write that
 * throws rolls back with its key, so a retry runs again. Keys are per user and kept 30 days. Without the header a
 * route behaves as before (still one call of the work, no transaction of its own added).
 *
 * Every write route goes through `idempotent(db, request, reply, work)`, which also reads `X-Device-Id` (≤ 100 characters) and
 * `X-Client-Time` (an ISO 8601 instant with a zone): a malformed one answers 400 naming the header. They are kept in
 * an AsyncLocalStorage context for the duration of the work (`requestContext()`), which the audit trail records.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '../../contract/envelope';
import type { Db } from '../db/client';
import { idempotencyKey } from '../db/schema';
import { sha256Hex } from '../lib/hash';
import { badRequest, HttpError } from '../lib/http-error';
import { requireUser } from './auth';
import { now as clockNow } from '../lib/clock';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const DEVICE_HEADER = 'X-Device-Id';
export const CLIENT_TIME_HEADER = 'X-Client-Time';
/** keys are kept at least this long */
export const KEY_RETENTION_DAYS = 30;
const CLEANUP_EVERY_MS = 24 * 3600 * 1000;

export const KEY_REUSED_MESSAGE =
  'Kunci Idempotency-Key ini telah digunakan untuk permintaan lain (kandungan atau laluan berbeza). Setiap perubahan baharu memerlukan kunci baharu.';

/** What a write knows about where it came from; read by the audit trail. */
export interface RequestContext {
  idempotencyKey: string | null;
  deviceId: string | null;
  /** the time the device claims it made the write (X-Client-Time) */
  clientTime: Date | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the write being run, or nulls outside one (seeding, reads). */
export function requestContext(): RequestContext {
  return storage.getStore() ?? { idempotencyKey: null, deviceId: null, clientTime: null };
}

// ------------------------------------------------------------------------------------------------ headers

const KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;
/** ISO 8601 instant with seconds and a zone (Z or ±hh:mm), as Date.prototype.toISOString writes it */
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name.toLowerCase()];
  if (v === undefined) return undefined;
  if (Array.isArray(v)) throw badRequest(`Pengepala ${name} hanya boleh dihantar sekali.`, name);
  return v;
}

/** The three sync headers of a request, checked: a malformed one is a 400 naming the header. */
export function readSyncHeaders(request: FastifyRequest): RequestContext {
  const key = header(request, IDEMPOTENCY_HEADER);
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw badRequest(`Pengepala ${IDEMPOTENCY_HEADER} tidak sah: 1–100 aksara ASCII tanpa ruang (contohnya UUID).`, IDEMPOTENCY_HEADER);
  }
  const device = header(request, DEVICE_HEADER)?.trim();
  if (device !== undefined && (device.length === 0 || device.length > 100)) {
    throw badRequest(`Pengepala ${DEVICE_HEADER} tidak sah: 1–100 aksara.`, DEVICE_HEADER);
  }
  const time = header(request, CLIENT_TIME_HEADER)?.trim();
  let clientTime: Date | null = null;
  if (time !== undefined) {
    clientTime = INSTANT_PATTERN.test(time) ? new Date(time) : null;
    if (!clientTime || Number.isNaN(clientTime.getTime())) {
      throw badRequest(
        `Pengepala ${CLIENT_TIME_HEADER} tidak sah: mesti masa ISO 8601 dengan zon (contohnya 2026-11-22T08:30:00.000Z).`,
        CLIENT_TIME_HEADER,
      );
    }
  }
  return { idempotencyKey: key ?? null, deviceId: device ?? null, clientTime };
}

// ------------------------------------------------------------------------------------------------ request hash

/** JSON with object keys sorted at every level, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const requestHash = (body: unknown) => sha256Hex(canonicalJson(body));

// ------------------------------------------------------------------------------------------------ the helper

/**
 * Runs a write route's work once per Idempotency-Key. `work` gets the database it must use for ALL of its work (with
 * a key: the transaction the key is recorded in; never the app's db then, which on PGlite would wait for this very
 * transaction and on PostgreSQL could starve the pool).
 *
 *   handler: (request, reply) => idempotent(db, request, reply, async (db) => ok(await saveIncident(db, requireUser(request), request.body)))
 */
export async function idempotent<R>(db: Db, request: FastifyRequest, reply: FastifyReply, work: (db: Db) => Promise<R>): Promise<R> {
  const context = readSyncHeaders(request);
  const key = context.idempotencyKey;
  if (key === null) return storage.run(context, () => work(db));

  const userId = Number(requireUser(request).sub);
  const method = request.method;
  const path = request.url.split('?')[0];
  const hash = requestHash(request.body);
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKey)
        .values({ userId, key, method, path, requestHash: hash, createdAt: clockNow() })
        .onConflictDoNothing()
        .returning({ key: idempotencyKey.key });
      if (!claimed.length) {
        // committed by an earlier (or a concurrent, now finished) request with this key
        return (await replayOf(tx, request, reply, { userId, key, method, path, hash })) as R;
      }
      const result = await storage.run(context, () => work(tx));
      await tx
        .update(idempotencyKey)
        .set({ statusCode: reply.statusCode, response: result as unknown })
        .where(and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key)));
      return result;
    });
  } catch (err) {
    const status = err instanceof HttpError ? err.statusCode : undefined;
    if (status === 403 || status === 404) {
      // a queued write against something the user may not (or no longer) touch: a trace beside access_refused
      request.log.warn({ event: 'idempotent_write_refused', status, key, path, user: userId, device: context.deviceId }, (err as Error).message);
    }
    throw err;
  }
}

/**
 * The stored answer of a key already there, as the first request got it (same status, `Idempotent-Replayed: true`),
 * or 409 while it is still being processed, or 422 when the key was used for another request.
 */
async function replayOf(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  k: { userId: number; key: string; method: string; path: string; hash: string },
) {
  const [prev] = await db
    .select()
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.userId, k.userId), eq(idempotencyKey.key, k.key)));
  if (!prev || prev.statusCode === null) {
    throw new HttpError(409, ERROR_CODES.CONFLICT, 'Permintaan dengan kunci ini sedang diproses. Sila cuba lagi sebentar.', {
      field: IDEMPOTENCY_HEADER,
    });
  }
  if (prev.method !== k.method || prev.path !== k.path || prev.requestHash !== k.hash) {
    throw new HttpError(422, ERROR_CODES.IDEMPOTENCY_KEY_REUSED, KEY_REUSED_MESSAGE, { field: IDEMPOTENCY_HEADER });
  }
  request.log.info({ event: 'idempotent_replay', key: k.key, path: k.path, user: k.userId }, 'write answered from its idempotency key');
  reply.code(prev.statusCode).header(REPLAYED_HEADER, 'true');
  return prev.response;
}

/**
 * A write whose work is ONE statement (issue #18: position fixes arrive by the thousand per second). `plan` reads and
 * checks what it needs and returns the answer (status 200) and the statement's writes: CTEs (`name as (insert …)`,
 * comma-separated) given `claim`, the name of a CTE that holds a row only when this request has claimed its key
 * (always, without a key); every write must depend on it (`… where exists (select 1 from claim)`). The key is inserted with its answer IN that statement, so write and key commit together
 * with no transaction of their own: a stored answer is looked for first (a repeat is answered without running
 * `plan`, whose checks may no longer hold), then one statement; a concurrent twin waits on the key's insert and finds
 * it taken, writing nothing. Three round trips with a key instead of six.
 */
export async function idempotentStatement<R>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  plan: () => Promise<{ answer: R; writes: (claim: SQL) => SQL }>,
): Promise<R> {
  const context = readSyncHeaders(request);
  const key = context.idempotencyKey;
  return storage.run(context, async () => {
    if (key === null) {
      const { answer, writes } = await plan();
      await db.execute(sql`with claim as (select 1 as claimed), ${writes(sql.raw('claim'))} select 1`);
      return answer;
    }
    const userId = Number(requireUser(request).sub);
    const k = { userId, key, method: request.method, path: request.url.split('?')[0], hash: requestHash(request.body) };
    const [known] = await db
      .select({ key: idempotencyKey.key })
      .from(idempotencyKey)
      .where(and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key)));
    if (known) return (await replayOf(db, request, reply, k)) as R;
    const { answer, writes } = await plan();
    const res = (await db.execute(sql`with claim as (
        insert into idempotency_key (user_id, key, method, path, request_hash, status_code, response, created_at)
        values (${userId}, ${key}, ${k.method}, ${k.path}, ${k.hash}, 200, ${JSON.stringify(answer)}::jsonb, ${clockNow().toISOString()}::timestamptz)
        on conflict do nothing
        returning 1 as claimed
      ), ${writes(sql.raw('claim'))}
      select exists (select 1 from claim) as claimed`)) as unknown as { rows: { claimed: boolean }[] };
    if (res.rows[0]?.claimed) return answer;
    // a twin sent at the same time claimed the key first (and wrote); answer as it was answered
    return (await replayOf(db, request, reply, k)) as R;
  });
}

// ------------------------------------------------------------------------------------------------ retention

export async function deleteOldKeys(db: Db, now = clockNow()): Promise<number> {
  const before = new Date(now.getTime() - KEY_RETENTION_DAYS * 24 * 3600 * 1000);
  const gone = await db.delete(idempotencyKey).where(lt(idempotencyKey.createdAt, before)).returning({ key: idempotencyKey.key });
  return gone.length;
}

/** Deletes keys older than 30 days now and once a day (unref'd timer, cleared on close). */
export async function registerIdempotency(app: FastifyInstance, db: Db) {
  const sweep = async () => {
    const n = await deleteOldKeys(db);
    if (n) app.log.info({ deleted: n }, 'old idempotency keys deleted');
  };
  await sweep();
  const timer = setInterval(() => sweep().catch((err) => app.log.error({ err }, 'idempotency key cleanup failed')), CLEANUP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
