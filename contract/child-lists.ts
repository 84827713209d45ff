/**
 * The child lists of a subform (§3.6, §7.3; issue #5): each has `save` (one item: new without its id, an update
 * with it), `dataTables` (filter body { incidentSubFormId }, rows of the Row schema) and `delete` (an array of ids).
 * Field names follow §3.6's server side, spelling included (pkObstacleObejctTypeId, platNumber, pkRoadlaneid).
 * Times travel as ISO 8601 instants (UTC); the client converts from and to Asia/Brunei local dates and times.
 *
 * The lookups the editors need besides §7.2's lists: highwaysectionid/get (Bahagian Lebuhraya: the parts of the
 * roadway, roadLanes keys with a colour) and roadFurniture/getAll (the highway assets a damage is recorded against,
 * with their usual unit).
 */
import { z } from 'zod';
import { LookupItemSchema } from './envelope';
import { FURTHER_ACTION_KINDS, CHILD_LIMITS, type ChildList } from './child-rules';
import { instant } from './dates';

export * from './child-rules';

const id = z.number().int().positive();
const subformId = id;
const Lookup = LookupItemSchema;

export const ChildListFilterSchema = z.object({ incidentSubFormId: id });
export type ChildListFilter = z.infer<typeof ChildListFilterSchema>;

// ---------------------------------------------------------------- involvedVehicle

export const InvolvedVehicleSaveSchema = z.object({
  pkInvolvedVehicleId: id.optional(),
  incidentSubFormId: subformId,
  pkIncidentVehicleTypeId: id,
  platNumber: z
    .string()
    .trim()
    .min(1, 'No. plat diperlukan')
    .max(CHILD_LIMITS.plateMaxLength, `No. plat maksimum ${CHILD_LIMITS.plateMaxLength} aksara`),
  brand: z.string().trim().max(CHILD_LIMITS.brandMaxLength).nullable().optional(),
});
export type InvolvedVehicleSave = z.infer<typeof InvolvedVehicleSaveSchema>;
export const InvolvedVehicleRowSchema = z.object({
  pkInvolvedVehicleId: z.number().int(),
  incidentSubFormId: z.number().int(),
  platNumber: z.string(),
  brand: z.string().nullable(),
  incidentVehicleType: Lookup.nullable(),
});
export type InvolvedVehicleRow = z.infer<typeof InvolvedVehicleRowSchema>;

// ---------------------------------------------------------------- collisionList (§2.9 Jenis Pelanggaran)

/** 265 asks the animal type; 266 and 267 the obstacle type; other types take neither. */
export const CollisionSaveSchema = z.object({
  pkCollisionListId: id.optional(),
  incidentSubFormId: subformId,
  pkCollisionTypeId: id,
  pkObstacleObejctTypeId: id.nullable().optional(),
  pkStrayAnimalTypeId: id.nullable().optional(),
});
export type CollisionSave = z.infer<typeof CollisionSaveSchema>;
export const CollisionRowSchema = z.object({
  pkCollisionListId: z.number().int(),
  incidentSubFormId: z.number().int(),
  collisionType: Lookup,
  obstacleObjectType: Lookup.nullable(),
  strayAnimalType: Lookup.nullable(),
});
export type CollisionRow = z.infer<typeof CollisionRowSchema>;

// ---------------------------------------------------------------- roadLaneSelection (Bahagian Lebuhraya)

export const RoadLaneSelectionSaveSchema = z.object({
  pkRoadLaneSelectionId: id.optional(),
  incidentSubFormId: subformId,
  pkRoadLaneId: id,
});
export type RoadLaneSelectionSave = z.infer<typeof RoadLaneSelectionSaveSchema>;
/** A Bahagian Lebuhraya item: a roadLanes key with its display colour (§3.6 highway section item). */
export const HighwaySectionItemSchema = LookupItemSchema.extend({ color: z.string() });
export type HighwaySectionItem = z.infer<typeof HighwaySectionItemSchema>;
export const RoadLaneSelectionRowSchema = z.object({
  pkRoadLaneSelectionId: z.number().int(),
  incidentSubFormId: z.number().int(),
  roadLane: HighwaySectionItemSchema,
});
export type RoadLaneSelectionRow = z.infer<typeof RoadLaneSelectionRowSchema>;

// ---------------------------------------------------------------- requestFurtherActionList (assistance items)

