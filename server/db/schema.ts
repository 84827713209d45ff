import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  real,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// drizzle's timestamp, read back exactly: years 0–99 are not taken for 2000–2099 (issue #20)
import { timestamp } from './timestamp';

/** One code table for every lookup list of §7.2: a key is unique across lists (184 is always "accident"). */
export const lookupItem = pgTable(
  'lookup_item',
  {
    key: integer('key').primaryKey(),
    category: text('category').notNull(),
    value: text('value').notNull(),
    /** the English name shown in English mode (issue #31); null: the Malay value stands in */
    valueEn: text('value_en'),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** display colour (#rrggbb) where a list has one: the Bahagian Lebuhraya items of roadLanes */
    color: text('color'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lookup_item_category_idx').on(t.category, t.sortOrder)],
);

/** The highway assets a damage is recorded against (roadFurniture/getAll), with the unit it is usually counted in. */
export const roadFurniture = pgTable(
  'road_furniture',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    /** unitMeasurement lookup key */
    defaultUnitId: integer('default_unit_id'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('road_furniture_sort_idx').on(t.sortOrder)],
);

export const region = pgTable('region', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  mapCenter: text('map_center').notNull(),
  mapZoom: real('map_zoom').notNull(),
});

export const highway = pgTable('highway', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const section = pgTable(
  'section',
  {
    id: integer('id').primaryKey(),
    /** the code shown everywhere: N1, S5, N1+N2 */
    name: text('name').notNull().unique(),
    description: text('description').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => region.id),
    highwayId: integer('highway_id')
      .notNull()
      .references(() => highway.id),
    isCombined: boolean('is_combined').notNull().default(false),
    /** set on N1 and N2 when they are worked as N1+N2 */
    combinedSectionId: integer('combined_section_id'),
    kmStart: real('km_start'),
    kmEnd: real('km_end'),
    mapCenter: text('map_center').notNull(),
    mapZoom: real('map_zoom').notNull(),
    /** alignment as [lng, lat][] along increasing kilometre */
    alignment: jsonb('alignment').$type<[number, number][]>(),
  },
  (t) => [index('section_region_idx').on(t.regionId), index('section_combined_idx').on(t.combinedSectionId)],
);

/** GPS kilometre markers every 100 m along each section's alignment. */
export const gpsKmMarker = pgTable(
  'gps_km_marker',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    km: real('km').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [uniqueIndex('gps_km_marker_section_km_idx').on(t.sectionId, t.km)],
);

/** Named places on a section: mainline, interchanges, toll plazas, R&R, laybys. */
export const eventLocation = pgTable(
  'event_location',
  {
    id: integer('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    name: text('name').notNull(),
    description: text('description'),
    /** lookup key of the locationType list */
    locationTypeId: integer('location_type_id'),
    km: real('km'),
  },
  (t) => [index('event_location_section_idx').on(t.sectionId)],
);

export const role = pgTable('role', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  label: text('label').notNull(),
  /** the label in English (issue #31); null: the Malay label stands in */
  labelEn: text('label_en'),
});

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    staffNo: text('staff_no').notNull().unique(),
    displayName: text('display_name').notNull(),
    /** position text; patrol staff have positions starting with PR (§4.4) */
    position: text('position').notNull(),
    nric: text('nric'),
    phone: text('phone'),
    email: text('email'),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    isActive: boolean('is_active').notNull().default(true),
    /** staff/createstaff form data (§7.1): the employing institution and the module the staff member works in */
    institutionId: integer('institution_id'),
    moduleId: integer('module_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_section_idx').on(t.sectionId), index('staff_display_name_idx').on(t.displayName)],
);

export const appUser = pgTable('app_user', {
  id: serial('id').primaryKey(),
  /** stored lower-case; sign-in is case-insensitive */
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  staffId: integer('staff_id')
    .notNull()
    .unique()
    .references(() => staff.id),
  roleId: integer('role_id')
    .notNull()
    .references(() => role.id),
  /** 0 means the password must be reset before anything else (§4.1) */
  resetPasswordCount: integer('reset_password_count').notNull().default(1),
  /** tokens issued before this instant are refused (sign-out, password change) */
  tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  authType: text('auth_type').notNull().default('LOCAL'),
  isActive: boolean('is_active').notNull().default(true),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const shift = pgTable('shift', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** the name in English (issue #31); null: the Malay name stands in */
  nameEn: text('name_en'),
  /** shiftCategory lookup key */
  categoryId: integer('category_id'),
  startHour: text('start_hour').notNull(),
  endHour: text('end_hour').notNull(),
  /** jenisRoster lookup key: the roster type the shift belongs to (namasyifid/getByJenisRosterId) */
  jenisRosterId: integer('jenis_roster_id'),
  isActive: boolean('is_active').notNull().default(true),
});

export const team = pgTable(
  'team',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('team_section_name_idx').on(t.sectionId, t.name)],
);

export const teamMember = pgTable(
  'team_member',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => team.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
  },
  (t) => [uniqueIndex('team_member_team_staff_idx').on(t.teamId, t.staffId), index('team_member_staff_idx').on(t.staffId)],
);

export const callSign = pgTable('call_sign', {
  id: serial('id').primaryKey(),
  sectionId: integer('section_id')
    .notNull()
    .references(() => section.id),
  callSign: text('call_sign').notNull().unique(),
  /** issue #16: a call sign used by a roster's vehicle is deactivated, never erased */
  isActive: boolean('is_active').notNull().default(true),
});

/** Vehicle models (§7.6 vehicleModel/dataTables, issue #16): a vehicle's model and type come from here. */
export const vehicleModel = pgTable(
  'vehicle_model',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 'Peronda', 'Tunda', … (the vehicle type shown on the vehicle list) */
    vehicleType: text('vehicle_type').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('vehicle_model_name_idx').on(sql`lower(${t.name})`)],
);

