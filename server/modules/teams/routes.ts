import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  TEAM_MESSAGES,
  TEAMS_PATHS,
  TeamDeleteResultSchema,
  TeamDeleteSchema,
  TeamDetailSchema,
  TeamFilterSchema,
  TeamListQuerySchema,
  TeamMemberCandidateFilterSchema,
  TeamMemberCandidateSchema,
  TeamMemberDeleteSchema,
  TeamMemberFilterSchema,
  TeamMemberRowSchema,
  TeamMemberSaveSchema,
  TeamMembersQuerySchema,
  TeamRowSchema,
  TeamSaveSchema,
  TeamScheduleFilterSchema,
  TeamScheduleOptionsSchema,
  TeamScheduleResultSchema,
  TeamScheduleSaveSchema,
} from '../../../contract/teams';
import { registerHistoryAccess } from '../../lib/change-log';
import { csvDisposition } from '../../lib/data-table';
import { ok, page } from '../../lib/reply';
import { localDate } from '../../lib/time';
import { typed, type AppContext } from '../../lib/context';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { listTeams, teamInScope } from './queries';
import {
  addMembers,
  deleteTeams,
  getTeam,
  memberCandidates,
  removeMembers,
  saveSchedule,
  saveTeam,
  scheduleOptions,
  teamMembers,
  teamScheduleOf,
  teamsCsv,
} from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const writeErrors = { ...errors, 409: ErrorEnvelopeSchema };

/**
 * Teams administration (issue #14 item 4; §7.5 team, teamMembers, teamSchedule). Reads a roster screen needs are
 * 'readOrg'; writes, the CSV and the form's pickers are 'adminOrg'. Everything is limited to the caller's region
 * scope (server/lib/scope.ts).
 */
export async function teamsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { security: [{ bearerAuth: [] }] };

  // the history of a team, its members and its schedule: readable by whoever may read the team
  for (const entity of ['team', 'teamMember', 'teamSchedule'] as const) {
    registerHistoryAccess(entity, async (db, user, id) => {
      await teamInScope(db, user, id);
    });
  }

  // ---------------------------------------------------------------------------------------------- team

  r.post(TEAMS_PATHS.dataTables, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      tags: ['team'],
      summary: 'Teams of the caller’s region scope (filters section, region, name, active); up to 500 a page (§9)',
      querystring: TeamListQuerySchema,
      body: TeamFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(TeamRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listTeams(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(TEAMS_PATHS.csv, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      tags: ['team'],
      summary: 'The filtered team list as CSV (UTF-8 with BOM, CRLF, quoted fields)',
      querystring: DataTablesQuerySchema.pick({ orderColumn: true, direction: true }).partial(),
      body: TeamFilterSchema.optional().default({}),
      response: errors,
    },
    handler: async (request, reply) => {
      const csv = await teamsCsv(db, requireUser(request), request.body ?? {}, {
        orderColumn: request.query.orderColumn,
        direction: request.query.direction ?? 'asc',
      });
      return (reply as FastifyReply)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', csvDisposition('pasukan', localDate()))
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  });

  r.get(TEAMS_PATHS.getPattern, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      tags: ['team'],
      summary: 'One team with its roster count',
      params: IdParamSchema,
      response: { 200: envelope(TeamDetailSchema), ...errors },
    },
    handler: async (request) => ok(await getTeam(db, requireUser(request), request.params.id)),
  });

  r.post(TEAMS_PATHS.save, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      tags: ['team'],
      summary: 'Create (no pkTeamId) or update a team: a listed section in scope, the name unique within the section (409)',
      body: TeamSaveSchema,
      response: { 200: envelope(TeamDetailSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveTeam(db, requireUser(request), request.body), TEAM_MESSAGES.saved)),
  });

  r.post(TEAMS_PATHS.delete, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      tags: ['team'],
      summary: 'Delete teams (ids): a team with duty rosters is deactivated, never erased',
      body: TeamDeleteSchema,
      response: { 200: envelope(TeamDeleteResultSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const result = await deleteTeams(db, requireUser(request), request.body.ids);
        return ok(result, result.deactivated.length ? TEAM_MESSAGES.deactivated : TEAM_MESSAGES.deleted);
      }),
  });

  // ---------------------------------------------------------------------------------------------- members

  r.post(TEAMS_PATHS.membersDataTables, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      tags: ['teamMembers'],
      summary: 'Members of a team (page size up to 100, §9); isLeader marks the team leader',
      querystring: TeamMembersQuerySchema,
      body: TeamMemberFilterSchema,
      response: { 200: envelope(dataTablesBody(TeamMemberRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await teamMembers(db, requireUser(request), request.body.teamId, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(TEAMS_PATHS.membersCandidates, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      tags: ['teamMembers'],
      summary: 'Active staff of the team’s section (or region) in no active team: who may be added',
      querystring: TeamMembersQuerySchema,
      body: TeamMemberCandidateFilterSchema,
      response: { 200: envelope(dataTablesBody(TeamMemberCandidateSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await memberCandidates(db, requireUser(request), request.body, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(TEAMS_PATHS.membersSave, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      tags: ['teamMembers'],
      summary: 'Add staff to a team (all or none): active, of the team’s region, in no other active team (409), 100 members at most',
      body: TeamMemberSaveSchema,
      response: { 200: envelope(z.array(TeamMemberRowSchema)), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await addMembers(db, requireUser(request), request.body), TEAM_MESSAGES.membersSaved)),
  });

  r.post(TEAMS_PATHS.membersDelete, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      tags: ['teamMembers'],
      summary: 'Remove team members (pkTeamMemberId list), all or none',
      body: TeamMemberDeleteSchema,
      response: { 200: envelope(z.object({ removed: z.array(z.number().int()) })), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await removeMembers(db, requireUser(request), request.body.ids), TEAM_MESSAGES.membersDeleted)),
  });

  // ---------------------------------------------------------------------------------------------- schedule

  r.post(TEAMS_PATHS.scheduleDataTables, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      tags: ['teamSchedule'],
      summary: 'The team’s schedule (shift, vehicle, cycle, work days) and the next 28 days (Asia/Brunei) by its rule',
      querystring: DataTablesQuerySchema,
      body: TeamScheduleFilterSchema,
      response: { 200: envelope(TeamScheduleResultSchema), ...errors },
    },
    handler: async (request) => ok(await teamScheduleOf(db, requireUser(request), request.body.teamId, request.query)),
  });

  r.post(TEAMS_PATHS.scheduleSave, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      tags: ['teamSchedule'],
      summary: 'Set the team’s schedule: an active shift, cycleDays 1–28, workDays within the cycle; rosters already generated stay',
      body: TeamScheduleSaveSchema,
      response: { 200: envelope(TeamScheduleResultSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveSchedule(db, requireUser(request), request.body), TEAM_MESSAGES.scheduleSaved)),
  });

  r.get(TEAMS_PATHS.scheduleOptionsPattern, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      tags: ['teamSchedule'],
      summary: 'The active shifts and the active vehicles of the team’s section, for the schedule form',
      params: IdParamSchema,
      response: { 200: envelope(TeamScheduleOptionsSchema), ...errors },
    },
    handler: async (request) => ok(await scheduleOptions(db, requireUser(request), request.params.id)),
  });
}
