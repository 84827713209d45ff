/**
 * Warming the shift (issue #30): when Syif saya shows the roster on shift with the network up, the device gets a copy
 * of everything the shift's steps open, so a patrol who then loses coverage can still do the whole shift from Syif
 * saya: the checklist form, the activity log (entries, report, checkpoints) and, for each case assigned to the
 * roster, the case (view, audit trail, subform, child lists) and its journal. The copies are the same ones the screens
 * keep when opened (src/lib/cached networkFirst, the same keys), so the screens find them offline.
 *
 * Once per roster and set of cases per page load; a failure is only logged (the screens fetch for themselves).
 * App-level because it spans features (features do not import each other).
 */
import { warmActivityLog } from '@/features/activity-log/activity-api';
import { warmChecklistForm } from '@/features/checklist/checklist-api';
import { warmCase } from '@/features/incidents/detail/use-incident';
import { warmJournal } from '@/features/journal';

export interface ShiftToWarm {
  userId: string;
  rosterId: number;
  sectionId: number | null;
  caseIds: readonly number[];
}

const warmed = new Set<string>();

export function warmShift(s: ShiftToWarm): void {
  const key = `${s.userId}:${s.rosterId}:${s.caseIds.join(',')}`;
  if (warmed.has(key)) return;
  warmed.add(key);
  const jobs: Promise<unknown>[] = [warmChecklistForm(s.userId, s.rosterId), warmActivityLog(s.userId, s.rosterId, s.sectionId)];
  for (const id of s.caseIds) jobs.push(warmCase(s.userId, id).then((subformId) => warmJournal(s.userId, id, subformId)));
  void Promise.allSettled(jobs).then((results) => {
    const failed = results.filter((r) => r.status === 'rejected');
    // a failed warm-up is tried again on the next visit
    if (failed.length) {
      warmed.delete(key);
      console.warn(`[warm] ${failed.length} of ${results.length} copies for the shift failed`, (failed[0] as PromiseRejectedResult).reason);
    }
  });
}
