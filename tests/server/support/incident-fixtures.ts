/**
 * Real seeded references for incident tests: today's rosters of a section, a valid incident/save payload on N9,
 * row counts of the incident tables, and small call helpers.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { IncidentSave } from '../../../contract/incidents';
import { PATHS } from '../../../contract/paths';
import { appUser, dutyRoster, eventLocation, gpsKmMarker, incident, incidentSubform, section, team, teamMember } from '../../../server/db/schema';
import { localDate } from '../../../server/lib/time';
import { call } from './build';
import { now as clockNow } from '../../../server/lib/clock';

type App = FastifyInstance;

export async function sectionByName(app: App, name: string) {
  const [s] = await app.ctx.db.select().from(section).where(eq(section.name, name));
  if (!s) throw new Error(`no section ${name}`);
  return s;
}

/** Today's (local date) roster of a team such as 'N9-PAGI-A'. */
export async function rosterOf(app: App, teamName: string, date = localDate()) {
  const [r] = await app.ctx.db
    .select({
      id: dutyRoster.id,
      name: dutyRoster.dutyRosterName,
      sectionId: dutyRoster.sectionId,
      teamId: dutyRoster.teamId,
      endsAt: dutyRoster.endsAt,
    })
    .from(dutyRoster)
    .innerJoin(team, eq(team.id, dutyRoster.teamId))
    .where(and(eq(team.name, teamName), eq(dutyRoster.startDate, date)));
  if (!r) throw new Error(`no roster of ${teamName} on ${date}`);
  return r;
}

/** The demo patrol ('pr' or 'pr.malam', whichever is on shift now), its user and its roster. */
export async function demoPatrolOnShift(app: App) {
  const now = clockNow();
  const [r] = await app.ctx.db
    .select({
      id: dutyRoster.id,
      name: dutyRoster.dutyRosterName,
      sectionId: dutyRoster.sectionId,
      teamId: dutyRoster.teamId,
      vehicleId: dutyRoster.vehicleId,
      startsAt: dutyRoster.startsAt,
      endsAt: dutyRoster.endsAt,
      username: appUser.username,
      userId: appUser.id,
    })
    .from(dutyRoster)
    .innerJoin(teamMember, eq(teamMember.teamId, dutyRoster.teamId))
    .innerJoin(appUser, eq(appUser.staffId, teamMember.staffId))
    .where(and(sql`${appUser.username} in ('pr', 'pr.malam')`, lte(dutyRoster.startsAt, now), gt(dutyRoster.endsAt, now)));
  if (!r) throw new Error('no demo patrol on shift now');
  return r;
}

/** A complete, valid payload for a new case on a plain section (default N9), at a kilometre with a marker. */
export async function newCasePayload(app: App, overrides: Partial<IncidentSave> = {}, sectionName = 'N9'): Promise<IncidentSave> {
  const s = await sectionByName(app, sectionName);
  const [loc] = await app.ctx.db.select().from(eventLocation).where(eq(eventLocation.sectionId, s.id)).orderBy(asc(eventLocation.km)).limit(1);
  const [marker] = await app.ctx.db
    .select({ km: gpsKmMarker.km })
    .from(gpsKmMarker)
    .where(eq(gpsKmMarker.sectionId, s.id))
    .orderBy(asc(gpsKmMarker.km))
    .offset(20)
    .limit(1);
  const roster = sectionName === 'N9' ? await rosterOf(app, 'N9-PAGI-A') : null;
  return {
    pkIncidentSourceId: 1101,
    pkSectionId: s.id,
    pkDutyRosterId: roster?.id ?? null,
    pkIncidentCategoryId: 184,
    pkEventLocationId: loc.id,
    pkLocationTypeId: 1001,
    pkCardinalDirectionId: 1201,
    pkWeatherConditionId: 1301,
    pkLightingConditionId: 1401,
    incidentSeverityId: 1701,
    kilometerMarker: String(Math.round(marker.km * 10) / 10),
    pkHighwayId: s.highwayId,
    ...overrides,
  };
}

