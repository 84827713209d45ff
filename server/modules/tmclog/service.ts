/**
 * TMC logsheet (§2.17, §3.10, §4.7): save (new / edit within a day of creation), search and CSV export.
 *
 * Region rules. A new logsheet belongs to the caller's region unless another is chosen; TMCA (role 104) may only
 * write its own region (§5: the field is locked for it). A user who does not see every region (seesAllRegions) lists
 * its own region's logsheets plus those it wrote itself, and may edit only those. The region never changes on an
 * edit. The edit window (one day, §4.7, §9) runs on the server's clock from the creation time.
 */
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import type { TmcLogsheetFilter, TmcLogsheetRow, TmcLogsheetSave } from '../../../contract/logsheet';
import { LOGSHEET_CSV_MAX_ROWS, LOGSHEET_EDIT_WINDOW_MS } from '../../../contract/logsheet-rules';
import { ROLE_IDS } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { region, tmcLogsheet } from '../../db/schema';
import { escapeLike } from '../../lib/data-table';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { dayjs, localDmy, localHms, localInstant, TZ } from '../../lib/time';
import { seesAllRegions } from '../../plugins/auth';
import { now as clockNow } from '../../lib/clock';

export const LOGSHEET_SAVED = 'Catatan berjaya dihantar!';
export const LOGSHEET_EDIT_EXPIRED = 'Catatan log hanya boleh dikemaskini dalam tempoh satu hari selepas dicipta.';
export const LOGSHEET_OTHER_REGION = 'Anda tidak dibenarkan menulis catatan log bagi wilayah lain.';
export const LOGSHEET_REGION_FIXED = 'Wilayah catatan log tidak boleh ditukar semasa kemaskini.';

/**
 * The listed logsheets, newest From first unless asked otherwise, with their names and texts made in SQL: the page's
 * ids (and the filter's total, `count(*) over ()`, read in the same pass: the filter has no index that gives the
 * order, so the page already reads every match) are joined to the region and the writers; the local (Asia/Brunei)
 * creation date and time and the ISO instants are formatted by PostgreSQL, the same texts toISOString() and dayjs
 * wrote (milliseconds, Z), so no Date or time zone work is left per row.
 */
const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const local = (column: string, format: string) => sql.raw(`to_char(${column} AT TIME ZONE '${TZ}', '${format}')`);

interface SqlRow {
  id: number;
  staffId: number;
  regionId: number;
  regionCode: string;
  regionName: string;
  date: string;
  time: string;
  from: string;
  to: string;
  remarks: string;
  creatorName: string;
  createdDate: string;
  modifiedByStaffId: number | null;
  modifierName: string | null;
  modifiedDate: string | null;
  editableUntil: string;
  total: number;
}

function rowsQuery(where: SQL | undefined, order: SQL[], page: { limit: number; offset?: number }): SQL {
  const orderBy = sql.join(order, sql`, `);
  return sql`SELECT
      tmc_logsheet.id AS "id", tmc_logsheet.staff_id AS "staffId", tmc_logsheet.region_id AS "regionId", r.code AS "regionCode", r.name AS "regionName",
      ${local('tmc_logsheet.created_at', 'YYYY-MM-DD')} AS "date", ${local('tmc_logsheet.created_at', 'HH24:MI:SS')} AS "time",
      ${iso('tmc_logsheet.from_at')} AS "from", ${iso('tmc_logsheet.to_at')} AS "to", tmc_logsheet.remarks AS "remarks", s.display_name AS "creatorName",
      ${iso('tmc_logsheet.created_at')} AS "createdDate", tmc_logsheet.modified_by_staff_id AS "modifiedByStaffId", m.display_name AS "modifierName",
      ${iso('tmc_logsheet.modified_at')} AS "modifiedDate",
      to_char((tmc_logsheet.created_at + ${LOGSHEET_EDIT_WINDOW_MS} * interval '1 millisecond') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "editableUntil",
      p.total AS "total"
    FROM (SELECT ${tmcLogsheet.id} AS id, (count(*) OVER ())::int AS total FROM ${tmcLogsheet}
          ${where ? sql`WHERE ${where}` : sql``} ORDER BY ${orderBy} LIMIT ${page.limit} OFFSET ${page.offset ?? 0}) p
    JOIN ${tmcLogsheet} ON ${tmcLogsheet.id} = p.id
    JOIN region r ON r.id = ${tmcLogsheet.regionId}
    JOIN staff s ON s.id = ${tmcLogsheet.staffId}
    LEFT JOIN staff m ON m.id = ${tmcLogsheet.modifiedByStaffId}
    ORDER BY ${orderBy}`;
}

