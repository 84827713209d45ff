import type { DataTablesQuery, DataTablesResult, Envelope } from '../../contract/envelope';

/** The success envelope of §7. */
export function ok<T>(body: T, statusMsg = 'OK', statusCode = 200): Envelope<T> {
  return { statusCode, statusMsg, body };
}

/** dataTables answer: rows, recordCount, page (zero-based), size. */
export function page<T>(rows: T[], recordCount: number, q: DataTablesQuery): Envelope<DataTablesResult<T>> {
  return ok({ rows, recordCount, page: Math.floor(q.start / q.length), size: q.length });
}
