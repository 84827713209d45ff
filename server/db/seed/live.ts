/**
 * A live operation on the demo data at any hour (issue #29 item 5): at every start of a demo database, each roster
 * that covers now (start ≤ now < end, contract/shift-time.ts; the night rosters of the previous evening from midnight
 * to 07:00) and has no position taken during its shift gets the last few minutes of its patrol tablet's fixes: three
 * fixes along its section's alignment, the newest half a minute old, written by the server's own batch write
 * (maps/positions.ts writeBatch, each fix derived on the geography like rondaGps/save), so the map, nearest patrol
 * and the dashboard show the patrols on the road whatever the hour the portal is started.
 *
 * Only on a demo database (seed_version present) and only when asked (config.demoLive; the tests and the e2e
 * servers turn it off unless they test it). Deterministic per roster (its id seeds the PRNG); idempotent: a roster
 * with a position in its shift is left alone.
 *
 * The demo then keeps driving those tablets (tickLivePositions, every minute while the server runs): each roster it
 * started (kept in app_meta 'demo_live_rosters') gets a new fix along its section while it is on duty, so its patrols
 * move on the map and do not fall silent (GPS-silent alerts); a roster that starts later (the 07:00 and 19:00
 * handovers) is started the same way.
 */
import { and, asc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../client';
import { appMeta, appUser, dutyRoster, rosterLatestPosition, teamMember } from '../schema';
import { geoIndex } from '../../modules/maps/geo-index';
import { derive, type FixRow, writeBatch } from '../../modules/maps/positions';
import { createRng } from './prng';
import { now as clockNow } from '../../lib/clock';

const SEED_VERSION_KEY = 'seed_version';
const DRIVEN_KEY = 'demo_live_rosters';
/** how old each of the fixes is, in seconds (oldest first) */
const FIX_AGES_S = [270, 150, 30];
/** km covered between two fixes at ~80 km/h over two minutes */
const KM_PER_STEP = 2.6;

/** A point along a section: its markers as [km, lat, lng] by km. */
function pointAt(markers: [number, number, number][], km: number): [number, number] {
  let best = markers[0];
  for (const m of markers) if (Math.abs(m[0] - km) < Math.abs(best[0] - km)) best = m;
  return [best[1], best[2]];
}

export async function ensureLivePositions(db: Db, opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? clockNow();
  const [demo] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, SEED_VERSION_KEY));
  if (!demo) return 0;
  const rosters = await db
    .select({ id: dutyRoster.id, sectionId: dutyRoster.sectionId, teamId: dutyRoster.teamId, startsAt: dutyRoster.startsAt })
    .from(dutyRoster)
    .leftJoin(rosterLatestPosition, eq(rosterLatestPosition.dutyRosterId, dutyRoster.id))
    .where(
      and(
        lte(dutyRoster.startsAt, now),
        gt(dutyRoster.endsAt, now),
        or(isNull(rosterLatestPosition.recordedAt), lt(rosterLatestPosition.recordedAt, dutyRoster.startsAt)),
      ),
    )
    .orderBy(asc(dutyRoster.id));
  if (!rosters.length) return 0;

  // whose tablet sends the fixes: the team's first member with an account (none when no member has one)
  const members = await db
    .select({ teamId: teamMember.teamId, userId: appUser.id })
    .from(teamMember)
    .leftJoin(appUser, eq(appUser.staffId, teamMember.staffId))
    .where(inArray(teamMember.teamId, [...new Set(rosters.map((r) => r.teamId))]))
    .orderBy(asc(teamMember.id));
  const userOf = new Map<number, number | null>();
  for (const m of members) if (m.userId !== null && !userOf.has(m.teamId)) userOf.set(m.teamId, m.userId);

  const geo = await geoIndex(db);
  let written = 0;
  const driven: number[] = [];
  for (const r of rosters) {
    const sec = geo.sections.get(r.sectionId);
    const userId = userOf.get(r.teamId) ?? null;
    if (!sec || sec.markers.length < 2) continue;
    const rng = createRng(r.id * 7919);
    const kmLo = sec.markers[0][0];
    const kmHi = sec.markers.at(-1)![0];
    const span = Math.max(0, kmHi - kmLo - FIX_AGES_S.length * KM_PER_STEP);
    const up = rng.chance(0.5);
    let km = up ? kmLo + rng.next() * span : kmHi - rng.next() * span;
    const rows: FixRow[] = [];
    let prev: { sectionId: number | null; km: number | null; directionId: number | null; recordedAt: Date; offsetMetres: number | null } | null =
      null;
    for (const age of FIX_AGES_S) {
      const recordedAt = new Date(now.getTime() - age * 1000);
      if (recordedAt < r.startsAt) continue;
      const [lat, lng] = pointAt(sec.markers, km);
      const latitude = Math.round((lat + (rng.next() - 0.5) * 0.0002) * 1e6) / 1e6;
      const longitude = Math.round((lng + (rng.next() - 0.5) * 0.0002) * 1e6) / 1e6;
      const d = derive(geo, { latitude, longitude }, prev);
      rows.push({ ...d, latitude, longitude, recordedAt, accuracy: 8, heading: null, speed: 22 });
      prev = { ...d, recordedAt };
      km += up ? KM_PER_STEP : -KM_PER_STEP;
    }
    if (!rows.length) continue;
    await writeBatch(db, r.id, userId, now, rows);
    driven.push(r.id);
    written++;
  }
  if (driven.length) await setDriven(db, [...(await drivenRosters(db)), ...driven]);
  return written;
}

