/**
 * Reads of the daily vehicle and asset checklist (issue #16). No access checks here: the service checks first, then
 * calls these.
 *
 * The list, the report (Laporan Senarai Semak), the detail's header and the end-of-duty summary share one statement,
 * `checklistReportQuery` (exported for the bench, which times its SQL through the driver):
 *
 *   base   the checklists of the date range on pre_at (index daily_asset_checklist_pre_at_idx), of one vehicle, or
 *          of the vehicles of the caller's region; previousOdometer = lag of the last reading (post, else pre) over
 *          the vehicle's checklists by pre_at. The first checklist of a vehicle inside the range has no lag: its
 *          previous reading is looked up once (index daily_asset_checklist_vehicle_idx, one row per vehicle).
 *   page   gap / jump flags, the roster scope filters (region, section, roster, a patrol's own rosters), the defect
 *          filter (EXISTS on the items), the total (count(*) over ()) and the page (newest first).
 *   final  only for the rows of the page: names (roster, section, region, vehicle, call sign, staff) and the item
 *          aggregates (item count, PRE/POST defects, the defect summary) in a LATERAL over their items.
 */
import { and, asc, eq, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ITEM_STATUS_TEXT,
  ODOMETER_GAP_KM,
  ODOMETER_JUMP_KM,
  itemStatus,
  type ChecklistItemRow,
  type ChecklistPhoto,
  type ChecklistRow,
} from '../../../contract/checklist';
import type { Db } from '../../db/client';
import { assetChecklistMaster, checklistPhoto, dailyAssetChecklist, dailyAssetChecklistItem, lookupItem } from '../../db/schema';
import { rosterHasPerson } from '../../lib/roster-people';
import { getOrMake, oncePerDb } from '../../db/once-per-db';

// ------------------------------------------------------------------------------------------------ the report query

export interface ChecklistQueryOptions {
  /** pre_at from (inclusive) … to (exclusive) */
  from?: Date;
  to?: Date;
  vehicleId?: number;
  /** the caller's region limit (null/undefined: every region): the vehicles of the region, the rosters of the region */
  regionScope?: number | null;
  /** a region filter (on the roster's section) */
  regionId?: number;
  /** a section filter (the roster's section; a combined section with its parts) */
  sectionIds?: number[];
  dutyRosterId?: number;
  checklistId?: number;
  /** a patrol: only the rosters it is one of the people of */
  personStaffId?: number;
  defectsOnly?: boolean;
  flaggedOnly?: boolean;
  /** page; none: every row (the CSV, with its own cap) */
  limit?: number;
  offset?: number;
}

const ids = (list: number[]) =>
  sql.join(
    (list.length ? list : [-1]).map((i) => sql`${i}`),
    sql`, `,
  );

/** A defect of a phase in SQL, on the item alias `i` (contract itemStatus: damaged, or counted below expected). */
const PRE_DEFECT = '(i.pre_damaged or i.pre_quantity < i.expected_quantity)';
const POST_DEFECT = '(i.post_damaged or i.post_quantity < i.expected_quantity)';
const preDefect = sql.raw(PRE_DEFECT);
const postDefect = sql.raw(POST_DEFECT);
/** The word of an item's defect in the summary: the POST one when POST found one, else the PRE one ('kurang', 'rosak'). */
const summaryText = sql.raw(
  `(case when ${POST_DEFECT} then (case when i.post_damaged then '${ITEM_STATUS_TEXT.DAMAGED.toLowerCase()}' else '${ITEM_STATUS_TEXT.SHORT.toLowerCase()}' end)
     else (case when i.pre_damaged then '${ITEM_STATUS_TEXT.DAMAGED.toLowerCase()}' else '${ITEM_STATUS_TEXT.SHORT.toLowerCase()}' end) end)`,
);

/**
 * The one statement of the checklist list, the report and the detail header (see the module comment). Rows:
 * ChecklistDbRow (with `total`), newest first.
 */
