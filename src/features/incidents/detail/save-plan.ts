/**
 * Pure parts of the detail page's save: the plan of an edit (§4.2) and the print path. No React here.
 */
import type { IncidentView, SubformRecord } from '@contract/incidents';
import { SUBFORMS, hidesAssignTo, isEventTypeId, type EventTypeId } from '@contract/incident-rules';
import { planChildSaves } from '../form/children-io';
import { emptyRemoved, type SubformChildren } from '../form/children-model';
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
export function buildEdit(
  v: IncidentView,
  saved: SubformRecord | null,
  draft: CaseDraft,
  justification?: string,
  /** the child lists as the server had them when the form opened (null: none loaded) */
  savedChildren: SubformChildren | null = null,
): CaseEdit {
  const main: IncidentMainValues = hidesAssignTo(v.incidentStatusId)
    ? { ...draft.main, pkDutyRosterId: v.dutyRoster?.pkDutyRosterId ?? null }
    : draft.main;
  const oldType = isEventTypeId(v.incidentCategory.key) ? (v.incidentCategory.key as EventTypeId) : null;
  const newType = main.pkIncidentCategoryId as EventTypeId;
  const typeChanged = oldType !== newType;
  const sub: SubformValues = typeChanged
    ? { ...draft.sub, subformId: null, version: null }
    : { ...draft.sub, subformId: v.subformId, version: saved?.version ?? null };
  // a new event type gets a new subform record: the old one's child rows go with it on the server, so every item
  // the form still holds is sent as new
  const children = typeChanged ? asNewChildren(draft.sub.children) : draft.sub.children;
  return {
    incident: toIncidentSavePayload(main, { pkIncidentId: v.pkIncidentId, version: v.version, justification }),
    subform: { type: newType, payload: toSubformPayload(newType, sub, v.pkIncidentId) as SubformPayload },
    replaces: typeChanged && oldType && v.subformId ? { type: oldType, subformId: v.subformId } : null,
    children: planChildSaves(SUBFORMS[newType].kind, children, typeChanged ? null : savedChildren),
  };
}

/**
 * The assigned patrol's Kemaskini Maklumat Lanjut (issue #5): the subform over its record (or a first one) and its
 * child lists; the main record is not sent (the patrol may not change it).
 */
export function buildDetailsEdit(v: IncidentView, saved: SubformRecord | null, sub: SubformValues, savedChildren: SubformChildren | null): CaseEdit {
  const type = v.incidentCategory.key as EventTypeId;
  const values: SubformValues = { ...sub, subformId: v.subformId, version: saved?.version ?? null };
  return {
    incident: null,
    subform: { type, payload: toSubformPayload(type, values, v.pkIncidentId) as SubformPayload },
    replaces: null,
    children: planChildSaves(SUBFORMS[type].kind, sub.children, savedChildren),
  };
}

/** The items without their server ids (and nothing to delete): to be created under a new subform record. */
export function asNewChildren(c: SubformChildren): SubformChildren {
  return {
    vehicles: c.vehicles.map((x) => ({ ...x, involvedVehicleId: null })),
    collisions: c.collisions.map((x) => ({ ...x, collisionListId: null })),
    injuries: c.injuries.map((x) => ({ ...x, injuryId: null })),
    sections: c.sections.map((x) => ({ ...x, bahagianLebuhrayaId: null })),
    assists: c.assists.map((x) => ({ ...x, furtherActionId: null })),
    assetDamages: c.assetDamages.map((x) => ({ ...x, asetId: null })),
    laneClosures: c.laneClosures.map((x) => ({ ...x, asetId: null })),
    trafficJams: c.trafficJams.map((x) => ({ ...x, trafficJamId: null })),
    removed: emptyRemoved(),
  };
}
