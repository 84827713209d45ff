/**
 * SQL of the incident lists (manage/dashboard/dataTables, the case search) and their counters.
 *
 * Every list query is written against `incident i` alone first (filter, order, page), so PostgreSQL can walk one of
 * the incident indexes of schema.ts in the list's order and stop after one page: the region/section/at indexes,
 * the partial open-case indexes (status 202 and 210 hidden, §4.2), status/at, the involved-vehicle plate index and
 * the unique ticket number. The page's ids are then joined to the labels (lookup_item in Malay), the section,
 * region, roster and plates. The same builders feed the benchmark, which runs this SQL directly through `pg`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DASHBOARD_HIDDEN_STATUSES } from '../../../contract/lookups';
import { LIST_COUNT_CAP } from '../../../contract/incident-rules';
import type { IncidentListRow } from '../../../contract/incidents';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/data-table';

/** A filter after the region scope and the inputs have been checked (service.ts). */
export interface ListFilter {
  /** only this region (the caller's own unless the caller sees every region) */
  regionId?: number;
  /** section_id in these ids, or specific_section_id in `specificIds` */
  section?: { ids: number[]; specificIds: number[] };
  /** incident_at in [from, to) */
  from?: Date;
  to?: Date;
  categoryId?: number;
  /** normalised plate (upper case, no spaces): cases with an involved vehicle whose plate starts with it */
  platePrefix?: string;
  /** km within [min, max] (numeric KM search) */
  kmRange?: { min: number; max: number };
  /** kilometer_marker starts with this text (case-insensitive) */
  kmText?: string;
  /** status_id in this set (incidentStatus, incidentStatusGroup) */
  statuses?: number[];
  /** hide 202 and 210 (the dashboard default) */
  hideClosed: boolean;
  ticket?: { value: string; prefix: boolean };
  /** only cases assigned to a roster of these teams (the caller's own: assignedToMe) */
  assignedTeamIds?: number[];
}

export const ORDER_COLUMNS = ['createdDate', 'incidentAt', 'ticketNumber', 'statusKes', 'section', 'jenisKes'] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];
export const isOrderColumn = (c: string): c is OrderColumn => (ORDER_COLUMNS as readonly string[]).includes(c);

export interface ListPaging {
  orderColumn: OrderColumn;
  direction: 'asc' | 'desc';
  length: number;
  start: number;
}

/** The open-case condition, written as the partial indexes of schema.ts are, so the planner can use them. */
const OPEN_CASE = sql.raw(`(i.status_id IS NULL OR i.status_id NOT IN (${DASHBOARD_HIDDEN_STATUSES.join(', ')}))`);