export function checklistReportQuery(o: ChecklistQueryOptions): SQL {
  const scoped = o.regionScope !== null && o.regionScope !== undefined;
  const base: SQL[] = [];
  if (o.from) base.push(sql`c.pre_at >= ${o.from.toISOString()}::timestamptz`);
  if (o.to) base.push(sql`c.pre_at < ${o.to.toISOString()}::timestamptz`);
  if (o.vehicleId) base.push(sql`c.vehicle_id = ${o.vehicleId}`);
  if (o.checklistId) base.push(sql`c.id = ${o.checklistId}`);
  if (o.dutyRosterId) base.push(sql`c.duty_roster_id = ${o.dutyRosterId}`);
  if (scoped)
    base.push(sql`c.vehicle_id in (select v.id from vehicle v join section vs on vs.id = v.section_id where vs.region_id = ${o.regionScope})`);

  // seeds: the last reading before the selection, per vehicle, for the first selected row of each vehicle (lag() has
  // none there). A date range: each vehicle's last checklist before it (one index lookup per vehicle). One checklist
  // or one roster (a row per vehicle): each row's own previous. Otherwise the selection starts at each vehicle's first.
  let seeds: SQL | null = null;
  if (o.from) {
    const vehicles: SQL[] = [];
    if (o.vehicleId) vehicles.push(sql`v.id = ${o.vehicleId}`);
    if (scoped) vehicles.push(sql`v.section_id in (select vs.id from section vs where vs.region_id = ${o.regionScope})`);
    seeds = sql`select v.id as vehicle_id, p.reading from vehicle v cross join lateral (
        select coalesce(p.odometer_post, p.odometer_pre) as reading from daily_asset_checklist p
        where p.vehicle_id = v.id and p.pre_at < ${o.from.toISOString()}::timestamptz
        order by p.pre_at desc, p.id desc limit 1) p
      ${vehicles.length ? sql`where ${sql.join(vehicles, sql` and `)}` : sql``}`;
  } else if (o.checklistId || o.dutyRosterId) {
    seeds = sql`select c.vehicle_id, p.reading from daily_asset_checklist c cross join lateral (
        select coalesce(p.odometer_post, p.odometer_pre) as reading from daily_asset_checklist p
        where p.vehicle_id = c.vehicle_id and (p.pre_at, p.id) < (c.pre_at, c.id)
        order by p.pre_at desc, p.id desc limit 1) p
      where ${sql.join(base, sql` and `)}`;
  }

  // the roster is joined for the filters on it only (unaliased: rosterHasPerson names "duty_roster" itself)
  const outer: SQL[] = [];
  if (scoped) outer.push(sql`s.region_id = ${o.regionScope}`);
  if (o.regionId) outer.push(sql`s.region_id = ${o.regionId}`);
  if (o.sectionIds) outer.push(sql`duty_roster.section_id in (${ids(o.sectionIds)})`);
  if (o.personStaffId) outer.push(rosterHasPerson(o.personStaffId));
  const rosterJoin = outer.length
    ? sql`join duty_roster on duty_roster.id = x.duty_roster_id join section s on s.id = duty_roster.section_id`
    : sql``;
  if (o.flaggedOnly) outer.push(sql`(x.gap_km is not null or x.jump_km is not null)`);
  // the checklists with a defect: one set joined by hash (a probe per checklist of the range would be 365,000 probes)
  const defectJoin = o.defectsOnly
    ? sql`join (select distinct i.daily_asset_checklist_id as id from daily_asset_checklist_item i where ${preDefect} or ${postDefect}) d on d.id = x.id`
    : sql``;
  const where = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);
  const paging = o.limit !== undefined ? sql`limit ${o.limit} offset ${o.offset ?? 0}` : sql``;

  return sql`with base as (
    select c.id, c.vehicle_id, c.duty_roster_id, c.pre_at, c.odometer_pre, c.odometer_post,
      ${seeds ? sql`coalesce(lag(coalesce(c.odometer_post, c.odometer_pre)) over w, sd.reading)` : sql`lag(coalesce(c.odometer_post, c.odometer_pre)) over w`} as previous_odometer
    from daily_asset_checklist c
    ${seeds ? sql`left join (${seeds}) sd on sd.vehicle_id = c.vehicle_id` : sql``}
    ${where(base)}
    window w as (partition by c.vehicle_id order by c.pre_at, c.id)
  ), flagged as (
    select b.*,
      case when b.previous_odometer is not null and b.odometer_pre - b.previous_odometer > ${ODOMETER_GAP_KM} then b.odometer_pre - b.previous_odometer end as gap_km,
      case when b.odometer_post is not null and b.odometer_post - b.odometer_pre > ${ODOMETER_JUMP_KM} then b.odometer_post - b.odometer_pre end as jump_km
    from base b
  ), pg as (
    select x.*, (count(*) over ())::int as total
    from flagged x
    ${rosterJoin}
    ${defectJoin}
    ${where(outer)}
    order by x.pre_at desc, x.id desc
    ${paging}
  )
  select pg.id, pg.duty_roster_id, r.duty_roster_name, r.start_date::text as roster_date, s.region_id, g.name as region_name,
    r.section_id, s.name as section_name, pg.vehicle_id, v.plate_number, cs.call_sign, c.staff_id, st.display_name as staff_name,
    ps.display_name as post_staff_name, pg.odometer_pre, pg.odometer_post, pg.previous_odometer, pg.gap_km, pg.jump_km,
    c.no_kad_tng, c.no_kad_bahan_api, c.remark,
    (extract(epoch from c.pre_at) * 1000)::float8 as pre_at_ms, (extract(epoch from c.post_at) * 1000)::float8 as post_at_ms,
    coalesce(agg.item_count, 0) as item_count, coalesce(agg.pre_defects, 0) as pre_defects, coalesce(agg.post_defects, 0) as post_defects,
    agg.defect_summary, pg.total
  from pg
  join daily_asset_checklist c on c.id = pg.id
  join duty_roster r on r.id = pg.duty_roster_id
  join section s on s.id = r.section_id
  join region g on g.id = s.region_id
  join vehicle v on v.id = pg.vehicle_id
  left join call_sign cs on cs.id = v.call_sign_id
  join staff st on st.id = c.staff_id
  left join staff ps on ps.id = c.post_staff_id
  left join lateral (
    select count(*)::int as item_count,
      (count(*) filter (where ${preDefect}))::int as pre_defects,
      (count(*) filter (where ${postDefect}))::int as post_defects,
      string_agg(m.name || ' (' || ${summaryText} || ')', ', ' order by coalesce(li.sort_order, 0), m.sort_order, m.name)
        filter (where ${preDefect} or ${postDefect}) as defect_summary
    from daily_asset_checklist_item i
    join asset_checklist_master m on m.id = i.asset_checklist_master_id
    left join lookup_item li on li.key = m.asset_category_id
    where i.daily_asset_checklist_id = pg.id
  ) agg on true
  order by pg.pre_at desc, pg.id desc`;
}

