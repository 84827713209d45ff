/**
 * Fleet and equipment schemas (issue #16): vehicles, vehicle models, call signs, assets and the checklist master.
 * Paths, constants, messages and the normalisers are in contract/fleet-rules.ts (zod-free).
 */
import { z } from 'zod';
import {
  ASSET_TAG_MAX,
  CALLSIGN_MAX,
  CALLSIGN_PATTERN,
  FLEET_MESSAGES,
  FLEET_NAME_MAX,
  FLEET_REMARK_MAX,
  normaliseCallSign,
  normalisePlate,
  normaliseTag,
  PLATE_MAX,
  PLATE_PATTERN,
  QUANTITY_MAX,
  UNIT_LABEL_MAX,
} from './fleet-rules';

export * from './fleet-rules';

const id = z.number().int().positive();
const remark = z
  .string()
  .trim()
  .max(FLEET_REMARK_MAX, FLEET_MESSAGES.remarkLong)
  .nullish()
  .transform((v) => (v ? v : null));

// ------------------------------------------------------------------------------------------------ vehicles

/** vehicle/save: no pkVehicleId → a new vehicle; with one → an edit carrying the `version` it read. */
export const VehicleSaveSchema = z.object({
  pkVehicleId: id.optional(),
  sectionId: z.number({ error: FLEET_MESSAGES.section }).int().positive(FLEET_MESSAGES.section),
  vehicleModelId: z.number({ error: FLEET_MESSAGES.model }).int().positive(FLEET_MESSAGES.model),
  /** a call sign of the same section, or none */
  callSignId: id.nullable().default(null),
  plateNumber: z
    .string({ error: FLEET_MESSAGES.plate })
    .transform(normalisePlate)
    .pipe(z.string().min(1, FLEET_MESSAGES.plate).max(PLATE_MAX, FLEET_MESSAGES.plateLong).regex(PLATE_PATTERN, FLEET_MESSAGES.plateFormat)),
  isActive: z.boolean().optional().default(true),
  /** an edit: the version the form showed (409 when someone saved since) */
  version: z.number().int().positive().optional(),
});
export type VehicleSave = z.input<typeof VehicleSaveSchema>;

/** §3.12 vehicle list row (No, region, section, vehicle type, callsign, plate, status) and what the screens add. */
export const VehicleRowSchema = z.object({
  pkVehicleId: z.number().int(),
  regionId: z.number().int(),
  regionName: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  vehicleModelId: z.number().int().nullable(),
  vehicleModel: z.string(),
  vehicleType: z.string(),
  callSignId: z.number().int().nullable(),
  callSign: z.string().nullable(),
  plateNumber: z.string(),
  isActive: z.boolean(),
  /** 'Aktif' / 'Tidak Aktif' */
  status: z.string(),
  needsAttention: z.boolean(),
  /** ISO instant */
  attentionSince: z.string().nullable(),
  attentionReason: z.string().nullable(),
  /** the highest odometer reading of its checklists (km) */
  lastOdometer: z.number().int().nullable(),
  /** ISO instant of its latest checklist */
  lastChecklistAt: z.string().nullable(),
  rosterCount: z.number().int(),
  checklistCount: z.number().int(),
  assetCount: z.number().int(),
  version: z.number().int(),
});
export type VehicleRow = z.infer<typeof VehicleRowSchema>;

export const VehicleFilterSchema = z.object({
  /** words of the plate, call sign or model */
  text: z.string().trim().max(100).optional(),
  regionId: id.optional(),
  sectionId: id.optional(),
  vehicleType: z.string().trim().max(50).optional(),
  /** dataTablesAllStatus only: one status */
  isActive: z.boolean().optional(),
  needsAttention: z.boolean().optional(),
});
export type VehicleFilter = z.infer<typeof VehicleFilterSchema>;

export const VehicleIdSchema = z.object({ pkVehicleId: id });
export const VehicleSetActiveSchema = z.object({ pkVehicleId: id, isActive: z.boolean() });
export const VehicleClearAttentionSchema = z.object({
  pkVehicleId: id,
  remark: z
    .string({ error: FLEET_MESSAGES.attentionRemark })
    .trim()
    .min(1, FLEET_MESSAGES.attentionRemark)
    .max(FLEET_REMARK_MAX, FLEET_MESSAGES.remarkLong),
});
export const FleetDeleteResultSchema = z.object({ id: z.number().int(), outcome: z.enum(['deleted', 'deactivated']) });
export type FleetDeleteResult = z.infer<typeof FleetDeleteResultSchema>;

