import type { FastifyInstance } from 'fastify';
import { envelope, ErrorEnvelopeSchema } from '../../../contract/envelope';
import { KmLocationRequestSchema, KmLocationSchema, SectionKmMarkersSchema } from '../../../contract/incidents';
import { IdParamSchema } from '../../../contract/envelope';
import { z } from 'zod';
import { PATHS } from '../../../contract/paths';
import { requireUser, seesAllRegions } from '../../plugins/auth';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { ok } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { firstKmNumber, markersOf, markerSections, nearestMarker, sectionRef } from './queries';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
/** §7.3: a kilometre within 100 m of a marker of the section is a match unless the caller sends its own bound */
export const DEFAULT_KM_BOUND = 0.1;
export const OTHER_REGION_SECTION = 'Seksyen ini di luar wilayah anda.';

export async function gpsRoutes(app: FastifyInstance, ctx: AppContext) {
  typed(app).get(PATHS.kmMarkersBySectionPattern, {
    config: { permission: ['newCase', 'editCase', 'map', 'fieldReportWrite'], etag: true },
    schema: {
      tags: ['gps'],
      summary: 'Every 100 m marker of a section (its specific sections when combined): the kilometre check offline',
      security: [{ bearerAuth: [] }],
      params: IdParamSchema,
      response: { 200: envelope(z.array(SectionKmMarkersSchema)), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const sec = await sectionRef(ctx.db, request.params.id);
      if (!sec) throw notFound('Seksyen tidak dijumpai.');
      if (!seesAllRegions(user) && sec.regionId !== user.reg) throw forbidden(OTHER_REGION_SECTION);
      const parts = await markerSections(ctx.db, sec);
      const markers = await markersOf(
        ctx.db,
        parts.map((p) => p.id),
      );
      return ok(parts.map((p) => ({ sectionId: p.id, sectionName: p.name, markers: markers.get(p.id) ?? [] })));
    },
  });

  typed(app).post(PATHS.kmLocation, {
    config: { permission: ['newCase', 'editCase', 'map'], etag: true },
    schema: {
      tags: ['gps'],
      summary: 'Kilometre check (§5): the nearest GPS marker of the section within `bound` km; matched=false when none',
      security: [{ bearerAuth: [] }],
      body: KmLocationRequestSchema,
      response: { 200: envelope(KmLocationSchema), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const { sectionId, kmLocation, bound = DEFAULT_KM_BOUND } = request.body;
      const km = firstKmNumber(kmLocation);
      if (km === null) throw badRequest('Min 1 aksara bernombor', 'kmLocation');
      const sec = await sectionRef(ctx.db, sectionId);
      if (!sec) throw notFound('Seksyen tidak dijumpai.');
      if (!seesAllRegions(user) && sec.regionId !== user.reg) throw forbidden(OTHER_REGION_SECTION);
      const parts = await markerSections(ctx.db, sec);
      const marker = await nearestMarker(
        ctx.db,
        parts.map((p) => p.id),
        km,
        bound,
      );
      if (!marker) {
        return ok(
          { matched: false, latitude: null, longtitude: null, km: null, sectionId: sec.id, sectionName: sec.name },
          `KM ${km} tidak dijumpai dalam seksyen ${sec.name}.`,
        );
      }
      const on = parts.find((p) => p.id === marker.sectionId) ?? sec;
      return ok(
        { matched: true, latitude: marker.latitude, longtitude: marker.longitude, km: marker.km, sectionId: on.id, sectionName: on.name },
        `KM ${marker.km} dijumpai dalam seksyen ${on.name}.`,
      );
    },
  });
}
