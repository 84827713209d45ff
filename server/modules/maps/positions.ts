/**
 * Live patrol positions (issue #7; §7.5 rondaGps): the fixes a patrol tablet sends, stored as history per roster
 * (roster_position) and as the roster's latest position (roster_latest_position), each with the section, kilometre,
 * distance and carriageway of the nearest kilometre marker (geo-index.ts, in memory).
 *
 * Who may send: a PR user who is a member of the roster's team, for fixes taken during the roster's shift (with
 * POSITION_SHIFT_GRACE_MINUTES either side, so a tablet that was offline delivers its fixes after coming back, even
 * after the shift ended). A fix more than POSITION_FUTURE_ALLOWANCE_MS ahead of the server's clock is refused.
 *
 * Carriageway of a fix, in this order: (1) the movement along the kilometres since the previous fix (this batch's
 * previous one, else the roster's latest, when on the same highway and taken before it): ≥ 50 m towards increasing
 * km is the section's increasing-km carriageway, towards decreasing km the other; (2) else the heading (when the
 * tablet gives one and moves at ≥ 2 m/s) against the alignment's bearing at the marker: within 90° is increasing km;
 * (3) else the previous fix's carriageway. None when the fix is off the mainline (> MAINLINE_BOUND_METRES).
 */
import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { MAINLINE_BOUND_METRES, POSITION_FUTURE_ALLOWANCE_MS } from '../../../contract/map-rules';
import type { RondaGpsFilter, RondaGpsRow, RondaGpsSave, VehicleLocation } from '../../../contract/maps';
import type { TokenClaims } from '../../../contract/auth';
import { ROLE_IDS } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { appUser, dutyRoster, rosterLatestPosition, rosterPosition, section } from '../../db/schema';
import { rosterHasPerson } from '../../lib/roster-people';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { DIRECTION_LABEL, oppositeDirection, type GeoIndex } from './geo-index';
import { now as clockNow } from '../../lib/clock';

export const NOT_ON_ROSTER = 'Anda bukan ahli pasukan peronda bagi jadual tugas ini.';
export const NOT_ON_SHIFT = 'Kedudukan hanya boleh dihantar semasa syif jadual tugas ini.';
export const FIX_IN_FUTURE = 'Masa kedudukan tidak boleh melebihi masa semasa.';
/** the movement along km that decides the carriageway */
const MOVE_KM = 0.05;
const MOVING_MPS = 2;

export interface Derived {
  sectionId: number | null;
  km: number | null;
  offsetMetres: number | null;
  directionId: number | null;
}

interface PrevFix {
  sectionId: number | null;
  km: number | null;
  directionId: number | null;
  recordedAt: Date;
  offsetMetres: number | null;
}

/** Section, km, offset and carriageway of a fix (rule in the module comment). */
export function derive(
  geo: GeoIndex,
  fix: { latitude: number; longitude: number; heading?: number | null; speed?: number | null },
  prev: PrevFix | null,
): Derived {
  const m = geo.nearest(fix.latitude, fix.longitude);
  if (!m) return { sectionId: null, km: null, offsetMetres: null, directionId: null };
  const offsetMetres = Math.round(m.metres * 10) / 10;
  const base = { sectionId: m.section.id, km: m.km, offsetMetres };
  const inc = m.section.increasingDirection;
  if (offsetMetres > MAINLINE_BOUND_METRES || inc === null) return { ...base, directionId: null };
  const prevSection = prev?.sectionId ? geo.sections.get(prev.sectionId) : undefined;
  const sameHighway =
    prevSection && prevSection.highwayId === m.section.highwayId && prev!.offsetMetres !== null && prev!.offsetMetres <= MAINLINE_BOUND_METRES;
  if (sameHighway && prev!.km !== null) {
    const d = m.km - prev!.km;
    if (Math.abs(d) >= MOVE_KM - 1e-9) return { ...base, directionId: d > 0 ? inc : oppositeDirection(inc) };
  }
  if (fix.heading !== null && fix.heading !== undefined && (fix.speed === null || fix.speed === undefined || fix.speed >= MOVING_MPS)) {
    const bearing = geo.bearingAt(m.section.id, m.km);
    if (bearing !== null) {
      const diff = Math.abs(((fix.heading - bearing + 540) % 360) - 180);
      return { ...base, directionId: diff < 90 ? inc : oppositeDirection(inc) };
    }
  }
  return { ...base, directionId: sameHighway ? prev!.directionId : null };
}

export interface LocationRow {
  latitude: number;
  longitude: number;
  recordedAt: Date;
  sectionId: number | null;
  km: number | null;
  offsetMetres: number | null;
  directionId: number | null;
}