function toRow(r: SqlRow): TmcLogsheetRow {
  return {
    pkTmcLogsheetId: r.id,
    staffId: r.staffId,
    pkRegionId: r.regionId,
    regionCode: r.regionCode,
    regionName: r.regionName,
    date: r.date,
    time: r.time,
    from: r.from,
    to: r.to,
    remarks: r.remarks,
    createdBy: { pkStaffId: r.staffId, displayName: r.creatorName },
    createdDate: r.createdDate,
    modifiedBy: r.modifiedByStaffId && r.modifierName ? { pkStaffId: r.modifiedByStaffId, displayName: r.modifierName } : null,
    modifiedDate: r.modifiedDate,
    editableUntil: r.editableUntil,
  };
}

async function readRows(db: Db, query: SQL): Promise<SqlRow[]> {
  return ((await db.execute(query)) as unknown as { rows: SqlRow[] }).rows;
}

/** May this user write (create in / edit) a logsheet of this region, written by this staff member? */
function mayWrite(user: TokenClaims, regionId: number, writerStaffId: number | null): boolean {
  if (seesAllRegions(user) || regionId === user.reg) return true;
  if (user.rid === ROLE_IDS.TMCA) return false;
  // a TMCS may write for another region (the field is open for it, §5) and keeps its own entries
  return writerStaffId === null || writerStaffId === user.sid;
}

export async function getLogsheet(db: Db, id: number): Promise<TmcLogsheetRow | undefined> {
  const [row] = await readRows(db, rowsQuery(eq(tmcLogsheet.id, id), orderOf(undefined), { limit: 1 }));
  return row ? toRow(row) : undefined;
}

export async function saveLogsheet(db: Db, user: TokenClaims, input: TmcLogsheetSave, now = clockNow()): Promise<TmcLogsheetRow> {
  const fromAt = new Date(input.from);
  const toAt = new Date(input.to);
  if (toAt < fromAt) throw badRequest("Masa 'To' tidak boleh sebelum masa 'From'.", 'to');
  const remarks = (input.remarks ?? '').trim();

  if (input.pkTmcLogsheetId) {
    const [current] = await db.select().from(tmcLogsheet).where(eq(tmcLogsheet.id, input.pkTmcLogsheetId)).for('update');
    if (!current) throw notFound('Catatan log tidak dijumpai.');
    if (!mayWrite(user, current.regionId, current.staffId)) throw forbidden(LOGSHEET_OTHER_REGION);
    if (input.pkRegionId !== undefined && input.pkRegionId !== current.regionId) throw badRequest(LOGSHEET_REGION_FIXED, 'pkRegionId');
    if (now.getTime() >= current.createdAt.getTime() + LOGSHEET_EDIT_WINDOW_MS) throw forbidden(LOGSHEET_EDIT_EXPIRED);
    await db.update(tmcLogsheet).set({ fromAt, toAt, remarks, modifiedByStaffId: user.sid, modifiedAt: now }).where(eq(tmcLogsheet.id, current.id));
    return (await getLogsheet(db, current.id))!;
  }

  const regionId = input.pkRegionId ?? user.reg;
  if (!mayWrite(user, regionId, null)) throw forbidden(LOGSHEET_OTHER_REGION);
  const [known] = await db.select({ id: region.id }).from(region).where(eq(region.id, regionId));
  if (!known) throw badRequest('Wilayah tidak wujud.', 'pkRegionId');
  const [created] = await db
    .insert(tmcLogsheet)
    .values({ staffId: user.sid, regionId, fromAt, toAt, remarks, createdAt: now })
    .returning({ id: tmcLogsheet.id });
  return (await getLogsheet(db, created.id))!;
}