export const vehicle = pgTable(
  'vehicle',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    plateNumber: text('plate_number').notNull().unique(),
    vehicleModel: text('vehicle_model').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    callSignId: integer('call_sign_id').references(() => callSign.id),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * issue #16: the model (vehicleModel/dataTables); `vehicleModel` and `vehicleType` above are copied from it on
     * every save, so the readers of #3–#15 (rosters, maps, patrol lists) keep reading the vehicle row alone
     */
    vehicleModelId: integer('vehicle_model_id').references(() => vehicleModel.id),
    /** "needs attention": set when a checklist finds an item short or damaged, cleared by a manager */
    attentionSince: timestamp('attention_since', { withTimezone: true, mode: 'date' }),
    attentionReason: text('attention_reason'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('vehicle_section_idx').on(t.sectionId),
    // a call sign is carried by at most one active vehicle
    uniqueIndex('vehicle_active_call_sign_idx').on(t.callSignId).where(sql`${t.isActive} and ${t.callSignId} is not null`),
  ],
);

export const dutyRoster = pgTable(
  'duty_roster',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shift.id),
    teamId: integer('team_id')
      .notNull()
      .references(() => team.id),
    vehicleId: integer('vehicle_id').references(() => vehicle.id),
    dutyRosterName: text('duty_roster_name').notNull(),
    /** local (Asia/Brunei) calendar dates and hours of the shift */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    startHour: text('start_hour').notNull(),
    endHour: text('end_hour').notNull(),
    /** the shift's instants in UTC, for "on shift now" queries */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    remark: text('remark'),
    statusAlert: boolean('status_alert').notNull().default(false),
    /** jenisRoster lookup key (issue #15); the shift's own type when not given */
    jenisRosterId: integer('jenis_roster_id'),
    /** devicenoid/getAll: the patrol tablet the roster carries */
    deviceNoId: integer('device_no_id').references(() => deviceNo.id),
    /** hpnosection/getbySectionId: the section phone the roster carries */
    hpNoSectionId: integer('hp_no_section_id').references(() => hpNoSection.id),
    /** optimistic concurrency of roster edits (dutyroster/save sends the version it read) */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // ---- shift summary (§3.12 Summary; updateActivityLogSummary): computed by the server, minutes
    rondaCount: integer('ronda_count'),
    rehatMinutes: integer('rehat_minutes'),
    dluMinutes: integer('dlu_minutes'),
    lluMinutes: integer('llu_minutes'),
    inactiveGpsMinutes: integer('inactive_gps_minutes'),
    summaryAt: timestamp('summary_at', { withTimezone: true, mode: 'date' }),
    /** the summary's inputs (issue #31): activity-log entries and GPS fixes of the shift it was computed from (0 and 0: nothing) */
    summaryEntries: integer('summary_entries'),
    summaryFixes: integer('summary_fixes'),
    /** length of the roster's GPS track in the shift, metres (activity-log/summary.ts trackMetresOf): the vehicle's distance without an odometer reading */
    trackMetres: integer('track_metres'),
    // ---- acknowledgement of the end-of-duty report (§4.3; updateDutyRosterAck)
    isDisemak: boolean('is_disemak').notNull().default(false),
    acknowledgedBy: integer('acknowledged_by').references(() => staff.id),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    isDisahkan: boolean('is_disahkan').notNull().default(false),
    approvedBy: integer('approved_by').references(() => staff.id),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('duty_roster_team_shift_date_idx').on(t.teamId, t.shiftId, t.startDate),
    index('duty_roster_section_date_idx').on(t.sectionId, t.startDate),
    index('duty_roster_window_idx').on(t.startsAt, t.endsAt),
  ],
);

/** Which team works which shift on which days (roster generation source, §7.5 teamSchedule). */
export const teamSchedule = pgTable(
  'team_schedule',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => team.id),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shift.id),
    vehicleId: integer('vehicle_id').references(() => vehicle.id),
    /** the team works on days where (days since 2026-01-01) mod cycleDays is in workDays */
    cycleDays: integer('cycle_days').notNull(),
    workDays: jsonb('work_days').$type<number[]>().notNull(),
  },
  (t) => [index('team_schedule_team_idx').on(t.teamId)],
);

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** 'Siaran Portal' broadcasts (§3.9): sent by a control-centre staff member (pkRccId) to region 27. */
export const messageBroadcast = pgTable(
  'message_broadcast',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id').notNull(),
    senderStaffId: integer('sender_staff_id')
      .notNull()
      .references(() => staff.id),
    senderRoleName: text('sender_role_name').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('message_broadcast_region_created_idx').on(t.regionId, t.createdAt)],
);

/** Who has seen which broadcast (issue #6: "seen by N of M"); a row per broadcast and staff member. */
export const broadcastSeen = pgTable(
  'broadcast_seen',
  {
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => messageBroadcast.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.staffId] })],
);

/**
 * The TMC logsheet (§2.17, §3.10): one entry of the shift's record by a TMC staff member for a region, From → To
 * with remarks; editable until one day after creation (§4.7).
 */
export const tmcLogsheet = pgTable(
  'tmc_logsheet',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => region.id),
    fromAt: timestamp('from_at', { withTimezone: true, mode: 'date' }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true, mode: 'date' }).notNull(),
    remarks: text('remarks').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    modifiedByStaffId: integer('modified_by_staff_id').references(() => staff.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('tmc_logsheet_region_from_idx').on(t.regionId, t.fromAt), index('tmc_logsheet_created_idx').on(t.createdAt)],
);

