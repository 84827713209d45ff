/**
 * SQL of the incident reports of issue #17 (IncidentAndResponseTimeReport, IncidentStatusReport,
 * LaporanBantuanLainLainReport). The KPI definitions are in the header of contract/reports-rules.ts.
 *
 * Every answer is one statement: the cases of the filter in the current AND the previous period are read in one range
 * scan ([previous from, current to): the two periods are contiguous) with a `cur` flag, and every figure of both
 * periods is aggregated in SQL (count FILTER, percentile_cont WITHIN GROUP; the median and the 90th percentile over the
 * same ordered input share one sort). The child tables (lane_closure, further_action_item of the live subform:
 * incident.subform_id) are aggregated per subform and joined by hash. Secondary crashes are a self-join of the
 * period's accidents with the cases of the same highway in the 120 minutes before them
 * (incident_highway_at_idx).
 */
import { sql, type SQL } from 'drizzle-orm';
import { BOTH_DIRECTIONS, KM_GROWS_WITH_TRAVEL, SECONDARY_DISTANCE_KM, SECONDARY_WINDOW_MINUTES } from '../../../contract/reports-rules';
import { EVENT_TYPE, STATUS } from '../../../contract/lookups';
import type { Db } from '../../db/client';
import type { Range } from './scope';

/** A report's filter after the scope check (scope.ts). */
export interface IncidentScopeFilter {
  regionId: number | null;
  sectionIds: number[] | null;
  categoryId?: number;
  range: Range;
  previousRange: Range;
}

type Rows<T> = { rows: T[] };
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const list = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const CANCELLED = STATUS.CANCELLED;
const CLOSED = STATUS.CLOSED;
const ACCIDENT = EVENT_TYPE.ACCIDENT;

/** Minutes from a to b (double precision), null when either is missing. */
export const minutesBetween = (a: string, b: string) => sql.raw(`(extract(epoch from (${b} - ${a})) / 60.0)::float8`);
/** A step's minutes when both ends exist and the end is not before the start. */
const stepText = (a: string, b: string) => `(CASE WHEN ${b} >= ${a} THEN (extract(epoch from (${b} - ${a})) / 60.0)::float8 END)`;
const stepMinutes = (a: string, b: string) => sql.raw(stepText(a, b));
/** Rounded to one decimal (a figure of the answer). */
export const r1 = (x: SQL) => sql`round((${x})::numeric, 1)::float8`;
const median = (x: string, filter: string) => r1(sql.raw(`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${x}) FILTER (WHERE ${filter})`));
const p90 = (x: string, filter: string) => r1(sql.raw(`percentile_cont(0.9) WITHIN GROUP (ORDER BY ${x}) FILTER (WHERE ${filter})`));
/** An ISO instant (UTC, milliseconds) as the contract's `instant`. */
export const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
/** Local (Asia/Brunei) text of an instant. */
export const localText = (column: string, format: string) => sql.raw(`to_char(${column} AT TIME ZONE 'Asia/Brunei', '${format}')`);

