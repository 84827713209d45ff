/**
 * Rosters with a fixed window for the activity-log, summary and end-of-duty tests (issue #15): made directly in the
 * database, on a shift of their own (so the team/shift/date index never meets a generated roster), timed relative
 * to the moment of the test — never dependent on the time of day.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { appUser, dutyRoster, dutyRosterMember, section, shift, team } from '../../../server/db/schema';
import { dayjs, localDate, TZ } from '../../../server/lib/time';

let nextShiftId = 9100;

/** Minutes → milliseconds. */
export const min = (n: number) => n * 60_000;

export async function teamByName(app: FastifyInstance, name: string) {
  const [t] = await app.ctx.db
    .select({ id: team.id, sectionId: team.sectionId, regionId: section.regionId })
    .from(team)
    .innerJoin(section, eq(section.id, team.sectionId))
    .where(eq(team.name, name));
  if (!t) throw new Error(`no team ${name}`);
  return t;
}

export async function staffIdOf(app: FastifyInstance, username: string): Promise<number> {
  const [u] = await app.ctx.db.select({ staffId: appUser.staffId }).from(appUser).where(eq(appUser.username, username));
  if (!u) throw new Error(`no user ${username}`);
  return u.staffId;
}

const hhmm = (d: Date) => dayjs(d).tz(TZ).format('HH:mm');

/**
 * A roster of `teamName` from `startsAt` for `hours` (its own new shift with those hours). With `members`, it has
 * duty_roster_member rows (its people by name); else its team's members are its people.
 */
export async function makeRoster(
  app: FastifyInstance,
  o: { teamName: string; startsAt: Date; hours: number; members?: { staffId: number; roleId?: number | null }[]; name?: string },
) {
  const db = app.ctx.db;
  const t = await teamByName(app, o.teamName);
  const startsAt = new Date(Math.floor(o.startsAt.getTime() / 60_000) * 60_000);
  const endsAt = new Date(startsAt.getTime() + o.hours * 3_600_000);
  const shiftId = nextShiftId++;
  await db.insert(shift).values({ id: shiftId, name: `Syif Ujian ${shiftId}`, startHour: hhmm(startsAt), endHour: hhmm(endsAt) });
  const startDate = localDate(startsAt);
  const name = o.name ?? `${o.teamName} UJIAN ${shiftId}`;
  const [r] = await db
    .insert(dutyRoster)
    .values({
      sectionId: t.sectionId,
      shiftId,
      teamId: t.id,
      dutyRosterName: name,
      startDate,
      endDate: localDate(endsAt),
      startHour: hhmm(startsAt),
      endHour: hhmm(endsAt),
      startsAt,
      endsAt,
    })
    .returning({ id: dutyRoster.id });
  if (o.members?.length)
    await db.insert(dutyRosterMember).values(o.members.map((m) => ({ dutyRosterId: r.id, staffId: m.staffId, rosterRoleId: m.roleId ?? null })));
  return { id: r.id, name, sectionId: t.sectionId, regionId: t.regionId, teamId: t.id, startsAt, endsAt, startDate, startHour: hhmm(startsAt) };
}

/** Row count of a table (to prove a refused call wrote nothing). */
export async function countOf(app: FastifyInstance, table: string): Promise<number> {
  const res = (await app.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return res.rows[0].n;
}