/** Alert notifications (§3.9); raised by the server for real events, viewed 0 → 1 per recipient. */
export const alertNotification = pgTable(
  'alert_notification',
  {
    id: serial('id').primaryKey(),
    /** recipient; alerts are per user so one user's read mark does not hide it for others */
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id),
    viewed: integer('viewed').notNull().default(0),
    category: text('category').notNull(),
    description: text('description').notNull(),
    remark: text('remark'),
    sectionId: integer('section_id').references(() => section.id),
    incidentId: integer('incident_id'),
    dutyRosterId: integer('duty_roster_id').references(() => dutyRoster.id),
    /** the event an alert is for (e.g. 'unack:<incident>:<203 audit id>'): one alert per event and recipient */
    eventKey: text('event_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_notification_user_viewed_idx').on(t.userId, t.viewed, t.createdAt),
    uniqueIndex('alert_notification_event_user_idx').on(t.eventKey, t.userId),
  ],
);

/** Case notifications for the TMC bell (§3.9): one row per case with patrol activity, read flag per region. */
export const incidentNotification = pgTable(
  'incident_notification',
  {
    id: serial('id').primaryKey(),
    incidentId: integer('incident_id').notNull(),
    subformIncidentId: integer('subform_incident_id'),
    ticketNumber: text('ticket_number').notNull(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => region.id),
    incidentStatus: text('incident_status').notNull(),
    incidentAt: timestamp('incident_at', { withTimezone: true, mode: 'date' }).notNull(),
    read: boolean('read').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('incident_notification_region_read_idx').on(t.regionId, t.read, t.updatedAt),
    index('incident_notification_ticket_idx').on(t.ticketNumber),
  ],
);

// ------------------------------------------------------------------------------------------------ incidents (#3)

/** Status ids that keep a case off the dashboard (§4.2): written here as SQL once for the partial indexes. */
const OPEN_CASE = sql`status_id IS NULL OR status_id NOT IN (202, 210)`;

/** Next ticket number per section and local date (`N9-20261122-0007`), taken under a row lock. */
export const ticketCounter = pgTable(
  'ticket_counter',
  {
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    day: date('day', { mode: 'string' }).notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.day] })],
);

/** The incident main record (§3.1). Status and list times are kept here from the audit trail, for the lists. */
export const incident = pgTable(
  'incident',
  {
    id: serial('id').primaryKey(),
    ticketNumber: text('ticket_number').notNull().unique(),
    cipTicketNumber: text('cip_ticket_number'),
    mhroadsTicketNumber: text('mhroads_ticket_number'),
    /** the section as chosen (N1+N2 or a plain one) */
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    /** the specific section of a combined one (N1 of N1+N2) */
    specificSectionId: integer('specific_section_id').references(() => section.id),
    /** the section's region, kept for region-scoped lists */
    regionId: integer('region_id')
      .notNull()
      .references(() => region.id),
    highwayId: integer('highway_id')
      .notNull()
      .references(() => highway.id),
    eventLocationId: integer('event_location_id').references(() => eventLocation.id),
    /** lookup keys (lookup_item.key) */
    locationTypeId: integer('location_type_id'),
    sourceId: integer('source_id').notNull(),
    categoryId: integer('category_id').notNull(),
    severityId: integer('severity_id'),
    directionId: integer('direction_id').notNull(),
    weatherId: integer('weather_id'),
    lightingId: integer('lighting_id'),
    kilometerMarker: text('kilometer_marker').notNull(),
    /** the kilometre as a number when it is one (kmSearch) */
    km: real('km'),
    /** 'KM (section or specific section)' */
    chainage: text('chainage').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    dutyRosterId: integer('duty_roster_id').references(() => dutyRoster.id),
    /** latest status (incident_audit), null before the first */
    statusId: integer('status_id'),
    /** the live subform record */
    subformId: integer('subform_id'),
    incidentAt: timestamp('incident_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdByStaffId: integer('created_by_staff_id')
      .notNull()
      .references(() => staff.id),
    createdByUserId: integer('created_by_user_id').references(() => appUser.id),
    /** list times of §3.2: dihantar, diterima, tiba, selesaiBantuan, selesaiKes (latest of each) */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true, mode: 'date' }),
    assistanceDoneAt: timestamp('assistance_done_at', { withTimezone: true, mode: 'date' }),
    caseDoneAt: timestamp('case_done_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** a 298 or 209 entry exists (Tutup allowed, §4.2) */
    hasDoneEntry: boolean('has_done_entry').notNull().default(false),
    /** a 202 entry exists (only superadmin edits, §4.2) */
    everCancelled: boolean('ever_cancelled').notNull().default(false),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('incident_region_at_idx').on(t.regionId, t.incidentAt.desc(), t.id.desc()),
    index('incident_section_at_idx').on(t.sectionId, t.incidentAt.desc(), t.id.desc()),
    index('incident_specific_section_at_idx').on(t.specificSectionId, t.incidentAt.desc()),
    index('incident_at_idx').on(t.incidentAt.desc(), t.id.desc()),
    index('incident_open_region_at_idx').on(t.regionId, t.incidentAt.desc(), t.id.desc()).where(OPEN_CASE),
    index('incident_open_at_idx').on(t.incidentAt.desc(), t.id.desc()).where(OPEN_CASE),
    index('incident_status_at_idx').on(t.statusId, t.incidentAt.desc()),
    index('incident_roster_open_idx').on(t.dutyRosterId).where(OPEN_CASE),
    // list filters that can span every year (dashboard/case search on 1,000,000 cases): event type, KM, a patrol's
    // own cases of every status
    index('incident_category_at_idx').on(t.categoryId, t.incidentAt.desc(), t.id.desc()),
    index('incident_km_idx').on(t.km),
    index('incident_roster_idx').on(t.dutyRosterId),
    // the reports' secondary crashes (#17): the cases of one highway in the two hours before an accident
    index('incident_highway_at_idx').on(t.highwayId, t.incidentAt),
  ],
);

/**
 * The seven subform records of §3.4 in one table: a subform id is unique across types, which routes such as
 * /insiden/{incidentId}/{subformId} and the journal links rely on. One live record per incident (deletedAt null).
 */
