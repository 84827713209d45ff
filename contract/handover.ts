/**
 * The shift handover (issue #29 item 2, beyond the spec): from HANDOVER_WINDOW_MINUTES before a roster ends, every
 * open case assigned to it (not Tutup, not Batal) is flagged to the TMC as "Perlu serahan": one that still needs a
 * patrol (HANDOVER_STATUSES) with the incoming roster of the same section proposed, one the patrol has finished as
 * waiting to be closed. A case assigned to a roster that has ended stays flagged until it is handed over or closed. One action hands over one case or all of them: a 203 (Tugasan Dihantar) to the incoming roster with
 * the outgoing one named in its remark (the audit trail: from whom, to whom, by whom, when), a journal entry of kind
 * HANDOVER, a record the outgoing patrol's end-of-duty report lists, and the reassignment alert to the incoming patrol.
 */
import { z } from 'zod';
import { HANDOVER_MAX } from './handover-rules';

export * from './handover-rules';

export const HandoverRosterSchema = z.object({
  pkDutyRosterId: z.number().int(),
  dutyRosterName: z.string(),
  /** ISO instants */
  startsAt: z.string(),
  endsAt: z.string(),
});
export type HandoverRoster = z.infer<typeof HandoverRosterSchema>;

export const HandoverCaseSchema = z.object({
  incidentId: z.number().int(),
  ticketNumber: z.string(),
  version: z.number().int(),
  eventTypeName: z.string().nullable(),
  statusId: z.number().int().nullable(),
  statusName: z.string().nullable(),
  kilometer: z.string(),
  regionId: z.number().int(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  /** the roster the case is assigned to, ending within the window or already ended */
  from: HandoverRosterSchema.extend({ ended: z.boolean() }),
  /**
   * true: the case still needs a patrol (HANDOVER_STATUSES or no status yet) and is handed over; false: the patrol
   * finished it (Selesai Kes, Negative) and it waits for the TMC to close it: flagged too, never handed over
   */
  needsPatrol: z.boolean(),
  /** the incoming roster of the same section on duty at handoverTargetAt; null when there is none, or !needsPatrol */
  proposed: HandoverRosterSchema.nullable(),
});
export type HandoverCase = z.infer<typeof HandoverCaseSchema>;

export const HandoverListSchema = z.object({
  rows: z.array(HandoverCaseSchema),
  /** every flagged case in scope (rows holds at most HANDOVER_MAX) */
  total: z.number().int(),
  windowMinutes: z.number().int(),
});
export type HandoverList = z.infer<typeof HandoverListSchema>;

export const HandoverPendingQuerySchema = z.object({ sectionId: z.coerce.number().int().positive().optional() });

export const HandoverSaveSchema = z.object({
  items: z
    .array(
      z.object({
        incidentId: z.number().int().positive(),
        /** the incoming roster; omitted: the proposed one */
        toRosterId: z.number().int().positive().optional(),
      }),
    )
    .min(1, 'Sila pilih sekurang-kurangnya satu kes.')
    .max(HANDOVER_MAX, `Paling banyak ${HANDOVER_MAX} kes sekali gus.`),
});
export type HandoverSave = z.infer<typeof HandoverSaveSchema>;

export const HandoverRecordSchema = z.object({
  incidentId: z.number().int(),
  ticketNumber: z.string(),
  fromRosterId: z.number().int(),
  fromRosterName: z.string(),
  toRosterId: z.number().int(),
  toRosterName: z.string(),
  byName: z.string(),
  /** ISO instant */
  at: z.string(),
});
export type HandoverRecord = z.infer<typeof HandoverRecordSchema>;

export const HandoverResultSchema = z.object({ handedOver: z.array(HandoverRecordSchema) });
export type HandoverResult = z.infer<typeof HandoverResultSchema>;
