import { z } from 'zod';
import { calendarDate, instant, withRange } from './dates';

/** 'Siaran Portal' broadcast (§2.5, §3.9, §7.4). */
export const BroadcastSaveSchema = z.object({
  message: z
    .string()
    .max(1000, 'Mesej siaran tidak boleh melebihi 1000 aksara')
    .refine((s) => s.trim().length > 0, 'Mesej siaran tidak boleh kosong'),
});
export type BroadcastSave = z.infer<typeof BroadcastSaveSchema>;

export const BroadcastRowSchema = z.object({
  pkMessageBroadcastId: z.number().int(),
  pkRegionId: z.number().int(),
  pkRccId: z.number().int(),
  message: z.string(),
  /** ISO instant (UTC) */
  createdDateTime: z.string(),
  rcc: z.object({
    pkStaffId: z.number().int(),
    profile: z.object({ displayName: z.string(), position: z.string() }),
    roleName: z.string(),
  }),
  /** issue #6 (beyond the spec): how many of the region's active users have seen it, of how many */
  seenCount: z.number().int(),
  audienceCount: z.number().int(),
  /** the caller has seen it */
  seenByMe: z.boolean(),
});
export type BroadcastRow = z.infer<typeof BroadcastRowSchema>;

/** Range defaults to today 00:00 to tomorrow 23:59 in Asia/Brunei (§7.4); dateTo is not before dateFrom. */
export const BroadcastFilterSchema = withRange(
  z.object({
    dateFrom: calendarDate.optional(),
    dateTo: calendarDate.optional(),
    /** catch-up after being offline: only broadcasts created after this instant (ISO), whatever the date range */
    since: instant.optional(),
  }),
  'dateFrom',
  'dateTo',
);

/** messageBroadcast/seen: the caller has seen these broadcasts (shown on screen). */
export const BroadcastSeenSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) });

/** Alert notification (§3.9): category 'I' means incident. */
export const AlertRowSchema = z.object({
  pkAlertNotificationId: z.number().int(),
  viewed: z.union([z.literal(0), z.literal(1)]),
  category: z.string(),
  description: z.string(),
  remark: z.string().nullable(),
  datetime: z.string(),
  section: z.object({ pkSectionId: z.number().int(), sectionName: z.string() }).nullable(),
  incident: z.object({ pkIncidentId: z.number().int() }).nullable(),
  dutyRoster: z.object({ pkDutyRosterId: z.number().int(), dutyRosterName: z.string() }).nullable(),
});
export type AlertRow = z.infer<typeof AlertRowSchema>;

export const AlertFilterSchema = z.object({ viewed: z.union([z.literal(0), z.literal(1)]).default(0) });
export const AlertSaveSchema = z.object({
  pkAlertNotificationId: z.number().int().positive(),
  viewed: z.literal(1),
});

/** Case notification for the bell (§2.4, §3.9, §7.4). */
export const NotificationSchema = z.object({
  incidentId: z.number().int(),
  subformIncidentId: z.number().int().nullable(),
  incidentTicketNumber: z.string(),
  incidentStatus: z.string(),
  incidentDate: z.string(),
  incidentTime: z.string(),
  read: z.boolean(),
  /** ISO instant the notification was last (re)raised by a patrol's activity: a new value is a new event (issue #6
   * item 4: the service worker notifies each event once) */
  updatedAt: z.string().optional(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationFilterSchema = z.object({
  sectionName: z.string().max(50).optional(),
  regionName: z.string().max(100).optional(),
  readStatus: z.boolean().optional(),
});
export const NotificationUpdateSchema = z.object({ incidentTicketNumber: z.string().min(1).max(50) });
