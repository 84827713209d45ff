/**
 * The SQL of the roster reports (issue #17): PRAverageTimeOnMainline, PRTotalWorkDurationReport, VehicleUsageReport,
 * LoopingReportV2 and the roster parts of report/Report1Section. Each builder answers ONE statement that reads the
 * current and the previous period together (FILTER clauses on `cur`), so a report is one round trip; the service
 * (roster-service.ts) maps the rows to the contract's shapes. The definitions are in the service's header.
 *
 * Every statement starts from the rosters of the scope: duty_roster rows whose local start_date is in the previous
 * period or the current one, whose shift has ended (ends_at ≤ the clock's now, lib/clock.ts), of the sections of the scope (the section asked
 * for and its parts, else the sections of the region, else all); read through duty_roster_section_date_idx.
 * Numbers come back as int / float8 (never numeric or bigint), dates as text, instants as epoch milliseconds.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_EVENT } from '../../../contract/activity-log-rules';
import type { Db } from '../../db/client';
import type { ReportScope } from './scope';
import { now } from '../../lib/clock';

/** The part of a roster scope the SQL needs (ReportScope has it). */
export type RosterScope = Pick<ReportScope, 'regionId' | 'sectionIds' | 'period' | 'previousPeriod'>;

const idList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** The condition on `dr` (duty_roster) of a scope: its sections, both periods, ended. */
export function rosterWhere(sc: RosterScope, opts: { currentOnly?: boolean } = {}): SQL {
  const parts: SQL[] = [
    sql`dr.start_date between ${opts.currentOnly ? sc.period.from : sc.previousPeriod.from}::date and ${sc.period.to}::date`,
    sql`dr.ends_at <= ${now().toISOString()}::timestamptz`,
  ];
  if (sc.sectionIds) parts.push(sql`dr.section_id in (${idList(sc.sectionIds.length ? sc.sectionIds : [0])})`);
  else if (sc.regionId !== null) parts.push(sql`dr.section_id in (select id from section where region_id = ${sc.regionId})`);
  return sql.join(parts, sql` and `);
}

/** `cur`: the roster is of the current period (else of the previous one). */
const curOf = (sc: RosterScope) => sql`(dr.start_date >= ${sc.period.from}::date)`;

/** Minutes of a roster's planned window (its shift). */
const plannedMinutes = sql`round(extract(epoch from (dr.ends_at - dr.starts_at)) / 60)::int`;

/** Runs a statement and answers its rows. */
export async function rowsOf<T>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

// ------------------------------------------------------------------------------------------------ 2. DLU

/**
 * A roster has DLU figures when its summary is stored and was computed from something: an activity-log entry or a GPS
 * fix (a summary of neither, stored by the job for a roster whose tablet stayed off, says 'no data'; summaries stored
 * before issue #31 have no counts and count as computed from something).
 */
const fromNothing = (t: string) => sql.raw(`(coalesce(${t}.summary_entries, 1) = 0 and coalesce(${t}.summary_fixes, 1) = 0)`);
const hasFigures = (t: string) => sql`(${sql.raw(t)}.summary_at is not null and not ${fromNothing(t)})`;

/** Why a roster (dr) has no DLU figures (MAINLINE_MISSING_REASONS), null when it has them. */
const missingReason = sql`case when dr.summary_at is null then 'pending' when ${fromNothing('dr')} then 'noData' end`;

/** The figures of MainlineFiguresSchema over the rows where `c` holds (r: the rosters CTE). */
function mainlineFigures(c: SQL, prefix: string): SQL {
  const has = sql`${c} and ${hasFigures('r')}`;
  const p = (n: string) => sql.raw(`${prefix}${n}`);
  return sql`(count(*) filter (where ${has}))::int as ${p('rosters')},
    round((avg(r.dlu_minutes) filter (where ${has}))::numeric, 1)::float8 as ${p('avg_dlu')},
    round((avg(r.llu_minutes) filter (where ${has}))::numeric, 1)::float8 as ${p('avg_llu')},
    round((avg(r.inactive_gps_minutes) filter (where ${has}))::numeric, 1)::float8 as ${p('avg_nogps')},
    round((100.0 * sum(r.dlu_minutes) filter (where ${has})
      / nullif(sum(coalesce(r.dlu_minutes, 0) + coalesce(r.llu_minutes, 0) + coalesce(r.inactive_gps_minutes, 0)) filter (where ${has}), 0))::numeric, 1)::float8 as ${p('dlu_share')},
    (count(*) filter (where ${c}))::int as ${p('ended')}`;
}

