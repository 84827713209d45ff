/**
 * Writes of the administration screens (issue #14): like every write of the portal they go through the outbox
 * (src/offline/writes.ts), so a manager on a flaky line loses nothing: answered while the user waits, kept on the
 * device when offline (a toast says so), thrown as ParkedWriteError (with the server's field) when refused.
 */
import { ApiError } from '@/lib/api';
import { t } from '@/lib/i18n';
import { getSession } from '@/lib/session';
import { miscItem, sendWrites } from '@/offline/writes';

export { downloadCsv } from '@/lib/download';

export type AdminWriteOutcome<T> = { status: 'sent'; answer: T } | { status: 'queued' };

/**
 * One administrative write: `kind` names it in the outbox ('admin.staff.save'), `label` is what the sync panel shows
 * ('Staf: Ahmad bin Ali'). Edits of one record (`group`, e.g. 'staff:12') go in order; a new record stands alone.
 */
export async function adminWrite<T>(kind: string, label: string, path: string, body: unknown, group?: string): Promise<AdminWriteOutcome<T>> {
  const userId = getSession()?.user.userId;
  if (!userId) throw new ApiError(401, 'UNAUTHORIZED', t('app.unexpected'));
  const item = miscItem(userId, kind, label, path, body);
  if (group) item.group = group;
  const outcome = await sendWrites([item]);
  return outcome.status === 'queued' ? { status: 'queued' } : { status: 'sent', answer: outcome.answers[item.clientId!] as T };
}
