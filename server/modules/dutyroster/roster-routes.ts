import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  ActivePrDetailsSchema,
  DeviceItemSchema,
  GenerateResultSchema,
  PhoneItemSchema,
  ROSTER_MESSAGES,
  ROSTER_PATHS,
  RosterDeleteResultSchema,
  RosterDeleteSchema,
  RosterDetailSchema,
  RosterFormOptionsSchema,
  RosterGenerateSchema,
  RosterMonthFilterSchema,
  RosterMonthQuerySchema,
  RosterMonthRowSchema,
  RosterRoleRowSchema,
  RosterSaveSchema,
  StaffingFilterSchema,
  StaffingResultSchema,
} from '../../../contract/rosters';
import { registerHistoryAccess } from '../../lib/change-log';
import { ok, page, writtenAsBuilt } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { rosterReadable } from './access';
import { generateMonth } from './generate';
import { monthRosters } from './month-view';
import { activePrDetails, allDevices, deleteRoster, formOptions, getRoster, phonesOfSection, rosterRoles, saveRoster } from './roster-service';
import { staffingOf } from './staffing';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const writeErrors = { ...errors, 409: ErrorEnvelopeSchema };

/**
 * Duty rosters (issue #15 item 1, the staffing view): one roster (save, portal/save, get, delete, getActivePrDetails,
 * rosterRoles), the form's options and lookups (devicenoid, hpnosection), a month's generation and the month and day
 * views. Writes need rosterManage; reads rosterList, or readOrg where the activity screens need a roster (a patrol
 * reads only its own). Everything within the caller's region scope (access.ts).
 */