const TABLES = [
  'incident',
  'incident_subform',
  'incident_audit',
  'journal_entry',
  'ticket_counter',
  'incident_notification',
  'involved_vehicle',
] as const;

/** Row counts of the incident tables (and a checksum of the mutable incident columns), to prove nothing was half-saved. */
export async function snapshot(app: App): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = {};
  for (const t of TABLES) {
    const res = (await app.ctx.db.execute(sql.raw(`select count(*)::int as n from ${t}`))) as unknown as { rows: { n: number }[] };
    out[t] = res.rows[0].n;
  }
  const sum = (await app.ctx.db.execute(
    sql.raw(
      `select coalesce(md5(string_agg(concat_ws('|', id, version, status_id, duty_roster_id, subform_id, category_id, kilometer_marker, has_done_entry, ever_cancelled), ',' order by id)), '') as h from incident`,
    ),
  )) as unknown as { rows: { h: string }[] };
  out.incidentHash = sum.rows[0].h;
  const sub = (await app.ctx.db.execute(
    sql.raw(`select coalesce(md5(string_agg(concat_ws('|', id, version, deleted_at, remark), ',' order by id)), '') as h from incident_subform`),
  )) as unknown as { rows: { h: string }[] };
  out.subformHash = sub.rows[0].h;
  out.counters = (
    (await app.ctx.db.execute(sql.raw(`select coalesce(sum(last), 0)::int as n from ticket_counter`))) as unknown as { rows: { n: number }[] }
  ).rows[0].n;
  return out;
}

/** The case's version as stored now: an edit sends it (#20: incident/save of an existing case without it is refused). */
export async function versionOf(app: App, id: number): Promise<number> {
  const [row] = await app.ctx.db.select({ version: incident.version }).from(incident).where(eq(incident.id, id));
  return row.version;
}

export const saveCase = (app: App, token: string, payload: unknown) =>
  call(app, token, { method: 'POST', url: PATHS.incidentSave, payload: payload as object });
export const audit = (app: App, token: string, payload: unknown) =>
  call(app, token, { method: 'POST', url: PATHS.auditSave, payload: payload as object });
export const getView = (app: App, token: string, id: number) => call(app, token, { method: 'GET', url: PATHS.incidentViewGet(id) });
export const saveSubformCall = (app: App, token: string, pathWord: string, payload: unknown) =>
  call(app, token, { method: 'POST', url: PATHS.subformSave(pathWord), payload: payload as object });

let seq = 0;
/** A case written straight into the tables (main record + live subform), as incident/save would leave it. */
export async function insertIncident(
  app: App,
  o: { section: string; staffId: number; statusId?: number | null; rosterId?: number | null; typeId?: number },
) {
  const db = app.ctx.db;
  const [sec] = await db.select().from(section).where(eq(section.name, o.section));
  seq += 1;
  return db.transaction(async (tx) => {
    const [inc] = await tx
      .insert(incident)
      .values({
        ticketNumber: `${sec.name}-20260101-${String(9000 + seq)}`,
        sectionId: sec.id,
        regionId: sec.regionId,
        highwayId: sec.highwayId,
        sourceId: 1102,
        categoryId: o.typeId ?? 184,
        directionId: 1202,
        kilometerMarker: '300.5',
        km: 300.5,
        chainage: `300.5 (${sec.name})`,
        incidentAt: clockNow(),
        createdByStaffId: o.staffId,
        statusId: o.statusId === undefined ? 203 : o.statusId,
        dutyRosterId: o.rosterId ?? null,
      })
      .returning({ id: incident.id, ticket: incident.ticketNumber });
    const [sub] = await tx
      .insert(incidentSubform)
      .values({ incidentId: inc.id, typeId: o.typeId ?? 184 })
      .returning({ id: incidentSubform.id });
    await tx.update(incident).set({ subformId: sub.id }).where(eq(incident.id, inc.id));
    return { id: inc.id, ticket: inc.ticket, subformId: sub.id };
  });
}