export const incidentSubform = pgTable(
  'incident_subform',
  {
    id: serial('id').primaryKey(),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incident.id),
    /** event type 184–190 */
    typeId: integer('type_id').notNull(),
    casualTypeId: integer('casual_type_id'),
    assistTypeId: integer('assist_type_id'),
    naFlagTrafficJam: boolean('na_flag_traffic_jam').notNull().default(false),
    naFlagLaneClosure: boolean('na_flag_lane_closure').notNull().default(false),
    naFlagRoadFurniture: boolean('na_flag_road_furniture').notNull().default(false),
    breakdownCauseId: integer('breakdown_cause_id'),
    obstacleObjectTypeId: integer('obstacle_object_type_id'),
    strayAnimalTypeId: integer('stray_animal_type_id'),
    moveToSafety: boolean('move_to_safety'),
    hazardTypeId: integer('hazard_type_id'),
    othersTypeId: integer('others_type_id'),
    /** upper case, at most 500 characters (§5) */
    remark: text('remark').notNull().default(''),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('incident_subform_incident_idx').on(t.incidentId),
    uniqueIndex('incident_subform_live_idx').on(t.incidentId).where(sql`deleted_at IS NULL`),
  ],
);

/** Audit trail (§3.7): every status change. */
export const incidentAudit = pgTable(
  'incident_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incident.id),
    statusId: integer('status_id').notNull(),
    assignerStaffId: integer('assigner_staff_id')
      .notNull()
      .references(() => staff.id),
    assignerRoleName: text('assigner_role_name').notNull(),
    assigneeRosterId: integer('assignee_roster_id').references(() => dutyRoster.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** justification (202, corrections) or a note */
    remark: text('remark'),
    rccLateCodeId: integer('rcc_late_code_id'),
    prLateCodeId: integer('pr_late_code_id'),
    /** server time of the write (UTC); `at` is the status time, which a queued write may set in the past */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** what the device claimed the time was when it made the write (X-Client-Time), for a write synced later */
    clientTime: timestamp('client_time', { withTimezone: true, mode: 'date' }),
    /** the device that sent the write (X-Device-Id) */
    deviceId: text('device_id'),
    /** the Idempotency-Key the write came with */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('incident_audit_incident_at_idx').on(t.incidentId, t.at),
    // the cases a roster attended (#15 end-of-duty report): audit entries assigned to it
    index('incident_audit_assignee_roster_idx').on(t.assigneeRosterId).where(sql`${t.assigneeRosterId} is not null`),
  ],
);

/** Journal entries (§3.8) with their link to the incident and subform. */
export const journalEntry = pgTable(
  'journal_entry',
  {
    id: serial('id').primaryKey(),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incident.id),
    /** the journal link (§3.8 incidentSubFormId); null until linked */
    subformId: integer('subform_id'),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    roleName: text('role_name').notNull(),
    entry: text('entry').notNull(),
    /** NOTE or CORRECTION (a superadmin's data correction) */
    kind: text('kind').notNull().default('NOTE'),
    /** 829 TMC, 830 PR (§6) */
    readStatus: integer('read_status'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('journal_entry_incident_idx').on(t.incidentId, t.createdAt.desc()), index('journal_entry_subform_idx').on(t.subformId)],
);

/**
 * A shift handover of a case (issue #29, contract/handover.ts): from the outgoing roster to the incoming one, by whom
 * and when, with the 203 audit row and the journal entry it wrote. The end-of-duty reports of both rosters list it.
 */