export interface MainlineFigureRow {
  rosters: number;
  avg_dlu: number | null;
  avg_llu: number | null;
  avg_nogps: number | null;
  dlu_share: number | null;
  ended: number;
}
export type MainlineGroupRow = { is_total: boolean; id: number | null; code: string | null; label: string | null } & MainlineFigureRow & {
    [K in keyof MainlineFigureRow as `prev_${K}`]: MainlineFigureRow[K];
  };

export type MainlineGrouping = 'day' | 'region' | 'section' | 'none';

/**
 * The DLU figures per day (of the current period), region or section, and the totals of both periods: a
 * GROUPING SETS statement (the group rows, then the grand total row with is_total).
 */
export function mainlineQuery(sc: RosterScope, by: MainlineGrouping): SQL {
  const keys: Record<MainlineGrouping, { set: SQL; id: SQL; code: SQL; label: SQL } | null> = {
    day: { set: sql`r.start_date`, id: sql`0`, code: sql`r.start_date::text`, label: sql`r.start_date::text` },
    region: { set: sql`r.region_id, g.code, g.name`, id: sql`r.region_id`, code: sql`g.code`, label: sql`g.name` },
    section: { set: sql`r.section_id, s.name`, id: sql`r.section_id`, code: sql`s.name`, label: sql`s.name` },
    none: null,
  };
  const k = keys[by];
  const groupBy = k ? sql`group by grouping sets ((${k.set}), ())` : sql``;
  const totalFlag = k ? sql`(grouping(${k.set}) <> 0)` : sql`true`;
  // a group row is listed only when it has rosters of the current period
  const having = k ? sql`having grouping(${k.set}) <> 0 or bool_or(r.cur)` : sql``;
  const cols = k
    ? sql`case when ${totalFlag} then null else ${k.id} end as id, case when ${totalFlag} then null else ${k.code} end as code,
        case when ${totalFlag} then null else ${k.label} end as label`
    : sql`null::int as id, null::text as code, null::text as label`;
  return sql`with r as (
      select dr.id, dr.section_id, dr.start_date, dr.dlu_minutes, dr.llu_minutes, dr.inactive_gps_minutes, dr.summary_at,
        dr.summary_entries, dr.summary_fixes, ${curOf(sc)} as cur,
        (select region_id from section where id = dr.section_id) as region_id
      from duty_roster dr
      where ${rosterWhere(sc)}
    )
    select ${totalFlag} as is_total, ${cols},
      ${mainlineFigures(sql`r.cur`, '')},
      ${mainlineFigures(sql`not r.cur`, 'prev_')}
    from r
    ${by === 'region' ? sql`join region g on g.id = r.region_id` : sql``}
    ${by === 'section' ? sql`join section s on s.id = r.section_id` : sql``}
    ${groupBy}
    ${having}`;
}

export interface MainlineRosterDbRow {
  id: number;
  start_date: string;
  section_id: number;
  section_name: string;
  team_name: string;
  shift_name: string;
  duty_roster_name: string;
  shift_minutes: number;
  dlu_minutes: number | null;
  llu_minutes: number | null;
  inactive_gps_minutes: number | null;
  summary_at_ms: number | null;
  missing_reason: 'pending' | 'noData' | null;
  total: number;
}

/** The sortable columns of the DLU roster table (MainlineRosterRow names). */
export const MAINLINE_SORTABLE: Record<string, SQL> = {
  date: sql`dr.start_date`,
  pkDutyRosterId: sql`dr.id`,
  sectionName: sql`s.name`,
  teamName: sql`t.name`,
  shiftName: sql`sh.name`,
  dutyRosterName: sql`dr.duty_roster_name`,
  shiftMinutes: sql`(dr.ends_at - dr.starts_at)`,
  dluMinutes: sql`dr.dlu_minutes`,
  lluMinutes: sql`dr.llu_minutes`,
  noGpsMinutes: sql`dr.inactive_gps_minutes`,
  summaryAt: sql`dr.summary_at`,
};

