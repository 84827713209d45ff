/**
 * Schemas of the activity log, the shift summary and the end-of-duty report (issue #15). Constants, paths and
 * messages: contract/activity-log-rules.ts (zod-free, re-exported here). The PWA imports the types of this module.
 */
import { z } from 'zod';
import { ChecklistSummarySchema } from './checklist';
import { HandoverRecordSchema } from './handover';
import { calendarDate, instant, withRange } from './dates';
import { DataTablesQuerySchema } from './envelope';
import {
  ACK_ACTIONS,
  ACK_JUSTIFICATION_MAX,
  ACTIVITY_LOCATION_MAX,
  ACTIVITY_PAGE_MAX,
  ACTIVITY_REMARK_MAX,
  END_OF_DUTY_PAGE_SIZE,
  ROSTER_LIFECYCLE,
} from './activity-log-rules';

export * from './activity-log-rules';

const id = z.number().int().positive();
const km = z.number().min(0).max(2000);

// ---------------------------------------------------------------- activity log entries

/** activityLog/save: a new entry (no pkActivityLogId) or an edit. Time is an ISO instant. */
export const ActivityLogSaveSchema = z.object({
  pkActivityLogId: id.optional(),
  dutyRosterId: id,
  /** activityLogEvents key */
  eventId: z.number().int().positive(),
  occurredAt: instant,
  km: km.nullable().optional(),
  /** cardinalDirection key */
  directionId: z.number().int().positive().nullable().optional(),
  /** a checkpoint of a ronda of the roster's section */
  rondaCheckpointId: id.nullable().optional(),
  location: z.string().trim().max(ACTIVITY_LOCATION_MAX).nullable().optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  remark: z.string().trim().max(ACTIVITY_REMARK_MAX).nullable().optional(),
  incidentId: id.nullable().optional(),
});
export type ActivityLogSave = z.infer<typeof ActivityLogSaveSchema>;

export const ActivityLogDeleteSchema = z.object({ pkActivityLogId: id });