export const caseHandover = pgTable(
  'case_handover',
  {
    id: serial('id').primaryKey(),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incident.id),
    fromRosterId: integer('from_roster_id')
      .notNull()
      .references(() => dutyRoster.id),
    toRosterId: integer('to_roster_id')
      .notNull()
      .references(() => dutyRoster.id),
    auditId: integer('audit_id')
      .notNull()
      .references(() => incidentAudit.id),
    journalEntryId: integer('journal_entry_id')
      .notNull()
      .references(() => journalEntry.id),
    byUserId: integer('by_user_id').references(() => appUser.id),
    byStaffId: integer('by_staff_id')
      .notNull()
      .references(() => staff.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('case_handover_from_idx').on(t.fromRosterId),
    index('case_handover_to_idx').on(t.toRosterId),
    index('case_handover_incident_idx').on(t.incidentId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Attachments (§3.6): documents and attachment-list items are one record. tableType JOURNAL_ENTRY (fkTableId =
 * journal entry) or INCIDENT_SUBFORM (Lampiran Media, fkTableId = subform). Bytes in attachment_content.
 */
export const attachment = pgTable(
  'attachment',
  {
    id: serial('id').primaryKey(),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incident.id),
    subformId: integer('subform_id'),
    journalEntryId: integer('journal_entry_id').references(() => journalEntry.id),
    tableType: text('table_type').notNull(),
    /** the server-made name the file is stored and served under */
    storedName: text('stored_name').notNull().unique(),
    /** the uploader's file name, sanitised, for Content-Disposition */
    fileName: text('file_name').notNull(),
    /** detected from the content, never taken from the client */
    mimeType: text('mime_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    /** 1: field evidence uploaded by a patrol; 0: other uploads (§6 delete rule) */
    statusImg: smallint('status_img').notNull().default(0),
    uploadedByStaffId: integer('uploaded_by_staff_id')
      .notNull()
      .references(() => staff.id),
    uploadedByRole: text('uploaded_by_role').notNull(),
    /**
     * Evidence (issue #19): the photo's capture time from its EXIF DateTimeOriginal, local wall time
     * 'YYYY-MM-DDTHH:MM:SS' with the EXIF offset '+hh:mm' appended when the camera wrote one; null without EXIF.
     */
    exifCapturedAt: text('exif_captured_at'),
    /** where exifCapturedAt was read: 'file' (the uploaded bytes, by the server) or 'device' (the original, by the client) */
    exifSource: text('exif_source'),
    /** the device's clock when the photo was taken or chosen (sent with the upload; kept when queued offline) */
    deviceTime: timestamp('device_time', { withTimezone: true, mode: 'date' }),
    /** the device that sent the upload (X-Device-Id) */
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** who deleted it (soft delete) */
    deletedByStaffId: integer('deleted_by_staff_id').references(() => staff.id),
  },
  (t) => [
    index('attachment_journal_idx').on(t.journalEntryId),
    index('attachment_subform_idx').on(t.subformId),
    index('attachment_incident_idx').on(t.incidentId),
  ],
);

export const attachmentContent = pgTable('attachment_content', {
  attachmentId: integer('attachment_id')
    .primaryKey()
    .references(() => attachment.id),
  content: bytea('content').notNull(),
});

/** Involved vehicles (§3.6); the editor comes with #5, the plate search of the lists uses it now. */
export const involvedVehicle = pgTable(
  'involved_vehicle',
  {
    id: serial('id').primaryKey(),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incident.id),
    subformId: integer('subform_id')
      .notNull()
      .references(() => incidentSubform.id),
    vehicleTypeId: integer('vehicle_type_id'),
    plateNumber: text('plate_number').notNull(),
    /** upper case without spaces: the search key */
    plateNormalized: text('plate_normalized').notNull(),
    brand: text('brand'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('involved_vehicle_plate_idx').on(t.plateNormalized, t.incidentId), index('involved_vehicle_subform_idx').on(t.subformId)],
);

// ------------------------------------------------------------------------------------------------ child lists (#5)
// The child lists of a subform (§3.6, contract/child-lists.ts): each row belongs to one subform (and its case), is
// soft-deleted on its own or with its subform, and is read in creation order. Lookup keys are lookup_item keys.

/** The columns every child list shares. */
const childColumns = () => ({
  id: serial('id').primaryKey(),
  incidentId: integer('incident_id')
    .notNull()
    .references(() => incident.id),
  subformId: integer('subform_id')
    .notNull()
    .references(() => incidentSubform.id),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
});

/** Jenis Pelanggaran: 265 carries the animal type, 266 and 267 the obstacle type. */
export const collisionList = pgTable(
  'collision_list',
  {
    ...childColumns(),
    collisionTypeId: integer('collision_type_id').notNull(),
    obstacleObjectTypeId: integer('obstacle_object_type_id'),
    strayAnimalTypeId: integer('stray_animal_type_id'),
  },
  (t) => [index('collision_list_subform_idx').on(t.subformId)],
);

/** Bahagian Lebuhraya: the parts of the roadway (roadLanes keys) an event touches. */
export const roadLaneSelection = pgTable(
  'road_lane_selection',
  {
    ...childColumns(),
    roadLaneId: integer('road_lane_id').notNull(),
  },
  (t) => [index('road_lane_selection_subform_idx').on(t.subformId)],
);

/** Assistance items (§4.6): OTHER (requestFurtherAction, radio 277) or EXISTING (bantuanSediaAda, radio 430). */
export const furtherActionItem = pgTable(
  'further_action_item',
  {
    ...childColumns(),
    furtherActionId: integer('further_action_id').notNull(),
    /** OTHER or EXISTING, from the key's list */
    kind: text('kind').notNull(),
    isNotified: boolean('is_notified').notNull().default(false),
    isArrived: boolean('is_arrived').notNull().default(false),
    isCompleted: boolean('is_completed').notNull().default(false),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** reset to now on every add or edit by the client (§4.6) */
    recordCreatedDate: timestamp('record_created_date', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('further_action_item_subform_idx').on(t.subformId)],
);

/** Kerosakan Aset: an asset (road_furniture), its condition, the count (2 decimals) and its unit. */
export const roadFurnitureDamage = pgTable(
  'road_furniture_damage',
  {
    ...childColumns(),
    roadFurnitureId: integer('road_furniture_id')
      .notNull()
      .references(() => roadFurniture.id),
    conditionId: integer('condition_id').notNull(),
    count: numeric('count', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    unitId: integer('unit_id').notNull(),
  },
  (t) => [index('road_furniture_damage_subform_idx').on(t.subformId)],
);

/** Penutupan Lorong: Masa Tutup, and Masa Buka once the lane is open again. */
export const laneClosure = pgTable(
  'lane_closure',
  {
    ...childColumns(),
    roadLaneId: integer('road_lane_id').notNull(),
    cardinalDirectionId: integer('cardinal_direction_id').notNull(),
    initialClosingTime: timestamp('initial_closing_time', { withTimezone: true, mode: 'date' }).notNull(),
    openingTime: timestamp('opening_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('lane_closure_subform_idx').on(t.subformId)],
);

/** Kesesakan Jalan: one live row per subform (§4.5, §9). */
export const trafficJam = pgTable(
  'traffic_jam',
  {
    ...childColumns(),
    /** the length in km as typed, at most 4 characters (§5) */
    distance: text('distance').notNull(),
    /** whole seconds end − start, computed by the server when both exist */
    durationSeconds: integer('duration_seconds'),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('traffic_jam_subform_idx').on(t.subformId), uniqueIndex('traffic_jam_live_idx').on(t.subformId).where(sql`deleted_at IS NULL`)],
);

/** Jenis Kecederaan: how many people of a casualty type, race and gender. */
export const injury = pgTable(
  'injury',
  {
    ...childColumns(),
    casualtyTypeId: integer('casualty_type_id').notNull(),
    raceId: integer('race_id'),
    genderId: integer('gender_id'),
    count: integer('count').notNull(),
  },
  (t) => [index('injury_subform_idx').on(t.subformId)],
);

/**
 * Idempotency keys of writes (offline outbox, issue #4): a write sent with `Idempotency-Key` is recorded here in the
 * same transaction as the write, with the answer it got; a repeat of the key gets that answer again. Per user; kept
 * 30 days.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** sha256 (hex) of the canonical JSON of the body */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_key_created_idx').on(t.createdAt)],
);

// ------------------------------------------------------------------------------------------------ live positions (#7)

/**
 * Position history of a duty roster (rondaGps/save): one row per tablet fix, with what was derived from the nearest
 * kilometre marker. 500 patrols every 10 s is 4.32 million rows a day: rows older than POSITION_HISTORY_DAYS are
 * deleted by a daily job (roster_position_recorded_idx makes that a range delete).
 */
export const rosterPosition = pgTable(
  'roster_position',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dutyRosterId: integer('duty_roster_id')
      .notNull()
      .references(() => dutyRoster.id),
    /** the patrol user whose tablet sent it */
    userId: integer('user_id').references(() => appUser.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** when the tablet took the fix */
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** when the server got it (later than recordedAt for fixes queued offline) */
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    accuracy: real('accuracy'),
    heading: real('heading'),
    speed: real('speed'),
    /** nearest kilometre marker: its specific section and km, the distance to it, the carriageway */
    sectionId: integer('section_id'),
    km: real('km'),
    offsetMetres: real('offset_metres'),
    directionId: integer('direction_id'),
  },
  (t) => [index('roster_position_roster_at_idx').on(t.dutyRosterId, t.recordedAt), index('roster_position_recorded_idx').on(t.recordedAt)],
);

/** The latest position of each roster (by recordedAt): upserted by rondaGps/save, read by the map and nearestActivePR. */
export const rosterLatestPosition = pgTable('roster_latest_position', {
  dutyRosterId: integer('duty_roster_id')
    .primaryKey()
    .references(() => dutyRoster.id),
  positionId: bigint('position_id', { mode: 'number' }).notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  heading: real('heading'),
  speed: real('speed'),
  sectionId: integer('section_id'),
  km: real('km'),
  offsetMetres: real('offset_metres'),
  directionId: integer('direction_id'),
});

/**
 * Places where a patrol can turn to the other carriageway (interchanges, and U-turn crossovers where interchanges are
 * far apart): nearestActivePR adds the way to the nearest one for a patrol on the opposite carriageway.
 */
export const crossover = pgTable(
  'crossover',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    km: real('km').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('crossover_section_km_idx').on(t.sectionId, t.km)],
);

// ------------------------------------------------------------------------------------------------ sign-in throttling (#20)

/**
 * Failed sign-in counters (issue #20): one row per (username, address) pair (`pair:<address> <username>`) and per
 * address (`addr:<address>`). Past the free failures each further attempt waits a doubling delay until
 * next_allowed_at; never a hard lock. Kept in the database so a restart does not clear them and instances share them;
 * written with one upsert per counter. Rows whose delay ended a window ago are deleted (next_allowed_idx).
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    firstFailureAt: timestamp('first_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** an attempt of this key before this time is answered 429; always at or after lastFailureAt */
    nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('login_throttle_next_allowed_idx').on(t.nextAllowedAt)],
);

// ------------------------------------------------------------------------------------------------ organisation (#14)

/**
 * Every administrative change (issue #14 item 8): who (user and staff), when, which record, the fields that changed
 * with their old and new values. Written in the transaction of the change (server/lib/change-log.ts).
 */
export const adminChange = pgTable(
  'admin_change',
  {
    id: serial('id').primaryKey(),
    /** 'staff', 'user', 'leave', 'team', 'shift', 'ronda', 'checkpoint', … */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    /** create, update, delete, deactivate, activate, import */
    action: text('action').notNull(),
    userId: integer('user_id').notNull(),
    staffId: integer('staff_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    changes: jsonb('changes').$type<{ field: string; old: unknown; new: unknown }[]>().notNull(),
  },
  (t) => [index('admin_change_entity_idx').on(t.entity, t.entityId, t.at)],
);

/** A staff member's leave (/createleave, /listingleave): requested, then approved or rejected by a manager. */
export const staffLeave = pgTable(
  'staff_leave',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    /** LEAVE_TYPES key (contract/leave.ts) */
    leaveTypeId: integer('leave_type_id').notNull(),
    /** local calendar dates, both included */
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    remark: text('remark'),
    /** requested | approved | rejected */
    status: text('status').notNull().default('requested'),
    approverStaffId: integer('approver_staff_id').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdByStaffId: integer('created_by_staff_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('staff_leave_staff_idx').on(t.staffId, t.dateFrom), index('staff_leave_from_idx').on(t.dateFrom)],
);

/** One-time password reset links (/user/emailresetpasswordlink): only the SHA-256 of the token is kept. */
export const passwordResetLink = pgTable(
  'password_reset_link',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdByUserId: integer('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_link_user_idx').on(t.userId)],
);

/** A patrol loop (ronda) of a section from point A to point B (/listingronda, rondaloop). */
export const rondaLoop = pgTable(
  'ronda_loop',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    name: text('name').notNull(),
    pointAName: text('point_a_name').notNull(),
    pointBName: text('point_b_name').notNull(),
    kmFrom: real('km_from').notNull(),
    kmTo: real('km_to').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('ronda_loop_section_idx').on(t.sectionId)],
);

/** The ordered checkpoints of a ronda (rondaloopcheckpoints): name, KM, direction, coordinates inside the section. */
export const rondaCheckpoint = pgTable(
  'ronda_checkpoint',
  {
    id: serial('id').primaryKey(),
    rondaLoopId: integer('ronda_loop_id')
      .notNull()
      .references(() => rondaLoop.id),
    /** order along the loop, from 1 */
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    km: real('km').notNull(),
    /** cardinalDirection lookup key */
    directionId: integer('direction_id').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('ronda_checkpoint_loop_idx').on(t.rondaLoopId, t.seq)],
);

/** Neighbouring section pairs (neighboringSection): both directions are stored. */
export const neighbouringSection = pgTable(
  'neighbouring_section',
  {
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    neighbourId: integer('neighbour_id')
      .notNull()
      .references(() => section.id),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.neighbourId] })],
);

