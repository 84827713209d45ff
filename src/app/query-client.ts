import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: true,
        // Retry only what may pass on a second try: never 4xx answers, never a timeout (already 30 s long).
        retry: (count, err) => count < 1 && isApiError(err) && err.kind === 'network',
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
