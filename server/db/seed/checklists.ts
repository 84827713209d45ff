/**
 * Demo daily vehicle and asset checklists (issue #16, #31), written by seedDemoData after the rosters exist.
 *
 * Always: for each N9 day-shift roster of the past 7 days (not today: today's is the patrol's to fill) with a
 * vehicle, a completed checklist (PRE 10 minutes after the start, POST 15 minutes before the end) by the first member
 * of its team, counting every active master item. Odometers grow day by day per vehicle; on the first vehicle one
 * day's POST finds the first measured item short (a defect) and another day's PRE starts 12 km above the previous
 * reading (a gap on the report).
 *
 * With a longer history (`historyDays` > 14, DEMO_HISTORY_DAYS): also the rosters of the whole history of about one
 * unit in three (day and night shifts; the other units' vehicles have no checklist, so their distance comes from the
 * GPS track alone), a few of them skipped (a checklist not done: the report's completeness shows it), and now and
 * then an item found short or damaged after the shift, with a remark. A vehicle's readings follow each other in time
 * over all its checklists. No photos, no alerts, no vehicle marked. Deterministic (fixed-seed PRNG for the longer
 * history, none for the week of N9). Bulk inserts. Skipped (0) when the checklist master has no active item.
 */
import { and, asc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { assetChecklistMaster, dailyAssetChecklist, dutyRoster, section, teamMember } from '../schema';
import { SHIFT_ID } from './data/people';
import { patrolUnits } from './people';
import { createRng } from './prng';
import { addDays, bruneiDate } from './rosters';
import { now as clockNow } from '../../lib/clock';

const DEFECT_DAY = 2;
const GAP_DAY = 4;
const GAP_KM = 12;
/** the server tests' compact demo: the N9 week only */
const COMPACT_DAYS = 14;
const SEED = 20261128;
/** share of the longer history's rosters whose checklist was not done */
const SKIPPED_SHARE = 0.07;
/** share of the longer history's checklists with an item short or damaged after the shift */
const DEFECT_SHARE = 0.08;
const DEFECT_REMARKS = [
  'Hilang semasa kerja di tapak',
  'Rosak semasa mengawal lalu lintas',
  'Tertinggal di lokasi kes',
  'Dilanggar kenderaan awam, perlu diganti',
] as const;

export async function seedDemoChecklists(db: Db, opts: { today?: string; historyDays?: number; now?: Date } = {}): Promise<number> {
  const masters = await db
    .select({ id: assetChecklistMaster.id, isMeasurable: assetChecklistMaster.isMeasurable, defaultQuantity: assetChecklistMaster.defaultQuantity })
    .from(assetChecklistMaster)
    .where(eq(assetChecklistMaster.isActive, true))
    .orderBy(asc(assetChecklistMaster.assetCategoryId), asc(assetChecklistMaster.sortOrder), asc(assetChecklistMaster.id));
  if (!masters.length) return 0;
  const today = opts.today ?? bruneiDate();
  const now = opts.now ?? clockNow();
  const historyDays = opts.historyDays ?? COMPACT_DAYS;
  const long = historyDays > COMPACT_DAYS;
  // the units with checklists over the whole history: one in three (N9 among them), in the units' order
  const units = patrolUnits();
  const withChecklists = units.filter((u, i) => u.name === 'N9' || i % 3 === 0).map((u) => u.sectionId);
  const week = and(eq(section.name, 'N9'), eq(dutyRoster.shiftId, SHIFT_ID.DAY), gte(dutyRoster.startDate, addDays(today, -7)));
  const rosters = await db
    .select({
      id: dutyRoster.id,
      vehicleId: dutyRoster.vehicleId,
      teamId: dutyRoster.teamId,
      startsAt: dutyRoster.startsAt,
      endsAt: dutyRoster.endsAt,
      inWeek: sql<boolean>`coalesce(${week}, false)`,
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .where(
      and(
        isNotNull(dutyRoster.vehicleId),
        lte(dutyRoster.startDate, addDays(today, -1)),
        long
          ? and(
              or(week, inArray(dutyRoster.sectionId, withChecklists)),
              gte(dutyRoster.startDate, addDays(today, -historyDays)),
              lte(dutyRoster.endsAt, now),
            )
          : week,
      ),
    )
    .orderBy(asc(dutyRoster.vehicleId), asc(dutyRoster.startsAt), asc(dutyRoster.id));
  if (!rosters.length) return 0;
  const members = await db
    .select({ teamId: teamMember.teamId, staffId: teamMember.staffId })
    .from(teamMember)
    .where(inArray(teamMember.teamId, [...new Set(rosters.map((r) => r.teamId))]))
    .orderBy(asc(teamMember.id));
  const firstOf = new Map<number, number>();
  for (const m of members) if (!firstOf.has(m.teamId)) firstOf.set(m.teamId, m.staffId);

  const rng = createRng(SEED);
  // the N9 week's first vehicle has its defect and its gap on the week's days (whatever came before)
  const firstVehicle = (rosters.find((r) => r.inWeek) ?? rosters[0]).vehicleId!;
  const shortItem = masters.find((m) => m.isMeasurable && m.defaultQuantity >= 2) ?? masters[0];
  const reading = new Map<number, number>();
  const dayOf = new Map<number, number>();
  const weekDayOf = new Map<number, number>();
  const heads: (typeof dailyAssetChecklist.$inferInsert)[] = [];
  const defects: { itemId: number; short: boolean; remark: string }[] = [];
  for (const r of rosters) {
    const staffId = firstOf.get(r.teamId);
    if (!staffId) continue;
    // the N9 week is always complete; the longer history now and then has a checklist not done
    if (!r.inWeek && rng.chance(SKIPPED_SHARE)) continue;
    const v = r.vehicleId!;
    const day = dayOf.get(v) ?? 0;
    dayOf.set(v, day + 1);
    const weekDay = r.inWeek ? (weekDayOf.get(v) ?? 0) : -1;
    if (r.inWeek) weekDayOf.set(v, weekDay + 1);
    const last = reading.get(v) ?? 40_000 + ((v * 1237) % 50_000);
    const pre = last + (v === firstVehicle && weekDay === GAP_DAY ? GAP_KM : 0);
    const post = pre + 150 + ((day * 37 + v) % 100);
    reading.set(v, post);
    heads.push({
      vehicleId: v,
      dutyRosterId: r.id,
      staffId,
      odometerPre: pre,
      odometerPost: post,
      noKadTng: `TNG-${String(v).padStart(4, '0')}`,
      noKadBahanApi: `BA-${String(v).padStart(4, '0')}`,
      preAt: new Date(r.startsAt.getTime() + 10 * 60_000),
      postAt: new Date(r.endsAt.getTime() - 15 * 60_000),
      postStaffId: staffId,
    });
    if (v === firstVehicle && weekDay === DEFECT_DAY) defects.push({ itemId: shortItem.id, short: true, remark: DEFECT_REMARKS[0] });
    else if (!r.inWeek && rng.chance(DEFECT_SHARE)) {
      const item = rng.pick(masters);
      defects.push({ itemId: item.id, short: item.isMeasurable && item.defaultQuantity >= 2 && rng.chance(0.6), remark: rng.pick(DEFECT_REMARKS) });
    } else defects.push({ itemId: 0, short: false, remark: '' });
  }
  if (!heads.length) return 0;

  const ids: number[] = [];
  for (let i = 0; i < heads.length; i += 500) {
    const done = await db
      .insert(dailyAssetChecklist)
      .values(heads.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: dailyAssetChecklist.id, rosterId: dailyAssetChecklist.dutyRosterId });
    const byRoster = new Map(done.map((d) => [d.rosterId, d.id]));
    for (const h of heads.slice(i, i + 500)) ids.push(byRoster.get(h.dutyRosterId) ?? 0);
  }
  // the items of every checklist in one statement per few thousand rows (a JSON document: cheap on the embedded database)
  const items: { c: number; m: number; e: number; pre: number; post: number; pd: boolean; r: string | null }[] = [];
  heads.forEach((_, i) => {
    const c = ids[i];
    if (!c) return;
    const d = defects[i];
    for (const m of masters) {
      const hit = d.itemId === m.id;
      items.push({
        c,
        m: m.id,
        e: m.defaultQuantity,
        pre: m.defaultQuantity,
        post: hit && d.short ? Math.max(0, m.defaultQuantity - 2) : m.defaultQuantity,
        pd: hit && !d.short,
        r: hit ? d.remark : null,
      });
    }
  });
  for (let i = 0; i < items.length; i += 20_000) {
    await db.execute(sql`insert into daily_asset_checklist_item (daily_asset_checklist_id, asset_checklist_master_id, expected_quantity, pre_quantity, post_quantity, post_damaged, remark)
      select x.c, x.m, x.e, x.pre, x.post, x.pd, x.r
      from json_to_recordset(${JSON.stringify(items.slice(i, i + 20_000))}::json) as x(c int, m int, e int, pre int, post int, pd boolean, r text)`);
  }
  return ids.filter(Boolean).length;
}
