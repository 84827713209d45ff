/**
 * Demo daily vehicle and asset checklists (issue #16), written by seedDemoData after the rosters of the last
 * fortnight exist: for each N9 day-shift roster of the past 7 days (not today: today's is the patrol's to fill) with a
 * vehicle, a completed checklist (PRE 10 minutes after the start, POST 15 minutes before the end) by the first member
 * of its team, counting every active master item. Odometers grow day by day per vehicle; on the first vehicle one
 * day's POST finds the first measured item short (a defect) and another day's PRE starts 12 km above the previous
 * reading (a gap on the report). No photos, no alerts, no vehicle marked. Deterministic: no randomness.
 * Skipped (0) when the checklist master has no active item.
 */
import { and, asc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../client';
import { assetChecklistMaster, dailyAssetChecklist, dailyAssetChecklistItem, dutyRoster, section, teamMember } from '../schema';
import { SHIFT_ID } from './data/people';
import { addDays, bruneiDate } from './rosters';

const DEFECT_DAY = 2;
const GAP_DAY = 4;
const GAP_KM = 12;

export async function seedDemoChecklists(db: Db, opts: { today?: string } = {}): Promise<number> {
  const masters = await db
    .select({ id: assetChecklistMaster.id, isMeasurable: assetChecklistMaster.isMeasurable, defaultQuantity: assetChecklistMaster.defaultQuantity })
    .from(assetChecklistMaster)
    .where(eq(assetChecklistMaster.isActive, true))
    .orderBy(asc(assetChecklistMaster.assetCategoryId), asc(assetChecklistMaster.sortOrder), asc(assetChecklistMaster.id));
  if (!masters.length) return 0;
  const today = opts.today ?? bruneiDate();
  const rosters = await db
    .select({
      id: dutyRoster.id,
      vehicleId: dutyRoster.vehicleId,
      teamId: dutyRoster.teamId,
      startsAt: dutyRoster.startsAt,
      endsAt: dutyRoster.endsAt,
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .where(
      and(
        eq(section.name, 'N9'),
        eq(dutyRoster.shiftId, SHIFT_ID.DAY),
        isNotNull(dutyRoster.vehicleId),
        gte(dutyRoster.startDate, addDays(today, -7)),
        lte(dutyRoster.startDate, addDays(today, -1)),
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

  const firstVehicle = rosters[0].vehicleId!;
  const shortItem = masters.find((m) => m.isMeasurable && m.defaultQuantity >= 2) ?? masters[0];
  const reading = new Map<number, number>();
  const dayOf = new Map<number, number>();
  let made = 0;
  for (const r of rosters) {
    const staffId = firstOf.get(r.teamId);
    if (!staffId) continue;
    const v = r.vehicleId!;
    const day = dayOf.get(v) ?? 0;
    dayOf.set(v, day + 1);
    const last = reading.get(v) ?? 40_000 + ((v * 1237) % 50_000);
    const pre = last + (v === firstVehicle && day === GAP_DAY ? GAP_KM : 0);
    const post = pre + 150 + ((day * 37 + v) % 100);
    reading.set(v, post);
    const [c] = await db
      .insert(dailyAssetChecklist)
      .values({
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
      })
      .onConflictDoNothing()
      .returning({ id: dailyAssetChecklist.id });
    if (!c) continue;
    const defect = v === firstVehicle && day === DEFECT_DAY;
    await db.insert(dailyAssetChecklistItem).values(
      masters.map((m) => ({
        dailyAssetChecklistId: c.id,
        assetChecklistMasterId: m.id,
        expectedQuantity: m.defaultQuantity,
        preQuantity: m.defaultQuantity,
        postQuantity: defect && m.id === shortItem.id ? Math.max(0, m.defaultQuantity - 2) : m.defaultQuantity,
        remark: defect && m.id === shortItem.id ? 'Hilang semasa kerja di tapak' : null,
      })),
    );
    made++;
  }
  return made;
}
