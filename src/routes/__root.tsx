import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { guardRedirect, guardUserOf } from '@/lib/access';
import { getSession } from '@/lib/session';
import { t } from '@/lib/i18n';
import { notify } from '@/ui/toaster';
import type { RouterContext } from '@/app/router-context';
import { RootLayout } from '@/app/shell/root-layout';
import { NotFound } from '@/app/not-found';

export const Route = createRootRouteWithContext<RouterContext>()({
  // §2.2 redirects for every navigation: signed out → /signin, role id 1 → /primesupport, no permission → landing.
  beforeLoad: ({ location }) => {
    const target = guardRedirect(location.pathname, guardUserOf(getSession()?.user));
    if (target?.denied) notify.warning(t('app.noAccess'));
    if (target) throw redirect({ to: target.to, search: target.search, replace: true });
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});
