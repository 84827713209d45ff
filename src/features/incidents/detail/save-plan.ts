/**
 * Pure parts of the detail page's save: the plan of an edit (§4.2) and the print path. No React here.
 */
import type { IncidentView, SubformRecord } from '@contract/incidents';
import { hidesAssignTo, isEventTypeId, type EventTypeId } from '@contract/incident-rules';
import { toIncidentSavePayload, toSubformPayload, type IncidentMainValues, type SubformValues } from '../form/model';
import type { CaseEdit, SubformPayload } from './detail-api';

export interface CaseDraft {
  main: IncidentMainValues;
  sub: SubformValues;
}

/** The print view of §2.7 (route InsidenViewPrint), opened in its own window. */
export const printPath = (incidentId: number, subformId: number | null) => `/insiden/${incidentId}/${subformId ?? 0}`;

/**
 * The save plan of §4.2 from the draft: a changed event type deletes the old subform first and saves a new one of
 * the new type; otherwise the subform is saved over its own record (with its version). Assign To is hidden at 298:
 * the roster stays as it was. A changed roster is a reassignment; incident/save writes its 203 itself.
 */
export function buildEdit(v: IncidentView, saved: SubformRecord | null, draft: CaseDraft, justification?: string): CaseEdit {
  const main: IncidentMainValues = hidesAssignTo(v.incidentStatusId)
    ? { ...draft.main, pkDutyRosterId: v.dutyRoster?.pkDutyRosterId ?? null }
    : draft.main;
  const oldType = isEventTypeId(v.incidentCategory.key) ? (v.incidentCategory.key as EventTypeId) : null;
  const newType = main.pkIncidentCategoryId as EventTypeId;
  const typeChanged = oldType !== newType;
  const sub: SubformValues = typeChanged
    ? { ...draft.sub, subformId: null, version: null }
    : { ...draft.sub, subformId: v.subformId, version: saved?.version ?? null };
  return {
    incident: toIncidentSavePayload(main, { pkIncidentId: v.pkIncidentId, version: v.version, justification }),
    subform: { type: newType, payload: toSubformPayload(newType, sub, v.pkIncidentId) as SubformPayload },
    replaces: typeChanged && oldType && v.subformId ? { type: oldType, subformId: v.subformId } : null,
  };
}
