/**
 * The child lists' constants (issue #5) without zod: the PWA imports these at run time (contract/child-lists.ts
 * holds the schemas, which only the server and the tests load).
 */
import { FUTURE_ALLOWANCE_MS } from './date-rules';

/** The child lists in the order a subform saves them; the path word of each (§7.3). */
export const CHILD_LISTS = [
  'involvedVehicle',
  'collisionList',
  'roadLaneSelection',
  'requestFurtherActionList',
  'roadFurnitureList',
  'roadLaneClosureList',
  'trafficJam',
  'injuryType',
] as const;
export type ChildList = (typeof CHILD_LISTS)[number];

/** The id field of each list's rows (what save updates by and delete takes). */
export const CHILD_ID_FIELD = {
  involvedVehicle: 'pkInvolvedVehicleId',
  collisionList: 'pkCollisionListId',
  roadLaneSelection: 'pkRoadLaneSelectionId',
  requestFurtherActionList: 'pkRequestFurtherActionListId',
  roadFurnitureList: 'pkRoadFurnitureListId',
  roadLaneClosureList: 'pkRoadLaneClosureId',
  trafficJam: 'pkTrafficJamId',
  injuryType: 'pkInjuryTypeId',
} as const satisfies Record<ChildList, string>;

/** Limits the server enforces (and the editors mirror). */
export const CHILD_LIMITS = {
  /** items per list per subform */
  maxItems: 100,
  plateMaxLength: 20,
  brandMaxLength: 60,
  /** §5: the traffic-jam length keeps its first 4 characters */
  jamDistanceMaxLength: 4,
  /** a count of people (injuries) */
  injuryCountMax: 999,
  /** an asset-damage count (2 decimals) */
  assetCountMax: 99_999.99,
  /** how far ahead of the server clock a "no later than now" time may be (device clocks drift; contract/date-rules.ts) */
  clockSkewMs: FUTURE_ALLOWANCE_MS,
} as const;

export const FURTHER_ACTION_KINDS = ['OTHER', 'EXISTING'] as const;
export type FurtherActionKind = (typeof FURTHER_ACTION_KINDS)[number];

/** Which child lists each subform kind has (§2.9–2.15); Lampiran Media (attachmentList) belongs to all. */
export const CHILD_LISTS_OF_KIND = {
  accident: [
    'collisionList',
    'injuryType',
    'involvedVehicle',
    'roadLaneSelection',
    'requestFurtherActionList',
    'roadFurnitureList',
    'roadLaneClosureList',
    'trafficJam',
  ],
  breakdown: ['involvedVehicle', 'roadLaneSelection', 'requestFurtherActionList'],
  obstacle: ['roadLaneSelection', 'requestFurtherActionList'],
  strayAnimal: ['roadLaneSelection', 'requestFurtherActionList'],
  roadConditionHazard: ['roadLaneSelection', 'requestFurtherActionList'],
  roadFurniture: ['roadFurnitureList', 'requestFurtherActionList'],
  others: ['requestFurtherActionList', 'roadLaneClosureList'],
} as const satisfies Record<string, readonly ChildList[]>;