/**
 * A member of a roster's team who is off that roster (issue #14 item 3: leave approved over a roster, "release from
 * the roster"); the roster stays, the member is no longer counted on it.
 */
export const dutyRosterAbsence = pgTable(
  'duty_roster_absence',
  {
    dutyRosterId: integer('duty_roster_id')
      .notNull()
      .references(() => dutyRoster.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    leaveId: integer('leave_id').references(() => staffLeave.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dutyRosterId, t.staffId] }), index('duty_roster_absence_staff_idx').on(t.staffId)],
);

// ------------------------------------------------------------------------------------------------ issue #15

/** Patrol tablets (devicenoid/getAll): the device number a roster carries. */
export const deviceNo = pgTable('device_no', {
  id: serial('id').primaryKey(),
  deviceNo: text('device_no').notNull().unique(),
  /** the section the tablet is kept at (null: pooled) */
  sectionId: integer('section_id').references(() => section.id),
  isActive: boolean('is_active').notNull().default(true),
});

/** Section phone numbers (hpnosection/getbySectionId): the phone a roster carries. */
export const hpNoSection = pgTable(
  'hp_no_section',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    phoneNo: text('phone_no').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('hp_no_section_section_phone_idx').on(t.sectionId, t.phoneNo)],
);

/**
 * The people of a roster and their role in it (§3.12 team member: pkTeamMemberId, pkStaffId, pkDutyRosterId;
 * rosterRoles/getRosterRolesByDutyRosterId; dutyRosterRoles lookup key). Written by dutyroster/save; a roster with
 * no rows here (generated, never edited) has its team's members minus duty_roster_absence.
 */
