/**
 * Maps and live patrol positions (issue #7; spec §2.8, §3.3, §3.12, §7.5 rondaGps / nearestActivePR, §7.8 bigMaps
 * and findPRVehicle). Server-side validation; the PWA imports types only (constants: contract/map-rules.ts).
 */
import { z } from 'zod';
import { dataTablesBody } from './envelope';
import { POSITION_BATCH_MAX } from './map-rules';
import { instant, withRange } from './dates';

const id = z.number().int().positive();
const lat = z.number().min(-90, 'Latitud mesti antara -90 dan 90').max(90, 'Latitud mesti antara -90 dan 90');
const lng = z.number().min(-180, 'Longitud mesti antara -180 dan 180').max(180, 'Longitud mesti antara -180 dan 180');

// ---------------------------------------------------------------- positions (rondaGps)

/** One fix of a patrol tablet (Geolocation watchPosition). */
export const PositionFixSchema = z.object({
  latitude: lat,
  longitude: lng,
  /** when the tablet took the fix (ISO instant with zone); not in the future (5 min allowance) */
  recordedAt: instant,
  /** metres (GeolocationCoordinates.accuracy) */
  accuracy: z.number().min(0).max(100_000).nullable().optional(),
  /** degrees from north, 0–360 */
  heading: z.number().min(0).max(360).nullable().optional(),
  /** m/s */
  speed: z.number().min(0).max(150).nullable().optional(),
});
export type PositionFix = z.infer<typeof PositionFixSchema>;

/** POST rondaGps/save: fixes of one roster in the order taken (a tablet back from offline sends them in order). */
export const RondaGpsSaveSchema = z.object({
  pkDutyRosterId: id,
  positions: z
    .array(PositionFixSchema)
    .min(1, 'Tiada kedudukan dihantar')
    .max(POSITION_BATCH_MAX, `Maksimum ${POSITION_BATCH_MAX} kedudukan setiap penghantaran`),
});
export type RondaGpsSave = z.infer<typeof RondaGpsSaveSchema>;

/** §3.12 live vehicle position "LOC": latitude, longitude, lastSeen, direction, kmmarker, section. */
export const VehicleLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** ISO instant of the fix */
  lastSeen: z.string(),
  /** carriageway, cardinalDirection lookup label ('Arah Utara' …), null when not on the mainline or not known */
  direction: z.string().nullable(),
  /** cardinalDirection lookup key (1201 …) */
  directionId: z.number().int().nullable(),
  /** kilometre of the nearest GPS marker (1 decimal) */
  kmmarker: z.number().nullable(),
  /** section name of that marker (N9 …) */
  section: z.string().nullable(),
  sectionId: z.number().int().nullable(),
  /** metres from that marker; > MAINLINE_BOUND_METRES means off the mainline */
  offsetMetres: z.number().nullable(),
  /** where the position came from: the patrol's own tablet or the external tracking service */
  source: z.enum(['tablet', 'oncore']),
});
export type VehicleLocation = z.infer<typeof VehicleLocationSchema>;

export const RondaGpsSaveResultSchema = z.object({
  pkDutyRosterId: z.number().int(),
  accepted: z.number().int(),
  /** the roster's latest position after this batch */
  latest: VehicleLocationSchema,
});
export type RondaGpsSaveResult = z.infer<typeof RondaGpsSaveResultSchema>;

/** POST rondaGps/dataTables: a roster's position history (newest first unless ordered); `to` not before `from`. */
export const RondaGpsFilterSchema = withRange(
  z.object({
    pkDutyRosterId: id,
    from: instant.optional(),
    to: instant.optional(),
  }),
  'from',
  'to',
);
export type RondaGpsFilter = z.infer<typeof RondaGpsFilterSchema>;
export const RondaGpsRowSchema = z.object({
  pkRondaGpsId: z.number().int(),
  pkDutyRosterId: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  recordedAt: z.string(),
  receivedAt: z.string(),
  kmmarker: z.number().nullable(),
  section: z.string().nullable(),
  directionId: z.number().int().nullable(),
  offsetMetres: z.number().nullable(),
  speed: z.number().nullable(),
  heading: z.number().nullable(),
});
export type RondaGpsRow = z.infer<typeof RondaGpsRowSchema>;
export const RondaGpsPageSchema = dataTablesBody(RondaGpsRowSchema);

