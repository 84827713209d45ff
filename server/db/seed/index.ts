/**
 * Demo data of Lebuhraya Ops: lookups, roles, the PLUS North–South Expressway geography (regions, sections,
 * 100 m kilometre markers, named event locations), staff and sign-in accounts (a few new staff without one), shifts,
 * patrol teams, their schedules, call signs and vehicles; and the history: `historyDays` (DEMO_HISTORY_DAYS, 90 on a
 * demo server, 14 in the server tests: their compact demo) of cases, rosters with activity logs, GPS fixes and shift
 * summaries, checklists, TMC logsheets and leave (./incidents.ts, ./report-history.ts, ./checklists.ts, ./office.ts).
 *
 * `seedDemoData` runs once per database (it writes app_meta `seed_version`), in one transaction; a second start
 * keeps whatever users have written since. `ensureRosters` is separate: the server calls it on every start so
 * that the rosters of the coming days exist.
 */
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../contract/roles';
import { hashPassword } from '../../lib/password';
import type { Db } from '../client';
import {
  appMeta,
  appUser,
  callSign,
  eventLocation,
  gpsKmMarker,
  highway,
  lookupItem,
  region,
  roadFurniture,
  role,
  section,
  shift,
  staff,
  team,
  teamMember,
  teamSchedule,
  vehicle,
} from '../schema';
import { HIGHWAYS, REGIONS } from './data/geography';
import { LOOKUPS, RESERVED_KEYS, ROAD_FURNITURE, ROAD_LANE_COLORS, SHIFT_NAME_EN } from './data/lookups';
import { DEMO_PASSWORD, SHIFTS } from './data/people';
import { buildGeography } from './geo';
import { seedDemoIncidents } from './incidents';
import { seedFleet } from './fleet';
import { seedDemoChecklists } from './checklists';
import { seedReportHistory } from './report-history';
import { seedDemoSecondaryCrashes } from './secondary-crashes';
import { seedDemoFieldReports } from './field-reports';
import { buildPeople } from './people';
import { now as clockNow } from '../../lib/clock';
import { bruneiDate } from './rosters';
import { seedDemoOffice } from './office';

export { DEMO_USERS, DEMO_PASSWORD, type DemoUser } from './data/people';
export { ensureRosters, bruneiDate, bruneiInstant, addDays, rosterRows } from './rosters';
export { buildGeography } from './geo';
export { buildPeople, patrolUnits } from './people';
export { seedDemoIncidents } from './incidents';

/** Written to app_meta on seeding; any value under the key means the database is already seeded (no re-seed on bump). */
export const SEED_VERSION = '1';
export const SEED_VERSION_KEY = 'seed_version';
/** the history of a seed not told otherwise: the last fortnight (the server tests' compact demo) */
export const COMPACT_HISTORY_DAYS = 14;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const BATCH = 500;

async function insertBatched<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(table).values(rows.slice(i, i + BATCH));
  }
}

/** Lookup rows of every list; throws if a key is used twice or a reserved key is used. */
export function lookupRows(): (typeof lookupItem.$inferInsert)[] {
  const rows: (typeof lookupItem.$inferInsert)[] = [];
  const seen = new Map<number, string>();
  for (const [category, entries] of Object.entries(LOOKUPS)) {
    entries.forEach(([key, value, description, valueEn], i) => {
      const other = seen.get(key);
      if (other) throw new Error(`Lookup key ${key} is used by both ${other} and ${category}`);
      if (RESERVED_KEYS.includes(key)) throw new Error(`Lookup key ${key} is reserved`);
      seen.set(key, category);
      const color = category === 'roadLanes' ? (ROAD_LANE_COLORS[key] ?? null) : null;
      rows.push({ key, category, value, valueEn, description: description ?? null, sortOrder: (i + 1) * 10, color });
    });
  }
  return rows;
}

async function isSeeded(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, SEED_VERSION_KEY));
  return rows.length > 0;
}

/**
 * Fills an empty database with the demo data. Does nothing (and returns `seeded: false`) when app_meta already
 * holds `seed_version`. `passwordHashCost: 'fast'` uses a cheap argon2id setting for tests.
 */