/** Plates and tickets are [A-Z0-9+-]: every string starting with p lies in [p, p + 'Z'×40]; LIKE rechecks it. */
const upperBound = (p: string) => p + 'Z'.repeat(40);
const likePrefix = (p: string) => `${escapeLike(p)}%`;
const list = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export function whereOf(f: ListFilter): SQL {
  const parts: SQL[] = [];
  if (f.regionId !== undefined) parts.push(sql`i.region_id = ${f.regionId}`);
  if (f.section) {
    const { ids, specificIds } = f.section;
    const bySection = ids.length === 1 ? sql`i.section_id = ${ids[0]}` : sql`i.section_id IN (${list(ids)})`;
    parts.push(specificIds.length ? sql`(${bySection} OR i.specific_section_id IN (${list(specificIds)}))` : bySection);
  }
  if (f.from) parts.push(sql`i.incident_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`i.incident_at < ${f.to.toISOString()}::timestamptz`);
  if (f.categoryId !== undefined) parts.push(sql`i.category_id = ${f.categoryId}`);
  if (f.ticket) {
    const t = f.ticket.value;
    parts.push(
      f.ticket.prefix
        ? sql`i.ticket_number >= ${t} AND i.ticket_number <= ${upperBound(t)} AND i.ticket_number LIKE ${likePrefix(t)}`
        : sql`i.ticket_number = ${t}`,
    );
  }
  if (f.platePrefix) {
    const p = f.platePrefix;
    parts.push(sql`i.id IN (SELECT v.incident_id FROM involved_vehicle v
      WHERE v.plate_normalized >= ${p} AND v.plate_normalized <= ${upperBound(p)} AND v.plate_normalized LIKE ${likePrefix(p)}
        AND v.deleted_at IS NULL)`);
  }
  if (f.kmRange) parts.push(sql`i.km BETWEEN ${f.kmRange.min} AND ${f.kmRange.max}`);
  if (f.kmText) parts.push(sql`i.kilometer_marker ILIKE ${likePrefix(f.kmText)}`);
  if (f.assignedTeamIds !== undefined) {
    // the teams as values: the planner then reads their rosters through duty_roster's team index
    parts.push(
      f.assignedTeamIds.length
        ? sql`i.duty_roster_id IN (SELECT dr.id FROM duty_roster dr WHERE dr.team_id IN (${list(f.assignedTeamIds)}))`
        : sql`false`,
    );
  }
  if (f.statuses) {
    parts.push(f.statuses.length ? sql`i.status_id IN (${list(f.statuses)})` : sql`false`);
    // all asked-for statuses open: say so in the index's own words, so the partial open-case indexes qualify
    if (f.statuses.length && f.statuses.every((s) => !DASHBOARD_HIDDEN_STATUSES.includes(s))) parts.push(OPEN_CASE);
  }
  if (f.hideClosed) parts.push(OPEN_CASE);
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

/**
 * ORDER BY of one page; every order ends in a unique key so pages never overlap or skip. The time order is written
 * as the indexes are (incident_at DESC NULLS LAST, id DESC NULLS LAST; read backwards for ASC NULLS FIRST): the
 * columns are NOT NULL, but the planner only walks an index whose null order matches.
 */
const NEWEST_FIRST = sql.raw('i.incident_at DESC NULLS LAST, i.id DESC NULLS LAST');
export function orderOf(paging: Pick<ListPaging, 'orderColumn' | 'direction'>): SQL {
  const asc = paging.direction === 'asc';
  const d = sql.raw(asc ? 'ASC' : 'DESC');
  switch (paging.orderColumn) {
    case 'createdDate':
    case 'incidentAt':
      return asc ? sql.raw('i.incident_at ASC NULLS FIRST, i.id ASC NULLS FIRST') : NEWEST_FIRST;
    case 'ticketNumber':
      // unique and not null: the ticket alone orders the pages (and walks its unique index)
      return sql`i.ticket_number ${d}`;
    case 'statusKes':
      // the status list's own order (Tugasan Dihantar → … → Tutup, Ditolak, Negative, Batal); no status last
      return sql`(SELECT li.sort_order FROM lookup_item li WHERE li.key = i.status_id) ${d} NULLS LAST, ${NEWEST_FIRST}`;
    case 'section':
      return sql`(SELECT s.name FROM section s WHERE s.id = coalesce(i.specific_section_id, i.section_id)) ${d}, ${NEWEST_FIRST}`;
    case 'jenisKes':
      return sql`i.category_id ${d}, ${NEWEST_FIRST}`;
  }
}

/** One page of ids in list order. */
export function pageIdsQuery(f: ListFilter, paging: ListPaging): SQL {
  return sql`SELECT i.id FROM incident i WHERE ${whereOf(f)} ORDER BY ${orderOf(paging)} LIMIT ${paging.length} OFFSET ${paging.start}`;
}

/**
 * The page's rows (§3.2) with their Malay labels, in list order. Labels come from one-row subqueries rather than
 * joins: a ten-way join costs the planner tens of milliseconds on every call, the subqueries next to nothing.
 */
export function listRowsQuery(f: ListFilter, paging: ListPaging): SQL {
  const label = (column: string) => sql.raw(`(SELECT li.value FROM lookup_item li WHERE li.key = i.${column})`);
  // the columns in the order of IncidentListRowSchema (the times first): the answer is written as built
  return sql`SELECT
      ${iso('i.dispatched_at')} AS "dihantar",
      ${iso('i.received_at')} AS "diterima",
      ${iso('i.arrived_at')} AS "tiba",
      ${iso('i.assistance_done_at')} AS "selesaiBantuan",
      ${iso('i.case_done_at')} AS "selesaiKes",
      i.id AS "incidentId",
      i.subform_id AS "subformId",
      ${iso('i.incident_at')} AS "createdDate",
      coalesce(${label('category_id')}, i.category_id::text) AS "jenisKes",
      i.category_id AS "incidentCategoryId",
      i.ticket_number AS "ticketNumber",
      i.kilometer_marker AS "kilometermarker",
      coalesce(${label('direction_id')}, '') AS "direction",
      (SELECT e.name FROM event_location e WHERE e.id = i.event_location_id) AS "eventLocation",
      (SELECT s.name FROM section s WHERE s.id = coalesce(i.specific_section_id, i.section_id)) AS "section",
      (SELECT r.name FROM region r WHERE r.id = i.region_id) AS "regionName",
      coalesce(${label('source_id')}, '') AS "creationSource",
      coalesce(${label('status_id')}, 'Tiada Status') AS "statusKes",
      i.status_id AS "statusId",
      (SELECT d.duty_roster_name FROM duty_roster d WHERE d.id = i.duty_roster_id) AS "dutyRosterName",
      ARRAY(SELECT v.plate_number FROM involved_vehicle v
            WHERE v.subform_id = i.subform_id AND v.deleted_at IS NULL ORDER BY v.id LIMIT 5) AS "plateNumbers"
    FROM unnest(ARRAY(${pageIdsQuery(f, paging)})) WITH ORDINALITY AS p(id, rn)
    JOIN incident i ON i.id = p.id
    ORDER BY p.rn`;
}

/** Matches counted up to `cap` + 1 (so "more than the cap" can be told): a count never walks a million rows. */
export function listCountQuery(f: ListFilter, cap = LIST_COUNT_CAP): SQL {
  return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM incident i WHERE ${whereOf(f)} LIMIT ${cap + 1}) c`;
}

/** Cases per event type; the caller leaves the event-type filter out so the counters split the rest of the filter. */
export function countByCategoryQuery(f: ListFilter): SQL {
  return sql`SELECT i.category_id AS key, count(*)::int AS n FROM incident i WHERE ${whereOf(f)} GROUP BY i.category_id`;
}

/** Cases per status; the caller leaves the status choice out (keeping the dashboard's default hiding of 202/210). */
export function countByStatusQuery(f: ListFilter): SQL {
  return sql`SELECT i.status_id AS key, count(*)::int AS n FROM incident i WHERE ${whereOf(f)} GROUP BY i.status_id`;
}

type Driver = { query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }> };
/** statements as text and parameters, by what they were built from (most recently asked kept) */
const compiled = new Map<string, { sql: string; params: unknown[] }>();
const COMPILED_MAX = 1_000;
const dialect = new PgDialect();