/** The ended rosters of the current period, one row each with its stored summary (null without one), paged. */
export function mainlineRostersQuery(sc: RosterScope, order: { column: SQL; desc: boolean }, limit: number, offset: number): SQL {
  return sql`select dr.id, dr.start_date::text as start_date, dr.section_id, s.name as section_name, t.name as team_name, sh.name as shift_name,
      dr.duty_roster_name, ${plannedMinutes} as shift_minutes, dr.dlu_minutes, dr.llu_minutes, dr.inactive_gps_minutes,
      (extract(epoch from dr.summary_at) * 1000)::float8 as summary_at_ms, ${missingReason} as missing_reason, (count(*) over ())::int as total
    from duty_roster dr
    join section s on s.id = dr.section_id
    join team t on t.id = dr.team_id
    join shift sh on sh.id = dr.shift_id
    where ${rosterWhere(sc, { currentOnly: true })}
    order by ${order.column} ${sql.raw(order.desc ? 'desc nulls last' : 'asc nulls first')}, dr.starts_at ${sql.raw(order.desc ? 'desc' : 'asc')}, dr.id ${sql.raw(order.desc ? 'desc' : 'asc')}
    limit ${limit} offset ${offset}`;
}

// ------------------------------------------------------------------------------------------------ 3. work duration

/**
 * The rosters of the scope with their planned and worked minutes (worked: first to last activity-log entry when the
 * roster has two or more, else the planned window), and the people on each (server/lib/roster-people.ts as a set:
 * the duty_roster_member rows, else the team's members less duty_roster_absence).
 */
function workCtes(sc: RosterScope): SQL {
  return sql`r as (
      select dr.id, dr.team_id, ${curOf(sc)} as cur, ${plannedMinutes} as planned,
        case when al.n >= 2 then round(extract(epoch from (al.last_at - al.first_at)) / 60)::int else ${plannedMinutes} end as worked
      from duty_roster dr
      left join lateral (
        select count(*)::int as n, min(a.occurred_at) as first_at, max(a.occurred_at) as last_at from activity_log a where a.duty_roster_id = dr.id
      ) al on true
      where ${rosterWhere(sc)}
    ), people as (
      select r.id as roster_id, m.staff_id from r join duty_roster_member m on m.duty_roster_id = r.id
      union all
      select r.id, tm.staff_id from r join team_member tm on tm.team_id = r.team_id
      where not exists (select 1 from duty_roster_member m where m.duty_roster_id = r.id)
        and not exists (select 1 from duty_roster_absence x where x.duty_roster_id = r.id and x.staff_id = tm.staff_id)
    )`;
}

export interface WorkDbRow {
  is_total: boolean;
  id: number | null;
  code: string | null;
  label: string | null;
  detail: string | null;
  section_name: string | null;
  rosters: number;
  planned: number;
  worked: number;
  prev_worked: number;
  /** totals only */
  people: number | null;
  prev_people: number | null;
  prev_rosters: number | null;
  prev_planned: number | null;
}

/** PRTotalWorkDurationReport: one row per person (or team) with current rosters, then the totals row of both periods. */
export function workQuery(sc: RosterScope, groupBy: 'person' | 'team'): SQL {
  // the totals: the sums of the items' minutes (person-minutes per person, roster-minutes per team), distinct rosters and people
  const units =
    groupBy === 'person'
      ? sql`select r.cur, r.planned, r.worked from pr join r on r.id = pr.id`
      : sql`select r.cur, r.planned, r.worked from r where exists (select 1 from pr where pr.id = r.id)`;
  const totals = sql`select true as is_total, null::int as id, null::text as code, null::text as label, null::text as detail, null::text as section_name,
      (select count(distinct pr.id) from pr where pr.cur)::int as rosters,
      coalesce(sum(u.planned) filter (where u.cur), 0)::int as planned,
      coalesce(sum(u.worked) filter (where u.cur), 0)::int as worked,
      coalesce(sum(u.worked) filter (where not u.cur), 0)::int as prev_worked,
      (select count(distinct pr.staff_id) from pr where pr.cur)::int as people,
      (select count(distinct pr.staff_id) from pr where not pr.cur)::int as prev_people,
      (select count(distinct pr.id) from pr where not pr.cur)::int as prev_rosters,
      coalesce(sum(u.planned) filter (where not u.cur), 0)::int as prev_planned
    from (${units}) u`;
  const items =
    groupBy === 'person'
      ? sql`select false as is_total, st.id, st.staff_no as code, st.display_name as label,
          string_agg(distinct t.name, ', ' order by t.name) filter (where r.cur) as detail, sec.name as section_name,
          (count(*) filter (where r.cur))::int as rosters, coalesce(sum(r.planned) filter (where r.cur), 0)::int as planned,
          coalesce(sum(r.worked) filter (where r.cur), 0)::int as worked, coalesce(sum(r.worked) filter (where not r.cur), 0)::int as prev_worked,
          null::int as people, null::int as prev_people, null::int as prev_rosters, null::int as prev_planned
        from people p
        join r on r.id = p.roster_id
        join staff st on st.id = p.staff_id
        join section sec on sec.id = st.section_id
        join team t on t.id = r.team_id
        group by st.id, st.staff_no, st.display_name, sec.name
        having bool_or(r.cur)`
      : sql`select false as is_total, t.id, null::text as code, t.name as label, sec.name as detail, sec.name as section_name,
          (count(*) filter (where r.cur))::int as rosters, coalesce(sum(r.planned) filter (where r.cur), 0)::int as planned,
          coalesce(sum(r.worked) filter (where r.cur), 0)::int as worked, coalesce(sum(r.worked) filter (where not r.cur), 0)::int as prev_worked,
          null::int as people, null::int as prev_people, null::int as prev_rosters, null::int as prev_planned
        from r
        join team t on t.id = r.team_id
        join section sec on sec.id = t.section_id
        where exists (select 1 from people p where p.roster_id = r.id)
        group by t.id, t.name, sec.name
        having bool_or(r.cur)`;
  return sql`with ${workCtes(sc)}, pr as (select p.staff_id, r.id, r.cur from people p join r on r.id = p.roster_id)
    select * from (${items}) i
    union all
    ${totals}`;
}

