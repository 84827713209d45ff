/**
 * Replays the outbox against the REST API. Runs in the page and in the service worker (Background Sync), one at a
 * time (Web Locks, see withSyncLock). Shared code: relative imports only, no DOM, no React.
 *
 * Answers:
 * - 2xx: acknowledged; the item leaves (with what it created put in the id map), in one transaction;
 * - no network / timeout: stop, retry later (backoff); 5xx, 408, 429: retry this item later, its group waits;
 * - the same item answered 5xx SERVER_PARK_AFTER times in a row while the server is up (another item was acknowledged
 *   since, or the health probe answers): park it as 'server' (a poison item, issue #20); a server that is down parks
 *   nothing (see serverErrorVerdict);
 * - 401: pause everything, keep it all, resume when the user signs in again;
 * - 403: park (role changed); 409: park beside the server's version; 400/404/413/422…: park with the server's message.
 * A parked or waiting item holds back the later items of its group; other groups go on.
 */
import { applyAck } from './ack-cache';
import type { LebuhrayaDb } from './db';
import {
  authPausedKey,
  deviceId,
  idMapOf,
  lastSyncKey,
  listItems,
  metaGet,
  metaSet,
  recordVersion,
  recoverInterrupted,
  resolveRefs,
  SERVER_OK_KEY,
  versionFor,
  type OutboxItem,
  type ParkInfo,
  type ParkReason,
} from './outbox';

export const SYNC_LOCK = 'lebuhraya-outbox';
export const SYNC_CHANNEL = 'lebuhraya-sync';
export const SYNC_TAG = 'lebuhraya-outbox';
/** The backoff timer never waits longer than this. */
export const MAX_BACKOFF_MS = 5 * 60_000;
const BASE_BACKOFF_MS = 2_000;
const TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 120_000;

export type Outcome = { kind: 'ack' } | { kind: 'offline' } | { kind: 'retry' } | { kind: 'auth' } | { kind: 'park'; reason: ParkReason };

/** What to do with an answer: HTTP status (0 = no answer reached us: network down or timed out). */
export function classify(status: number): Outcome {
  if (status === 0) return { kind: 'offline' };
  if (status >= 200 && status < 300) return { kind: 'ack' };
  if (status === 401) return { kind: 'auth' };
  if (status === 403) return { kind: 'park', reason: 'forbidden' };
  if (status === 409) return { kind: 'park', reason: 'conflict' };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'retry' };
  return { kind: 'park', reason: 'invalid' };
}

// ---------------------------------------------------------------- poison items (issue #20)

/** Consecutive 5xx answers to one item after which it may be parked as 'server'. */
export const SERVER_PARK_AFTER = 4;
/** A 2xx answer of the server counts as "the server is up" for this long. */
export const SERVER_OK_FRESH_MS = 60_000;
/** The server's public health check (PATHS.health in contract/paths.ts; this module imports relatively only). */
export const HEALTH_PATH = '/healthz';
const PROBE_TIMEOUT_MS = 10_000;

export interface ServerErrorFacts {
  /** consecutive 5xx answers to this item, the one just received included */
  serverErrors: number;
  /** epoch ms of the first of them */
  since: number;
  /** epoch ms the server last answered 2xx (an acknowledged item or the health probe); undefined: never */
  lastServerOkAt?: number;
  now: number;
}

/**
 * What to do with an item answered 5xx (the rule of issue #20, pure):
 * - fewer than SERVER_PARK_AFTER answers in a row: 'retry' (backoff, as any 5xx);
 * - then, when the server answered 2xx since this item's first 5xx and within SERVER_OK_FRESH_MS: 'park' (the server
 *   is up and keeps failing on this very item: a poison item, it would be retried forever and hold its group);
 * - else 'probe': ask the health check; 2xx → park, anything else (down, no answer) → retry. A server that is simply
 *   down (every request 5xx or unanswered) never parks anything.
 */
export function serverErrorVerdict(f: ServerErrorFacts): 'retry' | 'probe' | 'park' {
  if (f.serverErrors < SERVER_PARK_AFTER) return 'retry';
  const ok = f.lastServerOkAt;
  if (ok !== undefined && ok >= f.since && f.now - ok <= SERVER_OK_FRESH_MS) return 'park';
  return 'probe';
}

/** Exponential backoff with jitter, capped at 5 minutes: attempt 1 ≈ 2 s, 2 ≈ 4 s, … */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const raw = BASE_BACKOFF_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(MAX_BACKOFF_MS, Math.round(raw * (0.8 + 0.4 * random())));
}

export interface SyncSession {
  token: string;
  userId: string;
  /** ISO instant the token stops working */
  expiresAt?: string;
}

export type SyncEvent =
  | { type: 'acked'; item: OutboxItem; answer: unknown }
  | { type: 'parked'; item: OutboxItem; park: ParkInfo }
  | { type: 'paused'; reason: 'auth' | 'offline' }
  | { type: 'drained'; result: DrainResult };