export const ActivityLogRowSchema = z.object({
  pkActivityLogId: z.number().int(),
  dutyRosterId: z.number().int(),
  eventId: z.number().int(),
  /** the event's label (activityLogEvents value) */
  eventName: z.string(),
  occurredAt: z.string(),
  km: z.number().nullable(),
  directionId: z.number().int().nullable(),
  directionName: z.string().nullable(),
  rondaCheckpointId: z.number().int().nullable(),
  checkpointName: z.string().nullable(),
  location: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  remark: z.string().nullable(),
  incidentId: z.number().int().nullable(),
  ticketNumber: z.string().nullable(),
  createdBy: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type ActivityLogRow = z.infer<typeof ActivityLogRowSchema>;

/** activityLog/dataTables filter: one roster, or a day (local date) of a section or region */
export const ActivityLogFilterSchema = z.object({
  dutyRosterId: id.optional(),
  date: calendarDate.optional(),
  sectionId: id.optional(),
  regionId: id.optional(),
});
export type ActivityLogFilter = z.infer<typeof ActivityLogFilterSchema>;

// ---------------------------------------------------------------- summary, inactive GPS, mainline periods

export const ShiftSummarySchema = z.object({
  pkDutyRosterId: z.number().int(),
  /** patrols completed: 'Tamat Rondaan' (295) entries that close a 'Mula Rondaan' */
  rondaCount: z.number().int(),
  /** minutes of 'Rehat' (a break lasts until the roster's next entry) */
  rehatMinutes: z.number().int(),
  /** minutes on the mainline (DLU) and off it (LLU), from the roster's GPS fixes */
  dluMinutes: z.number().int(),
  lluMinutes: z.number().int(),
  /** minutes of the shift without GPS fixes (gaps over INACTIVE_GPS_GAP_MS) */
  inactiveGpsMinutes: z.number().int(),
  /** when the summary was computed (ISO); null: never */
  summaryAt: z.string().nullable(),
});
export type ShiftSummary = z.infer<typeof ShiftSummarySchema>;

export const SummaryRequestSchema = z.object({ pkDutyRosterId: id });

export const GpsPeriodSchema = z.object({
  /** ISO instants */
  from: z.string(),
  to: z.string(),
  minutes: z.number(),
  kind: z.enum(['DLU', 'LLU', 'NOGPS']),
});
export type GpsPeriod = z.infer<typeof GpsPeriodSchema>;

/** report/mainlinePeriods/get/{id}: the one-roster DLU report (periods, and the track for the map) */
export const MainlineReportSchema = z.object({
  pkDutyRosterId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  periods: z.array(GpsPeriodSchema),
  track: z.array(z.object({ at: z.string(), latitude: z.number(), longitude: z.number(), onMainline: z.boolean(), km: z.number().nullable() })),
  dluMinutes: z.number().int(),
  lluMinutes: z.number().int(),
  inactiveGpsMinutes: z.number().int(),
});
export type MainlineReport = z.infer<typeof MainlineReportSchema>;

// ---------------------------------------------------------------- acknowledgement

export const DutyRosterAckSchema = z.object({
  pkDutyRosterId: id,
  action: z.enum(ACK_ACTIONS),
  /** required to revoke (SUPERADMIN only) */
  justification: z.string().trim().max(ACK_JUSTIFICATION_MAX).optional(),
});
export type DutyRosterAck = z.infer<typeof DutyRosterAckSchema>;

export const AckStateSchema = z.object({
  isDisemak: z.boolean(),
  acknowledgedBy: z.number().int().nullable(),
  acknowledgedByName: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  isDisahkan: z.boolean(),
  approvedBy: z.number().int().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type AckState = z.infer<typeof AckStateSchema>;

// ---------------------------------------------------------------- the end-of-duty report

export const EndOfDutyCaseSchema = z.object({
  incidentId: z.number().int(),
  ticketNumber: z.string().nullable(),
  eventTypeName: z.string().nullable(),
  statusName: z.string().nullable(),
  km: z.string().nullable(),
  /** ISO instants of the patrol's steps (null when not recorded) */
  assignedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  assistanceDoneAt: z.string().nullable(),
  doneAt: z.string().nullable(),
});
export type EndOfDutyCase = z.infer<typeof EndOfDutyCaseSchema>;

export const EndOfDutyReportSchema = z.object({
  roster: z.object({
    pkDutyRosterId: z.number().int(),
    dutyRosterName: z.string(),
    sectionId: z.number().int(),
    sectionName: z.string(),
    regionId: z.number().int(),
    regionName: z.string(),
    teamId: z.number().int(),
    teamName: z.string(),
    shiftName: z.string(),
    jenisRosterName: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    startHour: z.string(),
    endHour: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    plateNumber: z.string().nullable(),
    callSign: z.string().nullable(),
    deviceNo: z.string().nullable(),
    hpNo: z.string().nullable(),
    remark: z.string().nullable(),
    members: z.array(z.object({ pkStaffId: z.number().int(), displayName: z.string(), rosterRoleName: z.string().nullable() })),
  }),
  lifecycle: z.enum(ROSTER_LIFECYCLE),
  summary: ShiftSummarySchema,
  ack: AckStateSchema,
  cases: z.array(EndOfDutyCaseSchema),
  activities: z.array(ActivityLogRowSchema),
  inactiveGps: z.array(GpsPeriodSchema),
  /** the daily vehicle and asset checklist (issue #16); null until it exists */
  checklist: ChecklistSummarySchema.nullable(),
  /** the shift handover (issue #29): cases this roster handed over to the next, and cases it took over */
  handovers: z.object({ out: z.array(HandoverRecordSchema), in: z.array(HandoverRecordSchema) }),
  /** what the caller may do now */
  can: z.object({ verify: z.boolean(), approve: z.boolean(), revoke: z.boolean(), editActivities: z.boolean() }),
});
export type EndOfDutyReport = z.infer<typeof EndOfDutyReportSchema>;

/** laporanTamatTugasData filter: local dates, region and section as the caller's scope allows */
export const EndOfDutyFilterSchema = withRange(
  z.object({
    dateFrom: calendarDate.optional(),
    dateTo: calendarDate.optional(),
    regionId: id.optional(),
    sectionId: id.optional(),
    lifecycle: z.enum(ROSTER_LIFECYCLE).optional(),
  }),
  'dateFrom',
  'dateTo',
);
export type EndOfDutyFilter = z.infer<typeof EndOfDutyFilterSchema>;

export const EndOfDutyRowSchema = z.object({
  pkDutyRosterId: z.number().int(),
  dutyRosterName: z.string(),
  startDate: z.string(),
  startHour: z.string(),
  endHour: z.string(),
  regionName: z.string(),
  sectionName: z.string(),
  teamName: z.string(),
  shiftName: z.string(),
  plateNumber: z.string().nullable(),
  lifecycle: z.enum(ROSTER_LIFECYCLE),
  activityCount: z.number().int(),
  caseCount: z.number().int(),
  rondaCount: z.number().int().nullable(),
  rehatMinutes: z.number().int().nullable(),
  dluMinutes: z.number().int().nullable(),
  lluMinutes: z.number().int().nullable(),
  acknowledgedByName: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type EndOfDutyRow = z.infer<typeof EndOfDutyRowSchema>;

// ---------------------------------------------------------------- added with the server (#15): query strings, answers

/** activityLog/dataTables query string: paging as every list, a page of up to ACTIVITY_PAGE_MAX (the default: a whole shift) */
export const ActivityLogQuerySchema = DataTablesQuerySchema.extend({
  length: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(ACTIVITY_PAGE_MAX),
});
export type ActivityLogQuery = z.infer<typeof ActivityLogQuerySchema>;

export const ActivityLogDeleteResultSchema = z.object({ pkActivityLogId: z.number().int() });

/**
 * laporanTamatTugasData/dataTables query string: without orderColumn the list is by date, newest first (direction
 * then defaults to desc); page size END_OF_DUTY_PAGE_SIZE unless given
 */
export const EndOfDutyQuerySchema = DataTablesQuerySchema.extend({
  direction: z.enum(['asc', 'desc']).optional(),
  length: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(END_OF_DUTY_PAGE_SIZE),
});
export type EndOfDutyQuery = z.infer<typeof EndOfDutyQuerySchema>;
/** laporanTamatTugasData/csv query string: the sort only */
export const EndOfDutyCsvQuerySchema = EndOfDutyQuerySchema.pick({ orderColumn: true, direction: true });
