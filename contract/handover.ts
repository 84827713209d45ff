/**
 * The shift handover (issue #29 item 2, beyond the spec): from HANDOVER_WINDOW_MINUTES before a roster ends, every
 * case still open (not Tutup, not Batal) and assigned to it is flagged to the TMC as "Perlu serahan", with the incoming
 * roster of the same section proposed; a case assigned to a roster that has ended stays flagged until it is handed
 * over or closed. One action hands over one case or all of them: a 203 (Tugasan Dihantar) to the incoming roster with
 * the outgoing one named in its remark (the audit trail: from whom, to whom, by whom, when), a journal entry of kind
 * HANDOVER, a record the outgoing patrol's end-of-duty report lists, and the reassignment alert to the incoming patrol.
 */
import { z } from 'zod';
import { MANAGE_BASE } from './paths';
import { can } from './roles';

/** how long before a roster ends its open cases are flagged */
export const HANDOVER_WINDOW_MINUTES = 30;
/** at most this many cases in one handover request, and in one answer of the pending list */
export const HANDOVER_MAX = 200;

export const HANDOVER_PATHS = {
  /** GET: the flagged cases of the caller's region scope (sectionId in the query narrows it), oldest end first */
  pending: `${MANAGE_BASE}/handover/pending`,
  /** POST HandoverSave: hands the cases over; answers what was handed over */
  save: `${MANAGE_BASE}/handover/save`,
} as const;

export const HANDOVER_TEXTS = {
  flag: 'Perlu serahan',
  /** the remark of the handover's 203 in the audit trail */
  auditRemark: (fromRoster: string) => `Serahan tugas daripada ${fromRoster}`,
  /** the journal entry written by the handover */
  journal: (ticket: string, fromRoster: string, toRoster: string, byName: string, at: string) =>
    `Serahan tugas: kes ${ticket} diserahkan daripada ${fromRoster} kepada ${toRoster} oleh ${byName} pada ${at}.`,
  done: (n: number) => (n === 1 ? '1 kes berjaya diserahkan.' : `${n} kes berjaya diserahkan.`),
  notFlagged: 'Kes ini tidak perlu diserahkan: jadual tugasnya belum hampir tamat.',
  sameRoster: 'Jadual tugas baharu mesti berbeza daripada jadual tugas yang tamat.',
  otherSection: 'Jadual tugas baharu mesti dari seksyen kes ini.',
  endsFirst: 'Jadual tugas baharu tamat sebelum atau bersama jadual tugas yang diserahkan.',
  closed: 'Kes yang telah ditutup atau dibatalkan tidak perlu diserahkan.',
} as const;

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
  /** the incoming roster of the same section that covers the outgoing one's end; null when there is none */
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

/** A roster's open cases are flagged from this instant (ms). */
export const handoverFlagFrom = (endsAtMs: number) => endsAtMs - HANDOVER_WINDOW_MINUTES * 60_000;

/** Who sees the flags and hands over: whoever may assign a case (the TMC, the section and region managers). */
export const mayHandOver = (roleName: string | null | undefined) => can(roleName, 'editCase');
