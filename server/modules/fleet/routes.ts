import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  ASSET_PATHS,
  AssetFilterSchema,
  AssetIdSchema,
  AssetRowSchema,
  AssetSaveSchema,
  CALLSIGN_PATHS,
  CallSignDetailsQuerySchema,
  CallSignFilterSchema,
  CallSignIdSchema,
  CallSignOptionSchema,
  CallSignRowSchema,
  CallSignSaveSchema,
  CHECKLIST_MASTER_PATHS,
  ChecklistMasterFilterSchema,
  ChecklistMasterIdSchema,
  ChecklistMasterRowSchema,
  ChecklistMasterSaveSchema,
  FLEET_MESSAGES,
  FleetDeleteResultSchema,
  VEHICLE_MODEL_PAGE_SIZE,
  VEHICLE_PAGE_SIZE,
  VEHICLE_PATHS,
  VehicleClearAttentionSchema,
  VehicleFilterSchema,
  VehicleIdSchema,
  VehicleModelFilterSchema,
  VehicleModelRowSchema,
  VehicleModelSaveSchema,
  VehicleOptionSchema,
  VehicleRowSchema,
  VehicleSaveSchema,
  VehicleSetActiveSchema,
} from '../../../contract/fleet';
import { registerHistoryAccess } from '../../lib/change-log';
import { typed, type AppContext } from '../../lib/context';
import { csvDisposition } from '../../lib/data-table';
import { notFound } from '../../lib/http-error';
import { ok, page } from '../../lib/reply';
import { localDate } from '../../lib/time';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { assetInScope, callSignInScope, vehicleInScope } from './access';
import { assetsCsv, deleteAsset, getAsset, listAssets, saveAsset } from './assets';
import { callSignDetails, callSignsForVehicle, callSignsNotAssigned, deleteCallSign, getCallSign, listCallSigns, saveCallSign } from './callsigns';
import { deleteChecklistMaster, findChecklistMaster, listChecklistMaster, saveChecklistMaster } from './checklist-master';
import { listVehicleModels, modelRow, saveVehicleModel } from './models';
import {
  clearVehicleAttention,
  deleteVehicle,
  getVehicle,
  listVehicles,
  saveVehicle,
  setVehicleActive,
  vehiclesBySection,
  vehiclesCsv,
} from './vehicles';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const writeErrors = { ...errors, 409: ErrorEnvelopeSchema };

/** §9: 5,000 vehicles a page, 3,000 models; the other fleet lists 500 unless the caller asks otherwise. */
const VehicleListQuerySchema = DataTablesQuerySchema.extend({
  length: z.coerce.number().int().min(1).max(VEHICLE_PAGE_SIZE).default(VEHICLE_PAGE_SIZE),
});
const ModelListQuerySchema = DataTablesQuerySchema.extend({ length: z.coerce.number().int().min(1).max(5000).default(VEHICLE_MODEL_PAGE_SIZE) });
const FleetListQuerySchema = DataTablesQuerySchema.extend({ length: z.coerce.number().int().min(1).max(5000).default(500) });
const CsvQuerySchema = DataTablesQuerySchema.pick({ orderColumn: true, direction: true }).partial();

const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', csvDisposition(name, localDate()))
    .header('Cache-Control', 'no-store')
    .send(csv);

/**
 * Fleet and equipment (issue #16; §7.6): vehicles, vehicle models, call signs, assets and the checklist master.
 * Reads are 'readOrg', writes 'fleetManage'. Vehicles, call signs and assets are limited to the caller's region scope
 * (server/modules/fleet/access.ts); models and the checklist master are national.
 */
