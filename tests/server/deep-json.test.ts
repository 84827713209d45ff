/**
 * Issue #27 item 1: deeply nested JSON. A 10 KB body of 5,000 nested arrays used to answer 500 before sign-in
 * (`RangeError: Maximum call stack size exceeded at findForbiddenText`). Bodies, queries and path parameters nested
 * deeper than MAX_JSON_DEPTH (contract/text-rules.ts) are refused with a 400 naming the limit before anything walks
 * them (the route's zod schema, the idempotency fingerprint, the answer cache's key, the log); every route of the
 * OpenAPI document gets depths from 1 to 100,000 of arrays, objects and both, signed in and not: never a 5xx.
 * FC_SEED=… reruns one seed; the seed is printed.
 */
import { Writable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_PATHS } from '../../contract/activity-log-rules';
import { LEAVE_PATHS } from '../../contract/leave';
import { PATHS } from '../../contract/paths';
import { STAFF_PATHS } from '../../contract/staff';
import { findForbiddenText, MAX_JSON_DEPTH, nestsDeeperThan } from '../../contract/text-rules';
import { build } from '../../server/app';
import { appUser, staff } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
type Operation = { requestBody?: { content?: Record<string, { schema: Schema }> } };
type Kind = 'array' | 'object' | 'mixed';

const SEED = Number(process.env.FC_SEED ?? 20_261_127);
const RUNS_PER_ROUTE = Number(process.env.FC_RUNS ?? 4);
/** every route gets these depths, each of arrays and of objects, signed in and not */
const FIXED_DEPTHS = [1, 10, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 1_000, 100_000];
const LIMIT_TEXT = `maksimum ${MAX_JSON_DEPTH} tahap`;

/** The JSON text of `depth` nested arrays, objects under `key`, or both in turn, with `leaf` at the bottom. */
function nested(kind: Kind, depth: number, key = 'a', leaf = '1'): string {
  const k = JSON.stringify(key);
  if (kind === 'array') return `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
  if (kind === 'object') return `${`{${k}:`.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    open += i % 2 ? '[' : `{${k}:`;
    close = (i % 2 ? ']' : '}') + close;
  }
  return open + leaf + close;
}

const types = (s: Schema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** The first field of a body schema (the deep value then lands in a field the route reads), else 'a'. */
function firstField(schema: Schema | undefined): string {
  for (let s = schema, i = 0; s && i < 4; i++) {
    if (s.properties) return Object.keys(s.properties)[0] ?? 'a';
    s = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0];
  }
  return 'a';
}

/** How deep a schema nests objects and arrays (a JSON value of it nests no deeper); Infinity for a recursive one. */
function schemaDepth(schema: Schema | undefined, seen = new Set<Schema>()): number {
  if (!schema) return 0;
  if (seen.has(schema)) return Number.POSITIVE_INFINITY;
  seen.add(schema);
  const kids = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const own = types(schema).includes('object') || schema.properties ? 1 : types(schema).includes('array') ? 1 : 0;
  const below = Math.max(0, ...Object.values(schema.properties ?? {}).map((p) => schemaDepth(p, seen)), schemaDepth(schema.items, seen));
  const result = Math.max(own + below, ...kids.map((k) => schemaDepth(k, seen)));
  seen.delete(schema);
  return result;
}

