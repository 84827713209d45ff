/**
 * server/db/row-mapping.ts: every statement Drizzle prepares on the app's database maps its rows with a planned
 * mapper, and the rows are the very objects Drizzle's own mapResultRow makes of the same raw rows: flat and nested
 * selections, every column type the schema uses (the exact timestamps included), SQL fields with their decoders,
 * nulls, outer joins (left to Drizzle), insert … returning, prepared and one-off statements. On PGlite, or on
 * PostgreSQL when DATABASE_URL is set (the driver the server runs with).
 */
import * as drizzleOrm from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/client';
import { mapsByPlan } from '../../server/db/row-mapping';
import { timestamp } from '../../server/db/timestamp';
import { openTestDb } from './support/database';

const mapResultRow = (drizzleOrm as unknown as { mapResultRow: (fields: unknown, row: unknown[], joins?: unknown) => unknown }).mapResultRow;

const item = pgTable('rm_item', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  qty: integer('qty'),
  price: numeric('price'),
  ratio: doublePrecision('ratio'),
  ok: boolean('ok').notNull(),
  at: timestamp('at', { withTimezone: true }),
  day: date('day'),
  data: jsonb('data'),
  tags: text('tags').array(),
});
const note = pgTable('rm_note', {
  id: serial('id').primaryKey(),
  itemId: integer('item_id').notNull(),
  body: text('body').notNull(),
});

/** the first row, every column with a value */
const ITEM_A = {
  name: 'a',
  qty: 3,
  price: '12.50',
  ratio: 0.25,
  ok: true,
  at: new Date('2026-12-03T07:00:00.123Z'),
  day: '2026-12-03',
  data: { k: [1, 'x'] },
  tags: ['p', 'q'],
};

let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDb();
  await handle.db.execute(sql`create table rm_item (id serial primary key, name text not null, qty integer, price numeric, ratio double precision,
    ok boolean not null, at timestamptz, day date, data jsonb, tags text[])`);
  await handle.db.execute(sql`create table rm_note (id serial primary key, item_id integer not null, body text not null)`);
  await handle.db.insert(item).values([ITEM_A, { name: 'b', ok: false, at: new Date('0001-01-01T00:00:00Z') }]);
  await handle.db.insert(note).values([{ itemId: 1, body: 'first' }]);
});
afterAll(async () => {
  await handle?.close();
});

type Prepared = {
  execute: (values?: Record<string, unknown>) => Promise<unknown[]>;
  fields: unknown;
  joinsNotNullableMap?: unknown;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/**
 * Runs a prepared statement, keeping the raw rows its mapper got; answers what it answered, what Drizzle makes of the
 * same rows, and whether the statement maps by its plan.
 */
async function both(prepared: Prepared, values?: Record<string, unknown>) {
  const planned = prepared.customResultMapper;
  expect(planned, 'the session gave the statement a planned mapper').toBeTypeOf('function');
  const byPlan = mapsByPlan(prepared);
  let raw: unknown[][] = [];
  prepared.customResultMapper = (rows) => {
    raw = rows;
    return planned?.(rows);
  };
  const got = await prepared.execute(values);
  return { got, drizzles: raw.map((r) => mapResultRow(prepared.fields, r, prepared.joinsNotNullableMap)), byPlan };
}

describe('rows mapped by a plan (server/db/row-mapping.ts)', () => {
  it('a flat select of every column type: the same objects as Drizzle, typed as Drizzle types them', async () => {
    const prepared = handle.db.select().from(item).orderBy(item.id).prepare('rm_flat') as unknown as Prepared;
    const { got, drizzles, byPlan } = await both(prepared);
    expect(got).toEqual(drizzles);
    expect(byPlan).toBe(true);
    const [a, b] = got as (typeof item.$inferSelect)[];
    expect(a).toEqual({ id: 1, ...ITEM_A });
    expect(b.at?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(b.qty).toBeNull();
    expect(b.data).toBeNull();
  });

  it('nested selections, SQL fields with decoders and placeholders', async () => {
    const prepared = handle.db
      .select({
        item: { id: item.id, at: item.at },
        n: sql<number>`count(*) over ()`.mapWith(Number),
        upper: sql<string>`upper(${item.name})`,
        notes: { count: sql<number>`(select count(*) from rm_note where item_id = ${item.id})`.mapWith(Number) },
      })
      .from(item)
      .where(eq(item.ok, sql.placeholder('ok')))
      .prepare('rm_nested') as unknown as Prepared;
    const { got, drizzles, byPlan } = await both(prepared, { ok: true });
    expect(got).toEqual(drizzles);
    expect(byPlan).toBe(true);
    expect(got).toEqual([{ item: { id: 1, at: new Date('2026-12-03T07:00:00.123Z') }, n: 1, upper: 'A', notes: { count: 1 } }]);
  });

  it('an outer join is left to Drizzle (a missing joined row is null, not an object of nulls)', async () => {
    const prepared = handle.db
      .select()
      .from(item)
      .leftJoin(note, eq(note.itemId, item.id))
      .orderBy(item.id)
      .prepare('rm_join') as unknown as Prepared;
    const { got, drizzles, byPlan } = await both(prepared);
    expect(got).toEqual(drizzles);
    expect(byPlan).toBe(false);
    // an inner join maps by plan
    const inner = handle.db.select().from(item).innerJoin(note, eq(note.itemId, item.id)).prepare('rm_inner') as unknown as Prepared;
    const both2 = await both(inner);
    expect(both2.got).toEqual(both2.drizzles);
    expect(both2.got).toHaveLength(1);
    expect(both2.byPlan).toBe(true);
    expect((got as { rm_note: unknown }[]).map((r) => r.rm_note)).toEqual([{ id: 1, itemId: 1, body: 'first' }, null]);
  });

  it('one-off statements and insert … returning go through the same mapper', async () => {
    const rows = await handle.db.insert(note).values({ itemId: 2, body: 'second' }).returning({ id: note.id, itemId: note.itemId });
    expect(rows).toEqual([{ id: 2, itemId: 2 }]);
    const one = await handle.db.select({ name: item.name, at: item.at }).from(item).where(eq(item.id, 2));
    expect(one).toEqual([{ name: 'b', at: new Date('0001-01-01T00:00:00Z') }]);
    expect(one[0].at).toBeInstanceOf(Date);
  });
});
