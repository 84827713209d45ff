// @both-databases: the demo seed, which npm start runs on PGlite and a deployment on PostgreSQL (scripts/test.mjs runs this file on PGlite and on PostgreSQL)
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { verify } from '@node-rs/argon2';
import { and, asc, eq, sql } from 'drizzle-orm';
import distance from '@turf/distance';
import type { DbHandle } from '../../server/db/client';
import { openTestDb } from './support/database';
import {
  appMeta,
  appUser,
  dutyRoster,
  eventLocation,
  gpsKmMarker,
  lookupItem,
  role,
  section,
  staff,
  team,
  teamMember,
  teamSchedule,
  vehicle,
} from '../../server/db/schema';
import {
  DEMO_USERS,
  addDays,
  bruneiDate,
  bruneiInstant,
  buildGeography,
  buildPeople,
  ensureRosters,
  lookupRows,
  rosterRows,
  seedDemoData,
} from '../../server/db/seed';
import {
  ACTIVITY_EVENT_END_OF_PATROL,
  ASSIST_TYPE,
  BROADCAST_REGION_ID,
  COLLISION_TYPE,
  LOOKUP_NAMES,
  OTHER_CASE_WITH_LANE_CLOSURE,
  READ_STATUS,
  isListedSectionName,
} from '../../contract/lookups';
import { ROLES } from '../../contract/roles';

const TABLES = [
  'lookup_item',
  'region',
  'highway',
  'section',
  'gps_km_marker',
  'event_location',
  'role',
  'shift',
  'staff',
  'app_user',
  'team',
  'team_member',
  'call_sign',
  'vehicle',
  'team_schedule',
  'duty_roster',
  'app_meta',
] as const;

let handle: DbHandle;

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const res = (await handle.db.execute(sql.raw(`select count(*)::int as n from ${t}`))) as unknown as { rows: { n: number }[] };
    out[t] = res.rows[0].n;
  }
  return out;
}

