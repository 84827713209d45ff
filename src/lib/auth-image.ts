/**
 * An image an API route answers with (GET, the bearer token): an <img src> cannot carry the token, so the bytes are
 * fetched here and shown through an object URL (src/ui/use-object-url.ts). The field report's photo uses it.
 */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIMEOUT_MS, fromThrown, isApiError, toApiError } from './api';
import { getToken } from './session';

export async function authImageCall(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const timeout = AbortSignal.timeout(DEFAULT_TIMEOUT_MS);
  const both = signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : (signal ?? timeout);
  const headers: Record<string, string> = { Accept: 'image/*, application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { method: 'GET', headers, signal: both, cache: 'no-store' });
  } catch (err) {
    throw fromThrown(err);
  }
  if (!res.ok) {
    const payload: unknown = await res.json().catch(() => null);
    throw toApiError(res.status, payload, res.statusText);
  }
  const blob = await res.blob();
  return blob.type ? blob : new Blob([blob], { type: res.headers.get('content-type') ?? 'image/jpeg' });
}

/** The image's bytes, fetched once a session (null path: nothing). */
export function useAuthImage(path: string | null) {
  return useQuery({
    queryKey: ['authImage', path ?? ''],
    queryFn: ({ signal }) => authImageCall(path!, signal),
    enabled: !!path,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    retry: (count, err) => count < 2 && !(isApiError(err) && err.status >= 400 && err.status < 500),
  });
}