export function toLocation(geo: GeoIndex, r: LocationRow, source: 'tablet' | 'oncore' = 'tablet'): VehicleLocation {
  return {
    latitude: r.latitude,
    longitude: r.longitude,
    lastSeen: r.recordedAt.toISOString(),
    direction: r.directionId ? (DIRECTION_LABEL[r.directionId] ?? null) : null,
    directionId: r.directionId,
    kmmarker: r.km === null ? null : Math.round(r.km * 10) / 10,
    section: r.sectionId ? (geo.sections.get(r.sectionId)?.name ?? null) : null,
    sectionId: r.sectionId,
    offsetMetres: r.offsetMetres === null ? null : Math.round(r.offsetMetres),
    source,
  };
}

/** the columns of roster_latest_position read by the map, the nearest list and the lookups */
export const latestColumns = {
  latitude: rosterLatestPosition.latitude,
  longitude: rosterLatestPosition.longitude,
  recordedAt: rosterLatestPosition.recordedAt,
  sectionId: rosterLatestPosition.sectionId,
  km: rosterLatestPosition.km,
  offsetMetres: rosterLatestPosition.offsetMetres,
  directionId: rosterLatestPosition.directionId,
};

export interface SaveOptions {
  shiftGraceMinutes: number;
  now?: Date;
}

/**
 * rondaGps/save, a batch checked and derived (one read: the roster, whether the caller is one of its people, and its
 * latest position, which the first fix's carriageway is derived from; each fix's section, kilometre and carriageway
 * come from the in-memory marker index, geo-index.ts, never a query per fix), ready to be written: the answer, and the writes as CTEs that depend on `claim` (plugins/idempotency.ts idempotentStatement), so
 * the fixes, the latest position and the Idempotency-Key go in one statement. The answer's latest position is the
 * newer of the stored one and the batch's last fix, as the upsert decides.
 */
export async function planPositions(db: Db, geo: GeoIndex, user: TokenClaims, body: RondaGpsSave, opts: SaveOptions) {
  const now = opts.now ?? clockNow();
  const userId = Number(user.sub);
  // the roster, whether the caller is a PR member of its team, and its latest position: one query
  const [r] = await db
    .select({
      id: dutyRoster.id,
      startsAt: dutyRoster.startsAt,
      endsAt: dutyRoster.endsAt,
      // one of the roster's people (its member rows, else its team less those released by leave: #15)
      member: sql<boolean>`exists (select 1 from ${appUser} u
        where u.id = ${userId} and u.role_id = ${ROLE_IDS.PR} and u.is_active and ${rosterHasPerson(sql`u.staff_id`)})`,
      latestAt: rosterLatestPosition.recordedAt,
      latestLat: rosterLatestPosition.latitude,
      latestLng: rosterLatestPosition.longitude,
      latestKm: rosterLatestPosition.km,
      latestSection: rosterLatestPosition.sectionId,
      latestDirection: rosterLatestPosition.directionId,
      latestOffset: rosterLatestPosition.offsetMetres,
    })
    .from(dutyRoster)
    .leftJoin(rosterLatestPosition, eq(rosterLatestPosition.dutyRosterId, dutyRoster.id))
    .where(eq(dutyRoster.id, body.pkDutyRosterId));
  if (!r) throw notFound('Jadual tugas tidak dijumpai.');
  if (!r.member) throw forbidden(NOT_ON_ROSTER);

  const grace = opts.shiftGraceMinutes * 60_000;
  const fixes = body.positions.map((p, i) => ({ ...p, at: new Date(p.recordedAt), i }));
  for (const f of fixes) {
    if (f.at.getTime() > now.getTime() + POSITION_FUTURE_ALLOWANCE_MS) throw badRequest(FIX_IN_FUTURE, `positions.${f.i}.recordedAt`);
    if (f.at.getTime() < r.startsAt.getTime() - grace || f.at.getTime() > r.endsAt.getTime() + grace) throw forbidden(NOT_ON_SHIFT);
  }
  // in the order taken (a batch from offline may arrive unordered); derive each from the one before
  fixes.sort((a, b) => a.at.getTime() - b.at.getTime() || a.i - b.i);
  let prev: PrevFix | null =
    r.latestAt && r.latestAt.getTime() <= fixes[0].at.getTime()
      ? { sectionId: r.latestSection, km: r.latestKm, directionId: r.latestDirection, recordedAt: r.latestAt, offsetMetres: r.latestOffset }
      : null;
  const rows: FixRow[] = fixes.map((f) => {
    const d = derive(geo, f, prev);
    prev = { ...d, recordedAt: f.at };
    return {
      latitude: f.latitude,
      longitude: f.longitude,
      recordedAt: f.at,
      accuracy: f.accuracy ?? null,
      heading: f.heading ?? null,
      speed: f.speed ?? null,
      ...d,
    };
  });
  const last = rows.at(-1)!;
  const latest: LocationRow =
    r.latestAt && r.latestAt.getTime() >= last.recordedAt.getTime()
      ? {
          latitude: r.latestLat!,
          longitude: r.latestLng!,
          recordedAt: r.latestAt,
          sectionId: r.latestSection,
          km: r.latestKm,
          offsetMetres: r.latestOffset,
          directionId: r.latestDirection,
        }
      : {
          latitude: last.latitude,
          longitude: last.longitude,
          recordedAt: last.recordedAt,
          sectionId: last.sectionId,
          km: last.km,
          offsetMetres: last.offsetMetres,
          directionId: last.directionId,
        };
  return {
    answer: { pkDutyRosterId: r.id, accepted: rows.length, latest: toLocation(geo, latest) },
    writes: (claim: SQL) => batchWrites(r.id, userId, now, rows, claim),
  };
}