interface ChecklistDbRow {
  id: number;
  duty_roster_id: number;
  duty_roster_name: string;
  roster_date: string;
  region_id: number;
  region_name: string;
  section_id: number;
  section_name: string;
  vehicle_id: number;
  plate_number: string;
  call_sign: string | null;
  staff_id: number;
  staff_name: string;
  post_staff_name: string | null;
  odometer_pre: number;
  odometer_post: number | null;
  previous_odometer: number | null;
  gap_km: number | null;
  jump_km: number | null;
  no_kad_tng: string | null;
  no_kad_bahan_api: string | null;
  remark: string | null;
  pre_at_ms: number;
  post_at_ms: number | null;
  item_count: number;
  pre_defects: number;
  post_defects: number;
  defect_summary: string | null;
  total: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const toRow = (r: ChecklistDbRow): ChecklistRow => {
  const pre = Number(r.odometer_pre);
  const post = num(r.odometer_post);
  return {
    pkDailyAssetChecklistId: Number(r.id),
    dutyRosterId: Number(r.duty_roster_id),
    dutyRosterName: r.duty_roster_name,
    rosterDate: r.roster_date,
    regionId: Number(r.region_id),
    regionName: r.region_name,
    sectionId: Number(r.section_id),
    sectionName: r.section_name,
    vehicleId: Number(r.vehicle_id),
    plateNumber: r.plate_number,
    callSign: r.call_sign,
    staffId: Number(r.staff_id),
    staffName: r.staff_name,
    postStaffName: r.post_staff_name,
    odometerPre: pre,
    odometerPost: post,
    km: post === null ? null : post - pre,
    previousOdometer: num(r.previous_odometer),
    gapKm: num(r.gap_km),
    jumpKm: num(r.jump_km),
    noKadTng: r.no_kad_tng,
    noKadBahanApi: r.no_kad_bahan_api,
    remark: r.remark,
    preAt: new Date(Number(r.pre_at_ms)).toISOString(),
    postAt: r.post_at_ms === null ? null : new Date(Number(r.post_at_ms)).toISOString(),
    itemCount: Number(r.item_count),
    preDefects: Number(r.pre_defects),
    postDefects: Number(r.post_defects),
    defectSummary: r.defect_summary,
  };
};

/** Runs checklistReportQuery: the rows and the total of the filtered list. */
export async function runChecklistQuery(db: Db, o: ChecklistQueryOptions): Promise<{ rows: ChecklistRow[]; recordCount: number }> {
  const res = (await db.execute(checklistReportQuery(o))) as unknown as { rows: ChecklistDbRow[] };
  let recordCount = res.rows.length ? Number(res.rows[0].total) : 0;
  if (!res.rows.length && (o.offset ?? 0) > 0) {
    const first = (await db.execute(checklistReportQuery({ ...o, limit: 1, offset: 0 }))) as unknown as { rows: ChecklistDbRow[] };
    recordCount = first.rows.length ? Number(first.rows[0].total) : 0;
  }
  return { rows: res.rows.map(toRow), recordCount };
}

/** One checklist's row (header of the detail), or undefined. */
export async function checklistRow(db: Db, checklistId: number): Promise<ChecklistRow | undefined> {
  const { rows } = await runChecklistQuery(db, { checklistId });
  return rows[0];
}

// ------------------------------------------------------------------------------------------------ items and photos

const category = alias(lookupItem, 'asset_category');

/**
 * Reads of a roster's checklist form (dailyAssetChecklist/forRoster) and a checklist's detail, built once per
 * database and prepared (named on PostgreSQL), as incident/access.ts does: Drizzle building them on every call was a
 * good part of the call's own work (bench/uncached-reads.ts).
 */
const preparedOf = oncePerDb((_db: Db) => new Map<string, unknown>());
function preparedFor<T>(db: Db, name: string, prepare: (db: Db) => T): T {
  return getOrMake(preparedOf(db), name, () => prepare(db)) as T;
}

/** The master's active items in category order, then their own order and name. */
export async function activeMasterItems(db: Db) {
  return preparedFor(db, 'checklist_master_active', prepareActiveMasterItems).execute();
}
const prepareActiveMasterItems = (db: Db) =>
  db
    .select({
      pkAssetChecklistMasterId: assetChecklistMaster.id,
      assetCategoryId: assetChecklistMaster.assetCategoryId,
      assetCategoryName: category.value,
      name: assetChecklistMaster.name,
      unitLabel: assetChecklistMaster.unitLabel,
      isMeasurable: assetChecklistMaster.isMeasurable,
      defaultQuantity: assetChecklistMaster.defaultQuantity,
      sortOrder: assetChecklistMaster.sortOrder,
    })
    .from(assetChecklistMaster)
    .leftJoin(category, eq(category.key, assetChecklistMaster.assetCategoryId))
    .where(eq(assetChecklistMaster.isActive, true))
    .orderBy(
      sql`coalesce(${category.sortOrder}, 0)`,
      asc(assetChecklistMaster.sortOrder),
      asc(assetChecklistMaster.name),
      asc(assetChecklistMaster.id),
    )
    .prepare('checklist_master_active');

const toPhoto = (p: { id: number; phase: string; fileName: string; byteSize: number; createdAt: Date }): ChecklistPhoto => ({
  pkChecklistPhotoId: p.id,
  phase: p.phase as ChecklistPhoto['phase'],
  fileName: p.fileName,
  byteSize: p.byteSize,
  createdAt: p.createdAt.toISOString(),
});

export const photoColumns = {
  id: checklistPhoto.id,
  itemId: checklistPhoto.dailyAssetChecklistItemId,
  phase: checklistPhoto.phase,
  fileName: checklistPhoto.fileName,
  byteSize: checklistPhoto.byteSize,
  createdAt: checklistPhoto.createdAt,
};

export { toPhoto };

/**
 * The items of a checklist (all, or only those with a defect in either phase), in category and master order, with
 * their photos; `page` limits them (the items list, 5 a page).
 */
export async function checklistItems(
  db: Db,
  checklistId: number,
  opts: { onlyDefects?: boolean; page?: { start: number; length: number } } = {},
): Promise<{ rows: ChecklistItemRow[]; recordCount: number }> {
  const q = itemsQuery(db, checklistId, !!opts.onlyDefects);
  const items = opts.page
    ? await q.limit(opts.page.length).offset(opts.page.start)
    : opts.onlyDefects
      ? await q
      : await preparedFor(db, 'checklist_items', (db) => itemsQuery(db, sql.placeholder('checklistId'), false).prepare('checklist_items')).execute({
          checklistId,
        });
  let recordCount = items[0]?.total ?? 0;
  if (!items.length && opts.page && opts.page.start > 0) {
    const [first] = await q.limit(1).offset(0);
    recordCount = first?.total ?? 0;
  }
  const photos = items.length ? await preparedFor(db, 'checklist_item_photos', prepareItemPhotos).execute({ itemIds: items.map((x) => x.id) }) : [];
  return {
    recordCount: Number(recordCount),
    rows: items.map((x) => ({
      pkDailyAssetChecklistItemId: x.id,
      assetChecklistMasterId: x.masterId,
      assetCategoryId: x.assetCategoryId,
      assetCategoryName: x.assetCategoryName,
      name: x.name,
      unitLabel: x.unitLabel,
      isMeasurable: x.isMeasurable,
      expectedQuantity: x.expectedQuantity,
      preQuantity: x.preQuantity,
      preDamaged: x.preDamaged,
      preStatus: itemStatus(x.preQuantity, x.preDamaged, x.expectedQuantity),
      postQuantity: x.postQuantity,
      postDamaged: x.postDamaged,
      postStatus: itemStatus(x.postQuantity, x.postDamaged, x.expectedQuantity),
      remark: x.remark,
      photos: photos.filter((p) => p.itemId === x.id).map(toPhoto),
    })),
  };
}

const prepareItemPhotos = (db: Db) =>
  db
    .select(photoColumns)
    .from(checklistPhoto)
    .where(sql`${checklistPhoto.dailyAssetChecklistItemId} = any(${sql.placeholder('itemIds')}::int[])`)
    .orderBy(asc(checklistPhoto.id))
    .prepare('checklist_item_photos');

function itemsQuery(db: Db, checklistId: number | Placeholder, onlyDefects: boolean) {
  const i = dailyAssetChecklistItem;
  const parts: SQL[] = [eq(i.dailyAssetChecklistId, checklistId)];
  if (onlyDefects)
    parts.push(sql`(${i.preDamaged} or ${i.postDamaged} or ${i.preQuantity} < ${i.expectedQuantity} or ${i.postQuantity} < ${i.expectedQuantity})`);
  return db
    .select({
      id: i.id,
      masterId: i.assetChecklistMasterId,
      assetCategoryId: assetChecklistMaster.assetCategoryId,
      assetCategoryName: category.value,
      name: assetChecklistMaster.name,
      unitLabel: assetChecklistMaster.unitLabel,
      isMeasurable: assetChecklistMaster.isMeasurable,
      expectedQuantity: i.expectedQuantity,
      preQuantity: i.preQuantity,
      preDamaged: i.preDamaged,
      postQuantity: i.postQuantity,
      postDamaged: i.postDamaged,
      remark: i.remark,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(i)
    .innerJoin(assetChecklistMaster, eq(assetChecklistMaster.id, i.assetChecklistMasterId))
    .leftJoin(category, eq(category.key, assetChecklistMaster.assetCategoryId))
    .where(and(...parts))
    .orderBy(sql`coalesce(${category.sortOrder}, 0)`, asc(assetChecklistMaster.sortOrder), asc(assetChecklistMaster.name), asc(i.id))
    .$dynamic();
}

// ------------------------------------------------------------------------------------------------ odometer

/**
 * The vehicle's last reading: the greatest of pre / post over its checklists other than `exceptId`, with a pre_at
 * before `before` when given; with the instant of that reading.
 */
export async function lastReading(
  db: Db,
  vehicleId: number,
  opts: { before?: Date; exceptId?: number } = {},
): Promise<{ reading: number; at: Date } | null> {
  const { before, exceptId } = opts;
  // the two forms the checklist form asks (none; both) prepared, any other built
  const [row] =
    !before && !exceptId
      ? await preparedFor(db, 'checklist_last_reading', (db) =>
          lastReadingQuery(db, { vehicleId: sql.placeholder('vehicleId') }).prepare('checklist_last_reading'),
        ).execute({ vehicleId })
      : before && exceptId
        ? await preparedFor(db, 'checklist_last_reading_before', (db) =>
            lastReadingQuery(db, {
              vehicleId: sql.placeholder('vehicleId'),
              exceptId: sql.placeholder('exceptId'),
              before: sql.placeholder('before'),
            }).prepare('checklist_last_reading_before'),
          ).execute({ vehicleId, exceptId, before: before.toISOString() })
        : await lastReadingQuery(db, { vehicleId, exceptId, before: before?.toISOString() });
  if (!row) return null;
  const at = row.post !== null && row.post >= row.pre && row.postAt ? row.postAt : row.preAt;
  return { reading: Number(row.reading), at };
}

type Param<T> = T | Placeholder;
function lastReadingQuery(db: Db, o: { vehicleId: Param<number>; exceptId?: Param<number>; before?: Param<string> }) {
  const c = dailyAssetChecklist;
  const parts: SQL[] = [eq(c.vehicleId, o.vehicleId)];
  if (o.exceptId) parts.push(ne(c.id, o.exceptId));
  if (o.before) parts.push(sql`${c.preAt} < ${o.before}::timestamptz`);
  return db
    .select({
      reading: sql<number>`greatest(${c.odometerPre}, coalesce(${c.odometerPost}, ${c.odometerPre}))`,
      preAt: c.preAt,
      postAt: c.postAt,
      post: c.odometerPost,
      pre: c.odometerPre,
    })
    .from(c)
    .where(and(...parts))
    .orderBy(sql`greatest(${c.odometerPre}, coalesce(${c.odometerPost}, ${c.odometerPre})) desc`, sql`${c.preAt} desc`)
    .limit(1);
}