describe('the depth rule itself (contract/text-rules.ts)', () => {
  it('measures any depth without recursion; a scalar is 0, [] and {} are 1', () => {
    expect(nestsDeeperThan('x', 0)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan([], 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true);
    for (const kind of ['array', 'object', 'mixed'] as const) {
      for (const depth of [MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 100_000, 500_000]) {
        expect(nestsDeeperThan(JSON.parse(nested(kind, depth))), `${kind} ${depth}`).toBe(depth > MAX_JSON_DEPTH);
      }
    }
  });

  it('findForbiddenText walks any depth without recursion and names the field as before', () => {
    expect(findForbiddenText({ a: [{ b: 'x' }, { c: 'y\u0000' }] })).toEqual({ field: 'a.1.c', char: 'U+0000' });
    expect(findForbiddenText({ 'k\u202E': 1 })).toEqual({ field: 'k\u202E', char: 'U+202E' });
    expect(findForbiddenText({ a: { 'k\u0001': 1 } })).toEqual({ field: 'a.k\\u0001', char: 'U+0001' });
    expect(findForbiddenText({ a: 'ok', b: ['\uD800'] }, 'body')).toEqual({ field: 'body.b.0', char: 'U+D800' });
    // the first in document order: a key before its value, a value before the next key
    expect(findForbiddenText({ a: { 'x\u0001': 'y\u0002' }, b: '\u0003' })).toEqual({ field: 'a.x\\u0001', char: 'U+0001' });
    expect(findForbiddenText({ a: ['\u0004', '\u0005'], b: '\u0003' })).toEqual({ field: 'a.0', char: 'U+0004' });
    expect(findForbiddenText(JSON.parse(nested('mixed', 100_000, 'a', '"ok"')))).toBeNull();
    const deep = findForbiddenText(JSON.parse(nested('array', 100_000, 'a', '"\\u0000"')));
    expect(deep?.char).toBe('U+0000');
    expect(deep?.field.split('.')).toHaveLength(100_000);
  });
});

describe('deeply nested JSON on every route (#27)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const tokens: Record<string, string> = {};
  /** the users the requests are sent as: no token, and roles that between them pass every route's permission */
  const WHO = ['superadmin', 'opsmgmt', 'tmca', 'pr', 'admin'] as const;
  type Who = (typeof WHO)[number] | null;
  const signIn = async (who: Exclude<Who, null>) => {
    tokens[who] = (await login(app, who)).token;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    for (const who of WHO) await signIn(who);
  });
  afterAll(async () => app?.cleanup());

  const post = (who: Who, url: string, payload: string, headers: Record<string, string> = {}) =>
    call(app, who ? tokens[who] : null, { method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

  it('the cases of the issue: 5,000 nested arrays in 10 KB answer 400 naming the limit, before sign-in and after', async () => {
    const body = nested('array', 5_000);
    expect(body.length).toBe(10_001);
    const login = await post(null, PATHS.login, body);
    expect(login.statusCode, login.body).toBe(400);
    expect(login.json()).toMatchObject({ statusCode: 400, body: { errorCode: 'VALIDATION', field: 'body' } });
    expect(login.json().statusMsg).toBe(`Input tidak sah: body — Data bersarang terlalu dalam: ${LIMIT_TEXT}.`);
    for (const url of [LEAVE_PATHS.save, STAFF_PATHS.save, ACTIVITY_PATHS.save, PATHS.dutyRosterDataTables, PATHS.dashboardDataTables]) {
      const res = await post('superadmin', url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().statusMsg, url).toContain(LIMIT_TEXT);
    }
    // the limit itself is let through to the route's own schema; one more level is refused
    const atLimit = await post(null, PATHS.login, nested('object', MAX_JSON_DEPTH, 'username'));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().statusMsg).not.toContain(LIMIT_TEXT);
    const over = await post(null, PATHS.login, nested('object', MAX_JSON_DEPTH + 1, 'username'));
    expect(over.json().statusMsg).toContain(LIMIT_TEXT);
    // a deep value in a field nobody reads is refused all the same; a deep query string is impossible (flat)
    const hidden = await post(null, PATHS.login, `{"username":"tmca","password":"x","extra":${nested('array', 1_000)}}`);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().statusMsg).toContain(LIMIT_TEXT);
  });

  it('no body the API takes comes near the limit (its OpenAPI document)', () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
    let deepest = 0;
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) deepest = Math.max(deepest, schemaDepth(op.requestBody?.content?.['application/json']?.schema));
    }
    expect(deepest).toBeGreaterThan(1);
    expect(deepest).toBeLessThan(MAX_JSON_DEPTH / 4);
  });

  it('with an Idempotency-Key and on a cached read, a body at the limit is answered (fingerprint, cache key), never 5xx', async () => {
    for (const kind of ['array', 'object', 'mixed'] as const) {
      for (const url of [LEAVE_PATHS.save, PATHS.dashboardDataTables, STAFF_PATHS.dataTables]) {
        for (const depth of [MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 100_000]) {
          const headers = { 'idempotency-key': `deep-${kind}-${depth}-${url.length}` };
          const res = await post('superadmin', url, nested(kind, depth, 's'), headers);
          expect(res.statusCode, `${kind} ${depth} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (depth > MAX_JSON_DEPTH) expect(res.json().statusMsg).toContain(LIMIT_TEXT);
        }
      }
    }
  });

  it('every route of the OpenAPI document, depths 1 to 100,000, signed in and not: never a 5xx', async () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase() as 'GET' | 'POST', op })),
    );
    expect(routes.length).toBeGreaterThan(90);
    console.log(
      `deep json: seed ${SEED}, ${routes.length} routes, ${FIXED_DEPTHS.length} fixed depths × 2 shapes × 2 users + ${RUNS_PER_ROUTE} generated each`,
    );

    let requests = 0;
    let refusedForDepth = 0;
    let renewed = 0;
    const send = async (route: (typeof routes)[number], who: Who, kind: Kind, depth: number, leaf = 'null', idempotencyKey?: string) => {
      const url = route.path.replace(/\{(\w+)\}/g, '1');
      // within the limit the deep value lands in a field the route reads; past it a short key keeps 100,000 levels of
      // objects under the 1 MB body limit (a longer body is 413, never parsed)
      const key = depth <= MAX_JSON_DEPTH ? firstField(route.op.requestBody?.content?.['application/json']?.schema) : 'a';
      const res = await call(app, who ? tokens[who] : null, {
        method: route.method,
        url,
        headers: { 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        payload: nested(kind, depth, key, leaf),
      });
      requests++;
      const what = `${route.method} ${route.path} as ${who ?? 'nobody'}, ${depth} levels of ${kind}: ${res.body.slice(0, 300)}`;
      if (res.statusCode >= 500) throw new Error(`answered ${res.statusCode}: ${what}`);
      if (res.statusCode === 400 && res.json().statusMsg?.includes(LIMIT_TEXT)) {
        refusedForDepth++;
        if (depth <= MAX_JSON_DEPTH) throw new Error(`refused a body within the limit: ${what}`);
      }
      // a shallow body can be a valid write: sign-out, or [1] to staff/delete (the account of staff 1 deactivated).
      // Never a 5xx all the same; the test's users are put back and signed in again for the next request
      if (who && res.statusCode === 401) {
        renewed++;
        await restoreUsers();
        await signIn(who);
      }
      return res;
    };

    const restoreUsers = async () => {
      const users = await app.ctx.db
        .select({ staffId: appUser.staffId })
        .from(appUser)
        .where(inArray(appUser.username, [...WHO]));
      await app.ctx.db
        .update(appUser)
        .set({ isActive: true })
        .where(inArray(appUser.username, [...WHO]));
      await app.ctx.db
        .update(staff)
        .set({ isActive: true })
        .where(
          inArray(
            staff.id,
            users.map((u) => u.staffId),
          ),
        );
    };

    let keySeq = 0;
    let reached = 0;
    for (const route of routes) {
      // signed in as the first user whose role the route lets in (the others are refused before the body is read)
      let signedIn: Exclude<Who, null> = WHO[0];
      for (const who of WHO) {
        const probe = await send(route, who, 'array', MAX_JSON_DEPTH + 1);
        if (probe.statusCode !== 403) {
          signedIn = who;
          if (probe.statusCode === 400) reached++;
          break;
        }
      }
      for (const depth of FIXED_DEPTHS) {
        for (const kind of ['array', 'object'] as const) {
          for (const who of [null, signedIn]) await send(route, who, kind, depth);
        }
      }
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.integer({ min: 1, max: 2 * MAX_JSON_DEPTH }), fc.integer({ min: 1, max: 100_000 })),
          fc.constantFrom<Kind>('array', 'object', 'mixed'),
          fc.constantFrom<Who>(null, ...WHO),
          fc.constantFrom('null', '1', '"x"', 'true', '{}', '[]'),
          fc.boolean(),
          async (depth, kind, who, leaf, withKey) => {
            await send(route, who, kind, depth, leaf, withKey ? `deep-json-${++keySeq}` : undefined);
          },
        ),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    console.log(
      `deep json: ${requests} requests, ${reached} routes read a body past the limit and refused it, ${refusedForDepth} refused for their depth (400), ` +
        `${renewed} sessions renewed, 0 answered 5xx`,
    );
    // every route that reads a body (GET routes take none) refuses one past the limit
    expect(reached).toBeGreaterThanOrEqual(routes.filter((r) => r.method !== 'GET').length);
  }, 600_000);

  it('logs no error and never the body', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // a second app with a logger, on this file's database (already seeded)
    const shared = {
      db: app.ctx.db,
      kind: app.ctx.dbKind,
      where: 'shared',
      writes: app.ctx.writes,
      exclusive: <T>(fn: () => Promise<T>) => fn(),
      close: async () => {},
    };
    const logged = await build({ logger: { level: 'trace', stream }, db: shared, config: app.ctx.config });
    try {
      await logged.ready();
      const token = (await login(logged, 'superadmin')).token;
      lines.length = 0;
      for (const depth of [MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 100_000]) {
        for (const [who, url] of [
          [null, PATHS.login],
          [token, LEAVE_PATHS.save],
        ] as const) {
          const res = await call(logged, who, {
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: nested('mixed', depth, 'sekret'),
          });
          expect(res.statusCode).toBe(400);
        }
      }
      const entries = lines.map((l) => JSON.parse(l) as { level: number; msg?: string });
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.join('')).not.toContain('sekret');
    } finally {
      await logged.close();
    }
  });
});