export async function fleetRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { security: [{ bearerAuth: [] }] };

  registerHistoryAccess('vehicle', async (db, user, id) => {
    await vehicleInScope(db, user, id);
  });
  registerHistoryAccess('callsign', async (db, user, id) => {
    await callSignInScope(db, user, id);
  });
  registerHistoryAccess('asset', async (db, user, id) => {
    await assetInScope(db, user, id);
  });
  registerHistoryAccess('vehicleModel', async (db, _user, id) => {
    await modelRow(db, id);
  });
  registerHistoryAccess('checklistMaster', async (db, _user, id) => {
    if (!(await findChecklistMaster(db, id))) throw notFound(FLEET_MESSAGES.masterNotFound);
  });

  // ---------------------------------------------------------------------------------------------- vehicles

  const vehicleTags = { ...common, tags: ['vehicle'] };

  r.post(VEHICLE_PATHS.dataTables, {
    config: { permission: 'readOrg' },
    // a page of up to 5,000 rows whose every field comes out of one json_build_object (vehicles.ts): written as it
    // is, not checked field by field against the schema on every call (as dutyRosterView/dataTables; the bench times
    // it against its own SQL); the schema still documents the answer and tests/server/fleet.test.ts parses answers
    serializerCompiler: () => (data) => JSON.stringify(data),
    schema: {
      ...vehicleTags,
      summary: 'Active vehicles of the caller’s region scope (5,000 a page, §9), with checklist, roster and asset counts',
      querystring: VehicleListQuerySchema,
      body: VehicleFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(VehicleRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listVehicles(db, requireUser(request), request.body ?? {}, request.query, { activeOnly: true });
      return page(rows, recordCount, request.query);
    },
  });

  r.post(VEHICLE_PATHS.dataTablesAllStatus, {
    config: { permission: 'readOrg' },
    // a page of up to 5,000 rows whose every field comes out of one json_build_object (vehicles.ts): written as it
    // is, not checked field by field against the schema on every call (as dutyRosterView/dataTables; the bench times
    // it against its own SQL); the schema still documents the answer and tests/server/fleet.test.ts parses answers
    serializerCompiler: () => (data) => JSON.stringify(data),
    schema: {
      ...vehicleTags,
      summary: 'Vehicles of every status (§4.7), the filter’s isActive choosing one',
      querystring: VehicleListQuerySchema,
      body: VehicleFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(VehicleRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listVehicles(db, requireUser(request), request.body ?? {}, request.query, { activeOnly: false });
      return page(rows, recordCount, request.query);
    },
  });

  r.post(VEHICLE_PATHS.csv, {
    config: { permission: 'readOrg' },
    schema: {
      ...vehicleTags,
      summary: 'The filtered vehicles of every status as CSV (UTF-8 with BOM)',
      querystring: CsvQuerySchema,
      body: VehicleFilterSchema.optional().default({}),
      response: errors,
    },
    handler: async (request, reply) => {
      const csv = await vehiclesCsv(db, requireUser(request), request.body ?? {}, { direction: 'asc', ...request.query });
      return sendCsv(reply as FastifyReply, 'kenderaan', csv);
    },
  });

  r.get(VEHICLE_PATHS.getPattern, {
    config: { permission: 'readOrg' },
    schema: {
      ...vehicleTags,
      summary: 'One vehicle (its list row)',
      params: IdParamSchema,
      response: { 200: envelope(VehicleRowSchema), ...errors },
    },
    handler: async (request) => ok(await getVehicle(db, requireUser(request), request.params.id)),
  });

  r.get(VEHICLE_PATHS.bySectionPattern, {
    config: { permission: 'readOrg' },
    schema: {
      ...vehicleTags,
      summary: 'The active vehicles of a section as options, with “needs attention”',
      params: IdParamSchema,
      response: { 200: envelope(z.array(VehicleOptionSchema)), ...errors },
    },
    handler: async (request) => ok(await vehiclesBySection(db, requireUser(request), request.params.id)),
  });

  r.post(VEHICLE_PATHS.save, {
    config: { permission: 'fleetManage' },
    schema: {
      ...vehicleTags,
      summary:
        'Create or edit a vehicle: plate unique ignoring spaces, an active model, a free call sign of its section; an edit sends its version (409 when stale)',
      body: VehicleSaveSchema,
      response: { 200: envelope(VehicleRowSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveVehicle(db, requireUser(request), request.body), FLEET_MESSAGES.vehicleSaved)),
  });

  r.post(VEHICLE_PATHS.delete, {
    config: { permission: 'fleetManage' },
    schema: {
      ...vehicleTags,
      summary: 'Delete a vehicle; one with rosters, team schedules, checklists or assets is deactivated instead',
      body: VehicleIdSchema,
      response: { 200: envelope(FleetDeleteResultSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const result = await deleteVehicle(db, requireUser(request), request.body.pkVehicleId);
        return ok(result, result.outcome === 'deleted' ? FLEET_MESSAGES.vehicleDeleted : FLEET_MESSAGES.vehicleDeactivated);
      }),
  });

  r.post(VEHICLE_PATHS.setActive, {
    config: { permission: 'fleetManage' },
    schema: {
      ...vehicleTags,
      summary: 'Activate or deactivate a vehicle (409 when its call sign is now carried by another active vehicle)',
      body: VehicleSetActiveSchema,
      response: { 200: envelope(VehicleRowSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const row = await setVehicleActive(db, requireUser(request), request.body.pkVehicleId, request.body.isActive);
        return ok(row, row.isActive ? FLEET_MESSAGES.vehicleActivated : FLEET_MESSAGES.vehicleDeactivatedToggle);
      }),
  });

  r.post(VEHICLE_PATHS.clearAttention, {
    config: { permission: 'fleetManage' },
    schema: {
      ...vehicleTags,
      summary: 'Clear a vehicle’s “needs attention” with the action taken (400 when it is not set)',
      body: VehicleClearAttentionSchema,
      response: { 200: envelope(VehicleRowSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) =>
        ok(await clearVehicleAttention(db, requireUser(request), request.body.pkVehicleId, request.body.remark), FLEET_MESSAGES.attentionCleared),
      ),
  });

  r.post(VEHICLE_PATHS.modelDataTables, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      tags: ['vehicleModel'],
      summary: 'Vehicle models (3,000 a page, §9) with their vehicle count',
      querystring: ModelListQuerySchema,
      body: VehicleModelFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(VehicleModelRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listVehicleModels(db, request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(VEHICLE_PATHS.modelSave, {
    config: { permission: 'fleetManage' },
    schema: {
      ...common,
      tags: ['vehicleModel'],
      summary: 'Create or edit a vehicle model (name unique ignoring case); its vehicles take the new name and type',
      body: VehicleModelSaveSchema,
      response: { 200: envelope(VehicleModelRowSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) =>
        ok(await saveVehicleModel(db, requireUser(request), request.body), 'Model kenderaan telah berjaya disimpan.'),
      ),
  });

  // ---------------------------------------------------------------------------------------------- call signs

  const callSignTags = { ...common, tags: ['callsign'] };

  r.post(CALLSIGN_PATHS.dataTables, {
    config: { permission: 'readOrg' },
    schema: {
      ...callSignTags,
      summary: 'Call signs of the caller’s region scope with the active vehicle carrying each',
      querystring: FleetListQuerySchema,
      body: CallSignFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(CallSignRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listCallSigns(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(CALLSIGN_PATHS.getDetails, {
    config: { permission: 'readOrg' },
    schema: {
      ...callSignTags,
      summary: 'One call sign by its name (§7.8), with the vehicle carrying it',
      body: CallSignDetailsQuerySchema,
      response: { 200: envelope(CallSignRowSchema), ...errors },
    },
    handler: async (request) => ok(await callSignDetails(db, requireUser(request), request.body.callsign)),
  });

  r.get(CALLSIGN_PATHS.getPattern, {
    config: { permission: 'readOrg' },
    schema: { ...callSignTags, summary: 'One call sign', params: IdParamSchema, response: { 200: envelope(CallSignRowSchema), ...errors } },
    handler: async (request) => ok(await getCallSign(db, requireUser(request), request.params.id)),
  });

  r.post(CALLSIGN_PATHS.save, {
    config: { permission: 'fleetManage' },
    schema: {
      ...callSignTags,
      summary: 'Create or edit a call sign (unique; its section is locked while a vehicle refers to it)',
      body: CallSignSaveSchema,
      response: { 200: envelope(CallSignRowSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveCallSign(db, requireUser(request), request.body), FLEET_MESSAGES.callsignSaved)),
  });

  r.post(CALLSIGN_PATHS.delete, {
    config: { permission: 'fleetManage' },
    schema: {
      ...callSignTags,
      summary: 'Delete a call sign: 409 while an active vehicle carries it; deactivated when a vehicle refers to it',
      body: CallSignIdSchema,
      response: { 200: envelope(FleetDeleteResultSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const result = await deleteCallSign(db, requireUser(request), request.body.pkCallSignId);
        return ok(result, result.outcome === 'deleted' ? FLEET_MESSAGES.callsignDeleted : FLEET_MESSAGES.callsignDeactivated);
      }),
  });

  r.get(CALLSIGN_PATHS.notAssignedPattern, {
    config: { permission: 'readOrg' },
    schema: {
      ...callSignTags,
      summary: 'The section’s active call signs no active vehicle carries',
      params: IdParamSchema,
      response: { 200: envelope(z.array(CallSignOptionSchema)), ...errors },
    },
    handler: async (request) => ok(await callSignsNotAssigned(db, requireUser(request), request.params.id)),
  });

  r.get(CALLSIGN_PATHS.unAssignedPattern, {
    config: { permission: 'readOrg' },
    schema: {
      ...callSignTags,
      summary: 'The call signs a vehicle may carry: the free ones of its section and its own',
      params: IdParamSchema,
      response: { 200: envelope(z.array(CallSignOptionSchema)), ...errors },
    },
    handler: async (request) => ok(await callSignsForVehicle(db, requireUser(request), request.params.id)),
  });

  // ---------------------------------------------------------------------------------------------- assets

  const assetTags = { ...common, tags: ['asset'] };

  r.post(ASSET_PATHS.dataTables, {
    config: { permission: 'readOrg' },
    schema: {
      ...assetTags,
      summary: 'Assets of the caller’s region scope with the vehicle carrying each',
      querystring: FleetListQuerySchema,
      body: AssetFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(AssetRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listAssets(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(ASSET_PATHS.csv, {
    config: { permission: 'readOrg' },
    schema: {
      ...assetTags,
      summary: 'The filtered assets as CSV (UTF-8 with BOM)',
      querystring: CsvQuerySchema,
      body: AssetFilterSchema.optional().default({}),
      response: errors,
    },
    handler: async (request, reply) =>
      sendCsv(reply as FastifyReply, 'aset', await assetsCsv(db, requireUser(request), request.body ?? {}, { direction: 'asc', ...request.query })),
  });

  r.get(ASSET_PATHS.getPattern, {
    config: { permission: 'readOrg' },
    schema: { ...assetTags, summary: 'One asset', params: IdParamSchema, response: { 200: envelope(AssetRowSchema), ...errors } },
    handler: async (request) => ok(await getAsset(db, requireUser(request), request.params.id)),
  });

  r.post(ASSET_PATHS.save, {
    config: { permission: 'fleetManage' },
    schema: {
      ...assetTags,
      summary: 'Create or edit an asset: an assetCategory key, a unique tag, an active vehicle of the same section or none',
      body: AssetSaveSchema,
      response: { 200: envelope(AssetRowSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveAsset(db, requireUser(request), request.body), FLEET_MESSAGES.assetSaved)),
  });

  r.post(ASSET_PATHS.delete, {
    config: { permission: 'fleetManage' },
    schema: {
      ...assetTags,
      summary: 'Delete an asset; one assigned to a vehicle is deactivated instead',
      body: AssetIdSchema,
      response: { 200: envelope(FleetDeleteResultSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const result = await deleteAsset(db, requireUser(request), request.body.pkAssetId);
        return ok(result, result.outcome === 'deleted' ? FLEET_MESSAGES.assetDeleted : FLEET_MESSAGES.assetDeactivated);
      }),
  });

  // ---------------------------------------------------------------------------------------------- checklist master

  const masterTags = { ...common, tags: ['assetChecklistMaster'] };

  r.post(CHECKLIST_MASTER_PATHS.dataTables, {
    config: { permission: 'readOrg' },
    schema: {
      ...masterTags,
      summary: 'Checklist master items (by category, sort order, name) with how many checklist items counted each',
      querystring: FleetListQuerySchema,
      body: ChecklistMasterFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(ChecklistMasterRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listChecklistMaster(db, request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(CHECKLIST_MASTER_PATHS.save, {
    config: { permission: 'fleetManage' },
    schema: {
      ...masterTags,
      summary: 'Create or edit a checklist master item: an assetCategory key, a name unique among the category’s active items',
      body: ChecklistMasterSaveSchema,
      response: { 200: envelope(ChecklistMasterRowSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveChecklistMaster(db, requireUser(request), request.body), FLEET_MESSAGES.masterSaved)),
  });

  r.post(CHECKLIST_MASTER_PATHS.delete, {
    config: { permission: 'fleetManage' },
    schema: {
      ...masterTags,
      summary: 'Delete a checklist master item; one a checklist counted is deactivated instead',
      body: ChecklistMasterIdSchema,
      response: { 200: envelope(FleetDeleteResultSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const result = await deleteChecklistMaster(db, requireUser(request), request.body.pkAssetChecklistMasterId);
        return ok(result, result.outcome === 'deleted' ? FLEET_MESSAGES.masterDeleted : FLEET_MESSAGES.masterDeactivated);
      }),
  });
}