// ------------------------------------------------------------------------------------------------ 4. vehicles

export interface VehicleDbRow {
  is_total: boolean;
  vehicle_id: number | null;
  plate_number: string | null;
  call_sign: string | null;
  section_name: string | null;
  rosters: number;
  checklists: number;
  gps_rosters: number;
  odometer_km: number;
  gps_km: number;
  km: number;
  roster_hours: number;
  active_hours: number;
  prev_km: number;
  prev_active_hours: number;
  /** totals only */
  vehicles: number | null;
  prev_vehicles: number | null;
  prev_rosters: number | null;
  prev_checklists: number | null;
  prev_gps_rosters: number | null;
  prev_odometer_km: number | null;
  prev_gps_km: number | null;
  prev_roster_hours: number | null;
}

export type VehicleOrder = 'km' | 'hour' | 'plate' | 'none';

/**
 * The distance source of a roster with a vehicle (issue #31): 'odometer' when a complete checklist of that vehicle
 * (post-shift odometer recorded) is on the roster, else 'gps' when its stored summary has a GPS track (two or more
 * fixes in the shift: duty_roster.track_metres, activity-log/summary.ts trackMetresOf), else 'none'.
 */
const distanceSource = sql`case when c.odometer_post is not null then 'odometer'
    when dr.track_metres is not null and coalesce(dr.summary_fixes, 0) >= 2 then 'gps' else 'none' end`;

/** km of one decimal from metres */
const kmOf = (metres: SQL) => sql`round(((${metres}) / 1000.0)::numeric, 1)::float8`;

/**
 * VehicleUsageReport: per vehicle (of the rosters it served in the scope) its rosters, their distance (odometer km of
 * the rosters with a complete checklist plus GPS km of the others with a track), roster and active hours now and
 * before; `km`/`hour`: the top `limit` by that measure; `plate`: all by plate; `none`: only the totals row. The totals
 * row covers every vehicle.
 */
