/**
 * The outbox: every write from the field is stored here first and leaves only when the server has acknowledged it
 * (src/offline/sync-engine.ts sends it). Our own, in Dexie, not Workbox's request queue: that one drops an item on
 * any HTTP answer, expires items after 7 days and stores the Authorization header at rest. Here:
 * - an item has a client id (its Idempotency-Key) and a per-device sequence number (`seq`);
 * - the bearer token is attached when the item is sent, never stored in it;
 * - items of one group (one incident) go in `seq` order; a parked item holds back the rest of its group only;
 * - a record created offline has an entity client id; later items refer to it as `{ $ref: id }` in the body or
 *   `{{id}}` in the path and wait until the id map knows its server id;
 * - nothing expires, nothing is removed without an acknowledgement or the user's confirmed discard.
 *
 * This module is shared by the page and the service worker: relative imports only, no DOM, no React.
 */
import type { LebuhrayaDb } from './db';

export type OutboxState = 'pending' | 'sending' | 'parked';

/**
 * Why an item stopped: 403 role, 409 the record changed on the server, 400/404/413/422 the server refused the data,
 * 'server': answered 5xx again and again while the server itself was up (a poison item: see serverErrorVerdict in
 * ./sync-engine.ts); the server could not take it.
 */
export type ParkReason = 'forbidden' | 'conflict' | 'invalid' | 'server';

export interface ParkInfo {
  reason: ParkReason;
  status: number;
  errorCode: string;
  /** the server's own message */
  message: string;
  field?: string;
  /** 409: the server's current record */
  current?: unknown;
  at: string;
}

/** A record an item creates: its server id is `answer[idField]`, kept in the id map under `entity`. */
export interface Creates {
  entity: string;
  idField: string;
  /** 'incident', 'journal', 'subform': the id map's serverKey is `${kind}:${serverId}` */
  kind: string;
}

/** Optimistic concurrency of queued edits: see versionFor(). */
export interface Versioned {
  /** e.g. 'incident:c:<uuid>' or 'incident:123' */
  entity: string;
  /** the version the screen showed when the user acted (null: unknown / new record) */
  base: number | null;
  /** the body carries `version` (an edit), or the write only moves the version on (a status write) */
  inBody: boolean;
}

export interface CacheOnAck {
  keyPrefix: string;
  keyField: string;
  idField: string;
}

export interface OutboxItem {
  seq?: number;
  clientId: string;
  userId: string;
  /** 'incident.create', 'incident.update', 'subform.save', 'audit.save', 'journal.save', 'document.save', … */
  kind: string;
  /** what the panel shows: 'Kes baharu — Kemalangan', 'Catatan jurnal N9-20261122-0003', … */
  label: string;
  path: string;
  body: unknown;
  /** document uploads: the image; the body's `fileContent` is filled from it (base64) when sent */
  blob?: Blob;
  group: string;
  creates?: Creates;
  /** entity client ids this item needs the server ids of */
  dependsOn: string[];
  /** the client id of the item whose user action this one completes (an edit's subform save): discarded with it */
  partOf?: string;
  versioned?: Versioned;
  state: OutboxState;
  attempts: number;
  /** epoch ms: not before */
  nextAttemptAt: number;
  /** ISO instant of the user's action (sent as X-Client-Time) */
  createdAt: string;
  park?: ParkInfo;
  /** the last transient failure, for the panel */
  lastError?: string;
  /**
   * the last attempt found no network (or no server): its backoff is only a guess at when the line is back, so it is
   * due again as soon as the network is known to be back (see `SyncEnv.networkBack`)
   */
  waitsForNetwork?: boolean;
  /** consecutive 5xx answers to this item (any other answer, the user's retry or fix starts again from 0) */
  serverErrors?: number;
  /** epoch ms of the first of those 5xx answers */
  serverErrorSince?: number;
  /** what the screen needs to reopen the user's form (new case / edit): the form values */
  formValues?: unknown;
  /**
   * a list kept on the device (userCache) that the server's answer joins when the item is acknowledged: the key is
   * `keyPrefix` + the answer's `keyField`, the answer replaces the row with the same `idField` or goes first
   * (see ./ack-cache.ts; a journal entry declares its case's journal)
   */
  cacheOnAck?: CacheOnAck;
  /** the incident this item belongs to, for links: server id or entity client id */
  incidentRef?: { id?: number; entity?: string; ticket?: string };
}

export interface IdMapRow {
  clientId: string;
  userId: string;
  serverId: number;
  serverKey: string;
}

export interface SyncMetaRow {
  key: string;
  value: unknown;
}

export type NewOutboxItem = Omit<OutboxItem, 'seq' | 'state' | 'attempts' | 'nextAttemptAt' | 'createdAt' | 'dependsOn' | 'clientId'> &
  Partial<Pick<OutboxItem, 'createdAt' | 'dependsOn' | 'clientId'>>;