/** one stored fix: what the history row holds (the roster, user and receivedAt are the batch's) */
export interface FixRow extends Derived {
  latitude: number;
  longitude: number;
  recordedAt: Date;
  accuracy: number | null;
  heading: number | null;
  speed: number | null;
}

/** a column of the batch as one array parameter (one parameter per column whatever the batch size) */
const arr = <T>(rows: FixRow[], pick: (r: FixRow) => T, type: string) => sql`${sql.param(rows.map(pick))}::${sql.raw(type)}[]`;

/**
 * A batch in ONE statement (one round trip): the history rows as one multi-row insert (unnest of one array per
 * column, so the statement's text and parameter count are the same for 1 or 500 fixes), and the upsert of the
 * roster's latest position from the batch's last fix (by recordedAt; the id of the newest inserted row), which a
 * late batch of older fixes does not replace. Answers the roster's latest position after the statement: the upserted
 * row, else (older batch) the one already there.
 */
/**
 * The writes of a batch as CTEs of one statement, each only when `claim` has a row: every fix in one multi-row insert
 * (unnest of one array per column: the same statement for 1 or 500 fixes), and the latest position upserted when the
 * batch's last fix is newer than the stored one.
 */
export function batchWrites(rosterId: number, userId: number | null, now: Date, rows: FixRow[], claim: SQL): SQL {
  const last = rows.at(-1)!;
  return sql`ins as (
      insert into roster_position (duty_roster_id, user_id, latitude, longitude, recorded_at, received_at, accuracy, heading, speed,
                                   section_id, km, offset_metres, direction_id)
      select ${rosterId}, ${userId}::int, f.lat, f.lng, f.at, ${now.toISOString()}::timestamptz, f.acc, f.hdg, f.spd, f.sec, f.km, f.off, f.dir
      from unnest(${arr(rows, (r) => r.latitude, 'float8')}, ${arr(rows, (r) => r.longitude, 'float8')}, ${arr(rows, (r) => r.recordedAt.toISOString(), 'timestamptz')},
                  ${arr(rows, (r) => r.accuracy, 'float4')}, ${arr(rows, (r) => r.heading, 'float4')}, ${arr(rows, (r) => r.speed, 'float4')},
                  ${arr(rows, (r) => r.sectionId, 'int')}, ${arr(rows, (r) => r.km, 'float4')}, ${arr(rows, (r) => r.offsetMetres, 'float4')},
                  ${arr(rows, (r) => r.directionId, 'int')})
        as f(lat, lng, at, acc, hdg, spd, sec, km, off, dir)
      where exists (select 1 from ${claim})
      returning id, recorded_at
    ), up as (
      insert into roster_latest_position as l (duty_roster_id, position_id, latitude, longitude, recorded_at, received_at, heading, speed,
                                               section_id, km, offset_metres, direction_id)
      select ${rosterId}, (select id from ins order by recorded_at desc, id desc limit 1), ${last.latitude}::float8, ${last.longitude}::float8,
              ${last.recordedAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${last.heading}::float4, ${last.speed}::float4,
              ${last.sectionId}::int, ${last.km}::float4, ${last.offsetMetres}::float4, ${last.directionId}::int
      where exists (select 1 from ${claim})
      on conflict (duty_roster_id) do update set
        position_id = excluded.position_id, latitude = excluded.latitude, longitude = excluded.longitude, recorded_at = excluded.recorded_at,
        received_at = excluded.received_at, heading = excluded.heading, speed = excluded.speed, section_id = excluded.section_id,
        km = excluded.km, offset_metres = excluded.offset_metres, direction_id = excluded.direction_id
      where l.recorded_at < excluded.recorded_at
      returning latitude, longitude, recorded_at, section_id, km, offset_metres, direction_id
    )`;
}