export async function seedDemoData(
  db: Db,
  opts: {
    passwordHashCost?: 'fast' | 'normal';
    now?: Date;
    /** days of cases, roster logs and summaries, checklists, logsheets and leave (DEMO_HISTORY_DAYS; 14 to 366) */
    historyDays?: number;
  } = {},
): Promise<{ seeded: boolean }> {
  if (await isSeeded(db)) return { seeded: false };
  // days of history: the server passes DEMO_HISTORY_DAYS (90 by default); without it, the compact fortnight the
  // server tests and scripts/seed-scale.ts (which adds its own history) seed
  const historyDays = opts.historyDays ?? COMPACT_HISTORY_DAYS;
  // the one "now" the demo data is made relative to: the server's clock (lib/clock.ts), unless given
  const now = opts.now ?? clockNow();

  const geography = buildGeography();
  const people = buildPeople();
  const lookups = lookupRows();
  // Every account shares the demo password: hash it once (argon2id, server/lib/password.ts).
  const passwordHash = await hashPassword(DEMO_PASSWORD, opts.passwordHashCost ?? 'normal');

  return db.transaction(async (tx) => {
    if (await isSeeded(tx)) return { seeded: false };

    await insertBatched(tx, lookupItem, lookups);
    await tx
      .insert(roadFurniture)
      .values(
        ROAD_FURNITURE.map((a, i) => ({ id: a.id, name: a.name, description: a.description, defaultUnitId: a.unitId, sortOrder: (i + 1) * 10 })),
      );
    await tx.insert(region).values(REGIONS.map((r) => ({ ...r })));
    await tx.insert(highway).values(HIGHWAYS.map((h) => ({ id: h.id, code: h.code, name: h.name })));
    await insertBatched(tx, section, geography.sections);
    await insertBatched(tx, gpsKmMarker, geography.markers);
    await insertBatched(tx, eventLocation, geography.eventLocations);
    await tx.insert(role).values(ROLES.map((r) => ({ id: r.id, name: r.name, label: r.label, labelEn: r.labelEn })));
    await tx.insert(shift).values(SHIFTS.map((s) => ({ ...s, nameEn: SHIFT_NAME_EN[s.id] ?? null })));

    // Staff, then their accounts.
    const staffIds = new Map<string, number>();
    for (let i = 0; i < people.staff.length; i += BATCH) {
      const done = await tx
        .insert(staff)
        .values(people.staff.slice(i, i + BATCH))
        .returning({ id: staff.id, staffNo: staff.staffNo });
      for (const r of done) staffIds.set(r.staffNo, r.id);
    }
    await insertBatched(
      tx,
      appUser,
      people.users.map((u) => ({
        username: u.username.toLowerCase(),
        passwordHash,
        staffId: staffIds.get(u.staffNo)!,
        roleId: u.roleId,
        resetPasswordCount: u.resetPasswordCount,
        authType: 'LOCAL',
        isActive: u.isActive,
      })),
    );

    // Call signs, then vehicles that carry them.
    const callSignIds = new Map<string, number>();
    const cs = await tx.insert(callSign).values(people.callSigns).returning({ id: callSign.id, callSign: callSign.callSign });
    for (const r of cs) callSignIds.set(r.callSign, r.id);
    const vehicleIds = new Map<string, number>();
    const vs = await tx
      .insert(vehicle)
      .values(
        people.vehicles.map((v) => ({
          sectionId: v.sectionId,
          plateNumber: v.plateNumber,
          vehicleModel: v.vehicleModel,
          vehicleType: v.vehicleType,
          callSignId: v.callSign ? callSignIds.get(v.callSign)! : null,
          isActive: v.isActive,
        })),
      )
      .returning({ id: vehicle.id, plateNumber: vehicle.plateNumber });
    for (const r of vs) vehicleIds.set(r.plateNumber, r.id);
    // vehicle models, the checklist master and the N9 patrols' tagged assets (#16)
    await seedFleet(tx as unknown as Db);

    // Teams, members and schedules.
    const teamRows = await tx
      .insert(team)
      .values(people.teams.map((t) => ({ name: t.name, sectionId: t.sectionId })))
      .returning({ id: team.id, name: team.name, sectionId: team.sectionId });
    const teamIds = new Map(teamRows.map((t) => [`${t.sectionId}:${t.name}`, t.id]));
    const teamIdOf = (t: { sectionId: number; name: string }) => teamIds.get(`${t.sectionId}:${t.name}`)!;
    await insertBatched(
      tx,
      teamMember,
      people.teams.flatMap((t) => t.members.map((no) => ({ teamId: teamIdOf(t), staffId: staffIds.get(no)! }))),
    );
    await insertBatched(
      tx,
      teamSchedule,
      people.teams.map((t) => ({
        teamId: teamIdOf(t),
        shiftId: t.shiftId,
        vehicleId: vehicleIds.get(t.plateNumber)!,
        cycleDays: t.cycleDays,
        workDays: t.workDays,
      })),
    );

    // demo incidents of the last fortnight and a live dashboard today (with the rosters they need)
    await seedDemoIncidents(tx as unknown as Db, geography, { now, historyDays });
    // a few breakdowns with an accident upstream of them before they were cleared: the report's secondary crashes (#17)
    await seedDemoSecondaryCrashes(tx as unknown as Db, { now });
    // completed daily checklists of the N9 day-shift rosters of the past week, and of a unit in three over a longer
    // history (#16, #31; after the fleet's master items)
    await seedDemoChecklists(tx as unknown as Db, { today: bruneiDate(now), historyDays });
    // activity logs, position fixes and shift summaries: the Tengah rosters of the past fortnight, or every region's over
    // a longer history (#17 reports, #31)
    await seedReportHistory(tx as unknown as Db, geography, { now, days: historyDays });
    // the TMC logsheets and staff leave of the history (#31: the logsheet search and leave list have rows)
    await seedDemoOffice(tx as unknown as Db, { now, historyDays });
    // patrols' field reports (#30): two pending on rosters on shift now in Tengah, one rejected, one accepted into a case
    await seedDemoFieldReports(tx as unknown as Db, { now });

    await tx.insert(appMeta).values({ key: SEED_VERSION_KEY, value: SEED_VERSION });
    return { seeded: true };
  });
}