beforeAll(async () => {
  handle = await openTestDb();
  const result = await seedDemoData(handle.db, { passwordHashCost: 'fast' });
  expect(result).toEqual({ seeded: true });
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('seedDemoData', () => {
  it('writes the seed version', async () => {
    const rows = await handle.db.select().from(appMeta).where(eq(appMeta.key, 'seed_version'));
    expect(rows).toHaveLength(1);
  });

  it('fills every lookup list of the contract, and no other', async () => {
    const rows = await handle.db.select().from(lookupItem);
    const categories = new Set(rows.map((r) => r.category));
    for (const name of LOOKUP_NAMES) {
      expect(rows.filter((r) => r.category === name).length, name).toBeGreaterThan(0);
    }
    expect([...categories].sort()).toEqual([...LOOKUP_NAMES].sort());
    for (const r of rows) expect(r.value.trim().length, `key ${r.key}`).toBeGreaterThan(0);
  });

  it('keeps lookup keys unique across lists and off the read-status codes', async () => {
    const rows = lookupRows();
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    const keys = new Set(rows.map((r) => r.key));
    expect(keys.has(READ_STATUS.TMC)).toBe(false);
    expect(keys.has(READ_STATUS.PR)).toBe(false);
    const inDb = await handle.db.select({ key: lookupItem.key }).from(lookupItem);
    expect(inDb).toHaveLength(rows.length);
  });

  it('keeps the keys of the spec exactly', async () => {
    const rows = await handle.db.select().from(lookupItem);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const expectKey = (key: number, category: string, value?: string) => {
      const row = byKey.get(key);
      expect(row, `key ${key}`).toBeDefined();
      expect(row!.category, `category of ${key}`).toBe(category);
      if (value) expect(row!.value, `value of ${key}`).toBe(value);
    };
    expectKey(184, 'incidentCategory', 'Kemalangan');
    expectKey(185, 'incidentCategory', 'Kerosakan Kenderaan');
    expectKey(186, 'incidentCategory', 'Objek Halangan');
    expectKey(187, 'incidentCategory', 'Haiwan Liar/Terlepas');
    expectKey(188, 'incidentCategory', 'Keadaan Jalan Berbahaya');
    expectKey(189, 'incidentCategory', 'Kerosakan Perabot/Aset Jalan');
    expectKey(190, 'incidentCategory', 'Lain-lain');
    expect(rows.filter((r) => r.category === 'incidentCategory')).toHaveLength(7);

    expectKey(202, 'incidentStatus', 'Batal');
    expectKey(203, 'incidentStatus', 'Tugasan Dihantar');
    expectKey(204, 'incidentStatus', 'Tugasan Diterima');
    expectKey(205, 'incidentStatus', 'Ditolak');
    expectKey(206, 'incidentStatus', 'Tiba di Lokasi');
    expectKey(207, 'incidentStatus', 'Selesai Bantuan');
    expectKey(209, 'incidentStatus', 'Negative');
    expectKey(210, 'incidentStatus', 'Tutup');
    expectKey(298, 'incidentStatus', 'Selesai Kes');

    expectKey(COLLISION_TYPE.ANIMAL, 'collisionType', 'Langgar Haiwan');
    expectKey(COLLISION_TYPE.OBSTACLE_A, 'collisionType');
    expectKey(COLLISION_TYPE.OBSTACLE_B, 'collisionType');
    expect(rows.filter((r) => r.category === 'collisionType').length).toBeGreaterThan(3);

    expectKey(ASSIST_TYPE.OTHER, 'assistType', 'Bantuan Lain-lain');
    expectKey(ASSIST_TYPE.EXISTING, 'assistType', 'Bantuan Sedia Ada');
    // §4.6: 277 is the last radio option.
    const assist = rows.filter((r) => r.category === 'assistType').sort((a, b) => a.sortOrder - b.sortOrder);
    expect(assist.at(-1)!.key).toBe(ASSIST_TYPE.OTHER);

    expectKey(OTHER_CASE_WITH_LANE_CLOSURE, 'incidentOtherType');
    expectKey(ACTIVITY_EVENT_END_OF_PATROL, 'activityLogEvents', 'Tamat Rondaan');
  });

  it('gives region and highway lookups the ids of their tables', async () => {
    const regions = (await handle.db.execute(sql`select id, code, name from region order by id`)) as unknown as {
      rows: { id: number; code: string; name: string }[];
    };
    const lookups = await handle.db.select().from(lookupItem).where(eq(lookupItem.category, 'region'));
    expect(lookups.map((l) => l.key).sort()).toEqual(regions.rows.map((r) => r.id).sort());
    for (const r of regions.rows) {
      const l = lookups.find((x) => x.key === r.id)!;
      expect(l.value).toBe(r.name);
      expect(l.description).toBe(r.code);
    }
    expect(regions.rows.map((r) => r.id)).toContain(BROADCAST_REGION_ID);
    const highways = (await handle.db.execute(sql`select id from highway`)) as unknown as { rows: { id: number }[] };
    const hwLookups = await handle.db.select().from(lookupItem).where(eq(lookupItem.category, 'highway'));
    expect(hwLookups.map((l) => l.key).sort()).toEqual(highways.rows.map((h) => h.id).sort());
  });

  it('has the combined sections and their specific parts', async () => {
    const rows = await handle.db.select().from(section);
    const byName = new Map(rows.map((s) => [s.name, s]));
    const groups: Record<string, string[]> = { 'N1+N2': ['N1', 'N2'], 'N3+N7': ['N3', 'N7'], 'S5+S6': ['S5', 'S6'] };
    for (const [combined, parts] of Object.entries(groups)) {
      const c = byName.get(combined);
      expect(c, combined).toBeDefined();
      expect(c!.isCombined).toBe(true);
      for (const part of parts) {
        const s = byName.get(part)!;
        expect(s.isCombined).toBe(false);
        expect(s.combinedSectionId, part).toBe(c!.id);
        expect(s.regionId).toBe(c!.regionId);
      }
    }
    const combinedIds = new Set(rows.filter((s) => s.isCombined).map((s) => s.id));
    expect(combinedIds.size).toBe(3);
    for (const s of rows) {
      if (s.combinedSectionId !== null) expect(combinedIds.has(s.combinedSectionId)).toBe(true);
      expect(s.mapCenter).toMatch(/^-?\d+\.\d+,-?\d+\.\d+$/);
      expect(s.mapZoom).toBeGreaterThan(5);
    }
  });

  it('has exactly one control-centre section (name with G) that lists drop', async () => {
    const rows = await handle.db.select().from(section);
    const g = rows.filter((s) => s.name.includes('G'));
    expect(g).toHaveLength(1);
    expect(isListedSectionName(g[0].name)).toBe(false);
    expect(g[0].regionId).toBe(BROADCAST_REGION_ID);
    expect(rows.filter((s) => isListedSectionName(s.name))).toHaveLength(rows.length - 1);
  });

  it('has a kilometre marker every 100 m on every specific section, in order', async () => {
    const sections = (await handle.db.select().from(section)).filter((s) => !s.isCombined && isListedSectionName(s.name));
    expect(sections.length).toBeGreaterThanOrEqual(10);
    for (const s of sections) {
      expect(s.kmStart, s.name).not.toBeNull();
      expect(s.kmEnd!).toBeGreaterThan(s.kmStart!);
      expect(s.alignment!.length).toBeGreaterThanOrEqual(5);
      const markers = await handle.db.select().from(gpsKmMarker).where(eq(gpsKmMarker.sectionId, s.id)).orderBy(asc(gpsKmMarker.id));
      const lengthKm = s.kmEnd! - s.kmStart!;
      expect(markers.length, s.name).toBeGreaterThanOrEqual(Math.floor(lengthKm * 10));
      expect(markers.length, s.name).toBeLessThanOrEqual(Math.ceil(lengthKm * 10) + 1);
      expect(markers[0].km).toBeCloseTo(s.kmStart!, 5);
      expect(markers.at(-1)!.km).toBeCloseTo(s.kmEnd!, 5);
      for (let i = 1; i < markers.length; i++) {
        expect(markers[i].km, `${s.name} #${i}`).toBeCloseTo(markers[i - 1].km + 0.1, 4);
        const gap = distance([markers[i - 1].longitude, markers[i - 1].latitude], [markers[i].longitude, markers[i].latitude], {
          units: 'meters',
        });
        expect(gap, `${s.name} gap at KM ${markers[i].km}`).toBeLessThan(130);
      }
      // Markers lie in Peninsular Malaysia.
      for (const m of markers) {
        expect(m.latitude).toBeGreaterThan(1.2);
        expect(m.latitude).toBeLessThan(6.8);
        expect(m.longitude).toBeGreaterThan(99.5);
        expect(m.longitude).toBeLessThan(104.5);
      }
    }
  });

  it('numbers kilometres continuously along each highway', async () => {
    const sections = (await handle.db.select().from(section)).filter((s) => !s.isCombined && s.kmStart !== null);
    const byHighway = new Map<number, typeof sections>();
    for (const s of sections) byHighway.set(s.highwayId, [...(byHighway.get(s.highwayId) ?? []), s]);
    for (const list of byHighway.values()) {
      list.sort((a, b) => a.kmStart! - b.kmStart!);
      expect(list[0].kmStart).toBe(0);
      for (let i = 1; i < list.length; i++) expect(list[i].kmStart).toBe(list[i - 1].kmEnd);
    }
  });

  it('has named event locations with a location type and a kilometre on each specific section', async () => {
    const types = new Set((await handle.db.select().from(lookupItem).where(eq(lookupItem.category, 'locationType'))).map((l) => l.key));
    const sections = (await handle.db.select().from(section)).filter((s) => !s.isCombined && isListedSectionName(s.name));
    const all = await handle.db.select().from(eventLocation);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    for (const s of sections) {
      const locs = all.filter((e) => e.sectionId === s.id);
      expect(locs.length, s.name).toBeGreaterThanOrEqual(5);
      expect(
        locs.some((e) => e.name.startsWith('Laluan Utama')),
        s.name,
      ).toBe(true);
      expect(
        locs.some((e) => e.name.startsWith('Persimpangan Bertingkat')),
        s.name,
      ).toBe(true);
      for (const e of locs) {
        expect(types.has(e.locationTypeId!), e.name).toBe(true);
        expect(e.km!).toBeGreaterThanOrEqual(s.kmStart! - 0.05);
        expect(e.km!).toBeLessThanOrEqual(s.kmEnd! + 0.05);
      }
    }
    for (const prefix of ['Plaza Tol ', 'R&R ', 'Hentian Sebelah ', 'Susur Keluar ']) {
      expect(
        all.some((e) => e.name.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('has every role and a user for every role id', async () => {
    const roles = await handle.db.select().from(role);
    expect(roles.map((r) => r.id).sort((a, b) => a - b)).toEqual(ROLES.map((r) => r.id).sort((a, b) => a - b));
    const users = await handle.db.select().from(appUser);
    for (const r of ROLES)
      expect(
        users.some((u) => u.roleId === r.id),
        r.name,
      ).toBe(true);
    for (const r of ROLES)
      expect(
        DEMO_USERS.some((u) => u.roleId === r.id),
        r.name,
      ).toBe(true);
  });

  it('creates the demo users as listed, with argon2id hashes of the demo password', async () => {
    const rows = await handle.db
      .select({ user: appUser, staff, sectionName: section.name })
      .from(appUser)
      .innerJoin(staff, eq(staff.id, appUser.staffId))
      .innerJoin(section, eq(section.id, staff.sectionId));
    const byName = new Map(rows.map((r) => [r.user.username, r]));
    expect(new Set(DEMO_USERS.map((u) => u.username)).size).toBe(DEMO_USERS.length);
    for (const d of DEMO_USERS) {
      expect(d.username).toBe(d.username.toLowerCase());
      const r = byName.get(d.username);
      expect(r, d.username).toBeDefined();
      expect(r!.user.roleId).toBe(d.roleId);
      expect(r!.staff.displayName).toBe(d.displayName);
      expect(r!.sectionName).toBe(d.section);
      expect(r!.user.authType).toBe('LOCAL');
      expect(r!.user.resetPasswordCount, d.username).toBe(d.username === 'baharu' ? 0 : 1);
      expect(r!.staff.staffNo).toMatch(/^PLS\d{5}$/);
    }
    for (const r of rows) {
      if (r.user.username !== 'baharu') expect(r.user.resetPasswordCount).toBe(1);
      expect(r.user.passwordHash.startsWith('$argon2id$')).toBe(true);
      // Patrol positions start with PR, and only patrol positions do (§4.4).
      expect(r.staff.position.startsWith('PR'), `${r.user.username}: ${r.staff.position}`).toBe(r.user.roleId === 106);
    }
    const pr = byName.get('pr')!;
    expect(await verify(pr.user.passwordHash, DEMO_USERS.find((u) => u.username === 'pr')!.password)).toBe(true);
    expect(await verify(pr.user.passwordHash, 'wrong-password')).toBe(false);
    // Every account shares one hash of the one password.
    expect(new Set(rows.map((r) => r.user.passwordHash)).size).toBe(1);
  });

  it('gives every patrol unit day and night teams of 2–3 patrol staff, each with its own vehicle', async () => {
    const teams = await handle.db.select().from(team);
    const members = await handle.db
      .select({ teamId: teamMember.teamId, position: staff.position })
      .from(teamMember)
      .innerJoin(staff, eq(staff.id, teamMember.staffId));
    const schedules = await handle.db.select().from(teamSchedule);
    const vehicles = await handle.db.select().from(vehicle);
    for (const t of teams) {
      const m = members.filter((x) => x.teamId === t.id);
      expect(m.length, t.name).toBeGreaterThanOrEqual(2);
      expect(m.length, t.name).toBeLessThanOrEqual(3);
      for (const x of m) expect(x.position.startsWith('PR')).toBe(true);
      const sch = schedules.filter((s) => s.teamId === t.id);
      expect(sch.length, t.name).toBe(1);
      const v = vehicles.find((x) => x.id === sch[0].vehicleId)!;
      expect(v.sectionId).toBe(t.sectionId);
      expect(v.plateNumber).toMatch(/^[A-Z]{2,3} \d{1,4}$/);
    }
    expect(new Set(schedules.map((s) => s.vehicleId)).size).toBe(schedules.length);
  });

  it('builds the same data on every run', () => {
    expect(buildGeography()).toEqual(buildGeography());
    expect(buildPeople()).toEqual(buildPeople());
  });

  it('inserts nothing when run a second time', async () => {
    const before = await counts();
    const again = await seedDemoData(handle.db, { passwordHashCost: 'fast' });
    expect(again).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
  });
});

describe('ensureRosters', () => {
  it('gives every patrol section (or its combined group) a day and a night roster today, idempotently', async () => {
    const today = bruneiDate();
    const yesterday = addDays(today, -1);
    const inserted = await ensureRosters(handle.db, { from: yesterday, days: 9 });
    expect(inserted).toBeGreaterThan(0);
    expect(await ensureRosters(handle.db, { from: yesterday, days: 9 })).toBe(0);
    // A window that overlaps adds only the new day.
    const more = await ensureRosters(handle.db, { from: today, days: 9 });
    expect(more).toBeGreaterThan(0);
    expect(more).toBeLessThan(inserted / 4);

    const sections = (await handle.db.select().from(section)).filter((s) => !s.isCombined && isListedSectionName(s.name));
    const rosters = await handle.db.select().from(dutyRoster).where(eq(dutyRoster.startDate, today));
    for (const s of sections) {
      const unit = s.combinedSectionId ?? s.id;
      const day = rosters.filter((r) => r.sectionId === unit && r.shiftId === 1);
      const night = rosters.filter((r) => r.sectionId === unit && r.shiftId === 2);
      expect(day.length, `${s.name} day`).toBeGreaterThanOrEqual(1);
      expect(night.length, `${s.name} night`).toBeGreaterThanOrEqual(1);
      expect(day[0].startsAt.toISOString()).toBe(bruneiInstant(today, '07:00').toISOString());
      expect(day[0].endsAt.toISOString()).toBe(bruneiInstant(today, '19:00').toISOString());
      expect(day[0].endDate).toBe(today);
      expect(night[0].startsAt.toISOString()).toBe(new Date(`${today}T11:00:00.000Z`).toISOString());
      expect(night[0].endDate).toBe(addDays(today, 1));
      expect(night[0].endsAt.toISOString()).toBe(new Date(`${today}T23:00:00.000Z`).toISOString());
      expect(day[0].dutyRosterName).toMatch(/ \d{2}\/\d{2}\/\d{4}$/);
      expect(day[0].vehicleId).not.toBeNull();
    }
  });

  it('puts the demo patrol users on a roster today', async () => {
    const today = bruneiDate();
    for (const [username, shiftId] of [
      ['pr', 1],
      ['pr.malam', 2],
    ] as const) {
      const rows = await handle.db
        .select({ id: dutyRoster.id })
        .from(appUser)
        .innerJoin(teamMember, eq(teamMember.staffId, appUser.staffId))
        .innerJoin(dutyRoster, and(eq(dutyRoster.teamId, teamMember.teamId), eq(dutyRoster.startDate, today)))
        .where(and(eq(appUser.username, username), eq(dutyRoster.shiftId, shiftId)));
      expect(rows.length, username).toBe(1);
    }
  });
});

describe('rosterRows', () => {
  const base = { teamId: 1, teamName: 'N9-MALAM-A', sectionId: 9, vehicleId: 7 };
  it('ends a night shift on the next day, in UTC', () => {
    const rows = rosterRows([{ ...base, shiftId: 2, startHour: '19:00', endHour: '07:00', cycleDays: 1, workDays: [0] }], '2026-11-22', 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      startDate: '2026-11-22',
      endDate: '2026-11-23',
      dutyRosterName: 'N9-MALAM-A 22/11/2026',
    });
    expect(rows[0].startsAt.toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(rows[0].endsAt.toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('follows the schedule cycle counted from 2026-01-01', () => {
    // 2026-01-01 is a Thursday: positions 1, 2, 3 of a 7-day cycle are Friday to Sunday.
    const rows = rosterRows(
      [{ ...base, teamName: 'N9-GANTI', shiftId: 1, startHour: '07:00', endHour: '19:00', cycleDays: 7, workDays: [1, 2, 3] }],
      '2026-11-16',
      7,
    );
    const weekdays = rows.map((r) => new Date(`${r.startDate}T00:00:00Z`).getUTCDay());
    expect(weekdays).toEqual([5, 6, 0]);
    // Dates before the epoch work too.
    expect(
      rosterRows([{ ...base, shiftId: 1, startHour: '07:00', endHour: '19:00', cycleDays: 7, workDays: [1, 2, 3] }], '2025-12-26', 1),
    ).toHaveLength(1);
  });

  it('reads the local date in Asia/Brunei', () => {
    expect(bruneiDate(new Date('2026-11-21T15:59:59Z'))).toBe('2026-11-21');
    expect(bruneiDate(new Date('2026-11-21T16:00:00Z'))).toBe('2026-11-22');
  });
});
