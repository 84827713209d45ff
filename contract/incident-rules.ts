/**
 * Incident rules of §4.2, §5, §6 and §9, written once for the PWA (which shows or hides buttons) and the server
 * (which enforces them). No zod here: the client imports this file at run time.
 */
import { ASSIST_TYPE, EVENT_TYPE, STATUS, type StatusId } from './lookups';

/** §9 limits, and the upload limits the server enforces on attachments. */
export const INCIDENT_LIMITS = {
  remarkMax: 500,
  justificationMax: 150,
  journalEntryMax: 2000,
  /** decoded image bytes accepted by document/saveFile */
  attachmentMaxBytes: 10 * 1024 * 1024,
  /** width × height accepted (a decompression-bomb guard) */
  attachmentMaxPixels: 40_000_000,
  /** the client scales to this longest side and re-encodes as JPEG (§5) */
  imageMaxSide: 900,
  kilometerMaxLength: 20,
  plateMaxLength: 20,
} as const;

export const ATTACHMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Kilometre must contain at least one digit (§5, hint 'Min 1 aksara bernombor'). */
export const hasDigit = (km: string) => /\d/.test(km);
/** Saving the edit form needs a numeric kilometre (§5): digits with an optional decimal part. */
export const isNumericKm = (km: string) => /^\s*\d+(?:[.,]\d+)?\s*$/.test(km);
export const parseKm = (km: string): number | null => (isNumericKm(km) ? Number(km.trim().replace(',', '.')) : null);

/** Subform kind by event type key 184–190 (§2.6), with the §7.3 path word and the returned id field (§3.4). */
export const SUBFORMS = {
  [EVENT_TYPE.ACCIDENT]: { kind: 'accident', path: 'incidentAccident', idField: 'pkIncidentAccidentId', route: '/accidentsubform' },
  [EVENT_TYPE.BREAKDOWN]: { kind: 'breakdown', path: 'incidentBreakdown', idField: 'pkIncidentBreakdownId', route: '/breakdownsubform' },
  [EVENT_TYPE.OBSTACLE]: { kind: 'obstacle', path: 'incidentObstacle', idField: 'pkIncidentObstacleId', route: '/objekhalangan' },
  [EVENT_TYPE.STRAY_ANIMAL]: { kind: 'strayAnimal', path: 'incidentStrayAnimal', idField: 'pkIncidentStrayAnimalId', route: '/haiwan' },
  [EVENT_TYPE.ROAD_CONDITION]: {
    kind: 'roadConditionHazard',
    path: 'incidentRoadConditionHazard',
    idField: 'pkIncidentRoadConditionHazardId',
    route: '/keadaanjalan',
  },
  [EVENT_TYPE.ROAD_FURNITURE]: {
    kind: 'roadFurniture',
    path: 'incidentRoadFurniture',
    idField: 'pkIncidentRoadFurnitureId',
    route: '/assetlebuhraya',
  },
  [EVENT_TYPE.OTHERS]: { kind: 'others', path: 'incidentOthers', idField: 'pkIncidentOthersId', route: '/lainlain' },
} as const;
export type EventTypeId = keyof typeof SUBFORMS;
export type SubformKind = (typeof SUBFORMS)[EventTypeId]['kind'];
export const EVENT_TYPE_IDS = Object.keys(SUBFORMS).map(Number) as EventTypeId[];
export const isEventTypeId = (n: number): n is EventTypeId => n in SUBFORMS;
export const subformByKind = (kind: string) => EVENT_TYPE_IDS.find((id) => SUBFORMS[id].kind === kind);

/** §3.13: the labels some screens show for the internal type names. */
export const INCIDENT_TYPE_LABELS: Record<string, string> = {
  INCIDENT_ROAD_FURNITURE: 'OBSTACLE',
  INCIDENT_BREAKDOWN: 'BREAKDOWN',
  INCIDENT_ACCIDENT: 'ACCIDENT',
  INCIDENT_OTHERS: 'OTHERS',
};

/** Status groups for the dashboard filter `incidentStatusGroup` and the counters. */
export const STATUS_GROUPS = {
  /** waiting for the patrol (or back with the TMC after a rejection) */
  BARU: [STATUS.ASSIGNED, STATUS.REJECTED],
  /** the patrol is working it */
  TINDAKAN: [STATUS.RECEIVED, STATUS.ARRIVED, STATUS.ASSISTANCE_DONE],
  /** done by the patrol, waiting for Tutup */
  SELESAI: [STATUS.CASE_DONE, STATUS.NEGATIVE],
  TUTUP: [STATUS.CLOSED],
  BATAL: [STATUS.CANCELLED],
} as const satisfies Record<string, readonly StatusId[]>;
export type StatusGroup = keyof typeof STATUS_GROUPS;
export const STATUS_GROUP_NAMES = Object.keys(STATUS_GROUPS) as StatusGroup[];
export const statusGroupOf = (status: number | null | undefined): StatusGroup | null =>
  STATUS_GROUP_NAMES.find((g) => (STATUS_GROUPS[g] as readonly number[]).includes(status ?? -1)) ?? null;

/**
 * The patrol's steps (issue #3): from which current statuses each may be written. 205 (Ditolak) clears the
 * assigned roster and sends the case back to the TMC for reassignment (a new 203).
 */
