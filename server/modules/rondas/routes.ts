import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  CheckpointFilterSchema,
  CheckpointReorderSchema,
  CheckpointRowSchema,
  CheckpointSaveSchema,
  IdListSchema,
  NEIGHBOUR_PAGE_SIZE,
  NeighbourFilterSchema,
  NeighbourRowSchema,
  RONDA_MESSAGES,
  RONDA_PAGE_SIZE,
  RONDA_PATHS,
  RondaDeleteResultSchema,
  RondaDetailSchema,
  RondaFilterSchema,
  RondaRowSchema,
  RondaSaveSchema,
  type CheckpointRow,
  type RondaRow,
} from '../../../contract/rondas';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { registerHistoryAccess } from '../../lib/change-log';
import { csvDisposition, toCsv, type CsvColumn } from '../../lib/data-table';
import { ok, page } from '../../lib/reply';
import { localDate } from '../../lib/time';
import { typed, type AppContext } from '../../lib/context';
import { listNeighbours } from './queries';
import {
  checkpointsForCsv,
  deleteCheckpoints,
  deleteRondas,
  getCheckpoint,
  getRonda,
  historyAccess,
  listCheckpoints,
  listRondas,
  reorderCheckpoint,
  rondasForCsv,
  saveCheckpoint,
  saveRonda,
} from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** §9: roster loops 50 a page, neighbouring sections 100 (the default when the client does not say). */
const RondaQuerySchema = DataTablesQuerySchema.extend({ length: z.coerce.number().int().min(1).max(5000).default(RONDA_PAGE_SIZE) });
const NeighbourQuerySchema = DataTablesQuerySchema.extend({ length: z.coerce.number().int().min(1).max(5000).default(NEIGHBOUR_PAGE_SIZE) });
const CsvQuerySchema = DataTablesQuerySchema.pick({ orderColumn: true, direction: true }).partial();

const RONDA_CSV: CsvColumn<RondaRow>[] = [
  { label: 'Nama Ronda', value: (r) => r.rondaName },
  { label: 'Wilayah', value: (r) => r.regionName },
  { label: 'Seksyen', value: (r) => r.sectionName },
  { label: 'Titik A', value: (r) => r.pointAName },
  { label: 'Titik B', value: (r) => r.pointBName },
  { label: 'KM Dari', value: (r) => r.kmFrom.toFixed(1) },
  { label: 'KM Hingga', value: (r) => r.kmTo.toFixed(1) },
  { label: 'Bilangan Pusat Semakan', value: (r) => r.checkpointCount },
  { label: 'Aktif', value: (r) => r.isActive },
];

const CHECKPOINT_CSV: CsvColumn<CheckpointRow>[] = [
  { label: 'Ronda', value: (r) => r.rondaName },
  { label: 'Seksyen', value: (r) => r.sectionName },
  { label: 'Susunan', value: (r) => r.seq },
  { label: 'Nama Pusat Semakan', value: (r) => r.checkpointName },
  { label: 'KM', value: (r) => r.km.toFixed(1) },
  { label: 'Arah', value: (r) => r.directionName },
  { label: 'Latitud', value: (r) => r.latitude.toFixed(6) },
  { label: 'Longitud', value: (r) => r.longitude.toFixed(6) },
];

const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', csvDisposition(name, localDate()))
    .header('Cache-Control', 'no-store')
    .send(csv);

/**
 * Rondas administration (issue #14 item 6; §7.5): rondaloop, rondaloopcheckpoints, neighboringSection. Reads need
 * readOrg, writes adminOrg; both are limited to the caller's region scope (service.ts).
 */