/**
 * An assistance item (§3.6, §4.6). pkFurtherActionId is a requestFurtherAction key (other assistance, radio 277) or
 * a bantuanSediaAda key (existing assistance, radio 430); the server tells them apart by the key's list.
 * Flags chain: arrived needs notified, completed needs arrived; a set flag's time may be null only for notified
 * (an item added straight as Ketibaan). Times in order where present.
 */
export const RequestFurtherActionSaveSchema = z.object({
  pkRequestFurtherActionListId: id.optional(),
  incidentSubFormId: subformId,
  pkFurtherActionId: id,
  isNotified: z.boolean(),
  isArrived: z.boolean(),
  isCompleted: z.boolean(),
  notifiedDateTime: instant.nullable(),
  arrivedDateTime: instant.nullable(),
  completedDateTime: instant.nullable(),
  recordCreatedDate: instant,
});
export type RequestFurtherActionSave = z.infer<typeof RequestFurtherActionSaveSchema>;
export const RequestFurtherActionRowSchema = z.object({
  pkRequestFurtherActionListId: z.number().int(),
  incidentSubFormId: z.number().int(),
  furtherAction: Lookup,
  /** OTHER: requestFurtherAction (277 editor); EXISTING: bantuanSediaAda (430 editor) */
  kind: z.enum(FURTHER_ACTION_KINDS),
  isNotified: z.boolean(),
  isArrived: z.boolean(),
  isCompleted: z.boolean(),
  notifiedDateTime: z.string().nullable(),
  arrivedDateTime: z.string().nullable(),
  completedDateTime: z.string().nullable(),
  recordCreatedDate: z.string(),
});
export type RequestFurtherActionRow = z.infer<typeof RequestFurtherActionRowSchema>;

// ---------------------------------------------------------------- roadFurnitureList (Kerosakan Aset)

export const RoadFurnitureListSaveSchema = z.object({
  pkRoadFurnitureListId: id.optional(),
  incidentSubFormId: subformId,
  pkRoadFurnitureId: id,
  pkRoadFurnitureConditionId: id,
  count: z
    .number()
    .min(0, 'Bilangan tidak boleh negatif')
    .max(CHILD_LIMITS.assetCountMax)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Bilangan maksimum 2 titik perpuluhan'),
  pkUnitUkuranId: id,
});
export type RoadFurnitureListSave = z.infer<typeof RoadFurnitureListSaveSchema>;
export const RoadFurnitureListRowSchema = z.object({
  pkRoadFurnitureListId: z.number().int(),
  incidentSubFormId: z.number().int(),
  roadFurniture: Lookup,
  roadFurnitureCondition: Lookup,
  count: z.number(),
  unitUkuran: Lookup,
});
export type RoadFurnitureListRow = z.infer<typeof RoadFurnitureListRowSchema>;
/** A highway asset (roadFurniture/getAll): a key with the unit its damage is usually counted in. */
export const RoadFurnitureSchema = LookupItemSchema.extend({ pkUnitUkuranId: z.number().int().nullable() });
export type RoadFurniture = z.infer<typeof RoadFurnitureSchema>;

// ---------------------------------------------------------------- roadLaneClosureList (Penutupan Lorong)

/** Masa Tutup (initialClosingTime) no later than now; Masa Buka (openingTime) null while the lane is closed, else not before Masa Tutup. */
export const RoadLaneClosureSaveSchema = z.object({
  pkRoadLaneClosureId: id.optional(),
  incidentSubFormId: subformId,
  pkRoadlaneid: id,
  pkCardinalDirectionId: id,
  initialClosingTime: instant,
  openingTime: instant.nullable(),
});
export type RoadLaneClosureSave = z.infer<typeof RoadLaneClosureSaveSchema>;
export const RoadLaneClosureRowSchema = z.object({
  pkRoadLaneClosureId: z.number().int(),
  incidentSubFormId: z.number().int(),
  roadLane: Lookup,
  cardinalDirection: Lookup,
  initialClosingTime: z.string(),
  openingTime: z.string().nullable(),
});
export type RoadLaneClosureRow = z.infer<typeof RoadLaneClosureRowSchema>;

// ---------------------------------------------------------------- trafficJam (Kesesakan Jalan; one per subform)

/**
 * distance: the length in km as typed, at most 4 characters ('12.5'). duration: seconds from start to end, which
 * the server computes when both exist (a sent duration must match). A start or end with a null part is null (§5).
 */
