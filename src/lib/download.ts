/**
 * Downloads a file an API route makes (a list's CSV): POST with the bearer token and the list's filter, the answer
 * saved under the name the server gives (Content-Disposition), else the fallback. One way for every CSV button.
 */
import type { DataTablesQuery } from '@contract/envelope';
import { dataTablesParams, fromThrown, toApiError } from './api';
import { getToken } from './session';

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
  const token = getToken();
  const params = new URLSearchParams(dataTablesParams(q));
  params.delete('length');
  params.delete('start');
  const qs = params.toString();
  let res: Response;
  try {
    res = await fetch(`${path}${qs ? `?${qs}` : ''}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(filter),
      cache: 'no-store',
    });
  } catch (err) {
    throw fromThrown(err);
  }
  if (!res.ok) {
    const payload = await res.json().catch(() => null);
    throw toApiError(res.status, payload, res.statusText);
  }
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  saveBlob(await res.blob(), name);
  return name;
}
