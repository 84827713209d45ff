/**
 * Lookup lists (§7.2, POST /rest/roster/lookup/{name}), cached per user in IndexedDB so forms keep working with
 * patchy coverage. Lookups answer without a token too; signed in, the session token is sent.
 */
import { useQuery } from '@tanstack/react-query';
import { PATHS } from '@contract/paths';
import type { LookupItem } from '@contract/envelope';
import type { LookupName } from '@contract/lookups';
import { apiPost } from './api';
import { networkFirst } from './cached';
import { useSession } from './session';

export const lookupCacheKey = (name: LookupName) => `lookup:${name}`;

export const lookupCall = (name: LookupName) => apiPost<LookupItem[]>(PATHS.lookup(name), {});

export function useLookup(name: LookupName) {
  const session = useSession();
  const userId = session?.user.userId;
  return useQuery({
    queryKey: ['lookup', name, userId ?? 'anon'],
    queryFn: async () => (await networkFirst(userId, lookupCacheKey(name), () => lookupCall(name))).data,
    staleTime: 30 * 60_000,
  });
}
