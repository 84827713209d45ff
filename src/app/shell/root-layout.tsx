import { Outlet, useRouterState } from '@tanstack/react-router';
import { isChromeless } from '@/lib/access';
import { useSession } from '@/lib/session';
import { AppShell } from './app-shell';
import { useSyncRuntime } from './use-sync-runtime';
import { usePositionReporter } from './use-position-reporter';

/** No chrome on sign-in, reset, sign-out and the username check (§2.2), nor when signed out. */
export function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const session = useSession();
  // the sync runs while signed in, also on chromeless pages (sign-out offers 'Segerakkan dahulu')
  useSyncRuntime(session?.user ?? null);
  // a patrol tablet on shift reports its position (issue #7)
  usePositionReporter(session?.user ?? null);
  if (!session || isChromeless(pathname)) return <Outlet />;
  return (
    <AppShell user={session.user}>
      <Outlet />
    </AppShell>
  );
}