export interface SyncEnv {
  db: LebuhrayaDb;
  fetch: typeof fetch;
  /** the signed-in session, read when items are sent (never stored in an item) */
  session: () => Promise<SyncSession | null>;
  /** absolute origin for the paths (tests, the worker); '' = same origin */
  origin?: string;
  now?: () => number;
  onEvent?: (e: SyncEvent) => void;
  /**
   * the network has just come back (the browser's `online`, a Background Sync, the user's 'Segerakkan sekarang'): the
   * items that wait only for the network are due now instead of at the end of their backoff. A replay that gets any
   * item acknowledged learns the same and releases them too (a server restarted while the device stayed online).
   */
  networkBack?: boolean;
}

export interface DrainResult {
  sent: number;
  parked: number;
  /** items left in the outbox */
  left: number;
  stoppedBy?: 'offline' | 'auth' | 'signedOut' | 'locked';
  /** epoch ms the replay began (a screen waiting for its items ignores replays that began before they were queued) */
  startedAt: number;
  /** epoch ms of the earliest item that waits for its backoff (for the timer) */
  nextAttemptAt?: number;
}

// ---------------------------------------------------------------- sending

function bytesToBase64(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let s = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) s += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(s);
}

interface Answer {
  status: number;
  payload: unknown;
  error?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function send(env: SyncEnv, item: OutboxItem, path: string, body: unknown, token: string, device: string): Promise<Answer> {
  let payload = body;
  if (item.blob && isRecord(body)) payload = { ...body, fileContent: bytesToBase64(await item.blob.arrayBuffer()) };
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
    'Idempotency-Key': item.clientId,
    'X-Device-Id': device,
    'X-Client-Time': item.createdAt,
  };
  let res: Response;
  try {
    res = await env.fetch(`${env.origin ?? ''}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(payload ?? {}),
      cache: 'no-store',
      signal: AbortSignal.timeout(item.blob ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS),
    });
  } catch (err) {
    return { status: 0, payload: null, error: err instanceof Error ? err.message : String(err) };
  }
  const text = await res.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  // an envelope may carry its own failing statusCode on a 200
  let status = res.status;
  if (res.ok && isRecord(parsed) && typeof parsed.statusCode === 'number' && parsed.statusCode >= 400) status = parsed.statusCode;
  // a proxy or captive portal answering HTML is not the API's acknowledgement
  if (status >= 200 && status < 300 && !isRecord(parsed) && !Array.isArray(parsed)) status = 502;
  return { status, payload: parsed };
}

/** Whether the server is up: its health check answers 2xx with `status: 'ok'` (a proxy's page or 503 is not). */
async function serverIsUp(env: SyncEnv): Promise<boolean> {
  try {
    const res = await env.fetch(`${env.origin ?? ''}${HEALTH_PATH}`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!res.ok) return false;
    const body: unknown = await res.json().catch(() => null);
    return isRecord(body) && body.status === 'ok';
  } catch {
    return false;
  }
}

function parkInfo(reason: ParkReason, a: Answer): ParkInfo {
  const env = isRecord(a.payload) ? a.payload : {};
  const body = isRecord(env.body) ? env.body : {};
  return {
    reason,
    status: a.status,
    errorCode: typeof body.errorCode === 'string' ? body.errorCode : `HTTP_${a.status}`,
    message: typeof env.statusMsg === 'string' && env.statusMsg ? env.statusMsg : typeof env.message === 'string' ? env.message : `HTTP ${a.status}`,
    field: typeof body.field === 'string' ? body.field : undefined,
    current: body.current,
    at: new Date().toISOString(),
  };
}

const answerBody = (payload: unknown) => (isRecord(payload) && 'body' in payload && 'statusCode' in payload ? payload.body : payload);

async function acknowledge(env: SyncEnv, item: OutboxItem, userId: string, sentVersion: number | null, payload: unknown) {
  const { db } = env;
  const body = answerBody(payload);
  await db.transaction('rw', db.outbox, db.idMap, db.syncMeta, 'userCache', async () => {
    await db.outbox.delete(item.seq!);
    await applyAck(db, userId, item, body);
    if (item.creates && isRecord(body) && typeof body[item.creates.idField] === 'number') {
      const serverId = body[item.creates.idField] as number;
      await db.idMap.put({ clientId: item.creates.entity, userId, serverId, serverKey: `${item.creates.kind}:${serverId}` });
    }
    if (item.versioned && isRecord(body) && typeof body.version === 'number')
      await recordVersion(db, userId, item.versioned, sentVersion, body.version);
    const at = (env.now ?? Date.now)();
    await metaSet(db, lastSyncKey(userId), new Date(at).toISOString());
    await metaSet(db, SERVER_OK_KEY, at);
  });
  env.onEvent?.({ type: 'acked', item, answer: body });
}

// ---------------------------------------------------------------- draining

interface Suspect {
  item: OutboxItem;
  answer: Answer;
  serverErrors: number;
  attempts: number;
}

/**
 * The end of a replay: items answered 5xx SERVER_PARK_AFTER times or more without evidence yet that the server is up.
 * An item acknowledged later in this replay is that evidence; else the health probe is asked (once). With it, they
 * are parked as 'server' (unless the user retried or fixed one meanwhile); without it (the server is down), they
 * keep their backoff. Returns how many were parked.
 */
async function parkSuspects(env: SyncEnv, suspects: Suspect[]): Promise<number> {
  const { db } = env;
  const now = env.now ?? Date.now;
  let parked = 0;
  let probed: boolean | undefined;
  for (const s of suspects) {
    const current = await db.outbox.get(s.item.seq!);
    if (current?.state !== 'pending' || current.serverErrors !== s.serverErrors || current.attempts !== s.attempts) continue;
    const facts = { serverErrors: s.serverErrors, since: current.serverErrorSince ?? now(), now: now() };
    let verdict = serverErrorVerdict({ ...facts, lastServerOkAt: await metaGet<number>(db, SERVER_OK_KEY) });
    if (verdict === 'probe') {
      probed ??= await serverIsUp(env);
      if (!probed) continue;
      const at = now();
      await metaSet(db, SERVER_OK_KEY, at);
      verdict = serverErrorVerdict({ ...facts, now: at, lastServerOkAt: at });
    }
    if (verdict !== 'park') continue;
    const park = parkInfo('server', s.answer);
    const done = await db.transaction('rw', db.outbox, async () => {
      const again = await db.outbox.get(s.item.seq!);
      if (again?.state !== 'pending' || again.serverErrors !== s.serverErrors || again.attempts !== s.attempts) return false;
      await db.outbox.update(s.item.seq!, { state: 'parked', park, nextAttemptAt: 0 });
      return true;
    });
    if (!done) continue;
    parked++;
    env.onEvent?.({ type: 'parked', item: s.item, park });
  }
  return parked;
}

/** Makes the items of `userId` that wait only for the network (not a 5xx's backoff) due at `at`. */
async function releaseForNetwork(db: LebuhrayaDb, userId: string, at: number) {
  await db.outbox
    .where('userId')
    .equals(userId)
    .filter((i) => i.state === 'pending' && i.waitsForNetwork === true && i.nextAttemptAt > at)
    .modify({ nextAttemptAt: at });
}

/**
 * Sends what can go now, in order, until nothing more can. Call it under withSyncLock. Safe to call at any time:
 * an item is removed only after the server's acknowledgement, and a resend carries the same Idempotency-Key.
 */
export async function drain(env: SyncEnv): Promise<DrainResult> {
  const { db } = env;
  const now = env.now ?? Date.now;
  const startedAt = now();
  await recoverInterrupted(db);
  const session = await env.session();
  if (!session) return { sent: 0, parked: 0, left: await db.outbox.count(), stoppedBy: 'signedOut', startedAt };
  const { userId } = session;
  const result: DrainResult = { sent: 0, parked: 0, left: 0, startedAt };
  // what waited only for the network is due now, written down: a replay that stops at once (an expired token) must
  // not lose it, or the sign-in that follows finds those items still waiting out a backoff of up to 5 minutes
  if (env.networkBack) await releaseForNetwork(db, userId, now());
  if (session.expiresAt && Date.parse(session.expiresAt) <= now()) {
    await metaSet(db, authPausedKey(userId), true);
    result.stoppedBy = 'auth';
  } else {
    await metaSet(db, authPausedKey(userId), false);
  }
  const device = await deviceId(db);
  /** items answered 5xx often enough to be parked once the server is known to be up */
  const suspects: Suspect[] = [];

  let networkBack = env.networkBack ?? false;
  while (!result.stoppedBy) {
    let progressed = false;
    const items = await listItems(db, userId);
    const ids = await idMapOf(db, userId);
    const held = new Set<string>();
    for (const item of items) {
      if (held.has(item.group)) continue;
      if (item.state === 'parked' || (item.nextAttemptAt > now() && !(networkBack && item.waitsForNetwork))) {
        held.add(item.group);
        if (item.state !== 'parked') result.nextAttemptAt = Math.min(result.nextAttemptAt ?? Infinity, item.nextAttemptAt);
        continue;
      }
      const resolved = resolveRefs(item.path, item.body, ids);
      if (!resolved) {
        held.add(item.group);
        continue;
      }
      let body = resolved.body;
      let sentVersion: number | null = null;
      if (item.versioned) {
        sentVersion = await versionFor(db, userId, item.versioned);
        if (item.versioned.inBody && isRecord(body) && sentVersion !== null) body = { ...body, version: sentVersion };
        if (!item.versioned.inBody) sentVersion = null;
      }
      await db.outbox.update(item.seq!, { state: 'sending' });
      const fresh = await env.session();
      if (!fresh || fresh.userId !== userId) {
        await db.outbox.update(item.seq!, { state: 'pending' });
        result.stoppedBy = 'signedOut';
        break;
      }
      const answer = await send(env, item, resolved.path, body, fresh.token, device);
      const outcome = classify(answer.status);
      if (outcome.kind === 'ack') {
        await acknowledge(env, item, userId, sentVersion, answer.payload);
        if (item.creates) ids.set(item.creates.entity, (answerBody(answer.payload) as Record<string, number>)[item.creates.idField]);
        result.sent++;
        progressed = true;
        networkBack = true;
        continue;
      }
      if (outcome.kind === 'park') {
        const park = parkInfo(outcome.reason, answer);
        await db.outbox.update(item.seq!, { state: 'parked', park, attempts: item.attempts + 1 });
        held.add(item.group);
        result.parked++;
        env.onEvent?.({ type: 'parked', item, park });
        continue;
      }
      const attempts = item.attempts + 1;
      const lastError = answer.error ?? parkInfo('invalid', answer).message;
      if (outcome.kind === 'auth') {
        await db.outbox.update(item.seq!, { state: 'pending', lastError });
        await metaSet(db, authPausedKey(userId), true);
        result.stoppedBy = 'auth';
        env.onEvent?.({ type: 'paused', reason: 'auth' });
        break;
      }
      // a 5xx: counted per item; the same item failing again and again on a server that is up is parked
      let serverErrors: number | undefined;
      let serverErrorSince: number | undefined;
      if (answer.status >= 500) {
        serverErrors = (item.serverErrors ?? 0) + 1;
        serverErrorSince = serverErrors > 1 && item.serverErrorSince !== undefined ? item.serverErrorSince : now();
        const verdict = serverErrorVerdict({
          serverErrors,
          since: serverErrorSince,
          lastServerOkAt: await metaGet<number>(db, SERVER_OK_KEY),
          now: now(),
        });
        if (verdict === 'park') {
          const park = parkInfo('server', answer);
          await db.outbox.update(item.seq!, { state: 'parked', park, attempts, lastError, serverErrors, serverErrorSince });
          held.add(item.group);
          result.parked++;
          env.onEvent?.({ type: 'parked', item, park });
          continue;
        }
        // no evidence yet that the server is up: decided when this replay ends (a later item may be acknowledged)
        if (verdict === 'probe') suspects.push({ item, answer, serverErrors, attempts });
      }
      const nextAttemptAt = now() + backoffMs(attempts);
      const waitsForNetwork = outcome.kind === 'offline';
      await db.outbox.update(item.seq!, { state: 'pending', attempts, nextAttemptAt, lastError, serverErrors, serverErrorSince, waitsForNetwork });
      result.nextAttemptAt = Math.min(result.nextAttemptAt ?? Infinity, nextAttemptAt);
      if (outcome.kind === 'offline') {
        result.stoppedBy = 'offline';
        env.onEvent?.({ type: 'paused', reason: 'offline' });
        break;
      }
      held.add(item.group);
    }
    if (!progressed) break;
  }
  if (suspects.length && result.stoppedBy !== 'offline') {
    const parked = await parkSuspects(env, suspects);
    if (parked) {
      result.parked += parked;
      // the timer waits for the backoff of what still waits, not of what was just parked
      const waits = (await listItems(db, userId)).filter((i) => i.state === 'pending' && i.nextAttemptAt > now()).map((i) => i.nextAttemptAt);
      result.nextAttemptAt = waits.length ? Math.min(...waits) : undefined;
    }
  }
  result.left = await db.outbox.where('userId').equals(userId).count();
  env.onEvent?.({ type: 'drained', result });
  return result;
}

/** Whether the sync of this user is paused for a new sign-in (a 401 or an expired token). */
export async function isAuthPaused(db: LebuhrayaDb, userId: string) {
  return (await metaGet<boolean>(db, authPausedKey(userId))) === true;
}

interface LockManagerLike {
  request<T>(name: string, opts: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<T>): Promise<T>;
}

/**
 * Runs `fn` when no other tab or worker of this origin is replaying; otherwise returns 'locked' at once (the one
 * that holds the lock reads the outbox again before it lets go). Without Web Locks, runs it.
 */
export async function withSyncLock<T>(
  fn: () => Promise<T>,
  locks: LockManagerLike | undefined = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks,
): Promise<T | 'locked'> {
  if (!locks) return fn();
  return locks.request(SYNC_LOCK, { ifAvailable: true }, async (lock) => (lock ? fn() : ('locked' as const)));
}
