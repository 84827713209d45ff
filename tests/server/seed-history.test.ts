/**
 * The demo's longer history (issue #31 item 2; DEMO_HISTORY_DAYS, 90 on a demo server): seeded once here with 90 days,
 * and read straight from the database. Cases over the whole history in every region, none weeks old still open; every
 * region's rosters summarised in both 30-day windows a report compares (its default range and the previous period),
 * with their track length; position fixes only for the last fortnight; activity logs inside their shifts (night ones
 * past midnight); checklists for some vehicles only, some with a defect, odometers that follow on; TMC logsheets of
 * every region; staff without an account; leave that never overlaps for one person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../server/db/client';
import { addDays, bruneiDate, bruneiInstant, seedDemoData } from '../../server/db/seed';
import { FIX_DAYS } from '../../server/db/seed/report-history';
import { ensureRondas } from '../../server/db/seed/rondas';
import { now as clockNow } from '../../server/lib/clock';
import { openTestDb } from './support/database';

let h: DbHandle;
const DAYS = 90;
const now = clockNow();
const today = bruneiDate(now);
const REGIONS = [21, 22, 23];

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await h.db.execute(q)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  h = await openTestDb();
  expect(await seedDemoData(h.db, { passwordHashCost: 'fast', historyDays: DAYS, now })).toEqual({ seeded: true });
}, 180_000);
afterAll(async () => h?.close());

describe(`the demo's ${DAYS}-day history`, () => {
  it('has cases over the whole history in every region, and none opened before the fortnight is still open', async () => {
    const windows = await rows<{ region_id: number; w: number; n: number }>(sql`
      select region_id, floor(extract(epoch from (${now.toISOString()}::timestamptz - incident_at)) / 86400 / 30)::int as w, count(*)::int as n
      from incident group by 1, 2 order by 1, 2`);
    for (const region of REGIONS)
      for (const w of [0, 1, 2]) expect(windows.find((r) => r.region_id === region && r.w === w)?.n ?? 0, `${region} window ${w}`).toBeGreaterThan(0);
    const [{ first }] = await rows<{ first: Date }>(sql`select min(incident_at) as first from incident`);
    expect(new Date(first).getTime()).toBeGreaterThanOrEqual(bruneiInstant(addDays(today, -DAYS), '00:00').getTime());
    const [{ open }] = await rows<{ open: number }>(sql`
      select count(*)::int as open from incident
      where incident_at < ${bruneiInstant(addDays(today, -14), '00:00').toISOString()}::timestamptz and coalesce(status_id, 0) not in (202, 210)`);
    expect(open).toBe(0);
  });

  it('summarises every region’s rosters in the default 30 days and the 30 before them, with a GPS track', async () => {
    const got = await rows<{ region_id: number; w: number; n: number; track: number }>(sql`
      select s.region_id, case when dr.start_date >= ${addDays(today, -30)}::date then 0 else 1 end as w, count(*)::int as n,
        min(dr.track_metres)::int as track
      from duty_roster dr join section s on s.id = dr.section_id
      where dr.start_date between ${addDays(today, -60)}::date and ${addDays(today, -1)}::date and dr.ends_at <= ${now.toISOString()}::timestamptz
        and dr.summary_at is not null and dr.summary_fixes >= 2
      group by 1, 2 order by 1, 2`);
    for (const region of REGIONS)
      for (const w of [0, 1]) {
        const r = got.find((g) => g.region_id === region && g.w === w);
        expect(r?.n ?? 0, `${region} window ${w}`).toBeGreaterThan(20);
        expect(r?.track ?? 0, `${region} window ${w}: the shortest track`).toBeGreaterThan(1000);
      }
    // the fixes themselves only for the last fortnight's rosters
    const [{ older }] = await rows<{ older: number }>(sql`
      select count(*)::int as older from roster_position p join duty_roster dr on dr.id = p.duty_roster_id
      where dr.starts_at < ${bruneiInstant(addDays(today, -FIX_DAYS), '00:00').toISOString()}::timestamptz`);
    expect(older).toBe(0);
    const [{ recent }] = await rows<{ recent: number }>(sql`select count(distinct duty_roster_id)::int as recent from roster_position`);
    expect(recent).toBeGreaterThan(100);
  });

  it('gives every section a ronda plan and every section’s rosters, combined ones too, their rondas (Laporan Rondaan)', async () => {
    expect((await ensureRondas(h.db, { demo: true, everySection: true })).rondas).toBeGreaterThan(20);
    // the plan of a roster's section: its own active loops and its parts' (as LoopingReportV2 counts it)
    const plans = await rows<{ name: string; planned: number; rosters: number; summarised: number; rondas: number }>(sql`
      select s.name,
        (select count(*) from ronda_loop l where l.is_active and (l.section_id = s.id
          or l.section_id in (select p.id from section p where p.combined_section_id = s.id)))::int as planned,
        count(dr.id)::int as rosters, count(dr.summary_at)::int as summarised, coalesce(sum(dr.ronda_count), 0)::int as rondas
      from section s join duty_roster dr on dr.section_id = s.id
      where dr.start_date between ${addDays(today, -30)}::date and ${addDays(today, -1)}::date and dr.ends_at <= ${now.toISOString()}::timestamptz
      group by s.id, s.name order by s.name`);
    expect(plans.length).toBeGreaterThan(10);
    for (const p of plans) {
      expect(p.planned, `${p.name}: loops planned`).toBeGreaterThan(0);
      // N1+N2, N3+N7 and S5+S6 had no history at all (their markers are their parts')
      expect(p.summarised, `${p.name}: rosters summarised`).toBeGreaterThan(p.rosters * 0.8);
      expect(p.rondas, `${p.name}: rondas driven`).toBeGreaterThan(p.rosters * 3);
    }
  });

  it('keeps every activity log entry inside its roster’s shift (night shifts run past midnight)', async () => {
    const [{ outside, night }] = await rows<{ outside: number; night: number }>(sql`
      select count(*) filter (where a.occurred_at < dr.starts_at or a.occurred_at > dr.ends_at)::int as outside,
        count(*) filter (where dr.end_date > dr.start_date and (a.occurred_at at time zone 'Asia/Brunei')::date = dr.end_date)::int as night
      from activity_log a join duty_roster dr on dr.id = a.duty_roster_id`);
    expect(outside).toBe(0);
    expect(night).toBeGreaterThan(0);
  });

  it('has checklists for some vehicles only, some with a defect, and odometers that follow on', async () => {
    const [{ checked, rostered }] = await rows<{ checked: number; rostered: number }>(sql`
      select (select count(distinct vehicle_id) from daily_asset_checklist)::int as checked,
        (select count(distinct vehicle_id) from duty_roster where start_date < ${today}::date)::int as rostered`);
    expect(checked).toBeGreaterThan(5);
    expect(checked).toBeLessThan(rostered);
    const [{ defects }] = await rows<{ defects: number }>(sql`
      select count(distinct daily_asset_checklist_id)::int as defects from daily_asset_checklist_item
      where post_damaged or post_quantity < expected_quantity`);
    expect(defects).toBeGreaterThan(5);
    const [{ backwards }] = await rows<{ backwards: number }>(sql`
      select count(*)::int as backwards from (
        select odometer_pre, lag(odometer_post) over (partition by vehicle_id order by pre_at) as before from daily_asset_checklist) x
      where x.odometer_pre < x.before`);
    expect(backwards).toBe(0);
  });

  it('has TMC logsheets of every region over the history, written after their To and before now', async () => {
    const got = await rows<{ region_id: number; n: number; first: Date; bad: number }>(sql`
      select region_id, count(*)::int as n, min(from_at) as first,
        count(*) filter (where to_at <= from_at or created_at < to_at or created_at > ${now.toISOString()}::timestamptz)::int as bad
      from tmc_logsheet group by 1 order by 1`);
    expect(got.map((g) => g.region_id)).toEqual(REGIONS);
    for (const g of got) {
      expect(g.n).toBeGreaterThan(DAYS * 4);
      expect(g.bad).toBe(0);
      expect(bruneiDate(new Date(g.first)) <= addDays(today, -DAYS + 1)).toBe(true);
    }
  });

  it('has staff without a sign-in account, and leave that never overlaps for one person', async () => {
    const [{ without }] = await rows<{ without: number }>(sql`
      select count(*)::int as without from staff s where s.is_active and not exists (select 1 from app_user u where u.staff_id = s.id)`);
    expect(without).toBe(7);
    const [{ leave, overlapping, released }] = await rows<{ leave: number; overlapping: number; released: number }>(sql`
      select (select count(*) from staff_leave)::int as leave,
        (select count(*) from staff_leave a join staff_leave b on a.staff_id = b.staff_id and a.id < b.id
          and a.date_from <= b.date_to and b.date_from <= a.date_to)::int as overlapping,
        (select count(*) from duty_roster_absence)::int as released`);
    expect(leave).toBeGreaterThan(20);
    expect(overlapping).toBe(0);
    expect(released).toBeGreaterThan(0);
  });
});
