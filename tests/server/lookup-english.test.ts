import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { buildTestApp } from './support/build';
import { LOOKUP_NAMES, STATUS } from '../../contract/lookups';
import { lookupItem, role, shift } from '../../server/db/schema';
import { ensureEnglishNames } from '../../server/db/seed/english';

/** English names of the lookups, roles and seeded shifts (issue #31, migration 0015). */
describe('English names of lookups, roles and shifts', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp();
  }, 120_000);
  afterAll(async () => {
    await app?.cleanup();
  });

  it('every lookup answers an English name beside the spec fields, without a token', async () => {
    for (const name of LOOKUP_NAMES) {
      const res = await app.inject({ method: 'POST', url: `/rest/roster/lookup/${name}` });
      expect(res.statusCode, name).toBe(200);
      const items = res.json().body as { key: number; value: string; description: string | null; valueEn?: string | null }[];
      expect(items.length, name).toBeGreaterThan(0);
      for (const it of items) {
        expect(Object.keys(it).sort(), name).toEqual(['description', 'key', 'value', 'valueEn']);
        expect(it.valueEn, `${name} ${it.key}`).toMatch(/\S/);
      }
    }
    const statuses = (await app.inject({ method: 'POST', url: '/rest/roster/lookup/incidentStatus' })).json().body as {
      key: number;
      value: string;
      valueEn: string;
    }[];
    const of = (key: number) => statuses.find((s) => s.key === key);
    expect(of(STATUS.RECEIVED)).toMatchObject({ value: 'Tugasan Diterima', valueEn: 'Task received' });
    expect(of(STATUS.ASSISTANCE_DONE)).toMatchObject({ value: 'Selesai Bantuan', valueEn: 'Assistance done' });
    // the spec's own word stays
    expect(of(STATUS.NEGATIVE)).toMatchObject({ value: 'Negative', valueEn: 'Negative' });
  });

  it('roles and the seeded shifts have English names', async () => {
    const roles = await app.ctx.db.select().from(role);
    expect(roles.length).toBeGreaterThan(10);
    for (const r of roles) expect(r.labelEn, r.name).toMatch(/\S/);
    expect(roles.find((r) => r.name === 'TMCA')?.labelEn).toBe('TMC operator');
    const shifts = await app.ctx.db
      .select()
      .from(shift)
      .where(inArray(shift.id, [1, 2]));
    expect(Object.fromEntries(shifts.map((s) => [s.name, s.nameEn]))).toEqual({ 'Syif Pagi': 'Day shift', 'Syif Malam': 'Night shift' });
  });

  it('a database seeded before migration 0015 gets them at start, and a name set since is kept', async () => {
    const db = app.ctx.db;
    await db.update(lookupItem).set({ valueEn: null });
    await db.update(role).set({ labelEn: null });
    await db.update(shift).set({ nameEn: null });
    await db.update(lookupItem).set({ valueEn: 'Custom accident' }).where(eq(lookupItem.key, 184));
    await db.update(shift).set({ name: 'Syif Malam Baharu' }).where(eq(shift.id, 2));
    const filled = await ensureEnglishNames(db);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(lookupItem);
    expect(filled.lookups).toBe(n - 1);
    expect(filled.roles).toBeGreaterThan(10);
    expect(filled.shifts).toBe(1);
    expect(await db.select().from(lookupItem).where(isNull(lookupItem.valueEn))).toHaveLength(0);
    expect((await db.select().from(lookupItem).where(eq(lookupItem.key, 184)))[0].valueEn).toBe('Custom accident');
    // a renamed shift keeps no English name: its Malay name stands in
    expect((await db.select().from(shift).where(eq(shift.id, 2)))[0].nameEn).toBeNull();
    // a second start changes nothing
    expect(await ensureEnglishNames(db)).toEqual({ lookups: 0, roles: 0, shifts: 0 });
  });
});
