import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** One code table for every lookup list of §7.2: a key is unique across lists (184 is always "accident"). */
export const lookupItem = pgTable(
  'lookup_item',
  {
    key: integer('key').primaryKey(),
    category: text('category').notNull(),
    value: text('value').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lookup_item_category_idx').on(t.category, t.sortOrder)],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_section_idx').on(t.sectionId)],
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
  /** shiftCategory lookup key */
  categoryId: integer('category_id'),
  startHour: text('start_hour').notNull(),
  endHour: text('end_hour').notNull(),
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
});

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
  },
  (t) => [index('vehicle_section_idx').on(t.sectionId)],
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('alert_notification_user_viewed_idx').on(t.userId, t.viewed, t.createdAt)],
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
