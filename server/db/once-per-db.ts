/** `key`'s value in `map`, made by `make` the first time it is asked for. */
export function getOrMake<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * A value made once per database handle and kept while the handle lives (a transaction is a handle of its own): the
 * reads a module prepares once (named on PostgreSQL, so the server keeps its plan) instead of building them with
 * Drizzle, and having PostgreSQL plan them, on every call (bench/uncached-reads.ts, `BENCH_EXPLAIN=1`).
 */
export function oncePerDb<D extends object, T>(make: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => getOrMake(made, db, () => make(db));
}
