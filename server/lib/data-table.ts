/**
 * The administration kit's server half (issues #14, #15, #16): one way to answer a §7 dataTables list (a filtered,
 * sorted page and its total in one statement) and one way to write its CSV. Every list of the administration areas
 * (staff, users, leave, teams, shifts, rondas, checkpoints, rosters, vehicles…) is a query builder handed to
 * listPage(), with the columns a user may sort by named once.
 */
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import Papa from 'papaparse';
import type { DataTablesQuery } from '../../contract/envelope';
import { badRequest } from './http-error';

/** A LIKE/ILIKE pattern fragment matching `s` literally: its `\\`, `%` and `_` escaped (PostgreSQL's default escape `\\`). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The columns a list may be sorted by: the name the client sends (orderColumn) → the column or expression. */
export type Sortable = Record<string, AnyColumn | SQL>;

/** `count(*) over ()`: the total of the filtered list, read in the same statement as its page. */
export const totalOver = () => sql<number>`(count(*) over ())::int`.as('total_over');

/** The ORDER BY of a list: the requested column (whitelisted, else 400), then the tie-breakers for a stable paging. */
export function orderOf(
  q: Pick<DataTablesQuery, 'orderColumn' | 'direction'>,
  sortable: Sortable,
  fallback: string,
  tieBreakers: (AnyColumn | SQL)[] = [],
): SQL[] {
  const key = q.orderColumn ?? fallback;
  const col = sortable[key];
  if (!col) throw badRequest(`Lajur susunan tidak sah: ${key}. Pilihan: ${Object.keys(sortable).join(', ')}.`, 'orderColumn');
  const dir = q.direction === 'desc' ? desc : asc;
  return [dir(col), ...tieBreakers.map((c) => asc(c))];
}

/**
 * One page of a list. `qb` is a dynamic select (`.$dynamic()`) with its joins and where, selecting `total: totalOver()`
 * beside the row's fields; listPage orders, limits and offsets it. A page past the end still says the total.
 */
export async function listPage<Q extends PgSelect, Row extends { total: number }>(
  qb: Q,
  q: DataTablesQuery,
  order: SQL[],
): Promise<{ rows: Omit<Row, 'total'>[]; recordCount: number }> {
  const raw = (await qb
    .orderBy(...order)
    .limit(q.length)
    .offset(q.start)) as unknown as Row[];
  let recordCount = raw[0]?.total ?? 0;
  if (!raw.length && q.start > 0) {
    // past the end: the first row still carries the total (a dynamic builder is changed in place and run again)
    const first = (await qb.limit(1).offset(0)) as unknown as Row[];
    recordCount = first[0]?.total ?? 0;
  }
  return { rows: raw.map(({ total: _total, ...row }) => row), recordCount };
}

// ------------------------------------------------------------------------------------------------ CSV

/** One column of a CSV: its heading and how a row's value is written. */
export interface CsvColumn<Row> {
  label: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** At most this many rows go into one CSV export (a filtered list, not a database dump). */
export const CSV_EXPORT_MAX_ROWS = 50_000;

/**
 * The CSV of a list as a spreadsheet opens it right: UTF-8 with a BOM, every field quoted, CRLF line ends. Values
 * that a spreadsheet would run as a formula (=, +, -, @ first) are prefixed with an apostrophe (CSV injection).
 */
export function toCsv<Row>(rows: Row[], columns: CsvColumn<Row>[]): string {
  const cell = (v: ReturnType<CsvColumn<Row>['value']>) => {
    if (v === null || v === undefined) return '';
    const s = typeof v === 'boolean' ? (v ? 'Ya' : 'Tidak') : String(v);
    return typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  };
  return `\uFEFF${Papa.unparse({ fields: columns.map((c) => c.label), data: rows.map((r) => columns.map((c) => cell(c.value(r)))) }, { quotes: true, newline: '\r\n' })}\r\n`;
}

/** The Content-Disposition of a CSV download: `<name>-<yyyy-mm-dd>.csv`. */
export const csvDisposition = (name: string, date: string) => `attachment; filename="${name.replace(/[^A-Za-z0-9_-]/g, '_')}-${date}.csv"`;

// ------------------------------------------------------------------------------------------------ CSV import

export interface CsvImportIssue {
  /** 1-based line in the file (the header is line 1) */
  line: number;
  field?: string;
  message: string;
}

/**
 * Reads an uploaded CSV for an import (one parser for every import: papaparse). Refuses, before any row is looked at,
 * a file that is not UTF-8, has no rows or too many, or lacks a required column; a header is matched without case and
 * surrounding spaces. Answers the rows keyed by the expected header names, with their line numbers.
 */
export function parseCsvImport(
  bytes: Buffer,
  opts: { required: readonly string[]; optional?: readonly string[]; maxRows: number },
): { rows: { line: number; values: Record<string, string> }[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('Fail CSV mesti dalam pengekodan UTF-8 (simpan semula sebagai "CSV UTF-8").', 'file');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // row by row, to know the line each row starts on (a quoted field may hold line breaks); rows of nothing but
  // blanks and commas are skipped, as a spreadsheet's trailing lines are
  const all: { cells: string[]; line: number }[] = [];
  let offset = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    step: (r) => {
      const cells = r.data;
      if (!cells.every((c) => c.trim() === '')) all.push({ cells, line });
      const end = r.meta.cursor;
      for (let i = offset; i < end; i++) if (text.charCodeAt(i) === 10 || (text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) !== 10)) line++;
      offset = end;
    },
  });
  const [head, ...data] = all;
  const header = head?.cells;
  if (!header || !data.length) throw badRequest('Fail CSV tiada baris data.', 'file');
  if (data.length > opts.maxRows) throw badRequest(`Fail CSV mempunyai ${data.length} baris; maksimum ${opts.maxRows} baris satu import.`, 'file');
  const norm = (h: string) => h.trim().toLowerCase();
  const known = [...opts.required, ...(opts.optional ?? [])];
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const name = known.find((k) => norm(k) === norm(h));
    if (name && !index.has(name)) index.set(name, i);
  });
  const missing = opts.required.filter((r) => !index.has(r));
  if (missing.length) throw badRequest(`Lajur CSV tiada: ${missing.join(', ')}. Lajur diperlukan: ${opts.required.join(', ')}.`, 'file');
  return {
    rows: data.map(({ cells, line }) => ({
      line,
      values: Object.fromEntries([...index].map(([name, col]) => [name, (cells[col] ?? '').trim()])),
    })),
  };
}
