/**
 * Hantar of /kesbaru (§2.6, §4.2, §8): incident/save (the server writes the 203 audit entry in the same
 * transaction), then the subform save. The failures map to the §8 messages here, apart from React.
 */
import * as z from 'zod/mini';
import type { EventTypeId } from '@contract/incident-rules';
import { isApiError } from '@/lib/api';
import type { TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/new-case';
import {
  IncidentMainSchema,
  SubformSchema,
  emptyMainValues,
  emptySubformValues,
  subformFailedKey,
  type IncidentMainValues,
  type SubformValues,
} from '../form/model';

/** The whole new-case form, both steps, in one place (issue #4 autosaves it as a draft). */
export type NewCaseValues = IncidentMainValues & { subform: SubformValues };

export const newCaseDefaults = (): NewCaseValues => ({
  ...emptyMainValues(),
  subform: emptySubformValues(),
});

export const NewCaseSchema = z.intersection(IncidentMainSchema, z.object({ subform: SubformSchema })).check(
  z.superRefine((v, ctx) => {
    // a new case must go to a patrol (§5 Next rule; the server answers 400 otherwise)
    if (v.pkDutyRosterId === null)
      ctx.addIssue({
        code: 'custom',
        path: ['pkDutyRosterId'],
        message: 'Sila pilih "Ditugaskan Kepada".',
      });
  }),
);

/** The server's answer for a roster that does not exist (§7.3, §8). */
export const DUTY_ROSTER_NOT_FOUND = 'DutyRoster data not found.';

export interface SubmitFailure {
  stage: 'main' | 'subform';
  messageKey: TextKey;
  /** the server's own (Malay) message, when it gave one */
  detail?: string;
  /** the call timed out or the network is gone: the record may or may not have been written */
  uncertain: boolean;
}

function detailOf(err: unknown): { detail?: string; uncertain: boolean } {
  if (isApiError(err)) {
    if (err.kind === 'timeout' || err.kind === 'network') return { detail: err.statusMsg, uncertain: true };
    return { detail: err.statusMsg || undefined, uncertain: false };
  }
  return {
    detail: err instanceof Error ? err.message : undefined,
    uncertain: false,
  };
}

/** §8: 'Tiada rekod DutyRoster dijumpai' for 'DutyRoster data not found.', else 'Ops! Informasi kes tidak berjaya disimpan'. */
export function mainFailure(err: unknown): SubmitFailure {
  const d = detailOf(err);
  if (isApiError(err) && err.statusMsg === DUTY_ROSTER_NOT_FOUND)
    return {
      stage: 'main',
      messageKey: 'newCase.dutyRosterNotFound',
      uncertain: false,
    };
  return { stage: 'main', messageKey: 'newCase.saveFailed', ...d };
}

/** §8: the subform's own message ('Ops! Informasi kemalangan tidak berjaya disimpan.' for an accident, …). */
export function subformFailure(type: EventTypeId, err: unknown): SubmitFailure {
  return {
    stage: 'subform',
    messageKey: subformFailedKey(type),
    ...detailOf(err),
  };
}

// Hantar's writes go through the outbox (issue #4): see ../outbox-writes.ts (newCaseItems, subformItem).
