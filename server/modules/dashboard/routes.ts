import type { FastifyInstance } from 'fastify';
import { DataTablesQuerySchema, envelope, ErrorEnvelopeSchema } from '../../../contract/envelope';
import { DashboardFilterSchema, DashboardItemsCountSchema, IncidentItemsCountSchema, IncidentPageSchema } from '../../../contract/incidents';
import { PATHS } from '../../../contract/paths';
import { requireUser } from '../../plugins/auth';
import { ok, page, writtenAsBuilt } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { countByCategory, countByStatus, listIncidents } from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema };
const body = DashboardFilterSchema.optional().default({});

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);

  r.post(PATHS.dashboardDataTables, {
    config: { permission: 'viewCase', answerCache: true, read: true },
    // built from typed rows: written as built (tests/server/answers-as-built.test.ts)
    serializerCompiler: writtenAsBuilt,
    schema: {
      tags: ['dashboard'],
      summary: "Incident list of the dashboard and the case search, scoped to the caller's region",
      description:
        'Tutup (210) and Batal (202) are left out unless searchAllStatus, or an incidentStatus / incidentStatusGroup that names them. ' +
        'dateStart/dateEnd are local (Asia/Brunei) dates, both inclusive. plateNumber matches plates that start with it (spaces ignored); ' +
        'kmSearch matches KM ± 0.5 when it is a number, else the kilometre text by prefix; ticketNumber matches exactly (any case; an exact ticket is found whatever its status), or by prefix when it ends with *. ' +
        'orderColumn: createdDate (default, newest first), incidentAt, ticketNumber, statusKes, section, jenisKes. ' +
        'recordCount counts up to 10,000 matches; recordCountCapped says there are more.',
      security: [{ bearerAuth: [] }],
      querystring: DataTablesQuerySchema,
      body,
      response: { 200: envelope(IncidentPageSchema), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount, recordCountCapped } = await listIncidents(ctx.db, requireUser(request), request.body ?? {}, request.query);
      const answer = page(rows, recordCount, request.query);
      return { ...answer, body: { ...answer.body, recordCountCapped } };
    },
  });

  r.post(PATHS.dashboardIncidentCount, {
    config: { permission: 'viewCase', answerCache: true, read: true },
    // built from typed rows: written as built (tests/server/answers-as-built.test.ts)
    serializerCompiler: writtenAsBuilt,
    schema: {
      tags: ['dashboard'],
      summary: 'Cases per event type (184–190) for the filter, without its own event type',
      security: [{ bearerAuth: [] }],
      body,
      response: { 200: envelope(IncidentItemsCountSchema), ...errors },
    },
    handler: async (request) => ok(await countByCategory(ctx.db, requireUser(request), request.body ?? {})),
  });

  r.post(PATHS.dashboardItemsCount, {
    config: { permission: 'viewCase', answerCache: true, read: true },
    // built from typed rows: written as built (tests/server/answers-as-built.test.ts)
    serializerCompiler: writtenAsBuilt,
    schema: {
      tags: ['dashboard'],
      summary: 'Cases per status group and status for the filter, without its own status choice',
      security: [{ bearerAuth: [] }],
      body,
      response: { 200: envelope(DashboardItemsCountSchema), ...errors },
    },
    handler: async (request) => ok(await countByStatus(ctx.db, requireUser(request), request.body ?? {})),
  });
}
