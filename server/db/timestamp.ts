/**
 * `timestamp` columns that read back exactly what was written (issue #20 item 6).
 *
 * Drizzle asks both drivers (PGlite, node-postgres) for timestamps as PostgreSQL's text ('0001-01-01 00:00:00+00',
 * '2026-03-02 08:00:00.123456+08') and turns that into a Date with `new Date(text)`. That text is not ISO 8601 (a
 * space, not 'T'; an offset of '+00'), so V8 reads it with its legacy parser, which takes a year 0–49 as 2000–2049
 * and 50–99 as 1950–1999: a logsheet saved with From 0001-01-01 was stored as 0001 and answered as 2001. The column
 * here parses the text by its parts instead (any year, BC, microseconds to the millisecond, an offset with seconds),
 * and is otherwise drizzle's own: same SQL type, defaults, migrations and `$inferSelect` (Date).
 */
import type { ColumnBaseConfig } from 'drizzle-orm';
import { PgTimestamp, PgTimestampBuilder, type AnyPgTable, type PgTimestampBuilderInitial, type PgTimestampConfig } from 'drizzle-orm/pg-core';

/** PostgreSQL's text of a timestamp (DateStyle ISO), or the JSON form ('T'), with or without a zone. */
const PG_TIMESTAMP = /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?( BC)?$/;

/**
 * The instant of PostgreSQL's timestamp text; a text without a zone is UTC. 'infinity' and anything else it does not
 * know give an Invalid Date (as `new Date` would).
 */
export function parsePgTimestamp(text: string): Date {
  const m = PG_TIMESTAMP.exec(text.trim());
  if (!m) return new Date(Number.NaN);
  const [, y, mo, d, h, mi, s, frac, , sign, oh, om, os, bc] = m;
  // year 1 BC is year 0 of the proleptic Gregorian calendar that Date counts in
  const year = bc ? 1 - Number(y) : Number(y);
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC also reads a year 0–99 as 1900–1999
  at.setUTCFullYear(year, Number(mo) - 1, Number(d));
  at.setUTCHours(Number(h), Number(mi), Number(s), ms);
  const offsetMs = sign ? (sign === '-' ? -1 : 1) * ((Number(oh) * 60 + Number(om ?? 0)) * 60 + Number(os ?? 0)) * 1000 : 0;
  return new Date(at.getTime() - offsetMs);
}

class ExactTimestamp extends PgTimestamp<ColumnBaseConfig<'date', 'PgTimestamp'>> {
  override mapFromDriverValue(value: Date | string): Date {
    return typeof value === 'string' ? parsePgTimestamp(value) : value;
  }
}

type BuilderConfig<TName extends string> = {
  name: TName;
  dataType: 'date';
  columnType: 'PgTimestamp';
  data: Date;
  driverParam: string;
  enumValues: undefined;
};

class ExactTimestampBuilder<TName extends string> extends PgTimestampBuilder<BuilderConfig<TName>> {
  /** @internal drizzle's builder makes the column when the table is built */
  build(table: AnyPgTable<{ name: string }>) {
    return new ExactTimestamp(table, this.config as never);
  }
}

/** drizzle's `timestamp(name, { withTimezone, mode: 'date', precision })`, read back exactly (see above). */
export function timestamp<TName extends string>(name: TName, config: PgTimestampConfig<'date'> = {}): PgTimestampBuilderInitial<TName> {
  return new ExactTimestampBuilder(name, config.withTimezone ?? false, config.precision) as unknown as PgTimestampBuilderInitial<TName>;
}