export async function rondasRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { tags: ['rondas'], security: [{ bearerAuth: [] }] };

  registerHistoryAccess('ronda', (db, user, id) => historyAccess(db, user, 'ronda', id));
  registerHistoryAccess('checkpoint', (db, user, id) => historyAccess(db, user, 'checkpoint', id));

  // ---------------------------------------------------------------------------------------------- rondaloop

  r.post(RONDA_PATHS.dataTables, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      summary: 'Rondas (patrol loops) of the caller’s region scope; filters section, region, active, search (50 a page)',
      querystring: RondaQuerySchema,
      body: RondaFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(RondaRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listRondas(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(RONDA_PATHS.csv, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      summary: 'The filtered rondas as CSV (UTF-8 with BOM)',
      querystring: CsvQuerySchema,
      body: RondaFilterSchema.optional().default({}),
      response: errors,
    },
    handler: async (request, reply) => {
      const rows = await rondasForCsv(db, requireUser(request), request.body ?? {}, { direction: 'asc', ...request.query });
      return sendCsv(reply as FastifyReply, 'ronda', toCsv(rows, RONDA_CSV));
    },
  });

  r.get(RONDA_PATHS.getPattern, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      summary: 'One ronda with its section’s KM range and alignment',
      params: IdParamSchema,
      response: { 200: envelope(RondaDetailSchema), ...errors },
    },
    handler: async (request) => ok(await getRonda(db, requireUser(request), request.params.id)),
  });

  r.post(RONDA_PATHS.save, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Create (no id) or update a ronda: section in scope, KM Dari and KM Hingga within the section’s range',
      body: RondaSaveSchema,
      response: { 200: envelope(RondaRowSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveRonda(db, requireUser(request), request.body), RONDA_MESSAGES.saved)),
  });

  r.post(RONDA_PATHS.delete, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Delete rondas (array of ids): one with checkpoints is deactivated instead, one without is deleted',
      body: IdListSchema,
      response: { 200: envelope(RondaDeleteResultSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await deleteRondas(db, requireUser(request), request.body), RONDA_MESSAGES.deleted)),
  });

  // ---------------------------------------------------------------------------------------------- rondaloopcheckpoints

  r.post(RONDA_PATHS.checkpointDataTables, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      summary: 'Checkpoints (by ronda, section, region or name), each ronda’s in their order (50 a page)',
      querystring: RondaQuerySchema,
      body: CheckpointFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(CheckpointRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listCheckpoints(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(RONDA_PATHS.checkpointCsv, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      summary: 'The filtered checkpoints as CSV (UTF-8 with BOM)',
      querystring: CsvQuerySchema,
      body: CheckpointFilterSchema.optional().default({}),
      response: errors,
    },
    handler: async (request, reply) => {
      const rows = await checkpointsForCsv(db, requireUser(request), request.body ?? {}, { direction: 'asc', ...request.query });
      return sendCsv(reply as FastifyReply, 'checkpoint', toCsv(rows, CHECKPOINT_CSV));
    },
  });

  r.get(RONDA_PATHS.checkpointGetPattern, {
    config: { permission: 'readOrg' },
    schema: { ...common, summary: 'One checkpoint', params: IdParamSchema, response: { 200: envelope(CheckpointRowSchema), ...errors } },
    handler: async (request) => ok(await getCheckpoint(db, requireUser(request), request.params.id)),
  });

  r.post(RONDA_PATHS.checkpointSave, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary:
        'Create (no id; last unless seq says where) or update a checkpoint (seq moves it). Refused (400) outside its ronda’s section: KM out of the section’s range or coordinates over 2 km from its alignment',
      body: CheckpointSaveSchema,
      response: { 200: envelope(CheckpointRowSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveCheckpoint(db, requireUser(request), request.body), RONDA_MESSAGES.checkpointSaved)),
  });

  r.post(RONDA_PATHS.checkpointReorder, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Move one checkpoint to place seq of its ronda; answers the ronda’s checkpoints in their new order',
      body: CheckpointReorderSchema,
      response: { 200: envelope(z.array(CheckpointRowSchema)), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) =>
        ok(await reorderCheckpoint(db, requireUser(request), request.body), RONDA_MESSAGES.checkpointMoved),
      ),
  });

  r.post(RONDA_PATHS.checkpointDelete, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Delete checkpoints (array of ids); the rest of each ronda is numbered again without gaps',
      body: IdListSchema,
      response: { 200: envelope(z.object({ deleted: z.array(z.number().int()) })), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) =>
        ok(await deleteCheckpoints(db, requireUser(request), request.body), RONDA_MESSAGES.checkpointDeleted),
      ),
  });

  // ---------------------------------------------------------------------------------------------- neighboringSection

  r.post(RONDA_PATHS.neighbourDataTables, {
    config: { permission: 'readOrg', etag: true },
    schema: {
      ...common,
      tags: ['section'],
      summary: 'Neighbouring section pairs, both directions (filter by section or region; 100 a page)',
      querystring: NeighbourQuerySchema,
      body: NeighbourFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(NeighbourRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listNeighbours(db, request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });
}
