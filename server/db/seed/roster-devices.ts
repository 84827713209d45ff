/**
 * Patrol tablets (device_no, devicenoid/getAll) and section phones (hp_no_section, hpnosection/getbySectionId) of
 * the patrol sections (issue #15), for a database seeded before them too. Idempotent: once per database (app_meta
 * marker), and every row is inserted "on conflict do nothing", so a run after a partial one completes it.
 *
 * Per section with patrol teams: one tablet per team plus a spare ('TAB-N9-01' …), one section phone per team plus
 * the section office line; the first region's last section also keeps a tablet out of service (inactive), and two
 * tablets are pooled (no section) at the control centre.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { appMeta, deviceNo, hpNoSection, section, team } from '../schema';
import { now } from '../../lib/clock';

const MARKER = 'roster_devices_v1';

/** Deterministic phone digits of a section and a line number (Malaysian mobile numbers, 01x-xxx xxxx). */
function phoneOf(sectionId: number, line: number): string {
  const n = (sectionId * 7919 + line * 104729) % 10_000_000;
  const digits = String(n).padStart(7, '0');
  const prefix = ['012', '013', '017', '019'][(sectionId + line) % 4];
  return `${prefix}-${digits.slice(0, 3)} ${digits.slice(3)}`;
}

export async function ensureRosterDevices(db: Db): Promise<{ devices: number; phones: number }> {
  const [marked] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, MARKER));
  if (marked) return { devices: 0, phones: 0 };
  const units = await db
    .select({ id: section.id, name: section.name, teams: sql<number>`count(${team.id})::int` })
    .from(team)
    .innerJoin(section, eq(section.id, team.sectionId))
    .groupBy(section.id, section.name)
    .orderBy(asc(section.name));
  if (!units.length) return { devices: 0, phones: 0 };

  const devices: (typeof deviceNo.$inferInsert)[] = [];
  const phones: (typeof hpNoSection.$inferInsert)[] = [];
  units.forEach((u, i) => {
    const code = u.name.replace(/\+/g, '');
    for (let k = 1; k <= u.teams + 1; k++) devices.push({ deviceNo: `TAB-${code}-${String(k).padStart(2, '0')}`, sectionId: u.id, isActive: true });
    if (i === units.length - 1) devices.push({ deviceNo: `TAB-${code}-${String(u.teams + 2).padStart(2, '0')}`, sectionId: u.id, isActive: false });
    for (let k = 1; k <= u.teams; k++) phones.push({ sectionId: u.id, phoneNo: phoneOf(u.id, k), isActive: true });
    phones.push({ sectionId: u.id, phoneNo: `03-${String(8000 + u.id * 13).slice(-4)} ${String(1000 + u.id * 37).slice(-4)}`, isActive: true });
  });
  devices.push({ deviceNo: 'TAB-POOL-01', sectionId: null, isActive: true }, { deviceNo: 'TAB-POOL-02', sectionId: null, isActive: true });

  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(appMeta)
      .values({ key: MARKER, value: now().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (!claimed) return { devices: 0, phones: 0 };
    const d = await tx.insert(deviceNo).values(devices).onConflictDoNothing().returning({ id: deviceNo.id });
    const p = await tx.insert(hpNoSection).values(phones).onConflictDoNothing().returning({ id: hpNoSection.id });
    return { devices: d.length, phones: p.length };
  });
}
