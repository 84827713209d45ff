/**
 * Downloads a file an API route makes (a list's CSV): POST with the bearer token and the list's filter, the answer
 * saved under the name the server gives (Content-Disposition), else the fallback. One way for every CSV button.
 */
import type { DataTablesQuery } from '@contract/envelope';
import { apiFile, dataTablesParams } from './api';

/** The file name of a Content-Disposition header, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return m?.[1] ?? fallback;
}

/** Saves a Blob as a file through a link click. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST path (with the list's sort, without its paging) → the CSV file. Resolves with the file name. */
export async function downloadCsv(path: string, filter: object, q: Partial<DataTablesQuery>, fallbackName: string): Promise<string> {
  const params = new URLSearchParams(dataTablesParams(q));
  params.delete('length');
  params.delete('start');
  const res = await apiFile('POST', path, filter, 'text/csv', {
    searchParams: Object.fromEntries(params),
    // a whole list as CSV can take the server a while: longer than a page's 30 s
    timeoutMs: 120_000,
  });
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  saveBlob(await res.blob(), name);
  return name;
}
