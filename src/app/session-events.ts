/**
 * Session-wide reactions:
 * - §4.1 token check on route change (not to/from /signin or /signout, not same-path moves): on 401 the filters,
 *   token and user data are cleared, the user goes to /signin and 'Ops! Please try again.' shows; when offline
 *   the user carries on.
 * - a 401 on any call made with the session token ends the session the same way;
 * - the §8 timeout message, shown persistently (one at a time).
 */
import type { QueryClient } from '@tanstack/react-query';
import { PATHS } from '@contract/paths';
import { apiGet, isApiError, onApiEvent } from '@/lib/api';
import { normalizePath } from '@/lib/access';
import { endSession, getToken, isSignedIn, getSession } from '@/lib/session';
import { t } from '@/lib/i18n';
import { notify } from '@/ui/toaster';
import type { AppRouter } from './router';

const SKIP = ['/signin', '/signout'];

export function shouldCheckToken(from: string | undefined, to: string): boolean {
  if (from === undefined) return false; // first load: the calls of the page find out soon enough
  const f = normalizePath(from);
  const tt = normalizePath(to);
  if (f === tt) return false;
  return !SKIP.includes(f) && !SKIP.includes(tt);
}

export function installSessionEvents(router: AppRouter, queryClient: QueryClient) {
  let expiring = false;

  const expire = async () => {
    if (expiring || !isSignedIn(getSession())) return;
    expiring = true;
    try {
      await endSession();
      queryClient.clear();
      notify.error(t('error.tokenCheck'), { id: 'token-check' });
      await router.navigate({ to: '/signin', search: { reason: 'expired' }, replace: true });
    } finally {
      expiring = false;
    }
  };

  const offApi = onApiEvent((e) => {
    if (e.type === 'timeout') notify.error(e.error.statusMsg, { id: 'api-timeout', persistent: true });
    if (e.type === 'unauthorized') void expire();
  });

  const offNav = router.subscribe('onBeforeNavigate', (e) => {
    if (!getToken()) return;
    if (!shouldCheckToken(e.fromLocation?.pathname, e.toLocation.pathname)) return;
    apiGet(PATHS.checkToken, { quiet: true, timeoutMs: 10_000 }).catch((err) => {
      // Offline, a timeout or a server hiccup: let the user carry on (§4.1 only acts on a failed check).
      if (isApiError(err) && err.status === 401) void expire();
    });
  });

  return () => {
    offApi();
    offNav();
  };
}