export const PATROL_STEPS: Record<number, readonly number[]> = {
  [STATUS.RECEIVED]: [STATUS.ASSIGNED],
  [STATUS.REJECTED]: [STATUS.ASSIGNED, STATUS.RECEIVED],
  [STATUS.ARRIVED]: [STATUS.ASSIGNED, STATUS.RECEIVED],
  [STATUS.ASSISTANCE_DONE]: [STATUS.ARRIVED],
  [STATUS.CASE_DONE]: [STATUS.RECEIVED, STATUS.ARRIVED, STATUS.ASSISTANCE_DONE],
  [STATUS.NEGATIVE]: [STATUS.RECEIVED, STATUS.ARRIVED],
};
export const PATROL_STEP_IDS = Object.keys(PATROL_STEPS).map(Number);
export const nextPatrolSteps = (current: number | null | undefined) => PATROL_STEP_IDS.filter((s) => PATROL_STEPS[s].includes(current ?? -1));

const isSuperadmin = (roleName: string) => roleName === 'SUPERADMIN';
const isFinal = (status: number | null | undefined) => status === STATUS.CLOSED || status === STATUS.CANCELLED;

/**
 * §6 Kemaskini: a non-superadmin may edit only when the case is not Tutup and not cancelled (a 202 entry);
 * a superadmin's update applies to closed cases only (and may edit a cancelled one, §4.2).
 */
export function canEditCase(roleName: string, status: number | null | undefined, everCancelled = status === STATUS.CANCELLED): boolean {
  if (isSuperadmin(roleName)) return status === STATUS.CLOSED || everCancelled;
  return !isFinal(status) && !everCancelled;
}
/** A superadmin saving a closed case goes through the justification dialog; the change is a data-correction entry. */
export const needsCorrectionJustification = (roleName: string, status: number | null | undefined) =>
  isSuperadmin(roleName) && (status === STATUS.CLOSED || status === STATUS.CANCELLED);

/** §4.2 Tutup: shown when a 298 or 209 entry exists and the status is not yet Tutup (nor Batal). */
export const canCloseCase = (status: number | null | undefined, hasDoneEntry: boolean) => hasDoneEntry && !isFinal(status);
export const CLOSE_CONDITION_STATUSES: readonly number[] = [STATUS.CASE_DONE, STATUS.NEGATIVE];

/** §4.2 the cancel button is hidden when the status is Batal, Negative or Tutup. */
export const canCancelCase = (status: number | null | undefined) =>
  status !== STATUS.CANCELLED && status !== STATUS.NEGATIVE && status !== STATUS.CLOSED;

/** §4.2: 298 hides the Assign To selection. */
export const hidesAssignTo = (status: number | null | undefined) => status === STATUS.CASE_DONE;

/**
 * §6 attachment deletion by role id: 101, 103, 109, 110 any attachment; 102, 104, 105 only when statusImg is 0;
 * others none. SUPERADMIN (111, not in §6's list) is treated like the managers.
 */
export function canDeleteAttachment(roleId: number, statusImg: number): boolean {
  if ([101, 103, 109, 110, 111].includes(roleId)) return true;
  if ([102, 104, 105].includes(roleId)) return statusImg === 0;
  return false;
}

/** §6 journal read-status: 829 for TMC role names, 830 for PR ones, otherwise none. */
export function journalReadStatus(roleName: string): 829 | 830 | null {
  if (roleName.startsWith('TMC')) return 829;
  if (roleName === 'PR' || (roleName.startsWith('PR') && roleName !== 'PRIMEADMIN')) return 830;
  return null;
}

/** §4.6: 277 and 430 keep their items in lists; no further-action list is saved for them. */
export const ASSIST_WITH_LIST: readonly number[] = [ASSIST_TYPE.OTHER, ASSIST_TYPE.EXISTING];

/**
 * Incident lists count their matches up to this many (recordCount), so a list over every case of every year stays
 * fast; past it the answer says recordCountCapped and the screen shows "10,000+".
 */
export const LIST_COUNT_CAP = 10_000;

/** The search key of a plate number (involved_vehicle.plate_normalized): upper case, no spaces ('wxy 1234' → 'WXY1234'). */
export const normalizePlate = (plate: string) => plate.toUpperCase().replace(/\s+/g, '');

/** Ticket numbers: <section>-<yyyymmdd>-<nnnn>, unique per section and local date (e.g. N9-20261122-0007). */
export const TICKET_PATTERN = /^[A-Z0-9+]{1,12}-\d{8}-\d{4,}$/;

/** §7.3: a kilometre within 100 m of a marker of the section is a match. */
export const KM_MARKER_BOUND = 0.1;

/**
 * The marker nearest to `km` within `bound` km among markers grouped by section ([km, latitude, longitude] rows),
 * as the server's kilometre check finds it; the device uses it offline with its copy of the markers.
 */
export function nearestKmMarker(
  groups: readonly { sectionId: number; sectionName: string; markers: readonly (readonly [number, number, number])[] }[],
  km: number,
  bound = KM_MARKER_BOUND,
): { sectionId: number; sectionName: string; km: number; latitude: number; longitude: number } | null {
  let best: { sectionId: number; sectionName: string; km: number; latitude: number; longitude: number; d: number } | null = null;
  for (const g of groups) {
    for (const [mk, lat, lng] of g.markers) {
      const d = Math.abs(mk - km);
      if (d <= bound + 1e-4 && (!best || d < best.d))
        best = { sectionId: g.sectionId, sectionName: g.sectionName, km: Math.round(mk * 10) / 10, latitude: lat, longitude: lng, d };
    }
  }
  if (!best) return null;
  const { d: _d, ...m } = best;
  return m;
}
