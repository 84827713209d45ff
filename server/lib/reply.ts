import type { DataTablesQuery, DataTablesResult, Envelope } from '../../contract/envelope';

/** The success envelope of §7. */
export function ok<T>(body: T, statusMsg = 'OK', statusCode = 200): Envelope<T> {
  return { statusCode, statusMsg, body };
}

/** dataTables answer: rows, recordCount, page (zero-based), size. */
export function page<T>(rows: T[], recordCount: number, q: DataTablesQuery): Envelope<DataTablesResult<T>> {
  return ok({ rows, recordCount, page: Math.floor(q.start / q.length), size: q.length });
}

/**
 * A route's serializerCompiler for an answer the server builds itself from typed rows (plain strings, numbers,
 * booleans, nulls, arrays and objects of them, in the schema's key order): written as it is, not checked field by
 * field against the response schema on every call (zod's encode was 0.05–0.2 ms of a 1–2 ms call,
 * bench/uncached-reads.ts). The schema still documents the answer; tests/server/answers-as-built.test.ts checks for
 * each such route that zod would write the very same bytes.
 */
export const writtenAsBuilt = () => (data: unknown) => JSON.stringify(data);