export async function rosterRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { tags: ['dutyroster'], security: [{ bearerAuth: [] }] };

  // the history of a roster: readable by whoever may read the roster
  registerHistoryAccess('roster', async (db, user, id) => {
    await rosterReadable(db, user, id);
  });

  for (const url of [ROSTER_PATHS.save, ROSTER_PATHS.portalSave]) {
    r.post(url, {
      config: { permission: 'rosterManage' },
      schema: {
        ...common,
        summary:
          url === ROSTER_PATHS.save
            ? 'Create (no pkDutyRosterId) or edit (version) a roster: team, shift, dates YYYY-MM-DD, hours, vehicle, device, phone, members with roles; refuses leave, double-booking, inactive things'
            : 'The portal form’s save: the same body and rules as dutyroster/save',
        body: RosterSaveSchema,
        response: { 200: envelope(RosterDetailSchema), ...writeErrors },
      },
      handler: (request, reply) =>
        idempotent(db, request, reply, async (db) => ok(await saveRoster(db, requireUser(request), request.body), ROSTER_MESSAGES.saved)),
    });
  }

  r.get(ROSTER_PATHS.getPattern, {
    config: { permission: ['rosterList', 'readOrg'], read: true },
    serializerCompiler: writtenAsBuilt,
    schema: {
      ...common,
      summary: 'One roster with its people and roles, vehicle, device, phone, lifecycle and usage',
      params: IdParamSchema,
      response: { 200: envelope(RosterDetailSchema), ...errors },
    },
    handler: async (request) => ok(await getRoster(db, requireUser(request), request.params.id)),
  });

  r.post(ROSTER_PATHS.delete, {
    config: { permission: 'rosterManage' },
    schema: {
      ...common,
      summary: 'Delete a roster with its member rows; 409 when it has activity entries, cases, positions or notifications',
      body: RosterDeleteSchema,
      response: { 200: envelope(RosterDeleteResultSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await deleteRoster(db, requireUser(request), request.body), ROSTER_MESSAGES.deleted)),
  });

  r.get(ROSTER_PATHS.activePrDetailsPattern, {
    config: { permission: ['rosterList', 'readOrg'], read: true },
    schema: {
      ...common,
      summary: 'The roster with its people, vehicle, callsign, device, phone and latest position',
      params: IdParamSchema,
      response: { 200: envelope(ActivePrDetailsSchema), ...errors },
    },
    handler: async (request) => ok(await activePrDetails(db, requireUser(request), request.params.id)),
  });

  r.get(ROSTER_PATHS.rosterRolesPattern, {
    config: { permission: ['rosterList', 'readOrg'] },
    schema: {
      ...common,
      tags: ['rosterRoles'],
      summary: 'The people of a roster with their dutyRosterRoles role',
      params: IdParamSchema,
      response: { 200: envelope(z.array(RosterRoleRowSchema)), ...errors },
    },
    handler: async (request) => ok(await rosterRoles(db, requireUser(request), request.params.id)),
  });

  r.get(ROSTER_PATHS.formOptionsPattern, {
    config: { permission: 'rosterManage' },
    schema: {
      ...common,
      summary: 'What the roster form offers for a section: teams with members, vehicles (inactive shown), devices, phones',
      params: IdParamSchema,
      querystring: z.object({ rosterId: z.coerce.number().int().positive().optional() }),
      response: { 200: envelope(RosterFormOptionsSchema), ...errors },
    },
    handler: async (request) => ok(await formOptions(db, requireUser(request), request.params.id, request.query.rosterId)),
  });

  r.post(ROSTER_PATHS.generateMonth, {
    config: { permission: 'rosterManage' },
    schema: {
      ...common,
      summary:
        'Generate a month of rosters from the active teams’ schedules: dryRun previews create/exists/conflict with reasons; commit writes the create ones',
      body: RosterGenerateSchema,
      response: { 200: envelope(GenerateResultSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const result = await generateMonth(db, requireUser(request), request.body);
        return ok(result, result.dryRun ? ROSTER_MESSAGES.preview : ROSTER_MESSAGES.generated);
      }),
  });

  r.post(ROSTER_PATHS.monthDataTables, {
    config: { permission: 'rosterList', read: true },
    // a page of up to 1,000 rows whose every field comes out of one json_build_object of typed columns (month-view.ts):
    // written as it is, not checked field by field against the schema on every call (which costs more than the rest of
    // the app's work on the call, bench/rosters-month.ts); the schema still documents the answer, and
    // tests/server/rosters.test.ts parses answers with it
    serializerCompiler: () => (data) => JSON.stringify(data),
    schema: {
      ...common,
      tags: ['dutyRosterView'],
      summary: 'Rosters of a month by section or region (page size up to 1000, §9): people, vehicle, lifecycle',
      querystring: RosterMonthQuerySchema,
      body: RosterMonthFilterSchema,
      response: { 200: envelope(dataTablesBody(RosterMonthRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await monthRosters(db, requireUser(request), request.body, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(ROSTER_PATHS.staffing, {
    config: { permission: 'rosterList' },
    schema: {
      ...common,
      tags: ['dutyRosterView'],
      summary: 'Staffing of a day: per section and shift the rosters and people on duty, people on leave, gaps flagged',
      body: StaffingFilterSchema,
      response: { 200: envelope(StaffingResultSchema), ...errors },
    },
    handler: async (request) => ok(await staffingOf(db, requireUser(request), request.body)),
  });

  r.get(ROSTER_PATHS.devices, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      tags: ['lookup'],
      summary: 'devicenoid/getAll: every patrol tablet, active ones first',
      response: { 200: envelope(z.array(DeviceItemSchema)), ...errors },
    },
    handler: async () => ok(await allDevices(db)),
  });

  r.get(ROSTER_PATHS.phonesBySectionPattern, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      tags: ['lookup'],
      summary: 'hpnosection/getbySectionId: the phone numbers of a section (within the caller’s region)',
      params: IdParamSchema,
      response: { 200: envelope(z.array(PhoneItemSchema)), ...errors },
    },
    handler: async (request) => ok(await phonesOfSection(db, requireUser(request), request.params.id)),
  });
}