export const TrafficJamSaveSchema = z.object({
  pkTrafficJamId: id.optional(),
  incidentSubFormId: subformId,
  distance: z
    .string()
    .trim()
    .min(1, 'Panjang kesesakan diperlukan')
    .max(CHILD_LIMITS.jamDistanceMaxLength, `Panjang maksimum ${CHILD_LIMITS.jamDistanceMaxLength} aksara`)
    .regex(/^\d+(\.\d*)?$|^\.\d+$/, 'Panjang mesti nombor (km), cth. 1.5'),
  duration: z.number().int().min(0).nullable().optional(),
  startTime: instant.nullable(),
  endTime: instant.nullable(),
});
export type TrafficJamSave = z.infer<typeof TrafficJamSaveSchema>;
export const TrafficJamRowSchema = z.object({
  pkTrafficJamId: z.number().int(),
  incidentSubFormId: z.number().int(),
  distance: z.string(),
  duration: z.number().int().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type TrafficJamRow = z.infer<typeof TrafficJamRowSchema>;

// ---------------------------------------------------------------- injuryType (Jenis Kecederaan)

/** pkCasualtyTypeId is an `injuries` key; count a whole number ≥ 0. */
export const InjuryTypeSaveSchema = z.object({
  pkInjuryTypeId: id.optional(),
  incidentSubFormId: subformId,
  pkCasualtyTypeId: id,
  pkRaceTypeId: id.nullable(),
  count: z.number().int('Bilangan mesti nombor bulat').min(0, 'Bilangan tidak boleh negatif').max(CHILD_LIMITS.injuryCountMax),
  pkGenderTypeId: id.nullable(),
});
export type InjuryTypeSave = z.infer<typeof InjuryTypeSaveSchema>;
export const InjuryTypeRowSchema = z.object({
  pkInjuryTypeId: z.number().int(),
  incidentSubFormId: z.number().int(),
  casualtyType: Lookup,
  race: Lookup.nullable(),
  gender: Lookup.nullable(),
  count: z.number().int(),
});
export type InjuryTypeRow = z.infer<typeof InjuryTypeRowSchema>;

// ---------------------------------------------------------------- per list

export const CHILD_SAVE_SCHEMAS = {
  involvedVehicle: InvolvedVehicleSaveSchema,
  collisionList: CollisionSaveSchema,
  roadLaneSelection: RoadLaneSelectionSaveSchema,
  requestFurtherActionList: RequestFurtherActionSaveSchema,
  roadFurnitureList: RoadFurnitureListSaveSchema,
  roadLaneClosureList: RoadLaneClosureSaveSchema,
  trafficJam: TrafficJamSaveSchema,
  injuryType: InjuryTypeSaveSchema,
} as const satisfies Record<ChildList, z.ZodTypeAny>;

export const CHILD_ROW_SCHEMAS = {
  involvedVehicle: InvolvedVehicleRowSchema,
  collisionList: CollisionRowSchema,
  roadLaneSelection: RoadLaneSelectionRowSchema,
  requestFurtherActionList: RequestFurtherActionRowSchema,
  roadFurnitureList: RoadFurnitureListRowSchema,
  roadLaneClosureList: RoadLaneClosureRowSchema,
  trafficJam: TrafficJamRowSchema,
  injuryType: InjuryTypeRowSchema,
} as const satisfies Record<ChildList, z.ZodTypeAny>;

export interface ChildRows {
  involvedVehicle: InvolvedVehicleRow;
  collisionList: CollisionRow;
  roadLaneSelection: RoadLaneSelectionRow;
  requestFurtherActionList: RequestFurtherActionRow;
  roadFurnitureList: RoadFurnitureListRow;
  roadLaneClosureList: RoadLaneClosureRow;
  trafficJam: TrafficJamRow;
  injuryType: InjuryTypeRow;
}
export interface ChildSaves {
  involvedVehicle: InvolvedVehicleSave;
  collisionList: CollisionSave;
  roadLaneSelection: RoadLaneSelectionSave;
  requestFurtherActionList: RequestFurtherActionSave;
  roadFurnitureList: RoadFurnitureListSave;
  roadLaneClosureList: RoadLaneClosureSave;
  trafficJam: TrafficJamSave;
  injuryType: InjuryTypeSave;
}
