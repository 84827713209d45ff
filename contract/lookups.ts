/**
 * Lookup lists of §7.2 (POST /rest/roster/lookup/{name}) and the special keys of §9.
 * Keys are one code table: a key is unique across every list, so 184 is always "accident".
 */
export const LOOKUP_NAMES = [
  'region',
  'locationType',
  'incidentSource',
  'incidentCategory',
  'cardinalDirection',
  'weatherConditionCode',
  'lightingCondition',
  'collisionType',
  'casualtyType',
  'highway',
  'incidentSeverity',
  'obstacleObjectType',
  'assistType',
  'requestFurtherAction',
  'bantuanSediaAda',
  'roadLanes',
  'incidentVehicleType',
  'breakdownCause',
  'roadConditionHazardType',
  'strayAnimalType',
  'roadFurnitureConditionType',
  'incidentOtherType',
  'assetCategory',
  'activityLogEvents',
  'jenisRoster',
  'injuries',
  'race',
  'unitMeasurement',
  'genderType',
  'shiftCategory',
  'dutyRosterRoles',
  // Not in §7.2's list but needed by every status display; see docs/incidents.md "Statuses".
  'incidentStatus',
] as const;
export type LookupName = (typeof LOOKUP_NAMES)[number];

/** Event types (incidentCategory keys) 184–190, §2.6. */
export const EVENT_TYPE = {
  ACCIDENT: 184,
  BREAKDOWN: 185,
  OBSTACLE: 186,
  STRAY_ANIMAL: 187,
  ROAD_CONDITION: 188,
  ROAD_FURNITURE: 189,
  OTHERS: 190,
} as const;

/**
 * Incident status ids. 202, 203, 205, 209, 210 and 298 are the spec's (§4.2, §9); 204, 206 and 207 are the patrol's
 * own steps, which the spec gives no ids (docs/incidents.md "Statuses").
 */
export const STATUS = {
  CANCELLED: 202, // Batal
  ASSIGNED: 203, // Tugasan Dihantar
  RECEIVED: 204, // Tugasan Diterima (patrol acknowledged)
  REJECTED: 205, // Ditolak (patrol rejected; clears the assigned roster, back to TMC)
  ARRIVED: 206, // Tiba di Lokasi
  ASSISTANCE_DONE: 207, // Selesai Bantuan
  NEGATIVE: 209, // Negative
  CLOSED: 210, // Tutup
  CASE_DONE: 298, // Selesai Kes
} as const;
export type StatusId = (typeof STATUS)[keyof typeof STATUS];

/** Hidden from the dashboard list (§4.2, §9). */
export const DASHBOARD_HIDDEN_STATUSES: readonly number[] = [STATUS.CLOSED, STATUS.CANCELLED];

export const COLLISION_TYPE = { ANIMAL: 265, OBSTACLE_A: 266, OBSTACLE_B: 267 } as const;
export const ASSIST_TYPE = { OTHER: 277, EXISTING: 430 } as const;
export const OTHER_CASE_WITH_LANE_CLOSURE = 491;
export const ACTIVITY_EVENT_END_OF_PATROL = 295;
export const READ_STATUS = { TMC: 829, PR: 830 } as const;

/** Broadcasts go to this region id (§6, §9). */
export const BROADCAST_REGION_ID = 27;

/** Page sizes of §9. */
export const PAGE_SIZE = {
  lookups: 1000,
  sections: 50,
  incidentAudit: 30,
  broadcasts: 8,
  alerts: 1000,
  prList: 100,
  mapIncidents: 3000,
} as const;

/** §9 timings. */
export const TIMING = {
  snackbarMs: 10_000,
  sectionCheckErrorMs: 10_000,
  refreshMs: 60_000,
  chunkLoadTimeoutMs: 120_000,
  vehicleLookupTimeoutMs: 30_000,
  printDelayMs: 5_000,
} as const;

/**
 * Lists drop sections whose name contains the letter G (§5). Section names are codes (N1, S5, N1+N2); the one
 * with a G is the control-centre pseudo-section, so the test is on the capital letter.
 */
export const isListedSectionName = (name: string) => !name.includes('G');
