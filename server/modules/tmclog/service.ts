/**
 * TMC logsheet (§2.17, §3.10, §4.7): save (new / edit within a day of creation), search and CSV export.
 *
 * Region rules. A new logsheet belongs to the caller's region unless another is chosen; TMCA (role 104) may only
 * write its own region (§5: the field is locked for it). A user who does not see every region (seesAllRegions) lists
 * its own region's logsheets plus those it wrote itself, and may edit only those. The region never changes on an
 * edit. The edit window (one day, §4.7, §9) runs on the server's clock from the creation time.
 */
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import type { TmcLogsheetFilter, TmcLogsheetRow, TmcLogsheetSave } from '../../../contract/logsheet';
import { LOGSHEET_CSV_MAX_ROWS, LOGSHEET_EDIT_WINDOW_MS, logsheetEditableUntil } from '../../../contract/logsheet-rules';
import { ROLE_IDS } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { region, staff, tmcLogsheet } from '../../db/schema';
import { escapeLike } from '../../lib/data-table';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { dayjs, localDmy, localHms, localInstant, TZ } from '../../lib/time';
import { seesAllRegions } from '../../plugins/auth';

export const LOGSHEET_SAVED = 'Catatan berjaya dihantar!';
export const LOGSHEET_EDIT_EXPIRED = 'Catatan log hanya boleh dikemaskini dalam tempoh satu hari selepas dicipta.';
export const LOGSHEET_OTHER_REGION = 'Anda tidak dibenarkan menulis catatan log bagi wilayah lain.';
export const LOGSHEET_REGION_FIXED = 'Wilayah catatan log tidak boleh ditukar semasa kemaskini.';

const modifier = alias(staff, 'modifier');

const columns = {
  l: tmcLogsheet,
  regionCode: region.code,
  regionName: region.name,
  creatorName: staff.displayName,
  modifierName: modifier.displayName,
};
type DbRow = { l: typeof tmcLogsheet.$inferSelect; regionCode: string; regionName: string; creatorName: string; modifierName: string | null };

function toRow(r: DbRow): TmcLogsheetRow {
  const created = dayjs(r.l.createdAt).tz(TZ);
  return {
    pkTmcLogsheetId: r.l.id,
    staffId: r.l.staffId,
    pkRegionId: r.l.regionId,
    regionCode: r.regionCode,
    regionName: r.regionName,
    date: created.format('YYYY-MM-DD'),
    time: created.format('HH:mm:ss'),
    from: r.l.fromAt.toISOString(),
    to: r.l.toAt.toISOString(),
    remarks: r.l.remarks,
    createdBy: { pkStaffId: r.l.staffId, displayName: r.creatorName },
    createdDate: r.l.createdAt.toISOString(),
    modifiedBy: r.l.modifiedByStaffId && r.modifierName ? { pkStaffId: r.l.modifiedByStaffId, displayName: r.modifierName } : null,
    modifiedDate: r.l.modifiedAt ? r.l.modifiedAt.toISOString() : null,
    editableUntil: logsheetEditableUntil(r.l.createdAt),
  };
}

const selectRows = (db: Db) =>
  db
    .select(columns)
    .from(tmcLogsheet)
    .innerJoin(region, eq(region.id, tmcLogsheet.regionId))
    .innerJoin(staff, eq(staff.id, tmcLogsheet.staffId))
    .leftJoin(modifier, eq(modifier.id, tmcLogsheet.modifiedByStaffId));

/** May this user write (create in / edit) a logsheet of this region, written by this staff member? */
function mayWrite(user: TokenClaims, regionId: number, writerStaffId: number | null): boolean {
  if (seesAllRegions(user) || regionId === user.reg) return true;
  if (user.rid === ROLE_IDS.TMCA) return false;
  // a TMCS may write for another region (the field is open for it, §5) and keeps its own entries
  return writerStaffId === null || writerStaffId === user.sid;
}

export async function getLogsheet(db: Db, id: number): Promise<TmcLogsheetRow | undefined> {
  const [row] = await selectRows(db).where(eq(tmcLogsheet.id, id));
  return row ? toRow(row) : undefined;
}

export async function saveLogsheet(db: Db, user: TokenClaims, input: TmcLogsheetSave, now = new Date()): Promise<TmcLogsheetRow> {
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
  const [created] = await db.insert(tmcLogsheet).values({ staffId: user.sid, regionId, fromAt, toAt, remarks, createdAt: now }).returning({ id: tmcLogsheet.id });
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

export async function listLogsheets(db: Db, user: TokenClaims, f: TmcLogsheetFilter, q: DataTablesQuery): Promise<{ rows: TmcLogsheetRow[]; recordCount: number }> {
  const cond = conditions(user, f);
  const [rows, [{ count }]] = await Promise.all([
    selectRows(db).where(cond).orderBy(...orderOf(q)).limit(q.length).offset(q.start),
    db.select({ count: sql<number>`count(*)::int` }).from(tmcLogsheet).where(cond),
  ]);
  return { rows: rows.map(toRow), recordCount: count };
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
export async function logsheetCsv(db: Db, user: TokenClaims, f: TmcLogsheetFilter, q?: Partial<Pick<DataTablesQuery, 'orderColumn' | 'direction'>>): Promise<string> {
  const rows = (await selectRows(db).where(conditions(user, f)).orderBy(...orderOf(q)).limit(LOGSHEET_CSV_MAX_ROWS)).map(toRow);
  const lines = [csvLine(CSV_HEADER)];
  rows.forEach((r, i) =>
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
    ),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** tmc-logsheet-dd-mm-yyyy.csv (today in Asia/Brunei). */
export const csvFileName = (now = new Date()) => `tmc-logsheet-${localDmy(now)}.csv`;