function conditions(user: TokenClaims, f: TmcLogsheetFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (seesAllRegions(user)) {
    if (f.pkRegionId) conds.push(eq(tmcLogsheet.regionId, f.pkRegionId));
  } else {
    // its own region, plus what it wrote for another one
    conds.push(or(eq(tmcLogsheet.regionId, user.reg), eq(tmcLogsheet.staffId, user.sid)));
    if (f.pkRegionId) conds.push(eq(tmcLogsheet.regionId, f.pkRegionId));
  }
  if (f.dateFrom) conds.push(gte(tmcLogsheet.fromAt, localInstant(f.dateFrom)));
  if (f.dateTo) conds.push(lt(tmcLogsheet.fromAt, dayjs(localInstant(f.dateTo)).add(1, 'day').toDate()));
  if (f.text) for (const word of f.text.split(/\s+/).filter(Boolean).slice(0, 10)) conds.push(ilike(tmcLogsheet.remarks, `%${escapeLike(word)}%`));
  if (f.createdBy) conds.push(eq(tmcLogsheet.staffId, f.createdBy));
  return and(...conds);
}

const SORTABLE = { from: tmcLogsheet.fromAt, to: tmcLogsheet.toAt, createdDate: tmcLogsheet.createdAt } as const;

function orderOf(q: Partial<Pick<DataTablesQuery, 'orderColumn' | 'direction'>> | undefined) {
  const col = q?.orderColumn && q.orderColumn in SORTABLE ? SORTABLE[q.orderColumn as keyof typeof SORTABLE] : null;
  // newest first unless a known column is asked for
  if (!col) return [desc(tmcLogsheet.fromAt), desc(tmcLogsheet.id)];
  const dir = q?.direction === 'asc' ? asc : desc;
  return [dir(col), dir(tmcLogsheet.id)];
}

export async function listLogsheets(
  db: Db,
  user: TokenClaims,
  f: TmcLogsheetFilter,
  q: DataTablesQuery,
): Promise<{ rows: TmcLogsheetRow[]; recordCount: number }> {
  const cond = conditions(user, f);
  // one statement: the page and the filter's total
  const rows = await readRows(db, rowsQuery(cond, orderOf(q), { limit: q.length, offset: q.start }));
  let recordCount = rows[0]?.total ?? 0;
  if (!rows.length && q.start > 0) {
    // past the end: no row carries the total
    [{ count: recordCount }] = await db.select({ count: sql<number>`count(*)::int` }).from(tmcLogsheet).where(cond);
  }
  return { rows: rows.map(toRow), recordCount };
}

// ------------------------------------------------------------------------------------------------ CSV

/** One field: always quoted, quotes doubled; a leading = + - @ (spreadsheet formula) is neutralised with a '. */
export function csvField(value: string | number | null | undefined): string {
  let s = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export const csvLine = (fields: (string | number | null | undefined)[]) => fields.map(csvField).join(',');

export const CSV_HEADER = [
  'Bil',
  'Wilayah',
  'Tarikh Dari',
  'Masa Dari',
  'Tarikh Hingga',
  'Masa Hingga',
  'Catatan',
  'Dicipta Oleh',
  'Tarikh Dicipta',
  'Masa Dicipta',
  'Dikemaskini Oleh',
  'Tarikh Dikemaskini',
  'Masa Dikemaskini',
];

const d = (iso: string | null) => (iso ? localDmy(iso) : '');
const t = (iso: string | null) => (iso ? localHms(iso) : '');

/** The CSV of the filtered logsheets (newest first): UTF-8 with a BOM, CRLF, every field quoted, dd-mm-yyyy, HH:mm:ss. */
export async function logsheetCsv(
  db: Db,
  user: TokenClaims,
  f: TmcLogsheetFilter,
  q?: Partial<Pick<DataTablesQuery, 'orderColumn' | 'direction'>>,
): Promise<string> {
  const rows = (await readRows(db, rowsQuery(conditions(user, f), orderOf(q), { limit: LOGSHEET_CSV_MAX_ROWS }))).map(toRow);
  const lines = [csvLine(CSV_HEADER)];
  rows.forEach((r, i) => {
    lines.push(
      csvLine([
        i + 1,
        `${r.regionName} (${r.regionCode})`,
        d(r.from),
        t(r.from),
        d(r.to),
        t(r.to),
        r.remarks,
        r.createdBy.displayName,
        d(r.createdDate),
        t(r.createdDate),
        r.modifiedBy?.displayName ?? '',
        d(r.modifiedDate),
        t(r.modifiedDate),
      ]),
    );
  });
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** tmc-logsheet-dd-mm-yyyy.csv (today in Asia/Brunei). */
export const csvFileName = (now = clockNow()) => `tmc-logsheet-${localDmy(now)}.csv`;
