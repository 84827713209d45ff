/**
 * The patrol's status steps (issue #3 item 4): one incidentAudit/save each, with the device position when the
 * tablet has one. Every write of the patrol panel is in this file (the outbox of issue #4 takes it over).
 */
import type { AuditSaved } from '@contract/incidents';
import { PATHS } from '@contract/paths';
import { apiPost } from '@/lib/api';
import { currentPosition } from './position';

export interface PatrolStep {
  incidentId: number;
  statusId: number;
  /** the reason of a Tolak (205) */
  remark?: string;
}

export async function savePatrolStep(step: PatrolStep): Promise<AuditSaved> {
  // the moment of the tap, not of the GPS answer
  const datetime = new Date().toISOString();
  const pos = await currentPosition();
  return apiPost<AuditSaved>(PATHS.auditSave, {
    incidentId: step.incidentId,
    incidentStatusId: step.statusId,
    datetime,
    latitude: pos?.latitude ?? null,
    longtitude: pos?.longtitude ?? null,
    ...(step.remark ? { remark: step.remark.trim() } : {}),
  });
}
