import type { FastifyInstance } from 'fastify';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema } from '../../../contract/envelope';
import { PATHS } from '../../../contract/paths';
import { DutyRosterFilterSchema, DutyRosterRowSchema } from '../../../contract/sections';
import { requireUser, seesAllRegions } from '../../plugins/auth';
import { forbidden, notFound } from '../../lib/http-error';
import { page } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { findSections, sectionFamilyIds } from '../section/queries';
import { findRosters } from './queries';
import { now } from '../../lib/clock';
import { shiftDateAt } from '../../../contract/shift-time';
import { activePrRoutes } from './active-pr';
import { rosterRoutes } from './roster-routes';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

export async function dutyRosterRoutes(app: FastifyInstance, ctx: AppContext) {
  typed(app).post(PATHS.dutyRosterDataTables, {
    config: { permission: ['dashboard', 'rosterList'], etag: true },
    schema: {
      tags: ['dutyroster'],
      summary: "Duty rosters by date and section, scoped to the caller's region",
      security: [{ bearerAuth: [] }],
      querystring: DataTablesQuerySchema,
      body: DutyRosterFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(DutyRosterRowSchema)), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const filter = request.body ?? {};
      const all = seesAllRegions(user);
      // the server scopes by region itself; asking for another region is refused, not silently narrowed
      if (filter.regionId && !all && filter.regionId !== user.reg) throw forbidden('Anda hanya boleh melihat jadual tugas wilayah anda.');
      let sectionIds: number[] | undefined;
      if (filter.sectionId) {
        const { rows } = await findSections(ctx.db, { ids: [filter.sectionId] });
        if (!rows[0]) throw notFound('Seksyen tidak dijumpai.');
        if (!all && rows[0].regionId !== user.reg) throw forbidden('Anda hanya boleh melihat jadual tugas wilayah anda.');
        sectionIds = await sectionFamilyIds(ctx.db, filter.sectionId);
      }
      const regionId = all ? filter.regionId : user.reg;
      // the current shift (issue #29): the rosters covering now, and those of its shift date
      const at = filter.current ? now() : undefined;
      const date = at ? (filter.date ?? shiftDateAt(at)) : filter.date;
      const { rows, recordCount } = await findRosters(ctx.db, { date, coveringAt: at, sectionIds, regionId }, request.query, at);
      return page(rows, recordCount, request.query);
    },
  });

  await activePrRoutes(app, ctx);
  // one roster, the form, generation, the month and day views (issue #15)
  await rosterRoutes(app, ctx);
}
