/**
 * Which buttons the incident detail page shows (§2.7, §4.2, §6): the contract's case rules
 * (contract/incident-rules.ts) combined with the role permissions (contract/roles.ts). The server enforces the same
 * rules on every call; these only keep the screen honest.
 */
import { canCancelCase, canCloseCase, canEditCase, nextPatrolSteps, needsCorrectionJustification } from '@contract/incident-rules';
import { can, isPatrolRole } from '@contract/roles';

export interface DetailActionInput {
  roleName: string;
  status: number | null | undefined;
  /** a 298 or 209 audit entry exists */
  hasDoneEntry: boolean;
  /** a 202 audit entry exists */
  everCancelled: boolean;
  /** the caller is on the team of the assigned roster */
  assignedToCaller: boolean;
  /** the inline form is in edit mode */
  editing: boolean;
}

export interface DetailActions {
  print: boolean;
  edit: boolean;
  /**
   * the assigned patrol's Kemaskini Maklumat Lanjut (issue #5): the subform and its lists only (vehicles, injuries,
   * lanes, assistance, …), the main record stays read-only — patrols fill these at the roadside
   */
  editDetails: boolean;
  save: boolean;
  cancelEdit: boolean;
  close: boolean;
  cancelCase: boolean;
  /** the patrol panel (Terima, Tolak, Tiba di Lokasi, …) */
  patrol: boolean;
  /** the status steps the patrol panel offers */
  patrolSteps: number[];
  /** saving goes through the justification dialog first (a superadmin's data correction) */
  saveNeedsJustification: boolean;
}

export function detailActions(i: DetailActionInput): DetailActions {
  const { roleName, status, editing } = i;
  const patrolSteps = editing ? [] : patrolStepsFor(i);
  return {
    print: !editing,
    edit: !editing && can(roleName, 'editCase') && canEditCase(roleName, status, i.everCancelled),
    editDetails:
      !editing &&
      !can(roleName, 'editCase') &&
      can(roleName, 'editSubform') &&
      isPatrolRole(roleName) &&
      i.assignedToCaller &&
      canEditCase(roleName, status, i.everCancelled),
    save: editing,
    cancelEdit: editing,
    close: !editing && can(roleName, 'closeCase') && canCloseCase(status, i.hasDoneEntry),
    cancelCase: !editing && can(roleName, 'cancelCase') && canCancelCase(status),
    patrol: patrolSteps.length > 0,
    patrolSteps,
    saveNeedsJustification: needsCorrectionJustification(roleName, status) || (roleName === 'SUPERADMIN' && i.everCancelled),
  };
}

/**
 * The patrol's next steps: a patrol user only on a case assigned to a roster of its team; a TMC operator (who may
 * record a step for a patrol on the radio) on any case it can see.
 */
export function patrolStepsFor(i: Pick<DetailActionInput, 'roleName' | 'status' | 'assignedToCaller'>): number[] {
  if (!can(i.roleName, 'patrolAction')) return [];
  if (isPatrolRole(i.roleName) && !i.assignedToCaller) return [];
  return nextPatrolSteps(i.status);
}
