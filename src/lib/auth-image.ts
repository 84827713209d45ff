/**
 * An image an API route answers with (GET, the bearer token): an <img src> cannot carry the token, so the bytes are
 * fetched here and shown through an object URL (src/ui/use-object-url.ts). The field report's photo uses it.
 */
import { useQuery } from '@tanstack/react-query';
import { apiFile, imageBlob, isApiError } from './api';

export async function authImageCall(path: string, signal?: AbortSignal): Promise<Blob> {
  return imageBlob(await apiFile('GET', path, undefined, 'image/*, application/json', { signal }));
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