export function vehicleQuery(sc: RosterScope, order: VehicleOrder, limit: number | null): SQL {
  const hours = (c: SQL) => sql`round(((${c}) / 3600.0)::numeric, 1)::float8`;
  const orderBy =
    order === 'km'
      ? sql`order by pv.odometer_km + pv.gps_m / 1000.0 desc, v.plate_number`
      : order === 'hour'
        ? sql`order by pv.active_s desc, v.plate_number`
        : sql`order by v.plate_number`;
  // per vehicle and period: the sums over its rosters (f: the rosters of that period)
  const sums = (f: SQL, p: string) => {
    const n = (x: string) => sql.raw(`${p}${x}`);
    return sql`(count(*) filter (where ${f}))::int as ${n('rosters')},
        (count(*) filter (where ${f} and rv.src = 'odometer'))::int as ${n('checklists')},
        (count(*) filter (where ${f} and rv.src = 'gps'))::int as ${n('gps_rosters')},
        coalesce(sum(rv.odometer_km) filter (where ${f} and rv.src = 'odometer'), 0)::int as ${n('odometer_km')},
        coalesce(sum(rv.track_metres) filter (where ${f} and rv.src = 'gps'), 0)::float8 as ${n('gps_m')},
        coalesce(sum(rv.window_s) filter (where ${f}), 0)::float8 as ${n('roster_s')},
        coalesce(sum(rv.active_s) filter (where ${f}), 0)::float8 as ${n('active_s')}`;
  };
  const items =
    order === 'none'
      ? sql``
      : sql`(select false as is_total, pv.vehicle_id, v.plate_number, cs.call_sign, s.name as section_name, pv.rosters, pv.checklists, pv.gps_rosters,
            pv.odometer_km, ${kmOf(sql`pv.gps_m`)} as gps_km, ${kmOf(sql`pv.odometer_km * 1000.0 + pv.gps_m`)} as km,
            ${hours(sql`pv.roster_s`)} as roster_hours, ${hours(sql`pv.active_s`)} as active_hours,
            ${kmOf(sql`pv.prev_odometer_km * 1000.0 + pv.prev_gps_m`)} as prev_km, ${hours(sql`pv.prev_active_s`)} as prev_active_hours,
            null::int as vehicles, null::int as prev_vehicles, null::int as prev_rosters, null::int as prev_checklists, null::int as prev_gps_rosters,
            null::int as prev_odometer_km, null::float8 as prev_gps_km, null::float8 as prev_roster_hours
          from pv
          join vehicle v on v.id = pv.vehicle_id
          join section s on s.id = v.section_id
          left join call_sign cs on cs.id = v.call_sign_id
          where pv.rosters > 0
          ${orderBy}
          ${limit !== null ? sql`limit ${limit}` : sql``})
        union all`;
  return sql`with rv as (
      select dr.vehicle_id, ${curOf(sc)} as cur, ${distanceSource} as src, (c.odometer_post - c.odometer_pre) as odometer_km, dr.track_metres,
        extract(epoch from (dr.ends_at - dr.starts_at)) as window_s,
        case when dr.summary_at is not null then (coalesce(dr.dlu_minutes, 0) + coalesce(dr.llu_minutes, 0)) * 60 else 0 end as active_s
      from duty_roster dr
      left join daily_asset_checklist c on c.duty_roster_id = dr.id and c.vehicle_id = dr.vehicle_id
      where ${rosterWhere(sc)} and dr.vehicle_id is not null
    ), pv as (
      select rv.vehicle_id, ${sums(sql`rv.cur`, '')}, ${sums(sql`not rv.cur`, 'prev_')}
      from rv
      group by rv.vehicle_id
    )
    ${items}
    select true as is_total, null::int as vehicle_id, null::text as plate_number, null::text as call_sign, null::text as section_name,
      coalesce(sum(rosters), 0)::int as rosters, coalesce(sum(checklists), 0)::int as checklists, coalesce(sum(gps_rosters), 0)::int as gps_rosters,
      coalesce(sum(odometer_km), 0)::int as odometer_km, ${kmOf(sql`coalesce(sum(gps_m), 0)`)} as gps_km,
      ${kmOf(sql`coalesce(sum(odometer_km * 1000.0 + gps_m), 0)`)} as km,
      ${hours(sql`coalesce(sum(roster_s), 0)`)} as roster_hours, ${hours(sql`coalesce(sum(active_s), 0)`)} as active_hours,
      ${kmOf(sql`coalesce(sum(prev_odometer_km * 1000.0 + prev_gps_m), 0)`)} as prev_km, ${hours(sql`coalesce(sum(prev_active_s), 0)`)} as prev_active_hours,
      (count(*) filter (where rosters > 0))::int as vehicles, (count(*) filter (where prev_rosters > 0))::int as prev_vehicles,
      coalesce(sum(prev_rosters), 0)::int as prev_rosters, coalesce(sum(prev_checklists), 0)::int as prev_checklists,
      coalesce(sum(prev_gps_rosters), 0)::int as prev_gps_rosters, coalesce(sum(prev_odometer_km), 0)::int as prev_odometer_km,
      ${kmOf(sql`coalesce(sum(prev_gps_m), 0)`)} as prev_gps_km,
      ${hours(sql`coalesce(sum(prev_roster_s), 0)`)} as prev_roster_hours
    from pv`;
}

