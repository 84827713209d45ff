/**
 * Calls of the fleet administration (issue #16; contract/fleet-rules.ts VEHICLE_PATHS, CALLSIGN_PATHS, ASSET_PATHS,
 * CHECKLIST_MASTER_PATHS; a vehicle's checklists from CHECKLIST_PATHS.dataTables). Reads with TanStack Query; writes
 * through the outbox (adminWrite): answered while the user waits, kept on the device when offline, thrown (with the
 * server's field) when refused.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ChangeEntity } from '@contract/admin-rules';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import { ASSET_PATHS, CALLSIGN_PATHS, CHECKLIST_MASTER_PATHS, VEHICLE_MODEL_PAGE_SIZE, VEHICLE_PATHS } from '@contract/fleet-rules';
import type {
  AssetFilter,
  AssetRow,
  AssetSave,
  CallSignFilter,
  CallSignOption,
  CallSignRow,
  CallSignSave,
  ChecklistMasterFilter,
  ChecklistMasterRow,
  ChecklistMasterSave,
  FleetDeleteResult,
  VehicleFilter,
  VehicleModelRow,
  VehicleModelSave,
  VehicleOption,
  VehicleRow,
  VehicleSave,
} from '@contract/fleet';
import { CHECKLIST_PATHS } from '@contract/checklist-rules';
import type { ChecklistFilter, ChecklistRow } from '@contract/checklist';
import { apiGet, dataTables } from '@/lib/api';
import { adminWrite, downloadCsv } from '@/ui/admin/admin-api';
import { historyKey } from '@/ui/admin/change-history';

/** Query keys: everything of the area under 'fleet', so one invalidation refreshes the screens. */
export const fleetKeys = {
  all: ['fleet'] as const,
  vehicles: ['fleet', 'vehicles'] as const,
  vehicle: (id: number) => ['fleet', 'vehicle', id] as const,
  callsigns: ['fleet', 'callsigns'] as const,
  callsignOptions: (kind: 'section' | 'vehicle', id: number) => ['fleet', 'callsign-options', kind, id] as const,
  models: ['fleet', 'models'] as const,
  assets: ['fleet', 'assets'] as const,
  asset: (id: number) => ['fleet', 'asset', id] as const,
  vehiclesOfSection: (sectionId: number) => ['fleet', 'vehicles-of-section', sectionId] as const,
  master: ['fleet', 'master'] as const,
  checklists: (vehicleId: number) => ['fleet', 'checklists', vehicleId] as const,
};

const page = <T>(path: string, filter: object, q: Partial<DataTablesQuery>) => dataTables<T>(path, filter, q) as Promise<DataTablesResult<T>>;

// ------------------------------------------------------------------------------------------------ reads

export const vehiclesCall = (filter: VehicleFilter, q: Partial<DataTablesQuery>) => page<VehicleRow>(VEHICLE_PATHS.dataTablesAllStatus, filter, q);
export const vehicleCall = (id: number) => apiGet<VehicleRow>(VEHICLE_PATHS.get(id));
export const vehiclesCsv = (filter: VehicleFilter, q: Partial<DataTablesQuery>) => downloadCsv(VEHICLE_PATHS.csv, filter, q, 'kenderaan.csv');
export const vehiclesOfSectionCall = (sectionId: number) => apiGet<VehicleOption[]>(VEHICLE_PATHS.bySection(sectionId));

export const modelsCall = (
  filter: { text?: string; isActive?: boolean },
  q: Partial<DataTablesQuery> = { start: 0, length: VEHICLE_MODEL_PAGE_SIZE, orderColumn: 'name', direction: 'asc' },
) => page<VehicleModelRow>(VEHICLE_PATHS.modelDataTables, filter, q);

export const callsignsCall = (filter: CallSignFilter, q: Partial<DataTablesQuery>) => page<CallSignRow>(CALLSIGN_PATHS.dataTables, filter, q);
export const notAssignedCall = (sectionId: number) => apiGet<CallSignOption[]>(CALLSIGN_PATHS.notAssigned(sectionId));
export const unAssignedCall = (vehicleId: number) => apiGet<CallSignOption[]>(CALLSIGN_PATHS.unAssigned(vehicleId));