/** vehicle/getBySectionId: an option of the roster form's vehicle choice. */
export const VehicleOptionSchema = z.object({
  key: z.number().int(),
  /** the plate number */
  value: z.string(),
  vehicleType: z.string(),
  vehicleModel: z.string(),
  callSign: z.string().nullable(),
  needsAttention: z.boolean(),
  attentionReason: z.string().nullable(),
});
export type VehicleOption = z.infer<typeof VehicleOptionSchema>;

// ------------------------------------------------------------------------------------------------ models

export const VehicleModelSaveSchema = z.object({
  pkVehicleModelId: id.optional(),
  name: z.string({ error: FLEET_MESSAGES.modelName }).trim().min(1, FLEET_MESSAGES.modelName).max(FLEET_NAME_MAX, FLEET_MESSAGES.nameLong),
  vehicleType: z.string({ error: FLEET_MESSAGES.modelType }).trim().min(1, FLEET_MESSAGES.modelType).max(50),
  isActive: z.boolean().optional().default(true),
});
export type VehicleModelSave = z.input<typeof VehicleModelSaveSchema>;

export const VehicleModelRowSchema = z.object({
  pkVehicleModelId: z.number().int(),
  name: z.string(),
  vehicleType: z.string(),
  isActive: z.boolean(),
  vehicleCount: z.number().int(),
});
export type VehicleModelRow = z.infer<typeof VehicleModelRowSchema>;

export const VehicleModelFilterSchema = z.object({ text: z.string().trim().max(100).optional(), isActive: z.boolean().optional() });
export type VehicleModelFilter = z.infer<typeof VehicleModelFilterSchema>;

// ------------------------------------------------------------------------------------------------ call signs

export const CallSignSaveSchema = z.object({
  pkCallSignId: id.optional(),
  sectionId: z.number({ error: FLEET_MESSAGES.section }).int().positive(FLEET_MESSAGES.section),
  callsign: z
    .string({ error: FLEET_MESSAGES.callsign })
    .transform(normaliseCallSign)
    .pipe(
      z
        .string()
        .min(1, FLEET_MESSAGES.callsign)
        .max(CALLSIGN_MAX, FLEET_MESSAGES.callsignLong)
        .regex(CALLSIGN_PATTERN, FLEET_MESSAGES.callsignFormat),
    ),
  isActive: z.boolean().optional().default(true),
});
export type CallSignSave = z.input<typeof CallSignSaveSchema>;

export const CallSignRowSchema = z.object({
  pkCallSignId: z.number().int(),
  callsign: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  regionId: z.number().int(),
  regionName: z.string(),
  isActive: z.boolean(),
  /** the active vehicle carrying it, if any */
  vehicleId: z.number().int().nullable(),
  plateNumber: z.string().nullable(),
});
export type CallSignRow = z.infer<typeof CallSignRowSchema>;

export const CallSignFilterSchema = z.object({
  text: z.string().trim().max(100).optional(),
  regionId: id.optional(),
  sectionId: id.optional(),
  isActive: z.boolean().optional(),
  /** true: only those no active vehicle carries; false: only those carried */
  unassigned: z.boolean().optional(),
});
export type CallSignFilter = z.infer<typeof CallSignFilterSchema>;

export const CallSignIdSchema = z.object({ pkCallSignId: id });
export const CallSignDetailsQuerySchema = z.object({
  callsign: z.string().trim().min(1, FLEET_MESSAGES.callsign).max(CALLSIGN_MAX).transform(normaliseCallSign),
});

/** notAssigned / unAssigned: call signs as options. */
export const CallSignOptionSchema = z.object({ key: z.number().int(), value: z.string() });
export type CallSignOption = z.infer<typeof CallSignOptionSchema>;

// ------------------------------------------------------------------------------------------------ assets

