/**
 * Calls of the incident detail page (§7.3). Reads are react-query fetchers; every write of the page is in this file
 * (the outbox of issue #4 will take them over from here).
 */
import type { AuditRow, AuditSave, AuditSaved, IncidentSave, IncidentSaved, IncidentView, JournalEntry, SubformRecord } from '@contract/incidents';
import { SUBFORMS, type EventTypeId } from '@contract/incident-rules';
import { STATUS } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { apiGet, apiPost } from '@/lib/api';

// ---------------------------------------------------------------- reads

export const incidentKeys = {
  all: ['incident'] as const,
  view: (id: number) => ['incident', 'view', id] as const,
  audit: (id: number) => ['incident', 'audit', id] as const,
  subform: (type: number, id: number) => ['incident', 'subform', type, id] as const,
  journal: (id: number) => ['incident', 'journal', id] as const,
};

export const fetchIncidentView = (id: number) => apiGet<IncidentView>(PATHS.incidentViewGet(id));

export const fetchAudit = (id: number) => apiGet<AuditRow[]>(PATHS.auditByIncident(id));

export const fetchSubform = (type: EventTypeId, subformId: number) => apiGet<SubformRecord>(PATHS.subformGet(SUBFORMS[type].path, subformId));

export const fetchJournal = (incidentId: number) => apiGet<JournalEntry[]>(PATHS.journalByIncident(incidentId));

// ---------------------------------------------------------------- writes

/** A subform payload as the subform's save takes it (SUBFORM_SAVE_SCHEMAS of the contract). */
export type SubformPayload = { pkIncidentId?: number; incidentTypeId: number; remark?: string; version?: number } & Record<string, unknown>;

export interface CaseEdit {
  incident: IncidentSave;
  /** the event type and data of the subform to save after the main record */
  subform: { type: EventTypeId; payload: SubformPayload } | null;
  /** the subform record to delete first, when the event type changed (§4.2) */
  replaces: { type: EventTypeId; subformId: number } | null;
}

export interface CaseEditResult {
  saved: IncidentSaved;
  subform: SubformRecord | null;
}

/**
 * Kemaskini → Simpan (§4.2): with a changed event type, first the old subform record is deleted, then the main
 * record is saved, then the new subform; otherwise the main record and then its subform. A changed roster (or a
 * roster chosen for a case back from Ditolak) is a reassignment: incident/save writes its 203 entry itself.
 */
/** Which call of an edit failed: the main record's failures and the subform's have their own §8 messages. */
export class CaseEditError extends Error {
  constructor(
    readonly stage: 'delete' | 'incident' | 'subform',
    readonly cause: unknown,
    /** the main record went through (its new version) before the failure */
    readonly saved: IncidentSaved | null,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'CaseEditError';
  }
}

export async function saveCaseEdit(edit: CaseEdit): Promise<CaseEditResult> {
  if (edit.replaces) {
    try {
      await apiPost<unknown>(PATHS.subformDelete(SUBFORMS[edit.replaces.type].path), [edit.replaces.subformId]);
    } catch (err) {
      throw new CaseEditError('delete', err, null);
    }
  }
  let saved: IncidentSaved;
  try {
    saved = await apiPost<IncidentSaved>(PATHS.incidentSave, edit.incident);
  } catch (err) {
    throw new CaseEditError('incident', err, null);
  }
  let subform: SubformRecord | null = null;
  if (edit.subform) {
    try {
      subform = await apiPost<SubformRecord>(PATHS.subformSave(SUBFORMS[edit.subform.type].path), {
        ...edit.subform.payload,
        pkIncidentId: saved.pkIncidentId,
        incidentTypeId: edit.subform.type,
      });
    } catch (err) {
      throw new CaseEditError('subform', err, saved);
    }
  }
  return { saved, subform };
}

export const saveAudit = (payload: AuditSave) => apiPost<AuditSaved>(PATHS.auditSave, payload);

/** Tutup (§4.2): 210. */
export const closeCase = (incidentId: number) => saveAudit({ incidentId, incidentStatusId: STATUS.CLOSED });

/** BATALKAN KES (§4.2): 202 with the justification as remark. */
export const cancelCase = (incidentId: number, justification: string) =>
  saveAudit({ incidentId, incidentStatusId: STATUS.CANCELLED, remark: justification.trim() });
