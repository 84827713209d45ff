/**
 * Shifts and leave data a database seeded before issue #14 needs (idempotent, run at every start):
 * - the seeded shifts get their roster type (jenisRoster 'Rondaan Biasa') when they have none, so
 *   namasyifid/getByJenisRosterId lists them;
 * - a demo database (seed_version present, demo accounts there) gets a few leave records once (app_meta marker),
 *   relative to today: a requested leave of the day-shift patrol leader that meets his rosters, an approved course of
 *   the night-shift leader, a rejected one, and a request in the Utara region.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { appMeta, appUser, shift, staffLeave } from '../schema';
import { localDate } from '../../lib/time';
import { SHIFT_ID } from './data/people';
import { nowMs } from '../../lib/clock';

/** jenisRoster 'Rondaan Biasa' (server/db/seed/data/lookups.ts). */
const NORMAL_ROSTER = 3101;
const DEMO_LEAVE_KEY = 'demo_leave_v1';
const SEED_VERSION_KEY = 'seed_version';

export async function ensureShiftRosterTypes(db: Db): Promise<number> {
  const done = await db
    .update(shift)
    .set({ jenisRosterId: NORMAL_ROSTER })
    .where(and(inArray(shift.id, [SHIFT_ID.DAY, SHIFT_ID.NIGHT]), isNull(shift.jenisRosterId)))
    .returning({ id: shift.id });
  return done.length;
}

export async function ensureDemoLeave(db: Db, now = nowMs()): Promise<number> {
  const meta = await db
    .select({ key: appMeta.key })
    .from(appMeta)
    .where(inArray(appMeta.key, [SEED_VERSION_KEY, DEMO_LEAVE_KEY]));
  if (!meta.some((m) => m.key === SEED_VERSION_KEY) || meta.some((m) => m.key === DEMO_LEAVE_KEY)) return 0;
  const users = await db
    .select({ username: appUser.username, staffId: appUser.staffId })
    .from(appUser)
    .where(inArray(appUser.username, ['sectmgr', 'pr', 'pr.malam', 'tsta', 'tmca.utara', 'opsmgmt']));
  const sid = new Map(users.map((u) => [u.username, u.staffId]));
  const manager = sid.get('sectmgr');
  const day = (n: number) => localDate(now, n);
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .insert(appMeta)
      .values({ key: DEMO_LEAVE_KEY, value: new Date(now).toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (!marked || !manager) return 0;
    const at = new Date(now);
    const rows: (typeof staffLeave.$inferInsert)[] = [];
    const add = (username: string, v: Omit<typeof staffLeave.$inferInsert, 'staffId' | 'createdByStaffId'>, by = manager) => {
      const staffId = sid.get(username);
      if (staffId) rows.push({ staffId, createdByStaffId: by, createdAt: at, updatedAt: at, ...v });
    };
    add('pr', { leaveTypeId: 1, dateFrom: day(2), dateTo: day(3), remark: 'Urusan keluarga di kampung.', status: 'requested' });
    add('pr.malam', {
      leaveTypeId: 6,
      dateFrom: day(14),
      dateTo: day(16),
      remark: 'Kursus Pertolongan Cemas Lanjutan.',
      status: 'approved',
      approverStaffId: manager,
      decidedAt: at,
    });
    add('tsta', { leaveTypeId: 3, dateFrom: day(-5), dateTo: day(-5), remark: null, status: 'rejected', approverStaffId: manager, decidedAt: at });
    const ops = sid.get('opsmgmt');
    if (ops)
      add('tmca.utara', { leaveTypeId: 2, dateFrom: day(1), dateTo: day(1), remark: 'Sijil cuti sakit akan dihantar.', status: 'requested' }, ops);
    if (rows.length) await tx.insert(staffLeave).values(rows);
    return rows.length;
  });
}

/** Both of the above; answers what changed, for the start-up log. */
export async function ensureShiftsAndLeave(db: Db): Promise<{ shiftsTyped: number; demoLeave: number }> {
  const shiftsTyped = await ensureShiftRosterTypes(db);
  const demoLeave = await ensureDemoLeave(db);
  return { shiftsTyped, demoLeave };
}
