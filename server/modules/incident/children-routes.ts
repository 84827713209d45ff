/**
 * Routes of the child lists of a subform (§7.3; contract/child-lists.ts): for each list of CHILD_LISTS,
 * `<list>/save`, `<list>/dataTables` and `<list>/delete`; and the editors' own lookups: highwaysectionid/get
 * (Bahagian Lebuhraya with colours), roadFurniture/getAll and roadFurniture/dataTables (the highway assets), which
 * any signed-in user may read and which answer an ETag (plugins/etag.ts) for the PWA's offline copy.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CHILD_LISTS,
  CHILD_ROW_SCHEMAS,
  CHILD_SAVE_SCHEMAS,
  ChildListFilterSchema,
  HighwaySectionItemSchema,
  RoadFurnitureSchema,
  type ChildList,
  type ChildSaves,
} from '../../../contract/child-lists';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema } from '../../../contract/envelope';
import { IdsSchema } from '../../../contract/incidents';
import { PAGE_SIZE } from '../../../contract/lookups';
import { PATHS } from '../../../contract/paths';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { ok, page, writtenAsBuilt } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { CHILD_LIST_LABEL, deleteChildren, highwaySectionItems, listChildren, roadFurnitureItems, saveChild } from './children';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };
const security = [{ bearerAuth: [] }];
/** §9: subform child lists page by 100. */
const ChildQuerySchema = DataTablesQuerySchema.extend({ length: z.coerce.number().int().min(1).max(1000).default(100) });
/** §9: lookups page by 1000. */
const LookupQuerySchema = DataTablesQuerySchema.extend({ length: z.coerce.number().int().min(1).max(5000).default(PAGE_SIZE.lookups) });

export async function childListRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;

  for (const list of CHILD_LISTS) {
    const tags = ['incident-child-list'];
    const label = CHILD_LIST_LABEL[list];
    r.post(PATHS.childSave(list), {
      config: { permission: 'editSubform' },
      schema: {
        tags,
        summary: `Save one ${list} item of a subform (new without its id field, else an update of that row)`,
        security,
        body: CHILD_SAVE_SCHEMAS[list],
        response: { 200: envelope(CHILD_ROW_SCHEMAS[list]), ...errors },
      },
      handler: (request, reply) =>
        idempotent(db, request, reply, async (db) =>
          ok(await saveChild(db, requireUser(request), list, request.body as ChildSaves[ChildList]), `${label} berjaya disimpan.`),
        ),
    });
    r.post(PATHS.childDataTables(list), {
      config: { permission: 'viewCase', read: true },
      serializerCompiler: writtenAsBuilt,
      schema: {
        tags,
        summary: `The ${list} items of a subform, in creation order (100 a page)`,
        security,
        querystring: ChildQuerySchema,
        body: ChildListFilterSchema,
        response: { 200: envelope(dataTablesBody(CHILD_ROW_SCHEMAS[list])), ...errors },
      },
      handler: async (request) => {
        const { rows, recordCount } = await listChildren(db, requireUser(request), list, request.body.incidentSubFormId, request.query);
        return page(rows, recordCount, request.query);
      },
    });
    r.post(PATHS.childDelete(list), {
      config: { permission: 'editSubform' },
      schema: {
        tags,
        summary: `Delete ${list} items (array of ids; soft delete, all or nothing)`,
        security,
        body: IdsSchema,
        response: { 200: envelope(z.array(z.number().int())), ...errors },
      },
      handler: (request, reply) =>
        idempotent(db, request, reply, async (db) =>
          ok(await deleteChildren(db, requireUser(request), list, request.body), `${label} berjaya dipadam.`),
        ),
    });
  }

  // ---------------------------------------------------------------- the editors' lookups (any signed-in user)
  r.get(PATHS.highwaySections, {
    config: { etag: true },
    schema: {
      tags: ['lookup'],
      summary: 'Bahagian Lebuhraya: the active roadLanes items in display order, each with its colour',
      security,
      response: { 200: envelope(z.array(HighwaySectionItemSchema)), 401: ErrorEnvelopeSchema },
    },
    handler: async () => ok(await highwaySectionItems(db)),
  });

  r.get(PATHS.roadFurnitureAll, {
    config: { etag: true },
    schema: {
      tags: ['lookup'],
      summary: 'The highway assets a damage is recorded against, with their usual unit (unitMeasurement key)',
      security,
      response: { 200: envelope(z.array(RoadFurnitureSchema)), 401: ErrorEnvelopeSchema },
    },
    handler: async () => ok(await roadFurnitureItems(db, { activeOnly: true })),
  });

  r.post(PATHS.roadFurnitureDataTables, {
    config: { etag: true },
    schema: {
      tags: ['lookup'],
      summary: 'The highway assets, paged (1000 a page)',
      security,
      querystring: LookupQuerySchema,
      response: { 200: envelope(dataTablesBody(RoadFurnitureSchema)), 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema },
    },
    handler: async (request) => {
      const all = await roadFurnitureItems(db, { activeOnly: true });
      const q = request.query;
      const ordered = q.direction === 'desc' ? [...all].reverse() : all;
      return page(ordered.slice(q.start, q.start + q.length), all.length, q);
    },
  });
}