export const newId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });

// ---------------------------------------------------------------- references

export interface Ref {
  $ref: string;
}
export const ref = (entity: string): Ref => ({ $ref: entity });
const isRef = (v: unknown): v is Ref => typeof v === 'object' && v !== null && typeof (v as Ref).$ref === 'string' && Object.keys(v).length === 1;

/** A path with an entity's server id in it: `refPath\`/rest/x/${ref}\`` → '/rest/x/{{uuid}}'. */
export const pathRef = (entity: string) => `{{${entity}}}`;

/** Every entity client id the body and path refer to. */
export function refsOf(path: string, body: unknown): string[] {
  const out = new Set<string>();
  for (const m of path.matchAll(/\{\{([^}]+)\}\}/g)) out.add(m[1]);
  const walk = (v: unknown) => {
    if (isRef(v)) out.add(v.$ref);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object' && !(v instanceof Blob)) Object.values(v).forEach(walk);
  };
  walk(body);
  return [...out];
}

/** The body and path with every reference replaced by its server id; null while one is still unknown. */
export function resolveRefs(path: string, body: unknown, ids: ReadonlyMap<string, number>): { path: string; body: unknown } | null {
  let missing = false;
  const p = path.replace(/\{\{([^}]+)\}\}/g, (_, id: string) => {
    const v = ids.get(id);
    if (v === undefined) missing = true;
    return String(v);
  });
  const walk = (v: unknown): unknown => {
    if (isRef(v)) {
      const id = ids.get(v.$ref);
      if (id === undefined) missing = true;
      return id;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object' && !(v instanceof Blob)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const b = walk(body);
  return missing ? null : { path: p, body: b };
}

// ---------------------------------------------------------------- groups

/**
 * The ordering group of an incident: the entity client id when it was created on this device (also after its
 * server id is known, so earlier and later writes stay in one queue), else its server id.
 */
export async function incidentGroup(db: LebuhrayaDb, userId: string, incident: { id?: number | null; entity?: string | null }): Promise<string> {
  if (incident.entity) return `incident:c:${incident.entity}`;
  if (incident.id == null) throw new Error('incidentGroup: an id or an entity is needed');
  const mapped = await db.idMap
    .where('serverKey')
    .equals(`incident:${incident.id}`)
    .filter((r) => r.userId === userId)
    .first();
  return mapped ? `incident:c:${mapped.clientId}` : `incident:${incident.id}`;
}

// ---------------------------------------------------------------- writes

export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('Storan peranti penuh: item tidak dapat disimpan.');
    this.name = 'StorageFullError';
    this.cause = cause;
  }
}

export const isQuotaError = (err: unknown): boolean => {
  const names = [(err as { name?: string })?.name, (err as { inner?: { name?: string } })?.inner?.name];
  // a bulk write's BulkError carries the failures of its items
  return names.includes('QuotaExceededError') || !!(err as { failures?: unknown[] })?.failures?.some(isQuotaError);
};

/**
 * Adds items (in the order given) in one transaction. A full quota throws StorageFullError (shown to the user,
 * never swallowed).
 */
export async function enqueue(db: LebuhrayaDb, items: NewOutboxItem[], opts: { replaces?: string[]; now?: Date } = {}): Promise<OutboxItem[]> {
  const now = opts.now ?? new Date();
  const rows: OutboxItem[] = items.map((i) => ({
    ...i,
    clientId: i.clientId ?? newId(),
    createdAt: i.createdAt ?? now.toISOString(),
    dependsOn: i.dependsOn ?? refsOf(i.path, i.body),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
  }));
  try {
    await db.transaction('rw', db.outbox, async () => {
      if (opts.replaces?.length) await db.outbox.where('clientId').anyOf(opts.replaces).delete();
      for (const r of rows) r.seq = await db.outbox.add(r);
    });
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError(err);
    throw err;
  }
  return rows;
}

export async function listItems(db: LebuhrayaDb, userId: string): Promise<OutboxItem[]> {
  return db.outbox.where('userId').equals(userId).sortBy('seq');
}

export async function countItems(db: LebuhrayaDb, userId: string): Promise<{ unsent: number; parked: number }> {
  const items = await db.outbox.where('userId').equals(userId).toArray();
  return { unsent: items.length, parked: items.filter((i) => i.state === 'parked').length };
}

/** The user's 'Cuba semula': a parked or waiting item goes again now. With `body`, the user's fixed data. */
export async function retryItem(db: LebuhrayaDb, clientId: string, patch: { body?: unknown; version?: number } = {}) {
  await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.where('clientId').equals(clientId).first();
    if (!item) return;
    let body = patch.body ?? item.body;
    let versioned = item.versioned;
    if (patch.version !== undefined && versioned) {
      // 'Simpan versi saya': resend on top of the server's current version
      versioned = { ...versioned, base: patch.version };
      if (versioned.inBody && body && typeof body === 'object') body = { ...(body as object), version: patch.version };
    }
    await db.outbox.update(item.seq!, {
      state: 'pending',
      park: undefined,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: undefined,
      serverErrors: undefined,
      serverErrorSince: undefined,
      body,
      versioned,
    });
  });
}