export const dutyRosterMember = pgTable(
  'duty_roster_member',
  {
    id: serial('id').primaryKey(),
    dutyRosterId: integer('duty_roster_id')
      .notNull()
      .references(() => dutyRoster.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    /** dutyRosterRoles lookup key (leader, driver, patroller, trainee) */
    rosterRoleId: integer('roster_role_id'),
  },
  (t) => [uniqueIndex('duty_roster_member_roster_staff_idx').on(t.dutyRosterId, t.staffId), index('duty_roster_member_staff_idx').on(t.staffId)],
);

/** The patrol's activity log (§7.5 activityLog): one row per event of a roster's shift. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    dutyRosterId: integer('duty_roster_id')
      .notNull()
      .references(() => dutyRoster.id),
    /** activityLogEvents lookup key (295 = end of patrol) */
    eventId: integer('event_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    km: real('km'),
    /** cardinalDirection lookup key */
    directionId: integer('direction_id'),
    rondaCheckpointId: integer('ronda_checkpoint_id').references(() => rondaCheckpoint.id),
    /** free location text (§2.18: a text starting with a number of metres above 500 shows a map) */
    location: text('location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    remark: text('remark'),
    /** the case attended (event 'Bantuan Insiden') */
    incidentId: integer('incident_id').references(() => incident.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('activity_log_roster_at_idx').on(t.dutyRosterId, t.occurredAt), index('activity_log_occurred_idx').on(t.occurredAt)],
);

// ------------------------------------------------------------------------------------------------ fleet (issue #16)

/** Equipment a patrol vehicle carries (/listingasset), by asset category (assetCategory lookup key). */
export const asset = pgTable(
  'asset',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    assetCategoryId: integer('asset_category_id').notNull(),
    name: text('name').notNull(),
    /** the operator's tag or serial number, upper case, unique */
    tagNo: text('tag_no').notNull().unique(),
    vehicleId: integer('vehicle_id').references(() => vehicle.id),
    remark: text('remark'),
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('asset_vehicle_idx').on(t.vehicleId), index('asset_section_idx').on(t.sectionId)],
);

/** The checklist master (/maintenance): per asset category, the items a daily checklist counts. */
export const assetChecklistMaster = pgTable(
  'asset_checklist_master',
  {
    id: serial('id').primaryKey(),
    assetCategoryId: integer('asset_category_id').notNull(),
    name: text('name').notNull(),
    unitLabel: text('unit_label').notNull(),
    /** counted (a quantity) or only present / not present (quantity 1 or 0) */
    isMeasurable: boolean('is_measurable').notNull(),
    defaultQuantity: integer('default_quantity').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('asset_checklist_master_name_idx').on(t.assetCategoryId, sql`lower(${t.name})`).where(sql`${t.isActive}`)],
);

/** One vehicle's checklist of one roster (§3.12 daily asset checklist): pre-shift, then post-shift. */
export const dailyAssetChecklist = pgTable(
  'daily_asset_checklist',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicle.id),
    dutyRosterId: integer('duty_roster_id')
      .notNull()
      .references(() => dutyRoster.id),
    /** who recorded the pre-shift check */
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    odometerPre: integer('odometer_pre').notNull(),
    odometerPost: integer('odometer_post'),
    noKadTng: text('no_kad_tng'),
    noKadBahanApi: text('no_kad_bahan_api'),
    remark: text('remark'),
    preAt: timestamp('pre_at', { withTimezone: true, mode: 'date' }).notNull(),
    postAt: timestamp('post_at', { withTimezone: true, mode: 'date' }),
    postStaffId: integer('post_staff_id').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('daily_asset_checklist_roster_vehicle_idx').on(t.dutyRosterId, t.vehicleId),
    index('daily_asset_checklist_vehicle_idx').on(t.vehicleId, t.preAt),
    index('daily_asset_checklist_pre_at_idx').on(t.preAt),
  ],
);

