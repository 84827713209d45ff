/**
 * The patrol's status steps (issue #3 item 4): one incidentAudit/save each, with the device position when the
 * tablet has one, through the outbox (issue #4): offline the step waits on the device and goes, in order with the
 * case's other writes, when the line is back. The time is the tap's, not the send's.
 */
import type { AuditSaved } from '@contract/incidents';
import { saveAudit } from '../detail/detail-api';
import { currentPosition } from './position';

export interface PatrolStep {
  incidentId: number;
  statusId: number;
  /** the reason of a Tolak (205) */
  remark?: string;
}

export interface StepContext {
  userId: string;
  ticket: string;
  statusName: string;
  /** the case version the screen showed */
  base: number | null;
}

/** The saved audit row, or null when the step stays queued on the device. */
export async function savePatrolStep(step: PatrolStep, ctx: StepContext): Promise<AuditSaved | null> {
  // the moment of the tap, not of the GPS answer
  const datetime = new Date().toISOString();
  const pos = await currentPosition();
  return saveAudit(
    {
      incidentId: step.incidentId,
      incidentStatusId: step.statusId,
      datetime,
      latitude: pos?.latitude ?? null,
      longtitude: pos?.longtitude ?? null,
      ...(step.remark ? { remark: step.remark.trim() } : {}),
    },
    ctx,
  );
}
