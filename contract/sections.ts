import { z } from 'zod';
import { calendarDate } from './dates';

/** Section of §3.12: `mapcenter` is a "lat,lng" string. */
export const SectionSchema = z.object({
  pkSectionId: z.number().int(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  description: z.string(),
  regionId: z.number().int(),
  regionCode: z.string(),
  regionName: z.string(),
  highwayId: z.number().int(),
  isCombined: z.boolean(),
  /** for a specific section of a combined one (N1 of N1+N2) */
  combinedSectionId: z.number().int().nullable(),
  /** for a combined section: the specific sections it is made of */
  specificSections: z.array(z.object({ pkSectionId: z.number().int(), sectionName: z.string(), description: z.string() })),
  kmStart: z.number().nullable(),
  kmEnd: z.number().nullable(),
  mapcenter: z.string(),
  mapzoom: z.number(),
});
export type Section = z.infer<typeof SectionSchema>;

export const SectionFilterSchema = z.object({
  regionCode: z.string().max(20).optional(),
  regionId: z.number().int().positive().optional(),
  /** true: lists as forms use them (no G sections, no specific parts of combined sections) */
  listed: z.boolean().optional(),
});

export const EventLocationSchema = z.object({
  key: z.number().int(),
  value: z.string(),
  description: z.string().nullable(),
  sectionId: z.number().int(),
  locationTypeId: z.number().int().nullable(),
  km: z.number().nullable(),
});
export type EventLocation = z.infer<typeof EventLocationSchema>;

export const DutyRosterRowSchema = z.object({
  pkDutyRosterId: z.number().int(),
  dutyRosterName: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  regionName: z.string(),
  shiftId: z.number().int(),
  shiftName: z.string(),
  teamId: z.number().int(),
  teamName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startHour: z.string(),
  endHour: z.string(),
  plateNumber: z.string().nullable(),
  callSign: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  members: z.array(z.object({ pkStaffId: z.number().int(), displayName: z.string(), position: z.string() })),
  status: z.enum(['upcoming', 'active', 'ended']),
});
export type DutyRosterRow = z.infer<typeof DutyRosterRowSchema>;

export const DutyRosterFilterSchema = z.object({
  date: calendarDate.optional(),
  /**
   * The rosters of the current shift (issue #29): those covering now (server clock, start ≤ now < end, whatever
   * their date) and those of the shift date (`date`, else the shift date of now: before 07:00 the previous day's).
   */
  current: z.boolean().optional(),
  sectionId: z.number().int().positive().optional(),
  regionId: z.number().int().positive().optional(),
});