/** The quantity of one master item before and after the shift; damaged marks an item found broken. */
export const dailyAssetChecklistItem = pgTable(
  'daily_asset_checklist_item',
  {
    id: serial('id').primaryKey(),
    dailyAssetChecklistId: integer('daily_asset_checklist_id')
      .notNull()
      .references(() => dailyAssetChecklist.id),
    assetChecklistMasterId: integer('asset_checklist_master_id')
      .notNull()
      .references(() => assetChecklistMaster.id),
    /** the master's expected quantity when checked (the master may change later) */
    expectedQuantity: integer('expected_quantity').notNull(),
    preQuantity: integer('pre_quantity'),
    preDamaged: boolean('pre_damaged').notNull().default(false),
    postQuantity: integer('post_quantity'),
    postDamaged: boolean('post_damaged').notNull().default(false),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('daily_asset_checklist_item_idx').on(t.dailyAssetChecklistId, t.assetChecklistMasterId),
    index('daily_asset_checklist_item_master_idx').on(t.assetChecklistMasterId),
    // the defects (short or damaged, either phase): the report's "defects only" and its counts read these few rows
    index('daily_asset_checklist_item_defect_idx')
      .on(t.dailyAssetChecklistId)
      .where(sql`(${t.preDamaged} or ${t.preQuantity} < ${t.expectedQuantity}) or (${t.postDamaged} or ${t.postQuantity} < ${t.expectedQuantity})`),
  ],
);

/** A photo of a checklist item found short or damaged (re-encoded JPEG, like case photos). */
export const checklistPhoto = pgTable(
  'checklist_photo',
  {
    id: serial('id').primaryKey(),
    dailyAssetChecklistItemId: integer('daily_asset_checklist_item_id')
      .notNull()
      .references(() => dailyAssetChecklistItem.id),
    /** 'PRE' or 'POST' */
    phase: text('phase').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    uploadedByStaffId: integer('uploaded_by_staff_id')
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('checklist_photo_item_idx').on(t.dailyAssetChecklistItemId)],
);

// ------------------------------------------------------------------------------------------------ field reports (#30)

/**
 * A patrol's field report (issue #30 item 2, contract/field-reports.ts): what a patrol came upon, where, its note and
 * an optional photo, sent for a roster it is one of the people of. PENDING until a TMC user of the section's region
 * accepts it into a new case (ACCEPTED, `incident_id`) or refuses it with a reason (REJECTED). The photo is a clean
 * JPEG made by the server (document/image-check.ts); its bytes are in field_report_photo.
 */
export const fieldReport = pgTable(
  'field_report',
  {
    id: serial('id').primaryKey(),
    dutyRosterId: integer('duty_roster_id')
      .notNull()
      .references(() => dutyRoster.id),
    /** the reporter: the signed-in user (never the body), its staff record and role when it reported */
    reportedByUserId: integer('reported_by_user_id').references(() => appUser.id),
    reportedByStaffId: integer('reported_by_staff_id')
      .notNull()
      .references(() => staff.id),
    reportedByRole: text('reported_by_role').notNull(),
    /** event type (incidentCategory lookup key 184–190) */
    categoryId: integer('category_id').notNull(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => section.id),
    /** the section's region, kept for the region's lists */
    regionId: integer('region_id')
      .notNull()
      .references(() => region.id),
    kilometerMarker: text('kilometer_marker').notNull(),
    /** cardinalDirection lookup key */
    directionId: integer('direction_id').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyMeters: doublePrecision('accuracy_meters'),
    note: text('note'),
    /** the device's clock when the patrol sent it (the outbox may deliver it later) */
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** server time of the write */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** PENDING, ACCEPTED or REJECTED */
    status: text('status').notNull().default('PENDING'),
    /** the device that sent it (X-Device-Id) */
    deviceId: text('device_id'),
    // ---- the photo (null without one): as stored, re-encoded; the evidence as attachment keeps it (issue #19)
    photoName: text('photo_name'),
    photoType: text('photo_type'),
    photoByteSize: integer('photo_byte_size'),
    photoSha256: text('photo_sha256'),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    /** EXIF DateTimeOriginal (local wall time, '+hh:mm' when the camera wrote one) and where it was read ('file', 'device') */
    photoCapturedAt: text('photo_captured_at'),
    photoCapturedAtSource: text('photo_captured_at_source'),
    /** the device's clock when the photo was taken or chosen */
    photoDeviceTime: timestamp('photo_device_time', { withTimezone: true, mode: 'date' }),
    // ---- the decision
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedByUserId: integer('decided_by_user_id').references(() => appUser.id),
    decidedByStaffId: integer('decided_by_staff_id').references(() => staff.id),
    rejectReason: text('reject_reason'),
    /** the case it was accepted into */
    incidentId: integer('incident_id').references(() => incident.id),
  },
  (t) => [
    // the TMC's list: the region's pending reports, newest first, and those decided lately
    index('field_report_region_pending_idx').on(t.regionId, t.createdAt.desc(), t.id.desc()).where(sql`status = 'PENDING'`),
    index('field_report_region_decided_idx').on(t.regionId, t.decidedAt.desc()).where(sql`decided_at IS NOT NULL`),
    // the patrol's list: the reports of its rosters, and its own
    index('field_report_roster_idx').on(t.dutyRosterId, t.createdAt.desc()),
    index('field_report_reporter_idx').on(t.reportedByStaffId, t.createdAt.desc()),
    // a case is opened from one report at most
    uniqueIndex('field_report_incident_idx').on(t.incidentId).where(sql`incident_id IS NOT NULL`),
  ],
);

/** The bytes of a field report's photo (one row per report with a photo). */
export const fieldReportPhoto = pgTable('field_report_photo', {
  fieldReportId: integer('field_report_id')
    .primaryKey()
    .references(() => fieldReport.id),
  content: bytea('content').notNull(),
});