/**
 * The rows of a list or counter statement. The dashboard asks the same filter and page every 15 seconds from every
 * TMC screen: a statement's text is built once per `key` (what `build` builds it from) and sent through the driver as
 * it is (the same text and parameters Drizzle's execute would send; these statements answer plain text, numbers and
 * text arrays, which both drivers read alike), instead of being built, compiled and wrapped by Drizzle on every call.
 */
export async function compiledRows<T>(db: Db, key: string, build: () => SQL): Promise<T[]> {
  let q = compiled.get(key);
  if (q) compiled.delete(key);
  else q = dialect.sqlToQuery(build());
  compiled.set(key, q);
  if (compiled.size > COMPILED_MAX) compiled.delete(compiled.keys().next().value as string);
  return (await (db as unknown as { $client: Driver }).$client.query(q.sql, q.params)).rows as T[];
}

/** The page and its count, side by side. */
export async function findIncidentRows(
  db: Db,
  f: ListFilter,
  paging: ListPaging,
): Promise<{ rows: IncidentListRow[]; recordCount: number; recordCountCapped: boolean }> {
  const [rows, count] = await Promise.all([
    compiledRows<IncidentListRow>(db, JSON.stringify(['rows', f, paging]), () => listRowsQuery(f, paging)),
    compiledRows<{ n: number }>(db, JSON.stringify(['count', f]), () => listCountQuery(f)),
  ]);
  const n = count[0]?.n ?? 0;
  return { rows, recordCount: Math.min(n, LIST_COUNT_CAP), recordCountCapped: n > LIST_COUNT_CAP };
}