export const AssetSaveSchema = z.object({
  pkAssetId: id.optional(),
  sectionId: z.number({ error: FLEET_MESSAGES.section }).int().positive(FLEET_MESSAGES.section),
  /** assetCategory lookup key */
  assetCategoryId: z.number({ error: FLEET_MESSAGES.assetCategory }).int().positive(FLEET_MESSAGES.assetCategory),
  name: z.string({ error: FLEET_MESSAGES.assetName }).trim().min(1, FLEET_MESSAGES.assetName).max(FLEET_NAME_MAX, FLEET_MESSAGES.nameLong),
  tagNo: z
    .string({ error: FLEET_MESSAGES.assetTag })
    .transform(normaliseTag)
    .pipe(z.string().min(1, FLEET_MESSAGES.assetTag).max(ASSET_TAG_MAX, FLEET_MESSAGES.assetTagLong)),
  /** the vehicle (same section) that carries it, or none (in the store) */
  vehicleId: id.nullable().default(null),
  remark,
  isActive: z.boolean().optional().default(true),
});
export type AssetSave = z.input<typeof AssetSaveSchema>;

export const AssetRowSchema = z.object({
  pkAssetId: z.number().int(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  regionId: z.number().int(),
  regionName: z.string(),
  assetCategoryId: z.number().int(),
  assetCategoryName: z.string().nullable(),
  name: z.string(),
  tagNo: z.string(),
  vehicleId: z.number().int().nullable(),
  plateNumber: z.string().nullable(),
  callSign: z.string().nullable(),
  remark: z.string().nullable(),
  isActive: z.boolean(),
});
export type AssetRow = z.infer<typeof AssetRowSchema>;

export const AssetFilterSchema = z.object({
  text: z.string().trim().max(100).optional(),
  regionId: id.optional(),
  sectionId: id.optional(),
  assetCategoryId: id.optional(),
  vehicleId: id.optional(),
  isActive: z.boolean().optional(),
});
export type AssetFilter = z.infer<typeof AssetFilterSchema>;

export const AssetIdSchema = z.object({ pkAssetId: id });

// ------------------------------------------------------------------------------------------------ checklist master

export const ChecklistMasterSaveSchema = z
  .object({
    pkAssetChecklistMasterId: id.optional(),
    /** assetCategory lookup key */
    assetCategoryId: z.number({ error: FLEET_MESSAGES.assetCategory }).int().positive(FLEET_MESSAGES.assetCategory),
    name: z.string({ error: FLEET_MESSAGES.masterName }).trim().min(1, FLEET_MESSAGES.masterName).max(FLEET_NAME_MAX, FLEET_MESSAGES.nameLong),
    unitLabel: z.string({ error: FLEET_MESSAGES.masterUnit }).trim().min(1, FLEET_MESSAGES.masterUnit).max(UNIT_LABEL_MAX),
    isMeasurable: z.boolean(),
    defaultQuantity: z
      .number({ error: FLEET_MESSAGES.masterQuantity })
      .int(FLEET_MESSAGES.masterQuantity)
      .min(0, FLEET_MESSAGES.masterQuantity)
      .max(QUANTITY_MAX, FLEET_MESSAGES.masterQuantity),
    sortOrder: z.number().int().min(0).max(10_000).optional().default(0),
    isActive: z.boolean().optional().default(true),
  })
  .refine((v) => v.isMeasurable || v.defaultQuantity === 1, { path: ['defaultQuantity'], message: FLEET_MESSAGES.masterNotMeasurable });
export type ChecklistMasterSave = z.input<typeof ChecklistMasterSaveSchema>;

export const ChecklistMasterRowSchema = z.object({
  pkAssetChecklistMasterId: z.number().int(),
  assetCategoryId: z.number().int(),
  assetCategoryName: z.string().nullable(),
  name: z.string(),
  unitLabel: z.string(),
  isMeasurable: z.boolean(),
  defaultQuantity: z.number().int(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
  /** checklist items that counted it (a used item is deactivated, not deleted) */
  usedCount: z.number().int(),
});
export type ChecklistMasterRow = z.infer<typeof ChecklistMasterRowSchema>;

export const ChecklistMasterFilterSchema = z.object({
  text: z.string().trim().max(100).optional(),
  assetCategoryId: id.optional(),
  isActive: z.boolean().optional(),
});
export type ChecklistMasterFilter = z.infer<typeof ChecklistMasterFilterSchema>;

export const ChecklistMasterIdSchema = z.object({ pkAssetChecklistMasterId: id });
