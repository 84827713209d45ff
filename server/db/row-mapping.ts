/**
 * Drizzle's rows mapped by a plan made once per statement (issue #33 item 3).
 *
 * Drizzle maps every row of a select (or `returning`) with `mapResultRow`: for each field of each row it asks again
 * what kind of field it is (`is(field, Column)`, a prototype walk when it is not), iterates the field's path with an
 * iterator and reduces into the result. On the PostgreSQL bench that was the largest part of Drizzle's own time on a
 * small read (the case's access check, the token's session state): about 45 µs of a 1.2 ms call in the CPU profile,
 * more on a list of many rows. Here each prepared statement gets, when Drizzle prepares it, a mapper that knows each
 * column's decoder and path beforehand and builds flat rows with a plain loop.
 *
 * The mapper is set as the statement's `customResultMapper`, which both drivers' prepared queries (node-postgres and
 * PGlite, drizzle-orm 0.45) call with the rows in array mode instead of mapping each row with mapResultRow; Drizzle's
 * own relational queries, which bring their own mapper, are left as they are, and a select with an outer join (a
 * table its `joinsNotNullableMap` marks as possibly missing) is mapped by Drizzle's mapResultRow as before. The result is the same
 * objects (tests/server/row-mapping.test.ts compares them, and fails if a driver's session no longer takes the hook).
 */
import * as drizzleOrm from 'drizzle-orm';
import { Column, is, SQL, Subquery } from 'drizzle-orm';

interface SelectedField {
  path: string[];
  field: unknown;
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
type Row = unknown[];
type Mapped = Record<string, unknown>;

/** Drizzle's own mapper (exported by drizzle-orm's utils, left out of its types) */
const mapResultRow = (
  drizzleOrm as unknown as { mapResultRow: (fields: readonly SelectedField[], row: Row, joins?: Record<string, boolean>) => Mapped }
).mapResultRow;

/** the decoder mapResultRow picks for a field */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/** a mapper of rows from the mapper of one row */
const eachRow =
  (mapRow: (row: Row) => Mapped) =>
  (rows: Row[]): Mapped[] => {
    const out = new Array<Mapped>(rows.length);
    for (let r = 0; r < rows.length; r++) out[r] = mapRow(rows[r]);
    return out;
  };

/** The rows' mapper of one statement's fields, equal to `rows.map((r) => mapResultRow(fields, r))`. */
export function rowMapper(fields: readonly SelectedField[]): (rows: Row[]) => Mapped[] {
  const n = fields.length;
  const decoders = fields.map((f) => decoderOf(f.field));
  const paths = fields.map((f) => f.path);
  const decoded = (row: Row, i: number) => {
    const raw = row[i];
    return raw === null ? null : decoders[i].mapFromDriverValue(raw);
  };
  if (paths.every((p) => p.length === 1)) {
    const names = paths.map((p) => p[0]);
    return eachRow((row) => {
      const o: Mapped = {};
      for (let i = 0; i < n; i++) o[names[i]] = decoded(row, i);
      return o;
    });
  }
  return eachRow((row) => {
    const o: Mapped = {};
    for (let i = 0; i < n; i++) {
      const path = paths[i];
      let node = o;
      const last = path.length - 1;
      for (let k = 0; k < last; k++) {
        const chunk = path[k];
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Mapped;
      }
      node[path[last]] = decoded(row, i);
    }
    return o;
  });
}

interface PreparedLike {
  customResultMapper?: (rows: Row[]) => unknown;
  joinsNotNullableMap?: Record<string, boolean>;
}
type PrepareQuery = (
  query: unknown,
  fields: SelectedField[] | undefined,
  name: string | undefined,
  isResponseInArrayMode: boolean,
  customResultMapper?: unknown,
  ...rest: unknown[]
) => PreparedLike;

const PATCHED = Symbol.for('lebuhraya.rowMapping');
/** marks the mappers set here */
const PLANNED = Symbol('plannedRows');

/**
 * The joins Drizzle must map itself: it sets joinsNotNullableMap after preparing, on every select ({ [table]: true }
 * without joins), and it changes the rows only where a joined table may be missing (an outer join: false).
 */
const outerJoins = (joins: Record<string, boolean> | undefined) => (joins && Object.values(joins).some((notNull) => !notNull) ? joins : null);

/** Whether a prepared statement's rows are mapped by its plan (false: Drizzle's mapResultRow, or not prepared here). */
export const mapsByPlan = (prepared: object): boolean => {
  const p = prepared as PreparedLike;
  return (p.customResultMapper as { [PLANNED]?: true } | undefined)?.[PLANNED] === true && !outerJoins(p.joinsNotNullableMap);
};

/**
 * Makes a driver session class (drizzle-orm/node-postgres's NodePgSession, drizzle-orm/pglite's PgliteSession) give
 * each statement it prepares a planned mapper; once per class, transactions' sessions included (same class).
 */
export function planRowMapping(Session: { prototype: object }): void {
  const proto = Session.prototype as { prepareQuery: PrepareQuery; [PATCHED]?: true };
  if (proto[PATCHED]) return;
  if (typeof proto.prepareQuery !== 'function') throw new Error('drizzle session without prepareQuery: server/db/row-mapping.ts needs a look');
  const prepare = proto.prepareQuery;
  proto.prepareQuery = function (this: unknown, query, fields, name, isResponseInArrayMode, customResultMapper, ...rest) {
    const prepared = prepare.call(this, query, fields, name, isResponseInArrayMode, customResultMapper, ...rest);
    if (fields && !customResultMapper) {
      const map = rowMapper(fields);
      const mapper = (rows: Row[]) => {
        const joins = outerJoins(prepared.joinsNotNullableMap);
        return joins ? rows.map((row) => mapResultRow(fields, row, joins)) : map(rows);
      };
      prepared.customResultMapper = Object.assign(mapper, { [PLANNED]: true as const });
    }
    return prepared;
  };
  proto[PATCHED] = true;
}
