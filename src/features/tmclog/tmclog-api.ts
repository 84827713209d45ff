/**
 * Calls of the TMC logsheet (§7.5 tmcLogSheet: dataTables, save, csv). Saves go through the outbox (issue #4) like
 * every other write: queued on the device, sent with an Idempotency-Key, answered while the user waits, kept for
 * later when offline (src/offline/writes.ts).
 */
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import type { TmcLogsheetFilter, TmcLogsheetRow, TmcLogsheetSave } from '@contract/logsheet';
import { PATHS } from '@contract/paths';
import { ApiError, dataTables } from '@/lib/api';
import { downloadCsv as downloadFile } from '@/lib/download';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/tmclog';
import { getSession } from '@/lib/session';
import { newId, type NewOutboxItem } from '@/offline/outbox';
import { sendWrites } from '@/offline/writes';

export const logsheetsCall = (filter: TmcLogsheetFilter, q: Partial<DataTablesQuery>) =>
  dataTables<TmcLogsheetRow>(PATHS.tmcLogSheetDataTables, filter, q) as Promise<DataTablesResult<TmcLogsheetRow>>;

export type SaveOutcome = { status: 'sent'; row: TmcLogsheetRow } | { status: 'queued' };

/** tmcLogSheet/save through the outbox: 'sent' with the server's row, or 'queued' (offline; a toast says so). */
export async function saveLogsheetCall(body: TmcLogsheetSave): Promise<SaveOutcome> {
  const userId = getSession()?.user.userId;
  if (!userId) throw new ApiError(401, 'UNAUTHORIZED', t('app.unexpected'));
  const clientId = newId();
  const item: NewOutboxItem = {
    clientId,
    userId,
    kind: body.pkTmcLogsheetId ? 'tmclog.update' : 'tmclog.create',
    label: `${t('tmclog.queuedLabel')} ${t(body.pkTmcLogsheetId ? 'tmclog.form.edit' : 'tmclog.form.new')}`,
    path: PATHS.tmcLogSheetSave,
    body,
    // edits of one logsheet go in order; a new one stands alone
    group: body.pkTmcLogsheetId ? `tmclog:${body.pkTmcLogsheetId}` : `misc:${clientId}`,
  };
  // refused while the user is on the form: sendWrites takes it out again and throws; the form keeps what was typed
  const outcome = await sendWrites([item]);
  return outcome.status === 'queued' ? { status: 'queued' } : { status: 'sent', row: outcome.answers[clientId] as TmcLogsheetRow };
}

/** tmcLogSheet/csv (src/lib/download.ts): resolves with the file name. */
export const downloadCsv = (filter: TmcLogsheetFilter, q: Partial<DataTablesQuery>, fallbackName: string) =>
  downloadFile(PATHS.tmcLogSheetCsv, filter, q, fallbackName);
