import type { FastifyInstance } from 'fastify';
import { asc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import { PATHS } from '../../../contract/paths';
import { EventLocationSchema, SectionFilterSchema, SectionSchema } from '../../../contract/sections';
import { eventLocation } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { ok, page } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { findSections, sectionFamilyIds } from './queries';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

export async function sectionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);

  r.post(PATHS.sectionDataTables, {
    config: { etag: true },
    schema: {
      tags: ['section'],
      summary: 'Sections (filter by region; listed=true gives what forms list)',
      security: [{ bearerAuth: [] }],
      querystring: DataTablesQuerySchema,
      body: SectionFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(SectionSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await findSections(ctx.db, request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.get(PATHS.sectionGetPattern, {
    schema: {
      tags: ['section'],
      summary: 'One section with mapcenter and mapzoom',
      security: [{ bearerAuth: [] }],
      params: IdParamSchema,
      response: { 200: envelope(SectionSchema), ...errors },
    },
    handler: async (request) => {
      const { rows } = await findSections(ctx.db, { ids: [request.params.id] });
      if (!rows[0]) throw notFound('Seksyen tidak dijumpai.');
      return ok(rows[0]);
    },
  });

  r.get(PATHS.eventLocationsBySectionPattern, {
    config: { etag: true },
    schema: {
      tags: ['section'],
      summary: 'Event locations of a section (and of its specific sections when combined)',
      security: [{ bearerAuth: [] }],
      params: IdParamSchema,
      response: { 200: envelope(z.array(EventLocationSchema)), ...errors },
    },
    handler: async (request) => {
      const ids = await sectionFamilyIds(ctx.db, request.params.id);
      if (!ids.length) throw notFound('Seksyen tidak dijumpai.');
      const rows = await ctx.db
        .select()
        .from(eventLocation)
        .where(inArray(eventLocation.sectionId, ids))
        .orderBy(asc(eventLocation.km), asc(eventLocation.name));
      return ok(
        rows.map((e) => ({
          key: e.id,
          value: e.name,
          description: e.description,
          sectionId: e.sectionId,
          locationTypeId: e.locationTypeId,
          km: e.km,
        })),
      );
    },
  });
}