/** The rosters whose tablets the demo drives. */
async function drivenRosters(db: Db): Promise<number[]> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, DRIVEN_KEY));
  if (!row) return [];
  try {
    const ids = JSON.parse(row.value) as unknown;
    return Array.isArray(ids) ? ids.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

async function setDriven(db: Db, ids: number[]): Promise<void> {
  const value = JSON.stringify([...new Set(ids)].sort((a, b) => a - b));
  await db.insert(appMeta).values({ key: DRIVEN_KEY, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } });
}

/**
 * One minute of the demo's tablets: a fix for each driven roster still on duty (2.6 km on from its latest position,
 * turning at the section's ends), the rosters that have ended dropped, and the rosters started since given their
 * first fixes (ensureLivePositions). Returns the fixes written.
 */
export async function tickLivePositions(db: Db, opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? clockNow();
  const ids = await drivenRosters(db);
  let written = 0;
  if (ids.length) {
    const rows = await db
      .select({
        id: dutyRoster.id,
        sectionId: dutyRoster.sectionId,
        startsAt: dutyRoster.startsAt,
        endsAt: dutyRoster.endsAt,
        km: rosterLatestPosition.km,
        latestSection: rosterLatestPosition.sectionId,
        recordedAt: rosterLatestPosition.recordedAt,
        directionId: rosterLatestPosition.directionId,
        offsetMetres: rosterLatestPosition.offsetMetres,
      })
      .from(dutyRoster)
      .innerJoin(rosterLatestPosition, eq(rosterLatestPosition.dutyRosterId, dutyRoster.id))
      .where(inArray(dutyRoster.id, ids));
    const geo = await geoIndex(db);
    const onDuty = rows.filter((r) => r.startsAt <= now && r.endsAt > now);
    for (const r of onDuty) {
      const sec = geo.sections.get(r.sectionId);
      if (!sec || sec.markers.length < 2 || r.recordedAt >= now) continue;
      const kmLo = sec.markers[0][0];
      const kmHi = sec.markers.at(-1)![0];
      // back and forth along the section: the way flips every 40 minutes of the clock (per roster)
      const up = Math.floor(now.getTime() / (40 * 60_000) + r.id) % 2 === 0;
      const from = r.latestSection === r.sectionId && r.km !== null ? r.km : kmLo;
      const km = Math.min(kmHi, Math.max(kmLo, from + (up ? KM_PER_STEP : -KM_PER_STEP)));
      const [latitude, longitude] = pointAt(sec.markers, km);
      const prev = { sectionId: r.latestSection, km: r.km, directionId: r.directionId, recordedAt: r.recordedAt, offsetMetres: r.offsetMetres };
      const d = derive(geo, { latitude, longitude }, prev);
      await writeBatch(db, r.id, null, now, [{ ...d, latitude, longitude, recordedAt: now, accuracy: 8, heading: null, speed: 22 }]);
      written++;
    }
    const kept = rows.filter((r) => r.endsAt > now).map((r) => r.id);
    if (kept.length !== ids.length) await setDriven(db, kept);
  }
  return written + (await ensureLivePositions(db, { now }));
}
