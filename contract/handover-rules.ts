/**
 * The shift handover's paths, constants, texts and rules (issue #29 item 2), zod-free so the PWA may import them at
 * run time; the schemas are in contract/handover.ts. See that file for what a handover is.
 */
import { STATUS } from './lookups';
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
  patrolDone: 'Peronda telah menyelesaikan kes ini: ia menunggu ditutup oleh TMC, bukan serahan.',
  awaitingClose: 'Selesai oleh peronda: menunggu Tutup',
  endsSoon: 'Jadual tugas baharu juga hampir tamat. Sila pilih jadual tugas syif seterusnya.',
  noProposal: 'Tiada jadual tugas seterusnya untuk seksyen ini. Sila pilih jadual tugas.',
} as const;

/**
 * The statuses of an open case that still needs a patrol, and so a handover: none yet, Tugasan Dihantar, Diterima,
 * Tiba di Lokasi, Selesai Bantuan. A case the patrol has finished (Selesai Kes 298, Negative 209) waits for the TMC
 * to close it and stays with the roster that did the work; a Ditolak (205) case has no roster.
 */
export const HANDOVER_STATUSES: readonly number[] = [STATUS.ASSIGNED, STATUS.RECEIVED, STATUS.ARRIVED, STATUS.ASSISTANCE_DONE];

/** A roster's open cases are flagged from this instant (ms). */
export const handoverFlagFrom = (endsAtMs: number) => endsAtMs - HANDOVER_WINDOW_MINUTES * 60_000;

/**
 * The instant the incoming roster must cover (ms): the outgoing roster's end, or, for one that has ended (or ends
 * within the window), the end of the window from now, so the proposal is never itself about to be flagged.
 */
export const handoverTargetAt = (endsAtMs: number, nowMs: number) => Math.max(endsAtMs, nowMs + HANDOVER_WINDOW_MINUTES * 60_000);

/** Who sees the flags and hands over: whoever may assign a case (the TMC, the section and region managers). */
export const mayHandOver = (roleName: string | null | undefined) => can(roleName, 'editCase');