/**
 * GET llugps/get/{rosterId} (§7.4 "llugps get/{id}"): the roster's timeline of this shift for the §2.18 widget:
 * its periods off the mainline (type 'LLU History', with the place) and its case steps, newest first.
 */
export const TimelineEntrySchema = z.object({
  /** ISO instant */
  time: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** e.g. "650 m dari KM 12.3 (N9)" or a place name */
  location: z.string().nullable(),
  type: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

// ---------------------------------------------------------------- vehicle lookup (§7.8 internal/integration)

/** GET internal/integration/findPRVehicle/{plate}: 404 'Oncore service not available' when no position exists. */
export const FindPrVehicleSchema = z.object({
  plateNumber: z.string(),
  LOC: VehicleLocationSchema,
});
export type FindPrVehicle = z.infer<typeof FindPrVehicleSchema>;
export const FindPrVehiclesRequestSchema = z.object({
  plateNumbers: z.array(z.string().trim().min(1).max(20)).min(1).max(300),
});
/** one row per plate asked; LOC null when no position is known for it */
export const FindPrVehiclesRowSchema = z.object({ plateNumber: z.string(), LOC: VehicleLocationSchema.nullable() });

// ---------------------------------------------------------------- incident map (§7.8 bigMaps)

export const BigMapsRequestSchema = z.object({
  regionId: id.optional(),
  sectionId: id.optional(),
});
export type BigMapsRequest = z.infer<typeof BigMapsRequestSchema>;

/** §3.3 map incident, plus the keys the map styles by. Closed (Tutup) and cancelled cases are not listed. */
export const MapIncidentSchema = z.object({
  incidentId: z.number().int(),
  subformId: z.number().int().nullable(),
  ticketNumber: z.string(),
  /** incident category label (ACCIDENT …) */
  type: z.string(),
  /** event type key 184–190 */
  incidentCategoryId: z.number().int(),
  section: z.string(),
  chainage: z.string(),
  direction: z.string().nullable(),
  /** label; 'Tiada Status' when none */
  incidentStatus: z.string(),
  incidentStatusId: z.number().int().nullable(),
  /** dd-mm-yyyy and HH:mm (map times drop seconds, §9), Asia/Brunei */
  incidentDate: z.string(),
  incidentTime: z.string(),
  latitude: z.number().nullable(),
  longtitude: z.number().nullable(),
  pkDutyRosterId: z.number().int().nullable(),
});
export type MapIncident = z.infer<typeof MapIncidentSchema>;

/** §3.12 duty roster on the map, with its live position. */
export const MapRosterSchema = z.object({
  pkDutyRosterId: z.number().int(),
  dutyRosterName: z.string(),
  /** 'Bebas' / 'Sibuk' (on an open case) */
  status: z.string(),
  busy: z.boolean(),
  startHour: z.string(),
  endHour: z.string(),
  /** the ends of the roster's beat: first and last event location of its section */
  pointAName: z.string().nullable(),
  pointBName: z.string().nullable(),
  plateNumber: z.string().nullable(),
  callSign: z.string().nullable(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  /** [lat, lng] of the live position; null when none */
  latlng: z.tuple([z.number(), z.number()]).nullable(),
  location: VehicleLocationSchema.nullable(),
  positionAgeSeconds: z.number().int().nullable(),
  stale: z.boolean(),
  members: z.array(z.object({ pkStaffId: z.number().int(), displayName: z.string(), position: z.string() })),
});
export type MapRoster = z.infer<typeof MapRosterSchema>;

export const BigMapsSchema = z.object({
  incidents: z.array(MapIncidentSchema),
  activePR: z.array(MapRosterSchema),
  /** server time of the answer (ISO), for the ages shown */
  serverTime: z.string(),
});
export type BigMaps = z.infer<typeof BigMapsSchema>;

// ---------------------------------------------------------------- highway network (offline basemap fallback)

/** GET section/network: every listed section's alignment, to draw the highway when no tile can be had (ETag). */
export const SectionNetworkRowSchema = z.object({
  sectionId: z.number().int(),
  sectionName: z.string(),
  regionId: z.number().int(),
  highwayId: z.number().int(),
  /** [lng, lat][] along increasing kilometre */
  alignment: z.array(z.tuple([z.number(), z.number()])),
  kmStart: z.number().nullable(),
  kmEnd: z.number().nullable(),
});
export type SectionNetworkRow = z.infer<typeof SectionNetworkRowSchema>;
