/**
 * The URLs of the fleet screens (issue #16): the admin kit's paging and sort plus each list's filters, parsed by
 * plain code (no zod in route files); anything malformed is dropped. /managevehicle keeps its tab in the URL too.
 */
import { flagParam, idParam, parseListSearch, statusParam, textParam, withFilters, type ActiveStatus, type ListSearch } from '@/ui/admin/list-search';

export const VEHICLE_TABS = ['kenderaan', 'callsign', 'model'] as const;
export type VehicleTab = (typeof VEHICLE_TABS)[number];

export interface ManageVehicleSearch extends ListSearch {
  /** absent: 'kenderaan' */
  tab?: VehicleTab;
  q?: string;
  regionId?: number;
  sectionId?: number;
  /** a vehicle type (the model's) */
  type?: string;
  status?: ActiveStatus;
  /** only the vehicles that need attention */
  attention?: true;
  /** the Callsign tab: only those no active vehicle carries */
  free?: true;
}

export function parseManageVehicleSearch(raw: Record<string, unknown>): ManageVehicleSearch {
  const tab = VEHICLE_TABS.find((t) => t === raw.tab && t !== 'kenderaan');
  return withFilters<ManageVehicleSearch>(parseListSearch(raw), {
    tab,
    q: textParam(raw.q),
    regionId: idParam(raw.regionId),
    sectionId: idParam(raw.sectionId),
    type: textParam(raw.type, 50),
    status: statusParam(raw.status),
    attention: flagParam(raw.attention),
    free: flagParam(raw.free),
  });
}

export interface AssetListSearch extends ListSearch {
  q?: string;
  sectionId?: number;
  /** assetCategory key */
  category?: number;
  vehicleId?: number;
  status?: ActiveStatus;
}

export function parseAssetListSearch(raw: Record<string, unknown>): AssetListSearch {
  return withFilters<AssetListSearch>(parseListSearch(raw), {
    q: textParam(raw.q),
    sectionId: idParam(raw.sectionId),
    category: idParam(raw.category),
    vehicleId: idParam(raw.vehicleId),
    status: statusParam(raw.status),
  });
}

export interface MasterListSearch extends ListSearch {
  q?: string;
  category?: number;
  status?: ActiveStatus;
}

export function parseMasterListSearch(raw: Record<string, unknown>): MasterListSearch {
  return withFilters<MasterListSearch>(parseListSearch(raw), {
    q: textParam(raw.q),
    category: idParam(raw.category),
    status: statusParam(raw.status),
  });
}

/** A route parameter that must be a positive id ('abc', '0' → undefined: the screen says not found). */
export const fleetIdParam = (raw: string): number | undefined => (/^\d{1,9}$/.test(raw) ? idParam(raw) : undefined);