/** Every item that cannot go without this one: those of its group after it, and those that need what it creates. */
export async function dependentsOf(db: LebuhrayaDb, item: OutboxItem): Promise<OutboxItem[]> {
  const all = await listItems(db, item.userId);
  const gone = new Set<string>([item.clientId]);
  const entities = new Set<string>(item.creates ? [item.creates.entity] : []);
  const out: OutboxItem[] = [];
  for (const i of all) {
    if (gone.has(i.clientId)) continue;
    if (i.dependsOn.some((d) => entities.has(d)) || (i.partOf !== undefined && gone.has(i.partOf))) {
      out.push(i);
      gone.add(i.clientId);
      if (i.creates) entities.add(i.creates.entity);
    }
  }
  return out;
}

/**
 * The user's confirmed 'Buang': the item leaves the outbox. When it creates a record others refer to, they can
 * never be sent: they go too (the panel asks for the whole set, listing them).
 */
export async function discardItem(db: LebuhrayaDb, clientId: string): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.where('clientId').equals(clientId).first();
    if (!item) return 0;
    const deps = await dependentsOf(db, item);
    const ids = [item.clientId, ...deps.map((d) => d.clientId)];
    await db.outbox.where('clientId').anyOf(ids).delete();
    return ids.length;
  });
}

/** After a restart: an item taken for sending but never acknowledged (tab killed) is sent again (same key). */
export async function recoverInterrupted(db: LebuhrayaDb) {
  await db.outbox.filter((i) => i.state === 'sending').modify({ state: 'pending' });
}

// ---------------------------------------------------------------- sync meta

export async function metaGet<T>(db: LebuhrayaDb, key: string): Promise<T | undefined> {
  return (await db.syncMeta.get(key))?.value as T | undefined;
}
export async function metaSet(db: LebuhrayaDb, key: string, value: unknown) {
  await db.syncMeta.put({ key, value });
}

/** This device's id (sent as X-Device-Id), made once. */
export async function deviceId(db: LebuhrayaDb): Promise<string> {
  const have = await metaGet<string>(db, 'deviceId');
  if (have) return have;
  const id = newId();
  await metaSet(db, 'deviceId', id);
  return id;
}

export const lastSyncKey = (userId: string) => `lastSync:${userId}`;
/** epoch ms the server last answered 2xx: an acknowledged item (any user of the device) or the health probe */
export const SERVER_OK_KEY = 'lastServerOkAt';
export const authPausedKey = (userId: string) => `authPaused:${userId}`;

// ---------------------------------------------------------------- version chains

interface Chain {
  /** versions the user's own acknowledged writes started from or passed through */
  from: number[];
  /** the version the last of them produced */
  to: number;
}
const chainKey = (userId: string, entity: string) => `chain:${userId}:${entity}`;

/**
 * The version to send for a queued edit. The user's screen knew version `base`; when the user's own earlier writes
 * to the same record have gone through meanwhile (each moves the version on), the edit goes on top of the last of
 * them. A change by someone else is still caught: its version is in no chain, so the server answers 409.
 */
export async function versionFor(db: LebuhrayaDb, userId: string, v: Versioned): Promise<number | null> {
  if (v.base === null) return null;
  const chain = await metaGet<Chain>(db, chainKey(userId, v.entity));
  if (chain && (chain.from.includes(v.base) || chain.to === v.base)) return chain.to;
  return v.base;
}

export async function recordVersion(db: LebuhrayaDb, userId: string, v: Versioned, sent: number | null, answered: number) {
  const key = chainKey(userId, v.entity);
  const chain = (await metaGet<Chain>(db, key)) ?? { from: [], to: answered };
  const from = new Set(chain.from);
  if (v.base !== null) from.add(v.base);
  if (sent !== null) from.add(sent);
  from.add(chain.to);
  from.delete(answered);
  await metaSet(db, key, { from: [...from].slice(-50), to: answered } satisfies Chain);
}

// ---------------------------------------------------------------- id map

export async function idMapOf(db: LebuhrayaDb, userId: string): Promise<Map<string, number>> {
  const rows = await db.idMap.where('userId').equals(userId).toArray();
  return new Map(rows.map((r) => [r.clientId, r.serverId]));
}

/** The server id of a record created on this device, once it is known. */
export async function serverIdOf(db: LebuhrayaDb, entity: string): Promise<number | undefined> {
  return (await db.idMap.get(entity))?.serverId;
}
