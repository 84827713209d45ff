/**
 * English names (issue #31, migration 0015), also on a database seeded before them (idempotent, run at every start):
 * every lookup item, role and seeded shift without an English name gets the one of the seed data. A name an
 * administrator has set is never overwritten (only null ones are filled), and a shift renamed since the seed keeps
 * no English name (the Malay one stands in).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { lookupItem, role, shift } from '../schema';
import { ROLES } from '../../../contract/roles';
import { LOOKUPS, SHIFT_NAME_EN } from './data/lookups';
import { SHIFTS } from './data/people';

export async function ensureEnglishNames(db: Db): Promise<{ lookups: number; roles: number; shifts: number }> {
  // what is still without a name, read first: on a database that has them (every start after the first) that is all
  // this costs, instead of an update joining every lookup of the seed (a third of a second of a start, issue #32)
  const nullKeys = new Set((await db.select({ key: lookupItem.key }).from(lookupItem).where(isNull(lookupItem.valueEn))).map((r) => r.key));
  const nullRoles = new Set((await db.select({ id: role.id }).from(role).where(isNull(role.labelEn))).map((r) => r.id));
  const nullShifts = new Set((await db.select({ id: shift.id }).from(shift).where(isNull(shift.nameEn))).map((r) => r.id));
  const pairs = Object.values(LOOKUPS).flatMap((entries) =>
    entries.filter(([key]) => nullKeys.has(key)).map(([key, , , valueEn]) => sql`(${key}::integer, ${valueEn}::text)`),
  );
  const lookups = pairs.length
    ? await db
        .update(lookupItem)
        .set({ valueEn: sql`v.en` })
        .from(sql`(values ${sql.join(pairs, sql`, `)}) as v(key, en)`)
        .where(and(eq(lookupItem.key, sql`v.key`), isNull(lookupItem.valueEn)))
        .returning({ key: lookupItem.key })
    : [];
  let roles = 0;
  for (const r of ROLES.filter((x) => nullRoles.has(x.id))) {
    const done = await db
      .update(role)
      .set({ labelEn: r.labelEn })
      .where(and(eq(role.id, r.id), isNull(role.labelEn)))
      .returning({ id: role.id });
    roles += done.length;
  }
  let shifts = 0;
  for (const s of SHIFTS.filter((x) => nullShifts.has(x.id))) {
    const en = SHIFT_NAME_EN[s.id];
    if (!en) continue;
    const done = await db
      .update(shift)
      .set({ nameEn: en })
      .where(and(eq(shift.id, s.id), eq(shift.name, s.name), isNull(shift.nameEn)))
      .returning({ id: shift.id });
    shifts += done.length;
  }
  return { lookups: lookups.length, roles, shifts };
}