/** The region / section / event type conditions on `incident <alias>` (no time). */
export function placeWhere(f: Pick<IncidentScopeFilter, 'regionId' | 'sectionIds' | 'categoryId'>, alias = 'i', withCategory = true): SQL {
  const a = sql.raw(alias);
  const parts: SQL[] = [];
  if (f.regionId !== null) parts.push(sql`${a}.region_id = ${f.regionId}`);
  if (f.sectionIds) {
    const ids = f.sectionIds.length ? f.sectionIds : [-1];
    parts.push(sql`(${a}.section_id IN (${list(ids)}) OR ${a}.specific_section_id IN (${list(ids)}))`);
  }
  if (withCategory && f.categoryId !== undefined) parts.push(sql`${a}.category_id = ${f.categoryId}`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

/** Both periods: incident_at in [previous from, current to). */
export const bothPeriods = (f: IncidentScopeFilter, alias = 'i') =>
  sql`${sql.raw(alias)}.incident_at >= ${ts(f.previousRange.from)} AND ${sql.raw(alias)}.incident_at < ${ts(f.range.to)}`;
/** The current period only. */
export const currentPeriod = (f: IncidentScopeFilter, alias = 'i') =>
  sql`${sql.raw(alias)}.incident_at >= ${ts(f.range.from)} AND ${sql.raw(alias)}.incident_at < ${ts(f.range.to)}`;

/**
 * `b`: the cases of the filter in both periods with their `cur` flag. With `children`, also `c`: each case with its
 * step minutes, RCT, ICT and lane-closure minutes (lane closures and assistance items of the live subform).
 */
export function casesCte(f: IncidentScopeFilter, opts: { children: boolean; currentOnly?: boolean }): SQL {
  const when = opts.currentOnly ? currentPeriod(f) : bothPeriods(f);
  const b = sql`b AS (
    SELECT i.id, i.ticket_number, i.incident_at, i.dispatched_at, i.received_at, i.arrived_at, i.assistance_done_at, i.case_done_at,
      i.status_id, i.category_id, i.subform_id, i.region_id, coalesce(i.specific_section_id, i.section_id) AS section_key,
      i.incident_at >= ${ts(f.range.from)} AS cur, coalesce(i.status_id, 0) = ${CANCELLED} AS cancelled
    FROM incident i WHERE ${when} AND ${placeWhere(f)}
  )`;
  if (!opts.children) return sql`${b}`;
  return sql`${b},
  lc AS (
    SELECT l.subform_id, count(*)::int AS n, count(l.opening_time)::int AS n_open, max(l.opening_time) AS last_open,
      sum(extract(epoch from (l.opening_time - l.initial_closing_time)) / 60.0) FILTER (WHERE l.opening_time >= l.initial_closing_time) AS minutes
    FROM b JOIN lane_closure l ON l.subform_id = b.subform_id AND l.deleted_at IS NULL GROUP BY l.subform_id
  ),
  fa AS (
    SELECT x.subform_id, count(*)::int AS n, count(*) FILTER (WHERE x.is_completed AND x.completed_at IS NOT NULL)::int AS n_done, max(x.completed_at) AS last_done
    FROM b JOIN further_action_item x ON x.subform_id = b.subform_id AND x.deleted_at IS NULL GROUP BY x.subform_id
  ),
  c AS (
    SELECT b.*,
      ${stepMinutes('b.incident_at', 'b.dispatched_at')} AS m_dispatch,
      ${stepMinutes('b.dispatched_at', 'b.received_at')} AS m_receive,
      ${stepMinutes('b.received_at', 'b.arrived_at')} AS m_travel,
      ${stepMinutes('b.arrived_at', 'b.assistance_done_at')} AS m_assist,
      ${stepMinutes('b.assistance_done_at', 'b.case_done_at')} AS m_close,
      ${stepMinutes('b.incident_at', 'b.arrived_at')} AS m_response,
      coalesce(lc.n, 0) AS lane_n, coalesce(lc.n_open, 0) AS lane_open, coalesce(fa.n, 0) AS help_n, coalesce(fa.n_done, 0) AS help_done,
      NOT b.cancelled AND (coalesce(lc.n, 0) > 0 OR (b.category_id = ${ACCIDENT}
        AND NOT coalesce((SELECT s.na_flag_lane_closure FROM incident_subform s WHERE s.id = b.subform_id), false))) AS rct_applies,
      CASE WHEN lc.n > 0 AND lc.n_open = lc.n AND lc.last_open >= b.incident_at THEN ${minutesBetween('b.incident_at', 'lc.last_open')} END AS rct,
      CASE WHEN b.assistance_done_at IS NOT NULL AND coalesce(fa.n, 0) = coalesce(fa.n_done, 0) AND greatest(b.assistance_done_at, fa.last_done) >= b.incident_at
        THEN ${minutesBetween('b.incident_at', 'greatest(b.assistance_done_at, fa.last_done)')} END AS ict,
      lc.minutes AS lane_minutes
    FROM b LEFT JOIN lc ON lc.subform_id = b.subform_id LEFT JOIN fa ON fa.subform_id = b.subform_id
  )`;
}

/** The sign of "kilometre grows along the direction of travel" of a direction column (null for both directions). */
function kmSign(column: string): string {
  const whens = Object.entries(KM_GROWS_WITH_TRAVEL)
    .map(([k, v]) => `WHEN ${Number(k)} THEN ${v}`)
    .join(' ');
  return `(CASE ${column} ${whens} END)`;
}

/**
 * THE definition of a secondary crash (header of reports-rules.ts), as the body of a `pairs` CTE: each accident `s`
 * (not cancelled) of the condition `secondaryWhere` with its primary `p`: a case of the same highway (not cancelled)
 * reported within SECONDARY_WINDOW_MINUTES before it, before that case's roadway was clear (the last lane opening when
 * every lane closure has one, else assistance done, else case done, else still open), in the same direction (or
 * either in both directions), at most SECONDARY_DISTANCE_KM upstream of it. The direction of travel is the
 * secondary's, else the primary's; both "Kedua-dua Arah": either side. A secondary with several primaries is listed
 * once, with the nearest one in time. `primaryRegionId` limits the primaries to a region (the scope's region, never
 * a section: a primary may lie across a section border). Columns: sid, pid, cur, section_key, minutes_after, km_up.
 * Used by the period reports (pairsCte) and by one case's flag (caseSecondaryQuery): never copy it.
 */
function pairsSelect(opts: { secondaryWhere: SQL; primaryRegionId: number | null; cur: SQL }): SQL {
  const dir = `(CASE WHEN s.direction_id <> ${BOTH_DIRECTIONS} THEN s.direction_id ELSE p.direction_id END)`;
  const up = sql.raw(`(CASE WHEN ${kmSign(dir)} IS NULL THEN abs(p.km - s.km) ELSE (p.km - s.km) * ${kmSign(dir)} END)`);
  const clear = sql.raw(`(SELECT CASE WHEN count(*) > 0 AND count(l.opening_time) = count(*) THEN max(l.opening_time) END
      FROM lane_closure l WHERE l.subform_id = p.subform_id AND l.deleted_at IS NULL)`);
  // driven by the secondaries (the period's accidents): for each, its nearest primary in time through a LATERAL probe
  // of the two hours before it (incident_at index). Joined the other way round, the planner scanned every case of the
  // region as a candidate primary (15 s for a month of one region on 1,000,000 incidents).
  return sql`SELECT s.id AS sid, pr.id AS pid, ${opts.cur} AS cur,
      coalesce(s.specific_section_id, s.section_id) AS section_key, pr.minutes_after, pr.km_up
    FROM incident s
    CROSS JOIN LATERAL (
      SELECT p.id, (extract(epoch from (s.incident_at - p.incident_at)) / 60.0)::float8 AS minutes_after, (${up})::float8 AS km_up
      FROM incident p
      WHERE p.incident_at < s.incident_at AND p.incident_at >= s.incident_at - make_interval(mins => ${SECONDARY_WINDOW_MINUTES})
        AND p.highway_id = s.highway_id
        AND coalesce(p.status_id, 0) <> ${CANCELLED} AND p.km IS NOT NULL
        AND (p.direction_id = s.direction_id OR p.direction_id = ${BOTH_DIRECTIONS} OR s.direction_id = ${BOTH_DIRECTIONS})
        AND ${up} BETWEEN 0 AND ${SECONDARY_DISTANCE_KM}
        ${opts.primaryRegionId !== null ? sql`AND p.region_id = ${opts.primaryRegionId}` : sql``}
        AND s.incident_at < coalesce(${clear}, p.assistance_done_at, p.case_done_at, 'infinity'::timestamptz)
      ORDER BY p.incident_at DESC, p.id
      LIMIT 1
    ) pr
    WHERE s.category_id = ${ACCIDENT} AND coalesce(s.status_id, 0) <> ${CANCELLED} AND s.km IS NOT NULL
      AND ${opts.secondaryWhere}`;
}

/**
 * `pairs`: each secondary crash of the filter (in both periods; `currentOnly`: the current one) with its primary
 * (pairsSelect). The filter's event type, when another than the accident, finds none; its region limits both cases.
 */
export function pairsCte(f: IncidentScopeFilter, currentOnly = false): SQL {
  const secondaryIsAccident = f.categoryId === undefined || f.categoryId === ACCIDENT ? sql`true` : sql`false`;
  const secondaryWhere = sql`${secondaryIsAccident} AND ${currentOnly ? currentPeriod(f, 's') : bothPeriods(f, 's')} AND ${placeWhere(f, 's', false)}`;
  return sql`pairs AS (${pairsSelect({ secondaryWhere, primaryRegionId: f.regionId, cur: sql`s.incident_at >= ${ts(f.range.from)}` })})`;
}

// ------------------------------------------------------------------------------------------------ count charts

export type CountDimension = 'category' | 'region' | 'status';

/** Cases per event type / region / status, now and in the previous period, biggest first. */
export function countChartQuery(f: IncidentScopeFilter, by: CountDimension): SQL {
  const key = { category: 'b.category_id', region: 'b.region_id', status: 'coalesce(b.status_id, 0)' }[by];
  const label = {
    category: sql`coalesce((SELECT li.value FROM lookup_item li WHERE li.key = g.key), g.key::text)`,
    region: sql`coalesce((SELECT r.name FROM region r WHERE r.id = g.key), g.key::text)`,
    status: sql`CASE WHEN g.key = 0 THEN 'Tiada Status' ELSE coalesce((SELECT li.value FROM lookup_item li WHERE li.key = g.key), g.key::text) END`,
  }[by];
  const code = by === 'region' ? sql`(SELECT r.code FROM region r WHERE r.id = g.key)` : sql`NULL::text`;
  return sql`WITH ${casesCte(f, { children: false })},
    g AS (SELECT ${sql.raw(key)} AS key, count(*) FILTER (WHERE b.cur)::int AS n, count(*) FILTER (WHERE NOT b.cur)::int AS prev FROM b GROUP BY 1)
    SELECT g.key::int AS id, ${code} AS code, ${label} AS label, g.n AS count, g.prev AS previous FROM g
    ORDER BY g.n DESC, g.prev DESC, 3`;
}

// ------------------------------------------------------------------------------------------------ section table

const NOT_CANCELLED_NOW = 'c.cur AND NOT c.cancelled';

/** One row per section (the specific section of a combined one) with its counts and time figures. */
export function sectionTableQuery(f: IncidentScopeFilter): SQL {
  const cur = NOT_CANCELLED_NOW;
  return sql`WITH ${casesCte(f, { children: true })}, ${pairsCte(f, true)},
    sec AS (SELECT pairs.section_key, count(*)::int AS n FROM pairs GROUP BY 1),
    g AS (
      SELECT c.section_key,
        count(*) FILTER (WHERE c.cur)::int AS n,
        count(*) FILTER (WHERE NOT c.cur)::int AS prev,
        count(*) FILTER (WHERE c.cur AND c.status_id = ${CLOSED})::int AS closed,
        count(*) FILTER (WHERE c.cur AND c.cancelled)::int AS cancelled,
        count(*) FILTER (WHERE c.cur AND coalesce(c.status_id, 0) NOT IN (${CLOSED}, ${CANCELLED}))::int AS open,
        ${median('c.m_response', cur)} AS response_median,
        ${p90('c.m_response', cur)} AS response_p90,
        ${median('c.rct', `${cur} AND c.rct_applies`)} AS rct_median,
        ${median('c.ict', cur)} AS ict_median,
        count(c.m_response) FILTER (WHERE ${sql.raw(cur)})::int AS response_have,
        count(*) FILTER (WHERE ${sql.raw(cur)})::int AS response_of
      FROM c GROUP BY c.section_key
    )
    SELECT g.section_key AS id, s.name AS code, s.name AS label, coalesce(r.name, '') AS "regionName",
      g.n AS count, g.prev AS previous, g.closed, g.open, g.cancelled,
      g.response_median AS "responseMedian", g.response_p90 AS "responseP90", g.rct_median AS "rctMedian", g.ict_median AS "ictMedian",
      coalesce(sec.n, 0) AS "secondaryCrashes", g.response_have AS "responseHave", g.response_of AS "responseOf"
    FROM g JOIN section s ON s.id = g.section_key LEFT JOIN region r ON r.id = s.region_id LEFT JOIN sec ON sec.section_key = g.section_key
    ORDER BY g.n DESC, g.prev DESC, s.name`;
}

// ------------------------------------------------------------------------------------------------ KPIs

export const STEP_COLUMNS = {
  dispatch: 'm_dispatch',
  receive: 'm_receive',
  travel: 'm_travel',
  assist: 'm_assist',
  close: 'm_close',
  response: 'm_response',
} as const;

/** Every KPI of both periods: one row per period (cur true / false; a period without cases has no row). */
export function kpiQuery(f: IncidentScopeFilter): SQL {
  const live = 'NOT c.cancelled';
  const steps = Object.values(STEP_COLUMNS).map(
    (col) => sql`${median(`c.${col}`, live)} AS ${sql.raw(`${col}_median`)}, ${p90(`c.${col}`, live)} AS ${sql.raw(`${col}_p90`)},
      count(c.${sql.raw(col)}) FILTER (WHERE ${sql.raw(live)})::int AS ${sql.raw(`${col}_have`)}`,
  );
  const rct = `${live} AND c.rct_applies`;
  return sql`WITH ${casesCte(f, { children: true })}, ${pairsCte(f)},
    sp AS (SELECT pairs.cur, count(*)::int AS n FROM pairs GROUP BY 1),
    g AS (
      SELECT c.cur, count(*)::int AS cases,
        count(*) FILTER (WHERE c.status_id = ${CLOSED})::int AS closed,
        count(*) FILTER (WHERE c.cancelled)::int AS cancelled,
        count(*) FILTER (WHERE ${sql.raw(live)})::int AS live,
        ${sql.join(steps, sql`, `)},
        ${median('c.rct', rct)} AS rct_median, ${p90('c.rct', rct)} AS rct_p90,
        count(c.rct) FILTER (WHERE ${sql.raw(rct)})::int AS rct_have, count(*) FILTER (WHERE ${sql.raw(rct)})::int AS rct_of,
        ${median('c.ict', live)} AS ict_median, ${p90('c.ict', live)} AS ict_p90,
        count(c.ict) FILTER (WHERE ${sql.raw(live)})::int AS ict_have,
        ${r1(sql.raw(`sum(c.lane_minutes) FILTER (WHERE ${rct})`))} AS lane_minutes
      FROM c GROUP BY c.cur
    )
    SELECT g.*, coalesce(sp.n, 0) AS secondary FROM g LEFT JOIN sp ON sp.cur = g.cur`;
}

// ------------------------------------------------------------------------------------------------ secondary pairs

/** A case's reference (CaseRefSchema) as JSON, of `incident <alias>`. */
const caseRef = (alias: string) =>
  sql.raw(`json_build_object(
      'id', ${alias}.id, 'ticketNumber', ${alias}.ticket_number,
      'incidentAt', to_char(${alias}.incident_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'categoryLabel', coalesce((SELECT li.value FROM lookup_item li WHERE li.key = ${alias}.category_id), ${alias}.category_id::text),
      'sectionName', (SELECT x.name FROM section x WHERE x.id = coalesce(${alias}.specific_section_id, ${alias}.section_id)),
      'km', ${alias}.km,
      'directionLabel', coalesce((SELECT li.value FROM lookup_item li WHERE li.key = ${alias}.direction_id), ''))`);
/** The columns of SecondaryPairSchema over `pairs` joined with both cases (`s`, `p`). */
const pairColumns = sql`${caseRef('p')} AS primary, ${caseRef('s')} AS secondary,
      ${r1(sql.raw('pairs.minutes_after'))} AS "minutesAfter", round(pairs.km_up::numeric, 2)::float8 AS "kmUpstream"`;
const pairCases = sql`pairs JOIN incident s ON s.id = pairs.sid JOIN incident p ON p.id = pairs.pid`;

/** The current period's pairs with both cases' references, newest secondary first; and the count of both periods. */
export function secondaryListQuery(f: IncidentScopeFilter): SQL {
  return sql`WITH ${pairsCte(f)}
    SELECT pairs.cur, ${pairColumns}
    FROM ${pairCases}
    ORDER BY s.incident_at DESC, s.id DESC`;
}

/**
 * The pairs one case is part of (its flag on the case's page), with the definition of the period reports
 * (pairsSelect) over the accidents that could pair with it: the case itself (as the secondary) and the accidents of
 * its highway in the SECONDARY_WINDOW_MINUTES after it (as their primary, when it is the one each of them is listed
 * with). `regionId` is the caller's report scope (a region-limited user: its region; null: every region), so the
 * case shows exactly the pairs the caller's reports list. `asSecondary` is true on the pair where the case is the
 * secondary; oldest secondary first.
 */
export function caseSecondaryQuery(caseId: number, regionId: number | null): SQL {
  const x = (column: string) => sql`(SELECT x.${sql.raw(column)} FROM incident x WHERE x.id = ${caseId})`;
  const secondaryWhere = sql`(s.id = ${caseId} OR (s.highway_id = ${x('highway_id')} AND s.incident_at > ${x('incident_at')}
      AND s.incident_at <= ${x('incident_at')} + make_interval(mins => ${SECONDARY_WINDOW_MINUTES})))
    AND ${placeWhere({ regionId, sectionIds: null }, 's', false)}`;
  return sql`WITH pairs AS (${pairsSelect({ secondaryWhere, primaryRegionId: regionId, cur: sql`true` })})
    SELECT pairs.sid = ${caseId} AS "asSecondary", ${pairColumns}
    FROM ${pairCases}
    WHERE pairs.sid = ${caseId} OR pairs.pid = ${caseId}
    ORDER BY s.incident_at, s.id`;
}

/** The secondary pairs' count per period only. */
export function secondaryCountQuery(f: IncidentScopeFilter): SQL {
  return sql`WITH ${pairsCte(f)} SELECT count(*) FILTER (WHERE pairs.cur)::int AS n, count(*) FILTER (WHERE NOT pairs.cur)::int AS prev FROM pairs`;
}

// ------------------------------------------------------------------------------------------------ missing

export type MissingKpi = 'response' | 'rct' | 'ict';

/**
 * The current period's applicable cases of a KPI that lack its times (never a cancelled case), newest first, with
 * what they lack in Malay, and the total in the same statement.
 */
export function missingQuery(f: IncidentScopeFilter, kpi: MissingKpi, page: { start: number; length: number }): SQL {
  let cond: string;
  let text: string;
  if (kpi === 'response') {
    cond = 'NOT c.cancelled AND c.m_response IS NULL';
    text = `CASE WHEN c.arrived_at IS NULL THEN 'Tiada masa Tiba di Lokasi' ELSE 'Masa Tiba di Lokasi sebelum masa laporan' END`;
  } else if (kpi === 'rct') {
    cond = 'c.rct_applies AND c.rct IS NULL';
    text = `CASE WHEN c.lane_n = 0 THEN 'Tiada rekod Penutupan Lorong (kemalangan tanpa tanda Tiada Penutupan Lorong)'
      WHEN c.lane_open < c.lane_n THEN 'Tiada Masa Buka bagi ' || (c.lane_n - c.lane_open) || ' daripada ' || c.lane_n || ' penutupan lorong'
      ELSE 'Masa Buka lorong sebelum masa laporan' END`;
  } else {
    cond = 'NOT c.cancelled AND c.ict IS NULL';
    text = `concat_ws('; ',
      CASE WHEN c.assistance_done_at IS NULL THEN 'Tiada masa Selesai Bantuan' END,
      CASE WHEN c.help_done < c.help_n THEN 'Bantuan belum selesai: ' || (c.help_n - c.help_done) || ' daripada ' || c.help_n || ' item' END,
      CASE WHEN c.assistance_done_at IS NOT NULL AND c.help_done = c.help_n THEN 'Masa Selesai Bantuan sebelum masa laporan' END)`;
  }
  return sql`WITH ${casesCte(f, { children: true, currentOnly: true })}
    SELECT c.id, c.ticket_number AS "ticketNumber", ${iso('c.incident_at')} AS "incidentAt",
      (SELECT s.name FROM section s WHERE s.id = c.section_key) AS "sectionName",
      coalesce((SELECT li.value FROM lookup_item li WHERE li.key = c.category_id), c.category_id::text) AS "categoryLabel",
      CASE WHEN c.status_id IS NULL THEN 'Tiada Status' ELSE coalesce((SELECT li.value FROM lookup_item li WHERE li.key = c.status_id), c.status_id::text) END AS "statusKes",
      ${sql.raw(text)} AS missing,
      (count(*) OVER ())::int AS total
    FROM c WHERE ${sql.raw(cond)}
    ORDER BY c.incident_at DESC, c.id DESC
    LIMIT ${page.length} OFFSET ${page.start}`;
}

// ------------------------------------------------------------------------------------------------ status CSV

/** Every case of the current period (newest first, up to `limit`) with its status, step times and intervals, as text. */
export function statusCsvQuery(f: IncidentScopeFilter, limit: number): SQL {
  const at = (col: string) => localText(col, 'DD-MM-YYYY HH24:MI:SS');
  const m = (a: string, b: string) => sql.raw(`round(${stepText(a, b)}::numeric, 1)::float8`);
  return sql`SELECT i.ticket_number AS ticket, ${localText('i.incident_at', 'DD-MM-YYYY')} AS date, ${localText('i.incident_at', 'HH24:MI:SS')} AS time,
      (SELECT s.name FROM section s WHERE s.id = coalesce(i.specific_section_id, i.section_id)) AS section,
      (SELECT r.name FROM region r WHERE r.id = i.region_id) AS region,
      coalesce((SELECT li.value FROM lookup_item li WHERE li.key = i.category_id), i.category_id::text) AS category,
      CASE WHEN i.status_id IS NULL THEN 'Tiada Status' ELSE coalesce((SELECT li.value FROM lookup_item li WHERE li.key = i.status_id), i.status_id::text) END AS status,
      ${at('i.dispatched_at')} AS dispatched, ${at('i.received_at')} AS received, ${at('i.arrived_at')} AS arrived,
      ${at('i.assistance_done_at')} AS assistance_done, ${at('i.case_done_at')} AS case_done,
      ${m('i.incident_at', 'i.dispatched_at')} AS m_dispatch, ${m('i.dispatched_at', 'i.received_at')} AS m_receive,
      ${m('i.received_at', 'i.arrived_at')} AS m_travel, ${m('i.arrived_at', 'i.assistance_done_at')} AS m_assist,
      ${m('i.assistance_done_at', 'i.case_done_at')} AS m_close, ${m('i.incident_at', 'i.arrived_at')} AS m_response
    FROM incident i WHERE ${currentPeriod(f)} AND ${placeWhere(f)}
    ORDER BY i.incident_at DESC NULLS LAST, i.id DESC NULLS LAST
    LIMIT ${limit}`;
}

// ------------------------------------------------------------------------------------------------ other assistance

export type AssistanceDimension = 'type' | 'region' | 'section';

/**
 * LaporanBantuanLainLainReport: the OTHER assistance items (requestFurtherAction) of the live subforms of the cases of
 * both periods, per type / region / section, with the notified, arrived and completed counts and the medians of
 * case report → notified, notified → arrived, arrived → completed (current period).
 */
export function assistanceQuery(f: IncidentScopeFilter, by: AssistanceDimension): SQL {
  const key = { type: 'x.further_action_id', region: 'b.region_id', section: 'b.section_key' }[by];
  const label = {
    type: sql`coalesce((SELECT li.value FROM lookup_item li WHERE li.key = g.key), g.key::text)`,
    region: sql`coalesce((SELECT r.name FROM region r WHERE r.id = g.key), g.key::text)`,
    section: sql`coalesce((SELECT s.name FROM section s WHERE s.id = g.key), g.key::text)`,
  }[by];
  const code = {
    type: sql`NULL::text`,
    region: sql`(SELECT r.code FROM region r WHERE r.id = g.key)`,
    section: sql`(SELECT s.name FROM section s WHERE s.id = g.key)`,
  }[by];
  const cur = 'b.cur';
  return sql`WITH ${casesCte({ ...f, categoryId: undefined }, { children: false })},
    g AS (
      SELECT ${sql.raw(key)} AS key,
        count(*) FILTER (WHERE b.cur)::int AS n, count(*) FILTER (WHERE NOT b.cur)::int AS prev,
        count(*) FILTER (WHERE b.cur AND x.is_notified)::int AS notified,
        count(*) FILTER (WHERE b.cur AND x.is_arrived)::int AS arrived,
        count(*) FILTER (WHERE b.cur AND x.is_completed)::int AS completed,
        ${median(stepText('b.incident_at', 'x.notified_at'), cur)} AS to_notify,
        ${median(stepText('x.notified_at', 'x.arrived_at'), cur)} AS to_arrive,
        ${median(stepText('x.arrived_at', 'x.completed_at'), cur)} AS to_complete,
        count(*) FILTER (WHERE NOT b.cur AND x.is_notified)::int AS prev_notified,
        count(*) FILTER (WHERE NOT b.cur AND x.is_arrived)::int AS prev_arrived,
        count(*) FILTER (WHERE NOT b.cur AND x.is_completed)::int AS prev_completed,
        ${median(stepText('b.incident_at', 'x.notified_at'), 'NOT b.cur')} AS prev_to_notify,
        ${median(stepText('x.notified_at', 'x.arrived_at'), 'NOT b.cur')} AS prev_to_arrive,
        ${median(stepText('x.arrived_at', 'x.completed_at'), 'NOT b.cur')} AS prev_to_complete,
        grouping(${sql.raw(key)}) <> 0 AS is_total
      FROM b JOIN further_action_item x ON x.subform_id = b.subform_id AND x.deleted_at IS NULL AND x.kind = 'OTHER'
      GROUP BY GROUPING SETS ((${sql.raw(key)}), ())
    )
    SELECT g.is_total, g.key::int AS id, ${code} AS code, ${label} AS label,
      g.n AS count, g.prev AS previous, g.notified, g.arrived, g.completed,
      g.to_notify AS "medianToNotify", g.to_arrive AS "medianToArrive", g.to_complete AS "medianToComplete",
      g.prev_notified AS "prevNotified", g.prev_arrived AS "prevArrived", g.prev_completed AS "prevCompleted",
      g.prev_to_notify AS "prevMedianToNotify", g.prev_to_arrive AS "prevMedianToArrive", g.prev_to_complete AS "prevMedianToComplete"
    FROM g ORDER BY g.is_total, g.n DESC, g.prev DESC, 4`;
}