/** A batch written on its own (no key): its rows and the latest position, which it answers (the stored one when newer). */
export async function writeBatch(db: Db, rosterId: number, userId: number | null, now: Date, rows: FixRow[]): Promise<{ latest: LocationRow }> {
  const res = (await db.execute(sql`
    with claim as (select 1 as claimed), ${batchWrites(rosterId, userId, now, rows, sql.raw('claim'))}
    select latitude, longitude, recorded_at, section_id, km, offset_metres, direction_id from up
    union all
    select latitude, longitude, recorded_at, section_id, km, offset_metres, direction_id from roster_latest_position
    where duty_roster_id = ${rosterId} and not exists (select 1 from up)`)) as unknown as {
    rows: {
      latitude: number;
      longitude: number;
      recorded_at: Date | string;
      section_id: number | null;
      km: number | null;
      offset_metres: number | null;
      direction_id: number | null;
    }[];
  };
  const l = res.rows[0];
  return {
    latest: {
      latitude: Number(l.latitude),
      longitude: Number(l.longitude),
      recordedAt: new Date(l.recorded_at),
      sectionId: l.section_id,
      km: l.km === null ? null : Number(l.km),
      offsetMetres: l.offset_metres === null ? null : Number(l.offset_metres),
      directionId: l.direction_id,
    },
  };
}

// ------------------------------------------------------------------------------------------------ history

const ORDER = { recordedAt: rosterPosition.recordedAt, receivedAt: rosterPosition.receivedAt, pkRondaGpsId: rosterPosition.id } as const;

export async function positionHistory(
  db: Db,
  geo: GeoIndex,
  filter: RondaGpsFilter,
  paging: { orderColumn?: string; direction: 'asc' | 'desc'; length: number; start: number },
): Promise<{ rows: RondaGpsRow[]; recordCount: number }> {
  const cond: SQL[] = [eq(rosterPosition.dutyRosterId, filter.pkDutyRosterId)];
  if (filter.from) cond.push(gte(rosterPosition.recordedAt, new Date(filter.from)));
  if (filter.to) cond.push(lte(rosterPosition.recordedAt, new Date(filter.to)));
  const col = ORDER[(paging.orderColumn ?? 'recordedAt') as keyof typeof ORDER] ?? rosterPosition.recordedAt;
  // newest first unless asked otherwise (the default direction of the query string is asc: only an explicit column orders)
  const dir = paging.orderColumn ? paging.direction : 'desc';
  const [rows, [{ count }]] = await Promise.all([
    db
      .select()
      .from(rosterPosition)
      .where(and(...cond))
      .orderBy(dir === 'desc' ? desc(col) : col, dir === 'desc' ? desc(rosterPosition.id) : rosterPosition.id)
      .limit(paging.length)
      .offset(paging.start),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(rosterPosition)
      .where(and(...cond)),
  ]);
  return {
    recordCount: count,
    rows: rows.map((p) => ({
      pkRondaGpsId: p.id,
      pkDutyRosterId: p.dutyRosterId,
      latitude: p.latitude,
      longitude: p.longitude,
      recordedAt: p.recordedAt.toISOString(),
      receivedAt: p.receivedAt.toISOString(),
      kmmarker: p.km === null ? null : Math.round(p.km * 10) / 10,
      section: p.sectionId ? (geo.sections.get(p.sectionId)?.name ?? null) : null,
      directionId: p.directionId,
      offsetMetres: p.offsetMetres === null ? null : Math.round(p.offsetMetres),
      speed: p.speed,
      heading: p.heading,
    })),
  };
}

/** The roster with its region and team, for the scope checks of the read routes. */
export async function rosterScope(db: Db, rosterId: number) {
  const [r] = await db
    .select({
      id: dutyRoster.id,
      regionId: section.regionId,
      teamId: dutyRoster.teamId,
      startsAt: dutyRoster.startsAt,
      endsAt: dutyRoster.endsAt,
      name: dutyRoster.dutyRosterName,
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .where(eq(dutyRoster.id, rosterId));
  return r;
}

// ------------------------------------------------------------------------------------------------ pruning

/**
 * Deletes history older than `days` (by recordedAt, roster_position_recorded_idx) in chunks of 10,000 rows, so a
 * large backlog does not hold one long lock. Latest positions are kept. Returns how many rows went.
 */
export async function prunePositions(db: Db, days: number, now = clockNow()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let total = 0;
  for (;;) {
    const chunk = db.select({ id: rosterPosition.id }).from(rosterPosition).where(lt(rosterPosition.recordedAt, cutoff)).limit(PRUNE_CHUNK);
    const gone = await db.delete(rosterPosition).where(inArray(rosterPosition.id, chunk)).returning({ id: rosterPosition.id });
    total += gone.length;
    if (gone.length < PRUNE_CHUNK) return total;
  }
}
const PRUNE_CHUNK = 10_000;