// ------------------------------------------------------------------------------------------------ 8. rondas

/**
 * Completed rondas of a roster, as the shift summary counts them (summary.ts rondaCountOf): a 'Tamat Rondaan' (295)
 * counts when the roster's previous ronda entry (295 or 'Mula Rondaan' 3003, by time then id) is a 3003.
 */
const completedRondas = sql`(select count(*) from (
    select a.event_id, lag(a.event_id) over (order by a.occurred_at, a.id) as prev_event
    from activity_log a where a.duty_roster_id = dr.id and a.event_id in (${ACTIVITY_EVENT.PATROL_START}, ${ACTIVITY_EVENT.PATROL_END})
  ) x where x.event_id = ${ACTIVITY_EVENT.PATROL_END} and x.prev_event = ${ACTIVITY_EVENT.PATROL_START})::int`;

/** The plan of a section: its active ronda loops and those of its parts (a combined section patrols both). */
const planOfSections = sql`select s.id as section_id,
    (select count(*) from ronda_loop l where l.is_active and (l.section_id = s.id or l.section_id in (select p.id from section p where p.combined_section_id = s.id)))::int as planned
  from section s`;

export interface LoopingDbRow {
  t_rosters: number;
  t_planned: number;
  t_completed: number;
  t_achieved: number;
  t_prev_rosters: number;
  t_prev_planned: number;
  t_prev_completed: number;
  t_prev_achieved: number;
  id: number | null;
  start_date: string | null;
  section_name: string | null;
  team_name: string | null;
  shift_name: string | null;
  duty_roster_name: string | null;
  planned: number | null;
  completed: number | null;
}

export const LOOPING_SORTABLE: Record<string, SQL> = {
  date: sql`r.start_date`,
  pkDutyRosterId: sql`r.id`,
  sectionName: sql`s.name`,
  teamName: sql`t.name`,
  shiftName: sql`sh.name`,
  dutyRosterName: sql`r.duty_roster_name`,
  planned: sql`r.planned`,
  completed: sql`r.completed`,
  beyond: sql`greatest(r.completed - r.planned, 0)`,
  percent: sql`(least(r.completed, r.planned)::float8 / nullif(r.planned, 0))`,
};

/**
 * LoopingReportV2: the totals of both periods and one page of the current period's rosters (planned, completed), in
 * one statement: the totals row left-joined to the page (a page past the end answers the totals with null rows).
 * `limit` null: every row (the CSV).
 */
export function loopingQuery(sc: RosterScope, order: { column: SQL; desc: boolean }, limit: number | null, offset: number): SQL {
  const dir = sql.raw(order.desc ? 'desc nulls last' : 'asc nulls first');
  const tie = sql.raw(order.desc ? 'desc' : 'asc');
  return sql`with plan as (${planOfSections}),
    r as (
      select dr.id, dr.section_id, dr.team_id, dr.shift_id, dr.start_date, dr.starts_at, dr.duty_roster_name, ${curOf(sc)} as cur,
        coalesce(pl.planned, 0) as planned, ${completedRondas} as completed
      from duty_roster dr
      left join plan pl on pl.section_id = dr.section_id
      where ${rosterWhere(sc)}
    ), tot as (
      select (count(*) filter (where cur))::int as t_rosters, coalesce(sum(planned) filter (where cur), 0)::int as t_planned,
        coalesce(sum(completed) filter (where cur), 0)::int as t_completed,
        coalesce(sum(least(completed, planned)) filter (where cur), 0)::int as t_achieved,
        (count(*) filter (where not cur))::int as t_prev_rosters, coalesce(sum(planned) filter (where not cur), 0)::int as t_prev_planned,
        coalesce(sum(completed) filter (where not cur), 0)::int as t_prev_completed,
        coalesce(sum(least(completed, planned)) filter (where not cur), 0)::int as t_prev_achieved
      from r
    )
    select tot.*, pg.* from tot
    left join lateral (
      select r.id, r.start_date::text as start_date, s.name as section_name, t.name as team_name, sh.name as shift_name, r.duty_roster_name, r.planned, r.completed
      from r
      join section s on s.id = r.section_id
      join team t on t.id = r.team_id
      join shift sh on sh.id = r.shift_id
      where r.cur
      order by ${order.column} ${dir}, r.starts_at ${tie}, r.id ${tie}
      ${limit !== null ? sql`limit ${limit} offset ${offset}` : sql``}
    ) pg on true`;
}