export const assetsCall = (filter: AssetFilter, q: Partial<DataTablesQuery>) => page<AssetRow>(ASSET_PATHS.dataTables, filter, q);
export const assetCall = (id: number) => apiGet<AssetRow>(ASSET_PATHS.get(id));
export const assetsCsv = (filter: AssetFilter, q: Partial<DataTablesQuery>) => downloadCsv(ASSET_PATHS.csv, filter, q, 'aset.csv');

export const masterCall = (filter: ChecklistMasterFilter, q: Partial<DataTablesQuery>) =>
  page<ChecklistMasterRow>(CHECKLIST_MASTER_PATHS.dataTables, filter, q);

export const vehicleChecklistsCall = (filter: ChecklistFilter, q: Partial<DataTablesQuery>) =>
  page<ChecklistRow>(CHECKLIST_PATHS.dataTables, filter, q);

// ------------------------------------------------------------------------------------------------ writes

export const saveVehicleCall = (body: VehicleSave, label: string) =>
  adminWrite<VehicleRow>('admin.vehicle.save', label, VEHICLE_PATHS.save, body, body.pkVehicleId ? `vehicle:${body.pkVehicleId}` : undefined);
export const deleteVehicleCall = (id: number, label: string) =>
  adminWrite<FleetDeleteResult>('admin.vehicle.delete', label, VEHICLE_PATHS.delete, { pkVehicleId: id }, `vehicle:${id}`);
export const setVehicleActiveCall = (id: number, isActive: boolean, label: string) =>
  adminWrite<VehicleRow>('admin.vehicle.setActive', label, VEHICLE_PATHS.setActive, { pkVehicleId: id, isActive }, `vehicle:${id}`);
export const clearAttentionCall = (id: number, remark: string, label: string) =>
  adminWrite<VehicleRow>('admin.vehicle.clearAttention', label, VEHICLE_PATHS.clearAttention, { pkVehicleId: id, remark }, `vehicle:${id}`);

export const saveModelCall = (body: VehicleModelSave, label: string) =>
  adminWrite<VehicleModelRow>(
    'admin.vehicleModel.save',
    label,
    VEHICLE_PATHS.modelSave,
    body,
    body.pkVehicleModelId ? `vehicleModel:${body.pkVehicleModelId}` : undefined,
  );

export const saveCallsignCall = (body: CallSignSave, label: string) =>
  adminWrite<CallSignRow>('admin.callsign.save', label, CALLSIGN_PATHS.save, body, body.pkCallSignId ? `callsign:${body.pkCallSignId}` : undefined);
export const deleteCallsignCall = (id: number, label: string) =>
  adminWrite<FleetDeleteResult>('admin.callsign.delete', label, CALLSIGN_PATHS.delete, { pkCallSignId: id }, `callsign:${id}`);

export const saveAssetCall = (body: AssetSave, label: string) =>
  adminWrite<AssetRow>('admin.asset.save', label, ASSET_PATHS.save, body, body.pkAssetId ? `asset:${body.pkAssetId}` : undefined);
export const deleteAssetCall = (id: number, label: string) =>
  adminWrite<FleetDeleteResult>('admin.asset.delete', label, ASSET_PATHS.delete, { pkAssetId: id }, `asset:${id}`);

export const saveMasterCall = (body: ChecklistMasterSave, label: string) =>
  adminWrite<ChecklistMasterRow>(
    'admin.checklistMaster.save',
    label,
    CHECKLIST_MASTER_PATHS.save,
    body,
    body.pkAssetChecklistMasterId ? `checklistMaster:${body.pkAssetChecklistMasterId}` : undefined,
  );
export const deleteMasterCall = (id: number, label: string) =>
  adminWrite<FleetDeleteResult>(
    'admin.checklistMaster.delete',
    label,
    CHECKLIST_MASTER_PATHS.delete,
    { pkAssetChecklistMasterId: id },
    `checklistMaster:${id}`,
  );

/** After a write: the area's queries and, for one record, its change history. */
export async function refreshFleet(queryClient: QueryClient, record?: { entity: ChangeEntity; id: number }) {
  await queryClient.invalidateQueries({ queryKey: fleetKeys.all });
  if (record) await queryClient.invalidateQueries({ queryKey: historyKey(record.entity, record.id) });
}
