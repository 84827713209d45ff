/**
 * Cases for the browser tests, made through the API as a TMC operator: the demo patrol on shift now and a new case
 * assigned to its roster.
 */
import type { WebUser } from '@contract/auth';
import type { LookupItem } from '@contract/envelope';
import type { ActivePrRow, IncidentSaved } from '@contract/incidents';
import { SUBFORMS, type EventTypeId } from '@contract/incident-rules';
import { PATHS } from '@contract/paths';
import type { EventLocation, Section } from '@contract/sections';
import { rosterStatusAt } from '@/lib/roster-status';
import { nowMs } from '../../../server/lib/clock';
import type { Api } from './api';
import type { E2eUser } from './users';

async function ok<T>(p: Promise<{ status: number; body: T; statusMsg: string }>, what: string): Promise<T> {
  const r = await p;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.statusMsg}`);
  return r.body;
}

/** The patrol user (pr by day, pr.malam by night) on a roster on shift now, and that roster. */
export async function patrolOnShift(api: Api, tmc: E2eUser, users: E2eUser[]): Promise<{ patrol: E2eUser; roster: ActivePrRow }> {
  const { rows } = await ok(api.call<{ rows: ActivePrRow[] }>(tmc, 'POST', `${PATHS.nearestActivePr}?length=100&start=0`, {}), 'nearestActivePR');
  for (const name of ['pr', 'pr.malam']) {
    const u = users.find((x) => x.username === name);
    if (!u) continue;
    const { user } = await ok(api.call<{ user: WebUser }>(u, 'POST', PATHS.webUser, {}), 'webUser');
    const roster = rows.find((r) => r.members.some((m) => m.pkStaffId === user.pkStaffId));
    if (roster) return { patrol: u, roster };
  }
  throw new Error(`no demo patrol on an active roster now: ${rows.map((r) => r.dutyRosterName).join(', ')}`);
}

/**
 * The demo patrol on shift now whose roster stays on shift for the next `minutes` (on the clock of server/lib/clock.ts):
 * a few minutes before a shift change (07:00, 19:00 Asia/Brunei) it waits for the next shift's roster, so a test never
 * loses its patrol to the handover half-way.
 */
export async function patrolOnShiftFor(api: Api, tmc: E2eUser, users: E2eUser[], minutes: number): Promise<{ patrol: E2eUser; roster: ActivePrRow }> {
  for (;;) {
    const found = await patrolOnShift(api, tmc, users);
    const { user } = await ok(api.call<{ user: WebUser }>(found.patrol, 'POST', PATHS.webUser, {}), 'webUser');
    const mine = user.rosters.find((r) => r.pkDutyRosterId === found.roster.pkDutyRosterId);
    if (mine && rosterStatusAt({ ...mine, status: 'upcoming' }, nowMs() + minutes * 60_000) === 'active') return found;
    await new Promise((r) => setTimeout(r, 15_000));
  }
}

/** A new case of the event type assigned to the roster (incident/save, then an empty subform with the remark). */
export async function createCase(
  api: Api,
  tmc: E2eUser,
  roster: ActivePrRow,
  type: EventTypeId,
  km: string,
  remark = '',
): Promise<IncidentSaved & { subformId: number }> {
  const sec = await ok(api.call<Section>(tmc, 'GET', PATHS.sectionGet(roster.sectionId)), 'section');
  const locations = await ok(api.call<EventLocation[]>(tmc, 'GET', PATHS.eventLocationsBySection(roster.sectionId)), 'event locations');
  const sources = await ok(api.call<LookupItem[]>(tmc, 'POST', PATHS.lookup('incidentSource')), 'sources');
  const directions = await ok(api.call<LookupItem[]>(tmc, 'POST', PATHS.lookup('cardinalDirection')), 'directions');
  const saved = await ok(
    api.call<IncidentSaved>(tmc, 'POST', PATHS.incidentSave, {
      pkIncidentSourceId: sources[0].key,
      pkSectionId: sec.pkSectionId,
      pkDutyRosterId: roster.pkDutyRosterId,
      pkIncidentCategoryId: type,
      pkEventLocationId: locations[0].key,
      pkLocationTypeId: locations[0].locationTypeId,
      pkCardinalDirectionId: directions[0].key,
      kilometerMarker: km,
      pkHighwayId: sec.highwayId,
    }),
    'incident/save',
  );
  const sub = await ok(
    api.call<{ subformId: number }>(tmc, 'POST', PATHS.subformSave(SUBFORMS[type].path), {
      pkIncidentId: saved.pkIncidentId,
      incidentTypeId: type,
      remark,
    }),
    'subform save',
  );
  return { ...saved, subformId: sub.subformId };
}
